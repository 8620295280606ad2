//! What the subcommands share: the budget limits, the expansions, the one error type, how
//! output is written (stdout through [`emit`], notes on stderr), records read and files
//! written atomically.

use std::io::{Read, Write};
use std::path::Path;

use carcassonne_engine::{Game, PlayerKind, Record, RecordPlayer, Setup};
use clap::ValueEnum;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use thiserror::Error;

/// The largest time budget per decision, in milliseconds (10 minutes).
pub(crate) const MAX_MS: u64 = 600_000;
/// The largest iteration budget per decision.
pub(crate) const MAX_ITERATIONS: u64 = 100_000_000;
/// The largest record file read, in bytes: the engine's limit (a finished 6-player game takes
/// about 15 KB).
pub(crate) const MAX_RECORD_BYTES: u64 = carcassonne_engine::MAX_RECORD_BYTES as u64;

/// The expansions a command can put in play.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Expansion {
    /// Abbey & Mayor: 12 more tiles, and an abbey, mayor, wagon and barn for every player.
    AbbeyMayor,
}

/// Why a command ended early.
#[derive(Debug, Error)]
pub(crate) enum CliError {
    /// Whoever read stdout has closed it (`carcassonne … | head -c 1`): a quiet, successful
    /// end, not an error.
    #[error("stdout was closed")]
    StdoutClosed,
    /// Writing to stdout failed for another reason (a full disk, …).
    #[error("cannot write to stdout: {0}")]
    Stdout(#[source] std::io::Error),
    /// The command failed; the message says why in one line.
    #[error("{0}")]
    Failed(String),
}

impl From<String> for CliError {
    fn from(message: String) -> Self {
        CliError::Failed(message)
    }
}

impl From<&str> for CliError {
    fn from(message: &str) -> Self {
        CliError::Failed(message.to_string())
    }
}

/// Writes `text` and a newline to stdout, the only way the commands print their output.
///
/// # Errors
/// [`CliError::StdoutClosed`] if the reader went away (a broken pipe), [`CliError::Stdout`]
/// for any other write error.
pub(crate) fn emit(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::BrokenPipe => CliError::StdoutClosed,
            _ => CliError::Stdout(e),
        })
}

/// Writes one line to stderr. A stderr that cannot be written to is ignored on purpose:
/// there is nowhere left to report it, and it must not turn into a panic.
pub(crate) fn note(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The set-up of a game of `players` with `expansions`, dealt from `seed`.
pub(crate) fn setup(players: usize, expansions: &[Expansion], seed: u64) -> Setup {
    Setup {
        players,
        abbey_mayor: expansions.contains(&Expansion::AbbeyMayor),
        seed,
    }
}

/// One game played to its end with uniformly random legal choices, as a record whose
/// players are named `Random 1`, `Random 2`, …
///
/// # Errors
/// The setup's message if the game cannot be set up (a bad player count).
pub(crate) fn random_record(setup: &Setup) -> Result<Record, String> {
    let mut game = Game::new(setup).map_err(|e| e.to_string())?;
    game.play_random(&mut Pcg64Mcg::seed_from_u64(setup.seed ^ 0x5EED));
    let names = (1..=setup.players)
        .map(|i| RecordPlayer {
            name: format!("Random {i}"),
            kind: PlayerKind::Ai,
            level: Some("random".into()),
        })
        .collect();
    Ok(Record::from_game(&game, names))
}

/// The text of a record file, read up to the engine's limit of 1 MiB, so that `/dev/zero` or a huge file is
/// refused instead of filling the memory.
///
/// # Errors
/// One line `turn 0: cannot read FILE: reason`.
pub(crate) fn read_record(file: &Path) -> Result<String, String> {
    let fail = |why: String| format!("turn 0: cannot read {}: {why}", file.display());
    let mut text = String::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(MAX_RECORD_BYTES + 1).read_to_string(&mut text))
        .map_err(|e| fail(e.to_string()))?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(fail(format!(
            "larger than {} MiB, so not a record",
            MAX_RECORD_BYTES >> 20
        )));
    }
    Ok(text)
}

/// The record in `text`, with the match file's `meta` if it is one: a bare record, or the
/// `record` of an app's match file (an object with `meta` and `record` and no `format`).
///
/// # Errors
/// The record's own one-line error (`turn N: reason`).
pub(crate) fn record_of(text: &str) -> Result<(Record, Option<serde_json::Value>), String> {
    let (inner, meta) = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(map))
            if !map.contains_key("format") && map.contains_key("meta") =>
        {
            (
                map.get("record").map(ToString::to_string),
                map.get("meta").cloned(),
            )
        }
        _ => (None, None),
    };
    let record = Record::parse(inner.as_deref().unwrap_or(text)).map_err(|e| e.to_string())?;
    Ok((record, meta))
}

/// The folder a file `path` goes into (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Checks, before any work, that `path` can become a file: it names a file, is not a
/// folder, and its folder exists.
///
/// # Errors
/// One line `cannot write PATH: reason`.
pub(crate) fn check_out(path: &Path) -> Result<(), String> {
    let fail = |why: String| Err(format!("cannot write {}: {why}", path.display()));
    if path.is_dir() {
        return fail("it is a folder".into());
    }
    if path.file_name().is_none() {
        return fail("it names no file".into());
    }
    let folder = folder_of(path);
    if !folder.is_dir() {
        return fail(format!("the folder {} does not exist", folder.display()));
    }
    Ok(())
}

/// Writes a file through a temporary file next to it, fsync and rename, so it is never half
/// written; on failure the temporary file is removed and nothing is left behind.
///
/// # Errors
/// One line `cannot write PATH: reason`.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    check_out(path)?;
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = folder_of(path).join(format!(".{name}.tmp-{}", std::process::id()));
    let mut file = std::fs::File::create(&tmp).map_err(fail)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    match written.and_then(|()| std::fs::rename(&tmp, path)) {
        Ok(()) => Ok(()),
        Err(e) => {
            // Best effort: the error that matters is the one reported.
            let _ = std::fs::remove_file(&tmp);
            Err(fail(e))
        }
    }
}
