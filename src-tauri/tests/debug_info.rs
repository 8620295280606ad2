//! "Copy debug info" (`app_debug`): the app's facts and its last failures, by code and message
//! id only. In a test binary of its own: the failures kept are the process's, and the other
//! command tests, running at the same time, would add theirs.

use carcassonne_app_lib::{AppState, builder};
use serde_json::{Value, json};
use tauri::test::{INVOKE_KEY, get_ipc_response, mock_builder, mock_context, noop_assets};

#[test]
fn debug_info_names_the_app_and_its_last_failures_by_code_only() {
    let dir = tempfile::tempdir().unwrap();
    let app = builder(mock_builder())
        .manage(AppState::open(dir.path().to_path_buf()).unwrap())
        .build(mock_context(noop_assets()))
        .unwrap();
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    let call = |cmd: &str, args: Value| -> Result<Value, Value> {
        get_ipc_response(
            &webview,
            tauri::webview::InvokeRequest {
                cmd: cmd.into(),
                callback: tauri::ipc::CallbackFn(0),
                error: tauri::ipc::CallbackFn(1),
                url: "tauri://localhost".parse().unwrap(),
                body: tauri::ipc::InvokeBody::Json(args),
                headers: Default::default(),
                invoke_key: INVOKE_KEY.to_string(),
            },
        )
        .map(|b| b.deserialize::<Value>().unwrap())
    };
    call("profile_create", json!({"name": "Zelda Secret"})).unwrap();
    let code = |r: Result<Value, Value>| r.unwrap_err()["code"].clone();
    assert_eq!(code(call("game_view", json!({}))), "game/none");
    assert_eq!(
        code(call("profile_create", json!({"name": "Zelda Secret"}))),
        "profile/duplicate_name"
    );
    let d = call("app_debug", json!({})).unwrap();
    assert_eq!(d["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(d["dataDir"], dir.path().display().to_string());
    assert!(
        d["os"].as_str().unwrap().contains(std::env::consts::OS),
        "{d}"
    );
    assert!(!d["logDir"].as_str().unwrap().is_empty(), "{d}");
    let errors = d["recentErrors"].as_array().unwrap();
    let kept: Vec<(&str, &str)> = errors
        .iter()
        .map(|e| (e["code"].as_str().unwrap(), e["key"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kept,
        [
            ("game/none", "game.none"),
            ("profile/duplicate_name", "profile.duplicate_name")
        ]
    );
    assert!(
        errors
            .iter()
            .all(|e| e["at"].as_str().unwrap().ends_with('Z'))
    );
    // What a player typed never reaches the debug info.
    assert!(!d.to_string().contains("Zelda"), "{d}");

    // At most the last 20 are kept.
    for _ in 0..25 {
        call("game_view", json!({})).unwrap_err();
    }
    let d = call("app_debug", json!({})).unwrap();
    let errors = d["recentErrors"].as_array().unwrap();
    assert_eq!(errors.len(), 20);
    assert!(errors.iter().all(|e| e["code"] == "game/none"));
}
