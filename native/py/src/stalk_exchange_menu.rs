//! A long Stalk Exchange menu handed to Python (`seedbed._native.StalkExchangeMenu`): lazy, a
//! `Sequence` of the wrapper's action objects whose length is known up front and whose item
//! *i* is made when asked for, with no Python frame per pick (the wrapper registers the class
//! as a `seedbed.engine.menu.LazyMenu`). It holds the menu frozen with the little of its
//! position it reads (`menu::Frozen`), so it stays valid after the state moves on, as every
//! menu does; the item picked last is remembered by the state it was made from, which then
//! applies that very object without decoding it (`apply_listed`).

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice};
use seedbed_core::stalk_exchange::actions::Action;
use seedbed_core::stalk_exchange::menu::Frozen;

use crate::fast;
use crate::stalk_exchange::{action_code, action_of_code, StalkExchangeZones};

#[pyclass(module = "seedbed._native", frozen, sequence)]
pub struct StalkExchangeMenu {
    menu: Frozen,
    /// The state the menu was made from (remembers the item picked last).
    origin: Py<StalkExchangeZones>,
    /// The wrapper's action objects by code, `make(code)` for a missing one, and the codes
    /// by action object (membership by arithmetic, `Frozen::position`).
    actions: Py<PyDict>,
    make: Py<PyAny>,
    codes: Py<PyDict>,
}

impl StalkExchangeMenu {
    pub fn new(
        menu: Frozen,
        origin: Py<StalkExchangeZones>,
        (actions, make, codes): (Py<PyDict>, Py<PyAny>, Py<PyDict>),
    ) -> Self {
        StalkExchangeMenu {
            menu,
            origin,
            actions,
            make,
            codes,
        }
    }

    /// The index of `value` in the menu (None: not in it), when `value` is an action the
    /// wrapper has a code for; else None (unhashable, or never listed: the caller scans).
    fn known(&self, value: &Bound<'_, PyAny>) -> PyResult<Option<Option<usize>>> {
        let code = match self.codes.bind(value.py()).get_item(value) {
            Ok(Some(code)) => code.extract::<u64>()?,
            Ok(None) => return Ok(None),
            Err(e) if e.is_instance_of::<PyTypeError>(value.py()) => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(action_of_code(code).map(|a| self.menu.position(&a)))
    }

    /// Item `i` (in range) as the native action and the wrapper's object: by code, or
    /// `make(json_text)` beyond the codes' layout.
    fn item<'py>(&self, py: Python<'py>, i: usize) -> PyResult<(Action, Bound<'py, PyAny>)> {
        let a = self
            .menu
            .get(i)
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        let make = self.make.bind(py);
        let obj = match action_code(&a) {
            Some(code) => fast::action_object(self.actions.bind(py), make, code)?,
            None => make.call1((a.to_json().to_string(),))?,
        };
        Ok((a, obj))
    }

    fn items<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        (0..self.menu.len())
            .map(|i| Ok(self.item(py, i)?.1))
            .collect()
    }
}

#[pymethods]
impl StalkExchangeMenu {
    fn __len__(&self) -> usize {
        self.menu.len()
    }

    /// `menu[i]` (negative counts from the end) or `menu[a:b:c]` (a list), as `LazyMenu`.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.downcast::<PySlice>() {
            let s = slice.indices(self.menu.len() as isize)?;
            let picked = (0..s.slicelength)
                .map(|k| Ok(self.item(py, (s.start + k as isize * s.step) as usize)?.1))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(PyList::new(py, picked)?.into_any());
        }
        let Ok(i) = index.extract::<isize>() else {
            return Err(PyTypeError::new_err(format!(
                "menu indices must be integers or slices, not {}",
                index.get_type().name()?
            )));
        };
        let n = self.menu.len() as isize;
        let i = if i < 0 { i + n } else { i };
        if !(0..n).contains(&i) {
            return Err(PyIndexError::new_err("menu index out of range"));
        }
        let (a, obj) = self.item(py, i as usize)?;
        if let Ok(mut origin) = self.origin.bind(py).try_borrow_mut() {
            origin.listed.picked = Some((obj.clone().unbind(), a));
        }
        Ok(obj)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(py, self.items(py)?)?
            .as_any()
            .try_iter()
            .map(Bound::into_any)
    }

    /// `value in menu`: a lookup for an action the wrapper knows (what ISMCTS asks of every
    /// edge of a node), a scan otherwise.
    fn __contains__(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<bool> {
        if let Some(found) = self.known(value)? {
            return Ok(found.is_some());
        }
        for item in self.items(py)? {
            if item.is(value) || item.eq(value)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `Sequence.index`: the first index of `value` in `[start, stop)`; ValueError if absent.
    #[pyo3(signature = (value, start = 0, stop = None))]
    fn index(
        &self,
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        start: isize,
        stop: Option<isize>,
    ) -> PyResult<usize> {
        let n = self.menu.len() as isize;
        let clamp = |i: isize| if i < 0 { (i + n).max(0) } else { i.min(n) };
        let range = clamp(start)..clamp(stop.unwrap_or(n));
        if let Some(found) = self.known(value)? {
            return match found {
                Some(i) if range.contains(&(i as isize)) => Ok(i),
                _ => Err(PyValueError::new_err("the action is not in the menu")),
            };
        }
        for i in range {
            let item = self.item(py, i as usize)?.1;
            if item.is(value) || item.eq(value)? {
                return Ok(i as usize);
            }
        }
        Err(PyValueError::new_err("the action is not in the menu"))
    }

    /// `Sequence.count`.
    fn count(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<usize> {
        if let Some(found) = self.known(value)? {
            return Ok(usize::from(found.is_some()));
        }
        let mut found = 0;
        for item in self.items(py)? {
            if item.is(value) || item.eq(value)? {
                found += 1;
            }
        }
        Ok(found)
    }

    fn __repr__(&self) -> String {
        format!("<StalkExchangeMenu of {} actions>", self.menu.len())
    }
}
