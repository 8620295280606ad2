//! Mutation fuzzing of game records: the golden records and records of random complete games,
//! damaged at the byte level (flips, deletions, insertions) and at the JSON level (keys
//! removed, added or duplicated, values swapped or replaced by huge numbers and odd strings).
//! Whatever the damage, parsing and replaying either yields a game or fails with one line
//! `turn N: reason`, N within the record's entries; it never panics.
//!
//! The number of cases is bounded for CI; run longer with, for example,
//! `PROPTEST_CASES=20000 cargo test -p carcassonne-engine --test fuzz_records`.

use std::path::Path;
use std::sync::OnceLock;

use carcassonne_engine::{Game, MAX_TURNS, PlayerKind, Record, RecordError, RecordPlayer, Setup};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use serde_json::{Value, json};

/// The records mutated: every golden record, then a few random complete games.
fn corpus() -> &'static [String] {
    static CORPUS: OnceLock<Vec<String>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .expect("golden folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        let mut out: Vec<String> = paths
            .iter()
            .map(|p| {
                let case: Value =
                    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
                serde_json::to_string_pretty(&case["record"]).unwrap()
            })
            .collect();
        for (players, abbey_mayor, seed) in
            [(2, false, 1), (3, true, 2), (6, true, 3), (1, true, 4)]
        {
            let mut game = Game::new(&Setup {
                players,
                abbey_mayor,
                seed,
            })
            .unwrap();
            game.play_random(&mut Pcg64Mcg::seed_from_u64(seed));
            let names = (0..players)
                .map(|i| RecordPlayer {
                    name: format!("P{i}"),
                    kind: PlayerKind::Ai,
                    level: Some("hard".into()),
                })
                .collect();
            out.push(Record::from_game(&game, names).to_json());
        }
        out
    })
}

/// Text put into records by byte-level insertions.
const TOKENS: [&str; 24] = [
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\\",
    "null",
    "-9223372036854775808",
    "18446744073709551616",
    "1e400",
    "-0.5",
    "\"\\n\"",
    "\"\\u2028\"",
    "\"\\ud800\"",
    "\"tile\":\"C\",",
    "\"at\":[0,0],",
    "{\"pass\":true},",
    "{\"discarded\":\"C\"},",
    "\"figure\":{\"kind\":\"barn\",\"corner\":\"NW\",\"on\":\"N\"},",
    "\"wagons\":[{\"player\":0,\"to\":null}],",
    "\"end\":true,",
    "é\u{0}\u{2028}",
];

/// Keys added to objects.
const KEYS: [&str; 16] = [
    "tile",
    "at",
    "rotation",
    "abbey",
    "discarded",
    "pass",
    "figure",
    "wagons",
    "kind",
    "on",
    "corner",
    "player",
    "to",
    "format",
    "turns",
    "x\ny",
];

/// Values put into records.
fn odd_value(i: usize) -> Value {
    match i % 22 {
        0 => Value::Null,
        1 => json!(true),
        2 => json!(-1),
        3 => json!(201),
        4 => json!(i64::MIN),
        5 => json!(i64::MAX),
        6 => json!(u64::MAX),
        7 => json!(1.5),
        8 => json!(""),
        9 => json!("\n\r\u{2028}"),
        10 => json!("x".repeat(3000)),
        11 => json!("N"),
        12 => json!("monastery"),
        13 => json!([]),
        14 => json!({}),
        15 => json!([0, 0]),
        16 => json!([i64::MIN, 0]),
        17 => json!({"kind": "barn", "corner": "NW"}),
        18 => json!({"kind": "follower", "on": "N", "corner": "NW"}),
        19 => json!([{"player": 0, "to": null}, {"player": 1, "to": {"at": [0, 0], "on": "E"}}]),
        20 => json!("C"),
        _ => json!(90),
    }
}

/// A value of the kind `key` expects, possibly illegal where it lands.
fn plausible(key: &str, i: usize) -> Value {
    const IDS: [&str; 10] = ["A", "B", "C", "D", "E", "U", "V", "X", "AM5", "AM12"];
    const ON: [&str; 10] = [
        "N",
        "E",
        "S",
        "W",
        "Nw",
        "Es",
        "Sw",
        "inner",
        "monastery",
        "NW",
    ];
    let small = |j: usize| (j % 7) as i64 - 3;
    match key {
        "tile" | "discarded" => json!(IDS[i % IDS.len()]),
        "at" | "abbey" => json!([small(i), small(i / 7)]),
        "rotation" => json!([0, 90, 180, 270, 45][i % 5]),
        "on" => json!(ON[i % ON.len()]),
        "corner" => json!(["NW", "NE", "SE", "SW", "N"][i % 5]),
        "kind" => json!(["follower", "mayor", "wagon", "barn", "ai", "human"][i % 6]),
        "player" => json!(i % 7),
        "pass" | "end" => json!(i.is_multiple_of(2)),
        "to" => match i % 3 {
            0 => Value::Null,
            _ => json!({"at": [small(i), small(i / 7)], "on": (ON[i % ON.len()])}),
        },
        "figure" => {
            json!({"kind": (["follower", "wagon", "barn"][i % 3]), "on": (ON[i % ON.len()])})
        }
        "expansions" => {
            if i.is_multiple_of(2) {
                json!(["abbey-mayor"])
            } else {
                json!([])
            }
        }
        _ => odd_value(i),
    }
}

#[derive(Clone, Debug)]
enum Mutation {
    /// Replaces a byte.
    Flip { at: usize, byte: u8 },
    /// Deletes a run of bytes.
    Delete { at: usize, len: usize },
    /// Inserts one of [`TOKENS`].
    Insert { at: usize, token: usize },
    /// Removes a key of an object.
    RemoveKey { object: usize, key: usize },
    /// Adds (or overwrites) a key of an object with an odd value.
    SetKey {
        object: usize,
        key: usize,
        value: usize,
    },
    /// Replaces a value of an object with an odd one.
    SetValue {
        object: usize,
        key: usize,
        value: usize,
    },
    /// Writes a key of an object twice, the second time with an odd value.
    DuplicateKey {
        object: usize,
        key: usize,
        value: usize,
    },
    /// Replaces a value with another of the kind its key expects (a tile id, a position, a
    /// rotation, a location...): damage that gets past the parse to the replay.
    Plausible {
        object: usize,
        key: usize,
        value: usize,
    },
    /// Swaps two values anywhere in the record.
    Swap { a: usize, b: usize },
    /// Duplicates, removes or moves a turn entry.
    Turns { op: u8, a: usize, b: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let n = any::<usize>;
    // Byte-level damage mostly breaks the JSON syntax, so it is drawn less often than the
    // JSON-level edits that reach the replay.
    prop_oneof![
        1 => (n(), any::<u8>()).prop_map(|(at, byte)| Mutation::Flip { at, byte }),
        1 => (n(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        1 => (n(), 0..TOKENS.len()).prop_map(|(at, token)| Mutation::Insert { at, token }),
        3 => (n(), n()).prop_map(|(object, key)| Mutation::RemoveKey { object, key }),
        3 => (n(), 0..KEYS.len(), n()).prop_map(|(object, key, value)| Mutation::SetKey {
            object,
            key,
            value
        }),
        3 => (n(), n(), n()).prop_map(|(object, key, value)| Mutation::SetValue { object, key, value }),
        3 => (n(), n(), n()).prop_map(|(object, key, value)| Mutation::DuplicateKey {
            object,
            key,
            value
        }),
        5 => (n(), n(), n()).prop_map(|(object, key, value)| Mutation::Plausible {
            object,
            key,
            value
        }),
        3 => (n(), n()).prop_map(|(a, b)| Mutation::Swap { a, b }),
        3 => (0u8..3, n(), n()).prop_map(|(op, a, b)| Mutation::Turns { op, a, b }),
    ]
}

/// Paths (as JSON pointers) to every object, or to every value, in `v`.
fn pointers(v: &Value, at: String, objects_only: bool, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            out.push(at.clone());
            for (k, x) in m {
                pointers(
                    x,
                    format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    objects_only,
                    out,
                );
            }
        }
        Value::Array(a) => {
            if !objects_only {
                out.push(at.clone());
            }
            for (i, x) in a.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), objects_only, out);
            }
        }
        _ if !objects_only => out.push(at),
        _ => {}
    }
}

/// The object number `i` (modulo their count) and the name of its key number `k`.
fn pick(v: &Value, i: usize, k: usize) -> Option<(String, Option<String>)> {
    let mut objects = Vec::new();
    pointers(v, String::new(), true, &mut objects);
    let at = objects.get(i % objects.len().max(1))?.clone();
    let m = v.pointer(&at)?.as_object()?;
    let key = (!m.is_empty()).then(|| m.keys().nth(k % m.len()).unwrap().clone());
    Some((at, key))
}

fn apply(text: String, m: &Mutation) -> String {
    let byte_at = |at: usize| {
        if text.is_empty() {
            0
        } else {
            at % (text.len() + 1)
        }
    };
    match *m {
        Mutation::Flip { at, byte } => {
            let mut b = text.clone().into_bytes();
            if !b.is_empty() {
                let i = at % b.len();
                b[i] = byte;
            }
            return String::from_utf8_lossy(&b).into_owned();
        }
        Mutation::Delete { at, len } => {
            let mut b = text.clone().into_bytes();
            let i = byte_at(at).min(b.len());
            b.drain(i..(i + len).min(b.len()));
            return String::from_utf8_lossy(&b).into_owned();
        }
        Mutation::Insert { at, token } => {
            let mut b = text.clone().into_bytes();
            let i = byte_at(at).min(b.len());
            b.splice(i..i, TOKENS[token].bytes());
            return String::from_utf8_lossy(&b).into_owned();
        }
        _ => {}
    }
    // JSON-level mutations need a document that still parses.
    let Ok(mut v) = serde_json::from_str::<Value>(&text) else {
        return text;
    };
    match *m {
        Mutation::RemoveKey { object, key } => {
            if let Some((at, Some(k))) = pick(&v, object, key) {
                v.pointer_mut(&at)
                    .unwrap()
                    .as_object_mut()
                    .unwrap()
                    .remove(&k);
            }
        }
        Mutation::SetKey { object, key, value } => {
            if let Some((at, _)) = pick(&v, object, 0) {
                v.pointer_mut(&at).unwrap()[KEYS[key]] = odd_value(value);
            }
        }
        Mutation::SetValue { object, key, value } => {
            if let Some((at, Some(k))) = pick(&v, object, key) {
                v.pointer_mut(&at).unwrap()[k.as_str()] = odd_value(value);
            }
        }
        Mutation::DuplicateKey { object, key, value } => {
            // A JSON value cannot hold a key twice: write a placeholder key, then rename it
            // in the text.
            if let Some((at, Some(k))) = pick(&v, object, key) {
                const MARK: &str = "\u{1}duplicate\u{1}";
                v.pointer_mut(&at).unwrap()[MARK] = odd_value(value);
                let text = serde_json::to_string(&v).unwrap();
                let mark = serde_json::to_string(MARK).unwrap();
                return text.replacen(&mark, &serde_json::to_string(&k).unwrap(), 1);
            }
        }
        Mutation::Plausible { object, key, value } => {
            if let Some((at, Some(k))) = pick(&v, object, key) {
                let x = plausible(&k, value);
                v.pointer_mut(&at).unwrap()[k.as_str()] = x;
            }
        }
        Mutation::Swap { a, b } => {
            let mut all = Vec::new();
            pointers(&v, String::new(), false, &mut all);
            let (pa, pb) = (&all[a % all.len()], &all[b % all.len()]);
            // Only between values neither of which contains the other.
            if !pa.starts_with(pb.as_str()) && !pb.starts_with(pa.as_str()) {
                let va = v.pointer(pa).unwrap().clone();
                let vb = std::mem::replace(v.pointer_mut(pb).unwrap(), va);
                *v.pointer_mut(pa).unwrap() = vb;
            }
        }
        Mutation::Turns { op, a, b } => {
            if let Some(turns) = v.get_mut("turns").and_then(Value::as_array_mut)
                && !turns.is_empty()
            {
                let (i, j) = (a % turns.len(), b % turns.len());
                match op {
                    0 => {
                        let t = turns[i].clone();
                        turns.insert(j, t);
                    }
                    1 => {
                        turns.remove(i);
                    }
                    _ => {
                        let t = turns.remove(i);
                        turns.insert(j.min(turns.len()), t);
                    }
                }
            }
        }
        _ => {}
    }
    serde_json::to_string_pretty(&v).unwrap()
}

/// A rejection is one short line `turn N: reason` with N at most `turns`.
fn check_error(e: &RecordError, turns: usize) -> Result<(), TestCaseError> {
    let line = e.to_string();
    prop_assert!(!line.contains(['\n', '\r']), "{:?}", line);
    prop_assert!(
        line.chars().count() <= 300,
        "{} chars: {:?}",
        line.len(),
        line
    );
    prop_assert!(
        line.starts_with(&format!("turn {}: ", e.turn)),
        "{:?}",
        line
    );
    prop_assert!(!e.reason.is_empty());
    prop_assert!(e.turn <= turns, "turn {} of {}: {}", e.turn, turns, line);
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(5000)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn damaged_records_replay_or_fail_with_one_line(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..3),
    ) {
        let corpus = corpus();
        let mut text = corpus[which % corpus.len()].clone();
        for m in &mutations {
            text = apply(text, m);
        }
        // How many entries the damaged record holds, when that can still be told.
        let entries = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v.get("turns")?.as_array().map(Vec::len))
            .unwrap_or(MAX_TURNS + 1);
        match Record::parse(&text) {
            Err(e) => check_error(&e, entries)?,
            Ok(record) => match record.replay() {
                Ok(game) => prop_assert_eq!(game.scores().len(), record.players.len()),
                Err(e) => check_error(&e, record.turns.len())?,
            },
        }
    }
}

/// The corpus itself replays: the golden records that expect success, and the random games.
#[test]
fn the_random_games_of_the_corpus_replay() {
    let corpus = corpus();
    for text in &corpus[corpus.len() - 4..] {
        let record = Record::parse(text).unwrap();
        assert!(record.replay().unwrap().is_over());
    }
}
