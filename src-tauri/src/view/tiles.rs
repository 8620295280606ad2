//! The tile set (`tiles`): every tile type's description, for drawing.

use carcassonne_engine::tile::START_TILE;
use carcassonne_engine::tile_types;

use crate::api::{SegmentDesc, TileDesc, TileSet};
use crate::view::parts::tile_id;

/// The tile descriptions for drawing tiles.
pub fn tile_set() -> TileSet {
    let types = tile_types()
        .map(|info| {
            let segments = info
                .segments()
                .map(|s| SegmentDesc {
                    index: s.index().into(),
                    kind: s.kind().name().into(),
                    name: s.name().into(),
                    sides: s.sides().map(String::from).collect(),
                    halves: s.halves().map(String::from).collect(),
                    pennants: s.pennants(),
                    cities: s.cities().collect(),
                    inner: s.inner(),
                })
                .collect();
            TileDesc {
                id: info.id().into(),
                count: info.count(),
                expansion: info.expansion(),
                edges: info.edges().into(),
                monastery: info.has_monastery(),
                // The abbey is the same tile in every rotation, and may be shown in any.
                rotations: if info.is_abbey() {
                    vec![0, 90, 180, 270]
                } else {
                    info.rotations().collect()
                },
                segments,
            }
        })
        .collect();
    TileSet {
        types,
        start: tile_id(START_TILE),
        abbey: "abbey".into(),
    }
}
