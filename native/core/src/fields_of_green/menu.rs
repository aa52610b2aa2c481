//! The menus of legal actions in `menu.py`'s order. The menu of actions A-E is counted by
//! arithmetic and builds only the item asked for (`card_menu.py`); the others are lists.

use std::sync::Arc;

use super::abilities::tower_capacity;
use super::actions::{Action, NO_TILE};
use super::build::MARKET_MAX_FOOD;
use super::cards::TYPES;
use super::config::TOWER_COST;
use super::decisions::optional_cost;
use super::equipment as E;
use super::farm::Reach;
use super::harvest as H;
use super::resources::{count_distributions, nth_distribution, split_at, Water};
use super::scoring as S;
use super::state::{
    Cell, Zones, COMMIT, DRAW, FINAL, F_ATTACH, F_CHOOSE, F_KEEP, F_OPTIONAL, F_PLACE, F_WATER,
    HARVEST, NONE, PICK, RESOLVE,
};
use super::upkeep::Splits;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg {
    Build,
    Tower,
    Silo,
    Market,
    Restore,
}

/// Actions A-E for some cards, lazily.
#[derive(Debug, Clone, Default)]
pub struct CardMenu {
    pub(crate) segs: Vec<(usize, Seg, i32, i64)>, // (count, kind, card, water need)
    /// The farm's placement cells and their groups of cells reached by the same towers
    /// (None in a buffer not filled).
    pub(crate) reach: Option<Arc<Reach>>,
    /// Per group: the towers that reach it and hold water (a mask, F-33).
    pub(crate) paying: Vec<u64>,
    pub(crate) open: Vec<Cell>,
    len: usize,
}

/// The water of the towers of `mask` (bit i: the i-th tower of `reach`), in cell order.
pub(crate) fn caps_of(z: &Zones, reach: &Reach, mask: u64, out: &mut [i64; 64]) -> usize {
    let mut n = 0;
    for t in reach.decode(mask) {
        out[n] = z.water[t as usize];
        n += 1;
    }
    n
}

/// How many builds a card needing `need` water has (F-33): on each placement cell, the
/// splits of its group's paying towers.
fn builds(z: &Zones, reach: &Reach, paying: &[u64], need: i64) -> usize {
    if need <= 0 {
        return reach.placements.len();
    }
    let mut caps = [0i64; 64];
    let (mut small, mut large) = ([0usize; 32], Vec::new());
    let per_group: &mut [usize] = if paying.len() <= small.len() {
        &mut small[..paying.len()]
    } else {
        large.resize(paying.len(), 0);
        &mut large
    };
    for (n, &m) in per_group.iter_mut().zip(paying) {
        let k = caps_of(z, reach, m, &mut caps);
        *n = count_distributions(&caps[..k], need);
    }
    reach.group.iter().map(|&g| per_group[g]).sum()
}

impl CardMenu {
    /// Fill this menu with the actions of `cards` for `p`, reusing its buffers.
    fn fill(&mut self, z: &Zones, p: usize, cards: &[i32]) {
        let (coins, food) = (z.coins[p], z.food[p]);
        self.reach = None; // not shared while the reach grows
        let reach = Reach::of(z, p);
        let CardMenu {
            segs,
            paying,
            open,
            len,
            ..
        } = self;
        // cells reached by the same towers share their paying towers (`Geo.groups`)
        let mut wet = 0; // the towers holding water
        for (t, bit) in reach.towers_of(u64::MAX) {
            if z.water[t as usize] > 0 {
                wet |= bit;
            }
        }
        paying.clear();
        paying.extend(reach.group_masks.iter().map(|&m| m & wet));
        let mut counts = [(0i64, 0usize); 8]; // water cost -> builds per card
        let mut n_counts = 0;
        open.clear();
        if z.cfg.published && coins >= 1 {
            let face_down = z.farms[p].iter().filter(|&&(_, c)| z.face_down[c as usize]);
            open.extend(face_down.map(|&(cell, _)| cell));
        }
        let n_cells = reach.placements.len();
        segs.clear();
        for &card in cards {
            if card == NONE {
                continue;
            }
            let info = &z.cfg.cards[card as usize];
            if info.kind < TYPES.len() && coins >= info.coins && food >= info.food {
                let need = info.water;
                let known = counts[..n_counts].iter().find(|&&(k, _)| k == need);
                let count = match known {
                    Some(&(_, c)) => c,
                    None => {
                        let c = builds(z, &reach, paying, need);
                        if n_counts < counts.len() {
                            counts[n_counts] = (need, c);
                            n_counts += 1;
                        }
                        c
                    }
                };
                segs.push((count, Seg::Build, card, need));
            }
            if !z.towers.is_empty() && coins >= TOWER_COST {
                segs.push((n_cells, Seg::Tower, card, 0));
            }
            if !z.silos.is_empty() {
                segs.push((n_cells, Seg::Silo, card, 0));
            }
            segs.push((
                (MARKET_MAX_FOOD.min(food) + 1) as usize,
                Seg::Market,
                card,
                0,
            ));
            if !open.is_empty() {
                segs.push((open.len(), Seg::Restore, card, 0));
            }
        }
        *len = segs.iter().map(|s| s.0).sum();
        self.reach = Some(reach);
    }

    fn get(&self, z: &Zones, mut i: usize) -> Option<Action> {
        for &(count, kind, card, need) in &self.segs {
            if i < count {
                let c = card as i64;
                return Some(match kind {
                    Seg::Build => self.build(z, c, need, i)?,
                    Seg::Tower => Action::Tower(c, *self.reach.as_ref()?.placements.get(i)?),
                    Seg::Silo => Action::Silo(c, *self.reach.as_ref()?.placements.get(i)?),
                    Seg::Market => Action::Market(c, i as i64),
                    Seg::Restore => Action::Restore(c, self.open[i]),
                });
            }
            i -= count;
        }
        None
    }

    fn build(&self, z: &Zones, card: i64, need: i64, mut i: usize) -> Option<Action> {
        let reach = self.reach.as_ref()?;
        if need <= 0 {
            return Some(Action::Build(card, reach.placements[i], Vec::new()));
        }
        let mut caps = [0i64; 64];
        for (k, &g) in reach.group.iter().enumerate() {
            let held = self.paying[g];
            let m = caps_of(z, reach, held, &mut caps);
            let n = count_distributions(&caps[..m], need);
            if i < n {
                let towers: Vec<i32> = reach.decode(held).collect();
                let water = split_at(z, &towers, &nth_distribution(&caps[..m], need, i)?);
                return Some(Action::Build(card, reach.placements[k], water));
            }
            i -= n;
        }
        None
    }
}

/// A menu: a list, the draw splits or commits as found (their actions made when asked
/// for), the lazy actions A-E, or actions among lazy water payments.
#[derive(Debug, Clone)]
pub enum Menu {
    List(Vec<Action>),
    Paid(Paid),
    Splits(Splits),
    Commits(Vec<i32>),
    Cards(CardMenu),
}

impl Menu {
    pub fn len(&self) -> usize {
        match self {
            Menu::List(v) => v.len(),
            Menu::Paid(m) => m.len,
            Menu::Splits(v) => v.len(),
            Menu::Commits(v) => v.len(),
            Menu::Cards(c) => c.len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, z: &Zones, i: usize) -> Option<Action> {
        match self {
            Menu::List(v) => v.get(i).cloned(),
            Menu::Paid(m) => m.get(z, i),
            Menu::Splits(v) => v.get(i).map(Action::DrawSplit),
            Menu::Commits(v) => v.get(i).map(|&c| Action::Commit(c as i64)),
            Menu::Cards(c) => c.get(z, i),
        }
    }

    pub fn items(&self, z: &Zones) -> Vec<Action> {
        match self {
            // the splits in one pass, not each found anew
            Menu::Splits(v) => v.all().into_iter().map(Action::DrawSplit).collect(),
            _ => {
                let mut out = Vec::with_capacity(self.len());
                out.extend((0..self.len()).filter_map(|i| self.get(z, i)));
                out
            }
        }
    }
}

/// The menu for `p`, who must be on the move (`legal_actions`).
pub fn legal_actions(z: &Zones, p: usize) -> Menu {
    let mut menus = Menus::default();
    menus.fill(z, p);
    menus.into_menu()
}

/// The buffers of the menus of one position after another (a playout's): filling them
/// again reuses their room, so a warm playout builds its menus without allocating.
#[derive(Debug, Default)]
pub struct Menus {
    now: Now,
    paid: Paid,
    commits: Vec<i32>,
    designs: Vec<i32>,
    cards: CardMenu,
}

/// Which of the buffers of [`Menus`] holds the menu now.
#[derive(Debug, Default, Clone, Copy)]
enum Now {
    #[default]
    Empty,
    Paid,
    Splits(Splits),
    Commits,
    Cards,
}

impl Menus {
    /// `legal_actions(z, p)` into these buffers.
    pub fn fill(&mut self, z: &Zones, p: usize) {
        self.release();
        self.now = if let Some(frame) = z.stack.last() {
            decision_into(z, frame, &mut self.paid);
            Now::Paid
        } else {
            match z.phase {
                DRAW => Now::Splits(Splits::of(z)),
                COMMIT => {
                    one_per_design(z, &z.hands[p], &mut self.commits);
                    Now::Commits
                }
                RESOLVE => {
                    self.cards.fill(z, p, &[z.revealed[p]]);
                    Now::Cards
                }
                PICK => {
                    one_per_design(z, &z.display, &mut self.designs);
                    self.cards.fill(z, p, &self.designs);
                    Now::Cards
                }
                HARVEST => {
                    harvest_into(z, p, &mut self.paid);
                    Now::Paid
                }
                FINAL => {
                    final_into(z, p, &mut self.paid);
                    Now::Paid
                }
                _ => Now::Empty,
            }
        };
    }

    /// Let go of the farm's reach held by a menu of actions A-E, so that the next step can
    /// grow it in place.
    pub fn release(&mut self) {
        self.cards.reach = None;
    }

    pub fn len(&self) -> usize {
        match self.now {
            Now::Empty => 0,
            Now::Paid => self.paid.len,
            Now::Splits(s) => s.len(),
            Now::Commits => self.commits.len(),
            Now::Cards => self.cards.len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, z: &Zones, i: usize) -> Option<Action> {
        match self.now {
            Now::Empty => None,
            Now::Paid => self.paid.get(z, i),
            Now::Splits(s) => s.get(i).map(Action::DrawSplit),
            Now::Commits => self.commits.get(i).map(|&c| Action::Commit(c as i64)),
            Now::Cards => self.cards.get(z, i),
        }
    }

    fn into_menu(self) -> Menu {
        match self.now {
            Now::Empty => Menu::List(Vec::new()),
            Now::Paid => Menu::Paid(self.paid),
            Now::Splits(s) => Menu::Splits(s),
            Now::Commits => Menu::Commits(self.commits),
            Now::Cards => Menu::Cards(self.cards),
        }
    }
}

/// Cards of one design are interchangeable choices: the first of each.
fn one_per_design(z: &Zones, cards: &[i32], out: &mut Vec<i32>) {
    out.clear();
    for &c in cards {
        let info = &z.cfg.cards[c as usize];
        // a location's design index names its design; towers and silos compare by id
        let same = |&d: &i32| {
            let other = &z.cfg.cards[d as usize];
            match (info.design_index, other.design_index) {
                (Some(a), Some(b)) => a == b,
                _ => info.design == other.design,
            }
        };
        if !out.iter().any(same) {
            out.push(c);
        }
    }
}

/// How a water split becomes an action.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Pay {
    Harvest(i64, i64),
    End(i64, i64),
    Optional,
    Place,
}

impl Pay {
    fn action(self, water: Water) -> Action {
        match self {
            Pay::Harvest(card, tile) => Action::PayHarvest(card, tile, water),
            Pay::End(card, tile) => Action::PayEnd(card, tile, water),
            Pay::Optional => Action::Pay(water),
            Pay::Place => Action::PlaceWater(water),
        }
    }
}

#[derive(Debug, Clone)]
pub(crate) enum Item {
    One(Action),
    /// Every split of `total` water over the towers `from..to` of [`Paid`]'s with their room
    /// or water, in the order of `distributions`: `count` actions, each made when asked for.
    Splits {
        from: usize,
        to: usize,
        total: i64,
        count: usize,
        pay: Pay,
    },
}

/// A menu of actions some of which pay or place water (harvest, final choices, the water
/// and optional-cost decisions): the splits are counted by arithmetic and the action of
/// split k is made only when asked for (`resources.water_splits` lists them all).
#[derive(Debug, Clone, Default)]
pub struct Paid {
    pub(crate) items: Vec<Item>,
    /// The towers of the splits and their room or water, one run per item of splits.
    towers: Vec<i32>,
    caps: Vec<i64>,
    len: usize,
}

impl Paid {
    fn clear(&mut self) {
        self.items.clear();
        self.towers.clear();
        self.caps.clear();
        self.len = 0;
    }

    fn one(&mut self, action: Action) {
        self.items.push(Item::One(action));
        self.len += 1;
    }

    /// The splits of `total` over the towers pushed since `from`.
    fn splits(&mut self, from: usize, total: i64, pay: Pay) {
        let to = self.towers.len();
        let count = count_distributions(&self.caps[from..to], total);
        if count > 0 {
            self.items.push(Item::Splits {
                from,
                to,
                total,
                count,
                pay,
            });
            self.len += count;
        } else {
            self.towers.truncate(from);
            self.caps.truncate(from);
        }
    }

    /// `resources.water_splits(z, p, cell, need)`, each made into an action by `pay`;
    /// `reach` is p's, searched at most once for the whole menu.
    fn water(
        &mut self,
        z: &Zones,
        p: usize,
        reach: &mut Option<Arc<Reach>>,
        cell: Cell,
        need: i64,
        pay: Pay,
    ) {
        if need <= 0 {
            self.one(pay.action(Vec::new()));
            return;
        }
        let r = reach.get_or_insert_with(|| Reach::of(z, p));
        // the towers in range holding water, in cell order (F-33, `paying`)
        let from = self.towers.len();
        for t in r.decode(r.mask_at(cell)) {
            if z.water[t as usize] > 0 {
                self.towers.push(t);
                self.caps.push(z.water[t as usize]);
            }
        }
        self.splits(from, need, pay);
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, z: &Zones, mut i: usize) -> Option<Action> {
        for item in &self.items {
            match item {
                Item::One(a) if i == 0 => return Some(a.clone()),
                Item::One(_) => i -= 1,
                &Item::Splits {
                    from,
                    to,
                    total,
                    count,
                    pay,
                } => {
                    if i < count {
                        let v = nth_distribution(&self.caps[from..to], total, i)?;
                        return Some(pay.action(split_at(z, &self.towers[from..to], &v)));
                    }
                    i -= count;
                }
            }
        }
        None
    }

    pub fn items(&self, z: &Zones) -> Vec<Action> {
        (0..self.len).filter_map(|i| self.get(z, i)).collect()
    }
}

fn harvest_into(z: &Zones, p: usize, out: &mut Paid) {
    out.clear();
    let mut reach: Option<Arc<Reach>> = None; // searched once, for the first item that needs water
    H::each_open_item(z, p, |item| {
        let (card, tile) = E::split_item(z, item);
        let tile = if tile == NONE as i64 { NO_TILE } else { tile };
        let (coins, need, food) = H::cost(z, p, item);
        if z.coins[p] >= coins && z.food[p] >= food {
            let pay = Pay::Harvest(card as i64, tile);
            out.water(z, p, &mut reach, z.cell_of(card), need, pay);
        }
        out.one(Action::Decline(card as i64, tile));
    });
    out.one(Action::EndHarvest);
}

pub fn final_menu(z: &Zones, p: usize) -> Paid {
    let mut out = Paid::default();
    final_into(z, p, &mut out);
    out
}

fn final_into(z: &Zones, p: usize, out: &mut Paid) {
    out.clear();
    let mut reach: Option<Arc<Reach>> = None;
    for item in S::optional_items(z, p) {
        if !S::payable(z, p, item) {
            continue;
        }
        let (card, tile) = E::split_item(z, item);
        let tile = if tile == NONE as i64 { NO_TILE } else { tile };
        let need = S::cost(z, p, item).1;
        let pay = Pay::End(card as i64, tile);
        out.water(z, p, &mut reach, z.cell_of(card), need, pay);
    }
    out.one(Action::EndScoring);
}

pub fn has_final_choice(z: &Zones, p: usize) -> bool {
    final_menu(z, p).len() > 1
}

/// F-33, F-41: every way to put `gained` water on p's towers with room, as much as fits
/// (`resources.placements`).
fn placements(z: &Zones, p: usize, gained: i64, out: &mut Paid) {
    let from = out.towers.len();
    for t in z.farm_cards(p).filter(|&c| z.is_tower(c)) {
        let room = tower_capacity(z, t) - z.water[t as usize];
        if room > 0 {
            out.towers.push(t);
            out.caps.push(room);
        }
    }
    let fits = gained.min(out.caps[from..].iter().sum());
    out.splits(from, fits, Pay::Place);
}

thread_local! {
    /// The buffers of the F-7 check, reused from decision to decision.
    static DECIDING: std::cell::RefCell<Paid> = std::cell::RefCell::new(Paid::default());
}

/// How many choices the decision `frame` has, and the first (F-7: a decision with one choice
/// is made automatically), without allocating once warm.
pub fn decision_count(z: &Zones, frame: &[i64]) -> (usize, Option<Action>) {
    DECIDING.with_borrow_mut(|menu| {
        decision_into(z, frame, menu);
        let first = if menu.len == 1 { menu.get(z, 0) } else { None };
        (menu.len, first)
    })
}

/// The choices of the decision `frame`.
fn decision_into(z: &Zones, frame: &[i64], out: &mut Paid) {
    let (kind, p) = (frame[0], frame[1] as usize);
    out.clear();
    match kind {
        F_WATER => placements(z, p, frame[2], out),
        F_CHOOSE => (0..frame.len() as i64 - 3).for_each(|i| out.one(Action::Choose(i))),
        F_KEEP => frame[2..].iter().for_each(|&t| out.one(Action::Keep(t))),
        F_PLACE => {
            for c in E::fitting_cards(z, p, frame[2]) {
                out.one(Action::Place(z.cell_of(c)));
            }
            out.one(Action::SetAside);
        }
        F_ATTACH => {
            for t in E::aside_fitting(z, p, frame[2] as i32) {
                out.one(Action::Attach(t));
            }
            out.one(Action::SkipAttach);
        }
        F_OPTIONAL => {
            let (coins, need, food) = optional_cost(z, p, frame);
            if z.coins[p] >= coins && z.food[p] >= food {
                let cell = z.cell_of(frame[2] as i32);
                out.water(z, p, &mut None, cell, need, Pay::Optional);
            }
            out.one(Action::Skip);
        }
        _ => {}
    }
}
