//! The board family's own expectations of a scenario, read against the
//! position once (every name checked) and then checked after each step and
//! at the end: phase, cards, decks, display, tickets, terrain, routes,
//! stations and the score breakdown.

use super::*;

fn name_err(field: impl Into<String>) -> impl FnOnce(NameError) -> Error {
    move |e| FieldError::new(field, BoardScenarioError::Name(e))
}

/// What a count is of: one kind, or every kind (`total`).
#[derive(Debug, Clone, Copy)]
enum Kind<K> {
    One(K),
    Total,
}

/// Expected counts, names resolved: the name as written, the kind, the count.
#[derive(Debug, Clone)]
struct Counts<K> {
    contains: bool,
    items: Vec<(String, Kind<K>, u32)>,
}

impl<K: Copy> Counts<K> {
    fn read(
        m: &Match<CardCounts>,
        field: &str,
        kind: impl Fn(&str) -> Result<K, NameError>,
    ) -> Result<Self, Error> {
        let mut items = Vec::new();
        for (name, &n) in m.value() {
            let k = if name == "total" {
                Kind::Total
            } else {
                Kind::One(kind(name).map_err(name_err(format!("{field}.{name}")))?)
            };
            items.push((name.clone(), k, u32::from(n)));
        }
        Ok(Counts {
            contains: m.is_contains(),
            items,
        })
    }

    fn check(&self, out: &mut Findings<'_>, what: &str, count: impl Fn(K) -> u32, total: u32) {
        let want: BTreeMap<&str, u32> = self
            .items
            .iter()
            .map(|(n, _, c)| (n.as_str(), *c))
            .collect();
        let found: BTreeMap<&str, u32> = self
            .items
            .iter()
            .map(|(n, k, _)| {
                let c = match k {
                    Kind::One(k) => count(*k),
                    Kind::Total => total,
                };
                (n.as_str(), c)
            })
            .collect();
        if !self.contains {
            out.diff(what, &want, &found);
        } else if want
            .iter()
            .any(|(n, w)| found.get(n).is_some_and(|f| f < w))
        {
            out.fail(format_args!(
                "{what}: expected at least {want:?}, found {found:?}"
            ));
        }
    }
}

/// Expected tickets or routes, names resolved.
#[derive(Debug, Clone)]
struct Names<T> {
    contains: bool,
    ids: Vec<T>,
}

impl<T: Copy + PartialEq> Names<T> {
    fn read(
        m: &Match<Vec<String>>,
        field: &str,
        id: impl Fn(&str) -> Result<T, NameError>,
    ) -> Result<Self, Error> {
        let ids = m
            .value()
            .iter()
            .enumerate()
            .map(|(i, n)| id(n).map_err(name_err(format!("{field}[{i}]"))))
            .collect::<Result<_, _>>()?;
        Ok(Names {
            contains: m.is_contains(),
            ids,
        })
    }

    fn check(&self, out: &mut Findings<'_>, what: &str, found: &[T], name: impl Fn(T) -> String) {
        let sorted = |ids: &mut dyn Iterator<Item = T>| {
            let mut v: Vec<String> = ids.map(&name).collect();
            v.sort();
            v
        };
        let want = sorted(&mut self.ids.iter().copied());
        let got = sorted(&mut found.iter().copied());
        if !self.contains {
            out.diff(what, &want, &got);
        } else if self.ids.iter().any(|t| !found.contains(t)) {
            out.fail(format_args!(
                "{what}: expected to include {want:?}, found {got:?}"
            ));
        }
    }
}

/// The display, slot by slot (`None`: empty), or cards among it.
#[derive(Debug, Clone)]
enum DisplayCheck {
    Slots(Vec<Option<Card>>),
    Contains(Cards),
}

/// The board family's checks of one `expect:`, names resolved.
#[derive(Debug, Clone, Default)]
pub struct Checks {
    phase: Option<&'static str>,
    last_round: Option<bool>,
    tunnel_extra: Option<u8>,
    display: Option<DisplayCheck>,
    deck_size: Option<usize>,
    deck_top: Option<Vec<Card>>,
    discards: Option<Counts<Card>>,
    display_resets: Option<u32>,
    offer: Option<Names<TicketId>>,
    ticket_deck_size: Option<usize>,
    ticket_deck_bottom: Option<Vec<TicketId>>,
    tickets_out: Option<Names<TicketId>>,
    terrain_display: Option<Vec<Option<u8>>>,
    terrain_deck_size: Option<usize>,
    terrain_discards: Option<Counts<u8>>,
    players: Vec<PlayerChecks>,
}

/// One player's checks.
#[derive(Debug, Clone, Default)]
struct PlayerChecks {
    hand: Option<Counts<Card>>,
    trains: Option<u16>,
    score: Option<i32>,
    routes: Option<Names<RouteId>>,
    tickets: Option<Names<TicketId>>,
    stations_left: Option<u8>,
    terrain: Option<Counts<u8>>,
}

fn player_count(state: &State, entries: usize, field: &str) -> Result<(), Error> {
    let playing = state.players().len();
    if entries > playing {
        return Err(name_err(format!("{field}[{playing}]"))(NameError::Player {
            player: playing + 1,
            playing,
        }));
    }
    Ok(())
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::SetupTickets => PHASES[0],
        Phase::Turn => PHASES[1],
        Phase::SecondDraw => PHASES[2],
        Phase::KeepTickets => PHASES[3],
        Phase::Tunnel(_) => PHASES[4],
        Phase::Double(_) => PHASES[5],
        Phase::Over => PHASES[6],
    }
}

impl Checks {
    pub(super) fn read(state: &State, e: &Expect) -> Result<Checks, Error> {
        let card = |n: &str| state.card_by_name(n);
        let terrain = |n: &str| state.terrain_by_name(n);
        let ticket = |n: &str| state.ticket_named(n);
        let phase = match &e.phase {
            Some(p) => Some(
                PHASES
                    .iter()
                    .copied()
                    .find(|&k| k == p)
                    .ok_or_else(|| name_err("phase")(NameError::Phase { name: p.clone() }))?,
            ),
            None => None,
        };
        let display = match &e.display {
            None => None,
            Some(Match::Exactly(slots)) => Some(DisplayCheck::Slots(
                slots
                    .iter()
                    .enumerate()
                    .map(|(i, n)| match n.as_str() {
                        "empty" => Ok(None),
                        n => card(n).map(Some).map_err(name_err(format!("display[{i}]"))),
                    })
                    .collect::<Result<_, _>>()?,
            )),
            Some(Match::Contains(cards)) => {
                let mut c = Cards::EMPTY;
                for (i, n) in cards.iter().enumerate() {
                    c.add(card(n).map_err(name_err(format!("display.contains[{i}]")))?);
                }
                Some(DisplayCheck::Contains(c))
            }
        };
        let deck_top = match &e.deck_top {
            Some(top) => Some(
                top.iter()
                    .enumerate()
                    .map(|(i, n)| card(n).map_err(name_err(format!("deck_top[{i}]"))))
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        let terrain_display = match &e.terrain_display {
            Some(d) => Some(
                d.iter()
                    .enumerate()
                    .map(|(i, n)| match n.as_str() {
                        "empty" => Ok(None),
                        n => terrain(n)
                            .map(Some)
                            .map_err(name_err(format!("terrain_display[{i}]"))),
                    })
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        let ticket_deck_bottom = match &e.ticket_deck_bottom {
            Some(b) => Some(
                b.iter()
                    .enumerate()
                    .map(|(i, n)| ticket(n).map_err(name_err(format!("ticket_deck_bottom[{i}]"))))
                    .collect::<Result<_, _>>()?,
            ),
            None => None,
        };
        player_count(state, e.players.len(), "players")?;
        let mut players = Vec::with_capacity(e.players.len());
        for (i, p) in e.players.iter().enumerate() {
            let at = |f: &str| format!("players[{i}].{f}");
            players.push(PlayerChecks {
                hand: opt(&p.hand, |h| Counts::read(h, &at("hand"), card))?,
                trains: p.trains,
                score: p.score,
                routes: opt(&p.routes, |r| {
                    Names::read(r, &at("routes"), |n| state.route_named(n))
                })?,
                tickets: opt(&p.tickets, |t| Names::read(t, &at("tickets"), ticket))?,
                stations_left: p.stations_left,
                terrain: opt(&p.terrain, |t| Counts::read(t, &at("terrain"), terrain))?,
            });
        }
        Ok(Checks {
            phase,
            last_round: e.last_round,
            tunnel_extra: e.tunnel_extra,
            display,
            deck_size: e.deck_size,
            deck_top,
            discards: opt(&e.discards, |d| Counts::read(d, "discards", card))?,
            display_resets: e.display_resets,
            offer: opt(&e.offer, |o| Names::read(o, "offer", ticket))?,
            ticket_deck_size: e.ticket_deck_size,
            ticket_deck_bottom,
            tickets_out: opt(&e.tickets_out, |o| Names::read(o, "tickets_out", ticket))?,
            terrain_display,
            terrain_deck_size: e.terrain_deck_size,
            terrain_discards: opt(&e.terrain_discards, |d| {
                Counts::read(d, "terrain_discards", terrain)
            })?,
            players,
        })
    }

    pub(super) fn check(&self, state: &State, events: Option<&Events>, out: &mut Findings<'_>) {
        let b = state.board();
        let card_names = |cards: &mut dyn Iterator<Item = Card>| -> Vec<String> {
            cards.map(|c| state.card_name(c).to_owned()).collect()
        };
        let ticket_name = |t: TicketId| b.ticket(t).name.clone();
        if let Some(p) = self.phase {
            out.diff("phase", &p, &phase_name(state.phase()));
        }
        if let Some(l) = self.last_round {
            out.diff("last round", &l, &state.last_round());
        }
        if let Some(x) = self.tunnel_extra {
            let found = match state.phase() {
                Phase::Tunnel(t) => Some(t.extra),
                _ => None,
            };
            out.diff("tunnel extra cards", &Some(x), &found);
        }
        let slot_names = |slots: &[Option<Card>]| -> Vec<String> {
            slots
                .iter()
                .map(|c| c.map_or_else(|| "empty".to_owned(), |c| state.card_name(c).to_owned()))
                .collect()
        };
        match &self.display {
            Some(DisplayCheck::Slots(want)) => {
                out.diff("display", &slot_names(want), &slot_names(state.display()));
            }
            Some(DisplayCheck::Contains(want)) => {
                let mut shown = Cards::EMPTY;
                for c in state.display().iter().flatten() {
                    shown.add(*c);
                }
                if want.0.iter().zip(&shown.0).any(|(w, s)| w > s) {
                    out.fail(format_args!(
                        "display: expected to include {:?}, found {:?}",
                        card_names(&mut want.to_vec().into_iter()),
                        slot_names(state.display())
                    ));
                }
            }
            None => {}
        }
        if let Some(n) = self.deck_size {
            out.diff("deck size", &n, &state.deck().len());
        }
        if let Some(top) = &self.deck_top {
            let found = card_names(&mut state.deck().iter().rev().take(top.len()).copied());
            out.diff(
                "top of the deck",
                &card_names(&mut top.iter().copied()),
                &found,
            );
        }
        if let Some(d) = &self.discards {
            let discards = state.discards();
            d.check(
                out,
                "discards",
                |c| u32::from(discards[c]),
                discards.total(),
            );
        }
        if let Some(r) = self.display_resets {
            let found = events.map_or(0, |ev| {
                ev.iter()
                    .filter(|e| matches!(e, Event::DisplayReset))
                    .count()
            });
            out.diff("display resets", &r, &(found as u32));
        }
        if let Some(o) = &self.offer {
            o.check(out, "tickets on offer", state.offer(), ticket_name);
        }
        if let Some(n) = self.ticket_deck_size {
            out.diff("ticket deck size", &n, &state.ticket_deck().len());
        }
        if let Some(bottom) = &self.ticket_deck_bottom {
            let deck = state.ticket_deck();
            let found: Vec<String> = deck
                .iter()
                .skip(deck.len().saturating_sub(bottom.len()))
                .map(|&t| ticket_name(t))
                .collect();
            let want: Vec<String> = bottom.iter().map(|&t| ticket_name(t)).collect();
            out.diff("bottom of the ticket deck", &want, &found);
        }
        if let Some(o) = &self.tickets_out {
            o.check(
                out,
                "tickets out of the game",
                state.tickets_out(),
                ticket_name,
            );
        }
        self.check_terrain(state, out);
        for (i, pc) in self.players.iter().enumerate() {
            if let Some(p) = state.players().get(i) {
                pc.check(state, p, &format!("player {}", i + 1), out);
            }
        }
    }

    fn check_terrain(&self, state: &State, out: &mut Findings<'_>) {
        let names = |slots: &[Option<u8>]| -> Vec<String> {
            slots
                .iter()
                .map(|t| t.map_or_else(|| "empty".to_owned(), |t| state.terrain_name(t).to_owned()))
                .collect()
        };
        if let Some(d) = &self.terrain_display {
            out.diff(
                "terrain display",
                &names(d),
                &names(state.terrain_display()),
            );
        }
        if let Some(n) = self.terrain_deck_size {
            out.diff("terrain deck size", &n, &state.terrain_deck_len());
        }
        if let Some(d) = &self.terrain_discards {
            let discards = state.terrain_discards();
            d.check(
                out,
                "terrain discards",
                |t| u32::from(discards.0[usize::from(t)]),
                discards.total(),
            );
        }
    }
}

impl PlayerChecks {
    fn check(
        &self,
        state: &State,
        p: &crate::board_game::Player,
        who: &str,
        out: &mut Findings<'_>,
    ) {
        let b = state.board();
        if let Some(h) = &self.hand {
            h.check(
                out,
                &format!("{who}'s hand"),
                |c| u32::from(p.hand[c]),
                p.hand.total(),
            );
        }
        if let Some(t) = self.trains {
            out.diff(&format!("{who}'s trains"), &t, &p.trains);
        }
        if let Some(s) = self.score {
            out.diff(&format!("{who}'s score"), &s, &p.route_points);
        }
        if let Some(s) = self.stations_left {
            out.diff(&format!("{who}'s stations left"), &s, &p.stations_left);
        }
        if let Some(r) = &self.routes {
            r.check(out, &format!("{who}'s routes"), &p.routes, |r| {
                b.route(r).key.clone()
            });
        }
        if let Some(t) = &self.tickets {
            t.check(out, &format!("{who}'s tickets"), &p.tickets, |t| {
                b.ticket(t).name.clone()
            });
        }
        if let Some(t) = &self.terrain {
            t.check(
                out,
                &format!("{who}'s terrain cards"),
                |k| u32::from(p.terrain.0[usize::from(k)]),
                p.terrain.total(),
            );
        }
    }
}

fn opt<T, U>(v: &Option<T>, f: impl FnOnce(&T) -> Result<U, Error>) -> Result<Option<U>, Error> {
    v.as_ref().map(f).transpose()
}

/// The board family's checks of the `outcome:`, names resolved.
#[derive(Debug, Clone, Default)]
pub struct FinalChecks {
    players: Vec<FinalPlayerChecks>,
}

/// Reads one component of a player's final score.
type Component = fn(&crate::board_game::ScoreBreakdown) -> i32;

/// One player's final accounts to check (the total is the runner's).
#[derive(Debug, Clone, Default)]
struct FinalPlayerChecks {
    points: Vec<(&'static str, i32, Component)>,
    longest_path: Option<u32>,
    completed: Option<Names<TicketId>>,
    borrowed: Option<Names<RouteId>>,
}

impl FinalChecks {
    pub(super) fn read(state: &State, f: &FinalExpect) -> Result<FinalChecks, Error> {
        player_count(state, f.players.len(), "players")?;
        let mut players = Vec::with_capacity(f.players.len());
        for (i, fp) in f.players.iter().enumerate() {
            let at = |f: &str| format!("players[{i}].{f}");
            let fields: [(&'static str, Option<i32>, Component); 6] = [
                ("route points", fp.routes, |s| s.routes),
                ("completed-ticket points", fp.tickets_completed, |s| {
                    s.tickets_completed
                }),
                ("failed-ticket points", fp.tickets_failed, |s| {
                    s.tickets_failed
                }),
                ("longest-path bonus", fp.longest_path_bonus, |s| {
                    s.longest_path_bonus
                }),
                ("globetrotter bonus", fp.globetrotter_bonus, |s| {
                    s.globetrotter_bonus
                }),
                ("station points", fp.stations_bonus, |s| s.stations_bonus),
            ];
            players.push(FinalPlayerChecks {
                points: fields
                    .into_iter()
                    .filter_map(|(what, want, get)| want.map(|w| (what, w, get)))
                    .collect(),
                longest_path: fp.longest_path,
                completed: opt(&fp.completed, |c| {
                    Names::read(c, &at("completed"), |n| state.ticket_named(n))
                })?,
                borrowed: opt(&fp.borrowed, |r| {
                    Names::read(r, &at("borrowed"), |n| state.route_named(n))
                })?,
            });
        }
        Ok(FinalChecks { players })
    }

    pub(super) fn check(&self, state: &State, out: &mut Findings<'_>) {
        let Some(end) = state.ending() else {
            return;
        };
        let b = state.board();
        for (i, fp) in self.players.iter().enumerate() {
            let Some(s) = end.breakdowns.get(i) else {
                continue;
            };
            let who = format!("player {}", i + 1);
            for &(what, want, get) in &fp.points {
                out.diff(&format!("{who}'s {what}"), &want, &get(s));
            }
            if let Some(l) = fp.longest_path {
                out.diff(&format!("{who}'s longest path"), &l, &s.longest_path);
            }
            if let Some(c) = &fp.completed {
                c.check(
                    out,
                    &format!("{who}'s completed tickets"),
                    &s.completed,
                    |t| b.ticket(t).name.clone(),
                );
            }
            if let Some(r) = &fp.borrowed {
                let borrowed: Vec<RouteId> = s.borrowed.iter().map(|&(_, r)| r).collect();
                r.check(out, &format!("{who}'s borrowed routes"), &borrowed, |r| {
                    b.route(r).key.clone()
                });
            }
        }
    }
}
