//! The card game's decisions and what they did.

use crate::game::Seat;

pub use crate::game::Keep;

/// A decision of the card game (RULES.md §4, phase 2, and the ticket choices).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Keep these of the tickets on offer (at setup or after drawing them).
    KeepTickets(Keep),
    /// Draw the top card of the train deck.
    DrawBlind,
    /// Take the face-up card in this slot (0-based).
    DrawFaceUp(u8),
    /// Play a row of one colour to the Rail Yard: `cards` of colour `color`
    /// with `locos` locomotives on top.
    PlayRow {
        /// The colour (card kind).
        color: u8,
        /// Cards of that colour.
        cards: u8,
        /// Locomotives on top of the row.
        locos: u8,
    },
    /// Play one card of each colour in the mask (bit `k` = colour `k`) to the
    /// Rail Yard, each its own row.
    PlayMixed(u16),
    /// Draw tickets.
    DrawTickets,
    /// Nothing else is possible: the turn passes.
    Pass,
}

impl crate::game::KeepsTickets for Action {
    fn kept(&self) -> Option<Keep> {
        match self {
            Action::KeepTickets(k) => Some(*k),
            _ => None,
        }
    }
}

/// The kind of an action, as simulations count them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionKind {
    /// A ticket choice.
    KeepTickets,
    /// A train-card draw.
    DrawCard,
    /// A Rail Yard play.
    Play,
    /// Drawing tickets.
    DrawTickets,
    /// A pass.
    Pass,
}

impl Action {
    /// Its kind.
    pub fn kind(self) -> ActionKind {
        match self {
            Action::KeepTickets(_) => ActionKind::KeepTickets,
            Action::DrawBlind | Action::DrawFaceUp(_) => ActionKind::DrawCard,
            Action::PlayRow { .. } | Action::PlayMixed(_) => ActionKind::Play,
            Action::DrawTickets => ActionKind::DrawTickets,
            Action::Pass => ActionKind::Pass,
        }
    }
}

/// What happened, for logs and measures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A player kept tickets and returned the rest.
    KeptTickets {
        /// Who.
        seat: Seat,
        /// Kept.
        kept: u8,
        /// Returned.
        returned: u8,
    },
    /// Phase 1: one card of each Rail Yard row went On the Track.
    MovedToTrack {
        /// Whose.
        seat: Seat,
        /// How many cards.
        cards: u8,
    },
    /// A train card drawn: the kind when face up, `None` when blind.
    Drew {
        /// Who.
        seat: Seat,
        /// The face-up card taken.
        face_up: Option<u8>,
    },
    /// A Rail Yard play.
    Played {
        /// Who.
        seat: Seat,
        /// Cards of each colour played (locomotives with their row's colour).
        colors: u16,
        /// Cards played in all, locomotives included.
        cards: u8,
        /// Of them, locomotives (on top of a row of one colour).
        locos: u8,
    },
    /// Train Robbery: the victim discarded their row of this colour.
    Robbed {
        /// Who played more.
        thief: Seat,
        /// Who lost the row.
        victim: Seat,
        /// The colour.
        color: u8,
        /// Cards the victim discarded.
        cards: u8,
    },
    /// Tickets drawn and offered.
    DrewTickets {
        /// Who.
        seat: Seat,
        /// How many offered.
        offered: u8,
    },
    /// Nothing possible: passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// The last card of the train deck was drawn: everyone has one more turn.
    DeckRanOut {
        /// Who drew it.
        seat: Seat,
    },
    /// A deal was scored: the tickets each player completed.
    DealScored {
        /// The deal, 0-based.
        deal: u8,
        /// (player, ticket) for every completed ticket.
        completed: Vec<(Seat, u16)>,
    },
    /// A new deal began (4 players: the second deal).
    NewDeal {
        /// The deal, 0-based.
        deal: u8,
    },
    /// The game is over.
    GameOver,
}

/// Everything one action did.
pub type Events = Vec<Event>;
