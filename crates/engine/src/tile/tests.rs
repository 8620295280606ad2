//! The tile set against RULES.md §2: totals, pennants, monasteries, every type's fields and
//! the cities they touch, the corners a barn may use, and the segments on each edge.

use super::*;

/// Fields of each type in canonical orientation, written independently from RULES.md §2:
/// each field as its half-edges (or `inner`), then `>` and the sides of the cities it touches.
const FIELDS: [(&str, &str); 36] = [
    ("A", "Nw Ne En Es Se Sw Ws Wn >"),
    ("B", "Nw Ne En Es Se Sw Ws Wn >"),
    ("C", ""),
    ("D", "En Wn > N | Es Se Sw Ws >"),
    ("E", "En Es Se Sw Ws Wn > N"),
    ("F", "Nw Ne > E W | Se Sw > E W"),
    ("G", "Nw Ne > E W | Se Sw > E W"),
    ("H", "En Es Ws Wn > N S"),
    ("I", "En Es Se Sw > N W"),
    ("J", "En Sw Ws Wn > N | Es Se >"),
    ("K", "En Es Se Wn > N | Sw Ws >"),
    ("L", "En Wn > N | Es Se > | Sw Ws >"),
    ("M", "En Es Se Sw > N W"),
    ("N", "En Es Se Sw > N W"),
    ("O", "En Sw > N W | Es Se >"),
    ("P", "En Sw > N W | Es Se >"),
    ("Q", "Se Sw > N E W"),
    ("R", "Se Sw > N E W"),
    ("S", "Se > N E W | Sw > N E W"),
    ("T", "Se > N E W | Sw > N E W"),
    ("U", "Nw Ne En Wn > | Es Se Sw Ws >"),
    ("V", "Nw Ne En Es Se Wn > | Sw Ws >"),
    ("W", "Nw Ne En Wn > | Es Se > | Sw Ws >"),
    ("X", "Nw Wn > | Ne En > | Es Se > | Sw Ws >"),
    ("AM1", ""),
    ("AM2", "inner > N E S W | inner > N E S W"),
    ("AM3", "inner > N E W | Se Sw > N E W"),
    ("AM4", "En > N | Sw > W | Es Se > N W"),
    ("AM5", "Nw Wn > | Ne En > | Es Se > | Sw Ws >"),
    ("AM6", "Wn > N | En Es Se Sw Ws > N"),
    ("AM7", "Sw Ws Wn > N | En > N | Es Se >"),
    ("AM8", "En Es Se > N | Wn > N | Sw Ws >"),
    ("AM9", "Nw Ne > W | En Es > W | Se Sw > W"),
    ("AM10", "Nw Ne En Es Se Sw Ws Wn >"),
    ("AM11", "Nw Wn > | Ne En > | Es Se Sw Ws >"),
    ("AM12", "Nw > E W | Ne > E W | Se Sw > E W"),
];

/// Barn corners (field corners) in canonical orientation, worked out by hand from §1:
/// a corner is a field corner when its two half-edges lie in one field area.
const CORNERS: [(&str, &str); 36] = [
    ("A", "NW NE SE SW"),
    ("B", "NW NE SE SW"),
    ("C", ""),
    ("D", "SE SW"),
    ("E", "SE SW"),
    ("F", ""),
    ("G", ""),
    ("H", ""),
    ("I", "SE"),
    ("J", "SE SW"),
    ("K", "SE SW"),
    ("L", "SE SW"),
    ("M", "SE"),
    ("N", "SE"),
    ("O", "SE"),
    ("P", "SE"),
    ("Q", ""),
    ("R", ""),
    ("S", ""),
    ("T", ""),
    ("U", "NW NE SE SW"),
    ("V", "NW NE SE SW"),
    ("W", "NW NE SE SW"),
    ("X", "NW NE SE SW"),
    ("AM1", ""),
    ("AM2", ""),
    ("AM3", ""),
    ("AM4", "SE"),
    ("AM5", "NW NE SE SW"),
    ("AM6", "SE SW"),
    ("AM7", "SE SW"),
    ("AM8", "SE SW"),
    ("AM9", ""),
    ("AM10", "NW NE SE SW"),
    ("AM11", "NW NE SE SW"),
    ("AM12", ""),
];

const HALVES: [&str; 8] = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
const SIDES: [&str; 4] = ["N", "E", "S", "W"];
const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

fn describe_fields(o: &Oriented) -> String {
    let mut fields: Vec<String> = o
        .segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Field)
        .map(|s| {
            let mut words: Vec<&str> = if s.inner > 0 {
                vec!["inner"]
            } else {
                (0..8)
                    .filter(|h| s.halves & (1 << h) != 0)
                    .map(|h| HALVES[h])
                    .collect()
            };
            words.push(">");
            let mut sides = 0u8;
            for (j, c) in o.segments.iter().enumerate() {
                if s.cities & (1 << j) != 0 {
                    assert_eq!(c.kind, SegmentKind::City);
                    sides |= c.sides;
                }
            }
            words.extend((0..4).filter(|i| sides & (1 << i) != 0).map(|i| SIDES[i]));
            words.join(" ")
        })
        .collect();
    fields.sort();
    fields.join(" | ")
}

fn sorted(s: &str) -> String {
    let mut parts: Vec<&str> = s.split(" | ").filter(|p| !p.is_empty()).collect();
    parts.sort();
    parts.join(" | ")
}

#[test]
fn the_set_has_72_base_and_12_expansion_tiles() {
    let t = &tables().types;
    let base: u32 = t[..24].iter().map(|i| i.count as u32).sum();
    let exp: u32 = t[24..LAND_TYPES].iter().map(|i| i.count as u32).sum();
    assert_eq!((base, base + exp), (72, 84));
    assert!(t[..24].iter().all(|i| !i.expansion) && t[24..LAND_TYPES].iter().all(|i| i.expansion));
    assert_eq!(t[ABBEY as usize].id, "abbey");
}

#[test]
fn pennants_and_monasteries_match_the_rules() {
    let t = &tables().types;
    let count = |range: std::ops::Range<usize>, f: &dyn Fn(&Oriented) -> u32| -> u32 {
        t[range]
            .iter()
            .map(|i| i.count as u32 * f(&i.orientations[0]))
            .sum()
    };
    let pennants = |o: &Oriented| o.segments.iter().map(|s| s.pennants as u32).sum();
    let monasteries = |o: &Oriented| {
        o.segments
            .iter()
            .filter(|s| s.kind == SegmentKind::Monastery)
            .count() as u32
    };
    assert_eq!(count(0..24, &pennants), 10);
    assert_eq!(count(24..LAND_TYPES, &pennants), 6);
    assert_eq!(count(0..24, &monasteries), 6);
    assert_eq!(count(24..LAND_TYPES, &monasteries), 1);
}

#[test]
fn every_tile_type_has_its_fields_and_their_cities() {
    for (i, (id, fields)) in FIELDS.iter().enumerate() {
        let info = &tables().types[i];
        assert_eq!(info.id, *id);
        assert_eq!(
            describe_fields(&info.orientations[0]),
            sorted(fields),
            "tile {id}"
        );
    }
}

#[test]
fn every_tile_type_has_its_barn_corners_in_every_rotation() {
    for (i, (id, corners)) in CORNERS.iter().enumerate() {
        let info = &tables().types[i];
        assert_eq!(info.id, *id);
        let expected: u8 = corners
            .split_whitespace()
            .map(|c| 1u8 << CORNER_NAMES.iter().position(|n| n == &c).unwrap())
            .sum();
        for rot in 0..4u32 {
            // A quarter turn moves each corner one step clockwise.
            let want = ((expected << rot) | (expected >> (4 - rot))) & 0xF;
            assert_eq!(
                info.orientations[rot as usize].field_corners,
                want,
                "tile {id} rotation {}",
                rot * 90
            );
        }
    }
}

#[test]
fn distinct_rotations_are_merged() {
    let distinct = |id: &str| {
        let t = &tables().types[tables().by_id(id).unwrap() as usize];
        t.distinct_rotations.count_ones()
    };
    for (id, n) in [
        ("B", 1),
        ("C", 1),
        ("X", 1),
        ("AM1", 1),
        ("AM5", 1),
        ("U", 2),
        ("H", 2),
        ("F", 2),
        ("AM2", 2),
    ] {
        assert_eq!(distinct(id), n, "tile {id}");
    }
    // AM12 is not symmetric: its tunnel joins the two south field halves only.
    for id in ["A", "D", "E", "V", "W", "AM3", "AM11", "AM12"] {
        assert_eq!(distinct(id), 4, "tile {id}");
    }
}

#[test]
fn segment_names_round_trip_in_every_rotation() {
    for info in &tables().types[..LAND_TYPES] {
        for o in &info.orientations {
            for seg in 0..o.segments.len() as u8 {
                assert_eq!(
                    o.segment_named(o.segment_name(seg)),
                    Some(seg),
                    "tile {}",
                    info.id
                );
            }
        }
    }
}

#[test]
fn every_declared_edge_has_its_segments() {
    for t in &tables().types[..LAND_TYPES] {
        for o in &t.orientations {
            for side in 0..4u8 {
                // Two bits per side: 0 field, 1 road, 2 city.
                let kind = (o.pattern >> (2 * side)) & 3;
                let seg = o.side_segment[side as usize];
                assert_eq!(kind != 0, seg != NO_SEGMENT, "{} side {side}", t.id);
                for half in [2 * side, 2 * side + 1] {
                    let f = o.half_segment[half as usize];
                    assert_eq!(kind != 2, f != NO_SEGMENT, "{} half {half}", t.id);
                }
            }
        }
    }
}

#[test]
fn the_description_matches_the_declarations() {
    let d = TileInfo::by_id("D").unwrap();
    assert_eq!(
        (d.tile_type(), d.edges(), d.count()),
        (START_TILE, "CRFR", 4)
    );
    let names: Vec<_> = d.segments().map(|s| (s.kind(), s.name())).collect();
    use SegmentKind::*;
    assert_eq!(
        names,
        [(City, "N"), (Road, "E"), (Field, "En"), (Field, "Es")]
    );
    let field = d.segments().nth(2).unwrap();
    assert_eq!(field.halves().collect::<Vec<_>>(), ["En", "Wn"]);
    assert_eq!(field.cities().collect::<Vec<_>>(), [0]);
    assert_eq!(d.rotations().collect::<Vec<_>>(), [0, 90, 180, 270]);
    let abbey = tile_types().last().unwrap();
    assert!(abbey.is_abbey() && abbey.has_monastery() && !d.has_monastery());
    assert_eq!(tile_types().len(), LAND_TYPES + 1);
}
