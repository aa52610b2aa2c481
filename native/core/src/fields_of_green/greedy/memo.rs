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
