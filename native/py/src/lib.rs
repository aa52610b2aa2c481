//! `seedbed._native`: the PyO3 bindings of `seedbed-core`. Every error becomes a Python
//! exception; nothing here panics on input from Python.

use pyo3::prelude::*;

mod rng;

/// The module seedbed._native.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<rng::Rng>()?;
    Ok(())
}
