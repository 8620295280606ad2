//! The knobs of the search ([`Config`]) and their measured defaults.

use super::playout::{Playout, PlayoutPolicy};
use crate::eval::Payoff;

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
