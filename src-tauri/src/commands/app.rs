//! The start screen's commands: the app's facts (`app_info`, `tiles`) and "match my level".

use carcassonne_ai::Level;
use tauri::{AppHandle, Manager, Runtime, State};

use crate::api::{ApiError, AppInfo, DebugInfo, MatchLevel, RecentError, StrengthInfo, TileSet};
use crate::arg::Arg;
use crate::failure::Failure;
use crate::limits::CHANCE_RANGE;
use crate::state::AppState;
use crate::view::tile_set;

/// `app_info`: version, data folder, levels, problems, the resumable game. It never fails
/// because of the autosave: an unreadable `current.json` is among the storage's problems, one
/// that cannot be resumed is set aside, and then no game is offered to resume.
#[tauri::command]
pub async fn app_info<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<AppInfo, ApiError> {
    // First: reading the autosave adds to the problems listed.
    let resumable = state.resumable();
    Ok(AppInfo {
        version: app.package_info().version.to_string(),
        data_dir: state.storage.root().display().to_string(),
        levels: Level::ALL.iter().map(|l| l.name().to_string()).collect(),
        strength: strength_info(),
        problems: state.storage.problems(),
        resumable,
    })
}

/// `app_debug`: the version, the system, the web view, the folders and the last failures, for
/// "Copy debug info" (Help).
#[tauri::command]
pub async fn app_debug<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<DebugInfo, ApiError> {
    Ok(DebugInfo {
        version: app.package_info().version.to_string(),
        os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        web_view: web_view_version(),
        data_dir: state.storage.root().display().to_string(),
        log_dir: log_dir(&app),
        recent_errors: crate::errlog::recent()
            .into_iter()
            .map(|e| RecentError {
                at: carcassonne_storage::time::rfc3339(e.at),
                code: e.code,
                key: e.key,
            })
            .collect(),
    })
}

/// The log folder (empty if the platform has none).
fn log_dir<R: Runtime>(app: &AppHandle<R>) -> String {
    app.path()
        .app_log_dir()
        .map(|d| d.display().to_string())
        .unwrap_or_default()
}

/// `app_open_logs`: opens the log folder in the file manager (made first if the app has not
/// logged anything yet).
///
/// # Errors
/// `storage/io` if there is no log folder or it cannot be opened.
#[tauri::command]
pub async fn app_open_logs<R: Runtime>(app: AppHandle<R>) -> Result<(), ApiError> {
    use tauri_plugin_opener::OpenerExt;
    let dir = app
        .path()
        .app_log_dir()
        .map_err(|e| ApiError::from(Failure::LogFolder(e.to_string())))?;
    std::fs::create_dir_all(&dir).map_err(|e| ApiError::from(Failure::LogFolder(e.to_string())))?;
    app.opener()
        .open_path(dir.display().to_string(), None::<&str>)
        .map_err(|e| ApiError::from(Failure::LogFolder(e.to_string())))
}

/// The web view's engine: WebKitGTK's 4.1 API on Linux (its exact version is in the page's
/// user agent, which "Copy debug info" adds), the system's elsewhere.
pub fn web_view_version() -> String {
    if cfg!(target_os = "linux") {
        "WebKitGTK (webkit2gtk-4.1)".into()
    } else if cfg!(target_os = "windows") {
        "WebView2".into()
    } else {
        "WKWebView".into()
    }
}

/// The strength curve's range and the levels' ratings on it.
pub fn strength_info() -> StrengthInfo {
    let (min, max) = carcassonne_ai::strength::range();
    StrengthInfo {
        min,
        max,
        levels: Level::ALL
            .iter()
            .filter_map(|l| {
                carcassonne_ai::strength::rating_of_name(l.name()).map(|r| (l.name().into(), r))
            })
            .collect(),
    }
}

/// `match_level`: the opponent against whom the active profile expects to score `chance`
/// (0.05 to 0.95; `rating/bad_chance` otherwise, `profile/none_active` without an active
/// profile).
#[tauri::command]
pub async fn match_level(
    state: State<'_, AppState>,
    chance: Arg<f64>,
) -> Result<MatchLevel, ApiError> {
    let Arg(chance) = chance;
    if !(CHANCE_RANGE.0..=CHANCE_RANGE.1).contains(&chance) {
        return Err(Failure::BadChance(chance.to_string()).into());
    }
    let p = state.storage.profiles()?;
    let active = p
        .active
        .ok_or_else(|| ApiError::from(Failure::NoActiveProfile))?;
    let profile = p
        .profiles
        .into_iter()
        .find(|q| q.id == active)
        .ok_or_else(|| ApiError::from(Failure::NoActiveProfile))?;
    let player = profile.stats.rating.elo;
    let (spec, opponent, chance) = carcassonne_ai::strength::match_level(player, chance);
    Ok(MatchLevel {
        player_rating: player,
        opponent_rating: opponent,
        chance,
        level: spec.to_string(),
    })
}

/// `tiles`: the tile descriptions for drawing.
#[tauri::command]
pub async fn tiles() -> Result<TileSet, ApiError> {
    Ok(tile_set())
}
