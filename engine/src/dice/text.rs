//! Actions and events in words: what the CLI, replays, logs and scenario
//! files read and write.

use formats::dice::Face;

use super::action::{Action, Event};
use super::design::{Bonus, Building};
use super::state::{Faces, State, fi};
use crate::game::ActionParseError;

/// The forms an action takes, for error messages.
pub const FORMS: &str = "return <special card>, recall, roll [with N bonus] [keeping <faces>], \
reroll <faces> [bonus <faces>], stop, place <from> - <to> <n> [bonus], build <building> at <station>, \
finish [saving <faces>], deliver <stations>, majority to player N, goods to player N, \
upgrade <building> to <good|nothing>, give <good|special card>, done, new good to player N \
(the second of two identical special cards in a hand is `<special card> (copy 2)`)";

/// Dice by face as words: `hotel hotel coin`.
pub fn faces_text(f: &Faces) -> String {
    let mut words = Vec::new();
    for face in Face::ALL {
        for _ in 0..f[fi(face)] {
            words.push(face.name());
        }
    }
    words.join(" ")
}

fn parse_faces(s: &str) -> Option<Faces> {
    let mut f = [0u8; 6];
    for w in s.split([' ', ',']).filter(|w| !w.is_empty()) {
        let face = Face::ALL.into_iter().find(|x| x.name() == w)?;
        f[fi(face)] += 1;
    }
    Some(f)
}

fn seat_of(s: &str) -> Option<u8> {
    let n: u8 = s.trim().strip_prefix("player ")?.trim().parse().ok()?;
    n.checked_sub(1)
}

impl State {
    /// An action in words.
    pub fn text_of(&self, a: Action) -> String {
        let d = &self.design;
        // Identical cards are told apart by their order in the hand: the
        // second is `… (copy 2)`.
        let hand_card = |seat: usize, i: u8| {
            let hand = &self.players[seat].hand;
            match hand.get(usize::from(i)) {
                Some(&c) => {
                    let name = d.special_name(d.specials[usize::from(c)]);
                    let copy = hand[..usize::from(i)]
                        .iter()
                        .filter(|&&o| d.special_name(d.specials[usize::from(o)]) == name)
                        .count();
                    if copy == 0 {
                        name
                    } else {
                        format!("{name} (copy {})", copy + 1)
                    }
                }
                None => format!("special card {}", i + 1),
            }
        };
        let decider = usize::from(self.decider().unwrap_or(self.current));
        match a {
            Action::ReturnSpecial(i) => format!("return {}", hand_card(decider, i)),
            Action::Recall => "recall".into(),
            Action::Roll { bonus, keep } => {
                let mut s = "roll".to_owned();
                if bonus > 0 {
                    s += &format!(" with {bonus} bonus");
                }
                if keep.iter().any(|&n| n > 0) {
                    s += &format!(" keeping {}", faces_text(&keep));
                }
                s
            }
            Action::Reroll { own, bonus } => {
                let mut parts = Vec::new();
                if own.iter().any(|&n| n > 0) {
                    parts.push(faces_text(&own));
                }
                if bonus.iter().any(|&n| n > 0) {
                    parts.push(format!("bonus {}", faces_text(&bonus)));
                }
                format!("reroll {}", parts.join(" "))
            }
            Action::Stop => "stop".into(),
            Action::Place { space, bonus } => {
                let name = if usize::from(space) < d.spaces.len() {
                    d.space_name(space)
                } else {
                    format!("space {space}")
                };
                format!("place {name}{}", if bonus { " bonus" } else { "" })
            }
            Action::Build { building, station } => format!(
                "build {} at {}",
                building.name(),
                d.stations
                    .get(usize::from(station))
                    .map_or("?", |s| s.name.as_str())
            ),
            Action::Finish { save } => {
                if save.iter().any(|&n| n > 0) {
                    format!("finish saving {}", faces_text(&save))
                } else {
                    "finish".into()
                }
            }
            Action::Deliver(g) => format!(
                "deliver {}",
                d.groups
                    .get(usize::from(g))
                    .map_or("?", |g| g.name.as_str())
            ),
            Action::Majority(s) => format!("majority to player {}", s + 1),
            Action::Supply(s) => format!("goods to player {}", s + 1),
            Action::Upgrade { building, good } => format!(
                "upgrade {} to {}",
                building.name(),
                good.map_or("nothing", |g| d.goods[usize::from(g)].name.as_str())
            ),
            Action::Give(g) => format!("give {}", d.goods[usize::from(g)].name),
            Action::GiveSpecial(i) => format!("give {}", hand_card(decider, i)),
            Action::Done => "done".into(),
            Action::Award(s) => format!("new good to player {}", s + 1),
        }
    }

    /// Reads an action in words.
    pub fn parse(&self, text: &str) -> Result<Action, ActionParseError> {
        let t = text.trim();
        let bad = |reason: String| ActionParseError {
            text: text.to_owned(),
            reason,
        };
        let d = &self.design;
        let decider = usize::from(self.decider().unwrap_or(self.current));
        // `name (copy N)`: the Nth card of that name in the hand; the bare
        // name: the first such card `open` allows.
        let hand_index = |text: &str, open: &dyn Fn(u8) -> bool| {
            let (name, copy) = match text
                .strip_suffix(')')
                .and_then(|t| t.rsplit_once(" (copy "))
                .and_then(|(n, k)| Some((n, k.trim().parse::<usize>().ok()?)))
            {
                Some((n, k)) => (n.trim(), Some(k)),
                None => (text, None),
            };
            let mut same = self.players[decider]
                .hand
                .iter()
                .enumerate()
                .filter(|&(_, &c)| d.special_name(d.specials[usize::from(c)]) == name)
                .map(|(i, _)| i as u8);
            match copy {
                Some(k) => same.nth(k.checked_sub(1)?),
                None => same.find(|&i| open(i)),
            }
        };
        let pledgeable = |i: u8| !self.players[decider].pledged_specials.contains(&i);
        let faces = |s: &str| {
            parse_faces(s).ok_or_else(|| {
                bad(format!(
                    "`{s}` is not a list of faces (coin, hotel, mine, ranch, train, locked-train)"
                ))
            })
        };
        match t {
            "recall" => return Ok(Action::Recall),
            "stop" => return Ok(Action::Stop),
            "done" => return Ok(Action::Done),
            "finish" => return Ok(Action::Finish { save: [0; 6] }),
            "roll" => {
                return Ok(Action::Roll {
                    bonus: 0,
                    keep: [0; 6],
                });
            }
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("roll ") {
            let (bonus_part, keep_part) = match rest.split_once("keeping") {
                Some((b, k)) => (b.trim(), k.trim()),
                None => (rest.trim(), ""),
            };
            let bonus = match bonus_part
                .strip_prefix("with ")
                .and_then(|b| b.strip_suffix(" bonus"))
            {
                Some(n) => n
                    .trim()
                    .parse()
                    .map_err(|_| bad(format!("`{n}` is not a number of bonus dice")))?,
                None if bonus_part.is_empty() => 0,
                None => return Err(bad("write `roll with N bonus keeping <faces>`".into())),
            };
            return Ok(Action::Roll {
                bonus,
                keep: faces(keep_part)?,
            });
        }
        if let Some(rest) = t.strip_prefix("reroll ") {
            let (own, bonus) = match rest.split_once("bonus") {
                Some((o, b)) => (o.trim(), b.trim()),
                None => (rest.trim(), ""),
            };
            return Ok(Action::Reroll {
                own: faces(own)?,
                bonus: faces(bonus)?,
            });
        }
        if let Some(rest) = t.strip_prefix("finish saving ") {
            return Ok(Action::Finish { save: faces(rest)? });
        }
        if let Some(rest) = t.strip_prefix("place ") {
            let (rest, bonus) = match rest.strip_suffix(" bonus") {
                Some(r) => (r, true),
                None => (rest, false),
            };
            let (track, n) = rest
                .rsplit_once(' ')
                .ok_or_else(|| bad("write `place <from> - <to> <n>`".into()))?;
            let n: u16 = n
                .parse()
                .map_err(|_| bad(format!("`{n}` is not a space number")))?;
            let tr = d
                .tracks
                .iter()
                .find(|x| x.name == track.trim())
                .ok_or_else(|| bad(format!("there is no track `{}`", track.trim())))?;
            if n == 0 || n > tr.len {
                return Err(bad(format!("track {} has spaces 1 to {}", tr.name, tr.len)));
            }
            return Ok(Action::Place {
                space: tr.first + n - 1,
                bonus,
            });
        }
        if let Some(rest) = t.strip_prefix("build ") {
            let (b, st) = rest
                .split_once(" at ")
                .ok_or_else(|| bad("write `build <building> at <station>`".into()))?;
            let building = Building::from_name(b.trim())
                .ok_or_else(|| bad(format!("`{b}` is not hotel, mine or ranch")))?;
            let station = d
                .station(st.trim())
                .ok_or_else(|| bad(format!("there is no station `{}`", st.trim())))?;
            return Ok(Action::Build { building, station });
        }
        if let Some(rest) = t.strip_prefix("deliver ") {
            let g = d
                .groups
                .iter()
                .position(|g| g.name == rest.trim())
                .ok_or_else(|| bad(format!("no track joins exactly `{}`", rest.trim())))?;
            return Ok(Action::Deliver(g as u16));
        }
        for (prefix, make) in [
            ("majority to ", Action::Majority as fn(u8) -> Action),
            ("goods to ", Action::Supply),
            ("new good to ", Action::Award),
        ] {
            if let Some(rest) = t.strip_prefix(prefix) {
                let s = seat_of(rest).ok_or_else(|| bad("write `player N`".into()))?;
                return Ok(make(s));
            }
        }
        if let Some(rest) = t.strip_prefix("upgrade ") {
            let (b, g) = rest
                .split_once(" to ")
                .ok_or_else(|| bad("write `upgrade <building> to <good>`".into()))?;
            let building = Building::from_name(b.trim())
                .ok_or_else(|| bad(format!("`{b}` is not hotel, mine or ranch")))?;
            let good = match g.trim() {
                "nothing" => None,
                name => Some(
                    d.good(name)
                        .ok_or_else(|| bad(format!("`{name}` is not a good")))?,
                ),
            };
            return Ok(Action::Upgrade { building, good });
        }
        if let Some(rest) = t.strip_prefix("give ") {
            if let Some(g) = d.good(rest.trim()) {
                return Ok(Action::Give(g));
            }
            return hand_index(rest.trim(), &pledgeable)
                .map(Action::GiveSpecial)
                .ok_or_else(|| {
                    bad(format!(
                        "`{}` is no good and no card in your hand",
                        rest.trim()
                    ))
                });
        }
        if let Some(rest) = t.strip_prefix("return ") {
            return hand_index(rest.trim(), &|_| true)
                .map(Action::ReturnSpecial)
                .ok_or_else(|| bad(format!("`{}` is not in your hand", rest.trim())));
        }
        Err(bad(format!("the forms are: {FORMS}")))
    }

    /// An event in words any player may read (hidden choices stay hidden),
    /// as a sentence: "Player 2 built a hotel at Cork".
    pub fn event_words(&self, e: &Event) -> String {
        let d = &self.design;
        let p = |s: u8| format!("Player {}", s + 1);
        match e {
            Event::Kept { seat } => format!("{} kept their special cards", p(*seat)),
            Event::Recalled { seat, dice } => {
                format!(
                    "{} recalled {} from the board",
                    p(*seat),
                    crate::words::count_with(*dice, "die", "dice")
                )
            }
            Event::Rolled {
                seat,
                own,
                bonus,
                reroll,
            } => format!(
                "{} {}: {}{}",
                p(*seat),
                if *reroll { "re-rolled" } else { "rolled" },
                faces_text(own),
                if bonus.iter().any(|&n| n > 0) {
                    format!(" + white {}", faces_text(bonus))
                } else {
                    String::new()
                }
            ),
            Event::Strike { seat, lost } => {
                format!(
                    "Strike! {} loses {}",
                    p(*seat),
                    crate::words::count(*lost, "point")
                )
            }
            Event::Placed { seat, space, bonus } => format!(
                "{} placed a {}train on {}",
                p(*seat),
                if *bonus { "white " } else { "" },
                d.space_name(*space)
            ),
            Event::Unplaced { dice } => {
                format!("{} found no space", crate::words::count(*dice, "train"))
            }
            Event::Built {
                seat,
                building,
                station,
            } => format!(
                "{} built a {} at {}",
                p(*seat),
                building.name(),
                d.stations[usize::from(*station)].name
            ),
            Event::Coins { seat, coins } => {
                format!("{} has {}", p(*seat), crate::words::count(*coins, "coin"))
            }
            Event::Delivered { group } => {
                format!("Delivery: {}", d.groups[usize::from(*group)].name)
            }
            Event::Points { seat, points } => {
                format!(
                    "{} takes {}",
                    p(*seat),
                    crate::words::count(*points, "point")
                )
            }
            Event::Majority { seat } => format!("{} has the majority", p(*seat)),
            Event::Bonus { seat, bonus } => match bonus {
                Bonus::Points(n) => {
                    format!(
                        "{} takes a bonus of {}",
                        p(*seat),
                        crate::words::count(*n, "point")
                    )
                }
                Bonus::SpecialCards(n) => {
                    format!(
                        "{} draws {}",
                        p(*seat),
                        crate::words::count(*n, "special card")
                    )
                }
                Bonus::BonusDice(n) => format!(
                    "{} takes {}",
                    p(*seat),
                    crate::words::count_with(*n, "bonus die", "bonus dice")
                ),
            },
            Event::Good { seat, good } => {
                format!("{} takes {}", p(*seat), d.goods[usize::from(*good)].name)
            }
            Event::Ticket { seat, card } => format!(
                "{} reveals {}",
                p(*seat),
                d.special_name(d.specials[usize::from(*card)])
            ),
            Event::Upgraded { building, good } => format!(
                "The {} now produces {}",
                building.name(),
                good.map_or("nothing", |g| d.goods[usize::from(g)].name.as_str())
            ),
            Event::Pledged { seat } => format!("{} has chosen a speculation", p(*seat)),
            Event::Traded { seat, gave, got } => {
                format!(
                    "{} traded {} for {got}",
                    p(*seat),
                    crate::words::count(*gave, "good")
                )
            }
            Event::LastRound => "The points supply is empty: last round".into(),
            Event::NextTurn { seat } => format!("{}'s turn", p(*seat)),
            Event::GameOver => "The game is over".into(),
        }
    }
}
