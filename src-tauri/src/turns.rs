//! The AI worker of the game in progress: AI turns run on a blocking worker on a copy of the
//! game, never holding the session lock during a search, and report through `ai-progress`.

use std::sync::atomic::Ordering;

use carcassonne_engine::MoveName;
use tauri::{AppHandle, Emitter, Manager, Runtime};

use crate::api::{AI_PROGRESS, AiProgress, ApiError, GameView};
use crate::failure::Failure;
use crate::session::{Session, ai_choose};
use crate::state::AppState;

/// Marks the session busy if an AI is to move; returns whether it did.
pub fn claim_ai(s: &mut Session) -> bool {
    if !s.busy && s.ai_to_move().is_some() {
        s.busy = true;
        true
    } else {
        false
    }
}

/// Runs AI turns until the human is to move or the game ends, then returns the view.
pub async fn finish_turns<R: Runtime>(
    app: &AppHandle<R>,
    claimed: Option<String>,
    view: GameView,
) -> Result<GameView, ApiError> {
    let Some(id) = claimed else {
        return Ok(view);
    };
    let app = app.clone();
    tauri::async_runtime::spawn_blocking(move || ai_loop(&app, &id))
        .await
        .map_err(|e| ApiError::from(Failure::AiWorker(e.to_string())))?
}

/// The AI worker: the session `id` is marked busy by the caller.
fn ai_loop<R: Runtime>(app: &AppHandle<R>, id: &str) -> Result<GameView, ApiError> {
    let state = app.state::<AppState>();
    loop {
        let (game, seat, level, seed, stop) = {
            let mut guard = state.lock();
            let s = guard
                .as_mut()
                .filter(|s| s.id == id)
                .ok_or_else(|| ApiError::from(Failure::GameReplaced))?;
            match s.ai_to_move() {
                Some((seat, level)) => {
                    (s.game.clone(), seat, level, s.ai_seed(seat), s.stop.clone())
                }
                None => {
                    s.busy = false;
                    return Ok(s.view());
                }
            }
        };
        // Progress events are best effort: a window that is gone needs none.
        let progress = |stage: &str, mv: Option<MoveName>, view: Option<GameView>| {
            let _ = app.emit(
                AI_PROGRESS,
                AiProgress {
                    game_id: id.into(),
                    player: seat,
                    level: level.to_string(),
                    stage: stage.into(),
                    mv,
                    view,
                },
            );
        };
        progress("thinking", None, None);
        let mv = ai_choose(&game, &level, seed, &stop);
        let mut guard = state.lock();
        let s = guard
            .as_mut()
            .filter(|s| s.id == id)
            .ok_or_else(|| ApiError::from(Failure::GameReplaced))?;
        if s.over() || stop.load(Ordering::Relaxed) {
            s.busy = false;
            return Ok(s.view());
        }
        let spec = match s.play_ai(mv) {
            Ok(r) => r,
            Err(e) => {
                s.busy = false;
                return Err(e);
            }
        };
        s.save(&state.storage);
        let view = s.view();
        drop(guard);
        progress("moved", Some(spec), Some(view));
    }
}

/// Puts `session` in place of the current one (stopping the old one's AI), saves it and runs
/// any AI turns that come first.
///
/// The autosave is written under the session lock once `session` is the current one, like
/// every other autosave write or removal: a worker of the old game, which saves only while
/// its game is current, can then never overwrite (or remove) the new game's autosave.
pub async fn start<R: Runtime>(
    app: &AppHandle<R>,
    state: &AppState,
    session: Session,
) -> Result<GameView, ApiError> {
    let (claimed, view) = {
        let mut guard = state.lock();
        if let Some(old) = guard.take() {
            old.stop.store(true, Ordering::Relaxed);
        }
        let s = guard.insert(session);
        s.save(&state.storage);
        let claimed = claim_ai(s).then(|| s.id.clone());
        (claimed, s.view())
    };
    finish_turns(app, claimed, view).await
}
