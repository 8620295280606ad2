//! The lessons are the review's test cases (issue 26, item 3): reviewed as positions, every
//! lesson's solution is best or good at each decision, and every wrong try has a decision
//! that is an inaccuracy or worse.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{Class, ReviewConfig, review_lesson_try};
use carcassonne_engine::Lesson;

fn lessons() -> Vec<Lesson> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lessons");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| Lesson::parse(&std::fs::read_to_string(p).unwrap()).unwrap())
        .collect()
}

#[test]
fn every_solution_reviews_as_best_or_good_and_every_wrong_try_as_an_inaccuracy_or_worse() {
    let stop = AtomicBool::new(false);
    // The seed of `crates/ai/RESULTS.md`'s figures (which give seed 8 too).
    let cfg = ReviewConfig {
        seed: 7,
        ..ReviewConfig::default()
    };
    let (mut solutions, mut wrong) = (0, 0);
    let mut failures = Vec::new();
    for lesson in lessons() {
        let solution = review_lesson_try(&lesson, &lesson.solution, &cfg, &stop).unwrap();
        for s in &solution {
            if s.verdict.class > Class::Good {
                failures.push(format!(
                    "{}: the solution's {} is {} (best {}, {:.1} points, {:.3} win chance)",
                    lesson.id,
                    s.played,
                    s.verdict.class.name(),
                    s.best,
                    s.verdict.point_loss,
                    s.verdict.win_loss
                ));
            }
        }
        solutions += 1;
        for (n, moves) in lesson.wrong.iter().enumerate() {
            let steps = review_lesson_try(&lesson, moves, &cfg, &stop).unwrap();
            let worst = steps.iter().map(|s| s.verdict.class).max();
            if worst < Some(Class::Inaccuracy) {
                failures.push(format!(
                    "{}: wrong try {} is at worst {:?}",
                    lesson.id,
                    n + 1,
                    worst
                ));
            }
            wrong += 1;
        }
    }
    assert!(
        solutions >= 14 && wrong >= 17,
        "{solutions} solutions, {wrong} wrong tries"
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_try_the_lesson_refuses_is_an_error_at_its_move() {
    let lesson = lessons()
        .into_iter()
        .find(|l| l.id == "mayor-no-pennants")
        .unwrap();
    let mut moves = lesson.solution.clone();
    moves.truncate(1);
    moves.push(moves[0].clone()); // the tile again, where a figure is due
    let stop = AtomicBool::new(false);
    let err = review_lesson_try(&lesson, &moves, &ReviewConfig::default(), &stop).unwrap_err();
    assert!(
        matches!(err, carcassonne_ai::ReviewError::Log { turn: 2, .. }),
        "{err:?}"
    );
}
