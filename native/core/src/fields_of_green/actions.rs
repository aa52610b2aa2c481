//! Fields of Green actions (`actions.py`): the same kinds and fields, their JSON form and
//! compact text form (`str(action)`, which every refusal message starts with). Actions come
//! in as well-formed JSON written by the Python codec; anything else is refused as malformed
//! and the Python wrapper lets the Python codec and rules answer.

use std::fmt;

use serde_json::{json, Map, Value};

use super::resources::Water;
use super::state::Cell;

/// No tile: a card's own harvest or game-end ability.
pub const NO_TILE: i64 = -1;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    PlaceWater(Water),
    DrawSplit([i64; 4]),
    Commit(i64),
    Build(i64, Cell, Water),
    Tower(i64, Cell),
    Silo(i64, Cell),
    Market(i64, i64),
    Restore(i64, Cell),
    Attach(i64),
    SkipAttach,
    Keep(i64),
    Place(Cell),
    SetAside,
    Choose(i64),
    Pay(Water),
    Skip,
    PayHarvest(i64, i64, Water),
    Decline(i64, i64),
    EndHarvest,
    PayEnd(i64, i64, Water),
    EndScoring,
}

/// A canonical water split from (cell, amount) parts: summed per cell, sorted, zeros dropped.
pub fn make_water(parts: &[(Cell, i64)]) -> Water {
    let mut total: Vec<(Cell, i64)> = Vec::new();
    for &(cell, n) in parts {
        match total.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, t)) => *t += n,
            None => total.push((cell, n)),
        }
    }
    total.sort_unstable();
    total
        .into_iter()
        .filter(|&(_, n)| n != 0)
        .map(|((x, y), n)| (x, y, n))
        .collect()
}

fn water_text(w: &Water) -> String {
    if w.is_empty() {
        return "-".to_string();
    }
    w.iter()
        .map(|(x, y, n)| format!("{x},{y}:{n}"))
        .collect::<Vec<_>>()
        .join("+")
}

fn water_json(w: &Water) -> Value {
    let mut m = Map::new();
    for (x, y, n) in w {
        m.insert(format!("{x},{y}"), json!(n));
    }
    Value::Object(m)
}

fn item_text(card: i64, tile: i64) -> String {
    if tile == NO_TILE {
        card.to_string()
    } else {
        format!("{card}/{tile}")
    }
}

fn tile_json(tile: i64) -> Value {
    if tile == NO_TILE {
        Value::Null
    } else {
        json!(tile)
    }
}

impl Action {
    pub fn kind(&self) -> &'static str {
        match self {
            Action::PlaceWater(_) => "place-water",
            Action::DrawSplit(_) => "draw-split",
            Action::Commit(_) => "commit",
            Action::Build(..) => "build",
            Action::Tower(..) => "build-tower",
            Action::Silo(..) => "build-silo",
            Action::Market(..) => "market",
            Action::Restore(..) => "restore",
            Action::Attach(_) => "attach",
            Action::SkipAttach => "skip-attach",
            Action::Keep(_) => "keep",
            Action::Place(_) => "place",
            Action::SetAside => "set-aside",
            Action::Choose(_) => "choose",
            Action::Pay(_) => "pay",
            Action::Skip => "skip",
            Action::PayHarvest(..) => "pay-harvest",
            Action::Decline(..) => "decline",
            Action::EndHarvest => "end-harvest",
            Action::PayEnd(..) => "pay-end",
            Action::EndScoring => "end-scoring",
        }
    }

    /// The JSON form (`action.to_json()`), keys in the dataclass's field order.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), json!(self.kind()));
        let mut put = |k: &str, v: Value| {
            m.insert(k.into(), v);
        };
        match self {
            Action::PlaceWater(w) | Action::Pay(w) => put("water", water_json(w)),
            Action::DrawSplit(s) => {
                for (name, k) in ["field", "livestock", "construction", "building"]
                    .iter()
                    .zip(s)
                {
                    put(name, json!(k));
                }
            }
            Action::Commit(c) => put("card", json!(c)),
            Action::Build(c, cell, w) => {
                put("card", json!(c));
                put("cell", json!([cell.0, cell.1]));
                put("water", water_json(w));
            }
            Action::Tower(c, cell) | Action::Silo(c, cell) | Action::Restore(c, cell) => {
                put("card", json!(c));
                put("cell", json!([cell.0, cell.1]));
            }
            Action::Market(c, f) => {
                put("card", json!(c));
                put("food", json!(f));
            }
            Action::Attach(t) | Action::Keep(t) => put("tile", json!(t)),
            Action::Place(cell) => put("cell", json!([cell.0, cell.1])),
            Action::Choose(i) => put("index", json!(i)),
            Action::PayHarvest(c, t, w) | Action::PayEnd(c, t, w) => {
                put("card", json!(c));
                put("tile", tile_json(*t));
                put("water", water_json(w));
            }
            Action::Decline(c, t) => {
                put("card", json!(c));
                put("tile", tile_json(*t));
            }
            Action::SkipAttach
            | Action::SetAside
            | Action::Skip
            | Action::EndHarvest
            | Action::EndScoring => {}
        }
        Value::Object(m)
    }

    /// `to_json().to_string()`, character for character, written directly (menus hand out
    /// many items through the State API).
    pub fn to_json_text(&self) -> String {
        use std::fmt::Write;
        let mut s = String::with_capacity(64);
        let _ = write!(s, "{{\"type\":\"{}\"", self.kind());
        let card = |s: &mut String, c: i64| {
            let _ = write!(s, ",\"card\":{c}");
        };
        let cell = |s: &mut String, (x, y): (i64, i64)| {
            let _ = write!(s, ",\"cell\":[{x},{y}]");
        };
        let water = |s: &mut String, w: &Water| {
            s.push_str(",\"water\":{");
            for (i, (x, y, n)) in w.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                let _ = write!(s, "\"{x},{y}\":{n}");
            }
            s.push('}');
        };
        let tile = |s: &mut String, t: i64| {
            if t == NO_TILE {
                s.push_str(",\"tile\":null");
            } else {
                let _ = write!(s, ",\"tile\":{t}");
            }
        };
        match self {
            Action::PlaceWater(w) | Action::Pay(w) => water(&mut s, w),
            Action::DrawSplit(split) => {
                for (name, k) in ["field", "livestock", "construction", "building"]
                    .iter()
                    .zip(split)
                {
                    let _ = write!(s, ",\"{name}\":{k}");
                }
            }
            Action::Commit(c) => card(&mut s, *c),
            Action::Build(c, at, w) => {
                card(&mut s, *c);
                cell(&mut s, *at);
                water(&mut s, w);
            }
            Action::Tower(c, at) | Action::Silo(c, at) | Action::Restore(c, at) => {
                card(&mut s, *c);
                cell(&mut s, *at);
            }
            Action::Market(c, f) => {
                card(&mut s, *c);
                let _ = write!(s, ",\"food\":{f}");
            }
            Action::Attach(t) | Action::Keep(t) => {
                let _ = write!(s, ",\"tile\":{t}");
            }
            Action::Place(at) => cell(&mut s, *at),
            Action::Choose(i) => {
                let _ = write!(s, ",\"index\":{i}");
            }
            Action::PayHarvest(c, t, w) | Action::PayEnd(c, t, w) => {
                card(&mut s, *c);
                tile(&mut s, *t);
                water(&mut s, w);
            }
            Action::Decline(c, t) => {
                card(&mut s, *c);
                tile(&mut s, *t);
            }
            Action::SkipAttach
            | Action::SetAside
            | Action::Skip
            | Action::EndHarvest
            | Action::EndScoring => {}
        }
        s.push('}');
        s
    }

    /// The action of well-formed JSON; Err for anything else.
    pub fn from_json(v: &Value) -> Result<Action, String> {
        let kind = v
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("an action needs a string 'type', got {v}"))?;
        let int = |key: &str| -> Result<i64, String> {
            v.get(key)
                .and_then(Value::as_i64)
                .ok_or_else(|| format!("'{key}' must be an integer"))
        };
        let cell = |key: &str| -> Result<Cell, String> {
            match v.get(key).and_then(Value::as_array).map(Vec::as_slice) {
                Some([x, y]) => match (x.as_i64(), y.as_i64()) {
                    (Some(x), Some(y)) => Ok((x, y)),
                    _ => Err(format!("'{key}' must be [x, y]")),
                },
                _ => Err(format!("'{key}' must be [x, y]")),
            }
        };
        let water = || -> Result<Water, String> {
            let Some(w) = v.get("water") else {
                return Ok(Vec::new());
            };
            if w.is_null() {
                return Ok(Vec::new());
            }
            let m = w.as_object().ok_or("'water' must be an object")?;
            let mut parts = Vec::new();
            for (k, n) in m {
                let (x, y) = k.split_once(',').ok_or("a tower cell must be x,y")?;
                let x: i64 = x.parse().map_err(|_| "a tower cell must be x,y")?;
                let y: i64 = y.parse().map_err(|_| "a tower cell must be x,y")?;
                let n = n.as_i64().ok_or("a water amount must be an integer")?;
                if n < 0 {
                    return Err("water amounts must be >= 0".to_string());
                }
                parts.push(((x, y), n));
            }
            Ok(make_water(&parts))
        };
        let tile = || -> Result<i64, String> {
            match v.get("tile") {
                None | Some(Value::Null) => Ok(NO_TILE),
                Some(t) => t
                    .as_i64()
                    .ok_or_else(|| "'tile' must be an integer".to_string()),
            }
        };
        Ok(match kind {
            "place-water" => Action::PlaceWater(water()?),
            "draw-split" => Action::DrawSplit([
                int("field")?,
                int("livestock")?,
                int("construction")?,
                int("building")?,
            ]),
            "commit" => Action::Commit(int("card")?),
            "build" => Action::Build(int("card")?, cell("cell")?, water()?),
            "build-tower" => Action::Tower(int("card")?, cell("cell")?),
            "build-silo" => Action::Silo(int("card")?, cell("cell")?),
            "market" => Action::Market(int("card")?, int("food")?),
            "restore" => Action::Restore(int("card")?, cell("cell")?),
            "attach" => Action::Attach(int("tile")?),
            "skip-attach" => Action::SkipAttach,
            "keep" => Action::Keep(int("tile")?),
            "place" => Action::Place(cell("cell")?),
            "set-aside" => Action::SetAside,
            "choose" => Action::Choose(int("index")?),
            "pay" => Action::Pay(water()?),
            "skip" => Action::Skip,
            "pay-harvest" => Action::PayHarvest(int("card")?, tile()?, water()?),
            "decline" => Action::Decline(int("card")?, tile()?),
            "end-harvest" => Action::EndHarvest,
            "pay-end" => Action::PayEnd(int("card")?, tile()?, water()?),
            "end-scoring" => Action::EndScoring,
            other => return Err(format!("unknown action type {other:?}")),
        })
    }
}

impl fmt::Display for Action {
    /// The compact text form, as `str(action)` writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opt = |w: &Water| {
            if w.is_empty() {
                String::new()
            } else {
                format!(" {}", water_text(w))
            }
        };
        match self {
            Action::PlaceWater(w) => write!(f, "water {}", water_text(w)),
            Action::DrawSplit([a, b, c, d]) => write!(f, "split {a} {b} {c} {d}"),
            Action::Commit(c) => write!(f, "commit {c}"),
            Action::Build(c, (x, y), w) => write!(f, "build {c} {x},{y}{}", opt(w)),
            Action::Tower(c, (x, y)) => write!(f, "tower {c} {x},{y}"),
            Action::Silo(c, (x, y)) => write!(f, "silo {c} {x},{y}"),
            Action::Market(c, food) => write!(f, "market {c} {food}"),
            Action::Restore(c, (x, y)) => write!(f, "restore {c} {x},{y}"),
            Action::Attach(t) => write!(f, "attach {t}"),
            Action::Keep(t) => write!(f, "keep {t}"),
            Action::Place((x, y)) => write!(f, "place {x},{y}"),
            Action::Choose(i) => write!(f, "choose {i}"),
            Action::Pay(w) => write!(f, "pay{}", opt(w)),
            Action::PayHarvest(c, t, w) => write!(f, "pay-harvest {}{}", item_text(*c, *t), opt(w)),
            Action::Decline(c, t) => write!(f, "decline {}", item_text(*c, *t)),
            Action::PayEnd(c, t, w) => write!(f, "pay-end {}{}", item_text(*c, *t), opt(w)),
            other => f.write_str(other.kind()),
        }
    }
}
