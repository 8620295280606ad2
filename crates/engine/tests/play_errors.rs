//! Why [`Game::play`] refuses a move: the typed reason and its exact text, for every kind of
//! refusal, on real games.

use carcassonne_engine::tile::TileType;
use carcassonne_engine::{Board, Decision, FigureKind, Game, Move, PlayError, Pos, Setup, tables};

fn tile(id: &str) -> TileType {
    tables().by_id(id).expect("a tile id")
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
    let placed = game.board().at(pos).expect("a tile there");
    Board::oriented(placed)
        .segment_named(name)
        .expect("a segment of that name")
}

/// Plays `mv`, which must be refused, and returns the refusal's text.
fn refused(game: &mut Game, mv: Move) -> PlayError {
    let before = game.decision();
    let err = game.play(mv).expect_err("an illegal move");
    assert_eq!(game.decision(), before, "a refused move changes nothing");
    err
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

#[test]
fn every_refusal_keeps_its_text() {
    let e = Pos::new(1, 0);
    let mut game = scripted(false, &["U"]);
    for (mv, text) in [
        (
            Move::Place {
                pos: Pos::new(0, 0),
                rot: 0,
            },
            "illegal placement: tile U at (0, 0) rotation 0: the cell is taken",
        ),
        (
            Move::Place {
                pos: Pos::new(5, 5),
                rot: 1,
            },
            "illegal placement: tile U at (5, 5) rotation 90: the cell touches no tile",
        ),
        (
            Move::Place { pos: e, rot: 1 },
            "illegal placement: tile U at (1, 0) rotation 90: its edges do not match the neighbours",
        ),
        (
            Move::Place { pos: e, rot: 4 },
            "illegal placement: tile U at (1, 0) rotation 360: the rotation must be 0, 90, 180 or 270",
        ),
        (
            Move::Place { pos: e, rot: 2 },
            "illegal placement: tile U at (1, 0) rotation 180: this rotation gives the same tile as a smaller one",
        ),
        (
            Move::Draw,
            "drawing is not possible now: the game waits for a tile placement",
        ),
        (
            Move::Abbey { pos: e },
            "an abbey is not possible now: the game waits for a tile placement",
        ),
        (
            Move::NoFigure,
            "a figure is not possible now: the game waits for a tile placement",
        ),
        (
            Move::WagonHome,
            "a wagon move is not possible now: the game waits for a tile placement",
        ),
        (
            Move::Pass,
            "a pass is not possible now: the game waits for a tile placement",
        ),
    ] {
        assert_eq!(refused(&mut game, mv).to_string(), text);
    }
    game.play(Move::Place { pos: e, rot: 0 }).unwrap();
    let road = segment(&game, e, "W");
    for (mv, text) in [
        (
            Move::Figure {
                kind: FigureKind::Mayor,
                spot: road,
            },
            "illegal figure: the mayor is not in the supply",
        ),
        (
            Move::Figure {
                kind: FigureKind::Wagon,
                spot: road,
            },
            "illegal figure: the wagon is not in the supply",
        ),
        (
            Move::Figure {
                kind: FigureKind::Barn,
                spot: 0,
            },
            "illegal figure: the barn is not in the supply",
        ),
        (
            Move::Place {
                pos: Pos::new(2, 0),
                rot: 0,
            },
            "a tile placement is not possible now: the game waits for a figure or no figure",
        ),
    ] {
        assert_eq!(refused(&mut game, mv).to_string(), text);
    }
    game.play(Move::NoFigure).unwrap();
    assert!(game.is_over());
    assert_eq!(
        refused(&mut game, Move::Pass).to_string(),
        "the game is over"
    );

    // A follower on a road another follower holds; a mayor on a road; a barn off a corner.
    let mut game = scripted(true, &["U", "U"]);
    game.play(Move::Place { pos: e, rot: 0 }).unwrap();
    let road = segment(&game, e, "W");
    let mayor = Move::Figure {
        kind: FigureKind::Mayor,
        spot: road,
    };
    assert_eq!(
        refused(&mut game, mayor).to_string(),
        format!("illegal figure: a mayor cannot stand there {TAIL}")
    );
    let barn = Move::Figure {
        kind: FigureKind::Barn,
        spot: 0,
    };
    assert_eq!(
        refused(&mut game, barn).to_string(),
        "illegal figure: a barn needs a corner where four tiles meet with field, in a field without a barn"
    );
    game.play(Move::Figure {
        kind: FigureKind::Follower,
        spot: road,
    })
    .unwrap();
    let e2 = Pos::new(2, 0);
    game.play(Move::Place { pos: e2, rot: 0 }).unwrap();
    let follower = Move::Figure {
        kind: FigureKind::Follower,
        spot: segment(&game, e2, "W"),
    };
    assert_eq!(
        refused(&mut game, follower).to_string(),
        format!("illegal figure: a follower cannot stand there {TAIL}")
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
    let follower = Move::Figure {
        kind: FigureKind::Follower,
        spot,
    };
    assert_eq!(
        refused(&mut game, follower).to_string(),
        "illegal figure: no follower left"
    );

    let far = Pos::new(50, 50);
    let mut game = draw_or_abbey();
    assert_eq!(
        refused(&mut game, Move::Abbey { pos: far }).to_string(),
        "illegal abbey: (50, 50) is not a hole (an empty cell with four neighbours)"
    );
    assert_eq!(
        refused(&mut game, Move::Pass).to_string(),
        "a pass is not possible now: the game waits for a draw or an abbey"
    );

    let mut game = final_abbey();
    assert_eq!(
        refused(&mut game, Move::Abbey { pos: far }).to_string(),
        "illegal abbey: (50, 50) is not a hole (an empty cell with four neighbours)"
    );
    assert_eq!(
        refused(&mut game, Move::Draw).to_string(),
        "drawing is not possible now: the game waits for an abbey or a pass"
    );

    let mut game = move_wagon();
    assert_eq!(
        refused(&mut game, Move::WagonTo { pos: far, seg: 0 }).to_string(),
        "illegal wagon move: the target at (50, 50) must be a road, city or monastery, not completed, unoccupied, on the wagon's tile or one of the eight around it"
    );
    assert_eq!(
        refused(&mut game, Move::NoFigure).to_string(),
        "a figure is not possible now: the game waits for a wagon decision"
    );
}
