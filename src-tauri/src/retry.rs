//! "Retry your mistakes" (API.md, "Training"): the mistakes and blunders of a profile's
//! reviewed games, kept in its training file with their spaced repetition (the storage's
//! `training`), and the retry being played: the position before the decision, the same tile
//! in hand and the same supplies, a try judged as the review judged the move played
//! ([`judge_try`]: the same seed and budget, the public view), best or good solving it; a
//! second try after a first that does not, then the answer. A retry never touches the game
//! in progress or its autosave.
//!
//! **Ruling:** the profile's queue counts a retry as passed only when its first try solves
//! it; solved at the second try, like a failure, it comes back the next day (the storage's
//! `training` has the intervals). The player needed a second look, so it is not learnt yet.
//!
//! [`judge_try`]: carcassonne_ai::review::judge_try

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::review::{Class, DecisionReview, Position, Review, ReviewConfig};
use carcassonne_engine::{Game, PlayerKind, RecordPlayer};
use carcassonne_storage::{Drill, MatchMeta, Storage, Training, time};

use crate::api::{ApiError, DrillView, RetryOutcome, RetryState, TrainingList};
use crate::limits::RETRY_TRIES;
use crate::view::{self, ViewContext};

/// The retry being played.
pub(crate) struct Retrying {
    /// Tells it from a later retry (a try judged for a replaced retry is dropped).
    pub(crate) token: u64,
    /// Stops its judging when it is replaced.
    pub(crate) stop: Arc<AtomicBool>,
    /// The match.
    pub(crate) match_id: String,
    /// When the match was played (RFC 3339), for the drill's view.
    pub(crate) match_date: String,
    /// The match's players, as its record names them.
    pub(crate) players: Vec<RecordPlayer>,
    /// The decision and the position before it.
    pub(crate) position: Position,
    /// The review's search settings: the seed and budget the try is judged with.
    pub(crate) cfg: ReviewConfig,
    /// The review's verdict on the move played in the game.
    pub(crate) original: DecisionReview,
    /// Tries judged.
    pub(crate) tries: u32,
    /// Whether a try is being judged.
    pub(crate) judging: bool,
    /// The last try's verdict.
    pub(crate) outcome: Option<RetryOutcome>,
    /// The game on screen: the position, or the board after the last try (or the answer).
    pub(crate) shown: Game,
    /// The last failure to store the result.
    pub(crate) save_error: Option<ApiError>,
}

/// The retry's state as the UI sees it.
pub(crate) fn state_of(r: &Retrying) -> RetryState {
    let view = view::build(
        &r.shown,
        ViewContext {
            id: &format!("retry-{}-{}", r.match_id, r.position.index),
            human: usize::from(r.position.game.decision().player().unwrap_or(0)),
            players: &r.players,
            ai_thinking: r.judging,
            can_undo: false,
            save_error: None,
            result: None,
            aids: false,
        },
    );
    RetryState {
        match_id: r.match_id.clone(),
        index: r.position.index,
        turn: r.position.turn,
        decision: r.original.decision.clone(),
        original: r.original.clone(),
        tries: r.tries,
        max_tries: RETRY_TRIES,
        view,
        outcome: r.outcome.clone(),
        save_error: r.save_error.clone(),
    }
}

/// Whether a class is one a retry is made of: a mistake or a blunder.
fn to_practise(class: Class) -> bool {
    matches!(class, Class::Mistake | Class::Blunder)
}

/// The mistakes and blunders of `review`, the review of match `match_id`, as new drills.
fn drills_of(match_id: &str, review: &Review, now: u64) -> Vec<Drill> {
    review
        .decisions
        .iter()
        .filter(|d| to_practise(d.class))
        .map(|d| Drill::new(match_id, d.index, d.turn, &d.decision, d.class.name(), now))
        .collect()
}

/// Whether `review` of a match with these players is of a human's seat (the retry is the
/// player's own mistakes, not the AI's).
fn of_a_human(players: &[RecordPlayer], review: &Review) -> bool {
    players
        .get(review.player)
        .is_some_and(|p| p.kind == PlayerKind::Human)
}

/// Adds the mistakes of a review just stored to its profile's training, if that profile has
/// a training file (one without is gathered whole when first listed, this match with it).
///
/// # Errors
/// The storage's, when the file cannot be written.
pub(crate) fn add_reviewed(
    storage: &Storage,
    meta: &MatchMeta,
    players: &[RecordPlayer],
    review: &Review,
) -> Result<(), ApiError> {
    let Some(profile) = meta.profile_id.as_deref() else {
        return Ok(());
    };
    if !of_a_human(players, review) || storage.training(profile)?.is_none() {
        return Ok(());
    }
    storage.add_drills(profile, drills_of(&meta.id, review, time::now_secs()))?;
    Ok(())
}

/// The training of `profile`: its file, or, the first time (or after a corrupt file was set
/// aside), the mistakes of every reviewed match of the profile, oldest first, stored as a
/// new file. `matches` is the history's list.
fn training_of(
    storage: &Storage,
    profile: &str,
    matches: &[MatchMeta],
) -> Result<(Training, Option<ApiError>), ApiError> {
    if let Some(t) = storage.training(profile)? {
        return Ok((t, None));
    }
    let now = time::now_secs();
    let mut drills = Vec::new();
    let mut mine: Vec<&MatchMeta> = matches
        .iter()
        .filter(|m| m.profile_id.as_deref() == Some(profile) && m.accuracy.is_some())
        .collect();
    mine.sort_by(|a, b| a.date.cmp(&b.date));
    for meta in mine {
        let Ok((mut m, _, _)) = storage.load_match(&meta.id) else {
            continue;
        };
        if let Some(review) = storage.review_of::<Review>(&meta.id, &mut m)
            && of_a_human(&m.record.players, &review)
        {
            drills.extend(drills_of(&meta.id, &review, now));
        }
    }
    let saved = storage.add_drills(profile, drills.clone()).err();
    Ok((Training { drills }, saved.map(ApiError::from)))
}

/// A drill as the UI lists it; `date` is its match's.
pub(crate) fn drill_view(d: &Drill, date: &str, now: u64) -> DrillView {
    DrillView {
        match_id: d.match_id.clone(),
        match_date: date.to_string(),
        index: d.index,
        turn: d.turn,
        decision: d.decision.clone(),
        class: d.class.clone(),
        due: time::rfc3339(d.due),
        due_now: d.is_due(now),
        step: d.step,
        retries: d.retries,
        solved: d.solved,
    }
}

/// `training_list` for `profile` (none active: nothing to practise). Mistakes of matches no
/// longer in the history are left out.
///
/// # Errors
/// The storage's: a history or training file that cannot be read.
pub(crate) fn list(storage: &Storage, profile: Option<&str>) -> Result<TrainingList, ApiError> {
    let Some(profile) = profile else {
        return Ok(TrainingList {
            due: Vec::new(),
            later: Vec::new(),
            learnt: 0,
            save_error: None,
        });
    };
    let matches = storage.list_matches()?;
    let (t, save_error) = training_of(storage, profile, &matches)?;
    let now = time::now_secs();
    let date = |d: &Drill| {
        matches
            .iter()
            .find(|m| m.id == d.match_id)
            .map(|m| m.date.clone())
    };
    let views = |ds: Vec<&Drill>| -> Vec<DrillView> {
        ds.into_iter()
            .filter_map(|d| date(d).map(|date| drill_view(d, &date, now)))
            .collect()
    };
    Ok(TrainingList {
        due: views(t.due(now)),
        later: views(t.later(now)),
        learnt: t.learnt(),
        save_error,
    })
}

/// Takes the verdict on a try into `r`: the board after the try (after the answer once the
/// last try failed), and, once the retry is over, the result stored in `profile`'s training.
pub(crate) fn judged(
    r: &mut Retrying,
    tried: DecisionReview,
    storage: &Storage,
    profile: Option<&str>,
) {
    let game = &r.position.game;
    let after = |name: &carcassonne_engine::MoveName| -> Option<Game> {
        let mv = name.to_move(game).ok()?;
        let mut g = game.clone();
        g.play(mv).ok()?;
        Some(g)
    };
    r.tries += 1;
    let solved = carcassonne_ai::review::solves(tried.class);
    let over = solved || r.tries >= RETRY_TRIES;
    let answer = (over && !solved).then(|| tried.best.clone());
    let shown = answer.as_ref().unwrap_or(&tried.played);
    r.shown = after(shown).unwrap_or_else(|| game.clone());
    let mut drill = None;
    r.save_error = None;
    if over && let Some(profile) = profile {
        let now = time::now_secs();
        let new = Drill::new(
            &r.match_id,
            r.position.index,
            r.position.turn,
            &r.original.decision,
            r.original.class.name(),
            now,
        );
        // Solved at the first try is a pass; at the second, or not at all, a miss: it
        // comes back tomorrow (the module's ruling).
        let passed = solved && r.tries == 1;
        match storage.record_retry(profile, &new, passed, now) {
            Ok(d) => drill = Some(drill_view(&d, &r.match_date, now)),
            Err(e) => r.save_error = Some(e.into()),
        }
    }
    r.outcome = Some(RetryOutcome {
        solved,
        tried,
        over,
        answer,
        drill,
    });
}

/// Back to the position for another try (the outcome is cleared, the tries kept).
pub(crate) fn again(r: &mut Retrying) {
    r.outcome = None;
    r.shown = r.position.game.clone();
}
