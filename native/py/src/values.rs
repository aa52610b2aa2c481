//! JSON values as Python objects, built directly (no JSON text to parse on the Python side):
//! what `json.loads` would give for the same value, with object keys in the same order.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::IntoPyObjectExt;
use serde_json::Value;

/// `json.loads(value.to_string())`, without the text.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    match value {
        Value::Null => Ok(py.None().into_bound(py)),
        Value::Bool(b) => b.into_bound_py_any(py),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_bound_py_any(py),
            (None, Some(u)) => u.into_bound_py_any(py),
            _ => n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py),
        },
        Value::String(s) => s.as_str().into_bound_py_any(py),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            Ok(list.into_any())
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            Ok(dict.into_any())
        }
    }
}
