//! Retrying a reviewed decision: the position is the one before the decision, the move played
//! in the game is judged exactly as the review judged it, the review's better move solves it,
//! and a move the decision does not have or a decision the game does not have is refused.

use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{
    Class, ReviewConfig, ReviewError, judge_try, position_at, review_record, solves,
};
use carcassonne_engine::{Game, Move, PlayerKind, PublicView, Record, RecordPlayer, Setup};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn random_record(seed: u64) -> Record {
    let setup = Setup {
        players: 2,
        abbey_mayor: true,
        seed,
    };
    let mut game = Game::new(&setup).unwrap();
    game.play_random(&mut Pcg64Mcg::seed_from_u64(seed));
    let player = |kind| RecordPlayer {
        name: "P".into(),
        kind,
        level: None,
    };
    Record::from_game(
        &game,
        vec![player(PlayerKind::Human), player(PlayerKind::Ai)],
    )
}

#[test]
fn a_retry_judges_the_played_move_as_the_review_did_and_the_better_move_solves_it() {
    let record = random_record(31);
    let cfg = ReviewConfig {
        iterations: 300,
        seed: 4,
    };
    let stop = AtomicBool::new(false);
    let review = review_record(&record, 0, &cfg, &stop, |_, _| {}).unwrap();
    let wrong: Vec<_> = review
        .decisions
        .iter()
        .filter(|d| matches!(d.class, Class::Mistake | Class::Blunder))
        .collect();
    assert!(
        wrong.len() >= 3,
        "random moves make mistakes: {}",
        wrong.len()
    );
    for d in wrong {
        let p = position_at(&record, d.index).unwrap();
        assert_eq!((p.turn, p.index), (d.turn, d.index));
        assert_eq!(p.game.decision().player(), Some(0));
        assert_eq!(PublicView::new(&p.game).decision().name(), d.decision);
        // The move played: the review's verdict, to the last number.
        let again = judge_try(&p, p.played, &cfg, &stop).unwrap();
        assert_eq!(&again, d);
        assert!(!solves(again.class));
        // The review's better move is the search's best under the same seed.
        let best = d.best.to_move(&p.game).unwrap();
        let tried = judge_try(&p, best, &cfg, &stop).unwrap();
        assert_eq!(tried.class, Class::Best, "{tried:?}");
        assert!(solves(tried.class));
        assert_eq!((tried.win_loss, tried.point_loss), (0.0, 0.0));
        assert!(tried.why.is_none());
    }
}

#[test]
fn a_retry_refuses_a_move_or_decision_that_is_not_there() {
    let record = random_record(32);
    let stop = AtomicBool::new(false);
    let cfg = ReviewConfig {
        iterations: 50,
        seed: 0,
    };
    assert_eq!(
        position_at(&record, 100_000).unwrap_err(),
        ReviewError::NoDecision(100_000)
    );
    let p = position_at(&record, 1).unwrap();
    let not_a_move = if p.game.legal_moves().contains(&Move::Pass) {
        Move::Draw
    } else {
        Move::Pass
    };
    assert_eq!(
        judge_try(&p, not_a_move, &cfg, &stop).unwrap_err(),
        ReviewError::IllegalTry
    );
    // A stopped retry says so.
    let stopped = AtomicBool::new(true);
    let many = p.game.legal_moves();
    if many.len() > 1 {
        assert_eq!(
            judge_try(&p, many[0], &cfg, &stopped).unwrap_err(),
            ReviewError::Stopped
        );
    }
}
