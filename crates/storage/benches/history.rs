//! Criterion benchmark: listing a history of 1,000 finished matches.
//!
//! The folder is built once from real games (random legal moves through the engine, filed
//! with `Storage::import_record`), then `list_matches` is timed on a fresh handle each time.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

use std::hint::black_box;

use carcassonne_engine::{Game, PlayerKind, Record, RecordPlayer, Setup};
use carcassonne_storage::Storage;
use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Matches in the folder.
const MATCHES: usize = 1_000;
/// Distinct games played; each is imported several times (under fresh ids) to reach
/// [`MATCHES`] quickly. Listing cost does not depend on whether records repeat.
const GAMES: usize = 50;

/// A finished game of random legal moves, as a record's JSON.
fn random_game(seed: u64) -> String {
    let players = 2 + (seed % 3) as usize;
    let mut game = Game::new(&Setup {
        players,
        abbey_mayor: seed.is_multiple_of(2),
        seed,
    })
    .expect("setup");
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::new();
    while !game.is_over() {
        game.legal_moves_into(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).expect("legal");
    }
    let names = (0..players).map(|i| RecordPlayer {
        name: if i == 0 {
            "Ada".into()
        } else {
            format!("Bot {i}")
        },
        kind: if i == 0 {
            PlayerKind::Human
        } else {
            PlayerKind::Ai
        },
        level: (i > 0).then(|| "hard".into()),
    });
    Record::from_game(&game, names.collect()).to_json()
}

fn history(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    {
        let s = Storage::open(dir.path(), |_| None).expect("open");
        let games: Vec<String> = (0..GAMES as u64).map(random_game).collect();
        for i in 0..MATCHES {
            s.import_record(&games[i % GAMES]).expect("import");
        }
        assert_eq!(s.list_matches().expect("list").len(), MATCHES);
    }
    let mut group = c.benchmark_group("history");
    group.sample_size(10);
    group.bench_function("list_matches/1000", |b| {
        b.iter(|| {
            let s = Storage::open(dir.path(), |_| None).expect("open");
            let list = s.list_matches().expect("list");
            black_box(list.len())
        })
    });
    group.finish();
}

criterion_group!(benches, history);
criterion_main!(benches);
