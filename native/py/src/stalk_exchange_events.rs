//! Stalk Exchange's events as the Python `Event` objects the Python engine makes, built
//! straight from the typed events (no JSON in between): the same kind, the same public dict
//! with the same keys in the same order (`events::Event::public_json` is the reference, and
//! the lockstep tests compare the two as JSON text), lists where `json.loads` gives lists.
//! Every Stalk Exchange event is public: `private` None, `private_to` empty.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyList, PyString};
use seedbed_core::stalk_exchange::config::FLOWERS;
use seedbed_core::stalk_exchange::events::Event;
use seedbed_core::stalk_exchange::hexgrid::Hex;

use crate::fast::event_from_parts;

static NAMES: GILOnceCell<Vec<Py<PyString>>> = GILOnceCell::new();

/// The flower's name (S-7) as one interned Python string.
fn flower(py: Python<'_>, t: usize) -> PyResult<Bound<'_, PyString>> {
    let names = NAMES.get_or_init(py, || {
        FLOWERS
            .iter()
            .map(|name| PyString::intern(py, name).unbind())
            .collect()
    });
    Ok(names[t].bind(py).clone())
}

/// `[q, r]`.
fn space<'py>(py: Python<'py>, &(q, r): &Hex) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, [q, r])
}

fn spaces<'py>(py: Python<'py>, hexes: &[Hex]) -> PyResult<Bound<'py, PyList>> {
    let items = hexes
        .iter()
        .map(|h| space(py, h))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// `[[slot, flower], ...]`.
fn drawn<'py>(py: Python<'py>, draws: &[(usize, usize)]) -> PyResult<Bound<'py, PyList>> {
    let items = draws
        .iter()
        .map(|&(slot, t)| {
            PyList::new(
                py,
                [
                    slot.into_pyobject(py)?.into_any(),
                    flower(py, t)?.into_any(),
                ],
            )
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The public part of `e` as a dict (`json.loads` of `public_json`).
fn public<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match e {
        Event::Plant {
            player,
            slot,
            space: at,
            flower: t,
            extra,
        } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "slot"), slot)?;
            d.set_item(intern!(py, "space"), space(py, at)?)?;
            d.set_item(intern!(py, "flower"), flower(py, *t)?)?;
            d.set_item(intern!(py, "extra"), extra)?;
        }
        Event::Swap {
            player,
            slot,
            took,
            gave,
            extra,
        } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "slot"), slot)?;
            d.set_item(intern!(py, "took"), flower(py, *took)?)?;
            d.set_item(intern!(py, "gave"), flower(py, *gave)?)?;
            d.set_item(intern!(py, "extra"), extra)?;
        }
        Event::Flush {
            player,
            composted,
            drawn: draws,
        } => {
            let names = composted
                .iter()
                .map(|&t| flower(py, t))
                .collect::<PyResult<Vec<_>>>()?;
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "composted"), PyList::new(py, names)?)?;
            d.set_item(intern!(py, "drawn"), drawn(py, draws)?)?;
        }
        Event::Crash { trigger, during } => {
            d.set_item(intern!(py, "trigger"), trigger)?;
            d.set_item(intern!(py, "during"), PyString::intern(py, during.name()))?;
        }
        Event::EndActions { player, forfeited } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "forfeited"), forfeited)?;
        }
        Event::Harvest { groups, flowers } => {
            let listed = groups
                .iter()
                .map(|(t, hexes)| {
                    let g = PyDict::new(py);
                    g.set_item(intern!(py, "flower"), flower(py, *t)?)?;
                    g.set_item(intern!(py, "spaces"), spaces(py, hexes)?)?;
                    Ok(g)
                })
                .collect::<PyResult<Vec<_>>>()?;
            let by_name = PyDict::new(py);
            for (t, &k) in flowers.iter().enumerate().filter(|(_, &k)| k != 0) {
                by_name.set_item(flower(py, t)?, k)?;
            }
            d.set_item(intern!(py, "groups"), PyList::new(py, listed)?)?;
            d.set_item(intern!(py, "flowers"), by_name)?;
        }
        Event::Bloom { spaces: hexes } => {
            d.set_item(intern!(py, "spaces"), spaces(py, hexes)?)?;
        }
        Event::Market { laid, values } => {
            let laid = laid
                .iter()
                .map(|&(t, cell)| {
                    PyList::new(
                        py,
                        [
                            flower(py, t)?.into_any(),
                            cell.into_pyobject(py)?.into_any(),
                        ],
                    )
                })
                .collect::<PyResult<Vec<_>>>()?;
            d.set_item(intern!(py, "laid"), PyList::new(py, laid)?)?;
            d.set_item(intern!(py, "values"), PyList::new(py, values)?)?;
        }
        Event::Exchange {
            composted,
            drawn: draws,
        } => {
            let composted = composted.map(|t| flower(py, t)).transpose()?;
            d.set_item(intern!(py, "composted"), composted)?;
            d.set_item(intern!(py, "drawn"), drawn(py, draws)?)?;
        }
        Event::GameOver { turns, triggers } => {
            d.set_item(intern!(py, "turns"), turns)?;
            d.set_item(intern!(py, "triggers"), PyList::new(py, triggers)?)?;
        }
        Event::Turn { player, turn } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "turn"), turn)?;
        }
    }
    Ok(d)
}

/// The Python `Event` of `e`.
pub fn event<'py>(py: Python<'py>, e: &Event) -> PyResult<Bound<'py, PyAny>> {
    event_from_parts(py, e.kind(), public(py, e)?, py.None().into_bound(py), &[])
}
