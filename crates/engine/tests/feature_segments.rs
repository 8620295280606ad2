//! `Game::feature_segments` against a flood fill over the board's tile sides, on positions
//! reached by random play, and its agreement with `Game::feature_at`.

use std::collections::BTreeSet;

use carcassonne_engine::board::Placed;
use carcassonne_engine::geometry::{opposite_side, rotate_sides};
use carcassonne_engine::tile::TileInfo;
use carcassonne_engine::{Game, Pos, SegmentKind, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Each local segment's kind and the sides it touches in the tile's orientation.
fn sides_of(t: &Placed) -> Vec<(SegmentKind, u8)> {
    if t.is_abbey() {
        return vec![(SegmentKind::Monastery, 0)];
    }
    TileInfo::of(t.tile)
        .segments()
        .map(|s| {
            let mask = s.sides().fold(0u8, |m, name| {
                m | 1
                    << ["N", "E", "S", "W"]
                        .iter()
                        .position(|&n| n == name)
                        .unwrap()
            });
            (s.kind(), rotate_sides(mask, t.rot))
        })
        .collect()
}

/// The road or city of (`pos`, `seg`), found by walking from side to matching side.
fn flood(game: &Game, pos: Pos, seg: u8) -> BTreeSet<(i16, i16, u8)> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![(pos, seg)];
    while let Some((p, s)) = todo.pop() {
        if !seen.insert((p.x, p.y, s)) {
            continue;
        }
        let sides = sides_of(game.board().at(p).unwrap())[s as usize].1;
        for side in 0..4u8 {
            if sides & (1 << side) == 0 {
                continue;
            }
            let q = p.step(side);
            let Some(t) = game.board().at(q) else {
                continue;
            };
            let back = opposite_side(side);
            if let Some(n) = sides_of(t).iter().position(|&(_, m)| m & (1 << back) != 0) {
                todo.push((q, n as u8));
            }
        }
    }
    seen
}

fn position(seed: u64, moves: usize) -> Game {
    let mut game = Game::new(&Setup {
        players: 3,
        abbey_mayor: true,
        seed,
    })
    .unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..moves {
        if game.is_over() {
            break;
        }
        let moves = game.legal_moves();
        let pick = rng.random_range(0..moves.len());
        game.play(moves[pick]).unwrap();
    }
    game
}

#[test]
fn roads_and_cities_are_the_tiles_joined_side_to_side() {
    for seed in 0..12 {
        let game = position(seed, 40 + 10 * seed as usize);
        for t in game.board().tiles() {
            for (seg, (kind, _)) in sides_of(t).iter().enumerate() {
                let seg = seg as u8;
                let got = game.feature_segments(t.pos, seg);
                assert!(
                    got.contains(&(t.pos, seg)),
                    "seed {seed}: {:?} {seg}",
                    t.pos
                );
                let info = game.feature_at(t.pos, seg).unwrap();
                assert_eq!(info.kind, *kind);
                // Every member names the same feature, of the same kind.
                for &(p, s) in &got {
                    assert_eq!(game.feature_segments(p, s), got);
                    assert_eq!(game.feature_at(p, s).unwrap().kind, *kind);
                }
                if matches!(kind, SegmentKind::Road | SegmentKind::City) {
                    let want = flood(&game, t.pos, seg);
                    let have: BTreeSet<_> = got.iter().map(|(p, s)| (p.x, p.y, *s)).collect();
                    assert_eq!(have, want, "seed {seed}: the feature of {:?} {seg}", t.pos);
                    let tiles: BTreeSet<_> = got.iter().map(|(p, _)| (p.x, p.y)).collect();
                    assert_eq!(tiles.len(), usize::from(info.tiles));
                }
            }
        }
    }
}

#[test]
fn members_come_in_placement_order_and_nothing_for_a_missing_segment() {
    let game = position(3, 60);
    let order = |p: Pos| game.board().tile_index(p).unwrap();
    for t in game.board().tiles() {
        let got = game.feature_segments(t.pos, 0);
        assert!(
            got.windows(2)
                .all(|w| (order(w[0].0), w[0].1) < (order(w[1].0), w[1].1))
        );
    }
    assert!(game.feature_segments(Pos::new(90, 90), 0).is_empty());
    assert!(game.feature_segments(Pos::new(0, 0), 40).is_empty());
}
