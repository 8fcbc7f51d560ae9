//! Index newtypes: a `RouteId` can never be used where a `CityId` is meant.

use std::fmt;

macro_rules! id {
    ($(#[$doc:meta])* $name:ident($inner:ty)) => {
        $(#[$doc])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The index into the board's list.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }

            /// The id of list entry `i`. Boards are limited in size when built, so
            /// every index of a built board fits.
            #[inline]
            pub fn from_index(i: usize) -> Self {
                $name(i as $inner)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id!(
    /// A city (or a country location) of a board.
    CityId(u16)
);
id!(
    /// A route (one track) of a board.
    RouteId(u16)
);
id!(
    /// A destination ticket of a board.
    TicketId(u16)
);
id!(
    /// A country (a multi-location destination) of a board.
    CountryId(u16)
);
id!(
    /// A train-card colour of the deck.
    ColorId(u8)
);
id!(
    /// A terrain-card type.
    TerrainId(u8)
);

/// The colour a route asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RouteColor {
    /// Any one colour.
    Gray,
    /// Exactly this colour.
    Color(ColorId),
}

/// A ticket's end: a city, or any location of a country.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// One city.
    City(CityId),
    /// Any location of a country.
    Country(CountryId),
}
