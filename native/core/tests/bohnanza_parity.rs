//! Bohnanza's setup and drawing against vectors written by the Python engine
//! (`native/scripts/gen_vectors.py`): whole `to_json()` states and `key()` strings.

use seedbed_core::bohnanza::{rules, Options};
use serde_json::{json, Value};

fn cases(text: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(text).expect("json");
    v.as_array().expect("cases").clone()
}

#[test]
fn initial_states_match_python() {
    let cases = cases(include_str!("data/bohnanza_setup.json"));
    assert!(cases.len() >= 40);
    for case in &cases {
        let n = case["num_players"].as_u64().unwrap() as usize;
        let seed = case["seed"].as_u64().unwrap();
        let options = Options::from_json(&case["options"]).expect("options");
        let s = rules::new_state(n, seed, options).expect("state");
        let label = format!("{n} players, seed {seed}, options {}", case["options"]);
        let want = &case["state"];
        assert_eq!(json!(s.deck.to_vec()), want["deck"], "deck order, {label}");
        assert_eq!(s.to_json()["hands"], want["hands"], "hands, {label}");
        assert_eq!(s.to_json(), *want, "to_json, {label}");
        assert_eq!(s.key(), case["key"].as_str().unwrap(), "key, {label}");
        let mut all = s.all_cards();
        all.sort_unstable();
        assert!(
            all.iter().enumerate().all(|(i, &c)| i == c as usize),
            "B-12, {label}"
        );
    }
}

#[test]
fn drawing_and_exhaustion_match_python() {
    let cases = cases(include_str!("data/bohnanza_draw.json"));
    for case in &cases {
        let n = case["num_players"].as_u64().unwrap() as usize;
        let seed = case["seed"].as_u64().unwrap();
        let k = case["k"].as_u64().unwrap() as usize;
        let options = Options::from_json(&json!({"edition": case["edition"]})).unwrap();
        let mut s = rules::new_state(n, seed, options).unwrap();
        let label = format!("{} {n} players, seed {seed}, k {k}", case["edition"]);
        let steps = case["steps"].as_array().unwrap();
        for (step, want) in steps.iter().enumerate() {
            let mut ev = Vec::new();
            let (cards, last) = rules::draw(&mut s, k, &mut ev);
            s.discard
                .extend(cards.iter().filter(|&&c| c as usize % 10 != step % 10));
            assert_eq!(json!(cards), want["cards"], "cards, step {step}, {label}");
            assert_eq!(json!(last), want["final"], "final, step {step}, {label}");
            let events: Vec<Value> = ev
                .iter()
                .map(|e| {
                    let e = e.to_json(&s.cfg);
                    json!([e.kind, e.public])
                })
                .collect();
            assert_eq!(
                json!(events),
                want["events"],
                "events, step {step}, {label}"
            );
            if last {
                assert_eq!(step + 1, steps.len(), "ended early, {label}");
            }
        }
        assert_eq!(s.to_json(), case["state"], "state at the end, {label}");
    }
}

#[test]
fn bad_options_are_refused() {
    for bad in [
        json!({"edition": "deluxe"}),
        json!({"max_offers": 13}),
        json!({"offer_menu": {"max_give": 4}}),
        json!({"colour": 1}),
        json!([1]),
    ] {
        assert!(Options::from_json(&bad).is_err(), "{bad}");
    }
    let dotted = Options::from_json(&json!({"offer_menu.positions": "all"})).unwrap();
    assert!(dotted.all_positions);
    assert!(rules::new_state(8, 0, Options::default()).is_err());
}
