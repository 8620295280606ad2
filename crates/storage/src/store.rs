//! The [`Storage`] type: the data folder, opened for writing (with its lock) or read-only.
//! Its methods are filed by the data file they keep: `files.rs` (the versioned file
//! machinery), `profiles.rs`, `history.rs` (the match files), `exchange.rs` (imports and
//! exports), `finish.rs` (filing a finished game), `migrate.rs`, `current.rs`, `settings.rs`.

use std::fs::{self, File, OpenOptions};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::atomic;
use crate::error::{Problem, StorageError, io_err};
use crate::profile::RatingOf;

/// Locks `m`, even if a panicking thread poisoned it (every lock here guards a file, not data
/// in memory).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The data folder.
#[derive(Debug)]
pub struct Storage {
    pub(crate) root: PathBuf,
    /// The open lock file, whose lock is held while this value lives; `None` when read-only.
    pub(crate) lock: Option<File>,
    pub(crate) problems: Mutex<Vec<Problem>>,
    /// Held across every read-modify-write of `profiles.json`.
    pub(crate) profiles_lock: Mutex<()>,
    /// Held across every use of `current.json`.
    pub(crate) current_lock: Mutex<()>,
    /// Held across every read-modify-write of `settings.json`.
    pub(crate) settings_lock: Mutex<()>,
    /// Held across every change of a match file that exists (its review, its removal).
    pub(crate) matches_lock: Mutex<()>,
    /// Held across every read-modify-write of a training file.
    pub(crate) training_lock: Mutex<()>,
    /// How the profiles' ratings rate an AI opponent (given by whoever opened the folder).
    pub(crate) rating_of: RatingOf,
}

impl Storage {
    /// Opens (and creates if needed) the data folder at `root` for reading and writing: takes
    /// the exclusive lock on `<root>/.lock` for as long as the returned value lives, then
    /// removes the temporary files that killed writers left behind. `rating_of` rates the AI
    /// opponents of the games filed and of the stored ones a schema-1 `profiles.json` is
    /// rated again from ([`RatingOf`]: the app passes the strength curve).
    ///
    /// # Errors
    /// [`StorageError::Locked`] if another [`Storage`] (in this process or another one) has
    /// the folder open; [`StorageError::Io`] if the folder or the lock file cannot be made.
    pub fn open(root: impl Into<PathBuf>, rating_of: RatingOf) -> Result<Storage, StorageError> {
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
            training_lock: Mutex::new(()),
            rating_of,
        })
    }

    /// Opens the data folder at `root` only to read it, while the app may be running: takes no
    /// lock, creates nothing (a missing folder reads as empty), and never moves, renames,
    /// deletes or writes anything in it. Unusable files are reported in
    /// [`Storage::problems`] with `moved_to: None`. Every method that would change the folder
    /// fails with [`StorageError::ReadOnly`] ([`Storage::export_match`] still works: it only
    /// writes the file it is given). `rating_of` is as for [`Storage::open`] (a schema-1
    /// `profiles.json` is migrated in memory).
    ///
    /// # Errors
    /// [`StorageError::Io`] if `root` exists but is not a folder or cannot be examined.
    pub fn open_read_only(
        root: impl Into<PathBuf>,
        rating_of: RatingOf,
    ) -> Result<Storage, StorageError> {
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
            training_lock: Mutex::new(()),
            rating_of,
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
}
