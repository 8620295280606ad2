//! A newer schema is kept and never overwritten; a schema that is not a whole number is
//! corrupt, with a precise message.

mod common;

use std::fs;

use carcassonne_storage::{Storage, StorageError};
use common::*;

/// Sets the `schema` of the JSON file at `path` to `schema`.
fn set_schema(path: &std::path::Path, schema: serde_json::Value) {
    let mut v: serde_json::Value = serde_json::from_slice(&fs::read(path).unwrap()).unwrap();
    v["schema"] = schema;
    fs::write(path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
}

#[test]
fn a_newer_profiles_file_is_kept_and_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap();
    let path = dir.path().join("profiles.json");
    set_schema(&path, 3.into());
    let before = fs::read(&path).unwrap();

    assert!(s.profiles().unwrap().profiles.is_empty());
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "profiles.json");
    assert_eq!(problems[0].moved_to, None);
    assert!(
        problems[0]
            .reason
            .contains("written by a newer version of the app")
    );
    for err in [
        s.create_profile("Bob").unwrap_err(),
        s.rename_profile(&ada.id, "Bob").unwrap_err(),
        s.select_profile(&ada.id).unwrap_err(),
        s.delete_profile(&ada.id).unwrap_err(),
    ] {
        assert_eq!(err.code(), "storage/newer_version", "{err}");
    }
    // A finished game is still filed; the statistics are not touched.
    file_match(&s, "g-1", 1);
    assert_eq!(s.list_matches().unwrap().len(), 1);
    assert_eq!(fs::read(&path).unwrap(), before);
    assert_eq!(s.problems().len(), 1);
}

#[test]
fn a_newer_match_and_autosave_are_kept_and_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    file_match(&s, "g-2", 2);
    s.save_current(&autosave(3, "g-3")).unwrap();
    let m = dir.path().join("matches/g-2.json");
    let c = dir.path().join("current.json");
    set_schema(&m, 7.into());
    set_schema(&c, 7.into());
    let before = snapshot(dir.path());

    assert_eq!(s.list_matches().unwrap().len(), 1);
    let err = s.load_current().unwrap_err();
    assert_eq!(
        err,
        StorageError::Newer {
            file: "current.json".into(),
            schema: 7
        }
    );
    assert!(err.to_string().contains("newer version of the app"));
    assert_eq!(
        s.load_match("g-2").unwrap_err().code(),
        "storage/newer_version"
    );
    assert_eq!(
        s.delete_match("g-2").unwrap_err().code(),
        "storage/newer_version"
    );
    assert_eq!(
        s.save_current(&autosave(4, "g-4")).unwrap_err().code(),
        "storage/newer_version"
    );
    assert_eq!(
        s.clear_current().unwrap_err().code(),
        "storage/newer_version"
    );
    let problems = s.problems();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().all(|p| p.moved_to.is_none()));
    assert_eq!(snapshot(dir.path()), before);
    // The app may still set the autosave aside on purpose.
    assert!(
        s.set_aside_current("from a newer version")
            .unwrap()
            .moved_to
            .is_some()
    );
    s.save_current(&autosave(4, "g-4")).unwrap();
}

#[test]
fn a_schema_that_is_not_a_whole_number_is_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    file_match(&s, "g-2", 2);
    file_match(&s, "g-3", 3);
    let m = dir.path().join("matches");
    set_schema(&m.join("g-1.json"), "1".into());
    set_schema(&m.join("g-2.json"), serde_json::json!(1.0));
    assert_eq!(s.list_matches().unwrap().len(), 1);
    let mut problems = s.problems();
    problems.sort_by(|a, b| a.file.cmp(&b.file));
    assert_eq!(problems.len(), 2);
    assert!(
        problems[0]
            .reason
            .contains("schema must be a whole number, found the string \"1\""),
        "{}",
        problems[0].reason
    );
    assert!(
        problems[1]
            .reason
            .contains("schema must be a whole number, found 1.0"),
        "{}",
        problems[1].reason
    );
    assert!(problems.iter().all(|p| p.moved_to.is_some()));
}
