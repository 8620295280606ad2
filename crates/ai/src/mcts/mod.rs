//! Monte-Carlo tree search over information sets.
//!
//! One tree is shared by every determinization: each iteration samples the hidden pile anew
//! from the public counts ([`PublicView::determinize`]), walks the tree with the moves that
//! are legal in that sample, adds one node, finishes the game with a playout (random moves,
//! tile placements biased towards the gaps of the board: [`PlayoutPolicy`]) and backs up a
//! payoff per player (each node is scored from the view of the player who decides there, so
//! 2 to 6 players need nothing special; by default a player's payoff weighs its score against
//! the mean of the others', [`Payoff::Mean`](crate::eval::Payoff::Mean), which measured best with 3 to 6 players).
//!
//! Every decision of the engine is its own tree level: drawing or the abbey, the tile
//! placement, the figure, each wagon move, the final abbey. A tile drawn from the pile is a
//! chance event: a node keeps one group of edges per decision it has met (per drawn tile for
//! placements), and the exploration term of a group counts only the visits in which that
//! group was offered. Wide groups grow by progressive widening: only the first `k(n)` edges
//! of a group are eligible after `n` visits. At the root the edges are ordered by the one-ply
//! evaluation, so a small budget searches the promising moves; deeper groups are in random
//! order. The one-ply evaluation measures a move as the payoff does (with [`Payoff::Mean`](crate::eval::Payoff::Mean),
//! against the mean of the others; with two players the same as against the best other).
//! With 6 players hard won 38.2% of 288 games with it and 34.7% with the margin over the
//! best other: within the noise (RESULTS.md "Many players").

// By job, each file using only those before it: `playout` (how a playout finishes the game),
// `config` (the knobs), `tree` (nodes, groups, selection, one iteration), `stats` (what a
// search learnt per root move, and two moves compared); `search` is here.
mod config;
mod playout;
mod stats;
mod tree;

use carcassonne_engine::{Move, PublicView};
use rand::Rng;

use crate::Limits;
use tree::{Tree, most_visited};

pub use config::Config;
pub use playout::{Playout, PlayoutPolicy};
pub use stats::{
    Comparison, MoveStat, SearchStats, compare_in_batches, compare_moves, search_stats,
    search_stats_more,
};

/// Iterations of the medium level (well under 50 ms per decision on one core).
pub const MEDIUM_ITERATIONS: u64 = 300;
/// Iterations of the hard level (calibrated to stay under a second per decision).
pub const HARD_ITERATIONS: u64 = 3000;
/// Iterations of the expert level.
pub const EXPERT_ITERATIONS: u64 = 12000;

/// Searches the pending decision of `view` and returns the most visited root move.
///
/// `moves` are the legal moves of the view (at least two); the root's edges are built from
/// a determinization, whose legal moves are the same (the pending decision is public). If
/// the search is stopped before its first iteration, the best of the one-ply evaluation is
/// the answer (or the first move, when there are no priors).
pub fn search<R: Rng + ?Sized>(
    view: &PublicView,
    moves: &[Move],
    rng: &mut R,
    limits: &Limits,
    cfg: &Config,
) -> Move {
    let mut root_game = view.determinize(rng);
    let mut tree = Tree::new(cfg, limits, None);
    tree.group(0, &mut root_game, rng);
    let Some(root) = tree.nodes[0].groups.first().cloned() else {
        return moves[0];
    };
    let mut done = 0u64;
    while !limits.done(done) {
        tree.iterate(view.determinize(rng), rng);
        done += 1;
    }
    let edges = &tree.edges[root.start as usize..(root.start + root.len) as usize];
    edges.get(most_visited(edges)).map_or(moves[0], |e| e.mv)
}
