//! Records in and out of the data folder: a match's record exported, a finished record
//! imported into the history.

use std::fs;
use std::path::Path;

use carcassonne_engine::Record;

use crate::error::{RecordRefusal, StorageError, io_err};
use crate::files::MATCH;
use crate::history::{MatchFile, new_game_id};
use crate::limits::MAX_RECORD_BYTES;
use crate::matches::{self, MatchMeta};
use crate::store::Storage;
use crate::{atomic, time};

impl Storage {
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
}
