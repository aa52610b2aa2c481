//! The farm grid (F-27 … F-32), `farm.py` and the facts `geo.py` caches, computed directly:
//! placement cells, water distances and which towers reach a cell.

use super::state::{Cell, Zones};

/// The four orthogonally adjacent cells (F-27).
pub fn neighbours((x, y): Cell) -> [Cell; 4] {
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
}

fn occupied(farm: &[(Cell, i32)], cell: Cell) -> bool {
    farm.binary_search_by(|(c, _)| c.cmp(&cell)).is_ok()
}

/// F-29: an empty cell next to at least one occupied cell.
pub fn is_placement(farm: &[(Cell, i32)], cell: Cell) -> bool {
    !occupied(farm, cell) && neighbours(cell).iter().any(|&n| occupied(farm, n))
}

/// Every legal placement cell (F-29), sorted by (x, y).
pub fn placement_cells(farm: &[(Cell, i32)]) -> Vec<Cell> {
    let mut found = Vec::new();
    for &(cell, _) in farm {
        for n in neighbours(cell) {
            if !occupied(farm, n) {
                found.push(n);
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    found
}

/// Cells at water distance <= `limit` from `source` with their distances (F-31): a
/// breadth-first search that only passes through occupied cells.
pub fn water_distances(farm: &[(Cell, i32)], source: Cell, limit: i64) -> Vec<(Cell, i64)> {
    let mut found = vec![(source, 0)];
    let mut frontier = vec![source];
    let mut d = 0;
    while !frontier.is_empty() && d < limit {
        d += 1;
        let mut grown = Vec::new();
        for &c in &frontier {
            for n in neighbours(c) {
                if !found.iter().any(|&(f, _)| f == n) {
                    found.push((n, d));
                    if occupied(farm, n) {
                        grown.push(n);
                    }
                }
            }
        }
        frontier = grown;
    }
    found
}

/// Occupied cells at water distance <= d from `source`, the source included.
pub fn within(farm: &[(Cell, i32)], source: Cell, d: i64) -> Vec<Cell> {
    let mut out: Vec<Cell> = water_distances(farm, source, d)
        .into_iter()
        .map(|(c, _)| c)
        .filter(|&c| occupied(farm, c))
        .collect();
    out.sort_unstable();
    out
}

/// Whether `cell` is in the reach of `tower` of p's farm (F-32).
pub fn reaches(z: &Zones, p: usize, tower: i32, cell: Cell) -> bool {
    let range = super::abilities::tower_range(z, tower);
    water_distances(&z.farms[p], z.cell_of(tower), range)
        .iter()
        .any(|&(c, _)| c == cell)
}

/// The towers of p that have `cell` in range, in cell order.
pub fn towers_at(z: &Zones, p: usize, cell: Cell) -> Vec<i32> {
    z.tower_cards(p)
        .into_iter()
        .filter(|&t| reaches(z, p, t, cell))
        .collect()
}
