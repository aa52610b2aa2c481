//! Stalk Exchange through PyO3: the one state class ([`crate::state`]) declared for Stalk
//! Exchange, with what is the game's own: its events, its menus of the wrapper's action
//! objects (a long one lazy, [`StalkExchangeMenu`]), determinize's viewer rule, new states,
//! `state_from_json`, bulk simulation and traces. The `State` API wrapper is
//! `seedbed.games.stalk_exchange.native` over `seedbed.engine.native_state`.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use pyo3::IntoPyObjectExt;
use seedbed_core::rng::{Rng, Seed};
use seedbed_core::stalk_exchange::actions::Action;
use seedbed_core::stalk_exchange::menu::{legal_actions, Frozen};
use seedbed_core::stalk_exchange::state::LoadError;
use seedbed_core::stalk_exchange::{game, observe, playout, rules, trace, Config, Zones};

use crate::bohnanza::{masked_seed, seed_rng};
use crate::playout::{traces_of, KindNames, TraceRow};
use crate::stalk_exchange_menu::StalkExchangeMenu;
use crate::{fast, stalk_exchange_events};

use crate::state::value_error;

/// Action codes of the State wrapper's fast path: the layout of the one game interface
/// (`seedbed_core::interface::stalk_exchange`), written once.
pub use seedbed_core::interface::stalk_exchange::{action_code, action_of_code};

/// A native Stalk Exchange position (the zones of `state.py`).
#[pyclass(module = "seedbed._native")]
pub struct StalkExchangeZones {
    pub inner: Zones,
    /// The action objects handed out at this position (`menu_tuple`, the item its lazy
    /// `StalkExchangeMenu` gave last), applied by identity (`apply_listed`).
    pub(crate) listed: fast::Listed<Action>,
}

impl From<Zones> for StalkExchangeZones {
    fn from(inner: Zones) -> Self {
        StalkExchangeZones {
            inner,
            listed: fast::Listed::new(),
        }
    }
}

impl Clone for StalkExchangeZones {
    /// The position only: a copy has handed out nothing yet.
    fn clone(&self) -> Self {
        StalkExchangeZones::from(self.inner.clone())
    }
}

impl StalkExchangeZones {
    /// The position changed: what was handed out for the old one is forgotten.
    pub(crate) fn forget(&mut self) {
        self.listed.clear();
    }

    /// The events as the wrapper's `Event` objects (every Stalk Exchange event is public).
    fn event_objects<'py>(
        &self,
        py: Python<'py>,
        events: Vec<rules::Event>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        events
            .iter()
            .map(|e| stalk_exchange_events::event(py, e))
            .collect()
    }
}

crate::state::native_state!(StalkExchangeZones, Zones, {
    /// Item `i` (0 <= i < length) of `legal_actions(player)` as plain numbers, no JSON (a
    /// lazy menu decodes one item per call): (0, slot, q, r) a Plant, (1, slot, give, 0) a
    /// Swap, (2, 0, 0, 0) Flush, (3, 0, 0, 0) EndActions. IndexError when out of range.
    fn menu_item_parts(&self, player: i64, i: usize) -> PyResult<(u8, i64, i64, i64)> {
        let item = legal_actions(&self.inner, player)
            .get(&self.inner, i)
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        Ok(match item {
            Action::Plant { slot, space } => (0, slot, space.0, space.1),
            Action::Swap { slot, give } => (1, slot, give, 0),
            Action::Flush => (2, 0, 0, 0),
            Action::EndActions => (3, 0, 0, 0),
        })
    }

    /// `legal_actions(player)` for the wrapper, `player` being on the move: the menu as a
    /// tuple of the wrapper's action objects (`actions`: its dict by code; `make(code)` makes
    /// and keeps a missing one; `codes`: its dict of codes by object), the same tuple again at
    /// the same position; a lazy [`StalkExchangeMenu`] when it is longer than `limit`; or its
    /// length when a short menu holds an action without a code.
    fn menu_tuple(
        slf: &Bound<'_, Self>,
        player: i64,
        limit: usize,
        actions: &Bound<'_, PyDict>,
        make: &Bound<'_, PyAny>,
        codes: &Bound<'_, PyDict>,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let mut this = slf.borrow_mut();
        if let Some(menu) = this.listed.menu_of(py, player) {
            return Ok(menu.into_any().unbind());
        }
        let menu = legal_actions(&this.inner, player);
        let n = menu.len();
        if n > limit {
            let frozen = Frozen::of(menu, &this.inner);
            let wrapper = (
                actions.clone().unbind(),
                make.clone().unbind(),
                codes.clone().unbind(),
            );
            let lazy = StalkExchangeMenu::new(frozen, slf.clone().unbind(), wrapper);
            return Ok(Py::new(py, lazy)?.into_any());
        }
        let natives = menu.items(&this.inner);
        let mut items = Vec::with_capacity(n);
        for a in &natives {
            match action_code(a) {
                Some(code) => items.push(fast::action_object(actions, make, code)?),
                None => return n.into_py_any(py),
            }
        }
        let tuple = PyTuple::new(py, items)?;
        this.listed.player = player;
        this.listed.menu = Some((tuple.clone().unbind(), natives));
        Ok(tuple.into_any().unbind())
    }

    /// `determinize(viewer, rng)`: a new state in which what `viewer` cannot know is
    /// resampled with `rng`, which advances exactly as the Python `Rng` does (copy its
    /// `state` in and out to mirror a Python generator). A viewer that is not a seat (or None)
    /// resamples every portfolio, as in Python.
    #[pyo3(signature = (viewer, rng))]
    fn determinize(&self, viewer: Option<i64>, mut rng: PyRefMut<'_, crate::rng::Rng>) -> Self {
        let n = self.inner.cfg.num_players as i64;
        let viewer = viewer.filter(|v| (0..n).contains(v)).map(|v| v as usize);
        let mut d = Clone::clone(&self.inner);
        observe::determinize_into(&mut d, viewer, &mut rng.inner);
        StalkExchangeZones::from(d)
    }

    /// The bytes this state holds (the shared configuration and board not counted).
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }

    fn __repr__(&self) -> String {
        let z = &self.inner;
        format!(
            "<native StalkExchangeZones {}p turn {} active {}{}>",
            z.cfg.num_players,
            z.turns,
            z.active,
            if z.over { " over" } else { "" }
        )
    }
});

/// The configuration of a new game, with Python's refusals (S-1: the player count; S-3: the
/// options, best already normalised by `normalize_options`).
fn new_config(num_players: &Bound<'_, PyAny>, options_json: Option<&str>) -> PyResult<Arc<Config>> {
    let options: serde_json::Value = match options_json {
        None => serde_json::Value::Null,
        Some(text) => serde_json::from_str(text)
            .map_err(|e| value_error(format!("options are not JSON: {e} [S-3]")))?,
    };
    let n: Option<usize> = if num_players.is_instance_of::<pyo3::types::PyBool>() {
        None
    } else {
        num_players.extract().ok()
    };
    let Some(n) = n else {
        return Err(value_error(format!(
            "Stalk Exchange takes 2-5 players, not {} [S-1]",
            num_players.repr()?
        )));
    };
    Ok(Arc::new(Config::new(n, &options).map_err(value_error)?))
}

/// A new Stalk Exchange position, as `seedbed.game("stalk_exchange").new_state(num_players,
/// seed, options)` deals it; `seed`: any int, masked to 64 bits as the Python generator does.
#[pyfunction]
#[pyo3(signature = (num_players, seed, options_json = None))]
pub fn stalk_exchange_new_state(
    num_players: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options_json: Option<&str>,
) -> PyResult<StalkExchangeZones> {
    let cfg = new_config(num_players, options_json)?;
    Ok(StalkExchangeZones::from(rules::deal(cfg, seed_rng(seed)?)))
}

/// `StalkExchange.state_from_json` for `to_json()` text. KeyError for a missing key (as in
/// Python), ValueError for text that is not JSON, bad options or a value the native state
/// cannot hold (Python stores such values unchecked).
#[pyfunction]
pub fn stalk_exchange_state_from_json(text: &str) -> PyResult<StalkExchangeZones> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| value_error(format!("a state must be JSON: {e}")))?;
    match game::state_from_json(&value) {
        Ok(inner) => Ok(StalkExchangeZones::from(inner)),
        Err(LoadError::Missing(key)) => Err(PyKeyError::new_err(key)),
        Err(LoadError::Bad(why)) => Err(value_error(why)),
    }
}

/// One game's result: scores, ranks, winners, tie-break values, actions played, the count of
/// each event kind that happened, and the ending: the crash triggers (S-38) and turns played.
type GameRow<'py> = (
    Vec<i64>,
    Vec<i64>,
    Vec<usize>,
    Vec<i64>,
    u64,
    Bound<'py, PyDict>,
    (Vec<i64>, i64),
);

/// `stalk_exchange_simulate(num_players, seeds, options_json=None, max_steps=1_000_000)`: for
/// each seed, the game `new_state(num_players, seed, options)` deals, played to the end with
/// the random policy of `seedbed.lab.simulate` (`policy_rng(seed)`), as `play_random_game`
/// plays it. A game that does not end within `max_steps` raises RuntimeError.
#[pyfunction]
#[pyo3(signature = (num_players, seeds, options_json = None, max_steps = 1_000_000))]
pub fn stalk_exchange_simulate<'py>(
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
                playout::simulate_one(
                    rules::deal(cfg.clone(), Rng::from_seed(seed)),
                    seed,
                    max_steps,
                )
            })
            .collect::<Result<Vec<_>, String>>()
    });
    let results =
        results.map_err(|why| PyRuntimeError::new_err(format!("stalk_exchange {why}")))?;
    let mut names = KindNames::new(py);
    results
        .into_iter()
        .map(|g| {
            let o = g.outcome;
            let ending = (g.triggers, g.turns);
            let counts = names.counts(g.counts)?;
            Ok((
                o.scores, o.ranks, o.winners, o.tiebreak, g.steps, counts, ending,
            ))
        })
        .collect()
}

/// `stalk_exchange_traces(num_players, seeds, options_json=None, cap=None)`: for each seed, the
/// parity trace of the game `stalk_exchange_simulate` plays (`seedbed_core::trace`): (actions
/// played, digest as hex, whether the game ended), stopping after `cap` actions when given.
#[pyfunction]
#[pyo3(signature = (num_players, seeds, options_json = None, cap = None))]
pub fn stalk_exchange_traces(
    py: Python<'_>,
    num_players: &Bound<'_, PyAny>,
    seeds: Vec<Bound<'_, PyAny>>,
    options_json: Option<&str>,
    cap: Option<u64>,
) -> PyResult<Vec<TraceRow>> {
    let cfg = new_config(num_players, options_json)?;
    traces_of(py, &seeds, |seed| {
        trace::trace_one(rules::deal(cfg.clone(), Rng::from_seed(seed)), seed, cap)
    })
}
