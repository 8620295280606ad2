//! The luck of the draw (issue 26, item 8): weighed against exactly the draws that could have
//! come, so that the copies-weighted luck of every possible draw of a position is 0 (a fair
//! shuffle makes every draw's expected luck 0, whoever plays); the analysis of a finished game
//! adds up, is reproducible, and refuses what is not a finished game.

use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::luck::{luck_record, weigh_draw};
use carcassonne_ai::review::{ReviewError, positions};
use carcassonne_engine::tile::LAND_TYPES;
use carcassonne_engine::{Decision, Game, Move, PlayerKind, Record, RecordPlayer, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

fn random_game(players: usize, seed: u64) -> Game {
    let mut game = Game::new(&Setup {
        players,
        abbey_mayor: true,
        seed,
    })
    .unwrap();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    while !game.is_over() {
        let moves = game.legal_moves();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    game
}

fn record(game: &Game) -> Record {
    let players = (0..game.num_players())
        .map(|i| RecordPlayer {
            name: format!("P{i}"),
            kind: PlayerKind::Ai,
            level: Some("random".into()),
        })
        .collect();
    Record::from_game(game, players)
}

#[test]
fn the_possible_draws_of_a_position_weigh_to_zero_luck() {
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for (players, seed) in [(2, 1), (3, 2)] {
        let rec = record(&random_game(players, seed));
        for p in positions(&rec)
            .unwrap()
            .iter()
            .filter(|p| matches!(p.played, Move::Place { .. }))
            .step_by(11)
        {
            let Decision::PlaceTile { tile, .. } = p.game.decision() else {
                panic!("a placement waits for a tile");
            };
            // Every tile that could have been the one to place, with its copies.
            let mut alternatives = Vec::new();
            for other in 0..LAND_TYPES as u8 {
                if let Some(g) = p.game.with_drawn(other) {
                    let copies = u32::from(p.game.remaining()[usize::from(other)]);
                    alternatives.push((other, copies, weigh_draw(&g, p.turn, &stop).unwrap()));
                }
            }
            assert!(
                alternatives.iter().any(|a| a.0 == tile),
                "the drawn tile is one of them"
            );
            let weight: u32 = alternatives.iter().map(|a| a.1).sum();
            let (mut points, mut win) = (0.0, 0.0);
            for (_, copies, d) in &alternatives {
                assert_eq!(d.choices, weight, "each is weighed against the same draws");
                points += f64::from(*copies) * d.points;
                win += f64::from(*copies) * d.win;
                assert!((d.points - (d.value - d.mean)).abs() < 1e-9);
                assert!(d.best_value >= d.value);
            }
            assert!(
                points.abs() < 1e-6 * f64::from(weight),
                "turn {}: mean luck {}",
                p.turn,
                points / f64::from(weight)
            );
            assert!(win.abs() < 1e-9 * f64::from(weight));
            checked += 1;
        }
    }
    assert!(checked >= 10, "{checked} positions");
}

#[test]
fn a_finished_game_is_weighed_draw_by_draw_and_the_same_every_time() {
    let stop = AtomicBool::new(false);
    let game = random_game(3, 5);
    let rec = record(&game);
    let luck = luck_record(&rec, &stop).unwrap();
    assert_eq!(luck, luck_record(&rec, &stop).unwrap(), "reproducible");
    let placed_from_pile = game
        .log()
        .iter()
        .filter(|e| matches!(e, carcassonne_engine::TurnEntry::Tile { .. }))
        .count();
    assert_eq!(luck.draws.len(), placed_from_pile);
    let scores = game.scores();
    let mean_others =
        |p: usize| (scores.iter().map(|&s| f64::from(s)).sum::<f64>() - f64::from(scores[p])) / 2.0;
    for p in &luck.players {
        let own: Vec<_> = luck.draws.iter().filter(|d| d.player == p.player).collect();
        assert_eq!(own.len(), p.draws);
        assert!((own.iter().map(|d| d.points).sum::<f64>() - p.points).abs() < 1e-9);
        assert!((p.margin - (f64::from(scores[p.player]) - mean_others(p.player))).abs() < 1e-9);
        assert!((p.adjusted_margin - (p.margin - p.net_points)).abs() < 1e-9);
    }
    let net: f64 = luck.players.iter().map(|p| p.net_points).sum();
    assert!(net.abs() < 1e-9, "net luck sums to 0 over the seats");
    // Some draws were lucky, some not.
    assert!(
        luck.draws.iter().any(|d| d.points > 0.5) && luck.draws.iter().any(|d| d.points < -0.5)
    );
}

#[test]
fn only_a_finished_game_is_weighed_and_a_stop_stops_it() {
    let stop = AtomicBool::new(false);
    let mut rec = record(&random_game(2, 8));
    let done = luck_record(&rec, &stop);
    assert!(done.is_ok());
    let stopped = AtomicBool::new(true);
    assert_eq!(luck_record(&rec, &stopped), Err(ReviewError::Stopped));
    rec.turns.truncate(20);
    rec.end = false;
    assert_eq!(luck_record(&rec, &stop), Err(ReviewError::NotFinished));
}
