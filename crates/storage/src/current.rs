//! The game in progress: what `current.json` holds, and how it is kept exact after every move.
//!
//! A record (RULES.md §6) can only hold whole entries: a tile with its figure and wagon
//! decisions. After a move in the middle of an entry (a tile placed, its figure not yet
//! chosen) the autosave keeps the record as it was at the last entry boundary plus the moves
//! played since, by name. Resuming replays the record (the seed in it deals the same pile)
//! and then those moves, which yields exactly the game that was saved.

use carcassonne_engine::{Decision, Game, Move, MoveName, Record, RecordPlayer};
use serde::{Deserialize, Serialize};

/// The saved game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrentGame {
    /// The game's id (it becomes the match id).
    pub game_id: String,
    /// The profile playing.
    pub profile_id: String,
    /// That profile's name.
    pub profile_name: String,
    /// When the game started (seconds since the epoch).
    pub started_at: u64,
    /// The human's seat.
    pub human: usize,
    /// The seed of each seat's AI (unused for the human's seat).
    pub ai_seeds: Vec<u64>,
    /// The record up to the last entry boundary, with the seed that deals the pile.
    pub record: Record,
    /// The moves played since that boundary, in order.
    pub pending: Vec<MoveName>,
}

impl CurrentGame {
    /// The game it describes: the record replayed, then the pending moves.
    ///
    /// # Errors
    /// Why the record or a pending move does not replay (the file is then unusable).
    pub fn game(&self) -> Result<Game, String> {
        let mut game = self.record.replay().map_err(|e| e.to_string())?;
        for (i, spec) in self.pending.iter().enumerate() {
            let mv = spec
                .to_move(&game)
                .map_err(|e| format!("pending move {}: {e}", i + 1))?;
            game.play(mv)
                .map_err(|e| format!("pending move {}: {e}", i + 1))?;
        }
        Ok(game)
    }
}

/// Keeps the autosave's record and pending moves up to date as a game is played.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The record at the last entry boundary.
    pub record: Record,
    /// The moves since, by name.
    pub pending: Vec<MoveName>,
}

impl Progress {
    /// The progress of `game`, which must stand at an entry boundary (a new game or one just
    /// replayed from a record).
    pub fn new(game: &Game, players: Vec<RecordPlayer>) -> Progress {
        Progress {
            record: Record::from_game(game, players),
            pending: Vec::new(),
        }
    }

    /// Notes that `spec` (naming `mv`) was just played and led to `after`.
    pub fn played(&mut self, spec: MoveName, mv: Move, after: &Game) {
        let mid_entry = match after.decision() {
            Decision::PlaceFigure { .. } | Decision::MoveWagon { .. } => true,
            // A tile drawn by choice (instead of the abbey) belongs to the entry to come.
            Decision::PlaceTile { .. } => mv == Move::Draw,
            _ => false,
        };
        if mid_entry {
            self.pending.push(spec);
        } else {
            let players = std::mem::take(&mut self.record.players);
            self.record = Record::from_game(after, players);
            self.pending.clear();
        }
    }
}
