//! Applying an action: check it against the rules (saying why it is refused,
//! in a designer's words), then carry it out.

use super::action::{Action, Keep, Payment};
use super::cards::Card;
use super::events::{Event, EventSink, Events, Revealed, Tickets};
use super::state::{PendingTunnel, Phase, State};
use crate::board_game::board::{CityId, RouteId};
use crate::game::{IllegalAction, RefusalKind, Seat};
use crate::words;

/// What a payment must cover: `total` cards of `color` (`None`: any one
/// colour, locomotives being wild), at least `min_locos` of them locomotives
/// (a ferry's).
#[derive(Clone, Copy, Debug)]
struct Price {
    color: Option<Card>,
    total: u8,
    min_locos: u8,
}

fn illegal<T>(kind: RefusalKind, reason: impl Into<String>) -> Result<T, IllegalAction> {
    Err(IllegalAction::new(kind, reason))
}

/// "3 red cards or locomotives" (`kind`: the words before "card").
fn cards_or_locomotives(n: u8, kind: &str) -> String {
    format!(
        "{} or {}",
        words::count(n, &format!("{kind} card")),
        words::noun(n, "locomotive")
    )
}

impl State {
    /// A card's name: a colour, or `locomotive`.
    pub fn card_name(&self, c: Card) -> &str {
        match c.color_id() {
            Some(id) => self
                .board()
                .colors()
                .get(id.index())
                .map_or("unknown", |c| c.name.as_str()),
            None => "locomotive",
        }
    }

    /// A payment in words: `2 red + 1 locomotive`.
    pub fn payment_text(&self, p: Payment, total: u8) -> String {
        let color = u16::from(p.color_cards(total));
        if p.locomotives_only() {
            return words::count(u16::from(p.locomotives), "locomotive");
        }
        let mut s = format!("{color} {}", self.card_name(p.color));
        if p.locomotives > 0 {
            s.push_str(&format!(
                " + {}",
                words::count(u16::from(p.locomotives), "locomotive")
            ));
        }
        s
    }

    /// Checks and applies an action.
    pub(crate) fn apply_action(&mut self, action: Action) -> Result<Events, IllegalAction> {
        let mut events = Events::new();
        self.apply_reporting(action, &mut events)?;
        Ok(events)
    }

    /// Checks and applies an action, reporting what happened to `events`.
    pub(crate) fn apply_reporting(
        &mut self,
        action: Action,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        match (self.phase, action) {
            (Phase::Over, _) => return illegal(RefusalKind::GameOver, "the game is over"),
            (Phase::SetupTickets | Phase::KeepTickets, Action::KeepTickets(keep)) => {
                self.keep_tickets(keep, events)?
            }
            (Phase::SetupTickets | Phase::KeepTickets, _) => {
                return illegal(
                    RefusalKind::NotNow,
                    format!("{} must first choose which tickets to keep", self.current),
                );
            }
            (Phase::Turn | Phase::SecondDraw, Action::DrawFaceUp(slot)) => {
                self.draw_face_up(slot, events)?
            }
            (Phase::Turn | Phase::SecondDraw, Action::DrawBlind) => self.draw_blind(events)?,
            (Phase::Turn | Phase::SecondDraw, Action::DrawTerrainFaceUp(slot)) => {
                self.draw_terrain(Some(slot), events)?
            }
            (Phase::Turn | Phase::SecondDraw, Action::DrawTerrainBlind) => {
                self.draw_terrain(None, events)?
            }
            (Phase::SecondDraw, _) => {
                return illegal(
                    RefusalKind::NotNow,
                    "you drew one card this turn: draw a second card (a train card or a terrain card)",
                );
            }
            (Phase::Turn, Action::DrawTickets) => self.draw_tickets(events)?,
            (Phase::Turn, Action::Claim { route, payment }) => {
                self.claim(route, payment, events)?
            }
            (Phase::Turn, Action::BuildStation { city, payment }) => {
                self.build_station(city, payment, events)?
            }
            (Phase::Tunnel(t), Action::PayTunnel { locomotives }) => {
                self.pay_tunnel(t, locomotives, events)?
            }
            (Phase::Tunnel(t), Action::Withdraw) => self.withdraw(t, events),
            (Phase::Tunnel(_), _) => {
                return illegal(
                    RefusalKind::NotNow,
                    "the tunnel's extra cards are pending: pay them or withdraw",
                );
            }
            (Phase::Double(route), Action::Double { locomotives }) => {
                self.double(route, locomotives, events)?
            }
            (Phase::Double(_), Action::NoDouble) => self.end_turn(events, true),
            (Phase::Double(_), _) => {
                return illegal(
                    RefusalKind::NotNow,
                    "decide first whether to double the route just claimed",
                );
            }
            (Phase::Turn, _) => {
                return illegal(
                    RefusalKind::NotNow,
                    "that is not a way to start a turn: draw cards, claim a route, build a station or draw tickets",
                );
            }
        }
        Ok(())
    }

    fn keep_tickets(
        &mut self,
        keep: Keep,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let setup = matches!(self.phase, Phase::SetupTickets);
        let rules = self.board().rules().tickets;
        let n = self.offer.len();
        if u32::from(keep.0) >> n != 0 {
            return illegal(
                RefusalKind::NotOffered,
                format!(
                    "only {} {} offered",
                    crate::words::count(n, "ticket"),
                    crate::words::verb(n, "was", "were")
                ),
            );
        }
        let min = self.fewest_to_keep().unwrap_or(0);
        if keep.count() < min {
            return illegal(
                RefusalKind::AgainstTheRules,
                format!(
                    "keep at least {min} of the {} offered",
                    crate::words::count(n, "ticket")
                ),
            );
        }
        let seat = self.current;
        let offer = std::mem::take(&mut self.offer);
        let mut kept = Tickets::new();
        let mut returned = Tickets::new();
        for (i, t) in offer.into_iter().enumerate() {
            if keep.keeps(i) {
                &mut kept
            } else {
                &mut returned
            }
            .push(t);
        }
        self.players[seat.index()].tickets.extend_from_slice(&kept);
        // `tickets.returned` governs the setup choice only: tickets given back
        // after a draw in play go to the bottom of the deck in every rulebook
        // (Europe removes only the setup returns from the game).
        let returned_to = if setup {
            rules.returned
        } else {
            formats::board_game::rules::Returned::Bottom
        };
        match returned_to {
            formats::board_game::rules::Returned::Bottom => {
                let long_drawn = rules.draw.long > 0;
                for &t in &returned {
                    if self.board().ticket(t).long {
                        // Long tickets no draw offers leave the game, as the
                        // undealt ones do.
                        if long_drawn {
                            self.long_tickets.push_back(t);
                        } else {
                            self.tickets_out.push(t);
                        }
                    } else {
                        self.tickets.push_back(t);
                    }
                }
            }
            formats::board_game::rules::Returned::Out => {
                self.tickets_out.extend_from_slice(&returned)
            }
        }
        events.push(Event::TicketsKept {
            seat,
            kept,
            returned,
        });
        if setup {
            match self.setup_offers.pop() {
                Some(next) => {
                    self.offer = next;
                    self.current = Seat(self.current.0 + 1);
                }
                None => {
                    self.current = Seat(0);
                    self.phase = Phase::Turn;
                }
            }
        } else {
            self.end_turn(events, true);
        }
        Ok(())
    }

    /// After a first draw: go on to the second, unless nothing can be drawn.
    fn after_first_draw(&mut self, events: &mut impl EventSink) {
        let loco_double = self.board().rules().display.locomotive_counts_double;
        let second_possible = self.can_draw_blind()
            || self
                .display()
                .iter()
                .any(|c| matches!(c, Some(c) if !(loco_double && c.is_locomotive())))
            || self.can_draw_terrain_blind()
            || self.terrain_display().iter().any(Option::is_some);
        if second_possible {
            self.phase = Phase::SecondDraw;
        } else {
            self.end_turn(events, true);
        }
    }

    fn draw_face_up(&mut self, slot: u8, events: &mut impl EventSink) -> Result<(), IllegalAction> {
        let second = matches!(self.phase, Phase::SecondDraw);
        let Some(&Some(card)) = self.display().get(usize::from(slot)) else {
            return illegal(
                RefusalKind::NotOffered,
                format!("display slot {} holds no card", u16::from(slot) + 1),
            );
        };
        let counts_double = self.board().rules().display.locomotive_counts_double;
        if second && counts_double && card.is_locomotive() {
            return illegal(
                RefusalKind::AgainstTheRules,
                "a face-up locomotive counts as both draws: it cannot be the second card",
            );
        }
        let seat = self.current;
        self.display[usize::from(slot)] = None;
        self.players[seat.index()].hand.add(card);
        events.push(Event::CardDrawn {
            seat,
            card,
            slot: Some(slot),
        });
        self.refill_display(events);
        if second || (counts_double && card.is_locomotive()) {
            self.end_turn(events, true);
        } else {
            self.after_first_draw(events);
        }
        Ok(())
    }

    fn draw_blind(&mut self, events: &mut impl EventSink) -> Result<(), IllegalAction> {
        let second = matches!(self.phase, Phase::SecondDraw);
        let Some(card) = self.pop_deck(events) else {
            return illegal(
                RefusalKind::NotOffered,
                "the train deck and the discards are empty",
            );
        };
        let seat = self.current;
        self.players[seat.index()].hand.add(card);
        events.push(Event::CardDrawn {
            seat,
            card,
            slot: None,
        });
        if second {
            self.end_turn(events, true);
        } else {
            self.after_first_draw(events);
        }
        Ok(())
    }

    fn draw_terrain(
        &mut self,
        slot: Option<u8>,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let second = matches!(self.phase, Phase::SecondDraw);
        let terrain = match slot {
            Some(s) => {
                let Some(&Some(t)) = self.terrain_display().get(usize::from(s)) else {
                    return illegal(
                        RefusalKind::NotOffered,
                        format!("terrain slot {} holds no card", u16::from(s) + 1),
                    );
                };
                self.terrain_display[usize::from(s)] = None;
                self.refill_terrain_display();
                t
            }
            None => match self.pop_terrain() {
                Some(t) => t,
                None => {
                    return illegal(
                        RefusalKind::NotOffered,
                        "the terrain deck and its discards are empty",
                    );
                }
            },
        };
        let seat = self.current;
        self.players[seat.index()].terrain.0[usize::from(terrain)] += 1;
        events.push(Event::TerrainDrawn {
            seat,
            terrain,
            slot,
        });
        if second {
            self.end_turn(events, true);
        } else {
            self.after_first_draw(events);
        }
        Ok(())
    }

    fn draw_tickets(&mut self, events: &mut impl EventSink) -> Result<(), IllegalAction> {
        if !self.can_draw_tickets() {
            return illegal(RefusalKind::NotOffered, "no tickets are left to draw");
        }
        let draw = self.board().rules().tickets.draw;
        self.offer = self.take_tickets(draw.long, draw.regular);
        self.phase = Phase::KeepTickets;
        events.push(Event::TicketsOffered {
            seat: self.current,
            offered: Tickets::from_slice(&self.offer),
        });
        Ok(())
    }

    /// Checks that `payment` pays `price` from the current player's hand.
    /// `what` names the thing in messages. Inlined: every claim is checked,
    /// and only a refusal needs the words of [`Self::refuse_payment`].
    #[inline]
    fn check_payment(
        &self,
        what: &dyn Fn() -> String,
        price: Price,
        payment: Payment,
    ) -> Result<(), IllegalAction> {
        let hand = &self.players[self.current.index()].hand;
        let colour_cards = u16::from(payment.color_cards(price.total));
        let shape_ok = self.payment_shape_ok(price.color, price.total, payment);
        let enough = shape_ok
            && (payment.locomotives_only() || hand[payment.color] >= colour_cards)
            && hand.locomotives() >= u16::from(payment.locomotives);
        if enough && payment.locomotives >= price.min_locos {
            return Ok(());
        }
        self.refuse_payment(what, price.color, price.total, price.min_locos, payment)
    }

    /// Whether `payment` has the shape a [`Price`] of `color` and `total`
    /// asks for: at most `total` locomotives, and the rest in `color` (or in
    /// some deck colour when `color` is `None`).
    #[inline]
    fn payment_shape_ok(&self, color: Option<Card>, total: u8, payment: Payment) -> bool {
        payment.locomotives <= total
            && if payment.locomotives_only() {
                payment.locomotives == total
            } else {
                usize::from(payment.color.0) < self.board().colors().len()
                    && color.is_none_or(|c| c == payment.color)
                    && payment.locomotives < total
            }
    }

    /// Why [`Self::check_payment`] refused `payment`. Kept out of line, as
    /// legal play never comes here. It takes the [`Price`]'s fields one by
    /// one: passed whole, the price was packed before the check on every
    /// claim (about 1 M instructions more in 5,000 random USA games).
    #[cold]
    #[inline(never)]
    fn refuse_payment(
        &self,
        what: &dyn Fn() -> String,
        color: Option<Card>,
        total: u8,
        min_locos: u8,
        payment: Payment,
    ) -> Result<(), IllegalAction> {
        let what = what();
        let wanted = match color {
            Some(c) => cards_or_locomotives(total, self.card_name(c)),
            None => format!(
                "{} of one colour (locomotives are wild)",
                words::count(total, "card")
            ),
        };
        if !self.payment_shape_ok(color, total, payment) {
            if !payment.locomotives_only()
                && usize::from(payment.color.0) >= self.board().colors().len()
            {
                return illegal(
                    RefusalKind::NoSuchThing,
                    format!("{what}: there is no such card colour"),
                );
            }
            let offered = if payment.locomotives >= total {
                words::count(u16::from(payment.locomotives), "locomotive")
            } else {
                self.payment_text(payment, total)
            };
            return illegal(
                RefusalKind::AgainstTheRules,
                format!("{what} needs {wanted}; you offered {offered}"),
            );
        }
        let offered = self.payment_text(payment, total);
        if payment.locomotives < min_locos {
            return illegal(
                RefusalKind::AgainstTheRules,
                format!(
                    "{what} is a ferry: it needs at least {} among its {total} cards; you offered {offered}",
                    words::count(u16::from(min_locos), "locomotive")
                ),
            );
        }
        let hand = &self.players[self.current.index()].hand;
        if !payment.locomotives_only()
            && hand[payment.color] < u16::from(payment.color_cards(total))
        {
            return illegal(
                RefusalKind::CannotAfford,
                format!(
                    "{what} needs {wanted}; you offered {offered} but hold only {} {}",
                    hand[payment.color],
                    self.card_name(payment.color)
                ),
            );
        }
        illegal(
            RefusalKind::CannotAfford,
            format!(
                "{what} needs {wanted}; you offered {offered} but hold only {}",
                words::count(hand.locomotives(), "locomotive")
            ),
        )
    }

    fn pay_from_hand(&mut self, payment: Payment, total: u8) {
        let p = &mut self.players[self.current.index()];
        if !payment.locomotives_only() {
            p.hand
                .remove_n(payment.color, u16::from(payment.color_cards(total)));
        }
        p.hand
            .remove_n(Card::LOCOMOTIVE, u16::from(payment.locomotives));
    }

    fn discard_payment(&mut self, payment: Payment, total: u8) {
        if !payment.locomotives_only() {
            self.discards
                .add_n(payment.color, u16::from(payment.color_cards(total)));
        }
        self.discards
            .add_n(Card::LOCOMOTIVE, u16::from(payment.locomotives));
    }

    fn claim(
        &mut self,
        route: RouteId,
        payment: Payment,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let Some(r) = self.board().routes().get(route.index()) else {
            return illegal(
                RefusalKind::NoSuchThing,
                format!("there is no route number {route}"),
            );
        };
        let seat = self.current;
        let name = || format!("Route {}", r.name);
        if let Some(o) = self.owner[route.index()] {
            return illegal(
                RefusalKind::NotOffered,
                format!("{} is already claimed by {o}", name()),
            );
        }
        if !self.route_open_for(seat, route) {
            let both = self.game.both_tracks_open;
            return illegal(
                RefusalKind::AgainstTheRules,
                if both {
                    format!(
                        "{}: you already own the other track of this double route",
                        name()
                    )
                } else {
                    format!(
                        "{}: with {} players only one track of a double route may be claimed, and the other is taken",
                        name(),
                        self.players.len()
                    )
                },
            );
        }
        let (length, color, ferry, tunnel, points) =
            (r.length, r.color, r.ferry, r.tunnel, r.points);
        let trains = self.players[seat.index()].trains;
        if trains < u16::from(length) {
            return illegal(
                RefusalKind::CannotAfford,
                format!(
                    "{} takes {}; you have {trains} left",
                    name(),
                    words::count(length, "train")
                ),
            );
        }
        let color = Card::paying(color);
        self.check_payment(
            &name,
            Price {
                color,
                total: length,
                min_locos: ferry,
            },
            payment,
        )?;
        self.pay_from_hand(payment, length);
        if tunnel {
            let reveal = self.board().rules().tunnels.reveal;
            let mut revealed = [None; 8];
            let mut extra = 0u8;
            let mut cards = Revealed::new();
            for slot in revealed.iter_mut().take(usize::from(reveal)) {
                let Some(c) = self.pop_deck(events) else {
                    break;
                };
                *slot = Some(c);
                cards.push(c);
                if c.is_locomotive() || (!payment.locomotives_only() && c == payment.color) {
                    extra += 1;
                }
            }
            events.push(Event::TunnelRevealed { cards, extra });
            let pending = PendingTunnel {
                route,
                payment,
                revealed,
                extra,
            };
            if extra > 0 {
                self.phase = Phase::Tunnel(pending);
                return Ok(());
            }
            self.discard_revealed(&pending);
        }
        self.discard_payment(payment, length);
        self.complete_claim(route, payment, points, events);
        Ok(())
    }

    fn discard_revealed(&mut self, t: &PendingTunnel) {
        for c in t.revealed.iter().flatten() {
            self.discards.add(*c);
        }
    }

    /// The route is paid for: place the trains, score, then offer doubling.
    fn complete_claim(
        &mut self,
        route: RouteId,
        payment: Payment,
        points: i32,
        events: &mut impl EventSink,
    ) {
        let seat = self.current;
        let length = self.board().route(route).length;
        self.owner[route.index()] = Some(seat);
        self.mark_claimed(seat, route);
        let p = &mut self.players[seat.index()];
        p.trains -= u16::from(length);
        p.route_points += points;
        p.routes.push(route);
        events.push(Event::RouteClaimed {
            seat,
            route,
            payment,
            points,
        });
        // Without terrain cards no route has a terrain to double it with.
        if self.game.has_terrain && self.doubling_range(seat, route).is_some() {
            self.phase = Phase::Double(route);
        } else {
            self.end_turn(events, true);
        }
    }

    fn pay_tunnel(
        &mut self,
        t: PendingTunnel,
        locomotives: u8,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let hand = self.players[self.current.index()].hand;
        let name = &self.game.board.route(t.route).name;
        if locomotives > t.extra {
            return illegal(
                RefusalKind::AgainstTheRules,
                format!(
                    "tunnel {name} asks for {}; you offered {}",
                    words::count(t.extra, "more card"),
                    words::count(locomotives, "locomotive")
                ),
            );
        }
        if t.payment.locomotives_only() && locomotives != t.extra {
            return illegal(
                RefusalKind::AgainstTheRules,
                format!(
                    "tunnel {name} was paid in locomotives only, so its {} extra cards must be locomotives too",
                    t.extra
                ),
            );
        }
        let colour = u16::from(t.extra - locomotives);
        if !t.payment.locomotives_only() && hand[t.payment.color] < colour {
            return illegal(
                RefusalKind::CannotAfford,
                format!(
                    "tunnel {name} asks for {}; you hold {} {}",
                    cards_or_locomotives(
                        t.extra,
                        &format!("more {}", self.card_name(t.payment.color))
                    ),
                    hand[t.payment.color],
                    self.card_name(t.payment.color)
                ),
            );
        }
        if hand.locomotives() < u16::from(locomotives) {
            return illegal(
                RefusalKind::CannotAfford,
                format!(
                    "tunnel {name}: you offered {} but hold only {}",
                    words::count(u16::from(locomotives), "locomotive"),
                    words::count(hand.locomotives(), "locomotive")
                ),
            );
        }
        let extra = Payment {
            color: t.payment.color,
            locomotives,
        };
        self.pay_from_hand(extra, t.extra);
        self.discard_payment(extra, t.extra);
        self.discard_revealed(&t);
        let length = self.board().route(t.route).length;
        self.discard_payment(t.payment, length);
        events.push(Event::TunnelPaid {
            seat: self.current,
            extra: t.extra,
            locomotives,
        });
        let points = self.board().route(t.route).points;
        self.complete_claim(t.route, t.payment, points, events);
        Ok(())
    }

    fn withdraw(&mut self, t: PendingTunnel, events: &mut impl EventSink) {
        let length = self.board().route(t.route).length;
        let p = &mut self.players[self.current.index()];
        if !t.payment.locomotives_only() {
            p.hand
                .add_n(t.payment.color, u16::from(t.payment.color_cards(length)));
        }
        p.hand
            .add_n(Card::LOCOMOTIVE, u16::from(t.payment.locomotives));
        self.discard_revealed(&t);
        events.push(Event::TunnelWithdrawn {
            seat: self.current,
            route: t.route,
        });
        self.end_turn(events, true);
    }

    fn build_station(
        &mut self,
        city: CityId,
        payment: Payment,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let Some(c) = self.board().cities().get(city.index()) else {
            return illegal(
                RefusalKind::NoSuchThing,
                format!("there is no city number {city}"),
            );
        };
        let station = || format!("A station in {}", c.name);
        let name = station();
        let seat = self.current;
        let Some(cost) = self.next_station_cost(seat) else {
            return illegal(
                RefusalKind::CannotAfford,
                format!("{name}: you have no stations left"),
            );
        };
        if let Some(o) = self.station_owner[city.index()] {
            return illegal(
                RefusalKind::NotOffered,
                format!("{name}: {} already has a station, {o}'s", c.name),
            );
        }
        self.check_payment(
            &station,
            Price {
                color: None,
                total: cost,
                min_locos: 0,
            },
            payment,
        )?;
        self.pay_from_hand(payment, cost);
        self.discard_payment(payment, cost);
        self.station_owner[city.index()] = Some(seat);
        let p = &mut self.players[seat.index()];
        p.stations_left -= 1;
        p.stations.push(city);
        events.push(Event::StationBuilt {
            seat,
            city,
            payment,
        });
        self.end_turn(events, true);
        Ok(())
    }

    fn double(
        &mut self,
        route: RouteId,
        locomotives: u8,
        events: &mut impl EventSink,
    ) -> Result<(), IllegalAction> {
        let seat = self.current;
        let r = self.board().route(route);
        let name = &self.game.board.route(route).name;
        let (cost, points) = (r.doubling_cost, r.points);
        let Some(terrain) = r.terrain else {
            return illegal(
                RefusalKind::AgainstTheRules,
                format!("route {name} cannot be doubled"),
            );
        };
        let Some((lo, hi)) = self.doubling_range(seat, route) else {
            return illegal(
                RefusalKind::CannotAfford,
                format!(
                    "to double route {name} you need {cost} {} cards and at least as many as every opponent",
                    self.board().terrain_types()[terrain.index()].name
                ),
            );
        };
        if locomotives < lo || locomotives > hi {
            return illegal(
                RefusalKind::AgainstTheRules,
                format!(
                    "to double route {name} play between {lo} and {hi} locomotives as {} cards",
                    self.board().terrain_types()[terrain.index()].name
                ),
            );
        }
        let spent = cost.saturating_sub(locomotives);
        let t = usize::from(terrain.0);
        let p = &mut self.players[seat.index()];
        p.terrain.0[t] -= u16::from(spent);
        p.hand.remove_n(Card::LOCOMOTIVE, u16::from(locomotives));
        p.route_points += points;
        p.doubling_points += points;
        self.terrain_discards.0[t] += u16::from(spent);
        self.discards
            .add_n(Card::LOCOMOTIVE, u16::from(locomotives));
        events.push(Event::RouteDoubled {
            seat,
            route,
            points,
            terrain_cards: spent,
            locomotives,
        });
        self.end_turn(events, true);
        Ok(())
    }
}
