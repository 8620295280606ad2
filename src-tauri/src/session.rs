//! The game in progress, as plain Rust (no Tauri): the human's moves with undo, AI moves,
//! autosave after every move and filing the match when it ends.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use carcassonne_ai::PlayerSpec;
use carcassonne_ai::review::Luck;
use carcassonne_ai::seed::mix;
use carcassonne_engine::{
    Game, Move, MoveName, PlayError, PlayerKind, PublicView, RecordPlayer, Setup,
};
use carcassonne_storage::{CurrentGame, Profile, Progress, RatingChange, Storage};

use crate::api::{ApiError, GameResult, GameView, SetupOpponent};
use crate::failure::{Failure, illegal_move, move_name_error, setup_error};
use crate::limits::MAX_SEED;
use crate::opponents::opponent_specs;
use crate::view::{self, ViewContext};

/// The AI players' names, by seat 1 to 5.
const AI_NAMES: [&str; 5] = ["Berta", "Conrad", "Dagmar", "Edwin", "Frieda"];

/// A game in progress and everything needed to continue, undo and save it.
pub struct Session {
    /// The game id (and match id).
    pub id: String,
    /// The position.
    pub game: Game,
    /// The human's seat.
    pub human: usize,
    /// The players as the record names them.
    pub players: Vec<RecordPlayer>,
    /// Each seat's AI player (none for the human): a level or a spec on the strength curve.
    pub levels: Vec<Option<PlayerSpec>>,
    /// Each seat's AI seed.
    pub ai_seeds: Vec<u64>,
    /// The profile playing.
    pub profile_id: String,
    /// Its name.
    pub profile_name: String,
    /// Start time, seconds since the epoch.
    pub started_at: u64,
    /// The autosave's record and pending moves.
    pub progress: Progress,
    /// The salt of the deal's fingerprint (API.md, "Deal"): secret until the game ends.
    pub deal_salt: Option<String>,
    /// Positions before each of the human's moves since the last tile was drawn.
    undo: Vec<(Game, Progress)>,
    /// Whether a worker is running AI turns.
    pub busy: bool,
    /// Stops the AI search of this session (set when it is replaced).
    pub stop: Arc<AtomicBool>,
    /// How it ended, once it has.
    pub result: Option<GameResult>,
    /// The last autosave's failure.
    pub save_error: Option<ApiError>,
    /// How the ended game moved the profile's rating.
    pub rating_change: Option<RatingChange>,
    /// The luck of the draw, once a game played to the end has been filed.
    pub luck: Option<Luck>,
    /// Whether the game counts in the rating: not on a deal played again from the history
    /// (`game_replay_deal`), whose tiles the player has seen.
    pub rated: bool,
}

impl Session {
    /// A new game: the human in seat `human` (0-based) against `opponents`, who take the
    /// other seats in their order.
    ///
    /// # Errors
    /// `game/bad_setup` for 0 or more than 5 opponents, an unknown level, a seed above
    /// [`MAX_SEED`] or a seat outside the game.
    pub fn new(
        profile: &Profile,
        opponents: &[SetupOpponent],
        abbey_mayor: bool,
        seed: Option<u64>,
        human: usize,
    ) -> Result<Session, ApiError> {
        let specs = opponent_specs(opponents).map_err(|e| ApiError::from(Failure::Setup(e)))?;
        if human > specs.len() {
            return Err(Failure::SeatOutside(human, specs.len() + 1).into());
        }
        let mut levels: Vec<_> = specs.into_iter().map(Some).collect();
        levels.insert(human, None);
        if let Some(s) = seed.filter(|&s| s > MAX_SEED) {
            return Err(Failure::SeedTooLarge(s).into());
        }
        let seed = seed.unwrap_or_else(|| rand::random::<u64>() & MAX_SEED);
        let game = Game::new(&Setup {
            players: levels.len(),
            abbey_mayor,
            seed,
        })
        .map_err(|e| setup_error(&e))?;
        // The opponents keep their names in their order, whichever seat the human takes.
        let mut names = AI_NAMES.iter();
        let players: Vec<RecordPlayer> = levels
            .iter()
            .map(|l| match l {
                None => RecordPlayer {
                    name: profile.name.clone(),
                    kind: PlayerKind::Human,
                    level: None,
                },
                Some(l) => RecordPlayer {
                    name: names.next().copied().unwrap_or("AI").into(),
                    kind: PlayerKind::Ai,
                    level: Some(l.to_string()),
                },
            })
            .collect();
        let ai_seeds = (0..levels.len() as u64).map(|s| mix(seed, s + 1)).collect();
        Ok(Session {
            id: carcassonne_storage::new_game_id(),
            // From the operating system's generator, never from the seed: the salt is what
            // keeps the seed from being found from the fingerprint.
            deal_salt: Some(format!("{:032x}", rand::random::<u128>())),
            progress: Progress::new(&game, players.clone()),
            game,
            human,
            players,
            levels,
            ai_seeds,
            profile_id: profile.id.clone(),
            profile_name: profile.name.clone(),
            started_at: carcassonne_storage::time::now_secs(),
            undo: Vec::new(),
            busy: false,
            stop: Arc::new(AtomicBool::new(false)),
            result: None,
            save_error: None,
            rating_change: None,
            luck: None,
            rated: true,
        })
    }

    /// A practice game from a finished match's position after `turns` record entries
    /// ("Play from here"): the human (the profile playing now) in the match's human seat,
    /// the other seats the match's AI players, or `opponents` in their place (one for each
    /// other seat, in seat order; each seat keeps its name). With `reshuffle`, the tiles not yet drawn come
    /// in a new order (the record takes a new seed, which deals the rest afresh); without, as
    /// they came in the match (the match's seed deals them). Not rated; no deal fingerprint
    /// (the deal is not a fresh one).
    ///
    /// # Errors
    /// `history/no_deal` for a match without a seed, `history/at_end` when nothing is left to
    /// play after `turns`, `game/bad_setup` for an AI player this app does not know or
    /// `opponents` not one for each other seat, and
    /// `storage/corrupt` if the prefix does not replay.
    pub fn from_position(
        profile: &Profile,
        id: &str,
        record: &carcassonne_engine::Record,
        turns: usize,
        reshuffle: bool,
        opponents: Option<&[SetupOpponent]>,
    ) -> Result<Session, ApiError> {
        let seed = record
            .seed
            .ok_or_else(|| ApiError::from(Failure::NoDeal(id.into())))?;
        if turns >= record.turns.len() {
            return Err(Failure::PlayFromEnd(turns).into());
        }
        let human = carcassonne_ai::review::default_player(record);
        let mut prefix = carcassonne_storage::matches::prefix(record, turns);
        if reshuffle {
            prefix.seed = Some(rand::random::<u64>() & MAX_SEED);
        }
        let chosen = match opponents {
            None => None,
            Some(o) if o.len() + 1 != prefix.players.len() => {
                return Err(Failure::PlayFromSeats(prefix.players.len() - 1, o.len()).into());
            }
            Some(o) => Some(opponent_specs(o).map_err(|e| ApiError::from(Failure::Setup(e)))?),
        };
        let mut chosen = chosen.map(Vec::into_iter);
        // The human's seat is the profile's now; an AI this app does not know is refused as a
        // set-up would refuse it (resuming would call it a corrupt autosave).
        for (seat, p) in prefix.players.iter_mut().enumerate() {
            if seat == human {
                *p = RecordPlayer {
                    name: profile.name.clone(),
                    kind: PlayerKind::Human,
                    level: None,
                };
            } else if let Some(spec) = chosen.as_mut().and_then(Iterator::next) {
                *p = RecordPlayer {
                    name: p.name.clone(),
                    kind: PlayerKind::Ai,
                    level: Some(spec.to_string()),
                };
            } else {
                let name = p.level.clone().unwrap_or_default();
                if name.parse::<PlayerSpec>().is_err() {
                    return Err(
                        Failure::Setup(crate::opponents::OpponentError::Unknown(name)).into(),
                    );
                }
            }
        }
        let game = prefix
            .replay()
            .map_err(|e| ApiError::from(Failure::MatchReplay(e)))?;
        let fresh = rand::random::<u64>();
        // As if resumed from an autosave of this position: a new game of this profile.
        let current = CurrentGame {
            game_id: carcassonne_storage::new_game_id(),
            profile_id: profile.id.clone(),
            profile_name: profile.name.clone(),
            started_at: carcassonne_storage::time::now_secs(),
            human,
            ai_seeds: (0..prefix.players.len() as u64)
                .map(|s| mix(fresh ^ seed, s + 1))
                .collect(),
            record: prefix,
            pending: Vec::new(),
            deal_salt: None,
            rated: false,
        };
        Session::resume(current, game)
    }

    /// Whether a saved game can be resumed by this app (its players match the game and every
    /// AI level is known).
    ///
    /// # Errors
    /// `storage/corrupt`, naming what does not fit.
    pub fn check_resumable(current: &CurrentGame, game: &Game) -> Result<(), ApiError> {
        Self::levels(current, game).map(|_| ())
    }

    /// The AI player of every seat (none for the human's) of a saved game: its level or
    /// spec as the autosave names it.
    fn levels(current: &CurrentGame, game: &Game) -> Result<Vec<Option<PlayerSpec>>, ApiError> {
        let players = &current.record.players;
        if players.len() != game.num_players() || current.ai_seeds.len() != players.len() {
            return Err(Failure::CurrentPlayers.into());
        }
        let mut levels = Vec::new();
        for (seat, p) in players.iter().enumerate() {
            if seat == current.human {
                levels.push(None);
            } else {
                let name = p.level.as_deref().unwrap_or_default();
                levels
                    .push(Some(name.parse::<PlayerSpec>().map_err(|_| {
                        ApiError::from(Failure::CurrentLevel(name.into()))
                    })?));
            }
        }
        Ok(levels)
    }

    /// The session of a saved game.
    ///
    /// # Errors
    /// `storage/corrupt` if the saved players or levels do not fit the game.
    pub fn resume(current: CurrentGame, game: Game) -> Result<Session, ApiError> {
        let levels = Self::levels(&current, &game)?;
        let players = current.record.players.clone();
        let undo = Self::undo_of(&current);
        Ok(Session {
            id: current.game_id,
            progress: Progress {
                record: current.record,
                pending: current.pending,
            },
            deal_salt: current.deal_salt,
            game,
            human: current.human,
            players,
            levels,
            ai_seeds: current.ai_seeds,
            profile_id: current.profile_id,
            profile_name: current.profile_name,
            started_at: current.started_at,
            undo,
            busy: false,
            stop: Arc::new(AtomicBool::new(false)),
            result: None,
            save_error: None,
            rating_change: None,
            luck: None,
            rated: current.rated,
        })
    }

    /// The undo stack of a saved game, as it was when the game was saved: the pending moves
    /// of the unfinished entry are played again from its boundary, each one kept as
    /// [`Session::play_human`] keeps it, so a game resumed after a crash can take back the
    /// same moves as before. Empty if a pending move does not replay (the game itself is
    /// checked by the storage before this).
    fn undo_of(current: &CurrentGame) -> Vec<(Game, Progress)> {
        let mut undo = Vec::new();
        let Ok(mut game) = current.record.replay() else {
            return undo;
        };
        let mut progress = Progress {
            record: current.record.clone(),
            pending: Vec::new(),
        };
        for spec in &current.pending {
            let mover = game.decision().player();
            let Ok(mv) = spec.to_move(&game) else {
                return Vec::new();
            };
            let before = (game.clone(), progress.clone());
            if game.play(mv).is_err() {
                return Vec::new();
            }
            progress.played(spec.clone(), mv, &game);
            if mover == Some(current.human as u8) {
                undo.push(before);
            }
            if mover != Some(current.human as u8) || !Self::turn_goes_on(&game, current.human) {
                undo.clear();
            }
        }
        undo
    }

    /// Whether the human's turn goes on after their move (a figure to place or their own
    /// wagon to move): moves can be taken back until a tile is drawn or another player
    /// decides.
    fn turn_goes_on(game: &Game, human: usize) -> bool {
        matches!(
            game.decision(),
            carcassonne_engine::Decision::PlaceFigure { player, .. }
                | carcassonne_engine::Decision::MoveWagon { player, .. }
                if player as usize == human
        )
    }

    /// What `current.json` holds for this game.
    pub fn current(&self) -> CurrentGame {
        CurrentGame {
            game_id: self.id.clone(),
            profile_id: self.profile_id.clone(),
            profile_name: self.profile_name.clone(),
            started_at: self.started_at,
            human: self.human,
            ai_seeds: self.ai_seeds.clone(),
            record: self.progress.record.clone(),
            pending: self.progress.pending.clone(),
            deal_salt: self.deal_salt.clone(),
            rated: self.rated,
        }
    }

    /// Whether the game has ended (finished or resigned).
    pub fn over(&self) -> bool {
        self.game.is_over() || self.result.is_some()
    }

    /// The AI to move, if the pending decision is an AI's.
    pub fn ai_to_move(&self) -> Option<(u8, PlayerSpec)> {
        if self.over() {
            return None;
        }
        let p = self.game.decision().player()?;
        self.levels
            .get(p as usize)
            .copied()
            .flatten()
            .map(|l| (p, l))
    }

    /// The seed for the AI's next decision: fixed by the position, so a resumed game
    /// continues as the saved one would have.
    pub fn ai_seed(&self, seat: u8) -> u64 {
        let step = (self.game.log().len() as u64) << 8 | self.progress.pending.len() as u64;
        mix(self.ai_seeds[seat as usize], step)
    }

    fn apply(&mut self, mv: Move) -> Result<MoveName, PlayError> {
        let spec = MoveName::from_move(&self.game, mv);
        self.game.play(mv)?;
        self.progress.played(spec.clone(), mv, &self.game);
        Ok(spec)
    }

    /// Plays the human's move.
    ///
    /// # Errors
    /// `game/over`, `game/busy`, `game/not_your_turn`, `move/invalid`, `move/illegal`; the
    /// game is then unchanged.
    pub fn play_human(&mut self, spec: &MoveName) -> Result<(), ApiError> {
        if self.over() {
            return Err(Failure::GameOver.into());
        }
        if self.busy {
            return Err(Failure::Busy.into());
        }
        if self.game.decision().player() != Some(self.human as u8) {
            return Err(Failure::NotYourTurn.into());
        }
        let mv = spec.to_move(&self.game).map_err(|e| move_name_error(&e))?;
        let before = (self.game.clone(), self.progress.clone());
        self.apply(mv).map_err(|e| illegal_move(&e))?;
        self.undo.push(before);
        if !Self::turn_goes_on(&self.game, self.human) {
            self.undo.clear();
        }
        Ok(())
    }

    /// Plays an AI's move (chosen from this position).
    ///
    /// # Errors
    /// `ai/failed` if the AI chose an illegal move.
    pub fn play_ai(&mut self, mv: Move) -> Result<MoveName, ApiError> {
        let spec = self
            .apply(mv)
            .map_err(|e| ApiError::from(Failure::AiIllegal(e)))?;
        self.undo.clear();
        Ok(spec)
    }

    /// Takes back the human's last move of this turn.
    ///
    /// # Errors
    /// `game/undo_unavailable` or `game/busy`.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        if self.busy {
            return Err(Failure::Busy.into());
        }
        let Some((game, progress)) = self.undo.pop() else {
            return Err(Failure::UndoUnavailable.into());
        };
        self.game = game;
        self.progress = progress;
        Ok(())
    }

    /// Whether undo is possible.
    pub fn can_undo(&self) -> bool {
        !self.busy && !self.undo.is_empty()
    }

    /// Saves the game after a move: the autosave while it goes on, the match (with the
    /// profile's statistics) once it has ended. A failure is kept for the view.
    pub fn save(&mut self, storage: &Storage) {
        let result = if self.game.is_over() && self.result.is_none() {
            self.file_match(storage, false)
        } else if !self.over() {
            storage
                .save_current(&self.current())
                .map_err(ApiError::from)
        } else {
            Ok(())
        };
        self.save_error = result.err();
    }

    fn file_match(&mut self, storage: &Storage, resigned: bool) -> Result<(), ApiError> {
        // A game played to the end has its draws weighed (about a second); a resigned one
        // stops before the end and is not (it is not reviewed either).
        self.luck = if resigned {
            None
        } else {
            crate::luck::weigh(&self.progress.record)
        };
        let kept = self
            .luck
            .as_ref()
            .and_then(|l| crate::luck::filed(l, &self.progress.record));
        let filed = storage.finish_game_weighed(
            &self.current(),
            &self.progress.record,
            &self.game,
            resigned,
            kept.as_ref(),
        );
        let (filed, change) = match filed {
            Ok((meta, change)) => (Ok(meta), change),
            Err(e) => (Err(e), None),
        };
        self.rating_change = change;
        let scores = self.game.scores();
        let winners = carcassonne_storage::matches::winners(
            &scores,
            (0..scores.len()).filter(|&s| !resigned || s != self.human),
        );
        self.result = Some(GameResult {
            winners,
            resigned,
            match_id: filed.as_ref().ok().map(|m| m.id.clone()),
        });
        self.undo.clear();
        filed.map(|_| ()).map_err(ApiError::from)
    }

    /// Resigns: the game ends and is filed as resigned.
    ///
    /// # Errors
    /// `game/over`; a storage failure is kept in the view instead.
    pub fn resign(&mut self, storage: &Storage) -> Result<(), ApiError> {
        if self.over() {
            return Err(Failure::GameOver.into());
        }
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.save_error = self.file_match(storage, true).err();
        Ok(())
    }

    /// The view for the UI.
    pub fn view(&self) -> GameView {
        let mut view = view::build(
            &self.game,
            ViewContext {
                id: &self.id,
                human: self.human,
                players: &self.players,
                ai_thinking: self.busy,
                can_undo: self.can_undo(),
                save_error: self.save_error.clone(),
                result: self.result.clone(),
                aids: true,
            },
        );
        view.rating_change = self.rating_change.clone();
        view.luck = self.luck.clone();
        view.rated = self.rated;
        view.deal = view::deal(self.game.seed(), self.deal_salt.as_deref(), self.over());
        // The seed tells the order of the pile: not before the end (the fingerprint commits to it).
        if !self.over() {
            view.seed = None;
        }
        view
    }

    /// What a hint searches from: a copy of the game at the human's pending decision and a
    /// seed fixed by the position.
    ///
    /// # Errors
    /// `game/over` or `game/not_your_turn`.
    pub fn hint_input(&self) -> Result<(Game, u64), ApiError> {
        if self.over() {
            return Err(Failure::GameOver.into());
        }
        if self.game.decision().player() != Some(self.human as u8) {
            return Err(Failure::NotYourTurn.into());
        }
        Ok((
            self.game.clone(),
            mix(self.ai_seed(self.human as u8), 0x48494e54),
        ))
    }
}

/// The AI's choice for the pending decision of `game`, played as `spec` (its budget is
/// [`PlayerSpec::capped_budget`], the rest of it [`PlayerSpec::tuning`]).
pub fn ai_choose(game: &Game, spec: &PlayerSpec, seed: u64, stop: &AtomicBool) -> Move {
    spec.choose(&PublicView::new(game), seed, spec.capped_budget(), stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_storage::Stats;

    fn profile() -> Profile {
        Profile {
            id: "p-1".into(),
            name: "Ada".into(),
            created: "2026-12-02T00:00:00Z".into(),
            stats: Stats::default(),
            lessons_done: Vec::new(),
        }
    }

    fn opponent() -> SetupOpponent {
        SetupOpponent {
            level: Some("random".into()),
            rating: None,
        }
    }

    /// A saved game resumed at any point has the undo stack the game had: the same moves can
    /// be taken back (a tile, then a figure or a wagon move of the same turn), and none after
    /// a tile was drawn or another player moved. Every move of several Abbey & Mayor games,
    /// the human's and the other seat's chosen by a fixed rule from the legal ones.
    #[test]
    fn a_resumed_game_keeps_its_undo() {
        let mut checked = 0;
        for seed in 1..=6u64 {
            // The human in seat 0, or in seat 1 (a deal played again, seats swapped).
            let seat = (seed % 2) as usize;
            let mut s = Session::new(&profile(), &[opponent()], true, Some(seed), seat).unwrap();
            assert_eq!(s.players[seat].kind, PlayerKind::Human);
            for step in 0u64.. {
                if s.over() {
                    break;
                }
                let current = s.current();
                let game = current.game().unwrap();
                let resumed = Session::resume(current, game).unwrap();
                assert_eq!(resumed.can_undo(), s.can_undo(), "seed {seed}, step {step}");
                let kept = |x: &Session| x.undo.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>();
                assert_eq!(kept(&resumed), kept(&s), "seed {seed}, step {step}");
                if s.can_undo() {
                    checked += 1;
                    let mut back = resumed;
                    back.undo().unwrap();
                    assert_eq!(Some(&back.progress), s.undo.last().map(|(_, p)| p));
                }
                let moves = s.game.legal_moves();
                let mv = moves[((step * 7 + seed) % moves.len() as u64) as usize];
                if s.game.decision().player() == Some(s.human as u8) {
                    s.play_human(&MoveName::from_move(&s.game, mv)).unwrap();
                } else {
                    s.play_ai(mv).unwrap();
                }
            }
        }
        assert!(checked > 50, "only {checked} positions with undo");
    }
}
