//! SO-ISMCTS (`seedbed.bots.ismcts.Search`) over [`SearchGame`]: one tree of the observer's
//! information set, a determinization (`determinize(me, rng)`) per iteration, UCB1 with
//! availability counts, progressive widening with type-balanced draws over large menus, the
//! greedy prior and anchor, random or greedy rollouts, rewards `0.75 * win share + 0.25 *
//! rank`. Every draw from the generator is the Python search's, in the same order, so with
//! the same seed and settings both trees grow alike and choose the same move.
//!
//! `rollout=cutoff` plays `depth` moves of its policy and scores the leaf with the game's
//! evaluation ([`SearchGame::evaluate`]). Not here (the Python tree runs them):
//! `bulky=false`, a table's own manners (Bohnanza's etiquette is a bot-only table's), and
//! what a game has no native policy or evaluation for.

use std::collections::HashMap;
use std::time::Instant;

use super::menu::{balanced_index, group_runs, runs, View};
use super::SearchGame;
use crate::interface::{NativeGame, Outcome};
use crate::rng::Rng;

/// `WIN_WEIGHT`: the share of the reward given by winning (the rest by rank).
pub const WIN_WEIGHT: f64 = 0.75;
/// `RETRIES`: draws of a new child before a widening node gives up.
pub const RETRIES: usize = 8;
/// `ROLLOUT_STEPS`: actions a rollout plays at most.
pub const ROLLOUT_STEPS: u64 = 1_000_000;

/// How a rollout plays on from a leaf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rollout {
    /// The uniform random policy (the game's native `playout`).
    Random,
    /// The game's greedy policy at every seat ([`SearchGame::greedy_playout`]).
    Greedy,
    /// `depth` moves of the policy (greedy or random), then the game's evaluation of the
    /// leaf ([`SearchGame::evaluate`]) unless the game ended.
    Cutoff { depth: u64, greedy: bool },
}

/// The settings of `seedbed.bots.ismcts.Settings` that the native tree runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Iterations to run (None: until `seconds`).
    pub iterations: Option<u64>,
    /// Seconds to search instead (at least one iteration).
    pub seconds: Option<f64>,
    /// A hard cap in seconds (a server's think budget), whatever the iterations.
    pub cap: Option<f64>,
    pub c: f64,
    pub rollout: Rollout,
    pub max_children: usize,
    pub widen: f64,
    /// `prior=greedy`: a node's first child is the greedy policy's move.
    pub prior: bool,
    pub anchor: f64,
    /// Whether the observer's own moves come from the game's `polite` menu.
    pub polite: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            iterations: Some(1000),
            seconds: None,
            cap: None,
            c: 0.7,
            rollout: Rollout::Random,
            max_children: 16,
            widen: 1.0,
            prior: false,
            anchor: 0.0,
            polite: true,
        }
    }
}

/// Whether these settings play the game's greedy policy: as the prior, the rollouts, or
/// the moves of a cut-off rollout before its evaluation.
pub fn needs_greedy(s: &Settings) -> bool {
    let policy = match s.rollout {
        Rollout::Greedy => true,
        Rollout::Cutoff { depth, greedy } => greedy && depth > 0,
        Rollout::Random => false,
    };
    s.prior || policy
}

/// Why a game cannot run these settings natively.
pub fn unsupported<G: SearchGame>(s: &Settings) -> Option<&'static str> {
    if !G::GREEDY && needs_greedy(s) {
        return Some("the game has no native greedy policy");
    }
    None
}

/// Why these settings cannot run natively from `state` (also what its options rule out: a
/// game without a native evaluation for them).
pub fn unsupported_at<G: SearchGame>(state: &G, s: &Settings) -> Option<&'static str> {
    if matches!(s.rollout, Rollout::Cutoff { .. }) && !state.evaluates() {
        return Some("the game has no native evaluation here");
    }
    unsupported::<G>(s)
}

/// One node: the action into it, the seat that chose it (whose rewards it sums), the seat
/// that moves from it (-1: not yet seen), visits, availability, the summed reward, and its
/// children in the order they were added.
#[derive(Debug, Clone)]
pub struct Node<A> {
    pub action: Option<A>,
    pub player: i64,
    pub prior: bool,
    pub mover: i64,
    pub visits: u64,
    pub avail: u64,
    pub total: f64,
    pub children: Vec<usize>,
    index: HashMap<A, usize>,
}

impl<A: Clone + Eq + std::hash::Hash> Node<A> {
    fn new(action: Option<A>, player: i64, prior: bool) -> Self {
        Node {
            action,
            player,
            prior,
            mover: -1,
            visits: 0,
            avail: 0,
            total: 0.0,
            children: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// `Node.mean()`: the mean reward, 0 before any visit.
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }
}

/// What a search found: the move, the iterations run, the seconds taken, and the tree
/// (node 0 the root).
#[derive(Debug, Clone)]
pub struct SearchResult<A> {
    pub action: A,
    pub iterations: u64,
    pub seconds: f64,
    pub tree: Vec<Node<A>>,
}

/// `outcome_rewards`: per seat in [0, 1], `0.75 * win share + 0.25 * (n - rank) / (n - 1)`.
pub fn outcome_rewards(outcome: &Outcome, n: usize) -> Vec<f64> {
    if n < 2 {
        return vec![1.0; n];
    }
    let place = (1.0 - WIN_WEIGHT) / (n - 1) as f64;
    let mut out: Vec<f64> = outcome
        .ranks
        .iter()
        .map(|&rank| place * (n as i64 - rank) as f64)
        .collect();
    let share = WIN_WEIGHT / outcome.winners.len().max(1) as f64;
    for &w in &outcome.winners {
        if let Some(slot) = out.get_mut(w) {
            *slot += share;
        }
    }
    out
}

/// One search from the observer's information set (`Search` of the Python bot).
pub struct Search<'a, G: SearchGame> {
    s: &'a Settings,
    me: usize,
    n: usize,
    rng: &'a mut Rng,
    tree: Vec<Node<G::Action>>,
}

impl<'a, G: SearchGame> Search<'a, G> {
    pub fn new(s: &'a Settings, me: usize, n: usize, rng: &'a mut Rng) -> Self {
        Search {
            s,
            me,
            n,
            rng,
            tree: vec![Node::new(None, -1, false)],
        }
    }

    /// The observer's menu at `state` (courteous where the game has etiquette).
    fn view(&self, state: &G, p: usize) -> View<G> {
        let menu = state.menu(p);
        if self.s.polite && p == self.me {
            if let Some(list) = state.polite(p, &menu) {
                return View::List(list);
            }
        }
        View::Full(menu)
    }

    /// One iteration: a determinization, down the tree, one expansion, a rollout, backup.
    pub fn iterate(&mut self, truth: &G) {
        let mut state = truth.determinize(self.me, self.rng);
        let mut node = 0;
        let mut path = vec![0];
        let mut p = self.me as i64;
        loop {
            if state.to_move().is_empty() {
                let rewards = self.rewards(&state);
                self.backprop(&path, &rewards);
                return;
            }
            let mover = self.tree[node].mover;
            if mover == -1 {
                self.tree[node].mover = p;
            } else if mover != p {
                break; // another mover than before here: leave the tree
            }
            let (child, fresh) = self.select(node, &state, p as usize);
            let action = self.tree[child].action.clone();
            if let Some(a) = action {
                state.apply_legal(p as usize, &a);
            }
            path.push(child);
            node = child;
            if fresh {
                break;
            }
            p = state.first_mover().map_or(-1, |q| q as i64);
        }
        let rewards = self.rollout(&mut state);
        self.backprop(&path, &rewards);
    }

    fn rewards(&self, state: &G) -> Vec<f64> {
        state
            .outcome()
            .map_or_else(|| vec![0.0; self.n], |o| outcome_rewards(&o, self.n))
    }

    fn backprop(&mut self, path: &[usize], rewards: &[f64]) {
        for &i in path {
            let node = &mut self.tree[i];
            node.visits += 1;
            if node.player >= 0 {
                node.total += rewards.get(node.player as usize).copied().unwrap_or(0.0);
            }
        }
    }

    /// The child to descend to, and whether it is new.
    fn select(&mut self, node: usize, state: &G, p: usize) -> (usize, bool) {
        let view = self.view(state, p);
        if view.len() > self.s.max_children {
            return self.select_large(node, state, p, &view);
        }
        let mut avail = Vec::new();
        let mut untried = Vec::new();
        for i in 0..view.len() {
            let Some(a) = view.get(state, i) else { break };
            match self.tree[node].index.get(&a) {
                Some(&c) => avail.push(c),
                None => untried.push(a),
            }
        }
        if !untried.is_empty() {
            let first = self.prior_action(node, state, p, &view);
            let (a, prior) = match first {
                Some(a) if untried.contains(&a) => (a, true),
                _ => {
                    let k = self.rng.below(untried.len() as u64) as usize;
                    (untried.swap_remove(k), false)
                }
            };
            return (self.expand(node, a, p, &avail, prior), true);
        }
        (self.best(&avail), false)
    }

    /// Progressive widening with type-balanced draws; availability by the menu.
    fn select_large(&mut self, node: usize, state: &G, p: usize, view: &View<G>) -> (usize, bool) {
        let avail: Vec<usize> = self.tree[node]
            .children
            .iter()
            .copied()
            .filter(|&c| {
                self.tree[c]
                    .action
                    .as_ref()
                    .is_some_and(|a| view.contains(state, p, a))
            })
            .collect();
        let (edges, visits) = (self.tree[node].children.len(), self.tree[node].visits);
        let limit = self.s.max_children + (self.s.widen * (visits as f64).sqrt()) as usize;
        if edges < limit || avail.is_empty() {
            let first = self.prior_action(node, state, p, view);
            let prior = first.is_some();
            let a = first.or_else(|| self.draw_new(node, state, view));
            if let Some(a) = a {
                return (self.expand(node, a, p, &avail, prior), true);
            }
        }
        if avail.is_empty() {
            // every draw was a child illegal here: descend through one anyway
            let k = self.rng.below(view.len() as u64) as usize;
            let Some(a) = view.get(state, k) else {
                return (node, true);
            };
            return match self.tree[node].index.get(&a) {
                Some(&c) => (c, false),
                None => (self.expand(node, a, p, &avail, false), true),
            };
        }
        (self.best(&avail), false)
    }

    /// `prior=greedy`: a node's first child is the greedy policy's move for the mover.
    fn prior_action(
        &mut self,
        node: usize,
        state: &G,
        p: usize,
        view: &View<G>,
    ) -> Option<G::Action> {
        if !self.tree[node].children.is_empty() || !self.s.prior {
            return None;
        }
        if view.len() == 1 {
            return view.get(state, 0); // `choose` of a one-move menu draws nothing
        }
        state.greedy_choose(p, self.rng)
    }

    fn draw_new(&mut self, node: usize, state: &G, view: &View<G>) -> Option<G::Action> {
        let by_kind = group_runs(runs(view, state));
        if by_kind.is_empty() {
            return None;
        }
        for _ in 0..RETRIES {
            let a = view.get(state, balanced_index(&by_kind, self.rng))?;
            if !self.tree[node].index.contains_key(&a) {
                return Some(a);
            }
        }
        None
    }

    fn expand(
        &mut self,
        node: usize,
        a: G::Action,
        p: usize,
        avail: &[usize],
        prior: bool,
    ) -> usize {
        let id = self.tree.len();
        let mut child = Node::new(Some(a.clone()), p as i64, prior);
        child.avail = 1;
        self.tree.push(child);
        let parent = &mut self.tree[node];
        parent.children.push(id);
        parent.index.insert(a, id);
        for &c in avail {
            self.tree[c].avail += 1;
        }
        id
    }

    /// UCB1 with availability counts plus `anchor / (1 + visits)` for the prior's move;
    /// ties go to the earliest child.
    fn best(&mut self, avail: &[usize]) -> usize {
        let (c, anchor) = (self.s.c, self.s.anchor);
        let mut best = avail[0];
        let mut best_value = f64::NEG_INFINITY;
        for &i in avail {
            let child = &mut self.tree[i];
            child.avail += 1;
            let v = child.visits as f64;
            let mut value = child.total / v + c * ((child.avail as f64).ln() / v).sqrt();
            if child.prior {
                value += anchor / (1.0 + v);
            }
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        best
    }

    /// Play on from a leaf with the rollout policy; every seat's reward at the end.
    fn rollout(&mut self, state: &mut G) -> Vec<f64> {
        match self.s.rollout {
            Rollout::Random => {
                state.playout(self.rng, ROLLOUT_STEPS);
            }
            Rollout::Greedy => {
                state.greedy_playout(self.rng, ROLLOUT_STEPS);
                self.greedy_steps(state, u64::MAX);
            }
            Rollout::Cutoff { depth, greedy } => {
                if depth > 0 {
                    if greedy {
                        let done = state.greedy_playout(self.rng, depth);
                        self.greedy_steps(state, depth.saturating_sub(done));
                    } else {
                        state.playout(self.rng, depth);
                    }
                }
                if state.first_mover().is_some() {
                    let me = self.me;
                    return state.evaluate(me).unwrap_or_else(|| vec![0.0; self.n]);
                }
            }
        }
        self.rewards(state)
    }

    /// Up to `steps` greedy moves one by one (what a native greedy playout left): Python's
    /// `play` loop with `heuristics.choose`.
    fn greedy_steps(&mut self, state: &mut G, steps: u64) {
        let mut left = steps;
        while left > 0 {
            let Some(p) = state.first_mover() else {
                break;
            };
            let Some(a) = state.greedy_choose(p, self.rng) else {
                break;
            };
            state.apply_legal(p, &a);
            left -= 1;
        }
    }

    /// Run the budget from `truth` (the observer's true position: only `determinize(me)`
    /// of it is searched, and its menu for the final choice).
    pub fn run(mut self, truth: &G) -> SearchResult<G::Action> {
        let start = Instant::now();
        let mut iterations = 0u64;
        loop {
            self.iterate(truth);
            iterations += 1;
            let spent = start.elapsed().as_secs_f64();
            if self.s.cap.is_some_and(|cap| spent >= cap) {
                break;
            }
            match (self.s.iterations, self.s.seconds) {
                (Some(most), _) if iterations >= most => break,
                (None, Some(secs)) if spent >= secs => break,
                (None, None) => break,
                _ => {}
            }
        }
        let action = self.choose_root(truth);
        SearchResult {
            action,
            iterations,
            seconds: start.elapsed().as_secs_f64(),
            tree: self.tree,
        }
    }

    /// `choose_root`: the most visited root child (ties: higher mean, then the earliest)
    /// on the observer's (courteous) menu and legal; else the menu's first.
    fn choose_root(&self, truth: &G) -> G::Action {
        let mut children = self.tree[0].children.clone();
        children.sort_by(|&a, &b| {
            let (x, y) = (&self.tree[a], &self.tree[b]);
            y.visits
                .cmp(&x.visits)
                .then_with(|| (-x.mean()).total_cmp(&-y.mean()))
        });
        let view = self.view(truth, self.me);
        for c in children {
            let Some(a) = self.tree[c].action.as_ref() else {
                continue;
            };
            let allowed = match &view {
                View::List(l) => l.contains(a),
                View::Full(_) => true,
            };
            if allowed && truth.refusal(self.me as i64, a).is_none() {
                return a.clone();
            }
        }
        view.get(truth, 0)
            .or_else(|| truth.legal_actions(self.me).into_iter().next())
            .expect("the observer is on the move")
    }
}

/// ISMCTS from `truth` for the seat `me` (on the move) with `settings`, drawing from `rng`.
pub fn search<G: SearchGame>(
    truth: &G,
    me: usize,
    settings: &Settings,
    rng: &mut Rng,
) -> SearchResult<G::Action> {
    let n = NativeGame::num_players(truth);
    Search::<G>::new(settings, me, n, rng).run(truth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interface::{Bohnanza, FieldsOfGreen, StalkExchange};

    fn position<G: SearchGame>(players: usize, seed: u64, moves: u64) -> G {
        crate::search::test_position(players, seed, moves)
    }

    fn visits<A>(result: &SearchResult<A>) -> Vec<(u64, u64)> {
        let root = &result.tree[0];
        root.children
            .iter()
            .map(|&c| (result.tree[c].visits, result.tree[c].total.to_bits()))
            .collect()
    }

    fn check<G: SearchGame>(settings: &Settings) {
        for moves in [0, 12, 30] {
            let state: G = position(3, 7, moves);
            let me = state.first_mover().expect("a game in play");
            let a = search(&state, me, settings, &mut Rng::new(1));
            let b = search(&state, me, settings, &mut Rng::new(1));
            assert!(state.refusal(me as i64, &a.action).is_none(), "{}", G::NAME);
            assert_eq!(a.iterations, 40);
            assert_eq!(a.tree[0].visits, 40);
            assert_eq!(visits(&a), visits(&b), "the same seed grows the same tree");
            assert_eq!(a.action, b.action);
        }
    }

    fn settings(rollout: Rollout, prior: bool, max_children: usize) -> Settings {
        Settings {
            iterations: Some(40),
            rollout,
            prior,
            max_children,
            ..Settings::default()
        }
    }

    #[test]
    fn every_game_searches_to_a_legal_move_with_the_budget_counted() {
        check::<Bohnanza>(&settings(Rollout::Random, false, 16));
        check::<StalkExchange>(&settings(Rollout::Random, false, 4));
        check::<FieldsOfGreen>(&settings(Rollout::Random, false, 4));
        check::<Bohnanza>(&settings(Rollout::Greedy, true, 16));
        check::<FieldsOfGreen>(&settings(Rollout::Greedy, true, 4));
        check::<StalkExchange>(&settings(Rollout::Greedy, true, 4));
        let cutoff = |depth, greedy| Rollout::Cutoff { depth, greedy };
        check::<StalkExchange>(&settings(cutoff(0, false), false, 4));
        check::<StalkExchange>(&settings(cutoff(3, false), false, 16));
        check::<Bohnanza>(&settings(cutoff(0, false), true, 16));
        check::<Bohnanza>(&settings(cutoff(6, true), true, 16));
    }

    #[test]
    fn cut_off_rollouts_score_leaves_with_the_evaluation_in_the_unit_range() {
        let state: StalkExchange = position(4, 3, 10);
        let values = state.evaluate(0).expect("a native evaluation");
        assert_eq!(values.len(), 4);
        assert!(values.iter().all(|v| *v > 0.0 && *v <= 1.0));
        // the fixture card set is not the one the heuristics price
        let farm: FieldsOfGreen = position(3, 3, 10);
        assert!(!farm.evaluates() && farm.evaluate(0).is_none());
        let s = settings(
            Rollout::Cutoff {
                depth: 0,
                greedy: false,
            },
            false,
            4,
        );
        assert!(unsupported_at(&farm, &s).is_some());
        assert!(unsupported_at(&state, &s).is_none());
    }

    #[test]
    fn greedy_settings_need_a_native_policy_which_every_game_has() {
        let greedy = settings(Rollout::Greedy, false, 16);
        let policy = |depth, prior| Settings {
            rollout: Rollout::Cutoff {
                depth,
                greedy: true,
            },
            prior,
            ..Settings::default()
        };
        assert!(needs_greedy(&greedy) && needs_greedy(&policy(2, false)));
        assert!(needs_greedy(&policy(0, true)));
        assert!(!needs_greedy(&policy(0, false))); // no move before the evaluation
        assert!(!needs_greedy(&settings(Rollout::Random, false, 16)));
        assert!(unsupported::<StalkExchange>(&greedy).is_none());
        assert!(unsupported::<Bohnanza>(&policy(2, true)).is_none());
        assert!(unsupported::<FieldsOfGreen>(&policy(2, true)).is_none());
    }

    #[test]
    fn rewards_are_mostly_winning_and_a_little_rank() {
        let o = Outcome {
            scores: vec![5, 9, 9],
            ranks: vec![3, 1, 1],
            winners: vec![1, 2],
            tiebreak: vec![],
        };
        assert_eq!(outcome_rewards(&o, 3), vec![0.0, 0.625, 0.625]);
    }
}
