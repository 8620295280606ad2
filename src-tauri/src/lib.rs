//! The Carcassonne app: Tauri commands around the engine, the AI and the storage.
//!
//! `main.rs` only calls [`run`]; [`builder`] wires the commands and is shared with the
//! tests, which run every command through Tauri's mock runtime on a temporary data folder.
//! Modules, lowest first (each uses only modules before it in this list; `scripts/layers.py`
//! checks it): [`limits`] (what the commands accept), [`errlog`] (every failure logged, the
//! last ones kept for the debug info), [`api`] (the UI's JSON shapes, by
//! screen), [`opponents`] (a set-up's AI opponents, checked once), [`failure`] (every error
//! the UI receives, with its message id), [`arg`] (reading the commands' arguments),
//! [`view`] (positions as the UI sees them), [`session`] (the game in progress, plain Rust),
//! [`lessons`] (the Learn section's lessons), [`retry`] (the mistakes to practise and the
//! retry being played), [`puzzles`] (the built-in puzzles, the puzzle rating and the puzzle
//! being solved), [`state`] ([`AppState`]: the data folder and the slots of the game,
//! the review, the lesson, the retry and the puzzle), [`turns`] (the AI worker), [`review`]
//! (the post-game review's worker), [`commands`] (the commands, by screen).

pub mod api;
pub mod arg;
pub mod commands;
pub mod errlog;
pub mod failure;
pub mod lessons;
pub mod limits;
pub mod luck;
pub mod opponents;
pub mod puzzles;
pub mod retry;
pub mod review;
pub mod session;
pub mod state;
pub mod turns;
pub mod view;

use tauri::{AppHandle, Builder, Manager, Runtime};

pub use state::AppState;

/// Wires the app's commands into `b`. The caller manages the [`AppState`]: [`run`] opens the
/// app-data folder, the tests a temporary one.
pub fn builder<R: Runtime>(b: Builder<R>) -> Builder<R> {
    b.invoke_handler(tauri::generate_handler![
        commands::app::app_info,
        commands::app::app_debug,
        commands::app::app_open_logs,
        commands::app::tiles,
        commands::profiles::profiles_list,
        commands::profiles::profile_create,
        commands::profiles::profile_rename,
        commands::profiles::profile_delete,
        commands::profiles::profile_select,
        commands::app::match_level,
        commands::game::game_new,
        commands::game::game_replay_deal,
        commands::game::game_play_from,
        commands::game::game_resume,
        commands::game::game_view,
        commands::game::game_play,
        commands::game::game_undo,
        commands::game::game_hint,
        commands::game::game_resign,
        commands::game::game_log,
        commands::game::game_odds,
        commands::settings::settings_get,
        commands::settings::settings_set,
        commands::history::history_list,
        commands::history::history_get,
        commands::history::history_position,
        commands::history::history_delete,
        commands::history::history_export,
        commands::history::history_import,
        commands::review::review_start,
        commands::review::review_cancel,
        commands::review::review_status,
        commands::lessons::lesson_list,
        commands::lessons::lesson_start,
        commands::lessons::lesson_play,
        commands::lessons::lesson_undo,
        commands::lessons::lesson_retry,
        commands::lessons::lesson_solution,
        commands::training::training_list,
        commands::training::retry_start,
        commands::training::retry_play,
        commands::training::retry_again,
        commands::puzzles::puzzle_list,
        commands::puzzles::puzzle_start,
        commands::puzzles::puzzle_play,
        commands::puzzles::puzzle_again,
    ])
}

/// What of the window is remembered across launches.
#[cfg(desktop)]
const WINDOW_STATE: tauri_plugin_window_state::StateFlags =
    tauri_plugin_window_state::StateFlags::SIZE
        .union(tauri_plugin_window_state::StateFlags::POSITION)
        .union(tauri_plugin_window_state::StateFlags::MAXIMIZED);

/// Saves the window's state once it has not moved or changed size for half a second (each
/// move or resize starts the wait again).
#[cfg(desktop)]
fn save_window_soon<R: Runtime>(app: &AppHandle<R>) {
    use std::sync::atomic::{AtomicU64, Ordering};
    use tauri_plugin_window_state::AppHandleExt;
    static LATEST: AtomicU64 = AtomicU64::new(0);
    let ticket = LATEST.fetch_add(1, Ordering::Relaxed) + 1;
    let app = app.clone();
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        if LATEST.load(Ordering::Relaxed) == ticket
            && let Err(e) = app.save_window_state(WINDOW_STATE)
        {
            eprintln!("carcassonne: the window's size and position were not saved: {e}");
        }
    });
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
            log::error!("the window's web process ended ({why}); reloading the window");
            view.reload();
        });
    });
    if let Err(e) = hooked {
        eprintln!("carcassonne: the window's web process is not watched: {e}");
    }
}

/// Draws the page without WebKitGTK's GPU compositing (`HardwareAccelerationPolicy::Never`).
/// The board is plain SVG; composited layers cost the web process about 90 MiB (release
/// build, PSS 207 → 118 MiB idle, `scripts/bench-app.sh --release`) and, where the GL is
/// software (a virtual display, many VMs), made dragging the board twice as slow (median
/// frame 28 → 13 ms).
/// It also sidesteps the blank windows some GPU drivers give composited WebKitGTK.
/// `CARCASSONNE_GPU_COMPOSITING=1` in the environment keeps WebKitGTK's own policy.
#[cfg(target_os = "linux")]
fn lean_web_view<R: Runtime>(app: &AppHandle<R>) {
    use webkit2gtk::{HardwareAccelerationPolicy, SettingsExt, WebViewExt};
    if std::env::var_os("CARCASSONNE_GPU_COMPOSITING").is_some_and(|v| v == "1") {
        return;
    }
    let Some(w) = app.get_webview_window("main") else {
        return;
    };
    let set = w.with_webview(|wv| {
        if let Some(settings) = wv.inner().settings() {
            settings.set_hardware_acceleration_policy(HardwareAccelerationPolicy::Never);
        }
    });
    if let Err(e) = set {
        eprintln!("carcassonne: the web view keeps its GPU compositing: {e}");
    }
}

#[cfg(not(target_os = "linux"))]
fn lean_web_view<R: Runtime>(_: &AppHandle<R>) {}

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
    // The window's size, position and maximised state, saved when it closes (in the config
    // folder's `.window-state.json`) and given back at the next launch; a position on no
    // monitor that is still connected is not restored, so the window never opens off-screen.
    #[cfg(desktop)]
    let b = b
        .plugin(
            tauri_plugin_window_state::Builder::default()
                .with_state_flags(WINDOW_STATE)
                .build(),
        )
        // Also saved half a second after the window stops moving or resizing, so a crash or
        // a killed app keeps it too.
        .on_window_event(|window, event| {
            if matches!(
                event,
                tauri::WindowEvent::Moved(_) | tauri::WindowEvent::Resized(_)
            ) {
                save_window_soon(window.app_handle());
            }
        });
    // The app's own log, from the info level up: the start, every failure a command sends (a
    // warning each, `errlog.rs`) and the renderer's loss, in the platform's log folder
    // (`logs/carcassonne.log` in the data folder on Linux), at most 1 MiB a file and the last
    // three files kept.
    let b = b.plugin(
        tauri_plugin_log::Builder::new()
            .clear_targets()
            .target(tauri_plugin_log::Target::new(
                tauri_plugin_log::TargetKind::LogDir {
                    file_name: Some("carcassonne".into()),
                },
            ))
            .level(log::LevelFilter::Info)
            .max_file_size(1 << 20)
            .rotation_strategy(tauri_plugin_log::RotationStrategy::KeepSome(3))
            .build(),
    );
    let b = b.plugin(tauri_plugin_opener::init());
    // The main window exists once the setup hook runs (Tauri makes the configured windows
    // first): its web process is watched from then on.
    let b = b.setup(|app| {
        let h = app.handle();
        log::info!(
            "start: Carcassonne {} on {} {}, web view {}, data folder {}",
            h.package_info().version,
            std::env::consts::OS,
            std::env::consts::ARCH,
            commands::app::web_view_version(),
            h.path()
                .app_data_dir()
                .map(|d| d.display().to_string())
                .unwrap_or_default()
        );
        reload_on_renderer_loss(h);
        lean_web_view(h);
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
