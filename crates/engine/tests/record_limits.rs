//! Hardening of record reading: coordinates, echoed strings, size limits, duplicate keys and
//! strict entries. Every rejection is one line `turn N: reason` of bounded length.

use carcassonne_engine::game::MAX_PLAYERS;
use carcassonne_engine::{
    Game, MAX_RECORD_BYTES, MAX_TURNS, PlayerKind, Record, RecordError, RecordPlayer, Setup,
    tile_types,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The longest a rejection's `Display` may be: the reason is cut well below this.
const MAX_LINE: usize = 300;

fn two_players(turns: &str, expansions: &str, end: bool) -> String {
    format!(
        r#"{{"format":"carcassonne-record/1","players":[{{"name":"A","kind":"human"}},{{"name":"B","kind":"human"}}],"expansions":[{expansions}],"turns":[{turns}],"end":{end}}}"#
    )
}

fn replay(json: &str) -> Result<Game, RecordError> {
    Record::parse(json)?.replay()
}

/// The error of a record that must be rejected, checked to be one short line.
fn rejected(json: &str) -> RecordError {
    let e = match replay(json) {
        Ok(_) => panic!("accepted: {}", &json[..json.len().min(300)]),
        Err(e) => e,
    };
    assert_one_line(&e);
    e
}

fn assert_one_line(e: &RecordError) {
    let line = e.to_string();
    assert!(
        !line.contains(['\n', '\r', '\u{2028}', '\u{2029}', '\u{85}']),
        "{line:?}"
    );
    assert!(line.chars().count() <= MAX_LINE, "{} chars", line.len());
    assert!(line.starts_with(&format!("turn {}: ", e.turn)), "{line}");
}

// ----- 4. coordinates ----------------------------------------------------------------------

#[test]
fn the_most_negative_coordinate_is_rejected_not_wrapped() {
    for at in [
        "[-9223372036854775808,0]",
        "[0,-9223372036854775808]",
        "[9223372036854775807,0]",
        "[-201,0]",
    ] {
        let e = rejected(&two_players(
            &format!(r#"{{"tile":"U","at":{at},"rotation":0}}"#),
            "",
            false,
        ));
        assert_eq!(e.turn, 1, "{e}");
        assert!(e.reason.contains("far off the board"), "{e}");
    }
    // The abbey and a wagon's target go through the same check.
    let abbey = rejected(&two_players(
        r#"{"abbey":[-9223372036854775808,1]}"#,
        r#""abbey-mayor""#,
        false,
    ));
    assert_eq!(abbey.turn, 1);
    let wagon = rejected(&two_players(
        r#"{"tile":"E","at":[0,-1],"rotation":180,"figure":{"kind":"wagon","on":"S"},
            "wagons":[{"player":0,"to":{"at":[-9223372036854775808,0],"on":"N"}}]}"#,
        r#""abbey-mayor""#,
        false,
    ));
    assert_eq!(wagon.turn, 1);
    assert!(wagon.reason.contains("far off the board"), "{wagon}");
    // The limit itself is still on the board.
    assert!(
        replay(&two_players(
            r#"{"tile":"U","at":[1,0],"rotation":0}"#,
            "",
            false
        ))
        .is_ok()
    );
}

// ----- 5. echoed strings -------------------------------------------------------------------

#[test]
fn a_newline_or_a_huge_string_from_the_input_stays_on_one_short_line() {
    // Long, yet inside the byte limit (a longer record is refused unread, see below).
    let long = format!("X\n{}", "y".repeat(500_000));
    let cases = [
        format!(
            r#"{{"tile":{},"at":[1,0],"rotation":0}}"#,
            json_str("Z\nturn 9: fake")
        ),
        format!(r#"{{"tile":{},"at":[1,0],"rotation":0}}"#, json_str(&long)),
        format!(
            r#"{{"tile":"U","at":[1,0],"rotation":0,"figure":{{"kind":{},"on":"E"}}}}"#,
            json_str(&long)
        ),
        format!(
            r#"{{"tile":"U","at":[1,0],"rotation":0,"figure":{{"kind":"follower","on":{}}}}}"#,
            json_str(&long)
        ),
        format!(
            r#"{{"tile":"U","at":[1,0],"rotation":{}}}"#,
            json_str(&long)
        ),
        format!(r#"{{{}:1}}"#, json_str(&long)),
    ];
    for turns in &cases {
        let e = rejected(&two_players(turns, "", false));
        assert_eq!(e.turn, 1, "{e}");
    }
    let bad_format = format!(
        r#"{{"format":{},"players":[{{"name":"A","kind":"human"}}],"turns":[]}}"#,
        json_str("carcassonne-record/1\nturn 2: x")
    );
    assert_eq!(rejected(&bad_format).turn, 0);
    let huge = format!(
        r#"{{"tile":{},"at":[1,0],"rotation":0}}"#,
        json_str(&"z".repeat(10_000_000))
    );
    assert_eq!(rejected(&two_players(&huge, "", false)).turn, 0);
}

fn json_str(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// A record with `s` put in place number `place` of the places an error may echo.
fn with_injected(place: u8, s: &str) -> String {
    let q = json_str(s);
    let player = r#"{"name":"A","kind":"human"}"#;
    let (format, kind, expansion, turns, key) = (
        "\"carcassonne-record/1\"".to_string(),
        "\"human\"".to_string(),
        String::new(),
        String::new(),
        String::new(),
    );
    let (mut format, mut kind, mut expansion, mut turns, mut key) =
        (format, kind, expansion, turns, key);
    let tile = |fig: &str, wagons: &str| {
        format!(r#"{{"tile":"E","at":[0,-1],"rotation":180{fig}{wagons}}}"#)
    };
    match place % 14 {
        0 => format = q,
        1 => kind = q,
        2 => expansion = q,
        3 => turns = format!(r#"{{"tile":{q},"at":[1,0],"rotation":0}}"#),
        4 => turns = format!(r#"{{"tile":"E","at":[0,-1],"rotation":180}},{{"discarded":{q}}}"#),
        5 => turns = tile(&format!(r#","figure":{{"kind":{q},"on":"S"}}"#), ""),
        6 => turns = tile(&format!(r#","figure":{{"kind":"follower","on":{q}}}"#), ""),
        7 => turns = tile(&format!(r#","figure":{{"kind":"barn","corner":{q}}}"#), ""),
        8 => {
            turns = tile(
                r#","figure":{"kind":"wagon","on":"S"}"#,
                &format!(r#","wagons":[{{"player":0,"to":{{"at":[0,0],"on":{q}}}}}]"#),
            )
        }
        9 => turns = format!(r#"{{"tile":"E","at":{q},"rotation":180}}"#),
        10 => turns = format!(r#"{{"tile":"E","at":[0,-1],"rotation":{q}}}"#),
        11 => turns = format!(r#"{{"tile":"E","at":[0,-1],"rotation":180,{q}:1}}"#),
        12 => turns = tile(&format!(r#","figure":{{"kind":"follower",{q}:"S"}}"#), ""),
        _ => key = format!(",{q}:0"),
    }
    format!(
        r#"{{"format":{format},"players":[{player},{{"name":"B","kind":{kind}}}],"expansions":[{expansion}],"turns":[{turns}]{key}}}"#
    )
}

fn odd_string() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[\\n\\r\\t\"\\\\`\u{2028}\u{85}a-z ]{0,60}",
        ("[a-z\\n]{0,8}", 50usize..5000).prop_map(|(s, n)| s.repeat(n)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(256),
        ..ProptestConfig::default()
    })]

    /// Whatever string is put wherever an error could echo it, the error is one short line.
    #[test]
    fn injected_strings_never_break_or_lengthen_the_error_line(place in 0u8..14, s in odd_string()) {
        let json = with_injected(place, &s);
        match replay(&json) {
            Ok(_) => {}
            Err(e) => {
                let line = e.to_string();
                prop_assert!(!line.contains(['\n', '\r']), "{:?}", line);
                prop_assert!(line.chars().count() <= MAX_LINE, "{} chars: {:?}", line.len(), line);
                prop_assert!(line.starts_with(&format!("turn {}: ", e.turn)), "{:?}", line);
            }
        }
    }
}

// ----- 6. size limits ----------------------------------------------------------------------

fn random_record(players: usize, seed: u64) -> Record {
    let mut game = Game::new(&Setup {
        players,
        abbey_mayor: true,
        seed,
    })
    .unwrap();
    game.play_random(&mut Pcg64Mcg::seed_from_u64(seed));
    let players = (0..players)
        .map(|i| RecordPlayer {
            name: format!("Player number {i}"),
            kind: PlayerKind::Ai,
            level: Some("expert".into()),
        })
        .collect();
    Record::from_game(&game, players)
}

#[test]
fn the_turn_limit_follows_from_the_rules() {
    // Every drawn land tile gives one entry (placed or discarded): the pile holds the whole
    // set but the start tile. Each player adds at most one abbey-or-pass entry.
    let land: usize = tile_types()
        .take(carcassonne_engine::tile::LAND_TYPES)
        .map(|t| t.count() as usize)
        .sum();
    assert_eq!(land, 84);
    assert_eq!(MAX_TURNS, land - 1 + MAX_PLAYERS);
}

#[test]
fn the_largest_legal_records_are_far_below_the_limits() {
    let mut largest = 0;
    let mut most_turns = 0;
    for seed in 0..40 {
        let record = random_record(6, seed);
        largest = largest.max(record.to_json().len());
        most_turns = most_turns.max(record.turns.len());
        assert!(record.turns.len() <= MAX_TURNS);
    }
    assert!(most_turns > 80, "{most_turns}");
    assert!(
        largest * 10 < MAX_RECORD_BYTES,
        "largest pretty 6-player record {largest} bytes"
    );
}

#[test]
fn a_record_longer_than_the_byte_limit_is_refused_at_once() {
    let json = random_record(2, 3).to_json();
    assert!(replay(&json).is_ok());
    let mut padded = json.clone();
    padded.push_str(&" ".repeat(MAX_RECORD_BYTES - json.len()));
    assert!(
        Record::parse(&padded).is_ok(),
        "exactly at the limit is fine"
    );
    padded.push(' ');
    let e = rejected(&padded);
    assert_eq!(e.turn, 0);
    assert!(e.reason.contains(&MAX_RECORD_BYTES.to_string()), "{e}");
    // Refused before reading: a huge document that is not even JSON gets the same answer.
    let e = rejected(&"[".repeat(MAX_RECORD_BYTES + 1));
    assert!(e.reason.contains(&MAX_RECORD_BYTES.to_string()), "{e}");
}

#[test]
fn too_many_turn_entries_stop_the_parse_at_the_limit() {
    let entry = r#"{"pass":true}"#;
    let at_limit = vec![entry; MAX_TURNS].join(",");
    // MAX_TURNS entries are read (and then fail as passes outside the final round).
    let e = rejected(&two_players(&at_limit, "", false));
    assert_eq!(e.turn, 1, "{e}");
    // One more is refused while reading the array: what follows it is never looked at.
    let over = format!("{at_limit},{entry},]]]] not json");
    let e = rejected(&two_players(&over, "", false));
    assert_eq!(e.turn, 0, "{e}");
    assert!(e.reason.contains(&MAX_TURNS.to_string()), "{e}");
    // A record built in code is held to the same limit.
    let mut record = random_record(2, 5);
    let extra = record.turns[0].clone();
    record.turns.resize(MAX_TURNS + 1, extra);
    let e = record.replay().unwrap_err();
    assert_eq!(e.turn, 0, "{e}");
}

// ----- 12. duplicate keys ------------------------------------------------------------------

#[test]
fn duplicate_keys_are_rejected_everywhere_alike() {
    let top = r#"{"format":"carcassonne-record/1","format":"carcassonne-record/1","players":[{"name":"A","kind":"human"}],"turns":[]}"#;
    let e = rejected(top);
    assert_eq!(e.turn, 0);
    assert!(e.reason.contains("duplicate field `format`"), "{e}");
    let player = r#"{"format":"carcassonne-record/1","players":[{"name":"A","kind":"human","name":"B"}],"turns":[]}"#;
    let e = rejected(player);
    assert_eq!(e.turn, 0);
    assert!(e.reason.contains("duplicate field `name`"), "{e}");
    let cases = [
        (
            r#"{"tile":"U","at":[1,0],"rotation":0,"tile":"U"}"#,
            "`tile`",
        ),
        (
            r#"{"tile":"U","at":[1,0],"at":[-1,0],"rotation":0}"#,
            "`at`",
        ),
        (
            r#"{"tile":"U","at":[1,0],"rotation":0,"figure":{"kind":"follower","on":"E","on":"Nw"}}"#,
            "`on`",
        ),
        (
            r#"{"tile":"U","at":[1,0],"rotation":0,"figure":{"kind":"follower","kind":"mayor","on":"E"}}"#,
            "`kind`",
        ),
        (
            r#"{"tile":"U","at":[1,0],"rotation":0,"wagons":[{"player":0,"player":1,"to":null}]}"#,
            "`player`",
        ),
        (
            r#"{"tile":"U","at":[1,0],"rotation":0,"wagons":[{"player":0,"to":{"at":[1,0],"on":"E","on":"W"}}]}"#,
            "`on`",
        ),
    ];
    for (turn, field) in cases {
        let json = format!(
            r#"{{"format":"carcassonne-record/1","players":[{{"name":"A","kind":"human"}}],"expansions":["abbey-mayor"],"turns":[{turn}]}}"#
        );
        let e = rejected(&json);
        assert_eq!(e.turn, 1, "{turn}: {e}");
        assert!(
            e.reason.contains(&format!("duplicate field {field}")),
            "{turn}: {e}"
        );
    }
}

// ----- 14 (b). strict entries --------------------------------------------------------------

#[test]
fn discard_and_pass_entries_carry_nothing_else() {
    let cases = [
        r#"{"discarded":"C","figure":{"kind":"follower","on":"N"}}"#,
        r#"{"discarded":"C","at":[0,-2]}"#,
        r#"{"discarded":"C","wagons":[]}"#,
        r#"{"discarded":"C","pass":null}"#,
    ];
    for d in cases {
        let turns = format!(r#"{{"tile":"E","at":[0,-1],"rotation":180}},{d}"#);
        let e = rejected(&two_players(&turns, "", true));
        assert_eq!(e.turn, 2, "{d}: {e}");
        assert!(e.reason.contains("discarded entry"), "{d}: {e}");
    }
    // The same record without the extra key is fine.
    let fine = two_players(
        r#"{"tile":"E","at":[0,-1],"rotation":180},{"discarded":"C"}"#,
        "",
        true,
    );
    assert!(replay(&fine).is_ok());
    let e = rejected(&two_players(r#"{"pass":true,"rotation":0}"#, "", false));
    assert_eq!(e.turn, 1);
    assert!(e.reason.contains("pass entry"), "{e}");
    let e = rejected(&two_players(
        r#"{"abbey":[0,1],"rotation":90}"#,
        r#""abbey-mayor""#,
        false,
    ));
    assert_eq!(e.turn, 1);
    assert!(e.reason.contains("abbey entry"), "{e}");
}

#[test]
fn a_figure_names_on_or_corner_never_both() {
    let follower = two_players(
        r#"{"tile":"E","at":[0,-1],"rotation":180,"figure":{"kind":"follower","on":"S","corner":"NW"}}"#,
        "",
        false,
    );
    let e = rejected(&follower);
    assert_eq!(e.turn, 1);
    assert!(e.reason.contains("never both"), "{e}");
    let record = Record::parse(&follower.replace(r#","corner":"NW""#, "")).unwrap();
    assert!(record.replay().is_ok());
    // A record built in code is held to the same rule.
    let mut both = record.clone();
    both.turns[0].figure.as_mut().unwrap().corner = Some("NW".into());
    let e = both.replay().unwrap_err();
    assert_eq!(e.turn, 1);
    assert!(e.reason.contains("never both"), "{e}");
}
