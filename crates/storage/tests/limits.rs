//! Size limits are checked before reading, and the history reads only what it lists.

mod common;

use std::fs;

use carcassonne_storage::{MAX_CURRENT_BYTES, MAX_MATCH_BYTES, MAX_PROFILES_BYTES, Storage};
use common::*;

/// `text` (a JSON object) with a padding field making it `size` bytes or more.
fn padded(text: &str, size: u64) -> String {
    let pad = "x".repeat(size as usize);
    text.replacen('{', &format!("{{\"pad\": \"{pad}\", "), 1)
}

#[test]
fn an_oversized_match_file_is_set_aside_unread() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    file_match(&s, "g-2", 2);
    let m = dir.path().join("matches");
    // Valid in every way but its size.
    let big = padded(
        &fs::read_to_string(m.join("g-2.json")).unwrap(),
        MAX_MATCH_BYTES,
    );
    fs::write(m.join("g-2.json"), &big).unwrap();
    let list = s.list_matches().unwrap();
    assert_eq!(list.len(), 1);
    let problems = s.problems();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].file, "matches/g-2.json");
    assert!(
        problems[0].reason.contains("too large"),
        "{}",
        problems[0].reason
    );
    assert_eq!(
        fs::read_to_string(dir.path().join(problems[0].moved_to.as_ref().unwrap())).unwrap(),
        big
    );
}

#[test]
fn oversized_profiles_and_autosave_are_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    s.create_profile("Ada").unwrap();
    s.save_current(&autosave(3, "g-3")).unwrap();
    for (name, limit) in [
        ("profiles.json", MAX_PROFILES_BYTES),
        ("current.json", MAX_CURRENT_BYTES),
    ] {
        let path = dir.path().join(name);
        fs::write(&path, padded(&fs::read_to_string(&path).unwrap(), limit)).unwrap();
    }
    assert!(s.profiles().unwrap().profiles.is_empty());
    assert_eq!(s.load_current().unwrap_err().code(), "storage/corrupt");
    let problems = s.problems();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().all(|p| p.reason.contains("too large")));
}

#[test]
fn an_oversized_record_is_not_imported() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let (_, record) = finished_game(6);
    let json = format!(
        "{}{}",
        record.to_json(),
        " ".repeat(carcassonne_storage::MAX_RECORD_BYTES as usize)
    );
    assert_eq!(s.import_record(&json).unwrap_err().code(), "record/invalid");
    assert!(s.list_matches().unwrap().is_empty());
}

#[test]
fn the_history_reads_the_metadata_only() {
    // A match whose record is not a record is listed (its metadata is fine) and only set
    // aside when opened: the listing does not build records, which keeps it fast.
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    let path = dir.path().join("matches/g-1.json");
    let mut v: serde_json::Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    v["record"] = serde_json::json!({"not": "a record"});
    fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    assert_eq!(s.list_matches().unwrap().len(), 1);
    assert!(s.problems().is_empty());
    assert_eq!(s.load_match("g-1").unwrap_err().code(), "storage/corrupt");
    assert!(s.list_matches().unwrap().is_empty());
}
