//! The commands the UI invokes: short adapters from the UI's shapes (`api.rs`) to the
//! session, the storage and the AI, and back. Every command is async, so none runs on the
//! window's thread; AI turns run on a blocking worker and report through `ai-progress`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Mutex, MutexGuard};

use carcassonne_ai::Level;
use carcassonne_engine::{MoveName, PlayerKind, PublicView};
use carcassonne_storage::{Storage, matches};
use tauri::{AppHandle, Emitter, Manager, Runtime, State};

use crate::api::{
    AiProgress, ApiError, AppInfo, Arg, Exported, GameView, Hint, LastSetup, MatchDetail,
    MatchLevel, MatchList, MatchSummary, NewGame, Odds, OpponentConfig, Profile, ProfileList,
    ResumeInfo, ScoreEvent, Settings, SetupOpponent, StrengthInfo, TileSet,
};
use crate::failure::{Failure, hint_error};
use crate::review::Reviews;
use crate::session::{OpponentError, Session, ai_choose, opponent_spec};
use crate::view::{
    ViewContext, game_view as build_view, odds, score_events, tile_set, turns_completed,
};

/// The event name of AI progress reports.
pub const AI_PROGRESS: &str = "ai-progress";
/// The level whose choice the hint shows.
pub const HINT_LEVEL: Level = Level::Hard;
/// The largest record `history_import` accepts, in bytes: the engine's `MAX_RECORD_BYTES` (1 MiB;
/// a long 6-player game is about 20 KB).
pub const IMPORT_LIMIT: usize = carcassonne_engine::MAX_RECORD_BYTES;

/// The app's state: the data folder, where exports go, and the game in progress.
///
/// Every write or removal of the autosave (`current.json`) happens while the session lock is
/// held and only for the session in it, so the autosave always holds the game on screen.
pub struct AppState {
    /// The data folder.
    pub storage: Storage,
    /// The folder `history_export` writes to: the data folder's `exports/` unless [`run`]
    /// found a Downloads folder.
    ///
    /// [`run`]: crate::run
    pub export_dir: PathBuf,
    session: Mutex<Option<Session>>,
    /// The running post-game review ([`crate::review`]).
    pub(crate) reviews: Reviews,
    /// The lesson being played ([`crate::lessons`]).
    pub(crate) lessons: crate::lessons::Lessons,
}

/// How the profiles' ratings rate an AI opponent: its rating on the measured strength curve
/// (the storage knows no AI; an opponent the curve does not know counts as the start rating).
pub const RATING_OF: carcassonne_storage::RatingOf = carcassonne_ai::strength::rating_of_name;

impl AppState {
    /// Opens the data folder at `dir`, its profiles rated with [`RATING_OF`].
    ///
    /// # Errors
    /// The storage's error if the folder cannot be created or opened (e.g. `storage/io`).
    pub fn open(dir: PathBuf) -> Result<AppState, ApiError> {
        let storage = Storage::open(dir, RATING_OF)?;
        Ok(AppState {
            export_dir: storage.root().join("exports"),
            storage,
            session: Mutex::new(None),
            reviews: Reviews::default(),
            lessons: Default::default(),
        })
    }

    /// The session, even if a panicking thread poisoned the lock (the session is always
    /// left consistent: moves are applied whole or not at all).
    fn lock(&self) -> MutexGuard<'_, Option<Session>> {
        self.session.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn no_game() -> ApiError {
    Failure::NoGame.into()
}

/// Runs `f` on the session.
fn with_session<T>(
    state: &AppState,
    f: impl FnOnce(&mut Session) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    let mut guard = state.lock();
    let s = guard.as_mut().ok_or_else(no_game)?;
    f(s)
}

/// Marks the session busy if an AI is to move; returns whether it did.
fn claim_ai(s: &mut Session) -> bool {
    if !s.busy && s.ai_to_move().is_some() {
        s.busy = true;
        true
    } else {
        false
    }
}

/// Runs AI turns until the human is to move or the game ends, then returns the view.
async fn finish_turns<R: Runtime>(
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
async fn start<R: Runtime>(
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

// ----- app ------------------------------------------------------------------------------

/// `app_info`: version, data folder, levels, problems, the resumable game. It never fails
/// because of the autosave: an unreadable `current.json` is among the storage's problems, one
/// that cannot be resumed is set aside, and then no game is offered to resume.
#[tauri::command]
pub async fn app_info<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
) -> Result<AppInfo, ApiError> {
    // Every failure to read the autosave is listed in the storage's problems; one that reads
    // but cannot be resumed (an unknown AI level…) is set aside, so it is offered only once.
    let resumable = match state.storage.load_current() {
        Ok(Some((c, game))) => match Session::check_resumable(&c, &game) {
            Ok(()) => Some(ResumeInfo {
                opponents: matches::opponents(&c.record.players)
                    .into_iter()
                    .map(|o| OpponentConfig::level(o.level))
                    .collect(),
                abbey_mayor: game.abbey_mayor(),
                turn: turns_completed(&game),
                scores: game.scores(),
                started_at: carcassonne_storage::time::rfc3339(c.started_at),
                game_id: c.game_id,
                profile_id: c.profile_id,
                profile_name: c.profile_name,
            }),
            Err(e) => {
                // Reported in the problems whether or not it could be moved.
                let _ = state.storage.set_aside_current(&e.message);
                None
            }
        },
        Ok(None) | Err(_) => None,
    };
    Ok(AppInfo {
        version: app.package_info().version.to_string(),
        data_dir: state.storage.root().display().to_string(),
        levels: Level::ALL.iter().map(|l| l.name().to_string()).collect(),
        strength: strength_info(),
        problems: state.storage.problems(),
        resumable,
    })
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

/// The lowest and highest win chance `match_level` takes.
pub const CHANCE_RANGE: (f64, f64) = (0.05, 0.95);

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

// ----- profiles -------------------------------------------------------------------------

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

// ----- the game -------------------------------------------------------------------------

/// `game_new`: starts a game (abandoning an unfinished one).
#[tauri::command]
pub async fn game_new<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    config: Arg<serde_json::Value>,
) -> Result<GameView, ApiError> {
    let config: NewGame = serde_json::from_value(config.0)
        .map_err(|e| ApiError::from(Failure::SetupMalformed(e.to_string())))?;
    let id = match config.profile_id {
        Some(id) => id,
        None => state
            .storage
            .profiles()?
            .active
            .ok_or_else(|| ApiError::from(Failure::NoActiveProfile))?,
    };
    let profile = state.storage.profile(&id)?;
    let session = Session::new(&profile, &config.opponents, config.abbey_mayor, config.seed)?;
    // Every opponent as it is named: a rating opponent by its spec on the curve.
    let named: Vec<SetupOpponent> = session
        .players
        .iter()
        .filter_map(|p| p.level.clone())
        .map(SetupOpponent::level)
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
    request: tauri::ipc::Request<'_>,
) -> Result<GameView, ApiError> {
    // The argument is named `move`, a Rust keyword, so it is read from the request itself.
    let arg = match request.body() {
        tauri::ipc::InvokeBody::Json(v) => v.get("move").cloned(),
        tauri::ipc::InvokeBody::Raw(_) => None,
    };
    let input: MoveName = serde_json::from_value(arg.unwrap_or_default())
        .map_err(|e| ApiError::from(Failure::MoveMalformed(e.to_string())))?;
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

// ----- settings ------------------------------------------------------------------------

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
        let n = setup.opponents.len();
        if !(1..=5).contains(&n) {
            return Err(Failure::SettingsOpponentCount(n).into());
        }
        for (i, o) in setup.opponents.iter().enumerate() {
            match opponent_spec(o) {
                Ok(_) => {}
                Err(OpponentError::Shape) => {
                    return Err(Failure::SettingsOpponentShape(i + 1).into());
                }
                Err(OpponentError::Unknown(name)) => {
                    return Err(Failure::SettingsUnknownLevel(name).into());
                }
            }
        }
    }
    Ok(state.storage.save_settings(&settings)?)
}

// ----- history --------------------------------------------------------------------------

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
    let review = state.storage.review_of(&id.0, &mut m);
    let events = score_events(&game);
    Ok(MatchDetail {
        review,
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
    let human = m
        .record
        .players
        .iter()
        .position(|p| p.kind == PlayerKind::Human);
    Ok(build_view(
        &game,
        ViewContext {
            id: &id,
            human: human.unwrap_or(0),
            players: &m.record.players,
            ai_thinking: false,
            can_undo: false,
            save_error: None,
            result: None,
            aids: false,
        },
    ))
}

/// `history_delete`.
#[tauri::command]
pub async fn history_delete(state: State<'_, AppState>, id: Arg<String>) -> Result<(), ApiError> {
    Ok(state.storage.delete_match(&id.0)?)
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
    let Arg(id) = id;
    // The id is a valid file name once the match is found (the storage checks it).
    let (m, _, _) = state.storage.load_match(&id)?;
    let json = m.record.to_json();
    let path = write_new_file(
        &state.export_dir,
        &format!("carcassonne-{id}"),
        json.as_bytes(),
    )?;
    Ok(Exported {
        path: path.display().to_string(),
        json,
    })
}

/// How many numbered names an export tries before giving up.
pub const EXPORT_NAMES: u32 = 1000;

/// Writes `bytes` to `<stem>.json` in `dir` (created if needed), or `<stem>-2.json`, `-3`…
/// if that exists, and returns the path. A name is claimed by creating the file exclusively,
/// so an existing file (or link) is never written through or replaced, even by a concurrent
/// writer.
fn write_new_file(dir: &Path, stem: &str, bytes: &[u8]) -> Result<PathBuf, ApiError> {
    let io = |path: &Path, e: std::io::Error| {
        ApiError::from(Failure::ExportIo {
            path: path.display().to_string(),
            detail: e.to_string(),
        })
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    for n in 1..=EXPORT_NAMES {
        let path = if n == 1 {
            dir.join(format!("{stem}.json"))
        } else {
            dir.join(format!("{stem}-{n}.json"))
        };
        let mut file = match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(io(&path, e)),
        };
        if let Err(e) = file.write_all(bytes).and_then(|()| file.sync_all()) {
            drop(file);
            let _ = std::fs::remove_file(&path);
            return Err(io(&path, e));
        }
        return Ok(path);
    }
    Err(Failure::ExportsFull(dir.display().to_string()).into())
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

#[cfg(test)]
mod tests {
    use carcassonne_ai::strength::rating_of_name;
    use carcassonne_storage::profile::{START_RATING, expected, level_rating};

    use super::RATING_OF;

    /// The profiles' Elo rates opponents on the strength curve, with the Elo formula the AI
    /// crate's ratings are fitted with.
    #[test]
    fn opponents_are_rated_on_the_strength_curve() {
        assert_eq!(
            Some(level_rating(RATING_OF, "hard")),
            rating_of_name("hard")
        );
        assert_eq!(
            Some(level_rating(RATING_OF, "hard@1732")),
            rating_of_name("hard@1732")
        );
        assert_eq!(
            Some(level_rating(RATING_OF, "easy~0.65")),
            rating_of_name("easy~0.65")
        );
        assert!(level_rating(RATING_OF, "hard@1732") < level_rating(RATING_OF, "hard"));
        // Unknown to the curve: counted as an even opponent, as before.
        assert_eq!(level_rating(RATING_OF, "grandmaster"), START_RATING);
        assert_eq!(level_rating(RATING_OF, "hard@250ms"), START_RATING);
        for a in (0..=3000).step_by(125) {
            for b in (0..=3000).step_by(125) {
                let (a, b) = (f64::from(a), f64::from(b));
                assert_eq!(
                    expected(a, b).to_bits(),
                    carcassonne_ai::rating::expected(a, b).to_bits()
                );
            }
        }
    }
}
