//! Stalk Exchange's game loop played natively: random games through the menus over every
//! player count (S-1) and non-default options reach the end with every menu item legal, the
//! tokens conserved (S-18), refusals changing nothing, the playout equal to the step loop, and
//! determinize keeping the viewer's observation (S-45 … S-48). Equality with Python is checked
//! step by step by `tests/native/test_stalk_exchange_parity.py`; this test needs no Python.

use seedbed_core::rng::Rng;
use seedbed_core::stalk_exchange::actions::Action;
use seedbed_core::stalk_exchange::menu::legal_actions;
use seedbed_core::stalk_exchange::{game, new_state, observe, playout, Zones};
use serde_json::{json, Value};

fn configurations() -> Vec<(usize, Value)> {
    let mut out = Vec::new();
    for n in 2..=5 {
        out.push((n, Value::Null));
        out.push((
            n,
            json!({"garden_radius": 2, "exchange_slots": 4, "basic_actions": 3,
                   "tokens_per_type": 12, "portfolio_size": 3, "seedy_tokens": 0}),
        ));
        out.push((
            n,
            json!({"garden_radius": 1, "market_start": {"2": 5, "5": 9}}),
        ));
    }
    out
}

fn conserved(z: &Zones) -> bool {
    z.token_total().iter().all(|&k| k == z.cfg.tokens_per_type)
}

#[test]
fn random_games_end_legally_and_conserve_tokens() {
    for (n, options) in configurations() {
        for seed in 0..3 {
            let mut z = new_state(n, seed, &options).expect("state");
            let start = z.clone();
            let mut rng = Rng::new(seed + 100);
            let mut steps = 0;
            while !game::is_terminal(&z) {
                let p = game::movers(&z)[0] as i64;
                let menu = legal_actions(&z, p);
                assert!(!menu.is_empty(), "an empty menu for the mover");
                let a = menu
                    .get(&z, rng.below(menu.len() as u64) as usize)
                    .expect("item");
                // S-28: only the active player acts; a refusal leaves the state as it was
                let before = z.clone();
                let bad = Action::Plant {
                    slot: 99,
                    space: (0, 0),
                };
                assert_eq!(
                    game::apply(&mut z, p, &bad).unwrap_err().clause,
                    Some("S-14")
                );
                assert!(game::apply(&mut z, p + 1, &a).unwrap_err().not_on_move);
                assert_eq!(z, before);
                game::apply(&mut z, p, &a).expect("a menu item is legal");
                assert!(conserved(&z), "S-18: tokens conserved");
                steps += 1;
                assert!(steps < 100_000, "the game ends");
            }
            assert_eq!(legal_actions(&z, 0).len(), 0);
            let refused = game::apply(&mut z, 0, &Action::Flush).unwrap_err();
            assert_eq!(
                (refused.message.as_str(), refused.clause),
                ("the game is over", Some("S-39"))
            );
            assert!(game::outcome(&z).is_some());
            // the playout plays the same game as the step loop
            let mut again = start.clone();
            let mut counts = Default::default();
            let played =
                playout::playout(&mut again, &mut Rng::new(seed + 100), u64::MAX, &mut counts);
            assert_eq!((played, again.key()), (steps, z.key()));
        }
    }
}

#[test]
fn determinize_keeps_the_viewers_observation() {
    for (n, options) in configurations() {
        let mut z = new_state(n, 11, &options).expect("state");
        let mut rng = Rng::new(5);
        while !game::is_terminal(&z) {
            for viewer in 0..n {
                let mut d = z.clone();
                observe::determinize_into(&mut d, Some(viewer), &mut rng);
                let seen = observe::observe(&z, Some(viewer));
                assert_eq!(observe::observe(&d, Some(viewer)), seen);
                assert!(conserved(&d), "S-18 after determinize");
                for q in 0..n {
                    for t in 0..5 {
                        assert!(
                            d.portfolios[q][t] >= z.shown[q][t],
                            "S-48: shown tokens kept"
                        );
                    }
                }
            }
            let p = z.active as i64;
            let menu = legal_actions(&z, p);
            let a = menu
                .get(&z, rng.below(menu.len() as u64) as usize)
                .expect("item");
            game::apply(&mut z, p, &a).expect("legal");
        }
        let spectator = observe::observe(&z, None);
        assert!(
            spectator["portfolios"].is_array(),
            "S-48: revealed at the end"
        );
    }
}

#[test]
fn json_round_trip() {
    let mut z = new_state(3, 4, &Value::Null).expect("state");
    let mut rng = Rng::new(1);
    for _ in 0..40 {
        let menu = legal_actions(&z, z.active as i64);
        let a = menu
            .get(&z, rng.below(menu.len() as u64) as usize)
            .expect("item");
        let p = z.active as i64;
        game::apply(&mut z, p, &a).expect("legal");
        let back = game::state_from_json(&z.to_json()).expect("loads");
        assert_eq!(back.key(), z.key());
    }
    let mut obj = z.to_json();
    obj.as_object_mut().expect("object").remove("garden");
    assert!(matches!(
        game::state_from_json(&obj),
        Err(seedbed_core::stalk_exchange::state::LoadError::Missing(_))
    ));
}
