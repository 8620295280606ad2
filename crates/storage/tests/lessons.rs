//! Lessons passed are kept in the profile (`lessonsDone`): once each, written atomically like
//! the rest, and a profile written before lessons existed reads as none passed.

mod common;

use carcassonne_storage::Storage;

#[test]
fn lessons_done_are_kept_once_and_old_profiles_read_as_none() {
    let dir = tempfile::tempdir().unwrap();
    let s = Storage::open(dir.path(), common::rating_of).unwrap();
    let ada = s.create_profile("Ada").unwrap();
    assert!(ada.lessons_done.is_empty());
    s.mark_lesson_done(&ada.id, "farms").unwrap();
    s.mark_lesson_done(&ada.id, "barn").unwrap();
    let p = s.mark_lesson_done(&ada.id, "farms").unwrap();
    assert_eq!(p.lessons_done, ["farms", "barn"]);
    assert_eq!(s.profile(&ada.id).unwrap().lessons_done, ["farms", "barn"]);
    assert!(s.mark_lesson_done("p-none", "farms").is_err());

    // The file as a version without lessons wrote it.
    let path = dir.path().join("profiles.json");
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let text = serde_json::to_string(&file).unwrap();
    assert!(
        text.contains("\"lessonsDone\":[\"farms\",\"barn\"]"),
        "{text}"
    );
    for p in file["profiles"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("lessonsDone");
    }
    std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
    let p = s.profile(&ada.id).unwrap();
    assert_eq!(p.name, "Ada");
    assert!(p.lessons_done.is_empty());
    assert!(s.problems().is_empty(), "{:?}", s.problems());
}
