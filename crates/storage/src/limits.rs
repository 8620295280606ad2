//! The files' schema versions and size limits.

/// The schema version written into every file but a reviewed match file and
/// `profiles.json`.
pub const SCHEMA: u32 = 1;
/// The schema version of `profiles.json`: 2 since the ratings are on the measured strength
/// curve. A file of schema 1 still reads: its ratings are recomputed from the stored matches
/// ([`Storage::profiles`], "Migration" in the module documentation) and it is written back
/// as schema 2.
pub const PROFILES_SCHEMA: u32 = 2;
/// The schema version of a match file that carries a review ([`MatchFile::review`]). Match
/// files of schema 1 (without a review) still read; a match file without a review is still
/// written as schema 1, so older versions of the app keep listing it.
pub const MATCH_SCHEMA: u32 = 2;
/// The schema version of the files of a game of several people at one device (pass and
/// play): its autosave (`current.json` with other people's seats) and each person's match
/// file (which names the seat it was played from, [`MatchMeta::seat`](crate::MatchMeta)).
/// Older versions of the app read only schemas 1 and 2, so they leave these alone (as a
/// newer version's) instead of taking the other people's seats for AIs.
pub const TABLE_SCHEMA: u32 = 3;

/// The largest record accepted by [`Storage::import_record`], in bytes: the engine's
/// [`carcassonne_engine::MAX_RECORD_BYTES`] (1 MiB; a finished game's record is 10 to 40 KB).
pub const MAX_RECORD_BYTES: u64 = carcassonne_engine::MAX_RECORD_BYTES as u64;
/// The largest match file read, in bytes (2 MiB: a record of [`MAX_RECORD_BYTES`] and its
/// metadata, pretty-printed; a real match file is 20 to 80 KB).
pub const MAX_MATCH_BYTES: u64 = 2 << 20;
/// The largest `current.json` read, in bytes (2 MiB, as a match file: a record and a few
/// pending moves).
pub const MAX_CURRENT_BYTES: u64 = 2 << 20;
/// The largest `profiles.json` read, in bytes (4 MiB; a profile with its statistics is about
/// 1 KB).
pub const MAX_PROFILES_BYTES: u64 = 4 << 20;
/// The largest `settings.json` read, in bytes (64 KiB; the file is under 1 KB).
pub const MAX_SETTINGS_BYTES: u64 = 64 << 10;

/// The largest `training/<profile id>.json` read, in bytes (1 MiB; a mistake to practise is
/// about 250 bytes, so some 4,000 of them).
pub const MAX_TRAINING_BYTES: u64 = 1 << 20;

/// How many numbered names an export tries before giving up
/// ([`Storage::export_new`](crate::Storage::export_new)).
pub const EXPORT_NAMES: u32 = 1000;
