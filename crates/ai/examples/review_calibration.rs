//! Calibration and steadiness of the post-game review: `cargo run --release -p carcassonne-ai
//! --example review_calibration -- GAMES [ITERATIONS] [THREADS] [OUT_DIR]`.
//!
//! Plays GAMES 2-player Abbey & Mayor games hard against hard (3000 iterations per decision,
//! arena-style seeds), writes their records to OUT_DIR (default `/tmp/review-calibration`),
//! then reviews both seats of every game with ITERATIONS (default 3000) and the review seeds
//! 1, 2 and 3 (never the AI's own seeds), and prints the class counts, the accuracy, how often
//! a decision's class changes between the seeds, and the time per review.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use carcassonne_ai::review::{Class, ClassCounts, ReviewConfig, decision_seed, review_record};
use carcassonne_ai::{Budget, Level, choose_move};
use carcassonne_engine::{Game, PlayerKind, PublicView, Record, RecordPlayer, Setup};

fn play(deal: u64) -> Record {
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed: 9000 + deal,
    })
    .expect("setup");
    let stop = AtomicBool::new(false);
    let base = 0xCA11_B000 + deal;
    let mut decision = 0u64;
    while game.decision().player().is_some() {
        let mv = choose_move(
            Level::Hard,
            &PublicView::new(&game),
            decision_seed(base, decision),
            Budget::iterations(3000),
            &stop,
        );
        game.play(mv).expect("legal");
        decision += 1;
    }
    let players = (1..=2)
        .map(|i| RecordPlayer {
            name: format!("Hard {i}"),
            kind: PlayerKind::Ai,
            level: Some("hard".into()),
        })
        .collect();
    Record::from_game(&game, players)
}

/// Per game and seat: the classes per review seed, the accuracies and review seconds.
type Reviewed = (Vec<Vec<Class>>, Vec<f64>, Vec<f64>);

fn review_game(record: &Record, seat: usize, iterations: u64) -> Reviewed {
    let stop = AtomicBool::new(false);
    let mut classes = Vec::new();
    let mut acc = Vec::new();
    let mut secs = Vec::new();
    for seed in 1..=3u64 {
        let t = Instant::now();
        let r = review_record(
            record,
            seat,
            &ReviewConfig { iterations, seed },
            &stop,
            |_, _| {},
        )
        .expect("review");
        secs.push(t.elapsed().as_secs_f64());
        acc.push(r.accuracy);
        classes.push(r.decisions.iter().map(|d| d.class).collect());
    }
    (classes, acc, secs)
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let iterations: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let threads: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let out = arg(4).unwrap_or_else(|| "/tmp/review-calibration".into());
    std::fs::create_dir_all(&out).expect("out dir");
    let results: Vec<(u64, Vec<Reviewed>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let out = out.clone();
                s.spawn(move || {
                    let mut mine = Vec::new();
                    for deal in (t..games).step_by(threads as usize) {
                        let record = play(deal);
                        std::fs::write(format!("{out}/hard-{deal}.json"), record.to_json())
                            .expect("write");
                        let seats = (0..2).map(|seat| review_game(&record, seat, iterations));
                        let seats: Vec<Reviewed> = seats.collect();
                        eprintln!("game {deal} reviewed");
                        mine.push((deal, seats));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("thread"))
            .collect()
    });
    let mut counts = ClassCounts::default();
    let (mut changed, mut changed_coarse, mut decisions) = (0usize, 0usize, 0usize);
    let (mut accs, mut secs) = (Vec::new(), Vec::new());
    for (deal, seats) in &results {
        for (seat, (classes, acc, s)) in seats.iter().enumerate() {
            println!(
                "game {deal} seat {seat}: accuracy {acc:.1?}, seconds {s:.1?}, decisions {}",
                classes[0].len()
            );
            accs.extend(acc);
            secs.extend(s);
            for c in classes.iter().flatten() {
                counts.add(*c);
            }
            for i in 0..classes[0].len() {
                let cs: Vec<Class> = classes.iter().map(|c| c[i]).collect();
                decisions += 1;
                changed += usize::from(cs.iter().any(|&c| c != cs[0]));
                let coarse = |c: Class| c.max(Class::Good);
                changed_coarse += usize::from(cs.iter().any(|&c| coarse(c) != coarse(cs[0])));
            }
        }
    }
    let total = counts.total().max(1) as f64;
    println!("classes over all reviews: {counts:?}");
    for c in Class::ALL {
        let n = match c {
            Class::Best => counts.best,
            Class::Good => counts.good,
            Class::Inaccuracy => counts.inaccuracy,
            Class::Mistake => counts.mistake,
            Class::Blunder => counts.blunder,
        };
        println!("  {:<10} {:5.1}%", c.name(), 100.0 * n as f64 / total);
    }
    println!(
        "best or good: {:.1}%",
        100.0 * (counts.best + counts.good) as f64 / total
    );
    println!(
        "mean accuracy {:.1}",
        accs.iter().sum::<f64>() / accs.len().max(1) as f64
    );
    println!(
        "steadiness over 3 seeds: {decisions} decisions, class changed in {:.1}%, \
         changed other than best<->good in {:.1}%",
        100.0 * changed as f64 / decisions.max(1) as f64,
        100.0 * changed_coarse as f64 / decisions.max(1) as f64
    );
    secs.sort_by(f64::total_cmp);
    println!(
        "seconds per review (one seat, {} threads): median {:.1}, max {:.1}",
        threads,
        secs.get(secs.len() / 2).copied().unwrap_or(0.0),
        secs.last().copied().unwrap_or(0.0)
    );
}
