//! The training queue ("Retry your mistakes"): mistakes added once, spaced repetition after
//! a failure (1, 3, 7, 21 days), retired once learnt, kept per profile in a versioned file
//! that a corrupt copy of is set aside and reported.

use std::fs;

use carcassonne_storage::{Drill, INTERVALS_DAYS, Storage, StorageError};

mod common;

const DAY: u64 = 86_400;
const T0: u64 = 1_800_000_000;

fn mistake(match_id: &str, index: u64) -> Drill {
    Drill::new(match_id, index, 5, "place_tile", "mistake", T0)
}

#[test]
fn a_mistake_solved_at_once_is_learnt_and_a_failed_one_comes_back_after_1_3_7_21_days() {
    let d = mistake("g-1", 7);
    assert!(d.is_due(T0));
    let learnt = d.after(true, T0);
    assert_eq!(learnt.retired, Some(T0));
    assert!(!learnt.is_due(T0 + 100 * DAY));

    let mut d = d.after(false, T0);
    assert_eq!((d.step, d.due, d.retries, d.solved), (1, T0 + DAY, 1, 0));
    assert!(!d.is_due(T0 + DAY - 1));
    assert!(d.is_due(T0 + DAY));
    // Each solve waits longer: 3, 7, then 21 days; the fourth solve retires it.
    for (k, days) in INTERVALS_DAYS.iter().enumerate().skip(1) {
        let now = d.due;
        d = d.after(true, now);
        assert_eq!(d.step as usize, k + 1);
        assert_eq!(d.due, now + days * DAY, "step {k}");
        assert_eq!(d.retired, None);
    }
    let now = d.due;
    d = d.after(true, now);
    assert_eq!(d.retired, Some(now));
    assert_eq!((d.retries, d.solved), (5, 4));

    // A failure at any step starts the waits again.
    let d = mistake("g-1", 7)
        .after(false, T0)
        .after(true, T0 + DAY)
        .after(true, T0 + 4 * DAY)
        .after(false, T0 + 11 * DAY);
    assert_eq!((d.step, d.due), (1, T0 + 12 * DAY));
}

#[test]
fn mistakes_are_added_once_and_retries_are_kept_per_profile() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap().id;
    let bob = s.create_profile("Bob").unwrap().id;
    assert_eq!(s.training(&ada).unwrap(), None);

    let added = s
        .add_drills(
            &ada,
            [mistake("g-1", 3), mistake("g-1", 9), mistake("g-1", 3)],
        )
        .unwrap();
    assert_eq!(added, 2, "the same decision twice is one drill");
    assert_eq!(s.add_drills(&ada, [mistake("g-1", 9)]).unwrap(), 0);
    // A profile whose mistakes were gathered has a file even when none was new.
    assert_eq!(s.add_drills(&bob, []).unwrap(), 0);
    assert_eq!(s.training(&bob).unwrap().unwrap().drills, vec![]);

    let after = s.record_retry(&ada, &mistake("g-1", 9), false, T0).unwrap();
    assert_eq!((after.step, after.due), (1, T0 + DAY));
    let t = s.training(&ada).unwrap().unwrap();
    assert_eq!(t.due(T0).len(), 1, "only the one not retried is due now");
    assert_eq!(t.due(T0)[0].index, 3);
    assert_eq!(t.later(T0).len(), 1);
    assert_eq!(t.due(T0 + DAY).len(), 2);

    // Solved at once: learnt, and never added again from the same review.
    s.record_retry(&ada, &mistake("g-1", 3), true, T0).unwrap();
    assert_eq!(s.add_drills(&ada, [mistake("g-1", 3)]).unwrap(), 0);
    let t = s.training(&ada).unwrap().unwrap();
    assert_eq!(t.learnt(), 1);
    assert!(t.due(T0 + 30 * DAY).iter().all(|d| d.index != 3));

    // A retry of a mistake the queue does not have adds it with the result.
    let new = s.record_retry(&ada, &mistake("g-2", 1), false, T0).unwrap();
    assert_eq!(new.retries, 1);
    assert_eq!(s.training(&ada).unwrap().unwrap().drills.len(), 3);

    // Deleting a match forgets its drills; the other profile's file is untouched.
    s.forget_drills(&ada, "g-1").unwrap();
    let t = s.training(&ada).unwrap().unwrap();
    assert_eq!(t.drills.len(), 1);
    assert_eq!(t.drills[0].match_id, "g-2");
    assert_eq!(s.training(&bob).unwrap().unwrap().drills, vec![]);
    drop(s);

    // It all survives reopening the folder; deleting a profile deletes its training.
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(s.training(&ada).unwrap().unwrap().drills, t.drills);
    s.delete_profile(&ada).unwrap();
    assert_eq!(s.training(&ada).unwrap(), None);
    assert!(s.training(&bob).unwrap().is_some());
}

#[test]
fn a_corrupt_training_file_is_set_aside_and_reported_and_a_newer_one_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap().id;
    s.add_drills(&ada, [mistake("g-1", 3)]).unwrap();
    let path = dir.path().join("training").join(format!("{ada}.json"));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"schema\": 1"), "{text}");

    fs::write(&path, "{\"schema\": 1, \"drills\": [{\"matchId\": 3}]}").unwrap();
    assert_eq!(s.training(&ada).unwrap(), None);
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let moved = problems[0].moved_to.clone().expect("set aside");
    assert!(dir.path().join(&moved).exists(), "{moved}");
    assert!(!path.exists());
    // The queue starts again.
    assert_eq!(s.add_drills(&ada, [mistake("g-1", 3)]).unwrap(), 1);

    fs::write(&path, "{\"schema\": 9, \"drills\": []}").unwrap();
    assert!(matches!(
        s.training(&ada),
        Err(StorageError::Newer { schema: 9, .. })
    ));
    assert!(matches!(
        s.add_drills(&ada, [mistake("g-1", 4)]),
        Err(StorageError::Newer { .. })
    ));
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "{\"schema\": 9, \"drills\": []}"
    );

    // A profile id that cannot be a file name is refused, and nothing is written.
    assert!(matches!(
        s.add_drills("../x", [mistake("g-1", 4)]),
        Err(StorageError::ProfileNotFound(_))
    ));
    drop(s);
    let ro = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    assert!(matches!(
        ro.record_retry(&ada, &mistake("g-1", 4), true, T0),
        Err(StorageError::ReadOnly)
    ));
}
