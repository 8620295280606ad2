//! How much a comparison of two moves varies from seed to seed, against the standard error it
//! reports: `cargo run --release -p carcassonne-ai --example compare_noise -- DIR [EVERY]
//! [SEEDS] [PAIRS]`.
//!
//! Reads the finished games in DIR (`*.json` records, as `review_corpus` writes them), takes
//! every EVERY-th decision with a choice that is not solved exactly (default 9), finds the
//! first pass's best move (3000 iterations, seed 0) and compares it with the played move, or
//! with the runner-up when the played move is the best ([`mcts::compare_moves`]); each
//! comparison runs with SEEDS seeds (default 6) of PAIRS pairs (default 1500). Prints the root
//! mean square over the decisions of the seeds' standard deviation, in points, in win chance
//! and in severity units, the root mean square of the standard errors the comparisons report,
//! their ratio, and per decision the mean and median of the squared ratio: 1 when the error a
//! comparison reports from its pairs is the spread its estimate really has from seed to seed
//! (`crates/ai/RESULTS.md`, "Steadier verdicts, 6 December").

use std::sync::atomic::AtomicBool;

use carcassonne_ai::mcts::{self, Config};
use carcassonne_ai::review::exact::exact_values;
use carcassonne_ai::review::{POINT_UNIT, WIN_UNIT, positions, severity};
use carcassonne_ai::{Budget, Limits};
use carcassonne_engine::{PublicView, Record};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn sd(v: &[f64]) -> f64 {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    (v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0)).sqrt()
}

fn main() {
    let arg = |i: usize| std::env::args().nth(i);
    let dir = arg(1).expect("DIR");
    let every: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(9);
    let seeds: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(6);
    let pairs: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(1500);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy().into_owned();
            n.ends_with(".json") && !n.contains("-s0-") && !n.contains("-s1-")
        })
        .collect();
    files.sort();
    let stop = AtomicBool::new(false);
    // Sums of the squared seed-to-seed sds (points, win, severity) and reported ses (points, win).
    let mut acc = [0.0f64; 5];
    let mut ratios: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
    let mut n = 0usize;
    let mut k = 0usize;
    for path in files {
        let record = Record::parse(&std::fs::read_to_string(&path).expect("read")).expect("record");
        for p in positions(&record).expect("positions") {
            let view = PublicView::new(&p.game);
            if view.legal_moves().len() < 2 || exact_values(&view).is_some() {
                continue;
            }
            k += 1;
            if !k.is_multiple_of(every) {
                continue;
            }
            let limits = Limits::new(Budget::iterations(3000), &stop);
            let stats = mcts::search_stats(
                &view,
                &mut Pcg64Mcg::seed_from_u64(0),
                &limits,
                &Config::default(),
            )
            .expect("stats");
            let best = stats.moves[stats.best].mv;
            let other = if p.played != best {
                p.played
            } else {
                let mut v: Vec<_> = stats.moves.iter().filter(|m| m.mv != best).collect();
                v.sort_by_key(|m| std::cmp::Reverse(m.visits));
                v[0].mv
            };
            let (mut pts, mut win, mut sev) = (Vec::new(), Vec::new(), Vec::new());
            let (mut se_m, mut se_w) = (0.0, 0.0);
            for seed in 0..seeds {
                let open = Limits::new(Budget::default(), &stop);
                let c = mcts::compare_moves(
                    &view,
                    [other, best],
                    &mut Pcg64Mcg::seed_from_u64(1000 + seed),
                    &open,
                    &Config::default(),
                    pairs,
                    |_| 0,
                )
                .expect("compare");
                pts.push(-c.margin_diff);
                win.push(-c.win_diff);
                sev.push(severity(-c.win_diff, -c.margin_diff));
                se_m += c.margin_diff_se.powi(2) / seeds as f64;
                se_w += c.win_diff_se.powi(2) / seeds as f64;
            }
            for (a, x) in acc.iter_mut().zip([
                sd(&pts).powi(2),
                sd(&win).powi(2),
                sd(&sev).powi(2),
                se_m,
                se_w,
            ]) {
                *a += x;
            }
            // This decision's squared ratio of spread to reported error, per scale (a win
            // chance that never changes has no ratio).
            if se_m > 0.0 {
                ratios[0].push(sd(&pts).powi(2) / se_m);
            }
            if se_w > 0.0 {
                ratios[1].push(sd(&win).powi(2) / se_w);
            }
            n += 1;
            if n.is_multiple_of(10) {
                eprintln!("{n} decisions");
            }
        }
    }
    let [m, w, s, sm, sw] = acc.map(|a| (a / n.max(1) as f64).sqrt());
    println!(
        "{n} decisions, {pairs} pairs: seed-to-seed sd {m:.3} points ({:.3} units), {w:.4} win \
         ({:.3} units), severity {s:.3} units; reported se {sm:.3} points, {sw:.4} win; \
         sd / se: points {:.2}, win {:.2}",
        m / POINT_UNIT,
        w / WIN_UNIT,
        m / sm,
        w / sw
    );
    // Per decision: the mean of the squared ratios (1 when the reported error is right), and
    // the median.
    for (name, mut r) in ["points", "win"].into_iter().zip(ratios) {
        r.sort_by(f64::total_cmp);
        let mean = r.iter().sum::<f64>() / r.len().max(1) as f64;
        println!(
            "{name}: per decision (sd / se)^2 mean {mean:.2} (sd / se {:.2}), median {:.2}, \
             over {} decisions",
            mean.sqrt(),
            r.get(r.len() / 2).copied().unwrap_or(0.0),
            r.len()
        );
    }
}
