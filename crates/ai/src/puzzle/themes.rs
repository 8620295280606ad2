//! What a puzzle's answer does, as themes ([`Theme`], [`themes`]).
//!
//! The themes are read as the review's reasons are ([`crate::review::why`]): the answer is
//! played on a copy of the game and the turn finished without further choices (no figure,
//! returning wagons home), then the board and the turn's scorings are compared with the
//! position before. "The player" is the one the pending decision belongs to; a player
//! *holds* a feature when they are among its owners: the greatest strength above zero in a
//! road, city or monastery ([`FeatureInfo::owners`]), in a field the farmers' majority or,
//! with no farmer in it, the barn owners.

use std::collections::HashSet;

use carcassonne_engine::{
    Cause, Completion, CompletionOdds, Decision, Event, FeatureInfo, FigureKind, Game, Move, Pos,
    SegmentKind,
};
use serde::{Deserialize, Serialize};

/// A theme of a puzzle: what its answer does on the board. Serialised in kebab-case
/// (`"close-city"`), the names the puzzle files and the UI use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The answer completes a city holding the player's follower or mayor.
    ///
    /// Detected when, with the turn finished without further choices, a city scores as
    /// completed this turn with the player among those paid (the player's majority or a
    /// tie). For a tile or an abbey, any such city; for a figure, only a scoring the figure
    /// itself brings (one that the same turn without a figure does not have): a figure put on
    /// a city the tile just completed.
    CloseCity,
    /// The answer completes a road or a monastery of the player's.
    ///
    /// As [`Theme::CloseCity`], for roads, monasteries and abbeys.
    CloseFeature,
    /// The answer joins the player's city to another city where the player gains a share or
    /// the majority (joining or stealing a city).
    ///
    /// Detected for a tile placement: one of the placed tile's cities connects two or more
    /// cities that were separate before the tile, after the turn the player holds the joined
    /// city (for a city completed this turn: is among those its scoring pays), and one of the
    /// cities joined was held by another player (alone or with the player) and by others
    /// than hold the joined city: the player gains a share of another's city, or the whole
    /// of a shared one. Joining the player's city to an empty one, or to a shared one that
    /// stays shared alike, is no join in this sense.
    JoinCity,
    /// The answer joins or steals a field (farmer or barn majority).
    ///
    /// As [`Theme::JoinCity`], for fields: the tile connects two or more fields, the player
    /// holds the joined field after the turn, and one of the fields joined was held by
    /// another player and by others than hold the joined one. Holding is read after the
    /// turn's barn scorings, whose farmers go home, so a barn that a tile joins to another
    /// player's farmers holds the field.
    JoinField,
    /// The answer leaves an opponent's feature with a hole no remaining tile can fill, or
    /// takes the last place that could have finished it.
    ///
    /// Detected for a tile placement while tiles remain in the pile, on a road, city or
    /// monastery (or abbey) that another player holds and the player does not, that no dead
    /// square doomed before the tile, and that the turn neither completes nor hands to the
    /// player; one of:
    /// - a cell next to the placed tile (orthogonally: the cells whose edges the tile
    ///   constrains) that the feature needs becomes a dead square
    ///   ([`CompletionOdds::doomed`]);
    /// - the feature needed one tile, at the placed tile's cell or at a cell next to it, and
    ///   a tile still to come could finish it there; after the placement no single tile
    ///   still to come finishes it (the tile took the cell and left the feature open at
    ///   several cells or with no tile to close it, or made the cell next to it one that no
    ///   closing tile fits).
    Block,
    /// The answer places the mayor.
    Mayor,
    /// The answer places or moves a wagon.
    ///
    /// Every wagon figure placement and every answer to a returning wagon's decision (moved
    /// on or sent home).
    Wagon,
    /// The answer places a barn.
    Barn,
    /// The answer places an abbey into a hole.
    ///
    /// Every abbey placement (an abbey goes only into a hole: a cell with all four orthogonal
    /// neighbours placed).
    AbbeyHole,
    /// The answer is a move of the final abbey round.
    ///
    /// Every answer to the final abbey round's offer (abbey or pass), and the figure and
    /// wagon decisions of a turn whose abbey was placed in that round (the pile is empty and
    /// the tile of the turn is an abbey).
    FinalAbbey,
    /// The answer places a follower (knight, thief, monk or farmer) where it scores best.
    ///
    /// Every placement of an ordinary follower.
    Follower,
    /// The answer keeps the figures in the supply (no figure).
    KeepFigure,
}

/// A move played on a copy of a game: the game right after it, the game with the turn
/// finished without further choices (no figure, returning wagons home), and the events in
/// between.
struct Played {
    /// Right after the move (a tile's figure step, unless that step offered nothing).
    placed: Game,
    /// The turn finished.
    done: Game,
    /// What the move and the rest of the turn logged.
    events: Vec<Event>,
}

/// `mv` played on a copy of `game` and the turn finished without further choices; `None`
/// when `mv` is not legal.
fn play(game: &Game, mv: Move) -> Option<Played> {
    let mut g = game.clone();
    g.set_logging(true);
    let seen = g.events().len();
    g.play(mv).ok()?;
    let placed = g.clone();
    loop {
        let next = match g.decision() {
            Decision::PlaceFigure { .. } => Move::NoFigure,
            Decision::MoveWagon { .. } => Move::WagonHome,
            _ => break,
        };
        g.play(next).ok()?;
    }
    let events = g.events()[seen.min(g.events().len())..]
        .iter()
        .map(|e| e.event.clone())
        .collect();
    Some(Played {
        placed,
        done: g,
        events,
    })
}

/// The themes of `answer`, a legal move of `game`'s pending decision, most telling first,
/// each once (see each [`Theme`] for when it applies). Empty when the move is not legal or
/// the game is over.
///
/// In order, by decision:
/// - a tile placement: [`Theme::JoinCity`], [`Theme::JoinField`], [`Theme::CloseCity`],
///   [`Theme::CloseFeature`], [`Theme::Block`];
/// - an abbey (at the start of a turn or in the final round): [`Theme::FinalAbbey`] (in the
///   final round), [`Theme::AbbeyHole`], [`Theme::CloseCity`], [`Theme::CloseFeature`]; a
///   pass in the final round: [`Theme::FinalAbbey`]; drawing instead of placing the abbey:
///   none;
/// - a figure: the figure's own theme for a mayor, wagon or barn ([`Theme::Mayor`],
///   [`Theme::Wagon`], [`Theme::Barn`]), then [`Theme::CloseCity`] or
///   [`Theme::CloseFeature`] when the figure scores at once, then [`Theme::Follower`] for an
///   ordinary follower; no figure: [`Theme::KeepFigure`]; either way [`Theme::FinalAbbey`]
///   last after a final-round abbey;
/// - a returning wagon: [`Theme::Wagon`], then [`Theme::FinalAbbey`] after a final-round
///   abbey.
pub fn themes(game: &Game, answer: Move) -> Vec<Theme> {
    let decision = game.decision();
    let Some(player) = decision.player() else {
        return Vec::new();
    };
    let Some(played) = play(game, answer) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match (decision, answer) {
        (Decision::PlaceTile { .. }, Move::Place { pos, .. }) => {
            let (city, field) = joins(game, &played, pos, player);
            if city {
                out.push(Theme::JoinCity);
            }
            if field {
                out.push(Theme::JoinField);
            }
            out.extend(closes(&played.events, &[], player));
            if blocks(game, &played, pos, player) {
                out.push(Theme::Block);
            }
        }
        (Decision::DrawOrAbbey { .. } | Decision::FinalAbbey { .. }, Move::Abbey { .. }) => {
            if matches!(decision, Decision::FinalAbbey { .. }) {
                out.push(Theme::FinalAbbey);
            }
            out.push(Theme::AbbeyHole);
            out.extend(closes(&played.events, &[], player));
        }
        (Decision::FinalAbbey { .. }, Move::Pass) => out.push(Theme::FinalAbbey),
        (Decision::PlaceFigure { .. }, Move::Figure { kind, .. }) => {
            match kind {
                FigureKind::Mayor => out.push(Theme::Mayor),
                FigureKind::Wagon => out.push(Theme::Wagon),
                FigureKind::Barn => out.push(Theme::Barn),
                FigureKind::Follower => {}
            }
            let without = play(game, Move::NoFigure).map(|p| p.events);
            out.extend(closes(
                &played.events,
                without.as_deref().unwrap_or(&[]),
                player,
            ));
            if kind == FigureKind::Follower {
                out.push(Theme::Follower);
            }
        }
        (Decision::PlaceFigure { .. }, Move::NoFigure) => out.push(Theme::KeepFigure),
        (Decision::MoveWagon { .. }, Move::WagonTo { .. } | Move::WagonHome) => {
            out.push(Theme::Wagon);
        }
        _ => {}
    }
    if matches!(
        decision,
        Decision::PlaceFigure { .. } | Decision::MoveWagon { .. }
    ) && final_round_turn(game)
    {
        out.push(Theme::FinalAbbey);
    }
    let mut seen = HashSet::new();
    out.retain(|t| seen.insert(*t));
    out
}

/// Whether the turn in progress is one of the final abbey round: the pile is empty and the
/// tile of the turn (the last one placed) is an abbey, which during the game may be placed
/// only while the pile holds tiles.
fn final_round_turn(game: &Game) -> bool {
    game.pile_len() == 0 && game.board().tiles().last().is_some_and(|t| t.is_abbey())
}

/// [`Theme::CloseCity`] and [`Theme::CloseFeature`] for the completed features that score
/// for `player` in `events` and are not in `baseline` (the same scoring in both is not the
/// move's doing), each once, city first.
fn closes(events: &[Event], baseline: &[Event], player: u8) -> Vec<Theme> {
    let (mut city, mut other) = (false, false);
    for e in events.iter().filter(|e| !baseline.contains(e)) {
        if let Event::Scored {
            feature,
            cause: Cause::Completed,
            players,
            ..
        } = e
            && players.contains(&player)
        {
            match feature {
                SegmentKind::City => city = true,
                SegmentKind::Road | SegmentKind::Monastery => other = true,
                SegmentKind::Field => {}
            }
        }
    }
    [(city, Theme::CloseCity), (other, Theme::CloseFeature)]
        .into_iter()
        .filter_map(|(on, t)| on.then_some(t))
        .collect()
}

/// Who holds a feature: its owners, or for a field without farmers its barn owners.
fn holders(info: &FeatureInfo) -> Vec<u8> {
    if info.kind == SegmentKind::Field && info.owners.is_empty() {
        return (0u8..)
            .zip(&info.barns)
            .filter(|&(_, &b)| b > 0)
            .map(|(p, _)| p)
            .collect();
    }
    info.owners.clone()
}

/// Who holds the feature of segment `seg` of the tile at `pos` once the turn of `played` is
/// finished: for a feature completed this turn, the players its scoring paid (its figures
/// have gone home), else [`holders`].
fn holders_after(played: &Played, pos: Pos, seg: u8) -> Vec<u8> {
    let Some(info) = played.done.feature_at(pos, seg) else {
        return Vec::new();
    };
    if !info.complete {
        return holders(&info);
    }
    let tiles: HashSet<Pos> = played
        .done
        .feature_segments(pos, seg)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    played
        .events
        .iter()
        .find_map(|e| match e {
            Event::Scored {
                feature,
                cause: Cause::Completed,
                players,
                tiles: n,
                pennants,
                pos: at,
                ..
            } if *feature == info.kind
                && tiles.contains(at)
                && *n == info.tiles
                && *pennants == info.pennants =>
            {
                Some(players.clone())
            }
            _ => None,
        })
        .unwrap_or_default()
}

/// Whether the tile placed at `pos` joins a city ([`Theme::JoinCity`]) and a field
/// ([`Theme::JoinField`]) for `player`: see those themes.
fn joins(before: &Game, played: &Played, pos: Pos, player: u8) -> (bool, bool) {
    let (mut city, mut field) = (false, false);
    let mut looked: HashSet<(Pos, u8)> = HashSet::new();
    for seg in 0u8.. {
        let Some(info) = played.done.feature_at(pos, seg) else {
            break;
        };
        if !matches!(info.kind, SegmentKind::City | SegmentKind::Field)
            || looked.contains(&(pos, seg))
        {
            continue;
        }
        let segments = played.done.feature_segments(pos, seg);
        looked.extend(segments.iter().copied().filter(|&(p, _)| p == pos));
        // The features the joined one was made of before the tile.
        let mut covered: HashSet<(Pos, u8)> = HashSet::new();
        let mut parts: Vec<FeatureInfo> = Vec::new();
        for &(p, s) in &segments {
            if p == pos || covered.contains(&(p, s)) {
                continue;
            }
            covered.extend(before.feature_segments(p, s));
            if let Some(part) = before.feature_at(p, s) {
                parts.push(part);
            }
        }
        if parts.len() < 2 {
            continue;
        }
        let after = holders_after(played, pos, seg);
        if !after.contains(&player) {
            continue;
        }
        // A part another player held (alone or with the player) that the joined feature
        // holds otherwise: the player gains a share of it, or the whole of a shared one.
        let taken = parts.iter().any(|part| {
            let h = holders(part);
            h.iter().any(|&q| q != player) && h != after
        });
        if taken {
            match info.kind {
                SegmentKind::City => city = true,
                _ => field = true,
            }
        }
    }
    (city, field)
}

/// Whether `a` and `b` are orthogonal neighbours.
fn adjacent(a: Pos, b: Pos) -> bool {
    (0..4u8).any(|side| a.step(side) == b)
}

/// Whether a single tile still to come may finish the feature `odds` describes: it needs
/// one tile and an unseen tile, or the drawn tile waiting to be placed, closes it there.
fn one_tile_away(odds: &CompletionOdds) -> bool {
    odds.completion == Completion::OneTile && (odds.count > 0 || odds.in_hand)
}

/// Whether the tile placed at `pos` blocks a feature another player holds
/// ([`Theme::Block`]).
fn blocks(before: &Game, played: &Played, pos: Pos, player: u8) -> bool {
    if before.pile_len() == 0 {
        return false;
    }
    let mut looked: HashSet<(Pos, u8)> = HashSet::new();
    for f in before.figures() {
        if f.kind == FigureKind::Barn {
            continue;
        }
        let Some(at) = before.board().tiles().get(f.tile as usize).map(|t| t.pos) else {
            continue;
        };
        let Some(info) = before.feature_at(at, f.spot) else {
            continue;
        };
        if info.kind == SegmentKind::Field
            || info.complete
            || info.owners.is_empty()
            || info.owners.contains(&player)
        {
            continue;
        }
        let segments = before.feature_segments(at, f.spot);
        if segments.iter().any(|s| looked.contains(s)) {
            continue;
        }
        looked.extend(segments);
        let (Some(was), Some(now), Some(after)) = (
            before.completion_odds(at, f.spot),
            played.placed.completion_odds(at, f.spot),
            played.done.feature_at(at, f.spot),
        ) else {
            continue;
        };
        if was.doomed.is_some() || after.complete || holders(&after).contains(&player) {
            continue;
        }
        let doomed_here = now
            .doomed
            .as_ref()
            .is_some_and(|d| d.cells.iter().any(|&c| adjacent(c, pos)));
        // Before, only unseen tiles count: the drawn one is the tile being placed.
        let was_one_away = was.completion == Completion::OneTile
            && was.count > 0
            && was.cell.is_some_and(|c| c == pos || adjacent(c, pos));
        if doomed_here || (was_one_away && !one_tile_away(&now)) {
            return true;
        }
    }
    false
}
