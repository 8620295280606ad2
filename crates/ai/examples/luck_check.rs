//! The luck estimator checked on simulated games: `cargo run --release -p carcassonne-ai
//! --example luck_check -- [GAMES] [THREADS] [LEVEL] [FIRST_DEAL] [hashed]`.
//!
//! Plays GAMES (default 1000) 2-player Abbey & Mayor games between two equal players of
//! LEVEL (default `greedy`; the deals FIRST_DEAL, FIRST_DEAL + 1, …, default 9000; with
//! `hashed`, each deal number mixed by [`splitmix`] first, so that the seeds are far apart), weighs every draw
//! ([`carcassonne_ai::review::luck`]) and prints:
//! - per seat, the mean luck per game in points and win chance with its 95% confidence
//!   interval (a fair shuffle: both intervals should hold 0);
//! - the variance of the raw margins and of the luck-adjusted margins (equal players: the
//!   adjusted one should be smaller);
//! - the fit of the win-chance scale: the spread per tile of the final margin around the
//!   projected one at each draw;
//! - the time the analysis takes per game (median, max).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use carcassonne_ai::eval::mean_diff;
use carcassonne_ai::review::luck::{Luck, luck_of};
use carcassonne_ai::review::positions;
use carcassonne_ai::seed::splitmix;
use carcassonne_ai::{Budget, Level, choose_move};
use carcassonne_engine::{Game, Move, PlayerKind, PublicView, Record, RecordPlayer, Setup};

fn play(level: Level, deal: u64) -> Record {
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed: deal,
    })
    .expect("setup");
    let stop = AtomicBool::new(false);
    let mut decision = 0u64;
    while game.decision().player().is_some() {
        let mv = choose_move(
            level,
            &PublicView::new(&game),
            splitmix(0x10C4 ^ (deal << 16) ^ decision),
            Budget::iterations(500),
            &stop,
        );
        game.play(mv).expect("legal");
        decision += 1;
    }
    let players = (0..2)
        .map(|i| RecordPlayer {
            name: format!("{}{i}", level.name()),
            kind: PlayerKind::Ai,
            level: Some(level.name().into()),
        })
        .collect();
    Record::from_game(&game, players)
}

/// One game analysed: its luck, the (squared deviation / (tiles left + 1)) samples of the
/// win-scale fit, and the analysis's seconds.
type Done = (Luck, Vec<f64>, f64);

fn analyse(record: &Record) -> Done {
    let stop = AtomicBool::new(false);
    let all = positions(record).expect("positions");
    let last = record.replay().expect("replay");
    let scores = last.scores();
    let t = Instant::now();
    let luck = luck_of(&all, &scores, &stop).expect("luck");
    let secs = t.elapsed().as_secs_f64();
    let mut fit = Vec::new();
    for p in &all {
        if !matches!(p.played, Move::Place { .. }) {
            continue;
        }
        let Some(player) = p.game.decision().player() else {
            continue;
        };
        let player = usize::from(player);
        let now = mean_diff(&p.game.projected_scores(), player);
        let end = mean_diff(&scores, player);
        let left = p.game.pile_len().saturating_sub(1);
        fit.push((end - now).powi(2) / (left + 1) as f64);
    }
    (luck, fit, secs)
}

fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
    (m, 1.96 * (var / n).sqrt())
}

fn variance(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    let m = xs.iter().sum::<f64>() / n;
    xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let games: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let threads: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let level = arg(3)
        .map(|s| s.parse::<Level>().expect("level"))
        .unwrap_or(Level::Greedy);
    let first: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(9000);
    let hashed = arg(5).is_some_and(|s| s == "hashed");
    let next = Arc::new(AtomicU64::new(0));
    let done: Arc<Mutex<Vec<(u64, Done)>>> = Arc::default();
    std::thread::scope(|s| {
        for _ in 0..threads {
            let (next, done) = (next.clone(), done.clone());
            s.spawn(move || {
                loop {
                    let deal = next.fetch_add(1, Ordering::Relaxed);
                    if deal >= games {
                        break;
                    }
                    let seed = if hashed {
                        splitmix(first + deal) >> 11
                    } else {
                        first + deal
                    };
                    let r = analyse(&play(level, seed));
                    done.lock().expect("lock").push((deal, r));
                }
            });
        }
    });
    let mut done = Arc::try_unwrap(done)
        .expect("one")
        .into_inner()
        .expect("lock");
    done.sort_by_key(|d| d.0);
    println!(
        "{} games, {} against {}",
        done.len(),
        level.name(),
        level.name()
    );
    for seat in 0..2 {
        let pts: Vec<f64> = done.iter().map(|d| d.1.0.players[seat].points).collect();
        let win: Vec<f64> = done.iter().map(|d| d.1.0.players[seat].win).collect();
        let (mp, cp) = mean_ci(&pts);
        let (mw, cw) = mean_ci(&win);
        println!(
            "seat {seat}: luck per game {mp:+.2} ± {cp:.2} points (sd {:.2}), {:+.2} ± {:.2} % win chance",
            variance(&pts).sqrt(),
            100.0 * mw,
            100.0 * cw
        );
    }
    let raw: Vec<f64> = done.iter().map(|d| d.1.0.players[0].margin).collect();
    let adj: Vec<f64> = done
        .iter()
        .map(|d| d.1.0.players[0].adjusted_margin)
        .collect();
    let (vr, va) = (variance(&raw), variance(&adj));
    println!(
        "seat 0 margin: raw mean {:+.2}, variance {vr:.1} (sd {:.2}); luck-adjusted mean {:+.2}, variance {va:.1} (sd {:.2}); ratio {:.3}",
        mean_ci(&raw).0,
        vr.sqrt(),
        mean_ci(&adj).0,
        va.sqrt(),
        va / vr
    );
    let fit: Vec<f64> = done.iter().flat_map(|d| d.1.1.iter().copied()).collect();
    println!(
        "win scale: final margin around the projected one, {:.2} points per √tile ({} draws)",
        (fit.iter().sum::<f64>() / fit.len() as f64).sqrt(),
        fit.len()
    );
    let mut secs: Vec<f64> = done.iter().map(|d| d.1.2).collect();
    secs.sort_by(f64::total_cmp);
    println!(
        "analysis per game: median {:.3} s, max {:.3} s",
        secs[secs.len() / 2],
        secs[secs.len() - 1]
    );
}
