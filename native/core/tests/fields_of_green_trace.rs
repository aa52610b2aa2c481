//! Fields of Green's parity trace (`seedbed_core::fields_of_green::trace`) on the fixture card
//! set: a trace plays the very game the bulk simulation plays (same number of actions, to the
//! end), is a function of the seed, stops at a cap without ending, and different games give
//! different digests. Equality with the Python reference's traces is checked by
//! `tests/native/test_trace_volume.py`.

use seedbed_core::rng::Rng;
use std::sync::Arc;

use seedbed_core::fields_of_green::trace::trace_one;
use seedbed_core::fields_of_green::{game, playout, Config};
use serde_json::{json, Value};

fn config(n: usize) -> Arc<Config> {
    let text = include_str!("data/fields_of_green_fixture_cards.json");
    let data: Value = serde_json::from_str(text).expect("card data");
    let options = json!({"ruleset": "published", "introductory": false, "cards": data});
    Arc::new(Config::new(n, &options, &data).expect("config"))
}

#[test]
fn a_trace_plays_the_simulated_game() {
    for n in 2..=4 {
        let cfg = config(n);
        let mut digests = Vec::new();
        for seed in 0..4 {
            let (steps, digest, ended) =
                trace_one(game::new_state(cfg.clone(), Rng::new(seed)), seed, None);
            let played =
                playout::simulate_one(game::new_state(cfg.clone(), Rng::new(seed)), seed, u64::MAX)
                    .expect("the game ends");
            assert_eq!((steps, ended), (played.steps, true));
            assert_eq!(digest.len(), 16);
            let again = trace_one(game::new_state(cfg.clone(), Rng::new(seed)), seed, None);
            assert_eq!(again, (steps, digest.clone(), ended));
            digests.push(digest);
        }
        digests.sort();
        digests.dedup();
        assert_eq!(
            digests.len(),
            4,
            "{n} players: different games, different digests"
        );
    }
}

#[test]
fn a_cap_stops_the_trace_before_the_end() {
    let cfg = config(3);
    let (steps, capped, ended) = trace_one(game::new_state(cfg.clone(), Rng::new(7)), 7, Some(10));
    assert_eq!((steps, ended), (10, false));
    let (_, whole, _) = trace_one(game::new_state(cfg, Rng::new(7)), 7, None);
    assert_ne!(capped, whole);
}
