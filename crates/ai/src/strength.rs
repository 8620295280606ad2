//! The strength knob: an opponent of any rating between the weakest and the strongest
//! measured player, and "match my level".
//!
//! [`CURVE`] lists players whose Elo ratings were fitted to arenas (`carcassonne ratings`,
//! crates/ai/RESULTS.md "Ratings"). Between two neighbours a rating is reached by
//! interpolating what makes them differ: the easy level's noise (linearly; greedy is noise 0)
//! or the search's iterations (geometrically: each doubling of the budget is worth about the
//! same number of points). [`opponent_for`] turns a rating into a [`PlayerSpec`];
//! [`rating_of`] gives a spec's rating back on the same curve.

use crate::arena::{Noise, PlayerSpec};
use crate::rating::{difference_for, expected};
use crate::{Budget, Level};

/// One measured point of the curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rung {
    /// The player, as `carcassonne arena` names it (`easy~1`, `greedy`, `medium@100`, …).
    pub spec: &'static str,
    /// Its fitted rating.
    pub rating: f64,
}

/// The measured curve, weakest first (ratings strictly increasing).
pub const CURVE: &[Rung] = &[
    Rung {
        spec: "random",
        rating: 0.0,
    },
    Rung {
        spec: "easy",
        rating: 584.0,
    },
    Rung {
        spec: "easy~1",
        rating: 1068.0,
    },
    Rung {
        spec: "easy~0.3",
        rating: 1405.0,
    },
    Rung {
        spec: "greedy",
        rating: 1502.0,
    },
    Rung {
        spec: "medium@300",
        rating: 1541.0,
    },
    Rung {
        spec: "hard@1000",
        rating: 1800.0,
    },
    Rung {
        spec: "hard@3000",
        rating: 1985.0,
    },
    Rung {
        spec: "expert@12000",
        rating: 2176.0,
    },
];

/// How a rung is played: with noise (the easy level; greedy is noise 0), or by search with
/// a number of iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Knob {
    Fixed(Level),
    Noise(f64),
    Search(Level, u64),
}

fn knob(spec: &PlayerSpec) -> Knob {
    match (spec.level, spec.budget.iterations) {
        (Level::Greedy, _) => Knob::Noise(0.0),
        (Level::Easy, _) => {
            Knob::Noise(spec.noise.map_or(crate::greedy::EASY_NOISE, Noise::points))
        }
        (Level::Medium | Level::Hard | Level::Expert, Some(n)) => Knob::Search(spec.level, n),
        (Level::Medium | Level::Hard | Level::Expert, None) => Knob::Search(
            spec.level,
            spec.level.default_budget().iterations.unwrap_or(1),
        ),
        (Level::Random, _) => Knob::Fixed(Level::Random),
    }
}

fn rung_spec(r: &Rung) -> PlayerSpec {
    // The curve is a constant checked by the tests: every spec parses.
    r.spec.parse().unwrap_or(PlayerSpec {
        level: Level::Random,
        budget: Budget::default(),
        noise: None,
    })
}

/// The search level that plays `iterations`: the smallest whose default budget covers it.
fn search_level(iterations: u64) -> Level {
    [Level::Medium, Level::Hard]
        .into_iter()
        .find(|l| {
            l.default_budget()
                .iterations
                .is_some_and(|n| iterations <= n)
        })
        .unwrap_or(Level::Expert)
}

/// The lowest and highest rating the curve reaches.
pub fn range() -> (f64, f64) {
    (
        CURVE.first().map_or(0.0, |r| r.rating),
        CURVE.last().map_or(0.0, |r| r.rating),
    )
}

/// The opponent whose rating is `rating` on the curve (clamped to its ends).
pub fn opponent_for(rating: f64) -> PlayerSpec {
    let (lo, hi) = range();
    let r = if rating.is_nan() {
        lo
    } else {
        rating.clamp(lo, hi)
    };
    let i = CURVE.iter().rposition(|x| x.rating <= r).unwrap_or(0);
    let a = &CURVE[i];
    let Some(b) = CURVE.get(i + 1) else {
        return rung_spec(a);
    };
    let t = ((r - a.rating) / (b.rating - a.rating)).clamp(0.0, 1.0);
    match (knob(&rung_spec(a)), knob(&rung_spec(b))) {
        (Knob::Noise(x), Knob::Noise(y)) => {
            let noise = x + (y - x) * t;
            let hundredths = (noise * 100.0).round().max(0.0) as u32;
            if hundredths == 0 {
                rung_spec(&CURVE[i + 1]).clone_with_noise(None)
            } else {
                PlayerSpec {
                    level: Level::Easy,
                    budget: Budget::default(),
                    noise: Some(Noise(hundredths)),
                }
            }
        }
        (Knob::Search(_, x), Knob::Search(_, y)) => {
            let (x, y) = (x as f64, y as f64);
            let n = (x.ln() + (y.ln() - x.ln()) * t).exp().round().max(1.0) as u64;
            PlayerSpec {
                level: search_level(n),
                budget: Budget::iterations(n),
                noise: None,
            }
        }
        // Between two kinds of play (random and noise, noise and search): the nearer rung.
        _ => rung_spec(if t < 0.5 { a } else { b }),
    }
}

impl PlayerSpec {
    fn clone_with_noise(self, noise: Option<Noise>) -> PlayerSpec {
        PlayerSpec { noise, ..self }
    }
}

/// The rating of `spec` on the curve: interpolated between the rungs it lies between, or
/// `None` if it is off the curve (a time budget, or beyond its ends).
pub fn rating_of(spec: &PlayerSpec) -> Option<f64> {
    let k = knob(spec);
    if spec.budget.ms.is_some() && spec.budget.iterations.is_none() {
        return None;
    }
    for pair in CURVE.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (ka, kb) = (knob(&rung_spec(a)), knob(&rung_spec(b)));
        let t = match (k, ka, kb) {
            (Knob::Noise(v), Knob::Noise(x), Knob::Noise(y)) if (y..=x).contains(&v) && x > y => {
                (x - v) / (x - y)
            }
            (Knob::Search(_, v), Knob::Search(_, x), Knob::Search(_, y))
                if (x..=y).contains(&v) && y > x =>
            {
                ((v as f64).ln() - (x as f64).ln()) / ((y as f64).ln() - (x as f64).ln())
            }
            _ if k == ka => 0.0,
            _ if k == kb => 1.0,
            _ => continue,
        };
        return Some(a.rating + (b.rating - a.rating) * t);
    }
    CURVE
        .iter()
        .find(|r| knob(&rung_spec(r)) == k)
        .map(|r| r.rating)
}

/// The rating of an opponent named as the app and records name it: a level (`hard`) or a
/// spec (`hard@1732`, `easy~0.65`); `None` for a name that is neither or is off the curve.
pub fn rating_of_name(name: &str) -> Option<f64> {
    rating_of(&name.parse().ok()?)
}

/// The rating of an opponent against whom a player rated `player` expects to score
/// `chance` (0 < chance < 1; 0.5 is an even match, 0.65 an easier one).
pub fn rating_for_chance(player: f64, chance: f64) -> f64 {
    player - difference_for(chance)
}

/// "Match my level": the opponent for a player rated `player` who wants to win with
/// `chance`, and the chance they really have against it (the curve has ends).
pub fn match_level(player: f64, chance: f64) -> (PlayerSpec, f64, f64) {
    let spec = opponent_for(rating_for_chance(player, chance));
    let rating = rating_of(&spec).unwrap_or_else(|| rating_for_chance(player, chance));
    (spec, rating, expected(player, rating))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_parses_and_rises() {
        for r in CURVE {
            let spec: PlayerSpec = r.spec.parse().expect(r.spec);
            assert_eq!(spec.to_string(), r.spec);
            assert_eq!(rating_of(&spec), Some(r.rating), "{}", r.spec);
        }
        assert!(CURVE.windows(2).all(|w| w[0].rating < w[1].rating));
    }

    #[test]
    fn a_rating_between_rungs_interpolates_their_knob() {
        let (a, b) = (CURVE[2], CURVE[3]); // easy~1, easy~0.3
        let mid = opponent_for((a.rating + b.rating) / 2.0);
        assert_eq!(mid.level, Level::Easy);
        assert_eq!(mid.noise, Some(Noise(65)));
        let back = rating_of(&mid).expect("on the curve");
        assert!((back - (a.rating + b.rating) / 2.0).abs() < 2.0, "{back}");
        // Between two searches the iterations grow geometrically.
        let h = CURVE
            .iter()
            .position(|r| r.spec == "hard@1000")
            .expect("rung");
        let (a, b) = (CURVE[h], CURVE[h + 1]);
        let mid = opponent_for((a.rating + b.rating) / 2.0);
        assert_eq!(mid.budget.iterations, Some(1732));
        assert_eq!(mid.level, Level::Hard);
        // Ratings rise with the knob everywhere.
        let (lo, hi) = range();
        let mut last = f64::NEG_INFINITY;
        let mut r = lo;
        while r <= hi {
            if let Some(x) = rating_of(&opponent_for(r)) {
                assert!(x >= last - 1e-9, "{r}: {x} < {last}");
                last = x;
            }
            r += 7.0;
        }
    }

    #[test]
    fn levels_and_specs_are_rated_by_name() {
        assert_eq!(rating_of_name("greedy"), Some(1502.0));
        assert_eq!(rating_of_name("hard"), rating_of_name("hard@3000"));
        assert_eq!(rating_of_name("easy"), rating_of_name("easy~3"));
        assert!(rating_of_name("medium").is_some());
        assert!(rating_of_name("expert").is_some());
        assert_eq!(rating_of_name("grandmaster"), None);
        assert_eq!(rating_of_name("hard@250ms"), None);
    }

    #[test]
    fn out_of_range_ratings_clamp_to_the_ends() {
        assert_eq!(opponent_for(-500.0).level, Level::Random);
        assert_eq!(opponent_for(f64::NAN).level, Level::Random);
        assert_eq!(
            opponent_for(99_999.0).to_string(),
            CURVE[CURVE.len() - 1].spec
        );
    }

    #[test]
    fn matching_a_level_gives_the_chance_asked_for_inside_the_curve() {
        for chance in [0.35, 0.5, 0.65] {
            let (spec, rating, p) = match_level(1200.0, chance);
            assert!(
                (p - chance).abs() < 0.01,
                "{chance}: {p} against {spec} ({rating})"
            );
        }
        // A player stronger than the whole curve gets its top and a chance above the asked.
        let (spec, _, p) = match_level(5000.0, 0.5);
        assert_eq!(spec.to_string(), CURVE[CURVE.len() - 1].spec);
        assert!(p > 0.99);
    }
}
