//! The decisions of the dice game and what they did.

use super::design::{Bonus, Building};
use super::state::Faces;

/// One decision. Dice are counted by face ([`Faces`]): dice showing the same
/// face are alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup: return this special card (a hand index) to the deck.
    ReturnSpecial(u8),
    /// Step 1: take back every own die from the board, ending the turn.
    Recall,
    /// Step 1–2: roll, with this many held bonus dice, keeping these saved
    /// dice as they lie (the other saved dice are rolled again).
    Roll {
        /// Bonus dice rolled.
        bonus: u8,
        /// Saved dice kept as they are, by face.
        keep: Faces,
    },
    /// Step 2: pay to roll these dice again.
    Reroll {
        /// Own dice, by face.
        own: Faces,
        /// White dice, by face.
        bonus: Faces,
    },
    /// Step 2: keep the roll.
    Stop,
    /// Step 3: a train (own or white) on a space.
    Place {
        /// The space.
        space: u16,
        /// A white die rather than an own one.
        bonus: bool,
    },
    /// Step 3: build from equal faces.
    Build {
        /// What.
        building: Building,
        /// Where (a station index).
        station: u16,
    },
    /// Step 3: end the turn's building: save these own dice for the next
    /// turn, cash the other coin faces.
    Finish {
        /// Dice kept, by face.
        save: Faces,
    },
    /// Step 4: pay this group's delivery next.
    Deliver(u16),
    /// Step 4: the tied seat that takes the majority bonus.
    Majority(u8),
    /// Step 4: the next goods card goes to this seat.
    Supply(u8),
    /// Step 5: upgrade a building type's field to a good (`None`: the field
    /// stays empty).
    Upgrade {
        /// The building type.
        building: Building,
        /// The new good.
        good: Option<u8>,
    },
    /// Speculation: pledge one goods card of this deck.
    Give(u8),
    /// Speculation: pledge this special goods card (a hand index), worth two.
    GiveSpecial(u8),
    /// Speculation: done pledging.
    Done,
    /// Speculation: the next new card goes to this seat.
    Award(u8),
}

/// The kinds of action, as simulations break them down.
pub const ACTION_KINDS: [&str; 13] = [
    "return-special",
    "recall",
    "roll",
    "reroll",
    "stop",
    "place",
    "build",
    "finish",
    "deliver",
    "choose",
    "upgrade",
    "pledge",
    "done",
];

impl Action {
    /// Its index in [`ACTION_KINDS`].
    pub fn kind(self) -> usize {
        match self {
            Action::ReturnSpecial(_) => 0,
            Action::Recall => 1,
            Action::Roll { .. } => 2,
            Action::Reroll { .. } => 3,
            Action::Stop => 4,
            Action::Place { .. } => 5,
            Action::Build { .. } => 6,
            Action::Finish { .. } => 7,
            Action::Deliver(_) => 8,
            Action::Majority(_) | Action::Supply(_) | Action::Award(_) => 9,
            Action::Upgrade { .. } => 10,
            Action::Give(_) | Action::GiveSpecial(_) => 11,
            Action::Done => 12,
        }
    }
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A player kept their special cards.
    Kept {
        /// Who.
        seat: u8,
    },
    /// A player took back their dice from the board.
    Recalled {
        /// Who.
        seat: u8,
        /// How many.
        dice: u8,
    },
    /// Dice rolled (a roll or a re-roll): what shows now.
    Rolled {
        /// Who.
        seat: u8,
        /// Own dice showing.
        own: Faces,
        /// White dice showing.
        bonus: Faces,
        /// A paid re-roll.
        reroll: bool,
    },
    /// Three locked trains: a strike.
    Strike {
        /// Who.
        seat: u8,
        /// Points lost.
        lost: i32,
    },
    /// A train placed.
    Placed {
        /// Who.
        seat: u8,
        /// Where.
        space: u16,
        /// A white die.
        bonus: bool,
    },
    /// Trains with no space to go to returned.
    Unplaced {
        /// How many.
        dice: u8,
    },
    /// A building built.
    Built {
        /// Who.
        seat: u8,
        /// What.
        building: Building,
        /// Where.
        station: u16,
    },
    /// Coins taken for coin faces.
    Coins {
        /// Who.
        seat: u8,
        /// Coins now held.
        coins: u8,
    },
    /// A delivery.
    Delivered {
        /// The group.
        group: u16,
    },
    /// Points for connected cities, or for an empty deck.
    Points {
        /// Who.
        seat: u8,
        /// How many.
        points: i32,
    },
    /// The majority holder of a delivery.
    Majority {
        /// Who.
        seat: u8,
    },
    /// A city bonus taken.
    Bonus {
        /// Who.
        seat: u8,
        /// What (the amount actually received).
        bonus: Bonus,
    },
    /// A goods card taken.
    Good {
        /// Who.
        seat: u8,
        /// Which deck.
        good: u8,
    },
    /// A delivery ticket revealed.
    Ticket {
        /// Who.
        seat: u8,
        /// The card (an index into the design's specials).
        card: u16,
    },
    /// A building type's field upgraded.
    Upgraded {
        /// The building type.
        building: Building,
        /// The new good (`None`: it produces nothing any more).
        good: Option<u8>,
    },
    /// A player has chosen their speculation (hidden until all have).
    Pledged {
        /// Who.
        seat: u8,
    },
    /// A speculation revealed.
    Traded {
        /// Who.
        seat: u8,
        /// Goods given (special goods cards count two).
        gave: u8,
        /// New cards received.
        got: u8,
    },
    /// The supply ran out: the last round begins.
    LastRound,
    /// The turn passed.
    NextTurn {
        /// To whom.
        seat: u8,
    },
    /// The game ended.
    GameOver,
}

/// The events of one action.
pub type Events = Vec<Event>;
