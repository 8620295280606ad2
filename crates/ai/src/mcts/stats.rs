//! What a search learnt per root move: [`search_stats`] (the same tree as
//! [`search`](super::search), with statistics) and [`compare_moves`] (two root moves side by
//! side, for the review).

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::{Move, PublicView};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::config::Config;
use super::tree::{Tree, most_visited};
use crate::{Budget, Limits};

/// What a search learnt about one root move, from the view of the player who decides there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// Iterations that went through it.
    pub visits: u32,
    /// Mean payoff (the search's own blend, in `[0, 1]`; 0 when unvisited).
    pub payoff: f64,
    /// Mean win share at the end of those iterations' playouts ([`win_share`](crate::eval::win_share)).
    pub win: f64,
    /// Mean final score difference ([`score_diff`](crate::eval::score_diff): own score minus the best other).
    pub margin: f64,
}

/// Every root move of a search and the move [`search`](super::search) would answer.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats {
    /// The root moves in the search's order (one-ply order at the root).
    pub moves: Vec<MoveStat>,
    /// The index in `moves` of the move [`search`](super::search) returns for the same arguments.
    pub best: usize,
    /// Iterations run.
    pub iterations: u64,
}

/// [`search`](super::search) with statistics: the same tree, grown with the same generator draws, so the
/// move at `best` is exactly what [`search`](super::search) returns for the same view, moves, generator
/// state, limits and config; besides, each root move's win share and score difference are
/// accumulated for the player who decides. `None` if the view has no decision.
pub fn search_stats<R: Rng + ?Sized>(
    view: &PublicView,
    rng: &mut R,
    limits: &Limits,
    cfg: &Config,
) -> Option<SearchStats> {
    search_stats_more(view, rng, limits, cfg, |_| 0)
}

/// [`search_stats`], then, as long as `more` answers a number of iterations above 0 for the
/// statistics so far, that many more iterations of the same tree (`limits` polled for its
/// time and stop flag only). With `more` always 0 it is exactly `search_stats`.
pub fn search_stats_more<R: Rng + ?Sized>(
    view: &PublicView,
    rng: &mut R,
    limits: &Limits,
    cfg: &Config,
    mut more: impl FnMut(&SearchStats) -> u64,
) -> Option<SearchStats> {
    let (mut tree, range) = Tree::rooted(view, rng, limits, cfg)?;
    let mut done = 0u64;
    while !limits.done(done) {
        tree.iterate(view.determinize(rng), rng);
        done += 1;
    }
    loop {
        let stats = SearchStats {
            best: most_visited(&tree.edges[range.clone()]),
            moves: range.clone().map(|e| tree.stat(e)).collect(),
            iterations: done,
        };
        let target = done + more(&stats);
        if target == done || limits.expired() {
            return Some(stats);
        }
        while done < target && !limits.expired() {
            tree.iterate(view.determinize(rng), rng);
            done += 1;
        }
    }
}

/// Two root moves searched side by side by [`compare_moves`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// The first move.
    pub a: MoveStat,
    /// The second move.
    pub b: MoveStat,
    /// Pairs of iterations run (one for each move, on the same determinization).
    pub pairs: u64,
    /// Mean of `a`'s win share minus `b`'s, pair by pair.
    pub win_diff: f64,
    /// Standard error of `win_diff` (from the spread of the pairs).
    pub win_diff_se: f64,
    /// Mean of `a`'s score difference minus `b`'s, pair by pair.
    pub margin_diff: f64,
    /// Standard error of `margin_diff`.
    pub margin_diff_se: f64,
}

/// Searches two root moves of `view` with the same number of iterations each, so that
/// their values compare: iterations come in pairs, each pair on one determinization, the
/// first following `a`, the second `b`; below the root the search is [`search`](super::search)'s. After
/// `pairs` pairs, `more` sees the comparison so far and answers how many pairs to add
/// (0 ends). `limits` is only polled for its time and stop flag, between pairs.
///
/// `None` if `a` or `b` is not a legal move of the pending decision.
pub fn compare_moves<R: Rng + ?Sized>(
    view: &PublicView,
    [a, b]: [Move; 2],
    rng: &mut R,
    limits: &Limits,
    cfg: &Config,
    pairs: u64,
    mut more: impl FnMut(&Comparison) -> u64,
) -> Option<Comparison> {
    let (mut tree, range) = Tree::rooted(view, rng, limits, cfg)?;
    let find = |m: Move| range.clone().find(|&e| tree.edges[e].mv == m);
    let (ea, eb) = (find(a)?, find(b)?);
    // Sums of the pair differences and of their squares: win share, score difference.
    let (mut dw, mut dw2, mut dm, mut dm2) = (0.0, 0.0, 0.0, 0.0);
    let mut done = 0u64;
    let mut target = pairs;
    loop {
        while done < target && !limits.expired() {
            let game = view.determinize(rng);
            tree.force = Some(ea as u32);
            tree.iterate(game.clone(), rng);
            let (wa, ma) = tree.last;
            tree.force = Some(eb as u32);
            tree.iterate(game, rng);
            let (wb, mb) = tree.last;
            dw += wa - wb;
            dw2 += (wa - wb) * (wa - wb);
            dm += ma - mb;
            dm2 += (ma - mb) * (ma - mb);
            done += 1;
        }
        let n = done.max(1) as f64;
        let se = |s: f64, s2: f64| {
            if done < 2 {
                f64::INFINITY
            } else {
                ((s2 / n - (s / n) * (s / n)).max(0.0) / (n - 1.0)).sqrt()
            }
        };
        let cmp = Comparison {
            a: tree.stat(ea),
            b: tree.stat(eb),
            pairs: done,
            win_diff: dw / n,
            win_diff_se: se(dw, dw2),
            margin_diff: dm / n,
            margin_diff_se: se(dm, dm2),
        };
        if done < target || limits.expired() {
            return Some(cmp);
        }
        match more(&cmp) {
            0 => return Some(cmp),
            k => target = done + k,
        }
    }
}

/// [`compare_moves`] with the settings every judge of two moves uses: the default
/// [`Config`], a generator seeded with `seed`, no budget but `stop`, `pairs` pairs a batch,
/// and up to `extra` more batches while `unsure` says the comparison so far is not yet
/// conclusive. `None` if a move is not legal or `stop` was set.
pub fn compare_in_batches(
    view: &PublicView,
    moves: [Move; 2],
    seed: u64,
    pairs: u64,
    extra: u32,
    stop: &AtomicBool,
    mut unsure: impl FnMut(&Comparison) -> bool,
) -> Option<Comparison> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let open = Limits::new(Budget::default(), stop);
    let mut more = 0;
    let cmp = compare_moves(
        view,
        moves,
        &mut rng,
        &open,
        &Config::default(),
        pairs,
        |c| {
            if more < extra && unsure(c) {
                more += 1;
                pairs
            } else {
                0
            }
        },
    )?;
    (!stop.load(Ordering::Relaxed)).then_some(cmp)
}

impl<'l, 'a> Tree<'l, 'a> {
    /// A tree that tracks the deciding player's win share and score difference per root
    /// edge, its root expanded from one determinization of `view`, with the root edges'
    /// range; `None` without a decision.
    fn rooted<R: Rng + ?Sized>(
        view: &PublicView,
        rng: &mut R,
        limits: &'l Limits<'a>,
        cfg: &Config,
    ) -> Option<(Self, std::ops::Range<usize>)> {
        let player = usize::from(view.decision().player()?);
        let mut root_game = view.determinize(rng);
        let mut tree = Tree::new(cfg, limits, Some(player));
        tree.group(0, &mut root_game, rng);
        let root = tree.nodes[0].groups.first().cloned()?;
        let range = root.start as usize..(root.start + root.len) as usize;
        tree.root_acc = vec![(0.0, 0.0); range.end];
        Some((tree, range))
    }

    /// What the tree learnt about root edge `e` (an index into `edges`).
    fn stat(&self, e: usize) -> MoveStat {
        let edge = &self.edges[e];
        let n = f64::from(edge.visits.max(1));
        let (win, margin) = self.root_acc.get(e).copied().unwrap_or((0.0, 0.0));
        MoveStat {
            mv: edge.mv,
            visits: edge.visits,
            payoff: edge.total / n,
            win: win / n,
            margin: margin / n,
        }
    }
}
