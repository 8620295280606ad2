//! The game's events, itemised with the facts the UI words them from (`ui/js/text.js`): what a
//! placed tile built, the feature a figure stands on, where a wagon went, the segments of a
//! scored feature.

use carcassonne_engine::geometry::{SIDE_NAMES, opposite_side, parse_side, rotate_sides};
use carcassonne_engine::{Event, FigureKind, Game, LoggedEvent, Pos, SegmentKind, TileInfo};

use crate::api::{PlaceRef, ScoreEvent, Scored, TileFeature};
use crate::view::parts::{compass, feature_refs, segment_kind, tile_id};

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
            out.toward = compass(*from, *to);
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
