//! Puzzles mined from real games (issue 27, item 2): positions with one clearly best move.

mod themes;

pub use themes::{Theme, themes};
