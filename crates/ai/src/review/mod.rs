//! Post-game review: every decision one player made in a finished game, judged by the search
//! from the public view that player had at that moment (never the order of the pile).
//!
//! For each decision with a choice, the review
//!
//! 1. runs the hard level's search ([`mcts::search_stats_more`]) on the position with
//!    [`ReviewConfig::iterations`] iterations and the decision's own seed
//!    ([`decision_seed`]): its most visited move is the **best move**. With the budget and seed
//!    the AI itself used, this is exactly the move the AI played ([`choose_move`](crate::choose_move)
//!    and this pass grow the same tree), so an AI's own games review as all "best". When the
//!    most visited move is not the played one, the same tree grows by as many iterations
//!    again and the best is its most visited move then: two seeds' first passes agree more
//!    often on the move a played move is measured against at twice the budget.
//! 2. If the played move differs, searches both moves side by side ([`mcts::compare_moves`]):
//!    the same number of iterations each, every pair of iterations on one sampled pile, so
//!    the two values compare closely. When the verdict is close to a class threshold (the
//!    severity's band, [`BAND_SES`] standard errors either way, straddles 1, 2 or 4 units),
//!    up to [`REFINE_BATCHES`] more batches of the same size are spent on that move, and up
//!    to [`CLOSE_BATCHES`] more while the estimate itself stays within [`CLOSE_UNITS`] of the
//!    threshold: the budget goes where the verdict is close.
//!
//! Where nothing is left to chance (the last tile drawn: its placement and figure, the
//! wagons, the final abbey round), the decision is not searched but solved exactly
//! ([`exact`]): every line played to the end, each player taking their best move; the losses
//! are then exact, and a move is *best* only if it ends as well as the best.
//!
//! Each judged move reports its **win chance** (mean win share at the end of the search's
//! playouts: 1 for a sole win, `1/k` for a `k`-way tie) and its **expected margin** (mean
//! final score minus the best opponent's score). The loss of a move is the best move's value
//! minus the played move's, floored at 0, in win chance (`win_loss`, 0–1) and in points
//! (`point_loss`); a move judged *best* loses nothing and is reported as the best move.
//!
//! **Classes.** The severity of a loss is `max(win_loss / WIN_UNIT, point_loss /
//! POINT_UNIT)`: one unit is a loss of [`WIN_UNIT`] win chance or [`POINT_UNIT`] points,
//! whichever is worse (the points matter when the game is already decided, the win chance
//! when it is close). A move is *best* when it is the search's best move, or when the
//! comparison cannot tell its loss from nothing (the severity's lower bound, [`BAND_SES`]
//! standard errors down, is 0) and the loss is under 1 unit ([`class_of`]): between two moves the
//! search values alike, which one the first pass puts first is chance, and a raw comparison
//! would call the other *good* for half of the seeds. Otherwise *good* below 1 unit, an
//! *inaccuracy* below 2, a *mistake* below 4 and a *blunder* from 4 units on. The units are calibrated on the hard
//! level's own games (`crates/ai/RESULTS.md`, "Review").
//!
//! **Accuracy.** A game's accuracy is `100 × e^(−S)`, `S` the mean severity over the reviewed
//! decisions (decisions without a choice are not reviewed): 100 when every move is best, 37
//! when the moves lose one unit (3 points or 5% win chance) each on average. It is the
//! geometric mean of the moves' accuracies `100 × e^(−severity)`, so a loss counts in full
//! however large (an arithmetic mean of bounded per-move scores let a player moving at random
//! read about 80). Formula number [`ACCURACY_FORMULA`]; [`Review::rescore`] brings a stored
//! review up to it.
//!
//! A review is reproducible: the same record, player, seed and iterations give the same
//! review. It polls a stop flag and reports progress, so it can run in the background.

// By job, each file using only those before it: `judge` (a decision judged: classes,
// severity, accuracy), `why` (the reason), `error`, `positions` (a finished game's
// decisions), `luck` (the draws weighed), `exact` (the end of the game solved exactly,
// used by `judge`); the review of a game is here.
mod error;
pub mod exact;
mod judge;
pub mod luck;
mod positions;
mod why;

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::{
    Decision, Lesson, LessonRun, Move, MoveName, PublicView, Record, TileInfo,
};
use serde::{Deserialize, Serialize};

use crate::mcts;
use crate::seed::splitmix;

pub use error::ReviewError;
pub(crate) use judge::severity_band;
pub use judge::{
    ACCURACY_FORMULA, BAND_SES, CLOSE_BATCHES, CLOSE_UNITS, Class, POINT_UNIT, REFINE_BATCHES,
    Verdict, WIN_UNIT, class_of, game_accuracy, judge, move_accuracy, severity,
};
pub use luck::{DrawLuck, LUCK_FORMULA, Luck, PlayerLuck, luck_record};
pub use positions::{Position, default_player, positions, reviewed_positions};
pub use why::{Why, why};

/// The default iterations of the first pass: the hard level's budget.
pub const DEFAULT_ITERATIONS: u64 = mcts::HARD_ITERATIONS;

/// How a review searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewConfig {
    /// Iterations of the first pass per decision; the comparison of a played move that is
    /// not the best spends as many per batch (half on each move).
    pub iterations: u64,
    /// The review's seed ([`decision_seed`] derives each decision's).
    pub seed: u64,
}

impl Default for ReviewConfig {
    fn default() -> Self {
        ReviewConfig {
            iterations: DEFAULT_ITERATIONS,
            seed: 0,
        }
    }
}

/// The seed of the decision with index `decision` (0-based, counting every decision of the
/// game, forced ones too) in a review with seed `seed`. It is the seed the arena gives an AI
/// for that decision when `seed` is the arena's seed for the game, so a review of an arena
/// game with the AI's budget reproduces the AI's searches.
pub fn decision_seed(seed: u64, decision: u64) -> u64 {
    splitmix(seed ^ decision)
}

/// One reviewed decision.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DecisionReview {
    /// The record's turn entry it belongs to (1-based, as in [`Record::turns`]).
    pub turn: usize,
    /// Its index among every decision of the game (0-based, forced ones included).
    pub index: u64,
    /// The decision: `draw_or_abbey`, `place_tile`, `place_figure`, `move_wagon` or
    /// `final_abbey`.
    pub decision: String,
    /// The tile to place, for `place_tile` (its letter, as in records).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// The move played.
    pub played: MoveName,
    /// The search's best move (the played one when it is best).
    pub best: MoveName,
    /// Win chance (0–1) after the played move.
    pub played_win: f64,
    /// Expected final margin after the played move: own score minus the best opponent's.
    pub played_margin: f64,
    /// Win chance after the best move.
    pub best_win: f64,
    /// Expected final margin after the best move.
    pub best_margin: f64,
    /// Win chance lost versus the best move (≥ 0).
    pub win_loss: f64,
    /// Points lost versus the best move (≥ 0).
    pub point_loss: f64,
    /// The loss in severity units.
    pub severity: f64,
    /// The verdict.
    pub class: Class,
    /// The move's accuracy (0–100).
    pub accuracy: f64,
    /// Search iterations spent.
    pub iterations: u64,
    /// Why the best move is better ([`why`]); `None` (JSON `null`) when the played move is
    /// the best. Reviews made before it existed read as `None`.
    #[serde(default)]
    pub why: Option<Why>,
}

/// How many decisions fell in each class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassCounts {
    /// Best moves.
    pub best: usize,
    /// Good moves.
    pub good: usize,
    /// Inaccuracies.
    pub inaccuracy: usize,
    /// Mistakes.
    pub mistake: usize,
    /// Blunders.
    pub blunder: usize,
}

impl ClassCounts {
    /// Counts one more move of `class`.
    pub fn add(&mut self, class: Class) {
        *match class {
            Class::Best => &mut self.best,
            Class::Good => &mut self.good,
            Class::Inaccuracy => &mut self.inaccuracy,
            Class::Mistake => &mut self.mistake,
            Class::Blunder => &mut self.blunder,
        } += 1;
    }

    /// All moves counted.
    pub fn total(&self) -> usize {
        self.best + self.good + self.inaccuracy + self.mistake + self.blunder
    }
}

/// The review of one player's decisions in a finished game. A plain struct: whoever stores
/// it versions it. Serialised with camelCase names (`playedWin`, `pointLoss`…).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    /// The reviewed seat (0-based).
    pub player: usize,
    /// First-pass iterations per decision.
    pub iterations: u64,
    /// The review's seed.
    pub seed: u64,
    /// The game's accuracy (0–100): [`game_accuracy`] of the decisions' severities (100 when
    /// none).
    pub accuracy: f64,
    /// The accuracy formula it was computed with ([`ACCURACY_FORMULA`]); reviews stored
    /// before formulas were numbered read as 1.
    #[serde(default = "first_formula")]
    pub accuracy_formula: u32,
    /// Decisions per class.
    pub counts: ClassCounts,
    /// Every decision of the player that had a choice, in game order.
    pub decisions: Vec<DecisionReview>,
}

fn first_formula() -> u32 {
    1
}

impl Review {
    /// Recomputes the accuracies (each decision's and the game's) with the current formula
    /// from the decisions' severities, if the review was made with an older one; whether it
    /// changed anything.
    pub fn rescore(&mut self) -> bool {
        if self.accuracy_formula >= ACCURACY_FORMULA {
            return false;
        }
        for d in &mut self.decisions {
            d.accuracy = move_accuracy(d.severity);
        }
        self.accuracy = game_accuracy(self.decisions.iter().map(|d| d.severity));
        self.accuracy_formula = ACCURACY_FORMULA;
        true
    }
}

/// Reviews the decisions of seat `player` in the finished game `record`.
///
/// Only decisions with a choice (two legal moves or more) are reviewed. `progress` is called
/// with (decisions done, decisions in all) before the first and after each one; `stop` is
/// polled during the searches.
///
/// # Errors
/// [`ReviewError`]: the record does not replay or is not finished, `player` is not a seat,
/// or `stop` was set ([`ReviewError::Stopped`]).
pub fn review_record(
    record: &Record,
    player: usize,
    cfg: &ReviewConfig,
    stop: &AtomicBool,
    progress: impl FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let mine = reviewed_positions(record, player)?;
    review_positions(&mine, player, cfg, stop, progress)
}

/// Reviews `mine`, the decisions of seat `player` from [`reviewed_positions`] (the app
/// counts them before it starts); otherwise as [`review_record`].
///
/// # Errors
/// [`ReviewError::Stopped`] if `stop` was set, [`ReviewError::Log`] if a played move is
/// not legal in its position.
pub fn review_positions(
    mine: &[Position],
    player: usize,
    cfg: &ReviewConfig,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Review, ReviewError> {
    let total = mine.len();
    progress(0, total);
    let mut decisions = Vec::with_capacity(total);
    let mut counts = ClassCounts::default();
    for (done, p) in mine.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Stopped);
        }
        let view = PublicView::new(&p.game);
        let seed = decision_seed(cfg.seed, p.index);
        let v = judge(&view, p.played, seed, cfg.iterations, stop).ok_or_else(|| {
            if stop.load(Ordering::Relaxed) {
                ReviewError::Stopped
            } else {
                ReviewError::Log {
                    turn: p.turn,
                    reason: "the played move is not legal".into(),
                }
            }
        })?;
        counts.add(v.class);
        decisions.push(decision_review(p, p.played, &v));
        progress(done + 1, total);
    }
    Ok(Review {
        player,
        iterations: cfg.iterations,
        seed: cfg.seed,
        accuracy: game_accuracy(decisions.iter().map(|d| d.severity)),
        accuracy_formula: ACCURACY_FORMULA,
        counts,
        decisions,
    })
}

/// The review of `played` at position `p`, from the search's verdict `v` on it (a retry's
/// and a puzzle try's too).
pub(crate) fn decision_review(p: &Position, played: Move, v: &Verdict) -> DecisionReview {
    let d = p.game.decision();
    DecisionReview {
        turn: p.turn,
        index: p.index,
        decision: d.name().into(),
        tile: match d {
            Decision::PlaceTile { tile, .. } => Some(TileInfo::of(tile).id().to_string()),
            _ => None,
        },
        played: MoveName::from_move(&p.game, played),
        best: MoveName::from_move(&p.game, v.best),
        played_win: v.played_win,
        played_margin: v.played_margin,
        best_win: v.best_win,
        best_margin: v.best_margin,
        win_loss: v.win_loss,
        point_loss: v.point_loss,
        severity: v.severity,
        class: v.class,
        accuracy: move_accuracy(v.severity),
        iterations: v.iterations,
        why: why(&p.game, played, v.best, v),
    }
}

/// The decision with index `index` (as [`DecisionReview::index`] numbers them) of the
/// finished game `record`, with the position before it: where a retry of that decision
/// starts.
///
/// # Errors
/// As [`positions`]; [`ReviewError::NoDecision`] if the game has no such decision.
pub fn position_at(record: &Record, index: u64) -> Result<Position, ReviewError> {
    positions(record)?
        .into_iter()
        .find(|p| p.index == index)
        .ok_or(ReviewError::NoDecision(index))
}

/// Whether a retry's class solves it: *best* or *good*.
pub fn solves(class: Class) -> bool {
    matches!(class, Class::Best | Class::Good)
}

/// A retry of the decision at `p` (from [`position_at`]): `tried`, judged as the review with
/// `cfg` judged the move played there, from the public view of the player to move (never
/// the pile), with the decision's own seed. The move played in the game is therefore judged
/// exactly as the review judged it, and a try is [`solves`] when it is best or good.
///
/// # Errors
/// [`ReviewError::Stopped`] if `stop` was set, [`ReviewError::IllegalTry`] if `tried` is not
/// a legal move of the decision.
pub fn judge_try(
    p: &Position,
    tried: Move,
    cfg: &ReviewConfig,
    stop: &AtomicBool,
) -> Result<DecisionReview, ReviewError> {
    let view = PublicView::new(&p.game);
    if !view.legal_moves().contains(&tried) {
        return Err(ReviewError::IllegalTry);
    }
    let seed = decision_seed(cfg.seed, p.index);
    let v = judge(&view, tried, seed, cfg.iterations, stop).ok_or(ReviewError::Stopped)?;
    Ok(decision_review(p, tried, &v))
}

/// One of the learner's decisions in a lesson try, judged ([`review_lesson_try`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LessonStep {
    /// The move the try plays.
    pub played: MoveName,
    /// The search's best move.
    pub best: MoveName,
    /// The verdict on the played move.
    pub verdict: Verdict,
}

/// The lessons as the review's test cases: every decision of the learner in `moves` (a
/// lesson's solution or one of its wrong tries) judged from the lesson's position as the
/// lesson plays it (the other seats answering with the lesson's replies), the learner's `i`-th
/// move with the seed [`decision_seed`]`(cfg.seed, i)` and `cfg.iterations`. A move the lesson
/// does not accept is a [`ReviewError::Log`] at that move (1-based).
pub fn review_lesson_try(
    lesson: &Lesson,
    moves: &[MoveName],
    cfg: &ReviewConfig,
    stop: &AtomicBool,
) -> Result<Vec<LessonStep>, ReviewError> {
    let refused = |i: usize, reason: String| ReviewError::Log {
        turn: i + 1,
        reason,
    };
    let mut run = LessonRun::new(lesson.clone()).map_err(|e| refused(0, e.to_string()))?;
    let mut steps = Vec::with_capacity(moves.len());
    for (i, name) in moves.iter().enumerate() {
        let game = run.game().clone();
        let mv = name.to_move(&game).map_err(|e| refused(i, e.to_string()))?;
        let view = PublicView::new(&game);
        let seed = decision_seed(cfg.seed, i as u64);
        let verdict = judge(&view, mv, seed, cfg.iterations, stop).ok_or_else(|| {
            if stop.load(Ordering::Relaxed) {
                ReviewError::Stopped
            } else {
                refused(i, "the move is not legal".into())
            }
        })?;
        steps.push(LessonStep {
            played: name.clone(),
            best: MoveName::from_move(&game, verdict.best),
            verdict,
        });
        run.play(name).map_err(|e| refused(i, e.to_string()))?;
    }
    Ok(steps)
}
