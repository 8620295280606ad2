//! Every lesson in `lessons/` (issue 14): its data reads, ids are unique and orders
//! contiguous, its solution meets the goal, and each wrong try is legal and does not.

use std::path::PathBuf;

use carcassonne_engine::{Lesson, LessonRun, MoveName};

fn lessons() -> Vec<(String, Lesson)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lessons");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&p).unwrap();
            let lesson = Lesson::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, lesson)
        })
        .collect()
}

fn play(lesson: &Lesson, moves: &[MoveName]) -> LessonRun {
    let mut run = LessonRun::new(lesson.clone()).unwrap();
    assert!(
        run.outcome().is_none(),
        "{}: over before any move",
        lesson.id
    );
    for (i, m) in moves.iter().enumerate() {
        run.play(m)
            .unwrap_or_else(|e| panic!("{}: move {} ({m}) refused: {e}", lesson.id, i + 1));
    }
    run
}

#[test]
fn at_least_twelve_lessons_with_unique_ids_and_contiguous_order() {
    let all = lessons();
    assert!(all.len() >= 12, "{} lessons", all.len());
    let mut ids: Vec<_> = all.iter().map(|(_, l)| l.id.clone()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "duplicate ids");
    for (i, (name, l)) in all.iter().enumerate() {
        assert_eq!(l.order as usize, i + 1, "{name}: order");
        let expected = format!("{:02}-{}.json", l.order, l.id);
        assert_eq!(name, &expected, "file name: NN-id.json");
    }
}

#[test]
fn every_text_has_english_and_hungarian() {
    for (name, l) in lessons() {
        for (what, t) in l.texts() {
            assert!(!t.en.trim().is_empty(), "{name}: {what}.en");
            assert!(!t.hu.trim().is_empty(), "{name}: {what}.hu");
            assert_ne!(t.en, t.hu, "{name}: {what} is not translated");
        }
    }
}

#[test]
fn solutions_meet_the_goal() {
    for (name, l) in lessons() {
        let run = play(&l, &l.solution);
        let outcome = run
            .outcome()
            .unwrap_or_else(|| panic!("{name}: the solution leaves moves to make"));
        assert!(
            outcome.passed,
            "{name}: solution fails: {:?}",
            outcome.reason
        );
        assert_eq!(outcome.reason.key, "goal_met");
    }
}

#[test]
fn the_solution_as_shown_names_each_move_as_its_decision_does_and_meets_the_goal() {
    for (name, l) in lessons() {
        let run = LessonRun::new(l.clone()).unwrap();
        let named = run.solution();
        assert_eq!(named.len(), l.solution.len(), "{name}");
        // The same moves: played by these names, the goal is met as well.
        let shown = play(&l, &named);
        assert!(shown.outcome().is_some_and(|o| o.passed), "{name}");
        // Each name is the engine's own for the move at that point (the view offers those).
        let mut again = LessonRun::new(l.clone()).unwrap();
        for m in &named {
            let mv = m.to_move(again.game()).unwrap();
            assert_eq!(&MoveName::from_move(again.game(), mv), m, "{name}: {m}");
            again.play(m).unwrap();
        }
    }
}

#[test]
fn wrong_tries_are_legal_and_fail_the_goal() {
    for (name, l) in lessons() {
        assert!(!l.wrong.is_empty(), "{name}: no wrong try");
        for (i, w) in l.wrong.iter().enumerate() {
            let run = play(&l, w);
            let outcome = run
                .outcome()
                .unwrap_or_else(|| panic!("{name}: wrong try {i} leaves moves to make"));
            assert!(!outcome.passed, "{name}: wrong try {i} meets the goal");
            assert_ne!(outcome.reason.key, "goal_met");
        }
    }
}

#[test]
fn undo_and_restart_give_the_same_game() {
    for (name, l) in lessons() {
        let mut run = LessonRun::new(l.clone()).unwrap();
        let start = run.game().log().len();
        let first = &l.solution[0];
        run.play(first).unwrap();
        assert!(run.undo(), "{name}");
        assert!(run.moves().is_empty());
        assert_eq!(run.game().log().len(), start, "{name}");
        for m in &l.solution {
            run.play(m).unwrap();
        }
        assert!(run.outcome().is_some_and(|o| o.passed), "{name}");
        run.restart();
        assert!(run.outcome().is_none() && run.moves().is_empty(), "{name}");
    }
}

#[test]
fn lesson_files_name_moves_as_the_engine_does() {
    let mut off = Vec::new();
    for (name, l) in lessons() {
        let tries = std::iter::once(&l.solution).chain(l.wrong.iter());
        for (t, moves) in tries.enumerate() {
            let mut run = LessonRun::new(l.clone()).unwrap();
            for m in moves {
                let mv = m.to_move(run.game()).unwrap();
                let own = MoveName::from_move(run.game(), mv);
                if &own != m {
                    off.push(format!("{name} try {t}: {m} is {own}"));
                }
                if run.play(m).is_err() {
                    break;
                }
            }
        }
    }
    assert!(off.is_empty(), "{off:#?}");
}
