//! Small pieces every part of a view is built from: cells, tile ids, segment kinds and
//! references, names, compass directions, tile chances.

use carcassonne_engine::{Game, Pos, RecordPlayer, SegmentKind, TileChance, TileInfo};

use crate::api::{Cell, PlaceRef, TileChanceView};

pub(super) fn cell(p: Pos) -> Cell {
    Cell {
        x: p.x.into(),
        y: p.y.into(),
    }
}

/// The kind of local segment `seg` of the tile at `p`.
pub(super) fn segment_kind(game: &Game, p: Pos, seg: u8) -> &'static str {
    let kind = game.board().at(p).and_then(|t| t.segment_kind(seg));
    kind.map_or("monastery", SegmentKind::name)
}

pub(super) fn tile_id(t: u8) -> String {
    TileInfo::of(t).id().to_string()
}

/// A player's display name.
pub fn player_name(players: &[RecordPlayer], p: u8) -> String {
    players
        .get(p as usize)
        .map_or_else(|| format!("Player {}", p + 1), |q| q.name.clone())
}

pub(super) fn place_ref(game: &Game, p: Pos, seg: u8) -> PlaceRef {
    PlaceRef {
        x: p.x.into(),
        y: p.y.into(),
        on: game.board().segment_name(p, seg).into(),
    }
}

/// Every segment of the feature of segment `seg` of the tile at `p`.
pub(super) fn feature_refs(game: &Game, p: Pos, seg: u8) -> Vec<PlaceRef> {
    game.feature_segments(p, seg)
        .into_iter()
        .map(|(q, s)| place_ref(game, q, s))
        .collect()
}

/// Where `to` lies from `from` on the compass (`N`, `NE`, …), `None` for the same cell.
pub(super) fn compass(from: Pos, to: Pos) -> Option<String> {
    let ns = match (to.y - from.y).signum() {
        -1 => "N",
        1 => "S",
        _ => "",
    };
    let ew = match (to.x - from.x).signum() {
        -1 => "W",
        1 => "E",
        _ => "",
    };
    let name = format!("{ns}{ew}");
    (!name.is_empty()).then_some(name)
}

pub(super) fn chances(list: &[TileChance]) -> Vec<TileChanceView> {
    list.iter()
        .map(|c| TileChanceView {
            id: tile_id(c.tile),
            count: c.count,
            chance: c.chance,
        })
        .collect()
}
