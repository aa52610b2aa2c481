//! `seedbed._native.Rng`: the same methods and draws as `seedbed.engine.rng.Rng`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySequence};
use seedbed_core::rng;

/// `value & (2**64 - 1)` for any Python int, as Python's `Rng` masks seeds and states.
fn masked(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    value.bitand(u64::MAX)?.extract()
}

/// The seeded generator of seedbed, natively (see seedbed.engine.rng.Rng).
#[pyclass(module = "seedbed._native")]
#[derive(Clone)]
pub struct Rng {
    pub inner: rng::Rng,
}

#[pymethods]
impl Rng {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = match seed {
            Some(s) => masked(s)?,
            None => 0,
        };
        Ok(Rng {
            inner: rng::Rng::new(seed),
        })
    }

    #[staticmethod]
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Rng {
            inner: rng::Rng::from_state(masked(state)?),
        })
    }

    #[getter]
    fn get_state(&self) -> u64 {
        self.inner.state
    }

    #[setter]
    fn set_state(&mut self, state: u64) {
        self.inner.state = state;
    }

    fn next31(&mut self) -> u64 {
        self.inner.next31()
    }

    fn next64(&mut self) -> u64 {
        self.inner.next64()
    }

    fn below(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n: i128 = n.extract()?;
        if n <= 0 {
            return Err(PyValueError::new_err("below() needs n >= 1"));
        }
        let n = u64::try_from(n).map_err(|_| PyValueError::new_err("below() needs n < 2**64"))?;
        Ok(self.inner.below(n))
    }

    fn random(&mut self) -> f64 {
        self.inner.random()
    }

    fn choice<'py>(&mut self, seq: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let seq = seq.downcast::<PySequence>()?;
        let n = seq.len()? as u64;
        if n == 0 {
            return Err(PyValueError::new_err("below() needs n >= 1"));
        }
        seq.get_item(self.inner.below(n) as usize)
    }

    /// Fisher–Yates in place on a list, the swaps of the native shuffle.
    fn shuffle(&mut self, items: &Bound<'_, PyList>) -> PyResult<()> {
        for (i, j) in self.inner.shuffle_swaps(items.len()) {
            let a = items.get_item(i)?;
            let b = items.get_item(j)?;
            items.set_item(i, b)?;
            items.set_item(j, a)?;
        }
        Ok(())
    }

    fn spawn(&mut self) -> Rng {
        Rng {
            inner: self.inner.spawn(),
        }
    }

    fn clone(&self) -> Rng {
        Rng { inner: self.inner }
    }

    fn __repr__(&self) -> String {
        format!("Rng(state={})", self.inner.state)
    }
}
