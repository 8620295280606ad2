//! Why [`Game::play`] refuses a move: the typed reason and its exact text, for every kind of
//! refusal, on real games.

use carcassonne_engine::tile::TileType;
use carcassonne_engine::{
    AbbeyReason, Decision, DecisionKind, FigureKind, FigureReason, Game, Move, MoveKind,
    PlacementReason, PlayError, Pos, Setup, TileInfo, WagonReason,
};

fn tile(id: &str) -> TileType {
    TileInfo::by_id(id).expect("a tile id").tile_type()
}

fn setup(abbey_mayor: bool, seed: u64) -> Setup {
    Setup {
        players: 2,
        abbey_mayor,
        seed,
    }
}

/// A two-player game whose pile is `ids`, in order.
fn scripted(abbey_mayor: bool, ids: &[&str]) -> Game {
    let pile: Vec<TileType> = ids.iter().map(|id| tile(id)).collect();
    Game::with_pile(&setup(abbey_mayor, 0), &pile).expect("a valid pile")
}

/// The local segment of the tile at `pos` named `name` (a side, half-edge, …).
fn segment(game: &Game, pos: Pos, name: &str) -> u8 {
    game.board()
        .segment_named(pos, name)
        .expect("a segment of that name")
}

/// Plays `mv`, which must be refused with `want`, whose text must be `text`.
#[track_caller]
fn refuse(game: &mut Game, mv: Move, want: PlayError, text: &str) {
    let before = game.decision();
    let err = game.play(mv).expect_err("an illegal move");
    assert_eq!(game.decision(), before, "a refused move changes nothing");
    assert_eq!(err, want, "{mv:?}");
    assert_eq!(err.to_string(), text, "{mv:?}");
}

/// Plays deterministic games (seeds 0, 1, …; moves picked by `pick`) until one reaches a
/// position where `stop` holds.
fn walk_until(
    abbey_mayor: bool,
    pick: impl Fn(&[Move], usize) -> Move,
    stop: impl Fn(&Game) -> bool,
) -> Game {
    for seed in 0..200 {
        let mut game = Game::new(&setup(abbey_mayor, seed)).expect("a valid setup");
        let mut step = 0;
        while !game.is_over() {
            if stop(&game) {
                return game;
            }
            let moves = game.legal_moves();
            game.play(pick(&moves, step)).expect("a legal move");
            step += 1;
        }
    }
    panic!("no game reached the position");
}

/// A spread-out but deterministic choice.
fn any(moves: &[Move], step: usize) -> Move {
    moves[(step * 7919 + 13) % moves.len()]
}

/// Like [`any`], but always draws instead of placing the abbey (keeps abbeys for later).
fn keep_abbeys(moves: &[Move], step: usize) -> Move {
    if moves.contains(&Move::Draw) {
        Move::Draw
    } else {
        any(moves, step)
    }
}

/// Like [`any`], but places a figure of `kind` whenever it can.
fn prefer(kind: FigureKind) -> impl Fn(&[Move], usize) -> Move {
    move |moves, step| {
        moves
            .iter()
            .copied()
            .find(|m| matches!(m, Move::Figure { kind: k, .. } if *k == kind))
            .unwrap_or_else(|| keep_abbeys(moves, step))
    }
}

fn draw_or_abbey() -> Game {
    walk_until(true, keep_abbeys, |g| {
        matches!(g.decision(), Decision::DrawOrAbbey { .. })
    })
}

fn final_abbey() -> Game {
    walk_until(true, keep_abbeys, |g| {
        matches!(g.decision(), Decision::FinalAbbey { .. })
    })
}

fn move_wagon() -> Game {
    walk_until(true, prefer(FigureKind::Wagon), |g| {
        matches!(g.decision(), Decision::MoveWagon { .. })
    })
}

fn no_follower_left() -> Game {
    walk_until(true, prefer(FigureKind::Follower), |g| match g.decision() {
        Decision::PlaceFigure { player, .. } => g.players()[player as usize].followers == 0,
        _ => false,
    })
}

const TAIL: &str = "(occupied feature, wrong kind of feature, or a field with a barn)";

fn wrong(expected: DecisionKind, got: MoveKind) -> PlayError {
    PlayError::WrongDecision { expected, got }
}

#[test]
fn tile_placements_say_what_is_wrong() {
    let u = tile("U");
    let place = |pos, rot, reason| PlayError::Placement {
        tile: u,
        pos,
        rot,
        reason,
    };
    let e = Pos::new(1, 0);
    let mut game = scripted(false, &["U"]);
    let cases = [
        (
            Pos::new(0, 0),
            0,
            PlacementReason::CellTaken,
            "illegal placement: tile U at (0, 0) rotation 0: the cell is taken",
        ),
        (
            Pos::new(5, 5),
            1,
            PlacementReason::NotAdjacent,
            "illegal placement: tile U at (5, 5) rotation 90: the cell touches no tile",
        ),
        (
            e,
            1,
            PlacementReason::EdgesMismatch,
            "illegal placement: tile U at (1, 0) rotation 90: its edges do not match the neighbours",
        ),
        (
            e,
            4,
            PlacementReason::BadRotation,
            "illegal placement: tile U at (1, 0) rotation 360: the rotation must be 0, 90, 180 or 270",
        ),
        (
            e,
            2,
            PlacementReason::RedundantRotation,
            "illegal placement: tile U at (1, 0) rotation 180: this rotation gives the same tile as a smaller one",
        ),
    ];
    for (pos, rot, reason, text) in cases {
        refuse(
            &mut game,
            Move::Place { pos, rot },
            place(pos, rot, reason),
            text,
        );
    }
}

#[test]
fn moves_for_another_decision_name_both() {
    let e = Pos::new(1, 0);
    let mut game = scripted(false, &["U"]);
    let place = DecisionKind::PlaceTile;
    for (mv, got, text) in [
        (
            Move::Draw,
            MoveKind::Draw,
            "drawing is not possible now: the game waits for a tile placement",
        ),
        (
            Move::Abbey { pos: e },
            MoveKind::Abbey,
            "an abbey is not possible now: the game waits for a tile placement",
        ),
        (
            Move::NoFigure,
            MoveKind::Figure,
            "a figure is not possible now: the game waits for a tile placement",
        ),
        (
            Move::WagonHome,
            MoveKind::Wagon,
            "a wagon move is not possible now: the game waits for a tile placement",
        ),
        (
            Move::Pass,
            MoveKind::Pass,
            "a pass is not possible now: the game waits for a tile placement",
        ),
    ] {
        refuse(&mut game, mv, wrong(place, got), text);
    }
    game.play(Move::Place { pos: e, rot: 0 }).unwrap();
    let mv = Move::Place {
        pos: Pos::new(2, 0),
        rot: 0,
    };
    let text = "a tile placement is not possible now: the game waits for a figure or no figure";
    refuse(
        &mut game,
        mv,
        wrong(DecisionKind::PlaceFigure, MoveKind::Place),
        text,
    );
    game.play(Move::NoFigure).unwrap();
    assert!(game.is_over());
    refuse(
        &mut game,
        Move::Pass,
        PlayError::GameOver,
        "the game is over",
    );

    let text = "a pass is not possible now: the game waits for a draw or an abbey";
    refuse(
        &mut draw_or_abbey(),
        Move::Pass,
        wrong(DecisionKind::DrawOrAbbey, MoveKind::Pass),
        text,
    );
    let text = "drawing is not possible now: the game waits for an abbey or a pass";
    refuse(
        &mut final_abbey(),
        Move::Draw,
        wrong(DecisionKind::FinalAbbey, MoveKind::Draw),
        text,
    );
    let text = "a figure is not possible now: the game waits for a wagon decision";
    refuse(
        &mut move_wagon(),
        Move::NoFigure,
        wrong(DecisionKind::MoveWagon, MoveKind::Figure),
        text,
    );
}

#[test]
fn abbeys_go_only_into_holes() {
    let far = Pos::new(50, 50);
    let want = PlayError::Abbey(AbbeyReason::NotAHole(far));
    let text = "illegal abbey: (50, 50) is not a hole (an empty cell with four neighbours)";
    refuse(
        &mut draw_or_abbey(),
        Move::Abbey { pos: far },
        want.clone(),
        text,
    );
    refuse(&mut final_abbey(), Move::Abbey { pos: far }, want, text);
}

#[test]
fn figures_say_why_they_cannot_stand() {
    let e = Pos::new(1, 0);
    let figure = |kind, spot| Move::Figure { kind, spot };
    let why = PlayError::Figure;

    // Without Abbey & Mayor the mayor, wagon and barn are in nobody's supply.
    let mut game = scripted(false, &["U"]);
    game.play(Move::Place { pos: e, rot: 0 }).unwrap();
    let road = segment(&game, e, "W");
    for (kind, text) in [
        (
            FigureKind::Mayor,
            "illegal figure: the mayor is not in the supply",
        ),
        (
            FigureKind::Wagon,
            "illegal figure: the wagon is not in the supply",
        ),
        (
            FigureKind::Barn,
            "illegal figure: the barn is not in the supply",
        ),
    ] {
        refuse(
            &mut game,
            figure(kind, road),
            why(FigureReason::NotInSupply(kind)),
            text,
        );
    }

    // A mayor on a road; a barn on a corner of a lone tile; a follower on an occupied road.
    let mut game = scripted(true, &["U", "U"]);
    game.play(Move::Place { pos: e, rot: 0 }).unwrap();
    let road = segment(&game, e, "W");
    let mayor = FigureKind::Mayor;
    let text = format!("illegal figure: a mayor cannot stand there {TAIL}");
    refuse(
        &mut game,
        figure(mayor, road),
        why(FigureReason::CannotStand(mayor)),
        &text,
    );
    let text = "illegal figure: a barn needs a corner where four tiles meet with field, in a field without a barn";
    refuse(
        &mut game,
        figure(FigureKind::Barn, 0),
        why(FigureReason::NoBarnCorner),
        text,
    );
    game.play(figure(FigureKind::Follower, road)).unwrap();
    let e2 = Pos::new(2, 0);
    game.play(Move::Place { pos: e2, rot: 0 }).unwrap();
    let follower = FigureKind::Follower;
    let text = format!("illegal figure: a follower cannot stand there {TAIL}");
    let mv = figure(follower, segment(&game, e2, "W"));
    refuse(
        &mut game,
        mv,
        why(FigureReason::CannotStand(follower)),
        &text,
    );

    let mut game = no_follower_left();
    let spot = game
        .legal_moves()
        .iter()
        .find_map(|m| match m {
            Move::Figure { spot, .. } => Some(*spot),
            _ => None,
        })
        .unwrap_or(0);
    let want = why(FigureReason::NotInSupply(follower));
    refuse(
        &mut game,
        figure(follower, spot),
        want,
        "illegal figure: no follower left",
    );
}

#[test]
fn wagons_move_only_to_a_good_target() {
    let far = Pos::new(50, 50);
    let want = PlayError::Wagon(WagonReason::BadTarget(far));
    let text = "illegal wagon move: the target at (50, 50) must be a road, city or monastery, not completed, unoccupied, on the wagon's tile or one of the eight around it";
    refuse(
        &mut move_wagon(),
        Move::WagonTo { pos: far, seg: 0 },
        want,
        text,
    );
}
