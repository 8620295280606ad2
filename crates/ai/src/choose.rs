//! The one way to an AI's move: [`choose_move`] at a level, [`choose_move_with`] tuned
//! (a spec's knobs, [`Tuning`]).

use std::sync::atomic::AtomicBool;

use carcassonne_engine::{Move, PublicView};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::{Budget, Level, Limits, eval, greedy, mcts};

/// Chooses a legal move for the pending decision of `view`.
///
/// `seed` seeds the AI's own generator (determinizations, playouts, noise): the same view,
/// seed, level and iteration budget always give the same move. `budget` bounds the search
/// (see [`Budget`]); `stop` is polled while searching, and once it is set the search returns
/// its best move so far. Call it on a worker thread; it never blocks on anything else.
///
/// # Panics
/// Never for a game in progress; a finished game has no legal move, and then it returns
/// [`Move::Pass`], which the engine refuses with a typed error.
pub fn choose_move(
    level: Level,
    view: &PublicView,
    seed: u64,
    budget: Budget,
    stop: &AtomicBool,
) -> Move {
    choose_move_with(level, view, seed, budget, Tuning::default(), stop)
}

/// What a player spec may change besides the level and budget (the arena's knobs).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tuning {
    /// The easy level's noise in points (None: [`greedy::EASY_NOISE`]).
    pub noise: Option<f64>,
    /// The search's payoff (the searching levels).
    pub payoff: eval::Payoff,
    /// The weight of the win share in the search's payoff (None: the default).
    pub win_weight: Option<f64>,
}

/// [`choose_move`] tuned: the easy level's noise (the strength knob between random and
/// greedy; other levels ignore it) and the search's payoff (the searching levels).
pub fn choose_move_with(
    level: Level,
    view: &PublicView,
    seed: u64,
    budget: Budget,
    tuning: Tuning,
    stop: &AtomicBool,
) -> Move {
    let moves = view.legal_moves();
    match moves.len() {
        0 => return Move::Pass,
        1 => return moves[0],
        _ => {}
    }
    let budget = if budget.ms.is_none() && budget.iterations.is_none() {
        level.default_budget()
    } else {
        budget
    };
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let limits = Limits::new(budget, stop);
    match level {
        Level::Random => moves[rng.random_range(0..moves.len())],
        Level::Greedy => greedy::greedy(view, &moves, &mut rng, &limits),
        Level::Easy => greedy::noisy(
            view,
            &moves,
            &mut rng,
            &limits,
            tuning.noise.unwrap_or(greedy::EASY_NOISE),
        ),
        Level::Medium | Level::Hard | Level::Expert => {
            let default = mcts::Config::default();
            let cfg = mcts::Config {
                payoff: tuning.payoff,
                win_weight: tuning.win_weight.unwrap_or(default.win_weight),
                ..default
            };
            mcts::search(view, &moves, &mut rng, &limits, &cfg)
        }
    }
}
