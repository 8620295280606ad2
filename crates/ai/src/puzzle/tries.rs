//! A try at a puzzle judged ([`judge_try`]): solved when it is the answer, else compared with
//! the answer as the review compares a played move with the best.

use std::sync::atomic::AtomicBool;

use carcassonne_engine::{Move, PublicView};

use super::moves::{legal_equal, same_move};
use crate::mcts::{self, Comparison};
use crate::review::exact::exact_values;
use crate::review::{
    Class, DecisionReview, Position, REFINE_BATCHES, ReviewConfig, ReviewError, Verdict, class_of,
    decision_review, decision_seed, severity, severity_band,
};
use crate::seed::splitmix;

/// A try at a puzzle, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleTry {
    /// Whether the try is the answer ([`same_move`]).
    pub solved: bool,
    /// The try as a review judges a move: the answer is the best move. A solved try is
    /// *best* with no values (0) and no search; any other try is an inaccuracy at least, with
    /// its loss against the answer and why the answer is better.
    pub review: DecisionReview,
}

/// The class of a try that is not the answer, from its severity estimate and lower bound: the
/// review's [`class_of`], but never better than an inaccuracy. A puzzle's answer was found
/// better than every move the search considered by at least
/// [`WIN_MARGIN`](super::WIN_MARGIN) and [`POINT_MARGIN`](super::POINT_MARGIN), both with
/// confidence: over one unit of severity. A try's own comparison, with less budget than the
/// puzzle's confirmation, may read a smaller loss by chance, and calling it *best* or *good*
/// would tell the player that a wrong answer is fine.
fn try_class(severity: f64, lower: f64) -> Class {
    class_of(severity, lower).max(Class::Inaccuracy)
}

/// Judges `tried` at the puzzle's position `p` (from
/// [`PuzzleSet::position`](super::PuzzleSet::position)) whose answer is `answer`.
///
/// A try that is the answer ([`same_move`]: a placement in an equal rotation too) is solved at
/// once, with no search. Any other legal try is compared with the answer side by side
/// ([`mcts::compare_moves`], `cfg.iterations / 2` pairs a batch, and up to the review's
/// [`REFINE_BATCHES`] more while the class is uncertain; where nothing is left to chance,
/// exact values), from the public view of the player to move with the
/// decision's own seed ([`decision_seed`]), so the same try always gets the same verdict.
/// Its class is at least an inaccuracy (see the puzzle's margins) and its
/// [`why`](crate::review::why) says why the answer is better.
///
/// # Errors
/// [`ReviewError::IllegalTry`] if `tried` is not a legal move of the decision,
/// [`ReviewError::Log`] if `answer` is not, [`ReviewError::Stopped`] if `stop` was set.
pub fn judge_try(
    p: &Position,
    answer: Move,
    tried: Move,
    cfg: &ReviewConfig,
    stop: &AtomicBool,
) -> Result<PuzzleTry, ReviewError> {
    let game = &p.game;
    let tried = legal_equal(game, tried).ok_or(ReviewError::IllegalTry)?;
    let answer = legal_equal(game, answer).ok_or_else(|| ReviewError::Log {
        turn: p.turn,
        reason: "the puzzle's answer is not a legal move of the decision".into(),
    })?;
    if same_move(game, answer, tried) {
        let v = Verdict {
            best: tried,
            played_win: 0.0,
            played_margin: 0.0,
            best_win: 0.0,
            best_margin: 0.0,
            win_loss: 0.0,
            point_loss: 0.0,
            severity: 0.0,
            class: Class::Best,
            iterations: 0,
        };
        return Ok(PuzzleTry {
            solved: true,
            review: decision_review(p, tried, &v),
        });
    }
    let view = PublicView::new(game);
    let seed = decision_seed(cfg.seed, p.index);
    let v = match exact_values(&view) {
        Some(values) => {
            let value = |m: Move| values.iter().find(|e| e.mv == m).copied();
            let (t, a) = value(tried)
                .zip(value(answer))
                .ok_or(ReviewError::IllegalTry)?;
            let (win_loss, point_loss) = ((a.win - t.win).max(0.0), (a.margin - t.margin).max(0.0));
            let s = severity(win_loss, point_loss);
            verdict(
                answer,
                [t.win, t.margin, a.win, a.margin],
                win_loss,
                point_loss,
                try_class(s, s),
                0,
            )
        }
        None => {
            let cmp = compare(&view, [tried, answer], cfg.iterations, seed, stop)
                .ok_or(ReviewError::Stopped)?;
            let (lo, _, _) = severity_band(&cmp);
            let (win_loss, point_loss) = ((-cmp.win_diff).max(0.0), (-cmp.margin_diff).max(0.0));
            let s = severity(win_loss, point_loss);
            verdict(
                answer,
                [cmp.a.win, cmp.a.margin, cmp.b.win, cmp.b.margin],
                win_loss,
                point_loss,
                try_class(s, lo),
                2 * cmp.pairs,
            )
        }
    };
    Ok(PuzzleTry {
        solved: false,
        review: decision_review(p, tried, &v),
    })
}

/// The verdict on a try that is not the answer: its values and the answer's (`[try win, try
/// margin, answer win, answer margin]`), its losses and class. The severity is raised to the
/// class's floor (1 unit for an inaccuracy) when [`try_class`] raised the class, so the
/// severity, the accuracy and the class tell the same.
fn verdict(
    answer: Move,
    [played_win, played_margin, best_win, best_margin]: [f64; 4],
    win_loss: f64,
    point_loss: f64,
    class: Class,
    iterations: u64,
) -> Verdict {
    Verdict {
        best: answer,
        played_win,
        played_margin,
        best_win,
        best_margin,
        win_loss,
        point_loss,
        severity: severity(win_loss, point_loss).max(1.0),
        class,
        iterations,
    }
}

/// The tried move against the answer, side by side: `iterations / 2` pairs, then up to
/// [`REFINE_BATCHES`] more batches while the severity's band (the review's) straddles a
/// class threshold. With the class floored at an inaccuracy only the mistake (2 units) and
/// blunder (4 units) thresholds count. The review's further
/// [`CLOSE_BATCHES`](crate::review::CLOSE_BATCHES) are not spent: with them the slowest tries
/// took 1.4 s, over the 1 s a try may take (`crates/ai/RESULTS.md`, "Puzzles"), and a puzzle's
/// wrong try is told as wrong whether it is a mistake or a blunder. `None` if stopped.
fn compare(
    view: &PublicView,
    moves: [Move; 2],
    iterations: u64,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Comparison> {
    let pairs = (iterations / 2).max(1);
    mcts::compare_in_batches(
        view,
        moves,
        splitmix(seed ^ 0x0009_022E),
        pairs,
        REFINE_BATCHES,
        stop,
        |c| {
            let (lo, _, hi) = severity_band(c);
            let class = |s: f64| try_class(s, s);
            class(lo) != class(hi)
        },
    )
}
