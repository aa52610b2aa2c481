//! Fields of Green's game loop played natively on the fixture card set of the rules' worked
//! examples (`tests/games/fields_of_green/fixture_cards.py`, normalised by the Python
//! validator into `data/fields_of_green_fixture_cards.json`): random games through the menus
//! over 2-4 players and both rule sets, with and without introductory splits, reach the end
//! with every menu item legal, refusals changing nothing, every card and tile conserved, the
//! playout equal to the step loop, determinize keeping the viewer's observation and JSON round
//! trips. Equality with Python is checked step by step by
//! `tests/native/test_fields_of_green_parity.py`; this test needs no Python.

use std::collections::BTreeMap;
use std::sync::Arc;

use seedbed_core::fields_of_green::actions::Action;
use seedbed_core::fields_of_green::events::Events;
use seedbed_core::fields_of_green::flow::movers;
use seedbed_core::fields_of_green::menu::legal_actions;
use seedbed_core::fields_of_green::state::{F_KEEP, F_PLACE, NONE};
use seedbed_core::fields_of_green::{game, observe, playout, Config, Zones};
use seedbed_core::rng::Rng;
use serde_json::{json, Value};

fn cards() -> Value {
    let text = include_str!("data/fields_of_green_fixture_cards.json");
    serde_json::from_str(text).expect("card data")
}

fn configurations() -> Vec<Arc<Config>> {
    let data = cards();
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

/// Every card id and tile of the game exactly once (`Zones.all_cards`).
fn conserved(z: &Zones) -> bool {
    let mut cards: Vec<i32> = z.piles.iter().flatten().copied().collect();
    cards.extend(z.towers.iter().chain(&z.silos).chain(&z.discard));
    cards.extend(z.display.iter().chain(&z.shared));
    let mut tiles: Vec<i64> = z
        .tiles
        .iter()
        .chain(&z.tile_discard)
        .map(|&t| t as i64)
        .collect();
    for p in 0..z.n() {
        cards.extend(&z.hands[p]);
        cards.extend(z.farm_cards(p));
        cards.extend([z.commits[p], z.revealed[p]].iter().filter(|&&c| c != NONE));
        tiles.extend(z.aside[p].iter().map(|&t| t as i64));
    }
    tiles.extend(z.equip.iter().flatten().map(|&t| t as i64));
    for f in &z.stack {
        if f[0] == F_KEEP || f[0] == F_PLACE {
            tiles.extend(&f[2..]);
        }
    }
    cards.sort_unstable();
    tiles.sort_unstable();
    cards == (0..z.cfg.num_cards() as i32).collect::<Vec<_>>()
        && tiles == (0..z.cfg.tiles.len() as i64).collect::<Vec<_>>()
}

#[test]
fn random_games_end_legally_and_conserve_cards() {
    for cfg in configurations() {
        for seed in 0..3 {
            let mut z = game::new_state(cfg.clone(), Rng::new(seed));
            let start = z.clone();
            let mut rng = Rng::new(seed + 100);
            let mut steps = 0;
            while !game::is_terminal(&z) {
                assert!(conserved(&z), "cards or tiles lost at step {steps}");
                let p = movers(&z)[0];
                let menu = legal_actions(&z, p);
                assert!(!menu.is_empty(), "an empty menu for the mover");
                // the State API's item texts are the JSON forms, character for character
                for item in menu.items(&z) {
                    assert_eq!(item.to_json_text(), item.to_json().to_string());
                }
                let a = menu
                    .get(&z, rng.below(menu.len() as u64) as usize)
                    .expect("item");
                // F-7: a refusal leaves the state as it was
                let before = z.clone();
                let outsider = (0..z.n()).find(|q| !movers(&z).contains(q));
                if let Some(q) = outsider {
                    assert!(game::apply(&mut z, q as i64, &a).unwrap_err().not_on_move);
                }
                assert!(game::apply(&mut z, p as i64, &Action::Commit(-5)).is_err());
                assert_eq!(z, before);
                // determinize keeps what the viewer sees (F-77 … F-79)
                if steps % 7 == 0 {
                    let mut d = z.clone();
                    observe::determinize_into(&mut d, p, &mut Rng::new(steps));
                    assert_eq!(observe::observe(&d, Some(p)), observe::observe(&z, Some(p)));
                    assert!(conserved(&d));
                    let back = game::state_from_json(&z.to_json(), cfg.clone()).expect("load");
                    assert_eq!(back.key(), z.key());
                }
                game::apply(&mut z, p as i64, &a).expect("a menu item is legal");
                steps += 1;
                assert!(steps < 5_000, "no end");
            }
            let o = game::outcome(&z).expect("outcome");
            assert_eq!(o.scores.len(), cfg.num_players);
            // the playout with the same generator ends in the same state
            let mut again = start.clone();
            let mut counts = BTreeMap::new();
            let n = playout::playout(&mut again, &mut Rng::new(seed + 100), u64::MAX, &mut counts);
            assert_eq!((n, again.key()), (steps, z.key()));
            assert!(counts.contains_key("game-over"));
        }
    }
}

#[test]
fn events_of_a_step_are_built_only_when_kept() {
    let cfg = configurations()[4].clone();
    let mut z = game::new_state(cfg, Rng::new(1));
    let p = movers(&z)[0];
    let a = legal_actions(&z, p).get(&z, 0).expect("item");
    let mut ev = Events::new();
    game::step(&mut z, p, &a, &mut ev);
    assert!(!ev.is_empty());
}
