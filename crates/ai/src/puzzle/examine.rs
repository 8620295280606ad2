//! Whether a decision makes a puzzle ([`examine`]: one move clearly better than every other
//! the search considers), and whether a puzzle still holds at another budget ([`recheck`]).

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::{Decision, Move, MoveName, PublicView, TileInfo};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

use super::moves::{distinct_moves, same_for};
use super::rating::{DEVIATION, rate};
use super::{Puzzle, Theme, themes};
use crate::mcts::{self, Comparison, Config, MoveStat, SearchStats};
use crate::review::exact::{Exact, best_of, exact_values};
use crate::review::{Class, Position, Verdict, Why, severity, why};
use crate::seed::splitmix;
use crate::{Budget, Limits};

/// The win chance (0–1) by which the answer must beat every compared move.
///
/// Two review units ([`WIN_UNIT`](crate::review::WIN_UNIT)): every other move the search
/// considers would be a *mistake*, so the puzzle has one right answer, as lichess's puzzles
/// require the best move to be clearly better than the second. The work started from 0.10
/// and 4 points with leave to lower them (never below 0.07 and 3) if the yield was too small;
/// it was not: games of the hard level gave 8% of their decisions as puzzles, 20 puzzles per
/// CPU-minute (`crates/ai/RESULTS.md`, "Puzzles"), and 402 of 403 still held at twice the
/// budget, so the starting values stayed.
pub const WIN_MARGIN: f64 = 0.10;

/// The expected final margin, in points, by which the answer must beat every compared move
/// (together with [`WIN_MARGIN`]): 4 points, over one review unit
/// ([`POINT_UNIT`](crate::review::POINT_UNIT)), so that the answer also counts on the board,
/// not only in the chances (a move can gain win chance by a point where the game is close).
/// Kept at its starting value for the reasons of [`WIN_MARGIN`].
pub const POINT_MARGIN: f64 = 4.0;

/// The moves at most, besides the answer, that the answer is compared with: the most visited
/// ones of the first pass.
pub const CANDIDATES: usize = 3;

/// The share of the margins that the first pass must show between the answer and the most
/// visited other move before the comparisons are spent: below it the decision is rejected
/// at once.
pub const QUICK_SHARE: f64 = 0.5;

/// Extra comparison batches at most for a compared move while it is uncertain whether the
/// answer beats it by the margins.
pub const CONFIRM_BATCHES: u32 = 2;

/// Win chance beyond which (or below one minus which) a game is decided: when the answer
/// and the runner-up are both beyond it, the chances tell no right answer.
pub const DECIDED: f64 = 0.97;

/// What makes a decision a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleCriteria {
    /// Iterations of the first pass; each comparison spends as many per batch (half on each
    /// move).
    pub iterations: u64,
    /// The win chance margin ([`WIN_MARGIN`]).
    pub win_margin: f64,
    /// The points margin ([`POINT_MARGIN`]).
    pub point_margin: f64,
    /// Moves compared with the answer at most ([`CANDIDATES`]).
    pub candidates: usize,
    /// Whether a puzzle found is rated by the AI levels' tries ([`rate`](super::rate)); if
    /// not, it is rated 1500.
    pub rate: bool,
}

impl Default for PuzzleCriteria {
    fn default() -> Self {
        PuzzleCriteria {
            iterations: mcts::HARD_ITERATIONS,
            win_margin: WIN_MARGIN,
            point_margin: POINT_MARGIN,
            candidates: CANDIDATES,
            rate: true,
        }
    }
}

/// A puzzle found at a decision: everything a [`Puzzle`] holds except its id and game.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The one clearly best move.
    pub answer: Move,
    /// The compared move closest to it (the least [`severity`] of the margins).
    pub runner_up: Move,
    /// Win chance of the answer (0–1), from the comparison with the runner-up.
    pub answer_win: f64,
    /// Expected final margin of the answer (points).
    pub answer_margin: f64,
    /// Win chance of the answer minus the runner-up's.
    pub win_margin: f64,
    /// Expected final margin of the answer minus the runner-up's.
    pub point_margin: f64,
    /// The moves the answer was compared with (the runner-up among them).
    pub compared: usize,
    /// What the answer does ([`themes`]).
    pub themes: Vec<Theme>,
    /// The difficulty, Glicko-2 scale.
    pub rating: f64,
    /// The rating's deviation.
    pub deviation: f64,
    /// Why the answer beats the runner-up.
    pub why: Option<Why>,
    /// Whether the values are exact (the end of the game solved, no search).
    pub exact: bool,
    /// Search iterations spent (the first pass and the comparisons).
    pub iterations: u64,
}

impl Found {
    /// The puzzle with id `id` of game `game`, at its position `p`.
    pub fn puzzle(&self, p: &Position, id: String, game: String) -> Puzzle {
        let d = p.game.decision();
        Puzzle {
            id,
            game,
            index: p.index,
            turn: p.turn,
            player: d.player().map_or(0, usize::from),
            decision: d.name().into(),
            tile: match d {
                Decision::PlaceTile { tile, .. } => Some(TileInfo::of(tile).id().to_string()),
                _ => None,
            },
            answer: MoveName::from_move(&p.game, self.answer),
            runner_up: MoveName::from_move(&p.game, self.runner_up),
            themes: self.themes.clone(),
            rating: self.rating,
            deviation: self.deviation,
            win_margin: self.win_margin,
            point_margin: self.point_margin,
            why: self.why.clone(),
        }
    }
}

/// Why a decision is not a puzzle ([`examine_why`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Rejection {
    /// Nobody decides, or fewer than two different moves.
    NoChoice,
    /// The best move is to draw or to pass: doing nothing is no puzzle.
    Idle,
    /// The first pass shows the answer too close to the most visited other move
    /// ([`QUICK_SHARE`]).
    Quick,
    /// A comparison did not confirm the margins.
    Unconfirmed,
    /// The game is decided: both the answer and the runner-up win, or both lose
    /// ([`DECIDED`]).
    Decided,
    /// The stop flag was set.
    Stopped,
}

/// The puzzle at decision `p`, if it is one ([`examine_why`] without the reason).
pub fn examine(p: &Position, cfg: &PuzzleCriteria, seed: u64, stop: &AtomicBool) -> Option<Found> {
    examine_why(p, cfg, seed, None, stop).ok()
}

/// Whether decision `p` is a puzzle: one move better than every other the search considers by
/// both margins of `cfg`, with confidence. Judged from the public view of the player to move.
///
/// 1. Only decisions with two different moves or more ([`same_move`](super::same_move)).
/// 2. Where nothing is left to chance ([`exact_values`]), the exact values of every move are
///    used: the best must beat every other move by both margins.
/// 3. Otherwise a first pass, [`mcts::search_stats`] with `cfg.iterations` and seed `seed`
///    (`first`, if given, is that pass already run: the hard level's own search of the
///    move, with the same seed and budget), gives the answer (its best move) and the
///    candidates, the [`CANDIDATES`] most visited other moves. If the first pass shows the
///    answer ahead of the most visited other move by less than [`QUICK_SHARE`] of either
///    margin, the decision is rejected at once.
/// 4. The answer is compared with each candidate side by side ([`mcts::compare_moves`],
///    `cfg.iterations / 2` pairs a batch, up to [`CONFIRM_BATCHES`] more while uncertain):
///    for every candidate the answer's win chance must be ahead by `cfg.win_margin` and its
///    expected margin by `cfg.point_margin`, and both differences' lower bounds (two
///    standard errors down) above 0: one right answer.
/// 5. An answer that draws or passes is rejected, and so is a decided game ([`DECIDED`]).
///
/// The runner-up is the compared move closest to the answer (the least review
/// [`severity`] of the two margins); the themes are [`themes`] of the answer; the rating is
/// [`rate`](super::rate)'s when `cfg.rate`.
///
/// # Errors
/// The [`Rejection`].
pub fn examine_why(
    p: &Position,
    cfg: &PuzzleCriteria,
    seed: u64,
    first: Option<&SearchStats>,
    stop: &AtomicBool,
) -> Result<Found, Rejection> {
    let view = PublicView::new(&p.game);
    let decision = view.decision();
    if decision.player().is_none() || distinct_moves(&p.game, &view.legal_moves()) < 2 {
        return Err(Rejection::NoChoice);
    }
    let (answer, runner_up, iterations, exact) = if let Some(values) = exact_values(&view) {
        let (a, r) = exact_pick(decision, &values, cfg)?;
        (a, r, 0, true)
    } else {
        let (a, r, iterations) = searched_pick(&view, cfg, seed, first, stop)?;
        (a, r, iterations, false)
    };
    if stop.load(Ordering::Relaxed) {
        return Err(Rejection::Stopped);
    }
    let decided =
        |x: f64, y: f64| (x > DECIDED && y > DECIDED) || (x < 1.0 - DECIDED && y < 1.0 - DECIDED);
    if decided(answer.win, runner_up.win) {
        return Err(Rejection::Decided);
    }
    let (win_margin, point_margin) = (answer.win - runner_up.win, answer.margin - runner_up.margin);
    let severity = severity(win_margin, point_margin);
    let verdict = Verdict {
        best: answer.mv,
        played_win: runner_up.win,
        played_margin: runner_up.margin,
        best_win: answer.win,
        best_margin: answer.margin,
        win_loss: win_margin,
        point_loss: point_margin,
        severity,
        class: Class::of_severity(severity),
        iterations,
    };
    let rating = if cfg.rate {
        rate(&view, answer.mv, seed, stop)
    } else {
        1500.0
    };
    if stop.load(Ordering::Relaxed) {
        return Err(Rejection::Stopped);
    }
    Ok(Found {
        answer: answer.mv,
        runner_up: runner_up.mv,
        answer_win: answer.win,
        answer_margin: answer.margin,
        win_margin,
        point_margin,
        compared: answer.compared,
        themes: themes(&p.game, answer.mv),
        rating,
        deviation: DEVIATION,
        why: why(&p.game, runner_up.mv, answer.mv, &verdict),
        exact,
        iterations,
    })
}

/// A move's values as a puzzle uses them.
#[derive(Clone, Copy, Debug)]
struct Valued {
    mv: Move,
    win: f64,
    margin: f64,
    /// Moves compared with it (for the answer).
    compared: usize,
}

fn idle(mv: Move) -> bool {
    matches!(mv, Move::Draw | Move::Pass)
}

/// The answer and runner-up from exact values: the best must beat every other different
/// move by both margins.
fn exact_pick(
    decision: Decision,
    values: &[Exact],
    cfg: &PuzzleCriteria,
) -> Result<(Valued, Valued), Rejection> {
    let best = *best_of(values).ok_or(Rejection::NoChoice)?;
    if idle(best.mv) {
        return Err(Rejection::Idle);
    }
    let others: Vec<&Exact> = values
        .iter()
        .filter(|e| !same_for(decision, e.mv, best.mv))
        .collect();
    let mut runner_up: Option<&Exact> = None;
    for e in &others {
        let (w, m) = (best.win - e.win, best.margin - e.margin);
        if w < cfg.win_margin || m < cfg.point_margin {
            return Err(Rejection::Unconfirmed);
        }
        if runner_up
            .is_none_or(|r| severity(w, m) < severity(best.win - r.win, best.margin - r.margin))
        {
            runner_up = Some(e);
        }
    }
    let r = runner_up.ok_or(Rejection::NoChoice)?;
    Ok((
        Valued {
            mv: best.mv,
            win: best.win,
            margin: best.margin,
            compared: others.len(),
        },
        Valued {
            mv: r.mv,
            win: r.win,
            margin: r.margin,
            compared: 0,
        },
    ))
}

/// The first pass at `seed` (or `first`, that pass already run), and the candidates by
/// visits, the answer's best first, other moves only.
fn first_pass(
    view: &PublicView,
    cfg: &PuzzleCriteria,
    seed: u64,
    first: Option<&SearchStats>,
    stop: &AtomicBool,
) -> Result<(MoveStat, Vec<MoveStat>, u64), Rejection> {
    let owned;
    let stats = match first {
        Some(s) => s,
        None => {
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            let limits = Limits::new(Budget::iterations(cfg.iterations), stop);
            owned = mcts::search_stats(view, &mut rng, &limits, &Config::default())
                .ok_or(Rejection::NoChoice)?;
            &owned
        }
    };
    if stop.load(Ordering::Relaxed) {
        return Err(Rejection::Stopped);
    }
    let answer = *stats.moves.get(stats.best).ok_or(Rejection::NoChoice)?;
    let decision = view.decision();
    let mut others: Vec<MoveStat> = stats
        .moves
        .iter()
        .filter(|m| !same_for(decision, m.mv, answer.mv))
        .copied()
        .collect();
    // Most visited first; equal visits keep the search's order.
    others.sort_by_key(|m| std::cmp::Reverse(m.visits));
    Ok((answer, others, stats.iterations))
}

/// The answer and runner-up from the search: the first pass, then the comparisons.
fn searched_pick(
    view: &PublicView,
    cfg: &PuzzleCriteria,
    seed: u64,
    first: Option<&SearchStats>,
    stop: &AtomicBool,
) -> Result<(Valued, Valued, u64), Rejection> {
    let (answer, others, mut iterations) = first_pass(view, cfg, seed, first, stop)?;
    if idle(answer.mv) {
        return Err(Rejection::Idle);
    }
    let second = others.first().ok_or(Rejection::NoChoice)?;
    if answer.win - second.win < QUICK_SHARE * cfg.win_margin
        || answer.margin - second.margin < QUICK_SHARE * cfg.point_margin
    {
        return Err(Rejection::Quick);
    }
    let candidates = &others[..others.len().min(cfg.candidates.max(1))];
    let mut closest: Option<(f64, Comparison)> = None;
    for (k, c) in candidates.iter().enumerate() {
        let (cmp, pass) = confirm(
            view,
            [answer.mv, c.mv],
            cfg,
            compare_seed(seed, k),
            stop,
            true,
        )
        .ok_or(Rejection::Stopped)?;
        iterations += 2 * cmp.pairs;
        if stop.load(Ordering::Relaxed) {
            return Err(Rejection::Stopped);
        }
        if !pass {
            return Err(Rejection::Unconfirmed);
        }
        let s = severity(cmp.win_diff, cmp.margin_diff);
        if closest.as_ref().is_none_or(|(best, _)| s < *best) {
            closest = Some((s, cmp));
        }
    }
    let (_, cmp) = closest.ok_or(Rejection::NoChoice)?;
    Ok((
        Valued {
            mv: cmp.a.mv,
            win: cmp.a.win,
            margin: cmp.a.margin,
            compared: candidates.len(),
        },
        Valued {
            mv: cmp.b.mv,
            win: cmp.b.win,
            margin: cmp.b.margin,
            compared: 0,
        },
        iterations,
    ))
}

/// The seed of the `k`-th comparison of a decision examined with `seed`.
fn compare_seed(seed: u64, k: usize) -> u64 {
    splitmix(seed ^ 0x9022_1E5E ^ ((k as u64 + 1) << 40))
}

/// Compares `a` (the answer) with `b`: `cfg.iterations / 2` pairs, then up to
/// [`CONFIRM_BATCHES`] more batches while it is uncertain. The comparison and whether the
/// answer beats `b` by both margins, estimate at or above each margin, and, if `sure`, both
/// lower bounds (two standard errors down) above 0. `None` if stopped or a move is not legal.
fn confirm(
    view: &PublicView,
    moves: [Move; 2],
    cfg: &PuzzleCriteria,
    seed: u64,
    stop: &AtomicBool,
    sure: bool,
) -> Option<(Comparison, bool)> {
    let pass = |c: &Comparison| {
        let ahead = c.win_diff >= cfg.win_margin && c.margin_diff >= cfg.point_margin;
        let sure_enough = !sure
            || (c.win_diff - 2.0 * c.win_diff_se > 0.0
                && c.margin_diff - 2.0 * c.margin_diff_se > 0.0);
        ahead && sure_enough
    };
    // Clearly short of a margin: even two standard errors up it is not reached.
    let short = |c: &Comparison| {
        c.win_diff + 2.0 * c.win_diff_se < cfg.win_margin
            || c.margin_diff + 2.0 * c.margin_diff_se < cfg.point_margin
    };
    let pairs = (cfg.iterations / 2).max(1);
    let cmp = mcts::compare_in_batches(view, moves, seed, pairs, CONFIRM_BATCHES, stop, |c| {
        !pass(c) && !short(c)
    })?;
    Some((cmp, pass(&cmp)))
}

/// A puzzle checked again ([`recheck`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Check {
    /// Whether the answer still beats every compared move by the margins.
    pub still_best: bool,
    /// The smallest win chance margin over the compared moves.
    pub win_margin: f64,
    /// The smallest points margin over the compared moves.
    pub point_margin: f64,
    /// The compared move with the smallest margins (the first that fell short, if any), by
    /// name.
    pub closest: Option<MoveName>,
    /// Moves compared.
    pub compared: usize,
    /// Whether the values are exact.
    pub exact: bool,
    /// Search iterations spent.
    pub iterations: u64,
}

/// Checks a puzzle again at `p`: whether `answer` still beats `runner_up` and the
/// [`CANDIDATES`] most visited other moves of a new first pass (`cfg.iterations`, seed `seed`)
/// by `cfg`'s margins (the estimates only: a check is not a second search for confidence).
/// Where nothing is left to chance every move is checked with its exact value. `None` if
/// stopped, or if `answer` or `runner_up` is not a legal move of the decision.
pub fn recheck(
    p: &Position,
    answer: Move,
    runner_up: Move,
    cfg: &PuzzleCriteria,
    seed: u64,
    stop: &AtomicBool,
) -> Option<Check> {
    let view = PublicView::new(&p.game);
    let decision = view.decision();
    let moves = view.legal_moves();
    if !moves.contains(&answer) || !moves.contains(&runner_up) {
        return None;
    }
    let mut check = Check {
        still_best: true,
        win_margin: f64::INFINITY,
        point_margin: f64::INFINITY,
        closest: None,
        compared: 0,
        exact: false,
        iterations: 0,
    };
    // The severity of the closest move so far.
    let mut closest = f64::INFINITY;
    let mut note = |check: &mut Check, mv: Move, w: f64, m: f64| {
        let pass = w >= cfg.win_margin && m >= cfg.point_margin;
        let s = severity(w, m);
        // The closest move, until one falls short: then the first that did.
        if check.still_best && (!pass || s < closest) {
            check.closest = Some(MoveName::from_move(&p.game, mv));
            closest = s;
        }
        check.still_best &= pass;
        check.win_margin = check.win_margin.min(w);
        check.point_margin = check.point_margin.min(m);
        check.compared += 1;
    };
    if let Some(values) = exact_values(&view) {
        check.exact = true;
        let mine = values.iter().find(|e| e.mv == answer)?;
        for e in values.iter().filter(|e| !same_for(decision, e.mv, answer)) {
            note(&mut check, e.mv, mine.win - e.win, mine.margin - e.margin);
        }
        return Some(check);
    }
    let (best, others, iterations) = first_pass(&view, cfg, seed, None, stop).ok()?;
    check.iterations = iterations;
    let mut against = vec![runner_up];
    for m in std::iter::once(best.mv).chain(others.iter().map(|m| m.mv)) {
        if against.len() > cfg.candidates.max(1) {
            break;
        }
        if !same_for(decision, m, answer) && !against.iter().any(|&a| same_for(decision, a, m)) {
            against.push(m);
        }
    }
    for (k, &mv) in against.iter().enumerate() {
        let (cmp, _) = confirm(&view, [answer, mv], cfg, compare_seed(seed, k), stop, false)?;
        check.iterations += 2 * cmp.pairs;
        note(&mut check, mv, cmp.win_diff, cmp.margin_diff);
    }
    Some(check)
}
