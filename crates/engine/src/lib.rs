//! Rules engine for Carcassonne with the Abbey & Mayor expansion.
//!
//! The contract is `RULES.md`: notation, tiles, rules, scoring order and the record format.
//! The engine does no I/O and is the only source of legality: user interfaces and AIs choose
//! from [`Game::legal_moves`], and [`Game::play`] refuses anything else with a typed error
//! (it checks the one move with [`Game::is_legal`]).
//!
//! ```
//! use carcassonne_engine::{Game, Setup, Move};
//!
//! let mut game = Game::new(&Setup { players: 2, abbey_mayor: true, seed: 7 }).unwrap();
//! let mut moves = Vec::new();
//! while !game.is_over() {
//!     game.legal_moves_into(&mut moves);
//!     // Always the first legal choice: a placement, then no figure, and so on.
//!     game.play(moves[0]).unwrap();
//! }
//! assert!(game.pile_len() == 0);
//! println!("{:?}", game.scores());
//! ```
//!
//! Modules:
//! - [`geometry`]: positions, sides, half-edges, rotations.
//! - [`tile`]: the tile set as data (oriented tables inside; [`TileInfo`] describes a type).
//! - [`board`]: the grid and its frontier (where a tile may go, which cells are holes).
//! - [`moves`]: [`Move`] (a choice) and [`Decision`] (what is asked).
//! - [`game`]: [`Game`], split by job into `setup` (dealing, starting), `features` (segments,
//!   union-find, tallies; placing tiles and abbeys), `movegen` (legal moves and
//!   [`Game::is_legal`], read-only), `turn` (applying moves, turn flow) and `explain` (why a
//!   move is refused).
//!   `scoring` (completed features, barns, figures home, wagons, final scoring) and [`query`]
//!   (read-only questions: feature owners, projected scores) are parts of it too.
//! - [`aids`]: board-reading aids (unseen tiles, dead squares, completion odds), public view only.
//! - [`view`]: [`PublicView`], what an AI may see.
//! - [`notation`]: moves by name both ways ([`MoveName`]), segment and corner names, the
//!   coordinate limit and rotation check.
//! - [`record`]: game records (RULES.md §6): parse, replay, write (a game's log, and one move
//!   in record notation: [`describe_move`], which needs the record's types and so sits
//!   above `notation`, which the record reads its names with).
//! - [`lesson`]: lessons (a prepared record, the next tiles, a goal): read, play, judge.
//! - [`event`]: itemised events and score breakdowns.
//! - [`error`]: setup and play errors.
//!
//! # Record limits
//! [`Record::parse`] reads untrusted files, so it bounds what it reads before building
//! anything (RULES.md §6 defines the format):
//! - [`MAX_RECORD_BYTES`] (1 MiB): a longer input is refused at once, unread. The largest
//!   pretty-printed 6-player Abbey & Mayor record of a complete game is under 20 KB.
//! - [`MAX_TURNS`] (89) turn entries: every drawn land tile makes one entry (placed or
//!   discarded), and the pile holds at most 83 tiles (the 84 land tiles but the start tile); each
//!   of at most 6 players adds at most one abbey-or-pass entry (an abbey placed during the
//!   game, or an abbey or a pass in the final round): 83 + 6. Reading the `turns` array stops
//!   at the first entry beyond the limit.
//! - Coordinates lie within 200 of the start tile.
//!
//! Errors are one line `turn N: reason`; strings from the input are quoted, escaped and cut
//! to about 40 characters, so a reason is never longer than about 200 characters.
//!
//! # Rulings
//! Where RULES.md is silent the engine decides as follows (each has a test):
//! - A drawn tile that fits nowhere is discarded and the same player draws again. If the pile
//!   runs out that way, the last tile was placed by whoever placed the last land tile, and the
//!   final abbey round begins with the player after them, not after the player who discarded
//!   (settled in RULES.md §4.1).
//! - A wagon with nowhere to go is sent home without asking; a record may list it with
//!   `to: null` or leave it out.
//! - The draw-or-abbey choice is a decision of its own (`Move::Draw`), offered only when the
//!   player holds an abbey and a hole exists, so a player never sees the tile before
//!   choosing.
//! - A figure step that offers nothing (no figure in the supply fits) is skipped.
//! - Rotations that give the same tile (e.g. `U` at 0 and 180) are one placement; a record may
//!   use either, and the engine keeps the smaller.
//! - Scoring events are emitted only when somebody scores points (a field without completed
//!   cities gives no event); figures of a completed feature go home even when nobody scores
//!   (a mayor in a city without pennants).

pub mod board;
pub mod error;
pub mod event;
pub mod game;
pub mod geometry;
pub mod lesson;
pub mod moves;
pub mod notation;
pub mod record;
pub mod tile;
pub mod view;

pub use board::Board;
pub use error::{
    AbbeyReason, DecisionKind, FigureReason, Message, MoveKind, Param, Params, PlacementReason,
    PlayError, SetupError, WagonReason,
};
pub use event::{Breakdown, Category, Cause, Event, LoggedEvent};
pub use game::aids::{
    self, Completion, CompletionOdds, DeadSquare, FeatureRef, TileChance, Unseen,
};
pub use game::query::{self, FeatureInfo, SegmentOwner};
pub use game::{Figure, Game, PlayerState, Setup, TurnEntry};
pub use geometry::Pos;
pub use lesson::{Goal, Lesson, LessonError, LessonPlayError, LessonRun, Outcome, Reason, Text};
pub use moves::{Decision, FigureKind, Move};
pub use notation::{MoveName, NameError};
pub use record::{
    DealCheck, DealError, MAX_RECORD_BYTES, MAX_TURNS, MoveNotation, PlayerKind, Record,
    RecordError, RecordPlayer, deal_fingerprint, describe_move,
};
pub use tile::{SegmentInfo, SegmentKind, TileInfo, TileType, tile_types};
pub use view::PublicView;
