//! `profiles.json` of schema 1 (ratings against the old fixed level ratings) is migrated when
//! first read: each profile's Elo is recomputed from its stored matches, oldest first, with
//! the ratings of the lookup the folder was opened with (the app's strength curve; here a
//! stand-in, `common::rating_of`), each match's `ratingAfter` rewritten, and the file written
//! back as schema 2; other statistics are kept; a read-only folder is migrated in memory only.

mod common;

use std::fs;
use std::path::Path;

use carcassonne_storage::profile::{START_RATING, level_rating};
use carcassonne_storage::{GameOutcome, MatchMeta, PROFILES_SCHEMA, Rating, Storage};
use serde_json::{Value, json};

fn read(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
}

fn write(path: &Path, v: &Value) {
    fs::write(path, serde_json::to_vec_pretty(v).unwrap()).unwrap();
}

/// A profile file as the version before the migration wrote it.
fn old_profiles() -> Value {
    json!({
        "schema": 1,
        "active": "p-1",
        "profiles": [
            {"id": "p-1", "name": "Ada", "created": "2025-01-01T00:00:00Z",
             "stats": {"games": 3, "wins": 2, "losses": 1, "draws": 0, "resigned": 0,
                       "averageScore": 80.0, "bestScore": 99, "totalScore": 240,
                       "byLevel": {"hard": {"games": 3, "wins": 2, "losses": 1, "draws": 0}},
                       "rating": {"elo": 1234.5, "games": 3}},
             "lessonsDone": ["farms"]},
            {"id": "p-2", "name": "Bob", "created": "2025-01-01T00:00:00Z",
             "stats": {"games": 1, "wins": 0, "losses": 1, "draws": 0, "resigned": 0,
                       "averageScore": 10.0, "bestScore": 10, "totalScore": 10,
                       "byLevel": {}, "rating": {"elo": 1111.0, "games": 1}}}
        ]
    })
}

/// Files three matches of p-1 (dated out of file-name order, one with a spec opponent and
/// one resigned) and an imported one, all with the old `ratingAfter` 1.0.
fn old_matches(s: &Storage, dir: &Path) -> Vec<String> {
    let ids = ["g-c", "g-a", "g-b"];
    for (i, id) in ids.iter().enumerate() {
        common::file_match(s, id, 40 + i as u64);
    }
    let imported = s
        .import_record(&s.load_match("g-a").unwrap().0.record.to_json())
        .unwrap();
    // Dates: g-a first, g-b second, g-c last; g-b against a spec, g-c resigned.
    for (id, day, level, resigned) in [
        ("g-a", 1, "hard", false),
        ("g-b", 2, "easy~0.65", false),
        ("g-c", 3, "medium", true),
    ] {
        let path = dir.join("matches").join(format!("{id}.json"));
        let mut m = read(&path);
        m["meta"]["date"] = json!(format!("2025-02-0{day}T00:00:00Z"));
        m["meta"]["ratingAfter"] = json!(1.0);
        m["meta"]["resigned"] = json!(resigned);
        m["meta"]["opponents"][0]["level"] = json!(level);
        m["meta"]["players"][1]["level"] = json!(level);
        write(&path, &m);
    }
    let path = dir.join("matches").join(format!("{}.json", imported.id));
    let mut m = read(&path);
    m["meta"]["date"] = json!("2025-01-15T00:00:00Z");
    write(&path, &m);
    vec!["g-a".into(), "g-b".into(), "g-c".into(), imported.id]
}

/// What the migration should compute: the matches in date order through `Rating::update`.
fn expected(metas: &[MatchMeta]) -> (f64, Vec<f64>) {
    let mut rating = Rating::default();
    let mut after = Vec::new();
    for m in metas {
        let outcome = GameOutcome {
            score: m.scores[0],
            opponents: m
                .opponents
                .iter()
                .map(|o| (o.level.clone(), m.scores[o.seat]))
                .collect(),
            resigned: m.resigned,
            luck: None,
            people: Vec::new(),
        };
        rating.update(&outcome, common::rating_of);
        after.push(rating.elo);
    }
    (rating.elo, after)
}

#[test]
fn old_profiles_are_rerated_from_their_matches_once() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ids = old_matches(&s, dir.path());
    let profiles = dir.path().join("profiles.json");
    write(&profiles, &old_profiles());
    let metas: Vec<MatchMeta> = ["g-a", "g-b", "g-c"]
        .iter()
        .map(|id| s.load_match(id).unwrap().0.meta)
        .collect();
    let (elo, after) = expected(&metas);
    assert_ne!(elo, 1234.5);
    // The spec opponent is rated by the folder's lookup, not as an unknown level.
    assert_ne!(level_rating(common::rating_of, "easy~0.65"), START_RATING);

    // A read-only folder sees the migrated ratings but changes nothing.
    let before = common::snapshot(dir.path());
    let ro = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    let p = ro.profile("p-1").unwrap();
    assert_eq!(p.stats.rating.elo, elo);
    assert_eq!(common::snapshot(dir.path()), before);

    let p = s.profile("p-1").unwrap();
    assert_eq!(p.stats.rating.elo, elo);
    // Everything else is kept: the games counted, the results, the lessons.
    assert_eq!(p.stats.rating.games, 3);
    assert_eq!(
        (p.stats.games, p.stats.wins, p.stats.best_score),
        (3, 2, 99)
    );
    assert_eq!(p.lessons_done, ["farms"]);
    // A profile without stored matches keeps its rating.
    assert_eq!(s.profile("p-2").unwrap().stats.rating.elo, 1111.0);
    // The file is schema 2 now, the matches' points rewritten; the imported one untouched.
    assert_eq!(read(&profiles)["schema"], json!(PROFILES_SCHEMA));
    for (id, want) in ids.iter().zip(&after) {
        assert_eq!(
            s.load_match(id).unwrap().0.meta.rating_after,
            Some(*want),
            "{id}"
        );
    }
    assert_eq!(s.load_match(&ids[3]).unwrap().0.meta.rating_after, None);
    assert!(s.problems().is_empty(), "{:?}", s.problems());

    // Migrated once: a later read leaves the (now schema 2) ratings alone.
    let mut file = read(&profiles);
    file["profiles"][0]["stats"]["rating"]["elo"] = json!(1500.0);
    write(&profiles, &file);
    assert_eq!(s.profile("p-1").unwrap().stats.rating.elo, 1500.0);
    // And a game filed now counts from there with the same ratings.
    common::file_match(&s, "g-d", 77);
    let p = s.profile("p-1").unwrap();
    assert_eq!(p.stats.rating.games, 4);
    assert_eq!(
        s.load_match("g-d").unwrap().0.meta.rating_after,
        Some(p.stats.rating.elo)
    );
}
