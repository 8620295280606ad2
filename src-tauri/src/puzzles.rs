//! Puzzles (API.md, "Puzzles"): the positions of `lessons/puzzles/` (mined from the hard
//! level's self-play by `carcassonne puzzles generate`, built into the app), read once; the
//! active profile's puzzle rating (the storage's `puzzles`, Glicko-2); and the puzzle being
//! solved, in a slot of its own like a retry: the position, a try judged against the
//! puzzle's answer ([`judge_try`]), a second try after a first that misses, then the answer
//! with why. A puzzle never touches the game in progress or its autosave.
//!
//! **Rulings.** Only the first try of a puzzle counts for the rating (a solve is a win
//! against the puzzle, a miss a loss, as lichess counts a puzzle); the second try is
//! practice. A puzzle solved or missed before can be played again, and counts again: the
//! storage's choice of the next puzzle prefers ones not tried yet. The shipped puzzles'
//! ratings do not move (one player's results would only mirror that player's rating).
//!
//! [`judge_try`]: carcassonne_ai::puzzle::judge_try

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use carcassonne_ai::puzzle::{Puzzle, PuzzleSet, PuzzleTry, Theme};
use carcassonne_ai::review::{Position, ReviewConfig};
use carcassonne_engine::{Game, Move, RecordPlayer};
use carcassonne_storage::{PuzzleProgress, PuzzleRef, Storage, time};

use crate::api::{
    ApiError, Explained, PuzzleList, PuzzleOutcome, PuzzleRatingChange, PuzzleState, RatingPoint,
    ThemeCount,
};
use crate::failure::Failure;
use crate::limits::{PUZZLE_ITERATIONS, PUZZLE_TRIES, RATING_POINTS};
use crate::view::{self, ViewContext};

/// The puzzle files, in order (a unit test checks this list against `lessons/puzzles/`).
const FILES: &[(&str, &str)] = &[
    (
        "abbey-mayor-2p.json",
        include_str!("../../lessons/puzzles/abbey-mayor-2p.json"),
    ),
    (
        "abbey-mayor-3p.json",
        include_str!("../../lessons/puzzles/abbey-mayor-3p.json"),
    ),
    (
        "abbey-mayor-4p.json",
        include_str!("../../lessons/puzzles/abbey-mayor-4p.json"),
    ),
    (
        "base-2p.json",
        include_str!("../../lessons/puzzles/base-2p.json"),
    ),
    (
        "base-3p.json",
        include_str!("../../lessons/puzzles/base-3p.json"),
    ),
    (
        "base-4p.json",
        include_str!("../../lessons/puzzles/base-4p.json"),
    ),
];

/// Every puzzle set, read once.
///
/// # Errors
/// `puzzle/invalid` if a built-in set does not read (the puzzle tests prevent it).
pub fn sets() -> Result<&'static [PuzzleSet], ApiError> {
    static ALL: OnceLock<Result<Vec<PuzzleSet>, String>> = OnceLock::new();
    ALL.get_or_init(|| {
        FILES
            .iter()
            .map(|(name, text)| PuzzleSet::parse(text).map_err(|e| format!("{name}: {e}")))
            .collect()
    })
    .as_deref()
    .map_err(|e| ApiError::from(Failure::PuzzlesInvalid(e.clone())))
}

/// The puzzle `id` and its set.
///
/// # Errors
/// `puzzle/not_found`, or `puzzle/invalid` as [`sets`].
pub fn find(id: &str) -> Result<(&'static PuzzleSet, &'static Puzzle), ApiError> {
    sets()?
        .iter()
        .find_map(|s| s.puzzles.iter().find(|p| p.id == id).map(|p| (s, p)))
        .ok_or_else(|| Failure::PuzzleNotFound(id.to_string()).into())
}

/// A theme by its name (`close-city`).
///
/// # Errors
/// `puzzle/unknown_theme`.
pub fn theme_of(name: &str) -> Result<Theme, ApiError> {
    serde_json::from_value(serde_json::Value::String(name.to_string()))
        .map_err(|_| Failure::PuzzleUnknownTheme(name.to_string()).into())
}

/// A theme's name, as the files and the UI spell it.
fn theme_name(theme: Theme) -> String {
    match serde_json::to_value(theme) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}

/// The puzzle being solved.
pub(crate) struct Solving {
    /// Tells it from a later puzzle (a try judged for a replaced puzzle is dropped).
    pub(crate) token: u64,
    /// Stops its judging when it is replaced.
    pub(crate) stop: Arc<AtomicBool>,
    /// The puzzle.
    pub(crate) puzzle: &'static Puzzle,
    /// The theme the puzzles are picked from (`None`: mixed).
    pub(crate) theme: Option<Theme>,
    /// Its game's players, as the record names them.
    pub(crate) players: Vec<RecordPlayer>,
    /// The decision and the position before it.
    pub(crate) position: Position,
    /// The answer, as a move of the position.
    pub(crate) answer: Move,
    /// The search settings a wrong try is judged with.
    pub(crate) cfg: ReviewConfig,
    /// Tries judged.
    pub(crate) tries: u32,
    /// Whether a try is being judged.
    pub(crate) judging: bool,
    /// The last try's verdict.
    pub(crate) outcome: Option<PuzzleOutcome>,
    /// The rating change of the first try, once judged.
    pub(crate) rated: Option<PuzzleRatingChange>,
    /// The game on screen: the position, or the board after the last try (or the answer).
    pub(crate) shown: Game,
    /// The last failure to store the result.
    pub(crate) save_error: Option<ApiError>,
}

impl Solving {
    /// The puzzle `puzzle` of `set`, to be solved; `token` from the slot.
    ///
    /// # Errors
    /// `puzzle/invalid` if its position does not step or its answer is not a move there
    /// (the puzzle tests prevent it).
    pub(crate) fn new(
        set: &'static PuzzleSet,
        puzzle: &'static Puzzle,
        theme: Option<Theme>,
        token: u64,
    ) -> Result<Solving, ApiError> {
        let invalid = |e: String| ApiError::from(Failure::PuzzlesInvalid(e));
        let position = set
            .position(puzzle)
            .map_err(|e| invalid(format!("{}: {e}", puzzle.id)))?;
        let answer = puzzle
            .answer
            .to_move(&position.game)
            .map_err(|e| invalid(format!("{}: {e}", puzzle.id)))?;
        let players = set
            .games
            .iter()
            .find(|g| g.id == puzzle.game)
            .map(|g| g.record.players.clone())
            .unwrap_or_default();
        Ok(Solving {
            token,
            stop: Arc::new(AtomicBool::new(false)),
            puzzle,
            theme,
            players,
            shown: position.game.clone(),
            answer,
            cfg: ReviewConfig {
                iterations: PUZZLE_ITERATIONS,
                seed: position.index,
            },
            position,
            tries: 0,
            judging: false,
            outcome: None,
            rated: None,
            save_error: None,
        })
    }
}

/// The puzzle's state as the UI sees it; `rating` is the player's puzzle rating now.
pub(crate) fn state_of(s: &Solving, rating: f64) -> PuzzleState {
    let p = s.puzzle;
    let view = view::build(
        &s.shown,
        ViewContext {
            id: &format!("puzzle-{}", p.id),
            human: p.player,
            players: &s.players,
            ai_thinking: s.judging,
            can_undo: false,
            save_error: None,
            result: None,
            aids: false,
        },
    );
    PuzzleState {
        id: p.id.clone(),
        theme: s.theme.map(theme_name),
        themes: p.themes.iter().copied().map(theme_name).collect(),
        rating: p.rating.round(),
        decision: p.decision.clone(),
        turn: p.turn,
        tile: p.tile.clone(),
        players: s.players.len(),
        tries: s.tries,
        max_tries: PUZZLE_TRIES,
        player_rating: rating.round(),
        view,
        outcome: s.outcome.clone(),
        save_error: s.save_error.clone(),
    }
}

/// Every puzzle, as the storage's choice of the next one sees them.
fn refs() -> Result<Vec<PuzzleRef>, ApiError> {
    Ok(sets()?
        .iter()
        .flat_map(|s| s.puzzles.iter())
        .map(|p| PuzzleRef {
            id: p.id.clone(),
            rating: p.rating,
            themes: p.themes.iter().copied().map(theme_name).collect(),
        })
        .collect())
}

/// The progress of `profile` (a new one without a profile or a file).
///
/// # Errors
/// The storage's, for a file that cannot be read.
pub(crate) fn progress_of(
    storage: &Storage,
    profile: Option<&str>,
) -> Result<PuzzleProgress, ApiError> {
    Ok(match profile {
        Some(p) => storage.puzzle_progress(p)?.unwrap_or_default(),
        None => PuzzleProgress::default(),
    })
}

/// The next puzzle for `progress` in `theme` (or any), with `seed` to vary the choice.
///
/// # Errors
/// `puzzle/not_found` when the theme has no puzzle, or `puzzle/invalid` as [`sets`].
pub(crate) fn next(
    progress: &PuzzleProgress,
    theme: Option<Theme>,
    seed: u64,
) -> Result<(&'static PuzzleSet, &'static Puzzle), ApiError> {
    let refs = refs()?;
    let name = theme.map(theme_name);
    let picked = carcassonne_storage::next_puzzle(&refs, progress, name.as_deref(), seed)
        .ok_or_else(|| ApiError::from(Failure::PuzzleNotFound(name.unwrap_or_default())))?;
    find(&picked.id)
}

/// `puzzle_list` for `profile`: the themes with their counts, the player's rating and its
/// history.
///
/// # Errors
/// The storage's, and `puzzle/invalid` as [`sets`].
pub(crate) fn list(storage: &Storage, profile: Option<&str>) -> Result<PuzzleList, ApiError> {
    let progress = progress_of(storage, profile)?;
    // Attempts at puzzles no longer shipped (a set trimmed since) keep their place in the
    // rating's history but are not counted as solved or tried.
    let shipped: HashSet<&str> = sets()?
        .iter()
        .flat_map(|s| s.puzzles.iter().map(|p| p.id.as_str()))
        .collect();
    let solved: HashSet<&str> = progress
        .attempts
        .iter()
        .filter(|a| a.solved)
        .map(|a| a.puzzle.as_str())
        .filter(|id| shipped.contains(id))
        .collect();
    let tried: HashSet<&str> = progress
        .attempts
        .iter()
        .map(|a| a.puzzle.as_str())
        .filter(|id| shipped.contains(id))
        .collect();
    let mut themes: BTreeMap<Theme, (usize, usize)> = BTreeMap::new();
    let mut total = 0;
    for p in sets()?.iter().flat_map(|s| s.puzzles.iter()) {
        total += 1;
        for &t in &p.themes {
            let e = themes.entry(t).or_default();
            e.0 += 1;
            e.1 += usize::from(solved.contains(p.id.as_str()));
        }
    }
    let skip = progress.attempts.len().saturating_sub(RATING_POINTS);
    Ok(PuzzleList {
        total,
        solved: solved.len(),
        tried: tried.len(),
        attempts: progress.attempts.len(),
        rating: progress.rating.round(),
        deviation: progress.deviation.round(),
        themes: themes
            .into_iter()
            .map(|(t, (puzzles, solved))| ThemeCount {
                theme: theme_name(t),
                puzzles,
                solved,
            })
            .collect(),
        history: progress
            .attempts
            .iter()
            .skip(skip)
            .map(|a| RatingPoint {
                at: time::rfc3339(a.at),
                rating: a.rating.round(),
                deviation: a.deviation.round(),
                solved: a.solved,
            })
            .collect(),
        min_win_margin: carcassonne_ai::puzzle::WIN_MARGIN,
        min_point_margin: carcassonne_ai::puzzle::POINT_MARGIN,
    })
}

/// Takes the verdict on a try into `s`: the board after the try (after the answer once the
/// last try missed), and, for the first try, the result stored in `profile`'s puzzle
/// rating.
pub(crate) fn judged(s: &mut Solving, t: PuzzleTry, storage: &Storage, profile: Option<&str>) {
    let game = &s.position.game;
    let after = |mv: Option<Move>| -> Game {
        let mut g = game.clone();
        if let Some(mv) = mv
            && g.play(mv).is_ok()
        {
            return g;
        }
        game.clone()
    };
    s.tries += 1;
    let over = t.solved || s.tries >= PUZZLE_TRIES;
    let answer = (over && !t.solved).then(|| s.puzzle.answer.clone());
    let shown = if answer.is_some() {
        Some(s.answer)
    } else {
        t.review.played.to_move(game).ok()
    };
    s.shown = after(shown);
    if s.tries == 1 {
        s.save_error = None;
        if let Some(profile) = profile {
            let before = storage
                .puzzle_progress(profile)
                .ok()
                .flatten()
                .unwrap_or_default();
            match storage.record_puzzle(
                profile,
                &s.puzzle.id,
                s.puzzle.rating,
                s.puzzle.deviation,
                t.solved,
                time::now_secs(),
            ) {
                Ok(after) => {
                    s.rated = Some(PuzzleRatingChange {
                        before: before.rating.round(),
                        after: after.rating.round(),
                        deviation: after.deviation.round(),
                    });
                }
                Err(e) => s.save_error = Some(e.into()),
            }
        }
    }
    s.outcome = Some(PuzzleOutcome {
        solved: t.solved,
        first: s.tries == 1,
        tried: t.review,
        over,
        answer,
        rating: s.rated.clone(),
        explained: over.then(|| Explained {
            runner_up: s.puzzle.runner_up.clone(),
            why: s.puzzle.why.clone(),
            win_margin: s.puzzle.win_margin,
            point_margin: s.puzzle.point_margin,
        }),
    });
}

/// Back to the position for another try (the outcome is cleared, the tries kept).
pub(crate) fn again(s: &mut Solving) {
    s.outcome = None;
    s.shown = s.position.game.clone();
}

#[cfg(test)]
mod tests {
    use super::{FILES, list, sets};
    use carcassonne_storage::Storage;

    /// An attempt at a puzzle no longer shipped stays in the rating's history but is not
    /// counted as solved or tried.
    #[test]
    fn attempts_at_puzzles_no_longer_shipped_are_not_counted() {
        let dir = std::env::temp_dir().join(format!("carcassonne-gone-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let storage = Storage::open(&dir, carcassonne_ai::strength::rating_of_name).unwrap();
        let ada = storage.create_profile("Ada").unwrap();
        let shipped = &sets().unwrap()[0].puzzles[0];
        for (id, at) in [("am2-gone", 1), (shipped.id.as_str(), 2)] {
            storage
                .record_puzzle(&ada.id, id, 1200.0, 150.0, true, at)
                .unwrap();
        }
        let l = list(&storage, Some(&ada.id)).unwrap();
        assert_eq!((l.solved, l.tried, l.attempts), (1, 1, 2));
        assert_eq!(l.history.len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The built-in list is every file of `lessons/puzzles/`, and every set reads.
    #[test]
    fn every_puzzle_file_is_built_in_and_reads() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../lessons/puzzles");
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        let built: Vec<&str> = FILES.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, built);
        let sets = sets().unwrap();
        assert!(sets.iter().map(|s| s.puzzles.len()).sum::<usize>() >= 300);
    }
}
