//! Fields of Green's native greedy policy on the fixture card set, without Python: over 2-4
//! players and both rule sets, with and without introductory splits, every choice is an item
//! of the seat's menu, a one-item menu draws nothing, games end, `greedy_playout` equals the
//! step loop of `choose`, and a determinization for the seat on the move (others' hands,
//! commits, pile and tile orders resampled) gives the same choice and draws. Equality with the
//! Python policy is checked by `tests/native/test_fields_of_green_greedy.py`.

use std::sync::Arc;

use seedbed_core::fields_of_green::events::KindCounts;
use seedbed_core::fields_of_green::flow::first_mover;
use seedbed_core::fields_of_green::greedy::{choose, greedy_playout};
use seedbed_core::fields_of_green::menu::legal_actions;
use seedbed_core::fields_of_green::{game, observe, Config};
use seedbed_core::rng::Rng;
use serde_json::{json, Value};

fn configurations() -> Vec<Arc<Config>> {
    let text = include_str!("data/fields_of_green_fixture_cards.json");
    let data: Value = serde_json::from_str(text).expect("card data");
    let mut out = Vec::new();
    for n in 2..=4 {
        for ruleset in ["published", "prototype"] {
            for intro in [false, true] {
                let options = json!({"ruleset": ruleset, "introductory": intro, "cards": data});
                out.push(Arc::new(Config::new(n, &options, &data).expect("config")));
            }
        }
    }
    out
}

#[test]
fn greedy_games_are_legal_end_and_equal_the_playout() {
    for (k, cfg) in configurations().into_iter().enumerate() {
        for seed in 0..3u64 {
            let mut z = game::new_state(cfg.clone(), Rng::new(seed));
            let mut twin = z.clone();
            let mut rng = Rng::new(seed + 100 * k as u64);
            let mut twin_rng = rng;
            let mut steps = 0;
            let mut ties_or_draws = 0;
            while !game::is_terminal(&z) {
                let p = first_mover(&z).expect("a mover");
                let menu = legal_actions(&z, p).items(&z);
                let before = rng;
                let a = choose(&z, p, &mut rng).expect("an action");
                assert!(menu.contains(&a), "{a} not in the menu");
                if menu.len() == 1 {
                    assert_eq!(rng, before, "a forced move draws nothing");
                }
                ties_or_draws += usize::from(rng != before);
                let mut sampler = Rng::new(steps);
                let mut d = z.clone();
                observe::determinize_into(&mut d, p, &mut sampler);
                let mut other = before;
                assert_eq!(
                    choose(&d, p, &mut other),
                    Some(a.clone()),
                    "hidden information"
                );
                assert_eq!(other, rng);
                game::step(&mut z, p, &a, &mut KindCounts::default());
                steps += 1;
                assert!(steps < 5_000, "the game does not end");
            }
            assert!(ties_or_draws > 0);
            assert_eq!(greedy_playout(&mut twin, &mut twin_rng, u64::MAX), steps);
            assert_eq!(twin.key(), z.key());
            assert_eq!(twin_rng, rng);
        }
    }
}
