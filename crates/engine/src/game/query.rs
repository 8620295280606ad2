//! Read-only questions about a position: what a feature holds, which segments it spans and who
//! owns it, and what the scores would be if the game ended now. For the app's overlays and the
//! AI's evaluation.

use crate::board::Board;
use crate::event::Event;
use crate::game::{Game, MAX_PLAYERS, Phase, root};
use crate::geometry::Pos;
use crate::moves::{FigureKind, Move};
use crate::tile::{ABBEY, SegmentKind, tables};

/// What a feature (road, city, monastery or field) holds.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FeatureInfo {
    /// Road, city, monastery or field.
    pub kind: SegmentKind,
    /// Tiles in the feature (a monastery counts itself and its neighbours).
    pub tiles: u8,
    /// Pennants in a city.
    pub pennants: u8,
    /// Open road or city edges (0 when complete).
    pub open: u8,
    /// Whether the feature is complete (fields never are).
    pub complete: bool,
    /// Strength per player: followers, wagons, mayors (by pennants), farmers in fields.
    pub strength: Vec<u8>,
    /// The players with the greatest strength above zero.
    pub owners: Vec<u8>,
    /// Barns in a field, per player.
    pub barns: Vec<u8>,
    /// Completed cities a field touches.
    pub cities: u8,
}

/// One segment of the board and the players who own its feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SegmentOwner {
    /// The tile.
    pub pos: Pos,
    /// Local segment index on that tile.
    pub seg: u8,
    /// Owners as a bit per player (farm owners for fields; barn owners when only barns).
    pub owners: u8,
}

impl Game {
    /// The feature that local segment `seg` of the tile at `pos` belongs to, or `None` if
    /// there is no such tile or segment.
    pub fn feature_at(&self, pos: Pos, seg: u8) -> Option<FeatureInfo> {
        let t = self.board.at(pos)?;
        let count = if t.tile == ABBEY {
            1
        } else {
            Board::oriented(t).segments.len()
        };
        if seg as usize >= count {
            return None;
        }
        let r = root(&self.segs, t.base + seg as u16);
        let s = self.segs[r as usize];
        let n = self.nplayers as usize;
        let (strength, barns) = self.strengths(r);
        let max = strength.iter().copied().max().unwrap_or(0);
        let owners = (0..n as u8)
            .filter(|&p| max > 0 && strength[p as usize] == max)
            .collect();
        let tiles = match s.kind {
            SegmentKind::Monastery => 1 + self.neighbours(self.board.tiles()[s.tile as usize].pos),
            SegmentKind::Field => 0,
            _ => s.tile_count() as u8,
        };
        Some(FeatureInfo {
            kind: s.kind,
            tiles,
            pennants: s.pennants,
            open: s.open,
            complete: self.is_complete(r),
            strength: strength[..n].to_vec(),
            owners,
            barns: barns[..n].to_vec(),
            cities: if s.kind == SegmentKind::Field {
                self.completed_cities(r)
            } else {
                0
            },
        })
    }

    /// Every segment of the feature that local segment `seg` of the tile at `pos` belongs
    /// to, as (tile position, local segment index), in placement order of the tiles and by
    /// index within a tile; empty if there is no such tile or segment. For showing a feature
    /// on the board (the app highlights a scored city or the road a tile extended).
    pub fn feature_segments(&self, pos: Pos, seg: u8) -> Vec<(Pos, u8)> {
        if self.feature_at(pos, seg).is_none() {
            return Vec::new();
        }
        let Some(t) = self.board.at(pos) else {
            return Vec::new();
        };
        let r = root(&self.segs, t.base + seg as u16);
        let tiles = self.board.tiles();
        let mut out = Vec::new();
        let mut s = r;
        loop {
            let g = self.segs[s as usize];
            out.push((g.tile, g.local));
            s = g.next;
            if s == r {
                break;
            }
        }
        out.sort_unstable();
        out.into_iter()
            .map(|(tile, local)| (tiles[tile as usize].pos, local))
            .collect()
    }

    /// Strength and barns per player in the feature of root `r`.
    fn strengths(&self, r: u16) -> ([u8; MAX_PLAYERS], [u8; MAX_PLAYERS]) {
        let strength = self.segs[r as usize].strengths();
        let mut barns = [0u8; MAX_PLAYERS];
        for f in &self.figures {
            if f.kind == FigureKind::Barn && root(&self.segs, f.seg) == r {
                barns[f.player as usize] += 1;
            }
        }
        (strength, barns)
    }

    /// Completed cities touching the field of root `r`, each once.
    pub(crate) fn completed_cities(&self, r: u16) -> u8 {
        let mut seen: Vec<u16> = Vec::new();
        let mut s = r;
        loop {
            let seg = self.segs[s as usize];
            let placed = self.board.tiles()[seg.tile as usize];
            let def = &tables().types[placed.tile as usize].orientations[placed.rot as usize]
                .segments[seg.local as usize];
            let mut cities = def.cities;
            while cities != 0 {
                let c = root(&self.segs, placed.base + cities.trailing_zeros() as u16);
                cities &= cities - 1;
                if self.segs[c as usize].open == 0 && !seen.contains(&c) {
                    seen.push(c);
                }
            }
            s = seg.next;
            if s == r {
                break;
            }
        }
        seen.len() as u8
    }

    /// Every segment on the board whose feature has an owner, with the owners: the ownership
    /// overlay. Fields show their farmers' majority, or their barn owners if no farmer.
    pub fn segment_owners(&self) -> Vec<SegmentOwner> {
        let mut by_root: Vec<(u16, u8)> = Vec::new();
        for f in &self.figures {
            let r = root(&self.segs, f.seg);
            if by_root.iter().any(|&(x, _)| x == r) {
                continue;
            }
            let (strength, barns) = self.strengths(r);
            let max = strength.iter().copied().max().unwrap_or(0);
            let mut owners = 0u8;
            for p in 0..self.nplayers as usize {
                if (max > 0 && strength[p] == max) || (max == 0 && barns[p] > 0) {
                    owners |= 1 << p;
                }
            }
            by_root.push((r, owners));
        }
        let mut out = Vec::new();
        if by_root.is_empty() {
            return out;
        }
        for (i, s) in self.segs.iter().enumerate() {
            let r = root(&self.segs, i as u16);
            if let Some(&(_, owners)) = by_root.iter().find(|&&(x, _)| x == r) {
                let pos = self.board.tiles()[s.tile as usize].pos;
                out.push(SegmentOwner {
                    pos,
                    seg: s.local,
                    owners,
                });
            }
        }
        out
    }

    /// The scores if the game ended now: this turn finished without further choices (no
    /// figure, wagons home), then final scoring. A cheap, exact evaluation for the AI.
    pub fn projected_scores(&self) -> Vec<u32> {
        self.ended_now(false).scores()
    }

    /// The scorings that ending the game now would log ([`Game::projected_scores`]: the turn
    /// finished without further choices, then final scoring): what each unfinished feature
    /// would be worth, and to whom.
    pub fn projected_events(&self) -> Vec<Event> {
        let g = self.ended_now(true);
        let seen = self.events().len().min(g.events().len());
        g.events()[seen..].iter().map(|e| e.event.clone()).collect()
    }

    /// This game ended now, as [`Game::projected_scores`] says, logging its events or not.
    fn ended_now(&self, logging: bool) -> Game {
        let mut g = self.clone();
        g.set_logging(logging);
        loop {
            match g.phase {
                Phase::Figure => g.play_unchecked(Move::NoFigure),
                Phase::Wagon => g.play_unchecked(Move::WagonHome),
                _ => break,
            }
            if g.final_round || g.phase == Phase::Over {
                break;
            }
            // The turn ended and the next began (it may have drawn): stop here.
            if matches!(g.phase, Phase::Start | Phase::Place(_) | Phase::FinalAbbey) {
                break;
            }
        }
        if g.phase != Phase::Over {
            g.final_scoring();
        }
        g
    }
}
