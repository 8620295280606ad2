//! The luck of the draw is kept with a finished match (the analysis in the match file, the
//! human's net luck in its metadata) and summed in the profile's statistics; a match filed
//! before luck was measured gets it later without changing the profile.

mod common;

use carcassonne_storage::{FiledLuck, Progress, Storage};
use common::*;

#[test]
fn a_weighed_game_keeps_its_luck_in_the_match_and_the_profile() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap();
    let analysis = serde_json::json!({"formula": 1, "draws": [{"turn": 2, "points": -4.5}]});
    for (i, net) in [(1, -4.5), (2, 7.0)] {
        let (game, record) = finished_game(i);
        let mut cur = current(&Progress::new(&game, players()), &format!("g-{i}"));
        cur.profile_id.clone_from(&ada.id);
        let luck = FiledLuck {
            analysis: analysis.clone(),
            net_points: Some(net),
            by_seat: vec![net, -net],
        };
        let (meta, _) = s
            .finish_game_weighed(&cur, &record, &game, false, Some(&luck))
            .unwrap();
        assert_eq!(meta.luck, Some(net));
    }
    let (m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!(m.luck, Some(analysis.clone()));
    assert_eq!(m.meta.luck, Some(-4.5));
    let listed = s.list_matches().unwrap();
    assert!(listed.iter().all(|m| m.luck.is_some()));
    let p = s.profiles().unwrap();
    let stats = &p.profiles.iter().find(|q| q.id == ada.id).unwrap().stats;
    assert_eq!((stats.games, stats.luck_games), (2, 2));
    assert!((stats.luck_points - 2.5).abs() < 1e-12);

    // A game filed without luck counts in the games, not in the luck.
    let (game, record) = finished_game(3);
    let mut cur = current(&Progress::new(&game, players()), "g-3");
    cur.profile_id.clone_from(&ada.id);
    s.finish_game(&cur, &record, &game, false).unwrap();
    let (m, _, _) = s.load_match("g-3").unwrap();
    assert_eq!((m.luck, m.meta.luck), (None, None));
    let p = s.profiles().unwrap();
    let stats = &p.profiles.iter().find(|q| q.id == ada.id).unwrap().stats;
    assert_eq!((stats.games, stats.luck_games), (3, 2));

    // Weighed later (when opened): the match has it, the profile is unchanged.
    let meta = s.save_luck("g-3", &analysis, Some(1.5)).unwrap();
    assert_eq!(meta.luck, Some(1.5));
    let (m, _, _) = s.load_match("g-3").unwrap();
    assert_eq!(m.luck, Some(analysis));
    let again = s.profiles().unwrap();
    assert_eq!(again, p);
    assert!(s.save_luck("g-9", &1, None).is_err(), "no such match");
    assert!(s.problems().is_empty(), "{:?}", s.problems());
}

#[test]
fn files_and_profiles_written_before_luck_read_as_none() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    file_match(&s, "g-1", 1);
    let path = dir.path().join("matches/g-1.json");
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    v["meta"].as_object_mut().unwrap().remove("luck");
    std::fs::write(&path, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
    let (m, _, _) = s.load_match("g-1").unwrap();
    assert_eq!((m.luck, m.meta.luck), (None, None));
    let stats: carcassonne_storage::profile::Stats = serde_json::from_str(
        r#"{"games":1,"wins":1,"losses":0,"draws":0,"resigned":0,"averageScore":50.0,
            "bestScore":50,"totalScore":50,"byLevel":{},"rating":{"elo":1210.0,"games":1}}"#,
    )
    .unwrap();
    assert_eq!((stats.luck_games, stats.luck_points), (0, 0.0));
}

#[test]
fn a_deal_played_again_counts_in_the_statistics_not_in_the_rating() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap();
    let (game, record) = finished_game(4);
    let mut cur = current(&Progress::new(&game, players()), "g-chosen");
    cur.profile_id.clone_from(&ada.id);
    cur.rated = false;
    let (meta, change) = s.finish_game_rated(&cur, &record, &game, false).unwrap();
    assert_eq!((meta.rated, meta.rating_after, change), (false, None, None));
    let p = s.profiles().unwrap();
    let stats = &p.profiles.iter().find(|q| q.id == ada.id).unwrap().stats;
    assert_eq!(stats.games, 1);
    assert_eq!(
        stats.rating,
        carcassonne_storage::profile::Rating::default(),
        "unrated"
    );
    assert_eq!(stats.by_level.values().map(|l| l.games).sum::<u32>(), 1);
    // The same game on a dealt deal moves the rating.
    let mut cur = current(&Progress::new(&game, players()), "g-dealt");
    cur.profile_id.clone_from(&ada.id);
    let (meta, change) = s.finish_game_rated(&cur, &record, &game, false).unwrap();
    assert!(meta.rated && meta.rating_after.is_some() && change.is_some());
    // The listing keeps the flag; older files read as rated.
    let listed = s.list_matches().unwrap();
    let flag = |id: &str| listed.iter().find(|m| m.id == id).unwrap().rated;
    assert_eq!((flag("g-chosen"), flag("g-dealt")), (false, true));
    // An autosave of a deal played again keeps its flag; one written before reads as rated.
    let mut save = autosave(5, "g-save");
    save.rated = false;
    let text = serde_json::to_value(&save).unwrap();
    assert_eq!(text["rated"], false);
    let mut old = text.clone();
    old.as_object_mut().unwrap().remove("rated");
    let back: carcassonne_storage::CurrentGame = serde_json::from_value(old).unwrap();
    assert!(back.rated);
    assert!(serde_json::to_value(&back).unwrap().get("rated").is_none());
}
