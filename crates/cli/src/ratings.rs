//! `carcassonne ratings`: fits Elo ratings to the summaries of two-player arenas
//! (`carcassonne arena --out FILE`), with 95% intervals; one JSON table to stdout.

use std::path::PathBuf;

use carcassonne_ai::rating::{Pairing, fit};
use serde::Deserialize;

use crate::common::{CliError, emit, read_record};

/// The arguments of `carcassonne ratings`.
#[derive(clap::Args)]
pub(crate) struct RatingsArgs {
    /// Two-player arena summaries (JSON written by `carcassonne arena --out`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The player whose rating is fixed, and the rating: `greedy=800`. Every other rating
    /// and interval is relative to it.
    #[arg(long, default_value = "greedy=800", value_parser = anchor)]
    anchor: (String, f64),
}

fn anchor(s: &str) -> Result<(String, f64), String> {
    let (name, rating) = s
        .split_once('=')
        .ok_or_else(|| format!("write PLAYER=RATING, not \"{s}\""))?;
    let rating: f64 = rating
        .parse()
        .map_err(|_| format!("\"{rating}\" is not a rating"))?;
    if !rating.is_finite() || name.is_empty() {
        return Err(format!("write PLAYER=RATING, not \"{s}\""));
    }
    Ok((name.to_string(), rating))
}

/// The parts of an arena summary a fit reads.
#[derive(Deserialize)]
struct Summary {
    games: usize,
    players: Vec<Contestant>,
}

#[derive(Deserialize)]
struct Contestant {
    player: String,
    wins: f64,
}

/// Reads the summaries, fits and prints `{anchor, players: [{player, rating, ci95, games}]}`,
/// strongest first.
pub(crate) fn run(args: RatingsArgs) -> Result<(), CliError> {
    let mut records = Vec::new();
    for file in &args.files {
        // An arena summary is small; the record reader's 1 MiB limit fits it too.
        let text = read_record(file).map_err(|e| e.replacen("turn 0: ", "", 1))?;
        let s: Summary = serde_json::from_str(&text)
            .map_err(|e| format!("{}: not an arena summary: {e}", file.display()))?;
        let [a, b] = s.players.as_slice() else {
            return Err(format!(
                "{}: a rating fit needs two-player arenas, this one has {} players",
                file.display(),
                s.players.len()
            )
            .into());
        };
        if (a.wins + b.wins - s.games as f64).abs() > 1e-6 {
            return Err(format!("{}: the wins do not add up to the games", file.display()).into());
        }
        records.push(Pairing {
            a: a.player.clone(),
            b: b.player.clone(),
            wins: a.wins,
            games: s.games,
        });
    }
    let (name, rating) = &args.anchor;
    let mut ratings = fit(&records, name, *rating).map_err(|e| e.to_string())?;
    ratings.sort_by(|x, y| y.rating.total_cmp(&x.rating));
    let json =
        serde_json::json!({ "anchor": { "player": name, "rating": rating }, "players": ratings });
    emit(&serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?)
}
