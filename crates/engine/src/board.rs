//! The board: a dense toroidal grid of placed tiles and the frontier of empty cells next to
//! them, each with the edge pattern a tile must match there.
//!
//! A game holds at most 91 tiles, so its extent in either direction is below 128: indexing
//! the grid by the low seven bits of each coordinate never lets two live cells collide.

use crate::geometry::{Pos, opposite_side};
use crate::tile::{ABBEY, Oriented, SegmentKind, TileType, tables};

const SIZE_BITS: u32 = 7;
const SIZE: usize = 1 << SIZE_BITS;
const MASK: i16 = (SIZE - 1) as i16;
const EMPTY: u16 = 0xFFFF;
const FRONTIER: u16 = 0x8000;

/// A tile on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Where it lies.
    pub pos: Pos,
    /// Its type.
    pub tile: TileType,
    /// Quarter turns clockwise.
    pub rot: u8,
    /// The global id of its first segment; its segments are `base..base + count`.
    pub base: u16,
}

/// An empty cell next to at least one tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontierCell {
    /// The cell.
    pub pos: Pos,
    /// Two bits per side that is constrained by a land neighbour.
    pub mask: u8,
    /// The edge kinds those neighbours require, in the same layout as a tile pattern.
    pub value: u8,
    /// How many of the four orthogonal neighbours hold a tile (4 makes a hole).
    pub neighbours: u8,
}

impl Placed {
    /// The kind of its local segment `seg` (the abbey's only segment is a monastery).
    #[inline]
    pub fn segment_kind(&self, seg: u8) -> Option<SegmentKind> {
        Board::oriented(self)
            .segments
            .get(seg as usize)
            .map(|s| s.kind)
    }

    /// Whether it is the abbey.
    #[inline]
    pub fn is_abbey(&self) -> bool {
        self.tile == ABBEY
    }
}

impl FrontierCell {
    /// Whether a tile with edge pattern `pattern` fits here.
    #[inline]
    pub fn fits(&self, pattern: u8) -> bool {
        pattern & self.mask == self.value
    }

    /// Whether a tile of type `tile` fits here in some rotation.
    pub fn fits_tile(&self, tile: TileType) -> bool {
        tables().types[tile as usize]
            .orientations
            .iter()
            .any(|o| self.fits(o.pattern))
    }
}

/// Placed tiles and the frontier.
#[derive(Clone, Debug)]
pub struct Board {
    /// Per cell: a tile index, `FRONTIER | slot`, or `EMPTY`.
    cells: Vec<u16>,
    tiles: Vec<Placed>,
    frontier: Vec<FrontierCell>,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

#[inline]
fn index(p: Pos) -> usize {
    (((p.y & MASK) as usize) << SIZE_BITS) | (p.x & MASK) as usize
}

impl Board {
    /// An empty board.
    pub fn new() -> Self {
        Board {
            cells: vec![EMPTY; SIZE * SIZE],
            tiles: Vec::with_capacity(96),
            frontier: Vec::with_capacity(128),
        }
    }

    /// The tiles in the order they were placed.
    pub fn tiles(&self) -> &[Placed] {
        &self.tiles
    }

    /// The empty cells next to the board.
    pub fn frontier(&self) -> &[FrontierCell] {
        &self.frontier
    }

    /// The index (in [`Board::tiles`]) of the tile at `p`, if any.
    #[inline]
    pub fn tile_index(&self, p: Pos) -> Option<usize> {
        let c = self.cells[index(p)];
        // The position check rejects a far-off query that wraps onto a live cell.
        (c & FRONTIER == 0 && self.tiles[c as usize].pos == p).then_some(c as usize)
    }

    /// The tile at `p`, if any.
    #[inline]
    pub fn at(&self, p: Pos) -> Option<&Placed> {
        self.tile_index(p).map(|i| &self.tiles[i])
    }

    /// The frontier cell at `p`, if `p` is on the frontier.
    #[inline]
    pub fn frontier_at(&self, p: Pos) -> Option<&FrontierCell> {
        let c = self.cells[index(p)];
        if c == EMPTY || c & FRONTIER == 0 {
            return None;
        }
        Some(&self.frontier[(c & !FRONTIER) as usize]).filter(|f| f.pos == p)
    }

    /// The oriented tile data of a placed tile.
    #[inline]
    pub(crate) fn oriented(placed: &Placed) -> &'static Oriented {
        &tables().types[placed.tile as usize].orientations[placed.rot as usize]
    }

    /// Whether `p` is an empty cell with all four orthogonal neighbours placed.
    pub fn is_hole(&self, p: Pos) -> bool {
        self.frontier_at(p).is_some_and(|f| f.neighbours == 4)
    }

    /// Puts a tile at `p` (which must be empty) and updates the frontier. Returns its index.
    pub fn place(&mut self, p: Pos, tile: TileType, rot: u8, base: u16) -> usize {
        let i = index(p);
        if self.cells[i] != EMPTY {
            self.remove_frontier(self.cells[i] & !FRONTIER);
        }
        let idx = self.tiles.len();
        self.tiles.push(Placed {
            pos: p,
            tile,
            rot,
            base,
        });
        self.cells[i] = idx as u16;
        let pattern = if tile == ABBEY {
            None
        } else {
            Some(Board::oriented(&self.tiles[idx]).pattern)
        };
        for side in 0..4u8 {
            let q = p.step(side);
            let j = index(q);
            let c = self.cells[j];
            if c != EMPTY && c & FRONTIER == 0 {
                continue;
            }
            if c == EMPTY {
                self.cells[j] = FRONTIER | self.frontier.len() as u16;
                self.frontier.push(FrontierCell {
                    pos: q,
                    mask: 0,
                    value: 0,
                    neighbours: 0,
                });
            }
            let f = &mut self.frontier[(self.cells[j] & !FRONTIER) as usize];
            f.neighbours += 1;
            if let Some(pattern) = pattern {
                // The new cell's side facing us must show what we show on `side`.
                let kind = (pattern >> (2 * side)) & 3;
                let theirs = opposite_side(side);
                f.mask |= 3 << (2 * theirs);
                f.value |= kind << (2 * theirs);
            }
        }
        idx
    }

    fn remove_frontier(&mut self, slot: u16) {
        let slot = slot as usize;
        self.frontier.swap_remove(slot);
        if slot < self.frontier.len() {
            let moved = self.frontier[slot].pos;
            self.cells[index(moved)] = FRONTIER | slot as u16;
        }
    }
}
