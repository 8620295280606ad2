//! Records in and out of the data folder: a match's record exported (to a given file, or to
//! a new file in a folder), a finished record imported into the history.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use carcassonne_engine::Record;

use crate::error::{RecordRefusal, StorageError, io_err};
use crate::files::MATCH;
use crate::history::{MatchFile, new_game_id};
use crate::limits::{EXPORT_NAMES, MAX_RECORD_BYTES};
use crate::matches::{self, MatchMeta};
use crate::store::Storage;
use crate::{atomic, time};

impl Storage {
    /// Writes match `id`'s record (RULES.md §6 JSON) to a new file in `dir` (created if
    /// needed), never over an existing file: `carcassonne-<id>.json`, else
    /// `carcassonne-<id>-2.json`, `-3`… up to [`EXPORT_NAMES`] names. Returns the path and the
    /// record. It changes nothing in the data folder, so it works read-only too.
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::Corrupt`], [`StorageError::Newer`];
    /// [`StorageError::ExportsFull`] if every name is taken; I/O.
    pub fn export_new(&self, id: &str, dir: &Path) -> Result<(PathBuf, String), StorageError> {
        // The id is a valid file name once the match is found (`load_match` checks it).
        let (m, _, _) = self.load_match(id)?;
        let json = m.record.to_json();
        let path = write_new_file(dir, &format!("carcassonne-{id}"), json.as_bytes())?;
        Ok((path, json))
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
                seat: None,
                resigned_by: None,
            },
        );
        self.write(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record,
                review: None,
                luck: None,
            },
            MATCH,
        )?;
        Ok(meta)
    }
}

/// Writes `bytes` to `<stem>.json` in `dir` (created if needed), or `<stem>-2.json`, `-3`…
/// if that exists, and returns the path. A name is claimed by creating the file exclusively,
/// so an existing file (or link) is never written through or replaced, even by a concurrent
/// writer.
fn write_new_file(dir: &Path, stem: &str, bytes: &[u8]) -> Result<PathBuf, StorageError> {
    let io = |path: &Path, e: std::io::Error| io_err(path, e);
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    for n in 1..=EXPORT_NAMES {
        let path = if n == 1 {
            dir.join(format!("{stem}.json"))
        } else {
            dir.join(format!("{stem}-{n}.json"))
        };
        let mut file = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io(&path, e)),
        };
        if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_all()) {
            drop(file);
            let _ = std::fs::remove_file(&path);
            return Err(io(&path, e));
        }
        return Ok(path);
    }
    Err(StorageError::ExportsFull(dir.display().to_string()))
}
