//! Golden records: every file in `tests/golden/` is a game record with the totals and
//! breakdowns it must replay to, or the turn and reason it must be rejected with.

use std::path::Path;

use carcassonne_engine::{Breakdown, Record};
use serde::Deserialize;

#[derive(Deserialize)]
struct Case {
    description: String,
    record: serde_json::Value,
    #[serde(default)]
    expect: Option<Expect>,
    #[serde(default)]
    expect_error: Option<ExpectError>,
}

#[derive(Deserialize)]
struct Expect {
    scores: Vec<u32>,
    breakdown: Vec<ExpectBreakdown>,
    finished: bool,
}

#[derive(Deserialize, Debug, PartialEq, Eq)]
struct ExpectBreakdown {
    road: u32,
    city: u32,
    monastery: u32,
    field: u32,
    barn: u32,
}

impl From<&Breakdown> for ExpectBreakdown {
    fn from(b: &Breakdown) -> Self {
        ExpectBreakdown {
            road: b.road,
            city: b.city,
            monastery: b.monastery,
            field: b.field,
            barn: b.barn,
        }
    }
}

#[derive(Deserialize)]
struct ExpectError {
    turn: usize,
    contains: String,
}

/// Runs one case; returns a description of the mismatch, if any.
fn run_case(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let case: Case = serde_json::from_str(&text).map_err(|e| format!("bad case file: {e}"))?;
    let replayed = Record::parse(&case.record.to_string()).and_then(|r| r.replay());
    match (&case.expect, &case.expect_error, replayed) {
        (Some(expect), None, Ok(game)) => {
            let scores = game.scores();
            let breakdown: Vec<ExpectBreakdown> = game
                .players()
                .iter()
                .map(|p| (&p.breakdown).into())
                .collect();
            if scores != expect.scores
                || breakdown != expect.breakdown
                || game.is_over() != expect.finished
            {
                let events: Vec<String> = game
                    .events()
                    .iter()
                    .filter(|e| matches!(e.event, carcassonne_engine::Event::Scored { .. }))
                    .map(|e| serde_json::to_string(e).unwrap_or_default())
                    .collect();
                return Err(format!(
                    "{}\n  expected scores {:?} breakdown {:?} finished {}\n  got      scores {:?} breakdown {:?} finished {}\n  scoring events:\n    {}",
                    case.description,
                    expect.scores,
                    expect.breakdown,
                    expect.finished,
                    scores,
                    breakdown,
                    game.is_over(),
                    events.join("\n    ")
                ));
            }
            Ok(())
        }
        (Some(_), None, Err(e)) => Err(format!(
            "{}\n  expected success, got error: {e}",
            case.description
        )),
        (None, Some(want), Err(e)) => {
            if e.turn != want.turn
                || !e
                    .reason
                    .to_lowercase()
                    .contains(&want.contains.to_lowercase())
            {
                return Err(format!(
                    "{}\n  expected error at turn {} containing {:?}\n  got: {e}",
                    case.description, want.turn, want.contains
                ));
            }
            Ok(())
        }
        (None, Some(want), Ok(game)) => Err(format!(
            "{}\n  expected an error at turn {} ({:?}), but it replayed to {:?}",
            case.description,
            want.turn,
            want.contains,
            game.scores()
        )),
        _ => Err("a case needs exactly one of expect and expect_error".into()),
    }
}

#[test]
fn golden_records_replay_to_their_expected_results() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("golden folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= 20,
        "expected the golden cases, found {}",
        paths.len()
    );
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|p| {
            run_case(p)
                .err()
                .map(|e| format!("{}: {e}", p.file_name().unwrap().to_string_lossy()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} golden cases failed:\n\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n\n")
    );
}
