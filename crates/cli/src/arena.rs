//! `carcassonne arena`: AI levels play each other in every seat rotation of each deal; one
//! JSON summary goes to stdout, one line per finished game to stderr.

use std::path::PathBuf;

use carcassonne_ai::{ArenaConfig, Budget, PlayerSpec, run_arena};
use clap::value_parser;

use crate::common::{CliError, Expansion, MAX_ITERATIONS, MAX_MS, emit, note};

/// The most deals an arena plays.
const MAX_DEALS: u64 = 100_000;
/// The most games played at once.
const MAX_THREADS: u16 = 64;

/// A contestant, with its own budget (if any) in bounds: 1–600000 ms or 1–100000000
/// iterations.
pub(crate) fn player_spec(s: &str) -> Result<PlayerSpec, String> {
    let spec: PlayerSpec = s
        .parse()
        .map_err(|e: carcassonne_ai::arena::SpecError| e.to_string())?;
    if let Some(ms) = spec.budget.ms.filter(|ms| !(1..=MAX_MS).contains(ms)) {
        return Err(format!("{ms} ms is not in 1..={MAX_MS}"));
    }
    if let Some(n) = spec
        .budget
        .iterations
        .filter(|n| !(1..=MAX_ITERATIONS).contains(n))
    {
        return Err(format!("{n} iterations is not in 1..={MAX_ITERATIONS}"));
    }
    Ok(spec)
}

/// The arguments of `carcassonne arena`.
#[derive(clap::Args)]
pub(crate) struct ArenaArgs {
    /// Contestants in seat order, 2 to 6: a level (random, greedy, easy, medium, hard,
    /// expert), optionally with its own budget: `hard@4000` (1–100000000 iterations) or
    /// `hard@250ms` (1–600000 ms); the easy level with its own noise: `easy~1.5` (points);
    /// a searching level with another payoff: `hard:paranoid`, `hard@1000:mean`, or another
    /// weight of the win share in its payoff (0 to 1): `hard+w0.6`, `hard:mean+w1`.
    #[arg(long, value_delimiter = ',', required = true, value_parser = player_spec)]
    players: Vec<PlayerSpec>,
    /// Deals (1–100000); each is played once per seat rotation, so the arena plays
    /// games × players.
    #[arg(long, default_value_t = 10, value_parser = value_parser!(u64).range(1..=MAX_DEALS))]
    games: u64,
    /// Seed of the first deal (deal i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time budget per decision in milliseconds (1–600000), for contestants without their
    /// own budget.
    #[arg(long, conflicts_with = "iterations", value_parser = value_parser!(u64).range(1..=MAX_MS))]
    ms: Option<u64>,
    /// Iteration budget per decision (1–100000000), for contestants without their own
    /// budget.
    #[arg(long, value_parser = value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: Option<u64>,
    /// Expansions in play.
    #[arg(long, value_enum, value_delimiter = ',')]
    expansions: Vec<Expansion>,
    /// Games played at once, 1–64 (decision times are honest only up to the free cores).
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
    threads: u16,
    /// Also write the summary to this file (checked before the games start).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs the arena and prints its summary.
pub(crate) fn run(args: ArenaArgs) -> Result<(), CliError> {
    if let Some(out) = &args.out {
        crate::common::check_out(out)?;
    }
    let shared = Budget {
        ms: args.ms,
        iterations: args.iterations,
    };
    let players = args
        .players
        .iter()
        .map(|&p| {
            if p.budget == Budget::default() {
                PlayerSpec {
                    budget: shared,
                    ..p
                }
            } else {
                p
            }
        })
        .collect();
    let cfg = ArenaConfig {
        players,
        deals: args.games,
        seed: args.seed,
        abbey_mayor: args.expansions.contains(&Expansion::AbbeyMayor),
        threads: usize::from(args.threads),
    };
    let summary = run_arena(&cfg, |g| {
        note(&format!(
            "deal {} rotation {}: scores {:?}",
            g.deal, g.rotation, g.scores
        ));
    })
    .map_err(|e| e.to_string())?;
    let json = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
    let written = match &args.out {
        Some(out) => crate::common::write_atomically(out, json.as_bytes()),
        None => Ok(()),
    };
    // The summary goes to stdout even if the file failed, so a long arena is not lost.
    let printed = emit(&json);
    written?;
    printed
}
