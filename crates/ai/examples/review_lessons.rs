//! The lessons as the review's test cases (issue 26, item 3): `cargo run --release -p
//! carcassonne-ai --example review_lessons -- [ITERATIONS] [SEED]`.
//!
//! Every lesson's solution and wrong tries are played from the lesson's position as the lesson
//! plays them (the other seats answering with the lesson's replies, [`LessonRun`]) and each of
//! the learner's decisions with a choice judged by the review's `judge` (ITERATIONS
//! first-pass iterations, default 3000); a try's verdict is its worst decision's. Prints one line per
//! try: the lesson, solution or wrong try, the class, and the loss on both scales.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{Class, decision_seed, judge};
use carcassonne_engine::{Lesson, LessonRun, MoveName, PublicView};

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let iterations: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let seed: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(7);
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
        let tries = std::iter::once((true, lesson.solution.clone()))
            .chain(lesson.wrong.iter().map(|w| (false, w.clone())));
        for (n, (solution, moves)) in tries.enumerate() {
            let mut run = LessonRun::new(lesson.clone()).expect("start");
            let mut worst = (Class::Best, 0.0, 0.0);
            let mut at = String::new();
            for (i, name) in moves.iter().enumerate() {
                let game = run.game().clone();
                let mv = name.to_move(&game).expect("move");
                let view = PublicView::new(&game);
                let v = judge(&view, mv, decision_seed(seed, i as u64), iterations, &stop)
                    .expect("judged");
                if v.class > worst.0 {
                    worst = (v.class, v.win_loss, v.point_loss);
                    at = format!(
                        "move {}: {name} (best {})",
                        i + 1,
                        MoveName::from_move(&game, v.best)
                    );
                }
                run.play(name).expect("legal");
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
