//! Scoring (RULES.md §3–§5): completed features during play, the barn's field scorings,
//! returning figures and wagons, and final scoring.

use crate::board::Board;
use crate::event::{Category, Cause, Event};
use crate::game::{Game, Phase, find};
use crate::moves::FigureKind;
use crate::tile::{ABBEY, SegmentKind};

impl Game {
    /// Step 3 of a turn: score what the tile completed, then the barn's field scorings, then
    /// send the figures home and let returning wagons move.
    pub(crate) fn score_turn(&mut self, barn: Option<u16>) {
        let n = self.ncompleted as usize;
        let mut done = self.completed;
        // Roads, then cities, then monasteries and abbeys.
        done[..n].sort_by_key(|&r| (self.segs[r as usize].kind as u8, r));
        for &root in &done[..n] {
            self.score_feature(root, Cause::Completed);
        }
        let mut fields = [0u16; 8];
        let mut nfields = 0;
        let placed = self.board.tiles()[self.placed as usize];
        // Barn placed this turn in a field with farmers: 3 per completed city.
        let barn_root = barn.map(|seg| find(&mut self.segs, seg));
        if let Some(root) = barn_root
            && self.segs[root as usize].occupants > 0
        {
            self.score_field(root, 3, Cause::BarnPlaced);
            fields[nfields] = root;
            nfields += 1;
        }
        // A tile joining farmers to a barn: 1 per completed city.
        if placed.tile != ABBEY {
            let o = Board::oriented(&placed);
            for (local, s) in o.segments.iter().enumerate() {
                if s.kind != SegmentKind::Field {
                    continue;
                }
                let root = find(&mut self.segs, placed.base + local as u16);
                let r = self.segs[root as usize];
                if r.barns > 0 && r.occupants > 0 && !fields[..nfields].contains(&root) {
                    self.score_field(root, 1, Cause::BarnJoined);
                    fields[nfields] = root;
                    nfields += 1;
                }
            }
        }
        // Figures of scored features go home (barns stay); wagons queue for their decision.
        self.nwagons = 0;
        self.wagon_next = 0;
        if n + nfields > 0 {
            let mut i = 0;
            while i < self.figures.len() {
                let f = self.figures[i];
                if f.kind == FigureKind::Barn {
                    i += 1;
                    continue;
                }
                let root = find(&mut self.segs, f.seg);
                let from_feature = done[..n].contains(&root);
                if !from_feature && !fields[..nfields].contains(&root) {
                    i += 1;
                    continue;
                }
                self.figures.swap_remove(i);
                self.segs[root as usize].count_figure(f.player, f.kind, -1);
                let p = &mut self.players[f.player as usize];
                match f.kind {
                    FigureKind::Follower => p.followers += 1,
                    FigureKind::Mayor => p.mayor = true,
                    FigureKind::Wagon => {
                        // The wagon waits for its owner's decision.
                        self.wagon_queue[self.nwagons as usize] = (f.player, f.tile);
                        self.nwagons += 1;
                    }
                    FigureKind::Barn => {}
                }
                let pos = self.board.tiles()[f.tile as usize].pos;
                self.event(Event::FigureReturned {
                    player: f.player,
                    figure: f.kind,
                    pos,
                });
            }
            let (cur, np) = (self.current, self.nplayers);
            self.wagon_queue[..self.nwagons as usize].sort_by_key(|&(p, _)| (p + np - cur) % np);
        }
        self.finish_scoring();
    }

    fn finish_scoring(&mut self) {
        self.ncompleted = 0;
        self.next_wagon();
    }

    /// Scores a road, city or monastery (completed now, or unfinished at the end).
    pub(crate) fn score_feature(&mut self, root: u16, cause: Cause) {
        let Some(players) = self.majority(root) else {
            return;
        };
        let s = self.segs[root as usize];
        let complete = cause == Cause::Completed;
        let tiles = s.tile_count();
        let pos = self.board.tiles()[s.tile as usize].pos;
        let (category, points, shown_tiles) = match s.kind {
            SegmentKind::Road => (Category::Road, tiles, tiles),
            SegmentKind::City => {
                let per = if complete { 2 } else { 1 };
                (Category::City, per * (tiles + s.pennants as u32), tiles)
            }
            SegmentKind::Monastery => {
                let around = self.neighbours(pos) as u32;
                (
                    Category::Monastery,
                    if complete { 9 } else { 1 + around },
                    1 + around,
                )
            }
            SegmentKind::Field => return,
        };
        self.award(players, category, points);
        self.event(Event::Scored {
            feature: s.kind,
            category,
            cause,
            players: bits_to_players(players),
            points,
            tiles: shown_tiles as u8,
            pennants: s.pennants,
            cities: 0,
            pos,
        });
    }

    /// Scores a field's farmers at `per_city` points per completed city it touches.
    fn score_field(&mut self, root: u16, per_city: u32, cause: Cause) {
        let Some(players) = self.majority(root) else {
            return;
        };
        let cities = u32::from(self.completed_cities(root));
        let points = per_city * cities;
        if points == 0 {
            // A field without completed cities gives nothing; an event would only be noise.
            return;
        }
        self.award(players, Category::Field, points);
        let pos = self.board.tiles()[self.segs[root as usize].tile as usize].pos;
        self.event(Event::Scored {
            feature: SegmentKind::Field,
            category: Category::Field,
            cause,
            players: bits_to_players(players),
            points,
            tiles: 0,
            pennants: 0,
            cities: cities as u8,
            pos,
        });
    }

    /// The players with the greatest strength in a feature, as a bitmask; `None` when nobody
    /// has strength above zero. A mayor's strength is the city's pennants.
    fn majority(&self, root: u16) -> Option<u8> {
        // Fields hold no mayors, so for a field this is the farmers' strength.
        let strength = self.segs[root as usize].strengths();
        let max = *strength.iter().max().unwrap_or(&0);
        if max == 0 {
            return None;
        }
        let mut players = 0u8;
        for (p, &v) in strength.iter().enumerate() {
            if v == max {
                players |= 1 << p;
            }
        }
        Some(players)
    }

    fn award(&mut self, players: u8, category: Category, points: u32) {
        for p in 0..self.nplayers as usize {
            if players & (1 << p) != 0 {
                self.players[p].score += points;
                self.players[p].breakdown.add(category, points);
            }
        }
    }

    /// Final scoring: unfinished roads, cities, monasteries and abbeys, then farmers, then
    /// barns (RULES.md §5 step 4).
    pub(crate) fn final_scoring(&mut self) {
        let mut roots: Vec<(u8, u16)> = Vec::new();
        for i in 0..self.figures.len() {
            let f = self.figures[i];
            let root = find(&mut self.segs, f.seg);
            let kind = self.segs[root as usize].kind;
            // Order: roads, cities, monasteries, farmers' fields, barns' fields.
            let order = match (f.kind, kind) {
                (FigureKind::Barn, _) => 4,
                (_, k) => k as u8,
            };
            if !roots.contains(&(order, root)) {
                roots.push((order, root));
            }
        }
        roots.sort_unstable();
        for (order, root) in roots {
            match order {
                0..=2 => {
                    if !self.is_complete(root) {
                        self.score_feature(root, Cause::Final);
                    }
                }
                3 => self.score_field(root, 3, Cause::Final),
                _ => self.score_barns(root),
            }
        }
        self.phase = Phase::Over;
        self.event(Event::GameEnded);
    }

    /// Every barn owner in a field gets 4 per completed city, once per field.
    fn score_barns(&mut self, root: u16) {
        let owners = self.segs[root as usize].barn_owners;
        let cities = u32::from(self.completed_cities(root));
        let points = 4 * cities;
        if points == 0 {
            return;
        }
        self.award(owners, Category::Barn, points);
        let pos = self.board.tiles()[self.segs[root as usize].tile as usize].pos;
        self.event(Event::Scored {
            feature: SegmentKind::Field,
            category: Category::Barn,
            cause: Cause::Final,
            players: bits_to_players(owners),
            points,
            tiles: 0,
            pennants: 0,
            cities: cities as u8,
            pos,
        });
    }
}

fn bits_to_players(bits: u8) -> Vec<u8> {
    (0..8).filter(|p| bits & (1 << p) != 0).collect()
}
