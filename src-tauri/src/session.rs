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
use carcassonne_storage::{CurrentGame, Profile, Progress, RatingChange, Storage, TableSeat};

use crate::api::{ApiError, GameResult, GameView, SetupOpponent, TableResult};
use crate::failure::{Failure, illegal_move, move_name_error, setup_error};
use crate::limits::MAX_SEED;
use crate::opponents::{opponent_specs, seat_specs};
use crate::view::{self, ViewContext};

/// The AI players' names, by seat 1 to 5.
const AI_NAMES: [&str; 5] = ["Berta", "Conrad", "Dagmar", "Edwin", "Frieda"];

/// A game in progress and everything needed to continue, undo and save it.
pub struct Session {
    /// The game id (and match id).
    pub id: String,
    /// The position.
    pub game: Game,
    /// The host's seat: the profile that set the game up (in a game of one person, the
    /// human's seat).
    pub human: usize,
    /// The other people at the table (pass and play), in seat order; empty in a game of
    /// one person against AIs.
    pub others: Vec<TableSeat>,
    /// Whether the UI shows a hand-over screen between people.
    pub handover: bool,
    /// The players as the record names them.
    pub players: Vec<RecordPlayer>,
    /// Each seat's AI player (none for a person's): a level or a spec on the strength curve.
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
    /// Positions before each of the person's moves since the last tile was drawn (only the
    /// person to move can take them back: another player's decision empties it).
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
    /// A new game: the host `profile` in seat `human` (0-based) against `opponents`, who
    /// take the other seats in their order: AIs, and people (pass and play: `{profile}`,
    /// whose profiles the caller looked up, in `people`; a profile there that no opponent
    /// names is ignored). With `handover`, the UI shows a hand-over screen between people.
    ///
    /// # Errors
    /// `game/bad_setup` for 0 or more than 5 opponents, an unknown level, a seed above
    /// [`MAX_SEED`], a seat outside the game, or a profile in two seats (the host's too);
    /// `profile/not_found` for a person whose profile is not in `people`.
    pub fn new(
        profile: &Profile,
        opponents: &[SetupOpponent],
        people: &[Profile],
        abbey_mayor: bool,
        seed: Option<u64>,
        (human, handover): (usize, bool),
    ) -> Result<Session, ApiError> {
        let specs = seat_specs(opponents).map_err(|e| ApiError::from(Failure::Setup(e)))?;
        if human > specs.len() {
            return Err(Failure::SeatOutside(human, specs.len() + 1).into());
        }
        let mut levels = specs;
        levels.insert(human, None);
        // The people's seats, each profile once.
        let mut table: Vec<&Profile> = vec![profile];
        let mut others = Vec::new();
        let mut asked = opponents.iter().filter_map(|o| o.profile.as_deref());
        for (seat, level) in levels.iter().enumerate() {
            if seat == human || level.is_some() {
                continue;
            }
            let id = asked.next().unwrap_or_default();
            let Some(person) = people.iter().find(|p| p.id == id) else {
                return Err(carcassonne_storage::StorageError::ProfileNotFound(id.into()).into());
            };
            if table.iter().any(|p| p.id == person.id) {
                return Err(Failure::SamePerson(person.name.clone()).into());
            }
            table.push(person);
            others.push(TableSeat {
                seat,
                profile_id: person.id.clone(),
                profile_name: person.name.clone(),
            });
        }
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
        // The AI opponents keep their names in their order, whichever seat the human takes;
        // people are named by their profiles.
        let mut names = AI_NAMES.iter();
        let name_of = |seat: usize| {
            others
                .iter()
                .find(|p| p.seat == seat)
                .map_or(profile.name.clone(), |p| p.profile_name.clone())
        };
        let players: Vec<RecordPlayer> = levels
            .iter()
            .enumerate()
            .map(|(seat, l)| match l {
                None => RecordPlayer {
                    name: name_of(seat),
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
            others,
            handover,
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
    /// ("Play from here"): the human (the profile playing now) in `seat`, the seat the match
    /// was played from, the other seats the match's AI players, or `opponents` in their place
    /// (one for each other seat, in seat order; each seat keeps its name). Another person's
    /// seat (pass and play) is played by the medium level unless another is chosen. With `reshuffle`, the tiles not yet drawn come
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
        (turns, seat): (usize, usize),
        reshuffle: bool,
        opponents: Option<&[SetupOpponent]>,
    ) -> Result<Session, ApiError> {
        let seed = record
            .seed
            .ok_or_else(|| ApiError::from(Failure::NoDeal(id.into())))?;
        if turns >= record.turns.len() {
            return Err(Failure::PlayFromEnd(turns).into());
        }
        let human = seat;
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
            } else if p.kind == PlayerKind::Human {
                *p = RecordPlayer {
                    name: p.name.clone(),
                    kind: PlayerKind::Ai,
                    level: Some(carcassonne_ai::Level::Medium.name().into()),
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
            others: Vec::new(),
            handover: false,
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

    /// The AI player of every seat (none for a person's) of a saved game: its level or
    /// spec as the autosave names it.
    fn levels(current: &CurrentGame, game: &Game) -> Result<Vec<Option<PlayerSpec>>, ApiError> {
        let players = &current.record.players;
        if players.len() != game.num_players() || current.ai_seeds.len() != players.len() {
            return Err(Failure::CurrentPlayers.into());
        }
        let mut levels = Vec::new();
        for (seat, p) in players.iter().enumerate() {
            if current.is_person(seat) {
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
            others: current.others,
            handover: current.handover,
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
            let person = mover.map(usize::from).filter(|&m| current.is_person(m));
            if person.is_some() {
                undo.push(before);
            }
            if !person.is_some_and(|m| Self::turn_goes_on(&game, m)) {
                undo.clear();
            }
        }
        undo
    }

    /// Whether the turn of the person in seat `human` goes on after their move (a figure to place or their own
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
            others: self.others.clone(),
            handover: self.handover,
        }
    }

    /// Whether `seat` is played by a person (the host or another person at the table).
    pub fn is_person(&self, seat: usize) -> bool {
        seat == self.human || self.others.iter().any(|p| p.seat == seat)
    }

    /// The seat of the person at the device now: the pending decision's when it is a
    /// person's; while an AI decides, the next person in turn order (who takes the device
    /// next); once the game is over, the host. Known from the position alone, so a resumed
    /// game says the same.
    pub fn at_device(&self) -> usize {
        if let Some(seat) = self.person_to_move() {
            return seat;
        }
        let n = self.players.len();
        match self.game.decision().player().map(usize::from) {
            Some(p) if !self.over() => (1..=n)
                .map(|k| (p + k) % n)
                .find(|&s| self.is_person(s))
                .unwrap_or(self.human),
            _ => self.human,
        }
    }

    /// The person whose decision is pending, if it is a person's.
    fn person_to_move(&self) -> Option<usize> {
        if self.over() {
            return None;
        }
        self.game
            .decision()
            .player()
            .map(usize::from)
            .filter(|&p| self.is_person(p))
    }

    /// Every person's seat, in seat order.
    pub fn people(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&s| self.is_person(s))
            .collect()
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

    /// Plays the move of the person whose decision is pending.
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
        let Some(seat) = self.person_to_move() else {
            return Err(Failure::NotYourTurn.into());
        };
        let mv = spec.to_move(&self.game).map_err(|e| move_name_error(&e))?;
        let before = (self.game.clone(), self.progress.clone());
        self.apply(mv).map_err(|e| illegal_move(&e))?;
        self.undo.push(before);
        if !Self::turn_goes_on(&self.game, seat) {
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

    /// Takes back the last move of this turn of the person to move.
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
            self.file_match(storage, None)
        } else if !self.over() {
            storage
                .save_current(&self.current())
                .map_err(ApiError::from)
        } else {
            Ok(())
        };
        self.save_error = result.err();
    }

    fn file_match(&mut self, storage: &Storage, resigned: Option<usize>) -> Result<(), ApiError> {
        // A game played to the end has its draws weighed (about a second); a resigned one
        // stops before the end and is not (it is not reviewed either).
        self.luck = if resigned.is_some() {
            None
        } else {
            crate::luck::weigh(&self.progress.record)
        };
        let kept = self
            .luck
            .as_ref()
            .and_then(|l| crate::luck::filed(l, &self.progress.record));
        let filed = storage.finish_table(
            &self.current(),
            &self.progress.record,
            &self.game,
            resigned,
            kept.as_ref(),
        );
        let scores = self.game.scores();
        let winners = carcassonne_storage::matches::winners(
            &scores,
            (0..scores.len()).filter(|&s| Some(s) != resigned),
        );
        let (filed, failure) = match filed {
            Ok(f) => (f, None),
            Err(e) => (Vec::new(), Some(e)),
        };
        self.rating_change = filed.first().and_then(|(_, c)| c.clone());
        let table = self
            .people()
            .into_iter()
            .map(|seat| {
                let (meta, change) = filed
                    .iter()
                    .find(|(m, _)| m.person() == Some(seat))
                    .map_or((None, None), |(m, c)| (Some(m), c.clone()));
                TableResult {
                    seat,
                    profile_id: self.profile_of(seat).0,
                    name: self.players[seat].name.clone(),
                    result: carcassonne_storage::matches::seat_result(seat, &winners, resigned)
                        .into(),
                    match_id: meta.map(|m| m.id.clone()),
                    rating_change: change,
                }
            })
            .collect();
        self.result = Some(GameResult {
            winners,
            resigned: resigned.is_some(),
            resigned_seat: resigned,
            match_id: filed.first().map(|(m, _)| m.id.clone()),
            table,
        });
        self.undo.clear();
        failure.map_or(Ok(()), |e| Err(ApiError::from(e)))
    }

    /// The id and name of the profile playing `seat` (a person's).
    fn profile_of(&self, seat: usize) -> (String, String) {
        self.others.iter().find(|p| p.seat == seat).map_or_else(
            || (self.profile_id.clone(), self.profile_name.clone()),
            |p| (p.profile_id.clone(), p.profile_name.clone()),
        )
    }

    /// Resigns for the person at the device ([`Session::at_device`]): the game ends for the
    /// table and is filed, for that person as resigned.
    ///
    /// # Errors
    /// `game/over`; a storage failure is kept in the view instead.
    pub fn resign(&mut self, storage: &Storage) -> Result<(), ApiError> {
        if self.over() {
            return Err(Failure::GameOver.into());
        }
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.save_error = self.file_match(storage, Some(self.at_device())).err();
        Ok(())
    }

    /// The view for the UI.
    pub fn view(&self) -> GameView {
        let mut view = view::build(
            &self.game,
            ViewContext {
                id: &self.id,
                human: self.at_device(),
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
        view.humans = self.people();
        view.handover = self.handover && !self.others.is_empty();
        view.deal = view::deal(self.game.seed(), self.deal_salt.as_deref(), self.over());
        // The seed tells the order of the pile: not before the end (the fingerprint commits to it).
        if !self.over() {
            view.seed = None;
        }
        view
    }

    /// What a hint searches from: a copy of the game at the pending decision of a person
    /// and a seed fixed by the position (and that person's seat).
    ///
    /// # Errors
    /// `game/over` or `game/not_your_turn`.
    pub fn hint_input(&self) -> Result<(Game, u64), ApiError> {
        if self.over() {
            return Err(Failure::GameOver.into());
        }
        let Some(seat) = self.person_to_move() else {
            return Err(Failure::NotYourTurn.into());
        };
        Ok((self.game.clone(), mix(self.ai_seed(seat as u8), 0x48494e54)))
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
        SetupOpponent::level("random")
    }

    fn bob() -> Profile {
        Profile {
            id: "p-2".into(),
            name: "Bob".into(),
            ..profile()
        }
    }

    /// A saved game resumed at any point has the undo stack the game had: the same moves can
    /// be taken back (a tile, then a figure or a wagon move of the same turn), and none after
    /// a tile was drawn or another player moved. Every move of several Abbey & Mayor games,
    /// the human's and the other seats' chosen by a fixed rule from the legal ones; in the
    /// odd games a table of two people (Ada and Bob) and two AIs, so every person's turn is
    /// resumed mid-way too, and only the person to move can take a move back.
    #[test]
    fn a_resumed_game_keeps_its_undo() {
        let mut checked = 0;
        let mut checked_bob = 0;
        for seed in 1..=6u64 {
            // The human in seat 0, or in seat 1 (a deal played again, seats swapped).
            let seat = (seed % 2) as usize;
            let table = seed % 2 == 1;
            let mut s = if table {
                let opponents = [
                    SetupOpponent::person("p-2"),
                    opponent(),
                    SetupOpponent::level("greedy"),
                ];
                Session::new(
                    &profile(),
                    &opponents,
                    &[bob()],
                    true,
                    Some(seed),
                    (seat, true),
                )
            } else {
                Session::new(
                    &profile(),
                    &[opponent()],
                    &[],
                    true,
                    Some(seed),
                    (seat, false),
                )
            }
            .unwrap();
            assert_eq!(s.players[seat].kind, PlayerKind::Human);
            if table {
                // Ada in seat 1, Bob in the first other seat (0), the AIs after.
                assert_eq!(s.people(), vec![0, 1]);
                assert_eq!(s.players[0].name, "Bob");
                assert_eq!(s.players[1].name, "Ada");
                assert_eq!(
                    [&s.players[2].name, &s.players[3].name],
                    ["Berta", "Conrad"]
                );
                assert_eq!(s.current().others[0].profile_id, "p-2");
            }
            for step in 0u64.. {
                if s.over() {
                    break;
                }
                let current = s.current();
                let game = current.game().unwrap();
                let resumed = Session::resume(current, game).unwrap();
                assert_eq!(resumed.can_undo(), s.can_undo(), "seed {seed}, step {step}");
                assert_eq!(
                    resumed.at_device(),
                    s.at_device(),
                    "seed {seed}, step {step}"
                );
                assert_eq!(resumed.view().humans, s.view().humans);
                let kept = |x: &Session| x.undo.iter().map(|(_, p)| p.clone()).collect::<Vec<_>>();
                assert_eq!(kept(&resumed), kept(&s), "seed {seed}, step {step}");
                if s.can_undo() {
                    checked += 1;
                    if table && s.at_device() == 0 {
                        checked_bob += 1;
                    }
                    let mut back = resumed;
                    back.undo().unwrap();
                    assert_eq!(Some(&back.progress), s.undo.last().map(|(_, p)| p));
                }
                let moves = s.game.legal_moves();
                let mv = moves[((step * 7 + seed) % moves.len() as u64) as usize];
                let mover = s.game.decision().player().map(usize::from);
                if mover.is_some_and(|m| s.is_person(m)) {
                    assert_eq!(s.at_device(), mover.unwrap());
                    assert!(s.hint_input().is_ok());
                    s.play_human(&MoveName::from_move(&s.game, mv)).unwrap();
                } else {
                    // An AI's decision: no person may move, ask a hint or take anything back.
                    let code = |e: ApiError| e.code;
                    assert_eq!(
                        s.play_human(&MoveName::from_move(&s.game, mv))
                            .map_err(code),
                        Err("game/not_your_turn".to_string())
                    );
                    assert!(s.hint_input().is_err());
                    s.play_ai(mv).unwrap();
                }
            }
        }
        assert!(checked > 50, "only {checked} positions with undo");
        assert!(
            checked_bob > 10,
            "only {checked_bob} of Bob's positions with undo"
        );
    }

    /// A table is refused with a profile in two seats (the host's own too) or one that is
    /// not known; each refusal names what is wrong.
    #[test]
    fn a_table_takes_each_person_once() {
        let new = |opponents: &[SetupOpponent]| {
            Session::new(
                &profile(),
                opponents,
                &[bob(), profile()],
                false,
                Some(1),
                (0, true),
            )
            .map(|_| ())
            .map_err(|e| (e.code, e.message))
        };
        let twice = [SetupOpponent::person("p-2"), SetupOpponent::person("p-2")];
        assert_eq!(
            new(&twice),
            Err(("game/bad_setup".into(), "Bob can take only one seat".into()))
        );
        assert_eq!(
            new(&[SetupOpponent::person("p-1")]),
            Err(("game/bad_setup".into(), "Ada can take only one seat".into()))
        );
        assert_eq!(
            new(&[SetupOpponent::person("p-9")]).map_err(|e| e.0),
            Err("profile/not_found".into())
        );
        assert_eq!(new(&[SetupOpponent::person("p-2")]), Ok(()));
    }
}
