//! The history screen's commands: the finished matches, a match's replay, delete, export and
//! import.

use carcassonne_storage::matches;
use tauri::State;

use crate::api::{ApiError, Exported, GameView, MatchDetail, MatchList, MatchSummary};
use crate::arg::Arg;
use crate::failure::Failure;
use crate::limits::IMPORT_LIMIT;
use crate::review;
use crate::state::AppState;
use crate::view::{self, score_events};

/// `history_list`: finished matches, newest first, optionally of one profile.
#[tauri::command]
pub async fn history_list(
    state: State<'_, AppState>,
    profile_id: Arg<Option<String>>,
) -> Result<MatchList, ApiError> {
    let mut matches = state.storage.list_matches()?;
    if let Some(p) = profile_id.0 {
        matches.retain(|m| m.profile_id.as_deref() == Some(p.as_str()));
    }
    review::rescore_listed(&state.storage, &mut matches);
    Ok(MatchList {
        matches,
        problems: state.storage.problems(),
    })
}

/// `history_get`: a match with its record, timeline, breakdown, events and review (a stored
/// review that does not read is set aside by the storage and reported in its problems).
#[tauri::command]
pub async fn history_get(
    state: State<'_, AppState>,
    id: Arg<String>,
) -> Result<MatchDetail, ApiError> {
    let (mut m, game, replayed) = state.storage.load_match(&id.0)?;
    let mut review = state.storage.review_of(&id.0, &mut m);
    review::rescore_opened(&state.storage, &id.0, &mut review, &mut m.meta);
    let luck = crate::luck::opened(&state.storage, &id.0, &mut m);
    let events = score_events(&game);
    let deal = m
        .meta
        .seed
        .and_then(|seed| view::deal(seed, m.meta.deal_salt.as_deref(), true));
    Ok(MatchDetail {
        review,
        luck,
        deal,
        summary: m.meta,
        record: m.record,
        timeline: replayed.timeline,
        breakdown: replayed.breakdown,
        events,
    })
}

/// `history_position`: the board of a match after `turn` record entries.
#[tauri::command]
pub async fn history_position(
    state: State<'_, AppState>,
    id: Arg<String>,
    turn: Arg<usize>,
) -> Result<GameView, ApiError> {
    let Arg(id) = id;
    let (m, _, _) = state.storage.load_match(&id)?;
    let game = matches::prefix(&m.record, turn.0)
        .replay()
        .map_err(|e| ApiError::from(Failure::MatchReplay(e)))?;
    Ok(view::replay(&game, &id, &m.record.players, m.meta.person()))
}

/// `history_delete`: the match, and its mistakes from its profile's training.
#[tauri::command]
pub async fn history_delete(state: State<'_, AppState>, id: Arg<String>) -> Result<(), ApiError> {
    let profile = state
        .storage
        .load_match(&id.0)
        .ok()
        .and_then(|(m, _, _)| m.meta.profile_id);
    state.storage.delete_match(&id.0)?;
    // Best effort: a mistake of a match that is gone is never listed anyway.
    if let Some(profile) = profile {
        let _ = state.storage.forget_drills(&profile, &id.0);
    }
    Ok(())
}

/// `history_export`: writes the record to a new file in [`AppState::export_dir`] (the
/// Downloads folder, else the data folder's `exports/`), never over an existing file:
/// `carcassonne-<id>.json`, else `carcassonne-<id>-2.json`, `-3`… The window does not choose
/// the path.
#[tauri::command]
pub async fn history_export(
    state: State<'_, AppState>,
    id: Arg<String>,
) -> Result<Exported, ApiError> {
    let (path, json) = state.storage.export_new(&id.0, &state.export_dir)?;
    Ok(Exported {
        path: path.display().to_string(),
        json,
    })
}

/// `history_import`: a finished record, given as its JSON text (at most [`IMPORT_LIMIT`]
/// bytes, checked before anything is parsed).
#[tauri::command]
pub async fn history_import(
    state: State<'_, AppState>,
    json: Arg<String>,
) -> Result<MatchSummary, ApiError> {
    let Arg(text) = json;
    if text.len() > IMPORT_LIMIT {
        return Err(Failure::ImportTooLarge(text.len()).into());
    }
    Ok(state.storage.import_record(&text)?)
}
