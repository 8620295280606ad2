//! The app's settings (`settings.json`): whether the board-reading aids are shown, the theme,
//! the language, the pace of the AI's moves, the animations, the sounds, and the last new-game
//! set-up, which the start screen offers again.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::error::StorageError;
use crate::files::SETTINGS;
use crate::store::{Storage, lock};

/// An opponent of a remembered set-up, as `game_new` takes it: an AI, `{ "level": "hard" }` (a
/// level, or a spec on the strength curve such as `hard@1732`) or `{ "rating": 1350 }`, or a
/// person at the same device, `{ "profile": "<profile id>" }` (exactly one of the three; the
/// app checks that when the settings are set).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SetupOpponent {
    /// The AI level's name or spec.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// A rating on the strength curve.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// A person: the profile playing this seat (pass and play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
}

impl SetupOpponent {
    /// An opponent of the level or spec `level`.
    pub fn level(level: impl Into<String>) -> SetupOpponent {
        SetupOpponent {
            level: Some(level.into()),
            ..SetupOpponent::default()
        }
    }

    /// A person: the profile `id` plays this seat.
    pub fn person(id: impl Into<String>) -> SetupOpponent {
        SetupOpponent {
            profile: Some(id.into()),
            ..SetupOpponent::default()
        }
    }
}

/// The set-up of the last new game, without its seed: the shape of the app's `game_new`
/// configuration less `profileId` and `seed`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LastSetup {
    /// The opponents (AIs and other people), in seat order after the player.
    pub opponents: Vec<SetupOpponent>,
    /// Whether Abbey & Mayor was in play.
    pub abbey_mayor: bool,
}

/// The colour theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Follow the system's light or dark setting.
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

/// The language of the app's words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// The system's language if the app speaks it, English otherwise.
    #[default]
    System,
    /// English.
    En,
    /// Hungarian.
    Hu,
}

/// How fast the AI's moves are shown one after the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AiPace {
    /// A long pause after each AI move, to follow every step.
    Slow,
    /// A readable pause.
    #[default]
    Normal,
    /// A short pause.
    Fast,
    /// No pause: the board jumps to the player's next decision.
    Instant,
}

/// How the board's animations play (tiles sliding, figures dropping, points flying).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Animations {
    /// Full length.
    #[default]
    Normal,
    /// Half length.
    Fast,
    /// None.
    Off,
}

/// `settings.json`. A missing key reads as its default, so that a file of this schema
/// written before a key existed still reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    /// Whether the board-reading aids (dead squares, odds, chances in the tiles drawer) are
    /// shown; on by default.
    pub board_aids: bool,
    /// The last new game's set-up (null before the first game).
    pub last_setup: Option<LastSetup>,
    /// The colour theme.
    pub theme: Theme,
    /// The language of the app's words.
    pub language: Language,
    /// The pace of the AI's moves.
    pub ai_pace: AiPace,
    /// The board's animations.
    pub animations: Animations,
    /// Whether the short sound effects play (placing, scoring, your turn).
    pub sounds: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board_aids: true,
            last_setup: None,
            theme: Theme::System,
            language: Language::System,
            ai_pace: AiPace::Normal,
            animations: Animations::Normal,
            sounds: true,
        }
    }
}

impl Storage {
    fn settings_path(&self) -> PathBuf {
        self.root.join("settings.json")
    }

    /// The settings, or the defaults ([`Settings::default`]) when there is no file. A
    /// corrupt `settings.json` is set aside, and one written by a newer version left alone
    /// (see [`Storage::problems`]); either way the defaults are returned.
    pub fn settings(&self) -> Settings {
        let _guard = lock(&self.settings_lock);
        self.read_settings()
    }

    /// [`Storage::settings`], with `settings_lock` held by the caller.
    fn read_settings(&self) -> Settings {
        // Every failure is recorded in the problems by `read`.
        self.read(&self.settings_path(), SETTINGS)
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Replaces the settings and returns them.
    ///
    /// # Errors
    /// [`StorageError::Newer`] if `settings.json` was written by a newer version (it is left
    /// alone), [`StorageError::ReadOnly`], or I/O.
    pub fn save_settings(&self, settings: &Settings) -> Result<Settings, StorageError> {
        self.update_settings(|s| *s = settings.clone())
    }

    /// Reads the settings, lets `change` edit them and writes them back, all under one lock,
    /// so that concurrent edits (a new game's set-up, the aids switch) are not lost. Returns
    /// the settings written.
    ///
    /// # Errors
    /// As [`Storage::save_settings`].
    pub fn update_settings(
        &self,
        change: impl FnOnce(&mut Settings),
    ) -> Result<Settings, StorageError> {
        self.writable()?;
        let _guard = lock(&self.settings_lock);
        let path = self.settings_path();
        self.refuse_newer(&path, SETTINGS)?;
        let mut s = self.read_settings();
        change(&mut s);
        self.write(&path, &s, SETTINGS)?;
        Ok(s)
    }
}
