//! The themes of a puzzle's answer ([`puzzle::themes`]): on the lessons' positions (closing a
//! city, a road or a monastery, joining cities, the mayor, the wagon, the barn, the abbey and
//! the final abbey round, keeping the figure), on prepared positions (joining a field and a
//! city, blocking an opponent's city by a dead square and by taking its last cell), and over
//! every legal move of seeded random games (no panic, no duplicate, each decision's themes
//! as their definitions say).

use std::collections::HashSet;
use std::path::PathBuf;

use carcassonne_ai::puzzle::{Theme, themes};
use carcassonne_engine::{
    Cause, Completion, Decision, Event, FigureKind, Game, Lesson, LessonRun, Move, MoveName, Pos,
    Record, SegmentKind, Setup, TileInfo,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn lesson(id: &str) -> Lesson {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../lessons");
    let path = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with(&format!("-{id}.json")))
        })
        .unwrap_or_else(|| panic!("no lesson {id}"));
    Lesson::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The themes of each move of a lesson's solution (`try_index` 0) or of its wrong try
/// `try_index - 1`, each at the position where the learner makes it.
fn lesson_themes(id: &str, try_index: usize) -> Vec<(Move, Vec<Theme>)> {
    let l = lesson(id);
    let moves = if try_index == 0 {
        l.solution.clone()
    } else {
        l.wrong[try_index - 1].clone()
    };
    let mut run = LessonRun::new(l).unwrap();
    moves
        .iter()
        .map(|name| {
            let game = run.game().clone();
            let mv = name.to_move(&game).unwrap();
            let t = themes(&game, mv);
            run.play(name).unwrap();
            (mv, t)
        })
        .collect()
}

/// A position: a two-player record's `turns` (JSON) replayed with `next` as the next tiles
/// (with `end`, nothing after them), with or without Abbey & Mayor.
fn position(turns: &str, abbey_mayor: bool, next: &[&str], end: bool) -> Game {
    let expansions = if abbey_mayor {
        r#"["abbey-mayor"]"#
    } else {
        "[]"
    };
    let json = format!(
        r#"{{"format": "carcassonne-record/1",
            "players": [{{"name": "A", "kind": "human"}}, {{"name": "B", "kind": "human"}}],
            "expansions": {expansions}, "turns": {turns}}}"#
    );
    let tiles: Vec<_> = next
        .iter()
        .map(|id| TileInfo::by_id(id).unwrap().tile_type())
        .collect();
    Record::parse(&json)
        .unwrap()
        .replay_then(&tiles, end)
        .unwrap()
}

/// The move `name` names (JSON of a [`MoveName`]) in `game`, checked legal.
fn named(game: &Game, name: &str) -> Move {
    let mv = serde_json::from_str::<MoveName>(name)
        .unwrap()
        .to_move(game)
        .unwrap();
    assert!(game.is_legal(mv), "{name} is not legal");
    mv
}

#[test]
fn closing_the_players_city_with_a_tile_is_close_city() {
    // Lesson 2: the tile closes the city holding the learner's knight and two pennants.
    let steps = lesson_themes("roads-cities-pennants", 0);
    assert!(matches!(steps[0].0, Move::Place { .. }));
    assert_eq!(steps[0].1, vec![Theme::CloseCity]);
    // Its wrong try lays the tile where it closes nothing.
    assert_eq!(lesson_themes("roads-cities-pennants", 1)[0].1, vec![]);
}

#[test]
fn a_knight_on_the_city_its_tile_closed_is_close_city_then_follower() {
    // Lesson 1: the tile closes an empty city (nothing of the learner's: no theme), the
    // knight put on it scores at once.
    let steps = lesson_themes("placing-tiles", 0);
    assert_eq!(steps[0].1, vec![]);
    assert_eq!(steps[1].1, vec![Theme::CloseCity, Theme::Follower]);
    // A farmer there scores nothing now: a follower only.
    let wrong = lesson_themes("placing-tiles", 2);
    assert_eq!(wrong[1].1, vec![Theme::Follower]);
}

#[test]
fn completing_the_players_monastery_is_close_feature() {
    let steps = lesson_themes("monasteries", 0);
    assert_eq!(steps[0].1, vec![Theme::CloseFeature]);
    assert_eq!(lesson_themes("monasteries", 1)[0].1, vec![]);
}

#[test]
fn no_figure_is_keep_figure() {
    let steps = lesson_themes("roads-cities-pennants", 0);
    assert_eq!(steps[1].0, Move::NoFigure);
    assert_eq!(steps[1].1, vec![Theme::KeepFigure]);
}

#[test]
fn joining_three_cities_where_the_player_has_more_knights_is_join_city_then_close_city() {
    // Lesson 4: two knights of the learner's and one of Berta's in three cities; the tile
    // joins and closes them, the learner scores alone.
    let steps = lesson_themes("followers-majorities", 0);
    assert_eq!(steps[0].1, vec![Theme::JoinCity, Theme::CloseCity]);
}

#[test]
fn the_mayor_lesson_places_the_mayor_then_steals_the_city() {
    let steps = lesson_themes("mayor", 0);
    assert_eq!(
        steps[1].0,
        Move::Figure {
            kind: FigureKind::Mayor,
            spot: match steps[1].0 {
                Move::Figure { spot, .. } => spot,
                _ => unreachable!(),
            }
        }
    );
    assert_eq!(steps[1].1, vec![Theme::Mayor]);
    // The second M joins the mayor's city (2 pennants) to Berta's knight's and closes it:
    // strength 2 against 1.
    assert_eq!(steps[2].1, vec![Theme::JoinCity, Theme::CloseCity]);
}

#[test]
fn a_join_the_player_does_not_win_is_no_join_city() {
    // Lesson 10's wrong try: a mayor in a city without pennants has strength 0, so the
    // joined, closed city pays Berta's knight only.
    let steps = lesson_themes("mayor-no-pennants", 1);
    assert_eq!(steps[1].1, vec![Theme::Mayor]);
    assert!(matches!(steps[2].0, Move::Place { .. }));
    assert_eq!(steps[2].1, vec![]);
    // With a knight instead the same tile shares the city.
    let right = lesson_themes("mayor-no-pennants", 0);
    assert_eq!(right[2].1, vec![Theme::JoinCity, Theme::CloseCity]);
}

#[test]
fn the_wagon_lesson_closes_the_wagons_road_and_moves_the_wagon() {
    let steps = lesson_themes("wagon", 0);
    assert_eq!(steps[0].1, vec![Theme::CloseFeature]);
    assert!(matches!(steps[2].0, Move::WagonTo { .. }));
    assert_eq!(steps[2].1, vec![Theme::Wagon]);
    // Sending it home answers the wagon's decision too.
    let wrong = lesson_themes("wagon", 1);
    assert_eq!(wrong[2].0, Move::WagonHome);
    assert_eq!(wrong[2].1, vec![Theme::Wagon]);
}

#[test]
fn the_barn_lessons_place_the_barn() {
    for id in ["barn", "barn-end"] {
        let steps = lesson_themes(id, 0);
        assert!(matches!(
            steps[1].0,
            Move::Figure {
                kind: FigureKind::Barn,
                ..
            }
        ));
        assert_eq!(steps[1].1, vec![Theme::Barn], "{id}");
    }
}

#[test]
fn the_abbey_lesson_fills_the_hole_and_closes_the_players_cities_and_road() {
    let steps = lesson_themes("abbey", 0);
    assert!(matches!(steps[0].0, Move::Abbey { .. }));
    assert_eq!(
        steps[0].1,
        vec![Theme::AbbeyHole, Theme::CloseCity, Theme::CloseFeature]
    );
    // Drawing instead has no theme.
    let wrong = lesson_themes("abbey", 1);
    assert_eq!(wrong[0], (Move::Draw, vec![]));
}

#[test]
fn the_final_abbey_lesson_is_final_abbey() {
    let steps = lesson_themes("abbey-final-round", 0);
    assert!(matches!(steps[2].0, Move::Abbey { .. }));
    assert_eq!(steps[2].1[..2], [Theme::FinalAbbey, Theme::AbbeyHole]);
    // The monk on that abbey completes it at once (all eight neighbours are there), in the
    // final round's turn.
    assert_eq!(
        steps[3].1,
        vec![Theme::CloseFeature, Theme::Follower, Theme::FinalAbbey]
    );
    // Before, the last land tile's monk is no move of the final round.
    assert_eq!(steps[1].1, vec![Theme::Follower]);
    // Passing in the final round is a move of that round.
    let wrong = lesson_themes("abbey-final-round", 2);
    assert_eq!(wrong[2], (Move::Pass, vec![Theme::FinalAbbey]));
}

#[test]
fn the_farms_lessons_tile_joins_no_held_field() {
    // Lesson 5 has no figure on the board: its last tile joins nobody's field, and the
    // farmer is a follower.
    let steps = lesson_themes("farms", 0);
    assert_eq!(steps[0].1, vec![]);
    assert_eq!(steps[1].1, vec![Theme::Follower]);
}

/// The learner's farmer south of the road (on U at (1,0)), Berta's north of it (on U at
/// (-1,0)); the learner to place an A.
fn two_fields() -> Game {
    position(
        r#"[{"tile": "U", "at": [1, 0], "rotation": 0, "figure": {"kind": "follower", "on": "Se"}},
            {"tile": "U", "at": [-1, 0], "rotation": 0, "figure": {"kind": "follower", "on": "Nw"}}]"#,
        false,
        &["A"],
        false,
    )
}

#[test]
fn a_tile_joining_the_players_field_to_an_opponents_is_join_field() {
    let game = two_fields();
    // Two fields apart: the learner's south of the road, Berta's north of it.
    let at = Pos::new(1, 0);
    let seg = game.board().segment_named(at, "Se").unwrap();
    let south = game.feature_at(at, seg).unwrap();
    assert_eq!(south.kind, SegmentKind::Field);
    assert_eq!(south.owners, vec![0]);
    // The monastery A at the road's east end (road on its west side) joins both fields.
    let mv = named(
        &game,
        r#"{"type": "place", "x": 2, "y": 0, "rotation": 90}"#,
    );
    let mut after = game.clone();
    after.play(mv).unwrap();
    assert_eq!(after.feature_at(at, seg).unwrap().owners, vec![0, 1]);
    assert_eq!(themes(&game, mv), vec![Theme::JoinField]);
    // South of the start tile it joins the learner's own field only.
    let own = named(&game, r#"{"type": "place", "x": 0, "y": 1, "rotation": 0}"#);
    assert_eq!(themes(&game, own), vec![]);
}

#[test]
fn a_tile_joining_a_shared_field_to_the_players_own_is_join_field() {
    // The learner's farmer south of the road and Berta's north of it share one field once
    // the A at (2,0) joins them; the learner's second farmer stands in the field of the E at
    // (0,-1), beyond the start's city. B at (1,-1) joins the two: 2 farmers against 1.
    let game = position(
        r#"[{"tile": "U", "at": [1, 0], "rotation": 0, "figure": {"kind": "follower", "on": "Se"}},
            {"tile": "U", "at": [-1, 0], "rotation": 0, "figure": {"kind": "follower", "on": "Nw"}},
            {"tile": "A", "at": [2, 0], "rotation": 90},
            {"tile": "B", "at": [0, 1], "rotation": 0},
            {"tile": "E", "at": [0, -1], "rotation": 180, "figure": {"kind": "follower", "on": "Nw"}},
            {"tile": "U", "at": [-2, 0], "rotation": 0}]"#,
        false,
        &["B"],
        false,
    );
    let shared = Pos::new(1, 0);
    let seg = game.board().segment_named(shared, "Nw").unwrap();
    assert_eq!(game.feature_at(shared, seg).unwrap().owners, vec![0, 1]);
    let mv = named(
        &game,
        r#"{"type": "place", "x": 1, "y": -1, "rotation": 0}"#,
    );
    let mut after = game.clone();
    after.play(mv).unwrap();
    assert_eq!(after.feature_at(shared, seg).unwrap().owners, vec![0]);
    assert_eq!(themes(&game, mv), vec![Theme::JoinField]);
}

#[test]
fn a_tile_joining_the_players_open_city_to_an_opponents_is_join_city() {
    // The learner's knight in the city of N at (0,-1) (open to the east), Berta's in D's city
    // at (1,0) (open to the north); R at (1,-1) joins them and leaves the city open east.
    let game = position(
        r#"[{"tile": "N", "at": [0, -1], "rotation": 180, "figure": {"kind": "follower", "on": "S"}},
            {"tile": "D", "at": [1, 0], "rotation": 0, "figure": {"kind": "follower", "on": "N"}}]"#,
        false,
        &["R"],
        false,
    );
    let mv = named(
        &game,
        r#"{"type": "place", "x": 1, "y": -1, "rotation": 180}"#,
    );
    let mut after = game.clone();
    after.play(mv).unwrap();
    let at = Pos::new(1, -1);
    let city = after
        .feature_at(at, after.board().segment_named(at, "S").unwrap())
        .unwrap();
    assert_eq!(city.kind, SegmentKind::City);
    assert!(!city.complete);
    assert_eq!(city.owners, vec![0, 1]);
    assert_eq!(themes(&game, mv), vec![Theme::JoinCity]);
    // Elsewhere (south of the start tile) it joins nothing.
    let away = named(
        &game,
        r#"{"type": "place", "x": 0, "y": 1, "rotation": 180}"#,
    );
    assert_eq!(themes(&game, away), vec![]);
}

/// The first player's knight in D's city at (1,0), which needs only the cell (1,-1); the
/// second player to place `tile`, then `rest` and nothing more.
fn city_to_block(tile: &str, rest: &[&str]) -> Game {
    let next: Vec<&str> = std::iter::once(tile).chain(rest.iter().copied()).collect();
    position(
        r#"[{"tile": "D", "at": [1, 0], "rotation": 0, "figure": {"kind": "follower", "on": "N"}}]"#,
        false,
        &next,
        true,
    )
}

#[test]
fn a_tile_that_leaves_an_opponents_city_a_dead_square_is_block() {
    let game = city_to_block("K", &["E"]);
    assert_eq!(game.decision().player(), Some(1));
    let city = Pos::new(1, 0);
    let seg = game.board().segment_named(city, "N").unwrap();
    let before = game.completion_odds(city, seg).unwrap();
    assert_eq!(before.completion, Completion::OneTile);
    assert_eq!(before.cell, Some(Pos::new(1, -1)));
    assert!(before.count > 0 && before.doomed.is_none());
    // K north of the start tile (its city joins the start's) turns its road towards the
    // cell: the E still to come has no road, so nothing can fill it.
    let mv = named(
        &game,
        r#"{"type": "place", "x": 0, "y": -1, "rotation": 180}"#,
    );
    let mut after = game.clone();
    after.play(mv).unwrap();
    let doom = after.completion_odds(city, seg).unwrap().doomed.unwrap();
    assert_eq!(doom.cells, vec![Pos::new(1, -1)]);
    assert_eq!(themes(&game, mv), vec![Theme::Block]);
    // West of the start tile it leaves the city alone.
    let away = named(
        &game,
        r#"{"type": "place", "x": -1, "y": 0, "rotation": 270}"#,
    );
    assert_eq!(themes(&game, away), vec![]);
}

#[test]
fn a_tile_that_takes_the_last_cell_of_an_opponents_city_is_block() {
    let game = city_to_block("R", &["N", "E"]);
    let city = Pos::new(1, 0);
    let seg = game.board().segment_named(city, "N").unwrap();
    // R on the one cell the city needs turns it into a city open at two cells that
    // the tiles to come can still fill: no single tile finishes it now.
    let mv = named(
        &game,
        r#"{"type": "place", "x": 1, "y": -1, "rotation": 180}"#,
    );
    let mut after = game.clone();
    after.play(mv).unwrap();
    let odds = after.completion_odds(city, seg).unwrap();
    assert_eq!(odds.completion, Completion::SeveralTiles);
    assert!(odds.doomed.is_none());
    assert_eq!(themes(&game, mv), vec![Theme::Block]);
    // South of the start tile it leaves the city alone.
    let away = named(
        &game,
        r#"{"type": "place", "x": 0, "y": 1, "rotation": 180}"#,
    );
    assert_eq!(themes(&game, away), vec![]);
}

#[test]
fn a_move_that_is_not_legal_has_no_theme() {
    let game = two_fields();
    assert_eq!(themes(&game, Move::Pass), vec![]);
    assert_eq!(themes(&game, Move::NoFigure), vec![]);
}

/// Whether `mv` played and the turn finished without further choices has a completed
/// `kind` scoring for `player` (an independent reading of [`Theme::CloseCity`] for tiles).
fn completes_for(game: &Game, mv: Move, player: u8, kinds: &[SegmentKind]) -> bool {
    let mut g = game.clone();
    g.set_logging(true);
    let seen = g.events().len();
    g.play(mv).unwrap();
    loop {
        let next = match g.decision() {
            Decision::PlaceFigure { .. } => Move::NoFigure,
            Decision::MoveWagon { .. } => Move::WagonHome,
            _ => break,
        };
        g.play(next).unwrap();
    }
    g.events()[seen..].iter().any(|e| {
        matches!(&e.event, Event::Scored { feature, cause: Cause::Completed, players, .. }
            if kinds.contains(feature) && players.contains(&player))
    })
}

#[test]
fn every_legal_move_of_random_games_has_distinct_themes_as_defined() {
    let mut counts: std::collections::HashMap<Theme, usize> = Default::default();
    for seed in 0..3u64 {
        let mut game = Game::new(&Setup {
            players: 2 + seed as usize % 2,
            abbey_mayor: true,
            seed,
        })
        .unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            let decision = game.decision();
            let player = decision.player().unwrap();
            let moves = game.legal_moves();
            let final_turn =
                game.pile_len() == 0 && game.board().tiles().last().is_some_and(|t| t.is_abbey());
            for &mv in &moves {
                let t = themes(&game, mv);
                let distinct: HashSet<_> = t.iter().collect();
                assert_eq!(distinct.len(), t.len(), "{mv:?}: {t:?}");
                for theme in &t {
                    *counts.entry(*theme).or_default() += 1;
                }
                let has = |x: Theme| t.contains(&x);
                assert_eq!(has(Theme::KeepFigure), mv == Move::NoFigure, "{mv:?}");
                assert_eq!(has(Theme::AbbeyHole), matches!(mv, Move::Abbey { .. }));
                assert_eq!(
                    has(Theme::FinalAbbey),
                    matches!(decision, Decision::FinalAbbey { .. })
                        || (final_turn
                            && matches!(
                                decision,
                                Decision::PlaceFigure { .. } | Decision::MoveWagon { .. }
                            )),
                    "{mv:?}"
                );
                for (theme, kind) in [
                    (Theme::Follower, FigureKind::Follower),
                    (Theme::Mayor, FigureKind::Mayor),
                    (Theme::Barn, FigureKind::Barn),
                ] {
                    assert_eq!(
                        has(theme),
                        matches!(mv, Move::Figure { kind: k, .. } if k == kind),
                        "{mv:?}"
                    );
                }
                assert_eq!(
                    has(Theme::Wagon),
                    matches!(
                        mv,
                        Move::Figure {
                            kind: FigureKind::Wagon,
                            ..
                        } | Move::WagonTo { .. }
                            | Move::WagonHome
                    ),
                    "{mv:?}"
                );
                let placement = matches!(mv, Move::Place { .. });
                for theme in [Theme::JoinCity, Theme::JoinField, Theme::Block] {
                    assert!(!has(theme) || placement, "{mv:?}: {t:?}");
                }
                if placement || matches!(mv, Move::Abbey { .. }) {
                    assert_eq!(
                        has(Theme::CloseCity),
                        completes_for(&game, mv, player, &[SegmentKind::City]),
                        "{mv:?}"
                    );
                    assert_eq!(
                        has(Theme::CloseFeature),
                        completes_for(
                            &game,
                            mv,
                            player,
                            &[SegmentKind::Road, SegmentKind::Monastery]
                        ),
                        "{mv:?}"
                    );
                }
                match mv {
                    Move::Draw => assert_eq!(t, vec![]),
                    Move::Pass => assert_eq!(t, vec![Theme::FinalAbbey]),
                    Move::WagonTo { .. } | Move::WagonHome => {
                        assert_eq!(t[0], Theme::Wagon);
                        assert!(t[1..].iter().all(|&x| x == Theme::FinalAbbey), "{t:?}");
                    }
                    _ => {}
                }
            }
            // A figure whenever one can be placed, so that features have owners.
            let figures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Figure { .. }))
                .collect();
            let pick = if figures.is_empty() || rng.random_range(0..4) == 0 {
                &moves
            } else {
                &figures
            };
            game.play(pick[rng.random_range(0..pick.len())]).unwrap();
        }
    }
    // The games meet every theme, the board's as well as the figures'.
    for theme in [
        Theme::CloseCity,
        Theme::CloseFeature,
        Theme::JoinCity,
        Theme::JoinField,
        Theme::Block,
        Theme::Mayor,
        Theme::Wagon,
        Theme::Barn,
        Theme::AbbeyHole,
        Theme::FinalAbbey,
        Theme::Follower,
        Theme::KeepFigure,
    ] {
        assert!(
            counts.get(&theme).copied().unwrap_or(0) > 0,
            "{theme:?}: {counts:?}"
        );
    }
}
