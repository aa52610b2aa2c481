//! Stalk Exchange's components (S-7) and its one configuration object (S-2, S-3), ported from
//! `config.py`. Option *normalisation* (defaults, refusals users see) stays in Python; the core
//! reads the normalised options JSON, fills defaults for what is missing and checks the bounds
//! again, so no value from outside can break an invariant of the rules.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::hexgrid::HexBoard;

/// S-7: flower types in canonical order; index 0 = dahlia.
pub const FLOWERS: [&str; 5] = ["dahlia", "daffodil", "globemaster", "snowdrop", "tulip"];
/// S-7: the types' short letters (display).
pub const LETTERS: [&str; 5] = ["D", "Da", "G", "S", "T"];
pub const NUM_TYPES: usize = FLOWERS.len();
/// S-1: the player counts.
pub const PLAYER_COUNTS: std::ops::RangeInclusive<usize> = 2..=5;

/// S-3: the most Exchange slots (the bound of `exchange_slots`).
pub const MAX_SLOTS: usize = 12;
/// S-3: the largest Garden radius (the bound of `garden_radius`): 3·6·7 + 1 = 127 spaces, so
/// a set of spaces fits one `u128` (`upkeep::SpaceSet`).
pub const MAX_RADIUS: usize = 6;

/// S-3: plain options, their defaults and bounds (`PLAIN_DEFAULTS`, `_PLAIN`), in `OPTIONS`
/// order.
const PLAIN: [(&str, i64, i64, i64); 4] = [
    ("garden_radius", 3, 1, MAX_RADIUS as i64),
    ("exchange_slots", 6, 1, MAX_SLOTS as i64),
    ("basic_actions", 2, 1, 6),
    ("tokens_per_type", 25, 1, 60),
];
/// S-3: options whose default depends on the player count (`PER_COUNT_DEFAULTS`, `_PER_COUNT`):
/// name, defaults for 2 … 5 players, bounds.
const PER_COUNT: [(&str, [i64; 4], i64, i64); 3] = [
    ("portfolio_size", [12, 11, 8, 8], 1, 40),
    ("seedy_tokens", [7, 4, 2, 1], 0, 12),
    ("market_start", [30, 28, 28, 28], 1, 99),
];

/// The flower type named `name`, if any.
pub fn flower_index(name: &str) -> Option<usize> {
    FLOWERS.iter().position(|&f| f == name)
}

/// Everything fixed at creation for one game (S-3), resolved for its player count.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub num_players: usize,
    pub garden_radius: usize,
    pub exchange_slots: usize,
    pub basic_actions: i64,
    pub tokens_per_type: i64,
    pub portfolio_size: i64,
    pub seedy_tokens: i64,
    pub market_start: i64,
    /// The normalised options, as `normalize_options` returns them (same key order).
    pub options: Value,
    /// The Garden of `garden_radius` (S-11, S-12), built once and shared by every state.
    pub board: Arc<HexBoard>,
}

fn bounded(name: &str, value: &Value, least: i64, most: i64) -> Result<i64, String> {
    match value.as_i64() {
        Some(v) if (least..=most).contains(&v) => Ok(v),
        _ => Err(format!(
            "option {name} must be an integer from {least} to {most}, got {value} [S-3, D-31]"
        )),
    }
}

/// One integer for every count, or a map from count ("2" … "5") to integer over the defaults.
fn per_count(
    name: &str,
    value: &Value,
    defaults: [i64; 4],
    bounds: (i64, i64),
) -> Result<Value, String> {
    let mut table = defaults;
    match value.as_object() {
        None => table = [bounded(name, value, bounds.0, bounds.1)?; 4],
        Some(map) => {
            for (key, number) in map {
                let i = match key.as_str() {
                    "2" => 0,
                    "3" => 1,
                    "4" => 2,
                    "5" => 3,
                    _ => {
                        return Err(format!(
                            "option {name}: {key:?} is not a player count 2-5 [S-3]"
                        ))
                    }
                };
                table[i] = bounded(&format!("{name}[{key}]"), number, bounds.0, bounds.1)?;
            }
        }
    }
    Ok(json!({"2": table[0], "3": table[1], "4": table[2], "5": table[3]}))
}

/// The complete options (`normalize_options` for already valid input): defaults filled in,
/// keys in `OPTIONS` order, per-count options as maps with string keys.
pub fn normalize_options(options: &Value) -> Result<Value, String> {
    let empty = Map::new();
    let given = match options {
        Value::Null => &empty,
        Value::Object(map) => map,
        other => return Err(format!("options must be an object, got {other} [S-3]")),
    };
    let known = |k: &str| PLAIN.iter().any(|p| p.0 == k) || PER_COUNT.iter().any(|p| p.0 == k);
    if let Some(k) = given.keys().find(|k| !known(k)) {
        return Err(format!("unknown option {k:?} [S-3]"));
    }
    let mut out = Map::new();
    for (name, default, least, most) in PLAIN {
        let v = match given.get(name) {
            Some(v) => bounded(name, v, least, most)?,
            None => default,
        };
        out.insert(name.to_string(), Value::from(v));
    }
    for (name, defaults, least, most) in PER_COUNT {
        let v = match given.get(name) {
            Some(v) => per_count(name, v, defaults, (least, most))?,
            None => per_count(name, &Value::Object(Map::new()), defaults, (least, most))?,
        };
        out.insert(name.to_string(), v);
    }
    Ok(Value::Object(out))
}

impl Config {
    /// `make_config`: the configuration for `num_players`; refuses impossible ones (S-1, S-3).
    pub fn new(num_players: usize, options: &Value) -> Result<Config, String> {
        if !PLAYER_COUNTS.contains(&num_players) {
            return Err(format!(
                "Stalk Exchange takes 2-5 players, not {num_players} [S-1]"
            ));
        }
        let opts = normalize_options(options)?;
        let key = num_players.to_string();
        let plain = |name: &str| opts[name].as_i64().unwrap_or(0);
        let count = |name: &str| opts[name][key.as_str()].as_i64().unwrap_or(0);
        let board = Arc::new(HexBoard::new(plain("garden_radius")));
        let config = Config {
            num_players,
            garden_radius: plain("garden_radius") as usize,
            exchange_slots: plain("exchange_slots") as usize,
            basic_actions: plain("basic_actions"),
            tokens_per_type: plain("tokens_per_type"),
            portfolio_size: count("portfolio_size"),
            seedy_tokens: count("seedy_tokens"),
            market_start: count("market_start"),
            options: opts,
            board,
        };
        let dealt = num_players as i64 * config.portfolio_size + config.exchange_slots as i64;
        if dealt > config.total_tokens() {
            return Err(format!(
                "{num_players} portfolios of {} and {} exchange slots need {dealt} tokens, more \
                 than the {} there are [S-3]",
                config.portfolio_size,
                config.exchange_slots,
                config.total_tokens()
            ));
        }
        Ok(config)
    }

    /// Tokens in the game (S-8).
    pub fn total_tokens(&self) -> i64 {
        NUM_TYPES as i64 * self.tokens_per_type
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_per_count() {
        let c = Config::new(3, &Value::Null).unwrap();
        assert_eq!(
            (
                c.portfolio_size,
                c.seedy_tokens,
                c.market_start,
                c.garden_radius
            ),
            (11, 4, 28, 3)
        );
        let c = Config::new(3, &json!({"portfolio_size": {"3": 9}})).unwrap();
        assert_eq!(c.portfolio_size, 9);
        assert!(Config::new(6, &Value::Null).is_err());
        assert!(Config::new(5, &json!({"tokens_per_type": 1})).is_err());
    }
}
