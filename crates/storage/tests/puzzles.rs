//! A profile's puzzle progress: a Glicko-2 rating moved by each first try (a solve a win, a
//! miss a loss, against the puzzle's rating), every attempt kept up to a bound, in a
//! versioned per-profile file that a corrupt copy of is set aside and reported; and the
//! choice of the next puzzle.

use std::fs;
use std::path::PathBuf;

use carcassonne_storage::{
    MAX_PUZZLE_ATTEMPTS, MAX_PUZZLES_BYTES, NEAR_PUZZLE_RATING, PuzzleAttempt, PuzzleProgress,
    PuzzleRef, Storage, StorageError, next_puzzle,
};

mod common;

const T0: u64 = 1_800_000_000;

fn puzzles_file(dir: &tempfile::TempDir, profile: &str) -> PathBuf {
    dir.path().join("puzzles").join(format!("{profile}.json"))
}

fn open(dir: &tempfile::TempDir) -> Storage {
    Storage::open(dir.path(), common::rating_of).unwrap()
}

fn puzzle(id: &str, rating: f64, themes: &[&str]) -> PuzzleRef {
    PuzzleRef {
        id: id.into(),
        rating,
        themes: themes.iter().map(|t| (*t).into()).collect(),
    }
}

fn attempt(puzzle: &str, at: u64, solved: bool) -> PuzzleAttempt {
    PuzzleAttempt {
        puzzle: puzzle.into(),
        at,
        solved,
        puzzle_rating: 1500.0,
        rating: 1500.0,
        deviation: 300.0,
    }
}

/// A progress at `rating` that has tried `attempts`.
fn progress(rating: f64, attempts: Vec<PuzzleAttempt>) -> PuzzleProgress {
    PuzzleProgress {
        rating,
        attempts,
        ..PuzzleProgress::new()
    }
}

#[test]
fn a_new_player_starts_at_1500_350_0_06() {
    let p = PuzzleProgress::default();
    assert_eq!(p, PuzzleProgress::new());
    assert_eq!((p.rating, p.deviation, p.volatility), (1500.0, 350.0, 0.06));
    assert!(p.attempts.is_empty());
    assert!(p.history().is_empty());
    assert!(p.solved_ids().is_empty());
}

#[test]
fn no_file_reads_as_none_and_the_first_record_creates_a_versioned_file() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    assert_eq!(s.puzzle_progress(&ada).unwrap(), None);
    assert!(!puzzles_file(&dir, &ada).exists());

    let after = s
        .record_puzzle(&ada, "pz-001", 1500.0, 350.0, true, T0)
        .unwrap();
    // The doc example of Glicko-2: a new player beating a new player of the same rating.
    assert_eq!(after.rating.round(), 1662.0);
    assert_eq!(after.deviation.round(), 290.0);
    assert!(after.volatility > 0.0 && after.volatility <= 0.06);
    assert_eq!(
        after.attempts,
        vec![PuzzleAttempt {
            puzzle: "pz-001".into(),
            at: T0,
            solved: true,
            puzzle_rating: 1500.0,
            rating: after.rating,
            deviation: after.deviation,
        }]
    );

    let text = fs::read_to_string(puzzles_file(&dir, &ada)).unwrap();
    assert!(text.contains("\"schema\": 1"), "{text}");
    assert!(text.contains("\"puzzleRating\": 1500.0"), "{text}");
    assert!(text.contains("\"volatility\""), "{text}");
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["attempts"][0]["puzzle"], "pz-001");
    assert_eq!(json["attempts"][0]["at"], T0);
    assert_eq!(json["attempts"][0]["solved"], true);
    assert_eq!(s.puzzle_progress(&ada).unwrap(), Some(after));
    assert!(s.problems().is_empty(), "{:?}", s.problems());
}

#[test]
fn a_solve_raises_the_rating_and_a_failure_lowers_it_both_narrowing_the_deviation() {
    for puzzle_deviation in [350.0, 80.0, 0.0] {
        let mut won = PuzzleProgress::new();
        won.record("a", 1500.0, puzzle_deviation, true, T0);
        assert!(won.rating > 1500.0, "{won:?}");
        assert!(won.deviation < 350.0, "{won:?}");

        let mut lost = PuzzleProgress::new();
        lost.record("a", 1500.0, puzzle_deviation, false, T0);
        assert!(lost.rating < 1500.0, "{lost:?}");
        assert!(lost.deviation < 350.0, "{lost:?}");
        // Against an equal opponent a win and a loss move the rating by the same amount.
        assert!(((won.rating - 1500.0) - (1500.0 - lost.rating)).abs() < 1e-9);
    }
    // Beating a harder puzzle gains more than beating an easier one; failing an easier one
    // costs more than failing a harder one.
    let gain = |rating: f64, solved: bool| {
        let mut p = PuzzleProgress::new();
        p.record("a", rating, 80.0, solved, T0);
        p.rating - 1500.0
    };
    assert!(gain(1800.0, true) > gain(1500.0, true));
    assert!(gain(1500.0, true) > gain(1200.0, true));
    assert!(gain(1200.0, false) < gain(1800.0, false));
    // The same through the storage, which also keeps the puzzle's rating it was rated by.
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    let first = s.record_puzzle(&ada, "a", 1500.0, 80.0, false, T0).unwrap();
    assert!(first.rating < 1500.0);
    let second = s
        .record_puzzle(&ada, "b", 1400.0, 80.0, true, T0 + 9)
        .unwrap();
    assert!(second.rating > first.rating);
    assert!(second.deviation < first.deviation);
    assert_eq!(second.attempts[1].puzzle_rating, 1400.0);
    assert_eq!(second.attempts[0], first.attempts[0]);
}

#[test]
fn many_solves_converge_upward_to_the_players_strength() {
    // A player who solves every puzzle rated below 1900 and misses every one above, given
    // puzzles around their current rating.
    let mut p = PuzzleProgress::new();
    let mut ratings = vec![p.rating];
    for i in 0..400u64 {
        let offset = (i % 7) as f64 * 50.0 - 150.0;
        let rating = p.rating + offset;
        p.record(&format!("p{i}"), rating, 70.0, rating < 1900.0, T0 + i);
        ratings.push(p.rating);
    }
    assert!((p.rating - 1900.0).abs() < 60.0, "{}", p.rating);
    assert!(p.deviation < 80.0, "{}", p.deviation);
    // Upward: past 1800 within the first 40 attempts, and never far above 1900 afterwards.
    assert!(ratings[..40].iter().any(|&r| r > 1800.0), "{ratings:?}");
    assert!(
        ratings[100..]
            .iter()
            .all(|&r| (1800.0..2000.0).contains(&r))
    );

    // Solving everything at one level: the rating climbs every time, by less and less.
    let mut p = PuzzleProgress::new();
    let mut gains = Vec::new();
    for i in 0..30 {
        let before = p.rating;
        p.record(&format!("q{i}"), 1600.0, 60.0, true, T0);
        gains.push(p.rating - before);
    }
    assert!(gains.iter().all(|&g| g > 0.0), "{gains:?}");
    assert!(gains.windows(2).all(|w| w[1] < w[0]), "{gains:?}");
    assert!(p.rating > 1900.0, "{}", p.rating);
    let deviations: Vec<f64> = p.history().iter().map(|h| h.2).collect();
    assert!(deviations.windows(2).all(|w| w[1] < w[0]), "{deviations:?}");
}

#[test]
fn the_progress_survives_reopening_and_its_history_and_solved_puzzles_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    let bob = s.create_profile("Bob").unwrap().id;
    let results = [
        ("a", 1450.5, true),
        ("b", 1620.25, false),
        ("a", 1450.5, false),
        ("c", 1333.0, true),
    ];
    let mut last = None;
    for (i, (id, rating, solved)) in results.into_iter().enumerate() {
        last = Some(
            s.record_puzzle(&ada, id, rating, 75.0, solved, T0 + i as u64 * 60)
                .unwrap(),
        );
    }
    let last = last.unwrap();
    s.record_puzzle(&bob, "b", 1620.25, 75.0, true, T0).unwrap();
    drop(s);

    let s = open(&dir);
    let read = s.puzzle_progress(&ada).unwrap().unwrap();
    assert_eq!(read, last, "every number reads back exactly");
    assert_eq!(read.attempts.len(), 4);
    assert_eq!(read.solved_ids(), ["a", "c"].into_iter().collect());
    let history = read.history();
    assert_eq!(history.len(), 4);
    assert_eq!(history[0].0, T0);
    assert_eq!(history[3], (T0 + 180, read.rating, read.deviation));
    assert_eq!(s.puzzle_progress(&bob).unwrap().unwrap().attempts.len(), 1);

    // A read-only folder reads it and refuses to change it.
    drop(s);
    let ro = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    assert_eq!(ro.puzzle_progress(&ada).unwrap(), Some(last.clone()));
    assert_eq!(
        ro.record_puzzle(&ada, "d", 1500.0, 80.0, true, T0),
        Err(StorageError::ReadOnly)
    );
    assert_eq!(ro.puzzle_progress(&ada).unwrap(), Some(last));
}

#[test]
fn a_corrupt_puzzle_file_is_set_aside_and_reported_and_the_next_record_starts_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    s.record_puzzle(&ada, "a", 1500.0, 80.0, true, T0).unwrap();
    let path = puzzles_file(&dir, &ada);

    for (n, bad) in [
        "not json",
        "{\"schema\": 1, \"rating\": \"high\"}",
        // Out of the ranges the rating is kept in.
        "{\"schema\": 1, \"rating\": 1500, \"deviation\": 350, \"volatility\": 0, \"attempts\": []}",
        "{\"schema\": 1, \"rating\": 9000, \"deviation\": 350, \"volatility\": 0.06, \"attempts\": []}",
    ]
    .into_iter()
    .enumerate()
    {
        fs::write(&path, bad).unwrap();
        assert_eq!(s.puzzle_progress(&ada).unwrap(), None, "{bad}");
        let problems = s.problems();
        assert_eq!(problems.len(), n + 1, "{problems:?}");
        let problem = &problems[n];
        assert_eq!(problem.file, format!("puzzles/{ada}.json"));
        let moved = problem.moved_to.clone().expect("set aside");
        assert_eq!(fs::read_to_string(dir.path().join(&moved)).unwrap(), bad);
        assert!(!path.exists());
    }
    assert!(
        s.problems()[3].reason.contains("rating 9000"),
        "{:?}",
        s.problems()
    );

    // The next record starts a new rating.
    fs::write(&path, "{\"schema\": 1, \"attempts\": 3}").unwrap();
    let fresh = s.record_puzzle(&ada, "b", 1500.0, 350.0, true, T0).unwrap();
    assert_eq!(fresh.attempts.len(), 1);
    assert_eq!(fresh.rating.round(), 1662.0);
    assert_eq!(s.problems().len(), 5);
    assert_eq!(s.puzzle_progress(&ada).unwrap(), Some(fresh));
}

#[test]
fn a_newer_puzzle_file_is_left_alone_and_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    let path = puzzles_file(&dir, &ada);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let newer = "{\"schema\": 9, \"glicko\": {}}";
    fs::write(&path, newer).unwrap();

    assert!(matches!(
        s.puzzle_progress(&ada),
        Err(StorageError::Newer { schema: 9, .. })
    ));
    assert!(matches!(
        s.record_puzzle(&ada, "a", 1500.0, 80.0, true, T0),
        Err(StorageError::Newer { schema: 9, .. })
    ));
    assert_eq!(fs::read_to_string(&path).unwrap(), newer);
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].moved_to, None);
}

#[test]
fn a_profile_id_that_cannot_be_a_file_name_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    for bad in ["../x", "", "a/b", "a.json", &"x".repeat(65)] {
        assert_eq!(
            s.puzzle_progress(bad),
            Err(StorageError::ProfileNotFound(bad.into()))
        );
        assert_eq!(
            s.record_puzzle(bad, "a", 1500.0, 80.0, true, T0),
            Err(StorageError::ProfileNotFound(bad.into()))
        );
    }
    assert!(!dir.path().join("puzzles").exists());
    assert!(!dir.path().join("x.json").exists());
}

#[test]
fn deleting_a_profile_deletes_its_puzzle_file_only() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    let bob = s.create_profile("Bob").unwrap().id;
    s.record_puzzle(&ada, "a", 1500.0, 80.0, true, T0).unwrap();
    s.record_puzzle(&bob, "a", 1500.0, 80.0, false, T0).unwrap();
    assert!(puzzles_file(&dir, &ada).exists());

    s.delete_profile(&ada).unwrap();
    assert!(!puzzles_file(&dir, &ada).exists());
    assert_eq!(s.puzzle_progress(&ada).unwrap(), None);
    assert_eq!(
        s.puzzle_progress(&bob).unwrap().unwrap().attempts.len(),
        1,
        "another profile's file stays"
    );
    // A profile that never tried a puzzle is deleted as well.
    let cy = s.create_profile("Cy").unwrap().id;
    s.delete_profile(&cy).unwrap();
}

#[test]
fn the_attempts_are_bounded_dropping_the_oldest() {
    let mut p = PuzzleProgress::new();
    for i in 0..MAX_PUZZLE_ATTEMPTS as u64 + 3 {
        p.record(&format!("p{i}"), 1500.0, 80.0, i % 2 == 0, T0 + i);
    }
    assert_eq!(p.attempts.len(), MAX_PUZZLE_ATTEMPTS);
    assert_eq!(p.attempts[0].puzzle, "p3");
    assert_eq!(
        p.attempts.last().unwrap().puzzle,
        format!("p{}", MAX_PUZZLE_ATTEMPTS + 2)
    );

    // Through the storage: a full file takes one more, dropping its oldest, and stays
    // within the size limit.
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    s.record_puzzle(&ada, "first", 1500.0, 80.0, true, T0)
        .unwrap();
    let path = puzzles_file(&dir, &ada);
    let mut full: serde_json::Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    full["attempts"] = serde_json::to_value(&p.attempts).unwrap();
    fs::write(&path, serde_json::to_vec_pretty(&full).unwrap()).unwrap();
    let after = s
        .record_puzzle(&ada, "newest-puzzle-id", 1500.0, 80.0, true, T0 + 99_999)
        .unwrap();
    assert_eq!(after.attempts.len(), MAX_PUZZLE_ATTEMPTS);
    assert_eq!(after.attempts[0].puzzle, "p4");
    assert_eq!(after.attempts.last().unwrap().puzzle, "newest-puzzle-id");
    assert!(fs::metadata(&path).unwrap().len() < MAX_PUZZLES_BYTES);
    assert_eq!(s.puzzle_progress(&ada).unwrap(), Some(after));
}

#[test]
fn attempts_too_large_for_the_file_drop_the_oldest_and_one_too_large_alone_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    let path = puzzles_file(&dir, &ada);
    let long = |c: char| c.to_string().repeat(1_200_000);
    s.record_puzzle(&ada, &long('a'), 1500.0, 80.0, true, T0)
        .unwrap();
    let after = s
        .record_puzzle(&ada, &long('b'), 1500.0, 80.0, false, T0 + 1)
        .unwrap();
    assert_eq!(after.attempts.len(), 1, "both would not fit");
    assert_eq!(after.attempts[0].puzzle, long('b'));
    assert_eq!(after.history().len(), 1);
    let before = fs::read(&path).unwrap();

    let huge = "c".repeat(MAX_PUZZLES_BYTES as usize);
    assert!(matches!(
        s.record_puzzle(&ada, &huge, 1500.0, 80.0, true, T0 + 2),
        Err(StorageError::Io { .. })
    ));
    assert_eq!(fs::read(&path).unwrap(), before, "nothing written");
    assert_eq!(s.puzzle_progress(&ada).unwrap(), Some(after));
}

#[test]
fn numbers_out_of_range_are_brought_into_range_and_never_stored_unreadable() {
    let dir = tempfile::tempdir().unwrap();
    let s = open(&dir);
    let ada = s.create_profile("Ada").unwrap().id;
    let cases = [
        (f64::NAN, f64::NAN),
        (f64::INFINITY, -5.0),
        (f64::NEG_INFINITY, f64::INFINITY),
        (1e300, 1e300),
        (-1e300, 0.0),
    ];
    for (i, (rating, deviation)) in cases.into_iter().enumerate() {
        let p = s
            .record_puzzle(&ada, "x", rating, deviation, i % 2 == 0, T0)
            .unwrap();
        assert!(p.rating.is_finite() && (0.0..=4000.0).contains(&p.rating));
        assert!(p.deviation.is_finite() && (0.0..=350.0).contains(&p.deviation));
        assert!(p.volatility.is_finite() && p.volatility > 0.0);
        let stored = p.attempts.last().unwrap().puzzle_rating;
        assert!((0.0..=4000.0).contains(&stored), "{stored}");
        assert_eq!(s.puzzle_progress(&ada).unwrap(), Some(p));
    }
    // A NaN puzzle rating counts as 1500, so a first solve is as against an equal one.
    let mut p = PuzzleProgress::new();
    p.record("x", f64::NAN, f64::NAN, true, T0);
    assert_eq!(p.rating.round(), 1662.0);
    assert_eq!(p.attempts[0].puzzle_rating, 1500.0);
    // A progress made by hand with values out of range is rated from values in range.
    let mut p = PuzzleProgress {
        rating: f64::NAN,
        deviation: -1.0,
        volatility: 0.0,
        attempts: Vec::new(),
    };
    p.record("x", 1500.0, 80.0, true, T0);
    assert!(p.rating > 1500.0 && p.rating.is_finite());
    assert!(s.problems().is_empty());
}

#[test]
fn the_next_puzzle_is_one_of_the_theme_not_tried_and_rated_near_the_player() {
    let all = vec![
        puzzle("easy-city", 1000.0, &["city"]),
        puzzle("city-1", 1450.0, &["city"]),
        puzzle("city-2", 1600.0, &["city", "farm"]),
        puzzle("city-3", 1690.0, &["city"]),
        puzzle("farm-1", 1500.0, &["farm"]),
        puzzle("hard-city", 2400.0, &["city"]),
    ];
    let fresh = PuzzleProgress::new();
    // Within 200 of 1500: city-1, city-2, city-3 (1690) of the city theme.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let p = next_puzzle(&all, &fresh, Some("city"), seed).unwrap();
        assert!(p.themes.iter().any(|t| t == "city"));
        assert!((p.rating - 1500.0).abs() <= NEAR_PUZZLE_RATING, "{p:?}");
        // The same arguments, the same puzzle.
        assert_eq!(next_puzzle(&all, &fresh, Some("city"), seed), Some(p));
        seen.insert(p.id.as_str());
    }
    assert_eq!(
        seen,
        ["city-1", "city-2", "city-3"].into_iter().collect(),
        "the seed varies the choice among the near ones"
    );
    // Any theme: the near ones of every theme.
    let mut any = std::collections::BTreeSet::new();
    for seed in 0..200 {
        any.insert(next_puzzle(&all, &fresh, None, seed).unwrap().id.as_str());
    }
    assert_eq!(
        any,
        ["city-1", "city-2", "city-3", "farm-1"]
            .into_iter()
            .collect()
    );

    // Tried ones are skipped, solved or not.
    let tried = progress(
        1500.0,
        vec![
            attempt("city-1", T0, true),
            attempt("city-2", T0 + 1, false),
        ],
    );
    for seed in 0..50 {
        assert_eq!(
            next_puzzle(&all, &tried, Some("city"), seed).unwrap().id,
            "city-3"
        );
    }
    // None near: the nearest untried.
    let strong = progress(2250.0, Vec::new());
    for seed in 0..20 {
        assert_eq!(
            next_puzzle(&all, &strong, Some("city"), seed).unwrap().id,
            "hard-city"
        );
        assert_eq!(
            next_puzzle(&all, &strong, Some("farm"), seed).unwrap().id,
            "city-2"
        );
    }
    let weak = progress(500.0, Vec::new());
    assert_eq!(
        next_puzzle(&all, &weak, Some("city"), 7).unwrap().id,
        "easy-city"
    );
}

#[test]
fn when_every_puzzle_was_tried_the_least_recently_tried_unsolved_one_comes_back_then_any() {
    let all = vec![
        puzzle("a", 1500.0, &["city"]),
        puzzle("b", 1500.0, &["city"]),
        puzzle("c", 1500.0, &["city"]),
        puzzle("d", 1500.0, &["road"]),
    ];
    // a missed then solved; b missed long ago; c missed lately; d (another theme) untried.
    let p = progress(
        1500.0,
        vec![
            attempt("b", T0, false),
            attempt("a", T0 + 1, false),
            attempt("c", T0 + 2, false),
            attempt("a", T0 + 3, true),
            attempt("c", T0 + 4, false),
        ],
    );
    for seed in 0..20 {
        assert_eq!(next_puzzle(&all, &p, Some("city"), seed).unwrap().id, "b");
        assert_eq!(next_puzzle(&all, &p, None, seed).unwrap().id, "d");
    }
    // b tried again (missed): now c's last try is the older.
    let mut p2 = p.clone();
    p2.attempts.push(attempt("b", T0 + 5, false));
    assert_eq!(next_puzzle(&all, &p2, Some("city"), 0).unwrap().id, "c");
    // The order of the attempts counts, not their clock: c tried last, with a clock set back.
    let mut p3 = p.clone();
    p3.attempts.push(attempt("b", T0 + 5, false));
    p3.attempts.push(attempt("c", 10, false));
    assert_eq!(next_puzzle(&all, &p3, Some("city"), 0).unwrap().id, "b");
    // All solved: the least recently tried.
    let mut solved = p2.clone();
    solved.attempts.push(attempt("c", T0 + 6, true));
    solved.attempts.push(attempt("b", T0 + 7, true));
    assert_eq!(next_puzzle(&all, &solved, Some("city"), 3).unwrap().id, "a");
    solved.attempts.push(attempt("a", T0 + 8, true));
    assert_eq!(next_puzzle(&all, &solved, Some("city"), 3).unwrap().id, "c");
}

#[test]
fn there_is_no_next_puzzle_without_candidates_of_the_theme() {
    let fresh = PuzzleProgress::new();
    assert_eq!(next_puzzle(&[], &fresh, None, 1), None);
    assert_eq!(next_puzzle(&[], &fresh, Some("city"), 1), None);
    let all = vec![puzzle("a", 1500.0, &["city"]), puzzle("b", 1500.0, &[])];
    assert_eq!(next_puzzle(&all, &fresh, Some("monastery"), 1), None);
    assert_eq!(next_puzzle(&all, &fresh, Some(""), 1), None);
    // A rating that is not a number is never near, but still a candidate.
    let odd = vec![puzzle("nan", f64::NAN, &["city"])];
    assert_eq!(
        next_puzzle(&odd, &fresh, Some("city"), 1).map(|p| p.id.as_str()),
        Some("nan")
    );
}
