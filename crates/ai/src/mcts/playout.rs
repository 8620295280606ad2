//! How a playout finishes the game from a tree leaf: [`Playout`], the weights of a guided
//! one ([`PlayoutPolicy`]), and the guided playout itself.

use carcassonne_engine::board::Placed;
use carcassonne_engine::{Decision, FigureKind, Game, Move, SegmentKind};
use rand::Rng;

/// How a playout finishes the game from a tree leaf.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Playout {
    /// Uniformly random legal moves to the end ([`Game::play_random`]).
    Random,
    /// Random moves for this many tile placements, then the projected final scores.
    Truncated(u32),
    /// Tile placements and figures drawn with the weights of a [`PlayoutPolicy`], other
    /// decisions uniformly, to the end.
    Guided(PlayoutPolicy),
}

/// The weights of a guided playout. Uniformly random placements scatter tiles along the
/// whole frontier, so features are rarely completed and a playout misjudges what a follower
/// on an open city or road will earn; players fill the gaps next to their features instead.
/// Weighting a placement by the number of tiles around its cell (`fill`) brings the playouts
/// closer to that, and measured much stronger (`RESULTS.md`). The figure weights are knobs
/// for the same purpose; uniform figure choices measured best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutPolicy {
    /// Placing no figure.
    pub none: f64,
    /// A follower on a road.
    pub road: f64,
    /// A follower on a city.
    pub city: f64,
    /// A follower on a monastery or abbey.
    pub monastery: f64,
    /// A farmer.
    pub field: f64,
    /// The mayor.
    pub mayor: f64,
    /// The wagon.
    pub wagon: f64,
    /// The barn.
    pub barn: f64,
    /// Tile placements are drawn with weight `neighbours^fill` (0: uniformly), so that a
    /// positive value fills gaps and completes features as players do.
    pub fill: f64,
}

impl PlayoutPolicy {
    /// The measured default: every figure choice equally likely (as in a random playout),
    /// placements weighted by the square of the cell's neighbours.
    pub const DEFAULT: PlayoutPolicy = PlayoutPolicy {
        none: 1.0,
        road: 1.0,
        city: 1.0,
        monastery: 1.0,
        field: 1.0,
        mayor: 1.0,
        wagon: 1.0,
        barn: 1.0,
        fill: 2.0,
    };

    /// The weight of one figure move on the tile `placed` (the tile just placed).
    fn weight(&self, placed: &Placed, mv: Move) -> f64 {
        match mv {
            Move::Figure { kind, spot } => match kind {
                FigureKind::Follower => {
                    let kind = placed.segment_kind(spot).unwrap_or(SegmentKind::Monastery);
                    match kind {
                        SegmentKind::Road => self.road,
                        SegmentKind::City => self.city,
                        SegmentKind::Monastery => self.monastery,
                        SegmentKind::Field => self.field,
                    }
                }
                FigureKind::Mayor => self.mayor,
                FigureKind::Wagon => self.wagon,
                FigureKind::Barn => self.barn,
            },
            _ => self.none,
        }
    }
}

/// Finishes `game` with tile placements weighted towards gaps and figure choices weighted
/// by `policy`; every other decision is uniformly random.
pub(super) fn guided_playout<R: Rng + ?Sized>(
    game: &mut Game,
    policy: &PlayoutPolicy,
    moves: &mut Vec<Move>,
    rng: &mut R,
) {
    // Placement weight by the number of neighbours of the cell (1 to 4).
    let fill = [0, 1, 2, 3, 4].map(|n: i32| f64::from(n).powf(policy.fill));
    while !game.is_over() {
        game.legal_moves_into(moves);
        let mv = if moves.len() == 1 {
            moves[0]
        } else {
            match game.decision() {
                Decision::PlaceTile { .. } if policy.fill != 0.0 => {
                    let board = game.board();
                    weighted_pick(moves, rng, |m| match m {
                        Move::Place { pos, .. } => board
                            .frontier_at(pos)
                            .map_or(1.0, |f| fill[usize::from(f.neighbours.min(4))]),
                        _ => 1.0,
                    })
                }
                Decision::PlaceFigure { .. } => match game.board().tiles().last() {
                    Some(placed) => weighted_pick(moves, rng, |m| policy.weight(placed, m)),
                    None => moves[0],
                },
                _ => moves[rng.random_range(0..moves.len())],
            }
        };
        game.play_unchecked(mv);
    }
}

/// One of `moves` (not empty) drawn with probability proportional to `weight`, or uniformly
/// when every weight is zero.
fn weighted_pick<R: Rng + ?Sized>(
    moves: &[Move],
    rng: &mut R,
    weight: impl Fn(Move) -> f64,
) -> Move {
    let total: f64 = moves.iter().map(|&m| weight(m)).sum();
    if total.is_nan() || total <= 0.0 {
        return moves[rng.random_range(0..moves.len())];
    }
    let mut x = rng.random_range(0.0..total);
    for &m in moves {
        x -= weight(m);
        if x < 0.0 {
            return m;
        }
    }
    moves[moves.len() - 1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::Setup;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn weighted_pick_never_draws_a_zero_weight() {
        let moves = [Move::NoFigure, Move::Draw, Move::Pass];
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        let mut seen = [0; 3];
        for _ in 0..1000 {
            let m = weighted_pick(&moves, &mut rng, |m| match m {
                Move::Draw => 0.0,
                Move::NoFigure => 1.0,
                _ => 3.0,
            });
            seen[moves.iter().position(|&x| x == m).unwrap_or(0)] += 1;
        }
        assert_eq!(seen[1], 0, "a zero weight was drawn");
        // Weights 1 : 3, so about 250 : 750.
        assert!((200..300).contains(&seen[0]), "{seen:?}");
        // All weights zero: uniform, never stuck on one move.
        let mut seen = [0; 3];
        for _ in 0..300 {
            let m = weighted_pick(&moves, &mut rng, |_| 0.0);
            seen[moves.iter().position(|&x| x == m).unwrap_or(0)] += 1;
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn a_guided_playout_follows_its_figure_weights() {
        let setup = Setup {
            players: 3,
            abbey_mayor: true,
            seed: 11,
        };
        let no_figures = PlayoutPolicy {
            none: 1.0,
            road: 0.0,
            city: 0.0,
            monastery: 0.0,
            field: 0.0,
            mayor: 0.0,
            wagon: 0.0,
            barn: 0.0,
            fill: 2.0,
        };
        let mut moves = Vec::new();
        let mut rng = Pcg64Mcg::seed_from_u64(3);
        let Ok(mut game) = Game::new(&setup) else {
            panic!("setup");
        };
        guided_playout(&mut game, &no_figures, &mut moves, &mut rng);
        assert!(game.is_over());
        assert!(game.figures().is_empty(), "{:?}", game.figures());
        let Ok(mut game) = Game::new(&setup) else {
            panic!("setup");
        };
        guided_playout(&mut game, &PlayoutPolicy::DEFAULT, &mut moves, &mut rng);
        assert!(game.is_over());
        assert!(!game.figures().is_empty());
        assert!(game.scores().iter().any(|&s| s > 0));
    }
}
