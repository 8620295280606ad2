//! Itemised events: what happened, for logs, explanations, replays and tests.

use serde::{Deserialize, Serialize};

use crate::geometry::Pos;
use crate::moves::FigureKind;
use crate::tile::{SegmentKind, TileType};

/// A scoring category of the breakdown (RULES.md §5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Roads.
    Road,
    /// Cities.
    City,
    /// Monasteries and abbeys.
    Monastery,
    /// Farmers, during play and at the end.
    Field,
    /// Barn owners at the end.
    Barn,
}

/// Why a feature scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// The feature was completed this turn.
    Completed,
    /// A barn was placed in a field with farmers (3 per completed city).
    BarnPlaced,
    /// A tile joined a farmers' field to a barn's field (1 per completed city).
    BarnJoined,
    /// Final scoring of an unfinished feature or a field.
    Final,
}

/// Points per category for one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Breakdown {
    /// Road points.
    pub road: u32,
    /// City points.
    pub city: u32,
    /// Monastery and abbey points.
    pub monastery: u32,
    /// Farmer points.
    pub field: u32,
    /// Barn points.
    pub barn: u32,
}

impl Breakdown {
    /// Adds points to a category.
    pub fn add(&mut self, cat: Category, points: u32) {
        match cat {
            Category::Road => self.road += points,
            Category::City => self.city += points,
            Category::Monastery => self.monastery += points,
            Category::Field => self.field += points,
            Category::Barn => self.barn += points,
        }
    }

    /// The sum of all categories.
    pub fn total(&self) -> u32 {
        self.road + self.city + self.monastery + self.field + self.barn
    }
}

/// Something that happened in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A land tile was placed.
    TilePlaced {
        /// By whom.
        player: u8,
        /// Which tile.
        #[serde(serialize_with = "crate::tile::ser_tile")]
        tile: TileType,
        /// Where.
        pos: Pos,
        /// Degrees clockwise.
        rotation: u16,
    },
    /// A drawn tile fit nowhere and left the game.
    TileDiscarded {
        /// Who drew it.
        player: u8,
        /// Which tile.
        #[serde(serialize_with = "crate::tile::ser_tile")]
        tile: TileType,
    },
    /// An abbey was placed in a hole.
    AbbeyPlaced {
        /// By whom.
        player: u8,
        /// Where.
        pos: Pos,
    },
    /// A figure was placed.
    FigurePlaced {
        /// Whose.
        player: u8,
        /// Which.
        figure: FigureKind,
        /// On which tile.
        pos: Pos,
        /// Segment name or corner.
        on: &'static str,
    },
    /// A feature scored.
    Scored {
        /// Road, city, monastery or field.
        feature: SegmentKind,
        /// The breakdown category the points went to.
        category: Category,
        /// Why it scored.
        cause: Cause,
        /// Who got the points (each gets them in full).
        players: Vec<u8>,
        /// Points per player.
        points: u32,
        /// Tiles in the feature (roads, cities, monastery neighbourhoods counting itself).
        tiles: u8,
        /// Pennants (cities).
        pennants: u8,
        /// Completed cities (fields).
        cities: u8,
        /// A tile of the feature, where the points are shown.
        pos: Pos,
    },
    /// A figure went back to its owner.
    FigureReturned {
        /// Whose.
        player: u8,
        /// Which.
        figure: FigureKind,
        /// From which tile.
        pos: Pos,
    },
    /// A returning wagon moved on.
    WagonMoved {
        /// Whose.
        player: u8,
        /// Tile it left.
        from: Pos,
        /// Tile it went to.
        to: Pos,
        /// Segment name there.
        on: &'static str,
    },
    /// The final abbey round offer was declined.
    Passed {
        /// Who passed.
        player: u8,
    },
    /// The game ended and final scoring ran.
    GameEnded,
}

/// An event with the 1-based record turn it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoggedEvent {
    /// The record entry (1-based) during which it happened; 0 before the first.
    pub turn: u32,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}
