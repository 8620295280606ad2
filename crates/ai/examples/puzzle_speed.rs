//! How long a wrong try at a puzzle takes to judge: `cargo run --release -p carcassonne-ai
//! --example puzzle_speed -- [COUNT] [ITERATIONS] [DIR]`.
//!
//! Takes COUNT puzzles (default 50) spread evenly over the sets in DIR (default
//! `lessons/puzzles`), and at each judges, on this thread, the runner-up and one other move
//! (the legal move after the answer in the engine's order that is neither) with
//! [`judge_try`] at ITERATIONS iterations (default the review's 3000). Prints the median,
//! 90th percentile and largest time in milliseconds, and the classes given.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use carcassonne_ai::puzzle::{PuzzleSet, judge_try, same_move};
use carcassonne_ai::review::{Class, ReviewConfig};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let count: usize = arg(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let iterations: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let dir = arg(3).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lessons/puzzles"),
        PathBuf::from,
    );
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the puzzle folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let sets: Vec<PuzzleSet> = files
        .iter()
        .map(|f| PuzzleSet::parse(&std::fs::read_to_string(f).expect("read")).expect("a set"))
        .collect();
    let all: Vec<(usize, usize)> = sets
        .iter()
        .enumerate()
        .flat_map(|(s, set)| (0..set.puzzles.len()).map(move |i| (s, i)))
        .collect();
    let count = count.min(all.len());
    let cfg = ReviewConfig {
        iterations,
        seed: 0,
    };
    let stop = AtomicBool::new(false);
    let (mut ms, mut classes) = (Vec::new(), [0usize; 5]);
    for k in 0..count {
        let (s, i) = all[k * all.len() / count];
        let (set, puzzle) = (&sets[s], &sets[s].puzzles[i]);
        let p = set.position(puzzle).expect("the position");
        let answer = set.answer_move(puzzle, &p).expect("the answer");
        let runner_up = set.runner_up_move(puzzle, &p).expect("the runner-up");
        let other = p
            .game
            .legal_moves()
            .into_iter()
            .find(|&m| !same_move(&p.game, m, answer) && !same_move(&p.game, m, runner_up));
        for tried in std::iter::once(runner_up).chain(other) {
            let t = Instant::now();
            let judged = judge_try(&p, answer, tried, &cfg, &stop).expect("judged");
            ms.push(t.elapsed().as_secs_f64() * 1000.0);
            assert!(!judged.solved);
            let class = Class::ALL
                .iter()
                .position(|&c| c == judged.review.class)
                .unwrap_or(0);
            classes[class] += 1;
        }
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    println!(
        "{} wrong tries at {count} puzzles judged ({iterations} iterations): median {:.0} ms, 90th percentile {:.0} ms, largest {:.0} ms",
        ms.len(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    for (c, n) in Class::ALL.iter().zip(classes) {
        println!("{:<10} {n}", c.name());
    }
}
