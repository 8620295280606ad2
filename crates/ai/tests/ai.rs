//! The AI's contract: legal moves for every decision, determinism under iteration budgets,
//! early stops, hints in record notation, and a small arena.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use carcassonne_ai::arena::{ArenaConfig, PlayerSpec, rank, run_arena, wilson95};
use carcassonne_ai::{Budget, Level, choose_move, describe_move, suggest};
use carcassonne_engine::{
    Decision, Game, Move, PlayerKind, PublicView, Record, RecordPlayer, Setup,
};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Tiny budgets keep debug builds fast: the search levels still run their whole machinery.
fn tiny(level: Level) -> Budget {
    match level {
        Level::Medium | Level::Hard | Level::Expert => Budget::iterations(3),
        _ => Budget::default(),
    }
}

/// The index of a decision kind, for coverage counts.
fn kind(d: Decision) -> usize {
    match d {
        Decision::DrawOrAbbey { .. } => 0,
        Decision::PlaceTile { .. } => 1,
        Decision::PlaceFigure { .. } => 2,
        Decision::MoveWagon { .. } => 3,
        Decision::FinalAbbey { .. } => 4,
        Decision::GameOver => 5,
    }
}

/// A game advanced by random moves until `turns` tiles are placed and the pending decision
/// satisfies `want`, or `None` if the game ends first.
fn position(seed: u64, players: usize, turns: usize, want: fn(Decision) -> bool) -> Option<Game> {
    let mut game = Game::new(&Setup {
        players,
        abbey_mayor: true,
        seed,
    })
    .ok()?;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut placed = 0;
    let mut moves = Vec::new();
    while !game.is_over() {
        if placed >= turns && want(game.decision()) {
            return Some(game);
        }
        game.legal_moves_into(&mut moves);
        let mv = moves[rng.random_range(0..moves.len())];
        placed += usize::from(matches!(mv, Move::Place { .. }));
        game.play(mv).ok()?;
    }
    None
}

/// A game played at random up to its final abbey round, by players who always draw rather
/// than place their abbey early; `None` if no hole is left at the end.
fn final_round(seed: u64, players: usize) -> Option<Game> {
    let mut game = Game::new(&Setup {
        players,
        abbey_mayor: true,
        seed,
    })
    .ok()?;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut moves = Vec::new();
    while !game.is_over() {
        if matches!(game.decision(), Decision::FinalAbbey { .. }) {
            return Some(game);
        }
        game.legal_moves_into(&mut moves);
        let mv = if moves.contains(&Move::Draw) {
            Move::Draw
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        game.play(mv).ok()?;
    }
    None
}

/// Plays `game` to the end with every level in turn (seats cycle through the levels,
/// shifted by `shift`), checking that each chosen move is legal and counting the decision
/// kinds met in `seen`.
fn play_legally_to_the_end(
    game: &mut Game,
    shift: usize,
    seen: &mut [usize; 6],
    stop: &AtomicBool,
) {
    let mut n = 0u64;
    while let Some(p) = game.decision().player() {
        let level = Level::ALL[(usize::from(p) + shift) % Level::ALL.len()];
        let view = PublicView::new(game);
        let legal = view.legal_moves();
        let mv = choose_move(level, &view, n, tiny(level), stop);
        assert!(
            legal.contains(&mv),
            "{level} chose {mv:?}, not among {legal:?}"
        );
        seen[kind(game.decision())] += 1;
        game.play(mv).expect("a legal move is accepted");
        n += 1;
    }
}

#[test]
fn every_level_plays_only_legal_moves_for_every_decision() {
    let stop = AtomicBool::new(false);
    let mut seen = [0usize; 6];
    let mut game_index = 0usize;
    for abbey_mayor in [true, false] {
        for players in 2..=6 {
            let mut game = Game::new(&Setup {
                players,
                abbey_mayor,
                seed: 40 + players as u64,
            })
            .expect("setup");
            game.set_logging(false);
            play_legally_to_the_end(&mut game, game_index, &mut seen, &stop);
            game_index += 1;
        }
    }
    // Players who keep their abbey to the end meet the final abbey round.
    for seed in 0..6 {
        let mut game = final_round(seed, 2 + seed as usize % 5).expect("a final round");
        play_legally_to_the_end(&mut game, seed as usize, &mut seen, &stop);
    }
    for (k, name) in [
        "draw or abbey",
        "place tile",
        "place figure",
        "move wagon",
        "final abbey",
    ]
    .iter()
    .enumerate()
    {
        assert!(seen[k] > 0, "no {name} decision was met: {seen:?}");
    }
}

#[test]
fn iteration_budgets_are_deterministic() {
    let stop = AtomicBool::new(false);
    let wants: [fn(Decision) -> bool; 3] = [
        |d| matches!(d, Decision::PlaceTile { .. }),
        |d| matches!(d, Decision::PlaceFigure { .. }),
        |d| matches!(d, Decision::DrawOrAbbey { .. }),
    ];
    for (i, want) in wants.into_iter().enumerate() {
        let game = position(7 + i as u64, 3, 12, want).expect("position");
        let view = PublicView::new(&game);
        for level in Level::ALL {
            let budget = Budget::iterations(40);
            let a = choose_move(level, &view, 99, budget, &stop);
            let b = choose_move(level, &view, 99, budget, &stop);
            assert_eq!(a, b, "{level} at {:?}", game.decision());
        }
    }
}

#[test]
fn every_playout_kind_searches_to_a_legal_move() {
    use carcassonne_ai::Limits;
    use carcassonne_ai::mcts::{Config, Playout, PlayoutPolicy, search};
    let stop = AtomicBool::new(false);
    let playouts = [
        Playout::Random,
        Playout::Truncated(4),
        Playout::Guided(PlayoutPolicy::DEFAULT),
        Playout::Guided(PlayoutPolicy {
            none: 5.0,
            field: 0.0,
            fill: 0.0,
            ..PlayoutPolicy::DEFAULT
        }),
    ];
    for (i, playout) in playouts.into_iter().enumerate() {
        let game = position(30 + i as u64, 2, 15, |d| {
            matches!(d, Decision::PlaceTile { .. })
        })
        .expect("position");
        let view = PublicView::new(&game);
        let legal = view.legal_moves();
        let cfg = Config {
            playout,
            ..Config::default()
        };
        let mut rng = Pcg64Mcg::seed_from_u64(i as u64);
        let limits = Limits::new(Budget::iterations(30), &stop);
        let mv = search(&view, &legal, &mut rng, &limits, &cfg);
        assert!(legal.contains(&mv), "{playout:?}: {mv:?}");
    }
}

#[test]
fn a_stopped_search_still_returns_a_legal_move() {
    let game = position(5, 2, 20, |d| matches!(d, Decision::PlaceTile { .. })).expect("position");
    let view = PublicView::new(&game);
    let legal = view.legal_moves();
    // Stopped before it starts: the answer comes from the first evaluated move at worst.
    let stop = AtomicBool::new(true);
    for level in Level::ALL {
        let mv = choose_move(level, &view, 1, Budget::iterations(u64::MAX), &stop);
        assert!(legal.contains(&mv), "{level}: {mv:?}");
    }
    // Stopped while searching an unbounded budget from another thread.
    let stop = AtomicBool::new(false);
    let mv = std::thread::scope(|s| {
        let searcher =
            s.spawn(|| choose_move(Level::Expert, &view, 2, Budget::iterations(u64::MAX), &stop));
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
        searcher.join().expect("search thread")
    });
    assert!(legal.contains(&mv), "{mv:?}");
}

#[test]
fn levels_parse_and_print_lowercase() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert_eq!(level.to_string(), level.to_string().to_lowercase());
    }
    assert!("Hard".parse::<Level>().is_err());
    assert_eq!(
        "hard@400".parse::<PlayerSpec>().map(|p| p.budget),
        Ok(Budget::iterations(400))
    );
    assert_eq!(
        "medium@30ms".parse::<PlayerSpec>().map(|p| p.budget),
        Ok(Budget::millis(30))
    );
    assert!("hard@fast".parse::<PlayerSpec>().is_err());
}

#[test]
fn hints_name_the_move_in_record_notation() {
    // A game in progress, saved as a record, replayed, and asked for a hint.
    let game = position(11, 2, 15, |d| matches!(d, Decision::PlaceTile { .. })).expect("position");
    let names = (0..2)
        .map(|i| RecordPlayer {
            name: format!("P{i}"),
            kind: PlayerKind::Human,
            level: None,
        })
        .collect();
    let record = Record::from_game(&game, names);
    let mut replayed = Record::parse(&record.to_json())
        .and_then(|r| r.replay())
        .expect("the record replays");
    let stop = AtomicBool::new(false);
    let hint = suggest(
        &PublicView::new(&replayed),
        Level::Hard,
        3,
        Budget::iterations(30),
        &stop,
    )
    .expect("a hint");
    let json = serde_json::to_value(&hint).expect("json");
    assert_eq!(json["level"], "hard");
    assert_eq!(json["move"]["decision"], "place_tile");
    assert!(json["move"]["tile"].is_string() && json["move"]["at"].is_array());
    assert!(json["move"]["rotation"].is_number());
    replayed.play(hint.mv).expect("the hint is legal");

    // The figure decision that follows: the hint names a figure or `null`.
    let hint = suggest(
        &PublicView::new(&replayed),
        Level::Greedy,
        3,
        Budget::default(),
        &stop,
    );
    if let Ok(hint) = hint {
        let json = serde_json::to_value(&hint).expect("json");
        if json["move"]["decision"] == "place_figure" {
            assert!(json["move"].get("figure").is_some(), "{json}");
        }
    }
}

#[test]
fn every_move_kind_has_a_notation() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let mut game = Game::new(&Setup {
            players: 2,
            abbey_mayor: true,
            seed,
        })
        .expect("setup");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        while !game.is_over() {
            let view = PublicView::new(&game);
            let moves = view.legal_moves();
            // Half the games keep the abbey for the final round, where passing is possible.
            let mv = if seed % 2 == 0 && moves.contains(&Move::Draw) {
                Move::Draw
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            let json = serde_json::to_value(describe_move(&view, mv)).expect("json");
            let key = ["draw", "tile", "abbey", "figure", "wagon", "pass"]
                .into_iter()
                .find(|k| json.get(*k).is_some())
                .expect("a move field");
            if key == "figure" && !json["figure"].is_null() {
                let f = &json["figure"];
                assert!(f["on"].is_string() || f["corner"].is_string(), "{json}");
            }
            seen.insert(key);
            game.play(mv).expect("legal");
        }
    }
    assert_eq!(seen.len(), 6, "{seen:?}");
}

#[test]
fn a_small_arena_runs_and_adds_up() {
    let cfg = ArenaConfig {
        players: vec![
            "medium@4".parse().expect("spec"),
            "greedy".parse().expect("spec"),
        ],
        deals: 1,
        seed: 3,
        abbey_mayor: true,
        threads: 2,
    };
    let summary = run_arena(&cfg, |_| {}).expect("arena");
    assert_eq!(summary.games, 2);
    let wins: f64 = summary.players.iter().map(|p| p.wins).sum();
    assert!((wins - 2.0).abs() < 1e-9);
    let diffs: f64 = summary.players.iter().map(|p| p.mean_score_diff).sum();
    assert!(
        diffs <= 0.0,
        "two players' differences cancel or both trail: {diffs}"
    );
    for p in &summary.players {
        assert!(p.decisions > 0);
        let [lo, hi] = p.win_rate_wilson95;
        assert!(lo <= p.win_rate && p.win_rate <= hi);
    }
    let again = run_arena(&cfg, |_| {}).expect("arena");
    let scores = |s: &carcassonne_ai::ArenaSummary| {
        s.players.iter().map(|p| p.mean_score).collect::<Vec<_>>()
    };
    assert_eq!(
        scores(&summary),
        scores(&again),
        "iteration budgets replay exactly"
    );
    assert!(
        run_arena(
            &ArenaConfig {
                players: vec!["greedy".parse().expect("spec")],
                ..cfg
            },
            |_| {}
        )
        .is_err()
    );
}

#[test]
fn a_three_player_arena_seats_everyone_everywhere_and_ranks_them() {
    let cfg = ArenaConfig {
        players: vec![
            "greedy".parse().expect("spec"),
            "random".parse().expect("spec"),
            "random".parse().expect("spec"),
        ],
        deals: 2,
        seed: 11,
        abbey_mayor: true,
        threads: 2,
    };
    let summary = run_arena(&cfg, |_| {}).expect("arena");
    assert_eq!(summary.games, 6);
    assert!((summary.fair_share - 1.0 / 3.0).abs() < 1e-12);
    // Places 1, 2 and 3 are shared out in every game: the mean ranks add up to 6.
    let ranks: f64 = summary.players.iter().map(|p| p.mean_rank).sum();
    assert!((ranks - 6.0).abs() < 1e-9, "{ranks}");
    for p in &summary.players {
        assert_eq!(p.per_seat.len(), 3);
        // Every contestant sat in every seat once per deal.
        assert!(p.per_seat.iter().all(|s| s.games == 2), "{:?}", p.per_seat);
        let wins: f64 = p.per_seat.iter().map(|s| s.wins).sum();
        assert!((wins - p.wins).abs() < 1e-9);
        let seat_rank = p.per_seat.iter().map(|s| s.mean_rank).sum::<f64>() / 3.0;
        assert!((seat_rank - p.mean_rank).abs() < 1e-9);
    }
}

#[test]
fn a_spec_may_set_the_easy_levels_noise() {
    let spec: PlayerSpec = "easy~1.5".parse().expect("spec");
    assert_eq!(spec.noise.map(carcassonne_ai::Noise::points), Some(1.5));
    assert_eq!(spec.to_string(), "easy~1.5");
    assert_eq!("easy".parse::<PlayerSpec>().expect("spec").noise, None);
    for bad in [
        "hard~1",
        "easy~",
        "easy~x",
        "easy~-1",
        "easy~101",
        "easy~0.001",
    ] {
        assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
    }
    // No noise is greedy: the same moves, game after game.
    let cfg = |a: &str| ArenaConfig {
        players: vec![a.parse().expect("spec"), "random".parse().expect("spec")],
        deals: 1,
        seed: 5,
        abbey_mayor: true,
        threads: 1,
    };
    let scores = |a: &str| {
        run_arena(&cfg(a), |_| {})
            .expect("arena")
            .players
            .iter()
            .map(|p| p.mean_score)
            .collect::<Vec<_>>()
    };
    assert_eq!(scores("easy~0"), scores("greedy"));
    assert_ne!(scores("easy~50"), scores("greedy"));
}

/// Each player's score in one deal (seed 11) played in every seat rotation.
fn scores(players: &[&str]) -> Vec<f64> {
    let cfg = ArenaConfig {
        players: players.iter().map(|p| p.parse().expect("spec")).collect(),
        deals: 1,
        seed: 11,
        abbey_mayor: true,
        threads: 1,
    };
    run_arena(&cfg, |_| {})
        .expect("arena")
        .players
        .iter()
        .map(|p| p.mean_score)
        .collect()
}

#[test]
fn a_spec_may_set_the_search_payoff() {
    use carcassonne_ai::eval::Payoff;
    let spec: PlayerSpec = "hard@200:paranoid".parse().expect("spec");
    assert_eq!(spec.payoff, Some(Payoff::Paranoid));
    assert_eq!(spec.budget.iterations, Some(200));
    assert_eq!(spec.to_string(), "hard@200:paranoid");
    assert_eq!("medium".parse::<PlayerSpec>().expect("spec").payoff, None);
    for bad in [
        "hard:maxn",
        "hard:",
        "easy:paranoid",
        "greedy:mean",
        "random:margin",
    ] {
        assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
    }
    // Three players: the paranoid search plays other moves than max-n; two players: the same.
    assert_eq!(
        scores(&["medium@60:paranoid", "greedy"]),
        scores(&["medium@60", "greedy"])
    );
    assert_ne!(
        scores(&["medium@60:paranoid", "greedy", "greedy"]),
        scores(&["medium@60", "greedy", "greedy"])
    );
}

#[test]
fn a_spec_may_set_the_search_win_weight() {
    let spec: PlayerSpec = "hard@200:paranoid+w0.65".parse().expect("spec");
    assert_eq!(
        spec.win_weight.map(carcassonne_ai::Weight::value),
        Some(0.65)
    );
    assert_eq!(spec.budget.iterations, Some(200));
    assert!(spec.payoff.is_some());
    assert_eq!(spec.to_string(), "hard@200:paranoid+w0.65");
    assert_eq!(
        "medium+w1".parse::<PlayerSpec>().expect("spec").to_string(),
        "medium+w1"
    );
    assert_eq!(
        "medium".parse::<PlayerSpec>().expect("spec").win_weight,
        None
    );
    for bad in [
        "hard+w",
        "hard+wx",
        "hard+w-0.1",
        "hard+w1.5",
        "hard+w0.001",
        "greedy+w0.5",
        "easy~1+w0.5",
    ] {
        assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
    }
    // The default weight named is the default; another weight plays other moves.
    let default = carcassonne_ai::mcts::Config::default().win_weight;
    assert_eq!(
        scores(&[&format!("medium@60+w{default}"), "greedy", "greedy"]),
        scores(&["medium@60", "greedy", "greedy"])
    );
    assert_ne!(
        scores(&["medium@60+w1", "greedy", "greedy"]),
        scores(&["medium@60", "greedy", "greedy"])
    );
}

#[test]
fn ranks_share_tied_places() {
    assert_eq!(rank(&[10, 20, 30], 2), 1.0);
    assert_eq!(rank(&[10, 20, 30], 0), 3.0);
    assert_eq!(rank(&[30, 30, 5], 0), 1.5);
    assert_eq!(rank(&[30, 30, 5], 2), 3.0);
    assert_eq!(rank(&[7, 7, 7, 7], 3), 2.5);
}

#[test]
fn wilson_interval_brackets_the_rate() {
    let [lo, hi] = wilson95(170.0, 200);
    assert!(
        lo > 0.79 && lo < 0.80 && hi > 0.89 && hi < 0.90,
        "{lo} {hi}"
    );
    assert_eq!(wilson95(0.0, 0), [0.0, 1.0]);
}
