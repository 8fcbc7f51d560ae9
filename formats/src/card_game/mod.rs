//! The file layer of Ticket to Ride: The Card Game (`family: card-game`).

mod rules;

pub use rules::*;
