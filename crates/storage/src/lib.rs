//! The app's data folder, as plain Rust (no Tauri), so that it is tested on a temporary
//! folder and shared with the `carcassonne history` command.
//!
//! ```text
//! <data dir>/.lock                the lock held by the running app (empty)
//! <data dir>/profiles.json        profiles, their statistics and ratings, the active one
//! <data dir>/matches/<id>.json    a finished match: metadata and its record (RULES.md §6)
//! <data dir>/current.json         the game in progress, saved after every move
//! <data dir>/settings.json        the app's settings: board aids on or off, the last set-up
//! <data dir>/**/<name>.corrupt-<UTC time>  an unreadable file, set aside
//! ```
//!
//! **Files.** Every file carries `"schema": 1` ([`SCHEMA`]), except a match file with a
//! review, which carries `"schema": 2` ([`MATCH_SCHEMA`]; match files of schema 1 still
//! read, without a review), and `profiles.json`, which carries `"schema": 2`
//! ([`PROFILES_SCHEMA`]).
//!
//! **Migration.** `profiles.json` of schema 1 rated players against fixed level ratings
//! (random 400 … expert 1900); schema 2 rates them against the measured strength curve
//! (`carcassonne_ai::strength`). A schema-1 file still reads: when it is first read, each
//! profile's Elo is recomputed from its stored finished matches, oldest first, and each of
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
//! [`MAX_SETTINGS_BYTES`]; an imported record may
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
//! Modules: [`profile`] (profiles, statistics, Elo), [`matches`](mod@matches) (finished matches and the
//! history), [`current`] (the autosave; an unfinished turn's moves as the engine's
//! [`MoveName`]s), [`settings`] (the app's settings), [`time`] (UTC timestamps), `atomic` (private: atomic writes).

mod atomic;
pub mod current;
pub mod matches;
pub mod profile;
pub mod settings;
pub mod time;

use std::fs::{self, File, OpenOptions};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use carcassonne_engine::{Game, Message, Params, Record, RecordError};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use carcassonne_engine::notation::{MoveName, NameError, WagonTarget};
pub use current::{CurrentGame, Progress};
pub use matches::{MatchMeta, MatchPlayer, Opponent, Replayed};
pub use profile::{GameOutcome, LevelStats, Profile, RatedOpponent, Rating, RatingChange, Stats};
pub use settings::{AiPace, Animations, Language, LastSetup, Settings, SetupOpponent, Theme};

/// The schema version written into every file but a reviewed match file and
/// `profiles.json`.
pub const SCHEMA: u32 = 1;
/// The schema version of `profiles.json`: 2 since the ratings are on the measured strength
/// curve. A file of schema 1 still reads: its ratings are recomputed from the stored matches
/// ([`Storage::profiles`], "Migration" in the module documentation) and it is written back
/// as schema 2.
pub const PROFILES_SCHEMA: u32 = 2;
/// The schema version of a match file that carries a review ([`MatchFile::review`]). Match
/// files of schema 1 (without a review) still read; a match file without a review is still
/// written as schema 1, so older versions of the app keep listing it.
pub const MATCH_SCHEMA: u32 = 2;
/// The app's bundle identifier: the name of its data folder on every platform.
pub const IDENTIFIER: &str = "org.carcassonne.game";

/// The largest record accepted by [`Storage::import_record`], in bytes: the engine's
/// [`carcassonne_engine::MAX_RECORD_BYTES`] (1 MiB; a finished game's record is 10 to 40 KB).
pub const MAX_RECORD_BYTES: u64 = carcassonne_engine::MAX_RECORD_BYTES as u64;
/// The largest match file read, in bytes (2 MiB: a record of [`MAX_RECORD_BYTES`] and its
/// metadata, pretty-printed; a real match file is 20 to 80 KB).
pub const MAX_MATCH_BYTES: u64 = 2 << 20;
/// The largest `current.json` read, in bytes (2 MiB, as a match file: a record and a few
/// pending moves).
pub const MAX_CURRENT_BYTES: u64 = 2 << 20;
/// The largest `profiles.json` read, in bytes (4 MiB; a profile with its statistics is about
/// 1 KB).
pub const MAX_PROFILES_BYTES: u64 = 4 << 20;
/// The largest `settings.json` read, in bytes (64 KiB; the file is under 1 KB).
pub const MAX_SETTINGS_BYTES: u64 = 64 << 10;

/// The data folder the app uses, found without Tauri (for the CLI): the platform's data
/// folder joined with [`IDENTIFIER`], exactly as Tauri's `app_data_dir` resolves it
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// the roaming AppData folder on Windows).
pub fn default_data_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|b| b.data_dir().join(IDENTIFIER))
}

/// A file that could not be used: corrupt, unreadable, written by a newer version, or with a
/// name or id the history does not trust.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// The file, relative to the data folder.
    pub file: String,
    /// Where it was moved, relative to the data folder; `None` (JSON `null`) when it was left
    /// in place (a newer version's file, a folder opened read-only, a file that could not be
    /// moved, or a problem that needs no move).
    pub moved_to: Option<String>,
    /// What was wrong.
    pub reason: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.moved_to {
            Some(to) => write!(f, "{}: {}; it was moved to {to}", self.file, self.reason),
            None => write!(f, "{}: {}; it was left in place", self.file, self.reason),
        }
    }
}

/// Why a storage operation failed. Nothing was changed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StorageError {
    /// No profile has this id.
    #[error("there is no profile \"{0}\"")]
    ProfileNotFound(String),
    /// A profile name must have 1 to 40 characters and no control characters.
    #[error("a profile name needs 1 to 40 characters and no control characters: \"{0}\"")]
    InvalidName(String),
    /// Another profile already has this name.
    #[error("a profile named \"{0}\" already exists")]
    DuplicateName(String),
    /// No match has this id.
    #[error("there is no match \"{0}\"")]
    MatchNotFound(String),
    /// A record that does not parse, replay, is not finished or is too large.
    #[error("the record is not valid: {0}")]
    InvalidRecord(RecordRefusal),
    /// A file could not be used; it was set aside if it could be (see the problem).
    #[error("{0}")]
    Corrupt(Problem),
    /// A file was written by a newer version of the app: it is left as it is and this
    /// version does not overwrite or remove it.
    #[error(
        "{file} was written by a newer version of the app (schema {schema}, newer than this \
         version reads); it is kept as it is and this version does not change it"
    )]
    Newer {
        /// The file, relative to the data folder.
        file: String,
        /// Its schema version.
        schema: u64,
    },
    /// Another running copy of the app holds the data folder's lock.
    #[error(
        "the data folder {0} is in use by another running copy of the app; close it and try \
         again"
    )]
    Locked(String),
    /// The folder was opened with [`Storage::open_read_only`]: nothing can be changed.
    #[error("the data folder was opened read-only, so nothing in it can be changed")]
    ReadOnly,
    /// Reading or writing failed.
    #[error("{path}: {message}")]
    Io {
        /// The file or folder.
        path: String,
        /// The system's message.
        message: String,
    },
}

impl StorageError {
    /// The stable error code shown to the UI (see `src-tauri/API.md`).
    pub fn code(&self) -> &'static str {
        match self {
            StorageError::ProfileNotFound(_) => "profile/not_found",
            StorageError::InvalidName(_) => "profile/invalid_name",
            StorageError::DuplicateName(_) => "profile/duplicate_name",
            StorageError::MatchNotFound(_) => "match/not_found",
            StorageError::InvalidRecord(_) => "record/invalid",
            StorageError::Corrupt(_) => "storage/corrupt",
            StorageError::Newer { .. } => "storage/newer_version",
            StorageError::Locked(_) => "storage/locked",
            StorageError::ReadOnly => "storage/read_only",
            StorageError::Io { .. } => "storage/io",
        }
    }
}

impl Message for StorageError {
    fn key(&self) -> &'static str {
        match self {
            StorageError::ProfileNotFound(_) => "profile.not_found",
            StorageError::InvalidName(_) => "profile.invalid_name",
            StorageError::DuplicateName(_) => "profile.duplicate_name",
            StorageError::MatchNotFound(_) => "match.not_found",
            StorageError::InvalidRecord(r) => r.key(),
            StorageError::Corrupt(p) if p.moved_to.is_some() => "storage.corrupt.moved",
            StorageError::Corrupt(_) => "storage.corrupt.kept",
            StorageError::Newer { .. } => "storage.newer_version",
            StorageError::Locked(_) => "storage.locked",
            StorageError::ReadOnly => "storage.read_only",
            StorageError::Io { .. } => "storage.io",
        }
    }

    /// `id` of a profile or match; `name` of a profile; `file` (relative to the data folder,
    /// or a path for I/O) and `movedTo` of a set-aside file; `schema` of a newer file;
    /// `folder` of a locked data folder; a refused record's own parameters.
    fn params(&self) -> Params {
        match self {
            StorageError::ProfileNotFound(id) | StorageError::MatchNotFound(id) => {
                vec![("id", id.as_str().into())]
            }
            StorageError::InvalidName(name) | StorageError::DuplicateName(name) => {
                vec![("name", name.as_str().into())]
            }
            StorageError::InvalidRecord(r) => r.params(),
            StorageError::Corrupt(p) => {
                let mut out = vec![("file", p.file.as_str().into())];
                if let Some(to) = &p.moved_to {
                    out.push(("movedTo", to.as_str().into()));
                }
                out
            }
            StorageError::Newer { file, schema } => vec![
                ("file", file.as_str().into()),
                ("schema", i64::try_from(*schema).unwrap_or(i64::MAX).into()),
            ],
            StorageError::Locked(folder) => vec![("folder", folder.as_str().into())],
            StorageError::ReadOnly => Vec::new(),
            StorageError::Io { path, .. } => vec![("file", path.as_str().into())],
        }
    }
}

impl StorageError {
    /// One error of every kind and reason, for checking that a front end words them all.
    pub fn examples() -> Vec<StorageError> {
        let problem = |moved_to: Option<&str>| Problem {
            file: "matches/g-1.json".into(),
            moved_to: moved_to.map(Into::into),
            reason: "it is not valid JSON".into(),
        };
        let mut all = vec![
            StorageError::ProfileNotFound("p-1".into()),
            StorageError::InvalidName("".into()),
            StorageError::DuplicateName("Ada".into()),
            StorageError::MatchNotFound("g-1".into()),
        ];
        all.extend(
            RecordRefusal::examples()
                .into_iter()
                .map(StorageError::InvalidRecord),
        );
        all.extend([
            StorageError::Corrupt(problem(Some("matches/g-1.json.corrupt"))),
            StorageError::Corrupt(problem(None)),
            StorageError::Newer {
                file: "settings.json".into(),
                schema: 9,
            },
            StorageError::Locked("/data".into()),
            StorageError::ReadOnly,
            StorageError::Io {
                path: "/data/profiles.json".into(),
                message: "permission denied".into(),
            },
        ]);
        all
    }
}

/// Why [`Storage::import_record`] refused a record.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RecordRefusal {
    /// Longer than [`MAX_RECORD_BYTES`] (its length in bytes).
    #[error("{0} bytes, more than the limit of {MAX_RECORD_BYTES}")]
    TooLarge(usize),
    /// The record is not of a finished game.
    #[error("the game is not finished (no \"end\": true)")]
    NotFinished,
    /// It does not parse or replay.
    #[error(transparent)]
    Rejected(#[from] RecordError),
}

impl Message for RecordRefusal {
    fn key(&self) -> &'static str {
        match self {
            RecordRefusal::TooLarge(_) => "record.too_large",
            RecordRefusal::NotFinished => "record.not_finished",
            RecordRefusal::Rejected(e) => e.key(),
        }
    }

    /// `bytes` and `max` of a record too large; `turn` of one that does not parse or replay.
    fn params(&self) -> Params {
        match self {
            RecordRefusal::TooLarge(n) => vec![
                ("bytes", (*n).into()),
                (
                    "max",
                    i64::try_from(MAX_RECORD_BYTES).unwrap_or(i64::MAX).into(),
                ),
            ],
            RecordRefusal::NotFinished => Vec::new(),
            RecordRefusal::Rejected(e) => e.params(),
        }
    }
}

impl RecordRefusal {
    /// One refusal of every kind.
    pub fn examples() -> Vec<RecordRefusal> {
        vec![
            RecordRefusal::TooLarge(2 << 20),
            RecordRefusal::NotFinished,
            RecordRefusal::Rejected(RecordError {
                turn: 12,
                reason: "illegal placement".into(),
            }),
        ]
    }
}

fn io_err(path: &Path, e: impl std::fmt::Display) -> StorageError {
    StorageError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

/// `profiles.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Profiles {
    /// The active profile's id.
    pub active: Option<String>,
    /// Every profile, in creation order.
    pub profiles: Vec<Profile>,
}

/// A match file: metadata, the record and, once the match was reviewed, its review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchFile {
    /// What the history lists.
    pub meta: MatchMeta,
    /// The game record.
    pub record: Record,
    /// The post-game review, as JSON (the storage does not know its shape: the app stores
    /// the AI crate's review with [`Storage::save_review`] and reads it back with
    /// [`Storage::review_of`], which sets a review that does not parse aside). `None` for
    /// a match not reviewed, and for every file of schema 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<serde_json::Value>,
}

/// A match file as the history reads it: the metadata, the record only checked to be there
/// (skipped without building it, which makes listing fast).
#[derive(Deserialize)]
struct ListedMatch {
    meta: MatchMeta,
    #[allow(dead_code)]
    record: IgnoredAny,
}

/// A file's envelope, as written: the schema version around the content. (Files are read
/// without it: the schema is checked first, then the content parsed, ignoring `schema`.)
#[derive(Serialize)]
struct Versioned<T> {
    schema: u32,
    #[serde(flatten)]
    data: T,
}

/// Just the schema of a file (every other field skipped).
#[derive(Deserialize)]
struct Header {
    schema: Option<serde_json::Value>,
}

/// A kind of file: the largest size read and the newest schema this version reads.
#[derive(Clone, Copy)]
struct Kind {
    limit: u64,
    max_schema: u32,
}

/// `profiles.json`.
const PROFILES: Kind = Kind {
    limit: MAX_PROFILES_BYTES,
    max_schema: PROFILES_SCHEMA,
};
/// `matches/<id>.json`.
const MATCH: Kind = Kind {
    limit: MAX_MATCH_BYTES,
    max_schema: MATCH_SCHEMA,
};
/// `current.json`.
const CURRENT: Kind = Kind {
    limit: MAX_CURRENT_BYTES,
    max_schema: SCHEMA,
};
/// `settings.json`.
const SETTINGS: Kind = Kind {
    limit: MAX_SETTINGS_BYTES,
    max_schema: SCHEMA,
};

/// Why a file could not be read.
enum Fault {
    /// There is no file.
    Missing,
    /// It is unusable: set it aside.
    Bad(String),
    /// It has a newer schema: leave it alone.
    Newer(u64),
}

/// What kind of non-regular file `t` is, in words.
fn kind_of(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// Reads the file at `path` (following links), checking its type and size first so that a
/// folder, a pipe or a huge file is never opened or read whole; at most `limit` bytes are
/// read even if the file grows meanwhile.
fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, Fault> {
    let too_large = |n: u64| {
        Fault::Bad(format!(
            "too large: {n} bytes or more, the limit is {limit}"
        ))
    };
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(match fs::symlink_metadata(path) {
                Ok(_) => Fault::Bad("a symbolic link to nothing".into()),
                Err(_) => Fault::Missing,
            });
        }
        Err(e) => return Err(Fault::Bad(format!("cannot be read: {e}"))),
    };
    if !meta.is_file() {
        return Err(Fault::Bad(format!(
            "{}, not a regular file",
            kind_of(meta.file_type())
        )));
    }
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Fault::Missing),
        Err(e) => return Err(Fault::Bad(format!("cannot be read: {e}"))),
    };
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Fault::Bad(format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Checks a file's `schema`: 1 to `max` is read, a greater whole number is a newer version's
/// file, anything else (missing, 0, not a whole number) is corrupt.
fn check_schema(bytes: &[u8], max: u32) -> Result<(), Fault> {
    let header: Header = serde_json::from_slice(bytes).map_err(|e| {
        Fault::Bad(if e.is_data() {
            format!("not a JSON object: {e}")
        } else {
            format!("not JSON: {e}")
        })
    })?;
    let whole = |found: String| Fault::Bad(format!("schema must be a whole number, found {found}"));
    match header.schema {
        None => Err(Fault::Bad("no schema version".into())),
        Some(serde_json::Value::Number(n)) => match n.as_u64() {
            Some(s) if (1..=u64::from(max)).contains(&s) => Ok(()),
            Some(s) if s > u64::from(max) => Err(Fault::Newer(s)),
            Some(s) => Err(Fault::Bad(format!(
                "schema {s}, which no version of the app wrote (this one reads 1 to {max})"
            ))),
            None => Err(whole(n.to_string())),
        },
        Some(serde_json::Value::String(s)) => Err(whole(format!("the string {s:?}"))),
        Some(other) => Err(whole(other.to_string())),
    }
}

/// Reads, checks and parses a versioned JSON file.
fn parse_file<T: DeserializeOwned>(path: &Path, kind: Kind) -> Result<T, Fault> {
    let bytes = read_bytes(path, kind.limit)?;
    check_schema(&bytes, kind.max_schema)?;
    serde_json::from_slice(&bytes).map_err(|e| Fault::Bad(format!("unexpected content: {e}")))
}

/// Whether `id` is safe as a file name: 1 to 64 ASCII letters, digits, `-` or `_`.
fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A fresh game (and match) id: `g-<UTC time>-<random hex>`.
pub fn new_game_id() -> String {
    format!(
        "g-{}-{:04x}",
        time::compact(time::now_secs()).to_lowercase(),
        rand::random::<u16>()
    )
}

/// The data folder.
#[derive(Debug)]
pub struct Storage {
    root: PathBuf,
    /// The open lock file, whose lock is held while this value lives; `None` when read-only.
    lock: Option<File>,
    problems: Mutex<Vec<Problem>>,
    /// Held across every read-modify-write of `profiles.json`.
    profiles_lock: Mutex<()>,
    /// Held across every use of `current.json`.
    current_lock: Mutex<()>,
    /// Held across every read-modify-write of `settings.json`.
    settings_lock: Mutex<()>,
    /// Held across every change of a match file that exists (its review, its removal).
    matches_lock: Mutex<()>,
}

impl Storage {
    /// Opens (and creates if needed) the data folder at `root` for reading and writing: takes
    /// the exclusive lock on `<root>/.lock` for as long as the returned value lives, then
    /// removes the temporary files that killed writers left behind.
    ///
    /// # Errors
    /// [`StorageError::Locked`] if another [`Storage`] (in this process or another one) has
    /// the folder open; [`StorageError::Io`] if the folder or the lock file cannot be made.
    pub fn open(root: impl Into<PathBuf>) -> Result<Storage, StorageError> {
        let root = root.into();
        let matches = root.join("matches");
        fs::create_dir_all(&matches).map_err(|e| io_err(&matches, e))?;
        let lock_path = root.join(".lock");
        let lock_file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(|e| io_err(&lock_path, e))?;
        match lock_file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                return Err(StorageError::Locked(root.display().to_string()));
            }
            // A file system without locks: work as before locks existed.
            Err(fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {}
            Err(fs::TryLockError::Error(e)) => return Err(io_err(&lock_path, e)),
        }
        atomic::remove_stale_temps(&root);
        atomic::remove_stale_temps(&matches);
        Ok(Storage {
            root,
            lock: Some(lock_file),
            problems: Mutex::new(Vec::new()),
            profiles_lock: Mutex::new(()),
            current_lock: Mutex::new(()),
            settings_lock: Mutex::new(()),
            matches_lock: Mutex::new(()),
        })
    }

    /// Opens the data folder at `root` only to read it, while the app may be running: takes no
    /// lock, creates nothing (a missing folder reads as empty), and never moves, renames,
    /// deletes or writes anything in it. Unusable files are reported in
    /// [`Storage::problems`] with `moved_to: None`. Every method that would change the folder
    /// fails with [`StorageError::ReadOnly`] ([`Storage::export_match`] still works: it only
    /// writes the file it is given).
    ///
    /// # Errors
    /// [`StorageError::Io`] if `root` exists but is not a folder or cannot be examined.
    pub fn open_read_only(root: impl Into<PathBuf>) -> Result<Storage, StorageError> {
        let root = root.into();
        match fs::metadata(&root) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => return Err(io_err(&root, "not a folder")),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_err(&root, e)),
        }
        Ok(Storage {
            root,
            lock: None,
            problems: Mutex::new(Vec::new()),
            profiles_lock: Mutex::new(()),
            current_lock: Mutex::new(()),
            settings_lock: Mutex::new(()),
            matches_lock: Mutex::new(()),
        })
    }

    /// The data folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Whether the folder was opened with [`Storage::open_read_only`].
    pub fn is_read_only(&self) -> bool {
        self.lock.is_none()
    }

    /// Every problem met since the folder was opened, oldest first, each once.
    pub fn problems(&self) -> Vec<Problem> {
        lock(&self.problems).clone()
    }

    fn writable(&self) -> Result<(), StorageError> {
        if self.is_read_only() {
            Err(StorageError::ReadOnly)
        } else {
            Ok(())
        }
    }

    fn rel(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Records a problem (once: a problem met again, e.g. at every listing, is not repeated).
    fn report(&self, problem: Problem) {
        let mut p = lock(&self.problems);
        if !p.contains(&problem) {
            p.push(problem);
        }
    }

    /// Moves an unusable file aside (unless read-only) and records the problem; a file that
    /// cannot be moved is reported where it is.
    fn set_aside(&self, path: &Path, mut reason: String) -> Problem {
        let moved_to = if self.is_read_only() {
            None
        } else {
            match atomic::set_aside(path) {
                Ok(to) => Some(self.rel(&to)),
                Err(e) => {
                    reason = format!("{reason}; it could not be moved aside: {e}");
                    None
                }
            }
        };
        let problem = Problem {
            file: self.rel(path),
            moved_to,
            reason,
        };
        self.report(problem.clone());
        problem
    }

    fn corrupt(&self, path: &Path, reason: String) -> StorageError {
        StorageError::Corrupt(self.set_aside(path, reason))
    }

    fn newer(&self, path: &Path, schema: u64, kind: Kind) -> StorageError {
        let max = kind.max_schema;
        self.report(Problem {
            file: self.rel(path),
            moved_to: None,
            reason: format!(
                "written by a newer version of the app (schema {schema}; this version reads \
                 schema {max} at most), so it is kept as it is and not changed"
            ),
        });
        StorageError::Newer {
            file: self.rel(path),
            schema,
        }
    }

    /// Reads a versioned JSON file: `Ok(None)` if it does not exist. Every failure is
    /// recorded in [`Storage::problems`]: a corrupt file is set aside, a newer one left alone.
    fn read<T: DeserializeOwned>(
        &self,
        path: &Path,
        kind: Kind,
    ) -> Result<Option<T>, StorageError> {
        match parse_file(path, kind) {
            Ok(v) => Ok(Some(v)),
            Err(Fault::Missing) => Ok(None),
            Err(Fault::Bad(reason)) => Err(self.corrupt(path, reason)),
            Err(Fault::Newer(schema)) => Err(self.newer(path, schema, kind)),
        }
    }

    /// Refuses to replace or remove a file written by a newer version of the app.
    fn refuse_newer(&self, path: &Path, kind: Kind) -> Result<(), StorageError> {
        match read_bytes(path, kind.limit).and_then(|b| check_schema(&b, kind.max_schema)) {
            Err(Fault::Newer(schema)) => Err(self.newer(path, schema, kind)),
            _ => Ok(()),
        }
    }

    /// Writes `data` as schema [`SCHEMA`].
    fn write<T: Serialize>(&self, path: &Path, data: &T, kind: Kind) -> Result<(), StorageError> {
        self.write_as(path, data, kind, SCHEMA)
    }

    /// Writes `data` as schema `schema` (at most `kind.max_schema`), atomically, unless the
    /// file there was written by a newer version.
    fn write_as<T: Serialize>(
        &self,
        path: &Path,
        data: &T,
        kind: Kind,
        schema: u32,
    ) -> Result<(), StorageError> {
        let limit = kind.limit;
        self.writable()?;
        self.refuse_newer(path, kind)?;
        let json =
            serde_json::to_vec_pretty(&Versioned { schema, data }).map_err(|e| io_err(path, e))?;
        if json.len() as u64 > limit {
            return Err(io_err(
                path,
                format!(
                    "{} bytes would be more than the limit of {limit}, so it is not written",
                    json.len()
                ),
            ));
        }
        atomic::write_atomic(path, &json).map_err(|e| io_err(path, e))
    }

    // ----- profiles ----------------------------------------------------------------------

    fn profiles_path(&self) -> PathBuf {
        self.root.join("profiles.json")
    }

    /// The profiles. A corrupt `profiles.json` is set aside, and one written by a newer
    /// version left alone (see [`Storage::problems`]); either way the list is empty.
    ///
    /// # Errors
    /// None today; kept for I/O errors to come.
    pub fn profiles(&self) -> Result<Profiles, StorageError> {
        let _guard = lock(&self.profiles_lock);
        self.read_profiles()
    }

    /// [`Storage::profiles`], with `profiles_lock` held by the caller. A file of schema 1 is
    /// migrated ([`Storage::migrate_ratings`]) and, unless the folder is read-only, written
    /// back as schema [`PROFILES_SCHEMA`].
    fn read_profiles(&self) -> Result<Profiles, StorageError> {
        let path = self.profiles_path();
        let mut p: Profiles = match self.read(&path, PROFILES) {
            Ok(Some(p)) => p,
            Ok(None) => return Ok(Profiles::default()),
            Err(StorageError::Corrupt(_) | StorageError::Newer { .. }) => {
                return Ok(Profiles::default());
            }
            Err(e) => return Err(e),
        };
        let old = read_bytes(&path, PROFILES.limit)
            .ok()
            .and_then(|b| serde_json::from_slice::<Header>(&b).ok())
            .and_then(|h| h.schema)
            .and_then(|v| v.as_u64())
            .is_some_and(|v| v < u64::from(PROFILES_SCHEMA));
        if old {
            self.migrate_ratings(&mut p);
            if !self.is_read_only() {
                // A failure leaves the old file, migrated again at the next read.
                if let Err(e) = self.write_as(&path, &p, PROFILES, PROFILES_SCHEMA) {
                    self.report(Problem {
                        file: self.rel(&path),
                        moved_to: None,
                        reason: format!("its ratings could not be updated: {e}"),
                    });
                }
            }
        }
        Ok(p)
    }

    /// The migration of `profiles.json` from schema 1: every profile's Elo is recomputed
    /// from its stored finished matches (not imported ones), oldest first, from
    /// [`profile::START_RATING`], with the opponents' ratings of today
    /// ([`profile::level_rating`]); `rating.games` and every other statistic are kept. A
    /// profile without stored matches keeps its rating. Each match's `ratingAfter` is
    /// rewritten with the recomputed value (atomically, one file at a time; a match file that
    /// cannot be rewritten keeps its old value, reported in the problems). The match files
    /// are written before `profiles.json`, so an interrupted migration runs again whole.
    fn migrate_ratings(&self, p: &mut Profiles) {
        let Ok(mut all) = self.list_matches() else {
            return;
        };
        all.retain(|m| !m.imported && m.profile_id.is_some());
        all.sort_by(|a, b| {
            (a.date.as_str(), a.started_at.as_str(), a.id.as_str()).cmp(&(
                b.date.as_str(),
                b.started_at.as_str(),
                b.id.as_str(),
            ))
        });
        for profile in &mut p.profiles {
            let mut rating = Rating::default();
            let mut counted = false;
            for m in all
                .iter()
                .filter(|m| m.profile_id.as_deref() == Some(profile.id.as_str()))
            {
                let Some(human) = m
                    .players
                    .iter()
                    .position(|q| q.kind == carcassonne_engine::PlayerKind::Human)
                else {
                    continue;
                };
                let Some(&score) = m.scores.get(human) else {
                    continue;
                };
                let outcome = GameOutcome {
                    score,
                    opponents: m
                        .opponents
                        .iter()
                        .map(|o| (o.level.clone(), m.scores.get(o.seat).copied().unwrap_or(0)))
                        .collect(),
                    resigned: m.resigned,
                };
                rating.update(&outcome);
                counted = true;
                if m.rating_after != Some(rating.elo) && !self.is_read_only() {
                    self.set_rating_after(&m.id, rating.elo);
                }
            }
            if counted {
                profile.stats.rating.elo = rating.elo;
            }
        }
    }

    /// Rewrites match `id`'s `ratingAfter` (keeping its schema and review); a failure is
    /// reported in the problems.
    fn set_rating_after(&self, id: &str, elo: f64) {
        let Ok(path) = self.match_path(id) else {
            return;
        };
        let _guard = lock(&self.matches_lock);
        let Ok(Some(mut m)) = self.read::<MatchFile>(&path, MATCH) else {
            return;
        };
        m.meta.rating_after = Some(elo);
        let schema = if m.review.is_some() {
            MATCH_SCHEMA
        } else {
            SCHEMA
        };
        if let Err(e) = self.write_as(&path, &m, MATCH, schema) {
            self.report(Problem {
                file: self.rel(&path),
                moved_to: None,
                reason: format!("its ratingAfter could not be updated: {e}"),
            });
        }
    }

    /// Reads the profiles, lets `change` edit them and writes them back, all under
    /// `profiles_lock`, so that no concurrent edit is lost. `change` returns its result and
    /// whether anything changed.
    fn edit_profiles<R>(
        &self,
        change: impl FnOnce(&mut Profiles) -> Result<(R, bool), StorageError>,
    ) -> Result<R, StorageError> {
        self.writable()?;
        let _guard = lock(&self.profiles_lock);
        // Refused before anything else, so that every edit says why.
        self.refuse_newer(&self.profiles_path(), PROFILES)?;
        let mut p = self.read_profiles()?;
        let (out, changed) = change(&mut p)?;
        if changed {
            self.write_as(&self.profiles_path(), &p, PROFILES, PROFILES_SCHEMA)?;
        }
        Ok(out)
    }

    /// The profile `id`.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`].
    pub fn profile(&self, id: &str) -> Result<Profile, StorageError> {
        self.profiles()?
            .profiles
            .into_iter()
            .find(|p| p.id == id)
            .ok_or_else(|| StorageError::ProfileNotFound(id.into()))
    }

    fn check_name(p: &Profiles, name: &str, except: Option<&str>) -> Result<String, StorageError> {
        let clean =
            profile::clean_name(name).ok_or_else(|| StorageError::InvalidName(name.into()))?;
        let lower = clean.to_lowercase();
        if p.profiles
            .iter()
            .any(|q| Some(q.id.as_str()) != except && q.name.to_lowercase() == lower)
        {
            return Err(StorageError::DuplicateName(clean));
        }
        Ok(clean)
    }

    /// Creates a profile and makes it the active one.
    ///
    /// # Errors
    /// [`StorageError::InvalidName`], [`StorageError::DuplicateName`],
    /// [`StorageError::Newer`] if `profiles.json` was written by a newer version,
    /// [`StorageError::ReadOnly`], or I/O.
    pub fn create_profile(&self, name: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let name = Self::check_name(p, name, None)?;
            let mut id = format!("p-{:08x}", rand::random::<u32>());
            while p.profiles.iter().any(|q| q.id == id) {
                id = format!("p-{:08x}", rand::random::<u32>());
            }
            let profile = Profile {
                id: id.clone(),
                name,
                created: time::rfc3339(time::now_secs()),
                stats: Stats::default(),
                lessons_done: Vec::new(),
            };
            p.profiles.push(profile.clone());
            p.active = Some(id);
            Ok((profile, true))
        })
    }

    /// Renames a profile.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::InvalidName`],
    /// [`StorageError::DuplicateName`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn rename_profile(&self, id: &str, name: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let name = Self::check_name(p, name, Some(id))?;
            let profile = p
                .profiles
                .iter_mut()
                .find(|q| q.id == id)
                .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
            profile.name = name;
            Ok((profile.clone(), true))
        })
    }

    /// Deletes a profile (its matches stay in the history). If it was active, none is.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn delete_profile(&self, id: &str) -> Result<Profiles, StorageError> {
        self.edit_profiles(|p| {
            let before = p.profiles.len();
            p.profiles.retain(|q| q.id != id);
            if p.profiles.len() == before {
                return Err(StorageError::ProfileNotFound(id.into()));
            }
            if p.active.as_deref() == Some(id) {
                p.active = None;
            }
            Ok((p.clone(), true))
        })
    }

    /// Makes a profile the active one.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn select_profile(&self, id: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let profile = p
                .profiles
                .iter()
                .find(|q| q.id == id)
                .cloned()
                .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
            p.active = Some(id.into());
            Ok((profile, true))
        })
    }

    /// Notes that profile `id` passed the lesson `lesson` (nothing is written if it had
    /// already).
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn mark_lesson_done(&self, id: &str, lesson: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let profile = p
                .profiles
                .iter_mut()
                .find(|q| q.id == id)
                .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
            let new = !profile.lessons_done.iter().any(|l| l == lesson);
            if new {
                profile.lessons_done.push(lesson.into());
            }
            Ok((profile.clone(), new))
        })
    }

    // ----- matches -----------------------------------------------------------------------

    fn match_path(&self, id: &str) -> Result<PathBuf, StorageError> {
        if !valid_id(id) {
            return Err(StorageError::MatchNotFound(id.into()));
        }
        Ok(self.root.join("matches").join(format!("{id}.json")))
    }

    /// Notes a match file whose inner id is not its file name (the file name wins).
    fn check_inner_id(&self, path: &Path, id: &str, meta: &mut MatchMeta) {
        if meta.id != id {
            self.report(Problem {
                file: self.rel(path),
                moved_to: None,
                reason: format!(
                    "the id inside ({:?}) is not the file name; the match is known as {id:?}",
                    meta.id
                ),
            });
            meta.id = id.to_string();
        }
    }

    /// Every finished match, newest first; each match's id is its file name. Only the
    /// metadata is parsed (the record is skipped), so listing is fast. Each file is handled
    /// on its own: an unusable one (a folder, a pipe, a dangling link, too large, corrupt) is
    /// set aside if it can be, and reported in [`Storage::problems`], and the others are
    /// listed; a file written by a newer version is reported and left alone; a `.json` file
    /// whose name is not a match id is reported and not listed.
    ///
    /// # Errors
    /// [`StorageError::Io`] if the `matches` folder exists but cannot be read at all.
    pub fn list_matches(&self) -> Result<Vec<MatchMeta>, StorageError> {
        let dir = self.root.join("matches");
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err(&dir, e)),
        };
        let mut out = Vec::new();
        for entry in entries {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    self.report(Problem {
                        file: self.rel(&dir),
                        moved_to: None,
                        reason: format!("an entry could not be read: {e}"),
                    });
                    continue;
                }
            };
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(id) = name.strip_suffix(".json") else {
                continue;
            };
            if !valid_id(id) {
                self.report(Problem {
                    file: self.rel(&path),
                    moved_to: None,
                    reason: "its name is not a match id (1 to 64 letters, digits, - or _), so \
                             it is not listed"
                        .into(),
                });
                continue;
            }
            // Failures are recorded as problems; the listing goes on.
            if let Ok(Some(m)) = self.read::<ListedMatch>(&path, MATCH) {
                let mut meta = m.meta;
                self.check_inner_id(&path, id, &mut meta);
                out.push(meta);
            }
        }
        out.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| b.id.cmp(&a.id)));
        Ok(out)
    }

    /// A finished match, checked by replaying its record; a match file that is unreadable or
    /// whose record does not replay is set aside. Its `meta.id` is `id` (the file name).
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::Corrupt`], [`StorageError::Newer`],
    /// or I/O.
    pub fn load_match(&self, id: &str) -> Result<(MatchFile, Game, Replayed), StorageError> {
        let path = self.match_path(id)?;
        let mut m: MatchFile = self
            .read(&path, MATCH)?
            .ok_or_else(|| StorageError::MatchNotFound(id.into()))?;
        self.check_inner_id(&path, id, &mut m.meta);
        match matches::replay(&m.record) {
            Ok((game, replayed)) => Ok((m, game, replayed)),
            Err(e) => Err(self.corrupt(&path, format!("the record does not replay: {e}"))),
        }
    }

    /// Deletes a finished match (whatever its file holds, unless a newer version wrote it).
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn delete_match(&self, id: &str) -> Result<(), StorageError> {
        let path = self.match_path(id)?;
        self.writable()?;
        let _guard = lock(&self.matches_lock);
        self.refuse_newer(&path, MATCH)?;
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(StorageError::MatchNotFound(id.into()))
            }
            Err(e) => Err(io_err(&path, e)),
        }
    }

    /// Stores `review`, the review of match `id`, in its match file (which becomes schema
    /// [`MATCH_SCHEMA`]), replacing any earlier one, and notes its `accuracy` (0–100) in the
    /// metadata the history lists. Returns that metadata.
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::Corrupt`] (the match file is set
    /// aside), [`StorageError::Newer`], [`StorageError::ReadOnly`]; [`StorageError::Io`] if
    /// `accuracy` is not between 0 and 100, the review does not serialise, or writing fails.
    pub fn save_review<R: Serialize>(
        &self,
        id: &str,
        review: &R,
        accuracy: f64,
    ) -> Result<MatchMeta, StorageError> {
        let path = self.match_path(id)?;
        self.writable()?;
        if !(0.0..=100.0).contains(&accuracy) {
            return Err(io_err(
                &path,
                format!("a review's accuracy is 0 to 100, not {accuracy}"),
            ));
        }
        let review = serde_json::to_value(review).map_err(|e| io_err(&path, e))?;
        let _guard = lock(&self.matches_lock);
        let mut m: MatchFile = self
            .read(&path, MATCH)?
            .ok_or_else(|| StorageError::MatchNotFound(id.into()))?;
        self.check_inner_id(&path, id, &mut m.meta);
        m.review = Some(review);
        m.meta.accuracy = Some(accuracy);
        self.write_as(&path, &m, MATCH, MATCH_SCHEMA)?;
        Ok(m.meta)
    }

    /// The review stored in `m`, the match file of match `id` (from [`Storage::load_match`]),
    /// read as an `R`; `None` if it has none. A review that is not a valid `R` is corrupt and
    /// handled like a corrupt file, but without losing the match: the match file is copied
    /// aside to `<id>.json.corrupt-<timestamp>` (unless the folder is read-only), the review
    /// is removed from the file and from `m` (the file becomes schema 1 again), and the
    /// problem is recorded in [`Storage::problems`].
    pub fn review_of<R: DeserializeOwned>(&self, id: &str, m: &mut MatchFile) -> Option<R> {
        let value = m.review.as_ref()?;
        match R::deserialize(value) {
            Ok(r) => Some(r),
            Err(e) => {
                m.review = None;
                m.meta.accuracy = None;
                self.drop_review(id, m, format!("its review is not valid ({e})"));
                None
            }
        }
    }

    /// Copies the match file of `id` aside and rewrites it as `m` (without its review),
    /// reporting `reason`.
    fn drop_review(&self, id: &str, m: &MatchFile, mut reason: String) {
        let Ok(path) = self.match_path(id) else {
            return;
        };
        let _guard = lock(&self.matches_lock);
        let mut moved_to = None;
        if self.is_read_only() {
            reason.push_str("; the review is not shown");
        } else {
            match atomic::copy_aside(&path) {
                Ok(to) => moved_to = Some(self.rel(&to)),
                Err(e) => reason.push_str(&format!("; it could not be copied aside: {e}")),
            }
            match self.write(&path, m, MATCH) {
                Ok(()) => reason.push_str("; the match was kept without its review"),
                Err(e) => reason.push_str(&format!("; the review could not be removed: {e}")),
            }
        }
        self.report(Problem {
            file: self.rel(&path),
            moved_to,
            reason,
        });
    }

    /// Writes a match's record (RULES.md §6 JSON) to `path`, atomically, and returns it. It
    /// changes nothing in the data folder, so it works read-only too.
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::Corrupt`], or I/O.
    pub fn export_match(&self, id: &str, path: &Path) -> Result<String, StorageError> {
        let (m, _, _) = self.load_match(id)?;
        let json = m.record.to_json();
        atomic::write_atomic(path, json.as_bytes()).map_err(|e| io_err(path, e))?;
        Ok(json)
    }

    /// Imports a finished record into the history, after replaying it.
    ///
    /// # Errors
    /// [`StorageError::InvalidRecord`] if it is larger than [`MAX_RECORD_BYTES`], does not
    /// parse, does not replay or is not finished; [`StorageError::ReadOnly`]; I/O.
    pub fn import_record(&self, json: &str) -> Result<MatchMeta, StorageError> {
        self.writable()?;
        if json.len() as u64 > MAX_RECORD_BYTES {
            return Err(StorageError::InvalidRecord(RecordRefusal::TooLarge(
                json.len(),
            )));
        }
        let record = Record::parse(json).map_err(|e| StorageError::InvalidRecord(e.into()))?;
        if !record.end {
            return Err(StorageError::InvalidRecord(RecordRefusal::NotFinished));
        }
        let (game, _) =
            matches::replay(&record).map_err(|e| StorageError::InvalidRecord(e.into()))?;
        let now = time::now_secs();
        let mut id = new_game_id();
        while fs::symlink_metadata(self.match_path(&id)?).is_ok() {
            id = new_game_id();
        }
        let meta = matches::describe(
            &record,
            &game,
            matches::Origin {
                id,
                profile: None,
                started: now,
                ended: now,
                resigned: false,
                imported: true,
            },
        );
        self.write(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record,
                review: None,
            },
            MATCH,
        )?;
        Ok(meta)
    }

    /// Files a finished (or resigned) game: writes its match file, counts it in the
    /// profile's statistics and rating, and removes the autosave. `game` is the final
    /// position, `record` its record. If `profiles.json` or `current.json` was written by a
    /// newer version of the app, it is left alone (the game is still filed; the problem is in
    /// [`Storage::problems`]).
    ///
    /// # Errors
    /// [`StorageError::ReadOnly`], or I/O; the match file is written first, so a failure
    /// later loses no match.
    pub fn finish_game(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: bool,
    ) -> Result<MatchMeta, StorageError> {
        self.finish_game_rated(current, record, game, resigned)
            .map(|(meta, _)| meta)
    }

    /// [`Storage::finish_game`], also returning how the game moved the profile's rating
    /// (the change the profile's statistics counted, with the opponents' real seats); `None`
    /// when no profile counted it (the profile is gone, or `profiles.json` is a newer
    /// version's).
    ///
    /// # Errors
    /// As [`Storage::finish_game`].
    pub fn finish_game_rated(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: bool,
    ) -> Result<(MatchMeta, Option<RatingChange>), StorageError> {
        self.writable()?;
        let mut meta = matches::describe(
            record,
            game,
            matches::Origin {
                id: current.game_id.clone(),
                profile: Some((current.profile_id.clone(), current.profile_name.clone())),
                started: current.started_at,
                ended: time::now_secs(),
                resigned,
                imported: false,
            },
        );
        let scores = game.scores();
        let outcome = GameOutcome {
            score: scores[current.human],
            opponents: meta
                .opponents
                .iter()
                .map(|o| (o.level.clone(), scores[o.seat]))
                .collect(),
            resigned,
        };
        // The rating this game leads to, kept with the match for the profile's chart.
        meta.rating_after = self.profiles().ok().and_then(|p| {
            let mut stats = p
                .profiles
                .iter()
                .find(|q| q.id == current.profile_id)?
                .stats
                .clone();
            stats.record(&outcome);
            Some(stats.rating.elo)
        });
        self.write(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record: record.clone(),
                review: None,
            },
            MATCH,
        )?;
        let counted = self.edit_profiles(|p| {
            let Some(profile) = p.profiles.iter_mut().find(|q| q.id == current.profile_id) else {
                return Ok((None, false));
            };
            let mut change = profile.stats.record(&outcome);
            for (o, m) in change.opponents.iter_mut().zip(&meta.opponents) {
                o.seat = m.seat;
            }
            Ok((Some(change), true))
        });
        let change = match counted {
            Ok(c) => c,
            Err(StorageError::Newer { .. }) => None,
            Err(e) => return Err(e),
        };
        match self.clear_current() {
            Ok(()) | Err(StorageError::Newer { .. }) => Ok((meta, change)),
            Err(e) => Err(e),
        }
    }

    // ----- the game in progress ----------------------------------------------------------

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
        self.write(&self.current_path(), current, CURRENT)
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
            Ok(game) if current.human < game.num_players() => Ok(Some((current, game))),
            Ok(_) => Err(self.corrupt(&path, "the human's seat is not in the game".into())),
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

    // ----- settings ----------------------------------------------------------------------

    fn settings_path(&self) -> PathBuf {
        self.root.join("settings.json")
    }

    /// The settings, or the defaults ([`Settings::default`]) when there is no file. A
    /// corrupt `settings.json` is set aside, and one written by a newer version left alone
    /// (see [`Storage::problems`]); either way the defaults are returned.
    pub fn settings(&self) -> Settings {
        let _guard = lock(&self.settings_lock);
        self.read_settings()
    }

    /// [`Storage::settings`], with `settings_lock` held by the caller.
    fn read_settings(&self) -> Settings {
        // Every failure is recorded in the problems by `read`.
        self.read(&self.settings_path(), SETTINGS)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Replaces the settings and returns them.
    ///
    /// # Errors
    /// [`StorageError::Newer`] if `settings.json` was written by a newer version (it is left
    /// alone), [`StorageError::ReadOnly`], or I/O.
    pub fn save_settings(&self, settings: &Settings) -> Result<Settings, StorageError> {
        self.update_settings(|s| *s = settings.clone())
    }

    /// Reads the settings, lets `change` edit them and writes them back, all under one lock,
    /// so that concurrent edits (a new game's set-up, the aids switch) are not lost. Returns
    /// the settings written.
    ///
    /// # Errors
    /// As [`Storage::save_settings`].
    pub fn update_settings(
        &self,
        change: impl FnOnce(&mut Settings),
    ) -> Result<Settings, StorageError> {
        self.writable()?;
        let _guard = lock(&self.settings_lock);
        let path = self.settings_path();
        self.refuse_newer(&path, SETTINGS)?;
        let mut s = self.read_settings();
        change(&mut s);
        self.write(&path, &s, SETTINGS)?;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of storage error is among the examples (the match is exhaustive: a new kind
    /// needs a number here and an example), and its key and code agree.
    #[test]
    fn every_storage_error_has_an_example_and_a_key() {
        let kind = |e: &StorageError| match e {
            StorageError::ProfileNotFound(_) => 0,
            StorageError::InvalidName(_) => 1,
            StorageError::DuplicateName(_) => 2,
            StorageError::MatchNotFound(_) => 3,
            StorageError::InvalidRecord(RecordRefusal::TooLarge(_)) => 4,
            StorageError::InvalidRecord(RecordRefusal::NotFinished) => 5,
            StorageError::InvalidRecord(RecordRefusal::Rejected(_)) => 6,
            StorageError::Corrupt(p) if p.moved_to.is_some() => 7,
            StorageError::Corrupt(_) => 8,
            StorageError::Newer { .. } => 9,
            StorageError::Locked(_) => 10,
            StorageError::ReadOnly => 11,
            StorageError::Io { .. } => 12,
        };
        let examples = StorageError::examples();
        let kinds: std::collections::BTreeSet<usize> = examples.iter().map(kind).collect();
        assert_eq!(kinds, (0..13).collect());
        let keys: std::collections::BTreeSet<&str> = examples.iter().map(Message::key).collect();
        assert_eq!(keys.len(), 13);
        for e in &examples {
            // `profile/not_found` and `profile.not_found`: the key begins with the code's area.
            let area = e.code().split('/').next().unwrap_or_default();
            assert!(
                e.key().starts_with(&format!("{area}.")),
                "{} {}",
                e.code(),
                e.key()
            );
        }
        let e = StorageError::InvalidRecord(RecordRefusal::TooLarge(2_000_000));
        assert_eq!(
            e.to_string(),
            "the record is not valid: 2000000 bytes, more than the limit of 1048576"
        );
        assert_eq!(
            e.params(),
            vec![("bytes", 2_000_000i64.into()), ("max", 1_048_576i64.into())]
        );
    }
}
