//! Monte-Carlo tree search over information sets.
//!
//! One tree is shared by every determinization: each iteration samples the hidden pile anew
//! from the public counts ([`PublicView::determinize`]), walks the tree with the moves that
//! are legal in that sample, adds one node, finishes the game with a playout (random moves,
//! tile placements biased towards the gaps of the board: [`PlayoutPolicy`]) and backs up a
//! payoff per player (each node is scored from the view of the player who decides there, so
//! 2 to 6 players need nothing special; by default a player's payoff weighs its score against
//! the mean of the others', [`Payoff::Mean`], which measured best with 3 to 6 players).
//!
//! Every decision of the engine is its own tree level: drawing or the abbey, the tile
//! placement, the figure, each wagon move, the final abbey. A tile drawn from the pile is a
//! chance event: a node keeps one group of edges per decision it has met (per drawn tile for
//! placements), and the exploration term of a group counts only the visits in which that
//! group was offered. Wide groups grow by progressive widening: only the first `k(n)` edges
//! of a group are eligible after `n` visits. At the root the edges are ordered by the one-ply
//! evaluation, so a small budget searches the promising moves; deeper groups are in random
//! order. The one-ply evaluation measures a move as the payoff does (with [`Payoff::Mean`],
//! against the mean of the others; with two players the same as against the best other).
//! With 6 players hard won 38.2% of 288 games with it and 34.7% with the margin over the
//! best other: within the noise (RESULTS.md "Many players").

use carcassonne_engine::board::Placed;
use carcassonne_engine::{Decision, FigureKind, Game, Move, PublicView, SegmentKind};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::Limits;
use crate::eval::{Payoff, one_ply_by, payoffs_for, score_diff, win_share};

/// Iterations of the medium level (well under 50 ms per decision on one core).
pub const MEDIUM_ITERATIONS: u64 = 300;
/// Iterations of the hard level (calibrated to stay under a second per decision).
pub const HARD_ITERATIONS: u64 = 3000;
/// Iterations of the expert level.
pub const EXPERT_ITERATIONS: u64 = 12000;

/// How a playout finishes the game from a tree leaf.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Playout {
    /// Uniformly random legal moves to the end ([`Game::play_random`]).
    Random,
    /// Random moves for this many tile placements, then the projected final scores.
    Truncated(u32),
    /// Tile placements and figures drawn with the weights of a [`PlayoutPolicy`], other
    /// decisions uniformly, to the end.
    Guided(PlayoutPolicy),
}

/// The weights of a guided playout. Uniformly random placements scatter tiles along the
/// whole frontier, so features are rarely completed and a playout misjudges what a follower
/// on an open city or road will earn; players fill the gaps next to their features instead.
/// Weighting a placement by the number of tiles around its cell (`fill`) brings the playouts
/// closer to that, and measured much stronger (`RESULTS.md`). The figure weights are knobs
/// for the same purpose; uniform figure choices measured best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutPolicy {
    /// Placing no figure.
    pub none: f64,
    /// A follower on a road.
    pub road: f64,
    /// A follower on a city.
    pub city: f64,
    /// A follower on a monastery or abbey.
    pub monastery: f64,
    /// A farmer.
    pub field: f64,
    /// The mayor.
    pub mayor: f64,
    /// The wagon.
    pub wagon: f64,
    /// The barn.
    pub barn: f64,
    /// Tile placements are drawn with weight `neighbours^fill` (0: uniformly), so that a
    /// positive value fills gaps and completes features as players do.
    pub fill: f64,
}

impl PlayoutPolicy {
    /// The measured default: every figure choice equally likely (as in a random playout),
    /// placements weighted by the square of the cell's neighbours.
    pub const DEFAULT: PlayoutPolicy = PlayoutPolicy {
        none: 1.0,
        road: 1.0,
        city: 1.0,
        monastery: 1.0,
        field: 1.0,
        mayor: 1.0,
        wagon: 1.0,
        barn: 1.0,
        fill: 2.0,
    };

    /// The weight of one figure move on the tile `placed` (the tile just placed).
    fn weight(&self, placed: &Placed, mv: Move) -> f64 {
        match mv {
            Move::Figure { kind, spot } => match kind {
                FigureKind::Follower => {
                    let kind = placed.segment_kind(spot).unwrap_or(SegmentKind::Monastery);
                    match kind {
                        SegmentKind::Road => self.road,
                        SegmentKind::City => self.city,
                        SegmentKind::Monastery => self.monastery,
                        SegmentKind::Field => self.field,
                    }
                }
                FigureKind::Mayor => self.mayor,
                FigureKind::Wagon => self.wagon,
                FigureKind::Barn => self.barn,
            },
            _ => self.none,
        }
    }
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
    /// Whose outcome each player plays for in the tree (differs with 3 or more players).
    pub payoff: Payoff,
    /// How playouts finish the game.
    pub playout: Playout,
    /// Groups this close to the root (0: the root only) are ordered by the one-ply
    /// evaluation and biased by it; deeper groups are in random order. Negative: none.
    pub prior_depth: i32,
    /// Weight of the progressive bias: a move `d` points worse than the best one-ply move
    /// loses `prior_weight * d / diff_scale / (visits + 1)` of its selection value.
    pub prior_weight: f64,
}

impl Default for Config {
    /// The configuration of every searching level: the levels differ by budget only, so the
    /// ladder measures what thinking time buys.
    fn default() -> Config {
        Config {
            exploration: 0.5,
            widen_base: 2.0,
            widen_factor: 1.0,
            widen_exponent: 0.5,
            win_weight: 0.3,
            diff_scale: 20.0,
            payoff: Payoff::Mean,
            playout: Playout::Guided(PlayoutPolicy::DEFAULT),
            prior_depth: 1,
            prior_weight: 3.0,
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
    /// The progressive bias: 0 for the best one-ply move, negative for worse ones.
    prior: f64,
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
    depth: u32,
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
struct Tree<'l, 'a> {
    cfg: Config,
    limits: &'l Limits<'a>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    moves: Vec<Move>,
    path: Vec<(u32, u32)>,
    rewards: Vec<f64>,
    /// The root edge the next iteration must follow (then cleared); `None`: select.
    force: Option<u32>,
    /// The player whose outcome is tracked per root edge, if any ([`search_stats`]).
    track: Option<usize>,
    /// Per root edge (index from the first edge): win shares and score differences summed.
    root_acc: Vec<(f64, f64)>,
    /// The tracked player's win share and score difference in the last iteration.
    last: (f64, f64),
}

impl Tree<'_, '_> {
    fn widen(&self, visits: u32, len: u32) -> u32 {
        let cfg = &self.cfg;
        let k = cfg.widen_base + cfg.widen_factor * f64::from(visits).powf(cfg.widen_exponent);
        (k.max(1.0) as u32).min(len)
    }

    /// The group of `node` for the pending decision of `game`, created on first sight: near
    /// the root ordered by the one-ply evaluation, deeper in random order.
    fn group<R: Rng + ?Sized>(&mut self, node: u32, game: &mut Game, rng: &mut R) -> usize {
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
    fn iterate<R: Rng + ?Sized>(&mut self, mut game: Game, rng: &mut R) {
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

/// Finishes `game` with tile placements weighted towards gaps and figure choices weighted
/// by `policy`; every other decision is uniformly random.
fn guided_playout<R: Rng + ?Sized>(
    game: &mut Game,
    policy: &PlayoutPolicy,
    moves: &mut Vec<Move>,
    rng: &mut R,
) {
    // Placement weight by the number of neighbours of the cell (1 to 4).
    let fill = [0, 1, 2, 3, 4].map(|n: i32| f64::from(n).powf(policy.fill));
    while !game.is_over() {
        game.legal_moves_into(moves);
        let mv = if moves.len() == 1 {
            moves[0]
        } else {
            match game.decision() {
                Decision::PlaceTile { .. } if policy.fill != 0.0 => {
                    let board = game.board();
                    weighted_pick(moves, rng, |m| match m {
                        Move::Place { pos, .. } => board
                            .frontier_at(pos)
                            .map_or(1.0, |f| fill[usize::from(f.neighbours.min(4))]),
                        _ => 1.0,
                    })
                }
                Decision::PlaceFigure { .. } => match game.board().tiles().last() {
                    Some(placed) => weighted_pick(moves, rng, |m| policy.weight(placed, m)),
                    None => moves[0],
                },
                _ => moves[rng.random_range(0..moves.len())],
            }
        };
        game.play_unchecked(mv);
    }
}

/// One of `moves` (not empty) drawn with probability proportional to `weight`, or uniformly
/// when every weight is zero.
fn weighted_pick<R: Rng + ?Sized>(
    moves: &[Move],
    rng: &mut R,
    weight: impl Fn(Move) -> f64,
) -> Move {
    let total: f64 = moves.iter().map(|&m| weight(m)).sum();
    if total.is_nan() || total <= 0.0 {
        return moves[rng.random_range(0..moves.len())];
    }
    let mut x = rng.random_range(0.0..total);
    for &m in moves {
        x -= weight(m);
        if x < 0.0 {
            return m;
        }
    }
    moves[moves.len() - 1]
}

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

impl<'l, 'a> Tree<'l, 'a> {
    fn new(cfg: &Config, limits: &'l Limits<'a>, track: Option<usize>) -> Self {
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

/// The most visited of `edges`; among equals the better mean, then the earlier (the better
/// one-ply order at the root).
fn most_visited(edges: &[Edge]) -> usize {
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

/// What a search learnt about one root move, from the view of the player who decides there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveStat {
    /// The move.
    pub mv: Move,
    /// Iterations that went through it.
    pub visits: u32,
    /// Mean payoff (the search's own blend, in `[0, 1]`; 0 when unvisited).
    pub payoff: f64,
    /// Mean win share at the end of those iterations' playouts ([`win_share`]).
    pub win: f64,
    /// Mean final score difference ([`score_diff`]: own score minus the best other).
    pub margin: f64,
}

/// Every root move of a search and the move [`search`] would answer.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchStats {
    /// The root moves in the search's order (one-ply order at the root).
    pub moves: Vec<MoveStat>,
    /// The index in `moves` of the move [`search`] returns for the same arguments.
    pub best: usize,
    /// Iterations run.
    pub iterations: u64,
}

/// [`search`] with statistics: the same tree, grown with the same generator draws, so the
/// move at `best` is exactly what [`search`] returns for the same view, moves, generator
/// state, limits and config; besides, each root move's win share and score difference are
/// accumulated for the player who decides. `None` if the view has no decision.
pub fn search_stats<R: Rng + ?Sized>(
    view: &PublicView,
    rng: &mut R,
    limits: &Limits,
    cfg: &Config,
) -> Option<SearchStats> {
    let (mut tree, range) = Tree::rooted(view, rng, limits, cfg)?;
    let mut done = 0u64;
    while !limits.done(done) {
        tree.iterate(view.determinize(rng), rng);
        done += 1;
    }
    Some(SearchStats {
        best: most_visited(&tree.edges[range.clone()]),
        moves: range.map(|e| tree.stat(e)).collect(),
        iterations: done,
    })
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
/// first following `a`, the second `b`; below the root the search is [`search`]'s. After
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

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::Setup;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn weighted_pick_never_draws_a_zero_weight() {
        let moves = [Move::NoFigure, Move::Draw, Move::Pass];
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let mut seen = [0; 3];
        for _ in 0..1000 {
            let m = weighted_pick(&moves, &mut rng, |m| match m {
                Move::Draw => 0.0,
                Move::NoFigure => 1.0,
                _ => 3.0,
            });
            seen[moves.iter().position(|&x| x == m).unwrap_or(0)] += 1;
        }
        assert_eq!(seen[1], 0, "a zero weight was drawn");
        // Weights 1 : 3, so about 250 : 750.
        assert!((200..300).contains(&seen[0]), "{seen:?}");
        // All weights zero: uniform, never stuck on one move.
        let mut seen = [0; 3];
        for _ in 0..300 {
            let m = weighted_pick(&moves, &mut rng, |_| 0.0);
            seen[moves.iter().position(|&x| x == m).unwrap_or(0)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn a_guided_playout_follows_its_figure_weights() {
        let setup = Setup {
            players: 3,
            abbey_mayor: true,
            seed: 11,
        };
        let no_figures = PlayoutPolicy {
            none: 1.0,
            road: 0.0,
            city: 0.0,
            monastery: 0.0,
            field: 0.0,
            mayor: 0.0,
            wagon: 0.0,
            barn: 0.0,
            fill: 2.0,
        };
        let mut moves = Vec::new();
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let Ok(mut game) = Game::new(&setup) else {
            panic!("setup");
        };
        guided_playout(&mut game, &no_figures, &mut moves, &mut rng);
        assert!(game.is_over());
        assert!(game.figures().is_empty(), "{:?}", game.figures());
        let Ok(mut game) = Game::new(&setup) else {
            panic!("setup");
        };
        guided_playout(&mut game, &PlayoutPolicy::DEFAULT, &mut moves, &mut rng);
        assert!(game.is_over());
        assert!(!game.figures().is_empty());
        assert!(game.scores().iter().any(|&s| s > 0));
    }
}
