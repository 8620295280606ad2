//! The types of a record (RULES.md §6), as read and written: the players, the turn entries
//! and the record itself.

use serde::{Deserialize, Serialize};

/// The format tag of version 1 records.
pub const FORMAT: &str = "carcassonne-record/1";
/// The expansion name of Abbey & Mayor.
pub const ABBEY_MAYOR: &str = "abbey-mayor";
/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person (`human`).
    Human,
    /// The program (`ai`).
    Ai,
}

impl PlayerKind {
    /// The kind's name in records: `human` or `ai`.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Ai => "ai",
        }
    }
}

/// A player as a record names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordPlayer {
    /// Display name.
    pub name: String,
    /// `human` or `ai`.
    pub kind: PlayerKind,
    /// The AI level, for AI players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// A figure in a turn entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordFigure {
    /// `follower`, `mayor`, `wagon` or `barn`.
    pub kind: String,
    /// The segment (not for a barn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// The corner (barn only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<String>,
}

/// Where a wagon goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordTarget {
    /// The tile.
    pub at: [i64; 2],
    /// The segment on it.
    pub on: String,
}

/// One wagon decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordWagon {
    /// The wagon's owner.
    pub player: usize,
    /// Where it goes; `None` sends it home.
    pub to: Option<RecordTarget>,
}

/// One entry of `turns`: exactly one of `tile`, `abbey`, `discarded`, `pass`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordTurn {
    /// A land tile placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// Where the tile goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// Degrees clockwise: 0, 90, 180 or 270.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<i64>,
    /// An abbey placed in this hole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbey: Option<[i64; 2]>,
    /// A drawn tile that fit nowhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<String>,
    /// A pass in the final abbey round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
    /// The figure placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<RecordFigure>,
    /// Wagon decisions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wagons: Vec<RecordWagon>,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The players in turn order.
    pub players: Vec<RecordPlayer>,
    /// The expansions in play (`[]` or `["abbey-mayor"]`).
    #[serde(default)]
    pub expansions: Vec<String>,
    /// The seed that dealt the pile, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The turns.
    pub turns: Vec<RecordTurn>,
    /// Whether the game ended after the last entry.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub end: bool,
}
