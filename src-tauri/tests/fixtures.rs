//! The UI tests' fixtures (`tests/fixtures/` at the repository root), written from the real
//! commands through Tauri's mock runtime on a temporary data folder: the tile set, sample
//! views of every kind of decision, and recorded games ("transcripts": every command the UI
//! makes, its exact result and the `ai-progress` and `review-progress` events it emitted; a
//! review's events, which come after `review_start` returns, are waited for and recorded
//! with that call).
//!
//! The test regenerates everything and fails when the files differ, so the UI tests' double
//! (tests/ui/support/double.js) can never drift from the app. `FIXTURES_BLESS=1 cargo test
//! -p carcassonne-app --test fixtures` rewrites them.
//!
//! Volatile values are normalised: profile and game ids get stable names, timestamps one fixed
//! instant, the data folder the path `/data`, durations 0, deals' salts and fingerprints one
//! fixed value each, and matches listed at the same
//! (normalised) time are ordered by their stable ids, as the app orders ties.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};

use carcassonne_app_lib::{AppState, builder};
use serde_json::{Value, json};
use tauri::test::{
    INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets,
};
use tauri::{Listener, WebviewWindow};

/// The fixed instant every timestamp becomes.
const INSTANT: &str = "2026-11-29T21:45:00Z";

/// The seed and opponent of the base game.
const BASE_SEED: u64 = 7;
const BASE_LEVEL: &str = "greedy";
/// The seed and opponent of the Abbey & Mayor game.
const AM_SEED: u64 = 5;
const AM_LEVEL: &str = "random";
/// The hint is asked for when at most this many tiles are left (and the human has a follower).
const HINT_AT_REMAINING: u64 = 12;

/// One app on a temporary data folder, recording every call.
struct Recorder {
    _app: tauri::App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
    events: Arc<Mutex<Vec<Value>>>,
    /// The `review-progress` events, and a signal for each one.
    reviews: Arc<(Mutex<Vec<Value>>, Condvar)>,
    dir: tempfile::TempDir,
    steps: Vec<Value>,
}

impl Recorder {
    fn new() -> Recorder {
        let dir = tempfile::tempdir().unwrap();
        let app = builder(mock_builder())
            .manage(AppState::open(dir.path().to_path_buf()).unwrap())
            .build(mock_context(noop_assets()))
            .unwrap();
        let webview = tauri::WebviewWindowBuilder::new(&app, "main", Default::default())
            .build()
            .unwrap();
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        app.listen_any("ai-progress", move |e| {
            let p: Value = serde_json::from_str(e.payload()).unwrap();
            sink.lock().unwrap().push(p);
        });
        let reviews = Arc::new((Mutex::new(Vec::new()), Condvar::new()));
        let sink = reviews.clone();
        app.listen_any("review-progress", move |e| {
            let p: Value = serde_json::from_str(e.payload()).unwrap();
            sink.0.lock().unwrap().push(p);
            sink.1.notify_all();
        });
        Recorder {
            _app: app,
            webview,
            events,
            reviews,
            dir,
            steps: Vec::new(),
        }
    }

    /// The `review-progress` events since the last call. After a `review_start` that started
    /// a review, the worker reports after the call returns: this waits for its last event
    /// (`done`, `cancelled` or `failed`), so that all of them belong to that call.
    fn review_events(&self, started: bool) -> Vec<Value> {
        let (events, signal) = &*self.reviews;
        let mut events = events.lock().unwrap();
        while started && !events.iter().any(|e| e["state"] != "running") {
            events = signal.wait(events).unwrap();
        }
        std::mem::take(&mut *events)
    }

    /// One command as the UI calls it; recorded with its result and the events it emitted
    /// (for a review started, every event of the review, up to its end).
    fn call(&mut self, cmd: &str, args: Value) -> Result<Value, Value> {
        self.events.lock().unwrap().clear();
        self.review_events(false);
        let result = get_ipc_response(
            &self.webview,
            tauri::webview::InvokeRequest {
                cmd: cmd.into(),
                callback: tauri::ipc::CallbackFn(0),
                error: tauri::ipc::CallbackFn(1),
                url: "tauri://localhost".parse().unwrap(),
                body: tauri::ipc::InvokeBody::Json(args.clone()),
                headers: Default::default(),
                invoke_key: INVOKE_KEY.to_string(),
            },
        )
        .map(|b| b.deserialize::<Value>().unwrap());
        let started =
            cmd == "review_start" && result.as_ref().is_ok_and(|v| v["state"] == "running");
        let mut events = std::mem::take(&mut *self.events.lock().unwrap());
        events.extend(self.review_events(started));
        let mut step = json!({"cmd": cmd, "args": args});
        match &result {
            Ok(v) => step["ok"] = v.clone(),
            Err(e) => step["err"] = e.clone(),
        }
        if !events.is_empty() {
            step["events"] = Value::Array(events);
        }
        if cmd.starts_with("game_") && cmd != "game_log" {
            // The log the UI reads after each of these calls.
            let log = get_ipc_response(
                &self.webview,
                tauri::webview::InvokeRequest {
                    cmd: "game_log".into(),
                    callback: tauri::ipc::CallbackFn(0),
                    error: tauri::ipc::CallbackFn(1),
                    url: "tauri://localhost".parse().unwrap(),
                    body: tauri::ipc::InvokeBody::Json(json!({})),
                    headers: Default::default(),
                    invoke_key: INVOKE_KEY.to_string(),
                },
            )
            .map(|b| b.deserialize::<Value>().unwrap());
            if let Ok(log) = log {
                step["log"] = log;
            }
        }
        self.steps.push(step);
        result
    }

    fn ok(&mut self, cmd: &str, args: Value) -> Value {
        match self.call(cmd, args) {
            Ok(v) => v,
            Err(e) => panic!("{cmd} failed: {e}"),
        }
    }

    /// The recorded steps, normalised, with each step's log shortened to its length when it
    /// is a prefix of the last log, which is kept whole (the double slices it).
    fn finish(self, names: &[(&str, &str)]) -> Vec<Value> {
        let dir = self.dir.path().display().to_string();
        let mut steps = self.steps;
        let last_at = steps.iter().rposition(|s| s.get("log").is_some());
        let last_log = last_at.map_or(json!([]), |i| steps[i]["log"].clone());
        let last = last_log.as_array().unwrap();
        for (i, s) in steps.iter_mut().enumerate() {
            if Some(i) == last_at {
                continue;
            }
            if let Some(log) = s.get("log").and_then(Value::as_array) {
                let n = log.len();
                if n <= last.len() && log[..] == last[..n] {
                    s.as_object_mut().unwrap().remove("log");
                    s["logLen"] = json!(n);
                }
            }
        }
        let mut steps: Vec<Value> = steps
            .into_iter()
            .map(|s| normalise(s, &dir, names))
            .collect();
        delta_views(&mut steps);
        steps
    }
}

/// Stable values for the volatile ones: ids (`names`: real → stable), the data folder,
/// timestamps, durations and the order of matches listed with equal times.
fn normalise(v: Value, dir: &str, names: &[(&str, &str)]) -> Value {
    let mut text = serde_json::to_string(&v).unwrap();
    text = text.replace(dir, "/data");
    for (from, to) in names {
        text = text.replace(from, to);
    }
    let mut v: Value = serde_json::from_str(&fix_times(&text)).unwrap();
    zero_durations(&mut v);
    if let Some(list) = v
        .get_mut("ok")
        .and_then(|ok| ok.get_mut("matches"))
        .and_then(Value::as_array_mut)
    {
        // The app lists the newest first, ties by id; with the times and ids made stable the
        // same rule gives one order (a real run's order hangs on the clock and random ids).
        list.sort_by(|a, b| {
            let key = |m: &Value| (m["date"].to_string(), m["id"].to_string());
            key(b).cmp(&key(a))
        });
    }
    v
}

/// Shortens the game's views: each view an event or a game command shows (in transcript
/// order) keeps only the top-level fields that differ from the previous one, marked
/// `"$delta": 1`; the double rebuilds it as `{...previous, ...delta}`.
fn delta_views(steps: &mut [Value]) {
    let mut prev: Option<Value> = None;
    let mut shorten = |v: &mut Value| {
        let full = v.clone();
        if let (Some(p), Some(m)) = (&prev, v.as_object_mut()) {
            m.retain(|k, x| p.get(k) != Some(x));
            m.insert("$delta".into(), json!(1));
        }
        prev = Some(full);
    };
    for s in steps.iter_mut() {
        if !s["cmd"].as_str().unwrap().starts_with("game_") {
            continue;
        }
        for e in s["events"].as_array_mut().into_iter().flatten() {
            if e["view"].is_object() {
                shorten(&mut e["view"]);
            }
        }
        if s["ok"].get("decision").is_some() {
            shorten(&mut s["ok"]);
        }
    }
}

/// Every RFC 3339 UTC timestamp (`2026-11-29T21:45:00Z`) in `text` becomes [`INSTANT`].
fn fix_times(text: &str) -> String {
    const SHAPE: &[u8] = b"dddd-dd-ddTdd:dd:ddZ";
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let fits = b.len() - i >= SHAPE.len()
            && SHAPE.iter().zip(&b[i..]).all(|(s, c)| match s {
                b'd' => c.is_ascii_digit(),
                _ => s == c,
            });
        if fits {
            out.push_str(INSTANT);
            i += SHAPE.len();
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn zero_durations(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for (k, x) in m.iter_mut() {
                if k == "durationSecs" && x.is_number() {
                    *x = json!(0);
                } else if k == "salt" || k == "dealSalt" {
                    // A deal's salt is random (API.md, "Deal"), and so its fingerprint: both
                    // become fixed values of the right shape.
                    if x.is_string() {
                        *x = json!(FIXED_SALT);
                    }
                } else if k == "fingerprint" && x.is_string() {
                    *x = json!(FIXED_FINGERPRINT);
                } else {
                    zero_durations(x);
                }
            }
        }
        Value::Array(a) => a.iter_mut().for_each(zero_durations),
        _ => {}
    }
}

/// Every deal's salt in the fixtures.
const FIXED_SALT: &str = "5a175a175a175a175a175a175a175a17";
/// Every deal's fingerprint in the fixtures.
const FIXED_FINGERPRINT: &str = "f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0f1f0";

/// The human's choices: deterministic, simple, and steering the Abbey & Mayor game through
/// its scenario (a wagon that moves on after its feature scores; the abbey kept for the final
/// round, then placed into a hole).
#[derive(Default)]
struct Policy {
    figure_turns: usize,
    /// Never places a figure (keeps the followers for later).
    no_figures: bool,
}

impl Policy {
    fn choose(&mut self, view: &Value) -> Value {
        let d = &view["decision"];
        let supply = &view["players"][0]["supply"];
        match d["kind"].as_str().unwrap() {
            "draw_or_abbey" => json!({"type": "draw"}),
            "final_abbey" => {
                let h = &d["holes"][0];
                json!({"type": "abbey", "x": h["x"], "y": h["y"]})
            }
            "place_tile" => {
                let c = &d["cells"][0];
                json!({"type": "place", "x": c["x"], "y": c["y"], "rotation": c["rotations"][0]})
            }
            "place_figure" => {
                let turn = self.figure_turns;
                self.figure_turns += 1;
                if self.no_figures {
                    return json!({"type": "no_figure"});
                }
                let spots = d["spots"].as_array().unwrap();
                if supply["wagon"] == true
                    && let Some(s) = spots.iter().find(|s| {
                        (s["feature"] == "road" || s["feature"] == "city")
                            && s["kinds"].as_array().unwrap().contains(&json!("wagon"))
                    })
                {
                    return json!({"type": "figure", "kind": "wagon", "on": s["on"]});
                }
                match spots.first() {
                    Some(s) if turn.is_multiple_of(2) => {
                        json!({"type": "figure", "kind": s["kinds"][0], "on": s["on"]})
                    }
                    _ => json!({"type": "no_figure"}),
                }
            }
            "move_wagon" => match d["targets"].get(0) {
                Some(t) => {
                    json!({"type": "wagon", "to": {"x": t["x"], "y": t["y"], "on": t["on"]}})
                }
                None => json!({"type": "wagon", "to": null}),
            },
            k => panic!("no choice for {k}"),
        }
    }
}

fn new_game_args(profile: &Value, levels: &[&str], abbey_mayor: bool, seed: u64) -> Value {
    let opponents: Vec<Value> = levels.iter().map(|l| json!({"level": l})).collect();
    json!({"config": {"profileId": profile["id"], "opponents": opponents,
                      "abbeyMayor": abbey_mayor, "seed": seed}})
}

/// A recorder with the profile Ada; returns it with Ada's profile.
fn with_ada() -> (Recorder, Value) {
    let mut r = Recorder::new();
    r.ok("app_info", json!({}));
    let ada = r.ok("profile_create", json!({"name": "Ada"}));
    (r, ada)
}

/// Plays the policy until the game ends.
fn play_to_end(r: &mut Recorder, mut view: Value, policy: &mut Policy) -> Value {
    let mut n = 0;
    while view["over"] != true {
        view = r.ok("game_play", json!({"move": policy.choose(&view)}));
        n += 1;
        assert!(n < 400, "the game ends");
    }
    view
}

/// The history calls after a finished (or resigned) match: list, profile, detail, the replay
/// positions `turns` (`u64::MAX`: the last, after final scoring; `u64::MAX - 1`: the one
/// before, after the last turn), two exports, the import of the export and of a
/// bad text, the list of all matches. Returns the imported match's id (null when the import
/// was refused).
fn history(r: &mut Recorder, ada: &Value, end: &Value, turns: &[u64]) -> Value {
    let id = end["result"]["matchId"].clone();
    r.ok("profiles_list", json!({}));
    r.ok("history_list", json!({"profileId": ada["id"]}));
    let detail = r.ok("history_get", json!({"id": id}));
    let last = detail["timeline"].as_array().unwrap().len() as u64 - 1;
    for t in turns {
        r.ok(
            "history_position",
            json!({"id": id, "turn": if *t == u64::MAX - 1 { last - 1 } else { (*t).min(last) }}),
        );
    }
    let exported = r.ok("history_export", json!({"id": id}));
    r.ok("history_export", json!({"id": id}));
    // A resigned record is not finished: its import is refused, and recorded so.
    let imported = r
        .call("history_import", json!({"json": exported["json"]}))
        .map_or(Value::Null, |m| m["id"].clone());
    r.call("history_import", json!({"json": "{\"nope\": 1}"}))
        .unwrap_err();
    r.ok("history_list", json!({"profileId": null}));
    imported
}

/// The stable names of a recording's ids.
fn names(ada: &Value, games: &[(&Value, &str)]) -> Vec<(String, String)> {
    let mut out = vec![(ada["id"].as_str().unwrap().to_string(), "p-ada".into())];
    for (id, name) in games {
        if let Some(id) = id.as_str() {
            out.push((id.to_string(), (*name).to_string()));
        }
    }
    out
}

fn finish(r: Recorder, names: &[(String, String)]) -> Vec<Value> {
    let pairs: Vec<(&str, &str)> = names
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    r.finish(&pairs)
}

/// The whole base game, then its history.
fn base_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    let end = play_to_end(&mut r, view, &mut Policy::default());
    let imported = history(
        &mut r,
        &ada,
        &end,
        &[0, 1, 2, 3, 4, 5, 6, 7, 8, u64::MAX - 1, u64::MAX],
    );
    let n = names(
        &ada,
        &[(&end["gameId"], "g-base"), (&imported, "g-base-imported")],
    );
    finish(r, &n)
}

/// The whole Abbey & Mayor game, then its history (a few replay positions).
fn abbey_mayor_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok("game_new", new_game_args(&ada, &[AM_LEVEL], true, AM_SEED));
    let end = play_to_end(&mut r, view, &mut Policy::default());
    let imported = history(&mut r, &ada, &end, &[0, 1, 2, 6, u64::MAX]);
    let n = names(
        &ada,
        &[(&end["gameId"], "g-am"), (&imported, "g-am-imported")],
    );
    finish(r, &n)
}

/// A late turn of the base game with a hint and an undo, after the app was started again
/// with the game saved: the resume, a placement (the first cell, its second rotation),
/// undone; the hint, played; no figure. (Late, so that the hint's search, bounded by time
/// as well as iterations, finishes far within its time on any machine: the same answer.)
fn hint_and_undo() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let first = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    // The game up to its last tiles is not part of the transcript: the UI resumes it.
    let mut view = first;
    let mut policy = Policy {
        no_figures: true,
        ..Policy::default()
    };
    while view["remaining"]["total"].as_u64().unwrap() > HINT_AT_REMAINING
        || view["decision"]["kind"] != "place_tile"
        || view["players"][0]["supply"]["followers"] == 0
    {
        assert!(
            view["over"] == false,
            "a late tile decision with a follower at hand"
        );
        view = r.ok("game_play", json!({"move": policy.choose(&view)}));
    }
    r.steps
        .retain(|s| s["cmd"] == "profile_create" || s["cmd"] == "game_new");
    r.ok("app_info", json!({}));
    let view = r.ok("game_resume", json!({}));
    record_odds(&mut r, &view);
    let c = &view["decision"]["cells"][0];
    let rots = c["rotations"].as_array().unwrap();
    let rot = &rots[1 % rots.len()];
    r.ok(
        "game_play",
        json!({"move": {"type": "place", "x": c["x"], "y": c["y"], "rotation": rot}}),
    );
    r.ok("game_undo", json!({}));
    let hint = r.ok("game_hint", json!({}));
    r.ok("game_play", json!({"move": hint["move"]}));
    r.ok("game_play", json!({"move": {"type": "no_figure"}}));
    let n = names(&ada, &[(&view["gameId"], "g-hint")]);
    finish(r, &n)
}

/// Records `game_odds` at `view`'s position for the UI's popover: a feature a dead square
/// dooms, a road or city one tile may complete (with completing tiles if there is one),
/// one that needs several tiles, a field, and a name the tile does not have. Candidates are
/// probed first (those calls are not kept).
fn record_odds(r: &mut Recorder, view: &Value) {
    let mut found: Vec<(Value, Value)> = Vec::new();
    for t in view["tiles"].as_array().unwrap() {
        for on in ["N", "E", "S", "W", "monastery", "Nw"] {
            let args = json!({"x": t["x"], "y": t["y"], "on": on});
            let res = r.call("game_odds", args.clone());
            r.steps.pop();
            if let Ok(o) = res {
                found.push((args, o));
            }
        }
    }
    let first = |f: &dyn Fn(&Value) -> bool| found.iter().find(|(_, o)| f(o)).map(|x| x.0.clone());
    let mut picks: Vec<Value> = Vec::new();
    if let Some(d) = view["aids"]["dead"].as_array().and_then(|d| d.first()) {
        let f = &d["features"][0];
        picks.push(json!({"x": f["x"], "y": f["y"], "on": f["on"]}));
    }
    let chosen = [
        first(&|o| o["completion"] == "one_tile" && o["count"].as_u64() > Some(0)),
        first(&|o| o["completion"] == "several_tiles"),
        first(&|o| o["completion"] == "never"),
    ];
    picks.extend(chosen.into_iter().flatten());
    let t0 = &view["tiles"][0];
    picks.push(json!({"x": t0["x"], "y": t0["y"], "on": "inner2"}));
    for args in picks {
        let _ = r.call("game_odds", args);
    }
}

/// The first-pass iterations of the recorded review: small, so the test stays fast.
const REVIEW_ITERATIONS: u64 = 40;

/// The base game played to its end (its moves are not part of the transcript), then its
/// review from the history: the list and the match without a review, `review_start` with its
/// progress events up to `done`, the match with its review, the list with the accuracy,
/// `review_start` again (done at once), `review_status`, `review_cancel` with nothing
/// running, and the errors of an unknown match and a bad budget.
fn review_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    let end = play_to_end(&mut r, view, &mut Policy::default());
    r.steps.retain(|s| s["cmd"] == "profile_create");
    let id = end["result"]["matchId"].clone();
    r.ok("app_info", json!({}));
    r.ok("history_list", json!({"profileId": ada["id"]}));
    r.ok("history_get", json!({"id": id}));
    r.ok("review_status", json!({}));
    let args = json!({"id": id, "iterations": REVIEW_ITERATIONS});
    let started = r.ok("review_start", args.clone());
    assert_eq!(started["state"], "running");
    let last = r.steps.last().unwrap()["events"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(last.last().unwrap()["state"], "done", "{last:?}");
    r.ok("review_status", json!({}));
    let detail = r.ok("history_get", json!({"id": id}));
    assert!(detail["review"]["decisions"].is_array());
    // The replay's positions: the last (where it opens) and those where the review shows a
    // better move (the board before the decision's turn), for its ghosts.
    let last = detail["timeline"].as_array().unwrap().len() as u64 - 1;
    let mut before: Vec<u64> = detail["review"]["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| !d["why"].is_null())
        .map(|d| d["turn"].as_u64().unwrap() - 1)
        .collect();
    before.push(last);
    // The luck strip's most telling draws (the human's and the opponent's, by the size of
    // their luck): tapping one shows its turn (the board after it, or before the move the
    // review judges there).
    let draws = detail["luck"]["draws"].as_array().unwrap().clone();
    for seat in 0..2 {
        let size = |d: &Value| d["points"].as_f64().unwrap().abs();
        if let Some(d) = draws
            .iter()
            .filter(|d| d["player"] == seat)
            .max_by(|a, b| size(a).total_cmp(&size(b)))
        {
            let turn = d["turn"].as_u64().unwrap();
            before.extend([turn - 1, turn]);
        }
    }
    before.sort_unstable();
    before.dedup();
    for turn in before {
        r.ok("history_position", json!({"id": id, "turn": turn}));
    }
    r.ok("history_list", json!({"profileId": ada["id"]}));
    assert_eq!(r.ok("review_start", args)["state"], "done");
    r.ok("review_cancel", json!({}));
    r.call("review_start", json!({"id": "g-none"})).unwrap_err();
    r.call("review_start", json!({"id": id, "iterations": 0}))
        .unwrap_err();
    let n = names(&ada, &[(&id, "g-review")]);
    finish(r, &n)
}

/// The base game played to its end and reviewed (neither part of the transcript, but the
/// review's result: the match with its review), then its mistakes practised: the list, a
/// placement mistake retried with the move played (not yet), again, then the review's better
/// move (solved); another mistake failed twice (the answer shown); the list after.
/// Also the replay's positions before those two decisions, and an unknown decision refused.
fn retry_session() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    let end = play_to_end(&mut r, view, &mut Policy::default());
    let id = end["result"]["matchId"].clone();
    let started = r.ok(
        "review_start",
        json!({"id": id, "iterations": REVIEW_ITERATIONS}),
    );
    assert_eq!(started["state"], "running");
    let events = r.steps.last().unwrap()["events"].clone();
    assert_eq!(events.as_array().unwrap().last().unwrap()["state"], "done");
    r.steps.retain(|s| s["cmd"] == "profile_create");
    r.ok("app_info", json!({}));
    r.ok("profiles_list", json!({}));
    r.ok("history_list", json!({"profileId": ada["id"]}));
    let detail = r.ok("history_get", json!({"id": id}));
    let last = detail["timeline"].as_array().unwrap().len() as u64 - 1;
    let list = r.ok("training_list", json!({}));
    // Two mistakes, a placement first (solved on the second try), then the other (failed).
    let mut places: Vec<Value> = list["due"].as_array().unwrap()[..2].to_vec();
    places.sort_by_key(|d| d["decision"] != "place_tile");
    assert_eq!(places[0]["decision"], "place_tile", "{list}");
    let decisions = detail["review"]["decisions"].as_array().unwrap().clone();
    let of = |d: &Value| {
        decisions
            .iter()
            .find(|x| x["index"] == d["index"])
            .unwrap()
            .clone()
    };
    // The replay opens at the end; a judged move shows the board before its turn.
    r.ok("history_position", json!({"id": id, "turn": last}));
    for d in &places {
        let turn = d["turn"].as_u64().unwrap() - 1;
        r.ok("history_position", json!({"id": id, "turn": turn}));
    }
    let (first, second) = (of(&places[0]), of(&places[1]));
    r.ok(
        "retry_start",
        json!({"matchId": id, "index": first["index"]}),
    );
    let tried = r.ok("retry_play", json!({"move": first["played"]}));
    assert_eq!(tried["outcome"]["solved"], false);
    r.ok("retry_again", json!({}));
    let solved = r.ok("retry_play", json!({"move": first["best"]}));
    assert_eq!(solved["outcome"]["solved"], true);
    r.ok("training_list", json!({}));
    r.ok(
        "retry_start",
        json!({"matchId": id, "index": second["index"]}),
    );
    r.ok("retry_play", json!({"move": second["played"]}));
    r.ok("retry_again", json!({}));
    let failed = r.ok("retry_play", json!({"move": second["played"]}));
    assert_eq!(failed["outcome"]["over"], true);
    assert_eq!(failed["outcome"]["answer"], second["best"]);
    r.ok("training_list", json!({}));
    r.call("retry_start", json!({"matchId": id, "index": 100_000}))
        .unwrap_err();
    let n = names(&ada, &[(&id, "g-retry")]);
    finish(r, &n)
}

/// The puzzle a `PuzzleState` shows, from the built-in sets: its answer and its runner-up.
fn puzzle_moves(state: &Value) -> (Value, Value) {
    let id = state["id"].as_str().unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons/puzzles");
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let set: Value = serde_json::from_str(&text).unwrap();
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

/// Puzzles: the list (not rated yet), a mixed puzzle solved at once, the next missed twice
/// (the answer shown), a puzzle of a theme missed then solved at the second try, the list
/// after (the rating and its history); a try after the end and an unknown theme refused.
fn puzzle_session() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    r.ok("profiles_list", json!({}));
    let list = r.ok("puzzle_list", json!({}));
    assert_eq!(list["attempts"], 0);
    let first = r.ok("puzzle_start", json!({"theme": null, "id": null}));
    let (answer, _) = puzzle_moves(&first);
    let solved = r.ok("puzzle_play", json!({"move": answer}));
    assert_eq!(solved["outcome"]["solved"], true, "{solved}");
    let second = r.ok("puzzle_start", json!({"theme": null, "id": null}));
    assert_ne!(second["id"], first["id"]);
    let (_, runner_up) = puzzle_moves(&second);
    let missed = r.ok("puzzle_play", json!({"move": runner_up}));
    assert_eq!(missed["outcome"]["solved"], false, "{missed}");
    r.ok("puzzle_again", json!({}));
    let over = r.ok("puzzle_play", json!({"move": runner_up}));
    assert_eq!(over["outcome"]["over"], true, "{over}");
    r.ok("puzzle_list", json!({}));
    let theme = list["themes"][0]["theme"].clone();
    let third = r.ok("puzzle_start", json!({"theme": theme, "id": null}));
    assert!(third["themes"].as_array().unwrap().contains(&theme));
    let (answer, runner_up) = puzzle_moves(&third);
    r.ok("puzzle_play", json!({"move": runner_up}));
    r.ok("puzzle_again", json!({}));
    let late = r.ok("puzzle_play", json!({"move": answer}));
    assert_eq!(late["outcome"]["solved"], true);
    assert_eq!(late["outcome"]["first"], false);
    let after = r.ok("puzzle_list", json!({}));
    assert_eq!(after["attempts"], 3);
    // Refused, at the end (the UI tests' double serves the steps in order).
    r.call("puzzle_play", json!({"move": answer})).unwrap_err();
    r.call("puzzle_start", json!({"theme": "castle", "id": null}))
        .unwrap_err();
    let n = names(&ada, &[]);
    finish(r, &n)
}

/// The Abbey & Mayor game saved at a figure decision, some 20 tiles in, where the mayor may
/// go on a city without pennants, after the app was started again: the resume, then no figure.
fn resume_mayor() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let mut view = r.ok("game_new", new_game_args(&ada, &[AM_LEVEL], true, AM_SEED));
    let mut policy = Policy {
        no_figures: true,
        ..Policy::default()
    };
    let weak_mayor = |v: &Value| {
        let d = &v["decision"];
        d["kind"] == "place_figure"
            && d["spots"].as_array().unwrap().iter().any(|s| {
                s["pennants"] == 0 && s["kinds"].as_array().unwrap().contains(&json!("mayor"))
            })
    };
    // Late enough that the whole board and the close-up differ.
    while !weak_mayor(&view) || view["remaining"]["total"].as_u64().unwrap() > 60 {
        assert!(
            view["over"] == false,
            "a mayor offered on a city without pennants"
        );
        view = r.ok("game_play", json!({"move": policy.choose(&view)}));
    }
    r.steps
        .retain(|s| s["cmd"] == "profile_create" || s["cmd"] == "game_new");
    r.ok("app_info", json!({}));
    let view = r.ok("game_resume", json!({}));
    r.ok("game_play", json!({"move": {"type": "no_figure"}}));
    let n = names(&ada, &[(&view["gameId"], "g-mayor")]);
    finish(r, &n)
}

/// The base game resigned at once, then its history.
fn resigned_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    let end = r.ok("game_resign", json!({}));
    let _ = history(&mut r, &ada, &end, &[0, u64::MAX]);
    let imported = r
        .steps
        .iter()
        .rev()
        .find(|s| s["cmd"] == "history_import" && s.get("ok").is_some())
        .map(|s| s["ok"]["id"].clone())
        .unwrap_or(Value::Null);
    let n = names(
        &ada,
        &[
            (&view["gameId"], "g-resigned"),
            (&imported, "g-resigned-imported"),
        ],
    );
    finish(r, &n)
}

/// "Play this deal again, seats swapped": a resigned game, its replay, the deal played again
/// from the replay (the human in seat 1, not rated), resigned too, and its match.
fn replay_deal_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    let end = r.ok("game_resign", json!({}));
    let id = end["result"]["matchId"].clone();
    r.ok("history_list", json!({"profileId": ada["id"]}));
    let detail = r.ok("history_get", json!({"id": id}));
    let last = detail["timeline"].as_array().unwrap().len() as u64 - 1;
    r.ok("history_position", json!({"id": id, "turn": last}));
    r.ok("app_info", json!({}));
    let again = r.ok("game_replay_deal", json!({"id": id}));
    assert_eq!(
        (again["human"].clone(), again["rated"].clone()),
        (json!(1), json!(false))
    );
    let end = r.ok("game_resign", json!({}));
    r.ok("history_get", json!({"id": end["result"]["matchId"]}));
    r.ok("profiles_list", json!({}));
    let n = names(
        &ada,
        &[(&view["gameId"], "g-first"), (&again["gameId"], "g-again")],
    );
    finish(r, &n)
}

/// The turn "Play from here" starts at in the `play-from` transcript.
const PLAY_FROM_TURN: u64 = 6;

/// The base game played some turns and resigned, its replay at turn 6, then "Play from here"
/// with the tiles as they came and an easy opponent in Berta's seat (a practice game, not
/// rated), resigned.
fn play_from_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let mut view = r.ok(
        "game_new",
        new_game_args(&ada, &[BASE_LEVEL], false, BASE_SEED),
    );
    let mut policy = Policy::default();
    while view["turn"].as_u64().unwrap() < 12 {
        view = r.ok("game_play", json!({"move": policy.choose(&view)}));
    }
    let end = r.ok("game_resign", json!({}));
    let id = end["result"]["matchId"].clone();
    r.ok("history_list", json!({"profileId": ada["id"]}));
    let detail = r.ok("history_get", json!({"id": id}));
    let last = detail["timeline"].as_array().unwrap().len() as u64 - 1;
    r.ok("history_position", json!({"id": id, "turn": last}));
    for turn in 0..=PLAY_FROM_TURN {
        r.ok("history_position", json!({"id": id, "turn": turn}));
    }
    r.ok("app_info", json!({}));
    let from = r.ok(
        "game_play_from",
        json!({"id": id, "turn": PLAY_FROM_TURN, "reshuffle": false, "opponents": [{"level": "easy"}]}),
    );
    assert_eq!(from["rated"], false);
    assert_eq!(from["players"][1]["level"], "easy");
    let end = r.ok("game_resign", json!({}));
    assert_eq!(end["ratingChange"], Value::Null);
    r.ok("history_get", json!({"id": end["result"]["matchId"]}));
    r.ok("profiles_list", json!({}));
    let n = names(
        &ada,
        &[(&view["gameId"], "g-first"), (&from["gameId"], "g-from")],
    );
    finish(r, &n)
}

/// The seed of the `table` transcript's game.
const TABLE_SEED: u64 = 31;

/// Pass and play (issue 28): Ada sets up a table with Bob at the same device and a random AI
/// (Ada, Bob, Berta), hand-over on. On their first tile each person places it, takes it back
/// and places it again; the game goes on to Bob's turn after turn 9, when Bob resigns for
/// the table; then each person's history and the profiles.
fn table_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let bob = r.ok("profile_create", json!({"name": "Bob"}));
    r.ok("profile_select", json!({"id": ada["id"]}));
    r.ok("profiles_list", json!({}));
    let mut view = r.ok(
        "game_new",
        json!({"config": {"profileId": ada["id"], "opponents": [{"profile": bob["id"]}, {"level": "random"}],
                          "abbeyMayor": true, "seed": TABLE_SEED, "handover": true}}),
    );
    assert_eq!(view["humans"], json!([0, 1]));
    let mut policies = [Policy::default(), Policy::default()];
    let mut undone = [false; 2];
    while view["turn"].as_u64().unwrap() < 9 || view["current"] != 1 {
        let seat = view["current"].as_u64().unwrap() as usize;
        let mv = policies[seat].choose(&view);
        if !undone[seat] && view["decision"]["kind"] == "place_tile" {
            undone[seat] = true;
            r.ok("game_play", json!({"move": mv}));
            r.ok("game_undo", json!({}));
        }
        view = r.ok("game_play", json!({"move": mv}));
    }
    let end = r.ok("game_resign", json!({}));
    assert_eq!(end["result"]["resignedSeat"], 1);
    assert_eq!(end["result"]["table"].as_array().unwrap().len(), 2);
    r.ok("history_list", json!({"profileId": ada["id"]}));
    r.ok("history_list", json!({"profileId": bob["id"]}));
    r.ok("profiles_list", json!({}));
    let mut n = names(&ada, &[(&view["gameId"], "g-table")]);
    n.push((bob["id"].as_str().unwrap().to_string(), "p-bob".into()));
    finish(r, &n)
}

/// The setup screen's deal number: the largest seed the app takes (2^53 - 1), typed in the
/// Deal field and sent exactly.
const SETUP_SEED: u64 = (1 << 53) - 1;

/// Four players without the expansion: the setup screen's game, left and resumed.
fn setup_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let view = r.ok(
        "game_new",
        new_game_args(&ada, &["easy", "hard", "random"], false, SETUP_SEED),
    );
    r.ok("app_info", json!({}));
    r.ok("game_resume", json!({}));
    let n = names(&ada, &[(&view["gameId"], "g-setup")]);
    finish(r, &n)
}

/// The seed of the "match my level" game.
const MATCH_SEED: u64 = 11;

/// "Match my level": the strength curve in `app_info`, a new profile's even match (0.5) and
/// a harder one (0.35), a game against the even match's opponent by its rating (`{ rating }`),
/// played to its end, whose last view has the rating change.
fn match_level_game() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    let even = r.ok("match_level", json!({"chance": 0.5}));
    r.ok("match_level", json!({"chance": 0.35}));
    let view = r.ok(
        "game_new",
        json!({"config": {"profileId": ada["id"], "opponents": [{"rating": even["opponentRating"]}],
                          "abbeyMayor": false, "seed": MATCH_SEED}}),
    );
    assert_eq!(view["players"][1]["level"], even["level"]);
    let end = play_to_end(&mut r, view, &mut Policy::default());
    assert!(end["ratingChange"].is_object(), "{}", end["ratingChange"]);
    r.ok("profiles_list", json!({}));
    // The end dialog reads the filed match (its breakdown); the history lists it.
    r.ok("history_list", json!({"profileId": ada["id"]}));
    r.ok("history_get", json!({"id": end["result"]["matchId"]}));
    r.ok("match_level", json!({"chance": 0.5}));
    let n = names(&ada, &[(&end["gameId"], "g-match")]);
    finish(r, &n)
}

/// The Learn section: the list, a lesson's wrong try and an illegal move, a retry, the
/// solution played move by move, an undo, and a figure lesson of Abbey & Mayor; the lesson
/// ids are those of `lessons/`.
fn lesson_session() -> Vec<Value> {
    let (mut r, ada) = with_ada();
    r.ok("lesson_list", json!({}));
    for (id, wrong) in LESSON_TRIES {
        let start = r.ok("lesson_start", json!({"id": id}));
        assert!(start["outcome"].is_null(), "{id}");
        let lesson: Value = serde_json::from_str(&lesson_file(id)).unwrap();
        if *wrong {
            let far = json!({"type": "place", "x": 40, "y": 40, "rotation": 0});
            r.call("lesson_play", json!({ "move": far })).unwrap_err();
            let tries = lesson["wrong"][0].as_array().unwrap().clone();
            let mut last = Value::Null;
            for m in tries {
                last = r.ok("lesson_play", json!({"move": m}));
            }
            assert_eq!(last["outcome"]["passed"], false, "{id}");
            r.ok("lesson_undo", json!({}));
            r.ok("lesson_retry", json!({}));
        }
        let moves = r.ok("lesson_solution", json!({}))["moves"].clone();
        let mut last = Value::Null;
        for m in moves.as_array().unwrap() {
            last = r.ok("lesson_play", json!({"move": m}));
        }
        assert_eq!(last["outcome"]["passed"], true, "{id}");
    }
    r.ok("lesson_list", json!({}));
    r.ok("profiles_list", json!({}));
    let n = names(&ada, &[]);
    finish(r, &n)
}

/// The lessons the transcript plays (id, whether a wrong try comes first).
const LESSON_TRIES: &[(&str, bool)] = &[
    ("placing-tiles", true),
    ("roads-cities-pennants", false),
    ("mayor-no-pennants", true),
];

/// The text of the lesson file with the id `id` (`lessons/NN-id.json`).
fn lesson_file(id: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lessons");
    for e in std::fs::read_dir(&dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.len() > 3 && name[3..] == format!("{id}.json") {
            return std::fs::read_to_string(path).unwrap();
        }
    }
    panic!("no lesson {id}")
}

/// Every view a transcript shows, whole again: results and the views of `ai-progress` events.
fn views(steps: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut whole = |v: &Value| {
        let mut v = v.clone();
        if let Some(m) = v.as_object_mut()
            && m.remove("$delta").is_some()
        {
            let mut full = out.last().cloned().unwrap();
            for (k, x) in std::mem::take(m) {
                full[k] = x;
            }
            v = full;
        }
        out.push(v);
    };
    for s in steps {
        if !s["cmd"].as_str().unwrap().starts_with("game_") {
            continue;
        }
        for e in s["events"].as_array().into_iter().flatten() {
            if e["view"].is_object() {
                whole(&e["view"]);
            }
        }
        if s["ok"].get("decision").is_some() || s["ok"].get("$delta").is_some() {
            whole(&s["ok"]);
        }
    }
    out
}

/// One sample view per kind of decision, the AI's turn and the end.
fn samples(base: &[Value], am: &[Value]) -> Vec<(String, Value)> {
    let all: Vec<Value> = views(am).into_iter().chain(views(base)).collect();
    let human = |kind: &str| {
        all.iter()
            .find(|v| {
                v["decision"]["kind"] == kind
                    && v["decision"]["human"] == true
                    && v["aiThinking"] == false
            })
            .cloned()
            .unwrap_or_else(|| panic!("no human {kind} decision recorded"))
    };
    let kinds_offered = |v: &Value| {
        ["follower", "mayor", "wagon", "barn"]
            .iter()
            .filter(|k| {
                v["decision"]["byKind"][**k]
                    .as_array()
                    .is_some_and(|a| !a.is_empty())
            })
            .count()
    };
    let figure = all
        .iter()
        .filter(|v| {
            v["decision"]["kind"] == "place_figure"
                && v["decision"]["human"] == true
                && v["aiThinking"] == false
        })
        .max_by_key(|v| kinds_offered(v) * 1000 - v["turn"].as_u64().unwrap() as usize)
        .cloned()
        .unwrap();
    let ai = all
        .iter()
        .find(|v| v["decision"]["human"] == false && v["decision"]["kind"] == "place_tile")
        .cloned()
        .unwrap();
    let over = views(base)
        .into_iter()
        .rfind(|v| v["over"] == true)
        .unwrap();
    let mut out = vec![];
    for k in ["draw_or_abbey", "place_tile"] {
        out.push((k.to_string(), human(k)));
    }
    out.push(("place_figure".into(), figure));
    for k in ["move_wagon", "final_abbey"] {
        out.push((k.to_string(), human(k)));
    }
    out.push(("ai_turn".into(), ai));
    out.push(("game_over".into(), over));
    out
}

/// The repository's `tests/fixtures/`.
fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("tests")
        .join("fixtures")
}

/// One JSON value per line.
fn lines(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| serde_json::to_string(v).unwrap() + "\n")
        .collect()
}

#[test]
fn fixtures_are_the_real_commands_answers() {
    let tiles = {
        let mut r = Recorder::new();
        r.ok("tiles", json!({}))
    };
    let base = base_game();
    let am = abbey_mayor_game();
    let mut files: Vec<(String, String)> = vec![
        (
            "tiles.json".into(),
            serde_json::to_string(&tiles).unwrap() + "\n",
        ),
        (
            "views.json".into(),
            format!(
                "{{\n{}\n}}\n",
                samples(&base, &am)
                    .iter()
                    .map(|(k, v)| format!("{}: {}", json!(k), serde_json::to_string(v).unwrap()))
                    .collect::<Vec<_>>()
                    .join(",\n")
            ),
        ),
    ];
    for (name, steps) in [
        ("base", base),
        ("abbey-mayor", am),
        ("hint-undo", hint_and_undo()),
        ("resigned", resigned_game()),
        ("replay-deal", replay_deal_game()),
        ("play-from", play_from_game()),
        ("table", table_game()),
        ("resume-mayor", resume_mayor()),
        ("setup", setup_game()),
        ("review", review_game()),
        ("lesson", lesson_session()),
        ("retry", retry_session()),
        ("puzzles", puzzle_session()),
        ("match-level", match_level_game()),
    ] {
        files.push((format!("transcripts/{name}.jsonl"), lines(&steps)));
    }

    let root = fixtures_dir();
    if std::env::var("FIXTURES_BLESS").is_ok_and(|v| v == "1") {
        for (name, text) in &files {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
        }
        return;
    }
    let stale: Vec<&str> = files
        .iter()
        .filter(|(name, text)| std::fs::read_to_string(root.join(name)).ok().as_ref() != Some(text))
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        stale.is_empty(),
        "fixtures are stale ({}); rerun with FIXTURES_BLESS=1 cargo test -p carcassonne-app --test fixtures",
        stale.join(", ")
    );
}
