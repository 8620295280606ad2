//! Perft-style counts: from fixed positions (a seeded pile and seeded random moves), the
//! number of legal decision sequences of depth 1 to 3, kept as data in `tests/perft.json`.
//! `PERFT_BLESS=1 cargo test --test perft` rewrites the file after an intended change.

use carcassonne_engine::{Game, Move, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, PartialEq, Eq, Debug)]
struct Position {
    seed: u64,
    players: usize,
    abbey_mayor: bool,
    /// Random moves played from the start (seeded by `seed`).
    moves: usize,
    /// Legal sequences of depth 1, 2 and 3.
    counts: [u64; 3],
}

fn perft(game: &Game, depth: u32) -> u64 {
    let mut g = game.clone();
    g.set_logging(false);
    let moves = g.legal_moves();
    if depth == 1 || moves.is_empty() {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = g.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

fn position(seed: u64, players: usize, abbey_mayor: bool, moves: usize) -> Game {
    let mut game = Game::new(&Setup {
        players,
        abbey_mayor,
        seed,
    })
    .expect("setup");
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..moves {
        let legal: Vec<Move> = game.legal_moves();
        game.play(legal[rng.random_range(0..legal.len())])
            .expect("legal");
    }
    game
}

#[test]
fn perft_counts_match_the_data() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft.json");
    let specs: Vec<(u64, usize, bool, usize)> = vec![
        (1, 2, false, 0),
        (2, 2, false, 21),
        (3, 3, false, 60),
        (4, 2, true, 0),
        (5, 4, true, 45),
        (6, 2, true, 90),
        (7, 5, true, 120),
    ];
    let computed: Vec<Position> = specs
        .into_iter()
        .map(|(seed, players, abbey_mayor, moves)| {
            let g = position(seed, players, abbey_mayor, moves);
            let counts = [perft(&g, 1), perft(&g, 2), perft(&g, 3)];
            Position {
                seed,
                players,
                abbey_mayor,
                moves,
                counts,
            }
        })
        .collect();
    if std::env::var_os("PERFT_BLESS").is_some() {
        std::fs::write(&path, serde_json::to_string_pretty(&computed).unwrap()).unwrap();
    }
    let stored: Vec<Position> =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("perft.json"))
            .expect("valid perft data");
    assert_eq!(computed, stored);
}
