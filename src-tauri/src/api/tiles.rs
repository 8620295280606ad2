//! The tile set (`tiles`): every tile type's description, for drawing.

use serde::Serialize;

/// One segment of a tile description.
#[derive(Clone, Debug, Serialize)]
pub struct SegmentDesc {
    /// Local index.
    pub index: usize,
    /// `road`, `city`, `field` or `monastery`.
    pub kind: String,
    /// Name in rotation 0.
    pub name: String,
    /// Sides touched (roads, cities).
    pub sides: Vec<String>,
    /// Half-edges touched (fields).
    pub halves: Vec<String>,
    /// Pennants (cities).
    pub pennants: u8,
    /// Indices of bordering city segments (fields).
    pub cities: Vec<usize>,
    /// 1 for `inner`, 2 for `inner2`, else 0.
    pub inner: u8,
}

/// A tile type's description.
#[derive(Clone, Debug, Serialize)]
pub struct TileDesc {
    /// Id.
    pub id: String,
    /// Copies in the set.
    pub count: u8,
    /// Whether it belongs to Abbey & Mayor.
    pub expansion: bool,
    /// Edges N E S W (`C`, `R`, `F`; `----` for the abbey).
    pub edges: String,
    /// Whether it has a monastery.
    pub monastery: bool,
    /// Distinct rotations in degrees.
    pub rotations: Vec<u16>,
    /// Segments.
    pub segments: Vec<SegmentDesc>,
}

/// `tiles`.
#[derive(Clone, Debug, Serialize)]
pub struct TileSet {
    /// Every type, the abbey last.
    pub types: Vec<TileDesc>,
    /// The start tile's id.
    pub start: String,
    /// The abbey's id.
    pub abbey: String,
}
