//! The zones of a Stalk Exchange game (S-8 … S-18), ported from `state.py`: count vectors
//! indexed by flower type (S-8: tokens of one type are interchangeable), the Garden as one
//! value per space (0 empty, `BULB + t` a bulb, `BLOOM + t` a bloom), the Exchange as one value
//! per slot (`NO_TOKEN` or the type). `to_json()` and `key()` are written as Python writes them.

use std::fmt::Write;
use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::config::{Config, NUM_TYPES};
use super::hexgrid::HexBoard;
use crate::rng::Rng;

pub const EMPTY: i64 = 0;
/// Garden value of a bulb of type t: `BULB + t`.
pub const BULB: i64 = 1;
/// Garden value of a bloom of type t: `BLOOM + t`.
pub const BLOOM: i64 = 6;
/// An empty Exchange slot.
pub const NO_TOKEN: i64 = -1;
/// S-35: the market meets the values.
pub const TRIGGER_MARKET: i64 = 1;
/// S-37: a refill could not fill every empty slot.
pub const TRIGGER_SUPPLY: i64 = 2;

/// Counts by flower type.
pub type Counts = [i64; NUM_TYPES];

/// The type of a Garden value (a bulb or a bloom).
pub fn flower_at(value: i64) -> usize {
    (if value >= BLOOM {
        value - BLOOM
    } else {
        value - BULB
    }) as usize
}

/// Every zone and counter of one game (`Zones` of `state.py`, same names).
#[derive(Debug, Clone, PartialEq)]
pub struct Zones {
    pub cfg: Arc<Config>,
    pub board: Arc<HexBoard>,
    pub rng: Rng,
    /// S-9: counts by type (hidden but for its total).
    pub greenhouse: Counts,
    pub greenhouse_size: i64,
    /// S-10: counts by type (public).
    pub compost: Counts,
    /// Per space in canonical order.
    pub garden: Vec<i64>,
    /// Empty spaces, ascending.
    pub empty: Vec<usize>,
    /// Per slot, `NO_TOKEN` or a type.
    pub exchange: Vec<i64>,
    /// S-15: stalk value per type.
    pub values: Counts,
    /// S-15: harvested types in the order laid.
    pub track: Vec<usize>,
    /// S-16: per player, counts by type.
    pub portfolios: Vec<Counts>,
    /// S-17: unspent Seedy Business tokens per player.
    pub seedy: Vec<i64>,
    pub spent: Vec<i64>,
    /// Per player, tokens by type they must hold from public swaps (S-48).
    pub shown: Vec<Counts>,
    pub active: usize,
    pub basic_taken: i64,
    /// Spaces planted this turn.
    pub planted: Vec<usize>,
    /// Turns completed.
    pub turns: i64,
    /// Bit set of `TRIGGER_*` that occurred.
    pub crash: i64,
    /// The turn (0-based) in which the first trigger occurred, or -1.
    pub crash_turn: i64,
    pub over: bool,
}

/// Why a state could not be loaded: a missing key (Python's KeyError) or a bad value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    Missing(String),
    Bad(String),
}

/// `[a, b, c]` as Python prints a list of ints.
fn py_list<T: std::fmt::Display>(items: &[T]) -> String {
    let mut out = String::from("[");
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{v}");
    }
    out.push(']');
    out
}

fn py_lists(rows: &[Counts]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| py_list(r)).collect();
    format!("[{}]", rows.join(", "))
}

impl Zones {
    /// `init_empty`: the zones before setup (S-19 step 1 puts every token in the Greenhouse).
    pub fn init_empty(cfg: Arc<Config>, rng: Rng) -> Zones {
        let n = cfg.num_players;
        let board = cfg.board.clone();
        let spaces = board.len();
        Zones {
            greenhouse: [cfg.tokens_per_type; NUM_TYPES],
            greenhouse_size: cfg.total_tokens(),
            compost: [0; NUM_TYPES],
            garden: vec![EMPTY; spaces],
            empty: (0..spaces).collect(),
            exchange: vec![NO_TOKEN; cfg.exchange_slots],
            values: [0; NUM_TYPES],
            track: Vec::new(),
            portfolios: vec![[0; NUM_TYPES]; n],
            seedy: vec![cfg.seedy_tokens; n],
            spent: vec![0; n],
            shown: vec![[0; NUM_TYPES]; n],
            active: 0,
            basic_taken: 0,
            planted: Vec::new(),
            turns: 0,
            crash: 0,
            crash_turn: -1,
            over: false,
            cfg,
            board,
            rng,
        }
    }

    pub fn num_players(&self) -> usize {
        self.cfg.num_players
    }

    /// Tokens by type over every zone (S-18); equals `tokens_per_type` each.
    pub fn token_total(&self) -> Counts {
        let mut total: Counts = std::array::from_fn(|t| self.greenhouse[t] + self.compost[t]);
        for &v in self.garden.iter().filter(|&&v| v != EMPTY) {
            total[flower_at(v)] += 1;
        }
        for &t in self.exchange.iter().filter(|&&t| t != NO_TOKEN) {
            total[t as usize] += 1;
        }
        for p in &self.portfolios {
            for (sum, k) in total.iter_mut().zip(p) {
                *sum += k;
            }
        }
        for &t in &self.track {
            total[t] += 1;
        }
        total
    }

    /// The complete state, hidden parts and generator included (`Zones.to_json`, same keys in
    /// the same order).
    pub fn to_json(&self) -> Value {
        json!({
            "num_players": self.cfg.num_players,
            "options": self.cfg.options,
            "rng": self.rng.state_hex(),
            "over": self.over,
            "greenhouse": self.greenhouse,
            "compost": self.compost,
            "garden": self.garden,
            "empty": self.empty,
            "exchange": self.exchange,
            "values": self.values,
            "track": self.track,
            "portfolios": self.portfolios,
            "seedy": self.seedy,
            "spent": self.spent,
            "shown": self.shown,
            "planted": self.planted,
            "greenhouse_size": self.greenhouse_size,
            "active": self.active,
            "basic_taken": self.basic_taken,
            "turns": self.turns,
            "crash": self.crash,
            "crash_turn": self.crash_turn,
        })
    }

    /// `Zones.key()`: the canonical text of the whole state, character for character.
    pub fn key(&self) -> String {
        let over = if self.over { "True" } else { "False" };
        format!(
            "rng={};over={over};greenhouse={};compost={};garden={};empty={};exchange={};\
             values={};track={};portfolios={};seedy={};spent={};shown={};planted={};\
             greenhouse_size={};active={};basic_taken={};turns={};crash={};crash_turn={}",
            self.rng.state_hex(),
            py_list(&self.greenhouse),
            py_list(&self.compost),
            py_list(&self.garden),
            py_list(&self.empty),
            py_list(&self.exchange),
            py_list(&self.values),
            py_list(&self.track),
            py_lists(&self.portfolios),
            py_list(&self.seedy),
            py_list(&self.spent),
            py_lists(&self.shown),
            py_list(&self.planted),
            self.greenhouse_size,
            self.active,
            self.basic_taken,
            self.turns,
            self.crash,
            self.crash_turn,
        )
    }

    /// The bytes this state holds (its own size and its zones' heap; the configuration and
    /// the board are shared by clones and not counted).
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<Zones>()
            + 8 * (self.garden.capacity()
                + self.empty.capacity()
                + self.exchange.capacity()
                + self.track.capacity()
                + self.seedy.capacity()
                + self.spent.capacity()
                + self.planted.capacity())
            + 40 * (self.portfolios.capacity() + self.shown.capacity())
    }
}

// ------------------------------------------------------------------ loading

/// Reads a `to_json()` object in Python's reading order (`Zones.load_json`), checking every
/// value the native state relies on (Python stores them unchecked).
struct Loader<'a> {
    map: &'a Map<String, Value>,
}

fn bad<T>(key: &str, what: &str, v: &Value) -> Result<T, LoadError> {
    Err(LoadError::Bad(format!("state key {key}: {what}, not {v}")))
}

impl Loader<'_> {
    fn get(&self, key: &str) -> Result<&Value, LoadError> {
        self.map
            .get(key)
            .ok_or_else(|| LoadError::Missing(key.to_string()))
    }

    fn int(&self, key: &str, least: i64, most: i64) -> Result<i64, LoadError> {
        let v = self.get(key)?;
        match v.as_i64() {
            Some(i) if (least..=most).contains(&i) => Ok(i),
            _ => bad(key, &format!("an integer from {least} to {most}"), v),
        }
    }

    fn ints(
        &self,
        key: &str,
        len: Option<usize>,
        least: i64,
        most: i64,
    ) -> Result<Vec<i64>, LoadError> {
        let v = self.get(key)?;
        let what = format!("a list of integers from {least} to {most}");
        let Some(items) = v.as_array() else {
            return bad(key, &what, v);
        };
        if len.is_some_and(|n| n != items.len()) {
            return bad(key, &format!("a list of {} entries", len.unwrap_or(0)), v);
        }
        items
            .iter()
            .map(|x| match x.as_i64() {
                Some(i) if (least..=most).contains(&i) => Ok(i),
                _ => bad(key, &what, v),
            })
            .collect()
    }

    fn counts(&self, key: &str, most: i64) -> Result<Counts, LoadError> {
        let v = self.ints(key, Some(NUM_TYPES), 0, most)?;
        Ok([v[0], v[1], v[2], v[3], v[4]])
    }

    fn table(&self, key: &str, n: usize, most: i64) -> Result<Vec<Counts>, LoadError> {
        let v = self.get(key)?;
        let Some(rows) = v.as_array().filter(|r| r.len() == n) else {
            return bad(key, &format!("a list of {n} count lists"), v);
        };
        rows.iter()
            .map(|row| {
                let sub = Map::from_iter([(key.to_string(), row.clone())]);
                Loader { map: &sub }.counts(key, most)
            })
            .collect()
    }
}

impl Zones {
    /// `Zones.load_json` for a configuration already made from the object's options.
    pub fn from_json(obj: &Value, cfg: Arc<Config>) -> Result<Zones, LoadError> {
        let Some(map) = obj.as_object() else {
            return Err(LoadError::Bad(format!(
                "a state must be an object, not {obj}"
            )));
        };
        let l = Loader { map };
        let rng_v = l.get("rng")?;
        // the generator's state as Python writes it, f"{state:#x}" (Rng.from_state)
        let Some(rng) = rng_v.as_str().and_then(|t| Rng::from_state_hex(t).ok()) else {
            return bad("rng", "a generator state in hex", rng_v);
        };
        let mut z = Zones::init_empty(cfg.clone(), rng);
        let over_v = l.get("over")?;
        z.over = match over_v {
            Value::Bool(b) => *b,
            _ => return bad("over", "true or false", over_v),
        };
        let (n, spaces, tokens) = (cfg.num_players, z.board.len(), cfg.total_tokens());
        let types = NUM_TYPES as i64 - 1;
        z.greenhouse = l.counts("greenhouse", tokens)?;
        z.compost = l.counts("compost", tokens)?;
        z.garden = l.ints("garden", Some(spaces), EMPTY, BLOOM + types)?;
        z.empty = to_usize(l.ints("empty", None, 0, spaces as i64 - 1)?);
        z.exchange = l.ints("exchange", Some(cfg.exchange_slots), NO_TOKEN, types)?;
        z.values = l.counts("values", tokens)?;
        z.track = to_usize(l.ints("track", None, 0, types)?);
        z.portfolios = l.table("portfolios", n, tokens)?;
        z.seedy = l.ints("seedy", Some(n), 0, i64::MAX)?;
        z.spent = l.ints("spent", Some(n), 0, i64::MAX)?;
        z.shown = l.table("shown", n, tokens)?;
        z.planted = to_usize(l.ints("planted", None, 0, spaces as i64 - 1)?);
        z.greenhouse_size = l.int("greenhouse_size", 0, tokens)?;
        z.active = l.int("active", 0, n as i64 - 1)? as usize;
        z.basic_taken = l.int("basic_taken", 0, i64::MAX)?;
        z.turns = l.int("turns", 0, i64::MAX)?;
        z.crash = l.int("crash", 0, 3)?;
        z.crash_turn = l.int("crash_turn", -1, i64::MAX)?;
        if z.greenhouse_size != z.greenhouse.iter().sum::<i64>() {
            return Err(LoadError::Bad(
                "state key greenhouse_size: the sum of greenhouse".to_string(),
            ));
        }
        Ok(z)
    }
}

fn to_usize(v: Vec<i64>) -> Vec<usize> {
    v.into_iter().map(|i| i as usize).collect()
}
