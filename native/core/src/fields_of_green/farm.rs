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
    let mut found = Vec::with_capacity(4 * farm.len());
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
    // room for the diamond of cells within `reach` and two frontiers: no growing
    let diamond = (2 * reach * (reach + 1) + 1) as usize;
    let mut found = Vec::with_capacity(diamond);
    found.push((source, 0));
    let mut frontier = Vec::with_capacity(4 * reach as usize + 4);
    frontier.push(source);
    let mut grown = Vec::with_capacity(4 * reach as usize + 4);
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
/// many look-ups: a grid over the farm's bounding box with a margin (every cell a search
/// reaches is next to a card it passes through) holds, per tower, each cell's water
/// distance, and per cell which towers reach it. Each tower has a bit for good, given in the
/// order it joined (`geo.py`'s `bit`), so growing never renumbers them; [`Reach::decode`]
/// gives a mask's towers in cell order. Kept in the zones between steps ([`Geo`]) and grown
/// as `geo.py` grows it: farms only grow and cards never move, so the cards added since only
/// shorten paths (a tower that had a new card closer than its range searches on from it, a
/// new tower searches from scratch, masks only gain bits, the placement cells lose the new
/// cards and gain their empty neighbours); anything else (a range changed by a tile, a card
/// gone) grows a new reach from the empty farm. Grown in place when no clone shares it.
#[derive(Debug, Clone, Default)]
pub struct Reach {
    /// The towers in cell order, each with its range and its bit.
    towers: Vec<(i32, i64, u64)>,
    /// The farm's size when computed (farms only grow).
    size: usize,
    x0: i64,
    y0: i64,
    w: i64,
    h: i64,
    /// Per grid cell: which towers reach it (their bits), and bit [`OCCUPIED`]: a card is there.
    mask: Vec<u64>,
    /// Per tower, by bit (the tower of bit i at `i * w * h`), per grid cell: the water
    /// distance, or [`FAR`].
    dist: Vec<u16>,
    /// F-29: the placement cells, sorted by (x, y).
    pub placements: Vec<Cell>,
    /// Per placement cell: its group, cells reached by the same towers (`Geo.groups`).
    pub group: Vec<usize>,
    /// Per group: the towers that reach its cells (a mask); a group may have no cell left
    /// (`place_one`).
    pub group_masks: Vec<u64>,
}

/// Not reached.
const FAR: u16 = u16::MAX;
/// The most towers a reach tells apart (bits of a mask); towers beyond are out of any reach.
const MOST_TOWERS: usize = 63;
/// The mask bit of an occupied grid cell (above every tower's).
const OCCUPIED: u64 = 1 << 63;
/// Groups kept before they are laid out again without those left empty (menus count each
/// group's splits on a table of this size).
const MOST_GROUPS: usize = 32;
/// Free grid cells laid out around the farm's bounding box, so most cards added fit.
const MARGIN: i64 = 3;

thread_local! {
    /// A search's queue of (grid index, distance), reused from search to search.
    static QUEUE: std::cell::RefCell<Vec<(usize, u16)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The farms' [`Reach`] kept between steps, shared by clones (never changed while shared)
/// and ignored by equality: a cache, never part of the game.
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

/// How a kept reach stands to the farm as it is now.
enum Fit {
    /// Computed from this farm.
    Same,
    /// The farm has cards on these cells more (the first, then any others, in cell order)
    /// and nothing else changed.
    Grown(Cell, Vec<Cell>),
    /// Anything else: grow a new one from the empty farm.
    Stale,
}

/// Shortest water distances from the queued cells on (F-31): a path passes only through
/// occupied cells, and distances only shrink, so a cell is searched on from only where a
/// new path is shorter; a cell reached gains `bit` in `mask`. `h` is the grid's column
/// height; the grid's margin keeps every neighbour of an occupied cell inside.
fn relax(
    dist: &mut [u16],
    mask: &mut [u64],
    bit: u64,
    h: usize,
    range: i64,
    queue: &mut Vec<(usize, u16)>,
) {
    let mut next = 0;
    while next < queue.len() {
        let (c, d) = queue[next];
        next += 1;
        if d > dist[c] || i64::from(d) >= range {
            continue;
        }
        let nd = d + 1;
        for k in [c - h, c + h, c - 1, c + 1] {
            if nd < dist[k] {
                dist[k] = nd;
                mask[k] |= bit;
                if mask[k] & OCCUPIED != 0 {
                    queue.push((k, nd));
                }
            }
        }
    }
    queue.clear();
}

impl Reach {
    /// p's reach: the one kept in the zones if it still fits the farm, grown from it if the
    /// farm only grew (in place when no clone shares it), else grown from the empty farm.
    pub fn of(z: &Zones, p: usize) -> Arc<Reach> {
        if p >= 4 {
            return Arc::new(Reach::from_scratch(z, p));
        }
        let kept = z.geo.slots()[p].take();
        let r = match kept {
            Some(mut r) => match r.fit(z, p) {
                Fit::Same => r,
                Fit::Grown(first, more) => {
                    let r_mut = Arc::make_mut(&mut r);
                    if more.is_empty() {
                        r_mut.grow(z, p, std::slice::from_ref(&first));
                    } else {
                        r_mut.grow(z, p, &[&[first], &more[..]].concat());
                    }
                    r
                }
                Fit::Stale => Arc::new(Reach::from_scratch(z, p)),
            },
            None => Arc::new(Reach::from_scratch(z, p)),
        };
        z.geo.slots()[p] = Some(r.clone());
        r
    }

    fn from_scratch(z: &Zones, p: usize) -> Reach {
        let cells: Vec<Cell> = z.farms[p].iter().map(|e| e.0).collect();
        // room for most games' farms, so growing seldom reallocates
        let mut r = Reach {
            towers: Vec::with_capacity(8),
            size: 0,
            x0: 0,
            y0: 0,
            w: 0,
            h: 0,
            mask: Vec::new(),
            dist: Vec::new(),
            placements: Vec::with_capacity(48),
            group: Vec::with_capacity(48),
            group_masks: Vec::with_capacity(16),
        };
        r.grow(z, p, &cells);
        r
    }

    /// The grid index of `cell`, if the grid holds it.
    fn index(&self, (x, y): Cell) -> Option<usize> {
        // a cell left of or below the grid wraps far beyond it
        let (dx, dy) = (
            x.wrapping_sub(self.x0) as u64,
            y.wrapping_sub(self.y0) as u64,
        );
        if dx < self.w as u64 && dy < self.h as u64 {
            Some((dx * self.h as u64 + dy) as usize)
        } else {
            None
        }
    }

    fn occupied(&self, cell: Cell) -> bool {
        self.index(cell)
            .is_some_and(|i| self.mask[i] & OCCUPIED != 0)
    }

    /// How this reach stands to p's farm: the farm's cells it lacks, if its towers (cards,
    /// order and ranges) are the same.
    fn fit(&self, z: &Zones, p: usize) -> Fit {
        let farm = &z.farms[p];
        if farm.len() == self.size {
            // the same cells (farms only grow): the same towers, their ranges may differ
            let same = self.towers.iter().all(|&(t, range, _)| {
                z.is_tower(t) && range == super::abilities::tower_range(z, t)
            });
            return if same { Fit::Same } else { Fit::Stale };
        }
        let (mut first, mut more) = (None, Vec::new()); // most steps add one card
        let (mut k, mut towers) = (0, 0);
        for &(cell, c) in farm {
            let tower = z.is_tower(c);
            towers += usize::from(tower);
            if !self.occupied(cell) {
                match first {
                    None => first = Some(cell),
                    Some(_) => more.push(cell),
                }
            } else if tower {
                match self.towers.get(k) {
                    Some(&(t, range, _))
                        if t == c && range == super::abilities::tower_range(z, c) => {}
                    _ => return Fit::Stale,
                }
                k += 1;
            }
        }
        let added = usize::from(first.is_some()) + more.len();
        if k != self.towers.len() || farm.len() - added != self.size {
            return Fit::Stale;
        }
        let Some(first) = first else {
            return Fit::Same;
        };
        if towers > MOST_TOWERS {
            return Fit::Stale;
        }
        Fit::Grown(first, more)
    }

    /// Place the cards of p's farm on `added` (cells this reach lacks).
    fn grow(&mut self, z: &Zones, p: usize, added: &[Cell]) {
        let farm = &z.farms[p];
        self.size = farm.len();
        if added.is_empty() {
            return;
        }
        self.fit_grid(added);
        for &c in added {
            if let Some(i) = self.index(c) {
                self.mask[i] |= OCCUPIED;
            }
        }
        let size = (self.w * self.h) as usize;
        let h = self.h as usize;
        let (x0, y0, gh) = (self.x0, self.y0, self.h);
        // every added cell is inside the grid (`fit_grid`)
        let at = |&(x, y): &Cell| ((x - x0) * gh + (y - y0)) as usize;
        let mut searched = false; // whether any tower reaches further: masks may change
        QUEUE.with_borrow_mut(|queue| {
            // towers already here search on from the new cards they had closer than range
            for &(_, range, bit) in &self.towers {
                let i = bit.trailing_zeros() as usize;
                let dist = &mut self.dist[i * size..(i + 1) * size];
                // a card out of range searches on from nowhere (`relax` would skip it)
                for s in added.iter().map(at) {
                    if i64::from(dist[s]) < range {
                        queue.push((s, dist[s]));
                    }
                }
                if !queue.is_empty() {
                    searched = true;
                    relax(dist, &mut self.mask, bit, h, range, queue);
                }
            }
            // new towers search from scratch
            for &cell in added {
                let Some(c) = z.at(p, cell) else { continue };
                if !z.is_tower(c) || self.towers.len() == MOST_TOWERS {
                    continue;
                }
                let i = self.towers.len();
                let bit = 1u64 << i;
                let range = super::abilities::tower_range(z, c).clamp(0, farm.len() as i64 + 1);
                let s = self.index(cell).unwrap_or(0);
                self.dist.resize((i + 1) * size, FAR);
                let dist = &mut self.dist[i * size..];
                dist[s] = 0;
                self.mask[s] |= bit;
                queue.push((s, 0));
                searched = true;
                relax(dist, &mut self.mask, bit, h, range, queue);
                let at = self
                    .towers
                    .partition_point(|&(t, _, _)| z.cell_of(t) < cell);
                self.towers.insert(at, (c, range, bit));
            }
        });
        match added {
            [cell] if !searched => self.place_one(*cell),
            _ => self.grow_placements(added),
        }
    }

    /// `grow_placements` for one card added where no tower reaches further, so no cell's
    /// towers changed: the card's cell leaves the placement cells and its empty neighbours
    /// join, each with its group; groups left without cells are kept (nothing counts them),
    /// unless they grow many.
    fn place_one(&mut self, cell: Cell) {
        if let Ok(i) = self.placements.binary_search(&cell) {
            self.placements.remove(i);
            self.group.remove(i);
        }
        for n in neighbours(cell) {
            if self.occupied(n) {
                continue;
            }
            if let Err(i) = self.placements.binary_search(&n) {
                let g = self.group_of(self.mask_at(n));
                self.placements.insert(i, n);
                self.group.insert(i, g);
            }
        }
        if self.group_masks.len() > MOST_GROUPS {
            self.grow_placements(&[]);
        }
    }

    /// The group of cells reached by the towers of `mask`, a new one if none is.
    fn group_of(&mut self, mask: u64) -> usize {
        match self.group_masks.iter().position(|&k| k == mask) {
            Some(g) => g,
            None => {
                self.group_masks.push(mask);
                self.group_masks.len() - 1
            }
        }
    }

    /// Lay the grid out again, wider, if `added` or its neighbours fall outside it.
    fn fit_grid(&mut self, added: &[Cell]) {
        let inside = |&(x, y): &Cell| {
            x > self.x0 && y > self.y0 && x < self.x0 + self.w - 1 && y < self.y0 + self.h - 1
        };
        if added.iter().all(inside) {
            return;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
        let old = (0..self.w * self.h).filter(|&i| self.mask[i as usize] & OCCUPIED != 0);
        let old_cells = old.map(|i| (self.x0 + i / self.h, self.y0 + i % self.h));
        for (x, y) in old_cells.chain(added.iter().copied()) {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let (nx0, ny0) = (x0 - MARGIN, y0 - MARGIN);
        let (nw, nh) = (x1 - x0 + 1 + 2 * MARGIN, y1 - y0 + 1 + 2 * MARGIN);
        let size = (nw * nh) as usize;
        let mut mask = vec![0; size];
        // room for two towers more, so a new tower seldom moves the planes
        let mut dist = Vec::with_capacity(size * (self.towers.len() + 2));
        dist.resize(size * self.towers.len(), FAR);
        // column by column: column x of the old grid is a run of h cells in the new one
        let (old_size, h) = ((self.w * self.h) as usize, self.h as usize);
        for x in 0..self.w {
            let from = x as usize * h;
            let to = ((self.x0 + x - nx0) * nh + (self.y0 - ny0)) as usize;
            mask[to..to + h].copy_from_slice(&self.mask[from..from + h]);
            for t in 0..self.towers.len() {
                let old = &self.dist[t * old_size + from..t * old_size + from + h];
                dist[t * size + to..t * size + to + h].copy_from_slice(old);
            }
        }
        (self.x0, self.y0, self.w, self.h) = (nx0, ny0, nw, nh);
        self.mask = mask;
        self.dist = dist;
    }

    /// F-29 kept sorted: the new cards leave the placement cells, their empty neighbours
    /// join; then the groups of cells reached by the same towers.
    fn grow_placements(&mut self, added: &[Cell]) {
        if let [cell] = added {
            if let Ok(i) = self.placements.binary_search(cell) {
                self.placements.remove(i);
            }
        } else {
            self.placements.retain(|c| !added.contains(c));
        }
        for &c in added {
            for n in neighbours(c) {
                if !self.occupied(n) {
                    if let Err(i) = self.placements.binary_search(&n) {
                        self.placements.insert(i, n);
                    }
                }
            }
        }
        self.group.clear();
        self.group_masks.clear();
        let (x0, y0, h) = (self.x0, self.y0, self.h);
        let (mut last, mut g) = (u64::MAX, 0); // cells in a row often share their towers
        for &(x, y) in &self.placements {
            // a placement cell is next to a card, so inside the grid
            let m = self.mask[((x - x0) * h + (y - y0)) as usize] & !OCCUPIED;
            if m != last {
                g = match self.group_masks.iter().position(|&k| k == m) {
                    Some(g) => g,
                    None => {
                        self.group_masks.push(m);
                        self.group_masks.len() - 1
                    }
                };
                last = m;
            }
            self.group.push(g);
        }
    }

    /// Which towers reach `cell` (their bits).
    pub fn mask_at(&self, cell: Cell) -> u64 {
        self.index(cell).map_or(0, |i| self.mask[i] & !OCCUPIED)
    }

    /// The towers of a mask with their bits, in cell order.
    pub fn towers_of(&self, mask: u64) -> impl Iterator<Item = (i32, u64)> + '_ {
        self.towers
            .iter()
            .filter(move |&&(_, _, bit)| mask & bit != 0)
            .map(|&(t, _, bit)| (t, bit))
    }

    /// The towers of a mask, in cell order.
    pub fn decode(&self, mask: u64) -> impl Iterator<Item = i32> + '_ {
        self.towers_of(mask).map(|(t, _)| t)
    }

    /// The towers that have `cell` in range, in cell order.
    pub fn towers_at(&self, cell: Cell) -> Vec<i32> {
        self.decode(self.mask_at(cell)).collect()
    }
}
