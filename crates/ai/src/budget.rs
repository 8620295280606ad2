//! How long an AI may think ([`Budget`]) and the limits of one search under way
//! ([`Limits`]: the budget, the start time and the stop flag).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How long an AI may think: a time limit, an iteration limit, or both (whichever comes
/// first). Only iteration limits make search reproducible. A budget with neither limit
/// stands for the level's [`Level::default_budget`](crate::Level::default_budget).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock limit in milliseconds.
    pub ms: Option<u64>,
    /// Search iterations (playouts) at most.
    pub iterations: Option<u64>,
}

impl Budget {
    /// A pure iteration budget: deterministic.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            ms: None,
            iterations: Some(n),
        }
    }

    /// A pure time budget.
    pub fn millis(ms: u64) -> Budget {
        Budget {
            ms: Some(ms),
            iterations: None,
        }
    }
}

/// The limits of one search: budget, start time and the stop flag.
#[derive(Debug)]
pub struct Limits<'a> {
    start: Instant,
    ms: Option<u64>,
    iterations: Option<u64>,
    stop: &'a AtomicBool,
}

impl<'a> Limits<'a> {
    /// Limits that start now.
    pub fn new(budget: Budget, stop: &'a AtomicBool) -> Self {
        Limits {
            start: Instant::now(),
            ms: budget.ms,
            iterations: budget.iterations,
            stop,
        }
    }

    /// Whether the caller asked to stop or the time is up. Cheap enough to call per
    /// iteration: a relaxed load and a clock read.
    pub fn expired(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        self.ms
            .is_some_and(|ms| self.start.elapsed().as_millis() >= u128::from(ms))
    }

    /// Whether `done` iterations exhaust the budget (or time is up, or stop was asked).
    pub fn done(&self, done: u64) -> bool {
        self.iterations.is_some_and(|n| done >= n) || self.expired()
    }
}
