//! `carcassonne history`: the finished matches of the app's data folder, as the app lists
//! them. The folder is the one the app uses (`carcassonne_storage::default_data_dir`: the
//! platform's data folder joined with the app's bundle identifier), or `--dir`.

use std::path::PathBuf;

use carcassonne_storage::{MatchMeta, Storage};
use clap::Args;

/// Arguments of `carcassonne history`.
#[derive(Args)]
pub struct HistoryArgs {
    /// The app's data folder (default: where the app keeps it).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Print the matches as one JSON array (the app's match summaries).
    #[arg(long)]
    json: bool,
}

/// One line of the table: date, players with levels and scores, winner, length.
fn line(m: &MatchMeta) -> String {
    let players: Vec<String> = m
        .players
        .iter()
        .map(|p| match &p.level {
            Some(l) => format!("{} ({l}) {}", p.name, p.score),
            None => format!("{} {}", p.name, p.score),
        })
        .collect();
    let winners: Vec<&str> = m
        .winners
        .iter()
        .filter_map(|&w| m.players.get(w).map(|p| p.name.as_str()))
        .collect();
    format!(
        "{}  {}  {}  winner: {}{}  {} turns  {}",
        m.date,
        m.id,
        players.join(" vs "),
        winners.join(" and "),
        match m.result.as_deref() {
            Some(r) => format!(" ({r})"),
            None => String::new(),
        },
        m.turns,
        if m.abbey_mayor { "abbey-mayor" } else { "base" }
    )
}

/// Runs `carcassonne history`.
///
/// # Errors
/// A message if the folder cannot be found or read.
pub fn run(args: HistoryArgs) -> Result<(), String> {
    let dir = args
        .dir
        .or_else(carcassonne_storage::default_data_dir)
        .ok_or("history: no home folder, so no data folder; give --dir")?;
    let storage = Storage::open(&dir).map_err(|e| format!("history: {e}"))?;
    let matches = storage
        .list_matches()
        .map_err(|e| format!("history: {e}"))?;
    for p in storage.problems() {
        eprintln!(
            "history: {} was unreadable ({}); moved to {}",
            p.file, p.reason, p.moved_to
        );
    }
    if args.json {
        let json = serde_json::to_string_pretty(&matches).map_err(|e| format!("history: {e}"))?;
        println!("{json}");
    } else if matches.is_empty() {
        println!("no finished matches in {}", dir.display());
    } else {
        for m in &matches {
            println!("{}", line(m));
        }
    }
    Ok(())
}
