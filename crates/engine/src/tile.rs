//! The tile set as data (RULES.md §2) and its per-rotation tables.
//!
//! Every tile type is a few declarative words: its edges and its segments (roads, cities,
//! fields, the monastery), the pennants of each city and the cities each field touches.
//! The engine turns them once into the oriented form it works with (private): for each
//! rotation the edge pattern, each segment's rotated masks, which segment lies on each side
//! and half-edge, and which corners are field corners. [`TileInfo`] and [`SegmentInfo`]
//! describe a type to the outside, read-only (see [`tile_types`]).

use std::sync::OnceLock;

use serde::Serializer;

use crate::geometry::{HALF_NAMES, SIDE_NAMES, corner_halves, rotate_halves, rotate_sides};

/// A tile type: the index of its [`TileInfo`] in [`tile_types`].
pub type TileType = u8;

/// Number of land tile types (24 base + 12 Abbey & Mayor).
pub const LAND_TYPES: usize = 36;
/// The abbey tile's type index (never in the pile).
pub(crate) const ABBEY: TileType = 36;
/// The start tile's type (`D`).
pub const START_TILE: TileType = 3;
/// The most segments any tile has (AM5: monastery, four roads, four fields).
pub const MAX_SEGMENTS: usize = 9;
/// Marks "no segment" in the side and half-edge tables.
pub(crate) const NO_SEGMENT: u8 = 0xFF;

/// The kind of a segment (a feature's piece on one tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum SegmentKind {
    /// A road segment.
    Road = 0,
    /// A city segment.
    City = 1,
    /// A monastery (or the abbey).
    Monastery = 2,
    /// A field area.
    Field = 3,
}

impl SegmentKind {
    /// The kind's name: `road`, `city`, `monastery` or `field`.
    pub fn name(self) -> &'static str {
        match self {
            SegmentKind::Road => "road",
            SegmentKind::City => "city",
            SegmentKind::Monastery => "monastery",
            SegmentKind::Field => "field",
        }
    }
}

/// One segment of a tile in a given orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Segment {
    /// What the segment is.
    pub kind: SegmentKind,
    /// Sides it touches (bit per side), for roads and cities.
    pub sides: u8,
    /// Half-edges it touches (bit per half-edge), for fields.
    pub halves: u8,
    /// Pennants on a city segment.
    pub pennants: u8,
    /// For a field: the local indices of the city segments it touches, as a bitmask.
    pub cities: u16,
    /// For a field touching no edge: 1 for `inner`, 2 for `inner2`; else 0.
    pub inner: u8,
}

/// A tile type in one orientation.
#[derive(Clone, Debug)]
pub(crate) struct Oriented {
    /// Edge kinds, two bits per side (N in bits 0–1, E in 2–3, …).
    pub pattern: u8,
    /// The segments, in the tile's declaration order (so local indices never change).
    pub segments: Vec<Segment>,
    /// The road or city segment on each side, or [`NO_SEGMENT`] for a field side.
    pub side_segment: [u8; 4],
    /// The field segment on each half-edge, or [`NO_SEGMENT`] on a city side.
    pub half_segment: [u8; 8],
    /// Corners where both half-edges belong to one field area (bit per corner).
    pub field_corners: u8,
    /// The monastery segment, or [`NO_SEGMENT`].
    pub monastery: u8,
}

impl Oriented {
    /// The canonical name of local segment `seg` in this orientation (RULES.md §1): the first
    /// side (N, E, S, W) of a road or city, the first half-edge of a field, `inner`/`inner2`,
    /// or `monastery`.
    pub fn segment_name(&self, seg: u8) -> &'static str {
        let s = &self.segments[seg as usize];
        match s.kind {
            SegmentKind::Monastery => "monastery",
            SegmentKind::Road | SegmentKind::City => SIDE_NAMES[s.sides.trailing_zeros() as usize],
            SegmentKind::Field => match s.inner {
                1 => "inner",
                2 => "inner2",
                _ => HALF_NAMES[s.halves.trailing_zeros() as usize],
            },
        }
    }

    /// Finds the local segment named `name` (any side or half-edge it touches, `inner`,
    /// `inner2` or `monastery`).
    pub fn segment_named(&self, name: &str) -> Option<u8> {
        if let Some(side) = crate::geometry::parse_side(name) {
            let s = self.side_segment[side as usize];
            return (s != NO_SEGMENT).then_some(s);
        }
        if let Some(half) = crate::geometry::parse_half(name) {
            let s = self.half_segment[half as usize];
            return (s != NO_SEGMENT).then_some(s);
        }
        let inner = match name {
            "monastery" => return (self.monastery != NO_SEGMENT).then_some(self.monastery),
            "inner" => 1,
            "inner2" => 2,
            _ => return None,
        };
        self.segments
            .iter()
            .position(|s| s.inner == inner)
            .map(|i| i as u8)
    }
}

/// A tile type as declared, with its four orientations.
#[derive(Clone, Debug)]
pub(crate) struct TileData {
    /// Its id in the rules and records (`A`…`X`, `AM1`…`AM12`, `abbey`).
    pub id: &'static str,
    /// The edges as declared (`N E S W`, e.g. `CRFR`; `----` for the abbey).
    pub edges: &'static str,
    /// Copies in the set (the start tile is one of the `D`s).
    pub count: u8,
    /// Whether it belongs to Abbey & Mayor.
    pub expansion: bool,
    /// The four orientations; rotation `r` is `r` quarter turns clockwise.
    pub orientations: [Oriented; 4],
    /// Bitmask of the rotations that give distinct tiles (the first of each equal group).
    pub distinct_rotations: u8,
    /// For each rotation, the first rotation that gives the same tile.
    pub canonical_rotation: [u8; 4],
}

/// All tile types.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Indexed by [`TileType`]: the 36 land types, then the abbey.
    pub types: Vec<TileData>,
}

impl Tables {
    /// Finds a tile type by its id.
    pub fn by_id(&self, id: &str) -> Option<TileType> {
        self.types
            .iter()
            .position(|t| t.id == id)
            .map(|i| i as TileType)
    }
}

/// A tile type as the rules declare it (RULES.md §2), read-only; segments are described in
/// rotation 0. Get one with [`TileInfo::of`], [`TileInfo::by_id`] or [`tile_types`].
#[derive(Clone, Copy, Debug)]
pub struct TileInfo {
    tile: TileType,
    data: &'static TileData,
}

/// Every tile type in [`TileType`] order: the 36 land types (24 base, then 12 Abbey & Mayor),
/// then the abbey.
pub fn tile_types() -> impl ExactSizeIterator<Item = TileInfo> {
    (0..tables().types.len()).map(|t| TileInfo::of(t as TileType))
}

impl TileInfo {
    /// The type `tile`.
    ///
    /// # Panics
    /// If `tile` is not a tile type (at most [`LAND_TYPES`], the abbey).
    pub fn of(tile: TileType) -> TileInfo {
        TileInfo {
            tile,
            data: &tables().types[tile as usize],
        }
    }

    /// The type whose id is `id`.
    pub fn by_id(id: &str) -> Option<TileInfo> {
        tables().by_id(id).map(TileInfo::of)
    }

    /// Its [`TileType`].
    pub fn tile_type(self) -> TileType {
        self.tile
    }

    /// Its id in the rules and records (`A`…`X`, `AM1`…`AM12`, `abbey`).
    pub fn id(self) -> &'static str {
        self.data.id
    }

    /// Copies in the set (the start tile is one of the `D`s; 0 for the abbey, which each
    /// player holds).
    pub fn count(self) -> u8 {
        self.data.count
    }

    /// Whether it belongs to Abbey & Mayor.
    pub fn expansion(self) -> bool {
        self.data.expansion
    }

    /// Whether it is the abbey.
    pub fn is_abbey(self) -> bool {
        self.tile == ABBEY
    }

    /// The edges N, E, S, W as letters: `C` city, `R` road, `F` field (`----` for the abbey).
    pub fn edges(self) -> &'static str {
        self.data.edges
    }

    /// Whether it shows a monastery (or is the abbey).
    pub fn has_monastery(self) -> bool {
        self.data.orientations[0].monastery != NO_SEGMENT
    }

    /// The rotations in degrees that give distinct tiles (the first of each equal group).
    pub fn rotations(self) -> impl Iterator<Item = u16> {
        let distinct = self.data.distinct_rotations;
        (0..4u16)
            .filter(move |r| distinct & (1 << r) != 0)
            .map(|r| 90 * r)
    }

    /// Its segments in rotation 0, by local index.
    pub fn segments(self) -> impl ExactSizeIterator<Item = SegmentInfo> {
        let o = &self.data.orientations[0];
        (0..o.segments.len()).map(move |i| SegmentInfo { o, index: i as u8 })
    }
}

/// One segment of a [`TileInfo`] in rotation 0, read-only.
#[derive(Clone, Copy, Debug)]
pub struct SegmentInfo {
    o: &'static Oriented,
    index: u8,
}

impl SegmentInfo {
    fn seg(self) -> &'static Segment {
        &self.o.segments[self.index as usize]
    }

    /// Its local index (the `spot` of a figure on it).
    pub fn index(self) -> u8 {
        self.index
    }

    /// What it is.
    pub fn kind(self) -> SegmentKind {
        self.seg().kind
    }

    /// Its canonical name (RULES.md §1).
    pub fn name(self) -> &'static str {
        self.o.segment_name(self.index)
    }

    /// The sides a road or city touches, N, E, S, W in that order.
    pub fn sides(self) -> impl Iterator<Item = &'static str> {
        let mask = self.seg().sides;
        (0..4)
            .filter(move |b| mask & (1 << b) != 0)
            .map(|b| SIDE_NAMES[b])
    }

    /// The half-edges a field touches, `Nw` … `Wn` in that order.
    pub fn halves(self) -> impl Iterator<Item = &'static str> {
        let mask = self.seg().halves;
        (0..8)
            .filter(move |b| mask & (1 << b) != 0)
            .map(|b| HALF_NAMES[b])
    }

    /// The pennants of a city.
    pub fn pennants(self) -> u8 {
        self.seg().pennants
    }

    /// For a field: the local indices of the cities it touches.
    pub fn cities(self) -> impl Iterator<Item = usize> {
        let mask = self.seg().cities;
        (0..16).filter(move |b| mask & (1 << b) != 0)
    }

    /// For a field touching no edge: 1 for `inner`, 2 for `inner2`; else 0.
    pub fn inner(self) -> u8 {
        self.seg().inner
    }
}

/// Declarations: id, copies, edges (N E S W), segments separated by `;`.
/// Segment words: `road SIDES`, `city SIDES [+|++]`, `monastery`,
/// `field HALVES|inner [> CITY-SIDES]` (each city named by one of its sides).
const SPECS: [(&str, u8, &str, &str); 37] = [
    (
        "A",
        2,
        "FFRF",
        "monastery; road S; field Nw Ne En Es Se Sw Ws Wn",
    ),
    ("B", 4, "FFFF", "monastery; field Nw Ne En Es Se Sw Ws Wn"),
    ("C", 1, "CCCC", "city N E S W +"),
    (
        "D",
        4,
        "CRFR",
        "city N; road W E; field En Wn > N; field Es Se Sw Ws",
    ),
    ("E", 5, "CFFF", "city N; field En Es Se Sw Ws Wn > N"),
    (
        "F",
        2,
        "FCFC",
        "city E W +; field Nw Ne > E; field Se Sw > E",
    ),
    ("G", 1, "FCFC", "city E W; field Nw Ne > E; field Se Sw > E"),
    ("H", 3, "CFCF", "city N; city S; field En Es Ws Wn > N S"),
    ("I", 2, "CFFC", "city N; city W; field En Es Se Sw > N W"),
    (
        "J",
        3,
        "CRRF",
        "city N; road E S; field En Sw Ws Wn > N; field Es Se",
    ),
    (
        "K",
        3,
        "CFRR",
        "city N; road S W; field En Es Se Wn > N; field Sw Ws",
    ),
    (
        "L",
        3,
        "CRRR",
        "city N; road E; road S; road W; field En Wn > N; field Es Se; field Sw Ws",
    ),
    ("M", 2, "CFFC", "city N W +; field En Es Se Sw > N"),
    ("N", 3, "CFFC", "city N W; field En Es Se Sw > N"),
    (
        "O",
        2,
        "CRRC",
        "city N W +; road E S; field En Sw > N; field Es Se",
    ),
    (
        "P",
        3,
        "CRRC",
        "city N W; road E S; field En Sw > N; field Es Se",
    ),
    ("Q", 1, "CCFC", "city N E W +; field Se Sw > N"),
    ("R", 3, "CCFC", "city N E W; field Se Sw > N"),
    (
        "S",
        2,
        "CCRC",
        "city N E W +; road S; field Se > N; field Sw > N",
    ),
    (
        "T",
        1,
        "CCRC",
        "city N E W; road S; field Se > N; field Sw > N",
    ),
    (
        "U",
        8,
        "FRFR",
        "road W E; field Nw Ne En Wn; field Es Se Sw Ws",
    ),
    (
        "V",
        9,
        "FFRR",
        "road S W; field Nw Ne En Es Se Wn; field Sw Ws",
    ),
    (
        "W",
        4,
        "FRRR",
        "road E; road S; road W; field Nw Ne En Wn; field Es Se; field Sw Ws",
    ),
    (
        "X",
        1,
        "RRRR",
        "road N; road E; road S; road W; field Nw Wn; field Ne En; field Es Se; field Sw Ws",
    ),
    ("AM1", 1, "CCCC", "city N E S W ++"),
    (
        "AM2",
        1,
        "CCCC",
        "city N S +; city E W; field inner > N E; field inner > N E",
    ),
    (
        "AM3",
        1,
        "CCFC",
        "city N +; city E W; field inner > N E; field Se Sw > N E",
    ),
    (
        "AM4",
        1,
        "CRRC",
        "city N; city W; road E; road S; field En > N; field Sw > W; field Es Se > N W",
    ),
    (
        "AM5",
        1,
        "RRRR",
        "monastery; road N; road E; road S; road W; field Nw Wn; field Ne En; field Es Se; field Sw Ws",
    ),
    (
        "AM6",
        1,
        "CFFR",
        "city N; road W; field Wn > N; field En Es Se Sw Ws > N",
    ),
    (
        "AM7",
        1,
        "CRRF",
        "city N; road E S; field Sw Ws Wn > N; field En > N; field Es Se",
    ),
    (
        "AM8",
        1,
        "CFRR",
        "city N; road S W; field En Es Se > N; field Wn > N; field Sw Ws",
    ),
    (
        "AM9",
        1,
        "FFFC",
        "city W +; field Nw Ne > W; field En Es > W; field Se Sw > W",
    ),
    ("AM10", 1, "FFRF", "road S; field Nw Ne En Es Se Sw Ws Wn"),
    (
        "AM11",
        1,
        "RRFR",
        "road N E W; field Nw Wn; field Ne En; field Es Se Sw Ws",
    ),
    (
        "AM12",
        1,
        "RCRC",
        "city E W +; road N S; field Nw > E; field Ne > E; field Se Sw > E",
    ),
    ("abbey", 0, "----", "monastery"),
];

/// The tile tables, built once.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn build() -> Tables {
    let types = SPECS
        .iter()
        .enumerate()
        .map(|(i, &(id, count, edges, segs))| {
            let canonical = parse_spec(id, edges, segs);
            let orientations = [0, 1, 2, 3].map(|r| orient(&canonical, r));
            let mut distinct = 0u8;
            let mut canonical_rotation = [0u8; 4];
            for r in 0..4u8 {
                let first = (0..=r)
                    .find(|&q| same_tile(&orientations[q as usize], &orientations[r as usize]))
                    .unwrap_or(r);
                canonical_rotation[r as usize] = first;
                if first == r {
                    distinct |= 1 << r;
                }
            }
            TileData {
                id,
                edges,
                count,
                expansion: (24..LAND_TYPES).contains(&i),
                orientations,
                distinct_rotations: distinct,
                canonical_rotation,
            }
        })
        .collect();
    Tables { types }
}

/// Two orientations are the same tile when they have the same segments (ignoring order).
fn same_tile(a: &Oriented, b: &Oriented) -> bool {
    // Compare segments with field→city references resolved to side masks.
    let key = |o: &Oriented| {
        let mut v: Vec<(u8, u8, u8, u8, u8, u8)> = o
            .segments
            .iter()
            .map(|s| {
                let mut city_sides = 0u8;
                for (j, c) in o.segments.iter().enumerate() {
                    if s.cities & (1 << j) != 0 {
                        city_sides |= c.sides;
                    }
                }
                (
                    s.kind as u8,
                    s.sides,
                    s.halves,
                    s.pennants,
                    city_sides,
                    s.inner.min(1),
                )
            })
            .collect();
        v.sort_unstable();
        v
    };
    a.pattern == b.pattern && key(a) == key(b)
}

fn parse_spec(id: &str, edges: &str, segs: &str) -> Oriented {
    let mut pattern = 0u8;
    for (side, c) in edges.chars().enumerate() {
        let kind = match c {
            'R' => 1,
            'C' => 2,
            _ => 0,
        };
        pattern |= kind << (2 * side);
    }
    let mut segments = Vec::new();
    // Field → city references are by side; resolved after all segments are read.
    let mut pending: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut inner_count = 0;
    for part in segs.split(';') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let mut seg = Segment {
            kind: SegmentKind::Field,
            sides: 0,
            halves: 0,
            pennants: 0,
            cities: 0,
            inner: 0,
        };
        match words[0] {
            "monastery" => seg.kind = SegmentKind::Monastery,
            "road" | "city" => {
                seg.kind = if words[0] == "road" {
                    SegmentKind::Road
                } else {
                    SegmentKind::City
                };
                for w in &words[1..] {
                    match *w {
                        "+" => seg.pennants = 1,
                        "++" => seg.pennants = 2,
                        _ => seg.sides |= 1 << crate::geometry::parse_side(w).expect(id),
                    }
                }
            }
            _ => {
                let mut refs = Vec::new();
                let mut after = false;
                for w in &words[1..] {
                    match *w {
                        ">" => after = true,
                        "inner" => {
                            inner_count += 1;
                            seg.inner = inner_count;
                        }
                        _ if after => refs.push(crate::geometry::parse_side(w).expect(id)),
                        _ => seg.halves |= 1 << crate::geometry::parse_half(w).expect(id),
                    }
                }
                pending.push((segments.len(), refs));
            }
        }
        segments.push(seg);
    }
    for (field, refs) in pending {
        for side in refs {
            let city = segments
                .iter()
                .position(|s| s.kind == SegmentKind::City && s.sides & (1 << side) != 0)
                .expect(id);
            segments[field].cities |= 1 << city;
        }
    }
    make_oriented(pattern, segments)
}

fn make_oriented(pattern: u8, segments: Vec<Segment>) -> Oriented {
    let mut side_segment = [NO_SEGMENT; 4];
    let mut half_segment = [NO_SEGMENT; 8];
    let mut monastery = NO_SEGMENT;
    for (i, s) in segments.iter().enumerate() {
        for (side, slot) in side_segment.iter_mut().enumerate() {
            if s.sides & (1 << side) != 0 {
                *slot = i as u8;
            }
        }
        for (half, slot) in half_segment.iter_mut().enumerate() {
            if s.halves & (1 << half) != 0 {
                *slot = i as u8;
            }
        }
        if s.kind == SegmentKind::Monastery {
            monastery = i as u8;
        }
    }
    let mut field_corners = 0;
    for corner in 0..4 {
        let (a, b) = corner_halves(corner);
        let (sa, sb) = (half_segment[a as usize], half_segment[b as usize]);
        if sa != NO_SEGMENT && sa == sb {
            field_corners |= 1 << corner;
        }
    }
    Oriented {
        pattern,
        segments,
        side_segment,
        half_segment,
        field_corners,
        monastery,
    }
}

fn orient(canonical: &Oriented, rot: u8) -> Oriented {
    let pattern = canonical.pattern.rotate_left(2 * rot as u32);
    let segments = canonical
        .segments
        .iter()
        .map(|s| Segment {
            sides: rotate_sides(s.sides, rot),
            halves: rotate_halves(s.halves, rot),
            ..*s
        })
        .collect();
    make_oriented(pattern, segments)
}

/// Serialises a tile type as its id (the events' and decisions' `tile`).
pub(crate) fn ser_tile<S: Serializer>(tile: &TileType, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(tables().types[*tile as usize].id)
}

#[cfg(test)]
mod tests;
