//! When two moves are the same move ([`same_move`]), and a move as the engine lists it
//! ([`legal_equal`]).

use carcassonne_engine::{Decision, Game, Move, TileInfo};

/// Whether `a` and `b`, two moves for the pending decision of `game`, are the same move: equal,
/// or both placements of the drawn tile on the same cell in rotations that give the same tile.
///
/// It is decided from the engine's public tile API: [`TileInfo::rotations`] lists the rotations
/// that give distinct tiles, the first of each group of equal ones. The quarter turns that
/// leave a tile unchanged form a subgroup of the four (only the identity, the half turn, or
/// all four), so a tile has 1, 2 or 4 distinct rotations `d`, they are the first `d`, and two
/// rotations give the same tile exactly when they differ by a multiple of `d` quarter turns
/// (the crossroads `X` in any rotation, the straight road `U` at 0° and 180°). Rotations
/// outside 0–3 quarter turns are the same only when equal.
pub fn same_move(game: &Game, a: Move, b: Move) -> bool {
    same_for(game.decision(), a, b)
}

/// [`same_move`] for the pending decision `decision`.
pub(crate) fn same_for(decision: Decision, a: Move, b: Move) -> bool {
    if a == b {
        return true;
    }
    match (a, b, decision) {
        (
            Move::Place { pos: pa, rot: ra },
            Move::Place { pos: pb, rot: rb },
            Decision::PlaceTile { tile, .. },
        ) if pa == pb && ra < 4 && rb < 4 => {
            let distinct = TileInfo::of(tile).rotations().count().max(1) as u8;
            ra % distinct == rb % distinct
        }
        _ => false,
    }
}

/// The legal move of `game`'s pending decision that is [`same_move`] as `mv` (`mv` itself
/// when it is legal; the listed rotation for a placement in an equal one), if any.
pub fn legal_equal(game: &Game, mv: Move) -> Option<Move> {
    if game.is_legal(mv) {
        return Some(mv);
    }
    game.legal_moves()
        .into_iter()
        .find(|&m| same_move(game, m, mv))
}

/// The number of different moves among `moves` by [`same_move`].
pub(crate) fn distinct_moves(game: &Game, moves: &[Move]) -> usize {
    let mut seen: Vec<Move> = Vec::with_capacity(moves.len());
    for &m in moves {
        if !seen.iter().any(|&s| same_move(game, s, m)) {
            seen.push(m);
        }
    }
    seen.len()
}
