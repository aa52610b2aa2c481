//! Stalk Exchange against vectors written by the Python engine
//! (`native/scripts/gen_stalk_exchange_vectors.py`): initial states (`to_json()`, `key()`,
//! S-19) and whole random games replayed action by action with their events, keys and the
//! outcome (S-41 … S-44).

use seedbed_core::stalk_exchange::actions::Action;
use seedbed_core::stalk_exchange::{game, new_state};
use serde_json::{json, Value};

#[test]
fn games_match_python() {
    let v: Value =
        serde_json::from_str(include_str!("data/stalk_exchange_games.json")).expect("json");
    let cases = v.as_array().expect("cases");
    assert_eq!(cases.len(), 8);
    for case in cases {
        let n = case["num_players"].as_u64().expect("n") as usize;
        let seed = case["seed"].as_u64().expect("seed");
        let label = format!("{n} players, seed {seed}, options {}", case["options"]);
        let mut z = new_state(n, seed, &case["options"]).expect("state");
        assert_eq!(z.to_json(), case["state"], "to_json, {label}");
        assert_eq!(z.key(), case["key"].as_str().expect("key"), "key, {label}");
        for (i, step) in case["steps"].as_array().expect("steps").iter().enumerate() {
            let action = Action::from_json(&step["action"]).expect("action");
            let p = z.active as i64;
            let events = game::apply(&mut z, p, &action).expect("legal");
            let got: Vec<Value> = events
                .iter()
                .map(|e| json!([e.kind(), e.public_json()]))
                .collect();
            assert_eq!(json!(got), step["events"], "events of step {i}, {label}");
            if let Some(key) = step.get("key") {
                assert_eq!(
                    z.key(),
                    key.as_str().expect("key"),
                    "key at step {i}, {label}"
                );
            }
        }
        assert_eq!(z.key(), case["final_key"].as_str().expect("key"), "{label}");
        let outcome = game::outcome(&z).expect("over");
        assert_eq!(outcome.to_json(), case["outcome"], "outcome, {label}");
    }
}
