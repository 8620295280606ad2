//! Lessons: a prepared position (a record, RULES.md §6), the learner's next tiles, a goal the
//! engine checks on the resulting game, and the texts that go with it. Lessons are data
//! (`lessons/NN-name.json` at the repository's root); this module reads one ([`Lesson::parse`]),
//! plays it ([`LessonRun`]) and judges it ([`Outcome`]). No I/O.
//!
//! A lesson is played like a game from its record, with its `tiles` as the next draws (and,
//! with `end`, nothing after them, so that the game ends and final scoring runs). The learner
//! is seat 0 and moves through the normal legality checks; every decision of another seat is
//! answered by the lesson's `replies` in order, or, when they are used up or the next one is
//! not legal (after a wrong try), by a fixed default: draw, the first legal placement, no
//! figure, the wagon home, pass. The lesson is over when the game is over (always so with
//! `end`: the final abbey round and final scoring are part of it) or, without `end`, when
//! `turns` record entries (the learner's and the replies', default 1) have been completed
//! since the position; the goal is then evaluated into an [`Outcome`] with the reason as data.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use thiserror::Error;

use crate::error::PlayError;
use crate::event::{Category, Cause, Event, LoggedEvent};
use crate::game::Game;
use crate::moves::{Decision, FigureKind, Move};
use crate::notation::{MoveName, NameError};
use crate::record::{ABBEY_MAYOR, PlayerKind, Record, RecordError};
use crate::tile::{LAND_TYPES, SegmentKind, TileType, tables};

/// The learner's seat in every lesson.
pub const LEARNER: u8 = 0;

/// A text in every language the app speaks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// English.
    pub en: String,
    /// Hungarian.
    pub hu: String,
}

/// What the learner must achieve, checked on the game after the lesson's moves. In JSON an
/// object with one key, e.g. `{"scoreAtLeast": {"points": 8}}` or `{"placesFigure": "barn"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub enum Goal {
    /// The learner gains at least `points` in the lesson (in `category` only, if given).
    ScoreAtLeast {
        /// The least points.
        points: u32,
        /// Only points of this category count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        category: Option<Category>,
    },
    /// The learner gains at least `points` in final scoring.
    FinalScoreAtLeast {
        /// The least points.
        points: u32,
    },
    /// A feature of `kind` scores for the learner (points above 0) in the lesson; with
    /// `figure`, the learner's figure of that kind comes home from it.
    #[serde(rename_all = "camelCase")]
    WinsFeature {
        /// Road, city, monastery or field.
        kind: SegmentKind,
        /// The figure that must have won it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        figure: Option<FigureKind>,
    },
    /// The learner places a figure of this kind.
    PlacesFigure(FigureKind),
    /// The learner's returning wagon moves on (to a feature of `feature`, if given).
    WagonMoves {
        /// The kind of feature it must move to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        feature: Option<SegmentKind>,
    },
    /// No other player gains more than `points` in the lesson.
    OthersGainAtMost {
        /// The most points another player may gain.
        points: u32,
    },
    /// Every goal of the list.
    All(Vec<Goal>),
}

/// A lesson file (`lessons/NN-name.json`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Lesson {
    /// Stable id (the file name without number and extension), kept in profiles.
    pub id: String,
    /// Position in the list, from 1.
    pub order: u32,
    /// Expansions in play: `[]` or `["abbey-mayor"]` (the record's).
    pub expansions: Vec<String>,
    /// About how long it takes.
    pub minutes: u32,
    /// Its title.
    pub title: Text,
    /// What it teaches, before playing.
    pub intro: Text,
    /// What to do.
    pub goal_text: Text,
    /// Hints, one at a time.
    pub hints: Vec<Text>,
    /// Said when the goal is met.
    pub success: Text,
    /// The prepared position: a record of a game in progress.
    pub record: Value,
    /// The next tiles drawn, in order (the learner's and the replies').
    pub tiles: Vec<String>,
    /// Moves of the other seats, in order, whenever one of them decides.
    #[serde(default)]
    pub replies: Vec<MoveName>,
    /// Record entries after which the lesson is over (unless the game ends first).
    #[serde(default = "one")]
    pub turns: u32,
    /// Whether the game ends after the tiles (final scoring runs).
    #[serde(default)]
    pub end: bool,
    /// What the learner must achieve.
    pub goal: Goal,
    /// The learner's moves that meet the goal.
    pub solution: Vec<MoveName>,
    /// Legal tries that do not meet it.
    pub wrong: Vec<Vec<MoveName>>,
}

fn one() -> u32 {
    1
}

/// Why a lesson file cannot be used.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LessonError {
    /// The file is not a lesson (JSON or shape).
    #[error("lesson: {0}")]
    Format(String),
    /// The record does not parse or replay.
    #[error("lesson {id}: record: {source}")]
    Record {
        /// The lesson.
        id: String,
        /// Why.
        source: RecordError,
    },
    /// Something else is wrong with the lesson's data.
    #[error("lesson {id}: {reason}")]
    Invalid {
        /// The lesson.
        id: String,
        /// Why.
        reason: String,
    },
}

/// Why the learner's move was refused; the lesson is unchanged.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LessonPlayError {
    /// The lesson's moves are all made.
    #[error("the lesson is over: retry it or see the solution")]
    Finished,
    /// The move's names are wrong (see [`NameError::is_illegal`]).
    #[error("{0}")]
    Name(NameError),
    /// The rules refuse it.
    #[error("{0}")]
    Illegal(PlayError),
}

/// Why the goal was met or not: an id and its parameters (seats 0-based), no English.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reason {
    /// `goal_met`, `score_short`, `final_score_short`, `feature_lost`, `feature_not_scored`,
    /// `figure_not_used`, `figure_not_placed`, `wagon_not_moved`, `others_gain`.
    pub key: String,
    /// Its parameters.
    pub params: Map<String, Value>,
}

fn reason(key: &str, params: Value) -> Reason {
    Reason {
        key: key.into(),
        params: match params {
            Value::Object(m) => m,
            _ => Map::new(),
        },
    }
}

/// How the lesson went, once its moves are made.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// Whether the goal is met.
    pub passed: bool,
    /// Why (the first goal not met, or `goal_met`).
    pub reason: Reason,
    /// Points each seat gained in the lesson.
    pub points: Vec<u32>,
}

impl Lesson {
    /// Reads a lesson and checks its data: texts in every language, the record, the tiles.
    ///
    /// # Errors
    /// [`LessonError`].
    pub fn parse(json: &str) -> Result<Lesson, LessonError> {
        let lesson: Lesson =
            serde_json::from_str(json).map_err(|e| LessonError::Format(e.to_string()))?;
        lesson.check()?;
        Ok(lesson)
    }

    fn invalid(&self, reason: impl Into<String>) -> LessonError {
        LessonError::Invalid {
            id: self.id.clone(),
            reason: reason.into(),
        }
    }

    fn check(&self) -> Result<(), LessonError> {
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err(self.invalid("the id must be lowercase letters, digits and dashes"));
        }
        for (what, t) in self.texts() {
            if t.en.trim().is_empty() || t.hu.trim().is_empty() {
                return Err(self.invalid(format!("{what} needs both \"en\" and \"hu\"")));
            }
        }
        if self.hints.is_empty() {
            return Err(self.invalid("a lesson needs a hint"));
        }
        if self.turns == 0 {
            return Err(self.invalid("\"turns\" must be at least 1"));
        }
        if self.expansions.iter().any(|e| e != ABBEY_MAYOR) {
            return Err(self.invalid("unknown expansion"));
        }
        let record = self.record()?;
        if record.expansions != self.expansions {
            return Err(self.invalid("\"expansions\" differs from the record's"));
        }
        match record.players.first() {
            Some(p) if p.kind == PlayerKind::Human => {}
            _ => return Err(self.invalid("seat 0 must be the learner, kind human")),
        }
        if record.players.len() > 3 {
            return Err(self.invalid("a lesson has the learner and at most 2 others"));
        }
        self.tile_types()?;
        Ok(())
    }

    /// Every text, with what it is.
    pub fn texts(&self) -> Vec<(String, &Text)> {
        let mut out = vec![
            ("title".to_string(), &self.title),
            ("intro".to_string(), &self.intro),
            ("goalText".to_string(), &self.goal_text),
            ("success".to_string(), &self.success),
        ];
        out.extend(
            self.hints
                .iter()
                .enumerate()
                .map(|(i, h)| (format!("hints[{i}]"), h)),
        );
        out
    }

    /// The prepared position's record.
    ///
    /// # Errors
    /// [`LessonError::Record`].
    pub fn record(&self) -> Result<Record, LessonError> {
        Record::parse(&self.record.to_string()).map_err(|source| LessonError::Record {
            id: self.id.clone(),
            source,
        })
    }

    fn tile_types(&self) -> Result<Vec<TileType>, LessonError> {
        self.tiles
            .iter()
            .map(|id| {
                tables()
                    .by_id(id)
                    .filter(|&t| (t as usize) < LAND_TYPES)
                    .ok_or_else(|| self.invalid(format!("unknown tile \"{id}\"")))
            })
            .collect()
    }

    /// The game at the lesson's start: the record replayed with the lesson's tiles next,
    /// before any reply.
    ///
    /// # Errors
    /// [`LessonError`].
    pub fn start_game(&self) -> Result<Game, LessonError> {
        let record = self.record()?;
        record
            .replay_then(&self.tile_types()?, self.end)
            .map_err(|source| LessonError::Record {
                id: self.id.clone(),
                source,
            })
    }
}

/// A lesson being played: the game from the position, the learner's moves so far, the
/// outcome once they are all made.
#[derive(Clone, Debug)]
pub struct LessonRun {
    lesson: Lesson,
    start: Game,
    game: Game,
    moves: Vec<MoveName>,
    replies_used: usize,
    /// Every move since the start (learner's and replies'): the game before it, the move,
    /// and the number of the game's events after it.
    trail: Vec<(Game, Move, usize)>,
    outcome: Option<Outcome>,
}

/// Record entries completed: the log less an entry whose figure or wagon decision is pending.
fn entries_done(game: &Game) -> usize {
    let open = !game.is_over()
        && matches!(
            game.decision(),
            Decision::PlaceFigure { .. } | Decision::MoveWagon { .. }
        );
    game.log().len() - usize::from(open)
}

impl LessonRun {
    /// Starts the lesson: the position, then the replies up to the learner's first decision.
    ///
    /// # Errors
    /// [`LessonError`] if the record does not replay.
    pub fn new(lesson: Lesson) -> Result<LessonRun, LessonError> {
        let start = lesson.start_game()?;
        let mut run = LessonRun {
            game: start.clone(),
            start,
            lesson,
            moves: Vec::new(),
            replies_used: 0,
            trail: Vec::new(),
            outcome: None,
        };
        run.advance();
        Ok(run)
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The game as it is now.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The learner's moves made so far in this try.
    pub fn moves(&self) -> &[MoveName] {
        &self.moves
    }

    /// The outcome, once the lesson's moves are all made.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The events of the lesson so far (the learner's moves, the replies, final scoring).
    pub fn events(&self) -> &[LoggedEvent] {
        &self.game.events()[self.start.events().len()..]
    }

    /// Plays the learner's move.
    ///
    /// # Errors
    /// [`LessonPlayError`]; the lesson is then unchanged.
    pub fn play(&mut self, name: &MoveName) -> Result<(), LessonPlayError> {
        if self.outcome.is_some() || self.game.decision().player() != Some(LEARNER) {
            return Err(LessonPlayError::Finished);
        }
        let mv = name.to_move(&self.game).map_err(LessonPlayError::Name)?;
        self.apply(mv).map_err(LessonPlayError::Illegal)?;
        self.moves.push(name.clone());
        self.advance();
        Ok(())
    }

    /// The lesson's solution named as the engine names each move where it is made
    /// ([`MoveName::from_move`]: a figure on the segment name the decision offers, whichever
    /// name of that segment the file uses), played from the lesson's start. A move the
    /// lesson's own test would refuse ends the list where it stands.
    pub fn solution(&self) -> Vec<MoveName> {
        let mut run = self.clone();
        run.restart();
        let mut named = Vec::new();
        for m in &self.lesson.solution {
            let Ok(mv) = m.to_move(&run.game) else { break };
            named.push(MoveName::from_move(&run.game, mv));
            if run.play(m).is_err() {
                break;
            }
        }
        named
    }

    /// Takes back the learner's last move of this try (replaying the others from the start).
    /// Returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let Some(_) = self.moves.pop() else {
            return false;
        };
        let moves = std::mem::take(&mut self.moves);
        self.restart();
        for m in &moves {
            // These moves were accepted from this very position before.
            if self.play(m).is_err() {
                break;
            }
        }
        true
    }

    /// The lesson from its start.
    pub fn restart(&mut self) {
        self.game = self.start.clone();
        self.moves.clear();
        self.replies_used = 0;
        self.trail.clear();
        self.outcome = None;
        self.advance();
    }

    /// Plays `mv` and notes it in the trail.
    fn apply(&mut self, mv: Move) -> Result<(), PlayError> {
        let before = self.game.clone();
        self.game.play(mv)?;
        self.trail.push((before, mv, self.game.events().len()));
        Ok(())
    }

    /// Whether the lesson's moves are all made: the game is over, or (without `end`) `turns`
    /// record entries have been completed since the position.
    fn over(&self) -> bool {
        self.game.is_over()
            || (!self.lesson.end
                && entries_done(&self.game)
                    >= entries_done(&self.start) + self.lesson.turns as usize)
    }

    /// Plays the other seats' decisions and sets the outcome once the lesson is over.
    fn advance(&mut self) {
        while !self.over() {
            match self.game.decision().player() {
                Some(LEARNER) | None => break,
                Some(_) => self.reply(),
            }
        }
        if self.over() {
            self.outcome = Some(self.evaluate());
        }
    }

    /// One move of another seat: the next reply if it is legal, else the default.
    fn reply(&mut self) {
        if let Some(name) = self.lesson.replies.get(self.replies_used) {
            self.replies_used += 1;
            if let Ok(mv) = name.to_move(&self.game)
                && self.apply(mv).is_ok()
            {
                return;
            }
        }
        let mv = match self.game.decision() {
            Decision::DrawOrAbbey { .. } => Move::Draw,
            Decision::PlaceFigure { .. } => Move::NoFigure,
            Decision::MoveWagon { .. } => Move::WagonHome,
            Decision::FinalAbbey { .. } => Move::Pass,
            Decision::PlaceTile { .. } | Decision::GameOver => {
                match self.game.legal_moves().first() {
                    Some(&mv) => mv,
                    None => return,
                }
            }
        };
        // A move of the engine's own list, or one it always offers at this decision.
        let _ = self.apply(mv);
    }

    /// Points each seat gained since the position.
    pub fn points(&self) -> Vec<u32> {
        let before = self.start.scores();
        self.game
            .scores()
            .iter()
            .zip(before)
            .map(|(a, b)| a - b)
            .collect()
    }

    fn evaluate(&self) -> Outcome {
        let points = self.points();
        let failed = self.check(&self.lesson.goal, &points);
        Outcome {
            passed: failed.is_none(),
            reason: failed.unwrap_or_else(|| {
                reason("goal_met", json!({ "points": points[LEARNER as usize] }))
            }),
            points,
        }
    }

    /// `None` if `goal` is met, else why not.
    fn check(&self, goal: &Goal, points: &[u32]) -> Option<Reason> {
        let me = LEARNER as usize;
        let events = self.events();
        let offset = self.start.events().len();
        let scored = || {
            events
                .iter()
                .enumerate()
                .filter_map(|(i, e)| match &e.event {
                    Event::Scored {
                        feature,
                        category,
                        cause,
                        players,
                        points,
                        pos,
                        ..
                    } => Some((
                        e.turn,
                        *feature,
                        *category,
                        *cause,
                        players,
                        *points,
                        *pos,
                        offset + i,
                    )),
                    _ => None,
                })
        };
        match goal {
            Goal::ScoreAtLeast {
                points: need,
                category,
            } => {
                let got = match category {
                    None => points[me],
                    Some(c) => {
                        let cat = |g: &Game| {
                            let b = g.players()[me].breakdown;
                            match c {
                                Category::Road => b.road,
                                Category::City => b.city,
                                Category::Monastery => b.monastery,
                                Category::Field => b.field,
                                Category::Barn => b.barn,
                            }
                        };
                        cat(&self.game) - cat(&self.start)
                    }
                };
                (got < *need).then(|| {
                    reason(
                        "score_short",
                        json!({ "needed": need, "got": got, "category": category }),
                    )
                })
            }
            Goal::FinalScoreAtLeast { points: need } => {
                let got: u32 = scored()
                    .filter(|s| s.3 == Cause::Final && s.4.contains(&LEARNER))
                    .map(|s| s.5)
                    .sum();
                (got < *need)
                    .then(|| reason("final_score_short", json!({ "needed": need, "got": got })))
            }
            Goal::WinsFeature { kind, figure } => {
                let won: Vec<_> = scored()
                    .filter(|s| s.1 == *kind && s.4.contains(&LEARNER) && s.5 > 0)
                    .collect();
                let with_figure = |turn: u32| {
                    figure.is_none_or(|f| {
                        events.iter().any(|e| {
                            e.turn == turn
                                && matches!(e.event, Event::FigureReturned { player, figure, .. }
                                    if player == LEARNER && figure == f)
                        })
                    })
                };
                if won.iter().any(|s| with_figure(s.0)) {
                    return None;
                }
                if !won.is_empty() {
                    return Some(reason(
                        "figure_not_used",
                        json!({ "feature": kind, "figure": figure }),
                    ));
                }
                if let Some(s) = scored().find(|s| s.1 == *kind) {
                    return Some(reason(
                        "feature_lost",
                        json!({ "feature": kind, "winners": s.4, "points": s.5,
                                "strengths": self.strengths_at(s.7, *kind, s.6) }),
                    ));
                }
                Some(reason("feature_not_scored", json!({ "feature": kind })))
            }
            Goal::PlacesFigure(kind) => {
                let placed = events.iter().any(|e| {
                    matches!(e.event, Event::FigurePlaced { player, figure, .. }
                        if player == LEARNER && figure == *kind)
                });
                (!placed).then(|| reason("figure_not_placed", json!({ "figure": kind })))
            }
            Goal::WagonMoves { feature } => {
                let moved = events.iter().any(|e| match e.event {
                    Event::WagonMoved { player, to, on, .. } if player == LEARNER => feature
                        .is_none_or(|k| {
                            let seg = self.game.board().segment_named(to, on).ok();
                            let tile = self.game.board().at(to);
                            let got = match (tile, seg) {
                                (Some(t), Some(s)) => t.segment_kind(s),
                                _ => None,
                            };
                            got.unwrap_or(SegmentKind::Monastery) == k
                        }),
                    _ => false,
                });
                (!moved).then(|| reason("wagon_not_moved", json!({ "feature": feature })))
            }
            Goal::OthersGainAtMost { points: max } => points
                .iter()
                .enumerate()
                .find(|&(p, &g)| p != me && g > *max)
                .map(|(p, &g)| {
                    reason(
                        "others_gain",
                        json!({ "player": p, "points": g, "max": max }),
                    )
                }),
            Goal::All(goals) => goals.iter().find_map(|g| self.check(g, points)),
        }
    }

    /// Each seat's strength in the feature of `kind` scored at `pos` by the event at index
    /// `k` of the game's events, as it was when it scored: the game before the move that
    /// scored it, with that move's figure put down and nothing scored yet. `None` if it
    /// cannot be told (final scoring, or a move that was not a figure step).
    fn strengths_at(&self, k: usize, kind: SegmentKind, pos: crate::Pos) -> Option<Vec<u8>> {
        let (before, mv, _) = self.trail.iter().find(|t| t.2 > k)?;
        if !matches!(before.decision(), Decision::PlaceFigure { .. }) {
            return None;
        }
        let mut g = before.clone();
        match *mv {
            Move::Figure { kind: f, spot } => {
                g.place_figure(f, spot);
            }
            Move::NoFigure => {}
            _ => return None,
        }
        let tile = *g.board().at(pos)?;
        (0..16u8)
            .filter(|&s| tile.segment_kind(s) == Some(kind))
            .filter_map(|s| g.feature_at(pos, s))
            .find(|f| f.complete)
            .map(|f| f.strength)
    }
}
