//! A writer killed (SIGKILL on Unix) at random moments always leaves a folder that reads
//! back whole: the autosave resumes, every match file parses, no temporary file is data.

mod common;

use std::collections::BTreeSet;
use std::process::{Command, Stdio};
use std::time::Duration;

use carcassonne_storage::{Progress, Storage};
use common::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// In the child: plays in the folder named by the environment forever, resuming the
/// autosave, saving it after every move and filing the game (resigned) every few moves.
#[test]
fn child_writer() {
    let Some(dir) = std::env::var_os("STORAGE_TEST_KILL_DIR") else {
        return;
    };
    let s = Storage::open(dir, common::rating_of).unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(u64::from(std::process::id()));
    loop {
        let (mut cur, mut game) = match s.load_current().unwrap() {
            Some(found) => found,
            None => {
                let game = new_game(rng.random());
                let id = carcassonne_storage::new_game_id();
                (current(&Progress::new(&game, players()), &id), game)
            }
        };
        let mut progress = Progress {
            record: cur.record.clone(),
            pending: cur.pending.clone(),
        };
        for _ in 0..rng.random_range(1..6) {
            play_random(&mut game, &mut progress, &mut rng, 1);
            cur.record = progress.record.clone();
            cur.pending = progress.pending.clone();
            s.save_current(&cur).unwrap();
        }
        let record = progress.record.clone();
        s.finish_game(&cur, &record, &game, !game.is_over())
            .unwrap();
    }
}

#[test]
fn a_writer_killed_at_any_moment_leaves_a_whole_folder() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(rand::random());
    let mut seen = BTreeSet::new();
    let (mut resumed, mut files) = (0, 0);
    for _ in 0..200 {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "child_writer", "--test-threads=1"])
            .env("STORAGE_TEST_KILL_DIR", dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.random_range(0..20_000)));
        child.kill().unwrap();
        child.wait().unwrap();

        let s = Storage::open(dir.path(), common::rating_of).unwrap();
        if let Some((_, mut game)) = s.load_current().unwrap() {
            // The game resumes: a legal move can be played.
            if !game.is_over() {
                let mv = game.legal_moves()[0];
                game.play(mv).unwrap();
            }
            resumed += 1;
        }
        let list = s.list_matches().unwrap();
        let ids: BTreeSet<String> = list.into_iter().map(|m| m.id).collect();
        assert!(ids.is_superset(&seen), "a filed match was lost");
        for id in ids.difference(&seen) {
            s.load_match(id).unwrap();
        }
        files = files.max(ids.len());
        seen = ids;
        assert!(s.problems().is_empty(), "{:?}", s.problems());
    }
    // The children did write (not only start).
    assert!(
        resumed > 0 && files > 0,
        "resumed {resumed}, matches {files}"
    );
}
