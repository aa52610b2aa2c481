//! Whole random games natively (issue 14): `bohnanza_simulate`, `play_random_game` of
//! `seedbed.lab.simulate` for many seeds at once, with no Python per step.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use seedbed_core::bohnanza::playout::{simulate_one, EVENT_KINDS};
use seedbed_core::bohnanza::{rules, trace};
use seedbed_core::rng::{Rng, Seed};

use crate::bohnanza::{masked_seed, new_config};

/// One game's result: scores, ranks, winners, tie-break values (None for the classic
/// edition), actions played, and the count of each event kind that happened.
type GameRow<'py> = (
    Vec<i64>,
    Vec<i64>,
    Vec<usize>,
    Option<Vec<i64>>,
    u64,
    Bound<'py, PyDict>,
);

/// The event kinds' Python strings, each made once per call rather than once per game (a
/// game's counts hold about twenty kinds; a new string per key was most of what handing a
/// game to Python cost).
pub struct KindNames<'py> {
    py: Python<'py>,
    made: Vec<(&'static str, Bound<'py, PyString>)>,
}

impl<'py> KindNames<'py> {
    pub fn new(py: Python<'py>) -> Self {
        KindNames {
            py,
            made: Vec::new(),
        }
    }

    fn name(&mut self, kind: &'static str) -> Bound<'py, PyString> {
        if let Some((_, s)) = self.made.iter().find(|(k, _)| *k == kind) {
            return s.clone();
        }
        let s = PyString::new(self.py, kind);
        self.made.push((kind, s.clone()));
        s
    }

    /// `{kind: count}` for the kinds that happened.
    pub fn counts(
        &mut self,
        counts: impl IntoIterator<Item = (&'static str, u64)>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(self.py);
        for (kind, n) in counts {
            d.set_item(self.name(kind), n)?;
        }
        Ok(d)
    }
}

/// `bohnanza_simulate(num_players, seeds, options_json=None, max_steps=1_000_000)`: for each
/// seed, the game `new_state(num_players, seed, options)` deals, played to the end with the
/// random policy of `seedbed.lab.simulate` (`policy_rng(seed)`), exactly as
/// `play_random_game` plays it. Refusals as `bohnanza_new_state`; a game that does not end
/// within `max_steps` raises RuntimeError (Python's message).
#[pyfunction]
#[pyo3(signature = (num_players, seeds, options_json = None, max_steps = 1_000_000))]
pub fn bohnanza_simulate<'py>(
    py: Python<'py>,
    num_players: &Bound<'_, PyAny>,
    seeds: Vec<Bound<'_, PyAny>>,
    options_json: Option<&str>,
    max_steps: u64,
) -> PyResult<Vec<GameRow<'py>>> {
    let cfg = new_config(num_players, options_json)?;
    let seeds = seeds
        .iter()
        .map(masked_seed)
        .collect::<PyResult<Vec<Seed>>>()?;
    let results = py.allow_threads(|| {
        seeds
            .iter()
            .map(|&seed| {
                simulate_one(
                    rules::setup(cfg.clone(), Rng::from_seed(seed)),
                    seed,
                    max_steps,
                )
            })
            .collect::<Result<Vec<_>, String>>()
    });
    let results = results.map_err(|why| PyRuntimeError::new_err(format!("bohnanza {why}")))?;
    let mut names = KindNames::new(py);
    results
        .into_iter()
        .map(|g| {
            let counts = EVENT_KINDS
                .iter()
                .zip(g.counts)
                .filter(|&(_, c)| c > 0)
                .map(|(&k, c)| (k, c));
            let counts = names.counts(counts)?;
            let o = g.outcome;
            let tiebreak = (!o.tiebreak.is_empty()).then_some(o.tiebreak);
            Ok((o.scores, o.ranks, o.winners, tiebreak, g.steps, counts))
        })
        .collect()
}

/// One parity trace: (actions played, digest as hex, whether the game ended).
pub type TraceRow = (u64, String, bool);

/// Each seed's trace by `trace_of`, worked out without holding the GIL: what every
/// `<game>_traces` binding does once its configuration is built.
pub fn traces_of(
    py: Python<'_>,
    seeds: &[Bound<'_, PyAny>],
    trace_of: impl Fn(Seed) -> TraceRow + Send + Sync,
) -> PyResult<Vec<TraceRow>> {
    let seeds = seeds
        .iter()
        .map(masked_seed)
        .collect::<PyResult<Vec<Seed>>>()?;
    Ok(py.allow_threads(|| seeds.iter().map(|&seed| trace_of(seed)).collect()))
}

/// `bohnanza_traces(num_players, seeds, options_json=None, cap=None)`: for each seed, the
/// parity trace of the game `bohnanza_simulate` plays (`seedbed_core::trace`): (actions
/// played, digest as hex, whether the game ended), stopping after `cap` actions when given.
/// `tests/native/traces.py` computes the same digests on the Python engine.
#[pyfunction]
#[pyo3(signature = (num_players, seeds, options_json = None, cap = None))]
pub fn bohnanza_traces(
    py: Python<'_>,
    num_players: &Bound<'_, PyAny>,
    seeds: Vec<Bound<'_, PyAny>>,
    options_json: Option<&str>,
    cap: Option<u64>,
) -> PyResult<Vec<TraceRow>> {
    let cfg = new_config(num_players, options_json)?;
    traces_of(py, &seeds, |seed| trace::trace_seed(cfg.clone(), seed, cap))
}
