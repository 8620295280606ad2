//! The app's data folder, as plain Rust (no Tauri), so that it is tested on a temporary
//! folder and shared with the `carcassonne history` command.
//!
//! ```text
//! <data dir>/.lock                the lock held by the running app (empty)
//! <data dir>/profiles.json        profiles, their statistics and ratings, the active one
//! <data dir>/matches/<id>.json    a finished match: metadata and its record (RULES.md §6)
//! <data dir>/current.json         the game in progress, saved after every move
//! <data dir>/settings.json        the app's settings: board aids on or off, the last set-up
//! <data dir>/training/<profile>.json  the mistakes a profile practises, and when each is due
//! <data dir>/puzzles/<profile>.json   a profile's puzzle rating (Glicko-2) and its attempts
//! <data dir>/**/<name>.corrupt-<UTC time>  an unreadable file, set aside
//! ```
//!
//! **Files.** Every file carries `"schema": 1` ([`SCHEMA`]), except a match file with a
//! review, which carries `"schema": 2` ([`MATCH_SCHEMA`]; match files of schema 1 still
//! read, without a review), and `profiles.json`, which carries `"schema": 2`
//! ([`PROFILES_SCHEMA`]). A match file may also keep the luck of the draw (`luck`, the
//! app's analysis, and `meta.luck`, the human's net luck) and `meta.rated` (false for a deal
//! played again): optional keys in either schema, read as absent (and rated) when missing.
//!
//! **Migration.** `profiles.json` of schema 1 rated players against fixed level ratings
//! (random 400 … expert 1900); schema 2 rates them against the measured strength curve
//! (`carcassonne_ai::strength`). A schema-1 file still reads: when it is first read, each
//! profile's Elo is recomputed from its stored finished matches, oldest first, with the
//! opponents rated by the lookup the folder was opened with ([`RatingOf`]: the storage knows
//! no AI; the app and the CLI pass the strength curve), and each of
//! those matches' `ratingAfter` rewritten; then the file is written back as schema 2 (every
//! write atomic, the matches first, so an interrupted migration simply runs again). A
//! profile with no stored match keeps its old rating; its other statistics are kept as
//! they are. A folder opened read-only is migrated in memory only. Every write is atomic (a
//! temporary `<name>.tmp-<pid>-<n>` flushed to disk, renamed over the old file, then the
//! folder flushed), so a crash leaves the old or the new file, never half of one; temporary
//! files are never read as data and are removed when the folder is next opened for writing.
//!
//! **Problems.** Each file is handled on its own: one that cannot be read or parsed (not a
//! regular file, a dangling link, too large, not JSON, a wrong schema, unexpected content) is
//! moved aside to `<name>.corrupt-<timestamp>` and reported as a [`Problem`] (see
//! [`Storage::problems`]); if it cannot be moved it is reported and left in place. Nothing
//! else is lost: the history lists every other match, the profiles start empty. A file with
//! a *newer* schema is not corrupt: it is left in place, reported, and never overwritten
//! ([`StorageError::Newer`]). A `schema` that is not a whole number (`"1"`, `1.0`) was never
//! written by any version, so such a file is corrupt.
//!
//! **Limits.** Sizes are checked before a file is read, and at most the limit is read:
//! [`MAX_PROFILES_BYTES`], [`MAX_MATCH_BYTES`], [`MAX_CURRENT_BYTES`],
//! [`MAX_SETTINGS_BYTES`], [`MAX_TRAINING_BYTES`], [`MAX_PUZZLES_BYTES`]; an imported record may
//! have up to [`MAX_RECORD_BYTES`]. A larger file is a problem like any corrupt one.
//!
//! **Match ids.** A match's id is its file name (without `.json`): 1 to 64 ASCII letters,
//! digits, `-` or `_`. The history takes the id from the file name; an id inside the file that
//! differs is reported, and the match is listed, opened and deleted under its file name.
//!
//! **Two processes.** [`Storage::open`] takes an exclusive lock on `<data dir>/.lock`, held
//! while the [`Storage`] lives (the operating system releases it if the process dies); a
//! second `open` of the folder, from another process or the same one, fails with
//! [`StorageError::Locked`]. [`Storage::open_read_only`] takes no lock and changes nothing, so
//! the `carcassonne history` command can read while the app runs. Within one process,
//! every read-modify-write of `profiles.json` (and every use of `current.json`) is serialised,
//! so concurrent commands never lose each other's updates.
//!
//! Modules, lowest first (each uses only modules above it in this list; `scripts/layers.py`
//! checks it): [`time`] (UTC timestamps), `limits` (schemas and size limits), `atomic`
//! (atomic writes, setting files aside), `error` ([`StorageError`], [`Problem`]), [`profile`]
//! (profiles, statistics, Elo), [`matches`](mod@matches) (a finished match's metadata and
//! replay), `store` (the [`Storage`] type, opening the folder), `files` (the versioned file
//! machinery), then [`Storage`]'s methods by the file they keep: [`current`] (the autosave; an
//! unfinished turn's moves as the engine's [`MoveName`]s, and `current.json`), [`settings`]
//! (the app's settings and `settings.json`), `history` (the match files and their reviews),
//! `exchange` (imports and exports), `migrate` (the schema-1 migration), `profiles`
//! (`profiles.json`), `finish` (filing a finished game), `training` (the mistakes a profile
//! practises, with their spaced repetition), `puzzles` (a profile's puzzle rating, its
//! attempts, and the choice of its next puzzle).

mod atomic;
pub mod current;
mod error;
mod exchange;
mod files;
mod finish;
mod history;
mod limits;
pub mod matches;
mod migrate;
pub mod profile;
mod profiles;
mod puzzles;
pub mod settings;
mod store;
pub mod time;
mod training;

use std::path::PathBuf;

pub use carcassonne_engine::notation::{MoveName, NameError, WagonTarget};
pub use current::{CurrentGame, Progress, TableSeat};
pub use error::{Problem, RecordRefusal, StorageError};
pub use files::MAX_PUZZLES_BYTES;
pub use finish::FiledLuck;
pub use history::{MatchFile, new_game_id};
pub use limits::{
    EXPORT_NAMES, MATCH_SCHEMA, MAX_CURRENT_BYTES, MAX_MATCH_BYTES, MAX_PROFILES_BYTES,
    MAX_RECORD_BYTES, MAX_SETTINGS_BYTES, MAX_TRAINING_BYTES, PROFILES_SCHEMA, SCHEMA,
    TABLE_SCHEMA,
};
pub use matches::{MatchMeta, MatchPlayer, Opponent, Replayed};
pub use profile::{
    GameOutcome, LevelStats, Profile, Profiles, RatedOpponent, Rating, RatingChange, RatingOf,
    Stats,
};
pub use puzzles::{
    MAX_PUZZLE_ATTEMPTS, MAX_PUZZLE_RATING, MIN_PUZZLE_RATING, NEAR_PUZZLE_RATING, PuzzleAttempt,
    PuzzleProgress, PuzzleRef, next_puzzle,
};
pub use settings::{AiPace, Animations, Language, LastSetup, Settings, SetupOpponent, Theme};
pub use store::Storage;
pub use training::{Drill, INTERVALS_DAYS, Training};

/// The app's bundle identifier: the name of its data folder on every platform.
pub const IDENTIFIER: &str = "org.carcassonne.game";

/// The data folder the app uses, found without Tauri (for the CLI): the platform's data
/// folder joined with [`IDENTIFIER`], exactly as Tauri's `app_data_dir` resolves it
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// the roaming AppData folder on Windows).
pub fn default_data_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|b| b.data_dir().join(IDENTIFIER))
}
