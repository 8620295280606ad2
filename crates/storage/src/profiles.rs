//! `profiles.json`: the profiles, their statistics and ratings, the active one. Every
//! read-modify-write is serialised; a file of schema 1 is migrated when first read.

use std::path::PathBuf;

use crate::error::{Problem, StorageError};
use crate::files::{Header, PROFILES, PUZZLES_DIR, read_bytes};
use crate::limits::PROFILES_SCHEMA;
use crate::profile::{self, Profile, Profiles, Stats};
use crate::store::{Storage, lock};
use crate::time;

impl Storage {
    fn profiles_path(&self) -> PathBuf {
        self.root.join("profiles.json")
    }

    /// The profiles. A corrupt `profiles.json` is set aside, and one written by a newer
    /// version left alone (see [`Storage::problems`]); either way the list is empty.
    ///
    /// # Errors
    /// None today; kept for I/O errors to come.
    pub fn profiles(&self) -> Result<Profiles, StorageError> {
        let _guard = lock(&self.profiles_lock);
        self.read_profiles()
    }

    /// [`Storage::profiles`], with `profiles_lock` held by the caller. A file of schema 1 is
    /// migrated ([`Storage::migrate_ratings`]) and, unless the folder is read-only, written
    /// back as schema [`PROFILES_SCHEMA`].
    pub(crate) fn read_profiles(&self) -> Result<Profiles, StorageError> {
        let path = self.profiles_path();
        let mut p: Profiles = match self.read(&path, PROFILES) {
            Ok(Some(p)) => p,
            Ok(None) => return Ok(Profiles::default()),
            Err(StorageError::Corrupt(_) | StorageError::Newer { .. }) => {
                return Ok(Profiles::default());
            }
            Err(e) => return Err(e),
        };
        let old = read_bytes(&path, PROFILES.limit)
            .ok()
            .and_then(|b| serde_json::from_slice::<Header>(&b).ok())
            .and_then(|h| h.schema)
            .and_then(|v| v.as_u64())
            .is_some_and(|v| v < u64::from(PROFILES_SCHEMA));
        if old {
            self.migrate_ratings(&mut p);
            if !self.is_read_only() {
                // A failure leaves the old file, migrated again at the next read.
                if let Err(e) = self.write_as(&path, &p, PROFILES, PROFILES_SCHEMA) {
                    self.report(Problem {
                        file: self.rel(&path),
                        moved_to: None,
                        reason: format!("its ratings could not be updated: {e}"),
                    });
                }
            }
        }
        Ok(p)
    }

    /// Reads the profiles, lets `change` edit them and writes them back, all under
    /// `profiles_lock`, so that no concurrent edit is lost. `change` returns its result and
    /// whether anything changed.
    pub(crate) fn edit_profiles<R>(
        &self,
        change: impl FnOnce(&mut Profiles) -> Result<(R, bool), StorageError>,
    ) -> Result<R, StorageError> {
        self.writable()?;
        let _guard = lock(&self.profiles_lock);
        // Refused before anything else, so that every edit says why.
        self.refuse_newer(&self.profiles_path(), PROFILES)?;
        let mut p = self.read_profiles()?;
        let (out, changed) = change(&mut p)?;
        if changed {
            self.write_as(&self.profiles_path(), &p, PROFILES, PROFILES_SCHEMA)?;
        }
        Ok(out)
    }

    /// The profile `id`.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`].
    pub fn profile(&self, id: &str) -> Result<Profile, StorageError> {
        self.profiles()?
            .profiles
            .into_iter()
            .find(|p| p.id == id)
            .ok_or_else(|| StorageError::ProfileNotFound(id.into()))
    }

    fn check_name(p: &Profiles, name: &str, except: Option<&str>) -> Result<String, StorageError> {
        let clean =
            profile::clean_name(name).ok_or_else(|| StorageError::InvalidName(name.into()))?;
        let lower = clean.to_lowercase();
        if p.profiles
            .iter()
            .any(|q| Some(q.id.as_str()) != except && q.name.to_lowercase() == lower)
        {
            return Err(StorageError::DuplicateName(clean));
        }
        Ok(clean)
    }

    /// Creates a profile and makes it the active one.
    ///
    /// # Errors
    /// [`StorageError::InvalidName`], [`StorageError::DuplicateName`],
    /// [`StorageError::Newer`] if `profiles.json` was written by a newer version,
    /// [`StorageError::ReadOnly`], or I/O.
    pub fn create_profile(&self, name: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let name = Self::check_name(p, name, None)?;
            let mut id = format!("p-{:08x}", rand::random::<u32>());
            while p.profiles.iter().any(|q| q.id == id) {
                id = format!("p-{:08x}", rand::random::<u32>());
            }
            let profile = Profile {
                id: id.clone(),
                name,
                created: time::rfc3339(time::now_secs()),
                stats: Stats::default(),
                lessons_done: Vec::new(),
            };
            p.profiles.push(profile.clone());
            p.active = Some(id);
            Ok((profile, true))
        })
    }

    /// Renames a profile.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::InvalidName`],
    /// [`StorageError::DuplicateName`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn rename_profile(&self, id: &str, name: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let name = Self::check_name(p, name, Some(id))?;
            let profile = p
                .profiles
                .iter_mut()
                .find(|q| q.id == id)
                .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
            profile.name = name;
            Ok((profile.clone(), true))
        })
    }

    /// Deletes a profile, its training file and its puzzle file (its matches stay in the
    /// history). If it was active, none is.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn delete_profile(&self, id: &str) -> Result<Profiles, StorageError> {
        let left = self.edit_profiles(|p| {
            let before = p.profiles.len();
            p.profiles.retain(|q| q.id != id);
            if p.profiles.len() == before {
                return Err(StorageError::ProfileNotFound(id.into()));
            }
            if p.active.as_deref() == Some(id) {
                p.active = None;
            }
            Ok((p.clone(), true))
        })?;
        // Its mistakes to practise and its puzzle rating go with it (there may be neither;
        // an id from profiles.json is a file name, see `training.rs` and `puzzles.rs`).
        if crate::history::valid_id(id) {
            for dir in ["training", PUZZLES_DIR] {
                let path = self.root.join(dir).join(format!("{id}.json"));
                let _ = std::fs::remove_file(path);
            }
        }
        Ok(left)
    }

    /// Makes a profile the active one.
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn select_profile(&self, id: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let profile = p
                .profiles
                .iter()
                .find(|q| q.id == id)
                .cloned()
                .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
            p.active = Some(id.into());
            Ok((profile, true))
        })
    }

    /// Notes that profile `id` passed the lesson `lesson` (nothing is written if it had
    /// already).
    ///
    /// # Errors
    /// [`StorageError::ProfileNotFound`], [`StorageError::Newer`], [`StorageError::ReadOnly`],
    /// or I/O.
    pub fn mark_lesson_done(&self, id: &str, lesson: &str) -> Result<Profile, StorageError> {
        self.edit_profiles(|p| {
            let profile = p
                .profiles
                .iter_mut()
                .find(|q| q.id == id)
                .ok_or_else(|| StorageError::ProfileNotFound(id.into()))?;
            let new = !profile.lessons_done.iter().any(|l| l == lesson);
            if new {
                profile.lessons_done.push(lesson.into());
            }
            Ok((profile.clone(), new))
        })
    }
}
