//! Filing a finished (or resigned) game: its match file, the profile's statistics and
//! rating, and the autosave removed.

use carcassonne_engine::{Game, Record};

use crate::current::CurrentGame;
use crate::error::StorageError;
use crate::files::MATCH;
use crate::history::MatchFile;
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
        self.writable()?;
        let mut meta = matches::describe(
            record,
            game,
            matches::Origin {
                id: current.game_id.clone(),
                profile: Some((current.profile_id.clone(), current.profile_name.clone())),
                started: current.started_at,
                ended: time::now_secs(),
                resigned,
                imported: false,
            },
        );
        meta.deal_salt.clone_from(&current.deal_salt);
        meta.luck = luck.and_then(|l| l.net_points);
        meta.rated = current.rated;
        let scores = game.scores();
        let outcome = GameOutcome {
            score: scores[current.human],
            opponents: meta
                .opponents
                .iter()
                .map(|o| (o.level.clone(), scores[o.seat]))
                .collect(),
            resigned,
            luck: meta.luck,
        };
        // The rating this game leads to, kept with the match for the profile's chart (none
        // for a game that is not rated).
        meta.rating_after = self
            .profiles()
            .ok()
            .filter(|_| current.rated)
            .and_then(|p| {
                let mut stats = p
                    .profiles
                    .iter()
                    .find(|q| q.id == current.profile_id)?
                    .stats
                    .clone();
                stats.record(&outcome, self.rating_of);
                Some(stats.rating.elo)
            });
        self.write(
            &self.match_path(&meta.id)?,
            &MatchFile {
                meta: meta.clone(),
                record: record.clone(),
                review: None,
                luck: luck.map(|l| l.analysis.clone()),
            },
            MATCH,
        )?;
        let counted = self.edit_profiles(|p| {
            let Some(profile) = p.profiles.iter_mut().find(|q| q.id == current.profile_id) else {
                return Ok((None, false));
            };
            if !current.rated {
                profile.stats.count(&outcome);
                return Ok((None, true));
            }
            let mut change = profile.stats.record(&outcome, self.rating_of);
            for (o, m) in change.opponents.iter_mut().zip(&meta.opponents) {
                o.seat = m.seat;
            }
            Ok((Some(change), true))
        });
        let change = match counted {
            Ok(c) => c,
            Err(StorageError::Newer { .. }) => None,
            Err(e) => return Err(e),
        };
        match self.clear_current() {
            Ok(()) | Err(StorageError::Newer { .. }) => Ok((meta, change)),
            Err(e) => Err(e),
        }
    }
}
