//! Building the UI's shapes (`api.rs`) from an engine position. Plain Rust, no Tauri.

use carcassonne_engine::geometry::{SIDE_NAMES, opposite_side, parse_side, rotate_sides};
use carcassonne_engine::notation::check_pos;
use carcassonne_engine::notation::corner_name;
use carcassonne_engine::tile::{LAND_TYPES, START_TILE};
use carcassonne_engine::{
    Completion, Decision, Event, FigureKind, Game, LoggedEvent, Move, NameError, PlayerKind, Pos,
    RecordPlayer, SegmentKind, TileChance, TileInfo, tile_types,
};

use crate::api::{
    Aids, ApiError, ByKind, Cell, CellOption, DeadSquareView, DecisionView, DoomedFeature,
    FigureView, GameResult, GameView, Odds, OwnerView, PlaceRef, PlayerView, Remaining, ScoreEvent,
    Scored, SegmentDesc, SpotOption, Supply, TargetOption, TileChanceView, TileDesc, TileFeature,
    TileSet, TileView, TypeCount,
};
use crate::failure::odds_error;

/// What a view needs besides the position.
pub struct ViewContext<'a> {
    /// The game id.
    pub id: &'a str,
    /// The human's seat.
    pub human: usize,
    /// The players as the record names them.
    pub players: &'a [RecordPlayer],
    /// Whether the AI is thinking.
    pub ai_thinking: bool,
    /// Whether undo is possible.
    pub can_undo: bool,
    /// The last autosave's failure.
    pub save_error: Option<ApiError>,
    /// How the game ended.
    pub result: Option<GameResult>,
    /// Whether to compute the board-reading aids (not for a replay's positions).
    pub aids: bool,
}

fn cell(p: Pos) -> Cell {
    Cell {
        x: p.x.into(),
        y: p.y.into(),
    }
}

/// The kind of local segment `seg` of the tile at `p`.
fn segment_kind(game: &Game, p: Pos, seg: u8) -> &'static str {
    let kind = game.board().at(p).and_then(|t| t.segment_kind(seg));
    kind.map_or("monastery", SegmentKind::name)
}

fn tile_id(t: u8) -> String {
    TileInfo::of(t).id().to_string()
}

/// A player's display name.
pub fn player_name(players: &[RecordPlayer], p: u8) -> String {
    players
        .get(p as usize)
        .map_or_else(|| format!("Player {}", p + 1), |q| q.name.clone())
}

fn place_ref(game: &Game, p: Pos, seg: u8) -> PlaceRef {
    PlaceRef {
        x: p.x.into(),
        y: p.y.into(),
        on: game.board().segment_name(p, seg).into(),
    }
}

/// Every segment of the feature of segment `seg` of the tile at `p`.
fn feature_refs(game: &Game, p: Pos, seg: u8) -> Vec<PlaceRef> {
    game.feature_segments(p, seg)
        .into_iter()
        .map(|(q, s)| place_ref(game, q, s))
        .collect()
}

/// Where `to` lies from `from` on the compass (`N`, `NE`, …), `None` for the same cell.
fn compass(from: Pos, to: Pos) -> Option<String> {
    let ns = match (to.y - from.y).signum() {
        -1 => "N",
        1 => "S",
        _ => "",
    };
    let ew = match (to.x - from.x).signum() {
        -1 => "W",
        1 => "E",
        _ => "",
    };
    let name = format!("{ns}{ew}");
    (!name.is_empty()).then_some(name)
}

/// What the tile at `pos` did, when it was placed, to each road, city and monastery on it
/// (API.md, `TileFeature`). From the board as it is now: the tiles placed before it are those
/// earlier in placement order, and a finished feature never grows, so the tile closed a
/// feature exactly when the feature is complete and no tile of it came later.
pub fn tile_features(game: &Game, pos: Pos) -> Vec<TileFeature> {
    let board = game.board();
    let Some(order) = board.tile_index(pos) else {
        return Vec::new();
    };
    let placed = board.tiles()[order];
    if placed.is_abbey() {
        return Vec::new();
    }
    let earlier = |p: Pos| board.tile_index(p).is_some_and(|i| i < order);
    let mut out = Vec::new();
    for (seg, info) in TileInfo::of(placed.tile).segments().enumerate() {
        let seg = seg as u8;
        let on = board.segment_name(pos, seg).to_string();
        let kind = info.kind();
        if kind == SegmentKind::Field {
            continue;
        }
        if kind == SegmentKind::Monastery {
            out.push(TileFeature {
                kind: kind.name().into(),
                action: "starts".into(),
                toward: Vec::new(),
                on,
            });
            continue;
        }
        let mask = info
            .sides()
            .filter_map(parse_side)
            .fold(0u8, |m, side| m | 1 << side);
        let mask = rotate_sides(mask, placed.rot);
        let joined: Vec<u8> = (0..4u8)
            .filter(|&side| mask & (1 << side) != 0 && earlier(pos.step(side)))
            .collect();
        let last = game
            .feature_segments(pos, seg)
            .iter()
            .filter_map(|(p, _)| board.tile_index(*p))
            .max();
        let complete = game.feature_at(pos, seg).is_some_and(|f| f.complete);
        let action = if complete && last == Some(order) {
            "closes"
        } else if joined.is_empty() {
            "starts"
        } else if joined.len() > 1 {
            "joins"
        } else {
            "extends"
        };
        out.push(TileFeature {
            kind: kind.name().into(),
            action: action.into(),
            toward: joined
                .iter()
                .map(|&side| SIDE_NAMES[opposite_side(side) as usize].to_string())
                .collect(),
            on,
        });
    }
    out
}

/// The segments of the feature a scoring was about: on the tile at `pos` (the engine names
/// one tile of the feature), the segment of `kind` whose feature matches the scoring's
/// tiles, pennants and cities (the first of `kind` if none matches exactly).
fn scored_segments(game: &Game, pos: Pos, s: &Scored) -> Vec<PlaceRef> {
    let Some(placed) = game.board().at(pos) else {
        return Vec::new();
    };
    let count = if placed.is_abbey() {
        1
    } else {
        TileInfo::of(placed.tile).segments().count() as u8
    };
    let of_kind: Vec<u8> = (0..count)
        .filter(|&seg| segment_kind(game, pos, seg) == s.feature)
        .collect();
    let matches = |seg: &u8| {
        game.feature_at(pos, *seg).is_some_and(|f| match f.kind {
            SegmentKind::Field => f.cities == s.cities,
            SegmentKind::City => f.tiles == s.tiles && f.pennants == s.pennants,
            _ => f.tiles == s.tiles,
        })
    };
    of_kind
        .iter()
        .find(|seg| matches(seg))
        .or(of_kind.first())
        .map_or_else(Vec::new, |&seg| feature_refs(game, pos, seg))
}

/// The feature kind of the segment named `on` of the tile at `p` (null if none).
fn named_kind(game: &Game, p: Pos, on: &str) -> Option<String> {
    let seg = game.board().segment_named(p, on).ok()?;
    Some(segment_kind(game, p, seg).into())
}

/// Every event of `game`, itemised (`game_log`, a match's events).
pub fn score_events(game: &Game) -> Vec<ScoreEvent> {
    game.events().iter().map(|e| score_event(game, e)).collect()
}

/// One event of `game`, itemised with the facts the UI words it from (`ui/js/text.js`).
pub fn score_event(game: &Game, e: &LoggedEvent) -> ScoreEvent {
    let mut out = bare_event(e);
    match &e.event {
        Event::TilePlaced { pos, .. } => out.builds = tile_features(game, *pos),
        Event::FigurePlaced {
            figure, pos, on, ..
        } => {
            out.feature = if *figure == FigureKind::Barn {
                Some("field".into())
            } else {
                named_kind(game, *pos, on)
            };
        }
        Event::WagonMoved { to, on, .. } => out.feature = named_kind(game, *to, on),
        Event::Scored { pos, .. } => {
            if let Some(s) = &out.scored {
                out.segments = scored_segments(game, *pos, s);
            }
        }
        _ => {}
    }
    out
}

/// One event as the engine logged it, without the board's facts.
fn bare_event(e: &LoggedEvent) -> ScoreEvent {
    let mut out = ScoreEvent {
        turn: e.turn,
        ..ScoreEvent::default()
    };
    let at = |out: &mut ScoreEvent, p: Pos| {
        out.x = Some(p.x.into());
        out.y = Some(p.y.into());
    };
    match &e.event {
        Event::TilePlaced {
            player,
            tile,
            pos,
            rotation,
        } => {
            out.kind = "tile_placed".into();
            out.player = Some(*player);
            out.tile = Some(tile_id(*tile));
            out.rotation = Some(*rotation);
            at(&mut out, *pos);
        }
        Event::TileDiscarded { player, tile } => {
            out.kind = "tile_discarded".into();
            out.player = Some(*player);
            out.tile = Some(tile_id(*tile));
        }
        Event::AbbeyPlaced { player, pos } => {
            out.kind = "abbey_placed".into();
            out.player = Some(*player);
            out.tile = Some("abbey".into());
            at(&mut out, *pos);
        }
        Event::FigurePlaced {
            player,
            figure,
            pos,
            on,
        } => {
            out.kind = "figure_placed".into();
            out.player = Some(*player);
            out.figure = Some(figure.name().into());
            out.on = Some((*on).into());
            at(&mut out, *pos);
        }
        Event::Scored {
            feature,
            category,
            cause,
            players: who,
            points,
            tiles,
            pennants,
            cities,
            pos,
        } => {
            out.kind = "scored".into();
            at(&mut out, *pos);
            let json = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
            out.scored = Some(Scored {
                feature: feature.name().into(),
                category: json(serde_json::to_value(category).unwrap_or_default()),
                cause: json(serde_json::to_value(cause).unwrap_or_default()),
                players: who.clone(),
                points: *points,
                tiles: *tiles,
                pennants: *pennants,
                cities: *cities,
            });
        }
        Event::FigureReturned {
            player,
            figure,
            pos,
        } => {
            out.kind = "figure_returned".into();
            out.player = Some(*player);
            out.figure = Some(figure.name().into());
            at(&mut out, *pos);
        }
        Event::WagonMoved {
            player,
            from,
            to,
            on,
        } => {
            out.kind = "wagon_moved".into();
            out.player = Some(*player);
            out.figure = Some("wagon".into());
            at(&mut out, *from);
            out.to = Some(PlaceRef {
                x: to.x.into(),
                y: to.y.into(),
                on: (*on).into(),
            });
        }
        Event::Passed { player } => {
            out.kind = "passed".into();
            out.player = Some(*player);
        }
        Event::GameEnded => {
            out.kind = "game_ended".into();
        }
    }
    out
}

/// The turns completed (API.md, "Turns"): the record's entries, less the one in progress
/// (a tile or abbey is placed and its figure or wagon decision is pending), so that the turn
/// in progress is always `turns_completed + 1`, before and after its tile is placed.
pub fn turns_completed(game: &Game) -> usize {
    let open = matches!(
        game.decision(),
        Decision::PlaceFigure { .. } | Decision::MoveWagon { .. }
    );
    game.log().len() - usize::from(open && !game.is_over())
}

/// The pending decision as the UI sees it.
pub fn decision_view(game: &Game, human: usize) -> DecisionView {
    let decision = game.decision();
    let moves = game.legal_moves();
    let is_human = |p: u8| p as usize == human;
    let holes = || -> Vec<Cell> {
        moves
            .iter()
            .filter_map(|m| match m {
                Move::Abbey { pos } => Some(cell(*pos)),
                _ => None,
            })
            .collect()
    };
    match decision {
        Decision::DrawOrAbbey { player } => DecisionView::DrawOrAbbey {
            player,
            human: is_human(player),
            holes: holes(),
        },
        Decision::FinalAbbey { player } => DecisionView::FinalAbbey {
            player,
            human: is_human(player),
            holes: holes(),
        },
        Decision::PlaceTile { player, tile } => {
            let mut cells: Vec<CellOption> = Vec::new();
            for m in &moves {
                if let Move::Place { pos, rot } = *m {
                    let deg = 90 * u16::from(rot);
                    match cells
                        .iter_mut()
                        .find(|c| c.x == i32::from(pos.x) && c.y == i32::from(pos.y))
                    {
                        Some(c) => c.rotations.push(deg),
                        None => cells.push(CellOption {
                            x: pos.x.into(),
                            y: pos.y.into(),
                            rotations: vec![deg],
                        }),
                    }
                }
            }
            DecisionView::PlaceTile {
                player,
                human: is_human(player),
                tile: tile_id(tile),
                cells,
            }
        }
        Decision::PlaceFigure { player, pos } => {
            let mut spots: Vec<SpotOption> = Vec::new();
            let mut by_kind = ByKind::default();
            for m in &moves {
                let Move::Figure { kind, spot } = *m else {
                    continue;
                };
                if kind == FigureKind::Barn {
                    by_kind.barn.push(corner_name(spot).into());
                    continue;
                }
                let on = game.board().segment_name(pos, spot).to_string();
                match kind {
                    FigureKind::Follower => by_kind.follower.push(on.clone()),
                    FigureKind::Mayor => by_kind.mayor.push(on.clone()),
                    _ => by_kind.wagon.push(on.clone()),
                }
                match spots.iter_mut().find(|s| s.on == on) {
                    Some(s) => s.kinds.push(kind.name().into()),
                    None => spots.push(SpotOption {
                        feature: segment_kind(game, pos, spot).into(),
                        pennants: game
                            .feature_at(pos, spot)
                            .filter(|f| f.kind == SegmentKind::City)
                            .map(|f| f.pennants),
                        on,
                        kinds: vec![kind.name().into()],
                    }),
                }
            }
            let tile = game
                .board()
                .at(pos)
                .map_or(String::new(), |t| tile_id(t.tile));
            DecisionView::PlaceFigure {
                player,
                human: is_human(player),
                x: pos.x.into(),
                y: pos.y.into(),
                tile,
                spots,
                by_kind,
            }
        }
        Decision::MoveWagon { player, from } => DecisionView::MoveWagon {
            player,
            human: is_human(player),
            from: cell(from),
            targets: moves
                .iter()
                .filter_map(|m| match *m {
                    Move::WagonTo { pos, seg } => {
                        let info = game.feature_at(pos, seg);
                        Some(TargetOption {
                            x: pos.x.into(),
                            y: pos.y.into(),
                            on: game.board().segment_name(pos, seg).into(),
                            feature: segment_kind(game, pos, seg).into(),
                            toward: compass(from, pos),
                            tiles: info.as_ref().map_or(0, |f| f.tiles),
                            owners: info.as_ref().map_or_else(Vec::new, |f| f.owners.clone()),
                            finished: info.is_some_and(|f| f.complete),
                            segments: feature_refs(game, pos, seg),
                        })
                    }
                    _ => None,
                })
                .collect(),
        },
        Decision::GameOver => DecisionView::GameOver {
            player: None,
            human: false,
        },
    }
}

/// The whole view of `game`.
pub fn game_view(game: &Game, ctx: ViewContext<'_>) -> GameView {
    let projected = game.projected_scores();
    let players = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let rp = ctx.players.get(seat);
            let kind = rp.map_or(PlayerKind::Ai, |r| r.kind);
            let level = rp.and_then(|r| r.level.clone());
            PlayerView {
                seat,
                name: player_name(ctx.players, seat as u8),
                kind: kind.name().into(),
                rating: level
                    .as_deref()
                    .filter(|_| kind == PlayerKind::Ai)
                    .and_then(carcassonne_ai::strength::rating_of_name),
                level,
                score: p.score,
                breakdown: p.breakdown,
                projected: projected.get(seat).copied().unwrap_or(p.score),
                supply: Supply {
                    followers: p.followers,
                    mayor: p.mayor,
                    wagon: p.wagon,
                    barn: p.barn,
                    abbey: p.abbey,
                },
            }
        })
        .collect();
    let placed = game.board().tiles();
    let tiles = placed
        .iter()
        .enumerate()
        .map(|(order, t)| TileView {
            id: tile_id(t.tile),
            x: t.pos.x.into(),
            y: t.pos.y.into(),
            rotation: 90 * u16::from(t.rot),
            order,
        })
        .collect();
    let figures = game
        .figures()
        .iter()
        .map(|f| {
            let pos = placed[f.tile as usize].pos;
            let (on, feature) = if f.kind == FigureKind::Barn {
                (corner_name(f.spot).to_string(), "field")
            } else {
                (
                    game.board().segment_name(pos, f.spot).to_string(),
                    segment_kind(game, pos, f.spot),
                )
            };
            FigureView {
                owner: f.player,
                kind: f.kind.name().into(),
                x: pos.x.into(),
                y: pos.y.into(),
                on,
                feature: feature.into(),
            }
        })
        .collect();
    let by_type = tile_types()
        .take(LAND_TYPES)
        .filter(|info| game.abbey_mayor() || !info.expansion())
        .map(|info| TypeCount {
            id: info.id().into(),
            count: game.remaining()[info.tile_type() as usize],
        })
        .collect();
    let from_turn = (game.log().len() as u32).saturating_sub(game.num_players() as u32);
    let recent = game
        .events()
        .iter()
        .filter(|e| e.turn > from_turn)
        .map(|e| score_event(game, e))
        .collect();
    let owners = game
        .segment_owners()
        .iter()
        .map(|o| OwnerView {
            x: o.pos.x.into(),
            y: o.pos.y.into(),
            on: game.board().segment_name(o.pos, o.seg).into(),
            feature: segment_kind(game, o.pos, o.seg).into(),
            owners: (0..8u8).filter(|p| o.owners & (1 << p) != 0).collect(),
        })
        .collect();
    let over = game.is_over() || ctx.result.is_some();
    GameView {
        game_id: ctx.id.into(),
        seed: game.seed(),
        abbey_mayor: game.abbey_mayor(),
        human: ctx.human,
        players,
        current: if over { None } else { game.decision().player() },
        turn: turns_completed(game),
        tiles,
        last_placed: (placed.len() > 1).then(|| cell(placed[placed.len() - 1].pos)),
        figures,
        remaining: Remaining {
            total: game.pile_len(),
            by_type,
        },
        decision: if over {
            DecisionView::GameOver {
                player: None,
                human: false,
            }
        } else {
            decision_view(game, ctx.human)
        },
        recent,
        owners,
        over,
        result: ctx.result,
        ai_thinking: ctx.ai_thinking,
        can_undo: ctx.can_undo,
        save_error: ctx.save_error,
        aids: (ctx.aids && !over).then(|| aids(game)),
        rating_change: None,
    }
}

fn chances(list: &[TileChance]) -> Vec<TileChanceView> {
    list.iter()
        .map(|c| TileChanceView {
            id: tile_id(c.tile),
            count: c.count,
            chance: c.chance,
        })
        .collect()
}

/// The board-reading aids of `game`: its dead squares with the features they doom, and the
/// unseen tiles' chances to come next (all from the public view: the engine's `aids`).
pub fn aids(game: &Game) -> Aids {
    let unseen = game.unseen();
    let dead = game
        .dead_squares()
        .into_iter()
        .map(|d| DeadSquareView {
            x: d.pos.x.into(),
            y: d.pos.y.into(),
            hole: d.hole,
            abbey_may_fill: d.abbey_may_fill,
            features: d
                .features
                .iter()
                .map(|f| DoomedFeature {
                    x: f.pos.x.into(),
                    y: f.pos.y.into(),
                    on: game.board().segment_name(f.pos, f.seg).into(),
                    kind: f.kind.name().into(),
                })
                .collect(),
        })
        .collect();
    Aids {
        dead,
        unseen_total: unseen.total(),
        unseen: chances(&unseen.chances()),
    }
}

/// `game_odds`: the odds that one placement completes the feature on segment `on` of the
/// tile at (`x`, `y`).
///
/// # Errors
/// `odds/no_tile` if no tile lies there (or the position is far off the board),
/// `odds/no_feature` if that tile has no segment named `on`.
pub fn odds(game: &Game, x: i64, y: i64, on: &str) -> Result<Odds, ApiError> {
    let pos = check_pos(x, y).map_err(|e| odds_error(&e))?;
    let seg = game
        .board()
        .segment_named(pos, on)
        .map_err(|e| odds_error(&e))?;
    let o = game.completion_odds(pos, seg).ok_or_else(|| {
        odds_error(&NameError::NoFeature {
            pos,
            name: on.into(),
        })
    })?;
    Ok(Odds {
        kind: o.kind.name().into(),
        completion: match o.completion {
            Completion::Complete => "complete",
            Completion::OneTile => "one_tile",
            Completion::SeveralTiles => "several_tiles",
            Completion::Never => "never",
        }
        .into(),
        cell: o.cell.map(cell),
        tiles: chances(&o.tiles),
        count: o.count,
        unseen: o.unseen,
        chance: o.chance,
        in_hand: o.in_hand,
        doomed: o.doomed.is_some(),
        dead: o
            .doomed
            .as_ref()
            .map_or_else(Vec::new, |d| d.cells.iter().copied().map(cell).collect()),
        abbey_may_fill: o.doomed.as_ref().is_some_and(|d| d.abbey_may_fill),
    })
}

/// The tile descriptions for drawing tiles.
pub fn tile_set() -> TileSet {
    let types = tile_types()
        .map(|info| {
            let segments = info
                .segments()
                .map(|s| SegmentDesc {
                    index: s.index().into(),
                    kind: s.kind().name().into(),
                    name: s.name().into(),
                    sides: s.sides().map(String::from).collect(),
                    halves: s.halves().map(String::from).collect(),
                    pennants: s.pennants(),
                    cities: s.cities().collect(),
                    inner: s.inner(),
                })
                .collect();
            TileDesc {
                id: info.id().into(),
                count: info.count(),
                expansion: info.expansion(),
                edges: info.edges().into(),
                monastery: info.has_monastery(),
                // The abbey is the same tile in every rotation, and may be shown in any.
                rotations: if info.is_abbey() {
                    vec![0, 90, 180, 270]
                } else {
                    info.rotations().collect()
                },
                segments,
            }
        })
        .collect();
    TileSet {
        types,
        start: tile_id(START_TILE),
        abbey: "abbey".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::Setup;

    fn ty(id: &str) -> u8 {
        TileInfo::by_id(id).unwrap().tile_type()
    }

    fn play(game: &mut Game, mv: Move) {
        game.play(mv).unwrap();
    }

    fn place(game: &mut Game, x: i16, y: i16, rot: u8) {
        if matches!(game.decision(), Decision::DrawOrAbbey { .. }) {
            play(game, Move::Draw);
        }
        play(
            game,
            Move::Place {
                pos: Pos::new(x, y),
                rot,
            },
        );
    }

    fn figure(game: &mut Game, kind: FigureKind, x: i16, y: i16, on: &str) {
        let spot = game.board().segment_named(Pos::new(x, y), on).unwrap();
        play(game, Move::Figure { kind, spot });
    }

    fn refs(list: &[PlaceRef]) -> Vec<(i32, i32, &str)> {
        list.iter().map(|r| (r.x, r.y, r.on.as_str())).collect()
    }

    /// Start tile D at (0, 0): a city north, a road west–east. Ada (seat 0) puts her wagon on
    /// a road running east, Berta extends it east, Ada closes it at the west end; her wagon
    /// comes back next to the start tile's open city and the new tile's open roads.
    fn wagon_position() -> Game {
        let pile = ["U", "W", "W", "E", "B", "U"].map(ty);
        let setup = Setup {
            players: 2,
            abbey_mayor: true,
            seed: 1,
        };
        let mut g = Game::with_pile(&setup, &pile).unwrap();
        place(&mut g, 1, 0, 0);
        figure(&mut g, FigureKind::Wagon, 1, 0, "E");
        place(&mut g, 2, 0, 0);
        play(&mut g, Move::NoFigure);
        place(&mut g, -1, 0, 0);
        play(&mut g, Move::NoFigure);
        g
    }

    #[test]
    fn wagon_targets_name_their_feature_direction_and_segments() {
        let g = wagon_position();
        let DecisionView::MoveWagon { from, targets, .. } = decision_view(&g, 0) else {
            panic!("the wagon comes back: {:?}", g.decision());
        };
        assert_eq!((from.x, from.y), (1, 0));
        let got: Vec<_> = targets
            .iter()
            .map(|t| {
                (
                    t.feature.as_str(),
                    t.toward.as_deref(),
                    t.tiles,
                    t.finished,
                    t.owners.len(),
                    refs(&t.segments),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("road", Some("E"), 1, false, 0, vec![(2, 0, "E")]),
                ("road", Some("E"), 1, false, 0, vec![(2, 0, "S")]),
                ("city", Some("W"), 1, false, 0, vec![(0, 0, "N")]),
            ]
        );
    }

    #[test]
    fn placements_say_what_they_start_extend_and_close() {
        let mut g = wagon_position();
        let to = g.board().segment_named(Pos::new(2, 0), "E").unwrap();
        play(
            &mut g,
            Move::WagonTo {
                pos: Pos::new(2, 0),
                seg: to,
            },
        );
        // Berta closes the start tile's city and takes it; Ada starts a monastery.
        place(&mut g, 0, -1, 2);
        figure(&mut g, FigureKind::Follower, 0, -1, "S");
        place(&mut g, 0, 1, 0);
        play(&mut g, Move::NoFigure);
        let events = score_events(&g);
        let builds = |x: i32, y: i32| -> Vec<(String, String, Vec<String>, String)> {
            let e = events
                .iter()
                .find(|e| e.kind == "tile_placed" && e.x == Some(x) && e.y == Some(y))
                .unwrap();
            e.builds
                .iter()
                .map(|b| {
                    (
                        b.kind.clone(),
                        b.action.clone(),
                        b.toward.clone(),
                        b.on.clone(),
                    )
                })
                .collect()
        };
        let b = |kind: &str, action: &str, toward: &[&str], on: &str| {
            let toward = toward.iter().map(|s| s.to_string()).collect();
            (kind.to_string(), action.to_string(), toward, on.to_string())
        };
        assert_eq!(builds(1, 0), vec![b("road", "extends", &["E"], "E")]);
        // Extended east, and not the tile that closed the road later.
        assert_eq!(
            builds(2, 0),
            vec![
                b("road", "starts", &[], "E"),
                b("road", "starts", &[], "S"),
                b("road", "extends", &["E"], "W"),
            ]
        );
        let west = builds(-1, 0);
        assert!(west.contains(&b("road", "closes", &["W"], "E")), "{west:?}");
        assert_eq!(builds(0, -1), vec![b("city", "closes", &["N"], "S")]);
        assert_eq!(
            builds(0, 1),
            vec![b("monastery", "starts", &[], "monastery")]
        );

        let figures: Vec<_> = events
            .iter()
            .filter(|e| matches!(e.kind.as_str(), "figure_placed" | "wagon_moved"))
            .map(|e| (e.kind.as_str(), e.figure.as_deref(), e.feature.as_deref()))
            .collect();
        assert_eq!(
            figures,
            vec![
                ("figure_placed", Some("wagon"), Some("road")),
                ("wagon_moved", Some("wagon"), Some("road")),
                ("figure_placed", Some("follower"), Some("city")),
            ]
        );
        let scored: Vec<_> = events
            .iter()
            .filter_map(|e| {
                e.scored
                    .as_ref()
                    .map(|s| (s.feature.as_str(), s.players.clone(), refs(&e.segments)))
            })
            .collect();
        assert_eq!(
            scored,
            vec![
                (
                    "road",
                    vec![0],
                    vec![(0, 0, "E"), (1, 0, "E"), (2, 0, "W"), (-1, 0, "E")]
                ),
                ("city", vec![1], vec![(0, 0, "N"), (0, -1, "S")]),
            ]
        );
        // Events that are not placements, figures or scorings carry none of these facts.
        let bare = events.iter().find(|e| e.kind == "figure_returned").unwrap();
        assert!(bare.builds.is_empty() && bare.segments.is_empty() && bare.feature.is_none());
    }

    /// The odds answer and the board's doomed-feature marking agree: every feature a dead
    /// square lists is doomed by that square in `game_odds`, and every doomed answer names
    /// dead squares that list a feature of its kind, with the same abbey flag.
    #[test]
    fn odds_are_doomed_exactly_where_the_dead_squares_say() {
        let (mut doomed_seen, mut several) = (0, 0);
        for seed in 0..6u64 {
            let mut game = Game::new(&Setup {
                players: 2 + (seed % 3) as usize,
                abbey_mayor: seed % 2 == 0,
                seed,
            })
            .unwrap();
            let mut k = seed;
            let mut turn = 0;
            while !game.is_over() {
                let legal = game.legal_moves();
                k = k.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                play(&mut game, legal[(k >> 33) as usize % legal.len()]);
                turn += 1;
                if turn % 25 != 0 && !game.is_over() {
                    continue;
                }
                let dead = aids(&game).dead;
                for d in &dead {
                    for f in &d.features {
                        let o = odds(&game, f.x.into(), f.y.into(), &f.on).unwrap();
                        assert!(o.doomed, "{f:?}");
                        assert!(o.dead.iter().any(|c| (c.x, c.y) == (d.x, d.y)));
                        assert_eq!(o.abbey_may_fill, d.abbey_may_fill);
                    }
                }
                for t in game.board().tiles() {
                    for seg in (0u8..).take_while(|&s| game.completion_odds(t.pos, s).is_some()) {
                        let on = game.board().segment_name(t.pos, seg);
                        let o = odds(&game, t.pos.x.into(), t.pos.y.into(), on).unwrap();
                        assert_eq!(o.doomed, !o.dead.is_empty());
                        if !o.doomed {
                            assert!(!o.abbey_may_fill);
                            continue;
                        }
                        doomed_seen += 1;
                        several += usize::from(o.completion == "several_tiles");
                        for c in &o.dead {
                            let d = dead.iter().find(|d| (d.x, d.y) == (c.x, c.y)).unwrap();
                            assert!(d.features.iter().any(|f| f.kind == o.kind));
                            assert_eq!(o.abbey_may_fill, d.abbey_may_fill);
                        }
                    }
                }
            }
        }
        assert!(doomed_seen > 20 && several > 5, "{doomed_seen} {several}");
    }
}
