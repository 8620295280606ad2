//! The tree shared by every determinization: its nodes, the groups of edges per decision
//! (one per drawn tile for placements), selection (UCB1 with progressive widening and bias)
//! and one iteration (descend, expand one node, play out, back up the payoffs).

use carcassonne_engine::{Decision, Game, Move};
use rand::Rng;
use rand::seq::SliceRandom;

use super::config::Config;
use super::playout::{Playout, guided_playout};
use crate::Limits;
use crate::eval::{one_ply_by, payoffs_for, score_diff, win_share};

pub(super) const NONE: u32 = u32::MAX;

/// An edge: a move from a node and what was learnt about it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) mv: Move,
    pub(super) child: u32,
    pub(super) visits: u32,
    /// Sum of the payoffs of the group's player.
    pub(super) total: f64,
    /// The progressive bias: 0 for the best one-ply move, negative for worse ones.
    pub(super) prior: f64,
}

/// The edges offered by one decision at a node (one per drawn tile for placements).
#[derive(Clone, Debug)]
pub(super) struct Group {
    pub(super) key: u32,
    pub(super) player: u8,
    pub(super) start: u32,
    pub(super) len: u32,
    pub(super) visits: u32,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Node {
    pub(super) depth: u32,
    pub(super) groups: Vec<Group>,
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
pub(super) struct Tree<'l, 'a> {
    pub(super) cfg: Config,
    pub(super) limits: &'l Limits<'a>,
    pub(super) nodes: Vec<Node>,
    pub(super) edges: Vec<Edge>,
    pub(super) moves: Vec<Move>,
    pub(super) path: Vec<(u32, u32)>,
    pub(super) rewards: Vec<f64>,
    /// The root edge the next iteration must follow (then cleared); `None`: select.
    pub(super) force: Option<u32>,
    /// The player whose outcome is tracked per root edge, if any ([`search_stats`]).
    pub(super) track: Option<usize>,
    /// Per root edge (index from the first edge): win shares and score differences summed.
    pub(super) root_acc: Vec<(f64, f64)>,
    /// The tracked player's win share and score difference in the last iteration.
    pub(super) last: (f64, f64),
}

impl Tree<'_, '_> {
    fn widen(&self, visits: u32, len: u32) -> u32 {
        let cfg = &self.cfg;
        let k = cfg.widen_base + cfg.widen_factor * f64::from(visits).powf(cfg.widen_exponent);
        (k.max(1.0) as u32).min(len)
    }

    /// The group of `node` for the pending decision of `game`, created on first sight: near
    /// the root ordered by the one-ply evaluation, deeper in random order.
    pub(super) fn group<R: Rng + ?Sized>(
        &mut self,
        node: u32,
        game: &mut Game,
        rng: &mut R,
    ) -> usize {
        let d = game.decision();
        let key = group_key(d);
        let n = &self.nodes[node as usize];
        if let Some(i) = n.groups.iter().position(|g| g.key == key) {
            return i;
        }
        let depth = n.depth;
        game.legal_moves_into(&mut self.moves);
        let start = self.edges.len() as u32;
        // Below the root, placements are left unordered: the one-ply evaluation of every
        // placement for every tile that may be drawn costs more than it helps.
        let ordered = depth == 0 || !matches!(d, Decision::PlaceTile { .. });
        if ordered && i64::from(depth) <= i64::from(self.cfg.prior_depth) && self.moves.len() > 1 {
            // The prior measures a move as the payoff does: the margin over the mean of the
            // others for `Mean` (with two players the same as over the best other).
            let values = one_ply_by(game, &self.moves, self.limits, self.cfg.payoff.diff());
            let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mut order: Vec<usize> = (0..self.moves.len()).collect();
            // A stable sort: equal values keep the engine's order, so search is reproducible.
            order.sort_by(|&a, &b| values[b].total_cmp(&values[a]));
            for i in order {
                let prior = ((values[i] - best) / self.cfg.diff_scale).max(-2.0);
                self.edges.push(Edge {
                    mv: self.moves[i],
                    child: NONE,
                    visits: 0,
                    total: 0.0,
                    prior: if prior.is_nan() { -2.0 } else { prior },
                });
            }
        } else {
            self.moves.shuffle(rng);
            self.edges.extend(self.moves.iter().map(|&mv| Edge {
                mv,
                child: NONE,
                visits: 0,
                total: 0.0,
                prior: 0.0,
            }));
        }
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
    /// eligible edge with the best upper confidence bound plus progressive bias.
    fn select(&self, group: &Group) -> u32 {
        let eligible = self.widen(group.visits, group.len);
        let edges = &self.edges[group.start as usize..(group.start + eligible) as usize];
        if let Some(i) = edges.iter().position(|e| e.visits == 0) {
            return group.start + i as u32;
        }
        let log_n = f64::from(group.visits.max(1)).ln();
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, e) in edges.iter().enumerate() {
            let n = f64::from(e.visits);
            let value = e.total / n
                + self.cfg.exploration * (log_n / n).sqrt()
                + self.cfg.prior_weight * e.prior / (n + 1.0);
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        group.start + best as u32
    }

    /// One iteration on a fresh determinization `game`.
    pub(super) fn iterate<R: Rng + ?Sized>(&mut self, mut game: Game, rng: &mut R) {
        self.path.clear();
        let mut node = 0u32;
        while !game.is_over() {
            let gi = self.group(node, &mut game, rng);
            let group = self.nodes[node as usize].groups[gi].clone();
            let e = match self.force.take() {
                Some(e) => e,
                None => self.select(&group),
            };
            self.path.push((node, e));
            let edge = self.edges[e as usize];
            game.play_unchecked(edge.mv);
            if edge.child == NONE {
                // Expand one node per iteration, then play out from it.
                let child = self.nodes.len() as u32;
                let depth = self.nodes[node as usize].depth + 1;
                self.nodes.push(Node {
                    depth,
                    groups: Vec::new(),
                });
                self.edges[e as usize].child = child;
                break;
            }
            node = edge.child;
        }
        let scores = match self.cfg.playout {
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
            Playout::Guided(policy) => {
                let mut moves = std::mem::take(&mut self.moves);
                guided_playout(&mut game, &policy, &mut moves, rng);
                self.moves = moves;
                game.scores()
            }
        };
        let decider = self.nodes[0]
            .groups
            .first()
            .map_or(0, |g| usize::from(g.player));
        payoffs_for(
            self.cfg.payoff,
            decider,
            &scores,
            self.cfg.win_weight,
            self.cfg.diff_scale,
            &mut self.rewards,
        );
        if let Some(p) = self.track {
            self.last = (win_share(&scores, p), score_diff(&scores, p));
            if let Some(acc) = self
                .path
                .first()
                .and_then(|&(_, e)| self.root_acc.get_mut(e as usize))
            {
                acc.0 += self.last.0;
                acc.1 += self.last.1;
            }
        }
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

impl<'l, 'a> Tree<'l, 'a> {
    pub(super) fn new(cfg: &Config, limits: &'l Limits<'a>, track: Option<usize>) -> Self {
        Tree {
            cfg: *cfg,
            limits,
            nodes: vec![Node::default()],
            edges: Vec::new(),
            moves: Vec::with_capacity(256),
            path: Vec::with_capacity(64),
            rewards: Vec::with_capacity(6),
            force: None,
            track,
            root_acc: Vec::new(),
            last: (0.0, 0.0),
        }
    }
}

/// The most visited of `edges`; among equals the better mean, then the earlier (the better
/// one-ply order at the root).
pub(super) fn most_visited(edges: &[Edge]) -> usize {
    let mut best = 0;
    for (i, e) in edges.iter().enumerate() {
        let b = &edges[best];
        let mean = |e: &Edge| e.total / f64::from(e.visits.max(1));
        if e.visits > b.visits || (e.visits == b.visits && mean(e) > mean(b)) {
            best = i;
        }
    }
    best
}
