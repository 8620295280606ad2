//! Reading the commands' arguments: [`Arg`] reads every named argument, [`MoveArg`] the move
//! argument (named `move`, a Rust keyword), so that a malformed one fails in the same shape as
//! every other error (`{code, message, key, params}`).

use carcassonne_engine::MoveName;
use serde::Deserialize;
use tauri::Runtime;
use tauri::ipc::{CommandArg, CommandItem, InvokeBody, InvokeError};

use crate::api::ApiError;
use crate::failure::Failure;

/// A command argument from the window, read as a `T`. A missing argument or one of the wrong
/// type or shape fails with `args/invalid` naming the command and the argument (Tauri's own
/// failure would reach the window as a plain string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg<T>(pub T);

impl<'de, T: Deserialize<'de>, R: Runtime> CommandArg<'de, R> for Arg<T> {
    fn from_command(item: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        let (command, key) = (item.name, item.key);
        T::deserialize(item).map(Arg).map_err(|e| {
            ApiError::from(Failure::Args {
                command: command.into(),
                argument: key.into(),
                detail: e.to_string(),
            })
            .into()
        })
    }
}

/// The move argument of `game_play` and `lesson_play`: the JSON argument `move` (a Rust
/// keyword, so it is read from the request itself), read as a [`MoveName`]. A missing or
/// malformed move fails with `move/invalid`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveArg(pub MoveName);

impl<'de, R: Runtime> CommandArg<'de, R> for MoveArg {
    fn from_command(item: CommandItem<'de, R>) -> Result<Self, InvokeError> {
        let arg = match item.message.payload() {
            InvokeBody::Json(v) => v.get("move").cloned(),
            InvokeBody::Raw(_) => None,
        };
        serde_json::from_value(arg.unwrap_or_default())
            .map(MoveArg)
            .map_err(|e| ApiError::from(Failure::MoveMalformed(e.to_string())).into())
    }
}
