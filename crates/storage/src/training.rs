//! `training/<profile id>.json`: the mistakes a profile practises ("Retry your mistakes"),
//! each a decision of a reviewed match, and when it comes back.
//!
//! **Spaced repetition** (a Leitner box): a mistake enters at step 0, due at once. Solved at
//! the first retry (best or good), it is learnt and retired. Failed (no best or good move in
//! its tries) at any step, it goes to step 1 and comes back after
//! [`INTERVALS_DAYS`]`[0]` (1 day); solved at step `k`, it comes back after
//! `INTERVALS_DAYS[k]` (3, 7, 21 days); solved at the last step it is retired. Retired drills
//! stay in the file (so a review read again does not bring them back) and count as learnt.
//!
//! The file is versioned and written atomically like every other; a corrupt one is set aside
//! and reported, and reads as no file (the app then rebuilds the queue from the reviews, so
//! only the repetition steps are lost).

use std::fs;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::error::StorageError;
use crate::files::TRAINING;
use crate::history::valid_id;
use crate::store::{Storage, lock};

/// The days before a failed mistake comes back: after the failure, then after each solve.
pub const INTERVALS_DAYS: [u64; 4] = [1, 3, 7, 21];

const DAY: u64 = 24 * 60 * 60;

/// One mistake to practise.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Drill {
    /// The match it comes from.
    pub match_id: String,
    /// The decision's index in that game (0-based, every decision counted), as the review
    /// numbers it.
    pub index: u64,
    /// The record's turn entry (1-based).
    pub turn: usize,
    /// The decision (`place_tile`, `place_figure`, …).
    pub decision: String,
    /// The class the review gave the move played (`mistake` or `blunder`).
    pub class: String,
    /// When it was added (seconds since the Unix epoch).
    pub added: u64,
    /// When it is due next.
    pub due: u64,
    /// Its step: 0 never retried, 1 to 4 failed and solved `step - 1` times since.
    pub step: u8,
    /// Retries judged (a retry is one or two tries).
    pub retries: u32,
    /// Retries solved.
    pub solved: u32,
    /// When it was last retried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<u64>,
    /// When it was learnt and retired (`None` while it is practised).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retired: Option<u64>,
}

impl Drill {
    /// A new mistake, due at `now`.
    pub fn new(
        match_id: impl Into<String>,
        index: u64,
        turn: usize,
        decision: impl Into<String>,
        class: impl Into<String>,
        now: u64,
    ) -> Drill {
        Drill {
            match_id: match_id.into(),
            index,
            turn,
            decision: decision.into(),
            class: class.into(),
            added: now,
            due: now,
            step: 0,
            retries: 0,
            solved: 0,
            last: None,
            retired: None,
        }
    }

    /// Whether it is to be practised at `now`.
    pub fn is_due(&self, now: u64) -> bool {
        self.retired.is_none() && self.due <= now
    }

    /// The drill after a retry at `now`, `solved` or not (the module's spaced repetition).
    pub fn after(&self, solved: bool, now: u64) -> Drill {
        let mut d = self.clone();
        d.retries += 1;
        d.last = Some(now);
        if solved {
            d.solved += 1;
            let step = usize::from(d.step);
            if step == 0 || step >= INTERVALS_DAYS.len() {
                d.retired = Some(now);
            } else {
                d.step += 1;
                d.due = now + INTERVALS_DAYS[step] * DAY;
            }
        } else {
            d.step = 1;
            d.due = now + INTERVALS_DAYS[0] * DAY;
        }
        d
    }

    fn same(&self, match_id: &str, index: u64) -> bool {
        self.match_id == match_id && self.index == index
    }
}

/// A profile's training file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Training {
    /// Every mistake added, in the order added (retired ones too).
    pub drills: Vec<Drill>,
}

impl Training {
    /// The drills due at `now`, soonest due first (then in the order added).
    pub fn due(&self, now: u64) -> Vec<&Drill> {
        let mut due: Vec<&Drill> = self.drills.iter().filter(|d| d.is_due(now)).collect();
        due.sort_by_key(|d| d.due);
        due
    }

    /// The drills practised but not due at `now`, soonest first.
    pub fn later(&self, now: u64) -> Vec<&Drill> {
        let mut later: Vec<&Drill> = self
            .drills
            .iter()
            .filter(|d| d.retired.is_none() && d.due > now)
            .collect();
        later.sort_by_key(|d| d.due);
        later
    }

    /// How many were learnt.
    pub fn learnt(&self) -> usize {
        self.drills.iter().filter(|d| d.retired.is_some()).count()
    }

    /// The drill of decision `index` of match `match_id`.
    pub fn find(&self, match_id: &str, index: u64) -> Option<&Drill> {
        self.drills.iter().find(|d| d.same(match_id, index))
    }
}

impl Storage {
    fn training_path(&self, profile: &str) -> Result<PathBuf, StorageError> {
        if !valid_id(profile) {
            return Err(StorageError::ProfileNotFound(profile.into()));
        }
        Ok(self.root.join("training").join(format!("{profile}.json")))
    }

    /// The training file of profile `profile`: `Ok(None)` if there is none, or if it was
    /// corrupt (it is then set aside and reported in [`Storage::problems`]).
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`] for an id that cannot be a file name,
    /// [`StorageError::Newer`] for a file written by a newer version.
    pub fn training(&self, profile: &str) -> Result<Option<Training>, StorageError> {
        let path = self.training_path(profile)?;
        let _guard = lock(&self.training_lock);
        self.read_training(&path)
    }

    fn read_training(&self, path: &std::path::Path) -> Result<Option<Training>, StorageError> {
        match self.read::<Training>(path, TRAINING) {
            Ok(t) => Ok(t),
            Err(StorageError::Corrupt(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Changes the training file of `profile` with `f` (a missing or set-aside file starts
    /// empty) and writes it; returns what `f` returns.
    fn edit_training<T>(
        &self,
        profile: &str,
        f: impl FnOnce(&mut Training) -> T,
    ) -> Result<T, StorageError> {
        let path = self.training_path(profile)?;
        self.writable()?;
        let _guard = lock(&self.training_lock);
        let mut t = self.read_training(&path)?.unwrap_or_default();
        let out = f(&mut t);
        let dir = self.root.join("training");
        fs::create_dir_all(&dir).map_err(|e| crate::error::io_err(&dir, e))?;
        self.write(&path, &t, TRAINING)?;
        Ok(out)
    }

    /// Adds `drills` to the training of `profile`, leaving out those it has already (the same
    /// match and decision, retired ones included); the file is written even if none is new,
    /// so that a profile whose mistakes were gathered has a file. Returns how many were
    /// added.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`] for an id that cannot be a file name,
    /// [`StorageError::Newer`], [`StorageError::ReadOnly`], or I/O.
    pub fn add_drills(
        &self,
        profile: &str,
        drills: impl IntoIterator<Item = Drill>,
    ) -> Result<usize, StorageError> {
        self.edit_training(profile, |t| {
            let mut added = 0;
            for d in drills {
                if t.find(&d.match_id, d.index).is_none() {
                    t.drills.push(d);
                    added += 1;
                }
            }
            added
        })
    }

    /// Records a retry of `drill` (identified by its match and decision) at `now`, solved or
    /// not, and returns the drill as it now is. A drill the file does not have (a mistake
    /// retried from a game before it was gathered) is added first.
    ///
    /// # Errors
    /// As [`Storage::add_drills`].
    pub fn record_retry(
        &self,
        profile: &str,
        drill: &Drill,
        solved: bool,
        now: u64,
    ) -> Result<Drill, StorageError> {
        self.edit_training(profile, |t| {
            let at = match t
                .drills
                .iter()
                .position(|d| d.same(&drill.match_id, drill.index))
            {
                Some(i) => i,
                None => {
                    t.drills.push(drill.clone());
                    t.drills.len() - 1
                }
            };
            let next = t.drills[at].after(solved, now);
            t.drills[at] = next.clone();
            next
        })
    }

    /// Removes the drills of match `match_id` from the training of `profile` (the match was
    /// deleted); nothing is written if it had none or there is no file.
    ///
    /// # Errors
    /// As [`Storage::add_drills`].
    pub fn forget_drills(&self, profile: &str, match_id: &str) -> Result<(), StorageError> {
        let has = self
            .training(profile)?
            .is_some_and(|t| t.drills.iter().any(|d| d.match_id == match_id));
        if has {
            self.edit_training(profile, |t| t.drills.retain(|d| d.match_id != match_id))?;
        }
        Ok(())
    }
}
