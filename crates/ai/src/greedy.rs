//! The one-ply players: `greedy` takes the best projected score difference, `easy` samples
//! among the good moves with noise.

use carcassonne_engine::{Move, PublicView};
use rand::Rng;

use crate::Limits;
use crate::eval::one_ply;

/// The noise of the easy level, in points: moves within a few points of the best are
/// picked about as often as the best, so a beginner sees mistakes, but a move that loses ten
/// points is almost never chosen.
pub const EASY_NOISE: f64 = 3.0;

/// The move with the best one-ply value (the first of equals, so the choice is
/// reproducible).
pub fn greedy<R: Rng + ?Sized>(
    view: &PublicView,
    moves: &[Move],
    rng: &mut R,
    limits: &Limits,
) -> Move {
    let game = view.determinize(rng);
    let values = one_ply(&game, moves, limits);
    moves[argmax(&values)]
}

/// The move with the best one-ply value plus Gumbel noise of scale `noise` points: the same
/// as sampling from a softmax of the values at temperature `noise`.
pub fn noisy<R: Rng + ?Sized>(
    view: &PublicView,
    moves: &[Move],
    rng: &mut R,
    limits: &Limits,
    noise: f64,
) -> Move {
    let game = view.determinize(rng);
    let mut values = one_ply(&game, moves, limits);
    for v in &mut values {
        let u: f64 = rng.random_range(f64::EPSILON..1.0);
        *v += -noise * (-u.ln()).ln();
    }
    moves[argmax(&values)]
}

/// Index of the greatest value, the first of equals; 0 for an empty or all-NaN slice.
pub(crate) fn argmax(values: &[f64]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] || values[best].is_nan() {
            best = i;
        }
    }
    best
}
