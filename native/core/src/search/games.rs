//! The three games behind [`SearchGame`]: each calls the game's own functions.

use std::borrow::Cow;

use super::SearchGame;
use crate::bohnanza::actions::Action as BAction;
use crate::bohnanza::greedy::Me;
use crate::bohnanza::greedy_trade::{at_limit, polite_offers};
use crate::bohnanza::state::TRADE;
use crate::interface::{Bohnanza, FieldsOfGreen, NativeGame, StalkExchange};
use crate::rng::Rng;
use crate::{bohnanza, fields_of_green};

/// An event log that keeps nothing: the search's moves change the state only.
struct Unlogged;

impl fields_of_green::events::Log for Unlogged {
    fn push(&mut self, _kind: &'static str, _public: impl FnOnce() -> serde_json::Value) {}

    fn push_private(
        &mut self,
        _kind: &'static str,
        _to: usize,
        _parts: impl FnOnce() -> (serde_json::Value, serde_json::Value),
    ) {
    }
}

impl crate::stalk_exchange::events::Log for Unlogged {
    fn push(
        &mut self,
        _kind: &'static str,
        _event: impl FnOnce() -> crate::stalk_exchange::events::Event,
    ) {
    }
}

impl SearchGame for Bohnanza {
    const GREEDY: bool = true;
    const POLITE: bool = true;

    fn kind(a: &BAction) -> Cow<'static, str> {
        Cow::Borrowed(a.kind())
    }

    fn greedy_choose(&self, p: usize, rng: &mut Rng) -> Option<BAction> {
        let menu = bohnanza::menu::legal_actions(self, p);
        bohnanza::greedy::choose(self, p, &menu, rng)
    }

    fn greedy_playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        bohnanza::playout::greedy_playout(self, rng, max_steps)
    }

    fn evaluates(&self) -> bool {
        true
    }

    fn evaluate(&self, _me: usize) -> Option<Vec<f64>> {
        Some(bohnanza::evaluate::evaluate_views(self))
    }

    /// The lazy menu's own membership: it lists one offer for cards of one variety in hand.
    fn on_menu(&self, p: usize, menu: &bohnanza::menu::Menu, a: &BAction) -> bool {
        menu.contains(self, p, a)
    }

    /// `heuristics.polite` with a bot-only table's manners: outside trading the whole menu;
    /// in trading the fixed part without withdrawals (without passing or ending trading while
    /// an offer awaits p's answer) and the polite offers the menu holds.
    fn polite(&self, p: usize, menu: &bohnanza::menu::Menu) -> Option<Vec<BAction>> {
        if self.phase != TRADE {
            return None;
        }
        let mut head: Vec<BAction> = menu
            .fixed
            .iter()
            .filter(|a| !matches!(a, BAction::Withdraw { .. }))
            .cloned()
            .collect();
        if head.iter().any(|a| matches!(a, BAction::Decline { .. })) {
            head.retain(|a| !matches!(a, BAction::Pass | BAction::EndTrading));
        }
        if at_limit(self, p) || menu.fixed.len() == menu.len() {
            return (!head.is_empty()).then_some(head);
        }
        let me = Me::new(self, p);
        let base = me.worth();
        for (_, offer) in polite_offers(self, p, &me, base) {
            let a = BAction::Offer(Box::new(offer));
            if menu.contains(self, p, &a) {
                head.push(a);
            }
        }
        (!head.is_empty()).then_some(head)
    }
}

impl SearchGame for FieldsOfGreen {
    const GREEDY: bool = true;

    fn kind(a: &fields_of_green::actions::Action) -> Cow<'static, str> {
        Cow::Borrowed(a.kind())
    }

    fn greedy_choose(&self, p: usize, rng: &mut Rng) -> Option<fields_of_green::actions::Action> {
        fields_of_green::greedy::choose(self, p, rng)
    }

    fn greedy_playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        fields_of_green::greedy::greedy_playout(self, rng, max_steps)
    }

    /// `game::step` without its check (its moves are legal) and without events.
    fn apply_legal(&mut self, p: usize, a: &fields_of_green::actions::Action) {
        debug_assert!(self.refusal(p as i64, a).is_none());
        fields_of_green::game::step(self, p, a, &mut Unlogged);
    }

    /// With the shipped card set only: the Python heuristics look designs up in it.
    fn evaluates(&self) -> bool {
        fields_of_green::greedy::prices_this_set(&self.cfg)
    }

    fn evaluate(&self, _me: usize) -> Option<Vec<f64>> {
        self.evaluates()
            .then(|| fields_of_green::greedy::evaluate::evaluate_all(self))
    }
}

impl SearchGame for StalkExchange {
    const GREEDY: bool = true;

    fn greedy_choose(
        &self,
        p: usize,
        rng: &mut Rng,
    ) -> Option<crate::stalk_exchange::actions::Action> {
        crate::stalk_exchange::greedy::choose(self, p, rng)
    }

    fn greedy_playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        crate::stalk_exchange::greedy::greedy_playout(self, rng, max_steps)
    }

    /// `game::effect` without its check (its moves are legal) and without events.
    fn apply_legal(&mut self, p: usize, a: &crate::stalk_exchange::actions::Action) {
        debug_assert!(self.refusal(p as i64, a).is_none());
        crate::stalk_exchange::game::effect(self, a, &mut Unlogged);
    }

    fn evaluates(&self) -> bool {
        true
    }

    fn evaluate(&self, _me: usize) -> Option<Vec<f64>> {
        Some(crate::stalk_exchange::evaluate::evaluate_views(self))
    }
}
