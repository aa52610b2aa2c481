//! The hexagonal Garden (S-11, S-12) in axial coordinates (q, r), ported from `hexgrid.py`.
//! Spaces are numbered 0 … n−1 in the canonical order (by r, then by q); the neighbours of each
//! space are listed in the order of S-12.

/// An axial coordinate pair (q, r).
pub type Hex = (i64, i64);

/// S-12: the six directions, in the order neighbours are listed.
pub const DIRECTIONS: [Hex; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Whether (q, r) is a space of the Garden of `radius` (S-11).
pub fn in_radius(q: i64, r: i64, radius: i64) -> bool {
    q.abs() <= radius && r.abs() <= radius && (q + r).abs() <= radius
}

/// The Garden of one radius: spaces in canonical order and their neighbour tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexBoard {
    pub radius: i64,
    pub spaces: Vec<Hex>,
    pub neighbours: Vec<Vec<usize>>,
}

impl HexBoard {
    /// `hex_board(radius)` (radius at least 1).
    pub fn new(radius: i64) -> HexBoard {
        let mut spaces = Vec::new();
        for r in -radius..=radius {
            for q in -radius..=radius {
                if in_radius(q, r, radius) {
                    spaces.push((q, r));
                }
            }
        }
        let mut board = HexBoard {
            radius,
            spaces,
            neighbours: Vec::new(),
        };
        board.neighbours = (0..board.spaces.len())
            .map(|i| {
                let (q, r) = board.spaces[i];
                DIRECTIONS
                    .iter()
                    .filter_map(|&(dq, dr)| board.index(q + dq, r + dr))
                    .collect()
            })
            .collect();
        board
    }

    /// The index of (q, r), or None when it is not in the Garden (`index.get`). Rows are
    /// contiguous in the canonical order, so it is arithmetic.
    pub fn index(&self, q: i64, r: i64) -> Option<usize> {
        let radius = self.radius;
        if !in_radius(q, r, radius) {
            return None;
        }
        // spaces before row r, then the offset of q in the row (q from max(-R, -R-r))
        let before: i64 = (-radius..r).map(|row| 2 * radius + 1 - row.abs()).sum();
        let first_q = (-radius).max(-radius - r);
        Some((before + q - first_q) as usize)
    }

    pub fn len(&self) -> usize {
        self.spaces.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty()
    }
}

/// 3·R·(R + 1) + 1 spaces (S-11).
pub fn space_count(radius: i64) -> i64 {
    3 * radius * (radius + 1) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_of_radius_3() {
        let b = HexBoard::new(3);
        assert_eq!(b.len() as i64, space_count(3));
        let i = b.index(3, 0).unwrap();
        let n: Vec<Hex> = b.neighbours[i].iter().map(|&j| b.spaces[j]).collect();
        assert_eq!(n, vec![(3, -1), (2, 0), (2, 1)]);
        for radius in 1..=6 {
            let b = HexBoard::new(radius);
            for (i, &(q, r)) in b.spaces.iter().enumerate() {
                assert_eq!(b.index(q, r), Some(i));
            }
        }
    }
}
