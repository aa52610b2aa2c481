//! The native greedy policy (issue 16) on its own: every choice is a legal action of the
//! chooser's menu, `greedy_playout` plays the game the step loop of `greedy::choose` plays
//! (same final state and generator) to its end, and a position resampled for the chooser
//! (`determinize_into`: other hands, treasuries, deck and the game's generator redrawn) gets
//! the same choice with the same draws. Equality with Python's `heuristics.choose` is checked
//! by `tests/native/test_bohnanza_greedy.py`.

use seedbed_core::bohnanza::menu::legal_actions;
use seedbed_core::bohnanza::observe::{determinize_into, observe};
use seedbed_core::bohnanza::playout::{first_mover, greedy_playout};
use seedbed_core::bohnanza::{game, greedy, rules, Options};
use seedbed_core::rng::Rng;

mod common;
use common::configurations;

#[test]
fn greedy_playout_plays_the_step_loop_of_legal_choices() {
    for (k, (n, options)) in configurations().into_iter().enumerate() {
        let seed = 71 + k as u64;
        let mut stepped = rules::new_state(n, seed, options.clone()).expect("state");
        let mut played = stepped.clone();
        let mut rng_stepped = Rng::new(seed);
        let mut rng_played = rng_stepped;
        let mut steps = 0u64;
        while let Some(p) = first_mover(&stepped) {
            let menu = legal_actions(&stepped, p);
            let a = greedy::choose(&stepped, p, &menu, &mut rng_stepped).expect("a choice");
            assert!(
                menu.contains(&stepped, p, &a),
                "configuration {k}: {a} not in the menu"
            );
            game::apply(&mut stepped, p as i64, &a).expect("a menu item is legal");
            steps += 1;
            assert!(steps < 100_000, "configuration {k}: no end");
        }
        assert!(game::is_terminal(&stepped));
        assert_eq!(
            greedy_playout(&mut played, &mut rng_played, u64::MAX),
            steps
        );
        assert_eq!(played.key(), stepped.key(), "configuration {k}");
        assert_eq!(rng_played, rng_stepped);
    }
}

#[test]
fn greedy_playout_stops_at_the_cap_and_resumes() {
    let mut whole = rules::new_state(4, 5, Options::default()).expect("state");
    let mut parts = whole.clone();
    let (mut r1, mut r2) = (Rng::new(9), Rng::new(9));
    let all = greedy_playout(&mut whole, &mut r1, u64::MAX);
    assert_eq!(greedy_playout(&mut parts, &mut r2, 100), 100);
    assert!(!game::is_terminal(&parts));
    assert_eq!(greedy_playout(&mut parts, &mut r2, u64::MAX), all - 100);
    assert_eq!(parts.key(), whole.key());
    assert_eq!(r1, r2);
}

#[test]
fn a_resampled_position_gets_the_same_choice() {
    for (k, (n, options)) in configurations().into_iter().enumerate().step_by(3) {
        let seed = 500 + k as u64;
        let mut s = rules::new_state(n, seed, options).expect("state");
        let mut rng = Rng::new(seed);
        let mut redraw = Rng::new(seed ^ 0xABCD);
        let mut changed = 0;
        while let Some(p) = first_mover(&s) {
            let mut twin = s.clone();
            determinize_into(&mut twin, Some(p), &mut redraw);
            let movers = game::movers(&s);
            assert_eq!(
                observe(&twin, Some(p), &movers),
                observe(&s, Some(p), &movers)
            );
            changed += usize::from(twin.key() != s.key());
            let mut twin_rng = rng;
            let menu = legal_actions(&s, p);
            let a = greedy::choose(&s, p, &menu, &mut rng).expect("a choice");
            let twin_menu = legal_actions(&twin, p);
            let b = greedy::choose(&twin, p, &twin_menu, &mut twin_rng).expect("a choice");
            assert_eq!(a, b, "configuration {k}");
            assert_eq!(rng, twin_rng);
            game::apply(&mut s, p as i64, &a).expect("legal");
        }
        assert!(changed > 0);
    }
}
