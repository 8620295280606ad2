//! The app's state ([`AppState`]): the data folder, where exports go, and the slots of what
//! runs: the game in progress, the post-game review, the lesson being played, the mistake
//! being retried, the puzzle being solved.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use carcassonne_engine::LessonRun;
use carcassonne_storage::{Storage, matches};

use crate::api::{ApiError, ResumeInfo, ReviewStatus, SetupOpponent};
use crate::failure::Failure;
use crate::puzzles::Solving;
use crate::retry::Retrying;
use crate::session::Session;
use crate::view::turns_completed;

/// How the profiles' ratings rate an AI opponent: its rating on the measured strength curve
/// (the storage knows no AI; an opponent the curve does not know counts as the start rating).
pub const RATING_OF: carcassonne_storage::RatingOf = carcassonne_ai::strength::rating_of_name;

/// The app's state: the data folder, where exports go, and the slots of the game in progress,
/// the running review and the lesson being played.
///
/// Every write or removal of the autosave (`current.json`) happens while the session lock is
/// held and only for the session in it, so the autosave always holds the game on screen.
pub struct AppState {
    /// The data folder.
    pub storage: Storage,
    /// The folder `history_export` writes to: the data folder's `exports/` unless [`run`]
    /// found a Downloads folder.
    ///
    /// [`run`]: crate::run
    pub export_dir: PathBuf,
    session: Mutex<Option<Session>>,
    /// The running post-game review ([`crate::review`]).
    pub(crate) reviews: Reviews,
    /// The lesson being played ([`crate::lessons`], [`crate::commands::lessons`]).
    pub(crate) lessons: Lessons,
    /// The mistake being retried ([`crate::retry`], [`crate::commands::training`]).
    pub(crate) retries: Retries,
    /// The puzzle being solved ([`crate::puzzles`], [`crate::commands::puzzles`]).
    pub(crate) puzzles: Puzzles,
}

impl AppState {
    /// Opens the data folder at `dir`, its profiles rated with [`RATING_OF`].
    ///
    /// # Errors
    /// The storage's error if the folder cannot be created or opened (e.g. `storage/io`).
    pub fn open(dir: PathBuf) -> Result<AppState, ApiError> {
        let storage = Storage::open(dir, RATING_OF)?;
        Ok(AppState {
            export_dir: storage.root().join("exports"),
            storage,
            session: Mutex::new(None),
            reviews: Reviews::default(),
            lessons: Lessons::default(),
            retries: Retries::default(),
            puzzles: Puzzles::default(),
        })
    }

    /// The active profile.
    ///
    /// # Errors
    /// `profile/none_active`, or the storage's errors.
    pub(crate) fn active_profile(&self) -> Result<carcassonne_storage::Profile, ApiError> {
        let id = self
            .storage
            .profiles()?
            .active
            .ok_or_else(|| ApiError::from(Failure::NoActiveProfile))?;
        Ok(self.storage.profile(&id)?)
    }

    /// The session, even if a panicking thread poisoned the lock (the session is always
    /// left consistent: moves are applied whole or not at all).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<Session>> {
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The unfinished game in `current.json` that can be resumed, if any. Every failure to
    /// read the autosave is listed in the storage's problems; one that reads but cannot be
    /// resumed (an unknown AI level…) is set aside, so it is offered only once.
    pub fn resumable(&self) -> Option<ResumeInfo> {
        match self.storage.load_current() {
            Ok(Some((c, game))) => match Session::check_resumable(&c, &game) {
                Ok(()) => Some(ResumeInfo {
                    opponents: matches::opponents(&c.record.players)
                        .into_iter()
                        .map(|o| SetupOpponent::level(o.level))
                        .collect(),
                    abbey_mayor: game.abbey_mayor(),
                    turn: turns_completed(&game),
                    scores: game.scores(),
                    started_at: carcassonne_storage::time::rfc3339(c.started_at),
                    game_id: c.game_id,
                    profile_id: c.profile_id,
                    profile_name: c.profile_name,
                    people: c.others.into_iter().map(|p| p.profile_name).collect(),
                }),
                Err(e) => {
                    // Reported in the problems whether or not it could be moved.
                    let _ = self.storage.set_aside_current(&e.message);
                    None
                }
            },
            Ok(None) | Err(_) => None,
        }
    }
}

fn no_game() -> ApiError {
    Failure::NoGame.into()
}

/// Runs `f` on the session.
pub(crate) fn with_session<T>(
    state: &AppState,
    f: impl FnOnce(&mut Session) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let mut guard = state.lock();
    let s = guard.as_mut().ok_or_else(no_game)?;
    f(s)
}

/// The app's review slot: the running review, if any.
#[derive(Default)]
pub struct Reviews {
    running: Mutex<Option<Running>>,
    /// The next run's token.
    pub(crate) next: AtomicU64,
}

impl Reviews {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<Running>> {
        self.running.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Stops the running review, if any (nothing of it is stored).
    pub fn cancel(&self) {
        if let Some(r) = self.lock().take() {
            r.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// The review that runs.
pub(crate) struct Running {
    /// The match.
    pub(crate) id: String,
    /// Tells this run from a later one of the same match.
    pub(crate) token: u64,
    /// Stops it.
    pub(crate) stop: Arc<AtomicBool>,
    /// Decisions reviewed so far.
    pub(crate) done: usize,
    /// Decisions to review.
    pub(crate) total: usize,
}

impl Running {
    pub(crate) fn status(&self) -> ReviewStatus {
        ReviewStatus {
            id: self.id.clone(),
            state: "running".into(),
            done: self.done,
            total: self.total,
        }
    }
}

/// The app's lesson slot: the lesson being played, if any.
#[derive(Default)]
pub struct Lessons {
    run: Mutex<Option<Playing>>,
}

/// The lesson being played and the last failure to store the progress.
pub(crate) struct Playing {
    /// The lesson and the moves so far.
    pub(crate) run: LessonRun,
    /// The last failure to store the lesson as passed.
    pub(crate) save_error: Option<ApiError>,
}

impl Lessons {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<Playing>> {
        self.run.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The app's puzzle slot: the puzzle being solved, if any.
#[derive(Default)]
pub struct Puzzles {
    run: Mutex<Option<Solving>>,
    /// The next puzzle's token.
    pub(crate) next: AtomicU64,
}

impl Puzzles {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<Solving>> {
        self.run.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The app's retry slot: the mistake being retried, if any.
#[derive(Default)]
pub struct Retries {
    run: Mutex<Option<Retrying>>,
    /// The next retry's token.
    pub(crate) next: AtomicU64,
}

impl Retries {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Option<Retrying>> {
        self.run.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use carcassonne_ai::strength::rating_of_name;
    use carcassonne_storage::profile::{START_RATING, expected, level_rating};

    use super::RATING_OF;

    /// The profiles' Elo rates opponents on the strength curve, with the Elo formula the AI
    /// crate's ratings are fitted with.
    #[test]
    fn opponents_are_rated_on_the_strength_curve() {
        assert_eq!(
            Some(level_rating(RATING_OF, "hard")),
            rating_of_name("hard")
        );
        assert_eq!(
            Some(level_rating(RATING_OF, "hard@1732")),
            rating_of_name("hard@1732")
        );
        assert_eq!(
            Some(level_rating(RATING_OF, "easy~0.65")),
            rating_of_name("easy~0.65")
        );
        assert!(level_rating(RATING_OF, "hard@1732") < level_rating(RATING_OF, "hard"));
        // Unknown to the curve: counted as an even opponent, as before.
        assert_eq!(level_rating(RATING_OF, "grandmaster"), START_RATING);
        assert_eq!(level_rating(RATING_OF, "hard@250ms"), START_RATING);
        for a in (0..=3000).step_by(125) {
            for b in (0..=3000).step_by(125) {
                let (a, b) = (f64::from(a), f64::from(b));
                assert_eq!(
                    expected(a, b).to_bits(),
                    carcassonne_ai::rating::expected(a, b).to_bits()
                );
            }
        }
    }
}
