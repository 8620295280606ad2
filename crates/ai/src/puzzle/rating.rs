//! A puzzle's first rating ([`rate`]): how hard it is, from which AI levels find its answer.

use std::sync::atomic::AtomicBool;

use carcassonne_engine::{Move, PublicView};

use super::moves::same_for;
use crate::seed::mix;
use crate::{Budget, Level, choose_move, mcts};

/// The rating deviation a puzzle starts with: its rating is an estimate from a few tries of
/// the AI levels, not from people.
pub const DEVIATION: f64 = 150.0;

/// Tries per level ([`SOLVERS`]), each with its own seed.
pub const TRIES: u32 = 3;

/// The AI players that try a puzzle, weakest first: a level, its iterations (1 for the
/// one-ply levels) and the puzzle rating at which it finds an answer half of the time.
///
/// The anchors are set so that, with the fit of [`rate`], a puzzle that greedy and everything
/// above it solve every time (random and easy not) rates about 1140, one that medium and
/// above solve about 1345, one only the hard search solves (at a quarter of its budget and at
/// its full one) about 1620, one only the full hard search solves about 1830, and one that
/// the full search solves once in three tries, or never, about 2000–2100.
pub const SOLVERS: [(Level, u64, f64); 6] = [
    (Level::Random, 1, 800.0),
    (Level::Easy, 1, 1100.0),
    (Level::Greedy, 1, 1250.0),
    (Level::Medium, mcts::MEDIUM_ITERATIONS, 1550.0),
    (Level::Hard, mcts::HARD_ITERATIONS / 4, 1750.0),
    (Level::Hard, mcts::HARD_ITERATIONS, 1900.0),
];

/// The spread of the prior on a puzzle's rating (centred on 1500), which keeps the fit
/// finite when every level solves the puzzle or none does.
pub const PRIOR_SPREAD: f64 = 300.0;

/// The lowest and highest rating the fit gives.
pub const RATING_RANGE: [f64; 2] = [600.0, 2400.0];

/// How often each of [`SOLVERS`] found `answer` (by [`same_move`](super::same_move)) in [`TRIES`] tries at the
/// pending decision of `view`, with seeds drawn from `seed` (none of them the seed the
/// puzzle was found with).
pub fn solved_counts(view: &PublicView, answer: Move, seed: u64, stop: &AtomicBool) -> [u32; 6] {
    let mut counts = [0; 6];
    for (i, &(level, iterations, _)) in SOLVERS.iter().enumerate() {
        for t in 0..TRIES {
            let s = mix(seed, 0x50_1E00 + 16 * i as u64 + u64::from(t));
            let mv = choose_move(level, view, s, Budget::iterations(iterations), stop);
            counts[i] += u32::from(same_for(view.decision(), mv, answer));
        }
    }
    counts
}

/// The rating that best explains `counts` (from [`solved_counts`]): each try is a game
/// between the solver, rated its anchor `R`, and the puzzle, rated `r`, which the solver wins
/// with the Elo/Glicko chance `1 / (1 + 10^((r − R) / 400))`; the rating is the most likely
/// `r` under a normal prior around 1500 ([`PRIOR_SPREAD`]), to the point, within
/// [`RATING_RANGE`].
pub fn rating_of(counts: &[u32; 6]) -> f64 {
    let log_likelihood = |r: f64| {
        let prior = -(r - 1500.0).powi(2) / (2.0 * PRIOR_SPREAD * PRIOR_SPREAD);
        SOLVERS
            .iter()
            .zip(counts)
            .fold(prior, |sum, (&(_, _, anchor), &k)| {
                let p = 1.0 / (1.0 + 10f64.powf((r - anchor) / 400.0));
                let k = f64::from(k.min(TRIES));
                sum + k * p.ln() + (f64::from(TRIES) - k) * (1.0 - p).ln()
            })
    };
    let [lo, hi] = RATING_RANGE;
    let mut best = (f64::NEG_INFINITY, lo);
    let mut r = lo;
    while r <= hi {
        let l = log_likelihood(r);
        if l > best.0 {
            best = (l, r);
        }
        r += 1.0;
    }
    best.1
}

/// The first rating of a puzzle whose answer at `view`'s decision is `answer`:
/// [`rating_of`] the [`solved_counts`]. About 12,000 search iterations in all.
pub fn rate(view: &PublicView, answer: Move, seed: u64, stop: &AtomicBool) -> f64 {
    rating_of(&solved_counts(view, answer, seed, stop))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stronger_solvers_only_mean_a_harder_puzzle() {
        let all = rating_of(&[3, 3, 3, 3, 3, 3]);
        let greedy = rating_of(&[1, 0, 3, 3, 3, 3]);
        let medium = rating_of(&[1, 0, 0, 3, 3, 3]);
        let hard = rating_of(&[0, 0, 0, 0, 3, 3]);
        let full = rating_of(&[0, 0, 0, 0, 0, 3]);
        let none = rating_of(&[0; 6]);
        assert!(all < greedy && greedy < medium && medium < hard && hard < full && full < none);
        assert!((1050.0..1250.0).contains(&greedy), "{greedy}");
        assert!((1250.0..1450.0).contains(&medium), "{medium}");
        assert!((1500.0..1750.0).contains(&hard), "{hard}");
        assert!((1750.0..1950.0).contains(&full), "{full}");
        assert!(none <= RATING_RANGE[1] && all >= RATING_RANGE[0]);
    }
}
