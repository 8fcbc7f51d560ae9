//! A validated dice design: stations, the graph of track spaces, the groups
//! of spaces that deliver together, goods and their chains, special cards and
//! the rules. [`DiceDesign::build`] checks a design file and says everything
//! wrong with it (codes TL050–TL054, TL150–TL151 and the shared name codes).

use formats::GameFile;
use formats::dice::{DiceRules, Face};
use formats::points::Point;
use smallvec::SmallVec;

use crate::diagnostics::{Code, Diagnostic, Diagnostics};

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

/// A game ends when the points supply runs out, and points are paid only by
/// deliveries, which need trains on the tracks: a die with no train face
/// (locked or not) never fills a track, so no game could end.
fn check_faces(rules: &DiceRules, d: &mut Diagnostics) {
    if !rules
        .dice
        .faces
        .iter()
        .any(|f| matches!(f, Face::Train | Face::LockedTrain))
    {
        d.push(
            err(
                Code::DiceSupply,
                "rules.dice.faces".into(),
                "the dice have no train face: no track is ever filled, no delivery pays points, so the points supply never runs out and no game ends".into(),
            )
            .fix("give the dice a `train` face, e.g. [coin, hotel, mine, ranch, train, locked-train]"),
        );
    }
}

fn check_goods(rules: &DiceRules, d: &mut Diagnostics) -> Vec<Good> {
    if rules.goods.len() > MAX_GOODS || rules.goods.is_empty() {
        d.push(err(
            Code::EngineLimit,
            "rules.goods".into(),
            format!(
                "a dice design has 1 to {MAX_GOODS} goods decks, not {}",
                rules.goods.len()
            ),
        ));
    }
    rules
        .goods
        .iter()
        .map(|(name, g)| Good {
            name: name.clone(),
            cards: g.cards,
            monopoly: g.monopoly,
        })
        .collect()
}

fn check_chains(
    rules: &DiceRules,
    goods: &[Good],
    d: &mut Diagnostics,
) -> [Vec<SmallVec<[u8; 2]>>; 3] {
    let raw = [&rules.chains.hotel, &rules.chains.mine, &rules.chains.ranch];
    let mut out: [Vec<SmallVec<[u8; 2]>>; 3] = Default::default();
    let mut starts: Vec<u8> = Vec::new();
    for (b, stages) in Building::ALL.into_iter().zip(raw) {
        let path = format!("rules.chains.{}", b.name());
        if stages.first().is_none_or(|s| s.is_empty()) {
            d.push(
                err(
                    Code::DiceChain,
                    path.clone(),
                    format!("the {} has no goods to start with", b.name()),
                )
                .fix("give it a first stage, e.g. [[cattle], [food], [gold]]"),
            );
        }
        let mut seen: Vec<u8> = Vec::new();
        for (si, stage) in stages.iter().enumerate() {
            let mut ids = SmallVec::new();
            for (gi, name) in stage.iter().enumerate() {
                match goods.iter().position(|g| &g.name == name) {
                    None => d.push(err(
                        Code::DiceChain,
                        format!("{path}[{si}][{gi}]"),
                        format!(
                            "the {} chain names `{name}`, which is not a goods deck (a dead end)",
                            b.name()
                        ),
                    )),
                    Some(g) => {
                        let g = g as u8;
                        if seen.contains(&g) {
                            d.push(err(
                                Code::DiceChain,
                                format!("{path}[{si}][{gi}]"),
                                format!("the {} chain loops back to `{name}`", b.name()),
                            ));
                        }
                        seen.push(g);
                        ids.push(g);
                    }
                }
            }
            if si == 0 {
                for &g in &ids {
                    if starts.contains(&g) {
                        d.push(err(
                            Code::DiceChain,
                            path.clone(),
                            format!(
                                "`{}` starts on two buildings; a deck lies on one building",
                                goods[usize::from(g)].name
                            ),
                        ));
                    }
                    starts.push(g);
                }
                if ids.len() > 1 {
                    d.push(err(
                        Code::DiceChain,
                        format!("{path}[0]"),
                        format!("the {} must start with one good", b.name()),
                    ));
                }
            }
            out[b.index()].push(ids);
        }
    }
    out
}

fn check_supplies(rules: &DiceRules, d: &mut Diagnostics) {
    let p = rules.players;
    if p.min < 1 || p.min > p.max || usize::from(p.max) > MAX_PLAYERS {
        d.push(err(
            Code::DiceSupply,
            "rules.players".into(),
            format!(
                "players {}–{} is not a range of 1 to {MAX_PLAYERS}",
                p.min, p.max
            ),
        ));
    }
    for n in p.min..=p.max.min(MAX_PLAYERS as u8) {
        match rules.points.supply.get(&n) {
            None => d.push(
                err(
                    Code::DiceSupply,
                    "rules.points.supply".into(),
                    format!("no victory-point supply for {n} players"),
                )
                .fix(format!("add `{n}: …` under rules.points.supply")),
            ),
            Some(&s) if u32::from(s) <= u32::from(n) * u32::from(rules.points.start) => d.push(err(
                Code::DiceSupply,
                "rules.points.supply".into(),
                format!(
                    "the supply of {s} points for {n} players does not cover the {} points dealt at setup",
                    u32::from(n) * u32::from(rules.points.start)
                ),
            )),
            Some(_) => {}
        }
    }
    let dice = &rules.dice;
    if dice.faces.is_empty() {
        d.push(err(
            Code::DiceSupply,
            "rules.dice.faces".into(),
            "the dice have no faces".into(),
        ));
    }
    if dice.rolled == 0 || dice.rolled > dice.per_player || dice.per_player > 15 {
        d.push(err(
            Code::DiceSupply,
            "rules.dice.rolled".into(),
            format!(
                "{} dice rolled a turn out of {} per player: rolled must be 1 to the dice per player (at most 15)",
                dice.rolled, dice.per_player
            ),
        ));
    }
    if dice.bonus > 15 || dice.build_set == 0 {
        d.push(err(
            Code::DiceSupply,
            "rules.dice".into(),
            "at most 15 bonus dice, and a building needs at least one face".into(),
        ));
    }
    if rules.coins.start > rules.coins.max || rules.coins.reroll_cost == 0 {
        d.push(err(
            Code::DiceSupply,
            "rules.coins".into(),
            "coins at the start above the most a player may hold, or free re-rolls".into(),
        ));
    }
    if rules.specials.keep > rules.specials.dealt {
        d.push(err(
            Code::DiceSupply,
            "rules.specials.keep".into(),
            "more special cards kept than dealt".into(),
        ));
    }
}

fn check_stations(file: &GameFile, rules: &DiceRules, d: &mut Diagnostics) -> Vec<Station> {
    let mut out = Vec::new();
    for (i, s) in file.stations.iter().enumerate() {
        if file.stations[..i].iter().any(|o| o.name == s.name) {
            d.push(err(
                Code::DuplicateName,
                format!("stations[{i}].name"),
                format!("two stations are called `{}`", s.name),
            ));
        }
        if !(2..=3).contains(&s.slots) {
            d.push(
                err(
                    Code::DiceSlots,
                    format!("stations[{i}].slots"),
                    format!(
                        "{} has {} building slots; the rulebook's stations have 2 or 3",
                        s.name, s.slots
                    ),
                )
                .fix("set slots to 2 or 3"),
            );
        }
        let bonus = s.bonus.as_ref().and_then(|b| {
            let path = format!("stations[{i}].bonus");
            let bonus = match b.kind.as_str() {
                "points" => Some(Bonus::Points(b.amount)),
                "special-card" => Some(Bonus::SpecialCards(b.amount)),
                "bonus-die" => Some(Bonus::BonusDice(b.amount)),
                other => {
                    d.push(
                        err(
                            Code::DiceUnknownBonus,
                            format!("{path}.kind"),
                            format!("{}'s bonus `{other}` does not exist", s.name),
                        )
                        .fix("use points, special-card or bonus-die"),
                    );
                    None
                }
            }?;
            let empty = match bonus {
                Bonus::SpecialCards(_) => file.specials.is_empty(),
                Bonus::BonusDice(_) => rules.dice.bonus == 0,
                Bonus::Points(_) => false,
            };
            if b.amount == 0 || empty {
                d.push(err(
                    Code::DiceUnknownBonus,
                    path,
                    format!(
                        "{}'s bonus of {} {} gives nothing (an amount of 0, or no such cards or dice in the game)",
                        s.name, b.amount, b.kind
                    ),
                ));
            }
            Some(bonus)
        });
        out.push(Station {
            name: s.name.clone(),
            pos: Point { x: s.x, y: s.y },
            slots: s.slots,
            bonus,
        });
    }
    out
}

fn build_tracks(
    file: &GameFile,
    stations: &[Station],
    junctions: &[(String, Point)],
    d: &mut Diagnostics,
) -> (Vec<Track>, Vec<Space>) {
    let end = |name: &str| {
        stations
            .iter()
            .position(|s| s.name == name)
            .map(|i| End::Station(i as u16))
            .or_else(|| {
                junctions
                    .iter()
                    .position(|j| j.0 == name)
                    .map(|i| End::Junction(i as u16))
            })
    };
    let mut tracks = Vec::new();
    let mut spaces: Vec<Space> = Vec::new();
    for (i, t) in file.tracks.iter().enumerate() {
        let mut ends = [None, None];
        for (k, (field, name)) in [("from", &t.from), ("to", &t.to)].into_iter().enumerate() {
            ends[k] = end(name);
            if ends[k].is_none() {
                d.push(err(
                    Code::UnknownName,
                    format!("tracks[{i}].{field}"),
                    format!(
                        "track {} names `{name}`, which is no station or junction",
                        t.display_name()
                    ),
                ));
            }
        }
        if t.spaces == 0 {
            d.push(
                err(
                    Code::DiceEmptyTrack,
                    format!("tracks[{i}].spaces"),
                    format!("track {} has no spaces", t.display_name()),
                )
                .fix("give it at least one space"),
            );
        }
        if t.from == t.to {
            d.push(err(
                Code::SelfLoop,
                format!("tracks[{i}]"),
                format!("track {} leads back to where it starts", t.display_name()),
            ));
        }
        let (Some(from), Some(to)) = (ends[0], ends[1]) else {
            continue;
        };
        if t.spaces == 0 || spaces.len() + t.spaces as usize > usize::from(u16::MAX) {
            continue;
        }
        let first = spaces.len() as u16;
        let len = t.spaces as u16;
        for k in 0..len {
            let mut neighbours = SmallVec::new();
            if k > 0 {
                neighbours.push(first + k - 1);
            }
            if k + 1 < len {
                neighbours.push(first + k + 1);
            }
            let at_station = (k == 0 && matches!(from, End::Station(_)))
                || (k + 1 == len && matches!(to, End::Station(_)));
            spaces.push(Space {
                track: tracks.len() as u16,
                neighbours,
                at_station,
            });
        }
        tracks.push(Track {
            from,
            to,
            first,
            len,
            name: t.display_name(),
            bends: t.bends.0.clone(),
        });
    }
    // Across junctions: the end spaces of every track meeting there.
    for j in 0..junctions.len() as u16 {
        let ends: Vec<u16> = tracks
            .iter()
            .flat_map(|t| {
                let mut v: SmallVec<[u16; 2]> = SmallVec::new();
                if t.from == End::Junction(j) {
                    v.push(t.first);
                }
                if t.to == End::Junction(j) {
                    v.push(t.first + t.len - 1);
                }
                v
            })
            .collect();
        for &a in &ends {
            for &b in &ends {
                if a != b && !spaces[usize::from(a)].neighbours.contains(&b) {
                    spaces[usize::from(a)].neighbours.push(b);
                }
            }
        }
    }
    (tracks, spaces)
}

fn build_groups(tracks: &[Track], spaces: &[Space]) -> (Vec<Group>, Vec<u16>) {
    let mut space_group = vec![u16::MAX; spaces.len()];
    let mut groups: Vec<Group> = Vec::new();
    for start in 0..spaces.len() {
        if space_group[start] != u16::MAX {
            continue;
        }
        let id = groups.len() as u16;
        let mut stack = vec![start as u16];
        space_group[start] = id;
        let mut members = Vec::new();
        while let Some(s) = stack.pop() {
            members.push(s);
            for &n in &spaces[usize::from(s)].neighbours {
                if space_group[usize::from(n)] == u16::MAX {
                    space_group[usize::from(n)] = id;
                    stack.push(n);
                }
            }
        }
        members.sort_unstable();
        let mut tr: SmallVec<[u16; 4]> = SmallVec::new();
        let mut st: SmallVec<[u16; 4]> = SmallVec::new();
        for &s in &members {
            let t = spaces[usize::from(s)].track;
            if !tr.contains(&t) {
                tr.push(t);
                for e in [tracks[usize::from(t)].from, tracks[usize::from(t)].to] {
                    if let End::Station(x) = e
                        && !st.contains(&x)
                    {
                        st.push(x);
                    }
                }
            }
        }
        st.sort_unstable();
        groups.push(Group {
            spaces: members,
            stations: st,
            tracks: tr,
            name: String::new(),
        });
    }
    (groups, space_group)
}

fn check_reachable(stations: &[Station], groups: &[Group], d: &mut Diagnostics) {
    for (i, s) in stations.iter().enumerate() {
        let reached = groups
            .iter()
            .any(|g| g.stations.len() >= 2 && g.stations.contains(&(i as u16)));
        if !reached {
            d.push(
                err(
                    Code::DiceUnreachable,
                    format!("stations[{i}]"),
                    format!(
                        "no delivery can reach {}: no track joins it to another station",
                        s.name
                    ),
                )
                .fix("draw a track from it to another station"),
            );
        }
    }
}

/// Are two stations joined through groups of track?
fn joined(groups: &[Group], stations: usize, a: u16, b: u16) -> bool {
    let mut seen = vec![false; stations];
    let mut stack = vec![a];
    seen[usize::from(a)] = true;
    while let Some(x) = stack.pop() {
        if x == b {
            return true;
        }
        for g in groups.iter().filter(|g| g.stations.contains(&x)) {
            for &y in &g.stations {
                if !seen[usize::from(y)] {
                    seen[usize::from(y)] = true;
                    stack.push(y);
                }
            }
        }
    }
    false
}

fn check_specials(
    file: &GameFile,
    stations: &[Station],
    groups: &[Group],
    goods: &[Good],
    rules: &DiceRules,
    d: &mut Diagnostics,
) -> Vec<Special> {
    let mut out = Vec::new();
    for (i, s) in file.specials.iter().enumerate() {
        let path = format!("specials[{i}]");
        let card = match (s.ticket.as_slice(), s.goods.as_slice()) {
            ([a, b], []) => {
                let ia = stations.iter().position(|x| &x.name == a);
                let ib = stations.iter().position(|x| &x.name == b);
                match (ia, ib) {
                    (Some(ia), Some(ib)) => {
                        let (ia, ib) = (ia as u16, ib as u16);
                        if ia == ib || !joined(groups, stations.len(), ia, ib) {
                            d.push(
                                err(
                                    Code::DiceTicket,
                                    format!("{path}.ticket"),
                                    format!("no chain of deliveries connects {a} and {b}"),
                                )
                                .fix("name two stations the tracks connect"),
                            );
                        }
                        Some(Special::Ticket {
                            a: ia,
                            b: ib,
                            points: s.points.unwrap_or(0),
                        })
                    }
                    _ => {
                        d.push(err(
                            Code::DiceTicket,
                            format!("{path}.ticket"),
                            format!("the ticket {a} - {b} names an unknown station"),
                        ));
                        None
                    }
                }
            }
            ([], [a, b]) => {
                let ga = goods.iter().position(|g| &g.name == a);
                let gb = goods.iter().position(|g| &g.name == b);
                match (ga, gb) {
                    (Some(ga), Some(gb)) => Some(Special::Goods {
                        a: ga as u8,
                        b: gb as u8,
                    }),
                    _ => {
                        d.push(err(
                            Code::DiceChain,
                            format!("{path}.goods"),
                            format!("the goods card {a} + {b} names an unknown good"),
                        ));
                        None
                    }
                }
            }
            _ => {
                d.push(
                    err(
                        Code::DiceTicket,
                        path.clone(),
                        "a special card is a `ticket:` of two stations or a `goods:` of two goods"
                            .into(),
                    )
                    .fix("write `ticket: [Seattle, Detroit]` with `points:`, or `goods: [coal, cattle]`"),
                );
                None
            }
        };
        if let Some(c) = card {
            for _ in 0..s.count {
                out.push(c);
            }
        }
    }
    let need = usize::from(rules.specials.dealt) * usize::from(rules.players.max);
    if out.len() < need {
        d.push(err(
            Code::DiceSupply,
            "specials".into(),
            format!(
                "{} special cards cannot deal {} to each of {} players",
                out.len(),
                rules.specials.dealt,
                rules.players.max
            ),
        ));
    }
    out
}

/// Names each group by its stations, numbering groups that join the same ones.
fn name_groups(design: &mut DiceDesign) {
    let mut used: Vec<String> = Vec::new();
    for g in &mut design.groups {
        let base = g
            .stations
            .iter()
            .map(|&s| design.stations[usize::from(s)].name.as_str())
            .collect::<Vec<_>>()
            .join(" - ");
        let mut name = base.clone();
        let mut n = 1;
        while used.contains(&name) {
            n += 1;
            name = format!("{base} ({n})");
        }
        used.push(name.clone());
        g.name = name;
    }
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
