//! The `carcassonne` command: replay records, play random games, measure speed, mine puzzles.
//!
//! Every command writes its output through [`common::emit`]: a reader that goes away (`carcassonne
//! replay FILE | head -c 1`) ends the command quietly with status 0, any other write error
//! is a one-line error with status 1. Odd arguments are refused by clap (status 2) or with
//! a one-line error (status 1), never with a panic.

mod arena;
mod bench;
mod common;
mod deal;
mod history;
mod luck;
mod puzzles;
mod ratings;
mod review;
mod suggest;

use std::path::PathBuf;
use std::process::ExitCode;

use carcassonne_engine::Record;
use clap::{Parser, Subcommand};
use serde_json::json;

use common::{
    CliError, Expansion, check_out, emit, note, random_record, read_record, setup, write_atomically,
};

#[derive(Parser)]
#[command(
    name = "carcassonne",
    version,
    about = "Carcassonne with Abbey & Mayor: records, random games, benchmarks"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game record; print its scores, breakdown and events as one JSON object.
    ///
    /// An illegal or malformed record exits with status 1 and one line `turn N: reason` on
    /// stderr (turn 0 for the record as a whole).
    Replay {
        /// The record (JSON, RULES.md §6).
        file: PathBuf,
    },
    /// Play one game with uniformly random legal choices and write its record.
    Random {
        /// Seed for the pile and the choices.
        #[arg(long)]
        seed: u64,
        /// Number of players (1–6).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Expansions in play.
        #[arg(long, value_enum, value_delimiter = ',')]
        expansions: Vec<Expansion>,
        /// Where to write the record (a file in a folder that exists).
        #[arg(long)]
        out: PathBuf,
    },
    /// Play AI levels against each other in every seat rotation; print one JSON summary.
    Arena(arena::ArenaArgs),
    /// Check a game's deal against the fingerprint the app showed before its first tile.
    #[command(subcommand)]
    Deal(deal::DealCommand),
    /// Print the best move for the player to move in a record in progress, as JSON.
    Suggest(suggest::SuggestArgs),
    /// Review a finished game: each decision of one player judged by the search (best move,
    /// win chance, expected margin, class), and an accuracy figure; one JSON object.
    Review(review::ReviewArgs),
    /// Weigh every draw of a finished game against the tiles that could have come: each
    /// draw's luck, each player's total and the result with average draws; one JSON object.
    Luck(luck::LuckArgs),
    /// Puzzles mined from games of the hard level: generate sets, verify them at a higher
    /// budget, recompute their themes.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Fit Elo ratings, with 95% intervals, to two-player arena summaries (`arena --out`).
    Ratings(ratings::RatingsArgs),
    /// List the app's finished matches (the same folder as the app), newest first.
    History(history::HistoryArgs),
    /// Measure the engine's speed, or the history's.
    Bench {
        #[command(subcommand)]
        what: bench::Bench,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) | Err(CliError::StdoutClosed) => ExitCode::SUCCESS,
        Err(e) => {
            note(&e.to_string());
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<(), CliError> {
    match command {
        Command::Replay { file } => {
            let text = read_record(&file)?;
            let game = Record::parse(&text)
                .and_then(|r| r.replay())
                .map_err(|e| e.to_string())?;
            let out = json!({
                "scores": game.scores(),
                "breakdown": game.players().iter().map(|p| p.breakdown).collect::<Vec<_>>(),
                "finished": game.is_over(),
                "events": game.events(),
            });
            emit(&out.to_string())
        }
        Command::Random {
            seed,
            players,
            expansions,
            out,
        } => {
            check_out(&out)?;
            let record = random_record(&setup(players, &expansions, seed))?;
            Ok(write_atomically(&out, record.to_json().as_bytes())?)
        }
        Command::Arena(args) => arena::run(args),
        Command::Deal(command) => deal::run(command),
        Command::Suggest(args) => suggest::run(args),
        Command::Review(args) => review::run(args),
        Command::Luck(args) => luck::run(args),
        Command::Puzzles(command) => puzzles::run(command),
        Command::Ratings(args) => ratings::run(args),
        Command::History(args) => history::run(args),
        Command::Bench { what } => bench::run(what),
    }
}
