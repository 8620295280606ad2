//! A deal anyone can verify: the fingerprint the app shows before the first tile (a SHA-256
//! commitment to the seed, with a salt), and the check that a record's tiles are the pile
//! its seed deals.
//!
//! The fingerprint is the SHA-256 of the text `carcassonne-deal/1 <salt> <seed>` (the salt
//! as 32 lowercase hex digits, the seed in decimal, one space between, no newline), written
//! as 64 lowercase hex digits, so it can be recomputed without this program:
//! `printf 'carcassonne-deal/1 %s %s' SALT SEED | sha256sum`. The salt keeps the seed from
//! being found from the fingerprint by trying seeds; it is revealed with the seed when the
//! game ends.

use sha2::{Digest, Sha256};
use thiserror::Error;

use super::error::{RecordError, err, quote};
use super::format::Record;
use crate::game::Game;
use crate::tile::{TileType, tables};

/// The version tag hashed with the salt and the seed.
pub const DEAL_FORMAT: &str = "carcassonne-deal/1";

/// Hex digits of a salt (128 bits).
pub const SALT_DIGITS: usize = 32;

/// Why a deal does not verify.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DealError {
    /// The salt is not 32 lowercase hex digits.
    #[error("a salt is 32 lowercase hex digits, found {0:?}")]
    BadSalt(String),
    /// A fingerprint is not 64 hex digits.
    #[error("a fingerprint is 64 hex digits, found {0:?}")]
    BadFingerprint(String),
    /// The record says nothing of its seed.
    #[error("the record carries no seed, so its deal cannot be checked")]
    NoSeed,
    /// The record itself is malformed.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The fingerprint of the seed and salt is not the one given.
    #[error("the fingerprint of seed {seed} with this salt is {computed}, not the {given} given")]
    Fingerprint {
        /// The record's seed.
        seed: u64,
        /// The fingerprint they make.
        computed: String,
        /// The one given.
        given: String,
    },
    /// A drawn tile is not the one the seed deals there.
    #[error("draw {draw} (turn {turn}) is tile {found}, but seed {seed} deals tile {dealt} there")]
    Differs {
        /// The seed.
        seed: u64,
        /// The draw, 1-based.
        draw: usize,
        /// The record's turn entry, 1-based.
        turn: usize,
        /// The tile the record draws.
        found: String,
        /// The tile the seed deals.
        dealt: String,
    },
    /// The record draws more tiles than the seed's pile holds.
    #[error("the record draws {drawn} tiles, but seed {seed} deals only {pile}")]
    TooMany {
        /// The seed.
        seed: u64,
        /// Tiles the record draws.
        drawn: usize,
        /// Tiles the seed's pile holds.
        pile: usize,
    },
    /// A finished record stops before the seed's pile is used up.
    #[error("the game ended after {drawn} draws, but seed {seed} deals {pile} tiles")]
    Short {
        /// The seed.
        seed: u64,
        /// Tiles the record draws.
        drawn: usize,
        /// Tiles the seed's pile holds.
        pile: usize,
    },
}

/// A record whose tiles are its seed's deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealCheck {
    /// The seed.
    pub seed: u64,
    /// Tiles the record draws (placed or discarded), each the one the seed deals there.
    pub drawn: usize,
    /// Tiles in the seed's pile.
    pub pile: usize,
}

/// Checks that `salt` is 32 lowercase hex digits.
///
/// # Errors
/// [`DealError::BadSalt`].
pub fn check_salt(salt: &str) -> Result<(), DealError> {
    if salt.len() == SALT_DIGITS && salt.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(())
    } else {
        Err(DealError::BadSalt(salt.chars().take(40).collect()))
    }
}

/// The fingerprint of the deal of `seed` under `salt` (see the module documentation).
///
/// # Errors
/// [`DealError::BadSalt`].
pub fn deal_fingerprint(seed: u64, salt: &str) -> Result<String, DealError> {
    check_salt(salt)?;
    let digest = Sha256::digest(format!("{DEAL_FORMAT} {salt} {seed}").as_bytes());
    Ok(digest.iter().map(|b| format!("{b:02x}")).collect())
}

/// Checks that `fingerprint` (64 hex digits, either case) is the fingerprint of `seed` under
/// `salt`, and returns it as [`deal_fingerprint`] writes it.
///
/// # Errors
/// [`DealError::BadSalt`], [`DealError::BadFingerprint`] or [`DealError::Fingerprint`].
pub fn verify_fingerprint(seed: u64, salt: &str, fingerprint: &str) -> Result<String, DealError> {
    let given = fingerprint.trim().to_ascii_lowercase();
    if given.len() != 64 || !given.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(DealError::BadFingerprint(
            fingerprint.chars().take(80).collect(),
        ));
    }
    let computed = deal_fingerprint(seed, salt)?;
    if computed == given {
        Ok(computed)
    } else {
        Err(DealError::Fingerprint {
            seed,
            computed,
            given,
        })
    }
}

impl Record {
    /// Checks that the record's tiles (placed or discarded, in turn order) are the pile its
    /// seed deals, from the first draw: all of it for a finished record, its beginning for a
    /// game in progress. Only the deal is checked; [`Record::replay`] checks the moves.
    ///
    /// # Errors
    /// [`DealError::NoSeed`], [`DealError::Record`] for an unknown expansion, player count or
    /// tile, else the first way the tiles differ from the deal.
    pub fn check_deal(&self) -> Result<DealCheck, DealError> {
        let seed = self.seed.ok_or(DealError::NoSeed)?;
        let setup = self.setup()?;
        let dealt: Vec<TileType> = match Game::new(&setup) {
            Ok(game) => game.dealt_order(),
            Err(e) => return err(0, e.to_string()).map_err(Into::into),
        };
        // Every draw, placed or discarded, with its 1-based turn entry.
        let draws: Vec<(usize, &String)> = self
            .turns
            .iter()
            .enumerate()
            .filter_map(|(i, t)| {
                t.tile
                    .as_ref()
                    .or(t.discarded.as_ref())
                    .map(|id| (i + 1, id))
            })
            .collect();
        let drawn = draws.len();
        if drawn > dealt.len() {
            return Err(DealError::TooMany {
                seed,
                drawn,
                pile: dealt.len(),
            });
        }
        let tables = tables();
        for (n, (&(turn, id), &expected)) in draws.iter().zip(&dealt).enumerate() {
            let Some(tile) = tables.by_id(id) else {
                return err(turn, format!("unknown tile {}", quote(id))).map_err(Into::into);
            };
            if tile != expected {
                return Err(DealError::Differs {
                    seed,
                    draw: n + 1,
                    turn,
                    found: id.clone(),
                    dealt: tables.types[expected as usize].id.to_string(),
                });
            }
        }
        if self.end && drawn < dealt.len() {
            return Err(DealError::Short {
                seed,
                drawn,
                pile: dealt.len(),
            });
        }
        Ok(DealCheck {
            seed,
            drawn,
            pile: dealt.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;
    use crate::record::{PlayerKind, RecordPlayer};

    const SALT: &str = "00112233445566778899aabbccddeeff";

    #[test]
    fn the_fingerprint_is_the_sha256_of_the_documented_text() {
        // `printf 'carcassonne-deal/1 00112233445566778899aabbccddeeff 42' | sha256sum`
        assert_eq!(
            deal_fingerprint(42, SALT).unwrap(),
            "e21928948cff5a81297e321a76458e7ca18019648cfc5e6d15194736879beb80"
        );
        assert_ne!(
            deal_fingerprint(43, SALT).unwrap(),
            deal_fingerprint(42, SALT).unwrap()
        );
        let other = "10112233445566778899aabbccddeeff";
        assert_ne!(
            deal_fingerprint(42, other).unwrap(),
            deal_fingerprint(42, SALT).unwrap()
        );
    }

    #[test]
    fn a_salt_and_a_fingerprint_are_checked_for_shape() {
        for bad in [
            "",
            "00",
            &SALT.to_uppercase(),
            &format!("{SALT}0"),
            "g0112233445566778899aabbccddeeff",
        ] {
            assert!(
                matches!(deal_fingerprint(1, bad), Err(DealError::BadSalt(_))),
                "{bad}"
            );
        }
        let good = deal_fingerprint(7, SALT).unwrap();
        verify_fingerprint(7, SALT, &good).unwrap();
        verify_fingerprint(7, SALT, &good.to_uppercase()).unwrap();
        assert!(matches!(
            verify_fingerprint(8, SALT, &good),
            Err(DealError::Fingerprint { seed: 8, .. })
        ));
        assert!(matches!(
            verify_fingerprint(7, SALT, &good[..63]),
            Err(DealError::BadFingerprint(_))
        ));
    }

    fn finished(seed: u64) -> Record {
        let setup = Setup {
            players: 2,
            abbey_mayor: true,
            seed,
        };
        let mut game = Game::new(&setup).unwrap();
        while !game.is_over() {
            let mv = game.legal_moves()[0];
            game.play(mv).unwrap();
        }
        let player = |name: &str| RecordPlayer {
            name: name.into(),
            kind: PlayerKind::Ai,
            level: None,
        };
        Record::from_game(&game, vec![player("A"), player("B")])
    }

    #[test]
    fn a_dealt_game_checks_and_a_changed_seed_or_tile_does_not() {
        let record = finished(11);
        let check = record.check_deal().unwrap();
        assert_eq!(check.seed, 11);
        assert_eq!(check.drawn, check.pile);
        assert!(check.pile >= 83, "{check:?}");

        let mut other = record.clone();
        other.seed = Some(12);
        assert!(matches!(
            other.check_deal(),
            Err(DealError::Differs {
                seed: 12,
                draw: 1,
                ..
            })
        ));

        let mut none = record.clone();
        none.seed = None;
        assert_eq!(none.check_deal(), Err(DealError::NoSeed));

        // Two draws swapped: the first of them is named.
        let mut swapped = record.clone();
        let draws: Vec<usize> = (0..swapped.turns.len())
            .filter(|&i| swapped.turns[i].tile.is_some())
            .collect();
        let (a, b) = draws
            .windows(2)
            .map(|w| (w[0], w[1]))
            .find(|&(a, b)| swapped.turns[a].tile != swapped.turns[b].tile)
            .unwrap();
        let (ta, tb) = (swapped.turns[a].tile.clone(), swapped.turns[b].tile.clone());
        swapped.turns[a].tile = tb;
        swapped.turns[b].tile = ta;
        match swapped.check_deal() {
            Err(DealError::Differs { turn, .. }) => assert_eq!(turn, a + 1),
            other => panic!("{other:?}"),
        }

        // A game in progress checks its beginning; a finished one must use the whole pile.
        let mut begun = record.clone();
        begun.turns.truncate(10);
        begun.end = false;
        let check = begun.check_deal().unwrap();
        assert!(check.drawn <= 10 && check.drawn > 0);
        begun.end = true;
        assert!(matches!(begun.check_deal(), Err(DealError::Short { .. })));
    }
}
