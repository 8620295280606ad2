//! Game records (RULES.md §6): read, validate, replay and write.
//!
//! A record is replayed move by move through [`Game::play`](crate::Game::play), so it passes exactly the checks
//! of live play. A malformed or illegal record is rejected with the 1-based turn and the
//! reason; nothing is half-applied, because the caller only gets a game from a record that
//! replayed completely. Errors about the record as a whole name turn 0.
//!
//! Reading is strict (RULES.md §6): a key that is not defined, or that does not belong to its
//! kind of entry (a `discarded` or `pass` entry carries nothing else), a key written twice, or
//! a figure naming both `on` and `corner` is an error. Reading is bounded: see
//! [`MAX_RECORD_BYTES`] and [`MAX_TURNS`]. An error is one line whose input strings are quoted
//! and cut (see [`RecordError`]).
//!
//! By job, each file using only those before it: `error` ([`RecordError`], and how a reason
//! quotes the input), `format` (the types of a record), `parse` (reading, with its bounds and
//! strictness checks), `deal` (the deal's fingerprint, and a record's tiles checked against
//! its seed's pile), `replay` (a record through the rules) and `write` (a game's log as a
//! record, and one move as a record writes it: [`describe_move`]).

mod deal;
mod error;
mod format;
mod parse;
mod replay;
mod write;

pub use deal::{
    DEAL_FORMAT, DealCheck, DealError, SALT_DIGITS, check_salt, deal_fingerprint,
    verify_fingerprint,
};
pub use error::RecordError;
pub use format::{
    ABBEY_MAYOR, FORMAT, PlayerKind, Record, RecordFigure, RecordPlayer, RecordTarget, RecordTurn,
    RecordWagon,
};
pub use parse::{MAX_RECORD_BYTES, MAX_TURNS};
pub use write::{MoveNotation, describe_move};
