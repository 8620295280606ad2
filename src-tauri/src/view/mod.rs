//! Building the UI's shapes (`api`) from an engine position. Plain Rust, no Tauri. By job:
//! `parts` (cells, ids, segment references), `events` (the itemised events), `aids` (the
//! board-reading aids and odds), `board` (the whole view and its pending decision; uses
//! `events` and `aids`), `tiles` (the tile set).

mod aids;
mod board;
mod events;
mod parts;
mod tiles;

pub use aids::{aids, odds};
pub use board::{ViewContext, build, deal, decision_view, replay, turns_completed};
pub use events::{score_event, score_events, tile_features};
pub use parts::player_name;
pub use tiles::tile_set;

#[cfg(test)]
mod tests;
