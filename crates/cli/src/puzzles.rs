//! `carcassonne puzzles`: puzzles mined from games of the hard level against itself
//! (`generate`), checked again at a higher budget (`verify`), their themes recomputed and the
//! sets balanced (`retag`). The sets are the files `{base|abbey-mayor}-{N}p.json` of a folder
//! (`lessons/puzzles/` by default), format `carcassonne-puzzles/1`.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, mpsc};
use std::time::Instant;

use carcassonne_ai::mcts::HARD_ITERATIONS;
use carcassonne_ai::puzzle::{
    self, CANDIDATES, POINT_MARGIN, Puzzle, PuzzleCriteria, PuzzleGame, PuzzleSet, WIN_MARGIN,
    Yield,
};
use carcassonne_ai::seed::{mix, splitmix};
use carcassonne_engine::Setup;
use clap::{ValueEnum, value_parser};
use serde_json::json;

use crate::common::{CliError, MAX_ITERATIONS, emit, note, write_atomically};

/// The most games per set a run plays.
const MAX_GAMES: u64 = 10_000;
/// The most games played (or puzzles checked) at once.
const MAX_THREADS: u16 = 64;
/// The largest puzzle file read, in bytes.
const MAX_SET_BYTES: u64 = 64 << 20;
/// The decision name of a figure placement.
const FIGURE_DECISION: &str = "place_figure";
/// The lowest margins a run may ask for (the shipped puzzles' floor).
const MIN_WIN_MARGIN: f64 = 0.07;
/// See [`MIN_WIN_MARGIN`].
const MIN_POINT_MARGIN: f64 = 3.0;

/// The subcommands of `carcassonne puzzles`.
#[derive(clap::Subcommand)]
pub(crate) enum PuzzlesCommand {
    /// Play games of the hard level against itself, examine every decision of every seat and
    /// add the puzzles found to the sets in a folder; progress on stderr, one JSON summary.
    Generate(GenerateArgs),
    /// Check every puzzle (or a sample) again at a higher budget with another seed; one JSON
    /// summary; exit status 1 if any no longer holds.
    Verify(VerifyArgs),
    /// Recompute the themes of every puzzle, optionally removing the untagged ones and the
    /// easiest figure placements beyond a share; one JSON summary of what the sets hold.
    Retag(RetagArgs),
}

/// Which expansions the games are played with.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Sets {
    /// Abbey & Mayor.
    AbbeyMayor,
    /// The base game.
    None,
    /// Both: every player count once with Abbey & Mayor and once without.
    Both,
}

/// The arguments of `carcassonne puzzles generate`.
#[derive(clap::Args)]
pub(crate) struct GenerateArgs {
    /// Games to play for each set (each player count with each expansion choice), 1–10000.
    #[arg(long, value_parser = value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// The folder of the sets (created if missing); existing sets are added to.
    #[arg(long)]
    out: PathBuf,
    /// Player counts, 2–6.
    #[arg(long, value_delimiter = ',', default_value = "2", value_parser = value_parser!(u8).range(2..=6))]
    players: Vec<u8>,
    /// Expansions: abbey-mayor, none or both.
    #[arg(long, value_enum, default_value = "abbey-mayor")]
    expansions: Sets,
    /// The run's seed: game `k` of a set is dealt from it, the set and `k`. A game already
    /// in the set (the same deal) is not played again.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played at once, 1–64.
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
    threads: u16,
    /// Iterations of the hard level's search per decision, which is the first pass of the
    /// examination too (1–100000000).
    #[arg(long, default_value_t = HARD_ITERATIONS, value_parser = value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: u64,
    /// The win chance margin (0.07–1; default the criteria's).
    #[arg(long, default_value_t = WIN_MARGIN)]
    win_margin: f64,
    /// The points margin (3–1000; default the criteria's).
    #[arg(long, default_value_t = POINT_MARGIN)]
    point_margin: f64,
}

/// The arguments of `carcassonne puzzles verify`.
#[derive(clap::Args)]
pub(crate) struct VerifyArgs {
    /// The folder of the sets.
    #[arg(default_value = "lessons/puzzles")]
    dir: PathBuf,
    /// Iterations of the new first pass, and per comparison batch (1–100000000; default
    /// twice the hard level's, the generation's default).
    #[arg(long, default_value_t = 2 * HARD_ITERATIONS, value_parser = value_parser!(u64).range(1..=MAX_ITERATIONS))]
    iterations: u64,
    /// Check only this many puzzles, spread over the sets (the same ones every time).
    #[arg(long, value_parser = value_parser!(u64).range(1..))]
    sample: Option<u64>,
    /// The seed of the checks (the generation used others).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Puzzles checked at once, 1–64.
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u16).range(1..=i64::from(MAX_THREADS)))]
    threads: u16,
    /// Remove the puzzles that fail (and games left without puzzles) from the sets; the
    /// command then succeeds.
    #[arg(long)]
    drop: bool,
}

/// The arguments of `carcassonne puzzles retag`.
#[derive(clap::Args)]
pub(crate) struct RetagArgs {
    /// The folder of the sets.
    #[arg(default_value = "lessons/puzzles")]
    dir: PathBuf,
    /// Remove the puzzles left without a theme (and games left without puzzles).
    #[arg(long)]
    drop_untagged: bool,
    /// The largest share (0–1) of a set's puzzles that may be figure placements: beyond it
    /// the easiest figure placements (lowest rating, then id) are removed, so the sets are
    /// not mostly "put a follower where it scores".
    #[arg(long, value_parser = share)]
    max_figure_share: Option<f64>,
}

/// A share, 0–1.
fn share(text: &str) -> Result<f64, String> {
    let v: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if (0.0..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not in 0..=1"))
    }
}

/// The figure placements of `set` to remove so that at most `share` of its puzzles are
/// figure placements: the easiest first (lowest rating, then id), by their ids.
fn excess_figures(set: &PuzzleSet, share: f64) -> std::collections::HashSet<String> {
    let mut figures: Vec<&Puzzle> = set
        .puzzles
        .iter()
        .filter(|p| p.decision == FIGURE_DECISION)
        .collect();
    let others = set.puzzles.len() - figures.len();
    // The most figure placements `f` with f <= share * (others + f).
    let allowed = if share >= 1.0 {
        figures.len()
    } else {
        ((share * others as f64) / (1.0 - share) + 1e-9).floor() as usize
    };
    let excess = figures.len().saturating_sub(allowed);
    figures.sort_by(|a, b| a.rating.total_cmp(&b.rating).then_with(|| a.id.cmp(&b.id)));
    figures
        .into_iter()
        .take(excess)
        .map(|p| p.id.clone())
        .collect()
}

/// Runs a `carcassonne puzzles` subcommand.
pub(crate) fn run(command: PuzzlesCommand) -> Result<(), CliError> {
    match command {
        PuzzlesCommand::Generate(args) => generate(&args),
        PuzzlesCommand::Verify(args) => verify(&args),
        PuzzlesCommand::Retag(args) => retag(&args),
    }
}

/// One set: a player count with or without Abbey & Mayor.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct SetKind {
    players: u8,
    abbey_mayor: bool,
}

impl SetKind {
    /// The file name: `abbey-mayor-2p.json`, `base-3p.json`.
    fn file(self) -> String {
        let expansion = if self.abbey_mayor {
            "abbey-mayor"
        } else {
            "base"
        };
        format!("{expansion}-{}p.json", self.players)
    }

    /// The ids' prefix: `am2`, `b3`.
    fn prefix(self) -> String {
        let expansion = if self.abbey_mayor { "am" } else { "b" };
        format!("{expansion}{}", self.players)
    }

    /// The deal of game `k` of this set in a run with `seed`.
    fn deal(self, seed: u64, k: u64) -> u64 {
        let tag = u64::from(self.players) * 2 + u64::from(self.abbey_mayor);
        mix(mix(seed, tag), k + 1)
    }
}

/// Reads the set in `path`, or an empty set if there is no such file.
///
/// # Errors
/// One line `PATH: reason`.
fn read_set(path: &Path) -> Result<PuzzleSet, String> {
    let fail = |why: String| format!("{}: {why}", path.display());
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(PuzzleSet::default()),
        Err(e) => return Err(fail(e.to_string())),
    };
    let mut text = String::new();
    file.take(MAX_SET_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| fail(e.to_string()))?;
    if text.len() as u64 > MAX_SET_BYTES {
        return Err(fail(format!(
            "larger than {} MiB, so not a puzzle set",
            MAX_SET_BYTES >> 20
        )));
    }
    PuzzleSet::parse(&text).map_err(|e| fail(e.to_string()))
}

/// Every set file (`*.json`) of `dir`, by name, read.
///
/// # Errors
/// One line: the folder cannot be listed, or a file does not read.
fn read_sets(dir: &Path) -> Result<Vec<(PathBuf, PuzzleSet)>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.is_file())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| read_set(&p).map(|s| (p, s)))
        .collect()
}

/// Writes `set` to `path` atomically.
fn write_set(path: &Path, set: &PuzzleSet) -> Result<(), String> {
    write_atomically(path, set.to_json().as_bytes())
}

/// The number after the last `-` of an id that starts with `prefix` (`am2-g007` → 7 for the
/// prefix `am2-g`).
fn number_of(id: &str, prefix: &str) -> Option<u64> {
    id.strip_prefix(prefix)?.parse().ok()
}

/// Removes the games no puzzle of `set` names.
fn prune(set: &mut PuzzleSet) {
    let used: std::collections::HashSet<String> =
        set.puzzles.iter().map(|p| p.game.clone()).collect();
    set.games.retain(|g| used.contains(&g.id));
}

/// Nanoseconds the calling thread has run on a CPU, from Linux's scheduler statistics;
/// `None` where they are not available.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// A game to play: its set, its number in the run and its deal.
#[derive(Clone, Copy)]
struct Job {
    kind: SetKind,
    k: u64,
    deal: u64,
}

/// A game played: the job, what was mined (or why not) and the CPU seconds it took.
type Played = (Job, Result<puzzle::Mined, String>, f64);

fn generate(args: &GenerateArgs) -> Result<(), CliError> {
    if !(MIN_WIN_MARGIN..=1.0).contains(&args.win_margin) {
        return Err(format!(
            "--win-margin {} is not in {MIN_WIN_MARGIN}..=1",
            args.win_margin
        )
        .into());
    }
    if !(MIN_POINT_MARGIN..=1000.0).contains(&args.point_margin) {
        return Err(format!(
            "--point-margin {} is not in {MIN_POINT_MARGIN}..=1000",
            args.point_margin
        )
        .into());
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    let mut kinds = Vec::new();
    for &players in &args.players {
        for abbey_mayor in match args.expansions {
            Sets::AbbeyMayor => &[true][..],
            Sets::None => &[false][..],
            Sets::Both => &[true, false][..],
        } {
            let kind = SetKind {
                players,
                abbey_mayor: *abbey_mayor,
            };
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
    }
    // Every set read before any work: a file that does not read stops the run.
    let mut sets = BTreeMap::new();
    for &kind in &kinds {
        let path = args.out.join(kind.file());
        sets.insert(kind, (path.clone(), read_set(&path)?));
    }
    let mut jobs = Vec::new();
    let mut skipped = 0u64;
    for k in 0..args.games {
        for &kind in &kinds {
            let deal = kind.deal(args.seed, k);
            let (_, set) = &sets[&kind];
            if set.games.iter().any(|g| g.record.seed == Some(deal)) {
                skipped += 1;
            } else {
                jobs.push(Job { kind, k, deal });
            }
        }
    }
    let cfg = PuzzleCriteria {
        iterations: args.iterations,
        win_margin: args.win_margin,
        point_margin: args.point_margin,
        ..PuzzleCriteria::default()
    };
    let total = jobs.len();
    note(&format!(
        "{total} games to play ({skipped} already in the sets), {} at once",
        args.threads
    ));
    let started = Instant::now();
    let queue = Mutex::new(jobs.into_iter());
    let (tx, rx) = mpsc::channel::<Played>();
    let mut counts = Yield::default();
    let (mut cpu, mut played, mut added, mut failures) = (0.0, 0usize, 0usize, Vec::new());
    let mut per_set: BTreeMap<String, usize> = BTreeMap::new();
    let stop = AtomicBool::new(false);
    let written: Result<(), String> = std::thread::scope(|s| {
        for _ in 0..args.threads {
            let tx = tx.clone();
            let (queue, cfg, stop) = (&queue, &cfg, &stop);
            s.spawn(move || {
                // The guard is dropped inside `and_then`: the queue is locked only to take a job.
                while let Some(job) = queue.lock().ok().and_then(|mut q| q.next()) {
                    let t0 = thread_cpu_ns();
                    let t = Instant::now();
                    let setup = Setup {
                        players: usize::from(job.kind.players),
                        abbey_mayor: job.kind.abbey_mayor,
                        seed: job.deal,
                    };
                    let mined = puzzle::mine_game(&setup, cfg, splitmix(job.deal), stop)
                        .map_err(|e| e.to_string());
                    let secs = match (t0, thread_cpu_ns()) {
                        (Some(a), Some(b)) => b.saturating_sub(a) as f64 / 1e9,
                        _ => t.elapsed().as_secs_f64(),
                    };
                    if tx.send((job, mined, secs)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // The sets are written here, one game at a time, so an interrupted run keeps what
        // it found.
        for (job, mined, secs) in rx {
            played += 1;
            cpu += secs;
            let mined = match mined {
                Ok(m) => m,
                Err(e) => {
                    note(&format!("{} game {}: {e}", job.kind.prefix(), job.k));
                    failures.push(format!("{} game {}: {e}", job.kind.prefix(), job.k));
                    continue;
                }
            };
            counts.add(&mined.counts);
            let Some((path, set)) = sets.get_mut(&job.kind) else {
                continue;
            };
            let prefix = job.kind.prefix();
            let found = mined.found.len();
            if found > 0 {
                let game_prefix = format!("{prefix}-g");
                let next_game = set
                    .games
                    .iter()
                    .filter_map(|g| number_of(&g.id, &game_prefix))
                    .max()
                    .unwrap_or(0)
                    + 1;
                let puzzle_prefix = format!("{prefix}-");
                let next = set
                    .puzzles
                    .iter()
                    .filter_map(|p| number_of(&p.id, &puzzle_prefix))
                    .max()
                    .unwrap_or(0)
                    + 1;
                let game_id = format!("{game_prefix}{next_game:03}");
                set.games.push(PuzzleGame {
                    id: game_id.clone(),
                    record: mined.record,
                });
                for (n, (p, f)) in (next..).zip(&mined.found) {
                    let id = format!("{puzzle_prefix}{n:03}");
                    set.puzzles.push(f.puzzle(p, id, game_id.clone()));
                }
                write_set(path, set)?;
                added += found;
                *per_set.entry(job.kind.file()).or_default() += found;
            }
            note(&format!(
                "{played}/{total} {prefix} game {}: {} decisions, {found} puzzles, {secs:.0} s CPU; {added} puzzles so far, {:.2} per CPU-minute",
                job.k,
                mined.counts.decisions,
                added as f64 / (cpu / 60.0).max(1e-9),
            ));
        }
        Ok(())
    });
    written?;
    let cpu_minutes = cpu / 60.0;
    let sets_json: BTreeMap<String, usize> = sets
        .values()
        .map(|(path, set)| {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, set.puzzles.len())
        })
        .collect();
    let summary = json!({
        "games": played,
        "skipped": skipped,
        "failed": failures,
        "puzzles": added,
        "added": per_set,
        "sets": sets_json,
        "yield": counts,
        "criteria": cfg,
        "cpuMinutes": cpu_minutes,
        "wallMinutes": started.elapsed().as_secs_f64() / 60.0,
        "puzzlesPerCpuMinute": if cpu_minutes > 0.0 { added as f64 / cpu_minutes } else { 0.0 },
    });
    emit(&summary.to_string())?;
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} games failed", failures.len()).into())
    }
}

/// The puzzles of `sets` to check: all, or `sample` of them spread over the sets (the sets'
/// puzzles interleaved, then evenly spaced), as (set, puzzle) indices.
fn sample(sets: &[(PathBuf, PuzzleSet)], sample: Option<u64>) -> Vec<(usize, usize)> {
    let longest = sets.iter().map(|(_, s)| s.puzzles.len()).max().unwrap_or(0);
    let mut all = Vec::new();
    for i in 0..longest {
        for (f, (_, s)) in sets.iter().enumerate() {
            if i < s.puzzles.len() {
                all.push((f, i));
            }
        }
    }
    match sample {
        Some(k) if (k as usize) < all.len() => {
            let k = k as usize;
            let mut picked: Vec<(usize, usize)> = (0..k).map(|i| all[i * all.len() / k]).collect();
            picked.sort_unstable();
            picked
        }
        _ => {
            all.sort_unstable();
            all
        }
    }
}

/// A seed from a puzzle's id.
fn id_seed(seed: u64, id: &str) -> u64 {
    id.bytes()
        .fold(splitmix(seed), |h, b| splitmix(h ^ u64::from(b)))
}

/// One puzzle checked: its id, and the check or why it could not be made.
type Checked = (usize, usize, Result<puzzle::Check, String>);

fn verify(args: &VerifyArgs) -> Result<(), CliError> {
    let started = Instant::now();
    let mut sets = read_sets(&args.dir)?;
    let all: usize = sets.iter().map(|(_, s)| s.puzzles.len()).sum();
    let picked = sample(&sets, args.sample);
    let cfg = PuzzleCriteria {
        iterations: args.iterations,
        win_margin: WIN_MARGIN / 2.0,
        point_margin: POINT_MARGIN / 2.0,
        candidates: CANDIDATES,
        rate: false,
    };
    let stop = AtomicBool::new(false);
    let queue = Mutex::new(picked.iter().copied());
    let results: Mutex<Vec<Checked>> = Mutex::new(Vec::new());
    let total = picked.len();
    std::thread::scope(|s| {
        for _ in 0..args.threads {
            s.spawn(|| {
                // The guard is dropped inside `and_then`: the queue is locked only to take a job.
                while let Some((f, i)) = queue.lock().ok().and_then(|mut q| q.next()) {
                    let set = &sets[f].1;
                    let p = &set.puzzles[i];
                    let check = check_one(set, p, &cfg, id_seed(args.seed, &p.id), &stop);
                    if let Ok(mut r) = results.lock() {
                        r.push((f, i, check));
                        note(&format!("{}/{total} {}", r.len(), p.id));
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|&(f, i, _)| (f, i));
    let mut failed = Vec::new();
    let mut still_best = 0;
    let mut iterations = 0u64;
    let mut drop: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (f, i, check) in &results {
        let id = sets[*f].1.puzzles[*i].id.clone();
        match check {
            Ok(c) if c.still_best => {
                still_best += 1;
                iterations += c.iterations;
            }
            Ok(c) => {
                iterations += c.iterations;
                failed.push(json!({"id": id, "winMargin": c.win_margin, "pointMargin": c.point_margin, "closest": c.closest}));
                drop.entry(*f).or_default().push(id);
            }
            Err(e) => {
                failed.push(json!({"id": id, "error": e}));
                drop.entry(*f).or_default().push(id);
            }
        }
    }
    let mut dropped = 0;
    if args.drop {
        for (f, ids) in &drop {
            let (path, set) = &mut sets[*f];
            let before = set.puzzles.len();
            set.puzzles.retain(|p| !ids.contains(&p.id));
            dropped += before - set.puzzles.len();
            prune(set);
            write_set(path, set)?;
        }
    }
    let summary = json!({
        "files": sets.len(),
        "puzzles": all,
        "checked": results.len(),
        "stillBest": still_best,
        "failed": failed,
        "dropped": dropped,
        "iterations": args.iterations,
        "margins": {"win": cfg.win_margin, "points": cfg.point_margin},
        "searchIterations": iterations,
        "seconds": started.elapsed().as_secs_f64(),
    });
    emit(&summary.to_string())?;
    if failed.is_empty() || args.drop {
        Ok(())
    } else {
        Err(format!(
            "{} of {} puzzles no longer hold",
            failed.len(),
            results.len()
        )
        .into())
    }
}

/// Checks puzzle `p` of `set` again ([`puzzle::recheck`]).
fn check_one(
    set: &PuzzleSet,
    p: &Puzzle,
    cfg: &PuzzleCriteria,
    seed: u64,
    stop: &AtomicBool,
) -> Result<puzzle::Check, String> {
    let position = set.position(p).map_err(|e| e.to_string())?;
    let answer = set.answer_move(p, &position).map_err(|e| e.to_string())?;
    let runner_up = set
        .runner_up_move(p, &position)
        .map_err(|e| e.to_string())?;
    puzzle::recheck(&position, answer, runner_up, cfg, seed, stop)
        .ok_or_else(|| "the check was stopped".to_string())
}

fn retag(args: &RetagArgs) -> Result<(), CliError> {
    let mut sets = read_sets(&args.dir)?;
    let (mut puzzles, mut changed, mut untagged, mut dropped, mut trimmed) = (0, 0, 0, 0, 0);
    let mut kept = 0;
    let mut by_theme: BTreeMap<String, usize> = BTreeMap::new();
    let mut by_decision: BTreeMap<String, usize> = BTreeMap::new();
    for (path, set) in &mut sets {
        let mut touched = false;
        let mut themes = Vec::with_capacity(set.puzzles.len());
        for p in &set.puzzles {
            let position = set
                .position(p)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let answer = set
                .answer_move(p, &position)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            themes.push(puzzle::themes(&position.game, answer));
        }
        for (p, t) in set.puzzles.iter_mut().zip(themes) {
            puzzles += 1;
            if p.themes != t {
                p.themes = t;
                changed += 1;
                touched = true;
            }
            if p.themes.is_empty() {
                untagged += 1;
            }
        }
        if args.drop_untagged {
            let before = set.puzzles.len();
            set.puzzles.retain(|p| !p.themes.is_empty());
            if set.puzzles.len() != before {
                dropped += before - set.puzzles.len();
                prune(set);
                touched = true;
            }
        }
        if let Some(share) = args.max_figure_share {
            let excess = excess_figures(set, share);
            if !excess.is_empty() {
                set.puzzles.retain(|p| !excess.contains(&p.id));
                trimmed += excess.len();
                prune(set);
                touched = true;
            }
        }
        // What the sets hold now.
        for p in &set.puzzles {
            kept += 1;
            *by_decision.entry(p.decision.clone()).or_default() += 1;
            for theme in &p.themes {
                let name = serde_json::to_value(theme)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                *by_theme.entry(name).or_default() += 1;
            }
        }
        if touched {
            write_set(path, set)?;
        }
    }
    let summary = json!({
        "puzzles": puzzles,
        "kept": kept,
        "decisions": by_decision,
        "changed": changed,
        "untagged": untagged,
        "dropped": dropped,
        "trimmed": trimmed,
        "themes": by_theme,
    });
    emit(&summary.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of puzzles named by (id, decision, rating); positions are not needed here.
    fn set_of(puzzles: &[(&str, &str, f64)]) -> PuzzleSet {
        let puzzles = puzzles
            .iter()
            .map(|(id, decision, rating)| {
                serde_json::from_value(json!({
                    "id": id, "game": "g", "index": 0, "turn": 1, "player": 0,
                    "decision": decision, "answer": {"type": "draw"},
                    "runnerUp": {"type": "draw"}, "themes": [], "rating": rating,
                    "deviation": 150.0, "winMargin": 0.1, "pointMargin": 4.0, "why": null,
                }))
                .expect("a puzzle")
            })
            .collect();
        PuzzleSet {
            puzzles,
            ..PuzzleSet::default()
        }
    }

    fn sorted(ids: std::collections::HashSet<String>) -> Vec<String> {
        let mut v: Vec<String> = ids.into_iter().collect();
        v.sort();
        v
    }

    #[test]
    fn the_easiest_figure_placements_beyond_the_share_go() {
        let set = set_of(&[
            ("f1", "place_figure", 900.0),
            ("f2", "place_figure", 1400.0),
            ("f3", "place_figure", 800.0),
            ("f4", "place_figure", 900.0),
            ("f5", "place_figure", 1600.0),
            ("t1", "place_tile", 700.0),
            ("t2", "abbey_or_draw", 1000.0),
        ]);
        // Half of the set at most: 2 others allow 2 figure placements, so 3 of 5 go, the
        // lowest rated first and, at equal ratings, by id.
        assert_eq!(sorted(excess_figures(&set, 0.5)), ["f1", "f3", "f4"]);
        // Two thirds: 4 figure placements beside 2 others.
        assert_eq!(sorted(excess_figures(&set, 2.0 / 3.0)), ["f3"]);
        assert!(excess_figures(&set, 1.0).is_empty());
        assert_eq!(excess_figures(&set, 0.0).len(), 5);
        // A set of figure placements only keeps none below a share of 1.
        let only = set_of(&[("f1", "place_figure", 900.0)]);
        assert_eq!(excess_figures(&only, 0.9).len(), 1);
        assert!(excess_figures(&PuzzleSet::default(), 0.5).is_empty());
    }

    #[test]
    fn a_share_is_between_0_and_1() {
        assert_eq!(share("0.5"), Ok(0.5));
        assert!(share("1.5").is_err());
        assert!(share("-0.1").is_err());
        assert!(share("half").is_err());
    }
}
