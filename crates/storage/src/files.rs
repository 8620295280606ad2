//! The versioned file machinery: every data file is read with its size checked first and its
//! schema checked before its content, and written atomically with its schema; an unusable
//! file is set aside and every problem recorded.

use std::fs::{self, File};
use std::io::Read;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::atomic;
use crate::error::{Problem, StorageError, io_err};
use crate::limits::{
    MAX_CURRENT_BYTES, MAX_MATCH_BYTES, MAX_PROFILES_BYTES, MAX_SETTINGS_BYTES, MAX_TRAINING_BYTES,
    PROFILES_SCHEMA, SCHEMA, TABLE_SCHEMA,
};
use crate::store::{Storage, lock};

/// A file's envelope, as written: the schema version around the content. (Files are read
/// without it: the schema is checked first, then the content parsed, ignoring `schema`.)
#[derive(Serialize)]
struct Versioned<T> {
    schema: u32,
    #[serde(flatten)]
    data: T,
}

/// Just the schema of a file (every other field skipped).
#[derive(Deserialize)]
pub(crate) struct Header {
    pub(crate) schema: Option<serde_json::Value>,
}

/// A kind of file: the largest size read and the newest schema this version reads.
#[derive(Clone, Copy)]
pub(crate) struct Kind {
    pub(crate) limit: u64,
    pub(crate) max_schema: u32,
}

/// `profiles.json`.
pub(crate) const PROFILES: Kind = Kind {
    limit: MAX_PROFILES_BYTES,
    max_schema: PROFILES_SCHEMA,
};
/// `matches/<id>.json`.
pub(crate) const MATCH: Kind = Kind {
    limit: MAX_MATCH_BYTES,
    max_schema: TABLE_SCHEMA,
};
/// `current.json`.
pub(crate) const CURRENT: Kind = Kind {
    limit: MAX_CURRENT_BYTES,
    max_schema: TABLE_SCHEMA,
};
/// `training/<profile id>.json`.
pub(crate) const TRAINING: Kind = Kind {
    limit: MAX_TRAINING_BYTES,
    max_schema: SCHEMA,
};
/// The largest `puzzles/<profile id>.json` read, in bytes (2 MiB; an attempt at a puzzle is
/// about 200 bytes, so the [`MAX_PUZZLE_ATTEMPTS`](crate::MAX_PUZZLE_ATTEMPTS) kept are
/// about 1 MB).
pub const MAX_PUZZLES_BYTES: u64 = 2 << 20;
/// The folder of the puzzle files, in the data folder.
pub(crate) const PUZZLES_DIR: &str = "puzzles";
/// `puzzles/<profile id>.json`.
pub(crate) const PUZZLES: Kind = Kind {
    limit: MAX_PUZZLES_BYTES,
    max_schema: SCHEMA,
};
/// `settings.json`.
pub(crate) const SETTINGS: Kind = Kind {
    limit: MAX_SETTINGS_BYTES,
    max_schema: SCHEMA,
};

/// Why a file could not be read.
pub(crate) enum Fault {
    /// There is no file.
    Missing,
    /// It is unusable: set it aside.
    Bad(String),
    /// It has a newer schema: leave it alone.
    Newer(u64),
}

/// What kind of non-regular file `t` is, in words.
fn kind_of(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() {
        "a folder"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// Reads the file at `path` (following links), checking its type and size first so that a
/// folder, a pipe or a huge file is never opened or read whole; at most `limit` bytes are
/// read even if the file grows meanwhile.
pub(crate) fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, Fault> {
    let too_large = |n: u64| {
        Fault::Bad(format!(
            "too large: {n} bytes or more, the limit is {limit}"
        ))
    };
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(match fs::symlink_metadata(path) {
                Ok(_) => Fault::Bad("a symbolic link to nothing".into()),
                Err(_) => Fault::Missing,
            });
        }
        Err(e) => return Err(Fault::Bad(format!("cannot be read: {e}"))),
    };
    if !meta.is_file() {
        return Err(Fault::Bad(format!(
            "{}, not a regular file",
            kind_of(meta.file_type())
        )));
    }
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Fault::Missing),
        Err(e) => return Err(Fault::Bad(format!("cannot be read: {e}"))),
    };
    let mut bytes = Vec::with_capacity(meta.len() as usize + 1);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Fault::Bad(format!("cannot be read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Checks a file's `schema`: 1 to `max` is read, a greater whole number is a newer version's
/// file, anything else (missing, 0, not a whole number) is corrupt.
fn check_schema(bytes: &[u8], max: u32) -> Result<(), Fault> {
    let header: Header = serde_json::from_slice(bytes).map_err(|e| {
        Fault::Bad(if e.is_data() {
            format!("not a JSON object: {e}")
        } else {
            format!("not JSON: {e}")
        })
    })?;
    let whole = |found: String| Fault::Bad(format!("schema must be a whole number, found {found}"));
    match header.schema {
        None => Err(Fault::Bad("no schema version".into())),
        Some(serde_json::Value::Number(n)) => match n.as_u64() {
            Some(s) if (1..=u64::from(max)).contains(&s) => Ok(()),
            Some(s) if s > u64::from(max) => Err(Fault::Newer(s)),
            Some(s) => Err(Fault::Bad(format!(
                "schema {s}, which no version of the app wrote (this one reads 1 to {max})"
            ))),
            None => Err(whole(n.to_string())),
        },
        Some(serde_json::Value::String(s)) => Err(whole(format!("the string {s:?}"))),
        Some(other) => Err(whole(other.to_string())),
    }
}

/// Reads, checks and parses a versioned JSON file.
fn parse_file<T: DeserializeOwned>(path: &Path, kind: Kind) -> Result<T, Fault> {
    let bytes = read_bytes(path, kind.limit)?;
    check_schema(&bytes, kind.max_schema)?;
    serde_json::from_slice(&bytes).map_err(|e| Fault::Bad(format!("unexpected content: {e}")))
}

impl Storage {
    pub(crate) fn writable(&self) -> Result<(), StorageError> {
        if self.is_read_only() {
            Err(StorageError::ReadOnly)
        } else {
            Ok(())
        }
    }

    pub(crate) fn rel(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Records a problem (once: a problem met again, e.g. at every listing, is not repeated).
    pub(crate) fn report(&self, problem: Problem) {
        let mut p = lock(&self.problems);
        if !p.contains(&problem) {
            p.push(problem);
        }
    }

    /// Moves an unusable file aside (unless read-only) and records the problem; a file that
    /// cannot be moved is reported where it is.
    pub(crate) fn set_aside(&self, path: &Path, mut reason: String) -> Problem {
        let moved_to = if self.is_read_only() {
            None
        } else {
            match atomic::set_aside(path) {
                Ok(to) => Some(self.rel(&to)),
                Err(e) => {
                    reason = format!("{reason}; it could not be moved aside: {e}");
                    None
                }
            }
        };
        let problem = Problem {
            file: self.rel(path),
            moved_to,
            reason,
        };
        self.report(problem.clone());
        problem
    }

    pub(crate) fn corrupt(&self, path: &Path, reason: String) -> StorageError {
        StorageError::Corrupt(self.set_aside(path, reason))
    }

    fn newer(&self, path: &Path, schema: u64, kind: Kind) -> StorageError {
        let max = kind.max_schema;
        self.report(Problem {
            file: self.rel(path),
            moved_to: None,
            reason: format!(
                "written by a newer version of the app (schema {schema}; this version reads \
                 schema {max} at most), so it is kept as it is and not changed"
            ),
        });
        StorageError::Newer {
            file: self.rel(path),
            schema,
        }
    }

    /// Reads a versioned JSON file: `Ok(None)` if it does not exist. Every failure is
    /// recorded in [`Storage::problems`]: a corrupt file is set aside, a newer one left alone.
    pub(crate) fn read<T: DeserializeOwned>(
        &self,
        path: &Path,
        kind: Kind,
    ) -> Result<Option<T>, StorageError> {
        match parse_file(path, kind) {
            Ok(v) => Ok(Some(v)),
            Err(Fault::Missing) => Ok(None),
            Err(Fault::Bad(reason)) => Err(self.corrupt(path, reason)),
            Err(Fault::Newer(schema)) => Err(self.newer(path, schema, kind)),
        }
    }

    /// Refuses to replace or remove a file written by a newer version of the app.
    pub(crate) fn refuse_newer(&self, path: &Path, kind: Kind) -> Result<(), StorageError> {
        match read_bytes(path, kind.limit).and_then(|b| check_schema(&b, kind.max_schema)) {
            Err(Fault::Newer(schema)) => Err(self.newer(path, schema, kind)),
            _ => Ok(()),
        }
    }

    /// Writes `data` as schema [`SCHEMA`].
    pub(crate) fn write<T: Serialize>(
        &self,
        path: &Path,
        data: &T,
        kind: Kind,
    ) -> Result<(), StorageError> {
        self.write_as(path, data, kind, SCHEMA)
    }

    /// Writes `data` as schema `schema` (at most `kind.max_schema`), atomically, unless the
    /// file there was written by a newer version.
    pub(crate) fn write_as<T: Serialize>(
        &self,
        path: &Path,
        data: &T,
        kind: Kind,
        schema: u32,
    ) -> Result<(), StorageError> {
        let limit = kind.limit;
        self.writable()?;
        self.refuse_newer(path, kind)?;
        let json =
            serde_json::to_vec_pretty(&Versioned { schema, data }).map_err(|e| io_err(path, e))?;
        if json.len() as u64 > limit {
            return Err(io_err(
                path,
                format!(
                    "{} bytes would be more than the limit of {limit}, so it is not written",
                    json.len()
                ),
            ));
        }
        atomic::write_atomic(path, &json).map_err(|e| io_err(path, e))
    }
}
