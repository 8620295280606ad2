//! `carcassonne deal verify`: checks a finished game's deal. The app shows a fingerprint of
//! the deal before the first tile and reveals the seed and salt at the end; this recomputes
//! the fingerprint and the whole pile from the record, so a player can see the draws were the
//! ones committed to before the game began.

use std::path::PathBuf;

use carcassonne_engine::deal_fingerprint;
use carcassonne_engine::record::verify_fingerprint;
use serde_json::json;

use crate::common::{CliError, emit, read_record, record_of};

/// `carcassonne deal …`.
#[derive(clap::Subcommand)]
pub(crate) enum DealCommand {
    /// Check a game's deal: its record's tiles are the pile its seed deals, and (with the
    /// salt) the seed and salt make the fingerprint shown at the start; one JSON object.
    ///
    /// A deal that does not verify exits with status 1 and one line saying where it differs.
    Verify(VerifyArgs),
}

/// The arguments of `carcassonne deal verify`.
#[derive(clap::Args)]
pub(crate) struct VerifyArgs {
    /// The game: a record with its seed (JSON, RULES.md §6; the app's export) or a match
    /// file of the app (its salt is then read from it).
    file: PathBuf,
    /// The salt revealed at the end of the game (32 hex digits).
    #[arg(long)]
    salt: Option<String>,
    /// The fingerprint shown at the start of the game (64 hex digits): checked against the
    /// seed and salt. Without it the fingerprint they make is printed, to compare by eye.
    #[arg(long)]
    fingerprint: Option<String>,
}

/// Runs `carcassonne deal …`.
pub(crate) fn run(command: DealCommand) -> Result<(), CliError> {
    match command {
        DealCommand::Verify(args) => verify(args),
    }
}

fn verify(args: VerifyArgs) -> Result<(), CliError> {
    let text = read_record(&args.file)?;
    let (record, meta) = record_of(&text)?;
    let salt = args.salt.or_else(|| {
        meta.as_ref()
            .and_then(|m| m.get("dealSalt"))
            .and_then(|s| s.as_str())
            .map(str::to_string)
    });
    let check = record.check_deal().map_err(|e| e.to_string())?;
    let mut out = json!({
        "seed": check.seed,
        "drawn": check.drawn,
        "pile": check.pile,
        "finished": record.end,
    });
    match (&salt, &args.fingerprint) {
        (None, Some(_)) => {
            return Err(
                "--fingerprint needs the salt: give --salt (or a match file that has it)".into(),
            );
        }
        (Some(salt), given) => {
            let fingerprint = match given {
                Some(given) => verify_fingerprint(check.seed, salt, given),
                None => deal_fingerprint(check.seed, salt),
            }
            .map_err(|e| e.to_string())?;
            out["salt"] = json!(salt);
            out["fingerprint"] = json!(fingerprint);
            out["fingerprintChecked"] = json!(given.is_some());
        }
        (None, None) => {}
    }
    emit(&out.to_string())
}
