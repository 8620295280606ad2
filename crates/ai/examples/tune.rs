//! Measures search variants against the greedy baseline: `cargo run --release -p
//! carcassonne-ai --example tune -- VARIANT DEALS BUDGET [FIRST_DEAL]` (BUDGET is iterations,
//! or milliseconds with an `ms` suffix; deals `FIRST_DEAL…`, 0 by default, use the seeds
//! 1000…). Each deal is played in both seat orders; it prints one line per game on stderr
//! (`game DEAL SEAT DIFFERENCE`) and the variant's win rate and mean score difference. The
//! variants are the design choices recorded in `RESULTS.md`: a name (`base`, `c0.3`, …),
//! guided playout weights `g:NONE,ROAD,CITY,MONASTERY,FIELD,MAYOR,WAGON,BARN,FILL`, and/or
//! overrides `c=0.3+ww=0.5` (see `variant`).

use std::sync::atomic::AtomicBool;

use carcassonne_ai::eval::score_diff;
use carcassonne_ai::mcts::{self, Config, Playout, PlayoutPolicy};
use carcassonne_ai::{Budget, Level, Limits, choose_move};
use carcassonne_engine::{Game, PublicView, Setup};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn variant(name: &str) -> Option<Config> {
    // `g:NONE,ROAD,CITY,MONASTERY,FIELD,MAYOR,WAGON,BARN,FILL`: guided playouts with these
    // weights; `k=v+k=v…`: overrides of the default configuration (c, widen, wf, ds, ww, pw,
    // pd); both may be given, separated by `;`.
    if name.contains(':') || name.contains('=') {
        let mut cfg = Config::default();
        for part in name.split(';') {
            if let Some(w) = part.strip_prefix("g:") {
                let w: Vec<f64> = w
                    .split(',')
                    .map(|x| x.parse().ok())
                    .collect::<Option<_>>()?;
                let [none, road, city, monastery, field, mayor, wagon, barn, fill] = w[..] else {
                    return None;
                };
                cfg.playout = Playout::Guided(PlayoutPolicy {
                    none,
                    road,
                    city,
                    monastery,
                    field,
                    mayor,
                    wagon,
                    barn,
                    fill,
                });
                continue;
            }
            for kv in part.split('+') {
                let (k, v) = kv.split_once('=')?;
                let v: f64 = v.parse().ok()?;
                match k {
                    "c" => cfg.exploration = v,
                    "widen" => cfg.widen_base = v,
                    "wf" => cfg.widen_factor = v,
                    "ds" => cfg.diff_scale = v,
                    "ww" => cfg.win_weight = v,
                    "pw" => cfg.prior_weight = v,
                    "pd" => cfg.prior_depth = v as i32,
                    _ => return None,
                }
            }
        }
        return Some(cfg);
    }
    let base = Config::default();
    Some(match name {
        "base" => base,
        "random" => Config {
            playout: Playout::Random,
            ..base
        },
        "c0.3" => Config {
            exploration: 0.3,
            ..base
        },
        "c1.0" => Config {
            exploration: 1.0,
            ..base
        },
        "win0" => Config {
            win_weight: 0.0,
            ..base
        },
        "win1" => Config {
            win_weight: 1.0,
            ..base
        },
        "noprior" => Config {
            prior_depth: -1,
            prior_weight: 0.0,
            ..base
        },
        "rootonly" => Config {
            prior_depth: 0,
            ..base
        },
        "bias0" => Config {
            prior_weight: 0.0,
            ..base
        },
        "bias3" => Config {
            prior_weight: 3.0,
            ..base
        },
        "trunc10" => Config {
            playout: Playout::Truncated(10),
            ..base
        },
        "trunc0" => Config {
            playout: Playout::Truncated(0),
            ..base
        },
        "trunc5" => Config {
            playout: Playout::Truncated(5),
            ..base
        },
        "trunc20" => Config {
            playout: Playout::Truncated(20),
            ..base
        },
        "nowiden" => Config {
            widen_base: 1000.0,
            ..base
        },
        _ => return None,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: tune VARIANT DEALS BUDGET [FIRST_DEAL]";
    let budget = args.get(3).and_then(|b| match b.strip_suffix("ms") {
        Some(ms) => ms.parse().ok().map(Budget::millis),
        None => b.parse().ok().map(Budget::iterations),
    });
    let (Some(name), Some(deals), Some(budget)) = (
        args.get(1),
        args.get(2).and_then(|d| d.parse::<u64>().ok()),
        budget,
    ) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let Some(cfg) = variant(name) else {
        eprintln!("unknown variant {name}");
        std::process::exit(2);
    };
    let stop = AtomicBool::new(false);
    let (mut wins, mut diff, mut games) = (0.0, 0.0, 0.0);
    let first: u64 = args.get(4).and_then(|d| d.parse().ok()).unwrap_or(0);
    for deal in first..first + deals {
        for seat in 0..2u8 {
            let setup = Setup {
                players: 2,
                abbey_mayor: true,
                seed: 1000 + deal,
            };
            let Ok(mut game) = Game::new(&setup) else {
                return;
            };
            let mut rng = Pcg64Mcg::seed_from_u64(deal * 2 + u64::from(seat));
            let mut n = 0u64;
            while let Some(p) = game.decision().player() {
                let view = PublicView::new(&game);
                let moves = view.legal_moves();
                let mv = if moves.len() == 1 {
                    moves[0]
                } else if p == seat {
                    let limits = Limits::new(budget, &stop);
                    mcts::search(&view, &moves, &mut rng, &limits, &cfg)
                } else {
                    choose_move(Level::Greedy, &view, n, Budget::default(), &stop)
                };
                n += 1;
                if game.play(mv).is_err() {
                    eprintln!("illegal move {mv:?}");
                    std::process::exit(1);
                }
            }
            let scores = game.scores();
            let d = score_diff(&scores, usize::from(seat));
            wins += if d > 0.0 {
                1.0
            } else if d == 0.0 {
                0.5
            } else {
                0.0
            };
            diff += d;
            games += 1.0;
            eprintln!("game {deal} {seat} {d}");
        }
    }
    println!(
        "{name} {budget:?}: games {games} win rate {:.3} mean diff {:.1}",
        wins / games,
        diff / games
    );
}
