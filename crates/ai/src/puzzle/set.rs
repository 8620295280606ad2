//! A set of puzzles as stored (`lessons/puzzles/*.json`): [`PuzzleSet`], its games and
//! puzzles, read and checked ([`PuzzleSet::parse`]) and written ([`PuzzleSet::to_json`]).

use std::collections::{HashMap, HashSet};

use carcassonne_engine::{Decision, Message, Move, MoveName, Params, Record, TileInfo};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Theme;
use super::moves::legal_equal;
use crate::review::{self, Position, Why};

/// The `format` of a puzzle file.
pub const FORMAT: &str = "carcassonne-puzzles/1";

/// A set of puzzles: the finished games they come from and the puzzles. Serialised with
/// camelCase names (`runnerUp`, `winMargin`…).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleSet {
    /// Always [`FORMAT`].
    pub format: String,
    /// The games, each shared by the puzzles taken from it.
    pub games: Vec<PuzzleGame>,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
}

/// A finished game puzzles are taken from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleGame {
    /// Its id, unique in the set (`am2-g001`).
    pub id: String,
    /// The finished game (RULES.md §6, as [`Record::from_game`] writes it).
    pub record: Record,
}

/// One puzzle: a decision of a finished game where one move is clearly best.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Puzzle {
    /// Its id, unique over every set and stable (`am2-001`).
    pub id: String,
    /// The id of its game in the set.
    pub game: String,
    /// The decision's index among every decision of the game (0-based, forced ones too), as
    /// [`review::position_at`] and [`DecisionReview::index`](crate::review::DecisionReview::index)
    /// number them.
    pub index: u64,
    /// The record's turn entry the decision belongs to (1-based).
    pub turn: usize,
    /// The seat to move (0-based).
    pub player: usize,
    /// The decision's name ([`Decision::name`]): `place_tile`, `place_figure`…
    pub decision: String,
    /// The tile to place, for `place_tile` (its letter, as in records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// The one clearly best move.
    pub answer: MoveName,
    /// The second best move when the puzzle was made.
    pub runner_up: MoveName,
    /// What the answer does, most telling first ([`themes`](super::themes)).
    pub themes: Vec<Theme>,
    /// The puzzle's difficulty on the Glicko-2 scale (1500 is average).
    pub rating: f64,
    /// The rating's deviation.
    pub deviation: f64,
    /// Win chance (0–1) of the answer minus the runner-up's.
    pub win_margin: f64,
    /// Expected final margin (points) of the answer minus the runner-up's.
    pub point_margin: f64,
    /// Why the answer beats the runner-up ([`review::why`]); `null` when nothing tells.
    #[serde(default)]
    pub why: Option<Why>,
}

/// Why a puzzle set cannot be read, or one of its puzzles not be set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PuzzleError {
    /// The text is not JSON of a puzzle set's shape.
    #[error("the puzzle file is not valid: {0}")]
    Json(String),
    /// The `format` is not [`FORMAT`].
    #[error("the puzzle file's format is \"{0}\", not \"{FORMAT}\"")]
    Format(String),
    /// Two games or two puzzles have the same id.
    #[error("the id \"{0}\" is used twice")]
    DuplicateId(String),
    /// A puzzle names a game the set does not have.
    #[error("puzzle {id}: the set has no game \"{game}\"")]
    UnknownGame {
        /// The puzzle's id.
        id: String,
        /// The game it names.
        game: String,
    },
    /// A game's record does not parse, does not replay or is not a finished game.
    #[error("game {game}: {reason}")]
    Record {
        /// The game's id.
        game: String,
        /// What is wrong.
        reason: String,
    },
    /// The puzzle's decision is not in its game as the puzzle describes it.
    #[error("puzzle {id}: {reason}")]
    Position {
        /// The puzzle's id.
        id: String,
        /// What does not match.
        reason: String,
    },
    /// The puzzle's answer (or its runner-up) is not a legal move of its decision.
    #[error("puzzle {id}: the answer is not a legal move of the decision")]
    IllegalAnswer {
        /// The puzzle's id.
        id: String,
    },
}

impl Message for PuzzleError {
    fn key(&self) -> &'static str {
        match self {
            PuzzleError::Json(_) => "puzzle.json",
            PuzzleError::Format(_) => "puzzle.format",
            PuzzleError::DuplicateId(_) => "puzzle.duplicate_id",
            PuzzleError::UnknownGame { .. } => "puzzle.unknown_game",
            PuzzleError::Record { .. } => "puzzle.record",
            PuzzleError::Position { .. } => "puzzle.position",
            PuzzleError::IllegalAnswer { .. } => "puzzle.illegal_answer",
        }
    }

    /// `id` of the puzzle (or of the duplicate), `game` of a game, `format` found.
    fn params(&self) -> Params {
        match self {
            PuzzleError::Json(_) => Vec::new(),
            PuzzleError::Format(found) => vec![("format", found.as_str().into())],
            PuzzleError::DuplicateId(id)
            | PuzzleError::Position { id, .. }
            | PuzzleError::IllegalAnswer { id } => vec![("id", id.as_str().into())],
            PuzzleError::UnknownGame { id, game } => {
                vec![("id", id.as_str().into()), ("game", game.as_str().into())]
            }
            PuzzleError::Record { game, .. } => vec![("game", game.as_str().into())],
        }
    }
}

impl PuzzleError {
    /// One error of every kind, for checking that a front end words them all.
    pub fn examples() -> Vec<PuzzleError> {
        let id = || "am2-001".to_string();
        vec![
            PuzzleError::Json("expected value at line 1 column 1".into()),
            PuzzleError::Format("carcassonne-puzzles/9".into()),
            PuzzleError::DuplicateId(id()),
            PuzzleError::UnknownGame {
                id: id(),
                game: "am2-g404".into(),
            },
            PuzzleError::Record {
                game: "am2-g001".into(),
                reason: "the game is not finished".into(),
            },
            PuzzleError::Position {
                id: id(),
                reason: "the game has no decision number 900".into(),
            },
            PuzzleError::IllegalAnswer { id: id() },
        ]
    }
}

impl Default for PuzzleSet {
    fn default() -> Self {
        PuzzleSet {
            format: FORMAT.into(),
            games: Vec::new(),
            puzzles: Vec::new(),
        }
    }
}

impl PuzzleSet {
    /// Reads a puzzle set and checks it: the format, that every id is unique, that every
    /// game's record is a finished game that replays, and that each puzzle's decision is in
    /// its game as described (index, turn, seat, decision, tile) with an answer and a
    /// runner-up that are legal moves there. Each game is replayed once.
    ///
    /// # Errors
    /// The first [`PuzzleError`] found.
    pub fn parse(text: &str) -> Result<PuzzleSet, PuzzleError> {
        let set: PuzzleSet =
            serde_json::from_str(text).map_err(|e| PuzzleError::Json(e.to_string()))?;
        if set.format != FORMAT {
            return Err(PuzzleError::Format(set.format));
        }
        let mut ids = HashSet::new();
        for id in set
            .games
            .iter()
            .map(|g| &g.id)
            .chain(set.puzzles.iter().map(|p| &p.id))
        {
            if !ids.insert(id.as_str()) {
                return Err(PuzzleError::DuplicateId(id.clone()));
            }
        }
        let games: HashMap<&str, &PuzzleGame> =
            set.games.iter().map(|g| (g.id.as_str(), g)).collect();
        for p in &set.puzzles {
            if !games.contains_key(p.game.as_str()) {
                return Err(PuzzleError::UnknownGame {
                    id: p.id.clone(),
                    game: p.game.clone(),
                });
            }
        }
        for g in &set.games {
            let record_error = |reason: String| PuzzleError::Record {
                game: g.id.clone(),
                reason,
            };
            // The record's own structural checks, as if read from its own file.
            let json = serde_json::to_string(&g.record).map_err(|e| record_error(e.to_string()))?;
            Record::parse(&json).map_err(|e| record_error(e.to_string()))?;
            let positions =
                review::positions(&g.record).map_err(|e| record_error(e.to_string()))?;
            for p in set.puzzles.iter().filter(|p| p.game == g.id) {
                let at = positions
                    .iter()
                    .find(|q| q.index == p.index)
                    .ok_or_else(|| PuzzleError::Position {
                        id: p.id.clone(),
                        reason: review::ReviewError::NoDecision(p.index).to_string(),
                    })?;
                check_puzzle(p, at)?;
            }
        }
        Ok(set)
    }

    /// The set as JSON: one line per game and per puzzle, so that a set stays readable and
    /// small (the records are not spread over thousands of lines).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        out.push_str("{\n  \"format\": ");
        out.push_str(&line(&self.format));
        out.push_str(",\n  \"games\": [");
        for (i, g) in self.games.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&line(g));
        }
        out.push_str(if self.games.is_empty() { "]" } else { "\n  ]" });
        out.push_str(",\n  \"puzzles\": [");
        for (i, p) in self.puzzles.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&line(p));
        }
        out.push_str(if self.puzzles.is_empty() {
            "]"
        } else {
            "\n  ]"
        });
        out.push_str("\n}\n");
        out
    }

    /// The game with id `id`.
    pub fn game(&self, id: &str) -> Option<&PuzzleGame> {
        self.games.iter().find(|g| g.id == id)
    }

    /// The position of `puzzle`: its game stepped to the decision (the game's hidden pile is
    /// the rest of the finished game's; judge from its public view only).
    ///
    /// # Errors
    /// [`PuzzleError::UnknownGame`], or [`PuzzleError::Position`] if the decision is not in
    /// the game as the puzzle describes it.
    pub fn position(&self, puzzle: &Puzzle) -> Result<Position, PuzzleError> {
        let game = self
            .game(&puzzle.game)
            .ok_or_else(|| PuzzleError::UnknownGame {
                id: puzzle.id.clone(),
                game: puzzle.game.clone(),
            })?;
        let at =
            review::position_at(&game.record, puzzle.index).map_err(|e| PuzzleError::Position {
                id: puzzle.id.clone(),
                reason: e.to_string(),
            })?;
        check_puzzle(puzzle, &at)?;
        Ok(at)
    }

    /// The engine move of `puzzle`'s answer at its position `p` ([`PuzzleSet::position`]).
    ///
    /// # Errors
    /// [`PuzzleError::IllegalAnswer`] if it names no legal move there.
    pub fn answer_move(&self, puzzle: &Puzzle, p: &Position) -> Result<Move, PuzzleError> {
        move_of(puzzle, p, &puzzle.answer)
    }

    /// The engine move of `puzzle`'s runner-up at its position `p`.
    ///
    /// # Errors
    /// [`PuzzleError::IllegalAnswer`] if it names no legal move there.
    pub fn runner_up_move(&self, puzzle: &Puzzle, p: &Position) -> Result<Move, PuzzleError> {
        move_of(puzzle, p, &puzzle.runner_up)
    }
}

/// The legal move `name` names at `p` (a placement in a rotation equal to a listed one is the
/// listed one), for `puzzle`'s errors.
fn move_of(puzzle: &Puzzle, p: &Position, name: &MoveName) -> Result<Move, PuzzleError> {
    let illegal = || PuzzleError::IllegalAnswer {
        id: puzzle.id.clone(),
    };
    let mv = name.to_move(&p.game).map_err(|_| illegal())?;
    legal_equal(&p.game, mv).ok_or_else(illegal)
}

/// Checks that the decision at `at` is `p`'s as described, and that its answer and runner-up
/// are legal there.
fn check_puzzle(p: &Puzzle, at: &Position) -> Result<(), PuzzleError> {
    let mismatch = |what: &str, found: String, said: String| PuzzleError::Position {
        id: p.id.clone(),
        reason: format!(
            "decision {} has {what} {found}, the puzzle says {said}",
            p.index
        ),
    };
    let d = at.game.decision();
    if at.turn != p.turn {
        return Err(mismatch("turn", at.turn.to_string(), p.turn.to_string()));
    }
    let player = d.player().map(usize::from);
    if player != Some(p.player) {
        let found = player.map_or("nobody to move".into(), |s| format!("seat {s}"));
        return Err(mismatch("the player", found, format!("seat {}", p.player)));
    }
    if d.name() != p.decision {
        return Err(mismatch(
            "the decision",
            d.name().into(),
            p.decision.clone(),
        ));
    }
    let tile = match d {
        Decision::PlaceTile { tile, .. } => Some(TileInfo::of(tile).id().to_string()),
        _ => None,
    };
    if tile != p.tile {
        let show = |t: &Option<String>| t.clone().unwrap_or_else(|| "no tile".into());
        return Err(mismatch("the tile", show(&tile), show(&p.tile)));
    }
    move_of(p, at, &p.answer)?;
    move_of(p, at, &p.runner_up)?;
    Ok(())
}

/// `v` as one line of JSON (plain data: strings, numbers, records; it cannot fail).
fn line<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}
