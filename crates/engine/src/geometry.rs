//! Board geometry: positions, sides, half-edges, corners and rotations as small integers and
//! bitmasks (RULES.md §1).
//!
//! Sides are numbered clockwise `N=0, E=1, S=2, W=3`; half-edges clockwise from the
//! north-west corner `Nw=0, Ne=1, En=2, Es=3, Se=4, Sw=5, Ws=6, Wn=7`; corners
//! `NW=0, NE=1, SE=2, SW=3`. A clockwise quarter turn adds one to a side or corner and two to
//! a half-edge, so rotating a mask is a bit rotation.

use serde::{Deserialize, Serialize};

/// A board position. `x` grows to the east, `y` to the south; the start tile is at `(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Column, growing eastwards.
    pub x: i16,
    /// Row, growing southwards.
    pub y: i16,
}

impl Pos {
    /// Makes a position.
    pub const fn new(x: i16, y: i16) -> Self {
        Pos { x, y }
    }

    /// The neighbour across side `side` (0 = N, 1 = E, 2 = S, 3 = W).
    pub const fn step(self, side: u8) -> Pos {
        let (dx, dy) = SIDE_DELTA[side as usize & 3];
        Pos {
            x: self.x + dx,
            y: self.y + dy,
        }
    }

    /// This position moved by `(dx, dy)`.
    pub const fn offset(self, dx: i16, dy: i16) -> Pos {
        Pos {
            x: self.x + dx,
            y: self.y + dy,
        }
    }
}

impl std::fmt::Display for Pos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The offset of the neighbour across each side.
pub const SIDE_DELTA: [(i16, i16); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The offsets of the eight positions around a tile, orthogonal and diagonal.
pub const AROUND: [(i16, i16); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
];

/// Names of the sides, by index.
pub const SIDE_NAMES: [&str; 4] = ["N", "E", "S", "W"];
/// Names of the half-edges, by index.
pub const HALF_NAMES: [&str; 8] = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];
/// Names of the corners, by index.
pub const CORNER_NAMES: [&str; 4] = ["NW", "NE", "SE", "SW"];

/// The side opposite `side`.
pub const fn opposite_side(side: u8) -> u8 {
    (side + 2) & 3
}

/// The half-edge of the neighbouring tile that touches half-edge `half` of this tile.
pub const fn opposite_half(half: u8) -> u8 {
    // Nw↔Sw, Ne↔Se, En↔Wn, Es↔Ws: an even half adds 5, an odd one adds 3 (mod 8).
    if half & 1 == 0 {
        (half + 5) & 7
    } else {
        (half + 3) & 7
    }
}

/// The two half-edges that meet at corner `corner`: `NW` is `Wn`+`Nw`, and so on.
pub const fn corner_halves(corner: u8) -> (u8, u8) {
    ((corner * 2 + 7) & 7, corner * 2)
}

/// Rotates a 4-bit side mask clockwise by `rot` quarter turns.
pub const fn rotate_sides(mask: u8, rot: u8) -> u8 {
    let r = rot & 3;
    ((mask << r) | ((mask & 0xF) >> (4 - r))) & 0xF
}

/// Rotates an 8-bit half-edge mask clockwise by `rot` quarter turns.
pub const fn rotate_halves(mask: u8, rot: u8) -> u8 {
    mask.rotate_left(2 * (rot as u32 & 3))
}

/// Parses a side name (`N`, `E`, `S`, `W`).
pub fn parse_side(name: &str) -> Option<u8> {
    SIDE_NAMES.iter().position(|n| *n == name).map(|i| i as u8)
}

/// Parses a half-edge name (`Nw` … `Wn`).
pub fn parse_half(name: &str) -> Option<u8> {
    HALF_NAMES.iter().position(|n| *n == name).map(|i| i as u8)
}

/// Parses a corner name (`NW`, `NE`, `SE`, `SW`).
pub fn parse_corner(name: &str) -> Option<u8> {
    CORNER_NAMES
        .iter()
        .position(|n| *n == name)
        .map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_rotation_is_clockwise() {
        // Under 90 degrees what the tile shows north appears east.
        assert_eq!(rotate_sides(0b0001, 1), 0b0010);
        assert_eq!(rotate_sides(0b1000, 1), 0b0001);
        assert_eq!(rotate_sides(0b0101, 3), 0b1010);
        for m in 0..16 {
            assert_eq!(rotate_sides(m, 0), m);
            assert_eq!(rotate_sides(rotate_sides(m, 1), 3), m);
        }
    }

    #[test]
    fn half_rotation_follows_the_rules_table() {
        // Nw→En, Ne→Es, En→Se, Es→Sw, Se→Ws, Sw→Wn, Ws→Nw, Wn→Ne.
        let expect = [2, 3, 4, 5, 6, 7, 0, 1];
        for (h, e) in expect.iter().enumerate() {
            assert_eq!(rotate_halves(1 << h, 1), 1 << e);
        }
    }

    #[test]
    fn opposite_halves_meet_across_edges() {
        let pairs = [("Nw", "Sw"), ("Ne", "Se"), ("En", "Wn"), ("Es", "Ws")];
        for (a, b) in pairs {
            let (a, b) = (parse_half(a).unwrap(), parse_half(b).unwrap());
            assert_eq!(opposite_half(a), b);
            assert_eq!(opposite_half(b), a);
        }
    }

    #[test]
    fn corners_are_named_by_their_halves() {
        assert_eq!(corner_halves(0), (7, 0));
        assert_eq!(corner_halves(1), (1, 2));
        assert_eq!(corner_halves(2), (3, 4));
        assert_eq!(corner_halves(3), (5, 6));
    }
}
