//! The message ids (`key`) the app's errors can carry, with their codes and sample parameters,
//! written to `tests/fixtures/error-keys.json` for the UI's catalogue test
//! (tests/ui/catalogs.test.js: every key needs an `errors.<key>` message in every language,
//! and the messages are tried with the sample parameters).
//!
//! The test regenerates the file from [`every_error`] and fails when it differs;
//! `FIXTURES_BLESS=1 cargo test -p carcassonne-app --test error_keys` rewrites it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use carcassonne_app_lib::failure::every_error;
use serde_json::{Value, json};

/// Per key: the codes it comes with, distinct sample parameters, and one English message.
#[derive(Default)]
struct Entry {
    codes: BTreeSet<String>,
    params: Vec<Value>,
    message: Option<String>,
}

#[test]
fn the_error_keys_file_lists_every_key_the_app_sends() {
    let mut keys: BTreeMap<String, Entry> = BTreeMap::new();
    let mut codes = BTreeSet::new();
    for e in every_error() {
        codes.insert(e.code.clone());
        let entry = keys.entry(e.key.clone()).or_default();
        entry.codes.insert(e.code.clone());
        let params = Value::Object(e.params.clone());
        if !entry.params.contains(&params) {
            entry.params.push(params);
        }
        entry.message.get_or_insert(e.message.clone());
    }
    let file = json!({
        "about": "Every message id (key) of the app's errors, its codes and sample parameters; written by src-tauri/tests/error_keys.rs (FIXTURES_BLESS=1 to rewrite).",
        "codes": codes,
        "keys": keys.into_iter().map(|(key, e)| (key, json!({
            "codes": e.codes,
            "params": e.params,
            "message": e.message,
        }))).collect::<serde_json::Map<_, _>>(),
    });
    let text = serde_json::to_string_pretty(&file).unwrap() + "\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/error-keys.json");
    if std::env::var("FIXTURES_BLESS").is_ok_and(|v| v == "1") {
        std::fs::write(&path, &text).unwrap();
        return;
    }
    assert!(
        std::fs::read_to_string(&path).ok().as_ref() == Some(&text),
        "tests/fixtures/error-keys.json is stale; rerun with FIXTURES_BLESS=1 cargo test -p \
         carcassonne-app --test error_keys"
    );
}
