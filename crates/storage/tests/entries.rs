//! One bad entry in `matches/` never costs the rest of the history, and the history's ids are
//! the file names.

mod common;

use std::fs;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use carcassonne_storage::Storage;
use common::*;

/// A folder with matches g-1 and g-2, and a bad entry made by `make` in `matches/`.
fn check_bad_entry(name: &str, make: impl FnOnce(&Path)) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_path_buf();
    {
        let s = Storage::open(&root, common::rating_of).unwrap();
        file_match(&s, "g-1", 1);
        file_match(&s, "g-2", 2);
    }
    make(&root.join("matches").join(name));
    for read_only in [true, false] {
        // Listing runs on a thread so that a listing that hangs (on a pipe) fails the test.
        let (tx, rx) = mpsc::channel();
        let r = root.clone();
        std::thread::spawn(move || {
            let s = if read_only {
                Storage::open_read_only(&r, common::rating_of).unwrap()
            } else {
                Storage::open(&r, common::rating_of).unwrap()
            };
            let list = s.list_matches().map(|l| l.len());
            let problems = s.problems();
            // Closed (and unlocked) before the test goes on.
            drop(s);
            let _ = tx.send((list, problems));
        });
        let (list, problems) = rx
            .recv_timeout(Duration::from_secs(60))
            .expect("list_matches hung");
        assert_eq!(list, Ok(2), "{name}: {problems:?}");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].file, format!("matches/{name}"));
        if read_only {
            assert_eq!(problems[0].moved_to, None);
        } else {
            let to = problems[0].moved_to.clone().unwrap();
            assert!(to.starts_with(&format!("matches/{name}.corrupt-")), "{to}");
            assert!(fs::symlink_metadata(root.join(&to)).is_ok());
            assert!(fs::symlink_metadata(root.join("matches").join(name)).is_err());
        }
    }
    // Set aside, it is no longer met.
    let s = Storage::open(&root, common::rating_of).unwrap();
    assert_eq!(s.list_matches().unwrap().len(), 2);
    assert!(s.problems().is_empty());
}

#[test]
fn a_folder_named_like_a_match_is_set_aside() {
    let _serial = one_at_a_time();
    check_bad_entry("g-3.json", |p| fs::create_dir(p).unwrap());
}

#[cfg(unix)]
#[test]
fn a_link_to_a_folder_is_set_aside() {
    let _serial = one_at_a_time();
    check_bad_entry("g-3.json", |p| {
        let target = p.parent().unwrap().parent().unwrap().join("elsewhere");
        fs::create_dir(&target).unwrap();
        std::os::unix::fs::symlink(&target, p).unwrap();
    });
}

#[cfg(unix)]
#[test]
fn a_dangling_link_is_reported() {
    let _serial = one_at_a_time();
    check_bad_entry("g-3.json", |p| {
        std::os::unix::fs::symlink("/nonexistent/nothing.json", p).unwrap();
    });
}

#[cfg(unix)]
#[test]
fn a_named_pipe_does_not_hang_the_listing() {
    let _serial = one_at_a_time();
    check_bad_entry("g-3.json", |p| {
        let ok = std::process::Command::new("mkfifo")
            .arg(p)
            .status()
            .unwrap()
            .success();
        assert!(ok);
    });
}

#[test]
fn a_corrupt_match_that_cannot_be_moved_is_reported_not_fatal() {
    let _serial = one_at_a_time();
    let base = tempfile::tempdir().unwrap();
    // matches/g-1.json fits in the path limit; its `.corrupt-<time>` name does not.
    let root = deep_folder(base.path(), PATH_MAX - "/matches/g-1.json".len() - 5);
    let good = tempfile::tempdir().unwrap();
    {
        let s = Storage::open(good.path(), common::rating_of).unwrap();
        file_match(&s, "g-2", 2);
    }
    let s = Storage::open(&root, common::rating_of).unwrap();
    fs::copy(
        good.path().join("matches/g-2.json"),
        root.join("matches/g-2.json"),
    )
    .unwrap();
    fs::write(root.join("matches/g-1.json"), b"{\"schema\": 1, \"me").unwrap();
    let list = s.list_matches().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].id, "g-2");
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "matches/g-1.json");
    assert_eq!(problems[0].moved_to, None);
    assert!(problems[0].reason.contains("could not be moved"));
    assert!(root.join("matches/g-1.json").exists());
    // Listing again reports it once.
    assert_eq!(s.list_matches().unwrap().len(), 1);
    assert_eq!(s.problems().len(), 1);
}

#[test]
fn the_file_name_is_the_match_id() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    let m = dir.path().join("matches");
    // A copy (the same id inside), and one whose inner id is a path.
    fs::copy(m.join("g-1.json"), m.join("g-copy.json")).unwrap();
    let text = fs::read_to_string(m.join("g-1.json")).unwrap();
    let evil = text.replacen("\"id\": \"g-1\"", "\"id\": \"../x\"", 1);
    assert_ne!(evil, text);
    fs::write(m.join("g-evil.json"), evil).unwrap();

    let mut ids: Vec<String> = s
        .list_matches()
        .unwrap()
        .into_iter()
        .map(|m| m.id)
        .collect();
    ids.sort();
    assert_eq!(ids, ["g-1", "g-copy", "g-evil"]);
    let problems = s.problems();
    let files: Vec<&str> = problems.iter().map(|p| p.file.as_str()).collect();
    assert_eq!(files.len(), 2, "{problems:?}");
    assert!(files.contains(&"matches/g-copy.json") && files.contains(&"matches/g-evil.json"));
    assert!(problems.iter().all(|p| p.moved_to.is_none()));
    // Each opens and deletes under its file name.
    for id in ["g-copy", "g-evil"] {
        let (mf, _, _) = s.load_match(id).unwrap();
        assert_eq!(mf.meta.id, id);
        s.delete_match(id).unwrap();
    }
    assert_eq!(s.list_matches().unwrap().len(), 1);
    assert!(m.join("g-1.json").exists());
}

#[test]
fn a_json_file_whose_name_is_no_id_is_reported() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    let m = dir.path().join("matches");
    fs::copy(m.join("g-1.json"), m.join("my game (1).json")).unwrap();
    assert_eq!(s.list_matches().unwrap().len(), 1);
    let problems = s.problems();
    assert_eq!(problems.len(), 1);
    assert_eq!(problems[0].file, "matches/my game (1).json");
    assert!(m.join("my game (1).json").exists());
}
