//! Payoffs and the one-ply evaluation shared by the greedy players and the search's move
//! ordering.

use carcassonne_engine::{Decision, Game, Move};

use crate::Limits;

/// A player's score minus the best score among the others (its own score when alone).
pub fn score_diff(scores: &[u32], player: usize) -> f64 {
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(q, _)| q != player)
        .map(|(_, &s)| s)
        .max()
        .unwrap_or(0);
    f64::from(scores[player]) - f64::from(best_other)
}

/// A player's share of the win: 1 for a sole winner, `1/k` for `k` tied winners, else 0.
pub fn win_share(scores: &[u32], player: usize) -> f64 {
    let best = scores.iter().copied().max().unwrap_or(0);
    if scores[player] < best {
        return 0.0;
    }
    1.0 / scores.iter().filter(|&&s| s == best).count() as f64
}

/// A payoff in `[0, 1]` for each player: a blend of the win share and a squashed score
/// difference. The score difference keeps the search playing for points when the result is
/// already clear; the squash keeps one lucky playout from dominating the mean.
pub fn payoffs(scores: &[u32], win_weight: f64, scale: f64, out: &mut Vec<f64>) {
    out.clear();
    for p in 0..scores.len() {
        let diff = 0.5 + 0.5 * (score_diff(scores, p) / scale).tanh();
        out.push(win_weight * win_share(scores, p) + (1.0 - win_weight) * diff);
    }
}

/// The value of a position for `player` if the game ended now: the projected score
/// difference ([`Game::projected_scores`] is exact for that question and cheap).
pub fn projected_diff(game: &Game, player: usize) -> f64 {
    score_diff(&game.projected_scores(), player)
}

/// The one-ply value of every move in `moves` for the player who decides in `game` (a
/// determinized copy): the projected score difference right after the move. A tile or abbey
/// placement is worth its best follow-up figure (or none), because the engine asks for the
/// figure as a separate decision. Moves left unevaluated when `limits` expire are worth
/// negative infinity, so the caller's best-so-far is always among those evaluated.
pub fn one_ply(game: &Game, moves: &[Move], limits: &Limits) -> Vec<f64> {
    let player = game.decision().player().map_or(0, usize::from);
    let mut values = vec![f64::NEG_INFINITY; moves.len()];
    let mut figures = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        // At least one move is always evaluated, so a stopped search still has a reasoned
        // answer.
        if i > 0 && limits.expired() {
            break;
        }
        let mut after = game.clone();
        after.play_unchecked(mv);
        let follow_up = matches!(mv, Move::Place { .. } | Move::Abbey { .. })
            && matches!(after.decision(), Decision::PlaceFigure { player: p, .. } if usize::from(p) == player);
        values[i] = if follow_up {
            after.legal_moves_into(&mut figures);
            figures
                .iter()
                .map(|&f| {
                    let mut g = after.clone();
                    g.play_unchecked(f);
                    projected_diff(&g, player)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        } else {
            projected_diff(&after, player)
        };
    }
    values
}
