//! Why the review's best move beats the played one ([`review::why`]), on real positions of
//! seeded games: a feature the best move completes, a mayor without pennants, a figure kept,
//! the player's feature joined to another's, the fallback on the search's verdict, and the
//! JSON shape the app sends (`{id, params}`).

use carcassonne_ai::review::{self, Class, Verdict, Why};
use carcassonne_engine::{Cause, Decision, Event, FigureKind, Game, Move, SegmentKind, Setup};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A verdict whose values only the fallback reads.
fn verdict(best: Move) -> Verdict {
    Verdict {
        best,
        played_win: 0.4,
        played_margin: -2.0,
        best_win: 0.55,
        best_margin: 3.0,
        win_loss: 0.15,
        point_loss: 5.0,
        severity: 3.0,
        class: Class::Mistake,
        iterations: 10,
    }
}

/// Every position of seeded random two-player Abbey & Mayor games (random moves, but a
/// figure placed whenever one can be), until `found` returns something.
fn find<T>(mut found: impl FnMut(&Game) -> Option<T>) -> T {
    for seed in 0..200 {
        let mut game = Game::new(&Setup {
            players: 2,
            abbey_mayor: true,
            seed,
        })
        .unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            if let Some(t) = found(&game) {
                return t;
            }
            let moves = game.legal_moves();
            let figures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Figure { .. }))
                .collect();
            let pick = if figures.is_empty() || rng.random_range(0..4) == 0 {
                &moves
            } else {
                &figures
            };
            game.play(pick[rng.random_range(0..pick.len())]).unwrap();
        }
    }
    panic!("no such position in 200 games");
}

/// The points `player` scores by completed features when `mv` is played and the turn ends
/// without further choices.
fn completed_points(game: &Game, mv: Move, player: u8) -> Vec<(SegmentKind, u32)> {
    let mut g = game.clone();
    let seen = g.events().len();
    g.play(mv).unwrap();
    while let Decision::PlaceFigure { .. } = g.decision() {
        g.play(Move::NoFigure).unwrap();
    }
    g.events()[seen..]
        .iter()
        .filter_map(|e| match &e.event {
            Event::Scored {
                feature,
                cause: Cause::Completed,
                players,
                points,
                ..
            } if players.contains(&player) && *points > 0 => Some((*feature, *points)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_same_move_has_no_reason() {
    let game = find(|g| (g.legal_moves().len() > 1).then(|| g.clone()));
    let mv = game.legal_moves()[0];
    assert_eq!(review::why(&game, mv, mv, &verdict(mv)), None);
}

#[test]
fn a_tile_that_completes_a_feature_for_the_player_is_the_reason() {
    // A placement that completes a feature scoring for the player, against one that
    // completes nothing and gives nobody points.
    let (game, played, best, scored) = find(|g| {
        let Decision::PlaceTile { player, .. } = g.decision() else {
            return None;
        };
        let moves = g.legal_moves();
        let best = moves
            .iter()
            .copied()
            .find(|&m| !completed_points(g, m, player).is_empty())?;
        let played = moves.iter().copied().find(|&m| {
            let mut c = g.clone();
            let before = c.scores();
            c.play(m).unwrap();
            c.play(Move::NoFigure).is_ok() && c.scores() == before
        })?;
        Some((g.clone(), played, best, completed_points(g, best, player)))
    });
    let (feature, points) = scored.into_iter().max_by_key(|s| s.1).unwrap();
    assert_eq!(
        review::why(&game, played, best, &verdict(best)),
        Some(Why::ClosesFeature {
            feature: feature.name().into(),
            points
        })
    );
}

#[test]
fn a_mayor_on_a_city_without_pennants_is_the_reason() {
    let (game, mayor) = find(|g| {
        let Decision::PlaceFigure { pos, .. } = g.decision() else {
            return None;
        };
        g.legal_moves().into_iter().find_map(|m| match m {
            Move::Figure {
                kind: FigureKind::Mayor,
                spot,
            } if g
                .feature_at(pos, spot)
                .is_some_and(|f| f.pennants == 0 && !f.complete) =>
            {
                Some((g.clone(), m))
            }
            _ => None,
        })
    });
    let why = review::why(&game, mayor, Move::NoFigure, &verdict(Move::NoFigure));
    assert_eq!(why, Some(Why::WeakMayor { strength: 0 }));
}

#[test]
fn a_follower_put_in_a_field_for_nothing_is_kept_by_the_best_move() {
    let (game, farmer) = find(|g| {
        let Decision::PlaceFigure { pos, .. } = g.decision() else {
            return None;
        };
        g.legal_moves().into_iter().find_map(|m| match m {
            Move::Figure {
                kind: FigureKind::Follower,
                spot,
            } if g
                .feature_at(pos, spot)
                .is_some_and(|f| f.kind == SegmentKind::Field) =>
            {
                Some((g.clone(), m))
            }
            _ => None,
        })
    });
    assert_eq!(
        review::why(&game, farmer, Move::NoFigure, &verdict(Move::NoFigure)),
        Some(Why::KeepsFollower {
            figure: "follower".into()
        })
    );
    // The other way round: the best move places the farmer.
    assert_eq!(
        review::why(&game, Move::NoFigure, farmer, &verdict(farmer)),
        Some(Why::PlacesFigure {
            figure: "follower".into(),
            feature: "field".into()
        })
    );
}

#[test]
fn a_tile_that_joins_the_players_feature_to_another_players_is_the_reason() {
    // A placement after which a feature of the placed tile holds the player's figures and
    // as many or more of the other player's, against one where none does, both scoring
    // nothing at once.
    let (game, played, best) = find(|g| {
        let Decision::PlaceTile { player, .. } = g.decision() else {
            return None;
        };
        let p = player as usize;
        let contested = |m: Move| {
            let Move::Place { pos, .. } = m else {
                return false;
            };
            let mut c = g.clone();
            c.play(m).unwrap();
            (0u8..).map_while(|s| c.feature_at(pos, s)).any(|f| {
                f.strength[p] > 0
                    && f.strength
                        .iter()
                        .enumerate()
                        .any(|(q, &s)| q != p && s >= f.strength[p])
            })
        };
        let quiet = |m: Move| completed_points(g, m, player).is_empty();
        let moves = g.legal_moves();
        let played = moves.iter().copied().find(|&m| contested(m) && quiet(m))?;
        let best = moves.iter().copied().find(|&m| !contested(m) && quiet(m))?;
        Some((g.clone(), played, best))
    });
    let why = review::why(&game, played, best, &verdict(best));
    let other = 1 - game.decision().player().unwrap();
    match why {
        Some(Why::SharesFeature { with, .. }) => assert_eq!(with, other),
        Some(Why::LosesFeature { to, .. }) => assert_eq!(to, other),
        w => panic!("{w:?}"),
    }
}

#[test]
fn moves_alike_at_once_fall_back_on_the_search() {
    // Two placements that score nothing and contest nothing, with no figure decision
    // between them.
    let (game, a, b) = find(|g| {
        let Decision::PlaceTile { player, .. } = g.decision() else {
            return None;
        };
        let p = player as usize;
        let plain = |m: Move| {
            let Move::Place { pos, .. } = m else {
                return false;
            };
            let mut c = g.clone();
            let before = c.scores();
            c.play(m).unwrap();
            let calm = (0u8..)
                .map_while(|s| c.feature_at(pos, s))
                .all(|f| f.strength[p] == 0 || f.owners == [p as u8]);
            c.play(Move::NoFigure).is_ok() && c.scores() == before && calm
        };
        // Two of them that leave every player's features worth the same at the end too.
        let end = |m: Move| {
            let mut c = g.clone();
            c.play(m).unwrap();
            c.projected_scores()
        };
        let moves: Vec<Move> = g.legal_moves().into_iter().filter(|&m| plain(m)).collect();
        let a = *moves.first()?;
        let b = moves[1..].iter().copied().find(|&m| end(m) == end(a))?;
        Some((g.clone(), a, b))
    });
    let v = verdict(b);
    assert_eq!(
        review::why(&game, a, b, &v),
        Some(Why::BetterChances {
            win: v.win_loss,
            points: v.point_loss
        })
    );
}

#[test]
fn a_follower_on_an_unfinished_city_is_worth_its_end_value() {
    // A knight on an unfinished city nobody holds, against no figure: nothing differs now,
    // and at the end the city would count one point per tile and pennant for the player.
    let (game, knight, value) = find(|g| {
        let Decision::PlaceFigure { pos, .. } = g.decision() else {
            return None;
        };
        g.legal_moves().into_iter().find_map(|m| match m {
            Move::Figure {
                kind: FigureKind::Follower,
                spot,
            } => {
                let f = g.feature_at(pos, spot)?;
                (f.kind == SegmentKind::City && !f.complete && f.strength.iter().all(|&s| s == 0))
                    .then(|| (g.clone(), m, u32::from(f.tiles) + u32::from(f.pennants)))
            }
            _ => None,
        })
    });
    assert_eq!(
        review::why(&game, Move::NoFigure, knight, &verdict(knight)),
        Some(Why::WorthMore {
            feature: "city".into(),
            points: value
        })
    );
}

#[test]
fn a_tile_that_feeds_another_players_feature_is_the_reason() {
    // Two placements that score nothing now, join nothing of the player's and leave the
    // player's features worth the same at the end; one makes another player's worth more.
    let (game, played, best, to, more) = find(|g| {
        let Decision::PlaceTile { player, .. } = g.decision() else {
            return None;
        };
        let p = usize::from(player);
        let after = |m: Move| {
            let mut c = g.clone();
            let before = c.scores();
            c.play(m).unwrap();
            let Move::Place { pos, .. } = m else {
                return None;
            };
            let joins = (0u8..)
                .map_while(|s| c.feature_at(pos, s))
                .any(|f| f.strength[p] > 0);
            c.play(Move::NoFigure).ok()?;
            (c.scores() == before && !joins).then(|| c.projected_scores())
        };
        let plain: Vec<(Move, Vec<u32>)> = g
            .legal_moves()
            .into_iter()
            .filter_map(|m| Some((m, after(m)?)))
            .collect();
        plain.iter().find_map(|(a, ea)| {
            plain.iter().find_map(|(b, eb)| {
                let q = (0..ea.len()).find(|&q| q != p && ea[q] > eb[q])?;
                let others_equal = (0..ea.len()).all(|r| r == q || ea[r] == eb[r]);
                others_equal.then(|| (g.clone(), *a, *b, q as u8, ea[q] - eb[q]))
            })
        })
    });
    let why = review::why(&game, played, best, &verdict(best));
    assert!(
        matches!(why, Some(Why::FeedsFeature { to: t, points, .. }) if t == to && points > 0 && points <= more),
        "{why:?}: {more} more for seat {to}"
    );
}

#[test]
fn a_reason_is_an_id_with_params() {
    let j = |w: Why| serde_json::to_value(w).unwrap();
    assert_eq!(
        j(Why::ClosesFeature {
            feature: "city".into(),
            points: 8
        }),
        serde_json::json!({"id": "closes_feature", "params": {"feature": "city", "points": 8}})
    );
    assert_eq!(
        j(Why::WeakMayor { strength: 0 }),
        serde_json::json!({"id": "weak_mayor", "params": {"strength": 0}})
    );
    assert_eq!(
        j(Why::BetterChances {
            win: 0.125,
            points: 2.5
        }),
        serde_json::json!({"id": "better_chances", "params": {"win": 0.125, "points": 2.5}})
    );
    let back: Why = serde_json::from_value(serde_json::json!(
        {"id": "shares_feature", "params": {"feature": "field", "with": 1}}
    ))
    .unwrap();
    assert_eq!(
        back,
        Why::SharesFeature {
            feature: "field".into(),
            with: 1
        }
    );
}
