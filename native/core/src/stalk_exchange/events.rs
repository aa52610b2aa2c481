//! Stalk Exchange's events (`Event` of `engine/api.py`), typed: each kind with the numbers it
//! shows, so the State API's bindings build the Python objects straight from them and a
//! playout only counts kinds. Every Stalk Exchange event is public (`private` None,
//! `private_to` empty); [`Event::public_json`] is the public part as Python builds it, with
//! the same keys in the same order (the trace digests and the parity tests compare it as
//! text).

use serde_json::{json, Map, Value};

use super::config::{FLOWERS, NUM_TYPES};
use super::hexgrid::Hex;
use super::state::Counts;

/// Where a crash was noticed (S-38): `"during"` of a `crash` event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum During {
    Upkeep,
    Flush,
}

impl During {
    pub fn name(self) -> &'static str {
        match self {
            During::Upkeep => "upkeep",
            During::Flush => "flush",
        }
    }
}

/// Something that happened. Flowers are type indices (names in [`FLOWERS`]), spaces (q, r),
/// draws (slot, type), laid tokens (type, market cell).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// S-24.
    Plant {
        player: usize,
        slot: usize,
        space: Hex,
        flower: usize,
        extra: bool,
    },
    /// S-25.
    Swap {
        player: usize,
        slot: usize,
        took: usize,
        gave: usize,
        extra: bool,
    },
    /// S-26: the composted tokens in slot order, then the draws (S-37).
    Flush {
        player: usize,
        composted: Vec<usize>,
        drawn: Vec<(usize, usize)>,
    },
    /// S-38: trigger 1 (market) or 2 (supply).
    Crash { trigger: i64, during: During },
    /// S-27.
    EndActions { player: usize, forfeited: i64 },
    /// S-32: the groups (type, spaces) and the harvested tokens by type.
    Harvest {
        groups: Vec<(usize, Vec<Hex>)>,
        flowers: Counts,
    },
    /// S-33.
    Bloom { spaces: Vec<Hex> },
    /// S-34, S-35: the laid tokens and the values after.
    Market {
        laid: Vec<(usize, i64)>,
        values: Counts,
    },
    /// S-36, S-37.
    Exchange {
        composted: Option<usize>,
        drawn: Vec<(usize, usize)>,
    },
    /// S-39.
    GameOver { turns: i64, triggers: Vec<i64> },
    /// S-21.
    Turn { player: usize, turn: i64 },
}

/// `[q, r]`.
pub fn space_json(&(q, r): &Hex) -> Value {
    json!([q, r])
}

/// `[[slot, flower], ...]` of draws, as the events give them.
pub fn drawn_json(drawn: &[(usize, usize)]) -> Value {
    drawn.iter().map(|&(s, t)| json!([s, FLOWERS[t]])).collect()
}

/// `_names`: counts by flower name, types with none left out.
fn names_json(counts: &Counts) -> Value {
    let mut out = Map::new();
    for (t, &k) in counts.iter().enumerate().filter(|(_, &k)| k != 0) {
        out.insert(FLOWERS[t].to_string(), Value::from(k));
    }
    Value::Object(out)
}

impl Event {
    /// The event's kind, as Python names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Plant { .. } => "plant",
            Event::Swap { .. } => "swap",
            Event::Flush { .. } => "flush",
            Event::Crash { .. } => "crash",
            Event::EndActions { .. } => "end_actions",
            Event::Harvest { .. } => "harvest",
            Event::Bloom { .. } => "bloom",
            Event::Market { .. } => "market",
            Event::Exchange { .. } => "exchange",
            Event::GameOver { .. } => "game_over",
            Event::Turn { .. } => "turn",
        }
    }

    /// The public part as Python builds it (same keys in the same order).
    pub fn public_json(&self) -> Value {
        match self {
            Event::Plant {
                player,
                slot,
                space,
                flower,
                extra,
            } => json!({"player": player, "slot": slot, "space": space_json(space),
                        "flower": FLOWERS[*flower], "extra": extra}),
            Event::Swap {
                player,
                slot,
                took,
                gave,
                extra,
            } => json!({"player": player, "slot": slot, "took": FLOWERS[*took],
                        "gave": FLOWERS[*gave], "extra": extra}),
            Event::Flush {
                player,
                composted,
                drawn,
            } => {
                let composted: Vec<&str> = composted.iter().map(|&t| FLOWERS[t]).collect();
                json!({"player": player, "composted": composted, "drawn": drawn_json(drawn)})
            }
            Event::Crash { trigger, during } => {
                json!({"trigger": trigger, "during": during.name()})
            }
            Event::EndActions { player, forfeited } => {
                json!({"player": player, "forfeited": forfeited})
            }
            Event::Harvest { groups, flowers } => {
                let listed: Vec<Value> = groups
                    .iter()
                    .map(|(t, spaces)| {
                        let spaces: Vec<Value> = spaces.iter().map(space_json).collect();
                        json!({"flower": FLOWERS[*t], "spaces": spaces})
                    })
                    .collect();
                json!({"groups": listed, "flowers": names_json(flowers)})
            }
            Event::Bloom { spaces } => {
                let spaces: Vec<Value> = spaces.iter().map(space_json).collect();
                json!({ "spaces": spaces })
            }
            Event::Market { laid, values } => {
                let laid: Vec<Value> = laid.iter().map(|&(t, c)| json!([FLOWERS[t], c])).collect();
                json!({"laid": laid, "values": values})
            }
            Event::Exchange { composted, drawn } => {
                let composted = composted.map(|t| FLOWERS[t]);
                json!({"composted": composted, "drawn": drawn_json(drawn)})
            }
            Event::GameOver { turns, triggers } => json!({"turns": turns, "triggers": triggers}),
            Event::Turn { player, turn } => json!({"player": player, "turn": turn}),
        }
    }

    /// `[kind, public, private, private_to]` as the Python event gives them.
    pub fn to_json(&self) -> Value {
        json!([self.kind(), self.public_json(), null, []])
    }
}

const _: () = assert!(FLOWERS.len() == NUM_TYPES);

pub type Events = Vec<Event>;

/// Where events go: a list of whole events (the State API), or a count of kinds only
/// (playouts), so a playout never builds an event. `push` takes the event as a closure,
/// called only by a log that keeps it.
pub trait Log {
    fn push(&mut self, kind: &'static str, event: impl FnOnce() -> Event);
}

impl Log for Events {
    fn push(&mut self, kind: &'static str, event: impl FnOnce() -> Event) {
        let e = event();
        debug_assert_eq!(e.kind(), kind);
        Vec::push(self, e);
    }
}

/// Counts of events by kind, in order of first occurrence (a handful of kinds, so a linear
/// scan beats a map).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindCounts(pub Vec<(&'static str, u64)>);

impl Log for KindCounts {
    fn push(&mut self, kind: &'static str, _event: impl FnOnce() -> Event) {
        match self
            .0
            .iter_mut()
            .find(|(k, _)| std::ptr::eq(*k, kind) || *k == kind)
        {
            Some((_, n)) => *n += 1,
            None => self.0.push((kind, 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_parts_in_python_key_order() {
        let e = Event::Plant {
            player: 1,
            slot: 2,
            space: (0, -1),
            flower: 4,
            extra: false,
        };
        assert_eq!(
            e.to_json().to_string(),
            r#"["plant",{"player":1,"slot":2,"space":[0,-1],"flower":"tulip","extra":false},null,[]]"#
        );
        let h = Event::Harvest {
            groups: vec![(0, vec![(1, 0), (2, -1)])],
            flowers: [2, 0, 0, 0, 0],
        };
        assert_eq!(
            h.public_json().to_string(),
            r#"{"groups":[{"flower":"dahlia","spaces":[[1,0],[2,-1]]}],"flowers":{"dahlia":2}}"#
        );
        let x = Event::Exchange {
            composted: None,
            drawn: vec![(5, 3)],
        };
        assert_eq!(
            x.public_json().to_string(),
            r#"{"composted":null,"drawn":[[5,"snowdrop"]]}"#
        );
        let c = Event::Crash {
            trigger: 2,
            during: During::Flush,
        };
        assert_eq!(c.kind(), "crash");
        assert_eq!(
            c.public_json().to_string(),
            r#"{"trigger":2,"during":"flush"}"#
        );
    }
}
