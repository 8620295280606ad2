//! The profiles' commands.

use tauri::State;

use crate::api::{ApiError, Profile, ProfileList};
use crate::arg::Arg;
use crate::state::AppState;

/// `profiles_list`.
#[tauri::command]
pub async fn profiles_list(state: State<'_, AppState>) -> Result<ProfileList, ApiError> {
    let p = state.storage.profiles()?;
    Ok(ProfileList {
        profiles: p.profiles,
        active: p.active,
    })
}

/// `profile_create`: the new profile becomes active.
#[tauri::command]
pub async fn profile_create(
    state: State<'_, AppState>,
    name: Arg<String>,
) -> Result<Profile, ApiError> {
    Ok(state.storage.create_profile(&name.0)?)
}

/// `profile_rename`.
#[tauri::command]
pub async fn profile_rename(
    state: State<'_, AppState>,
    id: Arg<String>,
    name: Arg<String>,
) -> Result<Profile, ApiError> {
    Ok(state.storage.rename_profile(&id.0, &name.0)?)
}

/// `profile_delete`: its matches stay in the history.
#[tauri::command]
pub async fn profile_delete(
    state: State<'_, AppState>,
    id: Arg<String>,
) -> Result<ProfileList, ApiError> {
    let p = state.storage.delete_profile(&id.0)?;
    Ok(ProfileList {
        profiles: p.profiles,
        active: p.active,
    })
}

/// `profile_select`: makes a profile active.
#[tauri::command]
pub async fn profile_select(
    state: State<'_, AppState>,
    id: Arg<String>,
) -> Result<Profile, ApiError> {
    Ok(state.storage.select_profile(&id.0)?)
}
