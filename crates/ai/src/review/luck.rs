//! The luck of the draw, told apart from skill: every tile drawn in a finished game weighed
//! against the tiles that could have come instead.
//!
//! At each draw the player has a tile to place. The drawn tile's **value** to its player is
//! the best one-ply value of placing it ([`one_ply_by`] by [`mean_diff`]: the projected
//! score difference against the mean of the others right after the placement and its best
//! figure, as the greedy level values a move). The draw's **luck** is that value minus the
//! value of the average draw: the mean of the same value over every tile type still in the
//! pile that fits somewhere, weighted by its copies (the drawn tile counts; a tile that fits
//! nowhere is discarded and the next one drawn, so it is never the tile to place). With a fair
//! shuffle the drawn tile is a count-weighted sample of exactly those, so each draw's luck has
//! an expectation of zero whatever the players do, and so has a player's total.
//!
//! The win-chance scale maps a value `v` (points) with `n` tiles left to `Φ(v / (WIN_SPREAD ·
//! √(n + 1)))`, the chance that a lead of `v` holds over the rest of the game when the final
//! margin wanders from the projected one like a random walk of [`WIN_SPREAD`] points per
//! tile (fitted on simulated games, `crates/ai/RESULTS.md`, "Luck"). A draw's win luck is
//! the drawn tile's mapped value minus the weighted mean of the mapped values.
//!
//! A player's **net luck** is their own draws' luck minus the mean of the others' (with two
//! players, mine minus yours), and the **luck-adjusted margin** is the final margin against
//! the mean of the others minus the net luck: what the result would have been with average
//! draws. The analysis reads the record's log, never guesses: it is exact and reproducible.

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::tile::LAND_TYPES;
use carcassonne_engine::{Decision, Game, Move, Record, TileInfo};
use serde::{Deserialize, Serialize};

use super::error::ReviewError;
use super::positions::{Position, positions};
use crate::eval::{mean_diff, one_ply_by};
use crate::{Budget, Limits};

/// The luck formula's number, stored with every analysis (a later formula can tell an old
/// analysis apart and redo it).
pub const LUCK_FORMULA: u32 = 1;

/// Points per tile by which the final margin wanders from the projected one, for the
/// win-chance scale (fitted on 1,000 simulated greedy games: RESULTS.md, "Luck").
pub const WIN_SPREAD: f64 = 3.6;

/// One draw weighed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DrawLuck {
    /// The record's turn entry (1-based).
    pub turn: usize,
    /// Who drew (0-based seat).
    pub player: usize,
    /// The tile drawn (its letter, as in records).
    pub tile: String,
    /// The drawn tile's value to its player, in points ([`one_ply_by`], [`mean_diff`]).
    pub value: f64,
    /// The average draw's value: over the tiles that could have come, weighted by copies.
    pub mean: f64,
    /// The draw's luck in points: `value − mean`.
    pub points: f64,
    /// The draw's luck in win chance (−1 to 1), on the win-chance scale.
    pub win: f64,
    /// The best tile that could have come (the drawn one if none is better).
    pub best_tile: String,
    /// Its value, in points.
    pub best_value: f64,
    /// Tiles in the pile that could have come, the drawn one included (copies counted).
    pub choices: u32,
}

/// A player's luck over the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerLuck {
    /// The seat (0-based).
    pub player: usize,
    /// Draws weighed.
    pub draws: usize,
    /// The sum of the player's draws' luck, in points.
    pub points: f64,
    /// The sum of the player's draws' luck, in win chance.
    pub win: f64,
    /// Own luck minus the mean of the others' luck, in points.
    pub net_points: f64,
    /// Own luck minus the mean of the others' luck, in win chance.
    pub net_win: f64,
    /// The final score minus the mean of the others' final scores.
    pub margin: f64,
    /// `margin − net_points`: the result with average draws.
    pub adjusted_margin: f64,
}

/// The luck analysis of a finished game. A plain struct: whoever stores it versions it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Luck {
    /// The formula it was made with ([`LUCK_FORMULA`]).
    pub formula: u32,
    /// Every seat, in seat order.
    pub players: Vec<PlayerLuck>,
    /// Every draw, in game order.
    pub draws: Vec<DrawLuck>,
}

/// The win-chance scale: the chance that a lead of `value` points holds with `left` tiles to
/// come (see the [module docs](self)).
pub fn win_chance(value: f64, left: usize) -> f64 {
    let sd = WIN_SPREAD * ((left + 1) as f64).sqrt();
    normal_cdf(value / sd)
}

/// The standard normal distribution function (Abramowitz–Stegun 7.1.26 for erf, error
/// below 1.5e-7).
fn normal_cdf(z: f64) -> f64 {
    let x = z.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    if z >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The best one-ply value of the pending tile placement of `game` to the player placing it.
pub fn draw_value(game: &Game, stop: &AtomicBool) -> f64 {
    let limits = Limits::new(Budget::default(), stop);
    let moves = game.legal_moves();
    one_ply_by(game, &moves, &limits, mean_diff)
        .into_iter()
        .fold(f64::NEG_INFINITY, f64::max)
}

/// One draw weighed: `game` waits for the placement of the drawn tile.
///
/// `None` when `game` does not wait for a tile placement.
pub fn weigh_draw(game: &Game, turn: usize, stop: &AtomicBool) -> Option<DrawLuck> {
    let Decision::PlaceTile { player, tile } = game.decision() else {
        return None;
    };
    let mut base = game.clone();
    base.set_logging(false);
    let left = base.pile_len().saturating_sub(1);
    let (mut sum, mut sum_win, mut weight) = (0.0, 0.0, 0u32);
    let (mut value, mut best) = (f64::NAN, (tile, f64::NEG_INFINITY));
    for other in 0..LAND_TYPES as u8 {
        let copies = base.remaining()[usize::from(other)];
        if copies == 0 {
            continue;
        }
        let Some(g) = base.with_drawn(other) else {
            continue;
        };
        let v = draw_value(&g, stop);
        if other == tile {
            value = v;
        }
        if v > best.1 || (v == best.1 && other == tile) {
            best = (other, v);
        }
        sum += f64::from(copies) * v;
        sum_win += f64::from(copies) * win_chance(v, left);
        weight += u32::from(copies);
    }
    let mean = sum / f64::from(weight);
    Some(DrawLuck {
        turn,
        player: usize::from(player),
        tile: TileInfo::of(tile).id().to_string(),
        value,
        mean,
        points: value - mean,
        win: win_chance(value, left) - sum_win / f64::from(weight),
        best_tile: TileInfo::of(best.0).id().to_string(),
        best_value: best.1,
        choices: weight,
    })
}

/// The luck analysis of the finished game `record`.
///
/// # Errors
/// [`ReviewError`]: the record does not replay or is not finished, or `stop` was set
/// ([`ReviewError::Stopped`]).
pub fn luck_record(record: &Record, stop: &AtomicBool) -> Result<Luck, ReviewError> {
    let all = positions(record)?;
    let last = record.replay()?;
    luck_of(&all, &last.scores(), stop)
}

/// The luck analysis of a game's decisions `all` ([`positions`]) ending with `scores`.
///
/// # Errors
/// [`ReviewError::Stopped`] if `stop` was set.
pub fn luck_of(all: &[Position], scores: &[u32], stop: &AtomicBool) -> Result<Luck, ReviewError> {
    let mut draws = Vec::new();
    for p in all {
        if !matches!(p.played, Move::Place { .. }) {
            continue;
        }
        if stop.load(Ordering::Relaxed) {
            return Err(ReviewError::Stopped);
        }
        draws.extend(weigh_draw(&p.game, p.turn, stop));
    }
    if stop.load(Ordering::Relaxed) {
        return Err(ReviewError::Stopped);
    }
    Ok(summarise(draws, scores))
}

/// Each player's totals from the draws and the final scores.
fn summarise(draws: Vec<DrawLuck>, scores: &[u32]) -> Luck {
    let n = scores.len();
    let mut own = vec![(0usize, 0.0, 0.0); n];
    for d in &draws {
        if let Some(o) = own.get_mut(d.player) {
            o.0 += 1;
            o.1 += d.points;
            o.2 += d.win;
        }
    }
    let others = |p: usize, f: fn(&(usize, f64, f64)) -> f64| {
        if n < 2 {
            return 0.0;
        }
        own.iter()
            .enumerate()
            .filter(|&(q, _)| q != p)
            .map(|(_, o)| f(o))
            .sum::<f64>()
            / (n - 1) as f64
    };
    let players = (0..n)
        .map(|p| {
            let net_points = own[p].1 - others(p, |o| o.1);
            let margin = mean_diff(scores, p);
            PlayerLuck {
                player: p,
                draws: own[p].0,
                points: own[p].1,
                win: own[p].2,
                net_points,
                net_win: own[p].2 - others(p, |o| o.2),
                margin,
                adjusted_margin: margin - net_points,
            }
        })
        .collect();
    Luck {
        formula: LUCK_FORMULA,
        players,
        draws,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_win_scale_is_a_distribution_function() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-9);
        assert!((normal_cdf(1.96) - 0.975).abs() < 1e-4);
        assert!((normal_cdf(-1.0) - 0.158_655).abs() < 1e-4);
        // A lead counts for more as the game runs out.
        assert!(win_chance(6.0, 0) > win_chance(6.0, 40));
        assert!(win_chance(-6.0, 0) < win_chance(-6.0, 40));
    }

    #[test]
    fn net_luck_and_the_adjusted_margin_add_up() {
        let d = |player, points| DrawLuck {
            turn: 1,
            player,
            tile: "A".into(),
            value: 0.0,
            mean: 0.0,
            points,
            win: points / 100.0,
            best_tile: "A".into(),
            best_value: 0.0,
            choices: 1,
        };
        let luck = summarise(
            vec![d(0, 5.0), d(1, -3.0), d(0, 1.0), d(2, 4.0)],
            &[50, 40, 30],
        );
        let p0 = &luck.players[0];
        assert_eq!((p0.draws, p0.points), (2, 6.0));
        assert!((p0.net_points - (6.0 - 0.5)).abs() < 1e-9);
        assert!((p0.margin - 15.0).abs() < 1e-9);
        assert!((p0.adjusted_margin - 9.5).abs() < 1e-9);
        // Net luck sums to zero over the seats.
        let total: f64 = luck.players.iter().map(|p| p.net_points).sum();
        assert!(total.abs() < 1e-9);
    }
}
