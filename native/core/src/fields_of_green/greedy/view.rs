//! The farm of one player as the greedy policy reads it (`heuristics_farm.py`): its cards in
//! cell order (a card's number is its place there, as in `Facts`), resources and the prices
//! of the year. Only what the player's observation shows is read: its own farm, coins, food
//! and set-aside tiles. The Amounts of the card format are evaluated on it as the rules'
//! interpreter evaluates them on a `Facts` (`abilities.amount_at`), with the heuristics'
//! origins: a cell (maybe empty: a card about to be built there) or anywhere (a card whose
//! place is not chosen yet).

use super::super::abilities::{food_capacity, info_matches, tower_capacity, tower_range};
use super::super::cards::{
    Amount, Condition, DistinctBy, Op, Resource, Selector, What, Where, KIND_NAMES, TOWER, TYPES,
};
use super::super::config::{CardInfo, Config};
use super::super::farm::{neighbours, placement_cells, water_distances, within};
use super::super::state::{Cell, Zones, NONE};
use super::prices::{Neighbour, Net};
use std::cell::RefCell;

/// One farm card (`heuristics_farm.Spot`).
#[derive(Debug, Clone)]
pub struct Spot<'a> {
    pub cell: Cell,
    pub card: i32,
    pub kind: usize,
    pub up: bool,
    /// The location design (None for Water Towers and Silos).
    pub design: Option<usize>,
    pub tiles: &'a [i32],
    pub water: i64,
    pub capacity: i64,
    pub range: i64,
}

/// Where the source of an Amount stands (`abilities.Origin` as the heuristics use it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    At(Cell),
    Anywhere,
}

/// `heuristics_farm.Farm` with its `Facts`.
#[derive(Debug, Clone)]
pub struct Farm<'a> {
    pub cfg: &'a Config,
    pub spots: Vec<Spot<'a>>,
    /// Facts.cells: (cell, card number), sorted by cell; a probe is inserted in place.
    pub cells: Vec<(Cell, i32)>,
    /// Per card number: the card instance (its static facts).
    pub cards: Vec<i32>,
    pub face_down: Vec<bool>,
    pub equip: Vec<usize>,
    pub coins: i64,
    pub food: i64,
    pub food_cap: i64,
    pub vp_tokens: i64,
    pub aside: &'a [i32],
    pub year: i64,
    pub years_left: i64,
    pub cv: f64,
    pub fv: f64,
    pub wv: f64,
    pub spare: Option<(f64, f64)>,
    /// Food the final harvest's upkeep still needs (`score::Ctx::new` sets it in year 4).
    pub need: f64,
    /// What the neighbour on a cell earns without a probe (`neighbour_bonus`'s "before"),
    /// remembered per cell: the same for every card priced next to it.
    pub unprobed: Vec<(Cell, f64)>,
    /// Per design: the `Net` of its ability on any empty cell, for the abilities that do not
    /// read where they stand, None for those that do (`prices::new_ability_worth`).
    pub nets: Vec<(usize, Option<Net>)>,
    /// Per empty cell: its neighbours `neighbour_bonus` prices (`prices::neighbours_of`).
    pub around: Vec<(Cell, [Option<Neighbour>; 4])>,
    /// `tower_worth`'s count of the towers the face-up fields still need, once computed.
    pub tower_need: Option<f64>,
    /// Per (source number, selector address): how many of the farm's own cards the selector
    /// counts over the whole farm (`count`).
    counts: RefCell<Vec<((i32, usize), usize)>>,
}

impl<'a> Farm<'a> {
    /// Player p's farm in year `z.year`, read from p's public facts.
    pub fn new(z: &'a Zones, p: usize) -> Farm<'a> {
        let cfg: &Config = &z.cfg;
        let spots: Vec<Spot<'a>> = z.farms[p]
            .iter()
            .map(|&(cell, card)| spot(z, cell, card))
            .collect();
        // one place more in the per-card lists: a probe never grows them
        let room = spots.len() + 1;
        let mut cells = Vec::with_capacity(room);
        let mut cards = Vec::with_capacity(room);
        let mut face_down = Vec::with_capacity(room);
        let mut equip = Vec::with_capacity(room);
        for (i, s) in spots.iter().enumerate() {
            cells.push((s.cell, i as i32));
            cards.push(s.card);
            face_down.push(!s.up);
            equip.push(s.tiles.len());
        }
        let year = z.year;
        let late = year >= 4;
        Farm {
            cfg,
            cards,
            face_down,
            equip,
            spots,
            cells,
            coins: z.coins[p],
            food: z.food[p],
            food_cap: food_capacity(z, p),
            vp_tokens: z.vp[p],
            aside: &z.aside[p],
            year,
            years_left: (4 - year).max(0),
            cv: if late {
                0.34
            } else {
                0.55 - 0.05 * year as f64
            },
            fv: if late { 0.5 } else { 0.7 },
            wv: if late { 0.15 } else { 0.4 },
            spare: None,
            need: 0.0,
            unprobed: Vec::new(),
            nets: Vec::new(),
            around: Vec::new(),
            tower_need: None,
            counts: RefCell::new(Vec::new()),
        }
    }

    /// The prices of the final scoring (`heuristics._final`): what is remembered at the
    /// year's prices is forgotten.
    pub fn final_prices(&mut self) {
        self.cv = 1.0 / 3.0;
        self.fv = 0.5;
        self.wv = 0.0;
        self.unprobed.clear();
        self.nets.clear();
        self.around.clear();
    }

    pub fn info(&self, n: i32) -> &'a CardInfo {
        &self.cfg.cards[self.cards[n as usize] as usize]
    }

    /// The location design of a spot.
    pub fn design(&self, s: &Spot<'_>) -> Option<&'a CardInfo> {
        s.design.map(|c| &self.cfg.cards[c])
    }

    /// The face-up Water Towers, in cell order.
    pub fn towers(&self) -> impl Iterator<Item = &Spot<'a>> + '_ {
        self.spots.iter().filter(|s| s.kind == TOWER && s.up)
    }

    pub fn water(&self) -> i64 {
        self.towers().map(|s| s.water).sum()
    }

    pub fn placements(&self) -> Vec<Cell> {
        placement_cells(&self.cells)
    }

    /// The spot on `cell` (`occupied.get`).
    pub fn occupied(&self, cell: Cell) -> Option<&Spot<'a>> {
        self.number_at(cell).map(|i| &self.spots[i as usize])
    }

    fn number_at(&self, cell: Cell) -> Option<i32> {
        self.cells
            .binary_search_by(|(c, _)| c.cmp(&cell))
            .ok()
            .map(|i| self.cells[i].1)
    }

    /// Water distance (F-31) from a tower to the cells within its range.
    pub fn distances(&self, tower: &Spot<'_>) -> Vec<(Cell, i64)> {
        water_distances(&self.cells, tower.cell, tower.range)
    }

    /// Per cell: the water of the towers that have it in range (`Farm.reach`).
    pub fn reach(&self) -> Reach {
        let mut all: Vec<(Cell, i64)> = Vec::with_capacity(64);
        for t in self.towers() {
            let n = t.water.max(1);
            all.extend(self.distances(t).into_iter().map(|(c, _)| (c, n)));
        }
        all.sort_unstable_by_key(|&(c, _)| c);
        let mut out: Vec<(Cell, i64)> = Vec::with_capacity(all.len());
        for (c, n) in all {
            match out.last_mut() {
                Some((last, total)) if *last == c => *total += n,
                _ => out.push((c, n)),
            }
        }
        Reach(out)
    }

    /// Add card instance `card` on the empty `cell` (`Farm.probing`); `unprobe` takes it off.
    pub fn probe(&mut self, card: usize, cell: Cell) {
        let n = self.cards.len() as i32;
        let at = self
            .cells
            .binary_search_by(|(c, _)| c.cmp(&cell))
            .unwrap_err();
        self.cells.insert(at, (cell, n));
        self.cards.push(card as i32);
        self.face_down.push(false);
        self.equip.push(0);
    }

    pub fn unprobe(&mut self, cell: Cell) {
        let at = self
            .cells
            .binary_search_by(|(c, _)| c.cmp(&cell))
            .expect("the probe's cell");
        self.cells.remove(at);
        self.cards.pop();
        self.face_down.pop();
        self.equip.pop();
    }

    // -------------------------------------------------------------- amounts (F-83)

    /// `heuristics_farm.amount`: an Amount seen from `source` (None: anywhere).
    pub fn amount(&self, a: &Amount, source: Option<Cell>) -> f64 {
        let (src, at) = match source {
            None => (NONE, Origin::Anywhere),
            Some(c) => (self.number_at(c).unwrap_or(NONE), Origin::At(c)),
        };
        self.amount_at(src, at, a) as f64
    }

    fn amount_at(&self, src: i32, at: Origin, a: &Amount) -> i64 {
        self.raw_amount(src, at, a).max(0)
    }

    fn raw_amount(&self, src: i32, at: Origin, a: &Amount) -> i64 {
        let limited = |v: i64, max: &Option<i64>| max.map_or(v, |m| v.min(m));
        match a {
            Amount::Int(n) => *n,
            Amount::Count {
                sel,
                each,
                plus,
                max,
            } => limited(plus + each * self.count(src, at, sel), max),
            Amount::Sets { sels, each, max } => {
                let n = sels
                    .iter()
                    .map(|s| self.count(src, at, s))
                    .min()
                    .unwrap_or(0);
                limited(each * n, max)
            }
            Amount::Distinct { sel, by, each, max } => {
                limited(each * self.distinct(&self.matching(src, at, sel), *by), max)
            }
            Amount::Resource {
                res,
                per,
                each,
                max,
            } => limited(each * self.resource(*res).div_euclid(*per), max),
            Amount::If {
                cond,
                then,
                otherwise,
            } => {
                let branch = if self.condition(src, at, cond) {
                    then
                } else {
                    otherwise
                };
                self.amount_at(src, at, branch)
            }
            Amount::Sum(parts) => parts.iter().map(|x| self.amount_at(src, at, x)).sum(),
        }
    }

    fn condition(&self, src: i32, at: Origin, c: &Condition) -> bool {
        let compare = |v: i64, op: &Op, n: &i64| match op {
            Op::AtLeast => v >= *n,
            Op::AtMost => v <= *n,
            Op::Exactly => v == *n,
        };
        match c {
            Condition::All(parts) => parts.iter().all(|x| self.condition(src, at, x)),
            Condition::Any(parts) => parts.iter().any(|x| self.condition(src, at, x)),
            Condition::Not(x) => !self.condition(src, at, x),
            Condition::Count(sel, op, n) => compare(self.count(src, at, sel), op, n),
            Condition::Resource(r, op, n) => compare(self.resource(*r), op, n),
        }
    }

    fn resource(&self, r: Resource) -> i64 {
        match r {
            Resource::Coins => self.coins,
            Resource::Food => self.food,
            Resource::VpTokens => self.vp_tokens,
            Resource::SetAsideEquipment => self.aside.len() as i64,
            Resource::Water => self.water(),
            Resource::EmptyWaterTowers => self.towers().filter(|t| t.water == 0).count() as i64,
        }
    }

    fn distinct(&self, cards: &[i32], by: DistinctBy) -> i64 {
        let mut values: Vec<&str> = Vec::new();
        for &c in cards {
            let i = self.info(c);
            let v = match by {
                DistinctBy::Type if i.kind < TYPES.len() => TYPES[i.kind],
                DistinctBy::Type => continue,
                DistinctBy::Subtype => match &i.subtype {
                    Some(s) => s.as_str(),
                    None => continue,
                },
                DistinctBy::Name => i.design.as_str(),
            };
            if !values.contains(&v) {
                values.push(v);
            }
        }
        values.len() as i64
    }

    // -------------------------------------------------------------- selectors (F-84)

    /// Every card number of the farm a selector looks at (`_scope`).
    fn visit(&self, at: Origin, r#where: &Where, mut f: impl FnMut(i32)) {
        let at = match (at, r#where) {
            (Origin::Anywhere, _) | (_, Where::Farm) => {
                self.cells.iter().for_each(|&(_, n)| f(n));
                return;
            }
            (Origin::At(c), _) => c,
        };
        match r#where {
            Where::Adjacent => neighbours(at)
                .iter()
                .filter_map(|&c| self.number_at(c))
                .for_each(f),
            Where::Within(d) => within(&self.cells, at, *d)
                .into_iter()
                .filter_map(|c| self.number_at(c))
                .for_each(f),
            Where::Farm => unreachable!(),
        }
    }

    /// Whether card number `n` counts for the selector (not itself unless allowed, F-30,
    /// the filters), and how many times (once per tile for `equipment`).
    fn times(&self, src: i32, n: i32, sel: &Selector) -> usize {
        if n == src && !sel.allow_self {
            return 0;
        }
        if !self.what_matches(n, sel.what) || !info_matches(self.info(n), sel) {
            return 0;
        }
        if sel.what == What::Equipment {
            self.equip[n as usize]
        } else {
            1
        }
    }

    /// `len(matching_at(...))`. A count over the whole farm is the count over its own cards,
    /// remembered per source and selector (`counts`: the cards do not change within a
    /// decision), plus the probe's, if any (a sum: the order does not matter).
    fn count(&self, src: i32, at: Origin, sel: &Selector) -> i64 {
        if at == Origin::Anywhere || sel.r#where == Where::Farm {
            let key = (src, std::ptr::from_ref(sel) as usize);
            let kept = self
                .counts
                .borrow()
                .iter()
                .find(|(k, _)| *k == key)
                .map(|e| e.1);
            let own = kept.unwrap_or_else(|| {
                let own: usize = (0..self.spots.len() as i32)
                    .map(|n| self.times(src, n, sel))
                    .sum();
                self.counts.borrow_mut().push((key, own));
                own
            });
            let probe = self.spots.len() as i32;
            let probed = if self.cards.len() > self.spots.len() {
                self.times(src, probe, sel)
            } else {
                0
            };
            return (own + probed) as i64;
        }
        let mut total = 0;
        self.visit(at, &sel.r#where, |n| total += self.times(src, n, sel));
        total as i64
    }

    /// The cards a selector matches (`matching_at`), a card once per tile for `equipment`.
    fn matching(&self, src: i32, at: Origin, sel: &Selector) -> Vec<i32> {
        let mut out = Vec::new();
        self.visit(at, &sel.r#where, |n| {
            out.extend(std::iter::repeat_n(n, self.times(src, n, sel)));
        });
        out
    }

    fn what_matches(&self, n: i32, what: What) -> bool {
        let kind = self.info(n).kind;
        let face_down = self.face_down[n as usize];
        if what == What::OpenArea {
            return face_down;
        }
        if face_down {
            return false; // F-30
        }
        match what {
            What::LocationCard => kind < TYPES.len(),
            What::Equipment | What::Location => true,
            What::WaterTower => KIND_NAMES[kind] == "water_tower",
            What::Silo => KIND_NAMES[kind] == "silo",
            What::OpenArea => unreachable!(),
        }
    }
}

fn spot(z: &Zones, cell: Cell, card: i32) -> Spot<'_> {
    let info = &z.cfg.cards[card as usize];
    let tower = z.is_tower(card);
    Spot {
        cell,
        card,
        kind: info.kind,
        up: !z.face_down[card as usize],
        design: (info.kind < TYPES.len()).then_some(card as usize),
        tiles: &z.equip[card as usize],
        water: if tower { z.water[card as usize] } else { 0 },
        capacity: if tower { tower_capacity(z, card) } else { 0 },
        range: if tower { tower_range(z, card) } else { 0 },
    }
}

/// Per cell: the water of the towers in range, sorted by cell (a cell no tower reaches is
/// absent).
#[derive(Debug, Clone, Default)]
pub struct Reach(Vec<(Cell, i64)>);

impl Reach {
    pub fn get(&self, cell: Cell) -> i64 {
        self.0
            .binary_search_by(|(c, _)| c.cmp(&cell))
            .map_or(0, |i| self.0[i].1)
    }

    pub fn contains(&self, cell: Cell) -> bool {
        self.0.binary_search_by(|(c, _)| c.cmp(&cell)).is_ok()
    }
}
