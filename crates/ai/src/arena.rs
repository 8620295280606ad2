//! The arena: matches between AI levels with every seat rotation of each deal, and one
//! summary of wins, scores and decision times (`carcassonne arena`).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

use carcassonne_engine::{
    Decision, FigureKind, Game, Move, PlayError, PublicView, SegmentKind, SetupError,
};
use serde::Serialize;
use thiserror::Error;

use crate::Level;
use crate::eval::{score_diff, win_share};
use crate::seed::splitmix;
// The contestants' type, first defined here: its old path keeps working.
pub use crate::spec::{Noise, PlayerSpec, SpecError, Weight};

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The contestants in seat order of the first rotation (2 to 6).
    pub players: Vec<PlayerSpec>,
    /// Number of deals; each is played once per seat rotation.
    pub deals: u64,
    /// Seed of the first deal (deal `i` uses `seed + i`).
    pub seed: u64,
    /// Whether Abbey & Mayor is in play.
    pub abbey_mayor: bool,
    /// Games played at once. Decision times stay honest only while threads do not exceed
    /// the free cores.
    pub threads: usize,
}

/// Why an arena could not run.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ArenaError {
    /// An arena needs 2 to 6 players.
    #[error("an arena needs 2 to 6 players, not {0}")]
    Players(usize),
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// An AI answered with a move the engine refused: a bug in the AI.
    #[error("deal {deal}, rotation {rotation}: {level} played an illegal move: {error}")]
    IllegalMove {
        /// The deal.
        deal: u64,
        /// The rotation.
        rotation: usize,
        /// The offending level.
        level: Level,
        /// The engine's refusal.
        error: PlayError,
    },
}

/// The result of one game, reported as it finishes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameResult {
    /// The deal (the pile's seed is the arena seed plus this).
    pub deal: u64,
    /// The seat rotation: seat `s` is played by contestant `(s + rotation) % n`.
    pub rotation: usize,
    /// Final scores per contestant (not per seat).
    pub scores: Vec<u32>,
    /// Decision times per contestant, in milliseconds.
    #[serde(skip)]
    pub times_ms: Vec<Vec<f64>>,
    /// CPU time of the deciding thread per decision and contestant, in milliseconds, where
    /// the system reports it (Linux): unlike wall time, it does not grow when other
    /// programs compete for the cores.
    #[serde(skip)]
    pub cpu_ms: Vec<Vec<f64>>,
    /// What each contestant did with the expansion and its farmers.
    pub usage: Vec<Usage>,
}

/// How often a contestant used the expansion's pieces and farmers: the evidence that it
/// plays the whole game, not just tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Usage {
    /// Abbeys placed (during the game and in the final round).
    pub abbeys: f64,
    /// Mayors placed.
    pub mayors: f64,
    /// Wagons placed.
    pub wagons: f64,
    /// Wagons moved on to a new feature after scoring.
    pub wagon_moves: f64,
    /// Barns placed.
    pub barns: f64,
    /// Followers placed in fields.
    pub farmers: f64,
}

impl Usage {
    /// Counts `mv`, about to be played in `game`.
    fn count(&mut self, game: &Game, mv: Move) {
        match mv {
            Move::Abbey { .. } => self.abbeys += 1.0,
            Move::WagonTo { .. } => self.wagon_moves += 1.0,
            Move::Figure { kind, spot } => match kind {
                FigureKind::Mayor => self.mayors += 1.0,
                FigureKind::Wagon => self.wagons += 1.0,
                FigureKind::Barn => self.barns += 1.0,
                FigureKind::Follower => {
                    let field = match game.decision() {
                        Decision::PlaceFigure { pos, .. } => game
                            .board()
                            .at(pos)
                            .and_then(|t| t.segment_kind(spot))
                            .is_some_and(|k| k == SegmentKind::Field),
                        _ => false,
                    };
                    if field {
                        self.farmers += 1.0;
                    }
                }
            },
            _ => {}
        }
    }

    fn add(&mut self, o: &Usage) {
        self.abbeys += o.abbeys;
        self.mayors += o.mayors;
        self.wagons += o.wagons;
        self.wagon_moves += o.wagon_moves;
        self.barns += o.barns;
        self.farmers += o.farmers;
    }

    fn scale(&mut self, f: f64) {
        for x in [
            &mut self.abbeys,
            &mut self.mayors,
            &mut self.wagons,
            &mut self.wagon_moves,
            &mut self.barns,
            &mut self.farmers,
        ] {
            *x *= f;
        }
    }
}

/// One contestant's figures over all games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// The contestant as given (`hard`, `hard@4000`, …).
    pub player: String,
    /// The budget actually used.
    pub budget_ms: Option<u64>,
    /// The iteration budget actually used.
    pub budget_iterations: Option<u64>,
    /// Wins, ties split among the tied winners.
    pub wins: f64,
    /// Wins per game.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub win_rate_wilson95: [f64; 2],
    /// Mean final score.
    pub mean_score: f64,
    /// Mean of own score minus the best other score.
    pub mean_score_diff: f64,
    /// Decisions taken.
    pub decisions: usize,
    /// Mean decision time in milliseconds.
    pub mean_decision_ms: f64,
    /// Median decision time in milliseconds.
    pub median_decision_ms: f64,
    /// Slowest decision in milliseconds.
    pub max_decision_ms: f64,
    /// Median CPU time of a decision on its thread, in milliseconds (Linux only).
    pub median_decision_cpu_ms: Option<f64>,
    /// Largest CPU time of a decision on its thread, in milliseconds (Linux only).
    pub max_decision_cpu_ms: Option<f64>,
    /// Mean finishing place (1 = first; tied players share the mean of their places).
    pub mean_rank: f64,
    /// Results by the seat the contestant sat in (seat 0 moves first): with every rotation of
    /// every deal, each contestant sits in each seat equally often.
    pub per_seat: Vec<SeatSummary>,
    /// Pieces used per game.
    pub per_game: Usage,
}

/// A contestant's results from one seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatSummary {
    /// The seat (0 moves first).
    pub seat: usize,
    /// Games played from it.
    pub games: usize,
    /// Wins from it, ties split among the tied winners.
    pub wins: f64,
    /// Wins per game from it.
    pub win_rate: f64,
    /// Wilson 95% interval of that win rate.
    pub win_rate_wilson95: [f64; 2],
    /// Mean finishing place from it.
    pub mean_rank: f64,
}

/// The arena's one JSON summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArenaSummary {
    /// Games played (deals × rotations).
    pub games: usize,
    /// Deals.
    pub deals: u64,
    /// Seed of the first deal.
    pub seed: u64,
    /// Expansions in play.
    pub expansions: Vec<&'static str>,
    /// Games played at once.
    pub threads: usize,
    /// A contestant's win rate if every player were equally strong: 1 / players.
    pub fair_share: f64,
    /// Per contestant, in the order given.
    pub players: Vec<PlayerSummary>,
}

/// Plays one game of `cfg`: deal `deal` with seat rotation `rotation`.
///
/// # Errors
/// [`ArenaError`] if the game cannot be set up or an AI plays an illegal move.
pub fn play_game(cfg: &ArenaConfig, deal: u64, rotation: usize) -> Result<GameResult, ArenaError> {
    let n = cfg.players.len();
    let mut game = Game::new(&carcassonne_engine::Setup {
        players: n,
        abbey_mayor: cfg.abbey_mayor,
        seed: cfg.seed.wrapping_add(deal),
    })?;
    game.set_logging(false);
    let stop = AtomicBool::new(false);
    let mut times_ms = vec![Vec::new(); n];
    let mut cpu_ms = vec![Vec::new(); n];
    let mut usage = vec![Usage::default(); n];
    let mut decision = 0u64;
    let base = splitmix(splitmix(cfg.seed ^ splitmix(deal)) ^ rotation as u64);
    while let Some(seat) = game.decision().player() {
        let who = (usize::from(seat) + rotation) % n;
        let spec = cfg.players[who];
        let cpu_start = thread_cpu_ns();
        let started = Instant::now();
        let mv = spec.choose(
            &PublicView::new(&game),
            splitmix(base ^ decision),
            spec.exact_budget(),
            &stop,
        );
        times_ms[who].push(started.elapsed().as_secs_f64() * 1000.0);
        if let (Some(a), Some(b)) = (cpu_start, thread_cpu_ns()) {
            cpu_ms[who].push(b.saturating_sub(a) as f64 / 1e6);
        }
        usage[who].count(&game, mv);
        game.play(mv).map_err(|error| ArenaError::IllegalMove {
            deal,
            rotation,
            level: spec.level,
            error,
        })?;
        decision += 1;
    }
    let seat_scores = game.scores();
    let scores = (0..n)
        .map(|who| seat_scores[(who + n - rotation) % n])
        .collect();
    Ok(GameResult {
        deal,
        rotation,
        scores,
        times_ms,
        cpu_ms,
        usage,
    })
}

/// Nanoseconds the calling thread has run on a CPU, from Linux's scheduler statistics;
/// `None` where they are not available.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// The median of sorted values (0 when empty).
fn median(sorted: &[f64]) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The Wilson score interval at 95% for `wins` out of `n`.
pub fn wilson95(wins: f64, n: usize) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let z = 1.959_964;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Plays every deal of `cfg` in every seat rotation and summarises. `progress` sees each
/// game as it finishes (from any of the worker threads).
///
/// # Errors
/// [`ArenaError`] for a bad player count, a setup error, or an illegal move by an AI.
pub fn run_arena<F>(cfg: &ArenaConfig, progress: F) -> Result<ArenaSummary, ArenaError>
where
    F: Fn(&GameResult) + Sync,
{
    let n = cfg.players.len();
    if !(2..=6).contains(&n) {
        return Err(ArenaError::Players(n));
    }
    let jobs: Vec<(u64, usize)> = (0..cfg.deals)
        .flat_map(|d| (0..n).map(move |r| (d, r)))
        .collect();
    let results: Mutex<Vec<Option<Result<GameResult, ArenaError>>>> =
        Mutex::new(vec![None; jobs.len()]);
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..cfg.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= jobs.len() || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let (deal, rotation) = jobs[i];
                    let result = play_game(cfg, deal, rotation);
                    match &result {
                        Ok(r) => progress(r),
                        Err(_) => failed.store(true, Ordering::Relaxed),
                    }
                    if let Ok(mut all) = results.lock() {
                        all[i] = Some(result);
                    }
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut games = Vec::with_capacity(results.len());
    for r in results.into_iter().flatten() {
        games.push(r?);
    }
    Ok(summarise(cfg, &games))
}

/// The finishing place of `who` among `scores`: 1 for the best score; players tied share
/// the mean of the places they cover (two tied for first are 1.5 each).
pub fn rank(scores: &[u32], who: usize) -> f64 {
    let mine = scores[who];
    let better = scores.iter().filter(|&&s| s > mine).count();
    let tied = scores.iter().filter(|&&s| s == mine).count();
    better as f64 + (1.0 + tied as f64) / 2.0
}

/// The seat contestant `who` sat in for `game` of an `n`-player arena.
fn seat_of(game: &GameResult, who: usize, n: usize) -> usize {
    (who + n - game.rotation % n) % n
}

/// The summary of finished games.
pub fn summarise(cfg: &ArenaConfig, games: &[GameResult]) -> ArenaSummary {
    let n = cfg.players.len();
    let players = (0..n)
        .map(|who| {
            let spec = cfg.players[who];
            let budget = spec.exact_budget();
            let wins: f64 = games.iter().map(|g| win_share(&g.scores, who)).sum();
            let count = games.len().max(1) as f64;
            let mut times: Vec<f64> = games
                .iter()
                .flat_map(|g| g.times_ms[who].iter().copied())
                .collect();
            times.sort_by(f64::total_cmp);
            let mut cpu: Vec<f64> = games
                .iter()
                .flat_map(|g| g.cpu_ms[who].iter().copied())
                .collect();
            cpu.sort_by(f64::total_cmp);
            let has_cpu = !cpu.is_empty() && cpu.len() == times.len();
            let mut per_game = Usage::default();
            for g in games {
                per_game.add(&g.usage[who]);
            }
            per_game.scale(1.0 / count);
            let per_seat = (0..n)
                .map(|seat| {
                    let mine: Vec<&GameResult> = games
                        .iter()
                        .filter(|g| seat_of(g, who, n) == seat)
                        .collect();
                    let wins: f64 = mine.iter().map(|g| win_share(&g.scores, who)).sum();
                    let played = mine.len();
                    SeatSummary {
                        seat,
                        games: played,
                        wins,
                        win_rate: wins / played.max(1) as f64,
                        win_rate_wilson95: wilson95(wins, played),
                        mean_rank: mine.iter().map(|g| rank(&g.scores, who)).sum::<f64>()
                            / played.max(1) as f64,
                    }
                })
                .collect();
            PlayerSummary {
                player: spec.to_string(),
                budget_ms: budget.ms,
                budget_iterations: budget.iterations,
                wins,
                win_rate: wins / count,
                win_rate_wilson95: wilson95(wins, games.len()),
                mean_score: games.iter().map(|g| f64::from(g.scores[who])).sum::<f64>() / count,
                mean_score_diff: games
                    .iter()
                    .map(|g| score_diff(&g.scores, who))
                    .sum::<f64>()
                    / count,
                decisions: times.len(),
                mean_decision_ms: times.iter().sum::<f64>() / times.len().max(1) as f64,
                median_decision_ms: median(&times),
                max_decision_ms: times.last().copied().unwrap_or(0.0),
                median_decision_cpu_ms: has_cpu.then(|| median(&cpu)),
                max_decision_cpu_ms: cpu.last().copied().filter(|_| has_cpu),
                mean_rank: games.iter().map(|g| rank(&g.scores, who)).sum::<f64>() / count,
                per_seat,
                per_game,
            }
        })
        .collect();
    ArenaSummary {
        games: games.len(),
        deals: cfg.deals,
        seed: cfg.seed,
        expansions: if cfg.abbey_mayor {
            vec![carcassonne_engine::record::ABBEY_MAYOR]
        } else {
            vec![]
        },
        threads: cfg.threads.max(1),
        fair_share: 1.0 / n as f64,
        players,
    }
}
