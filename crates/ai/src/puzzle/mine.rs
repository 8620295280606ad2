//! Puzzles mined from a game of the hard level against itself ([`mine_game`]).

use std::sync::atomic::{AtomicBool, Ordering};

use carcassonne_engine::{Game, PlayerKind, PublicView, Record, RecordPlayer, Setup};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde::Serialize;
use thiserror::Error;

use super::examine::{Found, PuzzleCriteria, Rejection, examine_why};
use crate::mcts::{self, Config, SearchStats};
use crate::review::{self, Position, decision_seed};
use crate::{Budget, Limits};

/// Why a game could not be mined.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MineError {
    /// The game cannot be set up (a bad player count).
    #[error(transparent)]
    Setup(#[from] carcassonne_engine::SetupError),
    /// The finished game's record does not step back into its decisions: a bug.
    #[error(transparent)]
    Review(#[from] review::ReviewError),
    /// An AI move was refused: a bug.
    #[error("the hard level's move was refused: {0}")]
    Illegal(String),
    /// The stop flag was set.
    #[error("stopped")]
    Stopped,
}

/// How the decisions of a mined game fared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Yield {
    /// Every decision of the game, forced ones too.
    pub decisions: usize,
    /// Decisions without a choice.
    pub no_choice: usize,
    /// Decisions whose best move draws or passes.
    pub idle: usize,
    /// Decisions rejected by the first pass.
    pub quick: usize,
    /// Decisions whose comparisons did not confirm the margins.
    pub unconfirmed: usize,
    /// Decided games.
    pub decided: usize,
    /// Puzzles found.
    pub found: usize,
}

impl Yield {
    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &Yield) {
        self.decisions += other.decisions;
        self.no_choice += other.no_choice;
        self.idle += other.idle;
        self.quick += other.quick;
        self.unconfirmed += other.unconfirmed;
        self.decided += other.decided;
        self.found += other.found;
    }
}

/// A game mined for puzzles.
#[derive(Clone, Debug)]
pub struct Mined {
    /// The finished game, its players named `Hard 1`, `Hard 2`…
    pub record: Record,
    /// The puzzles found, with their positions, in game order.
    pub found: Vec<(Position, Found)>,
    /// How the decisions fared.
    pub counts: Yield,
}

/// Plays one game of `setup` with every seat at the hard level (`cfg.iterations` iterations a
/// decision; decision `i`'s seed is [`decision_seed`]`(seed, i)`, as the arena's), then
/// examines every decision of every seat ([`examine_why`]), reusing the search that chose
/// the move as the first pass (the hard level's move is that search's best).
///
/// # Errors
/// [`MineError`].
pub fn mine_game(
    setup: &Setup,
    cfg: &PuzzleCriteria,
    seed: u64,
    stop: &AtomicBool,
) -> Result<Mined, MineError> {
    let mut game = Game::new(setup)?;
    let mut stats: Vec<Option<SearchStats>> = Vec::new();
    let search = Config::default();
    while game.decision().player().is_some() {
        if stop.load(Ordering::Relaxed) {
            return Err(MineError::Stopped);
        }
        let view = PublicView::new(&game);
        let moves = view.legal_moves();
        let index = stats.len() as u64;
        let (mv, s) = if moves.len() < 2 {
            (moves[0], None)
        } else {
            let mut rng = Pcg64Mcg::seed_from_u64(decision_seed(seed, index));
            let limits = Limits::new(Budget::iterations(cfg.iterations), stop);
            let s =
                mcts::search_stats(&view, &mut rng, &limits, &search).ok_or(MineError::Stopped)?;
            (s.moves[s.best].mv, Some(s))
        };
        game.play(mv)
            .map_err(|e| MineError::Illegal(e.to_string()))?;
        stats.push(s);
    }
    let players = (1..=setup.players)
        .map(|i| RecordPlayer {
            name: format!("Hard {i}"),
            kind: PlayerKind::Ai,
            level: Some("hard".into()),
        })
        .collect();
    let record = Record::from_game(&game, players);
    let mut counts = Yield::default();
    let mut found = Vec::new();
    for p in review::positions(&record)? {
        counts.decisions += 1;
        // The search of the move, if it searched this very decision (the same moves).
        let legal = p.game.legal_moves();
        let first = stats
            .get(p.index as usize)
            .and_then(Option::as_ref)
            .filter(|s| {
                s.moves.len() == legal.len() && s.moves.iter().all(|m| legal.contains(&m.mv))
            });
        match examine_why(&p, cfg, decision_seed(seed, p.index), first, stop) {
            Ok(f) => {
                counts.found += 1;
                found.push((p, f));
            }
            Err(Rejection::NoChoice) => counts.no_choice += 1,
            Err(Rejection::Idle) => counts.idle += 1,
            Err(Rejection::Quick) => counts.quick += 1,
            Err(Rejection::Unconfirmed) => counts.unconfirmed += 1,
            Err(Rejection::Decided) => counts.decided += 1,
            Err(Rejection::Stopped) => return Err(MineError::Stopped),
        }
    }
    Ok(Mined {
        record,
        found,
        counts,
    })
}
