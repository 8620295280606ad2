//! Board-reading aids, computed from the public view only: the unseen tiles and the chance of
//! each to be drawn next, the dead squares and the features they doom, and the odds that one
//! placement completes an open feature. Nothing here reads the order of the pile; everything
//! is read-only (`&self`) and clones nothing.
//!
//! # Definitions
//! - **Unseen tiles** ([`Game::unseen`]): the land tiles nobody has seen yet, as a count per
//!   tile type: the tiles still in the pile, less the drawn tile while it waits to be placed
//!   (it is shown to everybody). [`Game::remaining`] counts every tile not yet placed or
//!   discarded, so it still holds that drawn tile; the two differ by it and only then. The
//!   start tile, placed and discarded tiles and the abbeys are never unseen.
//! - **Next tile**: the next tile drawn from the pile. While a drawn tile waits to be placed,
//!   that is the tile after it. Each unseen tile is equally likely to come next (the pile is
//!   shuffled), so a type's chance is its count over the unseen total. A drawn tile that fits
//!   nowhere is discarded and the player draws again: the chance is that of being drawn, not
//!   of being placed.
//! - **Dead square** ([`Game::dead_squares`]): an empty cell next to the board (a frontier
//!   cell) that no land tile still to be placed can fill in any rotation, its edges matching
//!   every neighbour. "Still to be placed" is the unseen tiles plus the drawn tile waiting to
//!   be placed, which may still go there this turn. With no land tile left (the final abbey
//!   round, a finished game) every frontier cell is dead. A dead square is never filled by a
//!   land tile, so the roads and cities with an edge onto it and the monasteries (and abbeys)
//!   with it among their eight surrounding cells can never be completed by land tiles. An
//!   abbey could still fill it if it is or becomes a hole (all four neighbours placed) while a
//!   player who still holds an abbey has a turn to come: [`DeadSquare::abbey_may_fill`] says
//!   whether such a player exists; when it is false, those features can never be completed.
//! - **Completion odds** ([`Game::completion_odds`]): for a road or city, the cells its open
//!   edges face. No open edge: complete. Two or more cells: one tile cannot complete it
//!   ([`Completion::SeveralTiles`]). One cell: an unseen tile completes it if some rotation
//!   fits that cell and, once placed, the feature is closed, which is decided exactly as the
//!   engine joins features: the tile's segments on the sides facing the feature join it,
//!   those segments join whatever other features they face across the cell's other sides (and
//!   every segment of the tile facing those), and the result is complete when none of the
//!   joined segments or features has an edge left onto an empty cell. So a road that runs into
//!   one cell twice is closed by a straight road or a crossroads there, not by a three-way
//!   road whose third arm runs on. A monastery or abbey with no empty cell among its eight
//!   neighbours is complete; with exactly one, any tile that fits there completes it; with
//!   more, several tiles are needed. Fields are never complete. Counts are unseen tiles with
//!   multiplicity; the chance is that count over the unseen total, for the board as it is now
//!   (the drawn tile waiting to be placed may change it first, so it is reported apart in
//!   [`CompletionOdds::in_hand`]). Abbeys are not tiles of the pile and are not counted.
//! - **Doomed features** ([`CompletionOdds::doomed`]): a road, city, monastery or abbey one
//!   of whose needed cells (the cells its open edges face; the empty cells around a
//!   monastery or abbey) is a dead square. No land tile can complete it, whether it needs one
//!   tile or several; these are exactly the features [`Game::dead_squares`] lists. Only an
//!   abbey can still fill such a cell, as for the dead square itself: [`Doom::abbey_may_fill`]
//!   is [`DeadSquare::abbey_may_fill`], and when it is false the feature can never be
//!   completed (it scores as unfinished at the end).

use serde::Serialize;

use super::{Game, Phase, root};
use crate::board::{Board, FrontierCell, Placed};
use crate::geometry::{AROUND, Pos, opposite_side};
use crate::tile::{ABBEY, LAND_TYPES, NO_SEGMENT, Oriented, SegmentKind, TileType, tables};

/// The unseen land tiles: a count per tile type (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unseen {
    counts: [u8; LAND_TYPES],
    total: u32,
}

impl Unseen {
    fn new(counts: [u8; LAND_TYPES]) -> Unseen {
        let total = counts.iter().map(|&c| u32::from(c)).sum();
        Unseen { counts, total }
    }

    /// Unseen copies of `tile` (0 for anything but a land tile type).
    pub fn count(&self, tile: TileType) -> u8 {
        self.counts.get(tile as usize).copied().unwrap_or(0)
    }

    /// Unseen copies per land tile type.
    pub fn counts(&self) -> &[u8; LAND_TYPES] {
        &self.counts
    }

    /// Unseen tiles in all.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The chance that the next tile drawn is a `tile`: its count over the total (0 when
    /// nothing is unseen).
    pub fn chance(&self, tile: TileType) -> f64 {
        ratio(u32::from(self.count(tile)), self.total)
    }

    /// Every type with an unseen copy, in type order, with its count and chance to come next.
    pub fn chances(&self) -> Vec<TileChance> {
        (0..LAND_TYPES as TileType)
            .filter(|&t| self.count(t) > 0)
            .map(|t| TileChance {
                tile: t,
                count: self.count(t),
                chance: self.chance(t),
            })
            .collect()
    }
}

/// Unseen copies of one tile type and the chance that the next tile drawn is one of them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TileChance {
    /// The tile type.
    pub tile: TileType,
    /// Unseen copies.
    pub count: u8,
    /// `count` over the unseen total.
    pub chance: f64,
}

/// A feature named by one of its segments: the tile's position and the local segment, as
/// [`Game::feature_at`] takes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct FeatureRef {
    /// A tile of the feature.
    pub pos: Pos,
    /// The local segment on that tile.
    pub seg: u8,
    /// Road, city or monastery.
    pub kind: SegmentKind,
}

/// A frontier cell that no land tile still to be placed can fill (see the
/// [module docs](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeadSquare {
    /// The cell.
    pub pos: Pos,
    /// Whether all four orthogonal neighbours hold tiles.
    pub hole: bool,
    /// Whether a player who still holds an abbey has a turn to come, so that an abbey may
    /// yet fill the cell if it is or becomes a hole. When false, the cell stays empty for
    /// good.
    pub abbey_may_fill: bool,
    /// The features that touch the cell, each once: first the roads and cities with an edge
    /// onto it (named by the neighbouring tile's segment facing it, sides in the order N, E,
    /// S, W), then the monasteries and abbeys around it (in the order of
    /// [`AROUND`]).
    pub features: Vec<FeatureRef>,
}

/// How far a feature is from completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Completion {
    /// Already complete.
    Complete,
    /// All its open ends (or a monastery's empty neighbours) are at one cell: one tile
    /// placed there may complete it.
    OneTile,
    /// Open ends at two or more cells: no single placement completes it.
    SeveralTiles,
    /// A field: never complete.
    Never,
}

/// The odds that one placement completes a feature (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompletionOdds {
    /// Road, city, monastery or field.
    pub kind: SegmentKind,
    /// How far it is from completion.
    pub completion: Completion,
    /// For [`Completion::OneTile`], the cell where the tile must go.
    pub cell: Option<Pos>,
    /// The unseen tile types with a placement at `cell` that completes the feature, with
    /// their unseen counts and chances to come next (empty unless [`Completion::OneTile`]).
    pub tiles: Vec<TileChance>,
    /// Unseen tiles that would complete it, counted with multiplicity.
    pub count: u32,
    /// Unseen tiles in all.
    pub unseen: u32,
    /// The chance that the next tile drawn completes it: `count` over `unseen`.
    pub chance: f64,
    /// Whether the drawn tile waiting to be placed completes it in some legal placement
    /// (false when no tile waits).
    pub in_hand: bool,
    /// Set when a cell the feature still needs is a dead square: no land tile can complete
    /// it (see [`Doom`]). `None` for a complete feature, a field, or while every cell it
    /// needs can still be filled.
    pub doomed: Option<Doom>,
}

/// Why a road, city, monastery or abbey can no longer be completed by land tiles: cells it
/// needs (the cells its open edges face, or the empty cells around a monastery or abbey) are
/// dead squares (see the [module docs](self)). It is exactly a feature that
/// [`Game::dead_squares`] lists among the features of one of these cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Doom {
    /// The dead squares among the cells the feature needs, by row then column (never empty).
    pub cells: Vec<Pos>,
    /// As [`DeadSquare::abbey_may_fill`]: whether a player who still holds an abbey has a
    /// turn to come, so that an abbey may yet fill such a cell if it is or becomes a hole
    /// (all four neighbours placed). When false, the feature can never be completed.
    pub abbey_may_fill: bool,
}

fn ratio(n: u32, d: u32) -> f64 {
    if d == 0 {
        0.0
    } else {
        f64::from(n) / f64::from(d)
    }
}

/// The edge patterns of every orientation of every type with a copy in `counts`, as a set
/// of 256 bits.
fn pattern_set(counts: &[u8; LAND_TYPES]) -> [u64; 4] {
    let mut set = [0u64; 4];
    for (t, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        for o in &tables().types[t].orientations {
            set[o.pattern as usize >> 6] |= 1 << (o.pattern & 63);
        }
    }
    set
}

/// Whether some pattern in `set` fits the frontier cell `f`.
fn fillable(f: &FrontierCell, set: &[u64; 4]) -> bool {
    set.iter().enumerate().any(|(w, &word)| {
        let mut bits = word;
        while bits != 0 {
            let p = (w as u32 * 64 + bits.trailing_zeros()) as u8;
            if f.fits(p) {
                return true;
            }
            bits &= bits - 1;
        }
        false
    })
}

/// What surrounds an empty cell, side by side: for the completion check of one cell.
struct Surround {
    /// Per side: the root of the road or city of the neighbour facing the cell, if any.
    roots: [Option<u16>; 4],
    /// Per side: whether the neighbouring cell is empty.
    empty: [bool; 4],
}

impl Game {
    /// The unseen land tiles (see the [module docs](self)).
    pub fn unseen(&self) -> Unseen {
        let mut counts = *self.remaining();
        if let Phase::Place(t) = self.phase {
            counts[t as usize] = counts[t as usize].saturating_sub(1);
        }
        Unseen::new(counts)
    }

    /// The frontier cells no land tile still to be placed can fill, sorted by row then column,
    /// each with the features it dooms (see the [module docs](self)).
    pub fn dead_squares(&self) -> Vec<DeadSquare> {
        let set = pattern_set(self.remaining());
        let abbey_may_fill = self.abbey_to_come();
        let mut out: Vec<DeadSquare> = self
            .board
            .frontier()
            .iter()
            .filter(|f| !fillable(f, &set))
            .map(|f| DeadSquare {
                pos: f.pos,
                hole: f.neighbours == 4,
                abbey_may_fill,
                features: self.features_touching(f.pos),
            })
            .collect();
        out.sort_unstable_by_key(|d| (d.pos.y, d.pos.x));
        out
    }

    /// The odds that one placement completes the feature of local segment `seg` of the tile
    /// at `pos` (see the [module docs](self)), or `None` if there is no such tile or segment.
    pub fn completion_odds(&self, pos: Pos, seg: u8) -> Option<CompletionOdds> {
        let t = *self.board.at(pos)?;
        let kind = if t.tile == ABBEY {
            (seg == 0).then_some(SegmentKind::Monastery)?
        } else {
            Board::oriented(&t).segments.get(seg as usize)?.kind
        };
        let unseen = self.unseen();
        let mut odds = CompletionOdds {
            kind,
            completion: Completion::Never,
            cell: None,
            tiles: Vec::new(),
            count: 0,
            unseen: unseen.total(),
            chance: 0.0,
            in_hand: false,
            doomed: None,
        };
        let r = root(&self.segs, t.base + seg as u16);
        let cells = match kind {
            SegmentKind::Field => return Some(odds),
            SegmentKind::Road | SegmentKind::City => self.open_cells(r),
            SegmentKind::Monastery => self.empty_around(pos),
        };
        let set = pattern_set(self.remaining());
        let mut dead: Vec<Pos> = cells
            .iter()
            .copied()
            .filter(|&c| {
                self.board
                    .frontier_at(c)
                    .is_some_and(|f| !fillable(f, &set))
            })
            .collect();
        if !dead.is_empty() {
            dead.sort_unstable_by_key(|p| (p.y, p.x));
            odds.doomed = Some(Doom {
                cells: dead,
                abbey_may_fill: self.abbey_to_come(),
            });
        }
        let cell = match cells[..] {
            [] => {
                odds.completion = Completion::Complete;
                return Some(odds);
            }
            [c] => c,
            _ => {
                odds.completion = Completion::SeveralTiles;
                return Some(odds);
            }
        };
        odds.completion = Completion::OneTile;
        odds.cell = Some(cell);
        let Some(f) = self.board.frontier_at(cell) else {
            return Some(odds);
        };
        let surround = (kind != SegmentKind::Monastery).then(|| self.surround(cell));
        let completes = |tile: TileType| {
            let info = &tables().types[tile as usize];
            (0..4u8).any(|rot| {
                let o = &info.orientations[rot as usize];
                info.distinct_rotations & (1 << rot) != 0
                    && f.fits(o.pattern)
                    && surround.as_ref().is_none_or(|s| self.closes_at(r, s, o))
            })
        };
        for t in 0..LAND_TYPES as TileType {
            if unseen.count(t) > 0 && completes(t) {
                odds.count += u32::from(unseen.count(t));
                odds.tiles.push(TileChance {
                    tile: t,
                    count: unseen.count(t),
                    chance: unseen.chance(t),
                });
            }
        }
        odds.chance = ratio(odds.count, odds.unseen);
        if let Phase::Place(t) = self.phase {
            odds.in_hand = completes(t);
        }
        Some(odds)
    }

    /// Whether a player who still holds an abbey has a turn to come.
    fn abbey_to_come(&self) -> bool {
        if self.phase == Phase::Over {
            return false;
        }
        if !self.final_round {
            return self.players().iter().any(|p| p.abbey);
        }
        // The final round: the deciding player, then the `final_left` players after them.
        let n = self.nplayers;
        (self.phase == Phase::FinalAbbey && self.players[self.current as usize].abbey)
            || (1..=self.final_left).any(|k| self.players[((self.current + k) % n) as usize].abbey)
    }

    /// The features touching the empty cell `c`: roads and cities with an edge onto it,
    /// then monasteries and abbeys around it, each once.
    fn features_touching(&self, c: Pos) -> Vec<FeatureRef> {
        let mut out = Vec::new();
        let mut roots: Vec<u16> = Vec::new();
        for side in 0..4u8 {
            let Some(t) = self.board.at(c.step(side)) else {
                continue;
            };
            if t.tile == ABBEY {
                continue;
            }
            let o = Board::oriented(t);
            let s = o.side_segment[opposite_side(side) as usize];
            if s == NO_SEGMENT {
                continue;
            }
            let r = root(&self.segs, t.base + s as u16);
            if !roots.contains(&r) {
                roots.push(r);
                out.push(FeatureRef {
                    pos: t.pos,
                    seg: s,
                    kind: o.segments[s as usize].kind,
                });
            }
        }
        for &(dx, dy) in &AROUND {
            let Some(t) = self.board.at(c.offset(dx, dy)) else {
                continue;
            };
            let m = monastery_of(t);
            if m != NO_SEGMENT {
                out.push(FeatureRef {
                    pos: t.pos,
                    seg: m,
                    kind: SegmentKind::Monastery,
                });
            }
        }
        out
    }

    /// The distinct empty cells the open edges of the road or city of root `r` face, in the
    /// order met.
    fn open_cells(&self, r: u16) -> Vec<Pos> {
        let mut cells = Vec::new();
        if self.segs[r as usize].open == 0 {
            return cells;
        }
        let mut s = r;
        loop {
            let seg = self.segs[s as usize];
            let placed = self.board.tiles()[seg.tile as usize];
            let mut sides = Board::oriented(&placed).segments[seg.local as usize].sides;
            while sides != 0 {
                let side = sides.trailing_zeros() as u8;
                sides &= sides - 1;
                let q = placed.pos.step(side);
                if self.board.tile_index(q).is_none() && !cells.contains(&q) {
                    cells.push(q);
                }
            }
            s = seg.next;
            if s == r {
                break;
            }
        }
        cells
    }

    /// The empty cells around a monastery at `p`, in the order of [`AROUND`].
    fn empty_around(&self, p: Pos) -> Vec<Pos> {
        AROUND
            .iter()
            .map(|&(dx, dy)| p.offset(dx, dy))
            .filter(|&q| self.board.tile_index(q).is_none())
            .collect()
    }

    fn surround(&self, c: Pos) -> Surround {
        let mut s = Surround {
            roots: [None; 4],
            empty: [false; 4],
        };
        for side in 0..4u8 {
            match self.board.at(c.step(side)) {
                None => s.empty[side as usize] = true,
                Some(t) if t.tile == ABBEY => {}
                Some(t) => {
                    let seg = Board::oriented(t).side_segment[opposite_side(side) as usize];
                    if seg != NO_SEGMENT {
                        s.roots[side as usize] = Some(root(&self.segs, t.base + seg as u16));
                    }
                }
            }
        }
        s
    }

    /// Whether a tile of orientation `o` (fitting the cell) placed at the cell of `s`
    /// completes the feature of root `r`, whose open edges all face that cell.
    fn closes_at(&self, r: u16, s: &Surround, o: &Oriented) -> bool {
        // A union-find over the four sides: sides meet through one segment of the new tile or
        // one feature next to the cell.
        let mut parent = [0u8, 1, 2, 3];
        fn find(parent: &[u8; 4], mut x: u8) -> u8 {
            while parent[x as usize] != x {
                x = parent[x as usize];
            }
            x
        }
        let mut join = |a: u8, b: u8| {
            let (ra, rb) = (find(&parent, a), find(&parent, b));
            parent[ra as usize] = rb;
        };
        for a in 0..4u8 {
            for b in a + 1..4u8 {
                let (sa, sb) = (o.side_segment[a as usize], o.side_segment[b as usize]);
                let same_segment = sa != NO_SEGMENT && sa == sb;
                let same_feature =
                    s.roots[a as usize].is_some() && s.roots[a as usize] == s.roots[b as usize];
                if same_segment || same_feature {
                    join(a, b);
                }
            }
        }
        let Some(start) = (0..4u8).find(|&d| s.roots[d as usize] == Some(r)) else {
            return false;
        };
        let group = find(&parent, start);
        (0..4u8).filter(|&d| find(&parent, d) == group).all(|d| {
            let leaks = s.empty[d as usize] && o.side_segment[d as usize] != NO_SEGMENT;
            let closed = s.roots[d as usize].is_none_or(|x| {
                let facing = s.roots.iter().filter(|&&y| y == Some(x)).count();
                usize::from(self.segs[x as usize].open) == facing
            });
            !leaks && closed
        })
    }
}

/// The monastery segment of a placed tile (0 for an abbey), or [`NO_SEGMENT`].
fn monastery_of(t: &Placed) -> u8 {
    if t.tile == ABBEY {
        0
    } else {
        Board::oriented(t).monastery
    }
}
