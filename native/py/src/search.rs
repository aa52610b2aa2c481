//! `ismcts_search`: the native ISMCTS (`seedbed_core::search`, issue 33 item 2) over any
//! native state class, the generator mirrored from Python's; the GIL released while it runs.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use seedbed_core::interface::Menu;
use seedbed_core::search::ismcts::{search, unsupported_at, Rollout, Settings};
use seedbed_core::search::rollout::{samples, Reward};
use seedbed_core::search::SearchGame;

use crate::bohnanza::BohnanzaZones;
use crate::fields_of_green::FieldsOfGreenZones;
use crate::stalk_exchange::StalkExchangeZones;

/// What a search answers: the chosen action's index in the seat's menu, the iterations run,
/// the seconds taken, and each root child as (action JSON, visits, summed reward) in the
/// order they were added; None where the game cannot run the settings natively from this
/// position (no native greedy policy, or no native evaluation for its options).
type Answer = Option<(usize, u64, f64, Vec<(String, u64, f64)>)>;

fn run<G: SearchGame>(
    py: Python<'_>,
    truth: &G,
    player: usize,
    rng: &mut seedbed_core::rng::Rng,
    settings: &Settings,
) -> PyResult<Answer> {
    if unsupported_at(truth, settings).is_some() {
        return Ok(None);
    }
    if player >= truth.num_players() || truth.menu(player).is_empty() {
        return Err(PyValueError::new_err(format!(
            "player {player} is not on the move"
        )));
    }
    let truth = truth.clone();
    let mut generator = *rng;
    let (result, index) = py.allow_threads(|| {
        let result = search(&truth, player, settings, &mut generator);
        let menu = truth.menu(player);
        let index = (0..menu.len()).find(|&i| menu.get(&truth, i).as_ref() == Some(&result.action));
        (result, index)
    });
    *rng = generator;
    let index = index.ok_or_else(|| PyValueError::new_err("the chosen move is not on the menu"))?;
    let root = result.tree[0]
        .children
        .iter()
        .filter_map(|&c| {
            let node = &result.tree[c];
            let a = node.action.as_ref()?;
            Some((G::action_json(a).to_string(), node.visits, node.total))
        })
        .collect();
    Ok(Some((index, result.iterations, result.seconds, root)))
}

/// `ismcts_search(zones, player, rng, ...)`: SO-ISMCTS for `player` from the native state
/// `zones` (any game's class), with the settings of `seedbed.bots.ismcts.Settings` that the
/// native tree runs (`rollout` random, greedy or cutoff with its `depth` and `policy`,
/// `prior` none or greedy); `cap` stops it after that many seconds whatever the iterations.
/// `rng` advances exactly as the Python search's. None (`rng` untouched) for settings the
/// game cannot run natively from this position; ValueError for a seat not on the move.
#[pyfunction]
#[pyo3(signature = (zones, player, rng, iterations = None, seconds = None, cap = None,
                    c = 0.7, rollout = "random", max_children = 16, widen = 1.0,
                    prior = "none", anchor = 0.0, polite = true, depth = 0,
                    policy = "random"))]
#[allow(clippy::too_many_arguments)]
pub fn ismcts_search(
    py: Python<'_>,
    zones: &Bound<'_, PyAny>,
    player: usize,
    mut rng: PyRefMut<'_, crate::rng::Rng>,
    iterations: Option<u64>,
    seconds: Option<f64>,
    cap: Option<f64>,
    c: f64,
    rollout: &str,
    max_children: usize,
    widen: f64,
    prior: &str,
    anchor: f64,
    polite: bool,
    depth: u64,
    policy: &str,
) -> PyResult<Answer> {
    let greedy = match policy {
        "random" => false,
        "greedy" => true,
        other => return Err(PyValueError::new_err(format!("unknown policy {other:?}"))),
    };
    let rollout = match rollout {
        "random" => Rollout::Random,
        "greedy" => Rollout::Greedy,
        "cutoff" => Rollout::Cutoff { depth, greedy },
        other => {
            return Err(PyValueError::new_err(format!(
                "the native tree plays rollout random, greedy or cutoff, not {other:?}"
            )))
        }
    };
    let prior = match prior {
        "none" => false,
        "greedy" => true,
        other => return Err(PyValueError::new_err(format!("unknown prior {other:?}"))),
    };
    let settings = Settings {
        iterations: if seconds.is_some() {
            iterations
        } else {
            Some(iterations.unwrap_or(1000))
        },
        seconds,
        cap,
        c,
        rollout,
        max_children,
        widen,
        prior,
        anchor,
        polite,
    };
    let generator = &mut rng.inner;
    if let Ok(z) = zones.downcast::<BohnanzaZones>() {
        return run(py, &z.borrow().inner, player, generator, &settings);
    }
    if let Ok(z) = zones.downcast::<StalkExchangeZones>() {
        return run(py, &z.borrow().inner, player, generator, &settings);
    }
    if let Ok(z) = zones.downcast::<FieldsOfGreenZones>() {
        return run(py, &z.borrow().inner, player, generator, &settings);
    }
    Err(PyTypeError::new_err(
        "not a native state of seedbed._native",
    ))
}

/// `search_polite(zones, player)`: the courteous menu the native tree gives `player`'s own
/// moves (Bohnanza's etiquette of a bot-only table), as action JSON texts; None for the whole
/// menu. What the parity tests compare with `heuristics.polite`.
#[pyfunction]
pub fn search_polite(zones: &Bound<'_, PyAny>, player: usize) -> PyResult<Option<Vec<String>>> {
    fn of<G: SearchGame>(state: &G, p: usize) -> Option<Vec<String>> {
        if p >= state.num_players() {
            return None;
        }
        let list = state.polite(p, &state.menu(p))?;
        Some(list.iter().map(|a| G::action_json(a).to_string()).collect())
    }
    if let Ok(z) = zones.downcast::<BohnanzaZones>() {
        return Ok(of(&z.borrow().inner, player));
    }
    if let Ok(z) = zones.downcast::<StalkExchangeZones>() {
        return Ok(of(&z.borrow().inner, player));
    }
    if let Ok(z) = zones.downcast::<FieldsOfGreenZones>() {
        return Ok(of(&z.borrow().inner, player));
    }
    Err(PyTypeError::new_err(
        "not a native state of seedbed._native",
    ))
}

/// `search_evaluate(zones, me)`: what the native tree's cut-off rollouts score a leaf with,
/// every seat's value in [0, 1] (`Search.evaluate` of the Python search for observer `me`);
/// None where the game has no native evaluation for its options. What the parity tests
/// compare with the games' `heuristics`.
#[pyfunction]
pub fn search_evaluate(zones: &Bound<'_, PyAny>, me: usize) -> PyResult<Option<Vec<f64>>> {
    fn of<G: SearchGame>(state: &G, me: usize) -> Option<Vec<f64>> {
        if me >= state.num_players() || !state.evaluates() {
            return None;
        }
        state.evaluate(me)
    }
    if let Ok(z) = zones.downcast::<BohnanzaZones>() {
        return Ok(of(&z.borrow().inner, me));
    }
    if let Ok(z) = zones.downcast::<StalkExchangeZones>() {
        return Ok(of(&z.borrow().inner, me));
    }
    if let Ok(z) = zones.downcast::<FieldsOfGreenZones>() {
        return Ok(of(&z.borrow().inner, me));
    }
    Err(PyTypeError::new_err(
        "not a native state of seedbed._native",
    ))
}

/// `search_greedy(zones, player, rng)`: the greedy policy's move for `player` as the native
/// tree plays it (`heuristics.choose` of the seat's observation and menu), as action JSON
/// text, drawing from `rng` as Python's does; None without a native policy or when the seat
/// is not on the move. What the parity tests compare with `heuristics.choose`.
#[pyfunction]
pub fn search_greedy(
    zones: &Bound<'_, PyAny>,
    player: usize,
    mut rng: PyRefMut<'_, crate::rng::Rng>,
) -> PyResult<Option<String>> {
    fn of<G: SearchGame>(state: &G, p: usize, rng: &mut seedbed_core::rng::Rng) -> Option<String> {
        if !G::GREEDY || state.first_mover() != Some(p) {
            return None;
        }
        let a = state.greedy_choose(p, rng)?;
        Some(G::action_json(&a).to_string())
    }
    let generator = &mut rng.inner;
    if let Ok(z) = zones.downcast::<BohnanzaZones>() {
        return Ok(of(&z.borrow().inner, player, generator));
    }
    if let Ok(z) = zones.downcast::<StalkExchangeZones>() {
        return Ok(of(&z.borrow().inner, player, generator));
    }
    if let Ok(z) = zones.downcast::<FieldsOfGreenZones>() {
        return Ok(of(&z.borrow().inner, player, generator));
    }
    Err(PyTypeError::new_err(
        "not a native state of seedbed._native",
    ))
}

/// `python_sum(compensated)`: how the core adds floats where it mirrors Python's `sum` (the
/// heuristics' evaluations and Stalk Exchange's policy): with CPython 3.12's compensation or
/// left to right (3.11). `seedbed.bots.native_search` sets it from `sys.version_info`.
#[pyfunction]
pub fn python_sum(compensated: bool) {
    seedbed_core::pysum::set_compensated(compensated);
}

/// Each sample's rewards per arm (None: illegal in that determinization).
type Samples = Vec<Vec<Option<f64>>>;

#[allow(clippy::too_many_arguments)]
fn sampled<G: SearchGame>(
    py: Python<'_>,
    truth: &G,
    player: usize,
    arms: &[String],
    rng: &mut seedbed_core::rng::Rng,
    count: usize,
    how: Reward,
    cap: Option<f64>,
) -> PyResult<Samples> {
    if !G::GREEDY {
        return Err(PyValueError::new_err(format!(
            "{}: the game has no native greedy policy",
            G::NAME
        )));
    }
    if player >= truth.num_players() {
        return Err(PyValueError::new_err(format!("no seat {player}")));
    }
    let arms = arms
        .iter()
        .map(|text| {
            let value: serde_json::Value = serde_json::from_str(text)
                .map_err(|e| PyValueError::new_err(format!("an arm is not JSON: {e}")))?;
            G::action_from_json(&value).map_err(PyValueError::new_err)
        })
        .collect::<PyResult<Vec<G::Action>>>()?;
    let truth = truth.clone();
    let mut generator = *rng;
    let out = py.allow_threads(|| samples(&truth, player, &arms, &mut generator, count, how, cap));
    *rng = generator;
    Ok(out)
}

/// `rollout_samples(zones, player, rng, arms, count, reward="outcome", cap=None)`: `count`
/// samples of the rollout bot (`seedbed.bots.rollout.Player.sample`) from the native state
/// `zones` for `player`: each a determinization for the seat and a rollout seed from `rng`,
/// every arm (action JSON texts) tried in it and the game played on by the greedy policy.
/// Per sample, each arm's reward (`outcome` or `lead`), None where the arm is illegal;
/// stops after the sample that passes `cap` seconds. `rng` advances as the Python bot's.
#[pyfunction]
#[pyo3(signature = (zones, player, rng, arms, count, reward = "outcome", cap = None))]
#[allow(clippy::too_many_arguments)]
pub fn rollout_samples(
    py: Python<'_>,
    zones: &Bound<'_, PyAny>,
    player: usize,
    mut rng: PyRefMut<'_, crate::rng::Rng>,
    arms: Vec<String>,
    count: usize,
    reward: &str,
    cap: Option<f64>,
) -> PyResult<Samples> {
    let how = match reward {
        "outcome" => Reward::Outcome,
        "lead" => Reward::Lead,
        other => return Err(PyValueError::new_err(format!("unknown reward {other:?}"))),
    };
    let generator = &mut rng.inner;
    if let Ok(z) = zones.downcast::<BohnanzaZones>() {
        let truth = &z.borrow().inner;
        return sampled(py, truth, player, &arms, generator, count, how, cap);
    }
    if let Ok(z) = zones.downcast::<StalkExchangeZones>() {
        let truth = &z.borrow().inner;
        return sampled(py, truth, player, &arms, generator, count, how, cap);
    }
    if let Ok(z) = zones.downcast::<FieldsOfGreenZones>() {
        let truth = &z.borrow().inner;
        return sampled(py, truth, player, &arms, generator, count, how, cap);
    }
    Err(PyTypeError::new_err(
        "not a native state of seedbed._native",
    ))
}
