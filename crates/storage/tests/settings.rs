//! `settings.json`: defaults, round trip, a corrupt file set aside and reported, a newer one
//! kept and never overwritten.

mod common;

use std::fs;

use carcassonne_storage::{
    AiPace, Animations, Language, LastSetup, Settings, SetupOpponent, Storage, Theme,
};

fn sample() -> Settings {
    Settings {
        board_aids: false,
        last_setup: Some(LastSetup {
            opponents: vec![
                SetupOpponent::level("easy"),
                SetupOpponent::level("expert"),
                SetupOpponent {
                    rating: Some(1350.0),
                    ..SetupOpponent::default()
                },
                SetupOpponent::person("p-2"),
            ],
            abbey_mayor: true,
        }),
        theme: Theme::Dark,
        language: Language::Hu,
        ai_pace: AiPace::Instant,
        animations: Animations::Off,
        sounds: false,
    }
}

#[test]
fn settings_default_then_round_trip_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(s.settings(), Settings::default());
    assert!(s.settings().board_aids);
    assert_eq!(s.save_settings(&sample()).unwrap(), sample());
    drop(s);
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(s.settings(), sample());
    // The file is versioned and in the documented shape.
    let v: serde_json::Value =
        serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
    assert_eq!(v["schema"], 1);
    assert_eq!(v["boardAids"], false);
    assert_eq!(v["lastSetup"]["opponents"][1]["level"], "expert");
    assert_eq!(v["lastSetup"]["abbeyMayor"], true);
    assert_eq!(v["theme"], "dark");
    assert_eq!(v["language"], "hu");
    assert_eq!(v["aiPace"], "instant");
    assert_eq!(v["animations"], "off");
    assert_eq!(v["sounds"], false);
    // An edit keeps the rest.
    let after = s.update_settings(|x| x.board_aids = true).unwrap();
    assert!(after.board_aids);
    assert_eq!(after.last_setup, sample().last_setup);
    assert!(s.problems().is_empty());
}

#[test]
fn a_missing_key_reads_as_its_default() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("settings.json"),
        br#"{"schema": 1, "boardAids": false}"#,
    )
    .unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(
        s.settings(),
        Settings {
            board_aids: false,
            last_setup: None,
            theme: Theme::System,
            language: Language::System,
            ai_pace: AiPace::Normal,
            animations: Animations::Normal,
            sounds: true,
        }
    );
    assert!(s.problems().is_empty());
}

/// The language: each value round-trips through `settings.json` in its documented spelling;
/// one the app does not know is refused, as a whole file and as a value.
#[test]
fn the_language_round_trips_and_an_unknown_one_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(
        Storage::open(dir.path(), common::rating_of)
            .unwrap()
            .settings()
            .language,
        Language::System
    );
    for (language, word) in [
        (Language::Hu, "hu"),
        (Language::En, "en"),
        (Language::System, "system"),
    ] {
        let s = Storage::open(dir.path(), common::rating_of).unwrap();
        let saved = s.update_settings(|x| x.language = language).unwrap();
        assert_eq!(saved.language, language);
        let v: serde_json::Value =
            serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
        assert_eq!(v["language"], word);
        drop(s);
        let reopened = Storage::open(dir.path(), common::rating_of).unwrap();
        assert_eq!(
            reopened.settings().language,
            language,
            "kept across a restart"
        );
        assert_eq!(reopened.settings().theme, Theme::System, "the rest is kept");
        assert!(reopened.problems().is_empty());
    }
    for word in ["de", "HU", "", "magyar"] {
        let json = format!(r#"{{"language": "{word}"}}"#);
        assert!(serde_json::from_str::<Settings>(&json).is_err(), "{word}");
    }
    assert_eq!(
        serde_json::from_str::<Settings>(r#"{"language": "hu"}"#)
            .unwrap()
            .language,
        Language::Hu
    );
    // A file with an unknown language is unusable: set aside, the defaults read.
    let other = tempfile::tempdir().unwrap();
    fs::write(
        other.path().join("settings.json"),
        br#"{"schema": 1, "language": "klingon"}"#,
    )
    .unwrap();
    let s = Storage::open(other.path(), common::rating_of).unwrap();
    assert_eq!(s.settings(), Settings::default());
    assert_eq!(s.problems().len(), 1);
}

#[test]
fn corrupt_settings_are_set_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    let bad = br#"{"schema": 1, "boardAids": true, "theme": "purple"}"#;
    fs::write(&path, bad).unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(s.settings(), Settings::default());
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].file, "settings.json");
    let moved_to = problems[0].moved_to.as_deref().unwrap();
    assert!(moved_to.starts_with("settings.json.corrupt-"), "{moved_to}");
    assert_eq!(fs::read(dir.path().join(moved_to)).unwrap(), bad);
    assert!(!path.exists());
    // Saving works at once, and the problem is not repeated.
    s.save_settings(&sample()).unwrap();
    assert_eq!(s.settings(), sample());
    assert_eq!(s.problems().len(), 1);
}

#[test]
fn newer_settings_are_kept_and_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    let newer = br#"{"schema": 2, "boardAids": false, "theme": "dark"}"#;
    fs::write(&path, newer).unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    assert_eq!(s.settings(), Settings::default());
    let err = s.save_settings(&sample()).unwrap_err();
    assert_eq!(err.code(), "storage/newer_version", "{err}");
    let err = s.update_settings(|x| x.board_aids = false).unwrap_err();
    assert_eq!(err.code(), "storage/newer_version", "{err}");
    assert_eq!(fs::read(&path).unwrap(), newer);
    let problems = s.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].moved_to, None);
}

#[test]
fn read_only_storage_reads_settings_and_writes_none() {
    let dir = tempfile::tempdir().unwrap();
    Storage::open(dir.path(), common::rating_of)
        .unwrap()
        .save_settings(&sample())
        .unwrap();
    let r = Storage::open_read_only(dir.path(), common::rating_of).unwrap();
    assert_eq!(r.settings(), sample());
    assert_eq!(
        r.save_settings(&Settings::default()).unwrap_err().code(),
        "storage/read_only"
    );
}
