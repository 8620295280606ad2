//! AI opponents for Carcassonne with Abbey & Mayor.
//!
//! An AI sees only a [`PublicView`] of the game, never the [`carcassonne_engine::Game`]: a
//! game carries the hidden order of the pile, and the only way from a view to a playable game
//! is [`PublicView::determinize`], which reshuffles the unseen tiles with the AI's own seeded
//! generator. [`choose_move`] answers whatever decision is pending (draw or abbey, tile
//! placement, figure, wagon move, final abbey) with a legal [`Move`].
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use carcassonne_ai::{Budget, Level, choose_move};
//! use carcassonne_engine::{Game, PublicView, Setup};
//!
//! let mut game = Game::new(&Setup { players: 2, abbey_mayor: true, seed: 3 }).unwrap();
//! let stop = AtomicBool::new(false);
//! let budget = Budget::iterations(50);
//! let mv = choose_move(Level::Medium, &PublicView::new(&game), 1, budget, &stop);
//! game.play(mv).unwrap();
//! ```
//!
//! Levels, weakest first: [`Level::Random`] and [`Level::Greedy`] are baselines,
//! [`Level::Easy`] is a noisy greedy player, [`Level::Medium`], [`Level::Hard`] and
//! [`Level::Expert`] search with Monte-Carlo tree search over information sets ([`mcts`])
//! on growing budgets. Search is deterministic for a given view, seed and iteration budget;
//! a time budget or the stop flag end it early with the best move found so far.
//!
//! Modules: [`eval`] (payoffs and the one-ply evaluation), [`greedy`], [`mcts`],
//! [`notation`] (moves in record notation, for hints), [`arena`] (matches between levels),
//! [`review`] (a finished game's decisions judged by the search, with classes and accuracy),
//! [`rating`] (Elo ratings fitted to arena results), [`strength`] (an opponent of any rating).

pub mod arena;
pub mod eval;
pub mod greedy;
pub mod mcts;
pub mod notation;
pub mod rating;
pub mod review;
pub mod seed;
pub mod spec;
pub mod strength;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use carcassonne_engine::{Move, PublicView};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use thiserror::Error;

pub use arena::{ArenaConfig, ArenaError, ArenaSummary, run_arena};
pub use notation::{MoveNotation, Suggestion, describe_move, suggest};
pub use review::{Class, DecisionReview, Review, ReviewConfig, ReviewError, review_record};
pub use spec::{Noise, PlayerSpec, SpecError, Weight};

/// How strong an AI plays. Names are lowercase in both directions (`"hard"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Uniformly random legal moves: the floor of the ladder.
    Random,
    /// One ply: the move with the best score difference if the game ended right after it.
    Greedy,
    /// Greedy with noise: beatable by a beginner, but never throws points away wildly.
    Easy,
    /// A small tree search, well under 50 ms per decision.
    Medium,
    /// A full tree search, about a second per decision at most.
    Hard,
    /// A longer tree search for players who wait for it.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 6] = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// The lowercase name used in records, the CLI and the app.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The budget the app uses for this level. Searching levels are bounded by iterations,
    /// so that a game replays identically, with a time limit as a safety net on slow devices.
    /// The one-ply levels make a single pass over the moves (one "iteration"), a few
    /// milliseconds, with no time limit, so they are reproducible too.
    pub fn default_budget(self) -> Budget {
        match self {
            Level::Random | Level::Greedy | Level::Easy => Budget {
                ms: None,
                iterations: Some(1),
            },
            Level::Medium => Budget {
                ms: Some(45),
                iterations: Some(mcts::MEDIUM_ITERATIONS),
            },
            Level::Hard => Budget {
                ms: Some(1000),
                iterations: Some(mcts::HARD_ITERATIONS),
            },
            Level::Expert => Budget {
                ms: Some(3000),
                iterations: Some(mcts::EXPERT_ITERATIONS),
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of [`Level::ALL`].
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown AI level \"{0}\" (expected random, greedy, easy, medium, hard or expert)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// How long an AI may think: a time limit, an iteration limit, or both (whichever comes
/// first). Only iteration limits make search reproducible. A budget with neither limit
/// stands for the level's [`Level::default_budget`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock limit in milliseconds.
    pub ms: Option<u64>,
    /// Search iterations (playouts) at most.
    pub iterations: Option<u64>,
}

impl Budget {
    /// A pure iteration budget: deterministic.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            ms: None,
            iterations: Some(n),
        }
    }

    /// A pure time budget.
    pub fn millis(ms: u64) -> Budget {
        Budget {
            ms: Some(ms),
            iterations: None,
        }
    }
}

/// The limits of one search: budget, start time and the stop flag.
#[derive(Debug)]
pub struct Limits<'a> {
    start: Instant,
    ms: Option<u64>,
    iterations: Option<u64>,
    stop: &'a AtomicBool,
}

impl<'a> Limits<'a> {
    /// Limits that start now.
    pub fn new(budget: Budget, stop: &'a AtomicBool) -> Self {
        Limits {
            start: Instant::now(),
            ms: budget.ms,
            iterations: budget.iterations,
            stop,
        }
    }

    /// Whether the caller asked to stop or the time is up. Cheap enough to call per
    /// iteration: a relaxed load and a clock read.
    pub fn expired(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        self.ms
            .is_some_and(|ms| self.start.elapsed().as_millis() >= u128::from(ms))
    }

    /// Whether `done` iterations exhaust the budget (or time is up, or stop was asked).
    pub fn done(&self, done: u64) -> bool {
        self.iterations.is_some_and(|n| done >= n) || self.expired()
    }
}

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
