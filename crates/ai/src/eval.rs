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

/// Whose outcome each player of the search's tree plays for (measured in RESULTS.md "Many
/// players": with 6 players, hard won 27% of its games with `Margin`, 38% with `Paranoid` or
/// `Mean`, and ranked best with `Mean`, the default; with two players all three are the same).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Payoff {
    /// Max-n: each player its own payoff, the score difference taken against the best of
    /// the others ([`payoffs`]).
    Margin,
    /// Paranoid: the deciding player its own payoff; every other player the opposite of it,
    /// as if all of them played against the one deciding.
    Paranoid,
    /// Max-n with the score difference taken against the mean of the others.
    #[default]
    Mean,
}

impl Payoff {
    /// Its name in a player spec (`hard:paranoid`).
    pub fn name(self) -> &'static str {
        match self {
            Payoff::Margin => "margin",
            Payoff::Paranoid => "paranoid",
            Payoff::Mean => "mean",
        }
    }

    /// The payoff named `name`, if any.
    pub fn from_name(name: &str) -> Option<Payoff> {
        [Payoff::Margin, Payoff::Paranoid, Payoff::Mean]
            .into_iter()
            .find(|p| p.name() == name)
    }

    /// How this payoff measures a player's final or projected scores against the others':
    /// [`mean_diff`] for `Mean`, [`score_diff`] otherwise (the same with two players).
    pub fn diff(self) -> fn(&[u32], usize) -> f64 {
        match self {
            Payoff::Mean => mean_diff,
            Payoff::Margin | Payoff::Paranoid => score_diff,
        }
    }
}

/// A player's score minus the mean score of the others (its own score when alone).
pub fn mean_diff(scores: &[u32], player: usize) -> f64 {
    let others = scores.len().saturating_sub(1);
    if others == 0 {
        return f64::from(scores[player]);
    }
    let sum: f64 = scores.iter().map(|&s| f64::from(s)).sum::<f64>() - f64::from(scores[player]);
    f64::from(scores[player]) - sum / others as f64
}

/// The payoffs of `kind` for each player, `decider` being the player deciding at the root
/// of the search (used by [`Payoff::Paranoid`]).
pub fn payoffs_for(
    kind: Payoff,
    decider: usize,
    scores: &[u32],
    win_weight: f64,
    scale: f64,
    out: &mut Vec<f64>,
) {
    match kind {
        Payoff::Margin => payoffs(scores, win_weight, scale, out),
        Payoff::Paranoid => {
            payoffs(scores, win_weight, scale, out);
            let mine = out.get(decider).copied().unwrap_or(0.5);
            for (p, v) in out.iter_mut().enumerate() {
                if p != decider {
                    *v = 1.0 - mine;
                }
            }
        }
        Payoff::Mean => payoffs_by(scores, win_weight, scale, mean_diff, out),
    }
}

/// A payoff in `[0, 1]` for each player: a blend of the win share and a squashed score
/// difference. The score difference keeps the search playing for points when the result is
/// already clear; the squash keeps one lucky playout from dominating the mean.
pub fn payoffs(scores: &[u32], win_weight: f64, scale: f64, out: &mut Vec<f64>) {
    payoffs_by(scores, win_weight, scale, score_diff, out);
}

/// [`payoffs`] with the score difference measured by `diff`.
fn payoffs_by(
    scores: &[u32],
    win_weight: f64,
    scale: f64,
    diff: fn(&[u32], usize) -> f64,
    out: &mut Vec<f64>,
) {
    out.clear();
    for p in 0..scores.len() {
        let d = 0.5 + 0.5 * (diff(scores, p) / scale).tanh();
        out.push(win_weight * win_share(scores, p) + (1.0 - win_weight) * d);
    }
}

/// The one-ply value of every move in `moves` for the player who decides in `game` (a
/// determinized copy): the projected score difference right after the move, that is the
/// value of the position if the game ended then ([`Game::projected_scores`] is exact for
/// that question and cheap), against the best of the others ([`score_diff`]). A tile or abbey
/// placement is worth its best follow-up figure (or none), because the engine asks for the
/// figure as a separate decision. Moves left unevaluated when `limits` expire are worth
/// negative infinity, so the caller's best-so-far is always among those evaluated.
pub fn one_ply(game: &Game, moves: &[Move], limits: &Limits) -> Vec<f64> {
    one_ply_by(game, moves, limits, score_diff)
}

/// [`one_ply`] with another measure of the projected scores: `diff(scores, player)`, such as
/// [`mean_diff`] for a search on the [`Payoff::Mean`] payoff (the same as [`score_diff`] with
/// two players).
pub fn one_ply_by(
    game: &Game,
    moves: &[Move],
    limits: &Limits,
    diff: fn(&[u32], usize) -> f64,
) -> Vec<f64> {
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
                    diff(&g.projected_scores(), player)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        } else {
            diff(&after.projected_scores(), player)
        };
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::Setup;
    use rand::{Rng, SeedableRng};
    use rand_pcg::Pcg64Mcg;
    use std::sync::atomic::AtomicBool;

    /// How many decisions of a random game of `players` the one-ply evaluation by the margin
    /// over the mean ranks differently from the one by the margin over the best other.
    fn reorderings(players: usize, seed: u64) -> usize {
        let Ok(mut game) = Game::new(&Setup {
            players,
            abbey_mayor: true,
            seed,
        }) else {
            panic!("setup");
        };
        let stop = AtomicBool::new(false);
        let limits = Limits::new(crate::Budget::default(), &stop);
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let order = |v: &[f64]| {
            let mut o: Vec<usize> = (0..v.len()).collect();
            o.sort_by(|&a, &b| v[b].total_cmp(&v[a]));
            o
        };
        let mut differ = 0;
        while !game.is_over() {
            let moves = game.legal_moves();
            let best = one_ply(&game, &moves, &limits);
            let mean = one_ply_by(&game, &moves, &limits, mean_diff);
            if players == 2 {
                assert_eq!(best, mean, "two players: the same values");
            }
            differ += usize::from(order(&best) != order(&mean));
            game.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        differ
    }

    #[test]
    fn the_margin_over_the_mean_ranks_moves_otherwise_only_with_more_players() {
        assert_eq!(reorderings(2, 4), 0);
        // In a random game of 3 or 4, dozens of decisions (56 and 66 when written).
        assert!(reorderings(3, 4) > 10);
        assert!(reorderings(4, 5) > 10);
    }

    #[test]
    fn the_payoffs_differ_only_with_more_than_two_players() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        // Two players: all three kinds agree.
        for kind in [Payoff::Paranoid, Payoff::Mean] {
            payoffs(&[30, 20], 0.3, 20.0, &mut a);
            payoffs_for(kind, 0, &[30, 20], 0.3, 20.0, &mut b);
            assert!(
                a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-12),
                "{kind:?}"
            );
        }
        // Three players, player 1 deciding.
        let scores = [40, 30, 10];
        payoffs_for(Payoff::Paranoid, 1, &scores, 0.3, 20.0, &mut b);
        payoffs(&scores, 0.3, 20.0, &mut a);
        assert_eq!(b[1], a[1]);
        assert_eq!(b[0], 1.0 - a[1]);
        assert_eq!(b[2], 1.0 - a[1]);
        payoffs_for(Payoff::Mean, 1, &scores, 0.3, 20.0, &mut b);
        assert_eq!(mean_diff(&scores, 1), 5.0);
        assert!(
            b[1] > a[1],
            "against the mean player 1 is ahead, against the best behind"
        );
        assert_eq!(Payoff::from_name("paranoid"), Some(Payoff::Paranoid));
        assert_eq!(Payoff::from_name("maxn"), None);
    }
}
