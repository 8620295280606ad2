//! The engine's rulings where RULES.md is silent (listed in the crate docs), one test each.

use carcassonne_engine::{Decision, Event, FigureKind, Game, Move, Pos, Record, Setup};

fn record(
    turns: &str,
    expansions: &str,
    end: bool,
) -> Result<Game, carcassonne_engine::RecordError> {
    let json = format!(
        r#"{{"format":"carcassonne-record/1","players":[{{"name":"A","kind":"human"}},{{"name":"B","kind":"ai","level":"easy"}}],
            "expansions":[{expansions}],"turns":[{turns}],"end":{end}}}"#
    );
    Record::parse(&json)?.replay()
}

#[test]
fn equivalent_rotations_are_one_placement_and_records_may_use_either() {
    // U turned 180 degrees is the same tile as U at 0.
    let a = record(r#"{"tile":"U","at":[1,0],"rotation":90}"#, "", false);
    assert!(
        a.is_err(),
        "U at 90 has field edges east and west and cannot continue the road"
    );
    let at0 = record(
        r#"{"tile":"U","at":[1,0],"rotation":0,"figure":{"kind":"follower","on":"Nw"}}"#,
        "",
        false,
    )
    .unwrap();
    let at180 = record(
        r#"{"tile":"U","at":[1,0],"rotation":180,"figure":{"kind":"follower","on":"Nw"}}"#,
        "",
        false,
    )
    .unwrap();
    assert_eq!(at0.board().tiles()[1], at180.board().tiles()[1]);
    assert_eq!(at0.figures(), at180.figures());
    let fresh = Game::with_pile(
        &Setup {
            players: 2,
            abbey_mayor: false,
            seed: 0,
        },
        &[20],
    )
    .unwrap();
    let rots: Vec<u8> = fresh
        .legal_moves()
        .iter()
        .filter_map(|m| match m {
            Move::Place { pos, rot } if *pos == Pos::new(1, 0) => Some(*rot),
            _ => None,
        })
        .collect();
    assert_eq!(rots, vec![0]);
}

#[test]
fn a_pile_that_runs_out_through_discards_ends_the_game() {
    // E closes the start city; C (all city) then fits nowhere and is discarded by player B.
    let game = record(
        r#"{"tile":"E","at":[0,-1],"rotation":180},{"discarded":"C"}"#,
        "",
        true,
    )
    .unwrap();
    assert!(game.is_over());
    assert!(
        game.events()
            .iter()
            .any(|e| e.event == Event::TileDiscarded { player: 1, tile: 2 })
    );
    assert_eq!(game.pile_len(), 0);
}

#[test]
fn a_record_must_discard_a_tile_that_fits_nowhere() {
    let err = record(
        r#"{"tile":"E","at":[0,-1],"rotation":180},{"tile":"C","at":[0,-2],"rotation":0}"#,
        "",
        true,
    )
    .unwrap_err();
    assert_eq!(err.turn, 2);
    assert!(err.reason.contains("must be discarded"), "{err}");
}

#[test]
fn the_figure_step_is_skipped_when_nothing_can_be_placed() {
    // A lone player puts all seven followers on fields (farmers stay until the end); the
    // next tile then offers no figure and the game moves straight on.
    let mut game = Game::new(&Setup {
        players: 1,
        abbey_mayor: false,
        seed: 11,
    })
    .unwrap();
    let mut checked = false;
    while !game.is_over() && !checked {
        let moves = game.legal_moves();
        match game.decision() {
            Decision::PlaceFigure { pos, .. } => {
                let farmer = moves.iter().copied().find(|m| match m {
                    Move::Figure {
                        kind: FigureKind::Follower,
                        spot,
                    } => game
                        .feature_at(pos, *spot)
                        .is_some_and(|f| f.kind == carcassonne_engine::SegmentKind::Field),
                    _ => false,
                });
                game.play(farmer.unwrap_or(Move::NoFigure)).unwrap();
            }
            Decision::PlaceTile { .. } if game.players()[0].followers == 0 => {
                game.play(moves[0]).unwrap();
                assert!(!matches!(game.decision(), Decision::PlaceFigure { .. }));
                checked = true;
            }
            _ => game.play(moves[0]).unwrap(),
        }
    }
    assert!(checked, "the player ran out of followers");
}

#[test]
fn the_abbey_choice_comes_before_the_draw() {
    // Six tiles leave a hole at (0, 1) under the start tile.
    let turns = r#"{"tile":"U","at":[1,0],"rotation":0},{"tile":"B","at":[1,1],"rotation":0},
                   {"tile":"B","at":[1,2],"rotation":0},{"tile":"B","at":[0,2],"rotation":0},
                   {"tile":"B","at":[-1,2],"rotation":0},{"tile":"E","at":[-1,1],"rotation":0}"#;
    let mut game = record(turns, r#""abbey-mayor""#, false).unwrap();
    assert!(game.board().is_hole(Pos::new(0, 1)));
    assert_eq!(game.decision(), Decision::DrawOrAbbey { player: 0 });
    assert_eq!(
        game.legal_moves(),
        vec![
            Move::Draw,
            Move::Abbey {
                pos: Pos::new(0, 1)
            }
        ]
    );
    // In the base game there is no abbey: the tile is drawn at once.
    let base = record(turns, "", false).unwrap();
    assert!(matches!(
        base.decision(),
        Decision::PlaceTile { player: 0, .. }
    ));
    // After drawing, the abbey is no longer offered this turn.
    game.play(Move::Draw).unwrap();
    assert!(matches!(
        game.decision(),
        Decision::PlaceTile { player: 0, .. }
    ));
    assert!(
        game.legal_moves()
            .iter()
            .all(|m| matches!(m, Move::Place { .. }))
    );
}
