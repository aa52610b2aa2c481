//! `seedbed._native.Rng`: the same methods and draws as `seedbed.engine.rng.Rng`.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PySequence};
use seedbed_core::rng;

use crate::bohnanza::seed_rng;

/// The seeded generator of seedbed, natively (see seedbed.engine.rng.Rng).
#[pyclass(module = "seedbed._native")]
#[derive(Clone)]
pub struct Rng {
    pub inner: rng::Rng,
}

/// A generator of a state as Python's `Rng.state` writes it (one non-negative integer).
fn of_state(state: &Bound<'_, PyAny>) -> PyResult<rng::Rng> {
    let bad = || PyValueError::new_err("not a state of this generator");
    let negative: bool = state.lt(0)?;
    let bits: usize = state.call_method0("bit_length")?.extract()?;
    if negative || bits > 41 * 8 {
        return Err(bad());
    }
    let bytes: Vec<u8> = state.call_method1("to_bytes", (41, "little"))?.extract()?;
    rng::Rng::from_state_bytes(&bytes).map_err(|_| bad())
}

#[pymethods]
impl Rng {
    #[new]
    #[pyo3(signature = (seed = None))]
    fn new(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let inner = match seed {
            Some(s) => seed_rng(s)?,
            None => rng::Rng::new(0),
        };
        Ok(Rng { inner })
    }

    #[staticmethod]
    fn from_state(state: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(Rng {
            inner: of_state(state)?,
        })
    }

    #[staticmethod]
    fn from_key(key: &[u8]) -> PyResult<Self> {
        let key: [u8; rng::KEY_BYTES] = key
            .try_into()
            .map_err(|_| PyValueError::new_err(format!("a key is 32 bytes, not {}", key.len())))?;
        Ok(Rng {
            inner: rng::Rng::from_key(key),
        })
    }

    #[getter]
    fn get_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes = PyBytes::new(py, &self.inner.state_bytes());
        py.get_type::<pyo3::types::PyInt>()
            .call_method1("from_bytes", (bytes, "little"))
    }

    #[setter]
    fn set_state(&mut self, state: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner = of_state(state)?;
        Ok(())
    }

    fn next32(&mut self) -> u32 {
        self.inner.next32()
    }

    fn next64(&mut self) -> u64 {
        self.inner.next64()
    }

    fn below(&mut self, n: &Bound<'_, PyAny>) -> PyResult<u64> {
        let n: i128 = n.extract()?;
        if n <= 0 {
            return Err(PyValueError::new_err("below() needs n >= 1"));
        }
        if n == 1 << 64 {
            return Ok(self.inner.next64());
        }
        let n = u64::try_from(n).map_err(|_| PyValueError::new_err("below() needs n <= 2**64"))?;
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
        format!("Rng(state={})", self.inner.state_hex())
    }
}
