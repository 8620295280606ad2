//! Applying moves and the turn flow: placing tiles, abbeys, figures and wagons, logging the
//! record and events, and advancing through every step that involves no choice (drawing,
//! discards, skipped steps, the final abbey round, final scoring).

use rand::seq::SliceRandom;

use super::{Figure, Game, Phase, TurnEntry, find};
use crate::board::Board;
use crate::error::PlayError;
use crate::event::{Event, LoggedEvent};
use crate::geometry::{Pos, corner_halves};
use crate::moves::{FigureKind, Move};
use crate::tile::{ABBEY, TileType};

impl Game {
    /// A copy of this game for search: the hidden pile reshuffled from `rng` (a sample of
    /// what the pile may be, from the public counts), logging off.
    pub fn determinize<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Game {
        let mut g = self.clone();
        g.log = Vec::new();
        g.events = Vec::new();
        g.logging = false;
        // A drawn tile waiting to be placed lies on top of the pile and is public.
        let hidden = g.pile.len() - usize::from(matches!(g.phase, Phase::Place(_)));
        g.pile[..hidden].shuffle(rng);
        g
    }

    /// This game at a tile placement with `tile` drawn instead of the tile drawn: the other
    /// draws a luck analysis weighs the real one against. The copy's hidden pile holds the
    /// same tiles, with a copy of `tile` on top in place of the drawn one. `None` unless the
    /// game waits for a tile placement, a copy of `tile` is in the pile (the drawn tile
    /// counts) and it fits somewhere on the board: a tile that fits nowhere is never the one
    /// a player has to place (it is discarded and the next drawn).
    pub fn with_drawn(&self, tile: TileType) -> Option<Game> {
        let Phase::Place(drawn) = self.phase else {
            return None;
        };
        if tile == drawn {
            return Some(self.clone());
        }
        let top = self.pile.len().checked_sub(1)?;
        let at = self.pile[..top].iter().position(|&t| t == tile)?;
        if !self.fits_anywhere(tile) {
            return None;
        }
        let mut g = self.clone();
        g.pile.swap(at, top);
        g.phase = Phase::Place(tile);
        Some(g)
    }

    /// Plays uniformly random legal moves until the game ends and returns how many tiles and
    /// abbeys were placed. The random player of the CLI and the benchmarks.
    pub fn play_random<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut moves = Vec::with_capacity(256);
        let mut placed = 0;
        while self.phase != Phase::Over {
            self.legal_moves_into(&mut moves);
            let mv = moves[rng.random_range(0..moves.len())];
            placed += u32::from(matches!(mv, Move::Place { .. } | Move::Abbey { .. }));
            self.apply(mv);
        }
        placed
    }

    /// Plays `mv` if it is legal for the pending decision.
    ///
    /// # Errors
    /// A [`PlayError`] saying why the move is refused; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(self.explain_illegal(mv));
        }
        self.apply(mv);
        Ok(())
    }

    /// Plays `mv` without checking it. For search, with moves from [`Game::legal_moves_into`];
    /// an illegal move leaves the game in an unspecified state (it never causes undefined
    /// behaviour, but it may panic).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn apply(&mut self, mv: Move) {
        match mv {
            Move::Draw => self.draw(),
            Move::Place { pos, rot } => {
                let Phase::Place(tile) = self.phase else {
                    return;
                };
                self.remaining[tile as usize] -= 1;
                self.put_tile(pos, tile, rot);
                self.last_placer = self.current;
                if self.logging {
                    self.log.push(TurnEntry::Tile {
                        tile,
                        pos,
                        rot,
                        figure: None,
                        wagons: Vec::new(),
                    });
                    self.event(Event::TilePlaced {
                        player: self.current,
                        tile,
                        pos,
                        rotation: 90 * rot as u16,
                    });
                }
                self.after_placement();
            }
            Move::Abbey { pos } => {
                self.players[self.current as usize].abbey = false;
                self.put_abbey(pos);
                if self.logging {
                    self.log.push(TurnEntry::Abbey {
                        pos,
                        figure: None,
                        wagons: Vec::new(),
                    });
                    self.event(Event::AbbeyPlaced {
                        player: self.current,
                        pos,
                    });
                }
                self.after_placement();
            }
            Move::Figure { kind, spot } => {
                let seg = self.place_figure(kind, spot);
                self.score_turn((kind == FigureKind::Barn).then_some(seg));
            }
            Move::NoFigure => self.score_turn(None),
            Move::WagonTo { pos, seg } => {
                let (player, from) = self.wagon_queue[self.wagon_next as usize];
                let tile = self.board.tile_index(pos).unwrap_or(0);
                let base = self.board.tiles()[tile].base;
                let gseg = base + seg as u16;
                let root = find(&mut self.segs, gseg);
                self.segs[root as usize].count_figure(player, FigureKind::Wagon, 1);
                self.figures.push(Figure {
                    player,
                    kind: FigureKind::Wagon,
                    tile: tile as u8,
                    spot: seg,
                    seg: gseg,
                });
                if self.logging {
                    let from = self.board.tiles()[from as usize].pos;
                    let on = self.board.segment_name(pos, seg);
                    self.log_wagon(player, Some((pos, seg)));
                    self.event(Event::WagonMoved {
                        player,
                        from,
                        to: pos,
                        on,
                    });
                }
                self.wagon_next += 1;
                self.next_wagon();
            }
            Move::WagonHome => {
                let (player, _) = self.wagon_queue[self.wagon_next as usize];
                self.players[player as usize].wagon = true;
                self.log_wagon(player, None);
                self.wagon_next += 1;
                self.next_wagon();
            }
            Move::Pass => {
                if self.logging {
                    self.log.push(TurnEntry::Pass);
                    self.event(Event::Passed {
                        player: self.current,
                    });
                }
                self.continue_final_round();
            }
        }
    }

    pub(crate) fn event(&mut self, event: Event) {
        if self.logging {
            self.events.push(LoggedEvent {
                turn: self.log.len() as u32,
                event,
            });
        }
    }

    fn log_wagon(&mut self, player: u8, to: Option<(Pos, u8)>) {
        if !self.logging {
            return;
        }
        if let Some(TurnEntry::Tile { wagons, .. } | TurnEntry::Abbey { wagons, .. }) =
            self.log.last_mut()
        {
            wagons.push((player, to));
        }
    }

    pub(super) fn begin_turn(&mut self) {
        if self.pile.is_empty() {
            self.start_final_round();
        } else if self.players[self.current as usize].abbey && self.has_hole() {
            self.phase = Phase::Start;
        } else {
            self.draw();
        }
    }

    /// Draws until a tile fits somewhere; tiles that fit nowhere are discarded.
    fn draw(&mut self) {
        while let Some(tile) = self.pile.pop() {
            if self.fits_anywhere(tile) {
                self.pile.push(tile);
                self.phase = Phase::Place(tile);
                return;
            }
            self.remaining[tile as usize] -= 1;
            if self.logging {
                self.log.push(TurnEntry::Discarded { tile });
                self.event(Event::TileDiscarded {
                    player: self.current,
                    tile,
                });
            }
        }
        // The pile ran out through discards. The last tile was placed by whoever placed the
        // last land tile, and the final abbey round begins after them (RULES.md §4.1), not
        // after the player who discarded.
        self.current = self.last_placer;
        self.start_final_round();
    }

    fn after_placement(&mut self) {
        if let Phase::Place(_) = self.phase {
            self.pile.pop();
        }
        self.phase = Phase::Figure;
        let mut probe = Vec::new();
        self.figure_moves_into(&mut probe);
        if probe.is_empty() {
            self.score_turn(None);
        }
    }

    pub(crate) fn next_wagon(&mut self) {
        while self.wagon_next < self.nwagons {
            let (player, tile) = self.wagon_queue[self.wagon_next as usize];
            let mut targets = Vec::new();
            self.wagon_targets_into(tile, &mut targets);
            if !targets.is_empty() {
                self.phase = Phase::Wagon;
                return;
            }
            self.players[player as usize].wagon = true;
            self.log_wagon(player, None);
            self.wagon_next += 1;
        }
        self.nwagons = 0;
        self.wagon_next = 0;
        self.end_turn();
    }

    fn end_turn(&mut self) {
        if self.final_round {
            self.continue_final_round();
        } else if self.pile.is_empty() {
            self.start_final_round();
        } else {
            self.current = (self.current + 1) % self.nplayers;
            self.begin_turn();
        }
    }

    fn start_final_round(&mut self) {
        if !self.abbey_mayor || self.final_round {
            self.final_scoring();
            return;
        }
        self.final_round = true;
        self.final_left = self.nplayers;
        self.continue_final_round();
    }

    fn continue_final_round(&mut self) {
        while self.final_left > 0 {
            self.final_left -= 1;
            self.current = (self.current + 1) % self.nplayers;
            if self.players[self.current as usize].abbey && self.has_hole() {
                self.phase = Phase::FinalAbbey;
                return;
            }
        }
        self.final_scoring();
    }

    pub(crate) fn place_figure(&mut self, kind: FigureKind, spot: u8) -> u16 {
        let player = self.current;
        let placed = self.board.tiles()[self.placed as usize];
        let p = &mut self.players[player as usize];
        match kind {
            FigureKind::Follower => p.followers -= 1,
            FigureKind::Mayor => p.mayor = false,
            FigureKind::Wagon => p.wagon = false,
            FigureKind::Barn => p.barn = false,
        }
        let o = if placed.tile == ABBEY {
            None
        } else {
            Some(Board::oriented(&placed))
        };
        let local = match (kind, o) {
            (FigureKind::Barn, Some(o)) => o.half_segment[corner_halves(spot).0 as usize],
            _ => spot,
        };
        let seg = placed.base + local as u16;
        let root = find(&mut self.segs, seg) as usize;
        self.segs[root].count_figure(player, kind, 1);
        self.figures.push(Figure {
            player,
            kind,
            tile: self.placed,
            spot,
            seg,
        });
        if self.logging {
            if let Some(TurnEntry::Tile { figure, .. } | TurnEntry::Abbey { figure, .. }) =
                self.log.last_mut()
            {
                *figure = Some((kind, spot));
            }
            let on = self.board.spot_name(placed.pos, kind, spot);
            self.event(Event::FigurePlaced {
                player,
                figure: kind,
                pos: placed.pos,
                on,
            });
        }
        seg
    }
}
