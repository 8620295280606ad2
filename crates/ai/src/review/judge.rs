//! Judging one decision: the search's best move, the played move compared with it, the loss
//! as a severity, its class and accuracy (the thresholds and formulas of the review).

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::{Move, PublicView};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

use super::exact::{Exact, best_of, exact_values};
use crate::mcts::{self, Config};
use crate::seed::splitmix;
use crate::{Budget, Limits};

/// Win chance lost (0–1) that makes one unit of severity.
pub const WIN_UNIT: f64 = 0.05;
/// Points lost that make one unit of severity.
pub const POINT_UNIT: f64 = 3.0;
/// Extra comparison batches at most for a move whose class is uncertain (its severity's band
/// straddles 1, 2 or 4 units).
pub const REFINE_BATCHES: u32 = 2;
/// Further batches at most, after [`REFINE_BATCHES`], while the band still straddles a
/// threshold and the severity's estimate is within [`CLOSE_UNITS`] of it: the budget goes
/// where the verdict is closest.
pub const CLOSE_BATCHES: u32 = 2;
/// How close (in severity units) to a class threshold an estimate is "close".
pub const CLOSE_UNITS: f64 = 0.25;

/// Standard errors on each side of a comparison's estimate that make its severity band: a
/// played move is worse than the best only when its loss is at least this many standard
/// errors above nothing, and the extra batches go to a move while the band straddles a class
/// threshold. Three, not two: a small real loss that one seed's comparison calls significant
/// and another's not was most of the changes of class between seeds (`crates/ai/RESULTS.md`,
/// "Steadier verdicts, 6 December").
pub const BAND_SES: f64 = 3.0;

/// The verdict on a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Class {
    /// The search's best move, or one whose loss the search cannot tell from nothing
    /// ([`class_of`]).
    Best,
    /// Loses less than one unit of severity.
    Good,
    /// Loses 1 to 2 units.
    Inaccuracy,
    /// Loses 2 to 4 units.
    Mistake,
    /// Loses 4 units or more.
    Blunder,
}

impl Class {
    /// Every class, best first.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class of a move that is not the search's best, by its severity.
    pub fn of_severity(severity: f64) -> Class {
        if severity <= 0.0 {
            Class::Best
        } else if severity < 1.0 {
            Class::Good
        } else if severity < 2.0 {
            Class::Inaccuracy
        } else if severity < 4.0 {
            Class::Mistake
        } else {
            Class::Blunder
        }
    }

    /// The lowercase name (`"blunder"`).
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// The severity of a loss, in units (see the module documentation); losses below 0 count 0.
pub fn severity(win_loss: f64, point_loss: f64) -> f64 {
    (win_loss.max(0.0) / WIN_UNIT).max(point_loss.max(0.0) / POINT_UNIT)
}

/// The accuracy formula's number: 2 since 3 December 2026 (`100 × e^(−severity)` per move,
/// the geometric mean per game); 1 before (`100 × 2^(−severity / 2)` per move, the arithmetic
/// mean per game), which read about 80 for a player moving at random. A stored review with
/// an older number is rescored ([`Review::rescore`](super::Review::rescore)).
pub const ACCURACY_FORMULA: u32 = 2;

/// A move's accuracy, 0–100: `100 × e^(−severity)`: 100 for no loss, 37 at one unit (the
/// good/inaccuracy threshold), 14 at the mistake threshold, 2 at the blunder threshold.
pub fn move_accuracy(severity: f64) -> f64 {
    100.0 * (-severity.max(0.0)).exp()
}

/// A game's accuracy, 0–100, from its reviewed decisions' severities: `100 × e^(−mean
/// severity)`, the geometric mean of the moves' [`move_accuracy`] (100 without decisions).
/// It reads 37 when the moves lose one unit (3 points or 5% win chance) each on average; on
/// the corpus of `crates/ai/RESULTS.md` ("Review on unequal play") random seats read 33–51,
/// greedy 46–93 and hard 89–100.
pub fn game_accuracy(severities: impl IntoIterator<Item = f64>) -> f64 {
    let (mut sum, mut n) = (0.0, 0u32);
    for s in severities {
        sum += s.max(0.0);
        n += 1;
    }
    if n == 0 {
        100.0
    } else {
        move_accuracy(sum / f64::from(n))
    }
}

/// How the search judged one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// The search's best move: the played one when it is the first pass's best or
    /// [`class_of`] finds it as good.
    pub best: Move,
    /// Win chance (0–1) after the played move.
    pub played_win: f64,
    /// Expected final margin after the played move (own score minus the best other's).
    pub played_margin: f64,
    /// Win chance after the best move.
    pub best_win: f64,
    /// Expected final margin after the best move.
    pub best_margin: f64,
    /// Win chance lost versus the best move (≥ 0).
    pub win_loss: f64,
    /// Points lost versus the best move (≥ 0).
    pub point_loss: f64,
    /// [`severity`] of the loss.
    pub severity: f64,
    /// The class.
    pub class: Class,
    /// Search iterations spent on the decision.
    pub iterations: u64,
}

/// The verdict on `played` from the exact values of every move of its decision
/// ([`exact_values`]): the best is the first move of the greatest (win share, margin); the
/// losses are exact, so a move is *best* only when it ends as well as the best, and otherwise
/// classed by its severity. No search iterations are spent (`iterations` 0).
fn exact_verdict(played: Move, values: &[Exact]) -> Option<Verdict> {
    let best = best_of(values)?;
    let mine = values.iter().find(|e| e.mv == played)?;
    let (win_loss, point_loss) = (
        (best.win - mine.win).max(0.0),
        (best.margin - mine.margin).max(0.0),
    );
    let equal = (mine.win, mine.margin) >= (best.win, best.margin);
    let severity = if equal {
        0.0
    } else {
        severity(win_loss, point_loss)
    };
    Some(Verdict {
        best: if equal { played } else { best.mv },
        played_win: mine.win,
        played_margin: mine.margin,
        best_win: if equal { mine.win } else { best.win },
        best_margin: if equal { mine.margin } else { best.margin },
        win_loss: if equal { 0.0 } else { win_loss },
        point_loss: if equal { 0.0 } else { point_loss },
        severity,
        class: if equal {
            Class::Best
        } else {
            Class::of_severity(severity)
        },
        iterations: 0,
    })
}

/// The severity of the played move's loss in a comparison (played first, best second):
/// (lower bound, estimate, upper bound), the bounds [`BAND_SES`] standard errors either way on
/// both the win chance and the margin. A puzzle try's comparison with the answer uses the same
/// band.
pub(crate) fn severity_band(c: &mcts::Comparison) -> (f64, f64, f64) {
    let (w, m) = (-c.win_diff, -c.margin_diff);
    let (dw, dm) = (BAND_SES * c.win_diff_se, BAND_SES * c.margin_diff_se);
    (
        severity(w - dw, m - dm),
        severity(w, m),
        severity(w + dw, m + dm),
    )
}

/// The class of a played move that the first pass did not find best, from the comparison
/// with the best: its `severity` (the estimate) and `lower`, the severity's lower bound
/// [`BAND_SES`] standard errors down (`severity_band`). A loss the comparison cannot tell
/// from nothing (`lower` is 0) and under one unit is *best*: the two moves are as good as each other to
/// the search, and which one the first pass puts first is chance. Otherwise the class is
/// [`Class::of_severity`] of the estimate. A move judged best this way is reported as the
/// best move itself: no loss, no [`Why`](super::Why).
pub fn class_of(severity: f64, lower: f64) -> Class {
    if lower <= 0.0 && severity < 1.0 {
        Class::Best
    } else {
        Class::of_severity(severity)
    }
}

/// Judges `played`, a legal move for the pending decision of `view`, with `iterations`
/// iterations in the first pass and the generator seeded with `seed` (the same seed and
/// budget as [`choose_move`](crate::choose_move) at the hard level make the AI's own move
/// the best). `None` if the game is over, `played` is not legal or `stop` was set.
pub fn judge(
    view: &PublicView,
    played: Move,
    seed: u64,
    iterations: u64,
    stop: &AtomicBool,
) -> Option<Verdict> {
    let moves = view.legal_moves();
    if !moves.contains(&played) {
        return None;
    }
    let cfg = Config::default();
    if moves.len() == 1 {
        // No choice: nothing to search. The values are left at 0.
        return Some(Verdict {
            best: played,
            played_win: 0.0,
            played_margin: 0.0,
            best_win: 0.0,
            best_margin: 0.0,
            win_loss: 0.0,
            point_loss: 0.0,
            severity: 0.0,
            class: Class::Best,
            iterations: 0,
        });
    }
    // Nothing left to chance: the end of the game solved exactly, not searched.
    if let Some(values) = exact_values(view) {
        return exact_verdict(played, &values);
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let limits = Limits::new(Budget::iterations(iterations), stop);
    // A first pass whose best is not the played move thinks once more as long (the same
    // tree): the move the comparison measures against is then the search's best at twice
    // the budget, which seeds agree on more often.
    let mut extended = false;
    let stats = mcts::search_stats_more(view, &mut rng, &limits, &cfg, |s| {
        if extended || s.moves[s.best].mv == played {
            0
        } else {
            extended = true;
            iterations
        }
    })?;
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let best = stats.moves[stats.best];
    if best.mv == played {
        return Some(Verdict {
            best: played,
            played_win: best.win,
            played_margin: best.margin,
            best_win: best.win,
            best_margin: best.margin,
            win_loss: 0.0,
            point_loss: 0.0,
            severity: 0.0,
            class: Class::Best,
            iterations: stats.iterations,
        });
    }
    // Second pass: the played move against the best, side by side.
    let pairs = (iterations / 2).max(1);
    let mut batches = 1;
    let cmp = mcts::compare_in_batches(
        view,
        [played, best.mv],
        splitmix(seed ^ 0x0005_EC0D),
        pairs,
        REFINE_BATCHES + CLOSE_BATCHES,
        stop,
        |c| {
            let (lo, est, hi) = severity_band(c);
            // Best and good count as one here: both are fine moves (the confidence test of
            // `class_of` tells them apart).
            let class = |s: f64| Class::of_severity(s).max(Class::Good);
            let straddles = class(lo) != class(hi);
            // Up to REFINE_BATCHES more while the band straddles a threshold; up to
            // CLOSE_BATCHES beyond that while the estimate itself is within CLOSE_UNITS of one.
            let close = [1.0, 2.0, 4.0]
                .iter()
                .any(|&t| (est - t).abs() < CLOSE_UNITS);
            let limit = if close {
                REFINE_BATCHES + CLOSE_BATCHES
            } else {
                REFINE_BATCHES
            };
            let again = batches <= limit && straddles;
            batches += 1;
            again
        },
    )?;
    let (lo, _, _) = severity_band(&cmp);
    let (win_loss, point_loss) = ((-cmp.win_diff).max(0.0), (-cmp.margin_diff).max(0.0));
    let severity = severity(win_loss, point_loss);
    let iterations = stats.iterations + 2 * cmp.pairs;
    if class_of(severity, lo) == Class::Best {
        // As good as the first pass's best to the search: the played move is a best move,
        // with no loss (its own values from the comparison).
        return Some(Verdict {
            best: played,
            played_win: cmp.a.win,
            played_margin: cmp.a.margin,
            best_win: cmp.a.win,
            best_margin: cmp.a.margin,
            win_loss: 0.0,
            point_loss: 0.0,
            severity: 0.0,
            class: Class::Best,
            iterations,
        });
    }
    Some(Verdict {
        best: best.mv,
        played_win: cmp.a.win,
        played_margin: cmp.a.margin,
        best_win: cmp.b.win,
        best_margin: cmp.b.margin,
        win_loss,
        point_loss,
        severity,
        class: Class::of_severity(severity),
        iterations,
    })
}
