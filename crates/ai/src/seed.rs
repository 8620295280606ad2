//! The one seed mixer: how every AI seed is derived from another (the arena's per game and
//! per decision, the review's per decision, the app's per seat, position and hint).
//!
//! Both shapes are SplitMix64's finaliser (Stafford's "Mix13"), which sends distinct inputs
//! to unrelated outputs; they differ only in how the input is formed, and each is kept as it
//! was first written because saved data depends on its exact stream: [`splitmix`] (one
//! value: the arena, and so the review, whose seeds must equal the arena's; the arena
//! summaries in `crates/ai/arenas/` were played with it) and [`mix`] (a seed and a salt: the
//! app, whose fixtures and autosaves hold its seeds).
//!
//! The review's seeds are the arena's, so it reproduces an arena AI's searches. An app game's
//! AI decisions are seeded `mix(mix(seed, seat + 1), log length << 8 | moves of the
//! unfinished entry)`, all of it known from the game's record, so a review could reproduce
//! them with [`mix`] too; it would need that per-position seed in place of its
//! `decision_seed`, and the seat's iterations.

/// SplitMix64's increment, the golden ratio in 64 bits.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a bijection of 64-bit values that scatters nearby inputs.
fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed from one value: the first output of SplitMix64 started at `z` (its state
/// advanced by the golden ratio, then finalised). Distinct inputs give unrelated seeds. The
/// arena's seeds per game and per decision, and so the review's
/// ([`crate::review::decision_seed`]).
pub fn splitmix(z: u64) -> u64 {
    finalise(z.wrapping_add(GAMMA))
}

/// A seed from another seed and a salt: the salt times the golden ratio xored into the
/// seed, then finalised. The app's seeds: each seat's AI seed from the game's seed (salt:
/// the seat plus 1), each decision's from its seat's (salt: the position), a hint's from
/// the decision's.
pub fn mix(seed: u64, salt: u64) -> u64 {
    finalise(seed ^ salt.wrapping_mul(GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Saved games, fixtures and arena summaries depend on these exact streams.
    #[test]
    fn the_streams_are_pinned() {
        // SplitMix64's well-known first output for the state 0.
        assert_eq!(splitmix(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix(1), 0x910a_2dec_8902_5cc1);
        assert_eq!(splitmix(12345), 0x2211_8258_a9d1_11a0);
        assert_eq!(splitmix(u64::MAX), 0xe4d9_7177_1b65_2c20);
        assert_eq!(mix(0, 0), 0);
        assert_eq!(mix(7, 1), 0xf75f_04cb_b5a1_a1dd);
        assert_eq!(mix((1 << 53) - 1, 0x4849_4e54), 0xac55_4e99_ccb4_fa13);
        assert_eq!(mix(42, (3 << 8) | 1), 0x8a07_a67a_bb23_43cb);
    }
}
