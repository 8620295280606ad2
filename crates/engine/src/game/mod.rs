//! The game: its state and the state machine of decisions.
//!
//! A turn runs as RULES.md §5 says: tile (or abbey), figure, scoring, wagons. The game
//! advances by itself through everything that involves no choice: drawing when the abbey is
//! no alternative, discarding tiles that fit nowhere, skipping a figure step that offers
//! nothing, sending home wagons that have nowhere to go, skipping players in the final abbey
//! round who hold no abbey or have no hole, and final scoring.
//!
//! This module holds the types and the getters; the work is split by job:
//! - `setup`: dealing the pile and starting a game ([`Game::new`], [`Game::with_pile`]);
//! - `features`: segments, the union-find that joins them into features and the tallies kept
//!   at each root; placing tiles and abbeys on the board;
//! - `movegen`: legal moves ([`Game::legal_moves`]) and the single-move check
//!   ([`Game::is_legal`]), both read-only;
//! - `turn`: applying moves ([`Game::play`]) and the turn flow that advances by itself;
//! - `explain`: why an illegal move is refused (the [`PlayError`] text);
//! - `scoring`: completed features, barns, figures home, wagons, final scoring;
//! - [`query`]: read-only questions (feature owners, projected scores).
//! - [`aids`]: board-reading aids (unseen tiles, dead squares, completion odds), public view
//!   only.
//!
//! `Game`'s fields are private to this module and these.

pub mod aids;
mod explain;
mod features;
mod movegen;
pub mod query;
mod scoring;
mod setup;
mod turn;

pub(crate) use features::{find, root};
pub(crate) use setup::check_tile;

use crate::board::Board;
#[cfg(doc)]
use crate::error::PlayError;
use crate::event::{Breakdown, LoggedEvent};
use crate::geometry::Pos;
use crate::moves::{Decision, FigureKind};
use crate::tile::{LAND_TYPES, SegmentKind, TileType};

/// Followers each player starts with.
pub const FOLLOWERS: u8 = 7;
/// The most players a game holds.
pub const MAX_PLAYERS: usize = 6;

/// What a user asked for; turned into a [`Game`] by [`Game::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Number of players, 1 to 6.
    pub players: usize,
    /// Whether Abbey & Mayor is in play.
    pub abbey_mayor: bool,
    /// Seed that deals the pile.
    pub seed: u64,
}

/// A player's score and supply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Total points.
    pub score: u32,
    /// Points per category.
    pub breakdown: Breakdown,
    /// Ordinary followers in the supply.
    pub followers: u8,
    /// Whether the mayor is in the supply.
    pub mayor: bool,
    /// Whether the wagon is in the supply.
    pub wagon: bool,
    /// Whether the barn is in the supply.
    pub barn: bool,
    /// Whether the abbey tile is still in hand.
    pub abbey: bool,
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Owner.
    pub player: u8,
    /// Which figure.
    pub kind: FigureKind,
    /// Index of its tile in [`Board::tiles`].
    pub tile: u8,
    /// Local segment index, or the corner for a barn.
    pub spot: u8,
    /// Global segment id of the feature piece it stands on.
    seg: u16,
}

/// One entry of the game's record, as the game itself logs it (see [`crate::record`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEntry {
    /// A land tile placed, with the turn's figure and wagon decisions.
    Tile {
        /// Which tile.
        tile: TileType,
        /// Where.
        pos: Pos,
        /// Quarter turns clockwise.
        rot: u8,
        /// The figure placed, as (kind, spot).
        figure: Option<(FigureKind, u8)>,
        /// Wagon decisions in order: owner, and target tile and local segment or home.
        wagons: Vec<(u8, Option<(Pos, u8)>)>,
    },
    /// An abbey placed.
    Abbey {
        /// Where.
        pos: Pos,
        /// The figure placed, as (kind, spot).
        figure: Option<(FigureKind, u8)>,
        /// Wagon decisions.
        wagons: Vec<(u8, Option<(Pos, u8)>)>,
    },
    /// A drawn tile that fit nowhere.
    Discarded {
        /// Which tile.
        tile: TileType,
    },
    /// A pass in the final abbey round.
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Start,
    Place(TileType),
    Figure,
    Wagon,
    FinalAbbey,
    Over,
}

/// A game in progress or finished. Fields are private; read them through the getters.
#[derive(Clone, Debug)]
pub struct Game {
    nplayers: u8,
    abbey_mayor: bool,
    seed: u64,
    /// The hidden pile; the next tile is the last element.
    pile: Vec<TileType>,
    remaining: [u8; LAND_TYPES],
    board: Board,
    segs: Vec<Seg>,
    players: [PlayerState; MAX_PLAYERS],
    figures: Vec<Figure>,
    phase: Phase,
    current: u8,
    /// Index of the tile placed this turn.
    placed: u8,
    /// Features completed by this turn's tile, scored after the figure step.
    completed: [u16; 16],
    ncompleted: u8,
    /// Returning wagons (owner, tile it stood on), in decision order.
    wagon_queue: [(u8, u8); MAX_PLAYERS],
    nwagons: u8,
    wagon_next: u8,
    final_round: bool,
    final_left: u8,
    /// The player who placed the last land tile: the final abbey round begins after them.
    last_placer: u8,
    logging: bool,
    log: Vec<TurnEntry>,
    events: Vec<LoggedEvent>,
}

/// One segment's union-find node, with its feature's tallies valid at the root (the
/// union-find itself is `features`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seg {
    pub(crate) parent: u16,
    /// Next segment of the same feature (a circular list, spliced on union).
    pub(crate) next: u16,
    pub(crate) tile: u8,
    pub(crate) local: u8,
    pub(crate) kind: SegmentKind,
    /// Open road or city edges of the feature.
    pub(crate) open: u8,
    pub(crate) pennants: u8,
    /// Followers, mayors, wagons and farmers in the feature.
    pub(crate) occupants: u8,
    pub(crate) barns: u8,
    /// Strength per player from followers, wagons and farmers (mayors are counted apart,
    /// since their strength is the pennants at the moment of scoring).
    pub(crate) strength: [u8; MAX_PLAYERS],
    /// Players with a mayor in the feature (each player has one mayor).
    pub(crate) mayors: u8,
    /// Players with a barn in the field.
    pub(crate) barn_owners: u8,
    /// Placed-tile indices in the feature: a tile counts once however many segments it has.
    pub(crate) tiles: [u64; 2],
}

impl Game {
    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.nplayers as usize
    }

    /// Whether Abbey & Mayor is in play.
    pub fn abbey_mayor(&self) -> bool {
        self.abbey_mayor
    }

    /// The seed the pile was dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The pile in drawing order. Only for rebuilding a dealt game; never shown to players.
    pub(crate) fn dealt_order(&self) -> Vec<TileType> {
        self.pile.iter().rev().copied().collect()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Each player's score and supply.
    pub fn players(&self) -> &[PlayerState] {
        &self.players[..self.nplayers as usize]
    }

    /// Total scores per player.
    pub fn scores(&self) -> Vec<u32> {
        self.players().iter().map(|p| p.score).collect()
    }

    /// The figures on the board.
    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    /// Tiles left in the pile (public; the order is not).
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// Tiles left in the pile per land tile type (public; the order is not).
    pub fn remaining(&self) -> &[u8; LAND_TYPES] {
        &self.remaining
    }

    /// The owners of wagons that returned this turn and still await their decision, in
    /// decision order (the first is the pending decision's).
    pub fn returning_wagons(&self) -> Vec<u8> {
        if self.phase != Phase::Wagon {
            return Vec::new();
        }
        self.wagon_queue[self.wagon_next as usize..self.nwagons as usize]
            .iter()
            .map(|w| w.0)
            .collect()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The entries of the game's record so far.
    pub fn log(&self) -> &[TurnEntry] {
        &self.log
    }

    /// Every event so far (empty when logging is off).
    pub fn events(&self) -> &[LoggedEvent] {
        &self.events
    }

    /// Turns the record log and events on or off. Search turns them off: playing then
    /// allocates nothing per move.
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    /// The pending decision.
    pub fn decision(&self) -> Decision {
        let player = self.current;
        match self.phase {
            Phase::Start => Decision::DrawOrAbbey { player },
            Phase::Place(tile) => Decision::PlaceTile { player, tile },
            Phase::Figure => Decision::PlaceFigure {
                player,
                pos: self.board.tiles()[self.placed as usize].pos,
            },
            Phase::Wagon => {
                let (player, tile) = self.wagon_queue[self.wagon_next as usize];
                Decision::MoveWagon {
                    player,
                    from: self.board.tiles()[tile as usize].pos,
                }
            }
            Phase::FinalAbbey => Decision::FinalAbbey { player },
            Phase::Over => Decision::GameOver,
        }
    }
}
