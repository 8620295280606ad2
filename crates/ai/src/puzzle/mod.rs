//! Puzzles mined from real games (issue 27, item 2): positions of finished games where one
//! move is clearly better than every other the search considers.
//!
//! **Finding them** ([`examine`]). A decision is a puzzle when, from the public view of the
//! player to move, the search's best move (the *answer*) beats each of the [`CANDIDATES`]
//! most visited other moves of a first pass, compared side by side, by [`WIN_MARGIN`] win
//! chance and [`POINT_MARGIN`] points of expected final margin, both with their lower
//! bounds (two standard errors down) above 0: one right answer, not a choice among good
//! moves. Where nothing is left to chance the end of the game is solved exactly and every
//! move must lose by both margins. Answers that draw or pass, and decided games (both moves
//! winning or both losing: [`DECIDED`]), are no puzzles. [`mine_game`] plays a game of the
//! hard level against itself and examines every decision of every seat.
//!
//! **What a puzzle says.** Its answer and runner-up (the compared move closest to it), the
//! margins between them, why the answer is better ([`Why`](crate::review::Why)), its
//! [`themes`], and a first rating on the Glicko-2 scale from which AI levels find the answer
//! ([`rate`]).
//!
//! **Stored** as sets ([`PuzzleSet`], `lessons/puzzles/{base|abbey-mayor}-{N}p.json`, format
//! [`FORMAT`]): the finished games and the puzzles, each naming its game and its decision's
//! index. [`PuzzleSet::parse`] checks a set; [`PuzzleSet::position`] sets a puzzle up.
//!
//! **Solving** ([`judge_try`]): a try that is the answer ([`same_move`]) is solved at once;
//! any other is compared with the answer as the review compares a played move with the best,
//! and is an inaccuracy at least.

// By job, each file using only those before it: `themes` (what an answer does), `moves`
// (when two moves are the same), `rating` (the levels' tries), `set` (the stored sets),
// `examine` (the criteria), `tries` (a try judged), `mine` (a game played and examined).
mod examine;
mod mine;
mod moves;
mod rating;
mod set;
mod themes;
mod tries;

pub use examine::{
    CANDIDATES, CONFIRM_BATCHES, Check, DECIDED, Found, POINT_MARGIN, PuzzleCriteria, QUICK_SHARE,
    Rejection, WIN_MARGIN, examine, examine_why, recheck,
};
pub use mine::{MineError, Mined, Yield, mine_game};
pub use moves::{legal_equal, same_move};
pub use rating::{
    DEVIATION, PRIOR_SPREAD, RATING_RANGE, SOLVERS, TRIES, rate, rating_of, solved_counts,
};
pub use set::{FORMAT, Puzzle, PuzzleError, PuzzleGame, PuzzleSet};
pub use themes::{Theme, themes};
pub use tries::{PuzzleTry, judge_try};
