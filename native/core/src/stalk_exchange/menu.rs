//! The legal actions of the active player (S-28), ported from `menu.py`: plants by slot then
//! by canonical space, swaps by slot then by type, then `Flush`, then `EndActions`. The length
//! and the i-th action are arithmetic, so a random player never builds the whole list.

use super::actions::Action;
use super::config::{MAX_SLOTS, NUM_TYPES};
use super::hexgrid::Hex;
use super::rules::can_act;
use super::state::{Counts, Zones, NO_TOKEN};

/// A snapshot of the active player's legal actions (valid until the next action).
#[derive(Debug, Clone, Default)]
pub struct Menu {
    /// The occupied slots, ascending (the first `n_occupied`); inline, so a menu allocates
    /// nothing.
    occupied: [usize; MAX_SLOTS],
    n_occupied: usize,
    plants: usize,
    swaps: usize,
    flush: bool,
    end: bool,
}

impl Menu {
    /// `Menu.__init__`.
    pub fn new(z: &Zones) -> Menu {
        let exchange = &z.exchange;
        let (mut occupied, mut n_occupied) = ([0; MAX_SLOTS], 0);
        if can_act(z) {
            for s in (0..exchange.len()).filter(|&s| exchange[s] != NO_TOKEN) {
                occupied[n_occupied] = s;
                n_occupied += 1;
            }
        }
        let occupied_slots = &occupied[..n_occupied];
        let portfolio = &z.portfolios[z.active];
        let held = portfolio.iter().filter(|&&k| k != 0).count();
        // S-25, S-51: every held type may be given for a slot's token, except its own type
        let same = occupied_slots
            .iter()
            .filter(|&&s| portfolio[exchange[s] as usize] != 0)
            .count();
        let plants = n_occupied * z.empty.len();
        let swaps = held * n_occupied - same;
        let basic_left = z.basic_taken < z.cfg.basic_actions;
        Menu {
            plants,
            swaps,
            flush: z.seedy[z.active] > 0,
            end: !basic_left || (plants == 0 && swaps == 0),
            occupied,
            n_occupied,
        }
    }

    pub fn len(&self) -> usize {
        self.plants + self.swaps + usize::from(self.flush) + usize::from(self.end)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The i-th action of the menu made from `z` (None beyond the end).
    pub fn get(&self, z: &Zones, i: usize) -> Option<Action> {
        let spaces = &z.board.spaces;
        let at = |k: usize| spaces[z.empty[k]];
        self.item(i, z.empty.len(), at, &z.exchange, &z.portfolios[z.active])
    }

    /// The i-th action, read from the empty spaces (`n_empty` of them, the k-th at `at(k)`),
    /// the Exchange and the active portfolio of the position the menu was made in.
    fn item(
        &self,
        i: usize,
        n_empty: usize,
        at: impl Fn(usize) -> Hex,
        exchange: &[i64],
        portfolio: &Counts,
    ) -> Option<Action> {
        if i >= self.len() {
            return None;
        }
        if i < self.plants {
            let slot = self.occupied[i / n_empty];
            return Some(Action::Plant {
                slot: slot as i64,
                space: at(i % n_empty),
            });
        }
        let i = i - self.plants;
        if i < self.swaps {
            return self.swap(exchange, portfolio, i);
        }
        if i == self.swaps && self.flush {
            return Some(Action::Flush);
        }
        Some(Action::EndActions)
    }

    /// The i-th swap: slots in order, for each the held types but its own.
    fn swap(&self, exchange: &[i64], portfolio: &Counts, mut i: usize) -> Option<Action> {
        for &slot in &self.occupied[..self.n_occupied] {
            let own = exchange[slot];
            let gives = (0..NUM_TYPES).filter(|&t| portfolio[t] != 0 && t as i64 != own);
            let count = gives.clone().count();
            if i < count {
                let give = gives.clone().nth(i)?;
                return Some(Action::Swap {
                    slot: slot as i64,
                    give: give as i64,
                });
            }
            i -= count;
        }
        None
    }

    /// Every action, in order (for tests and small menus).
    pub fn items(&self, z: &Zones) -> Vec<Action> {
        (0..self.len()).filter_map(|i| self.get(z, i)).collect()
    }
}

/// A menu with the little of its position it reads (the empty spaces, the Exchange, the
/// active portfolio), so it stays valid after the position moves on without a copy of the
/// whole state (the State API's lazy menus).
#[derive(Debug, Clone)]
pub struct Frozen {
    menu: Menu,
    empty: Vec<Hex>,
    exchange: [i64; MAX_SLOTS],
    portfolio: Counts,
}

impl Frozen {
    /// The menu of `player` at `z` (empty unless it is their action phase), frozen.
    pub fn new(z: &Zones, player: i64) -> Frozen {
        Frozen::of(legal_actions(z, player), z)
    }

    /// `menu`, made from `z`, frozen.
    pub fn of(menu: Menu, z: &Zones) -> Frozen {
        let mut exchange = [NO_TOKEN; MAX_SLOTS];
        exchange[..z.exchange.len()].copy_from_slice(&z.exchange);
        Frozen {
            menu,
            empty: z.empty.iter().map(|&s| z.board.spaces[s]).collect(),
            exchange,
            portfolio: z.portfolios[z.active],
        }
    }

    pub fn len(&self) -> usize {
        self.menu.len()
    }

    pub fn is_empty(&self) -> bool {
        self.menu.is_empty()
    }

    /// The i-th action (None beyond the end), as [`Menu::get`] of the position gives it.
    pub fn get(&self, i: usize) -> Option<Action> {
        let at = |k: usize| self.empty[k];
        self.menu
            .item(i, self.empty.len(), at, &self.exchange, &self.portfolio)
    }

    /// The index of `a` in the menu, or None when it is not in it (`get`'s inverse, by
    /// arithmetic: a membership test without listing the menu).
    pub fn position(&self, a: &Action) -> Option<usize> {
        let m = &self.menu;
        let occupied = &m.occupied[..m.n_occupied];
        let slot_rank = |slot: i64| occupied.iter().position(|&s| s as i64 == slot);
        match *a {
            Action::Plant { slot, space } => {
                let k = self.empty.iter().position(|&h| h == space)?;
                let i = slot_rank(slot)? * self.empty.len() + k;
                (i < m.plants).then_some(i)
            }
            Action::Swap { slot, give } => {
                let gives = |own: i64| {
                    (0..NUM_TYPES).filter(move |&t| self.portfolio[t] != 0 && t as i64 != own)
                };
                let rank = slot_rank(slot)?;
                let before: usize = occupied[..rank]
                    .iter()
                    .map(|&s| gives(self.exchange[s]).count())
                    .sum();
                let k = gives(self.exchange[occupied[rank]]).position(|t| t as i64 == give)?;
                let i = before + k;
                (i < m.swaps).then_some(m.plants + i)
            }
            Action::Flush => m.flush.then_some(m.plants + m.swaps),
            Action::EndActions => m.end.then(|| m.len() - 1),
        }
    }
}

/// S-28: the menu of `player` (empty unless it is their action phase).
pub fn legal_actions(z: &Zones, player: i64) -> Menu {
    if z.over || player != z.active as i64 {
        return Menu::default();
    }
    Menu::new(z)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stalk_exchange::{game, new_state};
    use serde_json::json;

    /// A frozen menu lists what the position's menu lists, and still does after the
    /// position moved on (S-28).
    #[test]
    fn a_frozen_menu_is_the_menu_of_its_position() {
        for (n, options) in [
            (3, json!({})),
            (2, json!({"exchange_slots": 12, "garden_radius": 1})),
        ] {
            let mut z = new_state(n, 7, &options).expect("state");
            let mut step = 0;
            while !z.over {
                let p = z.active as i64;
                let (menu, frozen) = (legal_actions(&z, p), Frozen::new(&z, p));
                let items = menu.items(&z);
                assert_eq!(frozen.len(), items.len());
                let got: Vec<Action> = (0..frozen.len()).filter_map(|i| frozen.get(i)).collect();
                assert_eq!(got, items);
                assert_eq!(frozen.get(items.len()), None);
                assert!(Frozen::new(&z, p + 1).is_empty());
                for (i, a) in items.iter().enumerate() {
                    assert_eq!(frozen.position(a), Some(i), "{a}");
                }
                let slots = -1..z.exchange.len() as i64 + 1;
                for slot in slots.clone() {
                    let mut probes = vec![Action::Flush, Action::EndActions];
                    probes.extend((-1..6).map(|give| Action::Swap { slot, give }));
                    for &space in z.board.spaces.iter().chain(&[(9, 9)]) {
                        probes.push(Action::Plant { slot, space });
                    }
                    for a in &probes {
                        let want = items.iter().position(|b| b == a);
                        assert_eq!(frozen.position(a), want, "{a}");
                    }
                }
                let pick = items[(step * 7919) % items.len()].clone();
                game::apply(&mut z, p, &pick).expect("legal");
                let after: Vec<Action> = (0..frozen.len()).filter_map(|i| frozen.get(i)).collect();
                assert_eq!(after, items, "after the move");
                step += 1;
            }
        }
    }
}
