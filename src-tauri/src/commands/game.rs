//! The game screen's commands: a new or resumed game, the human's moves, undo, hints, odds,
//! the log, resigning. AI turns then run on the worker ([`crate::turns`]).

use carcassonne_ai::Level;
use carcassonne_engine::{MoveName, PublicView};
use tauri::{AppHandle, Runtime, State};

use crate::api::{ApiError, GameView, Hint, LastSetup, NewGame, Odds, ScoreEvent, SetupOpponent};
use crate::arg::{Arg, MoveArg};
use crate::failure::{Failure, hint_error};
use crate::session::Session;
use crate::state::{AppState, with_session};
use crate::turns::{claim_ai, finish_turns, start};
use crate::view::{odds, score_events};

/// The level whose choice the hint shows.
pub const HINT_LEVEL: Level = Level::Hard;

/// `game_new`: starts a game (abandoning an unfinished one).
#[tauri::command]
pub async fn game_new<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    config: Arg<serde_json::Value>,
) -> Result<GameView, ApiError> {
    let config: NewGame = serde_json::from_value(config.0)
        .map_err(|e| ApiError::from(Failure::SetupMalformed(e.to_string())))?;
    let profile = match config.profile_id {
        Some(id) => state.storage.profile(&id)?,
        None => state.active_profile()?,
    };
    // The people at the table (pass and play): an unknown profile is refused.
    let people = config
        .opponents
        .iter()
        .filter_map(|o| o.profile.as_deref())
        .map(|id| state.storage.profile(id))
        .collect::<Result<Vec<_>, _>>()?;
    let session = Session::new(
        &profile,
        &config.opponents,
        &people,
        config.abbey_mayor,
        config.seed,
        (config.seat, config.handover),
    )?;
    // Every opponent as it is named: a rating opponent by its spec on the curve, a person
    // by their profile.
    let named: Vec<SetupOpponent> = (0..session.players.len())
        .filter(|&seat| seat != session.human)
        .map(|seat| match &session.levels[seat] {
            Some(spec) => SetupOpponent::level(spec.to_string()),
            None => SetupOpponent::person(
                session
                    .others
                    .iter()
                    .find(|p| p.seat == seat)
                    .map(|p| p.profile_id.clone())
                    .unwrap_or_default(),
            ),
        })
        .collect();
    // The set-up (not the seed) is remembered for the start screen; failing to save it
    // (e.g. a newer version's settings file, reported in the problems) does not stop the game.
    let _ = state.storage.update_settings(|s| {
        s.last_setup = Some(LastSetup {
            opponents: named,
            abbey_mayor: config.abbey_mayor,
        });
    });
    start(&app, &state, session).await
}

/// `game_replay_deal`: a new game on the deal of finished match `id` (abandoning an unfinished
/// one), for the active profile: the same opponents and expansion, the same seed, the seats
/// turned by one (with two players, swapped), so the player gets the tiles their opponent
/// drew. It is not rated: the player has seen the deal's tiles.
#[tauri::command]
pub async fn game_replay_deal<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: Arg<String>,
) -> Result<GameView, ApiError> {
    let (m, _, _) = state.storage.load_match(&id.0)?;
    let seed = m
        .meta
        .seed
        .ok_or_else(|| ApiError::from(Failure::NoDeal(id.0.clone())))?;
    let profile = state.active_profile()?;
    let players = &m.record.players;
    let was = m.meta.person().unwrap_or(0);
    // Another person's seat of a table (pass and play) is played by the medium level.
    let opponents: Vec<SetupOpponent> = players
        .iter()
        .enumerate()
        .filter(|&(seat, _)| seat != was)
        .map(|(_, p)| {
            SetupOpponent::level(
                p.level
                    .clone()
                    .unwrap_or_else(|| Level::Medium.name().into()),
            )
        })
        .collect();
    let seat = (was + 1) % players.len().max(1);
    let mut session = Session::new(
        &profile,
        &opponents,
        &[],
        m.meta.abbey_mayor,
        Some(seed),
        (seat, false),
    )?;
    session.rated = false;
    start(&app, &state, session).await
}

/// `game_play_from`: a practice game from the position after `turn` record entries of the
/// finished match `id` ("Play from here"), the active profile in the match's human seat
/// against the match's AI players (or `opponents`, one for each other seat in seat order),
/// the tiles not yet drawn as they came or, with
/// `reshuffle`, in a new order; not rated. Replaces the game in progress as `game_new` does.
///
/// # Errors
/// `profile/none_active`, the storage's errors for the match, `history/no_deal`,
/// `history/at_end`, `game/bad_setup`.
#[tauri::command]
pub async fn game_play_from<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    id: Arg<String>,
    turn: Arg<usize>,
    reshuffle: Arg<bool>,
    opponents: Arg<Option<Vec<SetupOpponent>>>,
) -> Result<GameView, ApiError> {
    let (m, _, _) = state.storage.load_match(&id.0)?;
    let profile = state.active_profile()?;
    let session = Session::from_position(
        &profile,
        &id.0,
        &m.record,
        (turn.0, m.meta.person().unwrap_or(0)),
        reshuffle.0,
        opponents.0.as_deref(),
    )?;
    start(&app, &state, session).await
}

/// `game_resume`: continues the saved game (or the one in memory).
#[tauri::command]
pub async fn game_resume<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<GameView, ApiError> {
    let in_memory = {
        let mut guard = state.lock();
        guard.as_mut().filter(|s| !s.over()).map(|s| {
            let claimed = claim_ai(s).then(|| s.id.clone());
            (claimed, s.view())
        })
    };
    if let Some((claimed, view)) = in_memory {
        return finish_turns(&app, claimed, view).await;
    }
    let (current, game) = state
        .storage
        .load_current()?
        .ok_or_else(|| ApiError::from(Failure::NothingToResume))?;
    // An autosave this app cannot resume is set aside, so it is not offered again.
    let session = Session::resume(current, game).inspect_err(|e| {
        let _ = state.storage.set_aside_current(&e.message);
    })?;
    start(&app, &state, session).await
}

/// `game_view`: the game in progress (or just ended).
#[tauri::command]
pub async fn game_view(state: State<'_, AppState>) -> Result<GameView, ApiError> {
    with_session(&state, |s| Ok(s.view()))
}

/// `game_play`: the human's move, then every AI turn up to the human's next decision.
#[tauri::command]
pub async fn game_play<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    mv: MoveArg,
) -> Result<GameView, ApiError> {
    let MoveArg(input) = mv;
    let (claimed, view) = with_session(&state, |s| {
        s.play_human(&input)?;
        s.save(&state.storage);
        let claimed = claim_ai(s).then(|| s.id.clone());
        Ok((claimed, s.view()))
    })?;
    finish_turns(&app, claimed, view).await
}

/// `game_undo`: takes back the human's last move of this turn.
#[tauri::command]
pub async fn game_undo(state: State<'_, AppState>) -> Result<GameView, ApiError> {
    with_session(&state, |s| {
        s.undo()?;
        s.save(&state.storage);
        Ok(s.view())
    })
}

/// `game_hint`: what the AI would play for the human.
#[tauri::command]
pub async fn game_hint(state: State<'_, AppState>) -> Result<Hint, ApiError> {
    let (game, seed, stop) = with_session(&state, |s| {
        let (game, seed) = s.hint_input()?;
        Ok((game, seed, s.stop.clone()))
    })?;
    tauri::async_runtime::spawn_blocking(move || {
        let s = carcassonne_ai::suggest(
            &PublicView::new(&game),
            HINT_LEVEL,
            seed,
            HINT_LEVEL.default_budget(),
            &stop,
        )
        .map_err(|e| hint_error(&e))?;
        Ok(Hint {
            mv: MoveName::from_move(&game, s.mv),
            level: HINT_LEVEL.name().into(),
        })
    })
    .await
    .map_err(|e| ApiError::from(Failure::AiWorker(e.to_string())))?
}

/// `game_odds`: the odds that one placement completes the feature on segment `on` of the
/// tile at (`x`, `y`) of the game in progress (`odds/no_tile`, `odds/no_feature`).
#[tauri::command]
pub async fn game_odds(
    state: State<'_, AppState>,
    x: Arg<i64>,
    y: Arg<i64>,
    on: Arg<String>,
) -> Result<Odds, ApiError> {
    with_session(&state, |s| odds(&s.game, x.0, y.0, &on.0))
}

/// `game_resign`: ends the game as a loss and files it.
#[tauri::command]
pub async fn game_resign(state: State<'_, AppState>) -> Result<GameView, ApiError> {
    with_session(&state, |s| {
        s.resign(&state.storage)?;
        Ok(s.view())
    })
}

/// `game_log`: every event so far.
#[tauri::command]
pub async fn game_log(state: State<'_, AppState>) -> Result<Vec<ScoreEvent>, ApiError> {
    with_session(&state, |s| Ok(score_events(&s.game)))
}
