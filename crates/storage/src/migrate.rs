//! The migration of `profiles.json` from schema 1 (ratings against fixed level ratings) to
//! schema 2 (ratings on the measured strength curve): "Migration" in the crate docs.

use crate::error::Problem;
use crate::files::MATCH;
use crate::history::MatchFile;
use crate::limits::{MATCH_SCHEMA, SCHEMA};
use crate::profile::{GameOutcome, Profiles, Rating};
use crate::store::{Storage, lock};

/// The final scores of the people other than `seat` in match `m` (pass and play).
pub(crate) fn people_scores(m: &crate::MatchMeta, seat: usize) -> Vec<u32> {
    m.players
        .iter()
        .enumerate()
        .filter(|&(s, q)| s != seat && q.kind == carcassonne_engine::PlayerKind::Human)
        .map(|(_, q)| q.score)
        .collect()
}

impl Storage {
    /// The migration of `profiles.json` from schema 1: every profile's Elo is recomputed
    /// from its stored finished matches (not imported ones), oldest first, from
    /// [`START_RATING`](crate::profile::START_RATING), with the opponents' ratings of today (the
    /// lookup the folder was opened with: [`level_rating`](crate::profile::level_rating)); `rating.games` and every other statistic are kept. A
    /// profile without stored matches keeps its rating. Each match's `ratingAfter` is
    /// rewritten with the recomputed value (atomically, one file at a time; a match file that
    /// cannot be rewritten keeps its old value, reported in the problems). The match files
    /// are written before `profiles.json`, so an interrupted migration runs again whole.
    pub(crate) fn migrate_ratings(&self, p: &mut Profiles) {
        let Ok(mut all) = self.list_matches() else {
            return;
        };
        all.retain(|m| !m.imported && m.profile_id.is_some());
        all.sort_by(|a, b| {
            (a.date.as_str(), a.started_at.as_str(), a.id.as_str()).cmp(&(
                b.date.as_str(),
                b.started_at.as_str(),
                b.id.as_str(),
            ))
        });
        for profile in &mut p.profiles {
            let mut rating = Rating::default();
            let mut counted = false;
            for m in all
                .iter()
                .filter(|m| m.profile_id.as_deref() == Some(profile.id.as_str()) && m.rated)
            {
                let Some(human) = m.person() else {
                    continue;
                };
                let Some(&score) = m.scores.get(human) else {
                    continue;
                };
                let outcome = GameOutcome {
                    score,
                    opponents: m
                        .opponents
                        .iter()
                        .map(|o| (o.level.clone(), m.scores.get(o.seat).copied().unwrap_or(0)))
                        .collect(),
                    resigned: m.resigned,
                    luck: m.luck,
                    people: people_scores(m, human),
                };
                rating.update(&outcome, self.rating_of);
                counted = true;
                if m.rating_after != Some(rating.elo) && !self.is_read_only() {
                    self.set_rating_after(&m.id, rating.elo);
                }
            }
            if counted {
                profile.stats.rating.elo = rating.elo;
            }
        }
    }

    /// Rewrites match `id`'s `ratingAfter` (keeping its schema and review); a failure is
    /// reported in the problems.
    fn set_rating_after(&self, id: &str, elo: f64) {
        let Ok(path) = self.match_path(id) else {
            return;
        };
        let _guard = lock(&self.matches_lock);
        let Ok(Some(mut m)) = self.read::<MatchFile>(&path, MATCH) else {
            return;
        };
        m.meta.rating_after = Some(elo);
        let schema = m.schema(if m.review.is_some() {
            MATCH_SCHEMA
        } else {
            SCHEMA
        });
        if let Err(e) = self.write_as(&path, &m, MATCH, schema) {
            self.report(Problem {
                file: self.rel(&path),
                moved_to: None,
                reason: format!("its ratingAfter could not be updated: {e}"),
            });
        }
    }
}
