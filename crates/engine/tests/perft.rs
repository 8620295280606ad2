//! Perft-style counts: from fixed positions, the number of legal decision sequences of depth
//! 1 to 3, kept as data in `tests/perft.json`.
//!
//! Each position is a game record (RULES.md §6) in `tests/perft/<name>.json`, replayed through
//! the rules, then the moves of the unfinished turn (`then` in `perft.json`), which a record
//! cannot hold. Tiles not yet drawn come from the record's seed; `perft.json` lists them
//! (`pile`, in drawing order) and the test checks them, so a change in the random number
//! generator cannot change a position silently.
//!
//! `PERFT_BLESS=1 cargo test --test perft` rewrites the counts and piles in `perft.json` from
//! the stored records after an intended rules change. The records were written once from
//! seeded random games by the ignored test `write_positions_from_seeds`.

use std::path::{Path, PathBuf};

use carcassonne_engine::{
    FigureKind, Game, Move, PlayerKind, Pos, Record, RecordPlayer, Setup, TileInfo, TurnEntry,
};
use serde::{Deserialize, Serialize};

/// One position and its counts, as stored in `perft.json`.
#[derive(Serialize, Deserialize, PartialEq, Eq, Debug)]
struct Position {
    /// The record file in `tests/perft/`, without `.json`.
    name: String,
    /// Moves played after the record: the unfinished turn.
    then: Vec<StoredMove>,
    /// The tiles not yet drawn, in drawing order, separated by spaces.
    pile: String,
    /// Legal sequences of depth 1, 2 and 3.
    counts: [u64; 3],
}

/// A move as stored in `perft.json`.
#[derive(Serialize, Deserialize, PartialEq, Eq, Debug, Clone, Copy)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum StoredMove {
    Draw,
    Place { at: [i16; 2], rot: u8 },
    Abbey { at: [i16; 2] },
    Figure { kind: Kind, spot: u8 },
    NoFigure,
    WagonTo { at: [i16; 2], seg: u8 },
    WagonHome,
    Pass,
}

#[derive(Serialize, Deserialize, PartialEq, Eq, Debug, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Follower,
    Mayor,
    Wagon,
    Barn,
}

impl From<StoredMove> for Move {
    fn from(m: StoredMove) -> Move {
        let pos = |[x, y]: [i16; 2]| Pos::new(x, y);
        match m {
            StoredMove::Draw => Move::Draw,
            StoredMove::Place { at, rot } => Move::Place { pos: pos(at), rot },
            StoredMove::Abbey { at } => Move::Abbey { pos: pos(at) },
            StoredMove::Figure { kind, spot } => Move::Figure {
                kind: match kind {
                    Kind::Follower => FigureKind::Follower,
                    Kind::Mayor => FigureKind::Mayor,
                    Kind::Wagon => FigureKind::Wagon,
                    Kind::Barn => FigureKind::Barn,
                },
                spot,
            },
            StoredMove::NoFigure => Move::NoFigure,
            StoredMove::WagonTo { at, seg } => Move::WagonTo { pos: pos(at), seg },
            StoredMove::WagonHome => Move::WagonHome,
            StoredMove::Pass => Move::Pass,
        }
    }
}

impl From<Move> for StoredMove {
    fn from(m: Move) -> StoredMove {
        let at = |p: Pos| [p.x, p.y];
        match m {
            Move::Draw => StoredMove::Draw,
            Move::Place { pos, rot } => StoredMove::Place { at: at(pos), rot },
            Move::Abbey { pos } => StoredMove::Abbey { at: at(pos) },
            Move::Figure { kind, spot } => StoredMove::Figure {
                kind: match kind {
                    FigureKind::Follower => Kind::Follower,
                    FigureKind::Mayor => Kind::Mayor,
                    FigureKind::Wagon => Kind::Wagon,
                    FigureKind::Barn => Kind::Barn,
                },
                spot,
            },
            Move::NoFigure => StoredMove::NoFigure,
            Move::WagonTo { pos, seg } => StoredMove::WagonTo { at: at(pos), seg },
            Move::WagonHome => StoredMove::WagonHome,
            Move::Pass => StoredMove::Pass,
        }
    }
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

fn perft(game: &Game, depth: u32) -> u64 {
    let moves = game.legal_moves();
    if depth == 1 || moves.is_empty() {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = game.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// The tiles not yet drawn, in drawing order. seen by playing the first legal move to
/// the end (every tile is drawn, placed or discarded, whatever the moves).
fn pile_of(game: &Game) -> String {
    let mut g = game.clone();
    let seen = g.log().len();
    while !g.is_over() {
        g.play(g.legal_moves()[0]).expect("legal");
    }
    let mut pile: Vec<String> = g.log()[seen..]
        .iter()
        .filter_map(|e| match e {
            TurnEntry::Tile { tile, .. } | TurnEntry::Discarded { tile } => {
                Some(TileInfo::of(*tile).id().to_string())
            }
            _ => None,
        })
        .collect();
    // A tile drawn and awaiting placement is no longer in the pile.
    if let carcassonne_engine::Decision::PlaceTile { .. } = game.decision() {
        pile.remove(0);
    }
    pile.join(" ")
}

/// The position: the record replayed, then the unfinished turn's moves.
fn load(name: &str, then: &[StoredMove]) -> Game {
    let path = data_dir().join("perft").join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).expect("perft record");
    let mut game = Record::parse(&text)
        .and_then(|r| r.replay())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    for &m in then {
        game.play(m.into())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    game.set_logging(false);
    game
}

#[test]
fn perft_counts_match_the_data() {
    let path = data_dir().join("perft.json");
    let stored: Vec<Position> =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("perft.json"))
            .expect("valid perft data");
    assert!(!stored.is_empty());
    let computed: Vec<Position> = stored
        .iter()
        .map(|p| {
            let game = load(&p.name, &p.then);
            let mut logged = game.clone();
            logged.set_logging(true);
            Position {
                name: p.name.clone(),
                then: p.then.clone(),
                pile: pile_of(&logged),
                counts: [perft(&game, 1), perft(&game, 2), perft(&game, 3)],
            }
        })
        .collect();
    if std::env::var_os("PERFT_BLESS").is_some() {
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&computed).unwrap() + "\n",
        )
        .unwrap();
    }
    assert_eq!(computed, stored);
}

/// Writes the positions of `perft.json` from seeded random games (the way they were first
/// made): `cargo test --test perft -- --ignored`. Counts are then filled in by
/// `PERFT_BLESS=1`.
#[test]
#[ignore = "writes the perft positions; run once, by hand"]
fn write_positions_from_seeds() {
    use rand::{Rng, SeedableRng};
    let specs: [(&str, u64, usize, bool, usize); 7] = [
        ("base-2p-start", 1, 2, false, 0),
        ("base-2p-21", 2, 2, false, 21),
        ("base-3p-60", 3, 3, false, 60),
        ("am-2p-start", 4, 2, true, 0),
        ("am-4p-45", 5, 4, true, 45),
        ("am-2p-90", 6, 2, true, 90),
        ("am-5p-120", 7, 5, true, 120),
    ];
    let mut positions = Vec::new();
    for (name, seed, players, abbey_mayor, moves) in specs {
        let setup = Setup {
            players,
            abbey_mayor,
            seed,
        };
        let mut game = Game::new(&setup).expect("setup");
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let mut played = Vec::new();
        // The last position from which a record replays to the very same game.
        let mut cut = (0, game.clone());
        for i in 0..moves {
            let legal = game.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            game.play(mv).expect("legal");
            played.push(mv);
            if same(&replayed(&game, players), &game) {
                cut = (i + 1, game.clone());
            }
        }
        let record = Record::from_game(&cut.1, record_players(players));
        let file = data_dir().join("perft").join(format!("{name}.json"));
        std::fs::write(file, record.to_json() + "\n").unwrap();
        let then: Vec<StoredMove> = played[cut.0..].iter().map(|&m| m.into()).collect();
        let position = load(name, &then);
        assert!(
            same(&position, &game),
            "{name}: the stored position differs"
        );
        positions.push(Position {
            name: name.into(),
            then,
            pile: String::new(),
            counts: [0; 3],
        });
    }
    let path = data_dir().join("perft.json");
    std::fs::write(
        path,
        serde_json::to_string_pretty(&positions).unwrap() + "\n",
    )
    .unwrap();
}

fn record_players(n: usize) -> Vec<RecordPlayer> {
    (0..n)
        .map(|i| RecordPlayer {
            name: format!("P{}", i + 1),
            kind: PlayerKind::Ai,
            level: Some("random".into()),
        })
        .collect()
}

fn replayed(game: &Game, players: usize) -> Game {
    let record = Record::from_game(game, record_players(players));
    Record::parse(&record.to_json())
        .and_then(|r| r.replay())
        .expect("a game's own record replays")
}

/// Whether two games are in the same position, as far as the public state shows.
fn same(a: &Game, b: &Game) -> bool {
    a.decision() == b.decision()
        && a.log() == b.log()
        && a.players() == b.players()
        && a.figures() == b.figures()
        && a.remaining() == b.remaining()
        && a.pile_len() == b.pile_len()
        && a.legal_moves() == b.legal_moves()
        && a.board().tiles() == b.board().tiles()
}
