//! A player spec: an AI opponent as the CLI, the arena, the strength curve and the app name
//! it (`hard`, `hard@4000`, `easy~1.5`, `hard:paranoid`, `hard+w0.6`), and how it plays: the
//! one mapping from a spec to the budget and [`Tuning`] of [`choose_move_with`].

use std::str::FromStr;
use std::sync::atomic::AtomicBool;

use carcassonne_engine::{Move, PublicView};
use thiserror::Error;

use crate::eval::Payoff;
use crate::{Budget, Level, Tuning, UnknownLevel, choose_move_with};

/// One contestant: a level and its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    /// The level.
    pub level: Level,
    /// Its budget (neither limit: the level's default).
    pub budget: Budget,
    /// The easy level's noise, if not its default.
    pub noise: Option<Noise>,
    /// The search's payoff, if not its default (an experiment's knob: `hard:paranoid`,
    /// `hard:margin`).
    pub payoff: Option<Payoff>,
    /// The weight of the win share in the search's payoff in hundredths, if not its
    /// default (an experiment's knob: `hard+w0.6`).
    pub win_weight: Option<Weight>,
}

/// A noise in hundredths of a point (`easy~1.5` is 150): whole numbers keep specs
/// comparable and printable exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noise(pub u32);

impl Noise {
    /// The noise in points.
    pub fn points(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

/// A weight from 0 to 1 in hundredths (`hard+w0.6` is 60), whole for the reason [`Noise`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight(pub u32);

impl Weight {
    /// The weight as a fraction.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

/// Why a player spec did not parse.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SpecError {
    /// The level name is unknown.
    #[error(transparent)]
    Level(#[from] UnknownLevel),
    /// The budget after `@` is neither `N` (iterations) nor `Nms`.
    #[error("bad budget \"{0}\": write LEVEL@N for N iterations or LEVEL@Nms for N milliseconds")]
    Budget(String),
    /// The noise after `~` is not a number of points from 0 to 100, or the level is not easy.
    #[error("bad noise \"{0}\": write easy~P for P points of noise (0 to 100, hundredths at most)")]
    Noise(String),
    /// The payoff after `:` is unknown, or the level does not search.
    #[error("bad payoff \"{0}\": write medium, hard or expert, then :margin, :paranoid or :mean")]
    Payoff(String),
    /// The win weight after `+w` is not a number from 0 to 1, or the level does not search.
    #[error("bad win weight \"{0}\": write medium, hard or expert, then +wX for X from 0 to 1")]
    WinWeight(String),
}

/// `text` as a whole number of hundredths from 0 to `max` (`"1.5"` is 150), or `None` if it
/// is not a number, out of range, or finer than a hundredth.
fn hundredths(text: &str, max: u32) -> Option<u32> {
    let x: f64 = text.parse().ok()?;
    let h = (x * 100.0).round();
    ((0.0..=f64::from(max)).contains(&h) && (h - x * 100.0).abs() <= 1e-6).then_some(h as u32)
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    /// `hard` (the level's default budget), `hard@4000` (4000 iterations), `hard@250ms`, or
    /// `easy~1.5` (the easy level with 1.5 points of noise instead of its default).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (s, win_weight) = match s.split_once("+w") {
            None => (s, None),
            Some((rest, w)) => {
                let hundredths =
                    hundredths(w, 100).ok_or_else(|| SpecError::WinWeight(w.to_string()))?;
                (rest, Some(Weight(hundredths)))
            }
        };
        let (s, payoff) = match s.split_once(':') {
            None => (s, None),
            Some((rest, name)) => (
                rest,
                Some(Payoff::from_name(name).ok_or_else(|| SpecError::Payoff(name.to_string()))?),
            ),
        };
        let (s, noise) = match s.split_once('~') {
            None => (s, None),
            Some((name, n)) => match hundredths(n, 10_000) {
                Some(hundredths) if name == "easy" => (name, Some(Noise(hundredths))),
                _ => return Err(SpecError::Noise(n.to_string())),
            },
        };
        let (name, budget) = match s.split_once('@') {
            None => (s, Budget::default()),
            Some((name, b)) => {
                let bad = || SpecError::Budget(b.to_string());
                let budget = match b.strip_suffix("ms") {
                    Some(ms) => Budget::millis(ms.parse().map_err(|_| bad())?),
                    None => Budget::iterations(b.parse().map_err(|_| bad())?),
                };
                (name, budget)
            }
        };
        let level: Level = name.parse()?;
        if let Some(p) = payoff
            && !matches!(level, Level::Medium | Level::Hard | Level::Expert)
        {
            return Err(SpecError::Payoff(p.name().to_string()));
        }
        if let Some(w) = win_weight
            && !matches!(level, Level::Medium | Level::Hard | Level::Expert)
        {
            return Err(SpecError::WinWeight(w.value().to_string()));
        }
        Ok(PlayerSpec {
            level,
            budget,
            noise,
            payoff,
            win_weight,
        })
    }
}

impl std::fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.budget {
            Budget {
                ms: None,
                iterations: Some(n),
            } => write!(f, "{}@{n}", self.level)?,
            Budget {
                ms: Some(ms),
                iterations: None,
            } => write!(f, "{}@{ms}ms", self.level)?,
            _ => write!(f, "{}", self.level)?,
        }
        if let Some(n) = self.noise {
            write!(f, "~{}", n.points())?;
        }
        if let Some(p) = self.payoff {
            write!(f, ":{}", p.name())?;
        }
        match self.win_weight {
            Some(w) => write!(f, "+w{}", w.value()),
            None => Ok(()),
        }
    }
}

impl PlayerSpec {
    /// What the spec changes besides the level and the budget: the easy level's noise, the
    /// search's payoff and its win weight (each the default where the spec names none).
    pub fn tuning(&self) -> Tuning {
        Tuning {
            noise: self.noise.map(Noise::points),
            payoff: self.payoff.unwrap_or_default(),
            win_weight: self.win_weight.map(Weight::value),
        }
    }

    /// The budget as the spec writes it, the level's default if it names none: what the
    /// arena plays with, no time limit added, so that a measurement is the same on any
    /// machine.
    pub fn exact_budget(&self) -> Budget {
        if self.budget == Budget::default() {
            self.level.default_budget()
        } else {
            self.budget
        }
    }

    /// The budget the app plays the spec with: its iterations (the level's default if it
    /// names none) and its time limit, else the level's default time cap, so that a slow
    /// machine is bounded.
    pub fn capped_budget(&self) -> Budget {
        let default = self.level.default_budget();
        Budget {
            ms: self.budget.ms.or(default.ms),
            iterations: self.budget.iterations.or(default.iterations),
        }
    }

    /// The move the spec's AI chooses for the pending decision of `view` with `budget`
    /// ([`PlayerSpec::exact_budget`] or [`PlayerSpec::capped_budget`]) and its
    /// [`PlayerSpec::tuning`]; `seed` and `stop` as for [`crate::choose_move`].
    pub fn choose(&self, view: &PublicView, seed: u64, budget: Budget, stop: &AtomicBool) -> Move {
        choose_move_with(self.level, view, seed, budget, self.tuning(), stop)
    }
}
