//! The error every command fails with, as the UI receives it.

use carcassonne_engine::{Message, Param};
use serde::Serialize;

/// An error as the UI receives it: a stable code, a message id with its parameters for the
/// UI's own words, and the English sentence (`failure.rs` makes every one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{code}: {message}")]
pub struct ApiError {
    /// Stable code, e.g. `move/illegal` (API.md lists them).
    pub code: String,
    /// What went wrong, in English (the CLI, logs, and the UI's last resort).
    pub message: String,
    /// The message id naming the precise reason, e.g. `play.placement.edges_mismatch`
    /// (API.md lists them).
    pub key: String,
    /// The message's parameters: plain numbers and short strings (a cell's `x` and `y`, a
    /// tile id, a file name), never sentences.
    pub params: serde_json::Map<String, serde_json::Value>,
}

impl ApiError {
    /// An error with `code` for `reason`: its key, parameters and English text.
    pub fn of(code: &str, reason: &(impl Message + ?Sized)) -> ApiError {
        let message = reason.to_string();
        crate::errlog::note(code, reason.key(), &message);
        ApiError {
            code: code.into(),
            message,
            key: reason.key().into(),
            params: reason
                .params()
                .into_iter()
                .map(|(name, v)| {
                    let v = match v {
                        Param::Number(n) => n.into(),
                        Param::Text(s) => s.into(),
                    };
                    (name.to_string(), v)
                })
                .collect(),
        }
    }
}
