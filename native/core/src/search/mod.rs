//! Search in Rust over the one game interface (issue 33 item 2): the ISMCTS of
//! `seedbed.bots.ismcts` ([`ismcts`]), generic over [`SearchGame`] — a [`NativeGame`] plus
//! what a search asks of a game beyond the rules: an action's kind (for type-balanced
//! widening), the greedy policy where the game has one natively, the evaluation of a cut-off
//! rollout, and the observer's courteous menu (Bohnanza's trading etiquette). The Python bots stay the readable reference: with the
//! same seed and settings the native tree draws the same numbers in the same order and
//! chooses the same move (`tests/bots/test_native_search.py`).

use std::borrow::Cow;

use crate::interface::NativeGame;
use crate::rng::Rng;

pub mod games;
pub mod ismcts;
pub mod menu;
pub mod rollout;

/// A [`NativeGame`] a search can run over: the defaults are a game without a native greedy
/// policy and without etiquette, whose action kinds are read from their JSON.
pub trait SearchGame: NativeGame {
    /// Whether [`SearchGame::greedy_choose`] and [`SearchGame::greedy_playout`] are the
    /// game's `heuristics.choose` natively (the same draws).
    const GREEDY: bool = false;

    /// The action's kind (its JSON `type`, `seedbed.engine.menu.kind_of`).
    fn kind(a: &Self::Action) -> Cow<'static, str> {
        let json = Self::action_json(a);
        Cow::Owned(json["type"].as_str().unwrap_or("").to_owned())
    }

    /// `heuristics.choose(observe(p), legal_actions(p), rng)`; None without a native policy
    /// (or an empty menu).
    fn greedy_choose(&self, p: usize, rng: &mut Rng) -> Option<Self::Action> {
        let _ = (p, rng);
        None
    }

    /// Play on with `greedy_choose` at every seat (the first on the move) until the end or
    /// `max_steps` actions; how many were played (0 without a native policy).
    fn greedy_playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        let _ = (rng, max_steps);
        0
    }

    /// `heuristics.polite(observe(p), menu)` of a bot-only table: the part of `menu` (p's)
    /// a courteous player chooses among, None for the whole menu.
    fn polite(&self, p: usize, menu: &Self::Menu) -> Option<Vec<Self::Action>> {
        let _ = (p, menu);
        None
    }

    /// `a in legal_actions(p)` as the Python menu answers it (`menu` is p's menu at this
    /// position): by default whether `a` is legal; a game whose menu lists one canonical
    /// form of equivalent actions answers for its own items only.
    fn on_menu(&self, p: usize, menu: &Self::Menu, a: &Self::Action) -> bool {
        let _ = menu;
        self.refusal(p as i64, a).is_none()
    }

    /// Whether the game has a `polite` rule at all (`heuristics.polite` in Python).
    const POLITE: bool = false;

    /// `apply` of an action the search knows to be legal for `p` (a menu's item, a child
    /// found available, the greedy policy's choice): the same change of state, without
    /// checking it again or building events, where the game has a way.
    fn apply_legal(&mut self, p: usize, a: &Self::Action) {
        debug_assert!(
            self.refusal(p as i64, a).is_none(),
            "{} applies only legal moves",
            Self::NAME
        );
        let _ = self.apply(p as i64, a);
    }

    /// Whether [`SearchGame::evaluate`] is the game's `heuristics` evaluation natively for
    /// this game (its options may rule it out: Fields of Green prices the shipped card set).
    fn evaluates(&self) -> bool {
        false
    }

    /// `Search.evaluate` of the Python search at this position: every seat's value in
    /// [0, 1], as `heuristics.evaluate_all(observe(me))` (an evaluation of public facts),
    /// `heuristics.evaluate_views([observe(q) for q in seats])` or
    /// `[heuristics.evaluate(observe(q)) for q in seats]` compute it, bit for bit; None
    /// without a native evaluation.
    fn evaluate(&self, me: usize) -> Option<Vec<f64>> {
        let _ = me;
        None
    }
}

/// A dealt position of `G` for the search's tests: `players` seats, `moves` random moves in
/// (Fields of Green with the tests' fixture card set).
#[cfg(test)]
pub(crate) fn test_position<G: SearchGame>(players: usize, seed: u64, moves: u64) -> G {
    let (options, data) = if G::NAME == "fields_of_green" {
        let text = include_str!("../../tests/data/fields_of_green_fixture_cards.json");
        let data: serde_json::Value = serde_json::from_str(text).expect("card data");
        let options = serde_json::json!({"ruleset": "published", "introductory": false,
                                         "cards": data.clone()});
        (options, data)
    } else {
        (serde_json::json!({}), serde_json::Value::Null)
    };
    let cfg = G::config(players, &options, &data).expect("config");
    let mut state = G::new_state(&cfg, seed);
    state.playout(&mut Rng::new(seed), moves);
    state
}
