//! Game records (RULES.md §6): read, validate, replay and write.
//!
//! A record is replayed move by move through [`Game::play`], so it passes exactly the checks
//! of live play. A malformed or illegal record is rejected with the 1-based turn and the
//! reason; nothing is half-applied, because the caller only gets a game from a record that
//! replayed completely. Errors about the record as a whole name turn 0.
//!
//! Reading is strict (RULES.md §6): a key that is not defined, or that does not belong to its
//! kind of entry (a `discarded` or `pass` entry carries nothing else), a key written twice, or
//! a figure naming both `on` and `corner` is an error. Reading is bounded: see
//! [`MAX_RECORD_BYTES`] and [`MAX_TURNS`]. An error is one line whose input strings are quoted
//! and cut (see [`RecordError`]).

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use thiserror::Error;

use crate::board::Board;
use crate::error::{Message, Params};
use crate::game::{Game, MAX_PLAYERS, Setup, TurnEntry, check_tile};
use crate::geometry::Pos;
use crate::moves::{Decision, FigureKind, Move};
use crate::notation::{MoveName, NameError, WagonTarget, check_pos, check_rotation};
use crate::tile::{LAND_TYPES, START_TILE, TileType, tables};

/// The format tag of version 1 records.
pub const FORMAT: &str = "carcassonne-record/1";
/// The expansion name of Abbey & Mayor.
pub const ABBEY_MAYOR: &str = "abbey-mayor";
/// The longest record [`Record::parse`] reads, in bytes (1 MiB); a longer input is refused
/// before it is read. The pretty-printed record of a complete 6-player Abbey & Mayor game
/// stays under 20 KB (15.2 KB the largest of 600 random games), so the limit leaves a margin
/// of more than 50 times; a file larger than this can be refused by its size alone.
pub const MAX_RECORD_BYTES: usize = 1 << 20;
/// The most turn entries a legal record holds (89). Every drawn land tile makes one entry,
/// placed or discarded, and the pile holds at most 83 tiles (the 84 land tiles of the full
/// set but the start tile); each player adds at most one abbey-or-pass entry (the abbey placed
/// during the game, or the abbey or the pass of the final round), for up to 6 players.
/// [`Record::parse`] stops reading `turns` at the first entry beyond it.
pub const MAX_TURNS: usize = 83 + MAX_PLAYERS;
/// The most characters an error quotes from one input string (escaped), before an ellipsis.
const QUOTE_CHARS: usize = 40;
/// The most characters of an error's reason, before an ellipsis.
const MAX_REASON: usize = 200;

/// Why a record was rejected: the 1-based turn (0 for the record as a whole) and the reason.
///
/// The reason of an error from [`Record::parse`] or [`Record::replay`] is one line of at most
/// about 200 characters: strings from the input are shown quoted, escaped like Rust strings
/// and cut to about 40 characters, with `…` after a cut.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("turn {turn}: {reason}")]
pub struct RecordError {
    /// The 1-based index of the offending entry in `turns`, or 0.
    pub turn: usize,
    /// What is wrong.
    pub reason: String,
}

impl Message for RecordError {
    /// `record.invalid`: the reason itself is English text (the `Display` form) only.
    fn key(&self) -> &'static str {
        "record.invalid"
    }

    /// `turn`: the 1-based entry, 0 for the record as a whole.
    fn params(&self) -> Params {
        vec![("turn", self.turn.into())]
    }
}

fn err<T>(turn: usize, reason: impl Into<String>) -> Result<T, RecordError> {
    Err(RecordError {
        turn,
        reason: one_line(&reason.into()),
    })
}

/// Escapes what could break a line (control characters, line and paragraph separators) and
/// cuts the text to [`MAX_REASON`] characters: a reason is always one short line.
fn one_line(text: &str) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in text.chars() {
        let start = out.len();
        if breaks_line(c) {
            out.extend(c.escape_unicode());
        } else if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
        n += out[start..].chars().count();
        if n > MAX_REASON {
            out.truncate(start);
            out.push('…');
            break;
        }
    }
    out
}

/// The line and paragraph separators, which some viewers break lines at.
fn breaks_line(c: char) -> bool {
    matches!(c, '\u{2028}' | '\u{2029}')
}

/// A string from the input as an error shows it: quoted and escaped like a Rust string,
/// cut to about [`QUOTE_CHARS`] characters with an ellipsis after the closing quote.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    let mut n = 0;
    for c in s.chars() {
        let escaped: String = if c == '\'' {
            c.into()
        } else if breaks_line(c) {
            c.escape_unicode().collect()
        } else {
            c.escape_debug().collect()
        };
        n += escaped.chars().count();
        if n > QUOTE_CHARS {
            out.push_str("\"…");
            return out;
        }
        out.push_str(&escaped);
    }
    out.push('"');
    out
}

/// A serde error as a reason, every run of text it quotes from the input (between backticks
/// or double quotes) cut to about [`QUOTE_CHARS`] characters. `turn_text`: the error is about
/// one turn entry, read on its own, so its line and column would mislead and are left out.
fn json_reason(e: &serde_json::Error, turn_text: bool) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let text = match text.strip_suffix(&suffix) {
        Some(t) if turn_text => t,
        _ => &text,
    };
    let mut out = String::from("format: ");
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        out.push(c);
        if c != '`' && c != '"' {
            continue;
        }
        // Copy the quoted run up to its closing mark, a unit (a character or an escape
        // sequence) at a time, and cut it when too long.
        let (mut n, mut closed) = (0, false);
        while let Some(d) = chars.next() {
            if d == c {
                closed = true;
                break;
            }
            let mut unit = String::from(d);
            if d == '\\'
                && c == '"'
                && let Some(e) = chars.next()
            {
                unit.push(e);
                if e == 'u' {
                    for f in chars.by_ref() {
                        unit.push(f);
                        if f == '}' {
                            break;
                        }
                    }
                }
            }
            n += 1;
            if n <= QUOTE_CHARS {
                out.push_str(&unit);
            }
        }
        if closed {
            out.push(c);
        }
        if n > QUOTE_CHARS {
            out.push('…');
        }
    }
    out
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// A person (`human`).
    Human,
    /// The program (`ai`).
    Ai,
}

impl PlayerKind {
    /// The kind's name in records: `human` or `ai`.
    pub fn name(self) -> &'static str {
        match self {
            PlayerKind::Human => "human",
            PlayerKind::Ai => "ai",
        }
    }
}

/// A player as a record names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordPlayer {
    /// Display name.
    pub name: String,
    /// `human` or `ai`.
    pub kind: PlayerKind,
    /// The AI level, for AI players.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// A player as read, its kind still text (an unknown kind is a set-up error of the record).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    name: String,
    kind: String,
    #[serde(default)]
    level: Option<String>,
}

impl RawPlayer {
    fn into_player(self) -> Result<RecordPlayer, RecordError> {
        let kind = match self.kind.as_str() {
            "human" => PlayerKind::Human,
            "ai" => PlayerKind::Ai,
            _ => {
                return err(
                    0,
                    format!(
                        "format: player kind {} is neither \"human\" nor \"ai\"",
                        quote(&self.kind)
                    ),
                );
            }
        };
        Ok(RecordPlayer {
            name: self.name,
            kind,
            level: self.level,
        })
    }
}

/// A figure in a turn entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordFigure {
    /// `follower`, `mayor`, `wagon` or `barn`.
    pub kind: String,
    /// The segment (not for a barn).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on: Option<String>,
    /// The corner (barn only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corner: Option<String>,
}

/// Where a wagon goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordTarget {
    /// The tile.
    pub at: [i64; 2],
    /// The segment on it.
    pub on: String,
}

/// One wagon decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordWagon {
    /// The wagon's owner.
    pub player: usize,
    /// Where it goes; `None` sends it home.
    pub to: Option<RecordTarget>,
}

/// One entry of `turns`: exactly one of `tile`, `abbey`, `discarded`, `pass`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordTurn {
    /// A land tile placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tile: Option<String>,
    /// Where the tile goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[i64; 2]>,
    /// Degrees clockwise: 0, 90, 180 or 270.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation: Option<i64>,
    /// An abbey placed in this hole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbey: Option<[i64; 2]>,
    /// A drawn tile that fit nowhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<String>,
    /// A pass in the final abbey round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
    /// The figure placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<RecordFigure>,
    /// Wagon decisions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wagons: Vec<RecordWagon>,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// The players in turn order.
    pub players: Vec<RecordPlayer>,
    /// The expansions in play (`[]` or `["abbey-mayor"]`).
    #[serde(default)]
    pub expansions: Vec<String>,
    /// The seed that dealt the pile, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The turns.
    pub turns: Vec<RecordTurn>,
    /// Whether the game ended after the last entry.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub end: bool,
}

/// The record as read, with each turn kept as its raw text (checked to be JSON) so that its
/// errors can name the turn.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRecord<'a> {
    format: String,
    players: Vec<RawPlayer>,
    #[serde(default)]
    expansions: Option<Vec<String>>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(borrow, deserialize_with = "bounded_turns")]
    turns: Vec<&'a RawValue>,
    #[serde(default)]
    end: Option<bool>,
}

/// Reads the `turns` array, refusing it at its entry number [`MAX_TURNS`] + 1.
fn bounded_turns<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<&'de RawValue>, D::Error> {
    struct Turns;
    impl<'de> Visitor<'de> for Turns {
        type Value = Vec<&'de RawValue>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "an array of at most {MAX_TURNS} turn entries")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut turns = Vec::new();
            while let Some(turn) = seq.next_element()? {
                if turns.len() == MAX_TURNS {
                    return Err(de::Error::custom(format_args!(
                        "more than {MAX_TURNS} turn entries; a game has at most {MAX_TURNS}"
                    )));
                }
                turns.push(turn);
            }
            Ok(turns)
        }
    }
    d.deserialize_seq(Turns)
}

/// A turn entry as read: each key is `Some` when present, even with a `null` value, so that
/// a key that does not belong to its kind of entry is caught whatever its value.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTurn {
    #[serde(default, deserialize_with = "present")]
    tile: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    at: Option<Option<[i64; 2]>>,
    #[serde(default, deserialize_with = "present")]
    rotation: Option<Option<i64>>,
    #[serde(default, deserialize_with = "present")]
    abbey: Option<Option<[i64; 2]>>,
    #[serde(default, deserialize_with = "present")]
    discarded: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    pass: Option<Option<bool>>,
    #[serde(default, deserialize_with = "present")]
    figure: Option<Option<RecordFigure>>,
    #[serde(default, deserialize_with = "present")]
    wagons: Option<Vec<RecordWagon>>,
}

fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The keys of a turn entry, one bit each, in the order of [`KEY_NAMES`].
const KEY_TILE: u8 = 1;
const KEY_AT: u8 = 2;
const KEY_ROTATION: u8 = 4;
const KEY_ABBEY: u8 = 8;
const KEY_DISCARDED: u8 = 16;
const KEY_PASS: u8 = 32;
const KEY_FIGURE: u8 = 64;
const KEY_WAGONS: u8 = 128;
const KEY_NAMES: [&str; 8] = [
    "tile",
    "at",
    "rotation",
    "abbey",
    "discarded",
    "pass",
    "figure",
    "wagons",
];

/// The key bits of the keys held, given in the order of [`KEY_NAMES`].
fn key_mask(held: [bool; 8]) -> u8 {
    held.iter()
        .enumerate()
        .fold(0, |mask, (i, &h)| mask | (u8::from(h) << i))
}

impl RawTurn {
    /// The entry and the keys it holds.
    fn into_turn(self) -> (RecordTurn, u8) {
        let keys = key_mask([
            self.tile.is_some(),
            self.at.is_some(),
            self.rotation.is_some(),
            self.abbey.is_some(),
            self.discarded.is_some(),
            self.pass.is_some(),
            self.figure.is_some(),
            self.wagons.is_some(),
        ]);
        let turn = RecordTurn {
            tile: self.tile.flatten(),
            at: self.at.flatten(),
            rotation: self.rotation.flatten(),
            abbey: self.abbey.flatten(),
            discarded: self.discarded.flatten(),
            pass: self.pass.flatten(),
            figure: self.figure.flatten(),
            wagons: self.wagons.unwrap_or_default(),
        };
        (turn, keys)
    }
}

impl RecordTurn {
    /// The keys a record written from this entry holds.
    fn keys(&self) -> u8 {
        key_mask([
            self.tile.is_some(),
            self.at.is_some(),
            self.rotation.is_some(),
            self.abbey.is_some(),
            self.discarded.is_some(),
            self.pass.is_some(),
            self.figure.is_some(),
            !self.wagons.is_empty(),
        ])
    }

    /// Checks the entry's shape (RULES.md §6): exactly one of `tile`, `abbey`, `discarded`,
    /// `pass`, only the keys of that kind of entry (`keys`), and a figure naming `on` or
    /// `corner`, not both.
    fn check_shape(&self, turn: usize, keys: u8) -> Result<(), RecordError> {
        let (kind, allowed) = match (&self.tile, &self.abbey, &self.discarded, &self.pass) {
            (Some(_), None, None, None) => (
                "tile",
                KEY_TILE | KEY_AT | KEY_ROTATION | KEY_FIGURE | KEY_WAGONS,
            ),
            (None, Some(_), None, None) => ("abbey", KEY_ABBEY | KEY_FIGURE | KEY_WAGONS),
            (None, None, Some(_), None) => ("discarded", KEY_DISCARDED),
            (None, None, None, Some(_)) => ("pass", KEY_PASS),
            _ => {
                return err(
                    turn,
                    "format: an entry holds exactly one of tile, abbey, discarded, pass",
                );
            }
        };
        if let Some(name) = (0..KEY_NAMES.len())
            .find(|&i| keys & !allowed & (1 << i) != 0)
            .map(|i| KEY_NAMES[i])
        {
            return err(
                turn,
                format!(
                    "format: {} {kind} entry carries no \"{name}\"",
                    article(kind)
                ),
            );
        }
        if let Some(f) = &self.figure
            && f.on.is_some()
            && f.corner.is_some()
        {
            return err(
                turn,
                "format: a figure names \"on\" or (a barn) \"corner\", never both",
            );
        }
        Ok(())
    }
}

impl RecordFigure {
    /// A figure of `kind` on `spot` of the tile at `pos`, named as a record writes it.
    pub fn named(board: &Board, pos: Pos, kind: FigureKind, spot: u8) -> RecordFigure {
        let name = Some(board.spot_name(pos, kind, spot).to_string());
        let (on, corner) = match kind {
            FigureKind::Barn => (None, name),
            _ => (name, None),
        };
        RecordFigure {
            kind: kind.name().into(),
            on,
            corner,
        }
    }
}

impl RecordTarget {
    /// Local segment `seg` of the tile at `pos`, named as a record writes it.
    pub fn named(board: &Board, pos: Pos, seg: u8) -> RecordTarget {
        RecordTarget {
            at: [pos.x.into(), pos.y.into()],
            on: board.segment_name(pos, seg).into(),
        }
    }
}

/// Checks the number of players (1 to 6).
fn check_players(n: usize) -> Result<(), RecordError> {
    if !(1..=6).contains(&n) {
        return err(0, format!("format: {n} players; a record holds 1 to 6"));
    }
    Ok(())
}

fn article(kind: &str) -> &'static str {
    if kind == "abbey" { "an" } else { "a" }
}

impl Record {
    /// Parses a record from JSON and checks its structure (not yet its legality: see
    /// [`Record::replay`]).
    ///
    /// # Errors
    /// A [`RecordError`] naming the malformed turn, or turn 0 for the record as a whole.
    pub fn parse(json: &str) -> Result<Record, RecordError> {
        if json.len() > MAX_RECORD_BYTES {
            return err(
                0,
                format!(
                    "format: the record is {} bytes long; a record holds at most {MAX_RECORD_BYTES}",
                    json.len()
                ),
            );
        }
        let raw: RawRecord =
            serde_json::from_str(json).or_else(|e| err(0, json_reason(&e, false)))?;
        if raw.format != FORMAT {
            return err(
                0,
                format!(
                    "format: expected \"{FORMAT}\", found {}",
                    quote(&raw.format)
                ),
            );
        }
        let mut turns = Vec::with_capacity(raw.turns.len());
        for (i, t) in raw.turns.into_iter().enumerate() {
            let raw_turn: RawTurn =
                serde_json::from_str(t.get()).or_else(|e| err(i + 1, json_reason(&e, true)))?;
            let (turn, keys) = raw_turn.into_turn();
            turn.check_shape(i + 1, keys)?;
            turns.push(turn);
        }
        check_players(raw.players.len())?;
        let players = raw.players.into_iter().map(RawPlayer::into_player);
        let record = Record {
            format: raw.format,
            players: players.collect::<Result<_, _>>()?,
            expansions: raw.expansions.unwrap_or_default(),
            seed: raw.seed,
            turns,
            end: raw.end.unwrap_or(false),
        };
        record.setup()?;
        Ok(record)
    }

    /// Serialises the record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The set-up the record describes.
    ///
    /// # Errors
    /// Unknown expansions or player counts (turn 0).
    pub fn setup(&self) -> Result<Setup, RecordError> {
        check_players(self.players.len())?;
        let mut abbey_mayor = false;
        for e in &self.expansions {
            if e == ABBEY_MAYOR {
                abbey_mayor = true;
            } else {
                return err(0, format!("format: unknown expansion {}", quote(e)));
            }
        }
        Ok(Setup {
            players: self.players.len(),
            abbey_mayor,
            seed: self.seed.unwrap_or(0),
        })
    }

    /// Builds the record of a game: its log, with the given players.
    pub fn from_game(game: &Game, players: Vec<RecordPlayer>) -> Record {
        let board = game.board();
        let figure = |pos: Pos, f: &Option<(FigureKind, u8)>| {
            f.map(|(kind, spot)| RecordFigure::named(board, pos, kind, spot))
        };
        let wagons = |w: &Vec<(u8, Option<(Pos, u8)>)>| {
            w.iter()
                .map(|&(player, to)| RecordWagon {
                    player: player as usize,
                    to: to.map(|(p, seg)| RecordTarget::named(board, p, seg)),
                })
                .collect()
        };
        let turns = game
            .log()
            .iter()
            .map(|e| match e {
                TurnEntry::Tile {
                    tile,
                    pos,
                    rot,
                    figure: f,
                    wagons: w,
                } => RecordTurn {
                    tile: Some(tables().types[*tile as usize].id.into()),
                    at: Some([pos.x as i64, pos.y as i64]),
                    rotation: Some(90 * *rot as i64),
                    figure: figure(*pos, f),
                    wagons: wagons(w),
                    ..RecordTurn::default()
                },
                TurnEntry::Abbey {
                    pos,
                    figure: f,
                    wagons: w,
                } => RecordTurn {
                    abbey: Some([pos.x as i64, pos.y as i64]),
                    figure: figure(*pos, f),
                    wagons: wagons(w),
                    ..RecordTurn::default()
                },
                TurnEntry::Discarded { tile } => RecordTurn {
                    discarded: Some(tables().types[*tile as usize].id.into()),
                    ..RecordTurn::default()
                },
                TurnEntry::Pass => RecordTurn {
                    pass: Some(true),
                    ..RecordTurn::default()
                },
            })
            .collect();
        Record {
            format: FORMAT.into(),
            players,
            expansions: if game.abbey_mayor() {
                vec![ABBEY_MAYOR.into()]
            } else {
                vec![]
            },
            seed: Some(game.seed()),
            turns,
            end: game.is_over(),
        }
    }

    /// Replays the record through the rules and returns the game it leads to.
    ///
    /// A finished record (`end: true`) is played with its own tiles as the pile, then the
    /// final abbey round (missing entries are passes) and final scoring. A game in progress
    /// continues with the rest of the set after the recorded tiles: in the order the seed
    /// dealt when the recorded tiles are that deal's beginning, otherwise shuffled by the seed.
    ///
    /// # Errors
    /// A [`RecordError`] naming the first turn that is malformed or illegal.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with(None)
    }

    /// Replays a record of a game in progress whose next draws are `next`, in that order (a
    /// prepared position, e.g. a lesson). With `end` the pile holds nothing after `next`: the
    /// game ends once they are placed (final abbey round, final scoring); without it the rest
    /// of the set follows, shuffled by the seed.
    ///
    /// # Errors
    /// A [`RecordError`]: turn 0 if the record has `end: true`, or if a tile of `next` is
    /// unknown or one copy too many for the set; else the first turn that does not replay.
    pub fn replay_then(&self, next: &[TileType], end: bool) -> Result<Game, RecordError> {
        if self.end {
            return err(0, "the record has ended: no tiles can follow it");
        }
        self.replay_with(Some((next, end)))
    }

    fn replay_with(&self, next: Option<(&[TileType], bool)>) -> Result<Game, RecordError> {
        let setup = self.setup()?;
        if self.turns.len() > MAX_TURNS {
            return err(
                0,
                format!(
                    "format: {} turn entries; a game has at most {MAX_TURNS}",
                    self.turns.len()
                ),
            );
        }
        let tables = tables();
        let mut drawn = Vec::new();
        let mut used = [0u8; LAND_TYPES];
        used[START_TILE as usize] = 1;
        for (i, t) in self.turns.iter().enumerate() {
            t.check_shape(i + 1, t.keys())?;
            if let Some(id) = t.tile.as_ref().or(t.discarded.as_ref()) {
                let Some(tile) = tables.by_id(id).filter(|&t| (t as usize) < LAND_TYPES) else {
                    return err(i + 1, format!("unknown tile {}", quote(id)));
                };
                check_tile(tile, setup.abbey_mayor, &mut used)
                    .or_else(|e| err(i + 1, e.to_string()))?;
                drawn.push(tile);
            }
        }
        let mut end = self.end;
        if let Some((next, next_end)) = next {
            for &tile in next {
                check_tile(tile, setup.abbey_mayor, &mut used)
                    .or_else(|e| err(0, format!("next tiles: {e}")))?;
                drawn.push(tile);
            }
            end = next_end;
        }
        let pile = if end {
            drawn
        } else {
            continue_pile(&setup, drawn)
        };
        let mut game = Game::with_pile(&setup, &pile).or_else(|e| err(0, e.to_string()))?;
        for (i, t) in self.turns.iter().enumerate() {
            replay_turn(&mut game, i + 1, t)?;
        }
        if self.end {
            while matches!(game.decision(), Decision::FinalAbbey { .. }) {
                play(&mut game, self.turns.len(), Move::Pass)?;
            }
            if !game.is_over() {
                return err(
                    self.turns.len(),
                    "the record says the game ended, but it goes on",
                );
            }
        }
        Ok(game)
    }
}

/// The pile of a game in progress: the recorded tiles, then the rest of the set.
fn continue_pile(setup: &Setup, drawn: Vec<TileType>) -> Vec<TileType> {
    if let Ok(dealt) = Game::new(setup).map(|g| g.dealt_order())
        && dealt.starts_with(&drawn)
    {
        return dealt;
    }
    let mut rest = [0u8; LAND_TYPES];
    for (t, info) in tables().types[..LAND_TYPES].iter().enumerate() {
        if !info.expansion || setup.abbey_mayor {
            rest[t] = info.count - u8::from(t as TileType == START_TILE);
        }
    }
    for &t in &drawn {
        rest[t as usize] -= 1;
    }
    let mut tail: Vec<TileType> = Vec::new();
    for (t, &n) in rest.iter().enumerate() {
        tail.extend(std::iter::repeat_n(t as TileType, n as usize));
    }
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    tail.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(setup.seed));
    let mut pile = drawn;
    pile.extend(tail);
    pile
}

fn play(game: &mut Game, turn: usize, mv: Move) -> Result<(), RecordError> {
    game.play(mv).or_else(|e| err(turn, e.to_string()))
}

/// A [`NameError`] as a record's reason: `category: what is wrong`.
fn name_reason(e: NameError) -> String {
    match e {
        NameError::FarOff { .. } => format!("illegal placement: {e}"),
        NameError::BadRotation(_) => format!("format: {e}"),
        NameError::UnknownFigure(kind) => format!("format: unknown figure kind {}", quote(&kind)),
        NameError::NotCorner(_) => "figure: a barn needs a \"corner\" (NW, NE, SE or SW)".into(),
        NameError::NoTile(_) => "figure: no tile".into(),
        NameError::NoFeature { name, .. } => {
            format!("figure: the tile has no feature at {}", quote(&name))
        }
        NameError::NoFigureNow => "figure: no figure can be placed on this tile now".into(),
    }
}

/// Plays the move `name` names.
fn play_name(game: &mut Game, turn: usize, name: &MoveName) -> Result<(), RecordError> {
    let mv = name.to_move(game).or_else(|e| err(turn, name_reason(e)))?;
    play(game, turn, mv)
}

/// A recorded position as a name's coordinates.
fn xy(turn: usize, at: [i64; 2]) -> Result<(i32, i32), RecordError> {
    let pos = check_pos(at[0], at[1]).or_else(|e| err(turn, name_reason(e)))?;
    Ok((pos.x.into(), pos.y.into()))
}

fn replay_turn(game: &mut Game, turn: usize, t: &RecordTurn) -> Result<(), RecordError> {
    let land = t.tile.is_some() || t.discarded.is_some();
    if land && matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
        play(game, turn, Move::Draw)?;
    }
    // The engine discards tiles that fit nowhere by itself; the record must say so too.
    if let Some(TurnEntry::Discarded { tile }) = game.log().get(turn - 1) {
        let id = tables().types[*tile as usize].id;
        return match &t.discarded {
            Some(_) => Ok(()),
            None => err(
                turn,
                format!("illegal placement: tile {id} fits nowhere and must be discarded"),
            ),
        };
    }
    if let Some(id) = &t.discarded {
        return err(
            turn,
            format!(
                "discard: tile {} fits on the board, so it may not be discarded",
                quote(id)
            ),
        );
    }
    if t.tile.is_some() {
        if !matches!(game.decision(), Decision::PlaceTile { .. }) {
            return err(
                turn,
                "illegal placement: no tile is drawn now (the pile is empty)",
            );
        }
        let (Some(at), Some(rotation)) = (t.at, t.rotation) else {
            return err(turn, "format: a tile entry needs \"at\" and \"rotation\"");
        };
        // The rotation is checked first (so that it fits the name), then the position.
        let rot = check_rotation(rotation).or_else(|e| err(turn, name_reason(e)))?;
        let (x, y) = xy(turn, at)?;
        let rotation = 90 * i32::from(rot);
        play_name(game, turn, &MoveName::Place { x, y, rotation })?;
    } else if let Some(at) = t.abbey {
        match game.decision() {
            Decision::DrawOrAbbey { .. } | Decision::FinalAbbey { .. } => {}
            _ => {
                return err(
                    turn,
                    "abbey: the abbey can be placed only instead of drawing a tile",
                );
            }
        }
        let (x, y) = xy(turn, at)?;
        play_name(game, turn, &MoveName::Abbey { x, y })?;
    } else {
        if t.pass != Some(true) {
            return err(turn, "format: \"pass\" must be true");
        }
        if !matches!(game.decision(), Decision::FinalAbbey { .. }) {
            return err(
                turn,
                "abbey: a pass is possible only in the final abbey round",
            );
        }
        return play(game, turn, Move::Pass);
    }
    replay_figure(game, turn, t.figure.as_ref())?;
    replay_wagons(game, turn, &t.wagons)
}

fn replay_figure(
    game: &mut Game,
    turn: usize,
    figure: Option<&RecordFigure>,
) -> Result<(), RecordError> {
    let f = match (game.decision(), figure) {
        (Decision::PlaceFigure { .. }, Some(f)) => f,
        (Decision::PlaceFigure { .. }, None) => return play(game, turn, Move::NoFigure),
        (_, Some(_)) => return err(turn, name_reason(NameError::NoFigureNow)),
        (_, None) => return Ok(()),
    };
    // A barn stands on a `corner`, the others `on` a segment.
    let on = match FigureKind::parse(&f.kind) {
        Some(FigureKind::Barn) => &f.corner,
        _ => &f.on,
    };
    let name = MoveName::Figure {
        kind: f.kind.clone(),
        on: on.clone().unwrap_or_default(),
    };
    let mv = name.to_move(game).or_else(|e| match (e, on) {
        (NameError::NoFeature { .. }, None) => err(turn, "figure: the figure needs \"on\""),
        (e, _) => err(turn, name_reason(e)),
    })?;
    play(game, turn, mv)
}

fn replay_wagons(game: &mut Game, turn: usize, wagons: &[RecordWagon]) -> Result<(), RecordError> {
    // Wagons with nowhere to go were sent home by the engine and logged; the record may list
    // them (with `to: null`) or leave them out.
    let mut k = 0;
    for w in wagons {
        loop {
            let logged = match game.log().get(turn - 1) {
                Some(TurnEntry::Tile { wagons, .. } | TurnEntry::Abbey { wagons, .. }) => {
                    wagons.clone()
                }
                _ => Vec::new(),
            };
            if k < logged.len() {
                let (player, to) = logged[k];
                k += 1;
                if player as usize == w.player {
                    if w.to.is_some() && to.is_none() {
                        return err(
                            turn,
                            format!("wagon: player {}'s wagon has nowhere to go", w.player),
                        );
                    }
                    break;
                }
                continue;
            }
            match game.decision() {
                Decision::MoveWagon { player, .. } if player as usize == w.player => {
                    let to = match &w.to {
                        None => None,
                        Some(target) => {
                            let (x, y) = xy(turn, target.at)?;
                            let on = target.on.clone();
                            Some(WagonTarget { x, y, on })
                        }
                    };
                    let mv = MoveName::Wagon { to }.to_move(game).or_else(|e| match e {
                        NameError::NoTile(pos) | NameError::NoFeature { pos, .. } => {
                            let on = w.to.as_ref().map_or("", |t| &t.on);
                            err(turn, format!("wagon: no feature {} at {pos}", quote(on)))
                        }
                        e => err(turn, name_reason(e)),
                    })?;
                    play(game, turn, mv)?;
                    k += 1;
                    break;
                }
                Decision::MoveWagon { player, .. } => {
                    return err(
                        turn,
                        format!(
                            "wagon: player {player}'s wagon decides before player {}'s",
                            w.player
                        ),
                    );
                }
                _ => {
                    return err(
                        turn,
                        format!("wagon: player {} has no returning wagon", w.player),
                    );
                }
            }
        }
    }
    while matches!(game.decision(), Decision::MoveWagon { .. }) {
        play(game, turn, Move::WagonHome)?;
    }
    Ok(())
}
