//! The game in progress: what `current.json` holds, and how it is kept exact after every move.
//!
//! A record (RULES.md §6) can only hold whole entries: a tile with its figure and wagon
//! decisions. After a move in the middle of an entry (a tile placed, its figure not yet
//! chosen) the autosave keeps the record as it was at the last entry boundary plus the moves
//! played since, by name. Resuming replays the record (the seed in it deals the same pile)
//! and then those moves, which yields exactly the game that was saved.

use std::fs;
use std::path::PathBuf;

use carcassonne_engine::{Decision, Game, Move, MoveName, Record, RecordPlayer};
use serde::{Deserialize, Serialize};

use crate::error::{Problem, StorageError, io_err};
use crate::files::CURRENT;
use crate::limits::{SCHEMA, TABLE_SCHEMA};
use crate::store::{Storage, lock};

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
    /// The salt of the deal's fingerprint (`carcassonne_engine::deal_fingerprint`), kept
    /// secret until the game ends; `None` (no key) in games started before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal_salt: Option<String>,
    /// Whether the game counts in the profile's rating: not on a deal played again from the
    /// history, whose tiles the player has seen. Games saved before this was kept read as
    /// rated.
    #[serde(default = "rated", skip_serializing_if = "is_rated")]
    pub rated: bool,
    /// The other people at the table (pass and play), in seat order: each plays its seat
    /// from its own profile. Empty in a game of one person against AIs (and absent from the
    /// file, which is then schema 1; a table's autosave is schema [`TABLE_SCHEMA`], so an
    /// older version leaves it alone instead of taking those seats for AIs).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub others: Vec<TableSeat>,
    /// Whether a hand-over screen shows between people (pass and play).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub handover: bool,
}

/// A person's seat at a table of several people (pass and play).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TableSeat {
    /// The seat (0-based turn order).
    pub seat: usize,
    /// The profile playing it.
    pub profile_id: String,
    /// That profile's name.
    pub profile_name: String,
}

fn rated() -> bool {
    true
}

// serde's `skip_serializing_if` takes a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_rated(rated: &bool) -> bool {
    *rated
}

impl CurrentGame {
    /// Every person's seat: the host's ([`CurrentGame::human`], with the profile playing)
    /// and the others', in seat order.
    pub fn people(&self) -> Vec<TableSeat> {
        let mut all = self.others.clone();
        all.push(TableSeat {
            seat: self.human,
            profile_id: self.profile_id.clone(),
            profile_name: self.profile_name.clone(),
        });
        all.sort_by_key(|p| p.seat);
        all
    }

    /// Whether `seat` is played by a person.
    pub fn is_person(&self, seat: usize) -> bool {
        seat == self.human || self.others.iter().any(|p| p.seat == seat)
    }

    /// Why the people's seats do not fit a game of `players` seats, if they do not: a seat
    /// outside the game, two people in one seat, or one profile in two seats.
    pub fn table_problem(&self, players: usize) -> Option<String> {
        let people = self.people();
        if let Some(p) = people.iter().find(|p| p.seat >= players) {
            return Some(format!("seat {} is not in the game", p.seat + 1));
        }
        for (i, p) in people.iter().enumerate() {
            if people[..i].iter().any(|q| q.seat == p.seat) {
                return Some(format!("two people in seat {}", p.seat + 1));
            }
            if people[..i].iter().any(|q| q.profile_id == p.profile_id) {
                return Some(format!("profile {:?} in two seats", p.profile_id));
            }
        }
        None
    }

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

impl Storage {
    fn current_path(&self) -> PathBuf {
        self.root.join("current.json")
    }

    /// Saves the game in progress.
    ///
    /// # Errors
    /// [`StorageError::Newer`] if `current.json` was written by a newer version (see
    /// [`Storage::set_aside_current`]), [`StorageError::ReadOnly`], or I/O.
    pub fn save_current(&self, current: &CurrentGame) -> Result<(), StorageError> {
        let _guard = lock(&self.current_lock);
        let schema = if current.others.is_empty() {
            SCHEMA
        } else {
            TABLE_SCHEMA
        };
        self.write_as(&self.current_path(), current, CURRENT, schema)
    }

    /// The saved game in progress, checked by replaying it: `Ok(None)` if there is none. On
    /// any failure the error is returned *and* listed in [`Storage::problems`], so the app can
    /// report the problems and offer a new game: an unusable file (not a regular file,
    /// unreadable, too large, corrupt, or not replaying) is set aside if it can be
    /// ([`StorageError::Corrupt`]); one written by a newer version is left alone
    /// ([`StorageError::Newer`]).
    ///
    /// # Errors
    /// [`StorageError::Corrupt`] or [`StorageError::Newer`].
    pub fn load_current(&self) -> Result<Option<(CurrentGame, Game)>, StorageError> {
        let _guard = lock(&self.current_lock);
        let path = self.current_path();
        let Some(current) = self.read::<CurrentGame>(&path, CURRENT)? else {
            return Ok(None);
        };
        match current.game() {
            Ok(game) => match current.table_problem(game.num_players()) {
                None => Ok(Some((current, game))),
                Some(why) => Err(self.corrupt(&path, format!("the people's seats: {why}"))),
            },
            Err(e) => Err(self.corrupt(&path, format!("the game does not replay: {e}"))),
        }
    }

    /// Sets the saved game aside for `reason` (e.g. it parses but cannot be resumed by this
    /// version), so that it is not offered again: `current.json` is moved to
    /// `current.json.corrupt-<timestamp>`, or, if it cannot be moved, reported where it is.
    /// The problem is recorded in [`Storage::problems`] and returned.
    ///
    /// # Errors
    /// [`StorageError::ReadOnly`]; [`StorageError::Io`] if there is no `current.json`.
    pub fn set_aside_current(&self, reason: &str) -> Result<Problem, StorageError> {
        self.writable()?;
        let _guard = lock(&self.current_lock);
        let path = self.current_path();
        if fs::symlink_metadata(&path).is_err() {
            return Err(io_err(&path, "there is no saved game to set aside"));
        }
        Ok(self.set_aside(&path, reason.to_string()))
    }

    /// Removes the saved game in progress (nothing happens if there is none).
    ///
    /// # Errors
    /// [`StorageError::Newer`] if a newer version wrote it, [`StorageError::ReadOnly`], or
    /// I/O.
    pub fn clear_current(&self) -> Result<(), StorageError> {
        self.writable()?;
        let _guard = lock(&self.current_lock);
        let path = self.current_path();
        self.refuse_newer(&path, CURRENT)?;
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_err(&path, e)),
        }
    }
}
