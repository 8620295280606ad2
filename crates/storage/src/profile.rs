//! Player profiles: names, statistics and a rating against the AI levels.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// Results against one AI level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LevelStats {
    /// Opponents of this level played (one per AI seat).
    pub games: u32,
    /// Opponents of this level outscored.
    pub wins: u32,
    /// Opponents of this level that outscored the player (or that the player resigned to).
    pub losses: u32,
    /// Equal scores.
    pub draws: u32,
}

/// The Elo rating and the games it rests on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rating {
    /// The rating; 1200 before the first game.
    pub elo: f64,
    /// Finished games counted.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            elo: START_RATING,
            games: 0,
        }
    }
}

/// A profile's statistics over its finished games.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Finished games (resigned ones included).
    pub games: u32,
    /// Games with the highest score alone.
    pub wins: u32,
    /// Games without the highest score, and resigned games.
    pub losses: u32,
    /// Games with the highest score shared.
    pub draws: u32,
    /// Resigned games.
    pub resigned: u32,
    /// Average final score (0 before the first game).
    pub average_score: f64,
    /// Best final score.
    pub best_score: u32,
    /// Sum of final scores, for the average.
    pub total_score: u64,
    /// Results per opponent level name.
    pub by_level: BTreeMap<String, LevelStats>,
    /// The rating against the AI levels.
    pub rating: Rating,
    /// Games whose draws were weighed (those finished since luck is measured).
    #[serde(default)]
    pub luck_games: u32,
    /// The sum of the player's net luck of the draw over those games, in points: with a fair
    /// shuffle its mean per game tends to 0.
    #[serde(default)]
    pub luck_points: f64,
}

/// A player profile.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    /// Stable id, `p-` and hex digits.
    pub id: String,
    /// Display name.
    pub name: String,
    /// When it was created (RFC 3339).
    pub created: String,
    /// Statistics.
    pub stats: Stats,
    /// The ids of the lessons passed, in the order first passed (a profile written before
    /// lessons existed reads as none).
    #[serde(default)]
    pub lessons_done: Vec<String>,
}

/// `profiles.json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Profiles {
    /// The active profile's id.
    pub active: Option<String>,
    /// Every profile, in creation order.
    pub profiles: Vec<Profile>,
}

/// The rating a profile starts with.
pub const START_RATING: f64 = 1200.0;
/// The Elo K-factor.
pub const K_FACTOR: f64 = 32.0;

/// How the profiles' ratings rate an AI opponent: its rating by the name the match gives it
/// (a level such as `hard`, or a spec such as `hard@1732` or `easy~0.65`), `None` for a name
/// it does not know. The storage knows no AI: whoever opens the folder passes the lookup
/// ([`Storage::open`](crate::Storage::open)); the app and the CLI pass the measured strength
/// curve (`carcassonne_ai::strength::rating_of_name`, crates/ai/RESULTS.md "Ratings"). It
/// rates the games filed and, in the schema-1 migration, the stored ones.
pub type RatingOf = fn(&str) -> Option<f64>;

/// The rating of an AI opponent, against which players are rated: its rating by `rating_of`
/// (the measured strength curve, in the app), for a level (`hard`) or a spec (`hard@1732`,
/// `easy~0.65`). An opponent the lookup does not know (a name no version of the app wrote, a
/// time budget such as `hard@250ms`) counts as [`START_RATING`], as unknown names always did.
pub fn level_rating(rating_of: RatingOf, level: &str) -> f64 {
    rating_of(level).unwrap_or(START_RATING)
}

/// The expected score (0 to 1) of a player rated `a` against one rated `b`: the Elo formula,
/// `1 / (1 + 10^((b - a) / 400))` (the AI crate's ratings fit uses the same one).
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// One opponent's part in a rating change: its rating, the player's expected result against
/// it and the result (1 won, ½ drawn, 0 lost or resigned).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatedOpponent {
    /// The opponent's seat.
    pub seat: usize,
    /// Its rating ([`level_rating`]).
    pub rating: f64,
    /// The player's expected result against it, 0 to 1.
    pub expected: f64,
    /// The player's result against it: 1, 0.5 or 0.
    pub result: f64,
}

/// How one game moved a profile's rating: `after = before + K × mean(result − expected)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingChange {
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// Each AI opponent, in the order of the game's opponents (`seat` as the match names it).
    pub opponents: Vec<RatedOpponent>,
}

impl Rating {
    /// Counts a finished game in the rating: it moves by K times the average over opponents
    /// of (result − expected result). Returns the change, each opponent's `seat` being its
    /// index in `outcome.opponents` (the caller names the real seats). Each opponent is rated
    /// by `rating_of` ([`level_rating`]).
    pub fn update(&mut self, outcome: &GameOutcome, rating_of: RatingOf) -> RatingChange {
        let before = self.elo;
        let opponents: Vec<RatedOpponent> = outcome
            .opponents
            .iter()
            .enumerate()
            .map(|(i, (level, score))| {
                let rating = level_rating(rating_of, level);
                RatedOpponent {
                    seat: i,
                    rating,
                    expected: expected(before, rating),
                    result: outcome.result_against(*score),
                }
            })
            .collect();
        if !opponents.is_empty() {
            let delta: f64 = opponents.iter().map(|o| o.result - o.expected).sum();
            self.elo += K_FACTOR * delta / opponents.len() as f64;
        }
        self.games += 1;
        RatingChange {
            before,
            after: self.elo,
            opponents,
        }
    }
}

/// One finished game from the player's seat: own score and each AI opponent's level and score.
#[derive(Clone, Debug, PartialEq)]
pub struct GameOutcome {
    /// The player's final score.
    pub score: u32,
    /// Each AI opponent: level name and final score.
    pub opponents: Vec<(String, u32)>,
    /// Whether the player resigned (a loss against every opponent).
    pub resigned: bool,
    /// The player's net luck of the draw in points, if the draws were weighed.
    pub luck: Option<f64>,
    /// The other people's final scores, in a game of several people at one device: they
    /// count in the result (won, drawn or lost), not in the rating nor the per-level results.
    pub people: Vec<u32>,
}

impl Stats {
    /// Counts a finished game: results, per-level results, scores and the Elo rating, which
    /// moves by K times the average over opponents of (result − expected result)
    /// ([`Rating::update`], with the opponents rated by `rating_of`; its change is returned).
    pub fn record(&mut self, outcome: &GameOutcome, rating_of: RatingOf) -> RatingChange {
        self.count(outcome);
        self.rating.update(outcome, rating_of)
    }

    /// Counts a finished game in the results, per-level results, scores and luck, not in the
    /// rating: a game on a deal played again, whose tiles the player has seen.
    pub fn count(&mut self, outcome: &GameOutcome) {
        self.games += 1;
        self.total_score += u64::from(outcome.score);
        self.average_score = self.total_score as f64 / f64::from(self.games);
        self.best_score = self.best_score.max(outcome.score);
        if let Some(luck) = outcome.luck.filter(|l| l.is_finite()) {
            self.luck_games += 1;
            self.luck_points += luck;
        }
        let best_other = outcome
            .opponents
            .iter()
            .map(|o| o.1)
            .chain(outcome.people.iter().copied())
            .max()
            .unwrap_or(0);
        if outcome.resigned {
            self.resigned += 1;
            self.losses += 1;
        } else if outcome.score > best_other {
            self.wins += 1;
        } else if outcome.score == best_other {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
        for (level, score) in &outcome.opponents {
            let s = self.by_level.entry(level.clone()).or_default();
            s.games += 1;
            match outcome.result_against(*score) {
                1.0 => s.wins += 1,
                0.0 => s.losses += 1,
                _ => s.draws += 1,
            }
        }
    }
}

impl GameOutcome {
    /// The player's result against an opponent who scored `score`: 1 won, 0.5 drawn, 0 lost
    /// (or resigned).
    pub fn result_against(&self, score: u32) -> f64 {
        if self.resigned || self.score < score {
            0.0
        } else if self.score > score {
            1.0
        } else {
            0.5
        }
    }
}

/// Checks and normalises a profile name: trimmed, 1 to 40 characters, no control characters.
pub(crate) fn clean_name(name: &str) -> Option<String> {
    let name = name.trim();
    let n = name.chars().count();
    ((1..=40).contains(&n) && !name.chars().any(char::is_control)).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for the strength curve the app passes (the storage knows no AI): the
    /// levels' measured ratings and two specs.
    fn curve(name: &str) -> Option<f64> {
        match name {
            "random" => Some(31.0),
            "easy" => Some(571.0),
            "greedy" => Some(1500.0),
            "medium" => Some(1509.0),
            "hard" => Some(1904.0),
            "expert" => Some(2063.0),
            "hard@1732" => Some(1870.0),
            "easy~0.65" => Some(950.0),
            _ => None,
        }
    }

    #[test]
    fn beating_a_stronger_level_gains_more() {
        let mut a = Stats::default();
        let mut b = Stats::default();
        let win = |level: &str| GameOutcome {
            score: 100,
            opponents: vec![(level.into(), 50)],
            resigned: false,
            luck: None,
            people: Vec::new(),
        };
        a.record(&win("expert"), curve);
        b.record(&win("random"), curve);
        assert!(a.rating.elo > b.rating.elo);
        assert!(b.rating.elo > START_RATING);
        assert_eq!((a.games, a.wins, a.best_score), (1, 1, 100));
        assert_eq!(a.by_level["expert"].wins, 1);
    }

    #[test]
    fn opponents_are_rated_by_the_lookup() {
        assert_eq!(Some(level_rating(curve, "hard")), curve("hard"));
        assert_eq!(Some(level_rating(curve, "hard@1732")), curve("hard@1732"));
        assert_eq!(Some(level_rating(curve, "easy~0.65")), curve("easy~0.65"));
        // Unknown to the lookup: counted as an even opponent, as before.
        assert_eq!(level_rating(curve, "grandmaster"), START_RATING);
        assert_eq!(level_rating(curve, "hard@250ms"), START_RATING);

        // A win and a draw against a spec and a level: the change says why, per opponent.
        let mut s = Stats::default();
        let change = s.record(
            &GameOutcome {
                score: 50,
                opponents: vec![("easy~0.65".into(), 40), ("hard".into(), 50)],
                resigned: false,
                luck: None,
                people: Vec::new(),
            },
            curve,
        );
        assert_eq!(change.before, START_RATING);
        assert_eq!(change.after, s.rating.elo);
        let (a, b) = (&change.opponents[0], &change.opponents[1]);
        assert_eq!((a.seat, a.result, b.seat, b.result), (0, 1.0, 1, 0.5));
        assert_eq!(a.rating, level_rating(curve, "easy~0.65"));
        let want = START_RATING + K_FACTOR * ((1.0 - a.expected) + (0.5 - b.expected)) / 2.0;
        assert!((s.rating.elo - want).abs() < 1e-9);
        assert!((a.expected - expected(START_RATING, a.rating)).abs() < 1e-12);
        assert_eq!(s.by_level["easy~0.65"].wins, 1);
        assert_eq!(s.by_level["hard"].draws, 1);
    }

    #[test]
    fn resigning_loses_to_everyone() {
        let mut s = Stats::default();
        s.record(
            &GameOutcome {
                score: 80,
                opponents: vec![("easy".into(), 10), ("easy".into(), 20)],
                resigned: true,
                luck: None,
                people: Vec::new(),
            },
            curve,
        );
        assert_eq!((s.losses, s.resigned, s.by_level["easy"].losses), (1, 1, 2));
        assert!(s.rating.elo < START_RATING);
    }

    /// The Elo formula: even ratings expect a half, 400 points more ten to one.
    #[test]
    fn expected_is_the_elo_formula() {
        assert_eq!(expected(1500.0, 1500.0), 0.5);
        assert!((expected(1900.0, 1500.0) - 10.0 / 11.0).abs() < 1e-12);
        assert!((expected(1500.0, 1900.0) + expected(1900.0, 1500.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn names_are_checked() {
        assert_eq!(clean_name("  Ada "), Some("Ada".into()));
        assert_eq!(clean_name("   "), None);
        assert_eq!(clean_name("a\u{7}b"), None);
        assert_eq!(clean_name(&"x".repeat(41)), None);
    }
}
