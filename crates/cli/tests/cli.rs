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
    let file = random_record(&dir, "game.json", "4");
    // The first 21 entries of a finished game make a game in progress.
    let finished = std::fs::read_to_string(&file).unwrap();
    in_progress(&file, 21);
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
fn suggest_answers_a_decision_inside_the_turn_from_moves_by_name() {
    let dir = temp("suggest-moves");
    let file = random_record(&dir, "game.json", "4");
    // After 20 entries of this game, player 0 may place the abbey or draw.
    in_progress(&file, 20);
    let ask = |moves: &[serde_json::Value]| {
        let moves = serde_json::Value::Array(moves.to_vec()).to_string();
        let out = carcassonne(&[
            "suggest",
            file.to_str().unwrap(),
            "--iterations",
            "20",
            "--moves",
            &moves,
        ]);
        assert!(
            out.status.success(),
            "{moves}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("one JSON object")
    };
    // The turn's first decision, and the placement after a draw instead of the abbey.
    let mut moves = Vec::new();
    let hint = ask(&moves);
    assert_eq!(hint["move"]["decision"], "draw_or_abbey", "{hint}");
    moves.push(serde_json::json!({"type": "draw"}));
    let hint = ask(&moves);
    assert_eq!(hint["move"]["decision"], "place_tile", "{hint}");
    let player = hint["move"]["player"].clone();
    // The tile placed where the hint says: the next question is the figure on it, for the
    // same player.
    let at = &hint["move"]["at"];
    moves.push(serde_json::json!({
        "type": "place", "x": at[0], "y": at[1], "rotation": hint["move"]["rotation"],
    }));
    let hint = ask(&moves);
    assert_eq!(hint["move"]["decision"], "place_figure", "{hint}");
    assert_eq!(hint["move"]["player"], player, "{hint}");
    assert!(hint["move"].get("figure").is_some(), "{hint}");

    // Moves that do not apply: one line saying which and why, nothing on stdout.
    let mut wrong = moves.clone();
    wrong.push(serde_json::json!({"type": "figure", "kind": "follower", "on": "nowhere"}));
    for (moves, says) in [
        (
            "nope".to_string(),
            "--moves is not a JSON array of moves by name",
        ),
        (
            r#"[{"type":"jump"}]"#.to_string(),
            "--moves is not a JSON array",
        ),
        (
            serde_json::Value::Array(wrong).to_string(),
            &*format!("move {} (follower on nowhere): ", moves.len() + 1),
        ),
        (r#"[{"type":"pass"}]"#.to_string(), "move 1 (pass): "),
    ] {
        let out = carcassonne(&["suggest", file.to_str().unwrap(), "--moves", &moves]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{moves}: {err}");
        assert!(out.stdout.is_empty(), "{moves}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{moves}: {err}");
    }
}

#[test]
fn deal_verify_checks_the_pile_and_the_fingerprint() {
    let dir = temp("deal");
    let file = random_record(&dir, "game.json", "9");
    let path = file.to_str().unwrap();
    let json = |out: &Output| -> serde_json::Value {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("one JSON object")
    };
    let v = json(&carcassonne(&["deal", "verify", path]));
    assert_eq!(v["seed"], 9);
    assert_eq!(v["drawn"], 83);
    assert_eq!(v["pile"], 83);
    assert!(v.get("fingerprint").is_none(), "{v}");

    // With the salt: the fingerprint they make, by the documented formula.
    let salt = "0123456789abcdef0123456789abcdef";
    let v = json(&carcassonne(&["deal", "verify", path, "--salt", salt]));
    let fingerprint = v["fingerprint"].as_str().unwrap().to_string();
    assert_eq!(fingerprint.len(), 64);
    assert_eq!(v["fingerprintChecked"], false);
    let v = json(&carcassonne(&[
        "deal",
        "verify",
        path,
        "--salt",
        salt,
        "--fingerprint",
        &fingerprint,
    ]));
    assert_eq!(v["fingerprintChecked"], true);

    // A match file of the app carries its salt.
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let match_file = dir.join("match.json");
    std::fs::write(
        &match_file,
        serde_json::json!({"schema": 2, "meta": {"dealSalt": salt}, "record": record}).to_string(),
    )
    .unwrap();
    let v = json(&carcassonne(&[
        "deal",
        "verify",
        match_file.to_str().unwrap(),
        "--fingerprint",
        &fingerprint,
    ]));
    assert_eq!(v["salt"], salt);

    // What does not verify: one line saying where, status 1, nothing on stdout.
    let mut other = record.clone();
    other["seed"] = serde_json::json!(10);
    let other_file = dir.join("other.json");
    std::fs::write(&other_file, other.to_string()).unwrap();
    let mut swapped_fp = fingerprint.clone().into_bytes();
    swapped_fp[0] = if swapped_fp[0] == b'0' { b'1' } else { b'0' };
    let swapped_fp = String::from_utf8(swapped_fp).unwrap();
    for (args, says) in [
        (
            vec![other_file.to_str().unwrap()],
            "draw 1 (turn 1) is tile",
        ),
        (
            vec![path, "--salt", salt, "--fingerprint", &swapped_fp],
            "the fingerprint of seed 9 with this salt is",
        ),
        (
            vec![path, "--fingerprint", &fingerprint],
            "--fingerprint needs the salt",
        ),
        (
            vec![path, "--salt", "xyz"],
            "a salt is 32 lowercase hex digits",
        ),
    ] {
        let mut all = vec!["deal", "verify"];
        all.extend(args);
        let out = carcassonne(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{all:?}: {err}");
        assert!(out.stdout.is_empty(), "{all:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{all:?}: {err}");
    }
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
fn ratings_fit_arena_summaries_relative_to_the_anchor() {
    let dir = temp("ratings");
    let run = |players: &str, file: &str| {
        let out = dir.join(file);
        let _ = std::fs::remove_file(&out);
        let o = carcassonne(&[
            "arena",
            "--players",
            players,
            "--games",
            "3",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        out
    };
    let a = run("greedy,random", "a.json");
    let b = run("random,easy~20", "b.json");
    let out = carcassonne(&[
        "ratings",
        "--anchor",
        "random=400",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    let get = |name: &str| players.iter().find(|p| p["player"] == name).expect(name);
    assert_eq!(get("random")["rating"], 400.0);
    assert_eq!(get("random")["ci95"], 0.0);
    assert_eq!(get("random")["games"], 12);
    // Greedy beats random in every game: well above it, with a wide interval from 6 games.
    assert!(get("greedy")["rating"].as_f64().unwrap() > 600.0);
    assert!(get("greedy")["ci95"].as_f64().unwrap() > 100.0);
    // Strongest first.
    let ratings: Vec<f64> = players
        .iter()
        .map(|p| p["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    // A three-player arena, an unknown anchor and a missing file are refused in one line.
    let c = dir.join("c.json");
    let _ = std::fs::remove_file(&c);
    let o = carcassonne(&[
        "arena",
        "--players",
        "random,random,random",
        "--games",
        "1",
        "--out",
        c.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    for args in [
        vec!["ratings", c.to_str().unwrap()],
        vec!["ratings", "--anchor", "expert=2000", a.to_str().unwrap()],
        vec!["ratings", dir.join("none.json").to_str().unwrap()],
    ] {
        let o = carcassonne(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(o.stdout.is_empty());
        assert_eq!(
            String::from_utf8_lossy(&o.stderr).trim().lines().count(),
            1,
            "{args:?}"
        );
    }
}

/// "Ratings are measured, never set by hand" (ARCHITECTURE.md): every rung of the strength
/// curve is the rating `carcassonne ratings` fits to the arena summaries kept in
/// crates/ai/arenas/, to the point, and every player of those arenas is a rung.
#[test]
fn the_strength_curve_is_the_fit_of_the_kept_arenas() {
    use carcassonne_ai::strength::{NOISE_RUNGS, SEARCH_RUNGS};
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../ai/arenas"));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("crates/ai/arenas")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    files.sort();
    assert!(files.len() > 10, "{files:?}");
    let mut args = vec!["ratings", "--anchor", "greedy=1500"];
    args.extend(files.iter().map(String::as_str));
    let out = carcassonne(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    let mut fitted: Vec<(String, f64)> = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let rating = p["rating"].as_f64().unwrap().round();
            (p["player"].as_str().unwrap().to_string(), rating)
        })
        .collect();
    fitted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut rungs: Vec<(String, f64)> = NOISE_RUNGS
        .iter()
        .chain(SEARCH_RUNGS)
        .map(|r| (r.spec.to_string(), r.rating))
        .collect();
    rungs.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        rungs, fitted,
        "the rungs (left) and the fit of crates/ai/arenas (right)"
    );
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
    let storage =
        carcassonne_storage::Storage::open(&data, carcassonne_ai::strength::rating_of_name)
            .unwrap();
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

/// The write end of a pipe whose read end is already closed: every write to it fails with
/// a broken pipe, as `carcassonne … | head -c 1` does once `head` has exited. The reader is
/// a process that exits without reading its stdin.
fn closed_pipe() -> std::process::Stdio {
    let mut reader = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .arg("--version")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("runs");
    let write_end = reader.stdin.take().expect("piped");
    assert!(reader.wait().expect("exits").success());
    write_end.into()
}

/// Cuts the finished record in `file` to its first `entries` turn entries: a game in progress.
fn in_progress(file: &std::path::Path, entries: usize) {
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    record["turns"].as_array_mut().unwrap().truncate(entries);
    record["end"] = serde_json::Value::Bool(false);
    std::fs::write(file, record.to_string()).unwrap();
}

/// A finished random game's record, written to `dir/name`.
fn random_record(dir: &std::path::Path, name: &str, seed: &str) -> PathBuf {
    let file = dir.join(name);
    let out = carcassonne(&[
        "random",
        "--seed",
        seed,
        "--expansions",
        "abbey-mayor",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    file
}

#[test]
fn no_command_panics_when_stdout_is_closed() {
    let dir = temp("closed-stdout");
    let finished = random_record(&dir, "finished.json", "5");
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&finished).unwrap()).unwrap();
    record["turns"].as_array_mut().unwrap().truncate(9);
    record["end"] = serde_json::Value::Bool(false);
    let in_progress = dir.join("in-progress.json");
    std::fs::write(&in_progress, record.to_string()).unwrap();
    let data = dir.join("data");
    let commands: Vec<Vec<&str>> = vec![
        vec!["replay", finished.to_str().unwrap()],
        vec!["bench", "random", "--games", "2"],
        vec!["arena", "--players", "random,greedy", "--games", "1"],
        vec![
            "suggest",
            in_progress.to_str().unwrap(),
            "--level",
            "medium",
            "--iterations",
            "5",
        ],
        vec!["history", "--dir", data.to_str().unwrap()],
        vec!["history", "--json", "--dir", data.to_str().unwrap()],
        vec!["review", finished.to_str().unwrap(), "--iterations", "2"],
        vec![
            "bench",
            "history",
            "--matches",
            "2",
            "--runs",
            "1",
            "--dir",
            data.to_str().unwrap(),
        ],
    ];
    for args in commands {
        let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
            .args(&args)
            .stdout(closed_pipe())
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn a_failing_stdout_is_a_clear_error_not_a_panic() {
    let full = std::path::Path::new("/dev/full");
    if !full.exists() {
        return; // Not Linux: no device that always fails writes.
    }
    let dir = temp("full-stdout");
    let finished = random_record(&dir, "finished.json", "6");
    let out = Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["replay", finished.to_str().unwrap()])
        .stdout(std::fs::OpenOptions::new().write(true).open(full).unwrap())
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("stdout"), "{err}");
}

#[test]
fn out_of_range_arguments_are_refused_by_clap_with_the_bounds() {
    // Each case: arguments, and what the one error must name. The cheap cases come first.
    let cases: [(&[&str], &str); 11] = [
        (
            &["arena", "--players", "random,random", "--games", "0"],
            "1..=100000",
        ),
        (&["bench", "random", "--games", "0"], "1..=10000000"),
        (
            &[
                "arena",
                "--players",
                "random,random",
                "--games",
                "1",
                "--threads",
                "1000",
            ],
            "1..=64",
        ),
        (
            &[
                "arena",
                "--players",
                "random,random",
                "--games",
                "1",
                "--threads",
                "0",
            ],
            "1..=64",
        ),
        (
            &["arena", "--players", "hard@0ms,random", "--games", "1"],
            "1..=600000",
        ),
        (
            &["arena", "--players", "hard@0,random", "--games", "1"],
            "1..=100000000",
        ),
        (
            &[
                "arena",
                "--players",
                "hard,random",
                "--games",
                "1",
                "--iterations",
                "0",
            ],
            "1..=100000000",
        ),
        (&["suggest", "x.json", "--ms", "0"], "1..=600000"),
        (&["bench", "history", "--matches", "0"], "1..=100000"),
        (&["bench", "history", "--runs", "1000"], "1..=100"),
        (
            &[
                "arena",
                "--players",
                "random,random",
                "--games",
                "1000000000000",
            ],
            "1..=100000",
        ),
    ];
    for (args, bound) in cases {
        let out = carcassonne(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(bound), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // The bounds are documented.
    let help = String::from_utf8_lossy(&carcassonne(&["arena", "--help"]).stdout).into_owned();
    assert!(help.contains("100000") && help.contains("64"), "{help}");
}

/// The names in `dir` that look like a temporary file of an atomic write.
fn litter(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp-"))
        .collect()
}

#[test]
fn a_failed_out_leaves_no_litter_and_one_line() {
    let dir = temp("failed-out");
    let folder = dir.join("a-folder");
    std::fs::create_dir_all(&folder).unwrap();
    let missing = dir.join("missing").join("x.json");
    let runs: [&[&str]; 4] = [
        &["random", "--seed", "1", "--out", folder.to_str().unwrap()],
        &["random", "--seed", "1", "--out", missing.to_str().unwrap()],
        &[
            "arena",
            "--players",
            "random,random",
            "--games",
            "1",
            "--out",
            folder.to_str().unwrap(),
        ],
        &[
            "arena",
            "--players",
            "random,random",
            "--games",
            "1",
            "--out",
            missing.to_str().unwrap(),
        ],
    ];
    for args in runs {
        let out = carcassonne(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("cannot write"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert_eq!(litter(&dir), Vec::<String>::new(), "{args:?}");
        assert!(folder.is_dir());
    }
}

#[test]
fn bench_history_builds_or_reuses_a_folder_and_times_the_listing() {
    let dir = temp("bench-history");
    let data = dir.join("data");
    let args = [
        "bench",
        "history",
        "--matches",
        "4",
        "--seed",
        "2",
        "--runs",
        "3",
        "--dir",
        data.to_str().unwrap(),
    ];
    for _ in 0..2 {
        let out = carcassonne(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 1, "{text}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        // The second run reuses the folder: still 4 matches.
        assert_eq!(v["listed"], 4, "{v}");
        assert_eq!(v["runs"], 3, "{v}");
        let (min, median, max) = (
            v["min_ms"].as_f64().unwrap(),
            v["median_ms"].as_f64().unwrap(),
            v["max_ms"].as_f64().unwrap(),
        );
        assert!(0.0 <= min && min <= median && median <= max, "{v}");
    }
    let out = carcassonne(&["history", "--dir", data.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 4);
    // Without --dir: a temporary folder, removed afterwards.
    let out = carcassonne(&["bench", "history", "--matches", "2", "--runs", "1"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["listed"], 2, "{v}");
    let used = PathBuf::from(v["dir"].as_str().unwrap());
    assert!(!used.exists(), "{}", used.display());
}

#[test]
fn an_endless_record_file_is_refused_not_read_into_memory() {
    let zero = std::path::Path::new("/dev/zero");
    if !zero.exists() {
        return; // Not Unix: no endless file at hand.
    }
    for command in ["replay", "suggest"] {
        let out = carcassonne(&[command, "/dev/zero"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{command}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("turn 0: cannot read /dev/zero: larger than 1 MiB"),
            "{err}"
        );
    }
}

#[test]
fn review_prints_a_reproducible_review_of_a_record_or_a_match_file() {
    let dir = temp("review");
    let file = random_record(&dir, "game.json", "7");
    let args = |f: &str, more: &[&str]| {
        let mut a = vec!["review".to_string(), f.to_string()];
        a.extend(more.iter().map(ToString::to_string));
        a
    };
    let run = |a: Vec<String>| {
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        carcassonne(&a)
    };
    let f = file.to_str().unwrap();
    let out = run(args(f, &["--iterations", "6", "--seed", "3"]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    // The random game's seats are all AI: the default seat is 0.
    assert_eq!(v["player"], 0);
    assert_eq!(v["iterations"], 6);
    assert_eq!(v["seed"], 3);
    let decisions = v["decisions"].as_array().unwrap();
    assert!(decisions.len() > 10);
    for d in decisions {
        assert!(
            ["best", "good", "inaccuracy", "mistake", "blunder"]
                .contains(&d["class"].as_str().unwrap()),
            "{d}"
        );
        assert!(d["played"]["type"].is_string() && d["best"]["type"].is_string());
    }
    let accuracy = v["accuracy"].as_f64().unwrap();
    assert!((0.0..=100.0).contains(&accuracy));
    // Same seed, same review.
    let again = run(args(f, &["--iterations", "6", "--seed", "3"]));
    assert_eq!(out.stdout, again.stdout);

    // The app's match file holds the record under `record`: the same review.
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let wrapped = serde_json::json!({"schema": 1, "meta": {"id": "x"}, "record": record});
    let match_file = dir.join("match.json");
    std::fs::write(&match_file, wrapped.to_string()).unwrap();
    let m = run(args(
        match_file.to_str().unwrap(),
        &["--iterations", "6", "--seed", "3"],
    ));
    assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
    assert_eq!(m.stdout, out.stdout);

    // Another seat.
    let p1 = run(args(f, &["--iterations", "2", "--player", "1"]));
    assert!(p1.status.success());
    let v1: serde_json::Value = serde_json::from_slice(&p1.stdout).unwrap();
    assert_eq!(v1["player"], 1);

    // A seat that is not in the game, an unfinished game: one line, status 1.
    let bad = run(args(f, &["--iterations", "2", "--player", "2"]));
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("player 2 is not in the game"), "{err}");
    let mut unfinished = record.clone();
    unfinished["turns"].as_array_mut().unwrap().truncate(10);
    unfinished["end"] = serde_json::Value::Bool(false);
    let partial = dir.join("partial.json");
    std::fs::write(&partial, unfinished.to_string()).unwrap();
    let bad = run(args(partial.to_str().unwrap(), &["--iterations", "2"]));
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("not finished"));
    assert!(bad.stdout.is_empty());

    // Budgets out of bounds are clap's.
    let bad = run(args(f, &["--iterations", "0"]));
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("1..=100000000"));
}

#[test]
fn luck_weighs_every_draw_of_a_finished_record_the_same_every_time() {
    let dir = temp("luck");
    let file = random_record(&dir, "game.json", "9");
    let f = file.to_str().unwrap();
    let out = carcassonne(&["luck", f]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["formula"], 1);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    let net: f64 = players
        .iter()
        .map(|p| p["netPoints"].as_f64().unwrap())
        .sum();
    assert!(net.abs() < 1e-9);
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let tiles = record["turns"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t.get("tile").is_some())
        .count();
    assert_eq!(
        v["draws"].as_array().unwrap().len(),
        tiles,
        "one draw per tile placed"
    );
    assert_eq!(carcassonne(&["luck", f]).stdout, out.stdout, "reproducible");
    // An unfinished game: one line, status 1, nothing on stdout.
    let mut unfinished = record.clone();
    unfinished["turns"].as_array_mut().unwrap().truncate(10);
    unfinished["end"] = serde_json::Value::Bool(false);
    let partial = dir.join("partial.json");
    std::fs::write(&partial, unfinished.to_string()).unwrap();
    let bad = carcassonne(&["luck", partial.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not finished"), "{err}");
    assert!(bad.stdout.is_empty());
}

#[test]
fn puzzles_generate_a_set_that_verifies_and_is_added_to_not_replaced() {
    let dir = temp("puzzles");
    let d = dir.to_str().unwrap();
    let generate = [
        "puzzles",
        "generate",
        "--games",
        "1",
        "--out",
        d,
        "--iterations",
        "300",
        "--seed",
        "3",
    ];
    let out = carcassonne(&generate);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("am2 game 0"), "progress on stderr: {err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["games"], 1);
    let found = v["puzzles"].as_u64().unwrap();
    assert!(found >= 1, "a game of the hard level has a clear move: {v}");
    assert!(v["puzzlesPerCpuMinute"].as_f64().unwrap() > 0.0);
    assert_eq!(v["yield"]["found"].as_u64(), Some(found));
    let file = dir.join("abbey-mayor-2p.json");
    let text = std::fs::read_to_string(&file).expect("the set is written");
    let set: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(set["format"], "carcassonne-puzzles/1");
    assert_eq!(set["games"][0]["id"], "am2-g001");
    assert_eq!(set["puzzles"][0]["id"], "am2-001");
    assert_eq!(set["puzzles"].as_array().unwrap().len() as u64, found);
    for key in [
        "answer",
        "runnerUp",
        "themes",
        "rating",
        "winMargin",
        "pointMargin",
    ] {
        assert!(set["puzzles"][0].get(key).is_some(), "{key}");
    }
    assert!(litter(&dir).is_empty(), "{:?}", litter(&dir));

    // The same run again: its game is in the set already, nothing is played or changed.
    let again = carcassonne(&generate);
    assert!(again.status.success());
    let v: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(
        (v["games"].as_u64(), v["skipped"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);

    // Verify: every puzzle checked; the status says whether all still hold. With --drop
    // the failures go and the set verifies; the checks are reproducible.
    let verify = |extra: &[&str]| {
        let mut args = vec!["puzzles", "verify", d, "--iterations", "600"];
        args.extend_from_slice(extra);
        carcassonne(&args)
    };
    let out = verify(&[]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["checked"].as_u64(), Some(found));
    let failed = v["failed"].as_array().unwrap().len() as u64;
    assert_eq!(v["stillBest"].as_u64(), Some(found - failed));
    assert_eq!(
        out.status.code(),
        Some(if failed == 0 { 0 } else { 1 }),
        "{v}"
    );
    let dropped = verify(&["--drop"]);
    assert!(dropped.status.success());
    let v: serde_json::Value = serde_json::from_slice(&dropped.stdout).unwrap();
    assert_eq!(v["dropped"].as_u64(), Some(failed));
    if found > failed {
        let out = verify(&["--sample", "1"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["checked"], 1);
    }

    // Retag rewrites the themes (here the same ones) and counts them.
    let out = carcassonne(&["puzzles", "retag", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["puzzles"].as_u64(), Some(found - failed));
    assert_eq!(v["kept"].as_u64(), Some(found - failed));
    assert_eq!(v["changed"], 0);
    let figures = v["decisions"]["place_figure"].as_u64().unwrap_or(0);

    // A share out of range is refused and changes nothing; a share of 0 removes every
    // figure placement (and a game left without puzzles).
    let before = std::fs::read_to_string(&file).unwrap();
    let out = carcassonne(&["puzzles", "retag", d, "--max-figure-share", "1.5"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let out = carcassonne(&["puzzles", "retag", d, "--max-figure-share", "0"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["trimmed"].as_u64(), Some(figures));
    assert_eq!(v["kept"].as_u64(), Some(found - failed - figures));
    assert_eq!(v["decisions"].get("place_figure"), None);
    let set: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let left = set["puzzles"].as_array().unwrap();
    assert_eq!(left.len() as u64, found - failed - figures);
    assert!(left.iter().all(|p| p["decision"] != "place_figure"));
    assert_eq!(
        set["games"].as_array().unwrap().len(),
        usize::from(!left.is_empty())
    );
    assert!(litter(&dir).is_empty(), "{:?}", litter(&dir));
}

#[test]
fn a_malformed_puzzle_file_is_one_clear_line_and_status_1() {
    let dir = temp("bad-puzzles");
    let d = dir.to_str().unwrap();
    let file = dir.join("abbey-mayor-2p.json");
    let cases = [
        ("{\"format\": ", "not valid"),
        (
            "{\"format\": \"carcassonne-puzzles/9\", \"games\": [], \"puzzles\": []}",
            "carcassonne-puzzles/9",
        ),
        (
            "{\"format\": \"carcassonne-puzzles/1\", \"games\": [], \"puzzles\": [{\"id\": \"x-1\", \"game\": \"x-g1\", \"index\": 3, \"turn\": 2, \"player\": 0, \"decision\": \"place_tile\", \"answer\": {\"type\": \"draw\"}, \"runnerUp\": {\"type\": \"draw\"}, \"themes\": [], \"rating\": 1500.0, \"deviation\": 150.0, \"winMargin\": 0.1, \"pointMargin\": 4.0, \"why\": null}]}",
            "no game \"x-g1\"",
        ),
    ];
    for (text, says) in cases {
        std::fs::write(&file, text).unwrap();
        for args in [
            vec!["puzzles", "verify", d],
            vec!["puzzles", "retag", d],
            vec![
                "puzzles",
                "generate",
                "--games",
                "1",
                "--out",
                d,
                "--iterations",
                "5",
            ],
        ] {
            let out = carcassonne(&args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
            assert!(
                err.contains("abbey-mayor-2p.json") && err.contains(says),
                "{err}"
            );
            assert!(!err.contains("panicked"), "{err}");
            assert!(out.stdout.is_empty());
            // Nothing is overwritten.
            assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
        }
    }
    // Margins below the floor of the shipped puzzles are refused.
    let out = carcassonne(&[
        "puzzles",
        "generate",
        "--games",
        "1",
        "--out",
        d,
        "--win-margin",
        "0.05",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("0.07"));
    // A folder that is not there.
    let out = carcassonne(&["puzzles", "verify", dir.join("nowhere").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot list"));
}
