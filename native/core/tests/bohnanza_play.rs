//! Bohnanza's game loop played natively: random games through the menus (every configuration
//! of the parity harness) reach the end with every menu item legal, the cards conserved
//! (B-12) and refusals changing nothing. Equality with Python is checked step by step by
//! `tests/native/test_bohnanza_parity.py`; this test needs no Python.

use seedbed_core::bohnanza::actions::Action;
use seedbed_core::bohnanza::menu::legal_actions;
use seedbed_core::bohnanza::{game, rules};
use seedbed_core::rng::Rng;

mod common;
use common::configurations;

fn conserved(s: &seedbed_core::bohnanza::Zones) -> bool {
    let mut all = s.all_cards();
    all.sort_unstable();
    all.len() == s.cfg.num_cards() && all.iter().enumerate().all(|(i, &c)| i == c as usize)
}

#[test]
fn random_games_end_legally_and_conserve_cards() {
    let mut games = 0;
    for (n, options) in configurations() {
        let mut s = rules::new_state(n, 7 + n as u64, options).expect("state");
        let mut rng = Rng::new(n as u64);
        let mut steps = 0;
        while !game::is_terminal(&s) {
            let p = game::movers(&s)[0];
            let menu = legal_actions(&s, p);
            assert!(!menu.is_empty(), "an empty menu for a mover");
            let a = menu
                .get(rng.below(menu.len() as u64) as usize)
                .expect("item");
            // a refusal leaves the state as it was
            let before = s.clone();
            let bad = Action::Harvest { field: -1 };
            assert!(game::apply(&mut s, p as i64, &bad).is_err());
            assert!(
                game::apply(&mut s, -1, &Action::Pass)
                    .unwrap_err()
                    .not_on_move
            );
            assert_eq!(s, before);
            game::apply(&mut s, p as i64, &a).unwrap_or_else(|e| panic!("{a}: {e:?}"));
            assert!(conserved(&s), "B-12 after {a}");
            steps += 1;
            assert!(steps < 100_000, "no end");
        }
        let outcome = game::outcome(&s).expect("outcome");
        assert_eq!(outcome.scores.len(), n);
        assert!(outcome.ranks.contains(&1));
        games += 1;
    }
    assert_eq!(games, 27);
}

/// An offer made directly may be larger than any the menu lists (`max_give` / `max_want`
/// bound only the menu): the proposer's next menu leaves it out of the duplicates instead
/// of failing on it.
#[test]
fn offers_larger_than_the_menu_are_no_duplicates() {
    use seedbed_core::bohnanza::actions::OfferAction;
    use seedbed_core::bohnanza::state::TRADE;
    let mut s = rules::new_state(4, 3, Default::default()).expect("state");
    let mut rng = Rng::new(3);
    while s.phase != TRADE {
        let p = game::movers(&s)[0];
        let menu = legal_actions(&s, p);
        let a = menu
            .get(rng.below(menu.len() as u64) as usize)
            .expect("item");
        game::apply(&mut s, p as i64, &a).expect("legal");
    }
    let p = s.active;
    let v = s.cfg.varieties[0];
    let big = OfferAction {
        to: None,
        give_hand: (0..s.hands[p].len() as i64).collect(),
        want: vec![v; 5],
        ..OfferAction::default()
    };
    game::apply(&mut s, p as i64, &Action::Offer(Box::new(big))).expect("a legal offer");
    let menu = legal_actions(&s, p);
    assert!(menu.len() > 2);
}
