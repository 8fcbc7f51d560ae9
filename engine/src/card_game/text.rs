//! Actions in words, the same for the CLI, replays, scenarios and logs:
//!
//! | action | text |
//! | --- | --- |
//! | keep tickets | `keep Seattle - New York | Dallas - Miami` (`keep` alone keeps none) |
//! | face-up card | `draw face-up 3 (red)` (slot 1–5; `draw face-up red` also reads) |
//! | blind card | `draw blind` |
//! | a row of one colour | `play 3 blue`, `play 2 green + 2 locomotives` |
//! | different colours | `play blue, red, yellow` |
//! | tickets | `draw tickets` |
//! | nothing possible | `pass` |

use super::action::{Action, Keep};
use super::state::{EMPTY, State};
use crate::game::ActionParseError;

impl State {
    /// The action in words.
    pub fn describe(&self, a: Action) -> String {
        let d = &self.design;
        match a {
            Action::KeepTickets(k) => {
                let names: Vec<&str> = self.players[usize::from(self.current)]
                    .offer
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| k.keeps(*i))
                    .map(|(_, &t)| d.tickets[usize::from(t)].name.as_str())
                    .collect();
                if names.is_empty() {
                    "keep".into()
                } else {
                    format!("keep {}", names.join(" | "))
                }
            }
            Action::DrawBlind => "draw blind".into(),
            Action::DrawFaceUp(slot) => match self.display.get(usize::from(slot)) {
                Some(&c) if c != EMPTY => format!(
                    "draw face-up {} ({})",
                    u16::from(slot) + 1,
                    d.kind_name(usize::from(c))
                ),
                _ => format!("draw face-up {}", u16::from(slot) + 1),
            },
            Action::PlayRow {
                color,
                cards,
                locos,
            } => {
                let name = d.kind_name(usize::from(color));
                if locos == 0 {
                    format!("play {cards} {name}")
                } else {
                    format!(
                        "play {cards} {name} + {}",
                        crate::words::count(locos, "locomotive")
                    )
                }
            }
            Action::PlayMixed(mask) => {
                let names: Vec<&str> = (0..d.colors.len())
                    .filter(|c| mask & (1 << c) != 0)
                    .map(|c| d.kind_name(c))
                    .collect();
                format!("play {}", names.join(", "))
            }
            Action::DrawTickets => "draw tickets".into(),
            Action::Pass => "pass".into(),
        }
    }

    /// Reads an action written as [`State::describe`] writes it.
    pub fn parse(&self, text: &str) -> Result<Action, ActionParseError> {
        let err = |reason: String| ActionParseError {
            text: text.to_owned(),
            reason,
        };
        let t = text.trim();
        let d = &self.design;
        match t {
            "keep" => return Ok(Action::KeepTickets(Keep(0))),
            "draw blind" => return Ok(Action::DrawBlind),
            "draw tickets" => return Ok(Action::DrawTickets),
            "pass" => return Ok(Action::Pass),
            _ => {}
        }
        if let Some(rest) = t.strip_prefix("keep ") {
            let offer = &self.players[usize::from(self.current)].offer;
            let mut mask = 0u16;
            for name in rest.split('|') {
                let Some(id) = d.ticket_by_name(name) else {
                    return Err(err(format!("there is no ticket `{}`", name.trim())));
                };
                let Some(i) = offer.iter().position(|&o| usize::from(o) == id) else {
                    return Err(err(format!("`{}` is not on offer", name.trim())));
                };
                mask |= 1 << i;
            }
            return Ok(Action::KeepTickets(Keep(mask)));
        }
        if let Some(rest) = t.strip_prefix("draw face-up ") {
            let rest = rest.trim();
            let slot_text = rest.split_whitespace().next().unwrap_or_default();
            if let Ok(n) = slot_text.parse::<u16>() {
                if n == 0 || usize::from(n) > self.display.len() {
                    return Err(err(format!(
                        "face-up slots are numbered 1 to {}",
                        self.display.len()
                    )));
                }
                return Ok(Action::DrawFaceUp((n - 1) as u8));
            }
            let Some(kind) = d.kind_of(rest) else {
                return Err(err(format!(
                    "give a slot number (1 to {}) or a card name",
                    self.display.len()
                )));
            };
            return match self.display.iter().position(|&c| usize::from(c) == kind) {
                Some(i) => Ok(Action::DrawFaceUp(i as u8)),
                None => Err(err(format!("no {rest} lies face up"))),
            };
        }
        if let Some(rest) = t.strip_prefix("play ") {
            if rest.contains(',') {
                let mut mask = 0u16;
                for name in rest.split(',') {
                    match d.kind_of(name) {
                        Some(k) if k < d.colors.len() => mask |= 1 << k,
                        _ => {
                            return Err(err(format!(
                                "`{}` is not a colour of the deck ({})",
                                name.trim(),
                                d.colors.join(", ")
                            )));
                        }
                    }
                }
                return Ok(Action::PlayMixed(mask));
            }
            let (main, extra) = match rest.split_once('+') {
                Some((a, b)) => (a.trim(), Some(b.trim())),
                None => (rest.trim(), None),
            };
            let read = |part: &str| -> Option<(u8, usize)> {
                let (n, name) = part.split_once(' ')?;
                Some((n.trim().parse().ok()?, d.kind_of(name)?))
            };
            let form = || {
                err("write `play 3 blue`, `play 2 green + 1 locomotive` or `play blue, red, yellow`".into())
            };
            let (cards, color) = read(main).ok_or_else(form)?;
            if color >= d.colors.len() {
                return Err(err(
                    "a row is of one colour; locomotives go on top: `play 2 green + 1 locomotive`"
                        .into(),
                ));
            }
            let locos = match extra {
                None => 0,
                Some(e) => match read(e) {
                    Some((n, k)) if k == d.loco() => n,
                    _ => return Err(form()),
                },
            };
            return Ok(Action::PlayRow {
                color: color as u8,
                cards,
                locos,
            });
        }
        Err(err(
            "expected `keep …`, `draw blind`, `draw face-up N`, `play …`, `draw tickets` or `pass`"
                .into(),
        ))
    }
}

impl State {
    /// One event in words every player may read (never a hidden card).
    pub fn event_text(&self, e: &super::action::Event) -> String {
        use super::action::Event;
        let d = &self.design;
        match e {
            Event::KeptTickets {
                seat,
                kept,
                returned,
            } => format!(
                "{seat} kept {} and returned {returned}",
                crate::words::count(*kept, "ticket")
            ),
            Event::MovedToTrack { seat, cards } => {
                format!(
                    "{seat} moved {} from the Rail Yard to On the Track",
                    crate::words::count(*cards, "card")
                )
            }
            Event::Drew {
                seat,
                face_up: None,
            } => format!("{seat} drew a card from the deck"),
            Event::Drew {
                seat,
                face_up: Some(c),
            } => format!("{seat} took a face-up {}", d.kind_name(usize::from(*c))),
            Event::Played {
                seat,
                colors,
                cards,
                locos,
            } => {
                let names: Vec<&str> = (0..d.colors.len())
                    .filter(|c| colors & (1 << c) != 0)
                    .map(|c| d.kind_name(c))
                    .collect();
                let played = if let [one] = names[..] {
                    let mut row = format!("{} {one}", cards - locos);
                    if *locos > 0 {
                        row.push_str(&format!(" + {}", crate::words::count(*locos, "locomotive")));
                    }
                    row
                } else {
                    format!("1 {}", names.join(", 1 "))
                };
                format!("{seat} played {played} to the Rail Yard")
            }
            Event::Robbed {
                thief,
                victim,
                color,
                cards,
            } => format!(
                "Train Robbery: {thief} played more {} than {victim}, who discards {}",
                d.kind_name(usize::from(*color)),
                crate::words::count(*cards, "card")
            ),
            Event::DrewTickets { seat, offered } => {
                format!("{seat} drew {}", crate::words::count(*offered, "ticket"))
            }
            Event::Passed { seat } => format!("{seat} could do nothing and passed"),
            Event::DeckRanOut { seat } => {
                format!("{seat} drew the last train card: everyone has one more turn")
            }
            Event::DealScored { deal, completed } => {
                let mut text = format!("Deal {} scored:", deal + 1);
                if completed.is_empty() {
                    text.push_str(" no ticket completed");
                }
                for (seat, t) in completed {
                    let t = &d.tickets[usize::from(*t)];
                    text.push_str(&format!(
                        " {seat} completed {} ({});",
                        t.name,
                        crate::words::count(t.points, "point")
                    ));
                }
                text
            }
            Event::NewDeal { deal } => format!(
                "Deal {} begins: every other train card is shuffled into a new deck",
                deal + 1
            ),
            Event::GameOver => "The game is over".into(),
        }
    }
}
