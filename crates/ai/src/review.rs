//! Post-game review: every decision one player made in a finished game, judged by the search
//! from the public view that player had at that moment (never the order of the pile).
//!
//! For each decision with a choice, the review
//!
//! 1. runs the hard level's search ([`mcts::search_stats`]) on the position with
//!    [`ReviewConfig::iterations`] iterations and the decision's own seed
//!    ([`decision_seed`]): its most visited move is the **best move**. With the budget and seed
//!    the AI itself used, this is exactly the move the AI played ([`choose_move`](crate::choose_move)
//!    and this pass grow the same tree), so an AI's own games review as all "best".
//! 2. If the played move differs, searches both moves side by side ([`mcts::compare_moves`]):
//!    the same number of iterations each, every pair of iterations on one sampled pile, so
//!    the two values compare closely. When the verdict is close to a class threshold (the
//!    severity's 2-standard-error band straddles 1, 2 or 4 units), up to [`REFINE_BATCHES`] more batches
//!    of the same size are spent on that move, and up to [`CLOSE_BATCHES`] more while the
//!    estimate itself stays within [`CLOSE_UNITS`] of the threshold: the budget goes where
//!    the verdict is close.
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
//! comparison cannot tell its loss from nothing (the severity's lower bound, two standard
//! errors down, is 0) and the loss is under 1 unit ([`class_of`]): between two moves the
//! search values alike, which one the first pass puts first is chance, and a raw comparison
//! would call the other *good* for half of the seeds. Otherwise *good* below 1 unit, an
//! *inaccuracy* below 2, a *mistake* below 4 and a *blunder* from 4 units on. The units are calibrated on the hard
//! level's own games (`crates/ai/RESULTS.md`, "Review").
//!
//! **Accuracy.** A move's accuracy is `100 × 2^(−severity / 2)` (100 for no loss, about 71
//! for an inaccuracy's unit, 50 at the mistake threshold, 25 at the blunder threshold); a
//! game's accuracy is the mean over the reviewed decisions (decisions without a choice are
//! not reviewed).
//!
//! A review is reproducible: the same record, player, seed and iterations give the same
//! review. It polls a stop flag and reports progress, so it can run in the background.

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::{
    Cause, Decision, Event, FigureKind, Game, Message, Move, MoveName, Params, PlayerKind, Pos,
    PublicView, Record, RecordError, SegmentKind, TileInfo, TurnEntry,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::mcts::{self, Config};
use crate::seed::splitmix;
use crate::{Budget, Limits};

/// The default iterations of the first pass: the hard level's budget.
pub const DEFAULT_ITERATIONS: u64 = mcts::HARD_ITERATIONS;
/// Win chance lost (0–1) that makes one unit of severity.
pub const WIN_UNIT: f64 = 0.05;
/// Points lost that make one unit of severity.
pub const POINT_UNIT: f64 = 3.0;
/// Extra comparison batches at most for a move whose class is uncertain (its severity's
/// two-standard-error band straddles 1, 2 or 4 units).
pub const REFINE_BATCHES: u32 = 2;
/// Further batches at most, after [`REFINE_BATCHES`], while the band still straddles a
/// threshold and the severity's estimate is within [`CLOSE_UNITS`] of it: the budget goes
/// where the verdict is closest.
pub const CLOSE_BATCHES: u32 = 2;
/// How close (in severity units) to a class threshold an estimate is "close".
pub const CLOSE_UNITS: f64 = 0.25;

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

/// A move's accuracy, 0–100: `100 × 2^(−severity / 2)`.
pub fn move_accuracy(severity: f64) -> f64 {
    100.0 * (-severity.max(0.0) / 2.0).exp2()
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

/// The severity of the played move's loss in a comparison (played first, best second):
/// (lower bound, estimate, upper bound), the bounds two standard errors either way on both
/// the win chance and the margin.
fn severity_band(c: &mcts::Comparison) -> (f64, f64, f64) {
    let (w, m) = (-c.win_diff, -c.margin_diff);
    let (dw, dm) = (2.0 * c.win_diff_se, 2.0 * c.margin_diff_se);
    (
        severity(w - dw, m - dm),
        severity(w, m),
        severity(w + dw, m + dm),
    )
}

/// The class of a played move that the first pass did not find best, from the comparison
/// with the best: its `severity` (the estimate) and `lower`, the severity's lower bound two
/// standard errors down ([`severity_band`]). A loss the comparison cannot tell from nothing
/// (`lower` is 0) and under one unit is *best*: the two moves are as good as each other to
/// the search, and which one the first pass puts first is chance. Otherwise the class is
/// [`Class::of_severity`] of the estimate. A move judged best this way is reported as the
/// best move itself: no loss, no [`Why`].
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
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let limits = Limits::new(Budget::iterations(iterations), stop);
    let stats = mcts::search_stats(view, &mut rng, &limits, &cfg)?;
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
    let mut rng = Pcg64Mcg::seed_from_u64(splitmix(seed ^ 0x0005_EC0D));
    let open = Limits::new(Budget::default(), stop);
    let mut batches = 1;
    let cmp = mcts::compare_moves(view, [played, best.mv], &mut rng, &open, &cfg, pairs, |c| {
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
        if batches <= limit && straddles {
            batches += 1;
            pairs
        } else {
            0
        }
    })?;
    if stop.load(Ordering::Relaxed) {
        return None;
    }
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

/// Why the best move is better than the one played: a message id and its parameters (the
/// UI words it; serialised as `{"id": "closes_feature", "params": {"feature": "city",
/// "points": 8}}`).
///
/// It is read from the moves' immediate results on copies of the game ([`why`]): each move
/// is played and the turn finished without further choices (no figure, wagons home), then
/// the two results are compared. Only when nothing there tells them apart does it fall back
/// to the search's verdict ([`Why::BetterChances`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "id", content = "params", rename_all = "snake_case")]
pub enum Why {
    /// The best move completes a `feature` (`road`, `city`, `monastery`) that scores
    /// `points` for the player now.
    ClosesFeature {
        /// The feature's kind.
        feature: String,
        /// The player's points from it.
        points: u32,
    },
    /// The played move put the mayor on a city with `strength` pennants (a mayor's strength
    /// is its city's pennants: 0 counts for nothing).
    WeakMayor {
        /// The city's pennants.
        strength: u8,
    },
    /// The played tile joined one of the player's `feature`s with one of player `with`'s
    /// (0-based seat), who now holds it as strongly: the points would be shared.
    SharesFeature {
        /// The feature's kind.
        feature: String,
        /// The other player's seat.
        with: u8,
    },
    /// The played tile joined one of the player's `feature`s with one where player `to`
    /// (0-based seat) is stronger: the player would get nothing from it.
    LosesFeature {
        /// The feature's kind.
        feature: String,
        /// The stronger player's seat.
        to: u8,
    },
    /// The best move scores `points` more for the player now.
    MorePoints {
        /// The difference.
        points: u32,
    },
    /// The played move gives player `to` (0-based seat) `points` more now than the best.
    GivesPoints {
        /// The seat.
        to: u8,
        /// The difference.
        points: u32,
    },
    /// The best move keeps the figure the played move placed (`figure`: `follower`,
    /// `mayor`, `wagon`, `barn`) in the supply.
    KeepsFollower {
        /// The figure the played move placed.
        figure: String,
    },
    /// The best move places a `figure` on a `feature` where the played move placed none.
    PlacesFigure {
        /// The figure.
        figure: String,
        /// The feature's kind (`field` for a barn).
        feature: String,
    },
    /// Nothing immediate tells the moves apart: the best move's chances are better by `win`
    /// (0–1) and its expected margin by `points`.
    BetterChances {
        /// Win chance lost by the played move.
        win: f64,
        /// Points of expected margin lost by the played move.
        points: f64,
    },
}

/// What a move does at once: the game after it with the turn finished without further
/// choices (no figure, returning wagons home), the points each player gained, and the
/// events it logged.
struct Outcome {
    gain: Vec<u32>,
    events: Vec<Event>,
}

fn outcome(game: &Game, mv: Move) -> Option<(Game, Outcome)> {
    let mut g = game.clone();
    g.set_logging(true);
    let before = g.scores();
    let seen = g.events().len();
    g.play(mv).ok()?;
    let placed = g.clone();
    loop {
        let next = match g.decision() {
            Decision::PlaceFigure { .. } => Move::NoFigure,
            Decision::MoveWagon { .. } => Move::WagonHome,
            _ => break,
        };
        g.play(next).ok()?;
    }
    let gain = g
        .scores()
        .iter()
        .zip(&before)
        .map(|(a, b)| a.saturating_sub(*b))
        .collect();
    let events = g.events()[seen.min(g.events().len())..]
        .iter()
        .map(|e| e.event.clone())
        .collect();
    Some((placed, Outcome { gain, events }))
}

/// The features of the tile at `pos` in `game` where `player` has strength and another
/// player as much or more: (kind, the other seat, whether it is stronger).
fn contested(game: &Game, pos: Pos, player: usize) -> Option<(SegmentKind, u8, bool)> {
    (0u8..)
        .map_while(|seg| game.feature_at(pos, seg))
        .find_map(|f| {
            let mine = *f.strength.get(player)?;
            if mine == 0 {
                return None;
            }
            let (q, &s) = f
                .strength
                .iter()
                .enumerate()
                .filter(|&(q, _)| q != player)
                .max_by_key(|&(_, s)| *s)?;
            (s >= mine).then_some((f.kind, q as u8, s > mine))
        })
}

/// Why `best` is better than `played`, both legal for the pending decision of `game` (the
/// position, which may hold its real pile: only the two moves and the rest of the turn
/// without choices are played), given the search's `verdict` on them. `None` when they are
/// the same move (or one is not legal).
///
/// The first that applies, in this order: the best move completes a feature scoring for the
/// player ([`Why::ClosesFeature`]); the played move put the mayor on a city without pennants
/// ([`Why::WeakMayor`]); the played tile joined the player's feature to one another player
/// holds as strongly ([`Why::SharesFeature`]) or more strongly ([`Why::LosesFeature`]) and
/// the best did not; the best scores more now ([`Why::MorePoints`]); the played move gives
/// another player more now ([`Why::GivesPoints`]); one move places a figure and the other
/// not ([`Why::KeepsFollower`], [`Why::PlacesFigure`]); else [`Why::BetterChances`].
pub fn why(game: &Game, played: Move, best: Move, verdict: &Verdict) -> Option<Why> {
    if played == best {
        return None;
    }
    let player = game.decision().player()? as usize;
    let (played_game, a) = outcome(game, played)?;
    let (best_game, b) = outcome(game, best)?;
    let mine = |o: &Outcome| o.gain.get(player).copied().unwrap_or(0);
    // 1. The best move completes a feature for the player.
    if mine(&b) > mine(&a) {
        let closed = b
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Scored {
                    feature,
                    cause: Cause::Completed,
                    players,
                    points,
                    ..
                } if players.contains(&(player as u8)) => Some((*points, *feature)),
                _ => None,
            })
            .max_by_key(|&(points, _)| points);
        if let Some((points, feature)) = closed {
            return Some(Why::ClosesFeature {
                feature: feature.name().into(),
                points,
            });
        }
    }
    // 2. A mayor on a city without pennants.
    if let (
        Move::Figure {
            kind: FigureKind::Mayor,
            spot,
        },
        Decision::PlaceFigure { pos, .. },
    ) = (played, game.decision())
        && let Some(f) = game.feature_at(pos, spot)
        && f.pennants == 0
    {
        return Some(Why::WeakMayor {
            strength: f.pennants,
        });
    }
    // 3. The played tile joins the player's feature to another player's.
    if let Move::Place { pos, .. } = played
        && let Some((kind, other, stronger)) = contested(&played_game, pos, player)
    {
        let best_too = match best {
            Move::Place { pos, .. } => contested(&best_game, pos, player).is_some(),
            _ => false,
        };
        if !best_too {
            let feature = kind.name().into();
            return Some(if stronger {
                Why::LosesFeature { feature, to: other }
            } else {
                Why::SharesFeature {
                    feature,
                    with: other,
                }
            });
        }
    }
    // 4. More points now.
    if mine(&b) > mine(&a) {
        return Some(Why::MorePoints {
            points: mine(&b) - mine(&a),
        });
    }
    // 5. Points given to another player.
    let given = (0..a.gain.len())
        .filter(|&q| q != player)
        .map(|q| {
            (
                q,
                a.gain[q].saturating_sub(b.gain.get(q).copied().unwrap_or(0)),
            )
        })
        .max_by_key(|&(_, d)| d);
    if let Some((to, points)) = given.filter(|&(_, d)| d > 0) {
        return Some(Why::GivesPoints {
            to: to as u8,
            points,
        });
    }
    // 6. A figure placed or kept.
    match (played, best) {
        (Move::Figure { kind, .. }, Move::NoFigure) => {
            return Some(Why::KeepsFollower {
                figure: kind.name().into(),
            });
        }
        (Move::NoFigure, Move::Figure { kind, spot }) => {
            let feature = match (kind, game.decision()) {
                (FigureKind::Barn, _) => Some(SegmentKind::Field),
                (_, Decision::PlaceFigure { pos, .. }) => {
                    game.feature_at(pos, spot).map(|f| f.kind)
                }
                _ => None,
            };
            if let Some(feature) = feature {
                return Some(Why::PlacesFigure {
                    figure: kind.name().into(),
                    feature: feature.name().into(),
                });
            }
        }
        _ => {}
    }
    Some(Why::BetterChances {
        win: verdict.win_loss,
        points: verdict.point_loss,
    })
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
    /// The game's accuracy (0–100): the mean of the decisions' accuracies (100 when none).
    pub accuracy: f64,
    /// Decisions per class.
    pub counts: ClassCounts,
    /// Every decision of the player that had a choice, in game order.
    pub decisions: Vec<DecisionReview>,
}

/// Why a review could not be made.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReviewError {
    /// The record does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// Only finished games are reviewed.
    #[error("the game is not finished: only a finished game can be reviewed")]
    NotFinished,
    /// The player is not a seat of the game.
    #[error("player {player} is not in the game (seats 0 to {last})")]
    Player {
        /// The seat asked for.
        player: usize,
        /// The last seat.
        last: usize,
    },
    /// Stepping through the record's log went astray: a bug, not a bad record.
    #[error("turn {turn}: the game's log does not replay: {reason}")]
    Log {
        /// The 1-based turn entry.
        turn: usize,
        /// What went wrong.
        reason: String,
    },
    /// The stop flag was set.
    #[error("the review was stopped")]
    Stopped,
}

impl Message for ReviewError {
    fn key(&self) -> &'static str {
        match self {
            ReviewError::Record(_) => "review.record",
            ReviewError::NotFinished => "review.not_finished",
            ReviewError::Player { .. } => "review.player",
            ReviewError::Log { .. } => "review.log",
            ReviewError::Stopped => "review.stopped",
        }
    }

    /// `turn` of a record or log that does not replay; `player` and `last` of a seat not in
    /// the game.
    fn params(&self) -> Params {
        match self {
            ReviewError::Record(e) => e.params(),
            ReviewError::NotFinished | ReviewError::Stopped => Vec::new(),
            ReviewError::Player { player, last } => {
                vec![("player", (*player).into()), ("last", (*last).into())]
            }
            ReviewError::Log { turn, .. } => vec![("turn", (*turn).into())],
        }
    }
}

impl ReviewError {
    /// One error of every kind, for checking that a front end words them all.
    pub fn examples() -> Vec<ReviewError> {
        vec![
            ReviewError::Record(RecordError {
                turn: 4,
                reason: "illegal placement".into(),
            }),
            ReviewError::NotFinished,
            ReviewError::Player { player: 6, last: 2 },
            ReviewError::Log {
                turn: 9,
                reason: "no tile to place".into(),
            },
            ReviewError::Stopped,
        ]
    }
}

/// The seat a review looks at by default: the first human seat of the record, else 0.
pub fn default_player(record: &Record) -> usize {
    record
        .players
        .iter()
        .position(|p| p.kind == PlayerKind::Human)
        .unwrap_or(0)
}

/// A decision of the game: the position before it, the move played, where it was.
#[derive(Clone, Debug)]
pub struct Position {
    /// The game before the move (its hidden pile is never looked at: reviews use
    /// [`PublicView::new`] of it).
    pub game: Game,
    /// The move played.
    pub played: Move,
    /// The 1-based record turn entry.
    pub turn: usize,
    /// The index among every decision of the game (0-based).
    pub index: u64,
}

/// Every decision of a finished record, in order, with the position before it.
///
/// # Errors
/// [`ReviewError::Record`] if the record does not replay, [`ReviewError::NotFinished`] if
/// it is not a finished game.
pub fn positions(record: &Record) -> Result<Vec<Position>, ReviewError> {
    let last = record.replay()?;
    if !record.end || !last.is_over() {
        return Err(ReviewError::NotFinished);
    }
    let setup = record.setup()?;
    // Every tile of a finished game was drawn: the log holds the whole pile in order.
    let pile: Vec<_> = last
        .log()
        .iter()
        .filter_map(|e| match e {
            TurnEntry::Tile { tile, .. } | TurnEntry::Discarded { tile } => Some(*tile),
            _ => None,
        })
        .collect();
    let mut game = Game::with_pile(&setup, &pile).map_err(|e| ReviewError::Log {
        turn: 0,
        reason: e.to_string(),
    })?;
    let mut out = Vec::new();
    let mut index = 0u64;
    let mut step = |game: &mut Game, turn: usize, mv: Move| -> Result<(), ReviewError> {
        out.push(Position {
            game: game.clone(),
            played: mv,
            turn,
            index,
        });
        index += 1;
        game.play(mv).map_err(|e| ReviewError::Log {
            turn,
            reason: e.to_string(),
        })
    };
    for (i, entry) in last.log().iter().enumerate() {
        let turn = i + 1;
        let (figure, wagons) = match entry {
            TurnEntry::Tile {
                pos,
                rot,
                figure,
                wagons,
                ..
            } => {
                if matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
                    step(&mut game, turn, Move::Draw)?;
                }
                step(
                    &mut game,
                    turn,
                    Move::Place {
                        pos: *pos,
                        rot: *rot,
                    },
                )?;
                (figure, wagons)
            }
            TurnEntry::Abbey {
                pos,
                figure,
                wagons,
            } => {
                step(&mut game, turn, Move::Abbey { pos: *pos })?;
                (figure, wagons)
            }
            TurnEntry::Discarded { .. } => {
                // The engine discards by itself once the tile is drawn.
                if matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
                    step(&mut game, turn, Move::Draw)?;
                }
                continue;
            }
            TurnEntry::Pass => {
                step(&mut game, turn, Move::Pass)?;
                continue;
            }
        };
        if matches!(game.decision(), Decision::PlaceFigure { .. }) {
            let mv = figure.map_or(Move::NoFigure, |(kind, spot)| Move::Figure { kind, spot });
            step(&mut game, turn, mv)?;
        }
        // Wagons without a target go home by themselves, logged in the same list: an entry
        // the stepped game has logged already needs no move.
        for (k, &(_, to)) in wagons.iter().enumerate() {
            let logged = match game.log().get(i) {
                Some(TurnEntry::Tile { wagons, .. } | TurnEntry::Abbey { wagons, .. }) => {
                    wagons.len()
                }
                _ => 0,
            };
            if k < logged {
                continue;
            }
            let mv = to.map_or(Move::WagonHome, |(pos, seg)| Move::WagonTo { pos, seg });
            step(&mut game, turn, mv)?;
        }
    }
    if !game.is_over() || game.log() != last.log() || game.scores() != last.scores() {
        return Err(ReviewError::Log {
            turn: record.turns.len(),
            reason: "the steps do not lead to the recorded end".into(),
        });
    }
    Ok(out)
}

/// The decisions of seat `player` in the finished game `record` that a review judges: those
/// with a choice (two legal moves or more), in order. Their number is the review's total.
///
/// # Errors
/// As [`positions`], and [`ReviewError::Player`] if `player` is not a seat.
pub fn reviewed_positions(record: &Record, player: usize) -> Result<Vec<Position>, ReviewError> {
    if player >= record.players.len() {
        return Err(ReviewError::Player {
            player,
            last: record.players.len().saturating_sub(1),
        });
    }
    Ok(positions(record)?
        .into_iter()
        .filter(|p| {
            p.game.decision().player().map(usize::from) == Some(player)
                && p.game.legal_moves().len() > 1
        })
        .collect())
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
        let d = view.decision();
        counts.add(v.class);
        decisions.push(DecisionReview {
            turn: p.turn,
            index: p.index,
            decision: d.name().into(),
            tile: match d {
                Decision::PlaceTile { tile, .. } => Some(TileInfo::of(tile).id().to_string()),
                _ => None,
            },
            played: MoveName::from_move(&p.game, p.played),
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
            why: why(&p.game, p.played, v.best, &v),
        });
        progress(done + 1, total);
    }
    let accuracy = if decisions.is_empty() {
        100.0
    } else {
        decisions.iter().map(|d| d.accuracy).sum::<f64>() / decisions.len() as f64
    };
    Ok(Review {
        player,
        iterations: cfg.iterations,
        seed: cfg.seed,
        accuracy,
        counts,
        decisions,
    })
}
