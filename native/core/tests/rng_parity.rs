//! The native Rng against vectors written by the Python `seedbed.engine.rng.Rng`
//! (`native/scripts/gen_vectors.py`).

use seedbed_core::rng::Rng;
use serde_json::Value;

fn u64s(v: &Value) -> Vec<u64> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_u64().expect("a u64"))
        .collect()
}

#[test]
fn every_method_matches_python() {
    let cases: Value = serde_json::from_str(include_str!("data/rng.json")).expect("json");
    let cases = cases.as_array().expect("cases");
    assert!(cases.len() >= 5);
    for case in cases.iter().filter(|c| c.get("seed").is_some()) {
        let seed = case["seed"].as_u64().expect("seed");
        let mut r = Rng::new(seed);
        assert_eq!(
            r.state_hex(),
            case["state0"].as_str().unwrap(),
            "seed {seed}"
        );
        let below6: Vec<u64> = (0..20).map(|_| r.below(6)).collect();
        assert_eq!(below6, u64s(&case["below6"]), "below(6), seed {seed}");
        let next32: Vec<u64> = (0..10).map(|_| u64::from(r.next32())).collect();
        assert_eq!(next32, u64s(&case["next32"]), "next32, seed {seed}");
        let next64: Vec<u64> = (0..5).map(|_| r.next64()).collect();
        assert_eq!(next64, u64s(&case["next64"]), "next64, seed {seed}");
        for pair in case["below_n"].as_array().unwrap() {
            let (n, want) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
            assert_eq!(r.below(n), want, "below({n}), seed {seed}");
        }
        let scaled: Vec<u64> = (0..5).map(|_| (r.random() * 2147483648.0) as u64).collect();
        assert_eq!(scaled, u64s(&case["random_scaled"]), "random, seed {seed}");
        let mut items: Vec<u64> = (0..30).collect();
        r.shuffle(&mut items);
        assert_eq!(items, u64s(&case["shuffle30"]), "shuffle 30, seed {seed}");
        let mut items: Vec<u64> = (0..154).collect();
        r.shuffle(&mut items);
        assert_eq!(items, u64s(&case["shuffle154"]), "shuffle 154, seed {seed}");
        let letters: Vec<char> = "abcdefg".chars().collect();
        let chosen: String = (0..10).map(|_| *r.choice(&letters).unwrap()).collect();
        let want: String = case["choice"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        assert_eq!(chosen, want, "choice, seed {seed}");
        let mut child = r.spawn();
        assert_eq!(child.state_hex(), case["spawn_state"].as_str().unwrap());
        let a: Vec<u64> = (0..10).map(|_| child.below(100)).collect();
        assert_eq!(a, u64s(&case["spawn_below100"]), "spawned, seed {seed}");
        let b: Vec<u64> = (0..10).map(|_| r.below(100)).collect();
        assert_eq!(b, u64s(&case["parent_below100"]), "parent, seed {seed}");
        assert_eq!(
            r.state_hex(),
            case["state_end"].as_str().unwrap(),
            "seed {seed}"
        );
        assert_eq!(Rng::from_state_hex(&r.state_hex()), Ok(r));
    }
}

#[test]
fn seeds_past_64_bits_match_python() {
    let cases: Value = serde_json::from_str(include_str!("data/rng.json")).expect("json");
    let wide: Vec<&Value> = cases
        .as_array()
        .expect("cases")
        .iter()
        .filter(|c| c.get("seed_bytes").is_some())
        .collect();
    assert_eq!(wide.len(), 3);
    for case in wide {
        let text = case["seed_bytes"].as_str().unwrap();
        let bytes: Vec<u8> = (0..64)
            .step_by(2)
            .map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap())
            .collect();
        let mut r = Rng::from_seed_bytes(&bytes.try_into().unwrap());
        let drawn: Vec<u64> = (0..40).map(|_| r.below(1000)).collect();
        assert_eq!(drawn, u64s(&case["below1000"]), "seed {text}");
    }
}
