//! Build prices kept from one decision of a seat to its next in a greedy playout. The seat
//! prices every hand card on every placement cell when it commits, then its revealed card on
//! the same cells when it builds; between the two its farm usually has not changed, and
//! `build_worth` is a function of the farm (every fact `view::Farm` holds, and the prices of
//! the year) and of the card and cell. The memo keeps the farm's facts it was computed from
//! and forgets everything as soon as they differ in anything. The farm's water reach and
//! placement cells, functions of its cards, are kept alike.

use rustc_hash::FxHashMap;

use super::super::state::Cell;
use super::view::{Farm, Reach};

/// A farm card as `Farm` sees it: cell, card, face up, tiles, water, capacity, range.
type SpotFacts = (Cell, i32, bool, Vec<i32>, i64, i64, i64);

/// The facts of a farm the prices were computed from (owned: the zones change in between):
/// its cards (all the reach and the placement cells read), then its resources and prices.
#[derive(Debug, Clone, PartialEq)]
struct Facts {
    spots: Vec<SpotFacts>,
    rest: Rest,
}

#[derive(Debug, Clone, PartialEq)]
struct Rest {
    coins: i64,
    food: i64,
    food_cap: i64,
    vp_tokens: i64,
    aside: Vec<i32>,
    year: i64,
    /// `need`, `cv`, `fv`, `wv` as bits: the prices exactly.
    prices: [u64; 4],
}

fn prices(farm: &Farm<'_>) -> [u64; 4] {
    [farm.need, farm.cv, farm.fv, farm.wv].map(f64::to_bits)
}

impl Rest {
    fn of(farm: &Farm<'_>) -> Rest {
        Rest {
            coins: farm.coins,
            food: farm.food,
            food_cap: farm.food_cap,
            vp_tokens: farm.vp_tokens,
            aside: farm.aside.to_vec(),
            year: farm.year,
            prices: prices(farm),
        }
    }

    fn fit(&self, farm: &Farm<'_>) -> bool {
        self.coins == farm.coins
            && self.food == farm.food
            && self.food_cap == farm.food_cap
            && self.vp_tokens == farm.vp_tokens
            && self.year == farm.year
            && self.prices == prices(farm)
            && self.aside[..] == farm.aside[..]
    }
}

impl Facts {
    fn of(farm: &Farm<'_>) -> Facts {
        Facts {
            spots: farm
                .spots
                .iter()
                .map(|s| {
                    let (cell, card, up, tiles) = (s.cell, s.card, s.up, s.tiles.to_vec());
                    (cell, card, up, tiles, s.water, s.capacity, s.range)
                })
                .collect(),
            rest: Rest::of(farm),
        }
    }

    /// Whether `farm` has these cards (compared without copying them).
    fn cards_fit(&self, farm: &Farm<'_>) -> bool {
        self.spots.len() == farm.spots.len()
            && self.spots.iter().zip(&farm.spots).all(|(k, s)| {
                let (cell, card, up, tiles, water, capacity, range) = k;
                (*cell, *card, *up, *water, *capacity, *range)
                    == (s.cell, s.card, s.up, s.water, s.capacity, s.range)
                    && tiles[..] == s.tiles[..]
            })
    }
}

/// One seat's build prices, water reach and placement cells, valid for the farm facts they
/// were computed from (the reach and the cells for its cards alone).
#[derive(Debug, Clone, Default)]
pub struct Memo {
    facts: Option<Facts>,
    builds: FxHashMap<(Option<usize>, Cell), f64>,
    pub reach: Option<Reach>,
    pub placements: Option<Vec<Cell>>,
}

impl Memo {
    /// Make the memo this farm's: kept if the farm has the facts it was computed from, else
    /// emptied and given the farm's facts.
    pub fn adopt(&mut self, farm: &Farm<'_>) {
        match &mut self.facts {
            Some(facts) if facts.cards_fit(farm) => {
                if !facts.rest.fit(farm) {
                    self.builds.clear();
                    facts.rest = Rest::of(farm);
                }
            }
            _ => {
                self.builds.clear();
                self.reach = None;
                self.placements = None;
                self.facts = Some(Facts::of(farm));
            }
        }
    }

    /// Whether the memo holds `farm`'s prices now (the prices of the year, `need` included,
    /// may change within a decision: the final scoring's).
    pub fn holds(&self, farm: &Farm<'_>) -> bool {
        self.facts
            .as_ref()
            .is_some_and(|f| f.rest.prices == prices(farm))
    }

    pub fn get(&self, card: Option<usize>, cell: Cell) -> Option<f64> {
        self.builds.get(&(card, cell)).copied()
    }

    pub fn put(&mut self, card: Option<usize>, cell: Cell, worth: f64) {
        self.builds.insert((card, cell), worth);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use serde_json::{json, Value};

    use super::super::super::{game, Config, Zones};
    use super::super::view::Farm;
    use super::Memo;
    use crate::rng::Rng;

    fn zones() -> Zones {
        let text = include_str!("../../../tests/data/fields_of_green_original_cards.json");
        let cards: Value = serde_json::from_str(text).expect("card data");
        let options = json!({"ruleset": "published", "introductory": false, "cards": "original"});
        let cfg = Arc::new(Config::new(3, &options, &cards).expect("config"));
        game::new_state(cfg, Rng::new(5))
    }

    /// The memo keeps its prices only for the farm facts they were computed from: other
    /// coins forget the prices (not the reach), another tower's water forgets the reach too,
    /// and other prices of the year are not the memo's.
    #[test]
    fn memo_forgets_what_a_changed_farm_changes() {
        let mut z = zones();
        let cell = (9, 9);
        let mut memo = Memo::default();
        {
            let farm = Farm::new(&z, 0);
            memo.adopt(&farm);
            memo.put(Some(7), cell, 1.25);
            memo.reach = Some(farm.reach());
            memo.placements = Some(farm.placements());
            memo.adopt(&Farm::new(&z, 0)); // the same farm: all kept
            assert_eq!(memo.get(Some(7), cell), Some(1.25));
            let mut later = Farm::new(&z, 0);
            assert!(memo.holds(&later));
            later.final_prices();
            assert!(!memo.holds(&later), "the final scoring's prices");
        }
        z.coins[0] += 1;
        memo.adopt(&Farm::new(&z, 0));
        assert_eq!(memo.get(Some(7), cell), None, "other coins, other prices");
        assert!(
            memo.reach.is_some() && memo.placements.is_some(),
            "the same cards"
        );
        memo.put(Some(7), cell, 2.5);
        let tower = z.farms[0]
            .iter()
            .map(|&(_, c)| c)
            .find(|&c| z.is_tower(c))
            .expect("a starting tower");
        z.water[tower as usize] -= 1;
        memo.adopt(&Farm::new(&z, 0));
        assert_eq!(memo.get(Some(7), cell), None);
        assert!(
            memo.reach.is_none() && memo.placements.is_none(),
            "other water"
        );
    }
}
