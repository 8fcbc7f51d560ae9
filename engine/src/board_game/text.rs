//! Actions in words, the same for the CLI, replays, scenarios and logs:
//!
//! | action | text |
//! | --- | --- |
//! | keep tickets | `keep Denver - El Paso | Boston - Miami` (`keep` alone keeps none) |
//! | face-up card | `draw face-up 3 (red)` (slot 1–5; `draw face-up red` also reads) |
//! | blind card | `draw blind` |
//! | terrain card | `draw terrain face-up 1 (desert)`, `draw terrain blind` |
//! | tickets | `draw tickets` |
//! | claim | `claim Madrid - Pamplona (black) with 2 black + 1 locomotive` |
//! | tunnel | `pay 1 red`, `pay 1 red + 1 locomotive`, `pay 2 locomotives`, `withdraw` |
//! | station | `station Berlin with 2 red` |
//! | doubling | `double`, `double with 1 locomotive`, `no double` |

use super::action::{Action, Keep, Payment};
use super::cards::Card;
use super::state::{Phase, State};
use crate::game::ActionParseError;
use crate::words::count;

impl State {
    /// The action in words.
    pub fn describe(&self, a: Action) -> String {
        let board = self.board();
        match a {
            Action::KeepTickets(k) => {
                let names: Vec<&str> = self
                    .offer
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| k.keeps(*i))
                    .map(|(_, &t)| board.ticket(t).name.as_str())
                    .collect();
                format!("keep {}", names.join(" | "))
            }
            Action::DrawFaceUp(slot) => {
                match self.display().get(usize::from(slot)).copied().flatten() {
                    Some(c) => format!(
                        "draw face-up {} ({})",
                        u16::from(slot) + 1,
                        self.card_name(c)
                    ),
                    None => format!("draw face-up {}", u16::from(slot) + 1),
                }
            }
            Action::DrawBlind => "draw blind".into(),
            Action::DrawTerrainFaceUp(slot) => {
                match self
                    .terrain_display()
                    .get(usize::from(slot))
                    .copied()
                    .flatten()
                {
                    Some(t) => format!(
                        "draw terrain face-up {} ({})",
                        u16::from(slot) + 1,
                        board.terrain_types()[usize::from(t)].name
                    ),
                    None => format!("draw terrain face-up {}", u16::from(slot) + 1),
                }
            }
            Action::DrawTerrainBlind => "draw terrain blind".into(),
            Action::DrawTickets => "draw tickets".into(),
            Action::Claim { route, payment } => match board.routes().get(route.index()) {
                Some(r) => format!(
                    "claim {} with {}",
                    r.name,
                    self.payment_text(payment, r.length)
                ),
                None => format!("claim route #{route}"),
            },
            Action::PayTunnel { locomotives } => match self.phase {
                // All extra cards in locomotives: no "0 red" in the words.
                Phase::Tunnel(t) if locomotives >= t.extra => {
                    format!("pay {}", count(locomotives, "locomotive"))
                }
                Phase::Tunnel(t) => format!(
                    "pay {}",
                    self.payment_text(
                        Payment {
                            color: t.payment.color,
                            locomotives
                        },
                        t.extra
                    )
                ),
                _ => format!("pay tunnel with {}", count(locomotives, "locomotive")),
            },
            Action::Withdraw => "withdraw".into(),
            Action::BuildStation { city, payment } => {
                let cost = self
                    .next_station_cost(self.current)
                    .unwrap_or(payment.locomotives);
                match board.cities().get(city.index()) {
                    Some(c) => format!(
                        "station {} with {}",
                        c.name,
                        self.payment_text(payment, cost)
                    ),
                    None => format!("station in city #{city}"),
                }
            }
            Action::Double { locomotives: 0 } => "double".into(),
            Action::Double { locomotives } => {
                format!("double with {}", count(locomotives, "locomotive"))
            }
            Action::NoDouble => "no double".into(),
        }
    }

    /// Reads an action written as [`State::describe`] writes it.
    pub fn parse(&self, text: &str) -> Result<Action, ActionParseError> {
        let err = |reason: String| ActionParseError {
            text: text.to_owned(),
            reason,
        };
        let t = text.trim();
        let board = self.board();
        if t == "keep" {
            // Keeping nothing: what `describe` writes for an empty choice.
            return Ok(Action::KeepTickets(Keep(0)));
        }
        if let Some(rest) = t.strip_prefix("keep ") {
            let mut mask = 0u16;
            for name in rest.split('|').map(str::trim).filter(|s| !s.is_empty()) {
                let pos = self.offer.iter().enumerate().position(|(i, &id)| {
                    mask & (1 << i) == 0
                        && (board.ticket(id).name == name || board.ticket_by_name(name) == Some(id))
                });
                match pos {
                    Some(i) => mask |= 1 << i,
                    None => {
                        let offered: Vec<&str> = self
                            .offer
                            .iter()
                            .map(|&id| board.ticket(id).name.as_str())
                            .collect();
                        return Err(err(format!(
                            "`{name}` is not among the tickets offered ({})",
                            offered.join(" | ")
                        )));
                    }
                }
            }
            return Ok(Action::KeepTickets(Keep(mask)));
        }
        match t {
            "draw blind" => return Ok(Action::DrawBlind),
            "draw terrain blind" => return Ok(Action::DrawTerrainBlind),
            "draw tickets" => return Ok(Action::DrawTickets),
            "withdraw" => return Ok(Action::Withdraw),
            "double" => return Ok(Action::Double { locomotives: 0 }),
            "no double" => return Ok(Action::NoDouble),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("draw terrain face-up ") {
            let slot = strip_paren(rest);
            if let Ok(n) = slot.parse::<u8>() {
                return n
                    .checked_sub(1)
                    .map(Action::DrawTerrainFaceUp)
                    .ok_or_else(|| err("slots count from 1".into()));
            }
            let pos = self.terrain_display().iter().position(|c| {
                c.is_some_and(|c| board.terrain_types()[usize::from(c)].name == slot)
            });
            return pos
                .map(|i| Action::DrawTerrainFaceUp(i as u8))
                .ok_or_else(|| err(format!("no face-up terrain card is `{slot}`")));
        }
        if let Some(rest) = t.strip_prefix("draw face-up ") {
            let slot = strip_paren(rest);
            if let Ok(n) = slot.parse::<u8>() {
                return n
                    .checked_sub(1)
                    .map(Action::DrawFaceUp)
                    .ok_or_else(|| err("slots count from 1".into()));
            }
            let pos = self
                .display()
                .iter()
                .position(|c| c.is_some_and(|c| self.card_name(c) == slot));
            return pos
                .map(|i| Action::DrawFaceUp(i as u8))
                .ok_or_else(|| err(format!("no face-up card is `{slot}`")));
        }
        if let Some(rest) = t.strip_prefix("claim ") {
            let (name, pay) = rest
                .rsplit_once(" with ")
                .ok_or_else(|| err("write `claim <route> with <cards>`".into()))?;
            let route = board
                .route_by_name(name.trim())
                .ok_or_else(|| err(format!("there is no route `{}`", name.trim())))?;
            let (payment, total) = self.parse_payment(pay).map_err(err)?;
            let length = board.route(route).length;
            if total != length {
                return Err(err(format!(
                    "route {} has length {length}; the payment names {}",
                    board.route(route).name,
                    count(total, "card")
                )));
            }
            return Ok(Action::Claim { route, payment });
        }
        if let Some(rest) = t.strip_prefix("station ") {
            let (name, pay) = rest
                .rsplit_once(" with ")
                .ok_or_else(|| err("write `station <city> with <cards>`".into()))?;
            let city = board
                .city_by_name(name.trim())
                .ok_or_else(|| err(format!("there is no city `{}`", name.trim())))?;
            let (payment, total) = self.parse_payment(pay).map_err(err)?;
            if let Some(cost) = self.next_station_cost(self.current)
                && cost != total
            {
                return Err(err(format!(
                    "this station costs {}; the payment names {total}",
                    count(cost, "card")
                )));
            }
            return Ok(Action::BuildStation { city, payment });
        }
        if let Some(rest) = t.strip_prefix("pay ") {
            let (payment, total) = self.parse_payment(rest).map_err(err)?;
            if let Phase::Tunnel(t) = self.phase {
                if t.extra != total {
                    return Err(err(format!(
                        "the tunnel asks for {}; the payment names {total}",
                        count(t.extra, "extra card")
                    )));
                }
                if !payment.locomotives_only() && payment.color != t.payment.color {
                    let want = if t.payment.locomotives_only() {
                        "locomotives".to_owned()
                    } else {
                        format!("{} cards or locomotives", self.card_name(t.payment.color))
                    };
                    return Err(err(format!("the tunnel's extra cards must be {want}")));
                }
            }
            return Ok(Action::PayTunnel {
                locomotives: payment.locomotives,
            });
        }
        if let Some(rest) = t.strip_prefix("double with ") {
            let (payment, _) = self.parse_payment(rest).map_err(err)?;
            if !payment.locomotives_only() {
                return Err(err(
                    "doubling plays only locomotives as wild terrain cards".into()
                ));
            }
            return Ok(Action::Double {
                locomotives: payment.locomotives,
            });
        }
        Err(err(
            "expected one of: keep …, draw face-up N, draw blind, draw terrain face-up N, draw terrain blind, draw tickets, claim … with …, pay …, withdraw, station … with …, double [with N locomotives], no double".into(),
        ))
    }

    /// `2 red`, `2 red + 1 locomotive`, `3 locomotives`: the payment and the
    /// number of cards it names.
    fn parse_payment(&self, text: &str) -> Result<(Payment, u8), String> {
        let mut color = None;
        let mut color_n = 0u8;
        let mut locos = 0u8;
        for part in text.split('+').map(str::trim) {
            let (n, what) = part
                .split_once(' ')
                .ok_or_else(|| format!("`{part}` is not `<number> <colour>`"))?;
            let n: u8 = n.parse().map_err(|_| format!("`{n}` is not a number"))?;
            let what = what.trim();
            if what == "locomotive" || what == "locomotives" {
                locos = locos.saturating_add(n);
            } else {
                let c = self
                    .board()
                    .color_by_name(what)
                    .ok_or_else(|| format!("`{what}` is not a card colour"))?;
                if color.is_some() {
                    return Err("a payment uses one colour (and locomotives)".into());
                }
                color = Some(Card::color(c));
                color_n = n;
            }
        }
        let total = color_n.saturating_add(locos);
        Ok(match color {
            Some(c) if color_n > 0 => (
                Payment {
                    color: c,
                    locomotives: locos,
                },
                total,
            ),
            _ => (Payment::all_locomotives(locos), total),
        })
    }
}

fn strip_paren(s: &str) -> &str {
    s.split(" (").next().unwrap_or(s).trim()
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use crate::board_game::board::Board;
    use crate::board_game::{BoardGame, Event, Phase};
    use crate::game::{GameState, Seat};
    use crate::rng::GameRng;

    /// Every tunnel payment reads without "0 red" or "1 locomotives" and
    /// parses back to itself; the events of paying read the same way.
    #[test]
    fn tunnel_payments_read_well_and_parse_back() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/europe.yaml");
        let loaded = formats::load(&path).expect("the Europe map loads");
        let board = Board::build(&loaded.design).expect("the Europe map builds");
        let game = BoardGame::new(Arc::new(board), 2).expect("2 players");
        let mut tunnels = 0;
        let mut legal = Vec::new();
        for seed in 0..30 {
            let mut state = game.new_game(seed);
            let mut rng = GameRng::seeded(seed);
            while !state.is_terminal() && state.turn() < 400 {
                legal.clear();
                state.legal_actions(&mut legal);
                if matches!(state.phase(), Phase::Tunnel(_)) {
                    tunnels += 1;
                    for &a in &legal {
                        let text = state.describe(a);
                        assert!(!text.contains(" 0 "), "{text}");
                        assert!(!text.contains(" 1 locomotives"), "{text}");
                        assert_eq!(state.parse(&text), Ok(a), "{text}");
                    }
                }
                let a = legal[rng.index(legal.len())];
                let events = state.apply(a).expect("a legal action");
                for e in &events {
                    for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
                        let text = state.event_text(e, viewer);
                        assert!(!text.contains(" 1 locomotives"), "{text}");
                        assert!(!text.contains(" 1 tickets"), "{text}");
                        if let Event::TunnelPaid { extra: 1, .. } = e {
                            assert!(text.contains("the 1 extra card ("), "{text}");
                        }
                    }
                }
            }
        }
        assert!(tunnels > 0, "random games met tunnels");
    }
}
