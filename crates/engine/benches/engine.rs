//! Criterion benchmarks: legal placement generation, whole random games, and the board-reading
//! aids on a late-game position.

// criterion's macros generate undocumented functions.
#![allow(missing_docs)]

use std::hint::black_box;

use carcassonne_engine::{Decision, Game, Move, Pos, Setup};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A mid-game position: `turns` random placements into a seeded game, at a tile decision.
fn midgame(seed: u64, turns: usize) -> Game {
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: false,
        seed,
    })
    .expect("setup");
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut placed = 0;
    let mut moves = Vec::new();
    while placed < turns || !matches!(game.decision(), Decision::PlaceTile { .. }) {
        game.legal_moves_into(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        placed += usize::from(matches!(mv, Move::Place { .. }));
        game.play(mv).expect("legal");
    }
    game
}

fn placements(c: &mut Criterion) {
    let game = midgame(3, 40);
    let mut moves = Vec::with_capacity(256);
    c.bench_function("placements/midgame-40", |b| {
        b.iter(|| {
            game.legal_moves_into(&mut moves);
            black_box(moves.len())
        })
    });
}

fn random_games(c: &mut Criterion) {
    for (name, abbey_mayor) in [
        ("random-game/base", false),
        ("random-game/abbey-mayor", true),
    ] {
        let mut seed = 0u64;
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                let mut game = Game::new(&Setup {
                    players: 2,
                    abbey_mayor,
                    seed,
                })
                .expect("setup");
                game.set_logging(false);
                black_box(game.play_random(&mut Pcg64Mcg::seed_from_u64(seed)))
            })
        });
    }
}

/// The board-reading aids after 65 of the 71 tiles: what the app computes after every move.
fn aids(c: &mut Criterion) {
    let game = midgame(3, 65);
    // Every segment on the board: the odds of each feature, asked once per segment.
    let spots: Vec<(Pos, u8)> = game
        .board()
        .tiles()
        .iter()
        .flat_map(|t| {
            (0..9u8)
                .take_while(|&s| game.feature_at(t.pos, s).is_some())
                .map(|s| (t.pos, s))
        })
        .collect();
    c.bench_function("aids/unseen+dead-squares/late-65", |b| {
        b.iter(|| black_box((game.unseen(), game.dead_squares())))
    });
    c.bench_function("aids/odds-every-segment/late-65", |b| {
        b.iter(|| {
            for &(pos, seg) in &spots {
                black_box(game.completion_odds(pos, seg));
            }
        })
    });
}

criterion_group!(benches, placements, random_games, aids);
criterion_main!(benches);
