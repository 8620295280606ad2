//! Board-reading aids (`carcassonne_engine::aids`) against brute force on random positions,
//! and hand-built records whose answers are known.
//!
//! The brute force asks the engine itself: for every tile type still to come it rebuilds the
//! game with that tile scripted as the next one, takes the engine's legal placements (which
//! cells the tile can fill) and plays each on a copy (which features it completes). Features
//! and their open ends come from a flood fill over the board written here, apart from the
//! engine's union-find.

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, BTreeSet, HashMap};

use carcassonne_engine::aids::Doom;
use carcassonne_engine::board::Placed;
use carcassonne_engine::geometry::AROUND;
use carcassonne_engine::tile::{LAND_TYPES, TileInfo};
use carcassonne_engine::{
    Completion, Decision, Game, Move, Pos, PublicView, Record, SegmentKind, Setup, TileType,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

// ---- The tile tables, used in one place: each segment's kind and sides. ----

/// The kind and the sides (bit per side, N=0 … W=3) of each local segment of a placed tile.
fn segments(t: &Placed) -> Vec<(SegmentKind, u8)> {
    if t.is_abbey() {
        return vec![(SegmentKind::Monastery, 0)];
    }
    let bit = |side: &str| {
        ["N", "E", "S", "W"]
            .iter()
            .position(|&n| n == side)
            .unwrap()
    };
    TileInfo::of(t.tile)
        .segments()
        .map(|s| {
            let sides = s
                .sides()
                .fold(0, |m, side| m | 1 << ((bit(side) + t.rot as usize) % 4));
            (s.kind(), sides)
        })
        .collect()
}

fn tile_id(t: TileType) -> &'static str {
    TileInfo::of(t).id()
}

fn tile_named(id: &str) -> TileType {
    TileInfo::by_id(id).expect(id).tile_type()
}

// ---- Features by flood fill. ----

/// One road, city or monastery: its segments, and the empty cells its open ends face (for a
/// monastery, the empty cells around it).
struct Feature {
    kind: SegmentKind,
    members: Vec<(Pos, u8)>,
    open_cells: BTreeSet<Pos>,
}

/// Every road, city and monastery on the board, and which feature each segment is in.
fn flood_features(game: &Game) -> (Vec<Feature>, HashMap<(Pos, u8), usize>) {
    let board = game.board();
    let mut id: HashMap<(Pos, u8), usize> = HashMap::new();
    let mut features = Vec::new();
    for t in board.tiles() {
        for (seg, &(kind, _)) in segments(t).iter().enumerate() {
            let start = (t.pos, seg as u8);
            if kind == SegmentKind::Field || id.contains_key(&start) {
                continue;
            }
            let n = features.len();
            let mut f = Feature {
                kind,
                members: Vec::new(),
                open_cells: BTreeSet::new(),
            };
            let mut stack = vec![start];
            id.insert(start, n);
            while let Some((p, s)) = stack.pop() {
                f.members.push((p, s));
                if kind == SegmentKind::Monastery {
                    for (dx, dy) in AROUND {
                        let q = p.offset(dx, dy);
                        if board.at(q).is_none() {
                            f.open_cells.insert(q);
                        }
                    }
                    continue;
                }
                let sides = segments(board.at(p).unwrap())[s as usize].1;
                for side in 0..4u8 {
                    if sides & (1 << side) == 0 {
                        continue;
                    }
                    let q = p.step(side);
                    match board.at(q) {
                        None => {
                            f.open_cells.insert(q);
                        }
                        Some(nb) if nb.is_abbey() => {}
                        Some(nb) => {
                            let back = 1 << ((side + 2) % 4);
                            let theirs = segments(nb)
                                .iter()
                                .position(|&(_, sd)| sd & back != 0)
                                .expect("matching edges");
                            let key = (q, theirs as u8);
                            if let Entry::Vacant(e) = id.entry(key) {
                                e.insert(n);
                                stack.push(key);
                            }
                        }
                    }
                }
            }
            features.push(f);
        }
    }
    (features, id)
}

// ---- Random positions and scripted next tiles. ----

struct Position {
    setup: Setup,
    pile: Vec<TileType>,
    moves: Vec<Move>,
    game: Game,
}

/// A seeded random game (base or Abbey & Mayor, 2–6 players) stopped at a random decision.
fn random_position(seed: u64) -> Position {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let setup = Setup {
        players: rng.random_range(2..=6),
        abbey_mayor: rng.random_bool(0.5),
        seed,
    };
    let counts = *Game::new(&setup).unwrap().remaining();
    let mut pile: Vec<TileType> = (0..LAND_TYPES)
        .flat_map(|t| std::iter::repeat_n(t as TileType, counts[t] as usize))
        .collect();
    pile.shuffle(&mut rng);
    let mut game = Game::with_pile(&setup, &pile).unwrap();
    game.set_logging(false);
    // Late positions matter most (dead squares appear late): stop after 40 to all tiles.
    let target = rng.random_range(40..=pile.len() + 1);
    let extra = rng.random_range(0..3);
    let mut moves = Vec::new();
    let mut placed = 0;
    let mut after = 0;
    while !game.is_over() && after <= extra {
        if placed >= target {
            after += 1;
            if after > extra {
                break;
            }
        }
        let legal = game.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        placed += usize::from(matches!(mv, Move::Place { .. }));
        game.play(mv).unwrap();
        moves.push(mv);
    }
    Position {
        setup,
        pile,
        moves,
        game,
    }
}

/// The same position with `t` as the next tile to place: the game rebuilt with `t` scripted
/// after the tiles drawn so far (instead of the drawn tile, if one waits), the moves
/// replayed, then the turn finished without choices until `t` is drawn. `None` when `t` fits
/// nowhere (it is discarded and the scripted pile runs out).
fn with_next(pos: &Position, t: TileType) -> Option<Game> {
    let drawn = pos.pile.len() - pos.game.pile_len();
    let mut pile = pos.pile[..drawn].to_vec();
    pile.push(t);
    let mut g = Game::with_pile(&pos.setup, &pile).unwrap();
    g.set_logging(false);
    for &m in &pos.moves {
        g.play(m).unwrap();
    }
    loop {
        match g.decision() {
            Decision::PlaceTile { tile, .. } => {
                assert_eq!(tile, t);
                return Some(g);
            }
            Decision::PlaceFigure { .. } => g.play(Move::NoFigure).unwrap(),
            Decision::MoveWagon { .. } => g.play(Move::WagonHome).unwrap(),
            Decision::DrawOrAbbey { .. } => g.play(Move::Draw).unwrap(),
            Decision::FinalAbbey { .. } | Decision::GameOver => return None,
        }
    }
}

fn placements(g: &Game) -> Vec<(Pos, u8)> {
    g.legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Place { pos, rot } => Some((pos, rot)),
            _ => None,
        })
        .collect()
}

/// Which features (by flood-fill index) each placement of `g`'s drawn tile completes, with
/// the cells where it does so.
fn completed_by(g: &Game, features: &[Feature]) -> BTreeMap<usize, BTreeSet<Pos>> {
    let mut out: BTreeMap<usize, BTreeSet<Pos>> = BTreeMap::new();
    let open: Vec<usize> = (0..features.len())
        .filter(|&i| {
            let (p, s) = features[i].members[0];
            !g.feature_at(p, s).unwrap().complete
        })
        .collect();
    for (cell, rot) in placements(g) {
        let mut after = g.clone();
        after.play(Move::Place { pos: cell, rot }).unwrap();
        for &i in &open {
            let (p, s) = features[i].members[0];
            if after.feature_at(p, s).unwrap().complete {
                out.entry(i).or_default().insert(cell);
            }
        }
    }
    out
}

#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    in_hand: usize,
    dead: usize,
    /// Dead squares while tiles are still to be placed.
    dead_live: usize,
    dead_features: usize,
    dead_holes: usize,
    one_tile: usize,
    one_tile_zero: usize,
    one_tile_some: usize,
    several: usize,
    complete: usize,
    two_ends_one_cell: usize,
    completes_in_hand: usize,
    /// Doomed features needing several tiles (before, "needs more than one tile").
    doomed_several: usize,
    doomed_one: usize,
    /// Doomed features an abbey may still save.
    doomed_abbey: usize,
}

fn check_position(pos: &Position, cov: &mut Coverage) {
    let game = &pos.game;
    let view = PublicView::new(game);
    cov.positions += 1;
    let in_hand = match game.decision() {
        Decision::PlaceTile { tile, .. } => Some(tile),
        _ => None,
    };
    cov.in_hand += usize::from(in_hand.is_some());

    // Unseen: the pile after the drawn tiles and the one waiting to be placed.
    let drawn = pos.pile.len() - game.pile_len();
    let mut expect = [0u8; LAND_TYPES];
    for &t in &pos.pile[drawn + usize::from(in_hand.is_some())..] {
        expect[t as usize] += 1;
    }
    let unseen = view.unseen();
    assert_eq!(unseen.counts(), &expect);
    let total: u32 = expect.iter().map(|&c| u32::from(c)).sum();
    assert_eq!(unseen.total(), total);
    let chances = unseen.chances();
    assert_eq!(
        chances.iter().map(|c| u32::from(c.count)).sum::<u32>(),
        total
    );
    for c in &chances {
        assert_eq!(c.chance, f64::from(c.count) / f64::from(total));
        assert_eq!(unseen.chance(c.tile), c.chance);
    }
    if total > 0 {
        let sum: f64 = chances.iter().map(|c| c.chance).sum();
        assert!((sum - 1.0).abs() < 1e-9);
    }

    // Every tile type still to be placed, scripted as the next tile.
    let mut next: Vec<(TileType, Option<Game>)> = Vec::new();
    for t in 0..LAND_TYPES as TileType {
        if game.remaining()[t as usize] > 0 {
            next.push((t, with_next(pos, t)));
        }
    }

    // Dead squares: frontier cells where no such tile has a legal placement.
    let fillable: BTreeSet<Pos> = next
        .iter()
        .filter_map(|(_, g)| g.as_ref())
        .flat_map(|g| placements(g).into_iter().map(|(p, _)| p))
        .collect();
    let mut expect_dead: Vec<Pos> = game
        .board()
        .frontier()
        .iter()
        .map(|f| f.pos)
        .filter(|p| !fillable.contains(p))
        .collect();
    expect_dead.sort_by_key(|p| (p.y, p.x));
    let dead = view.dead_squares();
    assert_eq!(dead.iter().map(|d| d.pos).collect::<Vec<_>>(), expect_dead);

    let (features, id) = flood_features(game);
    let holds_abbey = game.players().iter().any(|p| p.abbey);
    for d in &dead {
        cov.dead += 1;
        cov.dead_live += usize::from(total > 0);
        let f = game.board().frontier_at(d.pos).unwrap();
        assert_eq!(d.hole, f.neighbours == 4);
        cov.dead_holes += usize::from(d.hole);
        if game.is_over() || !holds_abbey {
            assert!(!d.abbey_may_fill);
        } else if total > 0 || in_hand.is_some() {
            assert!(d.abbey_may_fill);
        }
        let expect: BTreeSet<usize> = (0..features.len())
            .filter(|&i| features[i].open_cells.contains(&d.pos))
            .collect();
        let got: Vec<usize> = d
            .features
            .iter()
            .map(|r| {
                let i = id[&(r.pos, r.seg)];
                assert_eq!(features[i].kind, r.kind);
                i
            })
            .collect();
        assert_eq!(got.iter().copied().collect::<BTreeSet<_>>(), expect);
        assert_eq!(got.len(), expect.len(), "each feature once");
        cov.dead_features += got.len();
    }

    // The features the dead squares doom, by flood-fill index.
    let doomed_by_dead: BTreeSet<usize> = dead
        .iter()
        .flat_map(|d| d.features.iter().map(|r| id[&(r.pos, r.seg)]))
        .collect();
    let abbey_may_fill = dead.first().map(|d| d.abbey_may_fill);
    assert!(
        dead.iter()
            .all(|d| Some(d.abbey_may_fill) == abbey_may_fill)
    );

    // Completion odds for every feature.
    let mut completes: Vec<BTreeMap<usize, BTreeSet<Pos>>> = Vec::new();
    let mut tiles_of: Vec<TileType> = Vec::new();
    for (t, g) in &next {
        if let Some(g) = g {
            completes.push(completed_by(g, &features));
            tiles_of.push(*t);
        }
    }
    let by_hand = in_hand.map(|_| completed_by(game, &features));
    for (i, f) in features.iter().enumerate() {
        let (p, s) = f.members[0];
        let odds = view.completion_odds(p, s).unwrap();
        assert_eq!(odds.kind, f.kind);
        assert_eq!(odds.unseen, total);
        // Every segment of the feature gives the same answer.
        for &(q, t) in &f.members[1..] {
            assert_eq!(view.completion_odds(q, t).as_ref(), Some(&odds));
        }
        let mut types = Vec::new();
        let mut cells = BTreeSet::new();
        for (k, c) in completes.iter().enumerate() {
            if let Some(at) = c.get(&i) {
                cells.extend(at.iter().copied());
                if unseen.count(tiles_of[k]) > 0 {
                    types.push(tiles_of[k]);
                }
            }
        }
        let hand_completes = by_hand.as_ref().is_some_and(|c| c.contains_key(&i));
        if let Some(c) = by_hand.as_ref().and_then(|c| c.get(&i)) {
            cells.extend(c.iter().copied());
        }
        assert_eq!(odds.in_hand, hand_completes);
        cov.completes_in_hand += usize::from(hand_completes);
        let complete = game.feature_at(p, s).unwrap().complete;
        match f.open_cells.len() {
            0 => {
                assert!(complete);
                assert_eq!(odds.completion, Completion::Complete);
                cov.complete += 1;
            }
            1 => {
                assert!(!complete);
                assert_eq!(odds.completion, Completion::OneTile);
                let cell = *f.open_cells.first().unwrap();
                assert_eq!(odds.cell, Some(cell));
                assert!(cells.iter().all(|&c| c == cell));
                cov.one_tile += 1;
                if odds.count == 0 {
                    cov.one_tile_zero += 1;
                } else {
                    cov.one_tile_some += 1;
                }
                let ends = f
                    .members
                    .iter()
                    .map(|&(q, t)| {
                        let sides = segments(game.board().at(q).unwrap())[t as usize].1;
                        (0..4u8)
                            .filter(|&d| sides & (1 << d) != 0 && q.step(d) == cell)
                            .count()
                    })
                    .sum::<usize>();
                cov.two_ends_one_cell += usize::from(ends >= 2);
            }
            _ => {
                assert!(!complete);
                assert_eq!(odds.completion, Completion::SeveralTiles);
                assert!(cells.is_empty(), "one tile cannot complete it");
                assert_eq!(odds.cell, None);
                cov.several += 1;
            }
        }
        // Doomed: some cell it needs is a frontier cell no tile still to be placed fits
        // (found above by trying every tile); then no tile completes it, and the dead
        // squares list it.
        let mut dead_cells: Vec<Pos> = f
            .open_cells
            .iter()
            .copied()
            .filter(|c| expect_dead.contains(c))
            .collect();
        dead_cells.sort_by_key(|c| (c.y, c.x));
        assert_eq!(doomed_by_dead.contains(&i), !dead_cells.is_empty());
        match &odds.doomed {
            None => assert!(dead_cells.is_empty(), "feature at {p} seg {s} is doomed"),
            Some(d) => {
                assert_eq!(d.cells, dead_cells, "feature at {p} seg {s}");
                assert_eq!(Some(d.abbey_may_fill), abbey_may_fill);
                assert!(cells.is_empty() && !hand_completes && odds.count == 0);
                cov.doomed_several += usize::from(odds.completion == Completion::SeveralTiles);
                cov.doomed_one += usize::from(odds.completion == Completion::OneTile);
                cov.doomed_abbey += usize::from(d.abbey_may_fill);
            }
        }
        let got: Vec<TileType> = odds.tiles.iter().map(|c| c.tile).collect();
        assert_eq!(got, types, "feature at {p} seg {s}");
        let count: u32 = types.iter().map(|&t| u32::from(unseen.count(t))).sum();
        assert_eq!(odds.count, count);
        for c in &odds.tiles {
            assert_eq!(c.count, unseen.count(c.tile));
            assert_eq!(c.chance, unseen.chance(c.tile));
        }
        let chance = if total == 0 {
            0.0
        } else {
            f64::from(count) / f64::from(total)
        };
        assert_eq!(odds.chance, chance);
    }

    // Fields are never complete; segments past the last are `None`.
    for t in game.board().tiles() {
        let segs = segments(t);
        for (s, &(kind, _)) in segs.iter().enumerate() {
            if kind == SegmentKind::Field {
                let odds = view.completion_odds(t.pos, s as u8).unwrap();
                assert_eq!(odds.completion, Completion::Never);
                assert_eq!((odds.count, odds.cell, odds.in_hand), (0, None, false));
                assert_eq!(odds.doomed, None);
            }
        }
        assert!(view.completion_odds(t.pos, segs.len() as u8).is_none());
    }
}

#[test]
fn aids_match_brute_force_on_random_positions() {
    let mut cov = Coverage::default();
    for seed in 0..300 {
        let pos = random_position(seed);
        check_position(&pos, &mut cov);
    }
    eprintln!("{cov:?}");
    // The positions exercise every case.
    assert!(cov.positions == 300 && cov.in_hand > 20, "{}", cov.in_hand);
    assert!(cov.dead_live > 50 && cov.dead_features > 100 && cov.dead_holes > 20);
    assert!(cov.one_tile_zero > 20 && cov.one_tile_some > 100);
    assert!(cov.several > 100 && cov.complete > 100);
    assert!(cov.two_ends_one_cell > 10, "{}", cov.two_ends_one_cell);
    assert!(cov.completes_in_hand > 10);
    assert!(cov.one_tile > 1000);
    assert!(cov.doomed_several > 20 && cov.doomed_one > 20 && cov.doomed_abbey > 10);
}

// ---- Hand-built records. ----

fn record(turns: &str, abbey_mayor: bool) -> Game {
    let expansions = if abbey_mayor { r#""abbey-mayor""# } else { "" };
    let json = format!(
        r#"{{"format":"carcassonne-record/1","players":[{{"name":"A","kind":"human"}},{{"name":"B","kind":"human"}}],
            "expansions":[{expansions}],"turns":[{turns}],"end":false}}"#
    );
    Record::parse(&json).unwrap().replay().unwrap()
}

/// The local segment named `name` (RULES.md §1) of the tile at `pos`.
fn seg(game: &Game, pos: Pos, name: &str) -> u8 {
    game.board().segment_named(pos, name).unwrap()
}

fn ids(types: &[TileType]) -> Vec<&'static str> {
    types.iter().map(|&t| tile_id(t)).collect()
}

/// The expected odds answer: the named types with an unseen copy, their count and chance.
fn expect_types(game: &Game, named: &[&str]) -> (Vec<&'static str>, u32) {
    let unseen = game.unseen();
    let mut types: Vec<TileType> = named.iter().map(|id| tile_named(id)).collect();
    types.sort_unstable();
    types.retain(|&t| unseen.count(t) > 0);
    let count = types.iter().map(|&t| u32::from(unseen.count(t))).sum();
    (ids(&types), count)
}

fn in_hand(game: &Game) -> TileType {
    match game.decision() {
        Decision::PlaceTile { tile, .. } => tile,
        d => panic!("no tile in hand: {d:?}"),
    }
}

#[test]
fn the_drawn_tile_is_not_unseen() {
    let game = record("", false);
    let t = in_hand(&game);
    let unseen = game.unseen();
    assert_eq!(unseen.count(t) + 1, game.remaining()[t as usize]);
    assert_eq!(unseen.total() as usize + 1, game.pile_len());
    assert_eq!(
        unseen.total(),
        70,
        "72 tiles less the start tile and the drawn one"
    );
    // Once placed, the remaining count and the unseen count agree.
    let mut g = game.clone();
    let m = g.legal_moves()[0];
    g.play(m).unwrap();
    assert_eq!(g.unseen().counts(), g.remaining());
    assert_eq!(g.unseen(), unseen);
}

#[test]
fn a_city_with_one_missing_tile() {
    // The start tile's city is open to the north only: any tile with a one-edge city closes
    // it there.
    let game = record("", false);
    let city = seg(&game, Pos::new(0, 0), "N");
    let odds = game.completion_odds(Pos::new(0, 0), city).unwrap();
    assert_eq!(odds.kind, SegmentKind::City);
    assert_eq!(odds.completion, Completion::OneTile);
    assert_eq!(odds.cell, Some(Pos::new(0, -1)));
    let (types, count) = expect_types(&game, &["D", "E", "H", "I", "J", "K", "L"]);
    assert_eq!(
        ids(&odds.tiles.iter().map(|c| c.tile).collect::<Vec<_>>()),
        types
    );
    assert_eq!(odds.count, count);
    assert_eq!(odds.unseen, 70);
    assert_eq!(odds.chance, f64::from(count) / 70.0);
    let held = tile_id(in_hand(&game));
    assert_eq!(
        odds.in_hand,
        ["D", "E", "H", "I", "J", "K", "L"].contains(&held),
        "{held}"
    );
}

#[test]
fn a_road_with_open_ends_in_two_cells_needs_two_tiles() {
    let game = record("", false);
    let road = seg(&game, Pos::new(0, 0), "W");
    let odds = game.completion_odds(Pos::new(0, 0), road).unwrap();
    assert_eq!(odds.kind, SegmentKind::Road);
    assert_eq!(odds.completion, Completion::SeveralTiles);
    assert_eq!((odds.cell, odds.count, odds.chance), (None, 0, 0.0));
    assert!(odds.tiles.is_empty() && !odds.in_hand);
}

#[test]
fn a_road_running_into_one_cell_twice_is_closed_by_one_tile() {
    // The start road turns south at both ends and runs into (0, 1) from the east and the
    // west. A straight road or a three-way junction closes it there; a three-way road
    // (AM11) fits but runs on south.
    let turns = r#"{"tile":"V","at":[1,0],"rotation":0},
        {"tile":"V","at":[-1,0],"rotation":270},
        {"tile":"V","at":[-1,1],"rotation":180},
        {"tile":"V","at":[1,1],"rotation":90}"#;
    for abbey_mayor in [false, true] {
        let game = record(turns, abbey_mayor);
        let road = seg(&game, Pos::new(0, 0), "E");
        assert_eq!(game.feature_at(Pos::new(0, 0), road).unwrap().open, 2);
        let odds = game.completion_odds(Pos::new(0, 0), road).unwrap();
        assert_eq!(odds.completion, Completion::OneTile);
        assert_eq!(odds.cell, Some(Pos::new(0, 1)));
        let (types, count) = expect_types(&game, &["D", "U", "W"]);
        assert_eq!(
            ids(&odds.tiles.iter().map(|c| c.tile).collect::<Vec<_>>()),
            types
        );
        assert_eq!(odds.count, count);
        if abbey_mayor {
            let am11 = tile_named("AM11");
            let fits = game
                .board()
                .frontier_at(Pos::new(0, 1))
                .unwrap()
                .fits_tile(am11);
            assert!(fits, "AM11 fits the cell but does not close the road");
        }
    }
}

#[test]
fn a_monastery_with_one_missing_neighbour() {
    // A monastery at (0, 1) surrounded but for (1, 2), which needs fields north and west.
    let turns = r#"{"tile":"B","at":[0,1],"rotation":0},
        {"tile":"U","at":[-1,0],"rotation":0},
        {"tile":"U","at":[1,0],"rotation":0},
        {"tile":"E","at":[-1,1],"rotation":270},
        {"tile":"E","at":[1,1],"rotation":90},
        {"tile":"E","at":[0,2],"rotation":180},
        {"tile":"E","at":[-1,2],"rotation":180}"#;
    let game = record(turns, false);
    let monastery = seg(&game, Pos::new(0, 1), "monastery");
    let odds = game.completion_odds(Pos::new(0, 1), monastery).unwrap();
    assert_eq!(odds.kind, SegmentKind::Monastery);
    assert_eq!(odds.completion, Completion::OneTile);
    assert_eq!(odds.cell, Some(Pos::new(1, 2)));
    let named = ["A", "B", "E", "I", "M", "N", "V"];
    let (types, count) = expect_types(&game, &named);
    assert_eq!(
        ids(&odds.tiles.iter().map(|c| c.tile).collect::<Vec<_>>()),
        types
    );
    assert_eq!(odds.count, count);
    // 2 A, 3 B, 1 E, 2 I, 2 M, 3 N and 9 V are left; the drawn tile is not unseen.
    let held = tile_id(in_hand(&game));
    assert_eq!(count + u32::from(named.contains(&held)), 22);
    assert_eq!(odds.in_hand, named.contains(&held));
}

#[test]
fn a_square_with_city_on_four_sides_is_dead_once_the_four_sided_city_is_used() {
    // C (the only all-city tile of the base game) is placed at (3, -1); then (0, -1) gets
    // city edges on all four sides, and a monastery at (-1, -2) beside it.
    let turns = r#"{"tile":"U","at":[1,0],"rotation":0},
        {"tile":"U","at":[2,0],"rotation":0},
        {"tile":"D","at":[3,0],"rotation":0},
        {"tile":"C","at":[3,-1],"rotation":0},
        {"tile":"E","at":[1,-1],"rotation":270},
        {"tile":"U","at":[-1,0],"rotation":0},
        {"tile":"E","at":[-1,-1],"rotation":90},
        {"tile":"B","at":[-1,-2],"rotation":0},
        {"tile":"E","at":[0,-2],"rotation":180}"#;
    let game = record(turns, false);
    let cell = Pos::new(0, -1);
    let dead = game.dead_squares();
    let d = dead
        .iter()
        .find(|d| d.pos == cell)
        .expect("(0, -1) is dead");
    assert!(
        d.hole && !d.abbey_may_fill,
        "a hole, and no abbeys in the base game"
    );
    let got: Vec<(Pos, &str, SegmentKind)> = d
        .features
        .iter()
        .map(|f| {
            let name = game.board().segment_name(f.pos, f.seg);
            (f.pos, name, f.kind)
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (Pos::new(0, -2), "S", SegmentKind::City),
            (Pos::new(1, -1), "W", SegmentKind::City),
            (Pos::new(0, 0), "N", SegmentKind::City),
            (Pos::new(-1, -1), "E", SegmentKind::City),
            (Pos::new(-1, -2), "monastery", SegmentKind::Monastery),
        ]
    );
    // The start city needs one tile there, and none is left.
    let odds = game.completion_odds(Pos::new(0, 0), 0).unwrap();
    assert_eq!(odds.completion, Completion::OneTile);
    assert_eq!((odds.cell, odds.count), (Some(cell), 0));
    let doom = Doom {
        cells: vec![cell],
        abbey_may_fill: false,
    };
    assert_eq!(odds.doomed, Some(doom.clone()));
    // The monastery needs several tiles, one of them at the dead square: it can never be
    // completed either.
    let monastery = seg(&game, Pos::new(-1, -2), "monastery");
    let odds = game.completion_odds(Pos::new(-1, -2), monastery).unwrap();
    assert_eq!(odds.completion, Completion::SeveralTiles);
    assert_eq!(odds.doomed, Some(doom));
    // With C still unseen the same square is not dead.
    let before = record(
        &turns.replace(r#"{"tile":"C","at":[3,-1],"rotation":0},"#, ""),
        false,
    );
    assert!(before.dead_squares().iter().all(|d| d.pos != cell));
    let odds = before.completion_odds(Pos::new(0, 0), 0).unwrap();
    assert_eq!(odds.doomed, None);
    let c_in_hand = tile_id(in_hand(&before)) == "C";
    let expect: &[&str] = if c_in_hand { &[] } else { &["C"] };
    assert_eq!(
        ids(&odds.tiles.iter().map(|c| c.tile).collect::<Vec<_>>()),
        expect
    );
    assert_eq!(odds.in_hand, c_in_hand);
}

#[test]
fn a_city_with_two_open_edges_onto_one_cell_is_closed_exactly() {
    // A ring of three curved cities (N) runs into (0, -1) from the north and the east; the
    // start city faces the same cell from the south. A tile with one city on N, E and S
    // closes both (Q, R, S, T); so does AM3, whose city N–S joins the two, while its city on
    // E closes the ring's second end. AM2 fits too, but its second city runs on to the empty
    // west, and C and AM1 open a fourth edge there.
    let turns = r#"{"tile":"U","at":[1,0],"rotation":0},
        {"tile":"N","at":[1,-1],"rotation":0},
        {"tile":"N","at":[1,-2],"rotation":270},
        {"tile":"N","at":[0,-2],"rotation":180}"#;
    let game = record(turns, true);
    let cell = Pos::new(0, -1);
    let ring = seg(&game, Pos::new(0, -2), "S");
    assert_eq!(game.feature_at(Pos::new(0, -2), ring).unwrap().open, 2);
    for (pos, s) in [
        (Pos::new(0, 0), seg(&game, Pos::new(0, 0), "N")),
        (Pos::new(0, -2), ring),
    ] {
        let odds = game.completion_odds(pos, s).unwrap();
        assert_eq!(
            (odds.completion, odds.cell),
            (Completion::OneTile, Some(cell))
        );
        let (types, count) = expect_types(&game, &["Q", "R", "S", "T", "AM3"]);
        assert_eq!(
            ids(&odds.tiles.iter().map(|c| c.tile).collect::<Vec<_>>()),
            types
        );
        assert_eq!(odds.count, count);
    }
    let am2 = tile_named("AM2");
    assert!(game.board().frontier_at(cell).unwrap().fits_tile(am2));
}
