//! The lesson commands through Tauri's mock runtime on a temporary data folder: the list and
//! the profile's progress, a wrong try and its reason, an illegal move that changes nothing,
//! undo, retry, the solution, coded errors, and that a lesson leaves the game in progress
//! and its autosave alone.

use std::path::Path;

use carcassonne_app_lib::{AppState, builder};
use serde_json::{Value, json};
use tauri::WebviewWindow;
use tauri::test::{
    INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets,
};

struct App {
    _app: tauri::App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
}

fn app(dir: &Path) -> App {
    let app = builder(mock_builder())
        .manage(AppState::open(dir.to_path_buf()).unwrap())
        .build(mock_context(noop_assets()))
        .unwrap();
    let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    App { _app: app, webview }
}

impl App {
    fn call(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        get_ipc_response(
            &self.webview,
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
    }

    fn ok(&self, cmd: &str, args: Value) -> Value {
        self.call(cmd, args)
            .unwrap_or_else(|e| panic!("{cmd} failed: {e}"))
    }

    fn code(&self, cmd: &str, args: Value) -> String {
        let e = self.call(cmd, args).expect_err(cmd);
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
        e["code"].as_str().unwrap().to_string()
    }

    fn play(&self, mv: Value) -> Value {
        self.ok("lesson_play", json!({ "move": mv }))
    }
}

fn done(list: &Value, id: &str) -> bool {
    list["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["id"] == id)
        .unwrap()["done"]
        == true
}

#[test]
fn a_lesson_is_played_judged_and_stored_in_the_profile() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    assert_eq!(
        a.code("lesson_play", json!({"move": {"type": "draw"}})),
        "lesson/none"
    );
    assert_eq!(a.code("lesson_retry", json!({})), "lesson/none");
    assert_eq!(a.code("lesson_solution", json!({})), "lesson/none");
    assert_eq!(
        a.code("lesson_start", json!({"id": "nope"})),
        "lesson/not_found"
    );
    assert_eq!(a.code("lesson_start", json!({})), "args/invalid");

    let list = a.ok("lesson_list", json!({}));
    let lessons = list["lessons"].as_array().unwrap();
    assert!(lessons.len() >= 12);
    for (i, l) in lessons.iter().enumerate() {
        assert_eq!(l["order"], i + 1);
        assert_eq!(l["done"], false);
        assert!(l["title"]["en"].is_string() && l["title"]["hu"].is_string());
    }

    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    assert_eq!(ada["lessonsDone"], json!([]));
    let game = a.ok(
        "game_new",
        json!({"config": {"profileId": null, "opponents": [{"level": "random"}],
                          "abbeyMayor": true, "seed": 3}}),
    );
    let autosave = std::fs::read(dir.path().join("current.json")).unwrap();

    let start = a.ok("lesson_start", json!({"id": "mayor-no-pennants"}));
    assert!(start["outcome"].is_null());
    assert_eq!(start["view"]["gameId"], "lesson-mayor-no-pennants");
    assert_eq!(start["view"]["canUndo"], false);
    assert_eq!(start["view"]["decision"]["kind"], "place_tile");
    assert!(start["goalText"]["hu"].is_string() && start["hints"].is_array());
    assert_eq!(a.code("lesson_undo", json!({})), "lesson/undo_unavailable");

    // An illegal move is refused and changes nothing.
    let far = json!({"type": "place", "x": 30, "y": 30, "rotation": 0});
    assert_eq!(
        a.code("lesson_play", json!({ "move": far })),
        "move/illegal"
    );
    assert_eq!(
        a.code("lesson_play", json!({"move": {"type": "fly"}})),
        "move/invalid"
    );

    // The wrong try: a mayor of strength 0 loses the city to Berta's knight.
    a.play(json!({"type": "place", "x": 1, "y": 0, "rotation": 0}));
    let mid = a.play(json!({"type": "figure", "kind": "mayor", "on": "N"}));
    assert_eq!(
        mid["view"]["decision"]["kind"], "place_tile",
        "Berta replied"
    );
    assert_eq!(mid["view"]["canUndo"], true);
    a.play(json!({"type": "place", "x": 1, "y": -1, "rotation": 270}));
    let lost = a.play(json!({"type": "no_figure"}));
    let o = &lost["outcome"];
    assert_eq!(o["passed"], false);
    assert_eq!(o["reason"]["key"], "feature_lost");
    assert_eq!(o["reason"]["params"]["winners"], json!([1]));
    assert_eq!(o["reason"]["params"]["strengths"], json!([0, 1]));
    assert_eq!(o["points"], json!([0, 8]));
    assert!(
        o["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["type"] == "scored" && !e["segments"].as_array().unwrap().is_empty())
    );
    assert_eq!(
        a.code("lesson_play", json!({"move": {"type": "no_figure"}})),
        "lesson/over"
    );
    assert!(!done(&a.ok("lesson_list", json!({})), "mayor-no-pennants"));

    // Undo goes back before the last move; retry to the start.
    let back = a.ok("lesson_undo", json!({}));
    assert!(back["outcome"].is_null());
    assert_eq!(back["view"]["decision"]["kind"], "place_figure");
    let again = a.ok("lesson_retry", json!({}));
    assert_eq!(again["view"], start["view"]);

    // The solution passes and is stored in the active profile.
    let moves = a.ok("lesson_solution", json!({}))["moves"].clone();
    let mut last = Value::Null;
    for m in moves.as_array().unwrap() {
        last = a.play(m.clone());
    }
    assert_eq!(last["outcome"]["passed"], true);
    assert_eq!(last["outcome"]["reason"]["key"], "goal_met");
    assert!(last["view"]["saveError"].is_null());
    assert!(done(&a.ok("lesson_list", json!({})), "mayor-no-pennants"));
    let profiles = a.ok("profiles_list", json!({}));
    assert_eq!(
        profiles["profiles"][0]["lessonsDone"],
        json!(["mayor-no-pennants"])
    );
    // Passing again stores it once.
    a.ok("lesson_retry", json!({}));
    for m in moves.as_array().unwrap() {
        a.play(m.clone());
    }
    let profiles = a.ok("profiles_list", json!({}));
    assert_eq!(
        profiles["profiles"][0]["lessonsDone"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // The game in progress and its autosave were not touched.
    assert_eq!(a.ok("game_view", json!({}))["gameId"], game["gameId"]);
    assert_eq!(a.ok("game_view", json!({}))["turn"], game["turn"]);
    assert_eq!(
        std::fs::read(dir.path().join("current.json")).unwrap(),
        autosave
    );
}
