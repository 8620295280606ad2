//! How stable the search's choice is across seeds: `cargo run --release -p carcassonne-ai
//! --example stability -- ITERATIONS [VARIANT]`. Positions come from greedy self-play; for
//! each tile placement decision the search runs with 5 seeds, and the example prints how
//! often the seeds agree with the most common choice.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::mcts::{self, Config};
use carcassonne_ai::{Budget, Level, Limits, choose_move};
use carcassonne_engine::{Decision, Game, PublicView, Setup};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let iterations: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3000);
    let c: f64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.5);
    let cfg = Config {
        exploration: c,
        ..Config::default()
    };
    let stop = AtomicBool::new(false);
    let (mut agree, mut total) = (0usize, 0usize);
    for deal in 0..4u64 {
        let setup = Setup {
            players: 2,
            abbey_mayor: true,
            seed: 500 + deal,
        };
        let mut game = Game::new(&setup).unwrap();
        let mut n = 0u64;
        while game.decision().player().is_some() {
            let view = PublicView::new(&game);
            let moves = view.legal_moves();
            if n % 9 == 4
                && matches!(game.decision(), Decision::PlaceTile { .. })
                && moves.len() > 4
            {
                let mut counts: HashMap<String, usize> = HashMap::new();
                for seed in 0..5u64 {
                    let mut rng = Pcg64Mcg::seed_from_u64(seed);
                    let limits = Limits::new(Budget::iterations(iterations), &stop);
                    let mv = mcts::search(&view, &moves, &mut rng, &limits, &cfg);
                    *counts.entry(format!("{mv:?}")).or_default() += 1;
                }
                let top = counts.values().copied().max().unwrap_or(0);
                agree += top;
                total += 5;
                println!(
                    "deal {deal} decision {n}: {} moves, top choice {top}/5",
                    moves.len()
                );
            }
            let mv = choose_move(Level::Greedy, &view, n, Budget::default(), &stop);
            game.play(mv).unwrap();
            n += 1;
        }
    }
    println!(
        "iterations {iterations} c {c}: agreement {:.3}",
        agree as f64 / total as f64
    );
}
