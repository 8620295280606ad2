//! Where the end of the game can be solved exactly, the review agrees with it (issue 26,
//! item 2). Once the last tile is drawn nothing is left to chance: its placement and figure,
//! the wagons, the final abbey round and its figures. Each of those decisions of 2-player
//! Abbey & Mayor games between random and greedy seats is solved by enumerating every line
//! to the end (each player choosing what is best for their own final margin), and judged by
//! the review at its default budget: the review's best move is an exactly best one, and its
//! points loss is the exact loss to within half a point (the final margins, not an estimate).

use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{Class, POINT_UNIT, decision_seed, judge};
use carcassonne_ai::{Budget, Level, choose_move};
use carcassonne_engine::{Decision, Game, PublicView, Setup};

/// The final scores when every remaining decision (no tile left to draw) is taken by its
/// player to maximise their final margin over the other (ties: the first such move).
fn solve(game: &Game) -> Vec<u32> {
    let Some(p) = game.decision().player() else {
        return game.scores();
    };
    let p = usize::from(p);
    let mut best: Option<(f64, Vec<u32>)> = None;
    for mv in game.legal_moves() {
        let mut g = game.clone();
        g.play(mv).unwrap();
        let end = solve(&g);
        let margin = f64::from(end[p]) - f64::from(end[1 - p]);
        if best.as_ref().is_none_or(|b| margin > b.0) {
            best = Some((margin, end));
        }
    }
    best.unwrap().1
}

/// Each legal move's exact final margin for the player deciding in `game`.
fn exact_margins(game: &Game) -> Vec<(carcassonne_engine::Move, f64)> {
    let p = usize::from(game.decision().player().unwrap());
    game.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut g = game.clone();
            g.play(mv).unwrap();
            let end = solve(&g);
            (mv, f64::from(end[p]) - f64::from(end[1 - p]))
        })
        .collect()
}

#[test]
fn the_review_agrees_with_the_exact_end_of_the_game() {
    let stop = AtomicBool::new(false);
    let (mut judged, mut faulted) = (0, 0);
    for seed in 0..16u64 {
        let mut game = Game::new(&Setup {
            players: 2,
            abbey_mayor: true,
            seed: 500 + seed,
        })
        .unwrap();
        let levels = [Level::Random, Level::Greedy];
        let mut decision = 0u64;
        while let Some(p) = game.decision().player() {
            let view = PublicView::new(&game);
            let played = choose_move(
                levels[usize::from(p) ^ (seed as usize & 1)],
                &view,
                seed ^ decision,
                Budget::iterations(1),
                &stop,
            );
            // No tile left to draw: the pile is empty, or its last tile is the one to place.
            let known = game.pile_len() == 0
                || (game.pile_len() == 1 && matches!(game.decision(), Decision::PlaceTile { .. }));
            if known && game.legal_moves().len() > 1 {
                let exact = exact_margins(&game);
                let top = exact.iter().map(|e| e.1).fold(f64::NEG_INFINITY, f64::max);
                let of = |mv| exact.iter().find(|e| e.0 == mv).unwrap().1;
                let v = judge(&view, played, decision_seed(0, decision), 3000, &stop).unwrap();
                let at = format!(
                    "seed {seed}, decision {decision}: {:?} vs best {:?}",
                    played, v.best
                );
                // The review's best move is exactly best.
                assert_eq!(of(v.best), top, "{at}: the review's best is not");
                // Its points loss is the exact one.
                let loss = top - of(played);
                assert!(
                    (v.point_loss - loss).abs() <= 0.5,
                    "{at}: points loss {} against {loss} exactly",
                    v.point_loss
                );
                // A move that loses a unit or more is never called best or good.
                if loss >= POINT_UNIT {
                    assert!(
                        v.class >= Class::Inaccuracy,
                        "{at}: {:?} for {loss}",
                        v.class
                    );
                    faulted += 1;
                }
                judged += 1;
            }
            game.play(played).unwrap();
            decision += 1;
        }
    }
    assert!(judged >= 10, "{judged} exact decisions");
    assert!(faulted >= 1, "{faulted} of them lose a unit or more");
}
