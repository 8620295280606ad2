//! Puzzles: the criteria find a clearly best move and reject a choice among equals, a try is
//! judged (the answer solves at once, a wrong try is an inaccuracy at least with a reason),
//! a malformed set is refused with its own error, and every shipped puzzle sets up and still
//! holds.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use carcassonne_ai::puzzle::{
    self, CANDIDATES, POINT_MARGIN, Puzzle, PuzzleCriteria, PuzzleError, PuzzleGame, PuzzleSet,
    Rejection, Theme, WIN_MARGIN, examine_why, judge_try, recheck, same_move,
};
use carcassonne_ai::review::{
    Class, Position, ReviewConfig, ReviewError, positions, reviewed_positions,
};
use carcassonne_engine::{
    Decision, Game, Lesson, LessonRun, Move, MoveName, PlayerKind, Pos, Record, RecordPlayer,
    Setup, TileInfo, tile_types,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn lessons_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lessons")
}

/// Lesson 4's position (two players; the learner's two knights and the other's one around
/// a hole with a city on every side, which only the drawn `C` fills: placed there it closes
/// the city of five tiles and a pennant, 12 points for the learner's majority; anywhere else
/// the city can never close). With the lesson's solution.
fn closing_position() -> (Position, MoveName) {
    let text = std::fs::read_to_string(lessons_dir().join("04-followers-majorities.json"))
        .expect("lesson 4");
    let lesson = Lesson::parse(&text).expect("a lesson");
    let turns = lesson.record().expect("its record").turns.len();
    let run = LessonRun::new(lesson.clone()).expect("starts");
    let game = run.game().clone();
    assert_eq!(game.decision().player(), Some(0));
    assert_eq!(game.players().len(), 2);
    let answer = lesson.solution[0].clone();
    let played = answer.to_move(&game).expect("a move");
    let p = Position {
        game,
        played,
        turn: turns + 1,
        index: 0,
    };
    (p, answer)
}

#[test]
fn closing_a_big_own_city_is_found_as_a_puzzle() {
    let (p, solution) = closing_position();
    let stop = AtomicBool::new(false);
    let found = examine_why(&p, &PuzzleCriteria::default(), 5, None, &stop).expect("a puzzle");
    let answer = solution.to_move(&p.game).unwrap();
    assert!(same_move(&p.game, found.answer, answer), "{found:?}");
    assert!(!same_move(&p.game, found.runner_up, answer));
    assert!(
        found.win_margin >= WIN_MARGIN && found.point_margin >= POINT_MARGIN,
        "{found:?}"
    );
    assert!(!found.exact && found.compared >= 1 && found.compared <= CANDIDATES);
    assert!(
        found.themes.contains(&Theme::CloseCity),
        "{:?}",
        found.themes
    );
    // The reason names the city closed.
    assert!(
        serde_json::to_string(&found.why).unwrap().contains("city"),
        "{:?}",
        found.why
    );
    // The 12 points now are plain to the one-ply levels already: an easy puzzle.
    assert!(found.rating < 1500.0, "{}", found.rating);
}

#[test]
fn a_choice_among_equal_moves_is_no_puzzle() {
    // The first tile of a game beside the start tile: every placement is about as good.
    let stop = AtomicBool::new(false);
    let cfg = PuzzleCriteria::default();
    for seed in [1, 2] {
        let game = Game::new(&Setup {
            players: 2,
            abbey_mayor: false,
            seed,
        })
        .unwrap();
        let p = Position {
            played: game.legal_moves()[0],
            game,
            turn: 1,
            index: 0,
        };
        let why = examine_why(&p, &cfg, 3, None, &stop).unwrap_err();
        assert!(
            matches!(why, Rejection::Quick | Rejection::Unconfirmed),
            "{why:?}"
        );
    }
    // A decision without a choice.
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: false,
        seed: 4,
    })
    .unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    while game.legal_moves().len() > 1 {
        let moves = game.legal_moves();
        game.play(moves[rand::Rng::random_range(&mut rng, 0..moves.len())])
            .unwrap();
    }
    let p = Position {
        played: game.legal_moves()[0],
        game,
        turn: 1,
        index: 0,
    };
    assert_eq!(
        examine_why(&p, &cfg, 3, None, &stop).unwrap_err(),
        Rejection::NoChoice
    );
}

#[test]
fn the_answer_solves_at_once_and_a_wrong_try_is_an_inaccuracy_at_least() {
    let (p, solution) = closing_position();
    let answer = solution.to_move(&p.game).unwrap();
    let cfg = ReviewConfig::default();
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    let solved = judge_try(&p, answer, answer, &cfg, &stop).unwrap();
    assert!(t.elapsed().as_millis() < 100, "{:?}", t.elapsed());
    assert!(solved.solved);
    assert_eq!(solved.review.class, Class::Best);
    assert_eq!(solved.review.iterations, 0);
    assert_eq!(solved.review.played, solution);
    assert_eq!(solved.review.best, solution);
    assert_eq!(solved.review.why, None);
    // The lesson's wrong try: the tile placed elsewhere, the city left open for good.
    let wrong = MoveName::Place {
        x: 0,
        y: 2,
        rotation: 0,
    }
    .to_move(&p.game)
    .unwrap();
    let t = Instant::now();
    let missed = judge_try(&p, answer, wrong, &cfg, &stop).unwrap();
    let took = t.elapsed();
    assert!(!missed.solved);
    assert!(missed.review.class >= Class::Inaccuracy, "{missed:?}");
    assert!(missed.review.severity >= 1.0 && missed.review.accuracy < 40.0);
    assert_eq!(missed.review.best, solution);
    assert!(missed.review.iterations >= cfg.iterations, "{missed:?}");
    assert!(missed.review.why.is_some(), "{missed:?}");
    assert!(took.as_secs_f64() < 2.0, "{took:?}");
    // The same try, the same verdict.
    assert_eq!(judge_try(&p, answer, wrong, &cfg, &stop).unwrap(), missed);
    // A move the decision does not have.
    let illegal = Move::Place {
        pos: Pos::new(40, 40),
        rot: 0,
    };
    assert_eq!(
        judge_try(&p, answer, illegal, &cfg, &stop).unwrap_err(),
        ReviewError::IllegalTry
    );
    assert_eq!(
        judge_try(&p, answer, Move::NoFigure, &cfg, &stop).unwrap_err(),
        ReviewError::IllegalTry
    );
}

#[test]
fn a_symmetric_tile_turned_half_way_is_the_same_move() {
    // Every tile's distinct rotations are the first 1, 2 or 4: what `same_move` relies on.
    for info in tile_types() {
        let r: Vec<u16> = info.rotations().collect();
        assert!([1, 2, 4].contains(&r.len()), "{}", info.id());
        assert_eq!(r, (0..r.len() as u16).map(|q| 90 * q).collect::<Vec<_>>());
    }
    // The straight road (`U`, two rotations) drawn first, beside the start tile.
    let u = TileInfo::by_id("U").unwrap().tile_type();
    let d = TileInfo::by_id("D").unwrap().tile_type();
    let setup = Setup {
        players: 2,
        abbey_mayor: false,
        seed: 0,
    };
    let game = Game::with_pile(&setup, &[u, d, d]).unwrap();
    assert!(matches!(game.decision(), Decision::PlaceTile { tile, .. } if tile == u));
    let legal = game.legal_moves();
    let Move::Place { pos, rot } = legal[0] else {
        panic!("a placement");
    };
    let turned = Move::Place {
        pos,
        rot: (rot + 2) % 4,
    };
    let quarter = Move::Place {
        pos,
        rot: (rot + 1) % 4,
    };
    assert!(!legal.contains(&turned), "the engine lists one of the two");
    assert!(same_move(&game, legal[0], turned));
    assert!(!same_move(&game, legal[0], quarter));
    assert!(!same_move(
        &game,
        legal[0],
        Move::Place {
            pos: Pos::new(pos.x + 9, pos.y),
            rot
        }
    ));
    assert_eq!(puzzle::legal_equal(&game, turned), Some(legal[0]));
    // Turned half way, the answer solves the puzzle.
    let p = Position {
        game: game.clone(),
        played: legal[0],
        turn: 1,
        index: 0,
    };
    let stop = AtomicBool::new(false);
    let t = judge_try(&p, legal[0], turned, &ReviewConfig::default(), &stop).unwrap();
    assert!(t.solved && t.review.class == Class::Best);
    // The start tile (`D`, four distinct rotations) turned half way is another move.
    let game = Game::with_pile(&setup, &[d, u]).unwrap();
    let a = Move::Place {
        pos: Pos::new(0, 1),
        rot: 0,
    };
    let b = Move::Place {
        pos: Pos::new(0, 1),
        rot: 2,
    };
    assert!(!same_move(&game, a, b));
}

/// A small valid set: a finished game of random moves and one puzzle on a decision of
/// seat 0 with a choice (its answer and runner-up two of its moves).
fn small_set() -> PuzzleSet {
    let setup = Setup {
        players: 2,
        abbey_mayor: true,
        seed: 21,
    };
    let mut game = Game::new(&setup).unwrap();
    game.play_random(&mut Pcg64Mcg::seed_from_u64(21));
    let player = |name: &str| RecordPlayer {
        name: name.into(),
        kind: PlayerKind::Ai,
        level: Some("random".into()),
    };
    let record = Record::from_game(&game, vec![player("A"), player("B")]);
    let p = reviewed_positions(&record, 0).unwrap().swap_remove(5);
    let moves = p.game.legal_moves();
    let d = p.game.decision();
    let puzzle = Puzzle {
        id: "t2-001".into(),
        game: "t2-g001".into(),
        index: p.index,
        turn: p.turn,
        player: 0,
        decision: d.name().into(),
        tile: match d {
            Decision::PlaceTile { tile, .. } => Some(TileInfo::of(tile).id().into()),
            _ => None,
        },
        answer: MoveName::from_move(&p.game, moves[0]),
        runner_up: MoveName::from_move(&p.game, moves[1]),
        themes: vec![Theme::Follower],
        rating: 1500.0,
        deviation: 150.0,
        win_margin: 0.12,
        point_margin: 5.0,
        why: None,
    };
    PuzzleSet {
        games: vec![PuzzleGame {
            id: "t2-g001".into(),
            record,
        }],
        puzzles: vec![puzzle],
        ..PuzzleSet::default()
    }
}

#[test]
fn a_malformed_set_is_refused_with_its_own_error() {
    let good = small_set();
    let text = good.to_json();
    let back = PuzzleSet::parse(&text).expect("a valid set reads");
    assert_eq!(back, good);
    let p = back.position(&back.puzzles[0]).unwrap();
    assert!(back.answer_move(&back.puzzles[0], &p).is_ok());
    let bad = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        change(&mut v);
        PuzzleSet::parse(&v.to_string()).unwrap_err()
    };
    assert!(matches!(
        PuzzleSet::parse("{\"format\": "),
        Err(PuzzleError::Json(_))
    ));
    assert!(matches!(
        bad(&|v| v["puzzles"][0]["answer"] = serde_json::json!({"type": "jump"})),
        PuzzleError::Json(_)
    ));
    assert_eq!(
        bad(&|v| v["format"] = "carcassonne-puzzles/2".into()),
        PuzzleError::Format("carcassonne-puzzles/2".into())
    );
    assert_eq!(
        bad(&|v| v["puzzles"][0]["game"] = "t2-g404".into()),
        PuzzleError::UnknownGame {
            id: "t2-001".into(),
            game: "t2-g404".into()
        }
    );
    assert_eq!(
        bad(&|v| {
            let copy = v["puzzles"][0].clone();
            v["puzzles"].as_array_mut().unwrap().push(copy);
        }),
        PuzzleError::DuplicateId("t2-001".into())
    );
    assert_eq!(
        bad(&|v| v["puzzles"][0]["answer"] =
            serde_json::json!({"type": "place", "x": 90, "y": 90, "rotation": 0})),
        PuzzleError::IllegalAnswer {
            id: "t2-001".into()
        }
    );
    assert_eq!(
        bad(&|v| v["puzzles"][0]["runnerUp"] = serde_json::json!({"type": "pass"})),
        PuzzleError::IllegalAnswer {
            id: "t2-001".into()
        }
    );
    for change in [
        &(|v: &mut serde_json::Value| v["puzzles"][0]["index"] = 100_000.into())
            as &dyn Fn(&mut serde_json::Value),
        &|v| v["puzzles"][0]["player"] = 1.into(),
        &|v| v["puzzles"][0]["turn"] = 1.into(),
        &|v| v["puzzles"][0]["decision"] = "move_wagon".into(),
    ] {
        assert!(
            matches!(bad(change), PuzzleError::Position { ref id, .. } if id == "t2-001"),
            "{:?}",
            bad(change)
        );
    }
    // A game that is not finished.
    assert!(matches!(
        bad(&|v| {
            v["games"][0]["record"]["end"] = false.into();
        }),
        PuzzleError::Record { ref game, .. } if game == "t2-g001"
    ));
    // Every error has a message id of its own.
    let keys: std::collections::HashSet<&str> = PuzzleError::examples()
        .iter()
        .map(carcassonne_engine::Message::key)
        .collect();
    assert_eq!(keys.len(), PuzzleError::examples().len());
}

/// Every shipped set, by file name.
fn shipped() -> Vec<(String, PuzzleSet)> {
    let dir = lessons_dir().join("puzzles");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("lessons/puzzles")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).expect("read");
            let set = PuzzleSet::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, set)
        })
        .collect()
}

#[test]
fn every_shipped_puzzle_sets_up_with_a_legal_answer_and_a_theme() {
    let sets = shipped();
    let mut names: Vec<&str> = sets.iter().map(|(n, _)| n.as_str()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "abbey-mayor-2p.json",
            "abbey-mayor-3p.json",
            "abbey-mayor-4p.json",
            "base-2p.json",
            "base-3p.json",
            "base-4p.json"
        ]
    );
    let mut ids = std::collections::HashSet::new();
    let mut total = 0;
    for (name, set) in &sets {
        assert!(!set.puzzles.is_empty(), "{name} has no puzzle");
        let players: usize = name
            .trim_end_matches("p.json")
            .rsplit('-')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let abbey_mayor = name.starts_with("abbey-mayor");
        for g in &set.games {
            assert_eq!(g.record.players.len(), players, "{name} {}", g.id);
            assert_eq!(
                g.record.expansions.is_empty(),
                !abbey_mayor,
                "{name} {}",
                g.id
            );
            assert!(positions(&g.record).is_ok(), "{}", g.id);
        }
        for p in &set.puzzles {
            total += 1;
            assert!(ids.insert(p.id.clone()), "{} twice", p.id);
            let at = set.position(p).unwrap_or_else(|e| panic!("{e}"));
            let answer = set.answer_move(p, &at).unwrap();
            let runner_up = set.runner_up_move(p, &at).unwrap();
            assert!(at.game.legal_moves().contains(&answer), "{}", p.id);
            assert!(!same_move(&at.game, answer, runner_up), "{}", p.id);
            assert_eq!(at.game.decision().player(), Some(p.player as u8));
            assert!(!p.themes.is_empty(), "{} has no theme", p.id);
            assert!(
                p.win_margin >= 0.07 && p.point_margin >= 3.0,
                "{}: {} {}",
                p.id,
                p.win_margin,
                p.point_margin
            );
            assert!((600.0..=2400.0).contains(&p.rating) && p.deviation > 0.0);
        }
    }
    assert!(total >= 300, "{total} puzzles shipped");
}

#[test]
fn shipped_puzzles_still_hold_at_a_higher_budget() {
    let sets = shipped();
    // Six puzzles, spread over the sets, the same every time.
    let mut picked = Vec::new();
    for (k, (_, set)) in sets.iter().enumerate() {
        let n = set.puzzles.len();
        if n > 0 {
            picked.push((set, &set.puzzles[(k * 7919 + 13) % n]));
        }
    }
    let cfg = PuzzleCriteria {
        iterations: 6000,
        win_margin: WIN_MARGIN / 2.0,
        point_margin: POINT_MARGIN / 2.0,
        candidates: CANDIDATES,
        rate: false,
    };
    let stop = AtomicBool::new(false);
    let t = Instant::now();
    for (set, p) in picked {
        let at = set.position(p).unwrap();
        let answer = set.answer_move(p, &at).unwrap();
        let runner_up = set.runner_up_move(p, &at).unwrap();
        let check = recheck(&at, answer, runner_up, &cfg, 99, &stop).expect("checked");
        assert!(check.still_best, "{}: {check:?}", p.id);
        assert!(check.compared >= 1);
    }
    assert!(t.elapsed().as_secs() < 40, "{:?}", t.elapsed());
}
