//! The strength knob: an opponent of any rating between the weakest and the strongest
//! measured player, and "match my level".
//!
//! [`NOISE_RUNGS`] and [`SEARCH_RUNGS`] list players whose Elo ratings were fitted to
//! arenas (`carcassonne ratings`, crates/ai/RESULTS.md "Ratings"). Between two neighbours a
//! rating is reached by interpolating what makes them differ: the easy level's noise
//! (linearly; greedy is noise 0) or the search's iterations (geometrically: each doubling of
//! the budget is worth about the same number of points). [`opponent_for`] turns a rating into a [`PlayerSpec`];
//! [`rating_of`] gives a spec's rating back on the same curve.

use crate::rating::{difference_for, expected};
use crate::spec::{Noise, PlayerSpec};
use crate::{Budget, Level};

/// One measured point of the curve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rung {
    /// The player, as `carcassonne arena` names it (`easy~1`, `greedy`, `medium@100`, …).
    pub spec: &'static str,
    /// Its fitted rating.
    pub rating: f64,
}

/// The curve's lower part, weakest first (ratings strictly increasing): random, then the
/// easy level's noise shrinking to greedy's none. Fitted with greedy anchored at 1500.
pub const NOISE_RUNGS: &[Rung] = &[
    Rung {
        spec: "random",
        rating: 31.0,
    },
    Rung {
        spec: "easy~30",
        rating: 77.0,
    },
    Rung {
        spec: "easy~10",
        rating: 194.0,
    },
    Rung {
        spec: "easy",
        rating: 571.0,
    },
    Rung {
        spec: "easy~2",
        rating: 755.0,
    },
    Rung {
        spec: "easy~1",
        rating: 1056.0,
    },
    Rung {
        spec: "easy~0.3",
        rating: 1407.0,
    },
    Rung {
        spec: "greedy",
        rating: 1500.0,
    },
];

/// The curve's upper part, weakest first (ratings strictly increasing): the search by its
/// iterations. Its weakest rungs are below greedy (the search needs a few hundred
/// iterations to beat the one-ply evaluation it starts from), so above greedy the
/// opponent is a search and at or below it the noise.
pub const SEARCH_RUNGS: &[Rung] = &[
    Rung {
        spec: "medium@30",
        rating: 1318.0,
    },
    Rung {
        spec: "medium@100",
        rating: 1399.0,
    },
    Rung {
        spec: "medium@300",
        rating: 1509.0,
    },
    Rung {
        spec: "hard@1000",
        rating: 1705.0,
    },
    Rung {
        spec: "hard@3000",
        rating: 1904.0,
    },
    Rung {
        spec: "expert@12000",
        rating: 2063.0,
    },
];

/// How a rung is played: random, with noise (the easy level; greedy is noise 0), or by
/// search with a number of iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Knob {
    Random,
    Noise(f64),
    Search(u64),
}

fn knob(spec: &PlayerSpec) -> Knob {
    match (spec.level, spec.budget.iterations) {
        (Level::Greedy, _) => Knob::Noise(0.0),
        (Level::Easy, _) => {
            Knob::Noise(spec.noise.map_or(crate::greedy::EASY_NOISE, Noise::points))
        }
        (Level::Medium | Level::Hard | Level::Expert, Some(n)) => Knob::Search(n),
        (Level::Medium | Level::Hard | Level::Expert, None) => {
            Knob::Search(spec.level.default_budget().iterations.unwrap_or(1))
        }
        (Level::Random, _) => Knob::Random,
    }
}

fn rung_spec(r: &Rung) -> PlayerSpec {
    // The rungs are constants checked by the tests: every spec parses.
    r.spec.parse().unwrap_or(PlayerSpec {
        level: Level::Random,
        budget: Budget::default(),
        noise: None,
        payoff: None,
        win_weight: None,
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

/// The top of the noise part (greedy's rating): above it the opponent is a search.
fn noise_top() -> f64 {
    NOISE_RUNGS.last().map_or(0.0, |r| r.rating)
}

/// The lowest and highest rating the curve reaches.
pub fn range() -> (f64, f64) {
    (
        NOISE_RUNGS.first().map_or(0.0, |r| r.rating),
        SEARCH_RUNGS.last().map_or(0.0, |r| r.rating),
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
    let rungs = if r <= noise_top() {
        NOISE_RUNGS
    } else {
        SEARCH_RUNGS
    };
    let i = rungs.iter().rposition(|x| x.rating <= r).unwrap_or(0);
    let a = &rungs[i];
    let Some(b) = rungs.get(i + 1) else {
        return rung_spec(a);
    };
    let t = ((r - a.rating) / (b.rating - a.rating)).clamp(0.0, 1.0);
    match (knob(&rung_spec(a)), knob(&rung_spec(b))) {
        (Knob::Noise(x), Knob::Noise(y)) => {
            let noise = x + (y - x) * t;
            let hundredths = (noise * 100.0).round().max(0.0) as u32;
            if hundredths == 0 {
                rung_spec(b)
            } else {
                PlayerSpec {
                    level: Level::Easy,
                    budget: Budget::default(),
                    noise: Some(Noise(hundredths)),
                    payoff: None,
                    win_weight: None,
                }
            }
        }
        (Knob::Search(x), Knob::Search(y)) => {
            let (x, y) = (x as f64, y as f64);
            let n = (x.ln() + (y.ln() - x.ln()) * t).exp().round().max(1.0) as u64;
            PlayerSpec {
                level: search_level(n),
                budget: Budget::iterations(n),
                noise: None,
                payoff: None,
                win_weight: None,
            }
        }
        // Between random and the easy level: the nearer rung.
        _ => rung_spec(if t < 0.5 { a } else { b }),
    }
}

/// The rating of `spec` on the curve: interpolated between the rungs it lies between, or
/// `None` if it is off the curve (a time budget, another payoff, or beyond its ends).
pub fn rating_of(spec: &PlayerSpec) -> Option<f64> {
    if spec.payoff.is_some()
        || spec.win_weight.is_some()
        || (spec.budget.ms.is_some() && spec.budget.iterations.is_none())
    {
        return None;
    }
    let k = knob(spec);
    let rungs = match k {
        Knob::Search(_) => SEARCH_RUNGS,
        Knob::Random | Knob::Noise(_) => NOISE_RUNGS,
    };
    if let Some(r) = rungs.iter().find(|r| knob(&rung_spec(r)) == k) {
        return Some(r.rating);
    }
    rungs.windows(2).find_map(|pair| {
        let (a, b) = (&pair[0], &pair[1]);
        let t = match (k, knob(&rung_spec(a)), knob(&rung_spec(b))) {
            (Knob::Noise(v), Knob::Noise(x), Knob::Noise(y)) if y < v && v < x => (x - v) / (x - y),
            (Knob::Search(v), Knob::Search(x), Knob::Search(y)) if x < v && v < y => {
                ((v as f64).ln() - (x as f64).ln()) / ((y as f64).ln() - (x as f64).ln())
            }
            _ => return None,
        };
        Some(a.rating + (b.rating - a.rating) * t)
    })
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

    fn top() -> &'static Rung {
        SEARCH_RUNGS.last().expect("rungs")
    }

    #[test]
    fn the_curve_parses_and_rises() {
        for rungs in [NOISE_RUNGS, SEARCH_RUNGS] {
            for r in rungs {
                let spec: PlayerSpec = r.spec.parse().expect(r.spec);
                assert_eq!(spec.to_string(), r.spec);
                assert_eq!(rating_of(&spec), Some(r.rating), "{}", r.spec);
            }
            assert!(rungs.windows(2).all(|w| w[0].rating < w[1].rating));
        }
        // The search reaches above greedy, and the noise reaches below the weakest search.
        assert!(SEARCH_RUNGS[0].rating < noise_top() && noise_top() < top().rating);
    }

    #[test]
    fn a_rating_between_rungs_interpolates_their_knob() {
        let e = NOISE_RUNGS
            .iter()
            .position(|r| r.spec == "easy~1")
            .expect("rung");
        let (a, b) = (NOISE_RUNGS[e], NOISE_RUNGS[e + 1]); // easy~1, easy~0.3
        let mid = opponent_for((a.rating + b.rating) / 2.0);
        assert_eq!(mid.level, Level::Easy);
        assert_eq!(mid.noise, Some(Noise(65)));
        let back = rating_of(&mid).expect("on the curve");
        assert!((back - (a.rating + b.rating) / 2.0).abs() < 2.0, "{back}");
        // Between two searches the iterations grow geometrically.
        let h = SEARCH_RUNGS
            .iter()
            .position(|r| r.spec == "hard@1000")
            .expect("rung");
        let (a, b) = (SEARCH_RUNGS[h], SEARCH_RUNGS[h + 1]);
        let mid = opponent_for((a.rating + b.rating) / 2.0);
        assert_eq!(mid.budget.iterations, Some(1732));
        assert_eq!(mid.level, Level::Hard);
        // Just above greedy the opponent is a search, its budget between those of the two
        // search rungs around that rating.
        let above = opponent_for(noise_top() + 1.0);
        let i = SEARCH_RUNGS
            .iter()
            .position(|r| r.rating > noise_top() + 1.0)
            .expect("a search above greedy");
        let its = |r: &Rung| rung_spec(r).budget.iterations.expect("a search rung");
        let n = above.budget.iterations.expect("a search");
        assert!(
            its(&SEARCH_RUNGS[i - 1]) < n && n <= its(&SEARCH_RUNGS[i]),
            "{above}"
        );
        assert!((rating_of(&above).expect("search") - noise_top() - 1.0).abs() < 2.0);
        assert_eq!(opponent_for(noise_top()).to_string(), "greedy");
        // Ratings rise with the knob everywhere.
        let (lo, hi) = range();
        let mut last = f64::NEG_INFINITY;
        let mut r = lo;
        while r <= hi {
            let x = rating_of(&opponent_for(r)).expect("every opponent is on the curve");
            assert!(x >= last - 1e-9, "{r}: {x} < {last}");
            assert!((x - r).abs() < 300.0, "{r}: {x}");
            last = x;
            r += 7.0;
        }
    }

    #[test]
    fn levels_and_specs_are_rated_by_name() {
        assert_eq!(rating_of_name("greedy"), Some(1500.0));
        assert_eq!(rating_of_name("medium"), rating_of_name("medium@300"));
        assert_eq!(rating_of_name("expert"), Some(top().rating));
        assert_eq!(rating_of_name("easy~50"), None);
        assert_eq!(rating_of_name("hard:paranoid"), None);
        assert_eq!(rating_of_name("hard+w0.5"), None);
        assert_eq!(rating_of_name("medium@10"), None);
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
        assert_eq!(opponent_for(99_999.0).to_string(), top().spec);
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
        assert_eq!(spec.to_string(), top().spec);
        assert!(p > 0.99);
    }
}
