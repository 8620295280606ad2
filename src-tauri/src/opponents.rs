//! The AI opponents of a set-up, checked in one place: `game_new`'s and the one remembered in
//! the settings (`settings_set`) are refused for the same reasons ([`OpponentError`]), each
//! with its own code (`game/bad_setup`, `settings/invalid`).

use carcassonne_ai::{PlayerSpec, strength};

use crate::api::SetupOpponent;

/// Why the opponents of a set-up are refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpponentError {
    /// Not 1 to 5 opponents (their number).
    Count(usize),
    /// An opponent (1-based) that is not exactly one of `level` and `rating`.
    Shape(usize),
    /// A level name that is neither a level nor a spec on the strength curve.
    Unknown(String),
}

/// The players a set-up's AI opponents play as, in seat order: 1 to 5 opponents, each its level
/// or spec (which must be on the strength curve, e.g. `hard`, `hard@1732`, `easy~0.65`), or
/// the curve's opponent of its rating ([`strength::opponent_for`]). A person (`profile`) is
/// refused here: where people may sit, use [`seat_specs`].
///
/// # Errors
/// [`OpponentError`], for the first opponent refused.
pub fn opponent_specs(opponents: &[SetupOpponent]) -> Result<Vec<PlayerSpec>, OpponentError> {
    seat_specs(opponents)?
        .into_iter()
        .enumerate()
        .map(|(i, s)| s.ok_or(OpponentError::Shape(i + 1)))
        .collect()
}

/// [`opponent_specs`] where people may sit too (pass and play): `None` for a person's seat
/// (`{profile}`), whose profile the caller looks up.
///
/// # Errors
/// [`OpponentError`], for the first opponent refused.
pub fn seat_specs(opponents: &[SetupOpponent]) -> Result<Vec<Option<PlayerSpec>>, OpponentError> {
    if !(1..=5).contains(&opponents.len()) {
        return Err(OpponentError::Count(opponents.len()));
    }
    opponents
        .iter()
        .enumerate()
        .map(|(i, o)| opponent_spec(o, i + 1))
        .collect()
}

/// The player opponent `n` (1-based) of a set-up plays as (`None`: a person).
fn opponent_spec(o: &SetupOpponent, n: usize) -> Result<Option<PlayerSpec>, OpponentError> {
    match (&o.level, o.rating, &o.profile) {
        (Some(name), None, None) => name
            .parse::<PlayerSpec>()
            .ok()
            .filter(|spec| strength::rating_of(spec).is_some())
            .map(Some)
            .ok_or_else(|| OpponentError::Unknown(name.clone())),
        (None, Some(r), None) if r.is_finite() => Ok(Some(strength::opponent_for(r))),
        (None, None, Some(_)) => Ok(None),
        _ => Err(OpponentError::Shape(n)),
    }
}
