//! `carcassonne bench`: the engine's speed on random games, and how long listing the
//! history of a data folder takes.

use std::path::{Path, PathBuf};
use std::time::Instant;

use carcassonne_engine::{Game, Setup};
use clap::{Subcommand, value_parser};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::json;

use crate::common::{CliError, Expansion, emit, note, random_record, setup};
use crate::history;

/// What to measure.
#[derive(Subcommand)]
pub(crate) enum Bench {
    /// Play complete random games on one thread; print one JSON line with the rate.
    Random {
        /// Number of games (1–10000000).
        #[arg(long, default_value_t = 10_000, value_parser = value_parser!(u64).range(1..=10_000_000))]
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
    /// Time listing the finished matches of a data folder, as `carcassonne history --dir`
    /// does; print one JSON line with the median, min and max in milliseconds.
    ///
    /// The folder is first filled up to --matches finished random games (2 to 4 players,
    /// every other one with Abbey & Mayor); matches already there are reused.
    History {
        /// Finished matches the folder should hold (1–100000).
        #[arg(long, default_value_t = 1000, value_parser = value_parser!(u64).range(1..=100_000))]
        matches: u64,
        /// Seed of the first game added (game i uses seed + i).
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Timed listings (1–100).
        #[arg(long, default_value_t = 5, value_parser = value_parser!(u64).range(1..=100))]
        runs: u64,
        /// The data folder, kept afterwards (default: a temporary folder, removed afterwards).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// `n` per second, 0 when no time was measured (never NaN or infinite).
fn per_sec(n: f64, seconds: f64) -> f64 {
    if seconds > 0.0 { n / seconds } else { 0.0 }
}

/// Runs a benchmark and prints its JSON line.
pub(crate) fn run(what: Bench) -> Result<(), CliError> {
    match what {
        Bench::Random {
            games,
            seed,
            players,
            expansions,
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
                "games_per_sec": per_sec(games as f64, seconds),
                "turns_per_sec": per_sec(turns as f64, seconds),
            });
            emit(&out.to_string())
        }
        Bench::History {
            matches,
            seed,
            runs,
            dir,
        } => match dir {
            Some(dir) => bench_history(&dir, matches, seed, runs),
            None => {
                let dir = std::env::temp_dir()
                    .join(format!("carcassonne-bench-history-{}", std::process::id()));
                // A folder of this name can only be a leftover of a killed run.
                let _ = std::fs::remove_dir_all(&dir);
                let result = bench_history(&dir, matches, seed, runs);
                let _ = std::fs::remove_dir_all(&dir);
                result
            }
        },
    }
}

/// Fills `dir` up to `matches` finished matches, then times `runs` listings.
fn bench_history(dir: &Path, matches: u64, seed: u64, runs: u64) -> Result<(), CliError> {
    let there = history::list(dir)?.0.len() as u64;
    let start = Instant::now();
    if there < matches {
        note(&format!(
            "bench history: adding {} finished matches to {}",
            matches - there,
            dir.display()
        ));
        let records = (there..matches).map(|i| {
            let game = Setup {
                players: 2 + (i % 3) as usize,
                abbey_mayor: i % 2 == 0,
                seed: seed.wrapping_add(i),
            };
            random_record(&game).map(|r| r.to_json())
        });
        history::import(dir, records)?;
    }
    let build_seconds = start.elapsed().as_secs_f64();
    let mut times = Vec::new();
    let mut listed = 0;
    for _ in 0..runs {
        let start = Instant::now();
        listed = history::list(dir)?.0.len();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    let median = match n {
        0 => 0.0,
        n if n % 2 == 1 => times[n / 2],
        n => (times[n / 2 - 1] + times[n / 2]) / 2.0,
    };
    let out = json!({
        "matches": matches,
        "listed": listed,
        "added": matches.saturating_sub(there),
        "build_seconds": build_seconds,
        "runs": runs,
        "median_ms": median,
        "min_ms": times.first().copied().unwrap_or(0.0),
        "max_ms": times.last().copied().unwrap_or(0.0),
        "dir": dir.display().to_string(),
    });
    emit(&out.to_string())
}
