//! A match's review is stored in its match file (schema 2); match files of schema 1 still
//! read; a review that does not parse is set aside and reported, and the match kept.

mod common;

use std::fs;
use std::path::Path;

use carcassonne_storage::{MATCH_SCHEMA, SCHEMA, Storage, StorageError};
use common::*;
use serde::{Deserialize, Serialize};

/// A stand-in for the AI crate's review (the storage does not know its shape).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Review {
    accuracy: f64,
    notes: Vec<String>,
}

fn review() -> Review {
    Review {
        accuracy: 87.5,
        notes: vec!["closes_feature".into(), "more_points".into()],
    }
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

#[test]
fn a_match_file_of_schema_1_reads_without_a_review() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    let path = dir.path().join("matches/g-1.json");
    // As the version before reviews wrote it: schema 1, no accuracy, no review.
    let mut v = json(&path);
    v["meta"].as_object_mut().unwrap().remove("accuracy");
    assert_eq!(v["schema"], 1);
    assert!(v.get("review").is_none());
    fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();

    let listed = s.list_matches().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].accuracy, None);
    let (mut m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(m.review, None);
    assert_eq!(s.review_of::<Review>("g-1", &mut m), None);
    assert!(s.problems().is_empty(), "{:?}", s.problems());
}

#[test]
fn a_stored_review_round_trips_and_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("matches/g-1.json");
    {
        let s = Storage::open(dir.path(), common::rating_of).unwrap();
        file_match(&s, "g-1", 1);
        file_match(&s, "g-2", 2);
        assert_eq!(json(&path)["schema"], SCHEMA);
        let meta = s.save_review("g-1", &review(), 87.5, 2).unwrap();
        assert_eq!(meta.id, "g-1");
        assert_eq!(meta.accuracy, Some(87.5));
        assert_eq!(meta.accuracy_formula, Some(2));
    }
    assert_eq!(json(&path)["schema"], MATCH_SCHEMA);
    // Read again by a new opening of the folder.
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let listed = s.list_matches().unwrap();
    let accuracy = |id: &str| listed.iter().find(|m| m.id == id).unwrap().accuracy;
    assert_eq!(accuracy("g-1"), Some(87.5));
    assert_eq!(accuracy("g-2"), None);
    let formula = |id: &str| listed.iter().find(|m| m.id == id).unwrap().accuracy_formula;
    assert_eq!((formula("g-1"), formula("g-2")), (Some(2), None));
    let (mut m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(m.meta.accuracy, Some(87.5));
    assert_eq!(s.review_of::<Review>("g-1", &mut m), Some(review()));
    // A second review replaces the first.
    let again = Review {
        accuracy: 50.0,
        notes: Vec::new(),
    };
    s.save_review("g-1", &again, 50.0, 2).unwrap();
    let (mut m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(s.review_of::<Review>("g-1", &mut m), Some(again));
    assert!(s.problems().is_empty(), "{:?}", s.problems());
}

#[test]
fn saving_a_review_needs_a_match_a_writable_folder_and_an_accuracy() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    assert_eq!(
        s.save_review("g-9", &review(), 80.0, 2).unwrap_err(),
        StorageError::MatchNotFound("g-9".into())
    );
    assert_eq!(
        s.save_review("../x", &review(), 80.0, 2)
            .unwrap_err()
            .code(),
        "match/not_found"
    );
    assert_eq!(
        s.save_review("g-1", &review(), f64::NAN, 2)
            .unwrap_err()
            .code(),
        "storage/io"
    );
    drop(s);
    let r = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    assert_eq!(
        r.save_review("g-1", &review(), 80.0, 2).unwrap_err(),
        StorageError::ReadOnly
    );
}

#[test]
fn a_corrupt_review_is_set_aside_and_reported_and_the_match_kept() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    s.save_review("g-1", &review(), 87.5, 2).unwrap();
    let path = dir.path().join("matches/g-1.json");
    let mut v = json(&path);
    v["review"]["notes"] = "not a list".into();
    let corrupt = serde_json::to_vec_pretty(&v).unwrap();
    fs::write(&path, &corrupt).unwrap();

    // The listing reads only the metadata.
    assert_eq!(s.list_matches().unwrap()[0].accuracy, Some(87.5));
    let (mut m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(s.review_of::<Review>("g-1", &mut m), None);
    assert_eq!((m.review.as_ref(), m.meta.accuracy), (None, None));

    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "matches/g-1.json");
    assert!(
        problems[0].reason.contains("its review is not valid"),
        "{}",
        problems[0].reason
    );
    let aside = problems[0].moved_to.as_deref().expect("copied aside");
    assert!(aside.starts_with("matches/g-1.json.corrupt-"), "{aside}");
    assert_eq!(fs::read(dir.path().join(aside)).unwrap(), corrupt);

    // The match stays, without its review, as schema 1.
    let v = json(&path);
    assert_eq!(v["schema"], SCHEMA);
    assert!(v.get("review").is_none());
    assert_eq!(s.list_matches().unwrap()[0].accuracy, None);
    let (mut m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(s.review_of::<Review>("g-1", &mut m), None);
    assert_eq!(s.problems().len(), 1);
}

#[test]
fn a_corrupt_review_read_only_is_reported_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    {
        let s = Storage::open(dir.path(), common::rating_of).unwrap();
        file_match(&s, "g-1", 1);
        s.save_review("g-1", &review(), 87.5, 2).unwrap();
    }
    let path = dir.path().join("matches/g-1.json");
    let mut v = json(&path);
    v["review"] = 3.into();
    fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    let before = snapshot(dir.path());
    let s = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    let (mut m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(s.review_of::<Review>("g-1", &mut m), None);
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].moved_to, None);
    assert_eq!(snapshot(dir.path()), before);
}

/// Schema 3 of `profiles.json`, and 4 of a match file (3 is a table's person's match), are a
/// newer version's: read as absent, never written.
#[test]
fn newer_schemas_for_profiles_and_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    s.create_profile("Ada").unwrap();
    file_match(&s, "g-1", 1);
    s.save_review("g-1", &review(), 87.5, 2).unwrap();
    let set = |p: &Path, schema: u32| {
        let mut v = json(p);
        v["schema"] = schema.into();
        fs::write(p, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    };
    set(&dir.path().join("profiles.json"), 3);
    set(&dir.path().join("matches/g-1.json"), 4);
    let before = snapshot(dir.path());
    assert!(s.profiles().unwrap().profiles.is_empty());
    assert!(s.list_matches().unwrap().is_empty());
    assert_eq!(
        s.save_review("g-1", &review(), 87.5, 2).unwrap_err().code(),
        "storage/newer_version"
    );
    let problems = s.problems();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().all(|p| p.moved_to.is_none()));
    assert_eq!(snapshot(dir.path()), before);
}
