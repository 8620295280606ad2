//! The view builders' tests: wagon targets, what placements build, odds and dead squares.

use carcassonne_engine::{Decision, FigureKind, Game, Move, Pos, Setup, TileInfo};

use crate::api::{DecisionView, PlaceRef};
use crate::view::{aids, decision_view, odds, score_events};

fn ty(id: &str) -> u8 {
    TileInfo::by_id(id).unwrap().tile_type()
}

fn play(game: &mut Game, mv: Move) {
    game.play(mv).unwrap();
}

fn place(game: &mut Game, x: i16, y: i16, rot: u8) {
    if matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
        play(game, Move::Draw);
    }
    play(
        game,
        Move::Place {
            pos: Pos::new(x, y),
            rot,
        },
    );
}

fn figure(game: &mut Game, kind: FigureKind, x: i16, y: i16, on: &str) {
    let spot = game.board().segment_named(Pos::new(x, y), on).unwrap();
    play(game, Move::Figure { kind, spot });
}

fn refs(list: &[PlaceRef]) -> Vec<(i32, i32, &str)> {
    list.iter().map(|r| (r.x, r.y, r.on.as_str())).collect()
}

/// Start tile D at (0, 0): a city north, a road west–east. Ada (seat 0) puts her wagon on
/// a road running east, Berta extends it east, Ada closes it at the west end; her wagon
/// comes back next to the start tile's open city and the new tile's open roads.
fn wagon_position() -> Game {
    let pile = ["U", "W", "W", "E", "B", "U"].map(ty);
    let setup = Setup {
        players: 2,
        abbey_mayor: true,
        seed: 1,
    };
    let mut g = Game::with_pile(&setup, &pile).unwrap();
    place(&mut g, 1, 0, 0);
    figure(&mut g, FigureKind::Wagon, 1, 0, "E");
    place(&mut g, 2, 0, 0);
    play(&mut g, Move::NoFigure);
    place(&mut g, -1, 0, 0);
    play(&mut g, Move::NoFigure);
    g
}

#[test]
fn wagon_targets_name_their_feature_direction_and_segments() {
    let g = wagon_position();
    let DecisionView::MoveWagon { from, targets, .. } = decision_view(&g, 0) else {
        panic!("the wagon comes back: {:?}", g.decision());
    };
    assert_eq!((from.x, from.y), (1, 0));
    let got: Vec<_> = targets
        .iter()
        .map(|t| {
            (
                t.feature.as_str(),
                t.toward.as_deref(),
                t.tiles,
                t.finished,
                t.owners.len(),
                refs(&t.segments),
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("road", Some("E"), 1, false, 0, vec![(2, 0, "E")]),
            ("road", Some("E"), 1, false, 0, vec![(2, 0, "S")]),
            ("city", Some("W"), 1, false, 0, vec![(0, 0, "N")]),
        ]
    );
}

#[test]
fn a_moved_wagon_says_where_it_went_as_its_target_did() {
    let mut g = wagon_position();
    let DecisionView::MoveWagon { targets, .. } = decision_view(&g, 0) else {
        panic!("the wagon comes back: {:?}", g.decision());
    };
    let target = targets.iter().find(|t| t.feature == "city").unwrap();
    let pos = Pos::new(target.x as i16, target.y as i16);
    let seg = g.board().segment_named(pos, &target.on).unwrap();
    play(&mut g, Move::WagonTo { pos, seg });
    let events = score_events(&g);
    let moved = events.iter().find(|e| e.kind == "wagon_moved").unwrap();
    assert_eq!(moved.toward.as_deref(), Some("W"));
    assert_eq!(moved.toward, target.toward);
    // Only a moved wagon says where it went: no other event has the key.
    let json = serde_json::to_value(&events).unwrap();
    for e in json.as_array().unwrap() {
        assert_eq!(e.get("toward").is_some(), e["type"] == "wagon_moved", "{e}");
    }
}

#[test]
fn placements_say_what_they_start_extend_and_close() {
    let mut g = wagon_position();
    let to = g.board().segment_named(Pos::new(2, 0), "E").unwrap();
    play(
        &mut g,
        Move::WagonTo {
            pos: Pos::new(2, 0),
            seg: to,
        },
    );
    // Berta closes the start tile's city and takes it; Ada starts a monastery.
    place(&mut g, 0, -1, 2);
    figure(&mut g, FigureKind::Follower, 0, -1, "S");
    place(&mut g, 0, 1, 0);
    play(&mut g, Move::NoFigure);
    let events = score_events(&g);
    let builds = |x: i32, y: i32| -> Vec<(String, String, Vec<String>, String)> {
        let e = events
            .iter()
            .find(|e| e.kind == "tile_placed" && e.x == Some(x) && e.y == Some(y))
            .unwrap();
        e.builds
            .iter()
            .map(|b| {
                (
                    b.kind.clone(),
                    b.action.clone(),
                    b.toward.clone(),
                    b.on.clone(),
                )
            })
            .collect()
    };
    let b = |kind: &str, action: &str, toward: &[&str], on: &str| {
        let toward = toward.iter().map(|s| s.to_string()).collect();
        (kind.to_string(), action.to_string(), toward, on.to_string())
    };
    assert_eq!(builds(1, 0), vec![b("road", "extends", &["E"], "E")]);
    // Extended east, and not the tile that closed the road later.
    assert_eq!(
        builds(2, 0),
        vec![
            b("road", "starts", &[], "E"),
            b("road", "starts", &[], "S"),
            b("road", "extends", &["E"], "W"),
        ]
    );
    let west = builds(-1, 0);
    assert!(west.contains(&b("road", "closes", &["W"], "E")), "{west:?}");
    assert_eq!(builds(0, -1), vec![b("city", "closes", &["N"], "S")]);
    assert_eq!(
        builds(0, 1),
        vec![b("monastery", "starts", &[], "monastery")]
    );

    let figures: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind.as_str(), "figure_placed" | "wagon_moved"))
        .map(|e| (e.kind.as_str(), e.figure.as_deref(), e.feature.as_deref()))
        .collect();
    assert_eq!(
        figures,
        vec![
            ("figure_placed", Some("wagon"), Some("road")),
            ("wagon_moved", Some("wagon"), Some("road")),
            ("figure_placed", Some("follower"), Some("city")),
        ]
    );
    let scored: Vec<_> = events
        .iter()
        .filter_map(|e| {
            e.scored
                .as_ref()
                .map(|s| (s.feature.as_str(), s.players.clone(), refs(&e.segments)))
        })
        .collect();
    assert_eq!(
        scored,
        vec![
            (
                "road",
                vec![0],
                vec![(0, 0, "E"), (1, 0, "E"), (2, 0, "W"), (-1, 0, "E")]
            ),
            ("city", vec![1], vec![(0, 0, "N"), (0, -1, "S")]),
        ]
    );
    // Events that are not placements, figures or scorings carry none of these facts.
    let bare = events.iter().find(|e| e.kind == "figure_returned").unwrap();
    assert!(bare.builds.is_empty() && bare.segments.is_empty() && bare.feature.is_none());
}

/// The odds answer and the board's doomed-feature marking agree: every feature a dead
/// square lists is doomed by that square in `game_odds`, and every doomed answer names
/// dead squares that list a feature of its kind, with the same abbey flag.
#[test]
fn odds_are_doomed_exactly_where_the_dead_squares_say() {
    let (mut doomed_seen, mut several) = (0, 0);
    for seed in 0..6u64 {
        let mut game = Game::new(&Setup {
            players: 2 + (seed % 3) as usize,
            abbey_mayor: seed % 2 == 0,
            seed,
        })
        .unwrap();
        let mut k = seed;
        let mut turn = 0;
        while !game.is_over() {
            let legal = game.legal_moves();
            k = k.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            play(&mut game, legal[(k >> 33) as usize % legal.len()]);
            turn += 1;
            if turn % 25 != 0 && !game.is_over() {
                continue;
            }
            let dead = aids(&game).dead;
            for d in &dead {
                for f in &d.features {
                    let o = odds(&game, f.x.into(), f.y.into(), &f.on).unwrap();
                    assert!(o.doomed, "{f:?}");
                    assert!(o.dead.iter().any(|c| (c.x, c.y) == (d.x, d.y)));
                    assert_eq!(o.abbey_may_fill, d.abbey_may_fill);
                }
            }
            for t in game.board().tiles() {
                for seg in (0u8..).take_while(|&s| game.completion_odds(t.pos, s).is_some()) {
                    let on = game.board().segment_name(t.pos, seg);
                    let o = odds(&game, t.pos.x.into(), t.pos.y.into(), on).unwrap();
                    assert_eq!(o.doomed, !o.dead.is_empty());
                    if !o.doomed {
                        assert!(!o.abbey_may_fill);
                        continue;
                    }
                    doomed_seen += 1;
                    several += usize::from(o.completion == "several_tiles");
                    for c in &o.dead {
                        let d = dead.iter().find(|d| (d.x, d.y) == (c.x, c.y)).unwrap();
                        assert!(d.features.iter().any(|f| f.kind == o.kind));
                        assert_eq!(o.abbey_may_fill, d.abbey_may_fill);
                    }
                }
            }
        }
    }
    assert!(doomed_seen > 20 && several > 5, "{doomed_seen} {several}");
}
