//! The settings' commands.

use tauri::State;

use crate::api::{ApiError, Settings};
use crate::arg::Arg;
use crate::failure::Failure;
use crate::opponents::seat_specs;
use crate::state::AppState;

/// `settings_get`: the settings (the defaults if there are none or the file was unusable).
#[tauri::command]
pub async fn settings_get(state: State<'_, AppState>) -> Result<Settings, ApiError> {
    Ok(state.storage.settings())
}

/// `settings_set`: replaces the settings. A `lastSetup` must be one `game_new` accepts
/// (1 to 5 opponents, each `{ level }` of a known level or spec on the strength curve or
/// `{ rating }`), else `settings/invalid` and nothing changes.
#[tauri::command]
pub async fn settings_set(
    state: State<'_, AppState>,
    settings: Arg<Settings>,
) -> Result<Settings, ApiError> {
    let Arg(settings) = settings;
    if let Some(setup) = &settings.last_setup {
        seat_specs(&setup.opponents).map_err(|e| ApiError::from(Failure::Settings(e)))?;
    }
    Ok(state.storage.save_settings(&settings)?)
}
