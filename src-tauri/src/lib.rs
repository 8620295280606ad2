//! The Carcassonne app: Tauri commands around the engine, the AI and the storage.
//!
//! `main.rs` only calls [`run`]; [`builder`] wires state and commands and is shared with the
//! tests, which run every command through Tauri's mock runtime on a temporary data folder.
//! Modules: [`api`] (the UI's JSON shapes), [`commands`], [`session`] (the game in progress,
//! plain Rust), [`view`] (positions as the UI sees them).

pub mod api;
pub mod commands;
pub mod session;
pub mod view;

use tauri::{Builder, Manager, Runtime};

pub use commands::AppState;

/// Wires the app's state and commands into `b`. The data folder is Tauri's app-data folder,
/// resolved once at start-up, unless an [`AppState`] is already managed (tests).
pub fn builder<R: Runtime>(b: Builder<R>) -> Builder<R> {
    b.setup(|app| {
        if app.try_state::<AppState>().is_none() {
            let dir = app.path().app_data_dir()?;
            app.manage(AppState::open(dir)?);
        }
        Ok(())
    })
    .invoke_handler(tauri::generate_handler![
        commands::app_info,
        commands::tiles,
        commands::profiles_list,
        commands::profile_create,
        commands::profile_rename,
        commands::profile_delete,
        commands::profile_select,
        commands::game_new,
        commands::game_resume,
        commands::game_view,
        commands::game_play,
        commands::game_undo,
        commands::game_hint,
        commands::game_resign,
        commands::game_log,
        commands::history_list,
        commands::history_get,
        commands::history_position,
        commands::history_delete,
        commands::history_export,
        commands::history_import,
    ])
}

/// Starts the app.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let result = builder(Builder::default()).run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("carcassonne: the app could not start: {e}");
        std::process::exit(1);
    }
}
