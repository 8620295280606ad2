//! The app's settings (`settings.json`): whether the board-reading aids are shown, and the
//! last new-game set-up, which the start screen offers again.

use serde::{Deserialize, Serialize};

/// An AI opponent of a remembered set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetupOpponent {
    /// The AI level's name.
    pub level: String,
}

/// The set-up of the last new game, without its seed: the shape of the app's `game_new`
/// configuration less `profileId` and `seed`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LastSetup {
    /// The AI opponents, in seat order after the player.
    pub opponents: Vec<SetupOpponent>,
    /// Whether Abbey & Mayor was in play.
    pub abbey_mayor: bool,
}

/// `settings.json`. A missing key reads as its default, so that a file of this schema
/// written before a key existed still reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Whether the board-reading aids (dead squares, odds, chances in the tiles drawer) are
    /// shown; on by default.
    pub board_aids: bool,
    /// The last new game's set-up (null before the first game).
    pub last_setup: Option<LastSetup>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board_aids: true,
            last_setup: None,
        }
    }
}
