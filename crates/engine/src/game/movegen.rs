//! Move generation: the legal moves for the pending decision, and the check of one move
//! ([`Game::is_legal`]) that [`Game::play`] uses without building the whole list. Both read
//! the game only (`&self`).

use super::{Game, Phase, root};
use crate::board::{Board, Placed};
use crate::geometry::{AROUND, corner_halves};
use crate::moves::{FigureKind, Move};
use crate::tile::{ABBEY, Oriented, SegmentKind, TileType, tables};

impl Game {
    /// The legal moves for the pending decision.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Writes the legal moves for the pending decision into `out` (cleared first). Reusing
    /// `out` makes move generation allocation-free.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        match self.phase {
            Phase::Start => {
                out.push(Move::Draw);
                self.holes_into(out);
            }
            Phase::Place(tile) => self.placements_into(tile, out),
            Phase::Figure => {
                out.push(Move::NoFigure);
                self.figure_moves_into(out);
            }
            Phase::Wagon => {
                out.push(Move::WagonHome);
                let (_, tile) = self.wagon_queue[self.wagon_next as usize];
                self.wagon_targets_into(tile, out);
            }
            Phase::FinalAbbey => {
                out.push(Move::Pass);
                self.holes_into(out);
            }
            Phase::Over => {}
        }
    }

    /// Whether `mv` is legal for the pending decision: the same answer as
    /// `legal_moves().contains(&mv)`, without building the list.
    pub fn is_legal(&self, mv: Move) -> bool {
        match (self.phase, mv) {
            (Phase::Start, Move::Draw)
            | (Phase::Figure, Move::NoFigure)
            | (Phase::Wagon, Move::WagonHome)
            | (Phase::FinalAbbey, Move::Pass) => true,
            // Both phases arise only for a player who holds an abbey.
            (Phase::Start | Phase::FinalAbbey, Move::Abbey { pos }) => self.board.is_hole(pos),
            (Phase::Place(tile), Move::Place { pos, rot }) => {
                let info = &tables().types[tile as usize];
                rot < 4
                    && info.distinct_rotations & (1 << rot) != 0
                    && self
                        .board
                        .frontier_at(pos)
                        .is_some_and(|f| f.fits(info.orientations[rot as usize].pattern))
            }
            (Phase::Figure, Move::Figure { kind, spot }) => self.figure_is_legal(kind, spot),
            (Phase::Wagon, Move::WagonTo { pos, seg }) => {
                let (_, tile) = self.wagon_queue[self.wagon_next as usize];
                let centre = self.board.tiles()[tile as usize].pos;
                if (i32::from(pos.x) - i32::from(centre.x)).abs() > 1
                    || (i32::from(pos.y) - i32::from(centre.y)).abs() > 1
                {
                    return false;
                }
                let Some(t) = self.board.at(pos) else {
                    return false;
                };
                let segments =
                    &tables().types[t.tile as usize].orientations[t.rot as usize].segments;
                match segments.get(seg as usize) {
                    Some(s) if s.kind != SegmentKind::Field => {
                        let r = root(&self.segs, t.base + seg as u16);
                        self.segs[r as usize].occupants == 0 && !self.is_complete(r)
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Whether placing figure `kind` at `spot` on this turn's tile is legal (the figure step).
    fn figure_is_legal(&self, kind: FigureKind, spot: u8) -> bool {
        let player = self.players[self.current as usize];
        let placed = self.board.tiles()[self.placed as usize];
        if placed.tile == ABBEY {
            // After an abbey only a monk or the wagon, on the abbey itself.
            return spot == 0
                && match kind {
                    FigureKind::Follower => player.followers > 0,
                    FigureKind::Wagon => player.wagon,
                    FigureKind::Mayor | FigureKind::Barn => false,
                };
        }
        let o = Board::oriented(&placed);
        if kind == FigureKind::Barn {
            return player.barn
                && spot < 4
                && self
                    .barn_corner_field(&placed, o, spot)
                    .is_some_and(|field| self.segs[field as usize].barns == 0);
        }
        let Some(s) = o.segments.get(spot as usize) else {
            return false;
        };
        let r = self.segs[root(&self.segs, placed.base + spot as u16) as usize];
        if r.occupants > 0 || r.barns > 0 {
            return false;
        }
        match kind {
            FigureKind::Follower => player.followers > 0,
            FigureKind::Mayor => s.kind == SegmentKind::City && player.mayor,
            FigureKind::Wagon => s.kind != SegmentKind::Field && player.wagon,
            FigureKind::Barn => false,
        }
    }

    fn holes_into(&self, out: &mut Vec<Move>) {
        for f in self.board.frontier() {
            if f.neighbours == 4 {
                out.push(Move::Abbey { pos: f.pos });
            }
        }
    }

    pub(super) fn has_hole(&self) -> bool {
        self.board.frontier().iter().any(|f| f.neighbours == 4)
    }

    /// Every distinct placement of `tile`: each frontier cell, each rotation that gives a
    /// different tile, whose edges match every neighbour.
    pub(crate) fn placements_into(&self, tile: TileType, out: &mut Vec<Move>) {
        let info = &tables().types[tile as usize];
        let patterns = [0, 1, 2, 3].map(|r| info.orientations[r].pattern);
        let distinct = info.distinct_rotations;
        for f in self.board.frontier() {
            for rot in 0..4u8 {
                if distinct & (1 << rot) != 0 && f.fits(patterns[rot as usize]) {
                    out.push(Move::Place { pos: f.pos, rot });
                }
            }
        }
    }

    pub(super) fn fits_anywhere(&self, tile: TileType) -> bool {
        let info = &tables().types[tile as usize];
        let patterns = [0, 1, 2, 3].map(|r| info.orientations[r].pattern);
        self.board
            .frontier()
            .iter()
            .any(|f| patterns.iter().any(|&p| f.fits(p)))
    }

    pub(super) fn figure_moves_into(&self, out: &mut Vec<Move>) {
        let player = self.players[self.current as usize];
        let placed = self.board.tiles()[self.placed as usize];
        if placed.tile == ABBEY {
            // After an abbey only a monk or the wagon, on the abbey itself.
            if player.followers > 0 {
                out.push(Move::Figure {
                    kind: FigureKind::Follower,
                    spot: 0,
                });
            }
            if player.wagon {
                out.push(Move::Figure {
                    kind: FigureKind::Wagon,
                    spot: 0,
                });
            }
            return;
        }
        let o = Board::oriented(&placed);
        for (local, s) in o.segments.iter().enumerate() {
            let r = self.segs[root(&self.segs, placed.base + local as u16) as usize];
            if r.occupants > 0 || r.barns > 0 {
                continue;
            }
            let spot = local as u8;
            if player.followers > 0 {
                out.push(Move::Figure {
                    kind: FigureKind::Follower,
                    spot,
                });
            }
            if s.kind == SegmentKind::City && player.mayor {
                out.push(Move::Figure {
                    kind: FigureKind::Mayor,
                    spot,
                });
            }
            if s.kind != SegmentKind::Field && player.wagon {
                out.push(Move::Figure {
                    kind: FigureKind::Wagon,
                    spot,
                });
            }
        }
        if player.barn {
            for corner in 0..4u8 {
                if let Some(field) = self.barn_corner_field(&placed, o, corner)
                    && self.segs[field as usize].barns == 0
                {
                    out.push(Move::Figure {
                        kind: FigureKind::Barn,
                        spot: corner,
                    });
                }
            }
        }
    }

    /// The field at `corner` of a placed tile if four tiles meet there, each with a field
    /// corner; else `None`.
    // Always inlined: it sits in the figure step's hot loop (outlined, random games ran ~1% slower).
    #[inline(always)]
    fn barn_corner_field(&self, placed: &Placed, o: &Oriented, corner: u8) -> Option<u16> {
        if o.field_corners & (1 << corner) == 0 {
            return None;
        }
        // The three other tiles at this corner and the corner of theirs that touches it.
        const OTHERS: [[(i16, i16, u8); 3]; 4] = [
            [(-1, 0, 1), (0, -1, 3), (-1, -1, 2)],
            [(0, -1, 2), (1, 0, 0), (1, -1, 3)],
            [(1, 0, 3), (0, 1, 1), (1, 1, 0)],
            [(0, 1, 0), (-1, 0, 2), (-1, 1, 1)],
        ];
        for &(dx, dy, their) in &OTHERS[corner as usize] {
            let t = self.board.at(placed.pos.offset(dx, dy))?;
            if t.tile == ABBEY || Board::oriented(t).field_corners & (1 << their) == 0 {
                return None;
            }
        }
        let (half, _) = corner_halves(corner);
        let local = o.half_segment[half as usize];
        Some(root(&self.segs, placed.base + local as u16))
    }

    pub(super) fn wagon_targets_into(&self, from_tile: u8, out: &mut Vec<Move>) {
        let centre = self.board.tiles()[from_tile as usize].pos;
        for (dx, dy) in std::iter::once((0, 0)).chain(AROUND) {
            let Some(t) = self.board.at(centre.offset(dx, dy)).copied() else {
                continue;
            };
            let segments = &tables().types[t.tile as usize].orientations[t.rot as usize].segments;
            for (local, s) in segments.iter().enumerate() {
                if s.kind == SegmentKind::Field {
                    continue;
                }
                let r = root(&self.segs, t.base + local as u16);
                if self.segs[r as usize].occupants == 0 && !self.is_complete(r) {
                    out.push(Move::WagonTo {
                        pos: t.pos,
                        seg: local as u8,
                    });
                }
            }
        }
    }
}
