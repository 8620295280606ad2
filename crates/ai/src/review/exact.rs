//! The end of the game solved exactly. Once the last tile is drawn nothing is left to chance:
//! its placement and figure, the wagons, the final abbey round and its figures are all that
//! remain, and their tree is small. A decision there is judged by enumerating every line to
//! the end instead of by the search: each player, at each of their decisions, takes the move
//! best for them (the greater win share, then the greater final margin over the best other
//! player; the first of equal moves), and each move of the decision judged is worth the win
//! share and margin its line ends with. A tree of more than [`NODE_LIMIT`] positions is left
//! to the search.

use carcassonne_engine::{Decision, Game, Move, PublicView};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::eval::{score_diff, win_share};

/// Positions at most that an exact judgement visits before leaving the decision to the
/// search.
pub const NODE_LIMIT: u64 = 200_000;

/// One move of a decision solved exactly: its final win share (1, `1/k` for a `k`-way tie,
/// 0) and margin (own final score minus the best other's) for the player deciding.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Exact {
    /// The move.
    pub mv: Move,
    /// The final win share.
    pub win: f64,
    /// The final margin, in points.
    pub margin: f64,
}

/// Whether nothing is left to chance in `view`: the pile is empty, or its last tile is the
/// one drawn and waiting to be placed.
pub fn no_chance(view: &PublicView) -> bool {
    view.pile_len() == 0
        || (view.pile_len() == 1 && matches!(view.decision(), Decision::PlaceTile { .. }))
}

/// Every legal move of the pending decision of `view` with its exact value for the player
/// deciding, in the order of [`PublicView::legal_moves`]; `None` if something is left to
/// chance ([`no_chance`]), nobody decides, or the tree has more than [`NODE_LIMIT`] positions.
pub fn exact_values(view: &PublicView) -> Option<Vec<Exact>> {
    if !no_chance(view) {
        return None;
    }
    let player = usize::from(view.decision().player()?);
    // Nothing is hidden: any sample of the pile is the game itself.
    let game = view.determinize(&mut Pcg64Mcg::seed_from_u64(0));
    let mut nodes = 0;
    view.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut g = game.clone();
            g.play_unchecked(mv);
            let end = solve(&g, &mut nodes)?;
            Some(Exact {
                mv,
                win: win_share(&end, player),
                margin: score_diff(&end, player),
            })
        })
        .collect()
}

/// The first of the moves best for the player deciding: the greatest (win share, margin).
pub fn best_of(values: &[Exact]) -> Option<&Exact> {
    values
        .iter()
        .fold(None, |best: Option<&Exact>, e| match best {
            Some(b) if (b.win, b.margin) >= (e.win, e.margin) => Some(b),
            _ => Some(e),
        })
}

/// The final scores of `game` played to the end by every player taking their best move;
/// `None` past [`NODE_LIMIT`] positions.
fn solve(game: &Game, nodes: &mut u64) -> Option<Vec<u32>> {
    *nodes += 1;
    if *nodes > NODE_LIMIT {
        return None;
    }
    let Some(p) = game.decision().player() else {
        return Some(game.scores());
    };
    let p = usize::from(p);
    let mut best: Option<((f64, f64), Vec<u32>)> = None;
    for mv in game.legal_moves() {
        let mut g = game.clone();
        g.play_unchecked(mv);
        let end = solve(&g, nodes)?;
        let value = (win_share(&end, p), score_diff(&end, p));
        if best.as_ref().is_none_or(|b| value > b.0) {
            best = Some((value, end));
        }
    }
    best.map(|b| b.1)
}
