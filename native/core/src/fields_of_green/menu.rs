//! The menus of legal actions in `menu.py`'s order. The menu of actions A-E is counted by
//! arithmetic and builds only the item asked for (`card_menu.py`); the others are lists.

use std::sync::Arc;

use super::actions::{Action, NO_TILE};
use super::build::MARKET_MAX_FOOD;
use super::cards::TYPES;
use super::config::TOWER_COST;
use super::decisions::optional_cost;
use super::equipment as E;
use super::farm::Reach;
use super::harvest as H;
use super::resources::{
    count_distributions, each_distribution, placements, split_at, water_splits, water_splits_in,
};
use super::scoring as S;
use super::state::{
    Cell, Zones, COMMIT, DRAW, FINAL, F_ATTACH, F_CHOOSE, F_KEEP, F_OPTIONAL, F_PLACE, F_WATER,
    HARVEST, NONE, PICK, RESOLVE,
};
use super::upkeep::{split_options, Split};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seg {
    Build,
    Tower,
    Silo,
    Market,
    Restore,
}

/// Actions A-E for some cards, lazily.
#[derive(Debug, Clone)]
pub struct CardMenu {
    segs: Vec<(usize, Seg, i32, i64)>, // (count, kind, card, water need)
    /// The farm's placement cells and their groups of cells reached by the same towers.
    reach: Arc<Reach>,
    /// Per group: the towers that reach it and hold water (a mask, F-33).
    paying: Vec<u64>,
    open: Vec<Cell>,
    len: usize,
}

/// The water of the towers of `mask` (bit i: the i-th tower of `reach`), in cell order.
fn caps_of(z: &Zones, reach: &Reach, mask: u64, out: &mut [i64; 64]) -> usize {
    let mut n = 0;
    for t in reach.decode(mask) {
        out[n] = z.water[t as usize];
        n += 1;
    }
    n
}

impl CardMenu {
    fn new(z: &Zones, p: usize, cards: &[i32]) -> CardMenu {
        let (coins, food) = (z.coins[p], z.food[p]);
        let reach = Reach::of(z, p);
        // cells reached by the same towers share their paying towers (`Geo.groups`)
        let paying: Vec<u64> = reach
            .group_masks
            .iter()
            .map(|&m| {
                let mut held = 0;
                for (t, bit) in reach.towers_of(m) {
                    if z.water[t as usize] > 0 {
                        held |= bit;
                    }
                }
                held
            })
            .collect();
        let mut counts: Vec<(i64, usize)> = Vec::new(); // water cost -> builds per card
        let mut open = Vec::new();
        if z.cfg.published && coins >= 1 {
            open = z.farms[p]
                .iter()
                .filter(|&&(_, c)| z.face_down[c as usize])
                .map(|&(cell, _)| cell)
                .collect();
        }
        let n_cells = reach.placements.len();
        let mut segs = Vec::with_capacity(cards.len() * 5);
        for &card in cards {
            if card == NONE {
                continue;
            }
            let info = &z.cfg.cards[card as usize];
            if info.kind < TYPES.len() && coins >= info.coins && food >= info.food {
                let need = info.water;
                let count = match counts.iter().find(|&&(k, _)| k == need) {
                    Some(&(_, c)) => c,
                    None => {
                        let c = if need <= 0 {
                            n_cells
                        } else {
                            let mut caps = [0i64; 64];
                            let per_group: Vec<usize> = paying
                                .iter()
                                .map(|&m| {
                                    let k = caps_of(z, &reach, m, &mut caps);
                                    count_distributions(&caps[..k], need)
                                })
                                .collect();
                            reach.group.iter().map(|&k| per_group[k]).sum()
                        };
                        counts.push((need, c));
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
        let len = segs.iter().map(|s| s.0).sum();
        CardMenu {
            segs,
            reach,
            paying,
            open,
            len,
        }
    }

    fn get(&self, z: &Zones, mut i: usize) -> Option<Action> {
        for &(count, kind, card, need) in &self.segs {
            if i < count {
                let c = card as i64;
                return Some(match kind {
                    Seg::Build => self.build(z, c, need, i)?,
                    Seg::Tower => Action::Tower(c, self.reach.placements[i]),
                    Seg::Silo => Action::Silo(c, self.reach.placements[i]),
                    Seg::Market => Action::Market(c, i as i64),
                    Seg::Restore => Action::Restore(c, self.open[i]),
                });
            }
            i -= count;
        }
        None
    }

    fn build(&self, z: &Zones, card: i64, need: i64, mut i: usize) -> Option<Action> {
        let reach = &self.reach;
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
                let (mut k_th, mut water) = (0, Vec::new());
                each_distribution(&caps[..m], need, |v| {
                    if k_th == i {
                        water = split_at(z, &towers, v);
                    }
                    k_th += 1;
                });
                return Some(Action::Build(card, reach.placements[k], water));
            }
            i -= n;
        }
        None
    }
}

/// A menu: a list, the draw splits or commits as found (their actions made when asked
/// for), or the lazy actions A-E.
#[derive(Debug, Clone)]
pub enum Menu {
    List(Vec<Action>),
    Splits(Vec<Split>),
    Commits(Vec<i32>),
    Cards(CardMenu),
}

impl Menu {
    pub fn len(&self) -> usize {
        match self {
            Menu::List(v) => v.len(),
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
            Menu::Splits(v) => v.get(i).map(|&s| Action::DrawSplit(s)),
            Menu::Commits(v) => v.get(i).map(|&c| Action::Commit(c as i64)),
            Menu::Cards(c) => c.get(z, i),
        }
    }

    pub fn items(&self, z: &Zones) -> Vec<Action> {
        (0..self.len()).filter_map(|i| self.get(z, i)).collect()
    }
}

/// The menu for `p`, who must be on the move (`legal_actions`).
pub fn legal_actions(z: &Zones, p: usize) -> Menu {
    if let Some(frame) = z.stack.last() {
        return Menu::List(decision_menu(z, frame));
    }
    match z.phase {
        DRAW => Menu::Splits(split_options(z)),
        COMMIT => Menu::Commits(one_per_design(z, &z.hands[p])),
        RESOLVE => Menu::Cards(CardMenu::new(z, p, &[z.revealed[p]])),
        PICK => Menu::Cards(CardMenu::new(z, p, &one_per_design(z, &z.display))),
        HARVEST => Menu::List(harvest_menu(z, p)),
        FINAL => Menu::List(final_menu(z, p)),
        _ => Menu::List(Vec::new()),
    }
}

/// Cards of one design are interchangeable choices: the first of each.
fn one_per_design(z: &Zones, cards: &[i32]) -> Vec<i32> {
    let mut out: Vec<i32> = Vec::with_capacity(cards.len());
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
    out
}

fn harvest_menu(z: &Zones, p: usize) -> Vec<Action> {
    let mut out = Vec::new();
    let mut reach: Option<Arc<Reach>> = None; // searched once, for the first item that needs water
    for item in H::open_items(z, p) {
        let (card, tile) = E::split_item(z, item);
        let tile = if tile == NONE as i64 { NO_TILE } else { tile };
        let (coins, need, food) = H::cost(z, p, item);
        if z.coins[p] >= coins && z.food[p] >= food {
            let splits = if need <= 0 {
                vec![Vec::new()]
            } else {
                let r = reach.get_or_insert_with(|| Reach::of(z, p));
                water_splits_in(z, r, z.cell_of(card), need)
            };
            for w in splits {
                out.push(Action::PayHarvest(card as i64, tile, w));
            }
        }
        out.push(Action::Decline(card as i64, tile));
    }
    out.push(Action::EndHarvest);
    out
}

pub fn final_menu(z: &Zones, p: usize) -> Vec<Action> {
    let mut out = Vec::new();
    for item in S::optional_items(z, p) {
        if !S::payable(z, p, item) {
            continue;
        }
        let (card, tile) = E::split_item(z, item);
        let tile = if tile == NONE as i64 { NO_TILE } else { tile };
        let need = S::cost(z, p, item).1;
        for w in water_splits(z, p, z.cell_of(card), need) {
            out.push(Action::PayEnd(card as i64, tile, w));
        }
    }
    out.push(Action::EndScoring);
    out
}

pub fn has_final_choice(z: &Zones, p: usize) -> bool {
    final_menu(z, p).len() > 1
}

/// The choices of the decision `frame`.
pub fn decision_menu(z: &Zones, frame: &[i64]) -> Vec<Action> {
    let (kind, p) = (frame[0], frame[1] as usize);
    match kind {
        F_WATER => placements(z, p, frame[2])
            .into_iter()
            .map(Action::PlaceWater)
            .collect(),
        F_CHOOSE => (0..frame.len() as i64 - 3).map(Action::Choose).collect(),
        F_KEEP => frame[2..].iter().map(|&t| Action::Keep(t)).collect(),
        F_PLACE => {
            let mut out: Vec<Action> = E::fitting_cards(z, p, frame[2])
                .into_iter()
                .map(|c| Action::Place(z.cell_of(c)))
                .collect();
            out.push(Action::SetAside);
            out
        }
        F_ATTACH => {
            let mut out: Vec<Action> = E::aside_fitting(z, p, frame[2] as i32)
                .into_iter()
                .map(Action::Attach)
                .collect();
            out.push(Action::SkipAttach);
            out
        }
        F_OPTIONAL => {
            let mut out = Vec::new();
            let (coins, need, food) = optional_cost(z, p, frame);
            if z.coins[p] >= coins && z.food[p] >= food {
                for w in water_splits(z, p, z.cell_of(frame[2] as i32), need) {
                    out.push(Action::Pay(w));
                }
            }
            out.push(Action::Skip);
            out
        }
        _ => Vec::new(),
    }
}
