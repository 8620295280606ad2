//! The match files (`matches/<id>.json`): listing, loading and deleting them, and the review
//! kept with a match.

use std::fs;
use std::path::{Path, PathBuf};

use carcassonne_engine::{Game, Record};
use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};

use crate::error::{Problem, StorageError, io_err};
use crate::files::MATCH;
use crate::limits::{MATCH_SCHEMA, TABLE_SCHEMA};
use crate::matches::{self, MatchMeta, Replayed};
use crate::store::{Storage, lock};
use crate::{atomic, time};

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
    /// The luck analysis of the draws, as JSON (like the review, the storage does not know
    /// its shape: the app stores the AI crate's with [`Storage::finish_game_weighed`] or
    /// [`Storage::save_luck`]). `None` for resigned and imported games until analysed, and
    /// for files written before luck was measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<serde_json::Value>,
}

impl MatchFile {
    /// The schema this file is written as: `base`, or [`TABLE_SCHEMA`] for a person's match
    /// of a game of several people ([`MatchMeta::seat`]), which older versions must not read.
    pub(crate) fn schema(&self, base: u32) -> u32 {
        if self.meta.seat.is_some() {
            TABLE_SCHEMA
        } else {
            base
        }
    }
}

/// A match file as the history reads it: the metadata, the record only checked to be there
/// (skipped without building it, which makes listing fast).
#[derive(Deserialize)]
struct ListedMatch {
    meta: MatchMeta,
    #[allow(dead_code)]
    record: IgnoredAny,
}

/// Whether `id` is safe as a file name: 1 to 64 ASCII letters, digits, `-` or `_`.
pub(crate) fn valid_id(id: &str) -> bool {
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

impl Storage {
    pub(crate) fn match_path(&self, id: &str) -> Result<PathBuf, StorageError> {
        if !valid_id(id) {
            return Err(StorageError::MatchNotFound(id.into()));
        }
        Ok(self.root.join("matches").join(format!("{id}.json")))
    }

    /// Notes a match file whose inner id is not its file name (the file name wins).
    pub(crate) fn check_inner_id(&self, path: &Path, id: &str, meta: &mut MatchMeta) {
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
    /// [`MATCH_SCHEMA`]), replacing any earlier one, and notes its `accuracy` (0–100) and the
    /// number of the accuracy's `formula` in the metadata the history lists. Returns that
    /// metadata.
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
        formula: u32,
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
        m.meta.accuracy_formula = Some(formula);
        self.write_as(&path, &m, MATCH, m.schema(MATCH_SCHEMA))?;
        Ok(m.meta)
    }

    /// Stores the luck analysis `luck` of match `id`, and `net_points`, the human seat's net
    /// luck, in its metadata (a match filed before luck was measured, analysed when opened).
    /// The profile's statistics are not changed: they count the games weighed when filed.
    ///
    /// # Errors
    /// [`StorageError::MatchNotFound`], [`StorageError::ReadOnly`], or I/O.
    pub fn save_luck<L: Serialize>(
        &self,
        id: &str,
        luck: &L,
        net_points: Option<f64>,
    ) -> Result<MatchMeta, StorageError> {
        let path = self.match_path(id)?;
        self.writable()?;
        let luck = serde_json::to_value(luck).map_err(|e| io_err(&path, e))?;
        let _guard = lock(&self.matches_lock);
        let mut m: MatchFile = self
            .read(&path, MATCH)?
            .ok_or_else(|| StorageError::MatchNotFound(id.into()))?;
        self.check_inner_id(&path, id, &mut m.meta);
        m.luck = Some(luck);
        m.meta.luck = net_points;
        self.write_as(&path, &m, MATCH, m.schema(MATCH_SCHEMA))?;
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
                m.meta.accuracy_formula = None;
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
}
