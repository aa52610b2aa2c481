//! The menu a search node sees (the whole lazy menu, or the observer's courteous list) and
//! its runs of one action kind, as `seedbed.engine.menu.runs` and `seedbed.bots.ismcts`'s
//! `group_runs`, `balanced_index` find them, draw for draw.

use std::borrow::Cow;

use super::SearchGame;
use crate::interface::Menu;
use crate::rng::Rng;

/// `MAX_RUNS`: runs are split no further after this many (the last spans the rest).
pub const MAX_RUNS: usize = 64;

/// A seat's menu at one position: the game's lazy menu or a list (`polite`'s).
pub enum View<G: SearchGame> {
    Full(G::Menu),
    List(Vec<G::Action>),
}

impl<G: SearchGame> View<G> {
    pub fn len(&self) -> usize {
        match self {
            View::Full(m) => m.len(),
            View::List(l) => l.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Item `i` (None beyond the end).
    pub fn get(&self, state: &G, i: usize) -> Option<G::Action> {
        match self {
            View::Full(m) => m.get(state, i),
            View::List(l) => l.get(i).cloned(),
        }
    }

    /// Whether `a` is on this menu of `p` at `state` (`a in menu`).
    pub fn contains(&self, state: &G, p: usize, a: &G::Action) -> bool {
        match self {
            View::Full(m) => state.on_menu(p, m, a),
            View::List(l) => l.contains(a),
        }
    }

    fn kind_at(&self, state: &G, i: usize) -> Cow<'static, str> {
        self.get(state, i)
            .map_or(Cow::Borrowed(""), |a| G::kind(&a))
    }
}

/// One run: (kind, start, end), `menu[start..end]` beginning with an action of that kind.
pub type Run = (Cow<'static, str>, usize, usize);

/// `runs(menu, len(menu))`: the runs found by galloping and binary search.
pub fn runs<G: SearchGame>(view: &View<G>, state: &G) -> Vec<Run> {
    let size = view.len();
    let mut out: Vec<Run> = Vec::new();
    let mut i = 0;
    while i < size {
        let kind = view.kind_at(state, i);
        if out.len() >= MAX_RUNS {
            out.push((kind, i, size));
            break;
        }
        let (mut lo, mut hi, mut step) = (i, size, 1);
        while lo + step < size {
            if view.kind_at(state, lo + step) != kind {
                hi = lo + step;
                break;
            }
            lo += step;
            step *= 2;
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if view.kind_at(state, mid) == kind {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        out.push((kind, i, hi));
        i = hi;
    }
    out
}

/// `group_runs(runs, frozenset())`: the runs grouped by kind, kinds in first-seen order.
pub fn group_runs(found: Vec<Run>) -> Vec<Vec<Run>> {
    let mut groups: Vec<Vec<Run>> = Vec::new();
    for run in found {
        match groups.iter_mut().find(|g| g[0].0 == run.0) {
            Some(g) => g.push(run),
            None => groups.push(vec![run]),
        }
    }
    groups
}

/// `pick_in`: a uniform index among the runs.
fn pick_in(chosen: &[Run], rng: &mut Rng) -> usize {
    let total: usize = chosen.iter().map(|(_, s, e)| e - s).sum();
    let mut k = rng.below(total as u64) as usize;
    for (_, start, end) in chosen {
        if k < end - start {
            return start + k;
        }
        k -= end - start;
    }
    unreachable!("k is below the runs' total")
}

/// `balanced_index`: a kind uniformly, then an index of that kind uniformly.
pub fn balanced_index(by_kind: &[Vec<Run>], rng: &mut Rng) -> usize {
    let g = rng.below(by_kind.len() as u64) as usize;
    pick_in(&by_kind[g], rng)
}
