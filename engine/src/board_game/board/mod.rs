//! The board: a validated, index-based, immutable model of a design.
//!
//! A [`Board`] exists only for a design without errors (see
//! [`crate::validate::validate`]); its lists keep the design file's order, so
//! `RouteId(i)` is `routes[i]` of the file.

mod build;
pub mod ids;

use formats::{Point, Rules};

pub use build::build;
pub use ids::{CityId, ColorId, CountryId, Place, RouteColor, RouteId, TerrainId, TicketId};

/// The most train-card colours a deck may have (locomotives aside).
pub const MAX_COLORS: usize = 12;
/// The largest face-up display.
pub const MAX_DISPLAY: usize = 8;
/// The most terrain-card types.
pub const MAX_TERRAIN_TYPES: usize = 4;
/// The largest face-up terrain display.
pub const MAX_TERRAIN_FACE_UP: usize = 6;
/// The most players a design may allow.
pub const MAX_PLAYERS: usize = 8;
/// The most cities, routes or tickets (ids are 16-bit).
pub const MAX_OBJECTS: usize = u16::MAX as usize;
/// The most tickets one offer may hold (`tickets.setup` or `tickets.draw`,
/// regular and long together): a choice of tickets to keep is a bitmask
/// ([`Keep`](crate::board_game::Keep)) with one bit per ticket offered, and
/// 16 offered tickets already make 65,535 choices to list.
pub const MAX_TICKET_OFFER: usize = 16;
const _: () = assert!(MAX_TICKET_OFFER <= 8 * std::mem::size_of::<crate::board_game::Keep>());
/// The most cards a tunnel may reveal (`tunnels.reveal`): a pending tunnel
/// keeps its revealed cards inline
/// ([`PendingTunnel::revealed`](crate::board_game::PendingTunnel)), so that
/// the game's phase stays a small copyable value.
pub const MAX_TUNNEL_REVEAL: usize = 8;
// Does not compile unless a pending tunnel holds exactly this many cards.
const _: crate::board_game::PendingTunnel = crate::board_game::PendingTunnel {
    route: RouteId(0),
    payment: crate::board_game::Payment {
        color: crate::board_game::Card::LOCOMOTIVE,
        locomotives: 0,
    },
    revealed: [None; MAX_TUNNEL_REVEAL],
    extra: 0,
};
/// The largest score the engine can count: scores are 32-bit. The validator
/// adds up every point a player could ever score or lose and refuses a design
/// whose sum is larger, so no score can overflow.
pub const MAX_POINTS: i64 = i32::MAX as i64;

/// A city or a country location.
#[derive(Clone, Debug, PartialEq)]
pub struct City {
    /// Its unique name.
    pub name: String,
    /// Where it is drawn, in millimetres.
    pub pos: Point,
    /// The country it is a location of: such a city is a dead end, routes do
    /// not connect through it.
    pub country: Option<CountryId>,
}

/// A multi-location destination.
#[derive(Clone, Debug, PartialEq)]
pub struct Country {
    /// Its unique name.
    pub name: String,
    /// Its locations.
    pub locations: Vec<CityId>,
}

/// One track.
#[derive(Clone, Debug, PartialEq)]
pub struct Route {
    /// The file's `id`, or the route's name when it has none.
    pub key: String,
    /// How messages name it: `Madrid - Pamplona (black)`, with the key added
    /// when another route has the same name.
    pub name: String,
    /// One end.
    pub from: CityId,
    /// The other end.
    pub to: CityId,
    /// Car spaces (and trains it takes).
    pub length: u8,
    /// The colour it asks for.
    pub color: RouteColor,
    /// A tunnel.
    pub tunnel: bool,
    /// Spaces that need a locomotive (ferries); 0 for other routes.
    pub ferry: u8,
    /// Points for claiming it, from the scoring table.
    pub points: i32,
    /// The terrain type that doubles it, when the rules use terrain cards.
    pub terrain: Option<TerrainId>,
    /// Terrain cards needed to double it (0 when it cannot be doubled).
    pub doubling_cost: u8,
    /// The other routes between the same two cities (a double route's other track).
    pub siblings: Vec<RouteId>,
}

impl Route {
    /// The end that is not `city` (or `from` if `city` is neither).
    pub fn other_end(&self, city: CityId) -> CityId {
        if self.from == city {
            self.to
        } else {
            self.from
        }
    }
}

/// A destination ticket.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticket {
    /// One end.
    pub from: Place,
    /// The other end.
    pub to: Place,
    /// Won when completed, lost when not.
    pub points: i32,
    /// A long ticket.
    pub long: bool,
    /// `From - To`.
    pub name: String,
}

/// A train-card colour.
#[derive(Clone, Debug, PartialEq)]
pub struct CardColor {
    /// Its name in files, e.g. `pink`.
    pub name: String,
    /// Cards of it in the deck.
    pub count: u8,
    /// A drawing colour from the deck's palette, when given.
    pub rgb: Option<[u8; 3]>,
}

/// A terrain-card type.
#[derive(Clone, Debug, PartialEq)]
pub struct TerrainType {
    /// Its name, e.g. `desert`.
    pub name: String,
    /// Cards of it in the terrain deck.
    pub count: u8,
}

/// A validated design, ready to be played.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub(crate) name: String,
    pub(crate) rules: Rules,
    pub(crate) colors: Vec<CardColor>,
    pub(crate) locomotives: u8,
    pub(crate) cities: Vec<City>,
    pub(crate) countries: Vec<Country>,
    pub(crate) routes: Vec<Route>,
    pub(crate) tickets: Vec<Ticket>,
    pub(crate) terrain_types: Vec<TerrainType>,
    pub(crate) adjacency: Vec<Vec<RouteId>>,
    /// Per route: its ends and length, packed (see [`RouteEnds`]).
    pub(crate) route_ends: Vec<RouteEnds>,
    /// Per city: is it a dead end (a country location)?
    pub(crate) dead_ends: Vec<bool>,
}

/// A route's two ends and its length, packed into one small value: the
/// longest-path measure reads every claimed route of every player at the
/// end of every game, and a [`Route`] spreads them over a much larger
/// record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RouteEnds {
    /// One end's city index.
    pub from: u16,
    /// The other end's city index.
    pub to: u16,
    /// Car spaces.
    pub length: u16,
}

impl RouteEnds {
    /// The packed ends of `route`.
    pub(crate) fn of(route: &Route) -> Self {
        RouteEnds {
            from: route.from.0,
            to: route.to.0,
            length: u16::from(route.length),
        }
    }
}

impl Board {
    /// The design's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The resolved rule parameters.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The deck's colours, in order (`ColorId(i)` is entry `i`).
    pub fn colors(&self) -> &[CardColor] {
        &self.colors
    }

    /// Locomotives in the deck.
    pub fn locomotives(&self) -> u8 {
        self.locomotives
    }

    /// Cities in file order.
    pub fn cities(&self) -> &[City] {
        &self.cities
    }

    /// One city.
    pub fn city(&self, id: CityId) -> &City {
        &self.cities[id.index()]
    }

    /// Countries in file order.
    pub fn countries(&self) -> &[Country] {
        &self.countries
    }

    /// Routes in file order.
    pub fn routes(&self) -> &[Route] {
        &self.routes
    }

    /// One route.
    pub fn route(&self, id: RouteId) -> &Route {
        &self.routes[id.index()]
    }

    /// Tickets in file order.
    pub fn tickets(&self) -> &[Ticket] {
        &self.tickets
    }

    /// One ticket.
    pub fn ticket(&self, id: TicketId) -> &Ticket {
        &self.tickets[id.index()]
    }

    /// Terrain-card types (empty when the rules use none).
    pub fn terrain_types(&self) -> &[TerrainType] {
        &self.terrain_types
    }

    /// Routes touching a city.
    pub fn routes_at(&self, city: CityId) -> &[RouteId] {
        &self.adjacency[city.index()]
    }

    /// A place's name.
    pub fn place_name(&self, p: Place) -> &str {
        match p {
            Place::City(c) => &self.cities[c.index()].name,
            Place::Country(c) => &self.countries[c.index()].name,
        }
    }

    /// A colour's name, or `gray`.
    pub fn route_color_name(&self, c: RouteColor) -> &str {
        match c {
            RouteColor::Gray => "gray",
            RouteColor::Color(c) => &self.colors[c.index()].name,
        }
    }

    /// Is the city a location of a country (a dead end)?
    pub fn is_dead_end(&self, city: CityId) -> bool {
        self.cities[city.index()].country.is_some()
    }

    /// [`Self::is_dead_end`] of every city, by city index.
    pub(crate) fn dead_ends(&self) -> &[bool] {
        &self.dead_ends
    }

    /// Every route's ends and length, by route index.
    pub(crate) fn route_ends(&self) -> &[RouteEnds] {
        &self.route_ends
    }

    /// Does reaching `city` reach `place`?
    pub fn reaches(&self, city: CityId, place: Place) -> bool {
        match place {
            Place::City(c) => c == city,
            Place::Country(k) => self.cities[city.index()].country == Some(k),
        }
    }

    /// Looks up a city by name.
    pub fn city_by_name(&self, name: &str) -> Option<CityId> {
        self.cities
            .iter()
            .position(|c| c.name == name)
            .map(CityId::from_index)
    }

    /// Looks up a route by its key (file id) or its name, in either direction.
    pub fn route_by_name(&self, name: &str) -> Option<RouteId> {
        let found = self
            .routes
            .iter()
            .position(|r| r.key == name || r.name == name);
        found
            .or_else(|| {
                self.routes.iter().position(|r| {
                    let rev = format!(
                        "{} - {} ({})",
                        self.cities[r.to.index()].name,
                        self.cities[r.from.index()].name,
                        self.route_color_name(r.color)
                    );
                    rev == name
                })
            })
            .map(RouteId::from_index)
    }

    /// Looks up a ticket by its name `From - To` (either direction).
    pub fn ticket_by_name(&self, name: &str) -> Option<TicketId> {
        self.tickets
            .iter()
            .position(|t| {
                t.name == name
                    || format!("{} - {}", self.place_name(t.to), self.place_name(t.from)) == name
            })
            .map(TicketId::from_index)
    }

    /// Looks up a colour by name.
    pub fn color_by_name(&self, name: &str) -> Option<ColorId> {
        self.colors
            .iter()
            .position(|c| c.name == name)
            .map(ColorId::from_index)
    }

    /// Train cards in the deck, locomotives included.
    pub fn deck_size(&self) -> usize {
        self.colors
            .iter()
            .map(|c| usize::from(c.count))
            .sum::<usize>()
            + usize::from(self.locomotives)
    }
}
