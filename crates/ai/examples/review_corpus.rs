//! The review measured on games of unequal play: `cargo run --release -p carcassonne-ai
//! --example review_corpus -- DEALS [ITERATIONS] [THREADS] [OUT_DIR]`.
//!
//! Plays DEALS 2-player Abbey & Mayor games of each pairing — hard against random, hard
//! against greedy, greedy against random — with the seats alternating from deal to deal
//! (hard at 3000 iterations, arena-style seeds), writes their records to OUT_DIR (default
//! `/tmp/review-corpus`), reviews both seats of every game with the review seeds 0 and 1 and
//! ITERATIONS (default 3000) first-pass iterations, and writes each review there as JSON
//! (`NAME-sSEAT-rSEED.json`; a review already written is read back, so an interrupted run
//! resumes). Then it prints, per level of the reviewed seat, the class shares and the
//! accuracy (median, range), how often a decision's class differs between the two seeds,
//! and the decisions whose class contradicts its own numbers (issue 26, item 1).

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use carcassonne_ai::review::{Class, POINT_UNIT, Review, ReviewConfig, WIN_UNIT, review_record};
use carcassonne_ai::seed::splitmix;
use carcassonne_ai::{Budget, Level, choose_move};
use carcassonne_engine::{Game, PlayerKind, PublicView, Record, RecordPlayer, Setup};

const PAIRINGS: [(Level, Level); 3] = [
    (Level::Hard, Level::Random),
    (Level::Hard, Level::Greedy),
    (Level::Greedy, Level::Random),
];

fn play(levels: [Level; 2], deal: u64) -> Record {
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed: 7000 + deal,
    })
    .expect("setup");
    let stop = AtomicBool::new(false);
    let mut decision = 0u64;
    while let Some(p) = game.decision().player() {
        let level = levels[p as usize];
        let mv = choose_move(
            level,
            &PublicView::new(&game),
            splitmix(0xC0A2_5000 ^ (deal << 16) ^ decision),
            Budget::iterations(3000),
            &stop,
        );
        game.play(mv).expect("legal");
        decision += 1;
    }
    let players = levels
        .iter()
        .map(|l| RecordPlayer {
            name: l.name().to_string(),
            kind: PlayerKind::Ai,
            level: Some(l.name().into()),
        })
        .collect();
    Record::from_game(&game, players)
}

/// A review done: the game's name, the seat's level, the seat, the review seed, the review
/// and its wall-clock seconds (0 when read back).
type Done = (String, Level, usize, u64, Review, f64);

/// One review job: the game's name, its record, the seat and the review seed.
struct Job {
    name: String,
    level: Level,
    record: Arc<Record>,
    seat: usize,
    seed: u64,
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let deals: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(4);
    let iterations: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let threads: usize = arg(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let out = arg(4).unwrap_or_else(|| "/tmp/review-corpus".into());
    std::fs::create_dir_all(&out).expect("out dir");
    // The games, played (or read back) on the threads too.
    let mut specs = Vec::new();
    for (a, b) in PAIRINGS {
        for deal in 0..deals {
            let levels = if deal % 2 == 0 { [a, b] } else { [b, a] };
            let name = format!("{}-{}-{deal}", levels[0].name(), levels[1].name());
            specs.push((name, levels, deal));
        }
    }
    let records: Vec<(String, [Level; 2], Arc<Record>)> = {
        let queue = Mutex::new(specs.into_iter());
        let done = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    loop {
                        let Some((name, levels, deal)) = queue.lock().unwrap().next() else {
                            break;
                        };
                        let path = format!("{out}/{name}.json");
                        let record = match std::fs::read_to_string(&path) {
                            Ok(text) => Record::parse(&text).expect("record"),
                            Err(_) => {
                                let r = play(levels, deal);
                                std::fs::write(&path, r.to_json()).expect("write");
                                r
                            }
                        };
                        done.lock().unwrap().push((name, levels, Arc::new(record)));
                    }
                });
            }
        });
        let mut v = done.into_inner().unwrap();
        v.sort_by(|a, b| a.0.cmp(&b.0));
        v
    };
    eprintln!("{} games ready", records.len());
    let mut jobs = Vec::new();
    for (name, levels, record) in &records {
        for (seat, &level) in levels.iter().enumerate() {
            for seed in 0..2 {
                jobs.push(Job {
                    name: name.clone(),
                    level,
                    record: Arc::clone(record),
                    seat,
                    seed,
                });
            }
        }
    }
    let total = jobs.len();
    let queue = Mutex::new(jobs.into_iter());
    let reviews: Mutex<Vec<Done>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let Some(job) = queue.lock().unwrap().next() else {
                        break;
                    };
                    let path = format!("{out}/{}-s{}-r{}.json", job.name, job.seat, job.seed);
                    let (review, secs) = match std::fs::read_to_string(&path) {
                        Ok(text) => (serde_json::from_str(&text).expect("review"), 0.0),
                        Err(_) => {
                            let t = std::time::Instant::now();
                            let stop = AtomicBool::new(false);
                            let cfg = ReviewConfig {
                                iterations,
                                seed: job.seed,
                            };
                            let r = review_record(&job.record, job.seat, &cfg, &stop, |_, _| {})
                                .expect("review");
                            let secs = t.elapsed().as_secs_f64();
                            write(&path, &r);
                            (r, secs)
                        }
                    };
                    let mut all = reviews.lock().unwrap();
                    all.push((job.name, job.level, job.seat, job.seed, review, secs));
                    eprintln!("{} of {total} reviews ({secs:.0} s)", all.len());
                }
            });
        }
    });
    let mut reviews = reviews.into_inner().unwrap();
    reviews.sort_by(|a, b| (&a.0, a.2, a.3).cmp(&(&b.0, b.2, b.3)));
    report(&reviews);
}

fn write(path: &str, review: &Review) {
    let tmp = format!("{path}.tmp");
    std::fs::write(&tmp, serde_json::to_string(review).expect("json")).expect("write");
    std::fs::rename(&tmp, Path::new(path)).expect("rename");
}

fn report(reviews: &[Done]) {
    for level in [Level::Random, Level::Greedy, Level::Hard] {
        let mine: Vec<&Review> = reviews
            .iter()
            .filter(|r| r.1 == level)
            .map(|r| &r.4)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mut acc: Vec<f64> = mine.iter().map(|r| r.accuracy).collect();
        acc.sort_by(f64::total_cmp);
        let n: usize = mine.iter().map(|r| r.decisions.len()).sum();
        let share = |c: Class| {
            let k = mine
                .iter()
                .flat_map(|r| &r.decisions)
                .filter(|d| d.class == c)
                .count();
            100.0 * k as f64 / n.max(1) as f64
        };
        println!(
            "{:<7} {} reviews, {n} decisions: accuracy median {:.1} (min {:.1}, max {:.1}); \
             best {:.1}% good {:.1}% inaccuracy {:.1}% mistake {:.1}% blunder {:.1}%",
            level.name(),
            mine.len(),
            acc[acc.len() / 2],
            acc[0],
            acc[acc.len() - 1],
            share(Class::Best),
            share(Class::Good),
            share(Class::Inaccuracy),
            share(Class::Mistake),
            share(Class::Blunder)
        );
        println!("        accuracies {acc:.1?}");
    }
    // Steadiness: the same decision under seeds 0 and 1.
    let (mut n, mut changed, mut coarse, mut two) = (0, 0, 0, 0);
    for pair in reviews.chunks(2) {
        let [a, b] = pair else { continue };
        for (x, y) in a.4.decisions.iter().zip(&b.4.decisions) {
            n += 1;
            changed += usize::from(x.class != y.class);
            let c = |k: Class| k.max(Class::Good);
            coarse += usize::from(c(x.class) != c(y.class));
            two += usize::from((c(x.class) as i32 - c(y.class) as i32).abs() >= 2);
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / f64::from(n.max(1));
    println!(
        "steadiness, seeds 0 and 1: {n} decisions, class changed {:.1}%, other than \
         best<->good {:.1}%, by two classes or more {:.1}%",
        pct(changed),
        pct(coarse),
        pct(two)
    );
    // Consistency of each class with its own numbers.
    let mut bad = 0;
    for (name, _, seat, seed, r, _) in reviews {
        for d in &r.decisions {
            let sev = (d.win_loss / WIN_UNIT).max(d.point_loss / POINT_UNIT);
            let wrong = match d.class {
                Class::Best | Class::Good => sev >= 1.0,
                Class::Inaccuracy => !(1.0..2.0).contains(&sev),
                Class::Mistake => !(2.0..4.0).contains(&sev),
                Class::Blunder => sev < 4.0,
            };
            if wrong {
                bad += 1;
                println!(
                    "  contradiction {name} s{seat} r{seed} turn {}: {:?} win loss {:.3} point loss {:.1}",
                    d.turn, d.class, d.win_loss, d.point_loss
                );
            }
        }
    }
    println!("classes contradicting their numbers: {bad}");
    let mut secs: Vec<f64> = reviews.iter().map(|r| r.5).filter(|&s| s > 0.0).collect();
    secs.sort_by(f64::total_cmp);
    if !secs.is_empty() {
        println!(
            "seconds per review (wall): median {:.1}, max {:.1}",
            secs[secs.len() / 2],
            secs[secs.len() - 1]
        );
    }
}
