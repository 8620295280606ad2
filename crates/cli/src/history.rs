//! `carcassonne history`: the finished matches of the app's data folder, as the app lists
//! them. The folder is the one the app uses (`carcassonne_storage::default_data_dir`: the
//! platform's data folder joined with the app's bundle identifier), or `--dir`.

use std::path::{Path, PathBuf};

use carcassonne_storage::{MatchMeta, Problem, Storage};
use clap::Args;

use crate::common::{CliError, emit, note};

/// Arguments of `carcassonne history`.
#[derive(Args)]
pub(crate) struct HistoryArgs {
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

// ----- the data folder: every use of `carcassonne_storage::Storage` is here -----------

/// The finished matches of the data folder `dir`, newest first, as `carcassonne history`
/// lists them, and the unreadable files found while listing. The folder is opened read-only:
/// this works while the app runs (it holds the folder's lock) and changes nothing in it.
///
/// # Errors
/// A one-line message if the folder cannot be read.
pub(crate) fn list(dir: &Path) -> Result<(Vec<MatchMeta>, Vec<Problem>), String> {
    let storage = Storage::open_read_only(dir, carcassonne_ai::strength::rating_of_name)
        .map_err(|e| format!("history: {e}"))?;
    let matches = storage
        .list_matches()
        .map_err(|e| format!("history: {e}"))?;
    Ok((matches, storage.problems()))
}

/// Imports finished records (RULES.md §6 JSON) into the data folder `dir`.
///
/// # Errors
/// The first record's error, or a one-line message if one cannot be imported.
pub(crate) fn import(
    dir: &Path,
    records: impl IntoIterator<Item = Result<String, String>>,
) -> Result<(), String> {
    let storage = Storage::open(dir, carcassonne_ai::strength::rating_of_name)
        .map_err(|e| format!("history: {e}"))?;
    for record in records {
        storage
            .import_record(&record?)
            .map_err(|e| format!("history: {e}"))?;
    }
    Ok(())
}

// -------------------------------------------------------------------------------------

/// Runs `carcassonne history`.
///
/// # Errors
/// A message if the folder cannot be found or read; [`CliError::StdoutClosed`] if the
/// reader of stdout went away.
pub(crate) fn run(args: HistoryArgs) -> Result<(), CliError> {
    let dir = args
        .dir
        .or_else(carcassonne_storage::default_data_dir)
        .ok_or("history: no home folder, so no data folder; give --dir")?;
    let (matches, problems) = list(&dir)?;
    for p in problems {
        note(&format!("history: {p}"));
    }
    if args.json {
        let json = serde_json::to_string_pretty(&matches).map_err(|e| format!("history: {e}"))?;
        emit(&json)
    } else if matches.is_empty() {
        emit(&format!("no finished matches in {}", dir.display()))
    } else {
        let lines: Vec<String> = matches.iter().map(line).collect();
        emit(&lines.join("\n"))
    }
}
