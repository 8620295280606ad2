//! Why the best move is better than the one played ([`Why`]), read from what differs between
//! the two moves' results: what they score now, whose features they join, the figures they
//! place, and what the features would be worth at the end.

use carcassonne_engine::{Cause, Decision, Event, FigureKind, Game, Move, Pos, SegmentKind};
use serde::{Deserialize, Serialize};

use super::judge::Verdict;

/// Why the best move is better than the one played: a message id and its parameters (the
/// UI words it; serialised as `{"id": "closes_feature", "params": {"feature": "city",
/// "points": 8}}`).
///
/// It is read from the moves' results on copies of the game ([`why`]): each move is played
/// and the turn finished without further choices (no figure, wagons home), then the two
/// results are compared, now and as final scoring would count them. Only when nothing there tells them
/// apart does it fall back to the search's verdict ([`Why::BetterChances`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "id", content = "params", rename_all = "snake_case")]
pub enum Why {
    /// The best move completes a `feature` (`road`, `city`, `monastery`) that scores
    /// `points` for the player now.
    ClosesFeature {
        /// The feature's kind.
        feature: String,
        /// The player's points from it.
        points: u32,
    },
    /// The played move put the mayor on a city with `strength` pennants (a mayor's strength
    /// is its city's pennants: 0 counts for nothing).
    WeakMayor {
        /// The city's pennants.
        strength: u8,
    },
    /// The played tile joined one of the player's `feature`s with one of player `with`'s
    /// (0-based seat), who now holds it as strongly: the points would be shared.
    SharesFeature {
        /// The feature's kind.
        feature: String,
        /// The other player's seat.
        with: u8,
    },
    /// The played tile joined one of the player's `feature`s with one where player `to`
    /// (0-based seat) is stronger: the player would get nothing from it.
    LosesFeature {
        /// The feature's kind.
        feature: String,
        /// The stronger player's seat.
        to: u8,
    },
    /// The best move scores `points` more for the player now.
    MorePoints {
        /// The difference.
        points: u32,
    },
    /// The played move gives player `to` (0-based seat) `points` more now than the best.
    GivesPoints {
        /// The seat.
        to: u8,
        /// The difference.
        points: u32,
    },
    /// The best move keeps the figure the played move placed (`figure`: `follower`,
    /// `mayor`, `wagon`, `barn`) in the supply.
    KeepsFollower {
        /// The figure the played move placed.
        figure: String,
    },
    /// The best move places a `figure` on a `feature` where the played move placed none.
    PlacesFigure {
        /// The figure.
        figure: String,
        /// The feature's kind (`field` for a barn).
        feature: String,
    },
    /// After the best move the player's unfinished `feature`s (`road`, `city`, `monastery`,
    /// `field`) would be worth `points` more to them at the end of the game than after the
    /// played move (final scoring as if the game ended after this turn).
    WorthMore {
        /// The feature's kind.
        feature: String,
        /// The difference.
        points: u32,
    },
    /// After the played move player `to`'s (0-based seat) unfinished `feature`s would be worth
    /// `points` more to them at the end of the game than after the best move.
    FeedsFeature {
        /// The feature's kind.
        feature: String,
        /// The seat.
        to: u8,
        /// The difference.
        points: u32,
    },
    /// Nothing on the board tells the moves apart: the best move's chances are better by `win`
    /// (0–1) and its expected margin by `points`.
    BetterChances {
        /// Win chance lost by the played move.
        win: f64,
        /// Points of expected margin lost by the played move.
        points: f64,
    },
}

/// What a move does at once: the game after it with the turn finished without
/// further choices (no figure, returning wagons home), the points each player gained, the
/// events it logged, and what each player's unfinished features would be worth at the end.
struct Outcome {
    gain: Vec<u32>,
    events: Vec<Event>,
    /// Per player and feature kind (road, city, monastery, field): points at the end.
    end: Vec<[u32; 4]>,
}

fn kind_index(k: SegmentKind) -> usize {
    match k {
        SegmentKind::Road => 0,
        SegmentKind::City => 1,
        SegmentKind::Monastery => 2,
        _ => 3,
    }
}

const KINDS: [SegmentKind; 4] = [
    SegmentKind::Road,
    SegmentKind::City,
    SegmentKind::Monastery,
    SegmentKind::Field,
];

/// `mv` on a copy of `game`: the game after the move itself (for its tile's features) and
/// the outcome.
fn outcome(game: &Game, mv: Move) -> Option<(Game, Outcome)> {
    let mut g = game.clone();
    g.set_logging(true);
    let before = g.scores();
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
    let gain = g
        .scores()
        .iter()
        .zip(&before)
        .map(|(a, b)| a.saturating_sub(*b))
        .collect();
    let events = g.events()[seen.min(g.events().len())..]
        .iter()
        .map(|e| e.event.clone())
        .collect();
    let mut end = vec![[0u32; 4]; before.len()];
    for e in g.projected_events() {
        if let Event::Scored {
            feature,
            players,
            points,
            ..
        } = e
        {
            for p in players {
                if let Some(row) = end.get_mut(usize::from(p)) {
                    row[kind_index(feature)] += points;
                }
            }
        }
    }
    Some((placed, Outcome { gain, events, end }))
}

/// The features of the tile at `pos` in `game` where `player` has strength and another
/// player as much or more: (kind, the other seat, whether it is stronger).
fn contested(game: &Game, pos: Pos, player: usize) -> Option<(SegmentKind, u8, bool)> {
    (0u8..)
        .map_while(|seg| game.feature_at(pos, seg))
        .find_map(|f| {
            let mine = *f.strength.get(player)?;
            if mine == 0 {
                return None;
            }
            let (q, &s) = f
                .strength
                .iter()
                .enumerate()
                .filter(|&(q, _)| q != player)
                .max_by_key(|&(_, s)| *s)?;
            (s >= mine).then_some((f.kind, q as u8, s > mine))
        })
}

/// Why `best` is better than `played`, both legal for the pending decision of `game` (the
/// position, which may hold its real pile: only the two moves and the rest of the turn
/// without choices are played), given the search's
/// `verdict` on them. `None` when they are the same move (or one is not legal).
///
/// The first that applies, in this order: the best move completes a feature scoring for the
/// player that the played one does not ([`Why::ClosesFeature`]); the played move put the mayor
/// on a city without pennants ([`Why::WeakMayor`]); the played tile joined the player's
/// feature to one another player holds as strongly ([`Why::SharesFeature`]) or more strongly
/// ([`Why::LosesFeature`]) and the best did not; the best scores more now
/// ([`Why::MorePoints`]); the played move gives another player more now
/// ([`Why::GivesPoints`]); the best keeps the figure the played move placed
/// ([`Why::KeepsFollower`]); the largest difference in what the unfinished features would be
/// worth at the end, the player's own ([`Why::WorthMore`]) or another player's fed by the
/// played move ([`Why::FeedsFeature`]); the best places a figure where the played move placed
/// none ([`Why::PlacesFigure`]); else [`Why::BetterChances`], where nothing on the board
/// tells the two apart.
pub fn why(game: &Game, played: Move, best: Move, verdict: &Verdict) -> Option<Why> {
    if played == best {
        return None;
    }
    let player = game.decision().player()? as usize;
    let (played_game, a) = outcome(game, played)?;
    let (best_game, b) = outcome(game, best)?;
    let mine = |o: &Outcome| o.gain.get(player).copied().unwrap_or(0);
    // 1. The best move completes a feature for the player that the played move does not
    // complete as well (the same scoring event in both results is no difference).
    if mine(&b) > mine(&a) {
        let closed = b
            .events
            .iter()
            .filter(|e| !a.events.contains(e))
            .filter_map(|e| match e {
                Event::Scored {
                    feature,
                    cause: Cause::Completed,
                    players,
                    points,
                    ..
                } if players.contains(&(player as u8)) => Some((*points, *feature)),
                _ => None,
            })
            .max_by_key(|&(points, _)| points);
        if let Some((points, feature)) = closed {
            return Some(Why::ClosesFeature {
                feature: feature.name().into(),
                points,
            });
        }
    }
    // 2. A mayor on a city without pennants.
    if let (
        Move::Figure {
            kind: FigureKind::Mayor,
            spot,
        },
        Decision::PlaceFigure { pos, .. },
    ) = (played, game.decision())
        && let Some(f) = game.feature_at(pos, spot)
        && f.pennants == 0
    {
        return Some(Why::WeakMayor {
            strength: f.pennants,
        });
    }
    // 3. The played tile joins the player's feature to another player's.
    if let Move::Place { pos, .. } = played
        && let Some((kind, other, stronger)) = contested(&played_game, pos, player)
    {
        let best_too = match best {
            Move::Place { pos, .. } => contested(&best_game, pos, player).is_some(),
            _ => false,
        };
        if !best_too {
            let feature = kind.name().into();
            return Some(if stronger {
                Why::LosesFeature { feature, to: other }
            } else {
                Why::SharesFeature {
                    feature,
                    with: other,
                }
            });
        }
    }
    // 4. More points now.
    if mine(&b) > mine(&a) {
        return Some(Why::MorePoints {
            points: mine(&b) - mine(&a),
        });
    }
    // 5. Points given to another player.
    let given = (0..a.gain.len())
        .filter(|&q| q != player)
        .map(|q| {
            (
                q,
                a.gain[q].saturating_sub(b.gain.get(q).copied().unwrap_or(0)),
            )
        })
        .max_by_key(|&(_, d)| d);
    if let Some((to, points)) = given.filter(|&(_, d)| d > 0) {
        return Some(Why::GivesPoints {
            to: to as u8,
            points,
        });
    }
    // 6. A figure kept for later.
    if let (Move::Figure { kind, .. }, Move::NoFigure) = (played, best) {
        return Some(Why::KeepsFollower {
            figure: kind.name().into(),
        });
    }
    // 7. What the features would be worth at the end: the player's own, or another's fed.
    let mut worth: Option<(u32, Why)> = None;
    let mut consider = |d: u32, why: Why| {
        if d > 0 && worth.as_ref().is_none_or(|(w, _)| d > *w) {
            worth = Some((d, why));
        }
    };
    for (k, kind) in KINDS.iter().enumerate() {
        let (mine_b, mine_a) = (b.end[player][k], a.end[player][k]);
        consider(
            mine_b.saturating_sub(mine_a),
            Why::WorthMore {
                feature: kind.name().into(),
                points: mine_b.saturating_sub(mine_a),
            },
        );
        for q in (0..a.end.len()).filter(|&q| q != player) {
            let fed = a.end[q][k].saturating_sub(b.end[q][k]);
            consider(
                fed,
                Why::FeedsFeature {
                    feature: kind.name().into(),
                    to: q as u8,
                    points: fed,
                },
            );
        }
    }
    if let Some((_, why)) = worth {
        return Some(why);
    }
    // 8. A figure placed where the played move placed none.
    if let (Move::NoFigure, Move::Figure { kind, spot }) = (played, best) {
        let feature = match (kind, game.decision()) {
            (FigureKind::Barn, _) => Some(SegmentKind::Field),
            (_, Decision::PlaceFigure { pos, .. }) => game.feature_at(pos, spot).map(|f| f.kind),
            _ => None,
        };
        if let Some(feature) = feature {
            return Some(Why::PlacesFigure {
                figure: kind.name().into(),
                feature: feature.name().into(),
            });
        }
    }
    Some(Why::BetterChances {
        win: verdict.win_loss,
        points: verdict.point_loss,
    })
}
