//! observe, determinize and state_from_json played natively: at every step of random games,
//! a determinization for a seat conserves the cards (B-12), keeps what that seat knows (its
//! observation is unchanged, B-72) and resamples the rest; `state_from_json(to_json())` gives
//! the same state back. Equality with Python (observations as JSON text, determinizations
//! for the same generator) is checked by `tests/native/test_bohnanza_parity.py`.

use seedbed_core::bohnanza::menu::legal_actions;
use seedbed_core::bohnanza::observe::{determinize_into, observe};
use seedbed_core::bohnanza::state::LoadError;
use seedbed_core::bohnanza::{game, rules, Edition, Options, Zones};
use seedbed_core::rng::Rng;
use serde_json::json;

fn conserved(s: &Zones) -> bool {
    let mut all = s.all_cards();
    all.sort_unstable();
    all.len() == s.cfg.num_cards() && all.iter().enumerate().all(|(i, &c)| i == c as usize)
}

#[test]
fn determinize_keeps_what_the_viewer_knows() {
    let mut resampled = 0;
    for (edition, n, treasury_open) in [
        (Edition::Standard, 2, false),
        (Edition::Standard, 4, false),
        (Edition::Standard, 6, true),
        (Edition::Classic, 3, false),
    ] {
        let options = Options {
            edition,
            treasury_open,
            ..Options::default()
        };
        let mut s = rules::new_state(n, 11 + n as u64, options).expect("state");
        let mut rng = Rng::new(3);
        let mut steps = 0;
        while !game::is_terminal(&s) && steps < 400 {
            let movers = game::movers(&s);
            let viewer = steps % n;
            let mut d = s.clone();
            determinize_into(&mut d, Some(viewer), &mut rng);
            assert!(conserved(&d), "B-12 after determinize");
            assert_eq!(d.hands[viewer], s.hands[viewer]);
            assert_eq!(d.treasury[viewer], s.treasury[viewer]);
            assert_eq!(
                observe(&d, Some(viewer), &movers),
                observe(&s, Some(viewer), &movers),
                "the viewer's observation changed (B-72)"
            );
            assert_eq!(observe(&d, None, &movers), observe(&s, None, &movers));
            resampled += usize::from(d.deck != s.deck || d.hands != s.hands);
            // the loaded state is the state
            let back = game::state_from_json(&s.to_json()).expect("round trip");
            assert_eq!(back, s);
            let p = movers[0];
            let menu = legal_actions(&s, p);
            let a = menu
                .get(rng.below(menu.len() as u64) as usize)
                .expect("item");
            game::apply(&mut s, p as i64, &a).expect("legal");
            steps += 1;
        }
    }
    assert!(
        resampled > 1000,
        "determinize resampled only {resampled} times"
    );
}

#[test]
fn observe_hides_hands_and_secret_treasuries() {
    let s = rules::new_state(4, 5, Options::default()).expect("state");
    let movers = game::movers(&s);
    let spectator = observe(&s, None, &movers);
    assert!(spectator.get("hand").is_none());
    assert!(spectator["players"][1].get("coins").is_none());
    let seat = observe(&s, Some(1), &movers);
    assert_eq!(
        seat["hand"].as_array().map(Vec::len),
        Some(s.hands[1].len())
    );
    assert_eq!(seat["players"][1]["coins"], json!(0));
    assert!(seat["players"][0].get("coins").is_none());
    let keys: Vec<&str> = seat
        .as_object()
        .expect("object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(&keys[..3], ["game", "edition", "num_players"]);
    assert_eq!(&keys[keys.len() - 2..], ["hand", "treasury"]);
}

#[test]
fn state_from_json_refuses_what_it_cannot_hold() {
    let s = rules::new_state(3, 1, Options::default()).expect("state");
    let good = s.to_json();
    let mut missing = good.clone();
    missing
        .as_object_mut()
        .expect("object")
        .shift_remove("deck");
    assert_eq!(
        game::state_from_json(&missing),
        Err(LoadError::Missing("deck".into()))
    );
    for (key, value) in [
        ("num_players", json!(9)),
        ("deck", json!([0, 1, 400])),
        ("hands", json!([[], []])),
        ("active", json!(3)),
        ("phase", json!(7)),
        ("faceup", json!([-1])),
        ("offer_status", json!([0])),
        ("options", json!({"edition": "deluxe"})),
        ("offers", json!([[1, 5, null, [], [], [], [], []]])),
    ] {
        let mut bad = good.clone();
        bad[key] = value;
        assert!(
            matches!(game::state_from_json(&bad), Err(LoadError::Bad(_))),
            "{key} accepted"
        );
    }
}
