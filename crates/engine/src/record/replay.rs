//! Replaying a record through the rules, move by move through [`Game::play`], with the first
//! entry that does not replay named in the error.

use super::error::{RecordError, err, quote};
use super::format::{Record, RecordFigure, RecordTurn, RecordWagon};
use super::parse::MAX_TURNS;
use crate::game::{Game, Setup, TurnEntry, check_tile};
use crate::moves::{Decision, FigureKind, Move};
use crate::notation::{MoveName, NameError, WagonTarget, check_pos, check_rotation};
use crate::tile::{LAND_TYPES, START_TILE, TileType, tables};

impl Record {
    /// Replays the record through the rules and returns the game it leads to.
    ///
    /// A finished record (`end: true`) is played with its own tiles as the pile, then the
    /// final abbey round (missing entries are passes) and final scoring. A game in progress
    /// continues with the rest of the set after the recorded tiles: in the order the seed
    /// dealt when the recorded tiles are that deal's beginning, otherwise shuffled by the seed.
    ///
    /// # Errors
    /// A [`RecordError`] naming the first turn that is malformed or illegal.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with(None)
    }

    /// Replays a record of a game in progress whose next draws are `next`, in that order (a
    /// prepared position, e.g. a lesson). With `end` the pile holds nothing after `next`: the
    /// game ends once they are placed (final abbey round, final scoring); without it the rest
    /// of the set follows, shuffled by the seed.
    ///
    /// # Errors
    /// A [`RecordError`]: turn 0 if the record has `end: true`, or if a tile of `next` is
    /// unknown or one copy too many for the set; else the first turn that does not replay.
    pub fn replay_then(&self, next: &[TileType], end: bool) -> Result<Game, RecordError> {
        if self.end {
            return err(0, "the record has ended: no tiles can follow it");
        }
        self.replay_with(Some((next, end)))
    }

    fn replay_with(&self, next: Option<(&[TileType], bool)>) -> Result<Game, RecordError> {
        let setup = self.setup()?;
        if self.turns.len() > MAX_TURNS {
            return err(
                0,
                format!(
                    "format: {} turn entries; a game has at most {MAX_TURNS}",
                    self.turns.len()
                ),
            );
        }
        let tables = tables();
        let mut drawn = Vec::new();
        let mut used = [0u8; LAND_TYPES];
        used[START_TILE as usize] = 1;
        for (i, t) in self.turns.iter().enumerate() {
            t.check_shape(i + 1, t.keys())?;
            if let Some(id) = t.tile.as_ref().or(t.discarded.as_ref()) {
                let Some(tile) = tables.by_id(id).filter(|&t| (t as usize) < LAND_TYPES) else {
                    return err(i + 1, format!("unknown tile {}", quote(id)));
                };
                check_tile(tile, setup.abbey_mayor, &mut used)
                    .or_else(|e| err(i + 1, e.to_string()))?;
                drawn.push(tile);
            }
        }
        let mut end = self.end;
        if let Some((next, next_end)) = next {
            for &tile in next {
                check_tile(tile, setup.abbey_mayor, &mut used)
                    .or_else(|e| err(0, format!("next tiles: {e}")))?;
                drawn.push(tile);
            }
            end = next_end;
        }
        let pile = if end {
            drawn
        } else {
            continue_pile(&setup, drawn)
        };
        let mut game = Game::with_pile(&setup, &pile).or_else(|e| err(0, e.to_string()))?;
        for (i, t) in self.turns.iter().enumerate() {
            replay_turn(&mut game, i + 1, t)?;
        }
        if self.end {
            while matches!(game.decision(), Decision::FinalAbbey { .. }) {
                play(&mut game, self.turns.len(), Move::Pass)?;
            }
            if !game.is_over() {
                return err(
                    self.turns.len(),
                    "the record says the game ended, but it goes on",
                );
            }
        }
        Ok(game)
    }
}

/// The pile of a game in progress: the recorded tiles, then the rest of the set.
fn continue_pile(setup: &Setup, drawn: Vec<TileType>) -> Vec<TileType> {
    if let Ok(dealt) = Game::new(setup).map(|g| g.dealt_order())
        && dealt.starts_with(&drawn)
    {
        return dealt;
    }
    let mut rest = [0u8; LAND_TYPES];
    for (t, info) in tables().types[..LAND_TYPES].iter().enumerate() {
        if !info.expansion || setup.abbey_mayor {
            rest[t] = info.count - u8::from(t as TileType == START_TILE);
        }
    }
    for &t in &drawn {
        rest[t as usize] -= 1;
    }
    let mut tail: Vec<TileType> = Vec::new();
    for (t, &n) in rest.iter().enumerate() {
        tail.extend(std::iter::repeat_n(t as TileType, n as usize));
    }
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    tail.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(setup.seed));
    let mut pile = drawn;
    pile.extend(tail);
    pile
}

fn play(game: &mut Game, turn: usize, mv: Move) -> Result<(), RecordError> {
    game.play(mv).or_else(|e| err(turn, e.to_string()))
}

/// A [`NameError`] as a record's reason: `category: what is wrong`.
fn name_reason(e: NameError) -> String {
    match e {
        NameError::FarOff { .. } => format!("illegal placement: {e}"),
        NameError::BadRotation(_) => format!("format: {e}"),
        NameError::UnknownFigure(kind) => format!("format: unknown figure kind {}", quote(&kind)),
        NameError::NotCorner(_) => "figure: a barn needs a \"corner\" (NW, NE, SE or SW)".into(),
        NameError::NoTile(_) => "figure: no tile".into(),
        NameError::NoFeature { name, .. } => {
            format!("figure: the tile has no feature at {}", quote(&name))
        }
        NameError::NoFigureNow => "figure: no figure can be placed on this tile now".into(),
    }
}

/// Plays the move `name` names.
fn play_name(game: &mut Game, turn: usize, name: &MoveName) -> Result<(), RecordError> {
    let mv = name.to_move(game).or_else(|e| err(turn, name_reason(e)))?;
    play(game, turn, mv)
}

/// A recorded position as a name's coordinates.
fn xy(turn: usize, at: [i64; 2]) -> Result<(i32, i32), RecordError> {
    let pos = check_pos(at[0], at[1]).or_else(|e| err(turn, name_reason(e)))?;
    Ok((pos.x.into(), pos.y.into()))
}

fn replay_turn(game: &mut Game, turn: usize, t: &RecordTurn) -> Result<(), RecordError> {
    let land = t.tile.is_some() || t.discarded.is_some();
    if land && matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
        play(game, turn, Move::Draw)?;
    }
    // The engine discards tiles that fit nowhere by itself; the record must say so too.
    if let Some(TurnEntry::Discarded { tile }) = game.log().get(turn - 1) {
        let id = tables().types[*tile as usize].id;
        return match &t.discarded {
            Some(_) => Ok(()),
            None => err(
                turn,
                format!("illegal placement: tile {id} fits nowhere and must be discarded"),
            ),
        };
    }
    if let Some(id) = &t.discarded {
        return err(
            turn,
            format!(
                "discard: tile {} fits on the board, so it may not be discarded",
                quote(id)
            ),
        );
    }
    if t.tile.is_some() {
        if !matches!(game.decision(), Decision::PlaceTile { .. }) {
            return err(
                turn,
                "illegal placement: no tile is drawn now (the pile is empty)",
            );
        }
        let (Some(at), Some(rotation)) = (t.at, t.rotation) else {
            return err(turn, "format: a tile entry needs \"at\" and \"rotation\"");
        };
        // The rotation is checked first (so that it fits the name), then the position.
        let rot = check_rotation(rotation).or_else(|e| err(turn, name_reason(e)))?;
        let (x, y) = xy(turn, at)?;
        let rotation = 90 * i32::from(rot);
        play_name(game, turn, &MoveName::Place { x, y, rotation })?;
    } else if let Some(at) = t.abbey {
        match game.decision() {
            Decision::DrawOrAbbey { .. } | Decision::FinalAbbey { .. } => {}
            _ => {
                return err(
                    turn,
                    "abbey: the abbey can be placed only instead of drawing a tile",
                );
            }
        }
        let (x, y) = xy(turn, at)?;
        play_name(game, turn, &MoveName::Abbey { x, y })?;
    } else {
        if t.pass != Some(true) {
            return err(turn, "format: \"pass\" must be true");
        }
        if !matches!(game.decision(), Decision::FinalAbbey { .. }) {
            return err(
                turn,
                "abbey: a pass is possible only in the final abbey round",
            );
        }
        return play(game, turn, Move::Pass);
    }
    replay_figure(game, turn, t.figure.as_ref())?;
    replay_wagons(game, turn, &t.wagons)
}

fn replay_figure(
    game: &mut Game,
    turn: usize,
    figure: Option<&RecordFigure>,
) -> Result<(), RecordError> {
    let f = match (game.decision(), figure) {
        (Decision::PlaceFigure { .. }, Some(f)) => f,
        (Decision::PlaceFigure { .. }, None) => return play(game, turn, Move::NoFigure),
        (_, Some(_)) => return err(turn, name_reason(NameError::NoFigureNow)),
        (_, None) => return Ok(()),
    };
    // A barn stands on a `corner`, the others `on` a segment.
    let on = match FigureKind::parse(&f.kind) {
        Some(FigureKind::Barn) => &f.corner,
        _ => &f.on,
    };
    let name = MoveName::Figure {
        kind: f.kind.clone(),
        on: on.clone().unwrap_or_default(),
    };
    let mv = name.to_move(game).or_else(|e| match (e, on) {
        (NameError::NoFeature { .. }, None) => err(turn, "figure: the figure needs \"on\""),
        (e, _) => err(turn, name_reason(e)),
    })?;
    play(game, turn, mv)
}

fn replay_wagons(game: &mut Game, turn: usize, wagons: &[RecordWagon]) -> Result<(), RecordError> {
    // Wagons with nowhere to go were sent home by the engine and logged; the record may list
    // them (with `to: null`) or leave them out.
    let mut k = 0;
    for w in wagons {
        loop {
            let logged = match game.log().get(turn - 1) {
                Some(TurnEntry::Tile { wagons, .. } | TurnEntry::Abbey { wagons, .. }) => {
                    wagons.clone()
                }
                _ => Vec::new(),
            };
            if k < logged.len() {
                let (player, to) = logged[k];
                k += 1;
                if player as usize == w.player {
                    if w.to.is_some() && to.is_none() {
                        return err(
                            turn,
                            format!("wagon: player {}'s wagon has nowhere to go", w.player),
                        );
                    }
                    break;
                }
                continue;
            }
            match game.decision() {
                Decision::MoveWagon { player, .. } if player as usize == w.player => {
                    let to = match &w.to {
                        None => None,
                        Some(target) => {
                            let (x, y) = xy(turn, target.at)?;
                            let on = target.on.clone();
                            Some(WagonTarget { x, y, on })
                        }
                    };
                    let mv = MoveName::Wagon { to }.to_move(game).or_else(|e| match e {
                        NameError::NoTile(pos) | NameError::NoFeature { pos, .. } => {
                            let on = w.to.as_ref().map_or("", |t| &t.on);
                            err(turn, format!("wagon: no feature {} at {pos}", quote(on)))
                        }
                        e => err(turn, name_reason(e)),
                    })?;
                    play(game, turn, mv)?;
                    k += 1;
                    break;
                }
                Decision::MoveWagon { player, .. } => {
                    return err(
                        turn,
                        format!(
                            "wagon: player {player}'s wagon decides before player {}'s",
                            w.player
                        ),
                    );
                }
                _ => {
                    return err(
                        turn,
                        format!("wagon: player {} has no returning wagon", w.player),
                    );
                }
            }
        }
    }
    while matches!(game.decision(), Decision::MoveWagon { .. }) {
        play(game, turn, Move::WagonHome)?;
    }
    Ok(())
}
