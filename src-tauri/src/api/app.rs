//! The start screen's shapes: `app_info`, `match_level`, the profiles, `game_new`'s set-up.

use carcassonne_storage::{Problem, Profile, SetupOpponent};
use serde::Serialize;

/// `app_info`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    /// The app's version.
    pub version: String,
    /// The data folder.
    pub data_dir: String,
    /// The AI level names, weakest first.
    pub levels: Vec<String>,
    /// The strength curve's range and each level's rating on it.
    pub strength: StrengthInfo,
    /// Files that could not be used since launch (an unreadable or unresumable
    /// `current.json` among them): set aside (`moved_to`) or left in place (null).
    pub problems: Vec<Problem>,
    /// An unfinished game that can be resumed.
    pub resumable: Option<ResumeInfo>,
}

/// `app_debug`: what a bug report needs, and nothing personal (no profile, no game).
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DebugInfo {
    /// The app's version.
    pub version: String,
    /// The operating system and processor (`linux x86_64`).
    pub os: String,
    /// The web view's engine (`WebKitGTK (webkit2gtk-4.1)`; the page adds its user agent).
    pub web_view: String,
    /// The data folder.
    pub data_dir: String,
    /// The log folder.
    pub log_dir: String,
    /// The last failures (at most 20), oldest first: when (RFC 3339), code and message id.
    pub recent_errors: Vec<RecentError>,
}

/// One of `DebugInfo.recentErrors`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RecentError {
    /// When (RFC 3339).
    pub at: String,
    /// The code (`game/none`).
    pub code: String,
    /// The message id (`game.none`).
    pub key: String,
}

/// `app_info.strength`: the ratings the strength curve spans (`carcassonne_ai::strength`,
/// crates/ai/RESULTS.md "Ratings") and each level's rating on it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StrengthInfo {
    /// The weakest opponent's rating.
    pub min: f64,
    /// The strongest opponent's rating.
    pub max: f64,
    /// Each level's rating, by level name.
    pub levels: std::collections::BTreeMap<String, f64>,
}

/// `match_level`: the opponent against whom the active profile expects `chance`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchLevel {
    /// The profile's rating.
    pub player_rating: f64,
    /// The opponent's rating on the curve: pass it back to `game_new` as
    /// `{ "rating": opponentRating }`.
    pub opponent_rating: f64,
    /// The profile's expected result against it (the chance asked for, unless the curve's
    /// ends stop it).
    pub chance: f64,
    /// The opponent as it will be named (its spec, e.g. `hard@1732`).
    pub level: String,
}

/// The unfinished game in `current.json`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResumeInfo {
    /// Its id.
    pub game_id: String,
    /// The profile playing.
    pub profile_id: String,
    /// That profile's name.
    pub profile_name: String,
    /// When it started (RFC 3339).
    pub started_at: String,
    /// The AI opponents.
    pub opponents: Vec<SetupOpponent>,
    /// The other people at the table (pass and play), by name; empty in a game of one
    /// person.
    pub people: Vec<String>,
    /// Whether Abbey & Mayor is in play.
    pub abbey_mayor: bool,
    /// Record entries so far.
    pub turn: usize,
    /// Scores so far.
    pub scores: Vec<u32>,
}

/// `profiles_list` and `profile_delete`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileList {
    /// Every profile.
    pub profiles: Vec<Profile>,
    /// The active profile's id.
    pub active: Option<String>,
}

/// `game_new`'s configuration.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewGame {
    /// The profile (null: the active one).
    #[serde(default)]
    pub profile_id: Option<String>,
    /// 1 to 5 opponents: AIs, and people at the same device (`{profile}`, pass and play).
    pub opponents: Vec<SetupOpponent>,
    /// Abbey & Mayor on or off.
    pub abbey_mayor: bool,
    /// The seed, at most `MAX_SEED` = 2^53 - 1 (null: random, in that range too).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The human's seat, 0-based (default 0); the opponents take the other seats in their
    /// order. "Play this deal again, seats swapped" sends the seed with the next seat.
    #[serde(default)]
    pub seat: usize,
    /// Whether a hand-over screen shows between people (default false).
    #[serde(default)]
    pub handover: bool,
}
