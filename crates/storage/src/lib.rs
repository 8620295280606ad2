//! The app's data folder, as plain Rust (no Tauri), so that it is tested on a temporary
//! folder and shared with the `carcassonne history` command.
//!
//! ```text
//! <data dir>/profiles.json        profiles, their statistics and ratings, the active one
//! <data dir>/matches/<id>.json    a finished match: metadata and its record (RULES.md §6)
//! <data dir>/current.json         the game in progress, saved after every move
//! ```
//!
//! Every file carries `"schema": 1`. Every write is atomic (a temporary file flushed to disk,
//! then renamed over the old one), so a crash leaves the old or the new file, never half of
//! one. A file that cannot be read or parsed is moved aside to `<name>.corrupt-<timestamp>`,
//! reported as a [`Problem`], and touches nothing else.

mod atomic;
pub mod current;
pub mod matches;
pub mod notation;
pub mod profile;
pub mod time;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use carcassonne_engine::{Game, Record};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use current::{CurrentGame, Progress};
pub use matches::{MatchMeta, MatchPlayer, Opponent, Replayed};
pub use notation::{MoveSpec, MoveSpecError, WagonTarget};
pub use profile::{GameOutcome, LevelStats, Profile, Rating, Stats};

/// The schema version written into every file.
pub const SCHEMA: u32 = 1;
/// The app's bundle identifier: the name of its data folder on every platform.
pub const IDENTIFIER: &str = "org.carcassonne.game";

/// The data folder the app uses, found without Tauri (for the CLI): the platform's data
/// folder joined with [`IDENTIFIER`], exactly as Tauri's `app_data_dir` resolves it
/// (`$XDG_DATA_HOME` or `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// the roaming AppData folder on Windows).
pub fn default_data_dir() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|b| b.data_dir().join(IDENTIFIER))
}

/// A file that could not be read, and where it was moved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// The file, relative to the data folder.
    pub file: String,
    /// Where it is now, relative to the data folder.
    pub moved_to: String,
    /// What was wrong.
    pub reason: String,
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
    /// A record that does not parse, replay or is not finished.
    #[error("the record is not valid: {0}")]
    InvalidRecord(String),
    /// A file was corrupt and has been moved aside.
    #[error("{} was unreadable ({}) and was moved to {}", .0.file, .0.reason, .0.moved_to)]
    Corrupt(Problem),
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
            StorageError::Io { .. } => "storage/io",
        }
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

/// A match file: metadata and the record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchFile {
    /// What the history lists.
    pub meta: MatchMeta,
    /// The game record.
    pub record: Record,
}

/// A file's envelope: the schema version around the content.
#[derive(Serialize, Deserialize)]
struct Versioned<T> {
    schema: u32,
    #[serde(flatten)]
    data: T,
}

/// Whether `id` is safe as a file name: 1 to 64 ASCII letters, digits, `-` or `_`.
fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
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
    problems: Mutex<Vec<Problem>>,
}

impl Storage {
    /// Opens (and creates if needed) the data folder at `root`, and removes temporary files
    /// that a killed writer left behind.
    ///
    /// # Errors
    /// [`StorageError::Io`] if the folder cannot be created.
    pub fn open(root: impl Into<PathBuf>) -> Result<Storage, StorageError> {
        let root = root.into();
        let matches = root.join("matches");
        fs::create_dir_all(&matches).map_err(|e| io_err(&matches, e))?;
        atomic::remove_stale_temps(&root);
        atomic::remove_stale_temps(&matches);
        Ok(Storage {
            root,
            problems: Mutex::new(Vec::new()),
        })
    }

    /// The data folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Every file set aside since the folder was opened, oldest first.
    pub fn problems(&self) -> Vec<Problem> {
        self.problems.lock().map(|p| p.clone()).unwrap_or_default()
    }

    fn rel(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Moves a corrupt file aside and records the problem.
    fn corrupt(&self, path: &Path, reason: String) -> StorageError {
        let problem = match atomic::set_aside(path) {
            Ok(to) => Problem {
                file: self.rel(path),
                moved_to: self.rel(&to),
                reason,
            },
            Err(e) => return io_err(path, format!("{reason}; moving it aside failed: {e}")),
        };
        if let Ok(mut p) = self.problems.lock() {
            p.push(problem.clone());
        }
        StorageError::Corrupt(problem)
    }

    /// Reads a versioned JSON file: `Ok(None)` if it does not exist; a corrupt one is moved
    /// aside and reported.
    fn read<T: DeserializeOwned>(&self, path: &Path) -> Result<Option<T>, StorageError> {
        let bytes = match fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(io_err(path, e)),
        };
        let value: serde_json::Value = match serde_json::from_slice(&bytes) {
            Ok(v) => v,
            Err(e) => return Err(self.corrupt(path, format!("not JSON: {e}"))),
        };
        match value.get("schema").and_then(serde_json::Value::as_u64) {
            Some(s) if s == u64::from(SCHEMA) => {}
            Some(s) => {
                return Err(self.corrupt(path, format!("schema {s}; this app reads {SCHEMA}")));
            }
            None => return Err(self.corrupt(path, "no schema version".into())),
        }
        match serde_json::from_value::<Versioned<T>>(value) {
            Ok(v) => Ok(Some(v.data)),
            Err(e) => Err(self.corrupt(path, format!("unexpected content: {e}"))),
        }
    }

    fn write<T: Serialize>(&self, path: &Path, data: &T) -> Result<(), StorageError> {
        let json = serde_json::to_vec_pretty(&Versioned {
            schema: SCHEMA,
            data,
        })
        .map_err(|e| io_err(path, e))?;
        atomic::write_atomic(path, &json).map_err(|e| io_err(path, e))
    }

    // ----- profiles ----------------------------------------------------------------------

    fn profiles_path(&self) -> PathBuf {
        self.root.join("profiles.json")
    }

    /// The profiles. A corrupt `profiles.json` is set aside (see [`Storage::problems`]) and
    /// the list starts empty.
    ///
    /// # Errors
    /// [`StorageError::Io`] if the file exists but cannot be read.
    pub fn profiles(&self) -> Result<Profiles, StorageError> {
        match self.read(&self.profiles_path()) {
            Ok(p) => Ok(p.unwrap_or_default()),
            Err(StorageError::Corrupt(_)) => Ok(Profiles::default()),
            Err(e) => Err(e),
        }
    }

    fn save_profiles(&self, p: &Profiles) -> Result<(), StorageError> {
        self.write(&self.profiles_path(), p)
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
    /// [`StorageError::InvalidName`], [`StorageError::DuplicateName`], or I/O.
    pub fn create_profile(&self, name: &str) -> Result<Profile, StorageError> {
        let mut p = self.profiles()?;
        let name = Self::check_name(&p, name, None)?;
        let mut id = format!("p-{:08x}", rand::random::<u32>());
        while p.profiles.iter().any(|q| q.id == id) {
            id = format!("p-{:08x}", rand::random::<u32>());
        }
        let profile = Profile {
            id: id.clone(),
            name,
            created: time::rfc3339(time::now_secs()),
            stats: Stats::default(),
        };
        p.profiles.push(profile.clone());
        p.active = Some(id);
        self.save_profiles(&p)?;
        Ok(profile)
    }

    /// Renames a profile.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::InvalidName`],
    /// [`StorageError::DuplicateName`], or I/O.
    pub fn rename_profile(&self, id: &str, name: &str) -> Result<Profile, StorageError> {
        let mut p = self.profiles()?;
        let name = Self::check_name(&p, name, Some(id))?;
        let profile = p
            .profiles
            .iter_mut()
            .find(|q| q.id == id)
            .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
        profile.name = name;
        let out = profile.clone();
        self.save_profiles(&p)?;
        Ok(out)
    }

    /// Deletes a profile (its matches stay in the history). If it was active, none is.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], or I/O.
    pub fn delete_profile(&self, id: &str) -> Result<Profiles, StorageError> {
        let mut p = self.profiles()?;
        let before = p.profiles.len();
        p.profiles.retain(|q| q.id != id);
        if p.profiles.len() == before {
            return Err(StorageError::ProfileNotFound(id.into()));
        }
        if p.active.as_deref() == Some(id) {
            p.active = None;
        }
        self.save_profiles(&p)?;
        Ok(p)
    }

    /// Makes a profile the active one.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], or I/O.
    pub fn select_profile(&self, id: &str) -> Result<Profile, StorageError> {
        let mut p = self.profiles()?;
        let profile = p
            .profiles
            .iter()
            .find(|q| q.id == id)
            .cloned()
            .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
        p.active = Some(id.into());
        self.save_profiles(&p)?;
        Ok(profile)
    }

    // ----- matches -----------------------------------------------------------------------

    fn match_path(&self, id: &str) -> Result<PathBuf, StorageError> {
        if !valid_id(id) {
            return Err(StorageError::MatchNotFound(id.into()));
        }
        Ok(self.root.join("matches").join(format!("{id}.json")))
    }

    /// Every finished match, newest first. Corrupt files are set aside and reported in
    /// [`Storage::problems`]; the others are still listed.
    ///
    /// # Errors
    /// [`StorageError::Io`] if the folder cannot be read.
    pub fn list_matches(&self) -> Result<Vec<MatchMeta>, StorageError> {
        let dir = self.root.join("matches");
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io_err(&dir, e)),
        };
        let mut out = Vec::new();
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(id) = name.strip_suffix(".json") else {
                continue;
            };
            if !valid_id(id) {
                continue;
            }
            match self.read::<MatchFile>(&e.path()) {
                Ok(Some(m)) => out.push(m.meta),
                Ok(None) | Err(StorageError::Corrupt(_)) => {}
                Err(e) => return Err(e),
            }
        }
        out.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| b.id.cmp(&a.id)));
        Ok(out)
    }

    /// A finished match, checked by replaying its record; a match file that is unreadable or
    /// whose record does not replay is set aside.
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::Corrupt`], or I/O.
    pub fn load_match(&self, id: &str) -> Result<(MatchFile, Game, Replayed), StorageError> {
        let path = self.match_path(id)?;
        let m: MatchFile = self
            .read(&path)?
            .ok_or_else(|| StorageError::MatchNotFound(id.into()))?;
        match matches::replay(&m.record) {
            Ok((game, replayed)) => Ok((m, game, replayed)),
            Err(e) => Err(self.corrupt(&path, format!("the record does not replay: {e}"))),
        }
    }

    /// Deletes a finished match.
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], or I/O.
    pub fn delete_match(&self, id: &str) -> Result<(), StorageError> {
        let path = self.match_path(id)?;
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(StorageError::MatchNotFound(id.into()))
            }
            Err(e) => Err(io_err(&path, e)),
        }
    }

    /// Writes a match's record (RULES.md §6 JSON) to `path`, atomically, and returns it.
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
    /// [`StorageError::InvalidRecord`] if it does not parse, does not replay or is not
    /// finished; I/O.
    pub fn import_record(&self, json: &str) -> Result<MatchMeta, StorageError> {
        let record = Record::parse(json).map_err(|e| StorageError::InvalidRecord(e.to_string()))?;
        if !record.end {
            return Err(StorageError::InvalidRecord(
                "the game is not finished (no \"end\": true)".into(),
            ));
        }
        let (game, _) =
            matches::replay(&record).map_err(|e| StorageError::InvalidRecord(e.to_string()))?;
        let now = time::now_secs();
        let mut id = new_game_id();
        while self.match_path(&id)?.exists() {
            id = new_game_id();
        }
        let meta = matches::describe(id, &record, &game, None, now, now, false, true);
        self.write(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record,
            },
        )?;
        Ok(meta)
    }

    /// Files a finished (or resigned) game: writes its match file, counts it in the
    /// profile's statistics and rating, and removes the autosave. `game` is the final
    /// position, `record` its record.
    ///
    /// # Errors
    /// I/O; the match file is written first, so a failure later loses no match.
    pub fn finish_game(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: bool,
    ) -> Result<MatchMeta, StorageError> {
        let meta = matches::describe(
            current.game_id.clone(),
            record,
            game,
            Some((current.profile_id.clone(), current.profile_name.clone())),
            current.started_at,
            time::now_secs(),
            resigned,
            false,
        );
        self.write(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record: record.clone(),
            },
        )?;
        let mut p = self.profiles()?;
        if let Some(profile) = p.profiles.iter_mut().find(|q| q.id == current.profile_id) {
            let scores = game.scores();
            profile.stats.record(&GameOutcome {
                score: scores[current.human],
                opponents: meta
                    .opponents
                    .iter()
                    .map(|o| (o.level.clone(), scores[o.seat]))
                    .collect(),
                resigned,
            });
            self.save_profiles(&p)?;
        }
        self.clear_current()?;
        Ok(meta)
    }

    // ----- the game in progress ----------------------------------------------------------

    fn current_path(&self) -> PathBuf {
        self.root.join("current.json")
    }

    /// Saves the game in progress.
    ///
    /// # Errors
    /// I/O.
    pub fn save_current(&self, current: &CurrentGame) -> Result<(), StorageError> {
        self.write(&self.current_path(), current)
    }

    /// The saved game in progress, if any, checked by replaying it. A corrupt file, or one
    /// that does not replay, is set aside.
    ///
    /// # Errors
    /// [`StorageError::Corrupt`], or I/O.
    pub fn load_current(&self) -> Result<Option<(CurrentGame, Game)>, StorageError> {
        let path = self.current_path();
        let Some(current) = self.read::<CurrentGame>(&path)? else {
            return Ok(None);
        };
        match current.game() {
            Ok(game) if current.human < game.num_players() => Ok(Some((current, game))),
            Ok(_) => Err(self.corrupt(&path, "the human's seat is not in the game".into())),
            Err(e) => Err(self.corrupt(&path, format!("the game does not replay: {e}"))),
        }
    }

    /// Removes the saved game in progress (nothing happens if there is none).
    ///
    /// # Errors
    /// I/O.
    pub fn clear_current(&self) -> Result<(), StorageError> {
        let path = self.current_path();
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_err(&path, e)),
        }
    }
}
