//! The app's failures as the log and "Copy debug info" see them: every [`ApiError`] made
//! (API.md, "Errors") is written to the app's log (tauri-plugin-log's file in the platform's
//! log folder, once the app has installed it; nowhere in the tests) and kept among the last
//! [`KEPT`] in memory, with when it happened. The log has the English message; the failures
//! kept for "Copy debug info" only their code and message id, since a message may hold what a
//! player typed (a profile's name).
//!
//! [`ApiError`]: crate::api::ApiError

use std::collections::VecDeque;
use std::sync::Mutex;

/// How many recent failures are kept.
pub const KEPT: usize = 20;

/// One failure: when (seconds since the Unix epoch), its code and its message id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Noted {
    /// When.
    pub at: u64,
    /// The stable code (`game/none`).
    pub code: String,
    /// The message id (`game.none`).
    pub key: String,
}

static RECENT: Mutex<VecDeque<Noted>> = Mutex::new(VecDeque::new());

/// Notes a failure: logged as a warning, and kept among the recent ones.
pub fn note(code: &str, key: &str, message: &str) {
    log::warn!("failed: {code}: {message}");
    let mut recent = RECENT.lock().unwrap_or_else(|p| p.into_inner());
    if recent.len() == KEPT {
        recent.pop_front();
    }
    recent.push_back(Noted {
        at: carcassonne_storage::time::now_secs(),
        code: code.into(),
        key: key.into(),
    });
}

/// The recent failures, oldest first.
pub fn recent() -> Vec<Noted> {
    RECENT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .cloned()
        .collect()
}
