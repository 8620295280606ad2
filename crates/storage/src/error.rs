//! Why a storage operation failed, and the problems met with files.

use std::path::Path;

use carcassonne_engine::{Message, Params, RecordError};
use serde::Serialize;
use thiserror::Error;

use crate::limits::{EXPORT_NAMES, MAX_RECORD_BYTES};

/// A file that could not be used: corrupt, unreadable, written by a newer version, or with a
/// name or id the history does not trust.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// The file, relative to the data folder.
    pub file: String,
    /// Where it was moved, relative to the data folder; `None` (JSON `null`) when it was left
    /// in place (a newer version's file, a folder opened read-only, a file that could not be
    /// moved, or a problem that needs no move).
    pub moved_to: Option<String>,
    /// What was wrong.
    pub reason: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.moved_to {
            Some(to) => write!(f, "{}: {}; it was moved to {to}", self.file, self.reason),
            None => write!(f, "{}: {}; it was left in place", self.file, self.reason),
        }
    }
}

/// Why a storage operation failed. Nothing was changed.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StorageError {
    /// No profile has this id.
    #[error("there is no profile \"{0}\"")]
    ProfileNotFound(String),
    /// A profile name must have 1 to 40 characters and no control characters.
    #[error("a profile name needs 1 to 40 characters and no control characters: \"{0}\"")]
    InvalidName(String),
    /// Another profile already has this name.
    #[error("a profile named \"{0}\" already exists")]
    DuplicateName(String),
    /// No match has this id.
    #[error("there is no match \"{0}\"")]
    MatchNotFound(String),
    /// A record that does not parse, replay, is not finished or is too large.
    #[error("the record is not valid: {0}")]
    InvalidRecord(RecordRefusal),
    /// A file could not be used; it was set aside if it could be (see the problem).
    #[error("{0}")]
    Corrupt(Problem),
    /// A file was written by a newer version of the app: it is left as it is and this
    /// version does not overwrite or remove it.
    #[error(
        "{file} was written by a newer version of the app (schema {schema}, newer than this \
         version reads); it is kept as it is and this version does not change it"
    )]
    Newer {
        /// The file, relative to the data folder.
        file: String,
        /// Its schema version.
        schema: u64,
    },
    /// Another running copy of the app holds the data folder's lock.
    #[error(
        "the data folder {0} is in use by another running copy of the app; close it and try \
         again"
    )]
    Locked(String),
    /// The folder was opened with [`Storage::open_read_only`]: nothing can be changed.
    #[error("the data folder was opened read-only, so nothing in it can be changed")]
    ReadOnly,
    /// Every export name of a match is taken in this folder
    /// ([`Storage::export_new`](crate::Storage::export_new)).
    #[error("{0}: {EXPORT_NAMES} exports of this match are there already")]
    ExportsFull(String),
    /// Reading or writing failed.
    #[error("{path}: {message}")]
    Io {
        /// The file or folder.
        path: String,
        /// The system's message.
        message: String,
    },
}

impl StorageError {
    /// The stable error code shown to the UI (see `src-tauri/API.md`).
    pub fn code(&self) -> &'static str {
        match self {
            StorageError::ProfileNotFound(_) => "profile/not_found",
            StorageError::InvalidName(_) => "profile/invalid_name",
            StorageError::DuplicateName(_) => "profile/duplicate_name",
            StorageError::MatchNotFound(_) => "match/not_found",
            StorageError::InvalidRecord(_) => "record/invalid",
            StorageError::Corrupt(_) => "storage/corrupt",
            StorageError::Newer { .. } => "storage/newer_version",
            StorageError::Locked(_) => "storage/locked",
            StorageError::ReadOnly => "storage/read_only",
            StorageError::ExportsFull(_) | StorageError::Io { .. } => "storage/io",
        }
    }
}

impl Message for StorageError {
    fn key(&self) -> &'static str {
        match self {
            StorageError::ProfileNotFound(_) => "profile.not_found",
            StorageError::InvalidName(_) => "profile.invalid_name",
            StorageError::DuplicateName(_) => "profile.duplicate_name",
            StorageError::MatchNotFound(_) => "match.not_found",
            StorageError::InvalidRecord(r) => r.key(),
            StorageError::Corrupt(p) if p.moved_to.is_some() => "storage.corrupt.moved",
            StorageError::Corrupt(_) => "storage.corrupt.kept",
            StorageError::Newer { .. } => "storage.newer_version",
            StorageError::Locked(_) => "storage.locked",
            StorageError::ReadOnly => "storage.read_only",
            StorageError::ExportsFull(_) => "storage.exports_full",
            StorageError::Io { .. } => "storage.io",
        }
    }

    /// `id` of a profile or match; `name` of a profile; `file` (relative to the data folder,
    /// or a path for I/O) and `movedTo` of a set-aside file; `schema` of a newer file;
    /// `folder` of a locked data folder; `folder` and `count` of an export folder full of
    /// exports of the match; a refused record's own parameters.
    fn params(&self) -> Params {
        match self {
            StorageError::ProfileNotFound(id) | StorageError::MatchNotFound(id) => {
                vec![("id", id.as_str().into())]
            }
            StorageError::InvalidName(name) | StorageError::DuplicateName(name) => {
                vec![("name", name.as_str().into())]
            }
            StorageError::InvalidRecord(r) => r.params(),
            StorageError::Corrupt(p) => {
                let mut out = vec![("file", p.file.as_str().into())];
                if let Some(to) = &p.moved_to {
                    out.push(("movedTo", to.as_str().into()));
                }
                out
            }
            StorageError::Newer { file, schema } => vec![
                ("file", file.as_str().into()),
                ("schema", i64::try_from(*schema).unwrap_or(i64::MAX).into()),
            ],
            StorageError::Locked(folder) => vec![("folder", folder.as_str().into())],
            StorageError::ExportsFull(folder) => vec![
                ("folder", folder.as_str().into()),
                ("count", i64::from(EXPORT_NAMES).into()),
            ],
            StorageError::ReadOnly => Vec::new(),
            StorageError::Io { path, .. } => vec![("file", path.as_str().into())],
        }
    }
}

impl StorageError {
    /// One error of every kind and reason, for checking that a front end words them all.
    pub fn examples() -> Vec<StorageError> {
        let problem = |moved_to: Option<&str>| Problem {
            file: "matches/g-1.json".into(),
            moved_to: moved_to.map(Into::into),
            reason: "it is not valid JSON".into(),
        };
        let mut all = vec![
            StorageError::ProfileNotFound("p-1".into()),
            StorageError::InvalidName("".into()),
            StorageError::DuplicateName("Ada".into()),
            StorageError::MatchNotFound("g-1".into()),
        ];
        all.extend(
            RecordRefusal::examples()
                .into_iter()
                .map(StorageError::InvalidRecord),
        );
        all.extend([
            StorageError::Corrupt(problem(Some("matches/g-1.json.corrupt"))),
            StorageError::Corrupt(problem(None)),
            StorageError::Newer {
                file: "settings.json".into(),
                schema: 9,
            },
            StorageError::Locked("/data".into()),
            StorageError::ReadOnly,
            StorageError::ExportsFull("/home/ada/Downloads".into()),
            StorageError::Io {
                path: "/home/ada/Downloads/carcassonne-g-1.json".into(),
                message: "permission denied".into(),
            },
            StorageError::Io {
                path: "/data/profiles.json".into(),
                message: "permission denied".into(),
            },
        ]);
        all
    }
}

/// Why [`Storage::import_record`] refused a record.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RecordRefusal {
    /// Longer than [`MAX_RECORD_BYTES`] (its length in bytes).
    #[error("{0} bytes, more than the limit of {MAX_RECORD_BYTES}")]
    TooLarge(usize),
    /// The record is not of a finished game.
    #[error("the game is not finished (no \"end\": true)")]
    NotFinished,
    /// It does not parse or replay.
    #[error(transparent)]
    Rejected(#[from] RecordError),
}

impl Message for RecordRefusal {
    fn key(&self) -> &'static str {
        match self {
            RecordRefusal::TooLarge(_) => "record.too_large",
            RecordRefusal::NotFinished => "record.not_finished",
            RecordRefusal::Rejected(e) => e.key(),
        }
    }

    /// `bytes` and `max` of a record too large; `turn` of one that does not parse or replay.
    fn params(&self) -> Params {
        match self {
            RecordRefusal::TooLarge(n) => vec![
                ("bytes", (*n).into()),
                (
                    "max",
                    i64::try_from(MAX_RECORD_BYTES).unwrap_or(i64::MAX).into(),
                ),
            ],
            RecordRefusal::NotFinished => Vec::new(),
            RecordRefusal::Rejected(e) => e.params(),
        }
    }
}

impl RecordRefusal {
    /// One refusal of every kind.
    pub fn examples() -> Vec<RecordRefusal> {
        vec![
            RecordRefusal::TooLarge(2 << 20),
            RecordRefusal::NotFinished,
            RecordRefusal::Rejected(RecordError {
                turn: 12,
                reason: "illegal placement".into(),
            }),
        ]
    }
}

pub(crate) fn io_err(path: &Path, e: impl std::fmt::Display) -> StorageError {
    StorageError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind of storage error is among the examples (the match is exhaustive: a new kind
    /// needs a number here and an example), and its key and code agree.
    #[test]
    fn every_storage_error_has_an_example_and_a_key() {
        let kind = |e: &StorageError| match e {
            StorageError::ProfileNotFound(_) => 0,
            StorageError::InvalidName(_) => 1,
            StorageError::DuplicateName(_) => 2,
            StorageError::MatchNotFound(_) => 3,
            StorageError::InvalidRecord(RecordRefusal::TooLarge(_)) => 4,
            StorageError::InvalidRecord(RecordRefusal::NotFinished) => 5,
            StorageError::InvalidRecord(RecordRefusal::Rejected(_)) => 6,
            StorageError::Corrupt(p) if p.moved_to.is_some() => 7,
            StorageError::Corrupt(_) => 8,
            StorageError::Newer { .. } => 9,
            StorageError::Locked(_) => 10,
            StorageError::ReadOnly => 11,
            StorageError::Io { .. } => 12,
            StorageError::ExportsFull(_) => 13,
        };
        let examples = StorageError::examples();
        let kinds: std::collections::BTreeSet<usize> = examples.iter().map(kind).collect();
        assert_eq!(kinds, (0..14).collect());
        let keys: std::collections::BTreeSet<&str> = examples.iter().map(Message::key).collect();
        assert_eq!(keys.len(), 14);
        for e in &examples {
            // `profile/not_found` and `profile.not_found`: the key begins with the code's area.
            let area = e.code().split('/').next().unwrap_or_default();
            assert!(
                e.key().starts_with(&format!("{area}.")),
                "{} {}",
                e.code(),
                e.key()
            );
        }
        let e = StorageError::InvalidRecord(RecordRefusal::TooLarge(2_000_000));
        assert_eq!(
            e.to_string(),
            "the record is not valid: 2000000 bytes, more than the limit of 1048576"
        );
        assert_eq!(
            e.params(),
            vec![("bytes", 2_000_000i64.into()), ("max", 1_048_576i64.into())]
        );
    }
}
