//! The static tables of one game (`config.py`): options, and every card instance as a small
//! int: the location cards of the four piles first (type by type, design by design, copy by
//! copy), then the Water Towers, then the Silos (F-9); tiles index the equipment tiles the
//! same way (F-24). Option normalisation and card-file validation stay in Python: the core
//! reads the normalised options and the normalised card data.

use serde_json::Value;

use super::cards::{
    Ability, CardSet, Effect, EquipmentDesign, Reads, Timing, KIND_NAMES, SILO, TOWER, TYPES,
};

pub const TOWER_COST: i64 = 2; // F-23
pub const TOWER_START_WATER: i64 = 3; // F-36, F-52
pub const TOWER_CAPACITY: i64 = 3; // F-33
pub const SILO_CAPACITY: i64 = 4; // F-34
pub const TOWER_RANGE: i64 = 2; // F-32
pub const YEARS: i64 = 4; // F-38
pub const HAND_SIZE: i64 = 6; // F-42
/// F-8: the piles' names by rule set (published, prototype).
pub const PILE_NAMES: [[&str; 4]; 2] = [
    ["Fields", "Livestock", "Constructions", "Buildings"],
    ["Fields", "Livestock", "Facilities", "Buildings"],
];
/// F-44: year -> (fields, livestock, constructions, buildings), published then prototype.
pub const INTRO_SPLITS: [[[i64; 4]; 4]; 2] = [
    [[3, 2, 1, 0], [2, 2, 1, 1], [1, 2, 1, 2], [0, 2, 1, 3]],
    [[3, 2, 1, 0], [2, 2, 1, 1], [1, 2, 1, 2], [1, 1, 1, 3]],
];

/// One card instance's static facts (Water Towers and Silos have no design).
#[derive(Debug, Clone, PartialEq)]
pub struct CardInfo {
    pub kind: usize,
    /// The design id; "water_tower" / "silo" for those.
    pub design: String,
    /// The index of the design in the set's locations (None for towers and silos).
    pub design_index: Option<usize>,
    pub subtype: Option<String>,
    pub tags: Vec<String>,
    pub vp: i64,
    pub coins: i64,
    pub water: i64,
    pub food: i64,
    pub ability: Option<Ability>,
}

impl CardInfo {
    pub fn timing(&self) -> Option<Timing> {
        self.ability.as_ref().map(|a| a.timing)
    }

    /// F-65: what an equipment keyword may match: tags, subtype, timing.
    pub fn has_keyword(&self, keyword: &str) -> bool {
        self.tags.iter().any(|t| t == keyword)
            || self.subtype.as_deref() == Some(keyword)
            || self.timing().map(Timing::name) == Some(keyword)
    }
}

/// Everything fixed for one game (shared by every clone).
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub num_players: usize,
    pub published: bool,
    pub introductory: bool,
    /// The normalised options, as `normalize_options` returns them (same key order).
    pub options: Value,
    pub cards: Vec<CardInfo>,
    pub piles: [Vec<i32>; 4],
    pub towers: Vec<i32>,
    pub silos: Vec<i32>,
    /// Per tile: its design (an index of `designs`).
    pub tiles: Vec<usize>,
    pub designs: Vec<EquipmentDesign>,
    pub lists: Vec<Vec<Effect>>,
    /// Per effect list: what evaluating it reads of a farm (`Reads::of_list`).
    pub reads: Vec<Reads>,
}

impl Config {
    /// The configuration of `num_players` under the normalised `options`, with `card_data`
    /// the normalised card set (`CardSet.to_json()`) the `cards` option names.
    pub fn new(num_players: usize, options: &Value, card_data: &Value) -> Result<Config, String> {
        if !(2..=4).contains(&num_players) {
            return Err(format!(
                "Fields of Green takes 2-4 players, not {num_players} [F-2]"
            ));
        }
        let published = match options.get("ruleset").and_then(Value::as_str) {
            Some("published") | None => true,
            Some("prototype") => false,
            Some(other) => return Err(format!("unknown ruleset {other:?} [F-3]")),
        };
        let introductory = options
            .get("introductory")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        let set = CardSet::from_json(card_data)?;
        let mut cards = Vec::new();
        let mut piles: [Vec<i32>; 4] = Default::default();
        for (kind, pile) in piles.iter_mut().enumerate() {
            for (index, d) in set.locations.iter().enumerate() {
                if d.kind != kind {
                    continue;
                }
                for _ in 0..d.copies {
                    pile.push(cards.len() as i32);
                    cards.push(CardInfo {
                        kind,
                        design: d.id.clone(),
                        design_index: Some(index),
                        subtype: d.subtype.clone(),
                        tags: d.tags.clone(),
                        vp: d.vp,
                        coins: d.coins,
                        water: d.water,
                        food: d.food,
                        ability: d.ability.clone(),
                    });
                }
            }
        }
        let special = |kind: usize| CardInfo {
            kind,
            design: KIND_NAMES[kind].to_string(),
            design_index: None,
            subtype: None,
            tags: Vec::new(),
            vp: 0,
            coins: if kind == TOWER { TOWER_COST } else { 0 },
            water: 0,
            food: 0,
            ability: None,
        };
        let (n_towers, n_silos) = if published { (20, 14) } else { (18, 12) }; // F-9
        let towers: Vec<i32> = (0..n_towers).map(|k| (cards.len() + k) as i32).collect();
        cards.extend((0..n_towers).map(|_| special(TOWER)));
        let silos: Vec<i32> = (0..n_silos).map(|k| (cards.len() + k) as i32).collect();
        cards.extend((0..n_silos).map(|_| special(SILO)));
        let mut tiles = Vec::new();
        for (i, e) in set.equipment.iter().enumerate() {
            tiles.extend(std::iter::repeat_n(i, e.copies));
        }
        debug_assert!(TYPES.len() == 4);
        Ok(Config {
            num_players,
            published,
            introductory,
            options: options.clone(),
            cards,
            piles,
            towers,
            silos,
            tiles,
            designs: set.equipment,
            reads: (0..set.lists.len())
                .map(|l| Reads::of_list(&set.lists, l))
                .collect(),
            lists: set.lists,
        })
    }

    pub fn num_cards(&self) -> usize {
        self.cards.len()
    }

    /// F-69: the 2-player rules.
    pub fn duel(&self) -> bool {
        self.num_players == 2
    }

    pub fn ruleset(&self) -> &'static str {
        if self.published {
            "published"
        } else {
            "prototype"
        }
    }

    /// The design of tile `t`.
    pub fn tile(&self, t: i64) -> &EquipmentDesign {
        &self.designs[self.tiles[t as usize]]
    }
}
