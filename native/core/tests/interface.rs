//! The one game interface (issue 33 item 1): the three games played through [`NativeGame`]
//! alone, by code written once for all of them (as a search over the trait will be). For each
//! game and a spread of configurations: the interface's step loop (`random_playout`) plays the
//! very game of the game's own playout (same steps, same final `key()`); along the way every
//! menu item is legal and applies, a clone keeps the key, the JSON round trip keeps it,
//! determinize keeps the viewer's observation, codes and action JSON round-trip, a seat not on
//! the move is refused and changes nothing; at the end there is an outcome and the returns
//! share one win.

use seedbed_core::interface::{
    random_playout, Bohnanza, FieldsOfGreen, Menu, NativeGame, StalkExchange,
};
use seedbed_core::rng::Rng;
use serde_json::{json, Value};

fn fog_cards() -> Value {
    let text = include_str!("data/fields_of_green_fixture_cards.json");
    serde_json::from_str(text).expect("card data")
}

/// What is checked every `every` steps of a game played through the interface.
fn check_position<G: NativeGame>(s: &G, data: &Value, rng: &mut Rng) {
    let key = s.key();
    assert_eq!(s.clone().key(), key, "a clone keeps the key");
    let loaded = G::from_json(&s.to_json(), data).expect("round trip");
    assert_eq!(loaded.key(), key, "to_json / from_json keep the key");
    let n = s.num_players();
    for viewer in 0..n {
        let d = s.determinize(viewer, rng);
        assert_eq!(
            d.observe(Some(viewer)),
            s.observe(Some(viewer)),
            "determinize keeps what the viewer sees"
        );
        assert_eq!(d.to_move(), s.to_move());
    }
    let movers = s.to_move();
    for p in 0..n {
        let menu = s.menu(p);
        assert_eq!(
            menu.is_empty(),
            !movers.contains(&p),
            "a menu only for a mover"
        );
    }
    let Some(&p) = movers.first() else { return };
    let menu = s.menu(p);
    for i in [0, menu.len() / 2, menu.len() - 1] {
        let a = menu.get(s, i).expect("item");
        assert!(s.refusal(p as i64, &a).is_none(), "menu item {a} is legal");
        assert_eq!(G::action_from_json(&G::action_json(&a)), Ok(a.clone()));
        if let Some(code) = G::code_of(&a) {
            assert_eq!(G::action_of_code(code), Some(a.clone()));
        }
        let other = (0..n as i64 + 1).find(|&q| !movers.contains(&(q as usize)));
        if let Some(q) = other {
            let mut t = s.clone();
            let why = t.apply(q, &a).expect_err("not on the move");
            assert!(why.not_on_move, "{}", why.message);
            assert_eq!(t.key(), key, "a refusal changes nothing");
        }
    }
}

/// One game through the interface from `start`, checked every `every` steps.
fn play<G: NativeGame>(start: &G, data: &Value, seed: u64, every: u64) {
    let mut s = start.clone();
    let mut rng = Rng::new(seed);
    let mut probe = Rng::new(seed ^ 0x5eed);
    let mut steps = 0;
    while !s.is_terminal() {
        if steps % every == 0 {
            check_position(&s, data, &mut probe);
        }
        assert_eq!(
            random_playout(&mut s, &mut rng, 1),
            1,
            "a mover with a menu"
        );
        steps += 1;
        assert!(steps < 200_000, "the game ends");
    }
    assert!(s.to_move().is_empty() && s.first_mover().is_none());
    let outcome = s.outcome().expect("an outcome at the end");
    let returns = s.returns().expect("returns at the end");
    assert_eq!(returns.len(), s.num_players());
    assert!(
        (returns.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "one win shared"
    );
    for &w in &outcome.winners {
        assert!(returns[w] > 0.0 && outcome.ranks[w] == 1);
    }
    // the game's own playout plays the same game with the same draws
    let mut own = start.clone();
    assert_eq!(own.playout(&mut Rng::new(seed), u64::MAX), steps);
    assert_eq!(
        own.key(),
        s.key(),
        "{}: the playout is the step loop",
        G::NAME
    );
    let mut events = 0;
    let mut again = start.clone();
    let mut rng = Rng::new(seed);
    while let Some(p) = again.first_mover() {
        let menu = again.menu(p);
        let a = menu
            .get(&again, rng.below(menu.len() as u64) as usize)
            .expect("item");
        for e in again.apply(p as i64, &a).expect("legal") {
            let parts = again.event_parts(&e);
            assert!(!parts.kind.is_empty() && parts.public.is_object());
            events += 1;
        }
    }
    assert!(events > 0 && again.key() == s.key());
}

fn play_all<G: NativeGame>(configs: &[(usize, Value)], data: &Value, seeds: u64, every: u64) {
    for (n, options) in configs {
        let cfg = G::config(*n, options, data).expect("config");
        for seed in 0..seeds {
            play(&G::new_state(&cfg, seed), data, seed + 7, every);
        }
    }
}

#[test]
fn bohnanza_through_the_interface() {
    let configs = [
        (2, json!({})),
        (3, json!({"max_offers": 0})),
        (
            4,
            json!({"max_offers": 2, "offer_menu": {"positions": "all"}}),
        ),
        (
            5,
            json!({"edition": "classic", "treasury_visibility": "open"}),
        ),
    ];
    play_all::<Bohnanza>(&configs, &Value::Null, 2, 25);
    assert!(Bohnanza::config(8, &json!({}), &Value::Null)
        .unwrap_err()
        .ends_with("[B-2]"));
}

#[test]
fn stalk_exchange_through_the_interface() {
    let configs = [
        (2, Value::Null),
        (3, json!({"garden_radius": 2, "exchange_slots": 4})),
        (5, Value::Null),
    ];
    play_all::<StalkExchange>(&configs, &Value::Null, 2, 5);
}

#[test]
fn fields_of_green_through_the_interface() {
    let data = fog_cards();
    let configs: Vec<(usize, Value)> = [(2, "published", false), (3, "prototype", true)]
        .into_iter()
        .map(|(n, ruleset, intro)| {
            (
                n,
                json!({"ruleset": ruleset, "introductory": intro, "cards": data}),
            )
        })
        .collect();
    play_all::<FieldsOfGreen>(&configs, &data, 2, 5);
}
