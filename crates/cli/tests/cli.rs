//! The `carcassonne` command's fixed interfaces, run as a real process.

use std::path::PathBuf;
use std::process::{Command, Output};

fn carcassonne(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(args)
        .output()
        .expect("runs")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("carcassonne-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn golden(name: &str) -> String {
    format!(
        "{}/../engine/tests/golden/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn replay_prints_scores_breakdown_and_events() {
    // A golden case file wraps a record in expectations, so it is not a record itself.
    let out = carcassonne(&["replay", &golden("example1_city_with_pennant.json")]);
    assert_eq!(out.status.code(), Some(1));
    let case: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(golden("example2_mayor_tie_with_knight.json")).unwrap(),
    )
    .unwrap();
    let dir = temp("replay");
    let file = dir.join("record.json");
    std::fs::write(&file, case["record"].to_string()).unwrap();
    let out = carcassonne(&["replay", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["scores"], case["expect"]["scores"]);
    assert_eq!(v["breakdown"], case["expect"]["breakdown"]);
    assert_eq!(v["finished"], case["expect"]["finished"]);
    let events = v["events"].as_array().unwrap();
    assert!(
        events
            .iter()
            .any(|e| e["type"] == "scored" && e["feature"] == "city" && e["points"] == 10)
    );
    assert!(
        events
            .iter()
            .any(|e| e["type"] == "tile_placed" && e["tile"] == "M")
    );
}

#[test]
fn an_illegal_record_exits_1_with_the_turn_and_nothing_on_stdout() {
    let dir = temp("illegal");
    let file = dir.join("bad.json");
    let record = r#"{"format":"carcassonne-record/1","players":[{"name":"A","kind":"human"},{"name":"B","kind":"ai","level":"hard"}],
        "turns":[{"tile":"E","at":[0,-1],"rotation":180},{"tile":"C","at":[5,5],"rotation":0}]}"#;
    std::fs::write(&file, record).unwrap();
    let out = carcassonne(&["replay", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("turn 2: illegal placement"), "{err}");

    std::fs::write(&file, "{ not json").unwrap();
    let out = carcassonne(&["replay", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("turn 0: format"));
}

#[test]
fn random_games_write_records_that_replay() {
    let dir = temp("random");
    for (seed, players, exp) in [("3", "2", false), ("4", "5", true)] {
        let file = dir.join(format!("game-{seed}.json"));
        let mut args = vec![
            "random",
            "--seed",
            seed,
            "--players",
            players,
            "--out",
            file.to_str().unwrap(),
        ];
        if exp {
            args.extend(["--expansions", "abbey-mayor"]);
        }
        let out = carcassonne(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(record["end"], true);
        assert_eq!(
            record["players"].as_array().unwrap().len(),
            players.parse::<usize>().unwrap()
        );
        let out = carcassonne(&["replay", file.to_str().unwrap()]);
        assert!(out.status.success());
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["finished"], true);
        // Same seed, same game.
        let again = dir.join(format!("again-{seed}.json"));
        let mut args2 = args.clone();
        let n = args2.len();
        let pos = args2.iter().position(|a| *a == "--out").unwrap();
        args2[pos + 1] = again.to_str().unwrap();
        assert_eq!(args2.len(), n);
        assert!(carcassonne(&args2).status.success());
        assert_eq!(
            std::fs::read(&file).unwrap(),
            std::fs::read(&again).unwrap()
        );
    }
}

#[test]
fn bench_prints_one_json_line() {
    let out = carcassonne(&[
        "bench",
        "random",
        "--games",
        "20",
        "--seed",
        "1",
        "--players",
        "3",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["games"], 20);
    assert!(v["games_per_sec"].as_f64().unwrap() > 0.0);
    assert!(v["turns_per_sec"].as_f64().unwrap() > v["games_per_sec"].as_f64().unwrap());
}

#[test]
fn suggest_names_the_best_move_of_a_record_in_progress() {
    let dir = temp("suggest");
    let file = dir.join("game.json");
    let out = carcassonne(&[
        "random",
        "--seed",
        "4",
        "--expansions",
        "abbey-mayor",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    // The first 21 entries of a finished game make a game in progress.
    let finished = std::fs::read_to_string(&file).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&finished).unwrap();
    record["turns"].as_array_mut().unwrap().truncate(21);
    record["end"] = serde_json::Value::Bool(false);
    std::fs::write(&file, record.to_string()).unwrap();
    let out = carcassonne(&[
        "suggest",
        file.to_str().unwrap(),
        "--level",
        "hard",
        "--iterations",
        "20",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["level"], "hard");
    assert!(v["move"]["decision"].is_string(), "{v}");

    // A finished game has nothing to suggest: a clear error, not a panic.
    std::fs::write(&file, finished).unwrap();
    let out = carcassonne(&["suggest", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("game is over"));
}

#[test]
fn arena_prints_one_summary_per_contestant() {
    let out = carcassonne(&[
        "arena",
        "--players",
        "medium@3,random",
        "--games",
        "1",
        "--expansions",
        "abbey-mayor",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["games"], 2);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["player"], "medium@3");
    let wins: f64 = players.iter().map(|p| p["wins"].as_f64().unwrap()).sum();
    assert_eq!(wins, 2.0);
    let out = carcassonne(&["arena", "--players", "hard,grandmaster"]);
    assert_eq!(out.status.code(), Some(2), "clap rejects an unknown level");
}

#[test]
fn history_lists_the_apps_matches_from_the_apps_folder() {
    let dir = temp("history");
    let record = dir.join("game.json");
    let out = carcassonne(&[
        "random",
        "--seed",
        "4",
        "--players",
        "3",
        "--out",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    // The app's folder under XDG_DATA_HOME, as Tauri resolves it from the bundle identifier.
    let data = dir.join("xdg").join(carcassonne_storage::IDENTIFIER);
    let storage = carcassonne_storage::Storage::open(&data).unwrap();
    let meta = storage
        .import_record(&std::fs::read_to_string(&record).unwrap())
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["history", "--json"])
        .env("XDG_DATA_HOME", dir.join("xdg"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(listed[0]["id"], meta.id.as_str());
    assert_eq!(listed[0]["scores"], serde_json::json!(meta.scores));
    let out = carcassonne(&["history", "--dir", data.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&meta.id) && text.contains("Random 1 (random)"),
        "{text}"
    );
    let empty = carcassonne(&["history", "--dir", dir.join("none").to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&empty.stdout).starts_with("no finished matches"));
}
