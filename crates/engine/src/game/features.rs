//! Features: segments joined by a union-find into roads, cities, fields and monasteries,
//! with each feature's tallies (open edges, pennants, figures, strength, tiles) kept at its
//! root; and the board updates that create and join them (placing a tile or an abbey).
//!
//! Roots are always the smallest segment id of a feature (scoring orders features by root).
//! [`find`] halves paths and needs `&mut`: it is used only while the game changes. Queries
//! use [`root`], which reads without rewriting links, so legality and queries take `&self`.

use super::{Game, MAX_PLAYERS, Seg};
use crate::board::Board;
use crate::geometry::{AROUND, Pos, opposite_half, opposite_side};
use crate::moves::FigureKind;
use crate::tile::{ABBEY, NO_SEGMENT, Oriented, SegmentKind, TileType, tables};

impl Seg {
    /// A fresh segment of placed tile `tile`, its own feature.
    fn new(id: u16, tile: u8, local: u8, kind: SegmentKind, open: u8, pennants: u8) -> Seg {
        let mut tiles = [0u64; 2];
        tiles[tile as usize >> 6] = 1 << (tile & 63);
        Seg {
            parent: id,
            next: id,
            tile,
            local,
            kind,
            open,
            pennants,
            occupants: 0,
            barns: 0,
            strength: [0; MAX_PLAYERS],
            mayors: 0,
            barn_owners: 0,
            tiles,
        }
    }

    /// Strength per player: followers, wagons and farmers, plus each mayor's pennants.
    pub(crate) fn strengths(&self) -> [u8; MAX_PLAYERS] {
        let mut strength = self.strength;
        for (p, v) in strength.iter_mut().enumerate() {
            if self.mayors & (1 << p) != 0 {
                *v += self.pennants;
            }
        }
        strength
    }

    /// Number of distinct tiles in the feature.
    pub(crate) fn tile_count(&self) -> u32 {
        self.tiles[0].count_ones() + self.tiles[1].count_ones()
    }

    /// Adds (`delta = 1`) or removes (`delta = -1`) a figure to this root's tallies.
    pub(crate) fn count_figure(&mut self, player: u8, kind: FigureKind, delta: i8) {
        let bit = 1u8 << player;
        let p = player as usize;
        match kind {
            FigureKind::Barn => {
                self.barns = self.barns.wrapping_add_signed(delta);
                self.barn_owners = if delta > 0 {
                    self.barn_owners | bit
                } else {
                    self.barn_owners & !bit
                };
                return;
            }
            FigureKind::Mayor => {
                self.mayors = if delta > 0 {
                    self.mayors | bit
                } else {
                    self.mayors & !bit
                };
            }
            FigureKind::Follower | FigureKind::Wagon => {
                self.strength[p] = self.strength[p].wrapping_add_signed(delta);
            }
        }
        self.occupants = self.occupants.wrapping_add_signed(delta);
    }
}

/// Finds the root of segment `x`, halving the path on the way.
#[inline]
pub(crate) fn find(segs: &mut [Seg], mut x: u16) -> u16 {
    while segs[x as usize].parent != x {
        let p = segs[x as usize].parent;
        let gp = segs[p as usize].parent;
        segs[x as usize].parent = gp;
        x = gp;
    }
    x
}

/// Finds the root of segment `x` without rewriting any link: for queries under `&self`.
/// Trees stay shallow because every change goes through [`find`], which halves paths.
#[inline]
pub(crate) fn root(segs: &[Seg], mut x: u16) -> u16 {
    loop {
        let p = segs[x as usize].parent;
        if p == x {
            return x;
        }
        x = p;
    }
}

/// Joins the features of `a` and `b`; returns the root.
#[inline]
fn union(segs: &mut [Seg], a: u16, b: u16) -> u16 {
    let ra = find(segs, a);
    let rb = find(segs, b);
    if ra == rb {
        return ra;
    }
    let (r, c) = if ra < rb { (ra, rb) } else { (rb, ra) };
    let child = segs[c as usize];
    let root = &mut segs[r as usize];
    root.open += child.open;
    root.pennants += child.pennants;
    root.occupants += child.occupants;
    root.barns += child.barns;
    for (a, b) in root.strength.iter_mut().zip(child.strength) {
        *a += b;
    }
    root.mayors |= child.mayors;
    root.barn_owners |= child.barn_owners;
    root.tiles[0] |= child.tiles[0];
    root.tiles[1] |= child.tiles[1];
    let rn = root.next;
    root.next = child.next;
    segs[c as usize].next = rn;
    segs[c as usize].parent = r;
    r
}

impl Game {
    /// Whether the feature of root `root` is completed.
    pub(crate) fn is_complete(&self, root: u16) -> bool {
        let s = &self.segs[root as usize];
        match s.kind {
            SegmentKind::Road | SegmentKind::City => s.open == 0,
            SegmentKind::Monastery => self.neighbours(self.board.tiles()[s.tile as usize].pos) == 8,
            SegmentKind::Field => false,
        }
    }

    /// How many of the eight positions around `p` hold tiles.
    pub(crate) fn neighbours(&self, p: Pos) -> u8 {
        AROUND
            .iter()
            .filter(|&&(dx, dy)| self.board.tile_index(p.offset(dx, dy)).is_some())
            .count() as u8
    }

    /// Places a land tile and joins its segments to their neighbours' features. Completed
    /// features are collected in `completed`.
    pub(super) fn put_tile(&mut self, pos: Pos, tile: TileType, rot: u8) {
        let base = self.segs.len() as u16;
        let idx = self.board.place(pos, tile, rot, base);
        self.placed = idx as u8;
        let o: &'static Oriented = &tables().types[tile as usize].orientations[rot as usize];
        for (local, s) in o.segments.iter().enumerate() {
            let id = base + local as u16;
            self.segs.push(Seg::new(
                id,
                idx as u8,
                local as u8,
                s.kind,
                s.sides.count_ones() as u8,
                s.pennants,
            ));
        }
        self.ncompleted = 0;
        for side in 0..4u8 {
            let Some(nb) = self.board.at(pos.step(side)).copied() else {
                continue;
            };
            let mine = o.side_segment[side as usize];
            if nb.tile == ABBEY {
                if mine != NO_SEGMENT {
                    let r = find(&mut self.segs, base + mine as u16);
                    self.segs[r as usize].open -= 1;
                }
                continue;
            }
            let theirs_o = Board::oriented(&nb);
            if mine != NO_SEGMENT {
                let theirs = theirs_o.side_segment[opposite_side(side) as usize];
                let r = union(&mut self.segs, base + mine as u16, nb.base + theirs as u16);
                self.segs[r as usize].open -= 2;
            }
            for half in [2 * side, 2 * side + 1] {
                let f = o.half_segment[half as usize];
                if f != NO_SEGMENT {
                    let g = theirs_o.half_segment[opposite_half(half) as usize];
                    union(&mut self.segs, base + f as u16, nb.base + g as u16);
                }
            }
        }
        for (local, s) in o.segments.iter().enumerate() {
            if matches!(s.kind, SegmentKind::Road | SegmentKind::City) {
                let r = find(&mut self.segs, base + local as u16);
                if self.segs[r as usize].open == 0 {
                    self.note_completed(r);
                }
            }
        }
        self.check_monasteries(pos);
    }

    /// Places an abbey in a hole: it closes every road and city edge it touches.
    pub(super) fn put_abbey(&mut self, pos: Pos) {
        let base = self.segs.len() as u16;
        let idx = self.board.place(pos, ABBEY, 0, base);
        self.placed = idx as u8;
        self.segs
            .push(Seg::new(base, idx as u8, 0, SegmentKind::Monastery, 0, 0));
        self.ncompleted = 0;
        for side in 0..4u8 {
            let Some(nb) = self.board.at(pos.step(side)).copied() else {
                continue;
            };
            if nb.tile == ABBEY {
                continue;
            }
            let theirs = Board::oriented(&nb).side_segment[opposite_side(side) as usize];
            if theirs != NO_SEGMENT {
                let r = find(&mut self.segs, nb.base + theirs as u16);
                self.segs[r as usize].open -= 1;
                if self.segs[r as usize].open == 0 {
                    self.note_completed(r);
                }
            }
        }
        self.check_monasteries(pos);
    }

    fn note_completed(&mut self, root: u16) {
        let n = self.ncompleted as usize;
        if !self.completed[..n].contains(&root) {
            self.completed[n] = root;
            self.ncompleted += 1;
        }
    }

    /// Notes every monastery or abbey at or around `pos` that now has all eight neighbours.
    fn check_monasteries(&mut self, pos: Pos) {
        for (dx, dy) in std::iter::once((0, 0)).chain(AROUND) {
            let p = pos.offset(dx, dy);
            let Some(t) = self.board.at(p).copied() else {
                continue;
            };
            let m = if t.tile == ABBEY {
                0
            } else {
                Board::oriented(&t).monastery
            };
            if m != NO_SEGMENT && self.neighbours(p) == 8 {
                self.note_completed(t.base + m as u16);
            }
        }
    }
}
