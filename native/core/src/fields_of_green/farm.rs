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
/// breadth-first search that only passes through occupied cells. A shortest path crosses each
/// occupied cell at most once, so the search never goes further than the farm's size plus
/// one, and the cells it reaches fit a square around the source (visited marks in a grid).
pub fn water_distances(farm: &[(Cell, i32)], source: Cell, limit: i64) -> Vec<(Cell, i64)> {
    let reach = limit.clamp(0, farm.len() as i64 + 1);
    let side = (2 * reach + 1) as usize;
    let mut small = [false; 256]; // a tower's range and most scopes: no allocation
    let mut large = Vec::new();
    let seen: &mut [bool] = if side * side <= small.len() {
        &mut small[..side * side]
    } else {
        large.resize(side * side, false);
        &mut large
    };
    let index =
        |(x, y): Cell| ((x - source.0 + reach) as usize) * side + (y - source.1 + reach) as usize;
    seen[index(source)] = true;
    let mut found = vec![(source, 0)];
    let mut frontier = vec![source];
    let mut grown = Vec::new();
    let mut d = 0;
    while !frontier.is_empty() && d < reach {
        d += 1;
        grown.clear();
        for &c in &frontier {
            for n in neighbours(c) {
                let i = index(n);
                if !seen[i] {
                    seen[i] = true;
                    found.push((n, d));
                    if occupied(farm, n) {
                        grown.push(n);
                    }
                }
            }
        }
        std::mem::swap(&mut frontier, &mut grown);
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
    Reach::of(z, p).towers_at(cell)
}

/// Every tower of one farm with the cells in its range (`Geo.reach` and `Geo.mask`), for
/// many look-ups: a grid over the farm's bounding box widened by the longest range holds, per
/// cell, which towers reach it (bit i: the i-th tower in cell order).
pub struct Reach {
    towers: Vec<i32>,
    x0: i64,
    y0: i64,
    w: i64,
    h: i64,
    mask: Vec<u64>,
    /// F-29: the placement cells, sorted by (x, y).
    pub placements: Vec<Cell>,
}

impl Reach {
    pub fn of(z: &Zones, p: usize) -> Reach {
        let farm = &z.farms[p];
        let towers: Vec<i32> = z.tower_cards(p).into_iter().take(64).collect();
        let most = farm.len() as i64 + 1; // no shortest path is longer
        let ranges: Vec<i64> = towers
            .iter()
            .map(|&t| super::abilities::tower_range(z, t).clamp(0, most))
            .collect();
        let r = ranges.iter().copied().max().unwrap_or(0);
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        for &((x, y), _) in farm {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        if farm.is_empty() {
            return Reach {
                towers,
                x0: 0,
                y0: 0,
                w: 0,
                h: 0,
                mask: Vec::new(),
                placements: Vec::new(),
            };
        }
        let r = r.max(1); // the placement cells lie one step outside the farm
        let (x0, y0) = (x0 - r, y0 - r);
        let (w, h) = (x1 + r - x0 + 1, y1 + r - y0 + 1);
        let size = (w * h) as usize;
        let at = |(x, y): Cell| ((x - x0) * h + (y - y0)) as usize;
        let mut occ = vec![false; size];
        for &(c, _) in farm {
            occ[at(c)] = true;
        }
        let mut mask = vec![0u64; size];
        let mut seen = vec![0u8; size];
        let (mut frontier, mut grown) = (Vec::new(), Vec::new());
        for (i, &t) in towers.iter().enumerate() {
            let stamp = (i % 255) as u8 + 1;
            if stamp == 1 && i > 0 {
                seen.iter_mut().for_each(|s| *s = 0);
            }
            let bit = 1u64 << i;
            let source = z.cell_of(t);
            seen[at(source)] = stamp;
            mask[at(source)] |= bit;
            frontier.clear();
            frontier.push(source);
            let mut d = 0;
            while !frontier.is_empty() && d < ranges[i] {
                d += 1;
                grown.clear();
                for &c in &frontier {
                    for n in neighbours(c) {
                        let k = at(n);
                        if seen[k] != stamp {
                            seen[k] = stamp;
                            mask[k] |= bit;
                            if occ[k] {
                                grown.push(n);
                            }
                        }
                    }
                }
                std::mem::swap(&mut frontier, &mut grown);
            }
        }
        let mut placements = Vec::new();
        let mut marked = vec![false; size];
        for &(c, _) in farm {
            for n in neighbours(c) {
                let k = at(n);
                if !occ[k] && !marked[k] {
                    marked[k] = true;
                    placements.push(n);
                }
            }
        }
        placements.sort_unstable();
        Reach {
            towers,
            x0,
            y0,
            w,
            h,
            mask,
            placements,
        }
    }

    /// Which towers reach `cell` (bit i: the i-th tower in cell order).
    pub fn mask_at(&self, (x, y): Cell) -> u64 {
        let (dx, dy) = (x.wrapping_sub(self.x0), y.wrapping_sub(self.y0));
        if (0..self.w).contains(&dx) && (0..self.h).contains(&dy) {
            self.mask[(dx * self.h + dy) as usize]
        } else {
            0
        }
    }

    /// The masks of `cells`.
    pub fn masks(&self, cells: &[Cell]) -> Vec<u64> {
        cells.iter().map(|&c| self.mask_at(c)).collect()
    }

    /// The towers of a mask, in cell order.
    pub fn decode(&self, mask: u64) -> Vec<i32> {
        self.towers
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask & (1 << i) != 0)
            .map(|(_, &t)| t)
            .collect()
    }

    /// The towers that have `cell` in range, in cell order.
    pub fn towers_at(&self, cell: Cell) -> Vec<i32> {
        self.decode(self.mask_at(cell))
    }
}
