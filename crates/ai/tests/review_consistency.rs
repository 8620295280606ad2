//! Every verdict of the review agrees with its own numbers (issue 26, item 1), checked over
//! every reviewed decision of 20 games between random and greedy seats: a class is never
//! milder or harsher than its losses on both scales say, the losses are the differences of
//! the values shown beside them, a reason is given exactly when the move is not the best, and
//! the game's accuracy and counts follow from its decisions.

use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{
    self, Class, ClassCounts, POINT_UNIT, ReviewConfig, WIN_UNIT, Why, game_accuracy,
    move_accuracy, review_record,
};
use carcassonne_ai::{Budget, Level, choose_move};
use carcassonne_engine::{Game, PlayerKind, PublicView, Record, RecordPlayer, Setup};

/// A finished 2-player Abbey & Mayor game, `levels` in seat order.
fn game(levels: [Level; 2], seed: u64) -> Record {
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed,
    })
    .unwrap();
    let stop = AtomicBool::new(false);
    let mut decision = 0;
    while let Some(p) = game.decision().player() {
        let view = PublicView::new(&game);
        let mv = choose_move(
            levels[usize::from(p)],
            &view,
            seed ^ decision,
            Budget::iterations(1),
            &stop,
        );
        game.play(mv).unwrap();
        decision += 1;
    }
    let players = levels
        .iter()
        .map(|l| RecordPlayer {
            name: l.name().into(),
            kind: PlayerKind::Ai,
            level: Some(l.name().into()),
        })
        .collect();
    Record::from_game(&game, players)
}

/// The class a loss on both scales calls for, and whether `class` agrees with it: no loss
/// for *best*; under one unit on both scales for *good*; for the others the worse scale
/// inside the class's band.
fn agrees(class: Class, win_loss: f64, point_loss: f64) -> bool {
    let units = (win_loss / WIN_UNIT).max(point_loss / POINT_UNIT);
    match class {
        Class::Best => win_loss == 0.0 && point_loss == 0.0,
        Class::Good => win_loss < WIN_UNIT && point_loss < POINT_UNIT,
        Class::Inaccuracy => (1.0..2.0).contains(&units),
        Class::Mistake => (2.0..4.0).contains(&units),
        Class::Blunder => units >= 4.0,
    }
}

#[test]
fn every_class_agrees_with_its_numbers_over_twenty_games() {
    let stop = AtomicBool::new(false);
    let mut all = ClassCounts::default();
    for g in 0..20u64 {
        let levels = if g % 2 == 0 {
            [Level::Random, Level::Greedy]
        } else {
            [Level::Greedy, Level::Random]
        };
        let record = game(levels, 500 + g);
        // The random seat in most games, the greedy one in every fourth.
        let random_seat = usize::from(g % 2 == 1);
        let seat = if g % 4 == 3 {
            1 - random_seat
        } else {
            random_seat
        };
        let cfg = ReviewConfig {
            iterations: 100,
            seed: g,
        };
        let r = review_record(&record, seat, &cfg, &stop, |_, _| {}).unwrap();
        assert!(!r.decisions.is_empty());
        let mut counts = ClassCounts::default();
        for d in &r.decisions {
            let at = format!("game {g} seat {seat} turn {} ({})", d.turn, d.decision);
            counts.add(d.class);
            all.add(d.class);
            assert!(d.win_loss >= 0.0 && d.point_loss >= 0.0, "{at}");
            assert!(
                agrees(d.class, d.win_loss, d.point_loss),
                "{at}: {:?} with a win-chance loss of {:.3} and {:.2} points",
                d.class,
                d.win_loss,
                d.point_loss
            );
            assert_eq!(
                d.severity,
                review::severity(d.win_loss, d.point_loss),
                "{at}"
            );
            assert_eq!(d.accuracy, move_accuracy(d.severity), "{at}");
            if d.class == Class::Best {
                assert_eq!(d.played, d.best, "{at}: a best move is its own best");
                assert_eq!((d.played_win, d.played_margin), (d.best_win, d.best_margin));
                assert!(d.why.is_none(), "{at}");
            } else {
                // The losses are what the two values shown beside them differ by.
                assert_ne!(d.played, d.best, "{at}");
                assert_eq!(d.class, Class::of_severity(d.severity), "{at}");
                let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
                assert!(
                    close(d.win_loss, (d.best_win - d.played_win).max(0.0)),
                    "{at}"
                );
                assert!(
                    close(d.point_loss, (d.best_margin - d.played_margin).max(0.0)),
                    "{at}"
                );
                assert!(d.why.is_some(), "{at}: a move that is not best says why");
            }
            if let Some(Why::BetterChances { win, points }) = &d.why {
                assert_eq!((*win, *points), (d.win_loss, d.point_loss), "{at}");
            }
        }
        assert_eq!(r.counts, counts);
        assert_eq!(
            r.accuracy,
            game_accuracy(r.decisions.iter().map(|d| d.severity))
        );
    }
    // The corpus has every kind of verdict to check.
    assert!(
        all.good > 0 && all.inaccuracy > 0 && all.mistake > 0 && all.blunder > 0,
        "{all:?}"
    );
}
