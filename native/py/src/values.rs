//! JSON values as Python objects, built directly (no JSON text to parse on the Python side):
//! what `json.loads` would give for the same value, with object keys in the same order.

use std::sync::{LazyLock, Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::IntoPyObjectExt;
use rustc_hash::FxHashMap;
use serde_json::Value;

/// Strings longer than this are made afresh; shorter ones (object keys, the names of kinds,
/// flowers and varieties: a few dozen in all) are kept.
const KEPT: usize = 24;

/// The short strings made so far, so each is one interned string whose hash Python has
/// already computed.
static STRINGS: LazyLock<Mutex<FxHashMap<String, Py<PyString>>>> = LazyLock::new(Default::default);

type Strings = FxHashMap<String, Py<PyString>>;

fn string<'py>(py: Python<'py>, strings: &mut Strings, s: &str) -> Bound<'py, PyString> {
    if s.len() > KEPT {
        return PyString::new(py, s);
    }
    if let Some(found) = strings.get(s) {
        return found.bind(py).clone();
    }
    let made = PyString::intern(py, s);
    strings.insert(s.to_string(), made.clone().unbind());
    made
}

/// `json.loads(value.to_string())`, without the text.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    // No Python code runs while the values are built, so the lock is held throughout.
    let mut strings = STRINGS.lock().unwrap_or_else(PoisonError::into_inner);
    build(py, &mut strings, value)
}

fn build<'py>(
    py: Python<'py>,
    strings: &mut Strings,
    value: &Value,
) -> PyResult<Bound<'py, PyAny>> {
    match value {
        Value::Null => Ok(py.None().into_bound(py)),
        Value::Bool(b) => b.into_bound_py_any(py),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_bound_py_any(py),
            (None, Some(u)) => u.into_bound_py_any(py),
            _ => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py),
        },
        Value::String(s) => Ok(string(py, strings, s).into_any()),
        Value::Array(items) => {
            let items = items
                .iter()
                .map(|item| build(py, strings, item))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, items)?.into_any())
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(string(py, strings, k), build(py, strings, item)?)?;
            }
            Ok(dict.into_any())
        }
    }
}
