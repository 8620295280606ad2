//! A game of several people at one device (pass and play): its autosave, and its filing for
//! every person, each in their own history, statistics and rating.

mod common;

use std::fs;

use carcassonne_engine::{Game, PlayerKind, RecordPlayer, Setup};
use carcassonne_storage::{CurrentGame, Progress, Storage, StorageError, TableSeat};
use common::{play_random, rating_of};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn person(name: &str) -> RecordPlayer {
    RecordPlayer {
        name: name.into(),
        kind: PlayerKind::Human,
        level: None,
    }
}

fn ai(name: &str, level: &str) -> RecordPlayer {
    RecordPlayer {
        name: name.into(),
        kind: PlayerKind::Ai,
        level: Some(level.into()),
    }
}

/// Ada (host, seat 1) and Bob (seat 0) with two AIs (seats 2, 3), or `ais` AIs fewer.
fn table(seed: u64, ais: usize) -> (Game, Progress) {
    let mut players = vec![person("Bob"), person("Ada")];
    players.extend(
        [ai("Berta", "greedy"), ai("Conrad", "hard")]
            .into_iter()
            .take(ais),
    );
    let game = Game::new(&Setup {
        players: players.len(),
        abbey_mayor: true,
        seed,
    })
    .unwrap();
    let progress = Progress::new(&game, players);
    (game, progress)
}

fn current(s: &Storage, progress: &Progress, id: &str) -> CurrentGame {
    let profiles = s.profiles().unwrap().profiles;
    let id_of = |name: &str| profiles.iter().find(|p| p.name == name).unwrap().id.clone();
    CurrentGame {
        game_id: id.into(),
        profile_id: id_of("Ada"),
        profile_name: "Ada".into(),
        started_at: 1_700_000_000,
        human: 1,
        ai_seeds: vec![0; progress.record.players.len()],
        record: progress.record.clone(),
        pending: progress.pending.clone(),
        deal_salt: None,
        rated: true,
        others: vec![TableSeat {
            seat: 0,
            profile_id: id_of("Bob"),
            profile_name: "Bob".into(),
        }],
        handover: true,
    }
}

/// The autosave of a table keeps every person's seat and the hand-over, in a file of the
/// table's schema (an older version leaves it alone), and comes back exactly, mid-turn too.
#[test]
fn a_tables_autosave_comes_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), rating_of).unwrap();
    s.create_profile("Ada").unwrap();
    s.create_profile("Bob").unwrap();
    let (mut game, mut progress) = table(3, 2);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let mut mid_turn = 0;
    for _ in 0..60 {
        play_random(&mut game, &mut progress, &mut rng, 1);
        let cur = current(&s, &progress, "g-table");
        s.save_current(&cur).unwrap();
        let text = fs::read_to_string(dir.path().join("current.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["schema"], 3);
        assert_eq!(v["others"][0]["profileName"], "Bob");
        assert_eq!(v["handover"], true);
        let (back, back_game) = s.load_current().unwrap().unwrap();
        assert_eq!(back, cur);
        assert_eq!(back_game.decision(), game.decision());
        assert_eq!(
            back.people().iter().map(|p| p.seat).collect::<Vec<_>>(),
            [0, 1]
        );
        mid_turn += usize::from(!cur.pending.is_empty());
    }
    assert!(mid_turn > 5, "only {mid_turn} saves mid-turn");
    // A game of one person is still schema 1, without the table's keys.
    let mut solo = current(&s, &progress, "g-solo");
    solo.others.clear();
    solo.handover = false;
    s.save_current(&solo).unwrap();
    let text = fs::read_to_string(dir.path().join("current.json")).unwrap();
    assert!(
        text.contains("\"schema\": 1") && !text.contains("others") && !text.contains("handover")
    );
}

/// An autosave whose people do not fit (one profile in two seats, two people in one seat, a
/// seat outside the game) is set aside and reported, not resumed.
#[test]
fn a_table_that_does_not_fit_is_set_aside() {
    for (i, fault) in ["two seats", "one seat", "outside"].into_iter().enumerate() {
        let dir = tempfile::tempdir().unwrap();
        let s = Storage::open(dir.path(), rating_of).unwrap();
        s.create_profile("Ada").unwrap();
        s.create_profile("Bob").unwrap();
        let (_, progress) = table(4, 2);
        let mut cur = current(&s, &progress, "g-table");
        match fault {
            "two seats" => cur.others[0].profile_id.clone_from(&cur.profile_id),
            "one seat" => cur.others[0].seat = 1,
            _ => cur.others[0].seat = 4,
        }
        s.save_current(&cur).unwrap();
        let err = s.load_current().unwrap_err();
        assert!(
            matches!(err, StorageError::Corrupt { .. }),
            "{fault}: {err:?}"
        );
        let problems = s.problems();
        assert_eq!(problems.len(), 1, "{fault}");
        assert!(
            problems[0].reason.contains("the people's seats"),
            "{i}: {problems:?}"
        );
        assert!(problems[0].moved_to.is_some());
        assert!(s.load_current().unwrap().is_none());
    }
}

/// A finished table is filed once for each person: the host's match under the game's id,
/// Bob's under `<id>-1`, each with its own seat, result and rating (moved against the two
/// AIs only), each in its own profile's statistics, where a win counts against everyone.
#[test]
fn a_finished_table_is_filed_for_every_person() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap();
    let bob = s.create_profile("Bob").unwrap();
    let (mut game, mut progress) = table(5, 2);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    play_random(&mut game, &mut progress, &mut rng, usize::MAX);
    let cur = current(&s, &progress, "g-table");
    s.save_current(&cur).unwrap();
    let filed = s
        .finish_table(&cur, &progress.record, &game, None, None)
        .unwrap();
    assert!(
        s.load_current().unwrap().is_none(),
        "the autosave is removed"
    );
    let scores = game.scores();
    let best = *scores.iter().max().unwrap();
    let expect = |seat: usize| {
        let top = scores.iter().filter(|&&x| x == best).count();
        if scores[seat] < best {
            "lost"
        } else if top == 1 {
            "won"
        } else {
            "drawn"
        }
    };
    assert_eq!(filed.len(), 2);
    let ids: Vec<_> = filed.iter().map(|(m, _)| m.id.as_str()).collect();
    assert_eq!(ids, ["g-table", "g-table-1"]);
    for ((meta, change), (seat, profile)) in filed.iter().zip([(1, &ada), (0, &bob)]) {
        assert_eq!(meta.seat, Some(seat));
        assert_eq!(meta.person(), Some(seat));
        assert_eq!(meta.profile_id.as_deref(), Some(profile.id.as_str()));
        assert_eq!(meta.result.as_deref(), Some(expect(seat)));
        assert!(meta.rated);
        // Rated against the AIs (seats 2 and 3), not the other person.
        let change = change.as_ref().unwrap();
        let seats: Vec<_> = change.opponents.iter().map(|o| o.seat).collect();
        assert_eq!(seats, [2, 3]);
        assert_eq!(meta.rating_after, Some(change.after));
        let text =
            fs::read_to_string(dir.path().join(format!("matches/{}.json", meta.id))).unwrap();
        assert!(text.contains("\"schema\": 3"), "{}", meta.id);
        let (m, _, _) = s.load_match(&meta.id).unwrap();
        assert_eq!(m.meta, *meta);
        let stats = &s.profile(&profile.id).unwrap().stats;
        assert_eq!(stats.games, 1);
        assert_eq!(stats.best_score, scores[seat]);
        assert_eq!(
            (stats.wins, stats.draws, stats.losses),
            match expect(seat) {
                "won" => (1, 0, 0),
                "drawn" => (0, 1, 0),
                _ => (0, 0, 1),
            }
        );
        assert_eq!(stats.by_level.values().map(|l| l.games).sum::<u32>(), 2);
        assert_eq!(stats.rating.elo, change.after);
    }
    // Each history lists its own match (the app filters the listing by profile).
    let listed = s.list_matches().unwrap();
    assert_eq!(listed.len(), 2);
    for (meta, _) in &filed {
        assert!(listed.contains(meta));
    }
}

/// A table of people alone moves no rating (no opponent of known strength) but counts in
/// the statistics; one cut short by a resignation is resigned for that person, and filed for
/// the other as it stood, not rated.
#[test]
fn people_alone_and_a_resignation() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap();
    let bob = s.create_profile("Bob").unwrap();
    let (mut game, mut progress) = table(6, 0);
    let mut rng = Pcg64Mcg::seed_from_u64(6);
    play_random(&mut game, &mut progress, &mut rng, usize::MAX);
    let cur = current(&s, &progress, "g-two");
    let filed = s
        .finish_table(&cur, &progress.record, &game, None, None)
        .unwrap();
    for (meta, change) in &filed {
        assert!(!meta.rated && change.is_none() && meta.rating_after.is_none());
    }
    for p in [&ada, &bob] {
        let stats = s.profile(&p.id).unwrap().stats;
        assert_eq!((stats.games, stats.rating.games), (1, 0));
        assert_eq!(stats.wins + stats.draws + stats.losses, 1);
    }
    // Two AIs, Bob resigns 30 moves in.
    let (mut game, mut progress) = table(7, 2);
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    play_random(&mut game, &mut progress, &mut rng, 30);
    // The record up to the last whole entry, as the app files a resigned game.
    let game = progress.record.replay().unwrap();
    let cur = current(&s, &progress, "g-quit");
    let filed = s
        .finish_table(&cur, &progress.record, &game, Some(0), None)
        .unwrap();
    let (host, host_change) = &filed[0];
    let (quitter, quitter_change) = &filed[1];
    assert_eq!((quitter.seat, quitter.resigned), (Some(0), true));
    assert_eq!(quitter.result.as_deref(), Some("resigned"));
    assert!(
        quitter.rated && quitter_change.is_some(),
        "a resignation counts"
    );
    assert_eq!((host.seat, host.resigned), (Some(1), false));
    assert!(!host.winners.contains(&0));
    assert!(!host.rated && host_change.is_none(), "cut short by another");
    assert_eq!(host.winners, quitter.winners);
    let stats = s.profile(&bob.id).unwrap().stats;
    assert_eq!((stats.resigned, stats.rating.games), (1, 1));
    let stats = s.profile(&ada.id).unwrap().stats;
    assert_eq!((stats.games, stats.rating.games), (2, 0));
}
