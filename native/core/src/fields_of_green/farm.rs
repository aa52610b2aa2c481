//! The farm grid (F-27 … F-32), `farm.py` and the facts `geo.py` caches, computed directly:
//! placement cells, water distances and which towers reach a cell.

use std::sync::{Arc, Mutex};

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
/// cell, which towers reach it (bit i: the i-th tower in cell order). Kept in the zones
/// between steps ([`Geo`]), as `geo.py` keeps it: it holds what it was computed from and is
/// used again only while the farm has the same cells, towers and ranges.
#[derive(Debug)]
pub struct Reach {
    towers: Vec<i32>,
    ranges: Vec<i64>,
    /// The farm's size and the sum of its cells' coordinates when computed (farms only grow).
    size: usize,
    cell_sum: (i64, i64),
    x0: i64,
    y0: i64,
    w: i64,
    h: i64,
    mask: Vec<u64>,
    /// F-29: the placement cells, sorted by (x, y).
    pub placements: Vec<Cell>,
    /// Per placement cell: its group, cells reached by the same towers (`Geo.groups`).
    pub group: Vec<usize>,
    /// Per group: the towers that reach its cells (a mask).
    pub group_masks: Vec<u64>,
}

thread_local! {
    /// A search's marks per grid cell and its queue, reused from search to search.
    static SCRATCH: std::cell::RefCell<(Vec<u32>, Vec<usize>)> = const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
}

/// The farms' [`Reach`] kept between steps, shared by clones (it is immutable once made) and
/// ignored by equality: a cache, never part of the game.
#[derive(Default)]
pub struct Geo(Mutex<[Option<Arc<Reach>>; 4]>);

impl Clone for Geo {
    fn clone(&self) -> Geo {
        Geo(Mutex::new(self.slots().clone()))
    }
}

impl PartialEq for Geo {
    fn eq(&self, _: &Geo) -> bool {
        true
    }
}

impl std::fmt::Debug for Geo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Geo")
    }
}

impl Geo {
    fn slots(&self) -> std::sync::MutexGuard<'_, [Option<Arc<Reach>>; 4]> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Reach {
    /// p's reach: the one kept in the zones if it still fits the farm, else searched (and kept).
    pub fn of(z: &Zones, p: usize) -> Arc<Reach> {
        if p >= 4 {
            return Arc::new(Reach::search(z, p));
        }
        if let Some(r) = &z.geo.slots()[p] {
            if r.fits(z, p) {
                return r.clone();
            }
        }
        let r = Arc::new(Reach::search(z, p));
        z.geo.slots()[p] = Some(r.clone());
        r
    }

    /// Whether this reach was computed from p's farm as it is.
    fn fits(&self, z: &Zones, p: usize) -> bool {
        let farm = &z.farms[p];
        if farm.len() != self.size {
            return false;
        }
        let mut k = 0;
        let (mut sx, mut sy) = (0, 0);
        for &((x, y), c) in farm {
            sx += x;
            sy += y;
            if z.is_tower(c) && k < 64 {
                if self.towers.get(k) != Some(&c)
                    || self.ranges[k]
                        != super::abilities::tower_range(z, c).clamp(0, farm.len() as i64 + 1)
                {
                    return false;
                }
                k += 1;
            }
        }
        k == self.towers.len() && (sx, sy) == self.cell_sum
    }

    fn search(z: &Zones, p: usize) -> Reach {
        let farm = &z.farms[p];
        let towers: Vec<i32> = z
            .farm_cards(p)
            .filter(|&c| z.is_tower(c))
            .take(64)
            .collect();
        let most = farm.len() as i64 + 1; // no shortest path is longer
        let ranges: Vec<i64> = towers
            .iter()
            .map(|&t| super::abilities::tower_range(z, t).clamp(0, most))
            .collect();
        let r = ranges.iter().copied().max().unwrap_or(0);
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        let (mut sx, mut sy) = (0, 0);
        for &((x, y), _) in farm {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
            sx += x;
            sy += y;
        }
        let mut out = Reach {
            towers,
            ranges,
            size: farm.len(),
            cell_sum: (sx, sy),
            x0: 0,
            y0: 0,
            w: 0,
            h: 0,
            mask: Vec::new(),
            placements: Vec::new(),
            group: Vec::new(),
            group_masks: Vec::new(),
        };
        if farm.is_empty() {
            return out;
        }
        let r = r.max(1); // the placement cells lie one step outside the farm
        let (x0, y0) = (x0 - r, y0 - r);
        let (w, h) = (x1 + r - x0 + 1, y1 + r - y0 + 1);
        let size = (w * h) as usize;
        let at = |(x, y): Cell| ((x - x0) * h + (y - y0)) as usize;
        // per grid cell: bit 0 occupied, bit 1 a placement cell already listed, bits 8..: the
        // stamp of the last tower's search that saw it
        SCRATCH.with_borrow_mut(|(marks, queue)| {
            marks.clear();
            marks.resize(size, 0);
            let mut mask = vec![0u64; size];
            for &(c, _) in farm {
                marks[at(c)] = 1;
            }
            // breadth-first by levels over grid indices; neighbours are +-h (x) and +-1 (y),
            // always inside: the grid's margin is the longest range
            let hs = h as usize;
            for (i, &t) in out.towers.iter().enumerate() {
                let stamp = (i as u32 + 1) << 8;
                let bit = 1u64 << i;
                let s = at(z.cell_of(t));
                marks[s] = (marks[s] & 0xff) | stamp;
                mask[s] |= bit;
                queue.clear();
                queue.push(s);
                let (mut start, mut d) = (0, 0);
                while start < queue.len() && d < out.ranges[i] {
                    d += 1;
                    let end = queue.len();
                    for q in start..end {
                        let c = queue[q];
                        for k in [c - hs, c + hs, c - 1, c + 1] {
                            if marks[k] & !0xff != stamp {
                                marks[k] = (marks[k] & 0xff) | stamp;
                                mask[k] |= bit;
                                if marks[k] & 1 != 0 {
                                    queue.push(k);
                                }
                            }
                        }
                    }
                    start = end;
                }
            }
            let mut placements = Vec::with_capacity(2 * farm.len() + 2);
            for &(c, _) in farm {
                for n in neighbours(c) {
                    let k = at(n);
                    if marks[k] & 3 == 0 {
                        marks[k] |= 2;
                        placements.push(n);
                    }
                }
            }
            out.mask = mask;
            out.placements = placements;
        });
        let mut placements = std::mem::take(&mut out.placements);
        placements.sort_unstable();
        out.group = Vec::with_capacity(placements.len());
        out.group_masks = Vec::with_capacity(8);
        for &c in &placements {
            let m = out.mask[at(c)];
            let g = match out.group_masks.iter().position(|&g| g == m) {
                Some(g) => g,
                None => {
                    out.group_masks.push(m);
                    out.group_masks.len() - 1
                }
            };
            out.group.push(g);
        }
        (out.x0, out.y0, out.w, out.h) = (x0, y0, w, h);
        out.placements = placements;
        out
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

    /// The towers of a mask, in cell order.
    pub fn decode(&self, mask: u64) -> impl Iterator<Item = i32> + '_ {
        self.towers
            .iter()
            .enumerate()
            .filter(move |&(i, _)| mask & (1 << i) != 0)
            .map(|(_, &t)| t)
    }

    /// The towers that have `cell` in range, in cell order.
    pub fn towers_at(&self, cell: Cell) -> Vec<i32> {
        self.decode(self.mask_at(cell)).collect()
    }
}
