//! Monte-Carlo tree search over information sets.
//!
//! One tree is shared by every determinization: each iteration samples the hidden pile anew
//! from the public counts ([`PublicView::determinize`]), walks the tree with the moves that
//! are legal in that sample, adds one node, finishes the game with a playout and backs up a
//! payoff per player (each node is scored from the view of the player who decides there, so
//! 2 to 6 players need nothing special).
//!
//! Every decision of the engine is its own tree level: drawing or the abbey, the tile
//! placement, the figure, each wagon move, the final abbey. A tile drawn from the pile is a
//! chance event: a node keeps one group of edges per decision it has met (per drawn tile for
//! placements), and the exploration term of a group counts only the visits in which that
//! group was offered. Wide groups grow by progressive widening: only the first `k(n)` edges
//! of a group are eligible after `n` visits. At the root the edges are ordered by the one-ply
//! evaluation, so a small budget searches the promising moves; deeper groups are in random
//! order.

use carcassonne_engine::{Decision, Game, Move, PublicView};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::eval::{one_ply, payoffs};
use crate::{Level, Limits};

/// Iterations of the medium level (well under 50 ms per decision on one core).
pub const MEDIUM_ITERATIONS: u64 = 300;
/// Iterations of the hard level (calibrated to stay under a second per decision).
pub const HARD_ITERATIONS: u64 = 5000;
/// Iterations of the expert level.
pub const EXPERT_ITERATIONS: u64 = 15000;

/// How a playout finishes the game from a tree leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Playout {
    /// Uniformly random legal moves to the end ([`Game::play_random`]).
    Random,
    /// Random moves for this many tile placements, then the projected final scores.
    Truncated(u32),
}

/// The knobs of the search (see `RESULTS.md` for what was measured).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// Exploration constant of UCB1 (payoffs lie in `[0, 1]`).
    pub exploration: f64,
    /// Progressive widening: `k(n) = widen_base + widen_factor * n^widen_exponent` edges.
    pub widen_base: f64,
    /// See `widen_base`.
    pub widen_factor: f64,
    /// See `widen_base`.
    pub widen_exponent: f64,
    /// Weight of the win share in the payoff; the rest is the squashed score difference.
    pub win_weight: f64,
    /// Score difference that squashes to about 0.88 of the payoff range (`tanh(1)`).
    pub diff_scale: f64,
    /// How playouts finish the game.
    pub playout: Playout,
    /// Whether to order the root's edges by the one-ply evaluation.
    pub root_order: bool,
}

impl Config {
    /// The configuration of a searching level.
    pub fn for_level(level: Level) -> Config {
        let base = Config {
            exploration: 0.5,
            widen_base: 2.0,
            widen_factor: 1.0,
            widen_exponent: 0.5,
            win_weight: 0.3,
            diff_scale: 20.0,
            playout: Playout::Random,
            root_order: true,
        };
        match level {
            Level::Medium => Config {
                widen_base: 1.0,
                widen_factor: 0.5,
                ..base
            },
            _ => base,
        }
    }
}

const NONE: u32 = u32::MAX;

/// An edge: a move from a node and what was learnt about it.
#[derive(Clone, Copy, Debug)]
struct Edge {
    mv: Move,
    child: u32,
    visits: u32,
    /// Sum of the payoffs of the group's player.
    total: f64,
}

/// The edges offered by one decision at a node (one per drawn tile for placements).
#[derive(Clone, Debug)]
struct Group {
    key: u32,
    player: u8,
    start: u32,
    len: u32,
    visits: u32,
}

#[derive(Clone, Debug, Default)]
struct Node {
    groups: Vec<Group>,
}

/// The key that tells a node's groups apart: the kind of decision, and the tile for a
/// placement (the only decision whose options depend on the hidden pile).
fn group_key(d: Decision) -> u32 {
    match d {
        Decision::DrawOrAbbey { .. } => 1 << 16,
        Decision::PlaceTile { tile, .. } => u32::from(tile),
        Decision::PlaceFigure { .. } => 2 << 16,
        Decision::MoveWagon { player, .. } => (3 << 16) | u32::from(player),
        Decision::FinalAbbey { .. } => 4 << 16,
        Decision::GameOver => 5 << 16,
    }
}

/// The tree and its scratch buffers.
struct Tree {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    moves: Vec<Move>,
    path: Vec<(u32, u32)>,
    rewards: Vec<f64>,
}

impl Tree {
    fn widen(cfg: &Config, visits: u32, len: u32) -> u32 {
        let k = cfg.widen_base + cfg.widen_factor * f64::from(visits).powf(cfg.widen_exponent);
        (k.max(1.0) as u32).min(len)
    }

    /// The group of `node` for the pending decision of `game`, created on first sight with
    /// the legal moves in random order.
    fn group<R: Rng + ?Sized>(&mut self, node: u32, game: &mut Game, rng: &mut R) -> usize {
        let d = game.decision();
        let key = group_key(d);
        let groups = &self.nodes[node as usize].groups;
        if let Some(i) = groups.iter().position(|g| g.key == key) {
            return i;
        }
        game.legal_moves_into(&mut self.moves);
        self.moves.shuffle(rng);
        let start = self.edges.len() as u32;
        self.edges.extend(self.moves.iter().map(|&mv| Edge {
            mv,
            child: NONE,
            visits: 0,
            total: 0.0,
        }));
        let groups = &mut self.nodes[node as usize].groups;
        groups.push(Group {
            key,
            player: d.player().unwrap_or(0),
            start,
            len: self.moves.len() as u32,
            visits: 0,
        });
        groups.len() - 1
    }

    /// Picks the edge to follow in a group: the first unvisited eligible edge, else the
    /// eligible edge with the best upper confidence bound.
    fn select(&self, cfg: &Config, group: &Group) -> u32 {
        let eligible = Tree::widen(cfg, group.visits, group.len);
        let edges = &self.edges[group.start as usize..(group.start + eligible) as usize];
        if let Some(i) = edges.iter().position(|e| e.visits == 0) {
            return group.start + i as u32;
        }
        let log_n = f64::from(group.visits.max(1)).ln();
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, e) in edges.iter().enumerate() {
            let n = f64::from(e.visits);
            let value = e.total / n + cfg.exploration * (log_n / n).sqrt();
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        group.start + best as u32
    }

    /// One iteration on a fresh determinization `game`.
    fn iterate<R: Rng + ?Sized>(&mut self, cfg: &Config, mut game: Game, rng: &mut R) {
        self.path.clear();
        let mut node = 0u32;
        while !game.is_over() {
            let gi = self.group(node, &mut game, rng);
            let group = self.nodes[node as usize].groups[gi].clone();
            let e = self.select(cfg, &group);
            self.path.push((node, e));
            let edge = self.edges[e as usize];
            game.play_unchecked(edge.mv);
            if edge.child == NONE {
                // Expand one node per iteration, then play out from it.
                let child = self.nodes.len() as u32;
                self.nodes.push(Node::default());
                self.edges[e as usize].child = child;
                break;
            }
            node = edge.child;
        }
        let scores = match cfg.playout {
            Playout::Random => {
                game.play_random(rng);
                game.scores()
            }
            Playout::Truncated(tiles) => {
                let mut placed = 0;
                let mut moves = std::mem::take(&mut self.moves);
                while !game.is_over() && placed < tiles {
                    game.legal_moves_into(&mut moves);
                    let mv = moves[rng.random_range(0..moves.len())];
                    placed += u32::from(matches!(mv, Move::Place { .. } | Move::Abbey { .. }));
                    game.play_unchecked(mv);
                }
                self.moves = moves;
                game.projected_scores()
            }
        };
        payoffs(&scores, cfg.win_weight, cfg.diff_scale, &mut self.rewards);
        for &(node, e) in &self.path {
            let edge = &mut self.edges[e as usize];
            // The group is found again by the edge index: groups are contiguous ranges.
            let groups = &mut self.nodes[node as usize].groups;
            if let Some(g) = groups
                .iter_mut()
                .find(|g| e >= g.start && e < g.start + g.len)
            {
                g.visits += 1;
                edge.visits += 1;
                edge.total += self.rewards.get(g.player as usize).copied().unwrap_or(0.0);
            }
        }
    }
}

/// Searches the pending decision of `view` and returns the most visited root move.
///
/// `moves` are the legal moves of the view (at least two). The root's edges are ordered by
/// the one-ply evaluation when the configuration asks for it; if the search is stopped
/// before its first iteration, the best of that evaluation is the answer.
pub fn search<R: Rng + ?Sized>(
    view: &PublicView,
    moves: &[Move],
    rng: &mut R,
    limits: &Limits,
    cfg: &Config,
) -> Move {
    let root_game = view.determinize(rng);
    let player = view.decision().player().map_or(0, usize::from);
    let mut order: Vec<usize> = (0..moves.len()).collect();
    if cfg.root_order {
        let values = one_ply(&root_game, moves, limits);
        // Stable sort: equal values keep the engine's order, so the search is reproducible.
        order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
    } else {
        order.shuffle(rng);
    }
    let mut tree = Tree {
        nodes: vec![Node::default()],
        edges: order
            .iter()
            .map(|&i| Edge {
                mv: moves[i],
                child: NONE,
                visits: 0,
                total: 0.0,
            })
            .collect(),
        moves: Vec::with_capacity(256),
        path: Vec::with_capacity(64),
        rewards: Vec::with_capacity(6),
    };
    tree.nodes[0].groups.push(Group {
        key: group_key(view.decision()),
        player: player as u8,
        start: 0,
        len: moves.len() as u32,
        visits: 0,
    });
    let mut done = 0u64;
    while !limits.done(done) {
        tree.iterate(cfg, view.determinize(rng), rng);
        done += 1;
    }
    if done == 0 {
        return tree.edges[0].mv;
    }
    // The most visited edge; among equals the better mean, then the better one-ply order.
    let root = &tree.edges[..moves.len()];
    let mut best = 0;
    for (i, e) in root.iter().enumerate() {
        let b = &root[best];
        let mean = |e: &Edge| e.total / f64::from(e.visits.max(1));
        if e.visits > b.visits || (e.visits == b.visits && mean(e) > mean(b)) {
            best = i;
        }
    }
    root[best].mv
}
