//! The zones of a Fields of Green game (`state.py`, same names): piles and the equipment stack
//! with their top at the end, farms as cell -> card (kept sorted by cell), per-card facts
//! (Open Areas, water, equipment) indexed by card id, and the decision stack of int frames
//! (F-7). `to_json()` and `key()` are written as Python writes them.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::config::Config;
use super::farm::Geo;
use crate::rng::Rng;
use crate::shared::CopyOnWrite;

pub type Cell = (i64, i64);

// Phases (F-38, sections 7-13).
pub const UPKEEP: i64 = 0;
pub const DRAW: i64 = 1;
pub const COMMIT: i64 = 2;
pub const RESOLVE: i64 = 3;
pub const PICK: i64 = 4;
pub const HARVEST: i64 = 5;
pub const FINAL: i64 = 6;
pub const OVER: i64 = 7;
pub const PHASE_NAMES: [&str; 8] = [
    "upkeep", "draw", "commit", "resolve", "pick", "harvest", "final", "over",
];
/// No card.
pub const NONE: i32 = -1;

// Frames of the decision stack: [kind, player, ...] (state.py).
pub const F_EFFECTS: i64 = 0; // [F_EFFECTS, p, source card, list id, next index]
pub const F_GAIN: i64 = 1; // [F_GAIN, p, tiles still to gain]
pub const F_WATER: i64 = 2; // [F_WATER, p, amount]
pub const F_CHOOSE: i64 = 3; // [F_CHOOSE, p, source card, option list ids…]
pub const F_KEEP: i64 = 4; // [F_KEEP, p, drawn tiles…]
pub const F_PLACE: i64 = 5; // [F_PLACE, p, tile]
pub const F_ATTACH: i64 = 6; // [F_ATTACH, p, card]
pub const F_OPTIONAL: i64 = 7; // [F_OPTIONAL, p, source card, item]
pub const FRAME_NAMES: [&str; 8] = [
    "effects", "gain", "water", "choose", "keep", "place", "attach", "optional",
];

/// Every zone of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Zones {
    pub cfg: Arc<Config>,
    pub rng: Rng,
    pub year: i64,
    pub phase: i64,
    pub first: usize,
    pub pos: usize,
    pub turn: i64,
    pub piles: CopyOnWrite<[Vec<i32>; 4]>,
    pub towers: CopyOnWrite<Vec<i32>>,
    pub silos: CopyOnWrite<Vec<i32>>,
    pub tiles: CopyOnWrite<Vec<i32>>,
    pub discard: CopyOnWrite<Vec<i32>>,
    pub tile_discard: CopyOnWrite<Vec<i32>>,
    /// Per player: (cell, card), sorted by cell.
    pub farms: CopyOnWrite<Vec<Vec<(Cell, i32)>>>,
    /// Per card: (owner, cell) once on a farm.
    pub home: CopyOnWrite<Vec<Option<(usize, Cell)>>>,
    /// Per card: an Open Area (F-30).
    pub face_down: CopyOnWrite<Vec<bool>>,
    /// Per card: the water on a Water Tower on a farm, or -1 (not in Python's `water`).
    pub water: CopyOnWrite<Vec<i64>>,
    /// Per card: the tiles on it, in placing order.
    pub equip: CopyOnWrite<Vec<Vec<i32>>>,
    pub coins: Vec<i64>,
    pub food: Vec<i64>,
    pub vp: Vec<i64>,
    pub aside: CopyOnWrite<Vec<Vec<i32>>>,
    pub hands: Vec<Vec<i32>>,
    pub commits: Vec<i32>,
    pub revealed: Vec<i32>,
    pub splits: CopyOnWrite<Vec<Vec<i64>>>,
    pub display: CopyOnWrite<Vec<i32>>,
    pub shared: CopyOnWrite<Vec<i32>>,
    pub stack: Vec<Vec<i64>>,
    pub handled: CopyOnWrite<Vec<i64>>,
    pub paid_end: CopyOnWrite<Vec<i64>>,
    pub seen: CopyOnWrite<Vec<i64>>,
    pub tile_seen: CopyOnWrite<Vec<i64>>,
    /// The farms' tower reach kept between steps (a cache, not compared).
    pub geo: Geo,
}

/// Why a state could not be loaded: a missing key (Python's KeyError) or a bad value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    Missing(String),
    Bad(String),
}

impl Zones {
    /// Empty zones for `cfg` (setup fills them).
    pub fn empty(cfg: Arc<Config>, rng: Rng) -> Zones {
        let n = cfg.num_players;
        let nc = cfg.num_cards();
        let nt = cfg.tiles.len();
        Zones {
            rng,
            year: 1,
            phase: UPKEEP,
            first: 0,
            pos: 0,
            turn: 0,
            piles: CopyOnWrite::new(Default::default()),
            towers: CopyOnWrite::new(Vec::new()),
            silos: CopyOnWrite::new(Vec::new()),
            tiles: CopyOnWrite::new(Vec::new()),
            discard: CopyOnWrite::new(Vec::new()),
            tile_discard: CopyOnWrite::new(Vec::new()),
            farms: CopyOnWrite::new(vec![Vec::new(); n]),
            home: CopyOnWrite::new(vec![None; nc]),
            face_down: CopyOnWrite::new(vec![false; nc]),
            water: CopyOnWrite::new(vec![-1; nc]),
            equip: CopyOnWrite::new(vec![Vec::new(); nc]),
            coins: vec![0; n],
            food: vec![0; n],
            vp: vec![0; n],
            aside: CopyOnWrite::new(vec![Vec::new(); n]),
            hands: vec![Vec::new(); n],
            commits: vec![NONE; n],
            revealed: vec![NONE; n],
            splits: CopyOnWrite::new(vec![Vec::new(); n]),
            display: CopyOnWrite::new(Vec::new()),
            shared: CopyOnWrite::new(Vec::new()),
            stack: Vec::new(),
            handled: CopyOnWrite::new(Vec::new()),
            paid_end: CopyOnWrite::new(Vec::new()),
            seen: CopyOnWrite::new(vec![0; nc]),
            tile_seen: CopyOnWrite::new(vec![0; nt]),
            geo: Geo::default(),
            cfg,
        }
    }

    pub fn n(&self) -> usize {
        self.cfg.num_players
    }

    /// Turn order (F-6): the first player, then clockwise.
    pub fn order(&self) -> Vec<usize> {
        let n = self.n();
        (0..n).map(|k| (self.first + k) % n).collect()
    }

    /// The player of the current sequential step.
    pub fn actor(&self) -> usize {
        (self.first + self.pos) % self.n()
    }

    /// F-40: +1 in years 1 and 3, -1 in years 2 and 4.
    pub fn direction(&self) -> i64 {
        if self.year % 2 == 1 {
            1
        } else {
            -1
        }
    }

    /// The card on `cell` of p's farm.
    pub fn at(&self, p: usize, cell: Cell) -> Option<i32> {
        let farm = &self.farms[p];
        farm.binary_search_by(|(c, _)| c.cmp(&cell))
            .ok()
            .map(|i| farm[i].1)
    }

    pub fn cell_of(&self, card: i32) -> Cell {
        self.home[card as usize].map_or((0, 0), |h| h.1)
    }

    pub fn owner(&self, card: i32) -> Option<usize> {
        if card < 0 {
            return None;
        }
        self.home.get(card as usize).copied().flatten().map(|h| h.0)
    }

    pub fn is_tower(&self, card: i32) -> bool {
        self.water[card as usize] >= 0
    }

    /// p's farm cards (Open Areas included) in cell order.
    pub fn farm_cards(&self, p: usize) -> impl Iterator<Item = i32> + '_ {
        self.farms[p].iter().map(|&(_, c)| c)
    }

    /// p's Water Towers in cell order.
    pub fn tower_cards(&self, p: usize) -> Vec<i32> {
        self.farm_cards(p).filter(|&c| self.is_tower(c)).collect()
    }

    pub fn put_card(&mut self, p: usize, card: i32, cell: Cell) {
        let farm = &mut self.farms[p];
        match farm.binary_search_by(|(c, _)| c.cmp(&cell)) {
            Ok(i) => farm[i].1 = card,
            Err(i) => farm.insert(i, (cell, card)),
        }
        self.home[card as usize] = Some((p, cell));
    }

    /// The complete state, as `Zones.to_json()` gives it (key order included).
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("options".into(), self.cfg.options.clone());
        m.insert("num_players".into(), json!(self.n()));
        for (k, v) in self.entries() {
            m.insert(k.into(), v);
        }
        Value::Object(m)
    }

    /// Every entry of `to_json()` but the options and player count, in Python's order.
    fn entries(&self) -> Vec<(&'static str, Value)> {
        let farms: Vec<Value> = self
            .farms
            .iter()
            .map(|f| {
                Value::from(
                    f.iter()
                        .map(|&((x, y), c)| json!([x, y, c]))
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        let face_down: Vec<usize> = (0..self.face_down.len())
            .filter(|&c| self.face_down[c])
            .collect();
        let water: Vec<Value> = (0..self.water.len())
            .filter(|&c| self.water[c] >= 0)
            .map(|c| json!([c, self.water[c]]))
            .collect();
        let equip: Vec<Value> = (0..self.equip.len())
            .filter(|&c| !self.equip[c].is_empty())
            .map(|c| json!([c, self.equip[c]]))
            .collect();
        vec![
            ("rng", json!(self.rng.state_hex())),
            ("year", json!(self.year)),
            ("phase", json!(self.phase)),
            ("first", json!(self.first)),
            ("pos", json!(self.pos)),
            ("turn", json!(self.turn)),
            ("piles", json!(*self.piles)),
            ("towers", json!(*self.towers)),
            ("silos", json!(*self.silos)),
            ("tiles", json!(*self.tiles)),
            ("discard", json!(*self.discard)),
            ("tile_discard", json!(*self.tile_discard)),
            ("farms", Value::from(farms)),
            ("face_down", json!(face_down)),
            ("water", Value::from(water)),
            ("equip", Value::from(equip)),
            ("coins", json!(self.coins)),
            ("food", json!(self.food)),
            ("vp", json!(self.vp)),
            ("aside", json!(*self.aside)),
            ("hands", json!(self.hands)),
            ("commits", json!(self.commits)),
            ("revealed", json!(self.revealed)),
            ("splits", json!(*self.splits)),
            ("display", json!(*self.display)),
            ("shared", json!(*self.shared)),
            ("stack", json!(self.stack)),
            ("handled", json!(*self.handled)),
            ("paid_end", json!(*self.paid_end)),
            ("seen", json!(*self.seen)),
            ("tile_seen", json!(*self.tile_seen)),
        ]
    }

    /// `FieldsOfGreenState.key()`: `to_json()` without the options, keys sorted, compact.
    pub fn key(&self) -> String {
        let mut entries = self.entries();
        entries.push(("num_players", json!(self.n())));
        entries.sort_by(|a, b| a.0.cmp(b.0));
        let mut out = String::from("{");
        for (i, (k, v)) in entries.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push('"');
            out.push_str(k);
            out.push_str("\":");
            out.push_str(&v.to_string());
        }
        out.push('}');
        out
    }

    /// `Zones.load_json`: the zones of `to_json()` output, every id checked against `cfg`.
    pub fn from_json(obj: &Value, cfg: Arc<Config>) -> Result<Zones, LoadError> {
        let get = |key: &str| {
            obj.get(key)
                .ok_or_else(|| LoadError::Missing(key.to_string()))
        };
        let bad = |key: &str| LoadError::Bad(format!("state key {key}: a bad value"));
        let int =
            |key: &str| -> Result<i64, LoadError> { get(key)?.as_i64().ok_or_else(|| bad(key)) };
        let ints = |v: &Value, key: &str| -> Result<Vec<i64>, LoadError> {
            v.as_array()
                .ok_or_else(|| bad(key))?
                .iter()
                .map(|x| x.as_i64().ok_or_else(|| bad(key)))
                .collect()
        };
        let nc = cfg.num_cards() as i64;
        let nt = cfg.tiles.len() as i64;
        let n = cfg.num_players;
        let cards = |key: &str, v: &Value| -> Result<Vec<i32>, LoadError> {
            ints(v, key)?
                .into_iter()
                .map(|c| {
                    if (-1..nc).contains(&c) {
                        Ok(c as i32)
                    } else {
                        Err(bad(key))
                    }
                })
                .collect()
        };
        let tiles = |key: &str, v: &Value| -> Result<Vec<i32>, LoadError> {
            ints(v, key)?
                .into_iter()
                .map(|t| {
                    if (0..nt).contains(&t) {
                        Ok(t as i32)
                    } else {
                        Err(bad(key))
                    }
                })
                .collect()
        };
        let rows = |key: &str| -> Result<Vec<Value>, LoadError> {
            get(key)?.as_array().cloned().ok_or_else(|| bad(key))
        };
        let rng = get("rng")?.as_str().ok_or_else(|| bad("rng"))?;
        let rng = Rng::from_state_hex(rng).map_err(|_| bad("rng"))?;
        let mut z = Zones::empty(cfg.clone(), rng);
        z.year = int("year")?;
        z.phase = int("phase")?;
        if !(0..=OVER).contains(&z.phase) || !(1..=4).contains(&z.year) {
            return Err(bad("phase"));
        }
        z.first = int("first")? as usize;
        z.pos = int("pos")? as usize;
        if z.first >= n {
            return Err(bad("first"));
        }
        z.turn = int("turn")?;
        let piles = rows("piles")?;
        if piles.len() != 4 {
            return Err(bad("piles"));
        }
        for (k, p) in piles.iter().enumerate() {
            z.piles[k] = cards("piles", p)?;
        }
        *z.towers = cards("towers", get("towers")?)?;
        *z.silos = cards("silos", get("silos")?)?;
        *z.tiles = tiles("tiles", get("tiles")?)?;
        *z.discard = cards("discard", get("discard")?)?;
        *z.tile_discard = tiles("tile_discard", get("tile_discard")?)?;
        let per_player = |key: &str| -> Result<Vec<i64>, LoadError> {
            let v = ints(get(key)?, key)?;
            if v.len() == n {
                Ok(v)
            } else {
                Err(bad(key))
            }
        };
        z.coins = per_player("coins")?;
        z.food = per_player("food")?;
        z.vp = per_player("vp")?;
        let player_rows = |key: &str| -> Result<Vec<Value>, LoadError> {
            let r = rows(key)?;
            if r.len() == n {
                Ok(r)
            } else {
                Err(bad(key))
            }
        };
        *z.aside = player_rows("aside")?
            .iter()
            .map(|r| tiles("aside", r))
            .collect::<Result<_, _>>()?;
        z.hands = player_rows("hands")?
            .iter()
            .map(|r| cards("hands", r))
            .collect::<Result<_, _>>()?;
        z.commits = cards("commits", get("commits")?)?;
        z.revealed = cards("revealed", get("revealed")?)?;
        if z.commits.len() != n || z.revealed.len() != n {
            return Err(bad("commits"));
        }
        *z.splits = player_rows("splits")?
            .iter()
            .map(|r| ints(r, "splits"))
            .collect::<Result<_, _>>()?;
        *z.display = cards("display", get("display")?)?;
        *z.shared = cards("shared", get("shared")?)?;
        z.stack = rows("stack")?
            .iter()
            .map(|r| ints(r, "stack"))
            .collect::<Result<_, _>>()?;
        if z.stack
            .iter()
            .any(|f| f.len() < 2 || !(0..8).contains(&f[0]) || !(0..n as i64).contains(&f[1]))
        {
            return Err(bad("stack"));
        }
        *z.handled = ints(get("handled")?, "handled")?;
        *z.paid_end = ints(get("paid_end")?, "paid_end")?;
        *z.seen = ints(get("seen")?, "seen")?;
        *z.tile_seen = ints(get("tile_seen")?, "tile_seen")?;
        if z.seen.len() != nc as usize || z.tile_seen.len() != nt as usize {
            return Err(bad("seen"));
        }
        let farms = player_rows("farms")?;
        for (p, f) in farms.iter().enumerate() {
            for row in f.as_array().ok_or_else(|| bad("farms"))? {
                let v = ints(row, "farms")?;
                if v.len() != 3 || !(0..nc).contains(&v[2]) {
                    return Err(bad("farms"));
                }
                z.put_card(p, v[2] as i32, (v[0], v[1]));
            }
        }
        for c in ints(get("face_down")?, "face_down")? {
            if !(0..nc).contains(&c) {
                return Err(bad("face_down"));
            }
            z.face_down[c as usize] = true;
        }
        for row in rows("water")? {
            let v = ints(&row, "water")?;
            if v.len() != 2 || !(0..nc).contains(&v[0]) || v[1] < 0 {
                return Err(bad("water"));
            }
            z.water[v[0] as usize] = v[1];
        }
        for row in rows("equip")? {
            let r = row.as_array().ok_or_else(|| bad("equip"))?;
            if r.len() != 2 {
                return Err(bad("equip"));
            }
            let c = r[0]
                .as_i64()
                .filter(|c| (0..nc).contains(c))
                .ok_or_else(|| bad("equip"))?;
            z.equip[c as usize] = tiles("equip", &r[1])?;
        }
        Ok(z)
    }
}
