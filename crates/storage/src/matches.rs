//! Finished matches: the record (RULES.md §6) with metadata for the history, and what a
//! replay of the record yields (the score timeline and the final breakdown).

use carcassonne_engine::{
    Breakdown, Cause, Event, Game, PlayerKind, Record, RecordError, RecordPlayer,
};
use serde::{Deserialize, Serialize};

/// A player of a finished match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchPlayer {
    /// Display name.
    pub name: String,
    /// `human` or `ai`.
    pub kind: PlayerKind,
    /// The AI level, for AI players.
    pub level: Option<String>,
    /// Final score.
    pub score: u32,
}

/// An AI opponent: its seat and level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Opponent {
    /// Seat (0-based turn order).
    pub seat: usize,
    /// Level name.
    pub level: String,
}

/// What the history lists about a match (API.md "MatchSummary").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MatchMeta {
    /// Match id (the game's id).
    pub id: String,
    /// When it ended (RFC 3339).
    pub date: String,
    /// When it started (RFC 3339).
    pub started_at: String,
    /// The profile that played it (none for imported records).
    pub profile_id: Option<String>,
    /// That profile's name at the time.
    pub profile_name: Option<String>,
    /// The players in seat order with their final scores.
    pub players: Vec<MatchPlayer>,
    /// The AI opponents.
    pub opponents: Vec<Opponent>,
    /// Final scores per seat.
    pub scores: Vec<u32>,
    /// Seats with the highest score (among those who did not resign).
    pub winners: Vec<usize>,
    /// The human's result: `won`, `lost`, `drawn` or `resigned`; none without a human seat.
    pub result: Option<String>,
    /// Whether the human resigned.
    pub resigned: bool,
    /// Whether Abbey & Mayor was in play.
    pub abbey_mayor: bool,
    /// The seed that dealt the pile, if known.
    pub seed: Option<u64>,
    /// The salt of the deal's fingerprint, for games played since it was kept (`None`, JSON
    /// `null`, for imported records and older matches): with the seed it gives the
    /// fingerprint shown before the first tile.
    #[serde(default)]
    pub deal_salt: Option<String>,
    /// Record entries.
    pub turns: usize,
    /// Tiles and abbeys placed (the start tile not counted).
    pub tiles_placed: usize,
    /// Seconds from start to end.
    pub duration_secs: u64,
    /// Whether it came from an imported record.
    pub imported: bool,
    /// The reviewed player's accuracy (0–100) once the match was reviewed
    /// ([`Storage::save_review`](crate::Storage::save_review)); `None` (JSON `null`) before,
    /// and in files of schema 1.
    #[serde(default)]
    pub accuracy: Option<f64>,
    /// The number of the formula that `accuracy` was computed with, as the reviewer counts
    /// them; `None` (JSON `null`) before formulas were numbered. The app rescores a stored
    /// review whose formula is older than its own.
    #[serde(default)]
    pub accuracy_formula: Option<u32>,
    /// The profile's rating right after this game counted (`None` for imported matches,
    /// matches filed before this was kept, or when the profile could not be read).
    #[serde(default)]
    pub rating_after: Option<f64>,
    /// The human seat's net luck of the draw in points (own draws' luck minus the mean of
    /// the others'), once the draws were weighed; `None` (JSON `null`) before, and without a
    /// human seat.
    #[serde(default)]
    pub luck: Option<f64>,
    /// Whether the game counted in the profile's rating (not on a deal played again from the
    /// history); matches filed before this was kept read as rated.
    #[serde(default = "rated")]
    pub rated: bool,
    /// The seat of the person this match file is for, in a game of several people at one
    /// device (pass and play: one file for each, schema
    /// [`TABLE_SCHEMA`](crate::TABLE_SCHEMA)); `None` (absent) in a game of one person,
    /// whose seat is the record's human one. `result`, `luck`, `accuracy` and `ratingAfter`
    /// are this seat's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
}

impl MatchMeta {
    /// The seat this match is the history of: [`MatchMeta::seat`], else the record's first
    /// human seat; `None` without a human seat (an imported record of AIs).
    pub fn person(&self) -> Option<usize> {
        self.seat.or_else(|| {
            self.players
                .iter()
                .position(|p| p.kind == PlayerKind::Human)
        })
    }
}

fn rated() -> bool {
    true
}

/// The score timeline and final breakdown of a replayed record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Replayed {
    /// Scores per player: at the start, after each record entry, and (for a finished game)
    /// after final scoring.
    pub timeline: Vec<Vec<u32>>,
    /// Points per category per player at the end.
    pub breakdown: Vec<Breakdown>,
}

/// Replays `record` and derives its score timeline and breakdown; returns the game too.
///
/// # Errors
/// The record's own error if it does not replay.
pub fn replay(record: &Record) -> Result<(Game, Replayed), RecordError> {
    let game = record.replay()?;
    let n = game.num_players();
    let mut scores = vec![0u32; n];
    let mut timeline = vec![scores.clone()];
    let mut events = game.events().iter().peekable();
    let add = |e: &Event, scores: &mut Vec<u32>| {
        if let Event::Scored {
            players, points, ..
        } = e
        {
            for &p in players {
                scores[p as usize] += points;
            }
        }
    };
    for turn in 1..=record.turns.len() as u32 {
        while let Some(e) = events.next_if(|e| {
            e.turn <= turn
                && !matches!(
                    e.event,
                    Event::Scored {
                        cause: Cause::Final,
                        ..
                    }
                )
        }) {
            add(&e.event, &mut scores);
        }
        timeline.push(scores.clone());
    }
    if game.is_over() {
        for e in events {
            add(&e.event, &mut scores);
        }
        timeline.push(scores);
    }
    let breakdown = game.players().iter().map(|p| p.breakdown).collect();
    Ok((
        game,
        Replayed {
            timeline,
            breakdown,
        },
    ))
}

/// The seats with the highest score among `candidates`.
pub fn winners(scores: &[u32], candidates: impl Iterator<Item = usize> + Clone) -> Vec<usize> {
    let best = candidates.clone().map(|s| scores[s]).max();
    candidates.filter(|&s| Some(scores[s]) == best).collect()
}

/// A person's result in seat `seat` of a game that ended with `winners` (the seat that
/// `resigned`, if one did, is not among them): `won`, `drawn` (a shared win), `lost` or
/// `resigned`.
pub fn seat_result(seat: usize, winners: &[usize], resigned: Option<usize>) -> &'static str {
    if resigned == Some(seat) {
        "resigned"
    } else if winners == [seat] {
        "won"
    } else if winners.contains(&seat) {
        "drawn"
    } else {
        "lost"
    }
}

/// Where a match came from, for [`describe`]: its id, who played it and when.
pub(crate) struct Origin {
    /// The match id.
    pub id: String,
    /// The profile's id and name at the time; none for an imported record.
    pub profile: Option<(String, String)>,
    /// When it started (seconds since the epoch).
    pub started: u64,
    /// When it ended (seconds since the epoch).
    pub ended: u64,
    /// Whether the person resigned.
    pub resigned: bool,
    /// Whether it came from an imported record.
    pub imported: bool,
    /// The person's seat when several people played (pass and play, [`MatchMeta::seat`]);
    /// `None`: the record's first human seat.
    pub seat: Option<usize>,
    /// The seat that resigned, when another person did (the game ended for the table).
    pub resigned_by: Option<usize>,
}

/// Describes a match from its record, its replayed game and its origin.
pub(crate) fn describe(record: &Record, game: &Game, origin: Origin) -> MatchMeta {
    let Origin {
        id,
        profile,
        started,
        ended,
        resigned,
        imported,
        seat,
        resigned_by,
    } = origin;
    let scores = game.scores();
    let players: Vec<MatchPlayer> = record
        .players
        .iter()
        .zip(&scores)
        .map(|(p, &score)| MatchPlayer {
            name: p.name.clone(),
            kind: p.kind,
            level: p.level.clone(),
            score,
        })
        .collect();
    let human = seat.or_else(|| {
        record
            .players
            .iter()
            .position(|p| p.kind == PlayerKind::Human)
    });
    let quitter = if resigned { human } else { resigned_by };
    let all = 0..scores.len();
    let winners = winners(&scores, all.filter(|&s| Some(s) != quitter));
    let result = human.map(|h| seat_result(h, &winners, quitter).to_string());
    let (profile_id, profile_name) = profile.unzip();
    MatchMeta {
        id,
        date: crate::time::rfc3339(ended),
        started_at: crate::time::rfc3339(started),
        profile_id,
        profile_name,
        opponents: opponents(&record.players),
        players,
        scores,
        winners,
        result,
        resigned,
        abbey_mayor: game.abbey_mayor(),
        seed: record.seed,
        deal_salt: None,
        turns: record.turns.len(),
        tiles_placed: game.board().tiles().len().saturating_sub(1),
        duration_secs: ended.saturating_sub(started),
        imported,
        accuracy: None,
        accuracy_formula: None,
        rating_after: None,
        luck: None,
        rated: true,
        seat,
    }
}

/// The AI seats of a record's players.
pub fn opponents(players: &[RecordPlayer]) -> Vec<Opponent> {
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind == PlayerKind::Ai)
        .map(|(seat, p)| Opponent {
            seat,
            level: p.level.clone().unwrap_or_default(),
        })
        .collect()
}

/// The first `turns` entries of `record` as a game in progress (the whole record if it has no
/// more entries), for stepping through a replay.
pub fn prefix(record: &Record, turns: usize) -> Record {
    let mut r = record.clone();
    if turns < r.turns.len() {
        r.turns.truncate(turns);
        r.end = false;
    }
    r
}
