//! The trading menu's membership (B-50): `Menu::index` is the inverse of `Menu::get` for
//! every item of trading menus reached by random play in every configuration of the parity
//! harness (outstanding offers left out of the menu included), and finds no offer the menu
//! does not list. Agreement with Python's `OfferSpace.index` on offers outside the menu is
//! checked by `tests/native/test_bohnanza_menu_index.py`.

use seedbed_core::bohnanza::actions::{Action, OfferAction};
use seedbed_core::bohnanza::menu::{legal_actions, Menu};
use seedbed_core::bohnanza::state::{OPEN, TRADE};
use seedbed_core::bohnanza::{game, rules, Zones};
use seedbed_core::rng::Rng;

mod common;
use common::configurations;

/// Trading positions checked per configuration (each for every seat on the move).
const POSITIONS: usize = 3;

/// Every item `i` of `menu` (the menu of `p` at `s`) is found at `i`.
fn check_every_item(s: &Zones, p: usize, menu: &Menu) -> usize {
    for i in 0..menu.len() {
        let a = menu.get(i).expect("item");
        assert_eq!(menu.index(s, p, &a), Some(i), "item {i}: {a}");
        if let Action::Offer(o) = &a {
            let offers = menu.offers.as_ref().expect("offers");
            assert_eq!(offers.index_of(s, p, o), Some(i - menu.fixed.len()));
        }
    }
    menu.len()
}

/// Offers the menu cannot list: another seat's number, a hand position past the hand,
/// numbers beyond any seat or slot, nothing for nothing, a side past the bounds, the
/// player's own outstanding offers (counted in `outstanding`).
fn check_outsiders(s: &Zones, p: usize, menu: &Menu, outstanding: &mut usize) {
    let hand = s.hands[p].len() as i64;
    let v = s.cfg.varieties[0];
    let outsiders = [
        OfferAction::default(),
        OfferAction {
            to: Some(s.cfg.num_players as i64),
            want: vec![v],
            ..OfferAction::default()
        },
        OfferAction {
            to: Some(-1),
            want: vec![v],
            ..OfferAction::default()
        },
        OfferAction {
            to: None,
            give_hand: vec![hand],
            ..OfferAction::default()
        },
        OfferAction {
            to: None,
            give_faceup: vec![2],
            ..OfferAction::default()
        },
        OfferAction {
            to: Some(1 << 40),
            want: vec![v],
            ..OfferAction::default()
        },
        OfferAction {
            to: None,
            want: vec![v; s.cfg.options.max_want as usize + 1],
            ..OfferAction::default()
        },
    ];
    for o in outsiders {
        let a = Action::Offer(Box::new(o));
        assert_eq!(menu.index(s, p, &a), None, "{a}");
    }
    assert_eq!(menu.index(s, p, &Action::Harvest { field: 9 }), None);
    // the player's outstanding offers are left out of the menu (B-50)
    for (i, rec) in s.offers.iter().enumerate() {
        if usize::from(rec.proposer) != p || s.offer_status[i] != OPEN {
            continue;
        }
        let Some(mut positions) = rec
            .give_hand
            .iter()
            .map(|c| s.hands[p].iter().position(|x| x == c).map(|k| k as i64))
            .collect::<Option<Vec<i64>>>()
        else {
            continue;
        };
        positions.sort_unstable();
        let again = OfferAction {
            to: rec.to.map(i64::from),
            give_faceup: rec
                .give_faceup
                .iter()
                .map(|&(sl, _)| i64::from(sl))
                .collect(),
            give_hand: positions,
            want: rec.want.clone(),
            want_faceup: rec
                .want_faceup
                .iter()
                .map(|&(sl, _)| i64::from(sl))
                .collect(),
        };
        let a = Action::Offer(Box::new(again));
        assert_eq!(menu.index(s, p, &a), None, "outstanding {a}");
        *outstanding += 1;
    }
}

#[test]
fn every_trading_menu_item_is_found_where_it_is() {
    let mut checked = 0;
    let mut outstanding = 0;
    let mut tables = 0;
    for (n, options) in configurations() {
        let mut s = rules::new_state(n, 11 + n as u64, options.clone()).expect("state");
        let mut rng = Rng::new(5 + n as u64);
        let mut positions = 0;
        let mut step = 0;
        while !game::is_terminal(&s) && positions < POSITIONS {
            // a trading position some steps into the phase (offers outstanding)
            if s.phase == TRADE && step % 7 == 3 {
                for p in game::movers(&s) {
                    let menu = legal_actions(&s, p);
                    checked += check_every_item(&s, p, &menu);
                    check_outsiders(&s, p, &menu, &mut outstanding);
                }
                positions += 1;
            }
            let p = game::movers(&s)[0];
            let menu = legal_actions(&s, p);
            let a = menu
                .get(rng.below(menu.len() as u64) as usize)
                .expect("item");
            game::apply(&mut s, p as i64, &a).expect("legal");
            step += 1;
        }
        // the two-player duel (standard edition) has no trading phase (B-53)
        tables += usize::from(positions == POSITIONS);
    }
    assert_eq!(tables, configurations().len() - 3, "tables with trading");
    assert!(checked > 100_000, "{checked} items");
    assert!(outstanding > 0, "no position with an outstanding offer");
}
