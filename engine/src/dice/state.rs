//! A position of the dice game: the board's dice and buildings, the decks,
//! each player's dice, coins, goods, special cards and points, the phase of
//! the turn, and the game's own random generator (every roll and shuffle).

use std::sync::Arc;

use formats::dice::Face;
use smallvec::SmallVec;

use super::design::{Building, DiceDesign, MAX_GOODS};
use crate::game::{EndReason, Outcome, Seat};
use crate::rng::GameRng;

/// Dice counted by face, in [`Face::ALL`] order.
pub type Faces = [u8; 6];

/// The index of a face in [`Faces`].
#[inline]
pub fn fi(f: Face) -> usize {
    f as usize
}

/// Goods counted by deck, in the design's order.
pub type Goods = [u8; MAX_GOODS];

/// Who holds a track space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occupant {
    /// Nobody.
    Empty,
    /// A player's die.
    Player(u8),
    /// A white bonus die.
    Bonus,
}

/// Where a goods deck is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeckPlace {
    /// Beside the board, not yet in play.
    Unused,
    /// On a building type's field.
    On(Building),
    /// Replaced after running out.
    Used,
}

/// A goods deck's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    /// Cards left.
    pub left: u8,
    /// Where it lies.
    pub place: DeckPlace,
}

/// One player's belongings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Coins held.
    pub coins: u8,
    /// Victory points taken (cards from the supply, strikes deducted).
    pub points: i32,
    /// Own dice on the board.
    pub on_board: u8,
    /// Own dice kept from the last turn, by face.
    pub saved: Faces,
    /// Bonus dice held (not rolled yet).
    pub bonus_held: u8,
    /// Goods cards held, by deck.
    pub goods: Goods,
    /// Special cards in hand (indexes into the design's specials), hidden.
    pub hand: SmallVec<[u16; 4]>,
    /// Delivery tickets revealed.
    pub revealed: SmallVec<[u16; 4]>,
    /// Buildings not yet built, by type.
    pub buildings_left: [u8; 3],
    /// Goods pledged in the running speculation (hidden from the others).
    pub pledged: Goods,
    /// Special goods cards pledged (hand indexes), hidden from the others.
    pub pledged_specials: SmallVec<[u8; 2]>,
    /// Strikes suffered.
    pub strikes: u32,
}

impl Player {
    /// Points from revealed tickets.
    pub fn ticket_points(&self, design: &DiceDesign) -> i32 {
        self.revealed
            .iter()
            .map(|&c| match design.specials[usize::from(c)] {
                super::design::Special::Ticket { points, .. } => i32::from(points),
                super::design::Special::Goods { .. } => 0,
            })
            .sum()
    }
}

/// The dice of the turn being played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roll {
    /// The active player's own dice showing, by face.
    pub own: Faces,
    /// The white dice showing, by face.
    pub bonus: Faces,
    /// A strike has happened this turn.
    pub struck: bool,
}

/// Where the active player is in the turn, or whose decision it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Setup: `seat` returns special cards until it keeps the rulebook's number.
    Keep {
        /// Who chooses.
        seat: u8,
    },
    /// Step 1: gather (and choose bonus dice and saved dice to re-roll) or recall.
    Start,
    /// Step 2: re-roll for a coin or stop.
    Reroll,
    /// Step 3: place every train.
    Place,
    /// Step 3: build, then cash coins and save dice.
    Build,
    /// Step 4: several deliveries are due; the active player picks the next.
    Order,
    /// Step 4: a tie for the majority of `group`; the active player picks.
    Majority {
        /// The delivering group.
        group: u16,
    },
    /// Step 4: too few goods cards of building type `building` for its
    /// buildings in `group`; the active player hands them out one by one.
    Supply {
        /// The delivering group.
        group: u16,
        /// The building type being paid.
        building: Building,
    },
    /// Step 5: several decks ran out (or the hotel may take two goods); the
    /// active player picks the one upgrade.
    Upgrade,
    /// Speculation on the new good: `seat` pledges goods in secret.
    Speculate {
        /// Who pledges.
        seat: u8,
        /// The good entering play.
        good: u8,
    },
    /// Speculation: too few new cards; the active player hands them out.
    Award {
        /// The good being handed out.
        good: u8,
    },
    /// The game is over.
    Over,
}

/// The end of a game: outcome and each seat's breakdown.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    /// The result.
    pub outcome: Outcome,
    /// Per seat: points, tickets, monopolies.
    pub breakdowns: Vec<[i32; 3]>,
}

/// A position.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) design: Arc<DiceDesign>,
    pub(crate) players: Vec<Player>,
    pub(crate) board: Vec<Occupant>,
    /// Buildings per station: (type, owner).
    pub(crate) buildings: Vec<SmallVec<[(Building, u8); 3]>>,
    pub(crate) decks: Vec<Deck>,
    /// The good on each building type's field.
    pub(crate) producing: [Option<u8>; 3],
    /// The stage of each building type's chain.
    pub(crate) stage: [u8; 3],
    pub(crate) specials_deck: Vec<u16>,
    /// Special cards out of the game (traded in speculation).
    pub(crate) specials_out: u16,
    /// Goods cards out of the game (traded in speculation).
    pub(crate) goods_out: Goods,
    pub(crate) bonus_supply: u8,
    /// White dice on the board.
    pub(crate) bonus_on_board: u8,
    pub(crate) supply: i32,
    pub(crate) current: u8,
    pub(crate) turn: u32,
    pub(crate) last_round: bool,
    pub(crate) phase: Phase,
    pub(crate) roll: Roll,
    /// Deliveries due this turn (groups).
    pub(crate) due: SmallVec<[u16; 4]>,
    /// Groups delivered this turn (tickets connect through them).
    pub(crate) delivered: SmallVec<[u16; 4]>,
    /// Ticket cards revealed this turn, by seat: a player holding two
    /// identical tickets reveals the second in a later turn (step 4,
    /// "Ukončení úkolů").
    pub(crate) shown: SmallVec<[(u8, u16); 2]>,
    /// The delivery being paid: group, and the next building type to pay.
    pub(crate) paying: Option<(u16, u8)>,
    /// Cards still owed per seat in a goods shortage or a speculation award.
    pub(crate) owed: [u8; 8],
    pub(crate) rng: GameRng,
    /// Faces the next dice show before the generator is asked (scenario
    /// files fix the dice this way), last first.
    pub(crate) forced: Vec<Face>,
    pub(crate) ending: Option<Ending>,
    pub(crate) stopped: Option<EndReason>,
}

impl State {
    /// The design.
    pub fn design(&self) -> &DiceDesign {
        &self.design
    }

    /// Every player's belongings (hidden parts included: use observations for bots).
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Who holds each track space.
    pub fn board(&self) -> &[Occupant] {
        &self.board
    }

    /// The buildings of each station: (type, owner seat).
    pub fn buildings(&self) -> &[SmallVec<[(Building, u8); 3]>] {
        &self.buildings
    }

    /// The goods decks.
    pub fn decks(&self) -> &[Deck] {
        &self.decks
    }

    /// The good each building type produces now.
    pub fn producing(&self, b: Building) -> Option<u8> {
        self.producing[b.index()]
    }

    /// Points left in the supply (0 or less: the last round has begun).
    pub fn supply(&self) -> i32 {
        self.supply
    }

    /// White dice in the common supply.
    pub fn bonus_supply(&self) -> u8 {
        self.bonus_supply
    }

    /// Special cards left in the deck.
    pub fn specials_left(&self) -> usize {
        self.specials_deck.len()
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The dice of the turn.
    pub fn roll(&self) -> Roll {
        self.roll
    }

    /// Whose turn it is.
    pub fn active(&self) -> Seat {
        Seat(self.current)
    }

    /// The last round is being played.
    pub fn last_round(&self) -> bool {
        self.last_round
    }

    /// The end, once over.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Goods a player holds counting special goods cards, by deck.
    pub fn goods_with_specials(&self, seat: usize) -> Goods {
        let p = &self.players[seat];
        let mut g = p.goods;
        for &c in &p.hand {
            if let super::design::Special::Goods { a, b } = self.design.specials[usize::from(c)] {
                g[usize::from(a)] += 1;
                g[usize::from(b)] += 1;
            }
        }
        g
    }

    /// Each player's dice on the spaces of a group.
    pub fn group_dice(&self, group: u16) -> [u8; 8] {
        let mut n = [0u8; 8];
        for &s in &self.design.groups[usize::from(group)].spaces {
            if let Occupant::Player(p) = self.board[usize::from(s)] {
                n[usize::from(p)] += 1;
            }
        }
        n
    }

    /// A group whose every space holds a die.
    pub fn group_full(&self, group: u16) -> bool {
        self.design.groups[usize::from(group)]
            .spaces
            .iter()
            .all(|&s| self.board[usize::from(s)] != Occupant::Empty)
    }
}
