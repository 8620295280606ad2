//! Filing a finished (or resigned) game: its match file, the profile's statistics and
//! rating, and the autosave removed.

use carcassonne_engine::{Game, Record};

use crate::current::{CurrentGame, TableSeat};
use crate::error::StorageError;
use crate::files::MATCH;
use crate::history::MatchFile;
use crate::limits::{SCHEMA, TABLE_SCHEMA};
use crate::matches::{self, MatchMeta};
use crate::profile::{GameOutcome, RatingChange};
use crate::store::Storage;
use crate::time;

/// The luck of the draw in a finished game, as the match file keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct FiledLuck {
    /// The analysis (the AI crate's, as JSON).
    pub analysis: serde_json::Value,
    /// The human seat's net luck in points (`None` without a human seat).
    pub net_points: Option<f64>,
    /// Every seat's net luck in points, for a game of several people (each person's match
    /// keeps its own); may be empty otherwise.
    pub by_seat: Vec<f64>,
}

impl Storage {
    /// Files a finished (or resigned) game: writes its match file, counts it in the
    /// profile's statistics and rating, and removes the autosave. `game` is the final
    /// position, `record` its record. If `profiles.json` or `current.json` was written by a
    /// newer version of the app, it is left alone (the game is still filed; the problem is in
    /// [`Storage::problems`]).
    ///
    /// # Errors
    /// [`StorageError::ReadOnly`], or I/O; the match file is written first, so a failure
    /// later loses no match.
    pub fn finish_game(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: bool,
    ) -> Result<MatchMeta, StorageError> {
        self.finish_game_rated(current, record, game, resigned)
            .map(|(meta, _)| meta)
    }

    /// [`Storage::finish_game`], also returning how the game moved the profile's rating
    /// (the change the profile's statistics counted, with the opponents' real seats); `None`
    /// when no profile counted it (the profile is gone, or `profiles.json` is a newer
    /// version's).
    ///
    /// # Errors
    /// As [`Storage::finish_game`].
    pub fn finish_game_rated(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: bool,
    ) -> Result<(MatchMeta, Option<RatingChange>), StorageError> {
        self.finish_game_weighed(current, record, game, resigned, None)
    }

    /// [`Storage::finish_game_rated`] with the luck of the draw, when the draws were
    /// weighed: the analysis is kept in the match file, the human's net luck in its
    /// metadata ([`MatchMeta::luck`]) and in the profile's statistics.
    ///
    /// # Errors
    /// As [`Storage::finish_game`].
    pub fn finish_game_weighed(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: bool,
        luck: Option<&FiledLuck>,
    ) -> Result<(MatchMeta, Option<RatingChange>), StorageError> {
        let resigned = resigned.then_some(current.human);
        let mut filed = self.finish_table(current, record, game, resigned, luck)?;
        // The host's file comes first (`current.others` is empty in a game of one person).
        Ok(filed.swap_remove(0))
    }

    /// Files a finished game of one or several people (pass and play, `current.others`):
    /// a match file for each person, in that person's profile's history, statistics and
    /// rating, then removes the autosave. `resigned` is the seat that resigned, if one did.
    /// Returns each person's match and rating change, the host's ([`CurrentGame::human`])
    /// first, then the others' in seat order.
    ///
    /// - The host's match has the game's id; another person's is `<id>-<seat + 1>`.
    /// - A person's rating moves against the AI seats only (their ratings are known);
    ///   another person is not an opponent of known strength. A game of people alone moves
    ///   no rating, but counts in each one's statistics.
    /// - A game cut short by another person's resignation is filed for the others as it
    ///   stood, not rated (they did not choose to stop).
    ///
    /// # Errors
    /// As [`Storage::finish_game`]; the match files are written first (the host's first),
    /// so a failure later loses no match.
    pub fn finish_table(
        &self,
        current: &CurrentGame,
        record: &Record,
        game: &Game,
        resigned: Option<usize>,
        luck: Option<&FiledLuck>,
    ) -> Result<Vec<(MatchMeta, Option<RatingChange>)>, StorageError> {
        self.writable()?;
        let table = !current.others.is_empty();
        let mut people = current.people();
        // The host first.
        people.sort_by_key(|p| p.seat != current.human);
        let ended = time::now_secs();
        let mut filed = Vec::new();
        for person in &people {
            let id = if person.seat == current.human {
                current.game_id.clone()
            } else {
                format!("{}-{}", current.game_id, person.seat + 1)
            };
            let mut meta = matches::describe(
                record,
                game,
                matches::Origin {
                    id,
                    profile: Some((person.profile_id.clone(), person.profile_name.clone())),
                    started: current.started_at,
                    ended,
                    resigned: resigned == Some(person.seat),
                    imported: false,
                    seat: table.then_some(person.seat),
                    resigned_by: resigned.filter(|&s| s != person.seat),
                },
            );
            meta.deal_salt.clone_from(&current.deal_salt);
            meta.luck = luck.and_then(|l| {
                if table {
                    l.by_seat.get(person.seat).copied()
                } else {
                    l.net_points
                }
            });
            meta.rated = current.rated
                && resigned.is_none_or(|s| s == person.seat)
                && !(table && meta.opponents.is_empty());
            let change = self.file_for(person, record, game, &mut meta, luck)?;
            filed.push((meta, change));
        }
        match self.clear_current() {
            Ok(()) | Err(StorageError::Newer { .. }) => Ok(filed),
            Err(e) => Err(e),
        }
    }

    /// Writes `meta`'s match file (with the rating it leads to) and counts it in `person`'s
    /// statistics (and rating, when `meta.rated`); returns the rating change.
    fn file_for(
        &self,
        person: &TableSeat,
        record: &Record,
        game: &Game,
        meta: &mut MatchMeta,
        luck: Option<&FiledLuck>,
    ) -> Result<Option<RatingChange>, StorageError> {
        let scores = game.scores();
        let outcome = GameOutcome {
            score: scores[person.seat],
            opponents: meta
                .opponents
                .iter()
                .map(|o| (o.level.clone(), scores[o.seat]))
                .collect(),
            resigned: meta.resigned,
            luck: meta.luck,
            people: crate::migrate::people_scores(meta, person.seat),
        };
        // The rating this game leads to, kept with the match for the profile's chart (none
        // for a game that is not rated).
        meta.rating_after = self.profiles().ok().filter(|_| meta.rated).and_then(|p| {
            let mut stats = p
                .profiles
                .iter()
                .find(|q| q.id == person.profile_id)?
                .stats
                .clone();
            stats.record(&outcome, self.rating_of);
            Some(stats.rating.elo)
        });
        let schema = if meta.seat.is_some() {
            TABLE_SCHEMA
        } else {
            SCHEMA
        };
        self.write_as(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record: record.clone(),
                review: None,
                luck: luck.map(|l| l.analysis.clone()),
            },
            MATCH,
            schema,
        )?;
        let counted = self.edit_profiles(|p| {
            let Some(profile) = p.profiles.iter_mut().find(|q| q.id == person.profile_id) else {
                return Ok((None, false));
            };
            if !meta.rated {
                profile.stats.count(&outcome);
                return Ok((None, true));
            }
            let mut change = profile.stats.record(&outcome, self.rating_of);
            for (o, m) in change.opponents.iter_mut().zip(&meta.opponents) {
                o.seat = m.seat;
            }
            Ok((Some(change), true))
        });
        match counted {
            Ok(c) => Ok(c),
            Err(StorageError::Newer { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
