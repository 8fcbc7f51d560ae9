//! Diagnostics: what the validator says about a design, the objects it is about,
//! where they are written, and how to fix it. Every family's checks report
//! through these types; [`allow`] applies a design's `allow:` list once for
//! every family, and `keys` lists the rule keys no parameter has (TL116).

pub mod allow;
pub(crate) mod keys;
pub(crate) mod names;

use std::fmt;

use formats::{Location, Sources};
use serde::Serialize;

/// How serious a diagnostic is. Errors stop a design from being played;
/// warnings and infos never block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The design cannot be played as it is.
    Error,
    /// Probably a mistake, or a design problem worth a look.
    Warning,
    /// Facts about the design.
    Info,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        })
    }
}

/// An object of the design a diagnostic is about, by its index in the design
/// file's lists (which a built board keeps), so the studio can select it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", content = "index", rename_all = "lowercase")]
pub enum ObjectRef {
    /// `cities[i]`.
    City(usize),
    /// `countries[i]`.
    Country(usize),
    /// `routes[i]`.
    Route(usize),
    /// `tickets[i]`.
    Ticket(usize),
    /// `terrain.regions[i]`.
    Region(usize),
    /// A rule parameter, by key path below `rules` (e.g. `display.size`).
    Rule(String),
    /// The card deck.
    Cards,
    /// A colour of the deck and the routes of that colour, by its name.
    Color(String),
}

impl ObjectRef {
    /// The key path of the object in the design file.
    pub fn path(&self) -> String {
        match self {
            ObjectRef::City(i) => format!("cities[{i}]"),
            ObjectRef::Country(i) => format!("countries[{i}]"),
            ObjectRef::Route(i) => format!("routes[{i}]"),
            ObjectRef::Ticket(i) => format!("tickets[{i}]"),
            ObjectRef::Region(i) => format!("terrain.regions[{i}]"),
            ObjectRef::Rule(p) => format!("rules.{p}"),
            ObjectRef::Cards => "cards".into(),
            ObjectRef::Color(c) => format!("cards.colors.{c}"),
        }
    }
}

/// One finding of the validator.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Stable code, e.g. `TL012`; `docs/diagnostics.md` explains each.
    pub code: Code,
    /// How serious it is.
    pub severity: Severity,
    /// What is wrong, naming the objects.
    pub message: String,
    /// The objects it is about.
    pub objects: Vec<ObjectRef>,
    /// The key path of the offending field (`routes[12].color`), when there is one.
    pub path: Option<String>,
    /// Where that field is written, once located with [`Diagnostics::locate`].
    #[serde(serialize_with = "location_as_text")]
    pub span: Option<Location>,
    /// A suggested fix.
    pub fix: Option<String>,
}

fn location_as_text<S: serde::Serializer>(loc: &Option<Location>, s: S) -> Result<S::Ok, S::Error> {
    match loc {
        None => s.serialize_none(),
        Some(l) => {
            use serde::ser::SerializeStruct;
            let mut st = s.serialize_struct("Span", 3)?;
            st.serialize_field("file", &l.file.display().to_string())?;
            st.serialize_field("line", &l.pos.line)?;
            st.serialize_field("column", &l.pos.column)?;
            st.end()
        }
    }
}

impl Diagnostic {
    /// A diagnostic with the severity its code carries.
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: code.severity(),
            message: message.into(),
            objects: Vec::new(),
            path: None,
            span: None,
            fix: None,
        }
    }

    /// The error of rules (or a deck) that do not resolve, at the field
    /// that stops them and about that rule.
    pub fn unresolved_rules(e: &formats::rules::ResolveError) -> Self {
        Diagnostic::new(
            Code::RuleContradiction,
            format!("`{}`: {}", e.path, e.message),
        )
        .at(e.path.clone())
        .object(ObjectRef::Rule(
            e.path.trim_start_matches("rules.").to_owned(),
        ))
    }

    /// Adds an object it is about.
    pub fn object(mut self, o: ObjectRef) -> Self {
        self.objects.push(o);
        self
    }

    /// Sets the key path of the offending field.
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = Some(path.into());
        self
    }

    /// Sets the suggested fix.
    pub fn fix(mut self, fix: impl Into<String>) -> Self {
        self.fix = Some(fix.into());
        self
    }
}

/// Everything the validator found, in the order found.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    /// Any errors?
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| d.severity == Severity::Error)
    }

    /// How many of a severity.
    pub fn count(&self, s: Severity) -> usize {
        self.0.iter().filter(|d| d.severity == s).count()
    }

    /// Those with a given code.
    pub fn with_code(&self, code: Code) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(move |d| d.code == code)
    }

    /// Iterates over them.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.0.iter()
    }

    /// Fills in each diagnostic's source span from where the design was read.
    pub fn locate(&mut self, sources: &Sources) {
        for d in &mut self.0 {
            let path = d
                .path
                .clone()
                .or_else(|| d.objects.first().map(ObjectRef::path));
            if let Some(p) = path {
                d.span = sources.locate(&p);
            }
        }
    }
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $name:ident = $num:literal, $sev:ident, $title:literal; )*) => {
        /// The stable diagnostic codes. Errors are `TL0xx`, warnings `TL1xx`,
        /// infos `TL2xx`; a code never changes meaning.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $( $(#[$doc])* $name, )*
        }

        impl Code {
            /// Every code, in order.
            pub const ALL: &'static [Code] = &[$(Code::$name),*];

            /// The number, e.g. 12 for `TL012`.
            pub fn number(self) -> u16 {
                match self { $(Code::$name => $num,)* }
            }

            /// The severity findings of this code have.
            pub fn severity(self) -> Severity {
                match self { $(Code::$name => Severity::$sev,)* }
            }

            /// A short title.
            pub fn title(self) -> &'static str {
                match self { $(Code::$name => $title,)* }
            }
        }
    };
}

codes! {
    /// A name that refers to no city or country.
    UnknownName = 1, Error, "unknown name";
    /// Two cities or countries with the same name.
    DuplicateName = 2, Error, "duplicate name";
    /// Two routes with the same id.
    DuplicateRouteId = 3, Error, "duplicate route id";
    /// A route from a city to itself.
    SelfLoop = 4, Error, "route from a city to itself";
    /// A route length the scoring table does not have.
    LengthNotScored = 5, Error, "route length not in the scoring table";
    /// A colour the deck does not have.
    UnknownColor = 6, Error, "unknown colour";
    /// A ferry needing more locomotives than it has spaces.
    FerryTooManyLocomotives = 7, Error, "ferry locomotives above the length";
    /// A ticket whose ends cannot be connected.
    TicketUnreachable = 8, Error, "ticket cannot be completed";
    /// A ticket from a place to itself.
    TicketSelf = 9, Error, "ticket from a place to itself";
    /// Too few train cards for the setup at the most players.
    DeckTooSmall = 10, Error, "train deck too small for setup";
    /// Too few tickets (or terrain cards) for the setup at the most players.
    TicketDeckTooSmall = 11, Error, "ticket deck too small for setup";
    /// Rule parameters that contradict each other.
    RuleContradiction = 12, Error, "contradictory rule parameters";
    /// Terrain cards on while a route colour has no terrain type.
    TerrainColorMissing = 13, Error, "route colour without terrain type";
    /// A city names a country that does not exist.
    UnknownCountry = 14, Error, "unknown country";
    /// A rule family this version cannot play.
    UnsupportedFamily = 15, Error, "unsupported rule family";
    /// A design beyond what the engine can hold (colours, sizes).
    EngineLimit = 16, Error, "beyond the engine's limits";
    /// Dice family: a track with no spaces.
    DiceEmptyTrack = 50, Error, "track of length 0";
    /// Dice family: a city bonus of a kind that does not exist (or whose
    /// supply is empty).
    DiceUnknownBonus = 51, Error, "bonus that does not exist";
    /// Dice family: a delivery ticket naming an unknown station, or two
    /// stations no delivery can connect.
    DiceTicket = 52, Error, "delivery ticket cannot be completed";
    /// Dice family: a goods chain naming an unknown good, using a good twice
    /// or empty.
    DiceChain = 53, Error, "goods chain loops or dead-ends";
    /// Dice family: a supply too small for the player counts, or rules that
    /// do not resolve.
    DiceSupply = 54, Error, "supply too small for the player counts";
    /// The card game: too few train cards (or locomotives) for the deal at the most players.
    CardDeckTooSmall = 40, Error, "card game: deck too small for the deal";
    /// The card game: a ticket needs more cards than the deck holds.
    TicketBeyondDeck = 41, Error, "card game: ticket the deck cannot supply";
    /// The card game: rule parameters with which a deal cannot end or a turn cannot be played.
    CardRulesCannotEnd = 42, Error, "card game: rules that cannot end";
    /// The card game: too few tickets for the setup deal at the most players.
    CardTicketsTooFew = 43, Error, "card game: ticket deck too small for setup";
    /// The map falls apart into unconnected parts.
    Disconnected = 101, Warning, "map splits into parts";
    /// A city no route touches.
    IsolatedCity = 102, Warning, "city with no route";
    /// A city no ticket names.
    CityWithoutTicket = 103, Warning, "city on no ticket";
    /// Ticket points far from the shortest path.
    TicketPointsOff = 104, Warning, "ticket points differ from the shortest path";
    /// Two tickets between the same places.
    DuplicateTicket = 105, Warning, "duplicate ticket";
    /// Parallel routes of different lengths.
    ParallelLengths = 106, Warning, "parallel routes of different lengths";
    /// Parallel routes of the same colour.
    ParallelSameColor = 107, Warning, "parallel routes of the same colour";
    /// More than two routes between one pair of cities.
    TooManyParallel = 108, Warning, "more than two parallel routes";
    /// Colours with very different amounts of track.
    ColorImbalance = 109, Warning, "colour imbalance";
    /// A colour with fewer cards than its longest route.
    ColorShort = 110, Warning, "too few cards for a colour's longest route";
    /// Ferries needing more locomotives than the deck holds.
    FerryLocomotives = 111, Warning, "ferry needs more locomotives than the deck holds";
    /// Too little track for the game to end.
    TrainsVsTrack = 112, Warning, "trains per player against the track available";
    /// A ticket whose shortest path needs more trains than a player has.
    TicketBeyondTrains = 131, Warning, "ticket longer than a player's trains";
    /// A city or bend point outside the printed board.
    OutsideBoard = 130, Warning, "object outside the board";
    /// A route drawn longer than the longest length the scoring table scores.
    RouteBeyondScoring = 132, Warning, "route drawn longer than the scoring table allows";
    /// Routes drawn crossing each other.
    RoutesCross = 113, Warning, "routes cross";
    /// A route drawn much shorter than its length.
    RouteDrawnShort = 114, Warning, "route drawn shorter than its length";
    /// Cities drawn on top of each other.
    CitiesOverlap = 115, Warning, "cities overlap";
    /// A field this version does not know (kept as is).
    UnknownField = 116, Warning, "unknown field";
    /// An `allow:` entry that silences nothing.
    UnusedAllow = 117, Warning, "unused allow entry";
    /// Car spaces drawn over another route's car spaces, a city or a name.
    CarSpacesOverlap = 118, Warning, "car spaces overlap";
    /// A route drawn longer or shorter than its car spaces.
    RouteLengthOff = 119, Warning, "route drawn off its car count";
    /// A city's name drawn over another name or city.
    NamesOverlap = 120, Warning, "names overlap";
    /// Dice family: a station with fewer than 2 or more than 3 building slots.
    DiceSlots = 150, Warning, "station slots outside 2-3";
    /// Dice family: a station no delivery can reach.
    DiceUnreachable = 151, Warning, "unreachable station";
    /// Dice family: station-map parts (spaces, slots, names) drawn over each other.
    DiceMapOverlap = 152, Warning, "station map parts overlap";
    /// The card game: a Big City bonus no ticket names.
    BigCityUnnamed = 140, Warning, "card game: Big City on no ticket";
    /// The card game: a ticket that needs no card (completed by anyone).
    TrivialTicket = 141, Warning, "card game: ticket needing no cards";
    /// The card game: a ticket needing more cards than a player sees in a deal.
    TicketOutOfReach = 142, Warning, "card game: ticket out of reach";
    /// Routes whose loss cuts the map.
    Bridge = 201, Info, "bridge route";
    /// The statistics summary.
    Statistics = 202, Info, "statistics";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TL{:03}", self.number())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Code {
    /// Parses `TL012`.
    pub fn parse(s: &str) -> Option<Code> {
        let n: u16 = s.strip_prefix("TL")?.parse().ok()?;
        Code::ALL.iter().copied().find(|c| c.number() == n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_banded_by_severity() {
        let mut seen = std::collections::HashSet::new();
        for &c in Code::ALL {
            assert!(seen.insert(c.number()), "{c} twice");
            let band = match c.severity() {
                Severity::Error => 0..100,
                Severity::Warning => 100..200,
                Severity::Info => 200..300,
            };
            assert!(band.contains(&c.number()), "{c}");
            assert_eq!(Code::parse(&c.to_string()), Some(c));
        }
    }
}
