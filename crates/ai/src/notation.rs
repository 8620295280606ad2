//! Moves in record notation (RULES.md §6), and the hint: the best move for the player to
//! move, as the app's hint button and `carcassonne suggest` show it.

use std::sync::atomic::AtomicBool;

use carcassonne_engine::record::{RecordFigure, RecordTarget, RecordWagon};
use carcassonne_engine::{Decision, Message, Move, Pos, PublicView, TileInfo};
use serde::Serialize;
use thiserror::Error;

use crate::{Budget, Level, choose_move};

/// A move as a record writes it, with the decision it answers. Only the fields of that
/// decision are present: `draw`; `tile`, `at`, `rotation`; `abbey`; `figure` (`null` for no
/// figure); `wagon`; `pass`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveNotation {
    /// The player who decides (0-based seat).
    pub player: u8,
    /// The decision answered: `draw_or_abbey`, `place_tile`, `place_figure`, `move_wagon`
    /// or `final_abbey`.
    pub decision: &'static str,
    /// Draw a tile instead of placing the abbey.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw: Option<bool>,
    /// The tile to place.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// Where the tile goes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// Degrees clockwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rotation: Option<u16>,
    /// The hole for the abbey.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abbey: Option<[i64; 2]>,
    /// The figure on the tile just placed; `Some(None)` (JSON `null`) places none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub figure: Option<Option<RecordFigure>>,
    /// Where the returning wagon goes (`to: null` sends it home).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wagon: Option<RecordWagon>,
    /// Decline the final abbey round's offer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
}

fn at(p: Pos) -> [i64; 2] {
    [i64::from(p.x), i64::from(p.y)]
}

/// Writes `mv`, a legal move for the pending decision of `view`, in record notation.
pub fn describe_move(view: &PublicView, mv: Move) -> MoveNotation {
    let decision = view.decision();
    let mut out = MoveNotation {
        player: decision.player().unwrap_or(0),
        decision: decision.name(),
        draw: None,
        tile: None,
        at: None,
        rotation: None,
        abbey: None,
        figure: None,
        wagon: None,
        pass: None,
    };
    match mv {
        Move::Draw => out.draw = Some(true),
        Move::Place { pos, rot } => {
            if let Decision::PlaceTile { tile, .. } = decision {
                out.tile = Some(TileInfo::of(tile).id().to_string());
            }
            out.at = Some(at(pos));
            out.rotation = Some(90 * u16::from(rot));
        }
        Move::Abbey { pos } => out.abbey = Some(at(pos)),
        Move::Figure { kind, spot } => {
            if let Decision::PlaceFigure { pos, .. } = decision {
                out.figure = Some(Some(RecordFigure::named(view.board(), pos, kind, spot)));
            }
        }
        Move::NoFigure => out.figure = Some(None),
        Move::WagonTo { pos, seg } => {
            out.wagon = Some(RecordWagon {
                player: usize::from(out.player),
                to: Some(RecordTarget::named(view.board(), pos, seg)),
            });
        }
        Move::WagonHome => {
            out.wagon = Some(RecordWagon {
                player: usize::from(out.player),
                to: None,
            });
        }
        Move::Pass => out.pass = Some(true),
    }
    out
}

/// Why no hint can be given.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SuggestError {
    /// The game has ended: there is nothing to decide.
    #[error("the game is over: there is no move to suggest")]
    GameOver,
}

impl Message for SuggestError {
    fn key(&self) -> &'static str {
        match self {
            SuggestError::GameOver => "hint.game_over",
        }
    }
}

/// A hint: the move the AI of `level` would play, and the same move in record notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The level that chose it.
    #[serde(serialize_with = "ser_level")]
    pub level: Level,
    /// The move, ready for [`carcassonne_engine::Game::play`].
    #[serde(skip)]
    pub mv: Move,
    /// The move in record notation.
    #[serde(rename = "move")]
    pub notation: MoveNotation,
}

fn ser_level<S: serde::Serializer>(level: &Level, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(level.name())
}

/// The best move for the player to move in `view`, by the AI of `level` (see
/// [`choose_move`] for `seed`, `budget` and `stop`).
///
/// # Errors
/// [`SuggestError::GameOver`] when the game has ended.
pub fn suggest(
    view: &PublicView,
    level: Level,
    seed: u64,
    budget: Budget,
    stop: &AtomicBool,
) -> Result<Suggestion, SuggestError> {
    if view.is_over() {
        return Err(SuggestError::GameOver);
    }
    let mv = choose_move(level, view, seed, budget, stop);
    Ok(Suggestion {
        level,
        mv,
        notation: describe_move(view, mv),
    })
}
