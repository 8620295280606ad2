//! An unusable autosave never stops the app: `load_current` returns an error that is also
//! listed in `problems()`, and a new game can be saved at once.

mod common;

use std::fs;

use carcassonne_storage::Storage;
use common::*;

#[test]
fn an_autosave_that_is_a_folder_is_reported_and_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("current.json")).unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let err = s.load_current().unwrap_err();
    assert_eq!(err.code(), "storage/corrupt");
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "current.json");
    assert!(
        problems[0].reason.contains("folder"),
        "{}",
        problems[0].reason
    );
    assert!(problems[0].moved_to.is_some());
    // A new game saves and resumes.
    s.save_current(&autosave(4, "g-new")).unwrap();
    assert_eq!(s.load_current().unwrap().unwrap().0.game_id, "g-new");
}

#[test]
fn an_autosave_that_cannot_be_set_aside_is_still_reported() {
    let base = tempfile::tempdir().unwrap();
    let root = deep_folder(base.path(), PATH_MAX - "/current.json".len() - 5);
    let s = Storage::open(&root, common::rating_of).unwrap();
    fs::write(root.join("current.json"), b"{\"schema\":1,\"gameId\":").unwrap();
    let err = s.load_current().unwrap_err();
    assert_eq!(err.code(), "storage/corrupt");
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "current.json");
    assert_eq!(problems[0].moved_to, None);
    assert!(root.join("current.json").exists());
    // The rest of the folder still reads.
    assert!(s.list_matches().unwrap().is_empty());
    assert!(s.profiles().unwrap().profiles.is_empty());
}

#[test]
fn an_autosave_that_cannot_be_resumed_is_set_aside_once() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let cur = autosave(5, "g-lvl");
    s.save_current(&cur).unwrap();
    let before = fs::read(dir.path().join("current.json")).unwrap();
    // It parses, but (say) names an AI level this version does not know.
    assert!(s.load_current().unwrap().is_some());
    let p = s
        .set_aside_current("an opponent has the unknown AI level \"grandmaster\"")
        .unwrap();
    assert_eq!(p.file, "current.json");
    let to = p.moved_to.clone().unwrap();
    assert!(to.starts_with("current.json.corrupt-"));
    assert_eq!(fs::read(dir.path().join(&to)).unwrap(), before);
    assert_eq!(s.problems(), vec![p]);
    // Not offered again, at this launch or the next.
    assert!(s.load_current().unwrap().is_none());
    drop(s);
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert!(s.load_current().unwrap().is_none());
    assert_eq!(
        s.set_aside_current("again").unwrap_err().code(),
        "storage/io"
    );
}

#[test]
fn the_deal_salt_is_kept_and_an_autosave_from_before_it_reads_without_it() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let cur = autosave(6, "g-salt");
    assert!(cur.deal_salt.is_some());
    s.save_current(&cur).unwrap();
    let path = dir.path().join("current.json");
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"dealSalt\""), "{text}");
    assert_eq!(s.load_current().unwrap().unwrap().0, cur);

    // The file as a version before the salt wrote it: the game resumes, with no salt.
    let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
    old.as_object_mut().unwrap().remove("dealSalt");
    fs::write(&path, old.to_string()).unwrap();
    let (resumed, _) = s.load_current().unwrap().unwrap();
    assert_eq!(resumed.deal_salt, None);
    assert_eq!(resumed.record, cur.record);
    assert!(s.problems().is_empty());
}
