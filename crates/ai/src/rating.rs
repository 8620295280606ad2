//! Ratings from results: an Elo scale fitted to head-to-head records by maximum likelihood
//! (the Bradley–Terry model on the Elo scale), with 95% intervals from the curvature of the
//! likelihood, and the expected score between two ratings.
//!
//! `P(a beats b) = 1 / (1 + 10^((R_b − R_a) / 400))`. Ties count half a win each (as in the
//! arena's win shares). One player is the anchor, its rating fixed; every other rating and
//! its interval is relative to it. Each pair that met also counts one virtual draw, so that a
//! player who won every game still gets a finite rating (its interval says how little the
//! games tell); with hundreds of games a pair, the draw moves a rating by a point or two.

use thiserror::Error;

/// The head-to-head record of two players: `a` won `wins` (ties as halves) of `games`.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// One player.
    pub a: String,
    /// The other.
    pub b: String,
    /// Games `a` won, ties counted as halves.
    pub wins: f64,
    /// Games played.
    pub games: usize,
}

/// A fitted rating.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// The player.
    pub player: String,
    /// The rating.
    pub rating: f64,
    /// Half the width of its 95% interval (0 for the anchor).
    pub ci95: f64,
    /// Games it played in the records.
    pub games: usize,
}

/// Why ratings could not be fitted.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum FitError {
    /// The anchor played in none of the records.
    #[error("the anchor \"{0}\" played no game in these records")]
    UnknownAnchor(String),
    /// Some players are not linked to the anchor by any chain of games.
    #[error("{0} met no one linked to the anchor: add games that connect them")]
    Disconnected(String),
    /// A record is impossible (more wins than games, no games).
    #[error("bad record {a} vs {b}: {wins} wins of {games} games")]
    BadRecord {
        /// One player.
        a: String,
        /// The other.
        b: String,
        /// Its wins.
        wins: f64,
        /// Its games.
        games: usize,
    },
}

/// Elo points per natural-log unit of odds: 400 / ln 10.
const SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// The expected score (win chance, ties as halves) of a player rated `a` against `b`.
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// The rating difference that gives the expected score `p` (0 < p < 1).
pub fn difference_for(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    SCALE * (p / (1.0 - p)).ln()
}

/// Fits every player's rating to `records`, with `anchor` fixed at `anchor_rating`.
/// Ratings come in the order players first appear in the records.
///
/// # Errors
/// [`FitError`] for an anchor that played no game, a player not linked to it, or an
/// impossible record.
pub fn fit(records: &[Pairing], anchor: &str, anchor_rating: f64) -> Result<Vec<Rating>, FitError> {
    let mut names: Vec<String> = Vec::new();
    let index = |names: &mut Vec<String>, n: &str| match names.iter().position(|m| m == n) {
        Some(i) => i,
        None => {
            names.push(n.to_string());
            names.len() - 1
        }
    };
    // Per pair (i < j): games and i's wins, plus one virtual draw.
    let mut pairs: Vec<(usize, usize, f64, f64)> = Vec::new();
    let mut played: Vec<usize> = Vec::new();
    for r in records {
        if r.games == 0 || !(0.0..=r.games as f64).contains(&r.wins) || r.a == r.b {
            return Err(FitError::BadRecord {
                a: r.a.clone(),
                b: r.b.clone(),
                wins: r.wins,
                games: r.games,
            });
        }
        let (i, j) = (index(&mut names, &r.a), index(&mut names, &r.b));
        played.resize(names.len(), 0);
        played[i] += r.games;
        played[j] += r.games;
        let (lo, hi, wins) = if i < j {
            (i, j, r.wins)
        } else {
            (j, i, r.games as f64 - r.wins)
        };
        match pairs.iter_mut().find(|p| p.0 == lo && p.1 == hi) {
            Some(p) => {
                p.2 += r.games as f64;
                p.3 += wins;
            }
            None => pairs.push((lo, hi, r.games as f64 + 1.0, wins + 0.5)),
        }
    }
    let a = names
        .iter()
        .position(|n| n == anchor)
        .ok_or_else(|| FitError::UnknownAnchor(anchor.to_string()))?;
    // Everyone must be linked to the anchor, or their rating floats free.
    let mut linked = vec![false; names.len()];
    linked[a] = true;
    loop {
        let mut grew = false;
        for &(i, j, _, _) in &pairs {
            if linked[i] != linked[j] {
                linked[i] = true;
                linked[j] = true;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    if let Some(i) = linked.iter().position(|l| !l) {
        return Err(FitError::Disconnected(names[i].clone()));
    }
    // Newton's method on the free ratings (in natural-log units), the anchor at 0.
    let n = names.len();
    let free: Vec<usize> = (0..n).filter(|&i| i != a).collect();
    let mut theta = vec![0.0f64; n];
    let mut cov = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..100 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for &(i, j, games, wins) in &pairs {
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            grad[i] += wins - games * p;
            grad[j] -= wins - games * p;
            let w = games * p * (1.0 - p);
            hess[i][i] += w;
            hess[j][j] += w;
            hess[i][j] -= w;
            hess[j][i] -= w;
        }
        let info: Vec<Vec<f64>> = free
            .iter()
            .map(|&r| free.iter().map(|&c| hess[r][c]).collect())
            .collect();
        cov = invert(info);
        let mut step_size = 0.0f64;
        for (r, &i) in free.iter().enumerate() {
            let step: f64 = free
                .iter()
                .enumerate()
                .map(|(c, &j)| cov[r][c] * grad[j])
                .sum();
            // Damped: a step of more than 2 log-odds units at once can overshoot.
            theta[i] += step.clamp(-2.0, 2.0);
            step_size = step_size.max(step.abs());
        }
        if step_size < 1e-10 {
            break;
        }
    }
    Ok(names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let ci95 = free
                .iter()
                .position(|&f| f == i)
                .map_or(0.0, |r| 1.959_964 * SCALE * cov[r][r].max(0.0).sqrt());
            Rating {
                player: name.clone(),
                rating: anchor_rating + SCALE * theta[i],
                ci95,
                games: played[i],
            }
        })
        .collect())
}

/// The inverse of a symmetric positive-definite matrix (Gauss–Jordan with partial pivoting;
/// a singular one gives zeros where it has no information).
fn invert(mut m: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))
            .unwrap_or(col);
        if m[pivot][col].abs() < 1e-12 {
            continue;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for k in 0..n {
            m[col][k] /= d;
            inv[col][k] /= d;
        }
        for r in 0..n {
            if r != col {
                let f = m[r][col];
                if f != 0.0 {
                    for k in 0..n {
                        m[r][k] -= f * m[col][k];
                        inv[r][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(a: &str, b: &str, wins: f64, games: usize) -> Pairing {
        Pairing {
            a: a.into(),
            b: b.into(),
            wins,
            games,
        }
    }

    #[test]
    fn expected_and_difference_are_inverse() {
        assert!((expected(1600.0, 1600.0) - 0.5).abs() < 1e-12);
        assert!((expected(1800.0, 1400.0) - 10.0 / 11.0).abs() < 1e-12);
        for p in [0.1, 0.35, 0.5, 0.65, 0.928] {
            assert!((expected(difference_for(p), 0.0) - p).abs() < 1e-9);
        }
        // 92.8% is an Elo gap of about 440.
        assert!((difference_for(0.928) - 444.1).abs() < 0.1);
    }

    #[test]
    fn one_pair_fits_the_gap_its_score_implies() {
        // 300 of 400, plus the virtual draw: 300.5 / 401.
        let r = fit(&[pairing("hard", "medium", 300.0, 400)], "medium", 1300.0).expect("fit");
        let hard = r.iter().find(|x| x.player == "hard").expect("hard");
        let gap = difference_for(300.5 / 401.0);
        assert!((hard.rating - 1300.0 - gap).abs() < 1e-6, "{}", hard.rating);
        // Standard error of a logit from n games: 1 / sqrt(n p (1 - p)).
        let p: f64 = 300.5 / 401.0;
        let se = SCALE / (401.0 * p * (1.0 - p)).sqrt();
        assert!((hard.ci95 - 1.959_964 * se).abs() < 1e-6, "{}", hard.ci95);
        assert_eq!(
            r.iter().find(|x| x.player == "medium").expect("m").ci95,
            0.0
        );
    }

    #[test]
    fn a_chain_recovers_known_ratings() {
        // Records with exactly the expected scores of ratings 800, 1000, 1300, 1700.
        let truth = [("a", 800.0), ("b", 1000.0), ("c", 1300.0), ("d", 1700.0)];
        let mut recs = Vec::new();
        for x in 0..4 {
            for y in x + 1..4 {
                let p = expected(truth[x].1, truth[y].1);
                recs.push(pairing(truth[x].0, truth[y].0, p * 1e6, 1_000_000));
            }
        }
        let r = fit(&recs, "a", 800.0).expect("fit");
        for (name, want) in truth {
            let got = r.iter().find(|x| x.player == name).expect("player").rating;
            assert!((got - want).abs() < 0.5, "{name}: {got} vs {want}");
        }
    }

    #[test]
    fn a_perfect_record_stays_finite_and_bad_input_is_refused() {
        let r = fit(&[pairing("medium", "easy", 200.0, 200)], "easy", 1000.0).expect("fit");
        assert!(r[0].rating.is_finite() && r[0].rating > 1700.0);
        assert!(matches!(
            fit(&[pairing("a", "b", 3.0, 2)], "a", 0.0),
            Err(FitError::BadRecord { .. })
        ));
        assert!(matches!(
            fit(&[pairing("a", "b", 1.0, 2)], "z", 0.0),
            Err(FitError::UnknownAnchor(_))
        ));
        assert!(matches!(
            fit(
                &[pairing("a", "b", 1.0, 2), pairing("c", "d", 1.0, 2)],
                "a",
                0.0
            ),
            Err(FitError::Disconnected(_))
        ));
    }
}
