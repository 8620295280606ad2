//! `carcassonne suggest`: the best move for the player to move in a record in progress, the
//! same hint the app's hint button gives.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::{Budget, Level, suggest};
use carcassonne_engine::{PublicView, Record};
use clap::value_parser;

use crate::common::{CliError, MAX_ITERATIONS, MAX_MS, emit};

/// The arguments of `carcassonne suggest`.
#[derive(clap::Args)]
pub(crate) struct SuggestArgs {
    /// The record in progress (JSON, RULES.md §6).
    file: PathBuf,
    /// The AI level that answers.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// Seed of the AI's own generator.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Time budget in milliseconds, 1–600000 (default: the level's).
    #[arg(long, conflicts_with = "iterations", value_parser = value_parser!(u64).range(1..=MAX_MS))]
    ms: Option<u64>,
    /// Iteration budget, 1–100000000 (default: the level's).
    #[arg(long, value_parser = value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: Option<u64>,
}

/// Replays the record and prints the suggestion as one JSON object.
pub(crate) fn run(args: SuggestArgs) -> Result<(), CliError> {
    let text = crate::common::read_record(&args.file)?;
    let game = Record::parse(&text)
        .and_then(|r| r.replay())
        .map_err(|e| e.to_string())?;
    let budget = Budget {
        ms: args.ms,
        iterations: args.iterations,
    };
    let stop = AtomicBool::new(false);
    let hint = suggest(
        &PublicView::new(&game),
        args.level,
        args.seed,
        budget,
        &stop,
    )
    .map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&hint).map_err(|e| e.to_string())?;
    emit(&json)
}
