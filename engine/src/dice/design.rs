//! A validated dice design: stations, the graph of track spaces, the groups
//! of spaces that deliver together, goods and their chains, special cards and
//! the rules. [`DiceDesign::build`] checks a design file and says everything
//! wrong with it (codes TL050–TL054, TL150–TL151 and the shared name codes).

use formats::GameFile;
use formats::dice::{DiceRules, Face};
use formats::points::Point;
use smallvec::SmallVec;

use crate::diagnostics::{Code, Diagnostic, Diagnostics};

mod map;
mod rules;
mod specials;

use map::{build_groups, build_tracks, check_reachable, check_stations, name_groups};
use rules::{check_chains, check_faces, check_goods, check_supplies};
use specials::check_specials;

/// The most goods decks a design may have (fixed-size arrays in the state).
pub const MAX_GOODS: usize = 8;
/// The most players the engine seats.
pub const MAX_PLAYERS: usize = 8;

/// The three building types, in the order of their die faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Building {
    /// The hotel.
    Hotel,
    /// The mine.
    Mine,
    /// The ranch.
    Ranch,
}

impl Building {
    /// Every type, in order.
    pub const ALL: [Building; 3] = [Building::Hotel, Building::Mine, Building::Ranch];

    /// Its index in [`Building::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The die face that builds it.
    pub fn face(self) -> Face {
        match self {
            Building::Hotel => Face::Hotel,
            Building::Mine => Face::Mine,
            Building::Ranch => Face::Ranch,
        }
    }

    /// Its name in files and actions.
    pub fn name(self) -> &'static str {
        self.face().name()
    }

    /// The building a name means.
    pub fn from_name(s: &str) -> Option<Building> {
        Building::ALL.into_iter().find(|b| b.name() == s)
    }
}

/// What the majority holder of a delivery gains at a station.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// Victory points.
    Points(u8),
    /// Special cards from the deck.
    SpecialCards(u8),
    /// Bonus dice from the common supply.
    BonusDice(u8),
}

/// A station.
#[derive(Clone, Debug)]
pub struct Station {
    /// Its name.
    pub name: String,
    /// Where it is drawn.
    pub pos: Point,
    /// Building slots.
    pub slots: u8,
    /// Its city bonus.
    pub bonus: Option<Bonus>,
}

/// One end of a track.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// A station, by index.
    Station(u16),
    /// A junction, by index.
    Junction(u16),
}

/// A row of track spaces.
#[derive(Clone, Debug)]
pub struct Track {
    /// The `from` end.
    pub from: End,
    /// The `to` end.
    pub to: End,
    /// Its first space; the row is `first..first + len`, counted from `from`.
    pub first: u16,
    /// Spaces in the row.
    pub len: u16,
    /// How it is named: `Seattle - Billings`.
    pub name: String,
    /// Bends for drawing.
    pub bends: Vec<Point>,
}

/// One track space.
#[derive(Clone, Debug)]
pub struct Space {
    /// The track it lies on.
    pub track: u16,
    /// Spaces next to it (along the row and across junctions).
    pub neighbours: SmallVec<[u16; 4]>,
    /// Next to a station: a train may always be placed here.
    pub at_station: bool,
}

/// Spaces joined along tracks and through junctions: they deliver together
/// once all are full, connecting every station at their ends.
#[derive(Clone, Debug)]
pub struct Group {
    /// Its spaces.
    pub spaces: Vec<u16>,
    /// The stations it connects, in file order.
    pub stations: SmallVec<[u16; 4]>,
    /// Its tracks.
    pub tracks: SmallVec<[u16; 4]>,
    /// How it is named: its stations joined by ` - `.
    pub name: String,
}

/// A goods deck.
#[derive(Clone, Debug)]
pub struct Good {
    /// Its name.
    pub name: String,
    /// Cards in it.
    pub cards: u8,
    /// Points for a monopoly.
    pub monopoly: u8,
}

/// A special card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// A delivery ticket: two stations and its points.
    Ticket {
        /// One station.
        a: u16,
        /// The other.
        b: u16,
        /// Points when revealed.
        points: u8,
    },
    /// Counts as one of each of two goods (or trades as two goods).
    Goods {
        /// One good.
        a: u8,
        /// The other.
        b: u8,
    },
}

/// A validated dice design.
#[derive(Clone, Debug)]
pub struct DiceDesign {
    /// The design's name.
    pub name: String,
    /// Every rule parameter.
    pub rules: DiceRules,
    /// Stations.
    pub stations: Vec<Station>,
    /// Junction positions and names.
    pub junctions: Vec<(String, Point)>,
    /// Tracks.
    pub tracks: Vec<Track>,
    /// Every track space.
    pub spaces: Vec<Space>,
    /// Groups of spaces that deliver together.
    pub groups: Vec<Group>,
    /// The group of each space.
    pub space_group: Vec<u16>,
    /// Goods decks.
    pub goods: Vec<Good>,
    /// For each building type, its stages of goods.
    pub chains: [Vec<SmallVec<[u8; 2]>>; 3],
    /// Special cards, one entry per card.
    pub specials: Vec<Special>,
    /// The tie-break good.
    pub tie_break: u8,
    /// The die's faces.
    pub faces: Vec<Face>,
}

impl DiceDesign {
    /// Builds a design from its file, or says everything that stops it
    /// (warnings are returned only with errors; see [`check`]).
    pub fn build(file: &GameFile) -> Result<DiceDesign, Diagnostics> {
        let (design, diagnostics) = check(file);
        match design {
            Some(d) if !diagnostics.has_errors() => Ok(d),
            _ => Err(diagnostics),
        }
    }

    /// The good a name means.
    pub fn good(&self, name: &str) -> Option<u8> {
        self.goods
            .iter()
            .position(|g| g.name == name)
            .map(|i| i as u8)
    }

    /// The station a name means.
    pub fn station(&self, name: &str) -> Option<u16> {
        self.stations
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u16)
    }

    /// The VP supply for a player count.
    pub fn supply(&self, players: usize) -> Option<u16> {
        self.rules.points.supply.get(&(players as u8)).copied()
    }

    /// A special card in words.
    pub fn special_name(&self, s: Special) -> String {
        match s {
            Special::Ticket { a, b, points } => format!(
                "ticket {} - {} ({points})",
                self.stations[usize::from(a)].name,
                self.stations[usize::from(b)].name
            ),
            Special::Goods { a, b } => format!(
                "goods {} + {}",
                self.goods[usize::from(a)].name,
                self.goods[usize::from(b)].name
            ),
        }
    }

    /// A space in words: its track and its 1-based place from the `from` end.
    pub fn space_name(&self, space: u16) -> String {
        let sp = &self.spaces[usize::from(space)];
        let t = &self.tracks[usize::from(sp.track)];
        format!("{} {}", t.name, space - t.first + 1)
    }
}

fn err(code: Code, path: String, message: String) -> Diagnostic {
    Diagnostic::new(code, message).at(path)
}

/// Checks a dice design: the built design (when it could be built) and
/// every diagnostic, errors and warnings.
pub fn check(file: &GameFile) -> (Option<DiceDesign>, Diagnostics) {
    let mut d = Diagnostics::default();
    let rules = match formats::dice::resolve(&file.rules) {
        Ok(r) => r,
        Err(e) => {
            d.push(err(Code::DiceSupply, e.path, e.message));
            return (None, d);
        }
    };
    super::fields::check(file, &mut d);
    check_faces(&rules, &mut d);
    let goods = check_goods(&rules, &mut d);
    let chains = check_chains(&rules, &goods, &mut d);
    check_supplies(&rules, &mut d);
    let tie_break = goods.iter().position(|g| g.name == rules.tie_break);
    if tie_break.is_none() {
        d.push(
            err(
                Code::DiceChain,
                "rules.tie_break".into(),
                format!(
                    "the tie-break good `{}` is not a goods deck",
                    rules.tie_break
                ),
            )
            .fix("name one of the goods under rules.goods"),
        );
    }
    let stations = check_stations(file, &rules, &mut d);
    let junctions: Vec<(String, Point)> = file
        .junctions
        .iter()
        .map(|j| (j.name.clone(), Point { x: j.x, y: j.y }))
        .collect();
    for (i, j) in file.junctions.iter().enumerate() {
        if file.stations.iter().any(|s| s.name == j.name)
            || file.junctions[..i].iter().any(|o| o.name == j.name)
        {
            d.push(err(
                Code::DuplicateName,
                format!("junctions[{i}].name"),
                format!("`{}` names two places", j.name),
            ));
        }
    }
    let (tracks, spaces) = build_tracks(file, &stations, &junctions, &mut d);
    let (groups, space_group) = build_groups(&tracks, &spaces);
    check_reachable(&stations, &groups, &mut d);
    let specials = check_specials(file, &stations, &groups, &goods, &rules, &mut d);
    super::map_drawing::check(file, &mut d);
    if d.has_errors() {
        return (None, d);
    }
    let mut design = DiceDesign {
        name: file.name.clone(),
        faces: rules.dice.faces.clone(),
        rules,
        stations,
        junctions,
        tracks,
        spaces,
        groups,
        space_group,
        goods,
        chains,
        specials,
        tie_break: tie_break.unwrap_or(0) as u8,
    };
    name_groups(&mut design);
    (Some(design), d)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "format: tracklayer/1
name: T
family: dice
stations:
  - {name: A, x: 0, y: 0, slots: 2, bonus: {kind: points, amount: 1}}
  - {name: B, x: 50, y: 0, slots: 3}
  - {name: C, x: 90, y: 0, slots: 2}
tracks:
  - {from: A, to: B, spaces: 2}
  - {from: B, to: C, spaces: 1}
specials:
  - {ticket: [A, C], points: 4}
  - {goods: [coal, gold], count: 14}
";

    fn load(text: &str) -> (Option<DiceDesign>, Diagnostics) {
        let file = formats::load_str(text, std::path::Path::new("t.yaml"))
            .unwrap_or_else(|e| panic!("{e}"))
            .design;
        check(&file)
    }

    fn codes(d: &Diagnostics) -> Vec<Code> {
        d.iter().map(|x| x.code).collect()
    }

    #[test]
    fn a_sound_map_builds_with_its_groups_and_tickets() {
        let (design, d) = load(MAP);
        assert!(codes(&d).is_empty(), "{d:?}");
        let design = design.expect("builds");
        assert_eq!(design.groups.len(), 2);
        assert_eq!(design.groups[0].name, "A - B");
        assert_eq!(design.specials.len(), 15);
        assert!(design.spaces[0].at_station && !design.spaces[1].neighbours.is_empty());
    }

    #[test]
    fn every_listed_problem_has_its_code_and_place() {
        let bad = MAP
            .replace("slots: 3}", "slots: 4, bonus: {kind: castle}}")
            .replace("{from: B, to: C, spaces: 1}", "{from: B, to: C, spaces: 0}")
            .replace("ticket: [A, C]", "ticket: [A, Z]")
            .replace("count: 14", "count: 1");
        let (design, d) = load(&bad);
        assert!(design.is_none());
        let c = codes(&d);
        for want in [
            Code::DiceSlots,
            Code::DiceUnknownBonus,
            Code::DiceEmptyTrack,
            Code::DiceTicket,
            Code::DiceSupply,
            Code::DiceUnreachable,
        ] {
            assert!(c.contains(&want), "{want} missing from {c:?}");
        }
        let slots = d.with_code(Code::DiceSlots).next().expect("slots");
        assert_eq!(slots.path.as_deref(), Some("stations[1].slots"));
    }

    #[test]
    fn a_chain_that_loops_or_names_no_deck_is_an_error() {
        let bad = MAP.replace(
            "family: dice\n",
            "family: dice\nrules: {chains: {ranch: [[cattle], [cattle]], mine: [[coal], [tin]], hotel: [[workers]]}}\n",
        );
        let (_, d) = load(&bad);
        let msgs: Vec<&str> = d
            .with_code(Code::DiceChain)
            .map(|x| x.message.as_str())
            .collect();
        assert!(msgs.iter().any(|m| m.contains("loops")), "{msgs:?}");
        assert!(msgs.iter().any(|m| m.contains("`tin`")), "{msgs:?}");
    }

    #[test]
    fn a_junction_joins_three_stations_in_one_group() {
        let map = MAP.replace(
            "tracks:\n",
            "junctions:\n  - {name: J, x: 40, y: 40}\ntracks:\n  - {from: A, to: J, spaces: 1}\n  - {from: J, to: C, spaces: 2}\n",
        );
        let design = DiceDesign::build(
            &formats::load_str(&map, std::path::Path::new("t.yaml"))
                .expect("loads")
                .design,
        )
        .expect("builds");
        assert!(
            design
                .groups
                .iter()
                .any(|g| g.stations.len() == 2 && g.name == "A - C")
        );
        // The junction's end spaces are neighbours.
        let a_end = design.tracks[0].first;
        let c_start = design.tracks[1].first;
        assert!(
            design.spaces[usize::from(a_end)]
                .neighbours
                .contains(&c_start)
        );
    }

    #[test]
    fn dice_with_no_train_face_are_refused_because_no_game_could_end() {
        let text = format!("{MAP}rules: {{dice: {{faces: [coin, hotel, mine, ranch]}}}}\n");
        let (design, d) = load(&text);
        assert!(design.is_none());
        let e = d
            .iter()
            .find(|x| x.path.as_deref() == Some("rules.dice.faces"));
        assert!(
            e.is_some_and(|e| e.message.contains("no game ends")),
            "{:?}",
            codes(&d)
        );
        let text = format!("{MAP}rules: {{dice: {{faces: [coin, locked-train]}}}}\n");
        assert!(load(&text).0.is_some());
    }

    #[test]
    fn a_dice_designs_allow_list_silences_its_warnings() {
        let slots = MAP.replace("slots: 3}", "slots: 4}");
        let file = |t: &str| {
            formats::load_str(t, std::path::Path::new("t.yaml"))
                .unwrap_or_else(|e| panic!("{e}"))
                .design
        };
        let v = crate::validate::validate(&file(&slots));
        assert!(v.diagnostics.with_code(Code::DiceSlots).next().is_some());
        let allowed = format!("{slots}allow: [{{code: TL150, reason: a big city}}]\n");
        let v = crate::validate::validate(&file(&allowed));
        assert!(
            v.diagnostics.with_code(Code::DiceSlots).next().is_none(),
            "{:?}",
            v.diagnostics
        );
        assert!(v.diagnostics.with_code(Code::UnusedAllow).next().is_none());
    }
}
