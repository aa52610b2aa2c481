//! Fields of Green through PyO3: the one state class ([`crate::state`]) declared for Fields
//! of Green, with what is the game's own: a configuration object built from the normalised
//! options and card data (validated in Python first), its action objects (no codes: the
//! wrapper's shared objects kept here by the native action, D-53, a short menu as a tuple of
//! them, `menu_tuple`, a long one item by item, `menu_item`), its events, determinize's viewer
//! rule, the score parts, the greedy policy, new states, `state_from_json`, bulk simulation
//! and traces. The `State` API wrapper is `seedbed.games.fields_of_green.native` over
//! `seedbed.engine.native_state`.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::IntoPyObjectExt;
use seedbed_core::fields_of_green::actions::Action;
use seedbed_core::fields_of_green::flow::movers;
use seedbed_core::fields_of_green::menu::legal_actions;
use seedbed_core::fields_of_green::resources::Water;
use seedbed_core::fields_of_green::state::Cell;
use seedbed_core::fields_of_green::state::LoadError;
use seedbed_core::fields_of_green::trace::trace_one;
use seedbed_core::fields_of_green::{game, greedy, observe, playout, Config, Zones};
use seedbed_core::rng::{Rng, Seed};

use crate::bohnanza::{masked_seed, seed_rng};
use crate::fast;
use crate::playout::{traces_of, KindNames, TraceRow};

use crate::state::value_error;

/// One game's fixed tables: the options and the card set, shared by its states.
#[pyclass(module = "seedbed._native", frozen)]
pub struct FieldsOfGreenConfig {
    inner: Arc<Config>,
}

/// `fields_of_green_config(num_players, options_json, cards_json)`: the configuration of the
/// normalised options with `cards_json` the normalised card data (`CardSet.to_json()`).
#[pyfunction]
pub fn fields_of_green_config(
    num_players: usize,
    options_json: &str,
    cards_json: &str,
) -> PyResult<FieldsOfGreenConfig> {
    let options: serde_json::Value =
        serde_json::from_str(options_json).map_err(|e| value_error(format!("options: {e}")))?;
    let cards: serde_json::Value =
        serde_json::from_str(cards_json).map_err(|e| value_error(format!("cards: {e}")))?;
    let cfg = Config::new(num_players, &options, &cards).map_err(value_error)?;
    Ok(FieldsOfGreenConfig {
        inner: Arc::new(cfg),
    })
}

/// The wrapper's action objects by native action, shared by every state (D-40's shared
/// objects: one immutable object per action, so a search's tree keys and the menus it reads
/// are the same objects); a missing one is made by the wrapper's `make(json_text)`.
static ACTIONS: fast::SharedCache<Action> = fast::SharedCache::new(Default::default);

/// The wrapper's shared object of `a` (from [`ACTIONS`], or made by `make`, then kept).
fn action_object<'py>(
    py: Python<'py>,
    a: Action,
    make: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    fast::cached(&ACTIONS, py, a, |a| {
        let (kind, fields) = action_fields(py, a)?;
        make.call1((kind, fields, a.to_json_text()))
    })
}

/// What the wrapper's `make(kind, fields, json_text)` builds an action from: the index of
/// its kind (the order of `actions.CODEC`'s kinds, which is [`Action`]'s) and its fields in
/// the dataclass's order, as the Python codec reads them (a cell an `(x, y)` tuple, water a
/// tuple of `(x, y, amount)` tuples, no tile `NO_TILE`).
fn action_fields<'py>(py: Python<'py>, a: &Action) -> PyResult<(u8, Bound<'py, PyTuple>)> {
    let water = |w: &Water| PyTuple::new(py, w.iter().copied());
    let cell = |c: &Cell| PyTuple::new(py, [c.0, c.1]);
    let ints = |v: &[i64]| PyTuple::new(py, v.iter().copied());
    let card_cell = |c: i64, at: &Cell| -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [c.into_bound_py_any(py)?, cell(at)?.into_any()])
    };
    let item_water = |c: i64, t: i64, w: &Water| -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                c.into_bound_py_any(py)?,
                t.into_bound_py_any(py)?,
                water(w)?.into_any(),
            ],
        )
    };
    Ok(match a {
        Action::PlaceWater(w) => (0, PyTuple::new(py, [water(w)?])?),
        Action::DrawSplit(split) => (1, ints(split)?),
        Action::Commit(c) => (2, ints(&[*c])?),
        Action::Build(c, at, w) => (
            3,
            PyTuple::new(
                py,
                [
                    c.into_bound_py_any(py)?,
                    cell(at)?.into_any(),
                    water(w)?.into_any(),
                ],
            )?,
        ),
        Action::Tower(c, at) => (4, card_cell(*c, at)?),
        Action::Silo(c, at) => (5, card_cell(*c, at)?),
        Action::Market(c, food) => (6, ints(&[*c, *food])?),
        Action::Restore(c, at) => (7, card_cell(*c, at)?),
        Action::Attach(t) => (8, ints(&[*t])?),
        Action::SkipAttach => (9, PyTuple::empty(py)),
        Action::Keep(t) => (10, ints(&[*t])?),
        Action::Place(at) => (11, PyTuple::new(py, [cell(at)?])?),
        Action::SetAside => (12, PyTuple::empty(py)),
        Action::Choose(i) => (13, ints(&[*i])?),
        Action::Pay(w) => (14, PyTuple::new(py, [water(w)?])?),
        Action::Skip => (15, PyTuple::empty(py)),
        Action::PayHarvest(c, t, w) => (16, item_water(*c, *t, w)?),
        Action::Decline(c, t) => (17, ints(&[*c, *t])?),
        Action::EndHarvest => (18, PyTuple::empty(py)),
        Action::PayEnd(c, t, w) => (19, item_water(*c, *t, w)?),
        Action::EndScoring => (20, PyTuple::empty(py)),
    })
}

/// A native Fields of Green position.
#[pyclass(module = "seedbed._native")]
pub struct FieldsOfGreenZones {
    pub inner: Zones,
    /// The menu tuple handed out at this position (`menu_tuple`), applied by identity
    /// (`apply_listed`); forgotten when the position changes.
    listed: fast::Listed<Action>,
}

impl From<Zones> for FieldsOfGreenZones {
    fn from(inner: Zones) -> Self {
        FieldsOfGreenZones {
            inner,
            listed: fast::Listed::new(),
        }
    }
}

impl Clone for FieldsOfGreenZones {
    /// The position only: a copy has handed out nothing yet.
    fn clone(&self) -> Self {
        FieldsOfGreenZones::from(self.inner.clone())
    }
}

impl FieldsOfGreenZones {
    /// The position changed: what was handed out for the old one is forgotten.
    pub(crate) fn forget(&mut self) {
        self.listed.clear();
    }

    /// The events as `seedbed.engine.api.Event` objects built natively.
    fn event_objects<'py>(
        &self,
        py: Python<'py>,
        events: Vec<seedbed_core::fields_of_green::Event>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        events
            .iter()
            .map(|e| fast::event_object(py, e.kind, &e.public, e.private.as_ref(), &e.private_to))
            .collect()
    }
}

fn is_mover(z: &Zones, player: i64) -> bool {
    movers(z).iter().any(|&m| m as i64 == player)
}

crate::state::native_state!(FieldsOfGreenZones, Zones, {
    /// The seven parts of F-73 for `player`.
    fn score_parts(&self, player: usize) -> PyResult<Vec<i64>> {
        if player >= self.inner.cfg.num_players {
            return Err(PyIndexError::new_err("no such player"));
        }
        Ok(seedbed_core::fields_of_green::scoring::score_parts(&self.inner, player).to_vec())
    }

    /// `legal_actions(player)` for the wrapper, `player` being on the move: the menu as a
    /// tuple of the wrapper's shared action objects (`make(json_text)` makes a missing one),
    /// the same tuple again at the same position; or its length when it is longer than
    /// `limit` (the wrapper's lazy menu then asks for items with `menu_item`).
    fn menu_tuple(
        slf: &Bound<'_, Self>,
        player: i64,
        limit: usize,
        make: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let mut this = slf.borrow_mut();
        if let Some(menu) = this.listed.menu_of(py, player) {
            return Ok(menu.into_any().unbind());
        }
        if !is_mover(&this.inner, player) {
            return Ok(PyTuple::empty(py).into_any().unbind());
        }
        let menu = legal_actions(&this.inner, player as usize);
        let n = menu.len();
        if n > limit {
            return n.into_py_any(py);
        }
        let natives = menu.items(&this.inner);
        let items = natives
            .iter()
            .map(|a| action_object(py, a.clone(), make))
            .collect::<PyResult<Vec<_>>>()?;
        let tuple = PyTuple::new(py, items)?;
        this.listed.player = player;
        this.listed.menu = Some((tuple.clone().unbind(), natives));
        Ok(tuple.into_any().unbind())
    }

    /// Item `index` of `legal_actions(player)` as the wrapper's shared action object (the
    /// wrapper's lazy menu keeps a copy of its position and asks it); remembered as the item
    /// picked last, which `apply_listed` of the state the menu came from finds.
    fn menu_item<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        index: usize,
        make: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let item = is_mover(&self.inner, player)
            .then(|| legal_actions(&self.inner, player as usize).get(&self.inner, index))
            .flatten()
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        let obj = action_object(py, item.clone(), make)?;
        self.listed.picked = Some((obj.clone().unbind(), item));
        Ok(obj)
    }

    /// `apply_json` with the events as `seedbed.engine.api.Event` objects built natively
    /// (what `json.loads` of their JSON would give) and the new movers, in one call:
    /// `(events, movers)`. Refusals as `apply_json`.
    fn apply_text<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        action_json: &str,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyTuple>)> {
        let action = crate::state::parse_action::<Zones>(py, action_json)?;
        self.applied(py, player, &action)
    }

    /// `determinize(viewer, rng)`: `rng` advances exactly as the Python `Rng` does.
    fn determinize(&self, viewer: usize, mut rng: PyRefMut<'_, crate::rng::Rng>) -> PyResult<Self> {
        if viewer >= self.inner.cfg.num_players {
            return Err(value_error(format!("viewer {viewer} is not a seat")));
        }
        let mut d = Clone::clone(&self.inner);
        observe::determinize_into(&mut d, viewer, &mut rng.inner);
        Ok(FieldsOfGreenZones::from(d))
    }

    /// Whether `greedy_choose` and `greedy_playout` are the Python greedy policy for this
    /// game: it is played with the shipped card set, the one the Python heuristics price.
    fn greedy_exact(&self) -> bool {
        greedy::prices_this_set(&self.inner.cfg)
    }

    /// Play on in place with the greedy policy (`heuristics.choose`) at every seat; returns
    /// the steps. `rng` advances exactly as the Python policy's would.
    #[pyo3(signature = (rng, max_steps = u64::MAX))]
    fn greedy_playout(
        &mut self,
        py: Python<'_>,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        max_steps: u64,
    ) -> u64 {
        self.listed.clear();
        let mut generator = rng.inner;
        let state = &mut self.inner;
        let steps = py.allow_threads(|| greedy::greedy_playout(state, &mut generator, max_steps));
        rng.inner = generator;
        steps
    }

    /// The greedy policy's action for `player` as the wrapper's shared action object, the
    /// one `menu_tuple` and `menu_item` give (None when not on the move).
    fn greedy_object<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        make: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if !is_mover(&self.inner, player) {
            return Ok(None);
        }
        let mut generator = rng.inner;
        let state = &self.inner;
        let action = py.allow_threads(|| greedy::choose(state, player as usize, &mut generator));
        rng.inner = generator;
        action.map(|a| action_object(py, a, make)).transpose()
    }

    fn __repr__(&self) -> String {
        let z = &self.inner;
        format!(
            "<native FieldsOfGreenZones {}p year {} phase {}>",
            z.cfg.num_players, z.year, z.phase
        )
    }
});

/// A new position, as `new_state(num_players, seed, options)` deals it.
#[pyfunction]
pub fn fields_of_green_new_state(
    config: &FieldsOfGreenConfig,
    seed: &Bound<'_, PyAny>,
) -> PyResult<FieldsOfGreenZones> {
    Ok(FieldsOfGreenZones {
        inner: game::new_state(config.inner.clone(), seed_rng(seed)?),
        listed: fast::Listed::new(),
    })
}

/// `state_from_json` for `to_json()` text under `config` (built from its options).
#[pyfunction]
pub fn fields_of_green_state_from_json(
    config: &FieldsOfGreenConfig,
    text: &str,
) -> PyResult<FieldsOfGreenZones> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| value_error(format!("a state must be JSON: {e}")))?;
    match game::state_from_json(&value, config.inner.clone()) {
        Ok(inner) => Ok(FieldsOfGreenZones::from(inner)),
        Err(LoadError::Missing(key)) => Err(PyKeyError::new_err(key)),
        Err(LoadError::Bad(why)) => Err(value_error(why)),
    }
}

type GameRow<'py> = (
    Vec<i64>,
    Vec<i64>,
    Vec<usize>,
    Vec<i64>,
    u64,
    Bound<'py, PyDict>,
);

/// For each seed, the game dealt with it played to the end with the random policy of
/// `seedbed.lab.simulate` (`policy_rng(seed)`).
#[pyfunction]
#[pyo3(signature = (config, seeds, max_steps = 1_000_000))]
pub fn fields_of_green_simulate<'py>(
    py: Python<'py>,
    config: &FieldsOfGreenConfig,
    seeds: Vec<Bound<'_, PyAny>>,
    max_steps: u64,
) -> PyResult<Vec<GameRow<'py>>> {
    let cfg = config.inner.clone();
    let seeds = seeds
        .iter()
        .map(masked_seed)
        .collect::<PyResult<Vec<Seed>>>()?;
    let results = py.allow_threads(|| {
        seeds
            .iter()
            .map(|&seed| {
                playout::simulate_one(
                    game::new_state(cfg.clone(), Rng::from_seed(seed)),
                    seed,
                    max_steps,
                )
            })
            .collect::<Result<Vec<_>, String>>()
    });
    let results =
        results.map_err(|why| PyRuntimeError::new_err(format!("fields_of_green {why}")))?;
    let mut names = KindNames::new(py);
    results
        .into_iter()
        .map(|g| {
            let o = g.outcome;
            let counts = names.counts(g.counts)?;
            Ok((o.scores, o.ranks, o.winners, o.tiebreak, g.steps, counts))
        })
        .collect()
}

/// `fields_of_green_traces(config, seeds, cap=None)`: for each seed, the parity trace of the
/// game `fields_of_green_simulate` plays under `config` (`seedbed_core::trace`): (actions
/// played, digest as hex, whether the game ended), stopping after `cap` actions when given.
#[pyfunction]
#[pyo3(signature = (config, seeds, cap = None))]
pub fn fields_of_green_traces(
    py: Python<'_>,
    config: &FieldsOfGreenConfig,
    seeds: Vec<Bound<'_, PyAny>>,
    cap: Option<u64>,
) -> PyResult<Vec<TraceRow>> {
    let cfg = config.inner.clone();
    traces_of(py, &seeds, |seed| {
        trace_one(
            game::new_state(cfg.clone(), Rng::from_seed(seed)),
            seed,
            cap,
        )
    })
}
