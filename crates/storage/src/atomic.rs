//! Crash-safe file handling: atomic replacement and setting corrupt files aside.

use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::time;

/// The marker in the names of temporary files; files containing it are never read as data.
pub(crate) const TMP_MARK: &str = ".tmp-";

/// Writes `bytes` to `path` so that a reader sees either the old file or the new one whole:
/// a temporary file in the same folder is written and flushed to disk, then renamed over
/// `path`, and the folder itself is flushed so that the rename survives a power cut.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(
        "{name}{TMP_MARK}{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        sync_dir(dir);
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Flushes a folder's entries to disk where the platform allows it (not on Windows, where
/// renames are durable on their own and folders cannot be opened as files).
fn sync_dir(dir: &Path) {
    if cfg!(unix)
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}

/// A free name for setting `path` aside: `<name>.corrupt-<timestamp>` (with `-2`, `-3`… if
/// that exists).
fn aside_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stamp = time::compact(time::now_secs());
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut target = dir.join(format!("{name}.corrupt-{stamp}"));
    let mut n = 2;
    while target.exists() {
        target = dir.join(format!("{name}.corrupt-{stamp}-{n}"));
        n += 1;
    }
    target
}

/// Moves `path` aside to `<name>.corrupt-<timestamp>` (with `-2`, `-3`… if that exists) and
/// returns the new path.
pub(crate) fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let target = aside_name(path);
    fs::rename(path, &target)?;
    sync_dir(path.parent().unwrap_or(Path::new(".")));
    Ok(target)
}

/// Copies `path` aside to `<name>.corrupt-<timestamp>` (as [`set_aside`] names it), leaving
/// it in place, and returns the copy's path.
pub(crate) fn copy_aside(path: &Path) -> std::io::Result<PathBuf> {
    let bytes = fs::read(path)?;
    let target = aside_name(path);
    write_atomic(&target, &bytes)?;
    Ok(target)
}

/// Removes the temporary files that killed writers left in `dir`. Only called with the data
/// folder's lock held, so no other writer can be at work: every temporary file is stale. The
/// data files they were meant to replace are intact, because the rename never happened.
pub(crate) fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let is_file = e.file_type().is_ok_and(|t| t.is_file());
        if is_file && e.file_name().to_string_lossy().contains(TMP_MARK) {
            let _ = fs::remove_file(e.path());
        }
    }
}
