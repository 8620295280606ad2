//! `carcassonne review`: a finished game's decisions judged by the search, as JSON.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{self, ReviewConfig};
use clap::value_parser;

use crate::common::{CliError, MAX_ITERATIONS, emit, record_of};

/// The arguments of `carcassonne review`.
#[derive(clap::Args)]
pub(crate) struct ReviewArgs {
    /// The finished game: a record (JSON, RULES.md §6) or a match file of the app (the
    /// record inside it is reviewed).
    file: PathBuf,
    /// First-pass iterations per decision, 1–100000000 (default: the hard level's 3000).
    #[arg(long, default_value_t = review::DEFAULT_ITERATIONS, value_parser = value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: u64,
    /// The review's seed: the same seed and iterations give the same review.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The seat to review, 0-based (default: the first human seat, else 0).
    #[arg(long)]
    player: Option<usize>,
}

/// Reviews the record and prints the review as one JSON object.
pub(crate) fn run(args: ReviewArgs) -> Result<(), CliError> {
    let text = crate::common::read_record(&args.file)?;
    let (record, _) = record_of(&text)?;
    let player = args
        .player
        .unwrap_or_else(|| review::default_player(&record));
    let cfg = ReviewConfig {
        iterations: args.iterations,
        seed: args.seed,
    };
    let stop = AtomicBool::new(false);
    let review = review::review_record(&record, player, &cfg, &stop, |_, _| {})
        .map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&review).map_err(|e| e.to_string())?;
    emit(&json)
}
