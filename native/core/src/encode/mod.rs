//! Observations and legal-action masks written straight into flat buffers (issue 34 item 1).
//!
//! The Python encodings (`obs_encoding.py`, `encoding.py` of each game) are the reference:
//! each game's file here ports its `write` line by line over the observation the core's
//! `observe` builds (the same JSON Python's `observe(p)` gives), and its action encoding over
//! the native menu, so the two are equal element for element (tests/adapters/
//! test_native_encoding.py). What the reference computes from the options (the field layout
//! and bounds, the variety and design tables, the offer sides' ranks) is handed over by the
//! Python side once, as a JSON spec ([`Layout::from_json`]): nothing is derived twice.
//!
//! An encoder of actions is an [`ActionIndex`]: the legal indices of a seat and the action of
//! an index. Bohnanza's compact space (`compact.rs`) reads the same menu but keeps a draft
//! between integers, so it is a [`compact::Moment`] per decision rather than this trait.

pub mod bohnanza;
pub mod compact;
pub mod factored;
pub mod fields_of_green;
pub mod fields_of_green_actions;
pub mod stalk_exchange;

use rustc_hash::FxHashMap;
use serde_json::Value;

use crate::interface::NativeGame;

/// One field of the vector: where it starts, how many values, its bounds.
#[derive(Debug, Clone)]
pub struct Place {
    pub start: usize,
    pub width: usize,
    pub low: f64,
    pub highs: Vec<f64>,
}

/// The fields of one game's observation vector, in order (`ObservationEncoder.places`).
#[derive(Debug, Clone, Default)]
pub struct Layout {
    pub size: usize,
    pub places: Vec<Place>,
    names: FxHashMap<String, usize>,
}

impl Layout {
    /// From `[[name, start, width, low, [high, ...]], ...]` (the Python encoder's places).
    pub fn from_json(fields: &Value) -> Result<Layout, String> {
        let mut layout = Layout::default();
        for (i, row) in array(fields, "fields")?.iter().enumerate() {
            let row = array(row, "field")?;
            let [name, start, width, low, highs] = row.as_slice() else {
                return Err("a field is [name, start, width, low, highs]".into());
            };
            let place = Place {
                start: usize_of(start)?,
                width: usize_of(width)?,
                low: low.as_f64().ok_or("a field's low is a number")?,
                highs: array(highs, "highs")?
                    .iter()
                    .map(|h| h.as_f64().ok_or("a field's highs are numbers"))
                    .collect::<Result<_, _>>()?,
            };
            if place.highs.len() != place.width {
                return Err("a field has one high per value".into());
            }
            layout.size = layout.size.max(place.start + place.width);
            layout.names.insert(str_of(name)?.to_owned(), i);
            layout.places.push(place);
        }
        Ok(layout)
    }

    /// The number of the field called `name`.
    pub fn field(&self, name: &str) -> Result<usize, String> {
        self.names
            .get(name)
            .copied()
            .ok_or_else(|| format!("the layout has no field {name:?}"))
    }
}

/// Fills one observation's values, field by field, as `engine.observation.Writer` does: a
/// value is clipped to its field's bounds, an index past the field's end is dropped.
pub struct Writer<'a> {
    places: &'a [Place],
    pub values: &'a mut [f32],
}

impl<'a> Writer<'a> {
    /// A writer over `values` (zeroed here: `values.len()` is the layout's size).
    pub fn new(layout: &'a Layout, values: &'a mut [f32]) -> Writer<'a> {
        values.iter_mut().for_each(|v| *v = 0.0);
        Writer {
            places: &layout.places,
            values,
        }
    }

    fn clip(place: &Place, index: usize, v: f64) -> f32 {
        let high = place.highs[index];
        (if v < place.low {
            place.low
        } else if v > high {
            high
        } else {
            v
        }) as f32
    }

    /// Value `index` of field `f`.
    pub fn put(&mut self, f: usize, index: i64, value: f64) {
        let place = &self.places[f];
        if let Ok(i) = usize::try_from(index) {
            if i < place.width {
                self.values[place.start + i] = Self::clip(place, i, value);
            }
        }
    }

    /// Adds `value` to value `index` of field `f` (a count).
    pub fn add(&mut self, f: usize, index: i64, value: f64) {
        let place = &self.places[f];
        if let Ok(i) = usize::try_from(index) {
            if i < place.width {
                let v = f64::from(self.values[place.start + i]) + value;
                self.values[place.start + i] = Self::clip(place, i, v);
            }
        }
    }

    /// Writes `values` from `offset` on.
    pub fn fill(&mut self, f: usize, values: &[f64], offset: i64) {
        for (i, &v) in values.iter().enumerate() {
            self.put(f, offset + i as i64, v);
        }
    }
}

/// A game's observation encoder: what `viewer` (a seat) may know, as the vector.
pub trait ObservationIndex<G: NativeGame>: Send + Sync {
    fn layout(&self) -> &Layout;
    /// Write `viewer`'s observation of `state` into `out` (the layout's size).
    fn write(&self, state: &G, viewer: usize, out: &mut [f32]) -> Result<(), String>;
}

/// A game's action encoding: the integers of a seat's menu and the action of an integer.
pub trait ActionIndex<G: NativeGame>: Send + Sync {
    /// The size of the action range.
    fn size(&self) -> usize;
    /// The integers of `player`'s menu (appended to `out`, unsorted); Err when an action of
    /// the menu has no integer (beyond the bounds the encoding was made for).
    fn legal(&self, state: &G, player: usize, out: &mut Vec<usize>) -> Result<(), String>;
    /// The action of `index` for `player` now; None when it names nothing now.
    fn decode(&self, state: &G, player: usize, index: usize) -> Option<G::Action>;
}

// ---------------------------------------------------------------------- reading the spec

pub fn array<'v>(v: &'v Value, what: &str) -> Result<&'v Vec<Value>, String> {
    v.as_array().ok_or_else(|| format!("{what} must be a list"))
}

pub fn str_of(v: &Value) -> Result<&str, String> {
    v.as_str().ok_or_else(|| format!("{v} is not a string"))
}

pub fn usize_of(v: &Value) -> Result<usize, String> {
    v.as_u64()
        .map(|x| x as usize)
        .ok_or_else(|| format!("{v} is not a non-negative integer"))
}

pub fn key<'v>(v: &'v Value, name: &str) -> Result<&'v Value, String> {
    v.get(name)
        .ok_or_else(|| format!("the spec has no {name:?}"))
}

/// A list of names as name -> place.
pub fn names(v: &Value, what: &str) -> Result<FxHashMap<String, usize>, String> {
    array(v, what)?
        .iter()
        .enumerate()
        .map(|(i, x)| Ok((str_of(x)?.to_owned(), i)))
        .collect()
}

/// A list of non-negative integers.
pub fn usizes(v: &Value, what: &str) -> Result<Vec<usize>, String> {
    array(v, what)?.iter().map(usize_of).collect()
}

// ---------------------------------------------------------------------- reading observations

/// A number of an observation as Python's `float()` reads it (a bool is 0 or 1, null 0).
pub fn num(v: &Value) -> f64 {
    match v {
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Number(n) => n.as_f64().unwrap_or(0.0),
        _ => 0.0,
    }
}

/// `v[name]` as a number (0 when missing).
pub fn num_at(v: &Value, name: &str) -> f64 {
    v.get(name).map_or(0.0, num)
}

/// The items of a list (none when `v` is not one).
pub fn items(v: &Value) -> &[Value] {
    v.as_array().map_or(&[], Vec::as_slice)
}

/// A seat's place relative to `viewer` (the viewer first, then clockwise).
pub fn relative(seat: &Value, viewer: usize, n: usize) -> i64 {
    let seat = seat.as_u64().unwrap_or(0) as usize;
    ((seat + n - viewer % n) % n) as i64
}

/// The place of a name in a table, or -1 (dropped by the writer).
pub fn place_of(table: &FxHashMap<String, usize>, v: &Value) -> i64 {
    v.as_str()
        .and_then(|s| table.get(s))
        .map_or(-1, |&i| i as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writer_clips_to_each_bound_and_drops_past_the_end() {
        let spec = serde_json::json!([
            ["score", 0, 1, 0.0, [10.0]],
            ["phase", 1, 3, 0.0, [1.0, 1.0, 2.0]]
        ]);
        let layout = Layout::from_json(&spec).unwrap();
        let (score, phase) = (
            layout.field("score").unwrap(),
            layout.field("phase").unwrap(),
        );
        let mut values = vec![9.0; layout.size];
        let mut out = Writer::new(&layout, &mut values);
        out.put(score, 0, 12.0);
        out.put(phase, 3, 1.0);
        out.put(phase, -1, 1.0);
        out.add(phase, 2, 1.5);
        out.add(phase, 2, 1.5);
        assert_eq!(values, vec![10.0, 0.0, 0.0, 2.0]);
        assert!(layout.field("missing").is_err());
    }
}
