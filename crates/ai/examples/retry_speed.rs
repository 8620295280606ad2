//! How long a retry takes to judge: for every decision of seat 0 with a choice in `GAMES`
//! finished games of random moves (deals `FIRST`, `FIRST + 1`, …; 2 players, Abbey & Mayor),
//! the decision is found again in the record ([`position_at`]) and a move other than the
//! one played is judged with the review's default budget ([`judge_try`]), on this thread.
//! Prints the median, 90th percentile and largest time, in milliseconds.
//!
//! `cargo run --release -p carcassonne-ai --example retry_speed -- [GAMES] [FIRST]`

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use carcassonne_ai::review::{ReviewConfig, judge_try, position_at, reviewed_positions};
use carcassonne_engine::{Game, PlayerKind, Record, RecordPlayer, Setup};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("a number"));
    let games = args.next().unwrap_or(3);
    let first = args.next().unwrap_or(500);
    let cfg = ReviewConfig::default();
    let stop = AtomicBool::new(false);
    let mut ms = Vec::new();
    for seed in first..first + games {
        let setup = Setup {
            players: 2,
            abbey_mayor: true,
            seed,
        };
        let mut game = Game::new(&setup).expect("a game");
        game.play_random(&mut Pcg64Mcg::seed_from_u64(seed));
        let player = |kind| RecordPlayer {
            name: "P".into(),
            kind,
            level: None,
        };
        let record = Record::from_game(
            &game,
            vec![player(PlayerKind::Human), player(PlayerKind::Ai)],
        );
        for p in reviewed_positions(&record, 0).expect("a finished game") {
            let t = Instant::now();
            let at = position_at(&record, p.index).expect("the decision");
            let other = at
                .game
                .legal_moves()
                .into_iter()
                .find(|&m| m != at.played)
                .expect("a choice");
            judge_try(&at, other, &cfg, &stop).expect("judged");
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
        }
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} retries judged ({} iterations): median {:.0} ms, 90th percentile {:.0} ms, largest {:.0} ms",
        ms.len(),
        cfg.iterations,
        at(0.5),
        at(0.9),
        at(1.0)
    );
}
