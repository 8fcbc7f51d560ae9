//! Edits of a card-game design's tickets, as plain functions over a
//! [`GameFile`] that check their input first and change nothing when they
//! refuse it; the editor makes each one undo step.

use formats::{GameFile, TicketSpec};

/// Most points a ticket may be worth (a typo guard, far above any rulebook).
pub const MAX_POINTS: u32 = 1000;

/// An end of a ticket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// `from`.
    From,
    /// `to`.
    To,
}

/// Why an edit was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TicketEditError {
    /// There is no ticket at this index.
    NoTicket(usize),
    /// An end left empty.
    EmptyEnd,
    /// Points that are not a whole number in range.
    BadPoints(String),
    /// A card count out of 0..=255.
    BadCount {
        /// The colour.
        color: String,
        /// The count asked for.
        count: i32,
    },
}

impl std::fmt::Display for TicketEditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TicketEditError::NoTicket(i) => write!(f, "there is no ticket {}", i + 1),
            TicketEditError::EmptyEnd => f.write_str("a ticket needs a city at each end"),
            TicketEditError::BadPoints(t) => write!(
                f,
                "`{t}` is not a number of points: give a whole number from 0 to {MAX_POINTS}"
            ),
            TicketEditError::BadCount { color, count } => {
                write!(
                    f,
                    "{count} {color} cards: a ticket needs 0 to 255 of a colour"
                )
            }
        }
    }
}

fn ticket(design: &mut GameFile, i: usize) -> Result<&mut TicketSpec, TicketEditError> {
    design
        .tickets
        .get_mut(i)
        .ok_or(TicketEditError::NoTicket(i))
}

/// Adds a ticket needing one card of `color` between two placeholder cities
/// for the designer to rename; returns its index.
pub fn add_ticket(design: &mut GameFile, color: Option<&str>) -> usize {
    let mut t = TicketSpec {
        from: "New city".into(),
        to: "Other city".into(),
        points: 1,
        ..TicketSpec::default()
    };
    if let Some(c) = color {
        t.cards.insert(c.to_owned(), 1);
    }
    design.tickets.push(t);
    design.tickets.len() - 1
}

/// Renames one end of ticket `i`. The recorded `path` is kept as it was:
/// the Diagnostics panel says when it no longer joins the ends.
pub fn set_end(
    design: &mut GameFile,
    i: usize,
    end: End,
    name: &str,
) -> Result<(), TicketEditError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(TicketEditError::EmptyEnd);
    }
    let t = ticket(design, i)?;
    match end {
        End::From => t.from = name.to_owned(),
        End::To => t.to = name.to_owned(),
    }
    Ok(())
}

/// Reads a number of points as typed.
pub fn parse_points(text: &str) -> Result<u32, TicketEditError> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|p| *p <= MAX_POINTS)
        .ok_or_else(|| TicketEditError::BadPoints(text.trim().to_owned()))
}

/// Sets ticket `i`'s points from typed text.
pub fn set_points(design: &mut GameFile, i: usize, text: &str) -> Result<(), TicketEditError> {
    let p = parse_points(text)?;
    ticket(design, i)?.points = p;
    Ok(())
}

/// Sets how many `color` cards ticket `i` needs; 0 drops the colour. A new
/// colour goes last, an existing one keeps its place.
pub fn set_cards(
    design: &mut GameFile,
    i: usize,
    color: &str,
    count: i32,
) -> Result<(), TicketEditError> {
    let n = u8::try_from(count).map_err(|_| TicketEditError::BadCount {
        color: color.to_owned(),
        count,
    })?;
    let t = ticket(design, i)?;
    if n == 0 {
        t.cards.shift_remove(color);
    } else {
        *t.cards.entry(color.to_owned()).or_insert(0) = n;
    }
    Ok(())
}

/// Needs one `color` card more (`delta` 1) or fewer (-1).
pub fn step_cards(
    design: &mut GameFile,
    i: usize,
    color: &str,
    delta: i32,
) -> Result<(), TicketEditError> {
    let now = design
        .tickets
        .get(i)
        .ok_or(TicketEditError::NoTicket(i))?
        .cards
        .get(color)
        .copied()
        .unwrap_or(0);
    set_cards(design, i, color, i32::from(now) + delta)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> GameFile {
        let mut d = GameFile::default();
        add_ticket(&mut d, Some("red"));
        d
    }

    #[test]
    fn card_counts_step_and_drop_at_zero_keeping_order() {
        let mut d = design();
        step_cards(&mut d, 0, "blue", 1).unwrap();
        step_cards(&mut d, 0, "red", 1).unwrap();
        assert_eq!(
            d.tickets[0].cards.iter().collect::<Vec<_>>(),
            [(&"red".to_owned(), &2), (&"blue".to_owned(), &1)]
        );
        step_cards(&mut d, 0, "blue", -1).unwrap();
        assert!(!d.tickets[0].cards.contains_key("blue"));
        let before = d.clone();
        assert_eq!(
            step_cards(&mut d, 0, "blue", -1),
            Err(TicketEditError::BadCount {
                color: "blue".into(),
                count: -1
            })
        );
        assert_eq!(
            set_cards(&mut d, 0, "red", 300).unwrap_err().to_string(),
            "300 red cards: a ticket needs 0 to 255 of a colour"
        );
        assert_eq!(d, before, "a refused edit changes nothing");
    }

    #[test]
    fn bad_points_and_ends_are_refused_with_a_reason() {
        let mut d = design();
        set_points(&mut d, 0, " 12 ").unwrap();
        assert_eq!(d.tickets[0].points, 12);
        let e = set_points(&mut d, 0, "twelve").unwrap_err();
        assert!(e.to_string().contains("`twelve` is not a number of points"));
        assert!(set_points(&mut d, 0, "-3").is_err());
        assert!(set_points(&mut d, 0, "5000").is_err());
        assert_eq!(d.tickets[0].points, 12);
        assert_eq!(
            set_end(&mut d, 0, End::To, "  "),
            Err(TicketEditError::EmptyEnd)
        );
        set_end(&mut d, 0, End::From, "Seattle").unwrap();
        assert_eq!(d.tickets[0].display_name(), "Seattle - Other city");
        assert_eq!(
            set_points(&mut d, 4, "1"),
            Err(TicketEditError::NoTicket(4))
        );
    }
}
