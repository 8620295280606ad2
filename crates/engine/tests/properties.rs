//! Properties over many seeded random games, base and expansion, 1–6 players.

use carcassonne_engine::game::FOLLOWERS;
use carcassonne_engine::{
    Decision, FigureKind, Game, Move, PlayerKind, Pos, Record, RecordPlayer, Setup,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn players(n: usize) -> Vec<RecordPlayer> {
    (0..n)
        .map(|i| RecordPlayer {
            name: format!("P{i}"),
            kind: PlayerKind::Ai,
            level: Some("random".into()),
        })
        .collect()
}

/// Checks that every figure is either in its owner's supply or on the board.
fn assert_figures_conserved(game: &Game) {
    for (p, state) in game.players().iter().enumerate() {
        let on_board = |kind| {
            game.figures()
                .iter()
                .filter(|f| f.player as usize == p && f.kind == kind)
                .count()
        };
        let returning_wagon = game.returning_wagons().contains(&(p as u8));
        assert_eq!(
            state.followers as usize + on_board(FigureKind::Follower),
            FOLLOWERS as usize
        );
        if game.abbey_mayor() {
            assert_eq!(usize::from(state.mayor) + on_board(FigureKind::Mayor), 1);
            assert_eq!(usize::from(state.barn) + on_board(FigureKind::Barn), 1);
            // A wagon awaiting its owner's decision is neither home nor on the board.
            assert_eq!(
                usize::from(state.wagon)
                    + on_board(FigureKind::Wagon)
                    + usize::from(returning_wagon),
                1
            );
        }
    }
}

/// Every move that `play` accepts among a superset of candidates must be generated.
fn candidates(game: &Game) -> Vec<Move> {
    let mut out = Vec::new();
    match game.decision() {
        Decision::DrawOrAbbey { .. } | Decision::FinalAbbey { .. } | Decision::PlaceTile { .. } => {
            out.push(Move::Draw);
            out.push(Move::Pass);
            let mut cells: Vec<Pos> = game.board().frontier().iter().map(|f| f.pos).collect();
            cells.extend(game.board().tiles().iter().take(3).map(|t| t.pos));
            cells.push(Pos::new(60, 60));
            for p in cells {
                out.push(Move::Abbey { pos: p });
                for rot in 0..4 {
                    out.push(Move::Place { pos: p, rot });
                }
            }
        }
        Decision::PlaceFigure { .. } => {
            out.push(Move::NoFigure);
            for kind in [
                FigureKind::Follower,
                FigureKind::Mayor,
                FigureKind::Wagon,
                FigureKind::Barn,
            ] {
                for spot in 0..9 {
                    out.push(Move::Figure { kind, spot });
                }
            }
        }
        Decision::MoveWagon { from, .. } => {
            out.push(Move::WagonHome);
            for dx in -2..=2 {
                for dy in -2..=2 {
                    for seg in 0..9 {
                        out.push(Move::WagonTo {
                            pos: from.offset(dx, dy),
                            seg,
                        });
                    }
                }
            }
        }
        Decision::GameOver => {}
    }
    out
}

/// Plays a random game, checking invariants at every step; returns it.
fn random_game(setup: Setup, move_seed: u64, check_candidates: bool) -> Game {
    let mut game = Game::new(&setup).expect("valid setup");
    let mut rng = Pcg64Mcg::seed_from_u64(move_seed);
    let mut last_scores = game.scores();
    let mut steps = 0;
    while !game.is_over() {
        let legal = game.legal_moves();
        assert!(!legal.is_empty(), "a pending decision always has a move");
        if check_candidates && rng.random_range(0..4) == 0 {
            for c in candidates(&game) {
                assert_eq!(
                    game.is_legal(c),
                    legal.contains(&c),
                    "is_legal({c:?}) at {:?}",
                    game.decision()
                );
                let mut probe = game.clone();
                let accepted = probe.play(c).is_ok();
                assert_eq!(
                    accepted,
                    legal.contains(&c),
                    "{c:?} accepted={accepted} at {:?}",
                    game.decision()
                );
                if !accepted {
                    // A refused move changes nothing.
                    assert_eq!(probe.scores(), game.scores());
                    assert_eq!(probe.log().len(), game.log().len());
                    assert_eq!(probe.decision(), game.decision());
                }
            }
        }
        let mv = legal[rng.random_range(0..legal.len())];
        game.play(mv).expect("generated moves are accepted");
        assert_figures_conserved(&game);
        let scores = game.scores();
        assert!(
            scores.iter().zip(&last_scores).all(|(a, b)| a >= b),
            "scores never decrease"
        );
        last_scores = scores;
        steps += 1;
        assert!(steps < 2000, "the game always ends");
    }
    assert_eq!(game.pile_len(), 0);
    assert_eq!(game.legal_moves(), vec![]);
    for p in game.players() {
        assert_eq!(p.score, p.breakdown.total());
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants_and_replay(seed in any::<u64>(), n in 1usize..=6, em in any::<bool>()) {
        let setup = Setup { players: n, abbey_mayor: em, seed };
        let game = random_game(setup, seed ^ 0x9E37_79B9, true);
        let record = Record::from_game(&game, players(n));
        let json = record.to_json();
        let replayed = Record::parse(&json).and_then(|r| r.replay()).expect("own record replays");
        prop_assert_eq!(replayed.scores(), game.scores());
        prop_assert!(replayed.is_over());
        let again = Record::from_game(&replayed, players(n));
        prop_assert_eq!(again.turns, record.turns);
        prop_assert_eq!(replayed.events(), game.events());
    }

    #[test]
    fn unfinished_records_resume_the_same_game(seed in any::<u64>(), cut in 1usize..120) {
        let setup = Setup { players: 3, abbey_mayor: true, seed };
        let mut game = Game::new(&setup).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut full = game.clone();
        // Stop at the start of a turn: a record holds whole entries (and not a `Draw` alone).
        let mut steps = 0;
        let mut last = Move::Pass;
        while !game.is_over()
            && (steps < cut
                || last == Move::Draw
                || !matches!(game.decision(), Decision::DrawOrAbbey { .. } | Decision::PlaceTile { .. }))
        {
            let legal = game.legal_moves();
            last = legal[rng.random_range(0..legal.len())];
            game.play(last).unwrap();
            steps += 1;
        }
        full.clone_from(&game);
        let record = Record::from_game(&game, players(3));
        let mut resumed = Record::parse(&record.to_json()).and_then(|r| r.replay()).expect("replays");
        prop_assert_eq!(resumed.scores(), game.scores());
        // The resumed game continues with the very same pile and decisions.
        let mut rng2 = Pcg64Mcg::seed_from_u64(seed ^ 1);
        while !full.is_over() {
            let a = full.legal_moves();
            let b = resumed.legal_moves();
            prop_assert_eq!(&a, &b);
            let i = rng2.random_range(0..a.len());
            full.play(a[i]).unwrap();
            resumed.play(b[i]).unwrap();
        }
        prop_assert_eq!(full.scores(), resumed.scores());
    }
}

#[test]
fn games_are_deterministic_given_their_seeds() {
    let setup = Setup {
        players: 4,
        abbey_mayor: true,
        seed: 42,
    };
    let a = random_game(setup, 1, false);
    let b = random_game(setup, 1, false);
    assert_eq!(a.scores(), b.scores());
    assert_eq!(a.log(), b.log());
}

#[test]
fn determinizing_keeps_the_drawn_tile_and_the_public_state() {
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed: 5,
    })
    .unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for _ in 0..30 {
        let legal = game.legal_moves();
        game.play(legal[rng.random_range(0..legal.len())]).unwrap();
    }
    while !matches!(game.decision(), Decision::PlaceTile { .. }) {
        let legal = game.legal_moves();
        game.play(legal[0]).unwrap();
    }
    let view = carcassonne_engine::PublicView::new(&game);
    let mut orders = std::collections::HashSet::new();
    for s in 0..8 {
        let mut d = view.determinize(&mut Pcg64Mcg::seed_from_u64(s));
        assert_eq!(d.decision(), game.decision());
        assert_eq!(d.remaining(), game.remaining());
        assert_eq!(d.legal_moves(), view.legal_moves());
        // Play the drawn tile, then see which tile comes next in this sample.
        let mut next = Vec::new();
        while matches!(
            d.decision(),
            Decision::PlaceTile { .. } | Decision::PlaceFigure { .. } | Decision::MoveWagon { .. }
        ) && next.len() < 3
        {
            let m = d.legal_moves()[0];
            d.play(m).unwrap();
            if let Decision::PlaceTile { tile, .. } = d.decision() {
                next.push(tile);
            }
        }
        orders.insert(next);
    }
    assert!(orders.len() > 1, "samples differ in the hidden order");
}

/// Applies one small edit to a record's JSON: what a corrupt or hand-edited file looks like.
fn mutate(record: &mut serde_json::Value, turn: usize, edit: u8, value: i64) {
    const NAMES: [&str; 12] = [
        "N",
        "E",
        "S",
        "W",
        "Nw",
        "Es",
        "inner",
        "inner2",
        "monastery",
        "NW",
        "X",
        "AM13",
    ];
    let turns = record["turns"].as_array_mut().unwrap();
    if turns.is_empty() {
        return;
    }
    let i = turn % turns.len();
    let name = NAMES[value.unsigned_abs() as usize % NAMES.len()];
    let t = &mut turns[i];
    match edit {
        0 => t["at"] = serde_json::json!([value % 7 - 3, value % 5 - 2]),
        1 => t["rotation"] = serde_json::json!(value),
        2 => t["tile"] = serde_json::json!(name),
        3 => t["figure"] = serde_json::json!({"kind": "follower", "on": name}),
        4 => {
            let kind = ["mayor", "wagon", "barn", "knight"][value.unsigned_abs() as usize % 4];
            t["figure"] = serde_json::json!({"kind": kind, "on": name, "corner": name});
        }
        5 => {
            t["wagons"] =
                serde_json::json!([{"player": value % 7, "to": {"at": [value % 3, 1], "on": name}}])
        }
        6 => t["abbey"] = serde_json::json!([value % 5, value % 3]),
        7 => {
            turns.remove(i);
        }
        8 => {
            let j = (i + 1) % turns.len();
            turns.swap(i, j);
        }
        _ => record["players"] = serde_json::json!([]),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn damaged_records_are_rejected_with_a_turn_or_replay_cleanly(
        seed in any::<u64>(), em in any::<bool>(), turn in any::<usize>(), edit in 0u8..10, value in -300i64..300,
    ) {
        let setup = Setup { players: 2 + (seed % 3) as usize, abbey_mayor: em, seed };
        let mut game = Game::new(&setup).unwrap();
        game.play_random(&mut Pcg64Mcg::seed_from_u64(seed));
        let mut json: serde_json::Value = serde_json::from_str(&Record::from_game(&game, players(setup.players)).to_json()).unwrap();
        mutate(&mut json, turn, edit, value);
        let count = json["turns"].as_array().map_or(0, |t| t.len());
        match Record::parse(&json.to_string()).and_then(|r| r.replay()) {
            Ok(g) => prop_assert!(g.scores().len() == setup.players),
            Err(e) => {
                prop_assert!(e.turn <= count, "{e}");
                prop_assert!(!e.reason.is_empty());
            }
        }
    }
}

#[test]
fn projected_events_add_up_to_the_projected_scores() {
    use carcassonne_engine::Event;
    let mut rng = Pcg64Mcg::seed_from_u64(41);
    let mut checked = 0;
    for seed in 0..6 {
        let mut game = Game::new(&Setup {
            players: 3,
            abbey_mayor: seed % 2 == 0,
            seed,
        })
        .unwrap();
        while !game.is_over() {
            let now = game.scores();
            let mut expected = now.clone();
            for e in game.projected_events() {
                if let Event::Scored {
                    players, points, ..
                } = e
                {
                    for p in players {
                        expected[usize::from(p)] += points;
                    }
                }
            }
            assert_eq!(expected, game.projected_scores(), "seed {seed}");
            checked += 1;
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    assert!(checked > 500);
}

#[test]
fn another_draw_is_the_same_position_with_that_tile_to_place() {
    let mut rng = Pcg64Mcg::seed_from_u64(43);
    let (mut swapped, mut refused, mut unfit) = (0, 0, 0);
    for seed in 0..4 {
        let mut game = Game::new(&Setup {
            players: 2,
            abbey_mayor: true,
            seed,
        })
        .unwrap();
        while !game.is_over() {
            if let Decision::PlaceTile { player, tile } = game.decision() {
                assert!(game.with_drawn(tile).is_some(), "the drawn tile itself");
                for other in 0..carcassonne_engine::tile::LAND_TYPES as u8 {
                    let Some(g) = game.with_drawn(other) else {
                        // Refused: no copy left in the pile, or (rarely) it fits nowhere.
                        assert_ne!(other, tile);
                        unfit += usize::from(game.remaining()[usize::from(other)] > 0);
                        refused += 1;
                        continue;
                    };
                    // The same public position, the other tile to place, the same pile size
                    // and counts.
                    assert_eq!(
                        g.decision(),
                        Decision::PlaceTile {
                            player,
                            tile: other
                        }
                    );
                    assert_eq!(g.remaining(), game.remaining());
                    assert_eq!(g.pile_len(), game.pile_len());
                    assert_eq!(g.scores(), game.scores());
                    assert!(
                        !g.legal_moves().is_empty(),
                        "a tile that fits can be placed"
                    );
                    assert!(game.remaining()[usize::from(other)] > 0);
                    swapped += 1;
                }
            } else {
                assert!(game.with_drawn(0).is_none(), "only at a tile placement");
            }
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    assert!(swapped > 1000 && refused > 1000, "{swapped} {refused}");
    assert!(unfit * 20 < swapped, "{unfit} tiles left fit nowhere");
}
