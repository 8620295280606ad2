//! The game: set-up, the state machine of decisions, legal moves and their application.
//!
//! A turn runs as RULES.md §5 says: tile (or abbey), figure, scoring, wagons. The game
//! advances by itself through everything that involves no choice: drawing when the abbey is
//! no alternative, discarding tiles that fit nowhere, skipping a figure step that offers
//! nothing, sending home wagons that have nowhere to go, skipping players in the final abbey
//! round who hold no abbey or have no hole, and final scoring.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

use crate::board::{Board, Placed};
use crate::error::{PlayError, SetupError};
use crate::event::{Breakdown, Event, LoggedEvent};
use crate::geometry::{AROUND, Pos, corner_halves, opposite_half, opposite_side};
use crate::moves::{Decision, FigureKind, Move};
use crate::tile::{
    ABBEY, LAND_TYPES, NO_SEGMENT, Oriented, START_TILE, SegmentKind, TileType, tables,
};

/// Followers each player starts with.
pub const FOLLOWERS: u8 = 7;
/// The most players a game holds.
pub const MAX_PLAYERS: usize = 6;

/// What a user asked for; turned into a [`Game`] by [`Game::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Number of players, 1 to 6.
    pub players: usize,
    /// Whether Abbey & Mayor is in play.
    pub abbey_mayor: bool,
    /// Seed that deals the pile.
    pub seed: u64,
}

/// A player's score and supply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Total points.
    pub score: u32,
    /// Points per category.
    pub breakdown: Breakdown,
    /// Ordinary followers in the supply.
    pub followers: u8,
    /// Whether the mayor is in the supply.
    pub mayor: bool,
    /// Whether the wagon is in the supply.
    pub wagon: bool,
    /// Whether the barn is in the supply.
    pub barn: bool,
    /// Whether the abbey tile is still in hand.
    pub abbey: bool,
}

/// A figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Owner.
    pub player: u8,
    /// Which figure.
    pub kind: FigureKind,
    /// Index of its tile in [`Board::tiles`].
    pub tile: u8,
    /// Local segment index, or the corner for a barn.
    pub spot: u8,
    /// Global segment id of the feature piece it stands on.
    pub(crate) seg: u16,
}

/// One entry of the game's record, as the game itself logs it (see [`crate::record`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnEntry {
    /// A land tile placed, with the turn's figure and wagon decisions.
    Tile {
        /// Which tile.
        tile: TileType,
        /// Where.
        pos: Pos,
        /// Quarter turns clockwise.
        rot: u8,
        /// The figure placed, as (kind, spot).
        figure: Option<(FigureKind, u8)>,
        /// Wagon decisions in order: owner, and target tile and local segment or home.
        wagons: Vec<(u8, Option<(Pos, u8)>)>,
    },
    /// An abbey placed.
    Abbey {
        /// Where.
        pos: Pos,
        /// The figure placed, as (kind, spot).
        figure: Option<(FigureKind, u8)>,
        /// Wagon decisions.
        wagons: Vec<(u8, Option<(Pos, u8)>)>,
    },
    /// A drawn tile that fit nowhere.
    Discarded {
        /// Which tile.
        tile: TileType,
    },
    /// A pass in the final abbey round.
    Pass,
}

/// One segment's union-find node, with its feature's tallies valid at the root.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Seg {
    pub(crate) parent: u16,
    /// Next segment of the same feature (a circular list, spliced on union).
    pub(crate) next: u16,
    pub(crate) tile: u8,
    pub(crate) local: u8,
    pub(crate) kind: SegmentKind,
    /// Open road or city edges of the feature.
    pub(crate) open: u8,
    pub(crate) pennants: u8,
    /// Followers, mayors, wagons and farmers in the feature.
    pub(crate) occupants: u8,
    pub(crate) barns: u8,
    /// Strength per player from followers, wagons and farmers (mayors are counted apart,
    /// since their strength is the pennants at the moment of scoring).
    pub(crate) strength: [u8; MAX_PLAYERS],
    /// Players with a mayor in the feature (each player has one mayor).
    pub(crate) mayors: u8,
    /// Players with a barn in the field.
    pub(crate) barn_owners: u8,
    /// Placed-tile indices in the feature: a tile counts once however many segments it has.
    pub(crate) tiles: [u64; 2],
}

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Start,
    Place(TileType),
    Figure,
    Wagon,
    FinalAbbey,
    Over,
}

/// A game in progress or finished. Fields are private; read them through the getters.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) nplayers: u8,
    pub(crate) abbey_mayor: bool,
    pub(crate) seed: u64,
    /// The hidden pile; the next tile is the last element.
    pile: Vec<TileType>,
    remaining: [u8; LAND_TYPES],
    pub(crate) board: Board,
    pub(crate) segs: Vec<Seg>,
    pub(crate) players: [PlayerState; MAX_PLAYERS],
    pub(crate) figures: Vec<Figure>,
    pub(crate) phase: Phase,
    pub(crate) current: u8,
    /// Index of the tile placed this turn.
    pub(crate) placed: u8,
    /// Features completed by this turn's tile, scored after the figure step.
    pub(crate) completed: [u16; 16],
    pub(crate) ncompleted: u8,
    /// Returning wagons (owner, tile it stood on), in decision order.
    pub(crate) wagon_queue: [(u8, u8); MAX_PLAYERS],
    pub(crate) nwagons: u8,
    pub(crate) wagon_next: u8,
    pub(crate) final_round: bool,
    pub(crate) final_left: u8,
    /// The player who placed the last land tile: the final abbey round begins after them.
    last_placer: u8,
    logging: bool,
    pub(crate) log: Vec<TurnEntry>,
    pub(crate) events: Vec<LoggedEvent>,
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
    /// Starts a game: the start tile at `(0, 0)` and the pile dealt from `setup.seed`.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] unless there are 1 to 6 players.
    pub fn new(setup: &Setup) -> Result<Game, SetupError> {
        let mut pile = Vec::with_capacity(84);
        for (t, info) in tables().types[..LAND_TYPES].iter().enumerate() {
            if info.expansion && !setup.abbey_mayor {
                continue;
            }
            let copies = info.count - u8::from(t as TileType == START_TILE);
            pile.extend(std::iter::repeat_n(t as TileType, copies as usize));
        }
        let mut rng = Pcg64Mcg::seed_from_u64(setup.seed);
        pile.shuffle(&mut rng);
        Game::start(setup, pile)
    }

    /// Starts a game whose pile is `tiles`, drawn in that order (a scripted game or a
    /// replay). The pile may be shorter than the full set.
    ///
    /// # Errors
    /// [`SetupError`] for a bad player count, a tile outside the set in play, or more copies
    /// of a tile than the set holds.
    pub fn with_pile(setup: &Setup, tiles: &[TileType]) -> Result<Game, SetupError> {
        let mut used = [0u8; LAND_TYPES];
        used[START_TILE as usize] = 1;
        for &t in tiles {
            check_tile(t, setup.abbey_mayor, &mut used)?;
        }
        let mut pile = tiles.to_vec();
        pile.reverse();
        Game::start(setup, pile)
    }

    fn start(setup: &Setup, pile: Vec<TileType>) -> Result<Game, SetupError> {
        if !(1..=MAX_PLAYERS).contains(&setup.players) {
            return Err(SetupError::PlayerCount(setup.players));
        }
        let mut remaining = [0u8; LAND_TYPES];
        for &t in &pile {
            remaining[t as usize] += 1;
        }
        let em = setup.abbey_mayor;
        let player = PlayerState {
            followers: FOLLOWERS,
            mayor: em,
            wagon: em,
            barn: em,
            abbey: em,
            ..PlayerState::default()
        };
        let mut game = Game {
            nplayers: setup.players as u8,
            abbey_mayor: em,
            seed: setup.seed,
            pile,
            remaining,
            board: Board::new(),
            segs: Vec::with_capacity(512),
            players: [player; MAX_PLAYERS],
            figures: Vec::with_capacity(32),
            phase: Phase::Over,
            current: 0,
            placed: 0,
            completed: [0; 16],
            ncompleted: 0,
            wagon_queue: [(0, 0); MAX_PLAYERS],
            nwagons: 0,
            wagon_next: 0,
            final_round: false,
            final_left: 0,
            // As if the player before the first had placed the start tile.
            last_placer: setup.players as u8 - 1,
            logging: true,
            log: Vec::new(),
            events: Vec::new(),
        };
        game.put_tile(Pos::new(0, 0), START_TILE, 0);
        game.ncompleted = 0;
        game.begin_turn();
        Ok(game)
    }

    // ----- getters -----------------------------------------------------------------------

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.nplayers as usize
    }

    /// Whether Abbey & Mayor is in play.
    pub fn abbey_mayor(&self) -> bool {
        self.abbey_mayor
    }

    /// The seed the pile was dealt from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The pile in drawing order. Only for rebuilding a dealt game; never shown to players.
    pub(crate) fn dealt_order(&self) -> Vec<TileType> {
        self.pile.iter().rev().copied().collect()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Each player's score and supply.
    pub fn players(&self) -> &[PlayerState] {
        &self.players[..self.nplayers as usize]
    }

    /// Total scores per player.
    pub fn scores(&self) -> Vec<u32> {
        self.players().iter().map(|p| p.score).collect()
    }

    /// The figures on the board.
    pub fn figures(&self) -> &[Figure] {
        &self.figures
    }

    /// Tiles left in the pile (public; the order is not).
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// Tiles left in the pile per land tile type (public; the order is not).
    pub fn remaining(&self) -> &[u8; LAND_TYPES] {
        &self.remaining
    }

    /// The owners of wagons that returned this turn and still await their decision, in
    /// decision order (the first is the pending decision's).
    pub fn returning_wagons(&self) -> Vec<u8> {
        if self.phase != Phase::Wagon {
            return Vec::new();
        }
        self.wagon_queue[self.wagon_next as usize..self.nwagons as usize]
            .iter()
            .map(|w| w.0)
            .collect()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Whether the final abbey round is under way.
    pub fn in_final_round(&self) -> bool {
        self.final_round
    }

    /// The entries of the game's record so far.
    pub fn log(&self) -> &[TurnEntry] {
        &self.log
    }

    /// Every event so far (empty when logging is off).
    pub fn events(&self) -> &[LoggedEvent] {
        &self.events
    }

    /// Turns the record log and events on or off. Search turns them off: playing then
    /// allocates nothing per move.
    pub fn set_logging(&mut self, on: bool) {
        self.logging = on;
    }

    /// The pending decision.
    pub fn decision(&self) -> Decision {
        let player = self.current;
        match self.phase {
            Phase::Start => Decision::DrawOrAbbey { player },
            Phase::Place(tile) => Decision::PlaceTile { player, tile },
            Phase::Figure => Decision::PlaceFigure {
                player,
                pos: self.board.tiles()[self.placed as usize].pos,
            },
            Phase::Wagon => {
                let (player, tile) = self.wagon_queue[self.wagon_next as usize];
                Decision::MoveWagon {
                    player,
                    from: self.board.tiles()[tile as usize].pos,
                }
            }
            Phase::FinalAbbey => Decision::FinalAbbey { player },
            Phase::Over => Decision::GameOver,
        }
    }

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

    // ----- legal moves ---------------------------------------------------------------------

    /// The legal moves for the pending decision.
    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Writes the legal moves for the pending decision into `out` (cleared first). Reusing
    /// `out` makes move generation allocation-free.
    pub fn legal_moves_into(&mut self, out: &mut Vec<Move>) {
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

    fn holes_into(&self, out: &mut Vec<Move>) {
        for f in self.board.frontier() {
            if f.neighbours == 4 {
                out.push(Move::Abbey { pos: f.pos });
            }
        }
    }

    fn has_hole(&self) -> bool {
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

    fn fits_anywhere(&self, tile: TileType) -> bool {
        let info = &tables().types[tile as usize];
        let patterns = [0, 1, 2, 3].map(|r| info.orientations[r].pattern);
        self.board
            .frontier()
            .iter()
            .any(|f| patterns.iter().any(|&p| f.fits(p)))
    }

    fn figure_moves_into(&mut self, out: &mut Vec<Move>) {
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
            let root = find(&mut self.segs, placed.base + local as u16) as usize;
            let r = self.segs[root];
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
                if let Some(root) = self.barn_corner_field(&placed, o, corner)
                    && self.segs[root as usize].barns == 0
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
    fn barn_corner_field(&mut self, placed: &Placed, o: &Oriented, corner: u8) -> Option<u16> {
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
        Some(find(&mut self.segs, placed.base + local as u16))
    }

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

    fn wagon_targets_into(&mut self, from_tile: u8, out: &mut Vec<Move>) {
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
                let root = find(&mut self.segs, t.base + local as u16);
                if self.segs[root as usize].occupants == 0 && !self.is_complete(root) {
                    out.push(Move::WagonTo {
                        pos: t.pos,
                        seg: local as u8,
                    });
                }
            }
        }
    }

    // ----- playing -------------------------------------------------------------------------

    /// Plays `mv` if it is legal for the pending decision.
    ///
    /// # Errors
    /// A [`PlayError`] saying why the move is refused; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.phase == Phase::Over {
            return Err(PlayError::GameOver);
        }
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
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
                    let on = Board::oriented(&self.board.tiles()[tile]).segment_name(seg);
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

    // ----- turn flow -----------------------------------------------------------------------

    fn begin_turn(&mut self) {
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

    // ----- board updates -------------------------------------------------------------------

    /// Places a land tile and joins its segments to their neighbours' features. Completed
    /// features are collected in `completed`.
    fn put_tile(&mut self, pos: Pos, tile: TileType, rot: u8) {
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
    fn put_abbey(&mut self, pos: Pos) {
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

    fn place_figure(&mut self, kind: FigureKind, spot: u8) -> u16 {
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
            let on = match (kind, o) {
                (FigureKind::Barn, _) => crate::geometry::CORNER_NAMES[spot as usize],
                (_, Some(o)) => o.segment_name(spot),
                (_, None) => "monastery",
            };
            self.event(Event::FigurePlaced {
                player,
                figure: kind,
                pos: placed.pos,
                on,
            });
        }
        seg
    }

    // ----- diagnostics -----------------------------------------------------------------------

    fn explain_illegal(&mut self, mv: Move) -> PlayError {
        let expected = match self.phase {
            Phase::Start => "a draw or an abbey",
            Phase::Place(_) => "a tile placement",
            Phase::Figure => "a figure or no figure",
            Phase::Wagon => "a wagon decision",
            Phase::FinalAbbey => "an abbey or a pass",
            Phase::Over => return PlayError::GameOver,
        };
        let wrong = |got| PlayError::WrongDecision { expected, got };
        match (mv, self.phase) {
            (Move::Place { pos, rot }, Phase::Place(tile)) => {
                let id = tables().types[tile as usize].id;
                let reason = if self.board.at(pos).is_some() {
                    "the cell is taken".to_string()
                } else if let Some(f) = self.board.frontier_at(pos) {
                    let pattern =
                        tables().types[tile as usize].orientations[rot as usize & 3].pattern;
                    if rot > 3 {
                        "the rotation must be 0, 90, 180 or 270".to_string()
                    } else if !f.fits(pattern) {
                        "its edges do not match the neighbours".to_string()
                    } else {
                        "this rotation gives the same tile as a smaller one".to_string()
                    }
                } else {
                    "the cell touches no tile".to_string()
                };
                PlayError::Placement(format!(
                    "tile {id} at {pos} rotation {}: {reason}",
                    90 * rot as u16
                ))
            }
            (Move::Abbey { pos }, Phase::Start | Phase::FinalAbbey) => {
                if !self.players[self.current as usize].abbey {
                    PlayError::Abbey("the player has no abbey left".into())
                } else {
                    PlayError::Abbey(format!(
                        "{pos} is not a hole (an empty cell with four neighbours)"
                    ))
                }
            }
            (Move::Figure { kind, .. }, Phase::Figure) => {
                let p = self.players[self.current as usize];
                let reason = match kind {
                    FigureKind::Follower if p.followers == 0 => "no follower left".to_string(),
                    FigureKind::Mayor if !p.mayor => "the mayor is not in the supply".to_string(),
                    FigureKind::Wagon if !p.wagon => "the wagon is not in the supply".to_string(),
                    FigureKind::Barn if !p.barn => "the barn is not in the supply".to_string(),
                    FigureKind::Barn => {
                        "a barn needs a corner where four tiles meet with field, in a field without a barn"
                            .to_string()
                    }
                    _ => format!(
                        "a {} cannot stand there (occupied feature, wrong kind of feature, or a field with a barn)",
                        kind.name()
                    ),
                };
                PlayError::Figure(reason)
            }
            (Move::WagonTo { pos, .. }, Phase::Wagon) => PlayError::Wagon(format!(
                "the target at {pos} must be a road, city or monastery, not completed, unoccupied, on the wagon's tile or one of the eight around it"
            )),
            (Move::Draw, _) => wrong("drawing"),
            (Move::Place { .. }, _) => wrong("a tile placement"),
            (Move::Abbey { .. }, _) => wrong("an abbey"),
            (Move::Figure { .. } | Move::NoFigure, _) => wrong("a figure"),
            (Move::WagonTo { .. } | Move::WagonHome, _) => wrong("a wagon move"),
            (Move::Pass, _) => wrong("a pass"),
        }
    }
}

/// Checks that `t` is a land tile of the set in play and counts it.
pub(crate) fn check_tile(
    t: TileType,
    abbey_mayor: bool,
    used: &mut [u8; LAND_TYPES],
) -> Result<(), SetupError> {
    let Some(info) = tables()
        .types
        .get(t as usize)
        .filter(|_| (t as usize) < LAND_TYPES)
    else {
        return Err(SetupError::Tile {
            tile: format!("#{t}"),
            reason: "not a land tile".into(),
        });
    };
    if info.expansion && !abbey_mayor {
        return Err(SetupError::Tile {
            tile: info.id.into(),
            reason: "belongs to Abbey & Mayor, which is not in play".into(),
        });
    }
    used[t as usize] += 1;
    if used[t as usize] > info.count {
        let note = if t == START_TILE {
            " (the start tile is one of them)"
        } else {
            ""
        };
        return Err(SetupError::Tile {
            tile: info.id.into(),
            reason: format!("the set holds only {}{note}", info.count),
        });
    }
    Ok(())
}
