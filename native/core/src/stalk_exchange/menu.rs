//! The legal actions of the active player (S-28), ported from `menu.py`: plants by slot then
//! by canonical space, swaps by slot then by type, then `Flush`, then `EndActions`. The length
//! and the i-th action are arithmetic, so a random player never builds the whole list.

use super::actions::Action;
use super::config::{MAX_SLOTS, NUM_TYPES};
use super::rules::can_act;
use super::state::{Zones, NO_TOKEN};

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
        if i >= self.len() {
            return None;
        }
        if i < self.plants {
            let n_empty = z.empty.len();
            let slot = self.occupied[i / n_empty];
            let space = z.board.spaces[z.empty[i % n_empty]];
            return Some(Action::Plant {
                slot: slot as i64,
                space,
            });
        }
        let i = i - self.plants;
        if i < self.swaps {
            return self.swap(z, i);
        }
        if i == self.swaps && self.flush {
            return Some(Action::Flush);
        }
        Some(Action::EndActions)
    }

    /// The i-th swap: slots in order, for each the held types but its own.
    fn swap(&self, z: &Zones, mut i: usize) -> Option<Action> {
        let portfolio = &z.portfolios[z.active];
        for &slot in &self.occupied[..self.n_occupied] {
            let own = z.exchange[slot];
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

/// S-28: the menu of `player` (empty unless it is their action phase).
pub fn legal_actions(z: &Zones, player: i64) -> Menu {
    if z.over || player != z.active as i64 {
        return Menu::default();
    }
    Menu::new(z)
}
