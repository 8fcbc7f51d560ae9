//! Setting up an exact position from a scenario's overrides, moving cards and
//! tickets (never creating or destroying them) so every invariant still holds.

use formats::scenario::{CardCounts, Setup};

use super::cards::{Card, Cards};
use super::events::Tickets;
use super::scenario::{Pile, SetupError};
use super::state::{Phase, State};
use crate::board_game::board::{CityId, RouteId, TicketId};
use crate::game::Seat;

impl State {
    fn counts(&self, counts: &CardCounts) -> Result<Cards, SetupError> {
        let mut c = Cards::EMPTY;
        for (name, &n) in counts {
            c.add_n(self.card_by_name(name)?, n);
        }
        Ok(c)
    }

    /// Applies a scenario's setup to a freshly dealt game.
    pub fn apply_setup(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let n = self.players.len();
        if setup.players.len() > n {
            return Err(SetupError::TooManyPlayers {
                described: setup.players.len(),
                playing: n,
            });
        }
        self.setup_train_cards(setup)?;
        self.setup_terrain(setup)?;

        // The long tickets nobody was dealt come back from out of the game
        // while the setup moves tickets, and leave again afterwards.
        self.unbox_long_tickets();
        // Tickets: choosing setup tickets is skipped when asked, or when any
        // player's tickets are given.
        let skip = setup
            .skip_ticket_choice
            .unwrap_or_else(|| setup.players.iter().any(|p| p.tickets.is_some()));
        if skip && self.phase == Phase::SetupTickets {
            let mut pending = std::mem::take(&mut self.offer);
            for o in self.setup_offers.drain(..) {
                pending.extend(o);
            }
            for t in pending {
                if self.board().ticket(t).long {
                    self.long_tickets.push_front(t);
                } else {
                    self.tickets.push_front(t);
                }
            }
            self.phase = Phase::Turn;
            self.current = Seat(0);
        }
        self.setup_offers(setup)?;
        let mut given = Vec::new();
        for (i, p) in setup.players.iter().enumerate() {
            if let Some(names) = &p.tickets {
                let mut held = Vec::new();
                for name in names {
                    let id = self.ticket_named(name)?;
                    if given.contains(&id) {
                        return Err(SetupError::TicketGivenTwice { name: name.clone() });
                    }
                    given.push(id);
                    self.take_ticket(id)
                        .ok_or_else(|| SetupError::TicketNotInGame { name: name.clone() })?;
                    held.push(id);
                }
                // Tickets the player held before go back to the deck.
                for t in std::mem::replace(&mut self.players[i].tickets, held) {
                    self.tickets.push_back(t);
                }
            }
        }

        self.setup_ticket_deck(setup)?;
        self.box_undealt_long_tickets();

        // Routes and stations.
        for (i, p) in setup.players.iter().enumerate() {
            let seat = Seat(i as u8);
            for name in &p.routes {
                let r = self.route_named(name)?;
                if self.owner[r.index()].is_some() {
                    return Err(SetupError::RouteGivenTwice { name: name.clone() });
                }
                self.give_route(seat, r);
            }
            for name in &p.stations {
                let c = self.board().city_by_name(name).ok_or_else(|| {
                    SetupError::Name(super::scenario::NameError::City { name: name.clone() })
                })?;
                if self.station_owner[c.index()].is_some() {
                    return Err(SetupError::TwoStations { city: name.clone() });
                }
                if self.players[i].stations_left == 0 {
                    return Err(SetupError::NoStationLeft {
                        player: i + 1,
                        city: name.clone(),
                    });
                }
                self.give_station(seat, c);
            }
            let count = self.board().rules().stations.count;
            let player = &mut self.players[i];
            if let Some(t) = p.trains {
                player.trains = t;
            }
            if let Some(s) = p.stations_left {
                let built = player.stations.len();
                if usize::from(s) + built > usize::from(count) {
                    return Err(SetupError::StationsLeft {
                        player: i + 1,
                        left: s,
                        count,
                        built,
                    });
                }
                player.stations_left = s;
            }
        }
        self.recompute_claimable();
        if let Some(c) = setup.current {
            if c == 0 || usize::from(c) > n {
                return Err(SetupError::NoPlayer {
                    player: c,
                    playing: n,
                });
            }
            self.current = Seat(c - 1);
        }
        Ok(())
    }

    /// Puts the long tickets out of the game back on their deck, in order
    /// (on a fresh deal they are the ones nobody was dealt).
    fn unbox_long_tickets(&mut self) {
        let board = self.game.board.clone();
        let (long, rest): (Vec<TicketId>, Vec<TicketId>) = self
            .tickets_out
            .drain(..)
            .partition(|&t| board.ticket(t).long);
        self.tickets_out = rest;
        self.long_tickets.extend(long);
    }

    /// Puts a ticket back on top of its deck (long or regular).
    fn push_ticket_front(&mut self, t: TicketId) {
        if self.board().ticket(t).long {
            self.long_tickets.push_front(t);
        } else {
            self.tickets.push_front(t);
        }
    }

    /// Replaces the setup tickets offered to the players who name an `offer`.
    fn setup_offers(&mut self, setup: &Setup) -> Result<(), SetupError> {
        if setup.players.iter().all(|p| p.offer.is_none()) {
            return Ok(());
        }
        if self.phase != Phase::SetupTickets {
            return Err(SetupError::OfferWithoutChoice);
        }
        let n = self.players.len();
        // Player 1 chooses first from `offer`; the others wait in
        // `setup_offers`, the next player last.
        let slot = |s: &mut State, i: usize| -> Tickets {
            if i == 0 {
                std::mem::take(&mut s.offer)
            } else {
                std::mem::take(&mut s.setup_offers[n - 1 - i])
            }
        };
        for (i, p) in setup.players.iter().enumerate() {
            if p.offer.is_some() {
                for t in slot(self, i).into_iter().rev() {
                    self.push_ticket_front(t);
                }
            }
        }
        // The overridden offers are empty now, so a named ticket found in an
        // offer was dealt to a player whose offer stays: that player gets the
        // top ticket of the deck in its place, so the deal keeps its size.
        let mut chosen: Vec<(usize, Vec<TicketId>)> = Vec::new();
        for (i, p) in setup.players.iter().enumerate() {
            let Some(names) = &p.offer else { continue };
            let mut offer = Vec::with_capacity(names.len());
            for name in names {
                let id = self.ticket_named(name)?;
                if offer.contains(&id) || chosen.iter().any(|(_, o)| o.contains(&id)) {
                    return Err(SetupError::TicketOfferedTwice { name: name.clone() });
                }
                let long = self.board().ticket(id).long;
                let dealt = std::iter::once(&mut self.offer)
                    .chain(self.setup_offers.iter_mut())
                    .find_map(|o| o.iter_mut().find(|t| **t == id));
                if let Some(slot) = dealt {
                    let deck = if long {
                        &mut self.long_tickets
                    } else {
                        &mut self.tickets
                    };
                    *slot = deck
                        .pop_front()
                        .ok_or_else(|| SetupError::NoReplacementTicket { name: name.clone() })?;
                } else {
                    self.take_ticket(id)
                        .ok_or_else(|| SetupError::TicketHeld { name: name.clone() })?;
                }
                offer.push(id);
            }
            chosen.push((i, offer));
        }
        for (i, offer) in chosen {
            if i == 0 {
                self.offer = offer.into();
            } else {
                self.setup_offers[n - 1 - i] = offer.into();
            }
        }
        Ok(())
    }

    /// Stacks the top of the ticket deck and trims it to the size asked.
    fn setup_ticket_deck(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let mut seen = Vec::with_capacity(setup.ticket_deck_top.len());
        for name in setup.ticket_deck_top.iter().rev() {
            let id = self.ticket_named(name)?;
            if seen.contains(&id) {
                return Err(SetupError::TicketNamedTwice { name: name.clone() });
            }
            seen.push(id);
            if self.board().ticket(id).long && self.board().rules().tickets.draw.long == 0 {
                return Err(SetupError::LongTicketNeverDrawn { name: name.clone() });
            }
            let held = self.players.iter().any(|p| p.tickets.contains(&id))
                || self.offer.contains(&id)
                || self.setup_offers.iter().any(|o| o.contains(&id));
            if held {
                return Err(SetupError::TicketInDeckHeld { name: name.clone() });
            }
            self.take_ticket(id)
                .ok_or_else(|| SetupError::TicketNotInGame { name: name.clone() })?;
            self.push_ticket_front(id);
        }
        if let Some(size) = setup.ticket_deck_size {
            if size < setup.ticket_deck_top.len() {
                return Err(SetupError::DeckSmallerThanTop {
                    field: "ticket_deck_size",
                    size,
                    top: setup.ticket_deck_top.len(),
                });
            }
            while self.tickets.len() > size {
                if let Some(t) = self.tickets.pop_back() {
                    self.tickets_out.push(t);
                }
            }
        }
        Ok(())
    }

    fn take_ticket(&mut self, id: TicketId) -> Option<()> {
        if let Some(i) = self.tickets.iter().position(|&t| t == id) {
            self.tickets.remove(i);
        } else if let Some(i) = self.long_tickets.iter().position(|&t| t == id) {
            self.long_tickets.remove(i);
        } else if let Some(i) = self.tickets_out.iter().position(|&t| t == id) {
            self.tickets_out.remove(i);
        } else if let Some(i) = self.offer.iter().position(|&t| t == id) {
            self.offer.remove(i);
        } else if let Some(p) = self.players.iter_mut().find(|p| p.tickets.contains(&id)) {
            p.tickets.retain(|&t| t != id);
        } else {
            let o = self.setup_offers.iter_mut().find(|o| o.contains(&id))?;
            o.retain(|t| *t != id);
        }
        Some(())
    }

    fn give_route(&mut self, seat: Seat, r: RouteId) {
        let route = self.board().route(r);
        let (len, points) = (route.length, route.points);
        self.owner[r.index()] = Some(seat);
        let p = &mut self.players[seat.index()];
        p.trains = p.trains.saturating_sub(u16::from(len));
        p.route_points += points;
        p.routes.push(r);
    }

    fn give_station(&mut self, seat: Seat, c: CityId) {
        let p = &mut self.players[seat.index()];
        p.stations_left = p.stations_left.saturating_sub(1);
        p.stations.push(c);
        self.station_owner[c.index()] = Some(seat);
    }

    /// Moves every train card the setup names into place: hands, display,
    /// discards, the top of the deck; the rest of the deck is reshuffled.
    fn setup_train_cards(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let touches_cards = setup.display.is_some()
            || !setup.deck_top.is_empty()
            || setup.deck_size.is_some()
            || setup.discards.is_some()
            || setup.players.iter().any(|p| p.hand.is_some());
        if !touches_cards {
            return Ok(());
        }
        // Everything named goes back to a pool first.
        let mut pool = Cards::EMPTY;
        for c in self.deck.drain(..) {
            pool.add(c);
        }
        if setup.display.is_some() {
            for slot in &mut self.display {
                if let Some(c) = slot.take() {
                    pool.add(c);
                }
            }
        }
        if setup.discards.is_some() {
            self.discards.drain_into(&mut pool);
        }
        for (i, p) in setup.players.iter().enumerate() {
            if p.hand.is_some() {
                self.players[i].hand.drain_into(&mut pool);
            }
        }
        let take = |pool: &mut Cards, c: Card, n: u16, pile: Pile| -> Result<(), SetupError> {
            if pool[c] < n {
                return Err(SetupError::CardsNotFree {
                    pile,
                    card: self.card_name(c).to_owned(),
                    needed: n,
                    free: pool[c],
                });
            }
            pool.remove_n(c, n);
            Ok(())
        };
        let mut hands = Vec::new();
        for (i, p) in setup.players.iter().enumerate() {
            if let Some(h) = &p.hand {
                let cards = self.counts(h)?;
                for (k, &n) in cards.0.iter().enumerate() {
                    take(&mut pool, Card(k as u8), n, Pile::Hand(i + 1))?;
                }
                hands.push((i, cards));
            }
        }
        let mut display = Vec::new();
        if let Some(d) = &setup.display {
            let size = usize::from(self.board().rules().display.size);
            if d.len() > size {
                return Err(SetupError::DisplayTooLong {
                    pile: Pile::Display,
                    given: d.len(),
                    size,
                });
            }
            for name in d {
                let c = self.card_by_name(name)?;
                take(&mut pool, c, 1, Pile::Display)?;
                display.push(c);
            }
        }
        let mut discards = Cards::EMPTY;
        if let Some(d) = &setup.discards {
            discards = self.counts(d)?;
            for (k, &n) in discards.0.iter().enumerate() {
                take(&mut pool, Card(k as u8), n, Pile::Discards)?;
            }
        }
        let mut top = Vec::new();
        for name in &setup.deck_top {
            let c = self.card_by_name(name)?;
            take(&mut pool, c, 1, Pile::DeckTop)?;
            top.push(c);
        }
        for (i, cards) in hands {
            self.players[i].hand = cards;
        }
        for (i, c) in display.into_iter().enumerate() {
            self.display[i] = Some(c);
        }
        discards.drain_into(&mut self.discards);
        let mut rest = pool.to_vec();
        self.rng.shuffle(&mut rest);
        if let Some(size) = setup.deck_size {
            if size < top.len() {
                return Err(SetupError::DeckSmallerThanTop {
                    field: "deck_size",
                    size,
                    top: top.len(),
                });
            }
            let keep = size - top.len();
            while rest.len() > keep {
                if let Some(c) = rest.pop() {
                    self.discards.add(c);
                }
            }
        }
        rest.extend(top.into_iter().rev());
        self.deck = rest;
        Ok(())
    }

    /// Moves every terrain card the setup names into place: before the
    /// players, face up, discarded, on top of the deck; the rest of the
    /// terrain deck is reshuffled (and trimmed to `terrain_deck_size`).
    fn setup_terrain(&mut self, setup: &Setup) -> Result<(), SetupError> {
        let touches = setup.terrain_display.is_some()
            || !setup.terrain_deck_top.is_empty()
            || setup.terrain_deck_size.is_some()
            || setup.terrain_discards.is_some()
            || setup.players.iter().any(|p| p.terrain.is_some());
        if !touches {
            return Ok(());
        }
        let types = self.board().terrain_types().len();
        let mut pool = vec![0u16; types];
        for &t in &self.terrain_deck {
            pool[usize::from(t)] += 1;
        }
        self.terrain_deck.clear();
        if setup.terrain_display.is_some() {
            for slot in &mut self.terrain_display {
                if let Some(t) = slot.take() {
                    pool[usize::from(t)] += 1;
                }
            }
        }
        if setup.terrain_discards.is_some() {
            for (t, n) in self.terrain_discards.0.iter_mut().enumerate().take(types) {
                pool[t] += *n;
                *n = 0;
            }
        }
        for (i, p) in setup.players.iter().enumerate() {
            if p.terrain.is_some() {
                for (t, n) in self.players[i].terrain.0.iter_mut().enumerate().take(types) {
                    pool[t] += *n;
                    *n = 0;
                }
            }
        }
        let board = self.game.board.clone();
        let take = |pool: &mut Vec<u16>, t: u8, n: u16, pile: Pile| -> Result<(), SetupError> {
            let slot = &mut pool[usize::from(t)];
            if *slot < n {
                return Err(SetupError::TerrainNotFree {
                    pile,
                    terrain: board.terrain_types()[usize::from(t)].name.clone(),
                    needed: n,
                    free: *slot,
                });
            }
            *slot -= n;
            Ok(())
        };
        for (i, p) in setup.players.iter().enumerate() {
            if let Some(counts) = &p.terrain {
                for (name, &n) in counts {
                    let t = self.terrain_by_name(name)?;
                    take(&mut pool, t, n, Pile::Terrain(i + 1))?;
                    self.players[i].terrain.0[usize::from(t)] += n;
                }
            }
        }
        if let Some(d) = &setup.terrain_discards {
            for (name, &n) in d {
                let t = self.terrain_by_name(name)?;
                take(&mut pool, t, n, Pile::TerrainDiscards)?;
                self.terrain_discards.0[usize::from(t)] += n;
            }
        }
        if let Some(d) = &setup.terrain_display {
            let size = self.terrain_display().len();
            if d.len() > size {
                return Err(SetupError::DisplayTooLong {
                    pile: Pile::TerrainDisplay,
                    given: d.len(),
                    size,
                });
            }
            for (i, name) in d.iter().enumerate() {
                let t = self.terrain_by_name(name)?;
                take(&mut pool, t, 1, Pile::TerrainDisplay)?;
                self.terrain_display[i] = Some(t);
            }
        }
        let mut top = Vec::new();
        for name in &setup.terrain_deck_top {
            let t = self.terrain_by_name(name)?;
            take(&mut pool, t, 1, Pile::TerrainDeckTop)?;
            top.push(t);
        }
        let mut rest: Vec<u8> = Vec::new();
        for (t, &n) in pool.iter().enumerate() {
            rest.extend(std::iter::repeat_n(t as u8, usize::from(n)));
        }
        self.rng.shuffle(&mut rest);
        if let Some(size) = setup.terrain_deck_size {
            if size < top.len() {
                return Err(SetupError::DeckSmallerThanTop {
                    field: "terrain_deck_size",
                    size,
                    top: top.len(),
                });
            }
            while rest.len() > size - top.len() {
                if let Some(t) = rest.pop() {
                    self.terrain_discards.0[usize::from(t)] += 1;
                }
            }
        }
        rest.extend(top.into_iter().rev());
        self.terrain_deck = rest;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::sync::Arc;

    use formats::scenario::{PlayerSetup, Setup};

    use super::State;
    use crate::board_game::BoardGame;
    use crate::board_game::board::Board;
    use crate::board_game::scenario::SetupError;

    fn game(map: &str, players: usize) -> State {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../maps")
            .join(map);
        let loaded = formats::load(&path).expect("the map loads");
        let board = Board::build(&loaded.design).expect("the map builds");
        BoardGame::new(Arc::new(board), players)
            .expect("2 players")
            .new_game(7)
    }

    fn usa(players: usize) -> State {
        game("usa.yaml", players)
    }

    fn player(f: impl FnOnce(&mut PlayerSetup)) -> PlayerSetup {
        let mut p = PlayerSetup::default();
        f(&mut p);
        p
    }

    fn names(v: &[&str]) -> Option<Vec<String>> {
        Some(v.iter().map(|s| (*s).to_owned()).collect())
    }

    /// Every ticket is somewhere: in a deck, an offer, a hand or out.
    fn tickets_in_play(s: &State) -> usize {
        s.tickets.len()
            + s.long_tickets.len()
            + s.tickets_out.len()
            + s.offer.len()
            + s.setup_offers.iter().map(|o| o.len()).sum::<usize>()
            + s.players.iter().map(|p| p.tickets.len()).sum::<usize>()
    }

    #[test]
    fn an_offer_taking_a_ticket_dealt_to_another_player_keeps_both_deals_whole() {
        let mut s = usa(2);
        let dealt_to_2 = s.setup_offers[0][0];
        let name = s.board().ticket(dealt_to_2).name.clone();
        let setup = Setup {
            players: vec![player(|p| {
                p.offer = names(&[&name, "Denver - El Paso", "Boston - Miami"]);
            })],
            ..Setup::default()
        };
        s.apply_setup(&setup).expect("the setup applies");
        assert_eq!(s.offer.len(), 3);
        assert_eq!(s.offer[0], dealt_to_2);
        assert_eq!(s.setup_offers[0].len(), 3, "player 2's deal keeps its size");
        assert!(!s.setup_offers[0].contains(&dealt_to_2));
        assert_eq!(tickets_in_play(&s), 30);
    }

    #[test]
    fn an_offer_is_refused_once_the_ticket_choice_is_skipped() {
        let mut s = usa(2);
        let setup = Setup {
            players: vec![player(|p| {
                p.tickets = Some(Vec::new());
                p.offer = names(&["Denver - El Paso", "Boston - Miami"]);
            })],
            ..Setup::default()
        };
        let err = s
            .apply_setup(&setup)
            .expect_err("offer and tickets conflict");
        assert_eq!(err, SetupError::OfferWithoutChoice);
    }

    #[test]
    fn the_ticket_deck_top_cannot_name_a_held_ticket() {
        let mut s = usa(2);
        let setup = Setup {
            players: vec![player(|p| p.tickets = names(&["Denver - El Paso"]))],
            ticket_deck_top: vec!["Denver - El Paso".into()],
            ..Setup::default()
        };
        let err = s.apply_setup(&setup).expect_err("the ticket is held");
        assert!(
            matches!(err, SetupError::TicketInDeckHeld { ref name } if name == "Denver - El Paso"),
            "{err}"
        );
    }

    #[test]
    fn a_smaller_ticket_deck_puts_the_rest_out_of_the_game() {
        let mut s = usa(2);
        let setup = Setup {
            players: vec![player(|p| p.tickets = Some(Vec::new()))],
            ticket_deck_top: vec!["Boston - Miami".into(), "Denver - El Paso".into()],
            ticket_deck_size: Some(2),
            ..Setup::default()
        };
        s.apply_setup(&setup).expect("the setup applies");
        let top: Vec<&str> = s
            .tickets
            .iter()
            .map(|&t| s.board().ticket(t).name.as_str())
            .collect();
        assert_eq!(top, ["Boston - Miami", "Denver - El Paso"]);
        assert_eq!(tickets_in_play(&s), 30);
    }

    #[test]
    fn stations_left_above_the_rules_count_is_refused() {
        let mut s = usa(2);
        let setup = Setup {
            players: vec![player(|p| {
                p.tickets = Some(Vec::new());
                p.stations_left = Some(1);
            })],
            ..Setup::default()
        };
        let err = s.apply_setup(&setup).expect_err("the USA has no stations");
        assert!(
            err.to_string().contains("cannot have 1 station left"),
            "{err}"
        );
    }

    #[test]
    fn terrain_setup_errors_name_the_pile_and_the_type() {
        let mut s = game("heart-of-africa-rules.yaml", 2);
        let setup = Setup {
            terrain_deck_top: vec!["desert".into(), "jungle".into()],
            terrain_deck_size: Some(1),
            ..Setup::default()
        };
        let err = s.apply_setup(&setup).expect_err("the top does not fit");
        assert_eq!(
            err,
            SetupError::DeckSmallerThanTop {
                field: "terrain_deck_size",
                size: 1,
                top: 2
            }
        );
        let mut s = game("heart-of-africa-rules.yaml", 2);
        // Every terrain card is free: the display and both players' cards
        // are emptied.
        let setup = Setup {
            terrain_discards: Some([("desert".to_owned(), 16)].into()),
            terrain_display: Some(Vec::new()),
            players: vec![
                player(|p| p.terrain = Some(Default::default())),
                player(|p| p.terrain = Some(Default::default())),
            ],
            ..Setup::default()
        };
        let err = s
            .apply_setup(&setup)
            .expect_err("there are 15 desert cards");
        assert_eq!(
            err.to_string(),
            "the terrain discards: 16 `desert` terrain cards asked for, but only 15 are free"
        );
    }
}
