//! Starting a game: dealing the pile from a seed or taking a given one, checking the tiles,
//! placing the start tile.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

use super::{FOLLOWERS, Game, MAX_PLAYERS, Phase, PlayerState, Setup};
use crate::board::Board;
use crate::error::SetupError;
use crate::geometry::Pos;
use crate::tile::{LAND_TYPES, START_TILE, TileType, tables};

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
