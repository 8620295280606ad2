//! The limits of what the commands accept, in one place (the failures that name them read
//! them here).

/// The largest seed the app deals with, 2^53 - 1: every seed it shows or accepts is exact
/// as a JavaScript number (API.md, "Seeds").
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The lowest and highest win chance `match_level` takes.
pub const CHANCE_RANGE: (f64, f64) = (0.05, 0.95);

/// The largest record `history_import` accepts, in bytes: the engine's `MAX_RECORD_BYTES` (1 MiB;
/// a long 6-player game is about 20 KB).
pub const IMPORT_LIMIT: usize = carcassonne_engine::MAX_RECORD_BYTES;

/// The most first-pass iterations per decision `review_start` accepts.
pub const MAX_REVIEW_ITERATIONS: u64 = 100_000;

/// The tries a retry of a mistake has: a second after a first that is not best or good,
/// then the answer is shown.
pub const RETRY_TRIES: u32 = 2;

/// The tries a puzzle has: a second after a first that misses, then the answer is shown
/// (only the first counts for the puzzle rating).
pub const PUZZLE_TRIES: u32 = 2;

/// The first-pass iterations a wrong puzzle try is judged with (its loss against the
/// answer and why): the hard level's budget, as the review's.
pub const PUZZLE_ITERATIONS: u64 = carcassonne_ai::review::DEFAULT_ITERATIONS;

/// The most points of the puzzle rating's history `puzzle_list` sends (the latest).
pub const RATING_POINTS: usize = 200;
