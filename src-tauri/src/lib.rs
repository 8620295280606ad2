//! The Carcassonne app: Tauri commands around the engine, the AI and the storage.
//!
//! `main.rs` only calls [`run`]; [`builder`] wires the commands and is shared with the
//! tests, which run every command through Tauri's mock runtime on a temporary data folder.
//! Modules: [`api`] (the UI's JSON shapes), [`commands`], [`failure`] (every error the UI
//! receives, with its message id), [`lessons`] (the Learn section's lessons), [`review`]
//! (the post-game review's
//! commands and worker), [`session`] (the game in progress, plain Rust), [`view`] (positions
//! as the UI sees them).

pub mod api;
pub mod commands;
pub mod failure;
pub mod lessons;
pub mod review;
pub mod session;
pub mod view;

use tauri::{AppHandle, Builder, Manager, Runtime};

pub use commands::AppState;

/// Wires the app's commands into `b`. The caller manages the [`AppState`]: [`run`] opens the
/// app-data folder, the tests a temporary one.
pub fn builder<R: Runtime>(b: Builder<R>) -> Builder<R> {
    b.invoke_handler(tauri::generate_handler![
        commands::app_info,
        commands::tiles,
        commands::profiles_list,
        commands::profile_create,
        commands::profile_rename,
        commands::profile_delete,
        commands::profile_select,
        commands::match_level,
        commands::game_new,
        commands::game_resume,
        commands::game_view,
        commands::game_play,
        commands::game_undo,
        commands::game_hint,
        commands::game_resign,
        commands::game_log,
        commands::game_odds,
        commands::settings_get,
        commands::settings_set,
        commands::history_list,
        commands::history_get,
        commands::history_position,
        commands::history_delete,
        commands::history_export,
        commands::history_import,
        review::review_start,
        review::review_cancel,
        review::review_status,
        lessons::lesson_list,
        lessons::lesson_start,
        lessons::lesson_play,
        lessons::lesson_undo,
        lessons::lesson_retry,
        lessons::lesson_solution,
    ])
}

/// Brings the first window forward when the app is launched again.
#[cfg(desktop)]
fn focus_main<R: Runtime>(app: &AppHandle<R>) {
    if let Some(w) = app.get_webview_window("main") {
        let _ = w.unminimize();
        let _ = w.set_focus();
    }
}

/// Keeps the window alive if its web process dies (WebKitGTK's renderer can crash, or be
/// killed for its memory, while the app itself is fine): the reason goes to stderr and the
/// window reloads. The game lives in the app, not in the page, so the reloaded page comes
/// back to it (`#/game` resumes the game in progress), as after a restart but without one.
#[cfg(target_os = "linux")]
fn reload_on_renderer_loss<R: Runtime>(app: &AppHandle<R>) {
    use webkit2gtk::{WebProcessTerminationReason as Why, WebViewExt};
    let Some(w) = app.get_webview_window("main") else {
        return;
    };
    let hooked = w.with_webview(|wv| {
        wv.inner().connect_web_process_terminated(|view, why| {
            let why = match why {
                Why::Crashed => "it crashed",
                Why::ExceededMemoryLimit => "it went over its memory limit",
                // The app ended it itself (closing the window): nothing to recover.
                Why::TerminatedByApi => return,
                _ => "for a reason WebKitGTK did not name",
            };
            eprintln!("carcassonne: the window's web process ended ({why}); reloading the window");
            view.reload();
        });
    });
    if let Err(e) = hooked {
        eprintln!("carcassonne: the window's web process is not watched: {e}");
    }
}

/// Elsewhere the web view is not WebKitGTK's, and nothing is watched.
#[cfg(not(target_os = "linux"))]
fn reload_on_renderer_loss<R: Runtime>(_: &AppHandle<R>) {}

/// Says why the app cannot start, on stderr, and exits with status 1.
fn fail(what: String) -> ! {
    eprintln!("carcassonne: {what}");
    std::process::exit(1);
}

/// Starts the app, one instance per user: a second launch brings the first window forward
/// and exits (through the session bus on Linux; without one, the data folder's lock refuses
/// the second instance). The data folder is opened before any window exists; if that fails
/// the reason goes to stderr and the process exits with status 1.
#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let b = Builder::default();
    // The single-instance plugin comes first, so that a second instance stops before the
    // other plugins and the app set anything up.
    #[cfg(desktop)]
    let b = b.plugin(tauri_plugin_single_instance::init(|app, _, _| {
        focus_main(app);
    }));
    // The main window exists once the setup hook runs (Tauri makes the configured windows
    // first): its web process is watched from then on.
    let b = b.setup(|app| {
        reload_on_renderer_loss(app.handle());
        Ok(())
    });
    let app = builder(b)
        .build(tauri::generate_context!())
        .unwrap_or_else(|e| fail(format!("the app could not start: {e}")));
    let dir = app
        .path()
        .app_data_dir()
        .unwrap_or_else(|e| fail(format!("no data folder: {e}")));
    match AppState::open(dir.clone()) {
        Ok(mut state) => {
            if let Some(d) = app.path().download_dir().ok().filter(|d| d.is_dir()) {
                state.export_dir = d;
            }
            app.manage(state);
        }
        Err(e) if e.code == "storage/locked" => fail(format!(
            "Carcassonne is already running with the data folder {}: use its window, or \
             close it first ({})",
            dir.display(),
            e.message
        )),
        Err(e) => fail(format!(
            "the data folder {} could not be opened: {} ({})",
            dir.display(),
            e.message,
            e.code
        )),
    }
    app.run(|_, _| {});
}
