//! Every decision of the board game is one of these actions.

use crate::board_game::board::{CityId, RouteId};

use super::cards::Card;

/// Cards offered to pay for a route or a station: `locomotives` locomotives and
/// the rest in `color`. When everything is paid in locomotives, `color` is
/// [`Card::LOCOMOTIVE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Payment {
    /// The colour of the non-locomotive cards (or the locomotive).
    pub color: Card,
    /// How many locomotives.
    pub locomotives: u8,
}

impl Payment {
    /// All in locomotives.
    pub fn all_locomotives(n: u8) -> Payment {
        Payment {
            color: Card::LOCOMOTIVE,
            locomotives: n,
        }
    }

    /// Was it paid in locomotives only?
    pub fn locomotives_only(self) -> bool {
        self.color.is_locomotive()
    }

    /// Colour cards in a payment of `total` cards.
    pub fn color_cards(self, total: u8) -> u8 {
        total.saturating_sub(self.locomotives)
    }
}

pub use crate::game::Keep;

/// A decision of the board game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Keep some of the tickets offered (at setup or after drawing tickets).
    KeepTickets(Keep),
    /// Take the face-up train card in a display slot.
    DrawFaceUp(u8),
    /// Take the top card of the train deck.
    DrawBlind,
    /// Take the face-up terrain card in a slot.
    DrawTerrainFaceUp(u8),
    /// Take the top card of the terrain deck.
    DrawTerrainBlind,
    /// Draw destination tickets.
    DrawTickets,
    /// Claim a route, paying exactly its length.
    Claim {
        /// The route.
        route: RouteId,
        /// The cards.
        payment: Payment,
    },
    /// Pay a tunnel's extra cards: the rest in the colour already played.
    PayTunnel {
        /// Locomotives among the extra cards.
        locomotives: u8,
    },
    /// Refuse a tunnel's extra cards: take the cards back, the turn ends.
    Withdraw,
    /// Build a station.
    BuildStation {
        /// Where.
        city: CityId,
        /// The cards.
        payment: Payment,
    },
    /// Double the points of the route just claimed with terrain cards of its
    /// type, playing `locomotives` locomotives as wild terrain cards.
    Double {
        /// Locomotives played as terrain cards.
        locomotives: u8,
    },
    /// Do not double the route just claimed.
    NoDouble,
}

impl crate::game::KeepsTickets for Action {
    fn kept(&self) -> Option<Keep> {
        match self {
            Action::KeepTickets(k) => Some(*k),
            _ => None,
        }
    }
}

impl Action {
    /// A short kind name, for statistics of what players do.
    pub fn kind(self) -> ActionKind {
        match self {
            Action::KeepTickets(_) => ActionKind::KeepTickets,
            Action::DrawFaceUp(_) | Action::DrawBlind => ActionKind::DrawCard,
            Action::DrawTerrainFaceUp(_) | Action::DrawTerrainBlind => ActionKind::DrawTerrain,
            Action::DrawTickets => ActionKind::DrawTickets,
            Action::Claim { .. } => ActionKind::Claim,
            Action::PayTunnel { .. } | Action::Withdraw => ActionKind::Tunnel,
            Action::BuildStation { .. } => ActionKind::Station,
            Action::Double { .. } | Action::NoDouble => ActionKind::Double,
        }
    }
}

/// The kinds of action, for statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    /// Keeping tickets.
    KeepTickets,
    /// Drawing a train card.
    DrawCard,
    /// Drawing a terrain card.
    DrawTerrain,
    /// Drawing tickets.
    DrawTickets,
    /// Claiming a route.
    Claim,
    /// Paying or refusing a tunnel.
    Tunnel,
    /// Building a station.
    Station,
    /// Deciding on doubling.
    Double,
}

impl ActionKind {
    /// Every kind.
    pub const ALL: [ActionKind; 8] = [
        ActionKind::KeepTickets,
        ActionKind::DrawCard,
        ActionKind::DrawTerrain,
        ActionKind::DrawTickets,
        ActionKind::Claim,
        ActionKind::Tunnel,
        ActionKind::Station,
        ActionKind::Double,
    ];
}
