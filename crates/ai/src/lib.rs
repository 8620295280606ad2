//! AI opponents for Carcassonne with Abbey & Mayor.
//!
//! An AI sees only a [`PublicView`](carcassonne_engine::PublicView) of the game, never the [`carcassonne_engine::Game`]: a
//! game carries the hidden order of the pile, and the only way from a view to a playable game
//! is [`PublicView::determinize`](carcassonne_engine::PublicView::determinize), which reshuffles the unseen tiles with the AI's own seeded
//! generator. [`choose_move`] answers whatever decision is pending (draw or abbey, tile
//! placement, figure, wagon move, final abbey) with a legal [`Move`](carcassonne_engine::Move).
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
//! Modules, each using only those above it:
//! - `budget`: [`Budget`] (how long an AI may think) and [`Limits`] (one search's budget,
//!   start time and stop flag).
//! - [`seed`]: the one seed mixer (the arena's, the review's and the app's seeds).
//! - [`eval`]: payoffs and the one-ply evaluation.
//! - [`greedy`]: the one-ply levels (greedy, and easy's noise).
//! - [`mcts`]: the tree search over information sets (tree, playouts, statistics).
//! - `level`: [`Level`], its names and default budgets.
//! - `choose`: [`choose_move`] and [`choose_move_with`] (a level's move, [`Tuning`]).
//! - [`spec`]: [`PlayerSpec`], an opponent by name (`hard@4000`, `easy~1.5`), and how it plays.
//! - [`hint`]: the hint ([`suggest`]), with its move in record notation.
//! - [`rating`]: Elo ratings fitted to arena results.
//! - [`strength`]: the strength curve, an opponent of any rating.
//! - [`arena`]: matches between players in every seat rotation.
//! - [`review`]: a finished game's decisions judged by the search (classes, accuracy, why).
//! - [`puzzle`]: positions of real games with one clearly best move, their themes and ratings.

mod budget;
mod choose;
mod level;

pub mod arena;
pub mod eval;
pub mod greedy;
pub mod hint;
pub mod mcts;
pub mod puzzle;
pub mod rating;
pub mod review;
pub mod seed;
pub mod spec;
pub mod strength;

pub use arena::{ArenaConfig, ArenaError, ArenaSummary, run_arena};
pub use budget::{Budget, Limits};
pub use choose::{Tuning, choose_move, choose_move_with};
pub use hint::{SuggestError, Suggestion, suggest};
pub use level::{Level, UnknownLevel};
// The engine writes a move in record notation; the hint's users find it here too.
pub use carcassonne_engine::{MoveNotation, describe_move};
pub use review::{Class, DecisionReview, Review, ReviewConfig, ReviewError, review_record};
pub use spec::{Noise, PlayerSpec, SpecError, Weight};

/// The hint's former path, kept for its users (the app's errors name
/// [`notation::SuggestError`]): the [`hint`] and the engine's record notation of a move.
pub mod notation {
    pub use crate::hint::{SuggestError, Suggestion, suggest};
    pub use carcassonne_engine::{MoveNotation, describe_move};
}
