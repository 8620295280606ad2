//! Helpers shared by the storage tests: real games and match files.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use carcassonne_engine::{Game, PlayerKind, Record, RecordPlayer, Setup};
use carcassonne_storage::{CurrentGame, MoveName, Progress, Storage};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Held by each test of a file that starts processes, so that its tests run one at a time: a
/// child between its fork and its exec holds a copy of every open file, a data folder's lock
/// among them, so a test that closed a folder and opens it again could find it still locked.
pub fn one_at_a_time() -> MutexGuard<'static, ()> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// The opponents' ratings the tests open their folders with: a stand-in for the strength
/// curve the app passes (the storage knows no AI), with the levels' measured ratings and the
/// specs the tests name.
pub fn rating_of(name: &str) -> Option<f64> {
    match name {
        "random" => Some(31.0),
        "easy" => Some(571.0),
        "greedy" => Some(1500.0),
        "medium" => Some(1509.0),
        "hard" => Some(1904.0),
        "expert" => Some(2063.0),
        "easy~0.65" => Some(950.0),
        _ => None,
    }
}

pub fn players() -> Vec<RecordPlayer> {
    vec![
        RecordPlayer {
            name: "Ada".into(),
            kind: PlayerKind::Human,
            level: None,
        },
        RecordPlayer {
            name: "Bot".into(),
            kind: PlayerKind::Ai,
            level: Some("hard".into()),
        },
    ]
}

/// Plays `n` random moves (or to the end), keeping the autosave progress as the app does.
pub fn play_random(game: &mut Game, progress: &mut Progress, rng: &mut Pcg64Mcg, n: usize) {
    for _ in 0..n {
        if game.is_over() {
            return;
        }
        let moves = game.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        let spec = MoveName::from_move(game, mv);
        // The named form must name the same move.
        assert_eq!(spec.to_move(game).unwrap(), mv);
        game.play(mv).unwrap();
        progress.played(spec, mv, game);
    }
}

pub fn new_game(seed: u64) -> Game {
    Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed,
    })
    .unwrap()
}

pub fn current(progress: &Progress, id: &str) -> CurrentGame {
    CurrentGame {
        game_id: id.into(),
        profile_id: "p-1".into(),
        profile_name: "Ada".into(),
        started_at: 1_700_000_000,
        human: 0,
        ai_seeds: vec![0, 99],
        record: progress.record.clone(),
        pending: progress.pending.clone(),
        deal_salt: Some("00112233445566778899aabbccddeeff".into()),
        rated: true,
        others: Vec::new(),
        handover: false,
    }
}

pub fn finished_game(seed: u64) -> (Game, Record) {
    let mut game = new_game(seed);
    let mut progress = Progress::new(&game, players());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    play_random(&mut game, &mut progress, &mut rng, usize::MAX);
    assert!(game.is_over());
    (game, progress.record)
}

/// Files a finished game as match `id`.
pub fn file_match(s: &Storage, id: &str, seed: u64) {
    let (game, record) = finished_game(seed);
    s.finish_game(
        &current(&Progress::new(&game, players()), id),
        &record,
        &game,
        false,
    )
    .unwrap();
}

/// A valid autosave a few moves into a game.
pub fn autosave(seed: u64, id: &str) -> CurrentGame {
    let mut game = new_game(seed);
    let mut progress = Progress::new(&game, players());
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    play_random(&mut game, &mut progress, &mut rng, 7);
    current(&progress, id)
}

/// Every file under `dir` (relative paths, sorted) with its content (`None` for non-files).
pub fn snapshot(dir: &Path) -> Vec<(PathBuf, Option<Vec<u8>>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries {
            let p = e.unwrap().path();
            let t = fs::symlink_metadata(&p).unwrap().file_type();
            let rel = p.strip_prefix(dir).unwrap().to_path_buf();
            if t.is_dir() {
                stack.push(p);
                out.push((rel, None));
            } else if t.is_file() {
                out.push((rel, Some(fs::read(&p).unwrap())));
            } else {
                out.push((rel, None));
            }
        }
    }
    out.sort();
    out
}

/// A folder inside `base` whose path is `len` bytes long (deep enough that a file name with
/// a `.corrupt-<time>` suffix no longer fits in the system's path limit, so a file there can
/// be read but not renamed aside — even by root, who ignores permissions).
pub fn deep_folder(base: &Path, len: usize) -> PathBuf {
    let mut p = base.to_path_buf();
    loop {
        let rest = len - p.as_os_str().len() - 1;
        if rest <= 200 {
            p.push("d".repeat(rest));
            break;
        }
        p.push("d".repeat(150));
    }
    assert_eq!(p.as_os_str().len(), len);
    fs::create_dir_all(&p).unwrap();
    p
}

/// The longest path the system accepts (4096 bytes with the final NUL on Linux).
pub const PATH_MAX: usize = 4095;
