//! The station-map editor's changes to a dice design, as plain functions
//! over a [`GameFile`]: each is one undo step for the caller, and a bad
//! value is refused with the reason (nothing is changed then).

use formats::GameFile;
use formats::dice::{BonusSpec, JunctionSpec, SpecialSpec, StationSpec, TrackSpec};
use formats::points::{Point, Points};

use crate::app::edit::round1;
use crate::app::station_map::Part;

/// Why an edit of the station map was refused (nothing changes then).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// A station or junction renamed to nothing.
    #[error("a place needs a name")]
    NoName,
    /// A rename of a part that has no name (a track).
    #[error("nothing to rename")]
    NothingToRename,
    /// A rename to another place's name.
    #[error("`{0}` is already the name of another place")]
    NameTaken(String),
    /// A slot count other than 2 or 3.
    #[error("a station has 2 or 3 building slots, not {0}")]
    Slots(u8),
    /// A city bonus of a kind the rules do not have.
    #[error("`{0}` is no city bonus")]
    NoSuchBonus(String),
    /// A city bonus amount out of 1 to 9.
    #[error("a city bonus is 1 to 9, not {0}")]
    BonusAmount(u8),
    /// A track with an end that is no station or junction.
    #[error("a track runs between two stations or junctions")]
    TrackEnds,
    /// A track from a place to itself.
    #[error("a track from {0} must lead somewhere else")]
    TrackLoop(String),
    /// A space count out of 1 to [`MAX_SPACES`].
    #[error("a track has 1 to {max} spaces, not {0}", max = MAX_SPACES)]
    Spaces(u32),
    /// Bends that do not read as `x,y x,y …`.
    #[error("{0}")]
    Bends(String),
    /// The part edited is no longer there (deleted meanwhile).
    #[error("no such {0}")]
    Gone(&'static str),
    /// A goods card naming a goods deck that does not exist.
    #[error("`{0}` is no goods deck")]
    NoSuchDeck(String),
    /// A delivery ticket naming a station that does not exist.
    #[error("`{0}` is no station")]
    NoSuchStation(String),
    /// A third name on a card.
    #[error("a card names two")]
    NamesTwo,
    /// Points on a goods card.
    #[error("only a delivery ticket has points")]
    PointsOnGoods,
    /// Ticket points out of 1 to 30.
    #[error("a ticket is worth 1 to 30 points, not {0}")]
    TicketPoints(u8),
    /// Copies out of 1 to 9.
    #[error("a card has 1 to 9 copies, not {0}")]
    Copies(u8),
    /// A number field whose text is no number.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// A number field whose text is no number in the field's range.
    #[error("`{text}` is not a number of {low} to {high}")]
    NotANumberIn {
        /// The text typed.
        text: String,
        /// The smallest number allowed.
        low: u32,
        /// The largest.
        high: u32,
    },
}

/// The building slots a station may have (the rulebook's 2 or 3).
pub const SLOT_CHOICES: [u8; 2] = [2, 3];

/// The kinds of city bonus and how the editor names them.
pub const BONUS_KINDS: [(&str, &str); 3] = [
    ("points", "Bonus: VP"),
    ("special-card", "Bonus: special cards"),
    ("bonus-die", "Bonus: bonus dice"),
];

/// Is `name` taken by a station or junction (other than `except`)?
fn taken(design: &GameFile, name: &str, except: Option<Part>) -> bool {
    let station = design
        .stations
        .iter()
        .enumerate()
        .any(|(i, s)| s.name == name && except != Some(Part::Station(i)));
    let junction = design
        .junctions
        .iter()
        .enumerate()
        .any(|(i, j)| j.name == name && except != Some(Part::Junction(i)));
    station || junction
}

/// A place name not yet used: `stem 1`, `stem 2` …
fn fresh_name(design: &GameFile, stem: &str) -> String {
    (1..)
        .map(|i| format!("{stem} {i}"))
        .find(|n| !taken(design, n, None))
        .unwrap_or_default()
}

/// Adds a station with 2 slots and no bonus at `at`; returns its index.
pub fn add_station(design: &mut GameFile, at: Point) -> usize {
    let name = fresh_name(design, "Station");
    design.stations.push(StationSpec {
        name,
        x: round1(at.x),
        y: round1(at.y),
        slots: SLOT_CHOICES[0],
        ..StationSpec::default()
    });
    design.stations.len() - 1
}

/// Adds a junction at `at`; returns its index.
pub fn add_junction(design: &mut GameFile, at: Point) -> usize {
    let name = fresh_name(design, "Junction");
    design.junctions.push(JunctionSpec {
        name,
        x: round1(at.x),
        y: round1(at.y),
        ..JunctionSpec::default()
    });
    design.junctions.len() - 1
}

/// The name of a station or junction.
pub fn place_name(design: &GameFile, part: Part) -> Option<&str> {
    match part {
        Part::Station(i) => design.stations.get(i).map(|s| s.name.as_str()),
        Part::Junction(i) => design.junctions.get(i).map(|j| j.name.as_str()),
        Part::Track(_) => None,
    }
}

/// Moves a station or junction to `at`.
pub fn move_place(design: &mut GameFile, part: Part, at: Point) {
    let (x, y) = (round1(at.x), round1(at.y));
    match part {
        Part::Station(i) => {
            if let Some(s) = design.stations.get_mut(i) {
                (s.x, s.y) = (x, y);
            }
        }
        Part::Junction(i) => {
            if let Some(j) = design.junctions.get_mut(i) {
                (j.x, j.y) = (x, y);
            }
        }
        Part::Track(_) => {}
    }
}

/// Renames a station or junction, and every track and special card naming it.
pub fn rename_place(design: &mut GameFile, part: Part, new: &str) -> Result<(), Refused> {
    let new = new.trim();
    if new.is_empty() {
        return Err(Refused::NoName);
    }
    let Some(old) = place_name(design, part).map(str::to_owned) else {
        return Err(Refused::NothingToRename);
    };
    if old == new {
        return Ok(());
    }
    if taken(design, new, Some(part)) {
        return Err(Refused::NameTaken(new.to_owned()));
    }
    match part {
        Part::Station(i) => design.stations[i].name = new.to_owned(),
        Part::Junction(i) => design.junctions[i].name = new.to_owned(),
        Part::Track(_) => {}
    }
    for t in &mut design.tracks {
        for end in [&mut t.from, &mut t.to] {
            if *end == old {
                *end = new.to_owned();
            }
        }
    }
    for s in &mut design.specials {
        for end in &mut s.ticket {
            if *end == old {
                *end = new.to_owned();
            }
        }
    }
    Ok(())
}

/// Sets a station's building slots: 2 or 3.
pub fn set_slots(design: &mut GameFile, station: usize, slots: u8) -> Result<(), Refused> {
    if !SLOT_CHOICES.contains(&slots) {
        return Err(Refused::Slots(slots));
    }
    let s = design
        .stations
        .get_mut(station)
        .ok_or(Refused::Gone("station"))?;
    s.slots = slots;
    Ok(())
}

/// Sets a station's city bonus (`None`: no bonus); the amount is 1 to 9.
pub fn set_bonus(
    design: &mut GameFile,
    station: usize,
    bonus: Option<(&str, u8)>,
) -> Result<(), Refused> {
    if let Some((kind, amount)) = bonus {
        if !BONUS_KINDS.iter().any(|(k, _)| *k == kind) {
            return Err(Refused::NoSuchBonus(kind.to_owned()));
        }
        if !(1..=9).contains(&amount) {
            return Err(Refused::BonusAmount(amount));
        }
    }
    let s = design
        .stations
        .get_mut(station)
        .ok_or(Refused::Gone("station"))?;
    s.bonus = bonus.map(|(kind, amount)| BonusSpec {
        kind: kind.to_owned(),
        amount,
        ..BonusSpec::default()
    });
    Ok(())
}

/// Adds a track of `spaces` spaces between two places; returns its index.
pub fn add_track(
    design: &mut GameFile,
    from: Part,
    to: Part,
    spaces: u32,
) -> Result<usize, Refused> {
    let (Some(a), Some(b)) = (place_name(design, from), place_name(design, to)) else {
        return Err(Refused::TrackEnds);
    };
    if a == b {
        return Err(Refused::TrackLoop(a.to_owned()));
    }
    check_spaces(spaces)?;
    let (from, to) = (a.to_owned(), b.to_owned());
    design.tracks.push(TrackSpec {
        from,
        to,
        spaces,
        ..TrackSpec::default()
    });
    Ok(design.tracks.len() - 1)
}

/// The most spaces the editor gives a track.
pub const MAX_SPACES: u32 = 12;

fn check_spaces(spaces: u32) -> Result<(), Refused> {
    if (1..=MAX_SPACES).contains(&spaces) {
        Ok(())
    } else {
        Err(Refused::Spaces(spaces))
    }
}

/// Sets a track's space count (1 to [`MAX_SPACES`]).
pub fn set_spaces(design: &mut GameFile, track: usize, spaces: u32) -> Result<(), Refused> {
    check_spaces(spaces)?;
    design
        .tracks
        .get_mut(track)
        .ok_or(Refused::Gone("track"))?
        .spaces = spaces;
    Ok(())
}

/// Sets a track's bends from `x,y x,y …` text (empty: straight).
pub fn set_bends(design: &mut GameFile, track: usize, text: &str) -> Result<(), Refused> {
    let bends = if text.trim().is_empty() {
        Points::default()
    } else {
        Points::parse(text).map_err(Refused::Bends)?
    };
    design
        .tracks
        .get_mut(track)
        .ok_or(Refused::Gone("track"))?
        .bends = bends;
    Ok(())
}

/// Deletes parts of the map: a deleted station or junction takes its
/// tracks along, and a deleted station the delivery tickets naming it.
pub fn delete(design: &mut GameFile, parts: &[Part]) {
    let mut gone: Vec<String> = Vec::new();
    for p in parts {
        if let Some(n) = place_name(design, *p) {
            gone.push(n.to_owned());
        }
    }
    let is_gone = |n: &str| gone.iter().any(|g| g == n);
    let mut i = 0;
    design.tracks.retain(|t| {
        let keep = !parts.contains(&Part::Track(i)) && !is_gone(&t.from) && !is_gone(&t.to);
        i += 1;
        keep
    });
    let mut i = 0;
    design.stations.retain(|_| {
        let keep = !parts.contains(&Part::Station(i));
        i += 1;
        keep
    });
    let mut i = 0;
    design.junctions.retain(|_| {
        let keep = !parts.contains(&Part::Junction(i));
        i += 1;
        keep
    });
    design
        .specials
        .retain(|s| !s.ticket.iter().any(|n| is_gone(n)));
}

/// What a special card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialKind {
    /// A delivery ticket: two stations and points.
    Ticket,
    /// A goods card: two goods.
    Goods,
}

/// Adds a special card of `kind`, filled with the first stations or goods;
/// returns its index.
pub fn add_special(design: &mut GameFile, kind: SpecialKind, goods: &[String]) -> usize {
    let card = match kind {
        SpecialKind::Ticket => {
            let names: Vec<String> = design
                .stations
                .iter()
                .take(2)
                .map(|s| s.name.clone())
                .collect();
            SpecialSpec {
                ticket: names,
                points: Some(5),
                count: 1,
                ..SpecialSpec::default()
            }
        }
        SpecialKind::Goods => SpecialSpec {
            goods: goods.iter().take(2).cloned().collect(),
            count: 1,
            ..SpecialSpec::default()
        },
    };
    design.specials.push(card);
    design.specials.len() - 1
}

/// Sets one of a special card's two names (a ticket's stations or a goods
/// card's goods); `which` is 0 or 1. The name must exist.
pub fn set_special_name(
    design: &mut GameFile,
    card: usize,
    which: usize,
    name: &str,
    goods: &[String],
) -> Result<(), Refused> {
    let is_station = design.stations.iter().any(|s| s.name == name);
    let c = design.specials.get_mut(card).ok_or(Refused::Gone("card"))?;
    let list = if c.ticket.is_empty() {
        if !goods.iter().any(|g| g == name) {
            return Err(Refused::NoSuchDeck(name.to_owned()));
        }
        &mut c.goods
    } else {
        if !is_station {
            return Err(Refused::NoSuchStation(name.to_owned()));
        }
        &mut c.ticket
    };
    if which > 1 {
        return Err(Refused::NamesTwo);
    }
    while list.len() <= which {
        list.push(String::new());
    }
    list[which] = name.to_owned();
    Ok(())
}

/// Sets a delivery ticket's points (1 to 30) or a card's copies (1 to 9).
pub fn set_special_number(
    design: &mut GameFile,
    card: usize,
    field: SpecialNumber,
    value: u8,
) -> Result<(), Refused> {
    let c = design.specials.get_mut(card).ok_or(Refused::Gone("card"))?;
    match field {
        SpecialNumber::Points => {
            if c.ticket.is_empty() {
                return Err(Refused::PointsOnGoods);
            }
            if !(1..=30).contains(&value) {
                return Err(Refused::TicketPoints(value));
            }
            c.points = Some(value);
        }
        SpecialNumber::Count => {
            if !(1..=9).contains(&value) {
                return Err(Refused::Copies(value));
            }
            c.count = value;
        }
    }
    Ok(())
}

/// A number of a special card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpecialNumber {
    /// A ticket's points.
    Points,
    /// Copies in the deck.
    Count,
}

/// Deletes special card `card`.
pub fn delete_special(design: &mut GameFile, card: usize) {
    if card < design.specials.len() {
        design.specials.remove(card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> GameFile {
        serde_yaml::from_str(
            "name: t\nfamily: dice\nstations:\n  - {name: A, x: 0, y: 0, slots: 2}\n  - {name: B, x: 100, y: 0, slots: 3}\ntracks:\n  - {from: A, to: B, spaces: 3}\nspecials:\n  - {ticket: [A, B], points: 5}\n",
        )
        .unwrap()
    }

    #[test]
    fn stations_and_tracks_are_added_renamed_and_deleted_with_what_names_them() {
        let mut d = demo();
        let c = add_station(&mut d, Point { x: 50.04, y: 80.0 });
        assert_eq!(
            (d.stations[c].name.as_str(), d.stations[c].x),
            ("Station 1", 50.0)
        );
        let t = add_track(&mut d, Part::Station(0), Part::Station(c), 3).unwrap();
        assert_eq!(
            (d.tracks[t].from.as_str(), d.tracks[t].to.as_str()),
            ("A", "Station 1")
        );
        assert!(add_track(&mut d, Part::Station(0), Part::Station(0), 3).is_err());
        assert!(add_track(&mut d, Part::Station(0), Part::Station(1), 0).is_err());
        rename_place(&mut d, Part::Station(0), "Alpha").unwrap();
        assert_eq!(d.tracks[0].from, "Alpha");
        assert_eq!(d.specials[0].ticket[0], "Alpha");
        assert!(rename_place(&mut d, Part::Station(0), "B").is_err());
        assert!(rename_place(&mut d, Part::Station(0), " ").is_err());
        delete(&mut d, &[Part::Station(0)]);
        assert_eq!(d.stations.len(), 2);
        assert!(d.tracks.is_empty(), "both tracks of Alpha went with it");
        assert!(d.specials.is_empty(), "and the ticket naming it");
    }

    #[test]
    fn bad_values_are_refused_with_a_reason_and_change_nothing() {
        let mut d = demo();
        let before = d.clone();
        assert_eq!(
            set_slots(&mut d, 0, 4).unwrap_err().to_string(),
            "a station has 2 or 3 building slots, not 4"
        );
        assert_eq!(
            set_spaces(&mut d, 0, 0).unwrap_err().to_string(),
            "a track has 1 to 12 spaces, not 0"
        );
        assert!(set_bonus(&mut d, 0, Some(("gold", 1))).is_err());
        assert!(set_bonus(&mut d, 0, Some(("points", 0))).is_err());
        assert!(set_bends(&mut d, 0, "1,x").is_err());
        assert!(set_special_name(&mut d, 0, 0, "Nowhere", &[]).is_err());
        assert!(set_special_number(&mut d, 0, SpecialNumber::Points, 0).is_err());
        assert_eq!(d, before);
        set_slots(&mut d, 0, 3).unwrap();
        set_bonus(&mut d, 0, Some(("bonus-die", 2))).unwrap();
        set_bends(&mut d, 0, "50,20").unwrap();
        assert_eq!(
            (
                d.stations[0].slots,
                d.stations[0].bonus.as_ref().unwrap().amount
            ),
            (3, 2)
        );
        assert_eq!(d.tracks[0].bends.0.len(), 1);
        let goods = vec!["coal".to_owned(), "gold".to_owned()];
        let g = add_special(&mut d, SpecialKind::Goods, &goods);
        assert_eq!(d.specials[g].goods, goods);
        set_special_name(&mut d, g, 1, "coal", &goods).unwrap();
        assert_eq!(d.specials[g].goods[1], "coal");
        assert!(set_special_number(&mut d, g, SpecialNumber::Points, 3).is_err());
    }
}
