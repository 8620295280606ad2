//! The whole view of a position ([`build`]): players, tiles, figures, the pile, the pending
//! decision with its options grouped for the UI, the last round's events, the owners.

use carcassonne_engine::notation::corner_name;
use carcassonne_engine::tile::LAND_TYPES;
use carcassonne_engine::{
    Decision, FigureKind, Game, Move, PlayerKind, RecordPlayer, SegmentKind, tile_types,
};

use crate::api::{
    ApiError, ByKind, Cell, CellOption, DealView, DecisionView, FigureView, GameResult, GameView,
    OwnerView, PlayerView, Remaining, SpotOption, Supply, TargetOption, TileView, TypeCount,
};
use crate::view::aids::aids;
use crate::view::events::score_event;
use crate::view::parts::{cell, compass, feature_refs, player_name, segment_kind, tile_id};

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
pub fn build(game: &Game, ctx: ViewContext<'_>) -> GameView {
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
        seed: Some(game.seed()),
        abbey_mayor: game.abbey_mayor(),
        human: ctx.human,
        humans: ctx
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind == PlayerKind::Human)
            .map(|(s, _)| s)
            .collect(),
        handover: false,
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
        luck: None,
        rated: true,
        deal: None,
    }
}

/// The deal of a game dealt from `seed` with `salt` (API.md, "Deal"), the salt shown once
/// `revealed`; none without a salt, or with one that is not 32 hex digits (a hand-edited file).
pub fn deal(seed: u64, salt: Option<&str>, revealed: bool) -> Option<DealView> {
    let salt = salt?;
    let fingerprint = carcassonne_engine::deal_fingerprint(seed, salt).ok()?;
    Some(DealView {
        fingerprint,
        salt: revealed.then(|| salt.to_string()),
    })
}

/// The view of a finished match's position `game` (a replay's step): no aids, nothing to undo,
/// the match's own seat (`seat`: a table's person's match), else the human's seat as the
/// record names it, else seat 0.
pub fn replay(game: &Game, id: &str, players: &[RecordPlayer], seat: Option<usize>) -> GameView {
    let human = seat.or_else(|| players.iter().position(|p| p.kind == PlayerKind::Human));
    build(
        game,
        ViewContext {
            id,
            human: human.unwrap_or(0),
            players,
            ai_thinking: false,
            can_undo: false,
            save_error: None,
            result: None,
            aids: false,
        },
    )
}
