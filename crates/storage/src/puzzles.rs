//! `puzzles/<profile id>.json`: a profile's puzzle rating and its attempts at the puzzles,
//! and the choice of its next puzzle.
//!
//! **Rating.** The player has a Glicko-2 rating on the Glicko scale (rating, deviation,
//! volatility), starting at 1500, 350 and 0.06. The first try at a puzzle is one rated game
//! against the puzzle (Glicko-2 with τ = 0.5, the `skillratings` crate's): solved at the
//! first try is a win, missed a loss. Only the player's rating changes: a puzzle's rating and
//! deviation are the shipped puzzle data, given with each attempt and never stored or
//! changed here. There is no rating period and no growth of the deviation over idle time:
//! each attempt is rated when it is recorded. The rating is kept within
//! [`MIN_PUZZLE_RATING`]`..=`[`MAX_PUZZLE_RATING`] and the deviation within 0 to 350 (the start
//! value), so the computation always has finite inputs; a puzzle's values are brought into
//! the same ranges (a rating that is not a number counts as 1500, a deviation that is not
//! a number as 350).
//!
//! **Attempts.** Every attempt is kept, newest last, up to [`MAX_PUZZLE_ATTEMPTS`]: past
//! that the oldest are dropped (the rating keeps what they taught it). Should the file
//! still be larger than [`MAX_PUZZLES_BYTES`](crate::MAX_PUZZLES_BYTES) (puzzle ids of
//! hundreds of bytes), the oldest attempts are dropped until it fits.
//!
//! **The file** is versioned and written atomically like every other: `{"schema": 1,
//! "rating": …, "deviation": …, "volatility": …, "attempts": [{"puzzle", "at", "solved",
//! "puzzleRating", "rating", "deviation"}, …]}`. A corrupt one (or one whose rating,
//! deviation or volatility is out of range) is set aside and reported, and reads as no file:
//! the next attempt starts a new rating. One written by a newer version is left alone and
//! refused ([`StorageError::Newer`]).

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::error::{StorageError, io_err};
use crate::files::{PUZZLES, PUZZLES_DIR};
use crate::history::valid_id;
use crate::store::{Storage, lock};

/// The most attempts a puzzle file keeps; past that the oldest are dropped.
pub const MAX_PUZZLE_ATTEMPTS: usize = 5000;
/// The lowest rating, the player's or a puzzle's, used in the rating.
pub const MIN_PUZZLE_RATING: f64 = 0.0;
/// The highest rating, the player's or a puzzle's, used in the rating.
pub const MAX_PUZZLE_RATING: f64 = 4000.0;
/// How far from the player's rating a puzzle's may be for [`next_puzzle`] to count it as
/// near.
pub const NEAR_PUZZLE_RATING: f64 = 200.0;

/// The lowest volatility kept (Glicko-2 needs one above 0).
const MIN_VOLATILITY: f64 = 1e-4;
/// The highest volatility kept.
const MAX_VOLATILITY: f64 = 1.0;
/// What the file's envelope (`"schema": 1,`) adds to the content, at most, in bytes.
const ENVELOPE_BYTES: usize = 64;

/// One attempt at a puzzle: its first try.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleAttempt {
    /// The puzzle's id.
    pub puzzle: String,
    /// When it was tried (seconds since the Unix epoch).
    pub at: u64,
    /// Whether it was solved at the first try.
    pub solved: bool,
    /// The puzzle's rating it was rated against.
    pub puzzle_rating: f64,
    /// The player's rating after it.
    pub rating: f64,
    /// The player's deviation after it.
    pub deviation: f64,
}

/// A profile's puzzle file: its Glicko-2 rating and its attempts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleProgress {
    /// The Glicko-2 rating, on the Glicko scale ([`PuzzleProgress::START_RATING`] at first).
    pub rating: f64,
    /// The rating's deviation ([`PuzzleProgress::START_DEVIATION`] at first).
    pub deviation: f64,
    /// The rating's volatility ([`PuzzleProgress::START_VOLATILITY`] at first).
    pub volatility: f64,
    /// The attempts, oldest first, at most [`MAX_PUZZLE_ATTEMPTS`].
    pub attempts: Vec<PuzzleAttempt>,
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        Self::new()
    }
}

/// `x` if it is a number, else `fallback`, within `min..=max`.
fn within(x: f64, fallback: f64, min: f64, max: f64) -> f64 {
    if x.is_nan() { fallback } else { x }.clamp(min, max)
}

impl PuzzleProgress {
    /// A new player's rating.
    pub const START_RATING: f64 = 1500.0;
    /// A new player's deviation, also the highest kept.
    pub const START_DEVIATION: f64 = 350.0;
    /// A new player's volatility.
    pub const START_VOLATILITY: f64 = 0.06;

    /// A player who has tried no puzzle yet.
    pub fn new() -> PuzzleProgress {
        PuzzleProgress {
            rating: Self::START_RATING,
            deviation: Self::START_DEVIATION,
            volatility: Self::START_VOLATILITY,
            attempts: Vec::new(),
        }
    }

    /// Records the first try at puzzle `puzzle` (rated `puzzle_rating` with deviation
    /// `puzzle_deviation`) at `now`: rates it as one Glicko-2 game, a win if `solved`, a
    /// loss if not (the module's rules), and appends the attempt, dropping the oldest past
    /// [`MAX_PUZZLE_ATTEMPTS`].
    pub fn record(
        &mut self,
        puzzle: &str,
        puzzle_rating: f64,
        puzzle_deviation: f64,
        solved: bool,
        now: u64,
    ) {
        let player = Glicko2Rating {
            rating: within(
                self.rating,
                Self::START_RATING,
                MIN_PUZZLE_RATING,
                MAX_PUZZLE_RATING,
            ),
            deviation: within(
                self.deviation,
                Self::START_DEVIATION,
                0.0,
                Self::START_DEVIATION,
            ),
            volatility: within(
                self.volatility,
                Self::START_VOLATILITY,
                MIN_VOLATILITY,
                MAX_VOLATILITY,
            ),
        };
        let puzzle_rating = within(
            puzzle_rating,
            Self::START_RATING,
            MIN_PUZZLE_RATING,
            MAX_PUZZLE_RATING,
        );
        let opponent = Glicko2Rating {
            rating: puzzle_rating,
            deviation: within(
                puzzle_deviation,
                Self::START_DEVIATION,
                0.0,
                Self::START_DEVIATION,
            ),
            volatility: Self::START_VOLATILITY,
        };
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (after, _) = glicko2(&player, &opponent, &outcome, &Glicko2Config::new());
        // The inputs are finite and in range, so is the result; should it not be, the rating
        // stays as it was rather than store something unreadable.
        self.rating = within(
            after.rating,
            player.rating,
            MIN_PUZZLE_RATING,
            MAX_PUZZLE_RATING,
        );
        self.deviation = within(
            after.deviation,
            player.deviation,
            0.0,
            Self::START_DEVIATION,
        );
        self.volatility = within(
            after.volatility,
            player.volatility,
            MIN_VOLATILITY,
            MAX_VOLATILITY,
        );
        self.attempts.push(PuzzleAttempt {
            puzzle: puzzle.into(),
            at: now,
            solved,
            puzzle_rating,
            rating: self.rating,
            deviation: self.deviation,
        });
        let extra = self.attempts.len().saturating_sub(MAX_PUZZLE_ATTEMPTS);
        self.attempts.drain(..extra);
    }

    /// The puzzles solved at the first try at least once (among the attempts kept).
    pub fn solved_ids(&self) -> HashSet<&str> {
        self.attempts
            .iter()
            .filter(|a| a.solved)
            .map(|a| a.puzzle.as_str())
            .collect()
    }

    /// The rating after each attempt kept, oldest first, for a chart: `(at, rating,
    /// deviation)`.
    pub fn history(&self) -> Vec<(u64, f64, f64)> {
        self.attempts
            .iter()
            .map(|a| (a.at, a.rating, a.deviation))
            .collect()
    }

    /// Why the file's rating cannot be used, if it cannot (out of the ranges it is kept in).
    fn fault(&self) -> Option<String> {
        let bad = |name: &str, x: f64, min: f64, max: f64| {
            (!(min..=max).contains(&x)).then(|| format!("{name} {x} is not within {min} to {max}"))
        };
        bad("rating", self.rating, MIN_PUZZLE_RATING, MAX_PUZZLE_RATING)
            .or_else(|| bad("deviation", self.deviation, 0.0, Self::START_DEVIATION))
            .or_else(|| {
                bad(
                    "volatility",
                    self.volatility,
                    MIN_VOLATILITY,
                    MAX_VOLATILITY,
                )
            })
    }
}

/// A puzzle as [`next_puzzle`] sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRef {
    /// Its id, as in [`PuzzleAttempt::puzzle`].
    pub id: String,
    /// Its rating.
    pub rating: f64,
    /// Its themes.
    pub themes: Vec<String>,
}

/// A well-mixed number from `seed` (the SplitMix64 finaliser), so that nearby seeds pick
/// unrelated puzzles.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The next puzzle for `progress` among `candidates` of theme `theme` (any theme if `None`);
/// `None` if no candidate has the theme.
///
/// 1. Among the puzzles not attempted yet (no attempt kept names them): those rated within
///    [`NEAR_PUZZLE_RATING`] of the player's rating, or if there are none the nearest ones
///    (equally near); one of them chosen by `seed`.
/// 2. When all were attempted: the one never solved whose last attempt is the oldest.
/// 3. When all were solved: the one whose last attempt is the oldest.
///
/// The choice depends only on its arguments: the same candidates (in the same order),
/// progress, theme and seed give the same puzzle.
pub fn next_puzzle<'a>(
    candidates: &'a [PuzzleRef],
    progress: &PuzzleProgress,
    theme: Option<&str>,
    seed: u64,
) -> Option<&'a PuzzleRef> {
    let pool: Vec<&PuzzleRef> = candidates
        .iter()
        .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|x| x == t)))
        .collect();
    // Each puzzle's last attempt, by its place among the attempts (later is more recent,
    // whatever the clock said).
    let mut last: HashMap<&str, usize> = HashMap::new();
    for (i, a) in progress.attempts.iter().enumerate() {
        last.insert(a.puzzle.as_str(), i);
    }
    let fresh: Vec<&PuzzleRef> = pool
        .iter()
        .copied()
        .filter(|p| !last.contains_key(p.id.as_str()))
        .collect();
    if !fresh.is_empty() {
        let distance = |p: &PuzzleRef| (p.rating - progress.rating).abs();
        let mut choice: Vec<&PuzzleRef> = fresh
            .iter()
            .copied()
            .filter(|p| distance(p) <= NEAR_PUZZLE_RATING)
            .collect();
        if choice.is_empty() {
            let nearest = fresh.iter().map(|p| distance(p)).min_by(f64::total_cmp)?;
            choice = fresh
                .into_iter()
                .filter(|p| distance(p).total_cmp(&nearest).is_eq())
                .collect();
        }
        let at = mix(seed) % choice.len() as u64;
        return choice.get(at as usize).copied();
    }
    let solved = progress.solved_ids();
    let oldest = |p: &&PuzzleRef| last.get(p.id.as_str()).copied().unwrap_or(0);
    pool.iter()
        .copied()
        .filter(|p| !solved.contains(p.id.as_str()))
        .min_by_key(oldest)
        .or_else(|| pool.iter().copied().min_by_key(oldest))
}

impl Storage {
    fn puzzles_path(&self, profile: &str) -> Result<PathBuf, StorageError> {
        if !valid_id(profile) {
            return Err(StorageError::ProfileNotFound(profile.into()));
        }
        Ok(self.root.join(PUZZLES_DIR).join(format!("{profile}.json")))
    }

    /// The puzzle file of profile `profile`: `Ok(None)` if there is none, or if it was
    /// corrupt (it is then set aside and reported in [`Storage::problems`]).
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`] for an id that cannot be a file name,
    /// [`StorageError::Newer`] for a file written by a newer version.
    pub fn puzzle_progress(&self, profile: &str) -> Result<Option<PuzzleProgress>, StorageError> {
        let path = self.puzzles_path(profile)?;
        // The training files' lock: both are a profile's practice, changed one at a time.
        let _guard = lock(&self.training_lock);
        self.read_puzzles(&path)
    }

    fn read_puzzles(&self, path: &Path) -> Result<Option<PuzzleProgress>, StorageError> {
        match self.read::<PuzzleProgress>(path, PUZZLES) {
            Ok(Some(p)) => match p.fault() {
                None => Ok(Some(p)),
                Some(reason) => {
                    self.set_aside(path, format!("unexpected content: {reason}"));
                    Ok(None)
                }
            },
            Ok(None) | Err(StorageError::Corrupt(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Records the first try at puzzle `puzzle` (rated `puzzle_rating`, deviation
    /// `puzzle_deviation`; the shipped puzzle's, not stored) by profile `profile` at `now`,
    /// solved or not, as [`PuzzleProgress::record`] does, and writes the file (the first
    /// attempt creates it; a corrupt one, set aside, starts a new rating). Returns the
    /// progress as it now is.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`] for an id that cannot be a file name,
    /// [`StorageError::Newer`], [`StorageError::ReadOnly`], or I/O (an attempt whose puzzle
    /// id alone passes [`MAX_PUZZLES_BYTES`](crate::MAX_PUZZLES_BYTES) among them). Nothing is
    /// written then.
    pub fn record_puzzle(
        &self,
        profile: &str,
        puzzle: &str,
        puzzle_rating: f64,
        puzzle_deviation: f64,
        solved: bool,
        now: u64,
    ) -> Result<PuzzleProgress, StorageError> {
        let path = self.puzzles_path(profile)?;
        self.writable()?;
        let _guard = lock(&self.training_lock);
        let mut p = self.read_puzzles(&path)?.unwrap_or_default();
        p.record(puzzle, puzzle_rating, puzzle_deviation, solved, now);
        fit(&mut p, &path)?;
        let dir = self.root.join(PUZZLES_DIR);
        fs::create_dir_all(&dir).map_err(|e| io_err(&dir, e))?;
        self.write(&path, &p, PUZZLES)?;
        Ok(p)
    }
}

/// Drops the oldest attempts of `p` until its file fits in [`PUZZLES`]'s limit (keeping at
/// least the newest; the write then refuses a file that still does not fit).
fn fit(p: &mut PuzzleProgress, path: &Path) -> Result<(), StorageError> {
    let limit = usize::try_from(PUZZLES.limit).unwrap_or(usize::MAX);
    loop {
        let size = serde_json::to_vec_pretty(&*p)
            .map_err(|e| io_err(path, e))?
            .len()
            + ENVELOPE_BYTES;
        let n = p.attempts.len();
        if size <= limit || n <= 1 {
            return Ok(());
        }
        // As many of the oldest as the excess holds of an average attempt, and at least one.
        let drop = ((size - limit) / (size / n).max(1) + 1).min(n - 1);
        p.attempts.drain(..drop);
    }
}
