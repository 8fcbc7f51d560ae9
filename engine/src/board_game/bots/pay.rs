//! Choosing how to pay: colour cards first, locomotives only to fill up, and
//! for gray routes and stations the colour the rest of the plan needs least.

use crate::board_game::board::Route;
use crate::board_game::cards::CARD_KINDS;
use crate::board_game::{Card, Cards, Observation, Payment};
use crate::game::Observation as _;

/// What the observing player's hand holds toward any route, read once per
/// decision: the cards of each colour, the most of any one colour (for gray
/// routes) and the locomotives, with the player's trains left.
pub(super) struct HandReach<'a> {
    hand: &'a Cards,
    most: u16,
    locomotives: u16,
    /// The player's trains left.
    pub(super) trains: u16,
}

impl<'a> HandReach<'a> {
    /// The observing player's hand.
    pub(super) fn of(obs: &Observation<'a>) -> Self {
        let hand = obs.hand();
        let colors = obs.board().colors().len();
        HandReach {
            hand,
            most: (0..colors).map(|c| hand.0[c]).max().unwrap_or(0),
            locomotives: hand.locomotives(),
            trains: obs.player(obs.seat()).trains,
        }
    }

    /// Cards of `color` in hand (`None`: of the best colour).
    fn of_color(&self, color: Option<Card>) -> u16 {
        color.map_or(self.most, |c| self.hand[c])
    }

    /// Cards still missing to claim `r` with the hand (its colour, or for a
    /// gray route the best colour, plus locomotives).
    pub(super) fn missing(&self, r: &Route) -> u16 {
        u16::from(r.length).saturating_sub(self.of_color(Card::paying(r.color)) + self.locomotives)
    }

    /// Could the hand pay `total` cards of `color` (`None`: any one colour)
    /// with at least `min_locos` locomotives, locomotives-only payments
    /// included?
    pub(super) fn affords(&self, color: Option<Card>, total: u8, min_locos: u8) -> bool {
        let (locos, total) = (self.locomotives, u16::from(total));
        if locos < u16::from(min_locos) {
            return false;
        }
        let best = self.of_color(color);
        locos >= total || (best > 0 && best + locos >= total)
    }
}

/// Cards of each kind the rest of a plan wants (by [`Card::index`]).
pub type Wanted = [u16; CARD_KINDS];

/// The best way to pay `total` cards for something of `color` (`None`: any one
/// colour) with at least `min_locos` locomotives, or `None` when the hand
/// cannot. Spends as few locomotives as possible and, for any-colour costs,
/// the colour whose cards `wanted` needs least, then the smallest leftover.
/// Pays with locomotives only when `all_locomotives` allows it and nothing
/// else can.
pub fn choose(
    hand: &Cards,
    colors: usize,
    color: Option<Card>,
    total: u8,
    min_locos: u8,
    wanted: &Wanted,
    all_locomotives: bool,
) -> Option<Payment> {
    if total == 0 {
        return None;
    }
    let locos = hand.locomotives();
    let one = |c: Card| -> Option<(Payment, u32)> {
        let have = hand[c];
        let colour_use = have.min(u16::from(total.saturating_sub(min_locos)));
        if colour_use == 0 {
            return None;
        }
        let need_locos = u16::from(total) - colour_use;
        if need_locos > locos {
            return None;
        }
        let leftover = have - colour_use;
        let conflict = wanted[c.index()].saturating_sub(leftover);
        let score = u32::from(need_locos) * 1000 + u32::from(conflict) * 10 + u32::from(leftover);
        Some((
            Payment {
                color: c,
                locomotives: need_locos as u8,
            },
            score,
        ))
    };
    let best = match color {
        Some(c) => one(c),
        None => (0..colors)
            .filter_map(|i| one(Card(i as u8)))
            .min_by_key(|&(_, s)| s),
    };
    match best {
        Some((p, _)) => Some(p),
        None if all_locomotives && locos >= u16::from(total) => {
            Some(Payment::all_locomotives(total))
        }
        None => None,
    }
}

/// Locomotives to pay a tunnel's `extra` cards with, colour cards first, or
/// `None` when the hand cannot pay.
pub fn tunnel_locomotives(hand: &Cards, payment: Payment, extra: u8) -> Option<u8> {
    let locos = hand.locomotives();
    if payment.locomotives_only() {
        return (locos >= u16::from(extra)).then_some(extra);
    }
    let need = u16::from(extra).saturating_sub(hand[payment.color]);
    (need <= locos).then_some(need as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(cards: &[(u8, u16)]) -> Cards {
        let mut h = Cards::EMPTY;
        for &(c, n) in cards {
            h.add_n(Card(c), n);
        }
        h
    }

    #[test]
    fn colour_cards_go_first_and_locomotives_fill_up() {
        let h = hand(&[(0, 2), (12, 3)]);
        let p = choose(&h, 8, Some(Card(0)), 4, 0, &[0; CARD_KINDS], false).unwrap();
        assert_eq!(
            p,
            Payment {
                color: Card(0),
                locomotives: 2
            }
        );
    }

    #[test]
    fn gray_routes_spend_the_colour_the_plan_needs_least() {
        let h = hand(&[(0, 3), (1, 3)]);
        let mut wanted = [0; CARD_KINDS];
        wanted[0] = 3;
        let p = choose(&h, 8, None, 3, 0, &wanted, false).unwrap();
        assert_eq!(p.color, Card(1));
    }

    #[test]
    fn ferries_take_their_locomotives_and_all_locomotives_only_when_allowed() {
        let h = hand(&[(2, 4), (12, 2)]);
        let p = choose(&h, 8, None, 4, 2, &[0; CARD_KINDS], false).unwrap();
        assert_eq!(
            p,
            Payment {
                color: Card(2),
                locomotives: 2
            }
        );
        let locos = hand(&[(12, 3)]);
        assert_eq!(
            choose(&locos, 8, Some(Card(1)), 3, 0, &[0; CARD_KINDS], false),
            None
        );
        assert_eq!(
            choose(&locos, 8, Some(Card(1)), 3, 0, &[0; CARD_KINDS], true),
            Some(Payment::all_locomotives(3))
        );
    }

    #[test]
    fn tunnels_are_paid_in_colour_first() {
        let h = hand(&[(0, 1), (12, 2)]);
        let p = Payment {
            color: Card(0),
            locomotives: 0,
        };
        assert_eq!(tunnel_locomotives(&h, p, 2), Some(1));
        assert_eq!(tunnel_locomotives(&h, p, 4), None);
        assert_eq!(
            tunnel_locomotives(&h, Payment::all_locomotives(2), 2),
            Some(2)
        );
    }
}
