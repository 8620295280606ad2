//! Every command through Tauri's mock runtime (the real IPC path, no window) on a temporary
//! data folder: results, coded errors, a whole game against the AI, undo, hint, resign,
//! autosave and resume after a restart, corrupt files, and the history.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use carcassonne_app_lib::{AppState, builder};
use serde_json::{Value, json};
use tauri::test::{
    INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets,
};
use tauri::{Listener, Manager, WebviewWindow};

struct App {
    app: tauri::App<MockRuntime>,
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
    App { app, webview }
}

/// Ends an app as its process would end, for the tests that launch it again on the same
/// folder: the data folder's lock goes with the state. (The mock runtime keeps a dropped app's
/// state alive, so it is taken out here; no AI worker may still be running.)
fn close(a: App) {
    #[allow(deprecated)]
    let state = a.app.unmanage::<AppState>();
    assert!(state.is_some(), "the app had its state");
}

/// One command call through the webview's IPC, as the UI makes it.
fn call_on(webview: &WebviewWindow<MockRuntime>, cmd: &str, args: Value) -> Result<Value, Value> {
    get_ipc_response(
        webview,
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

impl App {
    fn call(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        call_on(&self.webview, cmd, args)
    }

    fn ok(&self, cmd: &str, args: Value) -> Value {
        match self.call(cmd, args) {
            Ok(v) => v,
            Err(e) => panic!("{cmd} failed: {e}"),
        }
    }

    /// The error code of a call that must fail.
    fn code(&self, cmd: &str, args: Value) -> String {
        match self.call(cmd, args) {
            Ok(v) => panic!("{cmd} succeeded: {v}"),
            Err(e) => {
                assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");
                assert!(e["key"].as_str().is_some_and(|k| !k.is_empty()), "{e}");
                assert!(e["params"].is_object(), "{e}");
                e["code"].as_str().unwrap_or_default().to_string()
            }
        }
    }
}

/// The first legal choice for the human's pending decision, in the UI's move form.
fn first_choice(view: &Value) -> Value {
    let d = &view["decision"];
    match d["kind"].as_str().unwrap() {
        "draw_or_abbey" => json!({"type": "draw"}),
        "place_tile" => {
            let c = &d["cells"][0];
            json!({"type": "place", "x": c["x"], "y": c["y"], "rotation": c["rotations"][0]})
        }
        "place_figure" => match d["spots"].as_array().unwrap().first() {
            Some(s) => json!({"type": "figure", "kind": s["kinds"][0], "on": s["on"]}),
            None => json!({"type": "no_figure"}),
        },
        "move_wagon" => json!({"type": "wagon", "to": null}),
        "final_abbey" => json!({"type": "pass"}),
        k => panic!("no choice for {k}"),
    }
}

fn new_game(a: &App, profile: &Value, levels: &[&str], abbey_mayor: bool, seed: u64) -> Value {
    let opponents: Vec<Value> = levels.iter().map(|l| json!({"level": l})).collect();
    a.ok(
        "game_new",
        json!({"config": {"profileId": profile["id"], "opponents": opponents,
                          "abbeyMayor": abbey_mayor, "seed": seed}}),
    )
}

#[test]
fn app_info_tiles_and_profiles() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let info = a.ok("app_info", json!({}));
    assert_eq!(info["resumable"], Value::Null);
    assert_eq!(info["problems"], json!([]));
    assert_eq!(info["levels"][0], "random");
    assert_eq!(info["dataDir"], dir.path().display().to_string());

    let tiles = a.ok("tiles", json!({}));
    let types = tiles["types"].as_array().unwrap();
    assert_eq!(types.len(), 37);
    let d = types.iter().find(|t| t["id"] == "D").unwrap();
    assert_eq!(d["edges"], "CRFR");
    assert_eq!(d["segments"][0]["kind"], "city");
    assert_eq!(d["segments"][0]["sides"], json!(["N"]));
    assert_eq!(tiles["start"], "D");
    assert_eq!(types[36]["edges"], "----");

    assert_eq!(a.ok("profiles_list", json!({}))["profiles"], json!([]));
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    assert_eq!(ada["stats"]["games"], 0);
    assert_eq!(ada["stats"]["rating"]["elo"], 1200.0);
    assert_eq!(
        a.code("profile_create", json!({"name": "ada"})),
        "profile/duplicate_name"
    );
    assert_eq!(
        a.code("profile_create", json!({"name": "  "})),
        "profile/invalid_name"
    );
    let bob = a.ok("profile_create", json!({"name": "Bob"}));
    assert_eq!(a.ok("profiles_list", json!({}))["active"], bob["id"]);
    assert_eq!(
        a.ok("profile_select", json!({"id": ada["id"]}))["name"],
        "Ada"
    );
    assert_eq!(a.ok("profiles_list", json!({}))["active"], ada["id"]);
    assert_eq!(
        a.code("profile_select", json!({"id": "p-none"})),
        "profile/not_found"
    );
    assert_eq!(
        a.ok("profile_rename", json!({"id": bob["id"], "name": "Bea"}))["name"],
        "Bea"
    );
    assert_eq!(
        a.code("profile_rename", json!({"id": "x", "name": "Cy"})),
        "profile/not_found"
    );
    let left = a.ok("profile_delete", json!({"id": ada["id"]}));
    assert_eq!(left["active"], Value::Null);
    assert_eq!(left["profiles"].as_array().unwrap().len(), 1);
    assert_eq!(
        a.code("profile_delete", json!({"id": ada["id"]})),
        "profile/not_found"
    );
    // No active profile: a new game needs one.
    assert_eq!(
        a.code(
            "game_new",
            json!({"config": {"opponents": [{"level": "easy"}], "abbeyMayor": false}})
        ),
        "profile/none_active"
    );
}

#[test]
fn bad_input_gives_coded_errors_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    for cmd in [
        "game_view",
        "game_undo",
        "game_hint",
        "game_resign",
        "game_log",
        "game_resume",
    ] {
        assert_eq!(a.code(cmd, json!({})), "game/none", "{cmd}");
    }
    assert_eq!(
        a.code("game_play", json!({"move": {"type": "draw"}})),
        "game/none"
    );
    let cfg = |opponents: Value| json!({"config": {"profileId": ada["id"], "opponents": opponents, "abbeyMayor": true}});
    assert_eq!(a.code("game_new", cfg(json!([]))), "game/bad_setup");
    assert_eq!(
        a.code("game_new", cfg(json!([{"level": "godlike"}]))),
        "game/bad_setup"
    );
    assert_eq!(
        a.code(
            "game_new",
            cfg(Value::Array(vec![json!({"level": "easy"}); 6]))
        ),
        "game/bad_setup"
    );
    assert_eq!(
        a.code("game_new", json!({"config": {"foo": 1}})),
        "game/bad_setup"
    );
    assert_eq!(
        a.code(
            "game_new",
            json!({"config": {"profileId": "p-x", "opponents": [{"level": "easy"}], "abbeyMayor": true}})
        ),
        "profile/not_found"
    );

    let view = new_game(&a, &ada, &["random"], true, 3);
    let saved = std::fs::read(dir.path().join("current.json")).unwrap();
    for (mv, code) in [
        (json!({"type": "bogus"}), "move/invalid"),
        (json!({"type": "place", "x": 0, "y": -1}), "move/invalid"),
        (
            json!({"type": "place", "x": 0, "y": -1, "rotation": 45}),
            "move/invalid",
        ),
        (
            json!({"type": "place", "x": 5, "y": 5, "rotation": 0}),
            "move/illegal",
        ),
        (
            json!({"type": "place", "x": 0, "y": 0, "rotation": 0}),
            "move/illegal",
        ),
        (
            json!({"type": "place", "x": 99999, "y": 0, "rotation": 0}),
            "move/invalid",
        ),
        (json!({"type": "pass"}), "move/illegal"),
        (
            json!({"type": "figure", "kind": "follower", "on": "N"}),
            "move/illegal",
        ),
        (json!("draw"), "move/invalid"),
    ] {
        assert_eq!(a.code("game_play", json!({"move": mv})), code, "{mv}");
    }
    assert_eq!(a.code("game_undo", json!({})), "game/undo_unavailable");
    let after = a.ok("game_view", json!({}));
    assert_eq!(after["decision"], view["decision"]);
    assert_eq!(after["tiles"], view["tiles"]);
    assert_eq!(
        std::fs::read(dir.path().join("current.json")).unwrap(),
        saved
    );
    for cmd in ["history_get", "history_delete", "history_position"] {
        assert_eq!(
            a.code(cmd, json!({"id": "g-none", "turn": 0})),
            "match/not_found"
        );
    }
    assert_eq!(
        a.code("history_export", json!({"id": "../x"})),
        "match/not_found"
    );
    assert_eq!(
        a.code("history_import", json!({"json": "{\"format\": 1}"})),
        "record/invalid"
    );
    assert_eq!(
        a.code("history_import", json!({"json": null})),
        "args/invalid"
    );
}

#[test]
fn a_whole_game_against_the_ai_with_undo_hint_and_history() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let moved = Arc::new(AtomicUsize::new(0));
    let thinking = Arc::new(AtomicUsize::new(0));
    let (m, t) = (moved.clone(), thinking.clone());
    a.app.listen_any("ai-progress", move |e| {
        let p: Value = serde_json::from_str(e.payload()).unwrap();
        match p["stage"].as_str() {
            Some("moved") => {
                assert!(p["view"]["tiles"].is_array());
                assert!(p["move"]["type"].is_string() && p.get("text").is_none());
                m.fetch_add(1, Ordering::SeqCst)
            }
            _ => t.fetch_add(1, Ordering::SeqCst),
        };
    });
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let mut view = new_game(&a, &ada, &["random", "greedy"], true, 11);
    assert_eq!(view["players"].as_array().unwrap().len(), 3);
    assert_eq!(view["players"][1]["level"], "random");
    assert_eq!(view["players"][0]["supply"]["followers"], 7);
    assert_eq!(view["remaining"]["byType"].as_array().unwrap().len(), 36);
    assert_eq!(view["current"], 0);
    assert_eq!(view["decision"]["kind"], "place_tile");
    assert_eq!(view["decision"]["human"], true);

    // Undo: place, take it back, the same tile and options are offered again.
    let place = first_choice(&view);
    let placed = a.ok("game_play", json!({"move": place}));
    assert_eq!(placed["decision"]["kind"], "place_figure");
    assert!(placed["canUndo"].as_bool().unwrap());
    let back = a.ok("game_undo", json!({}));
    assert_eq!(back["decision"], view["decision"]);
    assert_eq!(back["canUndo"], false);

    // The hint is a legal move.
    let hint = a.ok("game_hint", json!({}));
    assert_eq!(hint["level"], "hard");
    assert!(hint["move"]["type"].is_string() && hint.get("text").is_none());
    view = a.ok("game_play", json!({"move": hint["move"]}));

    let mut human_moves = 1;
    while !view["over"].as_bool().unwrap() {
        assert_eq!(
            view["current"], 0,
            "the human decides whenever a command returns"
        );
        assert_eq!(view["aiThinking"], false);
        view = a.ok("game_play", json!({"move": first_choice(&view)}));
        human_moves += 1;
        assert!(human_moves < 400);
    }
    assert!(moved.load(Ordering::SeqCst) > 20);
    assert_eq!(
        moved.load(Ordering::SeqCst),
        thinking.load(Ordering::SeqCst)
    );
    assert_eq!(view["decision"]["kind"], "game_over");
    let match_id = view["result"]["matchId"].clone();
    assert!(match_id.is_string());
    // The draws were weighed: every seat's totals, a luck-adjusted margin that adds up, and
    // every tile placed from the pile is a draw of the seat that placed it.
    let luck = &view["luck"];
    assert_eq!(luck["formula"], 1);
    let seats = luck["players"].as_array().unwrap();
    assert_eq!(seats.len(), 3);
    let net_sum: f64 = seats.iter().map(|p| p["netPoints"].as_f64().unwrap()).sum();
    assert!(net_sum.abs() < 1e-6, "net luck sums to 0 over the seats");
    for p in seats {
        let (m, n, adj) = (
            p["margin"].as_f64().unwrap(),
            p["netPoints"].as_f64().unwrap(),
            p["adjustedMargin"].as_f64().unwrap(),
        );
        assert!((m - n - adj).abs() < 1e-9);
    }
    let draws = luck["draws"].as_array().unwrap();
    let placed_from_pile = a
        .ok("game_log", json!({}))
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == "tile_placed")
        .count();
    assert_eq!(draws.len(), placed_from_pile, "one draw per tile placed");
    assert!(draws.iter().all(|d| {
        (d["points"].as_f64().unwrap()
            - (d["value"].as_f64().unwrap() - d["mean"].as_f64().unwrap()))
        .abs()
            < 1e-9
    }));
    assert_eq!(view["saveError"], Value::Null);
    assert!(!dir.path().join("current.json").exists());
    assert_eq!(
        a.code("game_play", json!({"move": {"type": "pass"}})),
        "game/over"
    );
    assert_eq!(a.code("game_resign", json!({})), "game/over");
    let log = a.ok("game_log", json!({}));
    assert!(log.as_array().unwrap().iter().any(|e| e["type"] == "scored"
        && e["scored"]["points"].as_u64().unwrap() > 0
        && !e["scored"]["players"].as_array().unwrap().is_empty()
        && e.get("text").is_none()));

    // The history and the profile's statistics.
    let list = a.ok("history_list", json!({"profileId": ada["id"]}));
    let summary = &list["matches"][0];
    assert_eq!(summary["id"], match_id);
    assert_eq!(
        summary["opponents"],
        json!([{"seat": 1, "level": "random"}, {"seat": 2, "level": "greedy"}])
    );
    let scores: Vec<u64> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["score"].as_u64().unwrap())
        .collect();
    assert_eq!(summary["scores"], json!(scores));
    assert_eq!(
        a.ok("history_list", json!({"profileId": "p-other"}))["matches"],
        json!([])
    );
    let profile = &a.ok("profiles_list", json!({}))["profiles"][0];
    assert_eq!(profile["stats"]["games"], 1);
    assert_eq!(profile["stats"]["luckGames"], 1);
    assert_eq!(
        profile["stats"]["luckPoints"],
        luck["players"][0]["netPoints"]
    );
    assert_eq!(summary["luck"], luck["players"][0]["netPoints"]);
    assert_eq!(profile["stats"]["byLevel"]["greedy"]["games"], 1);

    let detail = a.ok("history_get", json!({"id": match_id}));
    assert_eq!(detail["record"]["end"], true);
    assert_eq!(&detail["luck"], luck, "the match keeps the end's analysis");
    let timeline = detail["timeline"].as_array().unwrap();
    assert_eq!(timeline.last().unwrap(), &json!(scores));
    assert_eq!(timeline[0], json!([0, 0, 0]));
    assert_eq!(detail["breakdown"].as_array().unwrap().len(), 3);
    let start = a.ok("history_position", json!({"id": match_id, "turn": 0}));
    assert_eq!(start["tiles"].as_array().unwrap().len(), 1);
    let five = a.ok("history_position", json!({"id": match_id, "turn": 5}));
    assert_eq!(five["turn"], 5);
    let end = a.ok("history_position", json!({"id": match_id, "turn": 100000}));
    assert_eq!(end["over"], true);

    // Export (to the data folder's exports/ here: the app sets no Downloads folder in tests),
    // delete, import the text back.
    let exported = a.ok("history_export", json!({"id": match_id}));
    let out = dir
        .path()
        .join("exports")
        .join(format!("carcassonne-{}.json", match_id.as_str().unwrap()));
    assert_eq!(exported["path"], out.display().to_string());
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        exported["json"].as_str().unwrap()
    );
    assert_eq!(a.ok("history_delete", json!({"id": match_id})), Value::Null);
    assert_eq!(
        a.ok("history_list", json!({"profileId": null}))["matches"],
        json!([])
    );
    let imported = a.ok("history_import", json!({"json": exported["json"]}));
    assert_eq!(imported["imported"], true);
    assert_eq!(imported["scores"], json!(scores));
    // An imported match is weighed when first opened, and keeps it.
    assert_eq!(imported["luck"], Value::Null);
    let opened = a.ok("history_get", json!({"id": imported["id"]}));
    assert_eq!(&opened["luck"], luck, "the same draws weigh the same");
    assert_eq!(opened["summary"]["luck"], luck["players"][0]["netPoints"]);
    let listed = a.ok("history_list", json!({"profileId": null}));
    assert_eq!(
        listed["matches"][0]["luck"],
        luck["players"][0]["netPoints"]
    );
    assert_eq!(
        a.ok("history_list", json!({"profileId": null}))["matches"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn resume_after_restart_and_resign() {
    let dir = tempfile::tempdir().unwrap();
    let (start, before) = {
        let a = app(dir.path());
        let ada = a.ok("profile_create", json!({"name": "Ada"}));
        let view = new_game(&a, &ada, &["easy"], true, 5);
        // Stop in the middle of the human's turn: the tile placed, the figure not chosen.
        let mid = a.ok("game_play", json!({"move": first_choice(&view)}));
        assert_eq!(mid["decision"]["kind"], "place_figure");
        assert_eq!(mid["canUndo"], true);
        close(a);
        (view, mid)
    };
    // A new app on the same folder: the game is offered and continues exactly.
    let a = app(dir.path());
    let info = a.ok("app_info", json!({}));
    assert_eq!(info["resumable"]["gameId"], before["gameId"]);
    assert_eq!(info["resumable"]["opponents"], json!([{"level": "easy"}]));
    let resumed = a.ok("game_resume", json!({}));
    for key in [
        "gameId",
        "tiles",
        "figures",
        "decision",
        "players",
        "remaining",
        "seed",
        "canUndo",
        "deal",
    ] {
        assert_eq!(resumed[key], before[key], "{key}");
    }
    // The deal's fingerprint is shown from the first tile, the same after the restart; its
    // salt stays secret while the game goes on.
    let fingerprint = start["deal"]["fingerprint"].as_str().unwrap().to_string();
    assert_eq!(fingerprint.len(), 64);
    assert!(fingerprint.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(before["deal"]["fingerprint"], fingerprint.as_str());
    assert_eq!(start["deal"]["salt"], Value::Null);
    assert_eq!(resumed["deal"]["salt"], Value::Null);
    // Undo survives the restart: the placement is taken back as it would have been, and
    // played again the game goes on as before.
    let back = a.ok("game_undo", json!({}));
    assert_eq!(back["decision"], start["decision"]);
    assert_eq!(back["tiles"], start["tiles"]);
    assert_eq!(back["canUndo"], false);
    let again = a.ok("game_play", json!({"move": first_choice(&start)}));
    assert_eq!(again["decision"], before["decision"]);
    let next = a.ok("game_play", json!({"move": {"type": "no_figure"}}));
    assert_eq!(next["current"], 0);

    let resigned = a.ok("game_resign", json!({}));
    assert_eq!(resigned["over"], true);
    assert_eq!(resigned["result"]["resigned"], true);
    assert_eq!(resigned["result"]["winners"], json!([1]));
    assert!(!dir.path().join("current.json").exists());
    // Once the game has ended the salt is revealed: with the seed it makes the fingerprint
    // shown at the start, and the record's tiles are the pile that seed deals.
    assert_eq!(resigned["deal"]["fingerprint"], fingerprint.as_str());
    let salt = resigned["deal"]["salt"].as_str().unwrap().to_string();
    assert_eq!(
        carcassonne_engine::deal_fingerprint(5, &salt).unwrap(),
        fingerprint
    );
    let list = a.ok("history_list", json!({"profileId": null}));
    assert_eq!(list["matches"][0]["result"], "resigned");
    assert_eq!(list["matches"][0]["dealSalt"], salt.as_str());
    let id = list["matches"][0]["id"].clone();
    let detail = a.ok("history_get", json!({"id": id}));
    assert_eq!(detail["deal"], resigned["deal"]);
    let record: carcassonne_engine::Record =
        carcassonne_engine::Record::parse(&detail["record"].to_string()).unwrap();
    let check = record.check_deal().unwrap();
    assert_eq!((check.seed, check.drawn), (5, 2));
    let stats = &a.ok("profiles_list", json!({}))["profiles"][0]["stats"];
    assert_eq!(
        (stats["games"].clone(), stats["resigned"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(a.ok("app_info", json!({}))["resumable"], Value::Null);
    assert_eq!(a.code("game_resume", json!({})), "game/none");
    // A new game has a salt of its own.
    let other = new_game(
        &a,
        &a.ok("profiles_list", json!({}))["profiles"][0],
        &["easy"],
        true,
        5,
    );
    assert_ne!(other["deal"]["fingerprint"], fingerprint.as_str());
    assert_eq!(a.ok("game_resign", json!({}))["over"], true);
}

#[test]
fn corrupt_files_are_set_aside_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    {
        let a = app(dir.path());
        let ada = a.ok("profile_create", json!({"name": "Ada"}));
        new_game(&a, &ada, &["random"], false, 1);
        close(a);
    }
    std::fs::write(dir.path().join("profiles.json"), b"{\"schema\":1,").unwrap();
    std::fs::write(dir.path().join("current.json"), b"\xff\xfe").unwrap();
    std::fs::write(dir.path().join("matches").join("g-bad.json"), b"[]").unwrap();
    let a = app(dir.path());
    let info = a.ok("app_info", json!({}));
    assert_eq!(info["resumable"], Value::Null);
    assert_eq!(a.ok("profiles_list", json!({}))["profiles"], json!([]));
    let list = a.ok("history_list", json!({"profileId": null}));
    assert_eq!(list["matches"], json!([]));
    let files: Vec<&str> = list["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        ["current.json", "profiles.json", "matches/g-bad.json"]
    );
    for p in list["problems"].as_array().unwrap() {
        assert!(dir.path().join(p["movedTo"].as_str().unwrap()).exists());
    }
    // The app goes on: a new profile and game work.
    let bea = a.ok("profile_create", json!({"name": "Bea"}));
    new_game(&a, &bea, &["random"], false, 2);
}

#[test]
fn the_app_data_folder_is_the_one_the_cli_finds() {
    let mut ctx = mock_context(noop_assets());
    ctx.config_mut().identifier = carcassonne_storage::IDENTIFIER.into();
    let app = mock_builder().build(ctx).unwrap();
    assert_eq!(
        app.path().app_data_dir().unwrap(),
        carcassonne_storage::default_data_dir().unwrap()
    );
}

#[test]
fn the_bundle_identifier_is_the_storage_one() {
    let conf: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tauri.conf.json"))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(conf["identifier"], carcassonne_storage::IDENTIFIER);
}

#[test]
fn moves_and_undo_are_refused_while_the_ai_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    a.app.listen_any("ai-progress", move |e| {
        let p: Value = serde_json::from_str(e.payload()).unwrap();
        if p["stage"] == "thinking" {
            let _ = tx.lock().unwrap().send(());
        }
    });
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let view = new_game(&a, &ada, &["hard"], true, 5);
    let placed = a.ok("game_play", json!({"move": first_choice(&view)}));
    assert_eq!(placed["decision"]["kind"], "place_figure");
    let end_turn = json!({"type": "no_figure"});
    std::thread::scope(|s| {
        // The human ends the turn; this call returns once the AI has moved.
        let webview = a.webview.clone();
        let mover = s.spawn(move || call_on(&webview, "game_play", json!({"move": end_turn})));
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .expect("the AI starts thinking");
        let during = a.ok("game_view", json!({}));
        assert_eq!(during["aiThinking"], true);
        assert_eq!(during["canUndo"], false);
        assert_eq!(
            a.code("game_play", json!({"move": {"type": "no_figure"}})),
            "game/busy"
        );
        assert_eq!(a.code("game_undo", json!({})), "game/busy");
        let after = mover.join().unwrap().expect("the human's move");
        assert_eq!(after["aiThinking"], false);
        assert_eq!(after["current"], 0);
        // The refused calls changed nothing: the AI's turn went on and the human decides.
        assert_eq!(after["decision"]["human"], true);
        assert_eq!(a.ok("game_view", json!({}))["decision"], after["decision"]);
    });
}

#[test]
fn an_unreadable_autosave_is_reported_and_a_new_game_is_still_playable() {
    let dir = tempfile::tempdir().unwrap();
    // A current.json that cannot be read (nor written): a folder in its place.
    std::fs::create_dir_all(dir.path().join("current.json").join("x")).unwrap();
    let a = app(dir.path());
    let info = a.ok("app_info", json!({}));
    assert_eq!(info["resumable"], Value::Null);
    let problem = info["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["file"] == "current.json")
        .unwrap_or_else(|| panic!("current.json is reported: {info}"));
    assert!(!problem["reason"].as_str().unwrap().is_empty());
    // Set aside (a path) or left in place (null): either way it is said.
    assert!(problem["movedTo"].is_string() || problem["movedTo"].is_null());

    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let view = new_game(&a, &ada, &["random"], false, 4);
    let still_a_folder = dir.path().join("current.json").is_dir();
    if still_a_folder {
        // The autosave cannot be written: the view says so, and the game goes on.
        assert_eq!(
            view["saveError"]["code"], "storage/io",
            "{}",
            view["saveError"]
        );
    }
    let placed = a.ok("game_play", json!({"move": first_choice(&view)}));
    assert_eq!(placed["decision"]["kind"], "place_figure");
    let next = a.ok("game_play", json!({"move": {"type": "no_figure"}}));
    assert_eq!(next["current"], 0);
    if still_a_folder {
        assert_eq!(next["saveError"]["code"], "storage/io");
    }
    // Asking again is still no failure; the new game is offered if it could be saved.
    let again = a.ok("app_info", json!({}));
    if still_a_folder {
        assert_eq!(again["resumable"], Value::Null);
    } else {
        assert_eq!(again["resumable"]["gameId"], view["gameId"]);
    }
}

#[test]
fn every_malformed_argument_fails_with_code_and_message() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let cases = [
        ("profile_create", json!({"name": 5}), "name"),
        ("profile_create", json!({}), "name"),
        ("profile_rename", json!({"id": 5, "name": "Bea"}), "id"),
        (
            "profile_rename",
            json!({"id": "p-1", "name": ["Bea"]}),
            "name",
        ),
        ("profile_delete", json!({"id": 5}), "id"),
        ("profile_select", json!({"id": true}), "id"),
        ("game_new", json!({}), "config"),
        ("history_list", json!({"profileId": 5}), "profileId"),
        ("history_get", json!({"id": 5}), "id"),
        ("history_position", json!({"id": "g-1", "turn": -1}), "turn"),
        (
            "history_position",
            json!({"id": "g-1", "turn": "3"}),
            "turn",
        ),
        ("history_position", json!({"id": 5, "turn": 0}), "id"),
        ("history_delete", json!({"id": {}}), "id"),
        ("history_export", json!({"id": 5}), "id"),
        ("history_import", json!({"json": 5}), "json"),
        ("history_import", json!({"json": null}), "json"),
    ];
    for (cmd, args, key) in cases {
        let e = a.call(cmd, args.clone()).unwrap_err();
        assert_eq!(e["code"], "args/invalid", "{cmd} {args}: {e}");
        let message = e["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(cmd) && message.contains(&format!("\"{key}\"")),
            "{cmd} {args}: {message}"
        );
        assert_eq!(e["key"], "args.invalid", "{e}");
        assert_eq!(e["params"], json!({"command": cmd, "argument": key}), "{e}");
    }
    // The move is read by game_play itself, with the move's own code.
    let e = a.call("game_play", json!({"move": 5})).unwrap_err();
    assert_eq!(e["code"], "move/invalid", "{e}");
    assert!(e["message"].is_string());
    // Nothing was created by the refused calls.
    assert_eq!(a.ok("profiles_list", json!({}))["profiles"], json!([]));
}

/// A refused move names its reason with a message id and plain parameters, not only English.
#[test]
fn a_refused_move_carries_its_key_and_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let mut view = new_game(&a, &ada, &["random"], true, 3);
    if view["decision"]["kind"] == "draw_or_abbey" {
        view = a.ok("game_play", json!({"move": {"type": "draw"}}));
    }
    assert_eq!(view["decision"]["kind"], "place_tile", "{view}");
    let tile = view["decision"]["tile"].clone();
    let refused = |mv: Value| a.call("game_play", json!({ "move": mv })).unwrap_err();

    let e = refused(json!({"type": "place", "x": 0, "y": 0, "rotation": 90}));
    assert_eq!(e["code"], "move/illegal", "{e}");
    assert_eq!(e["key"], "play.placement.cell_taken", "{e}");
    assert_eq!(
        e["params"],
        json!({"tile": tile, "x": 0, "y": 0, "rotation": 90})
    );
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .starts_with("illegal placement"),
        "{e}"
    );

    let e = refused(json!({"type": "place", "x": 5, "y": -4, "rotation": 0}));
    assert_eq!(e["key"], "play.placement.not_adjacent", "{e}");
    assert_eq!(e["params"]["x"], 5);
    assert_eq!(e["params"]["y"], -4);

    let e = refused(json!({"type": "pass"}));
    assert_eq!(e["key"], "play.wrong_decision", "{e}");
    assert_eq!(
        e["params"],
        json!({"expected": "place_tile", "got": "pass"})
    );

    let e = refused(json!({"type": "figure", "kind": "follower", "on": "N"}));
    assert_eq!(
        (&e["code"], &e["key"]),
        (&json!("move/illegal"), &json!("name.no_figure_now"))
    );

    let e = refused(json!({"type": "place", "x": 0, "y": -1, "rotation": 45}));
    assert_eq!(e["code"], "move/invalid", "{e}");
    assert_eq!(e["key"], "name.bad_rotation", "{e}");
    assert_eq!(e["params"], json!({"rotation": 45}));

    let e = refused(json!({"type": "bogus"}));
    assert_eq!(
        (&e["key"], &e["params"]),
        (&json!("move.malformed"), &json!({}))
    );

    let e = a
        .call("game_odds", json!({"x": 3, "y": 3, "on": "N"}))
        .unwrap_err();
    assert_eq!(e["code"], "odds/no_tile", "{e}");
    assert_eq!(e["key"], "name.no_tile", "{e}");
    assert_eq!(e["params"], json!({"x": 3, "y": 3}));
    let e = a
        .call("game_odds", json!({"x": 0, "y": 0, "on": "Q"}))
        .unwrap_err();
    assert_eq!(e["code"], "odds/no_feature", "{e}");
    assert_eq!(e["params"], json!({"x": 0, "y": 0, "on": "Q"}));
}

/// A match in the history: a game resigned at once.
fn resigned_match(a: &App) -> String {
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    new_game(a, &ada, &["random"], false, 8);
    let view = a.ok("game_resign", json!({}));
    assert_eq!(view["luck"], Value::Null, "a resigned game is not weighed");
    let id = view["result"]["matchId"].as_str().unwrap().to_string();
    assert_eq!(a.ok("history_get", json!({"id": id}))["luck"], Value::Null);
    id
}

#[test]
fn exports_go_to_new_files_only_and_imports_take_bounded_text_only() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let id = resigned_match(&a);
    let exports = dir.path().join("exports");
    let name = |suffix: &str| exports.join(format!("carcassonne-{id}{suffix}.json"));

    // The window cannot choose the path: a `path` it sends is ignored.
    let elsewhere = dir.path().join("elsewhere.json");
    std::fs::write(&elsewhere, "keep me").unwrap();
    let first = a.ok(
        "history_export",
        json!({"id": id, "path": elsewhere.display().to_string()}),
    );
    assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "keep me");
    assert_eq!(first["path"], name("").display().to_string());
    let json = first["json"].as_str().unwrap().to_string();
    assert_eq!(std::fs::read_to_string(name("")).unwrap(), json);

    // Again: a fresh name each time; an existing file is never written over.
    let second = a.ok("history_export", json!({"id": id}));
    assert_eq!(second["path"], name("-2").display().to_string());
    std::fs::write(name("-3"), "someone else's").unwrap();
    let fourth = a.ok("history_export", json!({"id": id}));
    assert_eq!(fourth["path"], name("-4").display().to_string());
    assert_eq!(
        std::fs::read_to_string(name("-3")).unwrap(),
        "someone else's"
    );
    for suffix in ["", "-2", "-4"] {
        assert_eq!(std::fs::read_to_string(name(suffix)).unwrap(), json);
    }

    // Import takes the text only: a path is not read.
    assert_eq!(
        a.code(
            "history_import",
            json!({"path": name("").display().to_string()})
        ),
        "args/invalid"
    );
    // Too long a text is refused before it is parsed.
    let huge = format!(
        "{json}{}",
        " ".repeat(carcassonne_app_lib::limits::IMPORT_LIMIT)
    );
    assert_eq!(
        a.code("history_import", json!({"json": huge})),
        "record/too_large"
    );
    assert_eq!(
        a.ok("history_list", json!({"profileId": null}))["matches"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn a_new_game_while_the_old_ai_thinks_leaves_the_new_game_in_the_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let tx = std::sync::Mutex::new(tx);
    a.app.listen_any("ai-progress", move |e| {
        let p: Value = serde_json::from_str(e.payload()).unwrap();
        if p["stage"] == "thinking" {
            let _ = tx
                .lock()
                .unwrap()
                .send(p["gameId"].as_str().unwrap().into());
        }
    });
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let saved_id = || {
        let text = std::fs::read_to_string(dir.path().join("current.json")).unwrap();
        serde_json::from_str::<Value>(&text).unwrap()["gameId"].clone()
    };
    // Five fast AIs: the old game's worker spends its time saving moves under the session
    // lock while the new game starts. Several rounds, as the old worker may be at any step.
    let mut old = new_game(&a, &ada, &["random"; 5], false, 100);
    for round in 0..12u64 {
        let placed = a.ok("game_play", json!({"move": first_choice(&old)}));
        assert_eq!(placed["decision"]["kind"], "place_figure");
        let new = std::thread::scope(|s| {
            let webview = a.webview.clone();
            let mover = s.spawn(move || {
                call_on(
                    &webview,
                    "game_play",
                    json!({"move": {"type": "no_figure"}}),
                )
            });
            loop {
                let id = rx
                    .recv_timeout(std::time::Duration::from_secs(60))
                    .expect("the old game's AI starts thinking");
                if id == old["gameId"] {
                    break;
                }
            }
            let new = new_game(&a, &ada, &["random"; 5], false, 200 + round);
            // The old game's move resolves, or rejects as replaced.
            if let Err(e) = mover.join().unwrap() {
                assert_eq!(e["code"], "game/none", "{e}");
            }
            new
        });
        assert_ne!(new["gameId"], old["gameId"]);
        assert_eq!(saved_id(), new["gameId"], "round {round}");
        assert_eq!(a.ok("game_view", json!({}))["gameId"], new["gameId"]);
        old = new;
    }
}

#[test]
fn an_autosave_that_cannot_be_resumed_is_set_aside_once() {
    let dir = tempfile::tempdir().unwrap();
    {
        let a = app(dir.path());
        let ada = a.ok("profile_create", json!({"name": "Ada"}));
        new_game(&a, &ada, &["easy"], true, 5);
        close(a);
    }
    // The autosave parses and replays, but names an AI level this app does not have.
    let path = dir.path().join("current.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"easy\""), "{text}");
    std::fs::write(&path, text.replace("\"easy\"", "\"grandmaster\"")).unwrap();

    let a = app(dir.path());
    // While it runs, a second app on the folder is refused.
    let second = AppState::open(dir.path().to_path_buf())
        .err()
        .map(|e| e.code);
    assert_eq!(second.as_deref(), Some("storage/locked"));
    let info = a.ok("app_info", json!({}));
    assert_eq!(info["resumable"], Value::Null, "{info}");
    let problem = info["problems"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["file"] == "current.json")
        .unwrap_or_else(|| panic!("current.json is reported: {info}"));
    assert!(
        problem["reason"]
            .as_str()
            .unwrap()
            .contains("unknown AI level"),
        "{problem}"
    );
    let moved = problem["movedTo"].as_str().unwrap();
    assert!(dir.path().join(moved).is_file(), "{moved}");
    assert!(!path.exists());
    // Not offered again, and reported once.
    let again = a.ok("app_info", json!({}));
    assert_eq!(again["resumable"], Value::Null);
    assert_eq!(again["problems"], info["problems"]);
    assert_eq!(a.code("game_resume", json!({})), "game/none");
}

#[test]
fn game_odds_of_known_features_and_bad_names_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let view = new_game(&a, &ada, &["easy"], false, 11);
    // The aids come with the view: nothing is dead yet; the unseen chances add up.
    let aids = &view["aids"];
    assert_eq!(aids["dead"], json!([]));
    let unseen = aids["unseen"].as_array().unwrap();
    let total: u64 = unseen.iter().map(|u| u["count"].as_u64().unwrap()).sum();
    assert_eq!(aids["unseenTotal"].as_u64().unwrap(), total);
    let sum: f64 = unseen.iter().map(|u| u["chance"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");

    // The start tile D (city N, road E–W): its city closes with one tile north of it.
    let city = a.ok("game_odds", json!({"x": 0, "y": 0, "on": "N"}));
    assert_eq!(city["kind"], "city");
    assert_eq!(city["completion"], "one_tile");
    assert_eq!(city["cell"], json!({"x": 0, "y": -1}));
    let count = city["count"].as_u64().unwrap();
    let listed: u64 = city["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["count"].as_u64().unwrap())
        .sum();
    assert!(count > 0);
    assert_eq!(listed, count);
    assert_eq!(city["unseen"], aids["unseenTotal"]);
    let chance = city["chance"].as_f64().unwrap();
    assert!((chance - count as f64 / total as f64).abs() < 1e-9);
    assert!(city["tiles"][0]["id"].is_string());
    // Its road runs off both ways; the field south of it never completes.
    let road = a.ok("game_odds", json!({"x": 0, "y": 0, "on": "W"}));
    assert_eq!(
        (&road["kind"], &road["completion"], &road["count"]),
        (&json!("road"), &json!("several_tiles"), &json!(0))
    );
    let field = a.ok("game_odds", json!({"x": 0, "y": 0, "on": "Sw"}));
    assert_eq!(
        (&field["kind"], &field["completion"]),
        (&json!("field"), &json!("never"))
    );

    // Bad positions and names are coded errors and change nothing.
    let before = a.ok("game_view", json!({}));
    let autosave = std::fs::read(dir.path().join("current.json")).unwrap();
    for (args, code) in [
        (
            json!({"x": 0, "y": 0, "on": "monastery"}),
            "odds/no_feature",
        ),
        (json!({"x": 0, "y": 0, "on": "Q"}), "odds/no_feature"),
        (json!({"x": 4, "y": 4, "on": "N"}), "odds/no_tile"),
        (
            json!({"x": 1_000_000_000, "y": 0, "on": "N"}),
            "odds/no_tile",
        ),
        (json!({"x": 0, "y": 0, "on": 3}), "args/invalid"),
        (json!({"x": 0, "on": "N"}), "args/invalid"),
    ] {
        assert_eq!(a.code("game_odds", args.clone()), code, "{args}");
    }
    assert_eq!(a.ok("game_view", json!({})), before);
    assert_eq!(
        std::fs::read(dir.path().join("current.json")).unwrap(),
        autosave
    );
}

#[test]
fn settings_round_trip_and_game_new_remembers_the_setup() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    assert_eq!(
        a.ok("settings_get", json!({})),
        json!({"boardAids": true, "lastSetup": null, "theme": "system", "language": "system",
            "aiPace": "normal", "animations": "normal", "sounds": true})
    );
    let off = a.ok(
        "settings_set",
        json!({"settings": {"boardAids": false, "lastSetup": null, "theme": "dark", "language": "hu",
            "aiPace": "fast", "animations": "off", "sounds": false}}),
    );
    assert_eq!(
        off,
        json!({"boardAids": false, "lastSetup": null, "theme": "dark", "language": "hu",
            "aiPace": "fast", "animations": "off", "sounds": false})
    );
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    new_game(&a, &ada, &["easy", "hard"], true, 3);
    let want = json!({"boardAids": false, "theme": "dark", "language": "hu", "aiPace": "fast",
        "animations": "off", "sounds": false,
        "lastSetup": {"opponents": [{"level": "easy"}, {"level": "hard"}], "abbeyMayor": true}});
    assert_eq!(a.ok("settings_get", json!({})), want);

    // A set-up game_new would refuse, or a malformed argument, changes nothing.
    for (args, code) in [
        (
            json!({"settings": {"boardAids": true, "lastSetup": {"opponents": [], "abbeyMayor": true}}}),
            "settings/invalid",
        ),
        (
            json!({"settings": {"boardAids": true,
                "lastSetup": {"opponents": [{"level": "godlike"}], "abbeyMayor": true}}}),
            "settings/invalid",
        ),
        (json!({"settings": {"boardAids": "yes"}}), "args/invalid"),
        (json!({"settings": {"theme": "purple"}}), "args/invalid"),
        (json!({"settings": {"language": "de"}}), "args/invalid"),
        (json!({"settings": {"language": "Magyar"}}), "args/invalid"),
        (json!({"settings": {"aiPace": "ludicrous"}}), "args/invalid"),
        (json!({"settings": {"animations": "wild"}}), "args/invalid"),
        (json!({"settings": {"sounds": "loud"}}), "args/invalid"),
        (json!({}), "args/invalid"),
    ] {
        assert_eq!(a.code("settings_set", args.clone()), code, "{args}");
    }
    assert_eq!(a.ok("settings_get", json!({})), want);

    // They survive a restart.
    close(a);
    let a = app(dir.path());
    assert_eq!(a.ok("settings_get", json!({})), want);
    // A corrupt file reads as the defaults and is reported.
    close(a);
    std::fs::write(dir.path().join("settings.json"), b"{\"schema\": 1, \"boa").unwrap();
    let a = app(dir.path());
    assert_eq!(
        a.ok("settings_get", json!({})),
        json!({"boardAids": true, "lastSetup": null, "theme": "system", "language": "system",
            "aiPace": "normal", "animations": "normal", "sounds": true})
    );
    let problems = a.ok("app_info", json!({}))["problems"].clone();
    assert_eq!(problems[0]["file"], "settings.json", "{problems}");
}

/// Seeds stay exact as JavaScript numbers (API.md, "Seeds"): the largest one, 2^53 - 1,
/// comes back unchanged in the view, a larger one is refused, and random deals stay below
/// 2^53 too (20 of them: a u64 drawn at random is above with probability 1 - 2^-11).
#[test]
fn seeds_are_exact_as_javascript_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let max = (1u64 << 53) - 1;
    let view = new_game(&a, &ada, &["random"], false, max);
    // The seed tells the order of the pile, so the view says it only once the game has ended.
    assert_eq!(view["seed"], Value::Null);
    let cfg = |seed: Value| json!({"config": {"profileId": ada["id"], "opponents": [{"level": "random"}], "abbeyMayor": false, "seed": seed}});
    assert_eq!(a.code("game_new", cfg(json!(max + 1))), "game/bad_setup");
    assert_eq!(a.ok("game_view", json!({}))["seed"], Value::Null);
    assert_eq!(a.ok("game_resign", json!({}))["seed"].as_u64(), Some(max));
    for _ in 0..20 {
        assert_eq!(a.ok("game_new", cfg(Value::Null))["seed"], Value::Null);
        let seed = a.ok("game_resign", json!({}))["seed"].as_u64().unwrap();
        assert!(seed <= max, "random seed {seed}");
    }
}

/// A city spot says how many pennants its city has (a mayor's strength), other spots none.
#[test]
fn figure_spots_on_cities_give_their_pennants() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let mut view = new_game(&a, &ada, &["random"], true, 3);
    let (mut cities, mut others) = (0, 0);
    for _ in 0..200 {
        if view["over"] == true {
            break;
        }
        let d = &view["decision"];
        if d["kind"] == "place_figure" {
            for s in d["spots"].as_array().unwrap() {
                if s["feature"] == "city" {
                    assert!(s["pennants"].as_u64().is_some(), "{s}");
                    cities += 1;
                } else {
                    assert!(s["pennants"].is_null(), "{s}");
                    others += 1;
                }
            }
        }
        view = a.ok("game_play", json!({"move": first_choice(&view)}));
    }
    assert!(
        cities > 0 && others > 0,
        "{cities} city spots, {others} others"
    );
}

/// One turn numbering (API.md, "Turns"): `turn` counts turns completed, so the turn in
/// progress, `turn + 1`, is the same before and after its tile is placed, and is the turn
/// of that tile's event; a finished game's `turn` is its number of turns.
#[test]
fn the_turn_in_progress_is_turn_plus_one_throughout_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let mut view = new_game(&a, &ada, &["random"], true, 11);
    let mut checked = 0;
    for _ in 0..400 {
        if view["over"] == true {
            break;
        }
        let before = view["turn"].as_u64().unwrap();
        let kind = view["decision"]["kind"].clone();
        view = a.ok("game_play", json!({"move": first_choice(&view)}));
        if kind == "place_tile" && view["decision"]["kind"] == "place_figure" {
            assert_eq!(view["turn"].as_u64().unwrap(), before, "{view}");
            let placed = view["recent"]
                .as_array()
                .unwrap()
                .iter()
                .rev()
                .find(|e| e["type"] == "tile_placed")
                .unwrap();
            assert_eq!(placed["turn"].as_u64().unwrap(), before + 1);
            let info = a.ok("app_info", json!({}));
            assert_eq!(info["resumable"]["turn"].as_u64().unwrap(), before);
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked} placements checked");
    assert_eq!(view["over"], true);
    let list = a.ok("history_list", json!({"profileId": null}));
    assert_eq!(list["matches"][0]["turns"], view["turn"]);
}

/// A finished two-player game (the human at seat 0, Abbey & Mayor) played by a fixed rule,
/// as a record's JSON.
fn finished_record(seed: u64) -> String {
    use carcassonne_engine::{Game, PlayerKind, Record, RecordPlayer, Setup};
    let mut game = Game::new(&Setup {
        players: 2,
        abbey_mayor: true,
        seed,
    })
    .unwrap();
    let mut k = seed;
    while !game.is_over() {
        let moves = game.legal_moves();
        k = k
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        game.play(moves[(k >> 33) as usize % moves.len()]).unwrap();
    }
    let player = |name: &str, kind, level: Option<&str>| RecordPlayer {
        name: name.into(),
        kind,
        level: level.map(Into::into),
    };
    Record::from_game(
        &game,
        vec![
            player("Ada", PlayerKind::Human, None),
            player("Bot", PlayerKind::Ai, Some("random")),
        ],
    )
    .to_json()
}

/// The `review-progress` events, as they come.
fn review_events(a: &App) -> std::sync::mpsc::Receiver<Value> {
    let (tx, rx) = std::sync::mpsc::channel();
    a.app.listen_any("review-progress", move |e| {
        let _ = tx.send(serde_json::from_str::<Value>(e.payload()).unwrap());
    });
    rx
}

/// The events up to the end of a review (`done`, `cancelled` or `failed`): waits for that
/// event, not for a time (the timeout only ends a test that would hang).
fn until_end(rx: &std::sync::mpsc::Receiver<Value>) -> Vec<Value> {
    let mut out = Vec::new();
    loop {
        let e = rx
            .recv_timeout(std::time::Duration::from_secs(600))
            .expect("the review ends");
        let end = e["state"] != "running";
        out.push(e);
        if end {
            return out;
        }
    }
}

#[test]
fn a_review_runs_reports_progress_and_is_stored_with_its_match() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let rx = review_events(&a);
    let id = a.ok("history_import", json!({"json": finished_record(3)}))["id"].clone();
    assert_eq!(
        a.ok("history_get", json!({"id": id}))["review"],
        Value::Null
    );
    assert_eq!(
        a.ok("history_list", json!({}))["matches"][0]["accuracy"],
        Value::Null
    );

    let started = a.ok("review_start", json!({"id": id, "iterations": 8}));
    assert_eq!(started["id"], id);
    assert_eq!(started["state"], "running");
    assert_eq!(started["done"], 0);
    let total = started["total"].as_u64().unwrap();
    assert!(total > 20, "{started}");
    let events = until_end(&rx);
    assert_eq!(events.len() as u64, total + 1);
    for (i, e) in events[..total as usize].iter().enumerate() {
        assert_eq!(
            e,
            &json!({"id": id, "done": i + 1, "total": total, "state": "running"})
        );
    }
    assert_eq!(
        events[total as usize],
        json!({"id": id, "done": total, "total": total, "state": "done"})
    );
    assert_eq!(a.ok("review_status", json!({})), Value::Null);

    let detail = a.ok("history_get", json!({"id": id}));
    let review = &detail["review"];
    assert_eq!(review["player"], 0);
    assert_eq!(review["iterations"], 8);
    let decisions = review["decisions"].as_array().unwrap();
    assert_eq!(decisions.len() as u64, total);
    let counts = &review["counts"];
    let counted: u64 = ["best", "good", "inaccuracy", "mistake", "blunder"]
        .iter()
        .map(|c| counts[c].as_u64().unwrap())
        .sum();
    assert_eq!(counted, total);
    for d in decisions {
        for key in [
            "turn",
            "index",
            "decision",
            "played",
            "best",
            "playedWin",
            "bestWin",
            "playedMargin",
            "bestMargin",
            "winLoss",
            "pointLoss",
            "severity",
            "class",
            "accuracy",
        ] {
            assert!(d.get(key).is_some(), "{key} in {d}");
        }
        // A reason exactly when the played move is not the best.
        assert_eq!(d["why"].is_null(), d["played"] == d["best"], "{d}");
        if !d["why"].is_null() {
            assert!(d["why"]["id"].is_string() && d["why"]["params"].is_object());
        }
    }
    let accuracy = review["accuracy"].as_f64().unwrap();
    assert_eq!(detail["summary"]["accuracy"].as_f64(), Some(accuracy));
    assert_eq!(
        a.ok("history_list", json!({}))["matches"][0]["accuracy"].as_f64(),
        Some(accuracy)
    );

    // Asked again: done at once, nothing runs, no event.
    let again = a.ok("review_start", json!({"id": id, "iterations": 8}));
    assert_eq!(
        again,
        json!({"id": id, "state": "done", "done": total, "total": total})
    );
    assert_eq!(a.ok("review_status", json!({})), Value::Null);
    assert!(rx.try_recv().is_err());

    // The stored review survives a restart.
    close(a);
    let b = app(dir.path());
    assert_eq!(b.ok("history_get", json!({"id": id}))["review"], *review);
    assert_eq!(review["accuracyFormula"], 2);
    close(b);

    // A review stored with the first accuracy formula (no formula number, its old figure) is
    // rescored from its decisions' severities when the history is listed, and saved so.
    let path = dir
        .path()
        .join(format!("matches/{}.json", id.as_str().unwrap()));
    let mut file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    file["review"]
        .as_object_mut()
        .unwrap()
        .remove("accuracyFormula");
    file["review"]["accuracy"] = json!(99.5);
    file["meta"]
        .as_object_mut()
        .unwrap()
        .remove("accuracyFormula");
    file["meta"]["accuracy"] = json!(99.5);
    std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
    let c = app(dir.path());
    let listed = &c.ok("history_list", json!({}))["matches"][0];
    assert_eq!(listed["accuracy"].as_f64(), Some(accuracy), "{listed}");
    assert_eq!(listed["accuracyFormula"], 2);
    let file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!(file["review"]["accuracy"].as_f64(), Some(accuracy));
    assert_eq!(file["review"]["accuracyFormula"], 2);
    assert_eq!(c.ok("history_get", json!({"id": id}))["review"], *review);
}

#[test]
fn a_cancelled_or_replaced_review_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let rx = review_events(&a);
    let one = a.ok("history_import", json!({"json": finished_record(4)}))["id"].clone();
    let two = a.ok("history_import", json!({"json": finished_record(5)}))["id"].clone();
    let slow = json!({"id": one, "iterations": 100_000});

    let started = a.ok("review_start", slow.clone());
    let status = a.ok("review_status", json!({}));
    assert_eq!(status["id"], one);
    assert_eq!(status["state"], "running");
    assert_eq!(status["total"], started["total"]);
    // Starting the match being reviewed again changes nothing.
    assert_eq!(a.ok("review_start", slow.clone())["state"], "running");
    assert_eq!(a.ok("review_cancel", json!({})), Value::Null);
    assert_eq!(a.ok("review_status", json!({})), Value::Null);
    let end = until_end(&rx);
    assert_eq!(end.last().unwrap()["state"], "cancelled");
    assert_eq!(end.last().unwrap()["id"], one);
    assert_eq!(
        a.ok("history_get", json!({"id": one}))["review"],
        Value::Null
    );
    // Cancelling when nothing runs is no error.
    assert_eq!(a.ok("review_cancel", json!({})), Value::Null);

    // Another review replaces a running one, which stores nothing.
    a.ok("review_start", slow);
    a.ok("review_start", json!({"id": two, "iterations": 4}));
    let mut ends = Vec::new();
    while ends.len() < 2 {
        ends.extend(
            until_end(&rx)
                .into_iter()
                .filter(|e| e["state"] != "running"),
        );
    }
    ends.sort_by_key(|e| e["state"].as_str().unwrap().to_string());
    assert_eq!(
        (&ends[0]["id"], &ends[0]["state"]),
        (&one, &json!("cancelled"))
    );
    assert_eq!((&ends[1]["id"], &ends[1]["state"]), (&two, &json!("done")));
    let list = a.ok("history_list", json!({}))["matches"].clone();
    let accuracy = |id: &Value| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == *id)
            .unwrap()["accuracy"]
            .clone()
    };
    assert_eq!(accuracy(&one), Value::Null);
    assert!(accuracy(&two).is_number());
    assert_eq!(
        a.ok("history_get", json!({"id": one}))["review"],
        Value::Null
    );
}

#[test]
fn reviews_of_unknown_or_unfinished_matches_and_bad_budgets_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let resigned = resigned_match(&a);
    let finished = a.ok("history_import", json!({"json": finished_record(6)}))["id"].clone();
    assert_eq!(
        a.code("review_start", json!({"id": "g-nothing"})),
        "review/not_found"
    );
    assert_eq!(
        a.code("review_start", json!({"id": "../../etc"})),
        "review/not_found"
    );
    assert_eq!(
        a.code("review_start", json!({"id": resigned})),
        "review/not_finished"
    );
    for n in [json!(0), json!(100_001)] {
        assert_eq!(
            a.code("review_start", json!({"id": finished, "iterations": n})),
            "review/bad_iterations"
        );
    }
    assert_eq!(
        a.code("review_start", json!({"id": finished, "iterations": -1})),
        "args/invalid"
    );
    assert_eq!(a.code("review_start", json!({})), "args/invalid");
    assert_eq!(a.ok("review_status", json!({})), Value::Null);
}

/// `match_level`: refused without a profile and for a chance outside 0.05–0.95; with one, the
/// opponent whose expected result is the chance, named as `game_new` will name it.
#[test]
fn match_level_needs_a_profile_and_a_sensible_chance() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let info = a.ok("app_info", json!({}));
    let strength = &info["strength"];
    assert!(strength["min"].as_f64().unwrap() < strength["max"].as_f64().unwrap());
    for level in info["levels"].as_array().unwrap() {
        let r = strength["levels"][level.as_str().unwrap()].as_f64();
        assert!(r.is_some(), "{level} has a rating");
    }
    assert!(strength["levels"]["hard"].as_f64() > strength["levels"]["medium"].as_f64());

    assert_eq!(
        a.code("match_level", json!({"chance": 0.5})),
        "profile/none_active"
    );
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    for chance in [json!(0.99), json!(0.01), json!(-1), json!(0.96)] {
        let e = a
            .call("match_level", json!({"chance": chance}))
            .unwrap_err();
        assert_eq!(e["code"], "rating/bad_chance", "{chance}");
        assert_eq!(e["key"], "rating.bad_chance");
        assert_eq!(e["params"]["min"], "0.05");
    }
    assert_eq!(
        a.code("match_level", json!({"chance": "half"})),
        "args/invalid"
    );
    let even = a.ok("match_level", json!({"chance": 0.5}));
    assert_eq!(even["playerRating"], json!(1200.0));
    assert!(
        (even["chance"].as_f64().unwrap() - 0.5).abs() < 0.01,
        "{even}"
    );
    let hard = a.ok("match_level", json!({"chance": 0.35}));
    assert!(hard["opponentRating"].as_f64() > even["opponentRating"].as_f64());
    assert!(hard["chance"].as_f64() < even["chance"].as_f64());
    // Asked back by its rating, the opponent is the one named.
    let view = a.ok(
        "game_new",
        json!({"config": {"profileId": ada["id"], "opponents": [{"rating": hard["opponentRating"]}],
                          "abbeyMayor": false, "seed": 3}}),
    );
    assert_eq!(view["players"][1]["level"], hard["level"]);
    assert_eq!(view["players"][1]["rating"], hard["opponentRating"]);
    assert_eq!(view["players"][0]["rating"], Value::Null);
    assert_eq!(view["ratingChange"], Value::Null);
}

/// `game_new` opponents: `{ level }` (a level or a spec on the curve) or `{ rating }`, exactly
/// one; anything else is `game/bad_setup` with its message id, and nothing changes.
#[test]
fn opponents_by_level_spec_or_rating_and_bad_shapes() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let game = |opponents: Value| {
        a.call(
            "game_new",
            json!({"config": {"profileId": ada["id"], "opponents": opponents,
                              "abbeyMayor": false, "seed": 9}}),
        )
    };
    for (opponents, key) in [
        (json!([{}]), "setup.opponent_shape"),
        (
            json!([{"level": "easy"}, {"level": "hard", "rating": 1500}]),
            "setup.opponent_shape",
        ),
        (json!([{"rating": "strong"}]), "setup.malformed"),
        (json!([{"rating": 1500, "noise": 1}]), "setup.malformed"),
        (json!([{"level": "hard@250ms"}]), "setup.unknown_level"),
        (json!([{"level": "godlike"}]), "setup.unknown_level"),
    ] {
        let e = game(opponents.clone()).unwrap_err();
        assert_eq!(e["code"], "game/bad_setup", "{opponents}");
        assert_eq!(e["key"], key, "{opponents}");
    }
    let e = game(json!([{"level": "easy"}, {}])).unwrap_err();
    assert_eq!(e["params"]["opponent"], 2);
    assert!(!dir.path().join("current.json").exists());
    assert_eq!(a.ok("settings_get", json!({}))["lastSetup"], Value::Null);

    // A level, a spec and two ratings (one beyond the curve's top, clamped to it).
    let view = game(
        json!([{"level": "hard"}, {"level": "easy~0.65"}, {"rating": 1250},
                           {"rating": 99999}]),
    )
    .unwrap();
    let levels: Vec<Value> = (1..=4)
        .map(|s| view["players"][s]["level"].clone())
        .collect();
    assert_eq!(levels[0], "hard");
    assert_eq!(levels[1], "easy~0.65");
    let top = a.ok("app_info", json!({}))["strength"]["max"].clone();
    assert_eq!(view["players"][4]["rating"], top);
    for s in 1..=4 {
        assert!(view["players"][s]["rating"].is_number(), "{s}");
    }
    // The set-up remembered names every opponent as it plays.
    let setup = &a.ok("settings_get", json!({}))["lastSetup"];
    let remembered: Vec<Value> = setup["opponents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["level"].clone())
        .collect();
    assert_eq!(remembered, levels);
    // Settings take both forms, exactly one of the two.
    let mut settings = a.ok("settings_get", json!({}));
    settings["lastSetup"]["opponents"] = json!([{"rating": 1400}, {"level": "hard@1732"}]);
    assert_eq!(
        a.ok("settings_set", json!({"settings": settings.clone()}))["lastSetup"]["opponents"],
        json!([{"rating": 1400.0}, {"level": "hard@1732"}])
    );
    settings["lastSetup"]["opponents"] = json!([{"rating": 1400, "level": "hard"}]);
    let e = a
        .call("settings_set", json!({"settings": settings}))
        .unwrap_err();
    assert_eq!(
        (e["code"].clone(), e["key"].clone()),
        (json!("settings/invalid"), json!("settings.opponent_shape"))
    );
}

/// A game against a rating opponent is saved with its spec, resumed as it was, and at its end
/// the view says how the rating moved: the same change the profile counted.
#[test]
fn a_rating_opponent_resumes_and_the_end_view_has_the_rating_change() {
    let dir = tempfile::tempdir().unwrap();
    let (before, spec) = {
        let a = app(dir.path());
        let ada = a.ok("profile_create", json!({"name": "Ada"}));
        let view = a.ok(
            "game_new",
            json!({"config": {"profileId": ada["id"], "opponents": [{"rating": 1300}],
                              "abbeyMayor": false, "seed": 21}}),
        );
        let spec = view["players"][1]["level"].as_str().unwrap().to_string();
        assert!(spec.starts_with("easy~"), "{spec}");
        let mid = a.ok("game_play", json!({"move": first_choice(&view)}));
        close(a);
        (mid, spec)
    };
    let a = app(dir.path());
    let info = a.ok("app_info", json!({}));
    assert_eq!(info["resumable"]["opponents"], json!([{"level": spec}]));
    let resumed = a.ok("game_resume", json!({}));
    assert_eq!(resumed["players"], before["players"]);
    assert_eq!(resumed["ratingChange"], Value::Null);
    let end = a.ok("game_resign", json!({}));
    let change = &end["ratingChange"];
    assert_eq!(change["before"], json!(1200.0));
    let profile = &a.ok("profiles_list", json!({}))["profiles"][0];
    assert_eq!(change["after"], profile["stats"]["rating"]["elo"]);
    assert!(change["after"].as_f64() < change["before"].as_f64());
    let o = &change["opponents"][0];
    assert_eq!(o["seat"], 1);
    assert_eq!(o["rating"], end["players"][1]["rating"]);
    assert_eq!(o["result"], json!(0.0));
    let expected = o["expected"].as_f64().unwrap();
    let want = 1200.0 + 32.0 * (0.0 - expected);
    assert!((change["after"].as_f64().unwrap() - want).abs() < 1e-9);
    // The match and the history name the opponent by its spec, with the rating after.
    let list = a.ok("history_list", json!({"profileId": null}));
    assert_eq!(list["matches"][0]["opponents"][0]["level"], json!(spec));
    assert_eq!(list["matches"][0]["ratingAfter"], change["after"]);
    assert_eq!(a.ok("game_view", json!({}))["ratingChange"], *change);
}

/// "Play this deal again, seats swapped": a new game on a finished match's deal, the human one
/// seat on (two players: swapped, so the opponent's first tile is now theirs), the same
/// opponents and expansion, and not rated (the player has seen the tiles).
#[test]
fn a_deal_played_again_swaps_the_seats_and_is_not_rated() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let imported = a.ok("history_import", json!({"json": finished_record(31)}));
    let id = imported["id"].clone();
    let original = a.ok("history_get", json!({"id": id}));
    let first = |turns: &Value| {
        turns
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t.get("tile").is_some())
            .unwrap()["tile"]
            .clone()
    };
    let elo = a.ok("profiles_list", json!({}))["profiles"][0]["stats"]["rating"].clone();

    let view = a.ok("game_replay_deal", json!({"id": id}));
    assert_eq!(view["human"], 1);
    assert_eq!(view["rated"], false);
    assert_eq!(view["players"][1]["kind"], "human");
    assert_eq!(view["players"][1]["name"], ada["name"]);
    assert_eq!(view["players"][0]["level"], "random");
    assert_eq!(view["abbeyMayor"], true);
    // Seat 0 (now the AI) drew the deal's first tile and played it; the human decides next.
    assert_eq!(view["current"], 1);
    let log = a.ok("game_log", json!({}));
    let placed = log
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["type"] == "tile_placed")
        .unwrap();
    assert_eq!(
        (placed["player"].clone(), placed["tile"].clone()),
        (json!(0), first(&original["record"]["turns"]))
    );
    // The human's first tile is the one seat 1 drew in the original game.
    let second = original["record"]["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t.get("tile").is_some())
        .nth(1)
        .unwrap()["tile"]
        .clone();
    assert_eq!(view["decision"]["tile"], second);

    // Resigned: counted in the statistics, not in the rating.
    let end = a.ok("game_resign", json!({}));
    assert_eq!(end["ratingChange"], Value::Null);
    let profile = &a.ok("profiles_list", json!({}))["profiles"][0];
    assert_eq!(profile["stats"]["games"], 1);
    assert_eq!(profile["stats"]["rating"], elo, "the rating did not move");
    let list = a.ok("history_list", json!({"profileId": ada["id"]}));
    assert_eq!(list["matches"][0]["rated"], false);
    assert_eq!(list["matches"][0]["ratingAfter"], Value::Null);
    assert_eq!(list["matches"][0]["seed"], original["summary"]["seed"]);

    // No such match; a record without a deal number.
    assert_eq!(
        a.code("game_replay_deal", json!({"id": "g-none"})),
        "match/not_found"
    );
    let mut seedless: Value = serde_json::from_str(&finished_record(32)).unwrap();
    seedless.as_object_mut().unwrap().remove("seed");
    let m = a.ok("history_import", json!({"json": seedless.to_string()}));
    let e = a
        .call("game_replay_deal", json!({"id": m["id"]}))
        .unwrap_err();
    assert_eq!(
        (e["code"].clone(), e["key"].clone()),
        (json!("history/no_deal"), json!("history.no_deal"))
    );
    // A seat outside the game.
    let e = a
        .call(
            "game_new",
            json!({"config": {"opponents": [{"level": "random"}], "abbeyMayor": false, "seat": 2}}),
        )
        .unwrap_err();
    assert_eq!(
        (e["code"].clone(), e["key"].clone()),
        (json!("game/bad_setup"), json!("setup.seat"))
    );
    assert_eq!(e["params"], json!({"seat": 2, "last": 1}));
}

/// Gives the imported match `id` to the profile `profile` (as if it had played it).
fn give_match(dir: &Path, id: &str, profile: &Value) {
    let path = dir.join(format!("matches/{id}.json"));
    let mut file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    file["meta"]["profileId"] = profile["id"].clone();
    file["meta"]["profileName"] = profile["name"].clone();
    std::fs::write(&path, serde_json::to_vec(&file).unwrap()).unwrap();
}

#[test]
fn mistakes_of_a_reviewed_game_are_retried_and_a_failed_one_comes_back_later() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    assert_eq!(
        a.code("retry_play", json!({"move": {"type": "draw"}})),
        "retry/none"
    );
    assert_eq!(a.code("retry_again", json!({})), "retry/none");
    // No profile: nothing to practise.
    let none = a.ok("training_list", json!({}));
    assert_eq!(none["due"], json!([]));

    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let id = a.ok("history_import", json!({"json": finished_record(3)}))["id"].clone();
    let id_s = id.as_str().unwrap().to_string();
    assert_eq!(
        a.code("retry_start", json!({"matchId": id, "index": 0})),
        "retry/not_reviewed"
    );
    assert_eq!(
        a.code("retry_start", json!({"matchId": "g-none", "index": 0})),
        "match/not_found"
    );
    give_match(dir.path(), &id_s, &ada);
    let rx = review_events(&a);
    a.ok("review_start", json!({"id": id, "iterations": 60}));
    assert_eq!(until_end(&rx).last().unwrap()["state"], "done");
    let review = a.ok("history_get", json!({"id": id}))["review"].clone();
    let wrong: Vec<&Value> = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["class"] == "mistake" || d["class"] == "blunder")
        .collect();
    assert!(
        wrong.len() >= 2,
        "a random player's mistakes: {}",
        wrong.len()
    );

    // The list gathers the profile's reviewed mistakes, all due now.
    let list = a.ok("training_list", json!({}));
    let due = list["due"].as_array().unwrap();
    assert_eq!(due.len(), wrong.len(), "{list}");
    assert_eq!(list["learnt"], 0);
    for (d, w) in due.iter().zip(&wrong) {
        assert_eq!(d["matchId"], id);
        assert_eq!(d["index"], w["index"]);
        assert_eq!(d["class"], w["class"]);
        assert_eq!(
            (d["dueNow"].clone(), d["step"].clone()),
            (json!(true), json!(0))
        );
    }
    assert!(
        dir.path()
            .join(format!("training/{}.json", ada["id"].as_str().unwrap()))
            .exists()
    );

    // The first mistake: the position before it, the same player to move.
    let first = wrong[0];
    let start = a.ok(
        "retry_start",
        json!({"matchId": id, "index": first["index"]}),
    );
    assert_eq!(start["tries"], 0);
    assert_eq!(start["maxTries"], 2);
    assert_eq!(start["original"], *first);
    assert_eq!(start["outcome"], Value::Null);
    assert_eq!(start["view"]["decision"]["kind"], first["decision"]);
    assert_eq!(start["view"]["decision"]["player"], 0);
    assert_eq!(start["view"]["decision"]["human"], true);
    // A move the rules refuse, or one that is not of this decision, changes nothing.
    for bad in [
        json!({"type": "place", "x": 900, "y": 900, "rotation": 0}),
        json!({"type": "jump"}),
    ] {
        let code = a.code("retry_play", json!({"move": bad}));
        assert!(code == "move/illegal" || code == "move/invalid", "{code}");
    }
    // The move played in the game is judged as the review judged it: not solved, one try left.
    let tried = a.ok("retry_play", json!({"move": first["played"]}));
    assert_eq!(tried["tries"], 1);
    let o = &tried["outcome"];
    assert_eq!(o["solved"], false);
    assert_eq!(o["over"], false);
    assert_eq!(o["tried"], *first, "the same verdict");
    assert_eq!(o["answer"], Value::Null);
    assert_eq!(o["drill"], Value::Null);
    assert_eq!(
        a.code("retry_play", json!({"move": first["played"]})),
        "retry/over"
    );
    let again = a.ok("retry_again", json!({}));
    assert_eq!(again["outcome"], Value::Null);
    assert_eq!(again["view"], start["view"]);
    assert_eq!(a.code("retry_again", json!({})), "retry/over");
    // The second failure ends it: the answer is the review's better move, shown played.
    let failed = a.ok("retry_play", json!({"move": first["played"]}));
    let o = &failed["outcome"];
    assert_eq!(
        (o["solved"].clone(), o["over"].clone()),
        (json!(false), json!(true))
    );
    assert_eq!(o["answer"], first["best"]);
    assert_eq!(o["drill"]["step"], 1);
    assert_eq!(o["drill"]["dueNow"], false);
    assert_eq!(o["drill"]["retries"], 1);
    assert_ne!(failed["view"], start["view"]);
    assert_eq!(a.code("retry_again", json!({})), "retry/over");

    // The second mistake, solved with the review's better move: learnt.
    let second = wrong[1];
    a.ok(
        "retry_start",
        json!({"matchId": id, "index": second["index"]}),
    );
    let solved = a.ok("retry_play", json!({"move": second["best"]}));
    let o = &solved["outcome"];
    assert_eq!(
        (o["solved"].clone(), o["over"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(o["tried"]["class"], "best");
    assert_eq!(o["answer"], Value::Null);
    assert!(o["drill"].is_object());

    // The failed one comes back later, the solved one is learnt; after a restart too.
    let check = |list: &Value| {
        assert_eq!(
            list["due"].as_array().unwrap().len(),
            wrong.len() - 2,
            "{list}"
        );
        let later = list["later"].as_array().unwrap();
        assert_eq!(later.len(), 1, "{list}");
        assert_eq!(later[0]["index"], first["index"]);
        assert_eq!(list["learnt"], 1);
    };
    check(&a.ok("training_list", json!({})));
    close(a);
    let b = app(dir.path());
    check(&b.ok("training_list", json!({})));
    // A decision the review does not have.
    assert_eq!(
        b.code("retry_start", json!({"matchId": id, "index": 100_000})),
        "retry/no_decision"
    );
    // Deleting the match takes its mistakes out of the list.
    b.ok("history_delete", json!({"id": id}));
    let list = b.ok("training_list", json!({}));
    assert_eq!(list["due"], json!([]));
    assert_eq!(list["later"], json!([]));
    let file = dir
        .path()
        .join(format!("training/{}.json", ada["id"].as_str().unwrap()));
    let text = std::fs::read_to_string(file).unwrap();
    assert!(!text.contains(&id_s), "{text}");
}

/// The tiles drawn in a record's turns, in order (placed or discarded).
fn drawn_tiles(turns: &Value) -> Vec<Value> {
    turns
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t.get("tile").or_else(|| t.get("discarded")).cloned())
        .collect()
}

#[test]
fn a_game_played_from_a_replay_position_keeps_or_reshuffles_the_tiles_left() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let imported = a.ok("history_import", json!({"json": finished_record(33)}));
    let id = imported["id"].clone();
    let from = json!({"id": id, "turn": 20, "reshuffle": false});
    assert_eq!(
        a.code("game_play_from", from.clone()),
        "profile/none_active"
    );
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let original = a.ok("history_get", json!({"id": id}));
    let record = &original["record"];
    let entries = record["turns"].as_array().unwrap().len();
    let current = || -> Value {
        serde_json::from_slice(&std::fs::read(dir.path().join("current.json")).unwrap()).unwrap()
    };

    // The tiles as they came: the position after 20 entries, its next draws the match's.
    let view = a.ok("game_play_from", from);
    assert_eq!(view["rated"], false);
    assert_eq!(view["human"], 0);
    assert_eq!(view["players"][0]["name"], ada["name"]);
    assert_eq!(view["players"][1]["level"], "random");
    assert_eq!(
        view["deal"],
        Value::Null,
        "no fingerprint: not a fresh deal"
    );
    let saved = current();
    assert_eq!(saved["record"]["seed"], record["seed"]);
    assert_eq!(
        saved["record"]["turns"],
        json!(record["turns"].as_array().unwrap()[..20])
    );
    // Played on by the first choice each time: the tiles come in the match's order.
    let mut v = view;
    for _ in 0..12 {
        if v["over"] == true {
            break;
        }
        v = a.ok("game_play", json!({"move": first_choice(&v)}));
    }
    let now = drawn_tiles(&current()["record"]["turns"]);
    let was = drawn_tiles(&record["turns"]);
    assert!(now.len() > 22, "{} tiles drawn", now.len());
    assert_eq!(now, was[..now.len()], "the tiles left come as they came");

    // Other opponents, one for each other seat: the seat keeps its name, takes the level.
    let before = current();
    for wrong in [json!([]), json!([{"level": "easy"}, {"level": "hard"}])] {
        let e = a
            .call(
                "game_play_from",
                json!({"id": id, "turn": 20, "reshuffle": false, "opponents": wrong}),
            )
            .unwrap_err();
        assert_eq!(e["code"], "game/bad_setup", "{e}");
        assert_eq!(e["key"], "setup.seats", "{e}");
        assert_eq!(e["params"]["seats"], 1, "{e}");
    }
    assert_eq!(
        a.code(
            "game_play_from",
            json!({"id": id, "turn": 20, "reshuffle": false, "opponents": [{"level": "godlike"}]})
        ),
        "game/bad_setup"
    );
    assert_eq!(current(), before, "a refused start changes nothing");
    let view = a.ok(
        "game_play_from",
        json!({"id": id, "turn": 20, "reshuffle": false, "opponents": [{"rating": 1200}]}),
    );
    let level = view["players"][1]["level"].as_str().unwrap().to_string();
    assert_ne!(level, "random");
    assert_eq!(
        view["players"][1]["name"],
        original["summary"]["players"][1]["name"]
    );
    let saved = current();
    assert_eq!(saved["record"]["players"][1]["level"], level);
    assert_eq!(saved["record"]["seed"], record["seed"]);

    // Reshuffled: a new seed deals the tiles left afresh; the first 20 entries are kept.
    let view = a.ok(
        "game_play_from",
        json!({"id": id, "turn": 20, "reshuffle": true}),
    );
    assert_eq!(view["rated"], false);
    let saved = current();
    assert_ne!(saved["record"]["seed"], record["seed"]);
    assert_eq!(
        saved["record"]["turns"],
        json!(record["turns"].as_array().unwrap()[..20])
    );

    // Played to the end: filed as a practice game, not rated.
    let elo = a.ok("profiles_list", json!({}))["profiles"][0]["stats"]["rating"].clone();
    let mut v = view;
    let mut n = 0;
    while v["over"] != true {
        v = a.ok("game_play", json!({"move": first_choice(&v)}));
        n += 1;
        assert!(n < 400);
    }
    assert_eq!(v["ratingChange"], Value::Null);
    let list = a.ok("history_list", json!({"profileId": ada["id"]}));
    let filed = list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == v["gameId"])
        .unwrap()
        .clone();
    assert_eq!(filed["rated"], false);
    assert_eq!(filed["ratingAfter"], Value::Null);
    assert_eq!(
        a.ok("profiles_list", json!({}))["profiles"][0]["stats"]["rating"],
        elo
    );

    // Nothing to play after the last entry; no such match; no deal number.
    let e = a
        .call(
            "game_play_from",
            json!({"id": id, "turn": entries, "reshuffle": false}),
        )
        .unwrap_err();
    assert_eq!(
        (e["code"].clone(), e["params"].clone()),
        (json!("history/at_end"), json!({"turn": entries}))
    );
    assert_eq!(
        a.code(
            "game_play_from",
            json!({"id": "g-none", "turn": 1, "reshuffle": false})
        ),
        "match/not_found"
    );
    let mut seedless: Value = serde_json::from_str(&finished_record(34)).unwrap();
    seedless.as_object_mut().unwrap().remove("seed");
    let m = a.ok("history_import", json!({"json": seedless.to_string()}));
    assert_eq!(
        a.code(
            "game_play_from",
            json!({"id": m["id"], "turn": 1, "reshuffle": false})
        ),
        "history/no_deal"
    );
}

/// The puzzle's answer and runner-up (moves by name) from the built-in sets.
fn puzzle_moves(id: &str) -> (Value, Value) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons/puzzles");
    for entry in std::fs::read_dir(dir).unwrap() {
        let set: Value =
            serde_json::from_str(&std::fs::read_to_string(entry.unwrap().path()).unwrap()).unwrap();
        if let Some(p) = set["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
        {
            return (p["answer"].clone(), p["runnerUp"].clone());
        }
    }
    panic!("no puzzle {id}");
}

/// Puzzles: the list by theme; a puzzle solved at once raises the profile's puzzle rating
/// (stored, read back after a relaunch); a miss lowers it and only the first try counts; the
/// answer is shown after the last miss; the game in progress is untouched; bad input refused
/// with nothing changed.
#[test]
fn puzzles_rate_the_first_try_and_never_touch_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let game = new_game(&a, &ada, &["greedy"], true, 11);
    let list = a.ok("puzzle_list", json!({}));
    assert!(list["total"].as_u64().unwrap() >= 300, "{}", list["total"]);
    assert_eq!(list["attempts"], 0);
    assert_eq!(list["rating"], 1500.0);
    let themes = list["themes"].as_array().unwrap();
    assert!(themes.len() >= 5, "{themes:?}");
    assert!(themes.iter().all(|t| t["puzzles"].as_u64().unwrap() > 0));

    // Refused, nothing changes.
    assert_eq!(
        a.code("puzzle_play", json!({"move": {"type": "draw"}})),
        "puzzle/none"
    );
    assert_eq!(
        a.code("puzzle_start", json!({"theme": "castle", "id": null})),
        "puzzle/unknown_theme"
    );
    assert_eq!(
        a.code("puzzle_start", json!({"theme": null, "id": "nope"})),
        "puzzle/not_found"
    );

    // A theme's puzzle, solved at the first try.
    let theme = themes[0]["theme"].clone();
    let st = a.ok("puzzle_start", json!({"theme": theme, "id": null}));
    assert!(st["themes"].as_array().unwrap().contains(&theme), "{st}");
    assert_eq!(st["tries"], 0);
    assert!(st["outcome"].is_null());
    assert_eq!(
        a.code("puzzle_play", json!({"move": {"type": "jump"}})),
        "move/invalid"
    );
    let (answer, _) = puzzle_moves(st["id"].as_str().unwrap());
    let solved = a.ok("puzzle_play", json!({"move": answer}));
    let o = &solved["outcome"];
    assert_eq!(o["solved"], true, "{o}");
    assert_eq!(o["over"], true);
    assert_eq!(o["tried"]["class"], "best");
    let up = o["rating"]["after"].as_f64().unwrap();
    assert!(up > 1500.0, "{o}");
    assert!(o["explained"]["pointMargin"].as_f64().unwrap() > 0.0);
    assert_eq!(
        a.code("puzzle_play", json!({"move": answer})),
        "puzzle/over"
    );
    assert_eq!(a.code("puzzle_again", json!({})), "puzzle/over");

    // The next mixed puzzle is another; its runner-up misses twice: the rating goes down
    // once, and the answer is shown.
    let next = a.ok("puzzle_start", json!({"theme": null, "id": null}));
    assert_ne!(next["id"], st["id"]);
    let (answer, runner_up) = puzzle_moves(next["id"].as_str().unwrap());
    let missed = a.ok("puzzle_play", json!({"move": runner_up}));
    let o = &missed["outcome"];
    assert_eq!(o["solved"], false, "{o}");
    assert_eq!(o["over"], false);
    assert!(
        ["inaccuracy", "mistake", "blunder"].contains(&o["tried"]["class"].as_str().unwrap()),
        "{o}"
    );
    assert!(o["explained"].is_null(), "no answer before the end");
    let down = o["rating"]["after"].as_f64().unwrap();
    assert!(down < up, "{o}");
    a.ok("puzzle_again", json!({}));
    let over = a.ok("puzzle_play", json!({"move": runner_up}));
    assert_eq!(over["outcome"]["over"], true);
    assert_eq!(over["outcome"]["answer"], answer);
    assert_eq!(over["outcome"]["rating"]["after"].as_f64().unwrap(), down);
    let list = a.ok("puzzle_list", json!({}));
    assert_eq!(list["attempts"], 2);
    assert_eq!(list["solved"], 1);
    assert_eq!(list["history"].as_array().unwrap().len(), 2);
    assert_eq!(list["rating"], down.round());

    // The game in progress is as it was.
    let view = a.ok("game_view", json!({}));
    assert_eq!(view["gameId"], game["gameId"]);
    assert_eq!(view["tiles"], game["tiles"]);
    close(a);

    // Read back after a relaunch.
    let a = app(dir.path());
    let list = a.ok("puzzle_list", json!({}));
    assert_eq!(list["attempts"], 2);
    assert_eq!(list["rating"], down.round());
    close(a);
}

/// A game of two people at one device (pass and play) and two AIs, played to the end through
/// the commands: each person decides on their own turn with their own hint and undo, the
/// game is resumed after a restart in the middle of each person's turn, and the end files a
/// match for each person (their own history, statistics and rating), reviewable from their
/// own seat.
#[test]
fn a_table_of_two_people_and_two_ais() {
    let dir = tempfile::tempdir().unwrap();
    let mut a = app(dir.path());
    let ada = a.ok("profile_create", json!({"name": "Ada"}));
    let bob = a.ok("profile_create", json!({"name": "Bob"}));
    a.ok("profile_select", json!({"id": ada["id"]}));
    // Refused, and nothing changes: a person twice, the host as an opponent, a stranger.
    for (opponents, code) in [
        (
            json!([{"profile": bob["id"]}, {"profile": bob["id"]}]),
            "game/bad_setup",
        ),
        (json!([{"profile": ada["id"]}]), "game/bad_setup"),
        (json!([{"profile": "p-nobody"}]), "profile/not_found"),
        (
            json!([{"profile": bob["id"], "level": "easy"}]),
            "game/bad_setup",
        ),
    ] {
        let config = json!({"config": {"opponents": opponents, "abbeyMayor": true}});
        assert_eq!(a.code("game_new", config), code);
    }
    assert_eq!(a.code("game_view", json!({})), "game/none");
    let opponents = json!([{"profile": bob["id"]}, {"level": "random"}, {"level": "greedy"}]);
    let mut view = a.ok(
        "game_new",
        json!({"config": {"opponents": opponents, "abbeyMayor": true, "seed": 21, "handover": true}}),
    );
    assert_eq!(view["humans"], json!([0, 1]));
    assert_eq!(view["handover"], true);
    let names: Vec<_> = view["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].clone())
        .collect();
    assert_eq!(
        names,
        [json!("Ada"), json!("Bob"), json!("Berta"), json!("Conrad")]
    );
    assert_eq!(view["players"][1]["kind"], "human");
    // The start screen remembers the table, the person by their profile.
    let settings = a.ok("settings_get", json!({}));
    assert_eq!(
        settings["lastSetup"]["opponents"][0],
        json!({"profile": bob["id"]})
    );
    let mut moves = [0usize; 2];
    let mut resumed_mid_turn = [false; 2];
    while !view["over"].as_bool().unwrap() {
        let seat = view["current"].as_u64().unwrap() as usize;
        assert!(seat < 2, "a command returns at a person's decision: {seat}");
        assert_eq!(view["human"], seat, "the person at the device");
        assert_eq!(view["decision"]["human"], true);
        if moves[seat] % 9 == 0 {
            let hint = a.ok("game_hint", json!({}));
            assert!(hint["move"]["type"].is_string());
        }
        let choice = first_choice(&view);
        let after = a.ok("game_play", json!({"move": choice}));
        moves[seat] += 1;
        let mid_turn = ["place_figure", "move_wagon"]
            .contains(&after["decision"]["kind"].as_str().unwrap_or(""));
        if after["current"] == seat && mid_turn {
            // Mid-turn (a figure to place): the same person can take the move back.
            assert_eq!(after["canUndo"], true);
            assert_eq!(after["human"], seat);
            if !resumed_mid_turn[seat] {
                resumed_mid_turn[seat] = true;
                close(a);
                a = app(dir.path());
                let info = a.ok("app_info", json!({}));
                assert_eq!(info["resumable"]["people"], json!(["Bob"]));
                assert_eq!(
                    info["resumable"]["opponents"],
                    json!([{"level": "random"}, {"level": "greedy"}])
                );
                let back = a.ok("game_resume", json!({}));
                for key in [
                    "gameId", "tiles", "figures", "decision", "players", "canUndo", "humans",
                    "human", "handover",
                ] {
                    assert_eq!(back[key], after[key], "{key}");
                }
            }
            let undone = a.ok("game_undo", json!({}));
            assert_eq!(undone["decision"], view["decision"]);
            view = a.ok("game_play", json!({"move": choice}));
        } else {
            view = after;
        }
    }
    assert!(moves[0] > 10 && moves[1] > 10, "{moves:?}");
    assert_eq!(resumed_mid_turn, [true, true]);
    let result = &view["result"];
    let table = result["table"].as_array().unwrap();
    assert_eq!(table.len(), 2);
    let game_id = view["gameId"].as_str().unwrap();
    assert_eq!(result["matchId"], game_id);
    assert_eq!(table[0]["matchId"], game_id);
    assert_eq!(table[1]["matchId"], format!("{game_id}-2"));
    for (entry, (profile, seat)) in table.iter().zip([(&ada, 0), (&bob, 1)]) {
        assert_eq!(entry["seat"], seat);
        assert_eq!(entry["profileId"], profile["id"]);
        let won = result["winners"].as_array().unwrap().contains(&json!(seat));
        assert_eq!(entry["result"] == "lost", !won, "{entry}");
        // Rated against the two AIs only.
        let seats: Vec<_> = entry["ratingChange"]["opponents"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["seat"].clone())
            .collect();
        assert_eq!(seats, [json!(2), json!(3)]);
        let history = a.ok("history_list", json!({"profileId": profile["id"]}));
        let listed = history["matches"].as_array().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["id"], entry["matchId"]);
        assert_eq!(listed[0]["seat"], seat);
        assert_eq!(listed[0]["result"], entry["result"]);
        let profiles = a.ok("profiles_list", json!({}));
        let stats = &profiles["profiles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == profile["id"])
            .unwrap()["stats"];
        assert_eq!(stats["games"], 1);
        assert_eq!(stats["rating"]["elo"], entry["ratingChange"]["after"]);
    }
    assert_eq!(view["ratingChange"], table[0]["ratingChange"]);
    // Bob's match is replayed and reviewed from Bob's seat.
    let replayed = a.ok(
        "history_position",
        json!({"id": table[1]["matchId"], "turn": 3}),
    );
    assert_eq!(replayed["human"], 1);
    // Bob's match is reviewed from Bob's seat.
    let rx = review_events(&a);
    let bobs = table[1]["matchId"].clone();
    a.ok("review_start", json!({"id": bobs, "iterations": 8}));
    assert_eq!(until_end(&rx).last().unwrap()["state"], "done");
    let detail = a.ok("history_get", json!({"id": bobs}));
    assert_eq!(detail["review"]["player"], 1);
}
