//! `carcassonne arena`: AI levels play each other in every seat rotation of each deal; one
//! JSON summary goes to stdout, one line per finished game to stderr.

use std::path::PathBuf;

use carcassonne_ai::{ArenaConfig, Budget, PlayerSpec, run_arena};

use crate::Expansion;

/// The arguments of `carcassonne arena`.
#[derive(clap::Args)]
pub(crate) struct ArenaArgs {
    /// Contestants in seat order, 2 to 6: a level (random, greedy, easy, medium, hard,
    /// expert), optionally with its own budget: `hard@4000` (iterations) or `hard@250ms`.
    #[arg(long, value_delimiter = ',', required = true)]
    players: Vec<PlayerSpec>,
    /// Deals; each is played once per seat rotation, so the arena plays games × players.
    #[arg(long, default_value_t = 10)]
    games: u64,
    /// Seed of the first deal (deal i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Time budget per decision in milliseconds, for contestants without their own budget.
    #[arg(long, conflicts_with = "iterations")]
    ms: Option<u64>,
    /// Iteration budget per decision, for contestants without their own budget.
    #[arg(long)]
    iterations: Option<u64>,
    /// Expansions in play.
    #[arg(long, value_enum, value_delimiter = ',')]
    expansions: Vec<Expansion>,
    /// Games played at once (decision times are honest only up to the free cores).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Also write the summary to this file.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Runs the arena and prints its summary.
pub(crate) fn run(args: ArenaArgs) -> Result<(), String> {
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
        threads: args.threads,
    };
    let summary = run_arena(&cfg, |g| {
        eprintln!(
            "deal {} rotation {}: scores {:?}",
            g.deal, g.rotation, g.scores
        );
    })
    .map_err(|e| e.to_string())?;
    let json = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
    if let Some(out) = &args.out {
        crate::write_atomically(out, json.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    println!("{json}");
    Ok(())
}
