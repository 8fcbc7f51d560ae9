//! What happened when an action was applied, for logs and the studio. Events
//! carry the full truth (a blind draw names its card); whoever shows them to a
//! player hides what that player may not see (see [`Event::visible_to`]).

use smallvec::SmallVec;

use super::action::Payment;
use super::cards::Card;
use crate::board_game::board::{CityId, RouteId, TicketId};
use crate::game::{EndReason, Seat};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A player kept tickets (and returned the rest).
    TicketsKept {
        /// Who.
        seat: Seat,
        /// Kept.
        kept: Tickets,
        /// Given back.
        returned: Tickets,
    },
    /// A player drew tickets and must choose.
    TicketsOffered {
        /// Who.
        seat: Seat,
        /// The offer.
        offered: Tickets,
    },
    /// A player took a train card.
    CardDrawn {
        /// Who.
        seat: Seat,
        /// The card.
        card: Card,
        /// From the display (slot) or blind from the deck.
        slot: Option<u8>,
    },
    /// A player took a terrain card.
    TerrainDrawn {
        /// Who.
        seat: Seat,
        /// The type.
        terrain: u8,
        /// From the face-up row (slot) or blind from the deck.
        slot: Option<u8>,
    },
    /// Three (or the reset count) face-up locomotives: the display was dealt anew.
    DisplayReset,
    /// The discards were shuffled into a new deck.
    Reshuffled,
    /// A route was claimed.
    RouteClaimed {
        /// Who.
        seat: Seat,
        /// Which.
        route: RouteId,
        /// With what (tunnel extras not included).
        payment: Payment,
        /// Points scored.
        points: i32,
    },
    /// A tunnel's top cards were revealed.
    TunnelRevealed {
        /// The revealed cards.
        cards: Revealed,
        /// Extra cards demanded.
        extra: u8,
    },
    /// A player paid a tunnel's extra cards.
    TunnelPaid {
        /// Who.
        seat: Seat,
        /// Extra cards paid.
        extra: u8,
        /// Of which locomotives.
        locomotives: u8,
    },
    /// A player refused a tunnel's extra cards.
    TunnelWithdrawn {
        /// Who.
        seat: Seat,
        /// The tunnel.
        route: RouteId,
    },
    /// A station was built.
    StationBuilt {
        /// Who.
        seat: Seat,
        /// Where.
        city: CityId,
        /// With what.
        payment: Payment,
    },
    /// A route's points were doubled with terrain cards.
    RouteDoubled {
        /// Who.
        seat: Seat,
        /// Which.
        route: RouteId,
        /// Points added.
        points: i32,
        /// Terrain cards spent.
        terrain_cards: u8,
        /// Locomotives played as terrain.
        locomotives: u8,
    },
    /// A player could not act and passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// The last round began.
    LastRound {
        /// Whose low train count started it.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// Why.
        reason: EndReason,
    },
}

impl Event {
    /// May `viewer` see this event in full? Blind draws and ticket choices are
    /// private to their player; everyone sees the rest.
    pub fn visible_to(&self, viewer: Seat) -> bool {
        match self {
            Event::CardDrawn {
                seat, slot: None, ..
            }
            | Event::TicketsOffered { seat, .. }
            | Event::TicketsKept { seat, .. } => *seat == viewer,
            _ => true,
        }
    }
}

/// Where applying an action reports what happened: a list of events, or
/// nowhere when nobody reads them (random play, simulations).
pub(crate) trait EventSink {
    /// Reports one event.
    fn push(&mut self, e: Event);
}

impl EventSink for Events {
    #[inline]
    fn push(&mut self, e: Event) {
        SmallVec::push(self, e);
    }
}

/// Drops every event unread.
pub(crate) struct Unreported;

impl EventSink for Unreported {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// Tickets named by an event: a handful, kept inline so that drawing and
/// keeping tickets allocates nothing.
pub type Tickets = SmallVec<[TicketId; 8]>;

/// The cards a tunnel reveals: a few, kept inline.
pub type Revealed = SmallVec<[Card; 8]>;

/// The events of one action (usually one or two).
pub type Events = SmallVec<[Event; 2]>;
