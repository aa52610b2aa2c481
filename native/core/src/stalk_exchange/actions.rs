//! Stalk Exchange actions (S-24 … S-27), ported from `actions.py`: the same kinds and fields,
//! the JSON form `{"type": ...}` and the compact text form.
//!
//! ```text
//! plant 2 0,-1     Plant { slot: 2, space: (0, -1) }
//! swap 2 tulip     Swap { slot: 2, give: 4 }
//! flush            Flush
//! end              EndActions
//! ```
//!
//! Parsing is as strict as Python's codec (the exact fields, integers that are not booleans,
//! flowers by name); the messages of malformed input are the core's own.

use std::fmt;

use serde_json::{json, Map, Value};

use super::config::{flower_index, FLOWERS, NUM_TYPES};
use super::hexgrid::Hex;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    /// S-24: the token in `slot` goes to the Garden `space` (axial q, r), bulb side up.
    Plant { slot: i64, space: Hex },
    /// S-25: the token in `slot` goes to the portfolio; a token of type `give` replaces it.
    Swap { slot: i64, give: i64 },
    /// S-26: spend a Seedy Business token; compost the Exchange and refill it.
    Flush,
    /// S-27: end the action phase (upkeep follows automatically).
    EndActions,
}

impl fmt::Display for Action {
    /// The compact text form (`str(action)`); a give out of range is printed as its number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Plant { slot, space } => write!(f, "plant {slot} {},{}", space.0, space.1),
            Action::Swap { slot, give } => match usize::try_from(*give) {
                Ok(t) if t < NUM_TYPES => write!(f, "swap {slot} {}", FLOWERS[t]),
                _ => write!(f, "swap {slot} {give}"),
            },
            Action::Flush => f.write_str("flush"),
            Action::EndActions => f.write_str("end"),
        }
    }
}

fn int(map: &Map<String, Value>, name: &str) -> Result<i64, String> {
    match map.get(name) {
        Some(Value::Number(n)) if n.is_i64() => Ok(n.as_i64().unwrap_or(0)),
        other => Err(format!("{name} must be an integer, got {other:?}")),
    }
}

fn fields(map: &Map<String, Value>, kind: &str, names: &[&str]) -> Result<(), String> {
    let mut got: Vec<&str> = map
        .keys()
        .map(String::as_str)
        .filter(|&k| k != "type")
        .collect();
    got.sort_unstable();
    let mut want = names.to_vec();
    want.sort_unstable();
    if got != want {
        return Err(format!("{kind:?} takes fields {want:?}; got {got:?}"));
    }
    Ok(())
}

impl Action {
    /// `action.to_json()`: `{"type": kind, fields...}` in Python's field order.
    pub fn to_json(&self) -> Value {
        match self {
            Action::Plant { slot, space } => {
                json!({"type": "plant", "slot": slot, "space": [space.0, space.1]})
            }
            Action::Swap { slot, give } => {
                let name = usize::try_from(*give).ok().and_then(|t| FLOWERS.get(t));
                json!({"type": "swap", "slot": slot, "give": name})
            }
            Action::Flush => json!({"type": "flush"}),
            Action::EndActions => json!({"type": "end"}),
        }
    }

    /// `action_from_json`: the action of a JSON object, or why it is malformed.
    pub fn from_json(obj: &Value) -> Result<Action, String> {
        let Some(map) = obj.as_object() else {
            return Err(format!("an action is an object with a 'type', got {obj}"));
        };
        let kind = match map.get("type") {
            Some(Value::String(k)) => k.as_str(),
            _ => return Err(format!("an action is an object with a 'type', got {obj}")),
        };
        match kind {
            "plant" => {
                fields(map, kind, &["slot", "space"])?;
                let space = match map.get("space").and_then(Value::as_array) {
                    Some(qr) if qr.len() == 2 => qr,
                    _ => return Err(format!("space must be [q, r], got {}", map["space"])),
                };
                let coordinate = |v: &Value, what: &str| match v {
                    Value::Number(n) if n.is_i64() => Ok(n.as_i64().unwrap_or(0)),
                    _ => Err(format!("{what} must be an integer, got {v}")),
                };
                Ok(Action::Plant {
                    slot: int(map, "slot")?,
                    space: (coordinate(&space[0], "q")?, coordinate(&space[1], "r")?),
                })
            }
            "swap" => {
                fields(map, kind, &["slot", "give"])?;
                let slot = int(map, "slot")?;
                let give = map
                    .get("give")
                    .and_then(Value::as_str)
                    .and_then(flower_index)
                    .ok_or_else(|| format!("unknown flower {}", map["give"]))?;
                Ok(Action::Swap {
                    slot,
                    give: give as i64,
                })
            }
            "flush" => fields(map, kind, &[]).map(|()| Action::Flush),
            "end" => fields(map, kind, &[]).map(|()| Action::EndActions),
            _ => Err(format!(
                "unknown action type {kind:?}; types: plant, swap, flush, end"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_and_text_forms() {
        let a = Action::Swap { slot: 2, give: 4 };
        assert_eq!(a.to_string(), "swap 2 tulip");
        assert_eq!(
            a.to_json().to_string(),
            r#"{"type":"swap","slot":2,"give":"tulip"}"#
        );
        assert_eq!(Action::from_json(&a.to_json()), Ok(a));
        let p = Action::Plant {
            slot: 2,
            space: (0, -1),
        };
        assert_eq!(p.to_string(), "plant 2 0,-1");
        assert_eq!(Action::from_json(&p.to_json()), Ok(p));
        for bad in [
            json!({"type": "PLANT", "slot": 1, "space": [0, 0]}),
            json!({"type": "plant", "space": [0, 0]}),
            json!({"type": "plant", "slot": true, "space": [0, 0]}),
            json!({"type": "plant", "slot": 1, "space": [0, 0, 1]}),
            json!({"type": "swap", "slot": 1, "give": 4}),
            json!({"type": "flush", "x": 1}),
            json!([1]),
        ] {
            assert!(Action::from_json(&bad).is_err(), "{bad}");
        }
        assert_eq!(Action::Swap { slot: 1, give: 9 }.to_string(), "swap 1 9");
    }
}
