//! `carcassonne suggest`: the best move for the player to move in a record in progress, the
//! same hint the app's hint button gives. A record holds whole turns; `--moves` adds the
//! current turn's moves by name (as the app's autosave keeps them in `pending`), so a figure
//! step, a wagon move or the placement after a draw can be asked about too.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::{Budget, Level, suggest};
use carcassonne_engine::{Game, MoveName, PublicView, Record};
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
    /// The current turn's moves so far, after the record: a JSON array of moves by name, as
    /// the autosave's `pending` (src-tauri/API.md, "MoveInput"), e.g.
    /// '[{"type":"place","x":1,"y":0,"rotation":90}]'.
    #[arg(long, value_name = "JSON")]
    moves: Option<String>,
}

/// Replays the record and prints the suggestion as one JSON object.
pub(crate) fn run(args: SuggestArgs) -> Result<(), CliError> {
    let text = crate::common::read_record(&args.file)?;
    let mut game = Record::parse(&text)
        .and_then(|r| r.replay())
        .map_err(|e| e.to_string())?;
    if let Some(moves) = &args.moves {
        play_named(&mut game, moves)?;
    }
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

/// Plays `moves` (a JSON array of [`MoveName`]s) on `game`, each checked as the app checks a
/// move. On an error nothing is printed and the message names the move: `move 2 (follower
/// on N): …`.
fn play_named(game: &mut Game, moves: &str) -> Result<(), CliError> {
    let names: Vec<MoveName> = serde_json::from_str(moves)
        .map_err(|e| format!("--moves is not a JSON array of moves by name: {e}"))?;
    for (i, name) in names.iter().enumerate() {
        let at = |e: String| format!("move {} ({name}): {e}", i + 1);
        let mv = name.to_move(game).map_err(|e| at(e.to_string()))?;
        game.play(mv).map_err(|e| at(e.to_string()))?;
    }
    Ok(())
}
