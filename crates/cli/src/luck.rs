//! `carcassonne luck`: a finished game's draws weighed (the luck of the draw), as JSON.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::luck_record;

use crate::common::{CliError, emit, record_of};

/// The arguments of `carcassonne luck`.
#[derive(clap::Args)]
pub(crate) struct LuckArgs {
    /// The finished game: a record (JSON, RULES.md §6) or a match file of the app (the
    /// record inside it is weighed).
    file: PathBuf,
}

/// Weighs every draw of the record and prints the analysis as one JSON object.
pub(crate) fn run(args: LuckArgs) -> Result<(), CliError> {
    let text = crate::common::read_record(&args.file)?;
    let (record, _) = record_of(&text)?;
    let luck = luck_record(&record, &AtomicBool::new(false)).map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&luck).map_err(|e| e.to_string())?;
    emit(&json)
}
