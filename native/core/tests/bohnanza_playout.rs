//! Native playouts (issue 14): `playout` plays exactly the game the step-by-step loop plays
//! (`game::movers(s)[0]` picks `menu[rng.below(len)]` through `game::apply`), leaves the
//! generator in the same state, and counts every event under the kind its JSON carries.
//! Equality with Python is checked by `tests/native/test_playout_parity.py`.

use seedbed_core::bohnanza::menu::legal_actions;
use seedbed_core::bohnanza::playout::{first_mover, playout, simulate_one, EVENT_KINDS, KINDS};
use seedbed_core::bohnanza::{game, rules, Options};
use seedbed_core::rng::Rng;

mod common;
use common::configurations;

#[test]
fn playout_plays_the_step_by_step_game() {
    for (k, (n, options)) in configurations().into_iter().enumerate() {
        let seed = 31 + k as u64;
        let mut stepped = rules::new_state(n, seed, options.clone()).expect("state");
        let mut played = stepped.clone();
        let mut rng_stepped = Rng::new(seed * 7);
        let mut rng_played = rng_stepped;
        let mut counts_stepped = [0u64; KINDS];
        let mut steps = 0;
        while !game::is_terminal(&stepped) {
            let p = game::movers(&stepped)[0];
            assert_eq!(first_mover(&stepped), Some(p));
            let menu = legal_actions(&stepped, p);
            let a = menu
                .get(rng_stepped.below(menu.len() as u64) as usize)
                .expect("item");
            for e in game::apply(&mut stepped, p as i64, &a).expect("a menu item is legal") {
                assert_eq!(e.kind(), e.to_json(&stepped.cfg).kind);
                counts_stepped[EVENT_KINDS.iter().position(|&x| x == e.kind()).unwrap()] += 1;
            }
            steps += 1;
        }
        assert_eq!(first_mover(&stepped), None);
        let mut counts = [0u64; KINDS];
        assert_eq!(
            playout(&mut played, &mut rng_played, u64::MAX, &mut counts),
            steps
        );
        assert_eq!(played.key(), stepped.key(), "configuration {k}");
        assert_eq!(rng_played, rng_stepped);
        assert_eq!(counts, counts_stepped);
    }
}

#[test]
fn playout_stops_at_the_cap_and_resumes() {
    let (n, options) = (4, Options::default());
    let mut whole = rules::new_state(n, 5, options.clone()).expect("state");
    let mut parts = whole.clone();
    let (mut r1, mut r2) = (Rng::new(9), Rng::new(9));
    let mut counts = [0u64; KINDS];
    let all = playout(&mut whole, &mut r1, u64::MAX, &mut counts);
    assert_eq!(playout(&mut parts, &mut r2, 100, &mut [0; KINDS]), 100);
    assert!(!game::is_terminal(&parts));
    assert_eq!(
        playout(&mut parts, &mut r2, u64::MAX, &mut [0; KINDS]),
        all - 100
    );
    assert_eq!(parts.key(), whole.key());
    assert_eq!(
        counts[EVENT_KINDS.iter().position(|&x| x == "game-over").unwrap()],
        1
    );
}

#[test]
fn simulate_one_reports_a_cap_without_an_end() {
    let dealt = rules::new_state(4, 1, Options::default()).expect("state");
    let err = simulate_one(dealt.clone(), 1, 10)
        .err()
        .expect("no end in 10");
    assert!(err.contains("no end after 10 actions"), "{err}");
    let game = simulate_one(dealt, 1, 1_000_000).expect("a whole game");
    assert_eq!(game.outcome.scores.len(), 4);
}

/// Not a test of behaviour: `cargo test --release -- --ignored speed` plays games for a
/// profiler (perf record) to look at.
#[test]
#[ignore = "a workload for profiling, not a check"]
fn speed_workload() {
    let offers = std::env::var("MAX_OFFERS").map_or(6, |v| v.parse().expect("a number"));
    let options = Options {
        max_offers: Some(offers),
        ..Options::default()
    };
    let cfg = rules::new_state(4, 0, options).expect("state").cfg;
    for seed in 0..300 {
        let s = rules::setup(cfg.clone(), Rng::new(seed));
        simulate_one(s, seed, u64::MAX).expect("ends");
    }
}

/// A playout makes its offers from the menu's record (`OfferSpace::record`): the record
/// `trading::make_record` makes of the same menu item.
#[test]
fn menu_records_are_the_records_of_menu_offers() {
    use seedbed_core::bohnanza::trading::make_record;
    let mut checked = 0;
    for (k, (n, options)) in configurations().into_iter().enumerate() {
        let mut s = rules::new_state(n, 70 + k as u64, options).expect("state");
        let mut rng = Rng::new(k as u64);
        while let Some(p) = first_mover(&s) {
            let menu = legal_actions(&s, p);
            if let Some(offers) = &menu.offers {
                for i in (0..offers.len()).step_by(offers.len() / 5 + 1) {
                    assert_eq!(
                        offers.record(&s, p, i),
                        make_record(&s, p, &offers.offer(i))
                    );
                    checked += 1;
                }
            }
            let a = menu
                .get(rng.below(menu.len() as u64) as usize)
                .expect("item");
            game::apply(&mut s, p as i64, &a).expect("legal");
        }
    }
    assert!(checked > 1000, "{checked}");
}
