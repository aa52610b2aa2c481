//! Bohnanza actions (B-19 … B-58), ported from `actions.py`: one variant per action kind with
//! the same fields, the JSON form `{"type": ...}` and the compact text form (`str(action)` in
//! Python, which every refusal message starts with).
//!
//! Numbers are `i64`: an action may name a field, card, position or seat that does not exist
//! (`harvest -1`, `discard 99`), and the refusal must quote it as Python does. JSON integers
//! outside `i64` are refused as malformed (Python would accept them and refuse them as
//! illegal: a documented difference at the boundary).

use std::fmt;

use serde_json::{json, Map, Value};

use super::cards::{Variety, VARIETIES};

/// An offer (B-37): `to` a seat or `None` for an open offer to anyone; `want` a sorted
/// multiset of variety indices; slots and positions sorted.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct OfferAction {
    pub to: Option<i64>,
    pub give_faceup: Vec<i64>,
    pub give_hand: Vec<i64>,
    pub want: Vec<Variety>,
    pub want_faceup: Vec<i64>,
}

/// Every Bohnanza action kind, in the order of the Python classes. An offer is boxed: it is
/// the one large kind, and a menu is a vector of actions (a 112-byte action made every menu
/// item a 112-byte copy).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Action {
    PlantFromHand { field: i64 },
    EndPlanting,
    Harvest { field: i64 },
    BuyField,
    Offer(Box<OfferAction>),
    Accept { offer_id: i64, positions: Vec<i64> },
    Decline { offer_id: i64 },
    Withdraw { offer_id: i64 },
    Pass,
    EndTrading,
    PlantFromTradeArea { card: i64, field: i64 },
    FinishTurn,
    PlantOffered { card: i64, field: i64 },
    DiscardOffered { card: i64 },
    DiscardFromHand { position: i64 },
    PlantRevealed { card: i64, field: i64 },
    LeaveOffer,
}

impl Action {
    /// The `type` of the JSON form (the text form's first word).
    pub fn kind(&self) -> &'static str {
        match self {
            Action::PlantFromHand { .. } => "plant",
            Action::EndPlanting => "end-planting",
            Action::Harvest { .. } => "harvest",
            Action::BuyField => "buy-field",
            Action::Offer(_) => "offer",
            Action::Accept { .. } => "accept",
            Action::Decline { .. } => "decline",
            Action::Withdraw { .. } => "withdraw",
            Action::Pass => "pass",
            Action::EndTrading => "end-trading",
            Action::PlantFromTradeArea { .. } => "plant-traded",
            Action::FinishTurn => "finish-turn",
            Action::PlantOffered { .. } => "plant-offered",
            Action::DiscardOffered { .. } => "discard-offered",
            Action::DiscardFromHand { .. } => "discard",
            Action::PlantRevealed { .. } => "plant-revealed",
            Action::LeaveOffer => "leave-offer",
        }
    }

    /// The JSON form, as `action.to_json()` writes it.
    pub fn to_json(&self) -> Value {
        let kind = self.kind();
        match self {
            Action::PlantFromHand { field } | Action::Harvest { field } => {
                json!({"type": kind, "field": field})
            }
            Action::Offer(o) => json!({
                "type": kind,
                "to": o.to.map_or(json!("any"), |t| json!(t)),
                "give_faceup": o.give_faceup,
                "give_hand": o.give_hand,
                "want": o.want.iter().map(|&v| VARIETIES[v as usize]).collect::<Vec<_>>(),
                "want_faceup": o.want_faceup,
            }),
            Action::Accept {
                offer_id,
                positions,
            } => json!({"type": kind, "offer_id": offer_id, "positions": positions}),
            Action::Decline { offer_id } | Action::Withdraw { offer_id } => {
                json!({"type": kind, "offer_id": offer_id})
            }
            Action::PlantFromTradeArea { card, field }
            | Action::PlantOffered { card, field }
            | Action::PlantRevealed { card, field } => {
                json!({"type": kind, "card": card, "field": field})
            }
            Action::DiscardOffered { card } => json!({"type": kind, "card": card}),
            Action::DiscardFromHand { position } => json!({"type": kind, "position": position}),
            _ => json!({ "type": kind }),
        }
    }

    /// Parse the JSON form (`action_from_json`) for well-formed input: lists are sorted as
    /// Python sorts them. `Err` with a reason for malformed input (the reasons are not
    /// Python's `InvalidActionError` texts; the Python side parses what users send).
    pub fn from_json(obj: &Value) -> Result<Action, String> {
        let map = obj
            .as_object()
            .ok_or_else(|| format!("an action must be a JSON object, got {obj}"))?;
        let kind = map
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| "an action needs a 'type'".to_string())?;
        let int = |name: &str| -> Result<i64, String> { get_int(map, name) };
        Ok(match kind {
            "plant" => Action::PlantFromHand {
                field: int("field")?,
            },
            "end-planting" => Action::EndPlanting,
            "harvest" => Action::Harvest {
                field: int("field")?,
            },
            "buy-field" => Action::BuyField,
            "offer" => {
                let to = match map.get("to") {
                    None => return Err("'offer' needs 'to' (a seat or \"any\")".to_string()),
                    Some(Value::Null) => None,
                    Some(Value::String(s)) if s == "any" => None,
                    Some(v) => Some(as_int(v, "'to'")?),
                };
                let mut want = Vec::new();
                if let Some(v) = map.get("want") {
                    let items = v.as_array().ok_or_else(|| {
                        format!("'want' must be a list of variety names, got {v}")
                    })?;
                    for item in items {
                        let name = item.as_str().unwrap_or("");
                        let v = VARIETIES
                            .iter()
                            .position(|&n| n == name)
                            .ok_or_else(|| format!("unknown variety {item}"))?;
                        want.push(v as Variety);
                    }
                }
                want.sort_unstable();
                Action::Offer(Box::new(OfferAction {
                    to,
                    give_faceup: get_list(map, "give_faceup")?,
                    give_hand: get_list(map, "give_hand")?,
                    want,
                    want_faceup: get_list(map, "want_faceup")?,
                }))
            }
            "accept" => Action::Accept {
                offer_id: int("offer_id")?,
                positions: get_list(map, "positions")?,
            },
            "decline" => Action::Decline {
                offer_id: int("offer_id")?,
            },
            "withdraw" => Action::Withdraw {
                offer_id: int("offer_id")?,
            },
            "pass" => Action::Pass,
            "end-trading" => Action::EndTrading,
            "plant-traded" => Action::PlantFromTradeArea {
                card: int("card")?,
                field: int("field")?,
            },
            "finish-turn" => Action::FinishTurn,
            "plant-offered" => Action::PlantOffered {
                card: int("card")?,
                field: int("field")?,
            },
            "discard-offered" => Action::DiscardOffered { card: int("card")? },
            "discard" => Action::DiscardFromHand {
                position: int("position")?,
            },
            "plant-revealed" => Action::PlantRevealed {
                card: int("card")?,
                field: int("field")?,
            },
            "leave-offer" => Action::LeaveOffer,
            other => return Err(format!("unknown action type {other:?}")),
        })
    }
}

fn as_int(v: &Value, what: &str) -> Result<i64, String> {
    match v {
        Value::Number(n) => n
            .as_i64()
            .ok_or_else(|| format!("{what} must be an integer of 64 bits, got {n}")),
        Value::String(s)
            if s.trim_start_matches('-')
                .chars()
                .all(|c| c.is_ascii_digit()) =>
        {
            s.parse()
                .map_err(|_| format!("{what} must be an integer, got {s:?}"))
        }
        _ => Err(format!("{what} must be an integer, got {v}")),
    }
}

fn get_int(map: &Map<String, Value>, name: &str) -> Result<i64, String> {
    let v = map
        .get(name)
        .ok_or_else(|| format!("the action needs '{name}'"))?;
    as_int(v, &format!("'{name}'"))
}

fn get_list(map: &Map<String, Value>, name: &str) -> Result<Vec<i64>, String> {
    let Some(v) = map.get(name) else {
        return Ok(Vec::new());
    };
    let items = v
        .as_array()
        .ok_or_else(|| format!("'{name}' must be a list of integers, got {v}"))?;
    let mut out = items
        .iter()
        .map(|x| as_int(x, &format!("'{name}'")))
        .collect::<Result<Vec<_>, _>>()?;
    out.sort_unstable();
    Ok(out)
}

fn join_items(out: &mut Vec<String>, values: &[i64], prefix: &str) {
    out.extend(values.iter().map(|v| format!("{prefix}{v}")));
}

fn or_dash(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    }
}

/// The compact text form (`str(action)`): `plant 1`, `offer any give f0,h3 want chili,f1`,
/// `accept 7 3,4`, `accept 7 -` …
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        match self {
            Action::PlantFromHand { field } | Action::Harvest { field } => {
                write!(f, "{kind} {field}")
            }
            Action::Offer(o) => {
                let to = o.to.map_or("any".to_string(), |t| t.to_string());
                let mut give = Vec::new();
                join_items(&mut give, &o.give_faceup, "f");
                join_items(&mut give, &o.give_hand, "h");
                let mut want: Vec<String> = o
                    .want
                    .iter()
                    .map(|&v| VARIETIES[v as usize].to_string())
                    .collect();
                join_items(&mut want, &o.want_faceup, "f");
                write!(
                    f,
                    "{kind} {to} give {} want {}",
                    or_dash(give),
                    or_dash(want)
                )
            }
            Action::Accept {
                offer_id,
                positions,
            } => {
                let items = positions.iter().map(i64::to_string).collect();
                write!(f, "{kind} {offer_id} {}", or_dash(items))
            }
            Action::Decline { offer_id } | Action::Withdraw { offer_id } => {
                write!(f, "{kind} {offer_id}")
            }
            Action::PlantFromTradeArea { card, field }
            | Action::PlantOffered { card, field }
            | Action::PlantRevealed { card, field } => write!(f, "{kind} {card} {field}"),
            Action::DiscardOffered { card } => write!(f, "{kind} {card}"),
            Action::DiscardFromHand { position } => write!(f, "{kind} {position}"),
            _ => f.write_str(kind),
        }
    }
}

/// An action stays small (the offer is boxed): menus are vectors of them.
const _: () = assert!(std::mem::size_of::<Action>() <= 40);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_json_forms() {
        let offer = Action::Offer(Box::new(OfferAction {
            to: None,
            give_faceup: vec![0],
            give_hand: vec![1, 3],
            want: vec![3, 3],
            want_faceup: vec![],
        }));
        assert_eq!(
            offer.to_string(),
            "offer any give f0,h1,h3 want chili,chili"
        );
        assert_eq!(Action::from_json(&offer.to_json()).unwrap(), offer);
        let empty = Action::Offer(Box::new(OfferAction {
            to: Some(2),
            ..OfferAction::default()
        }));
        assert_eq!(empty.to_string(), "offer 2 give - want -");
        let accept = Action::Accept {
            offer_id: 7,
            positions: vec![],
        };
        assert_eq!(accept.to_string(), "accept 7 -");
        assert_eq!(
            Action::DiscardFromHand { position: 2 }.to_json(),
            json!({"type": "discard", "position": 2})
        );
        assert_eq!(
            Action::PlantFromTradeArea { card: 5, field: 1 }.to_string(),
            "plant-traded 5 1"
        );
    }
}
