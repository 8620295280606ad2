//! The lessons as the review's test cases (issue 26, item 3): `cargo run --release -p
//! carcassonne-ai --example review_lessons -- [ITERATIONS] [SEED] [LESSON_ID]`.
//!
//! Every lesson's solution and wrong tries are judged by `review::review_lesson_try`
//! (ITERATIONS first-pass iterations, default 3000; the test `tests/review_lessons.rs`
//! asserts the verdicts at seed 7); a try's verdict is its worst decision's. Prints one line
//! per try: the lesson, solution or wrong try, the class, and the loss on both scales; with
//! LESSON_ID, only that lesson, and every decision's verdict too.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{Class, ReviewConfig, review_lesson_try};
use carcassonne_engine::Lesson;

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let iterations: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let seed: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let only = arg(3);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lessons");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("lessons")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let stop = AtomicBool::new(false);
    let (mut wrong_ok, mut wrong_n, mut sol_ok, mut sol_n) = (0, 0, 0, 0);
    for path in files {
        let lesson = Lesson::parse(&std::fs::read_to_string(&path).expect("read")).expect("lesson");
        if only.as_ref().is_some_and(|id| *id != lesson.id) {
            continue;
        }
        let tries = std::iter::once((true, lesson.solution.clone()))
            .chain(lesson.wrong.iter().map(|w| (false, w.clone())));
        for (n, (solution, moves)) in tries.enumerate() {
            let cfg = ReviewConfig { iterations, seed };
            let steps = review_lesson_try(&lesson, &moves, &cfg, &stop).expect("judged");
            let mut worst = (Class::Best, 0.0, 0.0);
            let mut at = String::new();
            for (i, s) in steps.iter().enumerate() {
                let v = &s.verdict;
                if only.is_some() {
                    println!(
                        "  move {}: {}: {} (best {}), win loss {:.3}, points {:.1}",
                        i + 1,
                        s.played,
                        v.class.name(),
                        s.best,
                        v.win_loss,
                        v.point_loss
                    );
                }
                if v.class > worst.0 {
                    worst = (v.class, v.win_loss, v.point_loss);
                    at = format!("move {}: {} (best {})", i + 1, s.played, s.best);
                }
            }
            let good = if solution {
                worst.0 <= Class::Good
            } else {
                worst.0 >= Class::Inaccuracy
            };
            if solution {
                (sol_ok, sol_n) = (sol_ok + usize::from(good), sol_n + 1);
            } else {
                (wrong_ok, wrong_n) = (wrong_ok + usize::from(good), wrong_n + 1);
            }
            println!(
                "{:<22} {:<9} {:<10} win loss {:.3} points {:5.1} {} {}",
                lesson.id,
                if solution {
                    "solution".to_string()
                } else {
                    format!("wrong {n}")
                },
                worst.0.name(),
                worst.1,
                worst.2,
                if good {
                    ""
                } else {
                    "<- not as the lesson says"
                },
                at
            );
        }
    }
    println!(
        "solutions best or good: {sol_ok} of {sol_n}; wrong tries inaccuracy or worse: {wrong_ok} of {wrong_n}"
    );
}
