//! The `carcassonne` command: replay records, play random games, measure speed.

mod arena;
mod history;
mod suggest;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use carcassonne_engine::{Game, Record, RecordPlayer, Setup};
use clap::{Parser, Subcommand, ValueEnum};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;

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

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Expansion {
    /// Abbey & Mayor: 12 more tiles, and an abbey, mayor, wagon and barn for every player.
    AbbeyMayor,
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
        /// Where to write the record.
        #[arg(long)]
        out: PathBuf,
    },
    /// Play AI levels against each other in every seat rotation; print one JSON summary.
    Arena(arena::ArenaArgs),
    /// Print the best move for the player to move in a record in progress, as JSON.
    Suggest(suggest::SuggestArgs),
    /// List the app's finished matches (the same folder as the app), newest first.
    History(history::HistoryArgs),
    /// Measure the engine's speed.
    Bench {
        #[command(subcommand)]
        what: Bench,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// Play complete random games on one thread; print one JSON line with the rate.
    Random {
        /// Number of games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// Seed of the first game (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Number of players (1–6).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Expansions in play.
        #[arg(long, value_enum, value_delimiter = ',')]
        expansions: Vec<Expansion>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn setup(players: usize, expansions: &[Expansion], seed: u64) -> Setup {
    Setup {
        players,
        abbey_mayor: expansions.contains(&Expansion::AbbeyMayor),
        seed,
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Replay { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("turn 0: cannot read {}: {e}", file.display()))?;
            let game = Record::parse(&text)
                .and_then(|r| r.replay())
                .map_err(|e| e.to_string())?;
            let out = json!({
                "scores": game.scores(),
                "breakdown": game.players().iter().map(|p| p.breakdown).collect::<Vec<_>>(),
                "finished": game.is_over(),
                "events": game.events(),
            });
            println!("{out}");
            Ok(())
        }
        Command::Random {
            seed,
            players,
            expansions,
            out,
        } => {
            let mut game =
                Game::new(&setup(players, &expansions, seed)).map_err(|e| e.to_string())?;
            game.play_random(&mut Pcg64Mcg::seed_from_u64(seed ^ 0x5EED));
            let names = (1..=players)
                .map(|i| RecordPlayer {
                    name: format!("Random {i}"),
                    kind: "ai".into(),
                    level: Some("random".into()),
                })
                .collect();
            let record = Record::from_game(&game, names);
            write_atomically(&out, record.to_json().as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", out.display()))
        }
        Command::Arena(args) => arena::run(args),
        Command::Suggest(args) => suggest::run(args),
        Command::History(args) => history::run(args),
        Command::Bench {
            what:
                Bench::Random {
                    games,
                    seed,
                    players,
                    expansions,
                },
        } => {
            let mut turns = 0u64;
            let start = Instant::now();
            for i in 0..games {
                let mut game = Game::new(&setup(players, &expansions, seed.wrapping_add(i)))
                    .map_err(|e| e.to_string())?;
                game.set_logging(false);
                turns += u64::from(
                    game.play_random(&mut Pcg64Mcg::seed_from_u64(seed.wrapping_add(i) ^ 0x5EED)),
                );
            }
            let seconds = start.elapsed().as_secs_f64();
            let out = json!({
                "games": games,
                "seconds": seconds,
                "games_per_sec": games as f64 / seconds,
                "turns_per_sec": turns as f64 / seconds,
            });
            println!("{out}");
            Ok(())
        }
    }
}

/// Writes a file through a temporary file, fsync and rename, so it is never half written.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    drop(f);
    std::fs::rename(&tmp, path)
}
