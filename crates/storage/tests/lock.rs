//! Two processes, or two handles, on one data folder; concurrent edits in one process.

mod common;

use std::fs;
use std::process::Command;
use std::sync::Arc;

use carcassonne_storage::{Progress, Storage, StorageError};
use common::*;

#[test]
fn a_second_open_in_the_same_process_is_locked_until_the_first_closes() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let err = Storage::open(dir.path(), common::rating_of).unwrap_err();
    assert_eq!(err.code(), "storage/locked");
    assert!(
        err.to_string()
            .contains("in use by another running copy of the app")
    );
    assert!(matches!(err, StorageError::Locked(_)));
    drop(s);
    Storage::open(dir.path(), common::rating_of).unwrap();
}

/// In the child: tries to open the folder named by the environment and exits 0 if it
/// opened, 3 if it was locked.
#[test]
fn child_open() {
    let Some(dir) = std::env::var_os("STORAGE_TEST_OPEN_DIR") else {
        return;
    };
    match Storage::open(dir, common::rating_of) {
        Ok(_) => std::process::exit(0),
        Err(StorageError::Locked(_)) => std::process::exit(3),
        Err(e) => panic!("{e}"),
    }
}

fn open_in_child(dir: &std::path::Path) -> Option<i32> {
    Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child_open", "--nocapture", "--test-threads=1"])
        .env("STORAGE_TEST_OPEN_DIR", dir)
        .status()
        .unwrap()
        .code()
}

#[test]
fn another_process_is_locked_out_while_the_folder_is_open() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(open_in_child(dir.path()), Some(3));
    drop(s);
    assert_eq!(open_in_child(dir.path()), Some(0));
}

#[test]
fn read_only_reads_while_the_app_runs_and_changes_nothing() {
    let _serial = one_at_a_time();
    let dir = tempfile::tempdir().unwrap();
    let app = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = app.create_profile("Ada").unwrap();
    file_match(&app, "g-1", 1);
    app.save_current(&autosave(2, "g-2")).unwrap();
    let m = dir.path().join("matches");
    fs::write(m.join("g-bad.json"), b"nonsense").unwrap();
    fs::write(m.join("g-1.json.tmp-1-1"), b"{\"sch").unwrap();
    let before = snapshot(dir.path());

    let ro = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    assert!(ro.is_read_only());
    assert_eq!(ro.list_matches().unwrap().len(), 1);
    assert_eq!(ro.profiles().unwrap().profiles.len(), 1);
    assert!(ro.load_current().unwrap().is_some());
    assert!(ro.load_match("g-1").is_ok());
    assert_eq!(
        ro.load_match("g-bad").unwrap_err().code(),
        "storage/corrupt"
    );
    let problems = ro.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "matches/g-bad.json");
    assert_eq!(problems[0].moved_to, None);

    let (game, record) = finished_game(3);
    let cur = current(&Progress::new(&game, players()), "g-3");
    let refused = [
        ro.create_profile("Bob").map(|_| ()),
        ro.rename_profile(&ada.id, "Ada L.").map(|_| ()),
        ro.select_profile(&ada.id).map(|_| ()),
        ro.delete_profile(&ada.id).map(|_| ()),
        ro.delete_match("g-1"),
        ro.import_record(&record.to_json()).map(|_| ()),
        ro.finish_game(&cur, &record, &game, false).map(|_| ()),
        ro.save_current(&cur),
        ro.clear_current(),
        ro.set_aside_current("no").map(|_| ()),
    ];
    for r in refused {
        assert_eq!(r.unwrap_err(), StorageError::ReadOnly);
    }
    // Exporting writes only the file it is given.
    let out = tempfile::tempdir().unwrap();
    ro.export_match("g-1", &out.path().join("g-1.json"))
        .unwrap();
    assert_eq!(snapshot(dir.path()), before);
    drop(ro);
    drop(app);

    // A missing folder reads as empty and is not created.
    let none = dir.path().join("none");
    let ro = Storage::open_read_only(&none, common::rating_of).unwrap();
    assert!(ro.list_matches().unwrap().is_empty());
    assert!(ro.profiles().unwrap().profiles.is_empty());
    assert!(ro.load_current().unwrap().is_none());
    assert!(!none.exists());
}

#[test]
fn profile_edits_and_finished_games_on_two_threads_lose_nothing() {
    let _serial = one_at_a_time();
    const GAMES: usize = 30;
    let dir = tempfile::tempdir().unwrap();
    let s = Arc::new(Storage::open(dir.path(), common::rating_of).unwrap());
    let ada = s.create_profile("Ada").unwrap();
    let (game, record) = finished_game(8);
    let finisher = {
        let s = Arc::clone(&s);
        let id = ada.id.clone();
        std::thread::spawn(move || {
            for i in 0..GAMES {
                let mut cur = current(&Progress::new(&game, players()), &format!("g-{i}"));
                cur.profile_id = id.clone();
                s.finish_game(&cur, &record, &game, false).unwrap();
            }
        })
    };
    let mut others = Vec::new();
    for i in 0..GAMES {
        s.rename_profile(&ada.id, &format!("Ada {i}")).unwrap();
        others.push(s.create_profile(&format!("Other {i}")).unwrap().id);
        s.select_profile(&ada.id).unwrap();
        if i % 2 == 0 {
            s.delete_profile(&others[i]).unwrap();
        }
    }
    finisher.join().unwrap();
    let p = s.profiles().unwrap();
    let a = p.profiles.iter().find(|q| q.id == ada.id).unwrap();
    assert_eq!(a.stats.games as usize, GAMES, "a finished game was lost");
    assert_eq!(a.name, format!("Ada {}", GAMES - 1));
    assert_eq!(p.profiles.len(), 1 + GAMES / 2, "a profile edit was lost");
    assert_eq!(p.active.as_deref(), Some(ada.id.as_str()));
    assert_eq!(s.list_matches().unwrap().len(), GAMES);
}
