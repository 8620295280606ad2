//! Reading a record: bounded (the input's size, the number of entries) and strict (no unknown,
//! foreign or duplicate key), each entry read on its own so that its errors name it.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::error::{RecordError, err, json_reason, quote};
use super::format::{
    ABBEY_MAYOR, FORMAT, PlayerKind, Record, RecordFigure, RecordPlayer, RecordTurn, RecordWagon,
};
use crate::game::{MAX_PLAYERS, Setup};

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
    pub(super) fn keys(&self) -> u8 {
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
    pub(super) fn check_shape(&self, turn: usize, keys: u8) -> Result<(), RecordError> {
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
}
