//! The State wrappers' fast path (D-40): what both games' bindings share to step a native
//! state through the State API with one native call per `legal_actions` and per `apply`.
//!
//! - **Events as Python objects, made natively and shared.** [`EventCache`] keeps the
//!   `seedbed.engine.api.Event` made for each distinct event (keyed by what determines its
//!   JSON), two generations of [`CACHE_LIMIT`] entries, so what repeats stays and one-off
//!   events (most draws) leave; a missed event is built from its JSON parts as Python values
//!   ([`crate::values::to_py`]), never as text.
//! - **Listed actions by identity.** A state remembers the menu tuple it last handed out and
//!   the item a lazy menu of its position last decoded ([`Listed`]); `apply` of one of those
//!   very objects (`is`, not `==`: no hashing of the action) applies the native action it was
//!   made from.

use std::hash::Hash;
use std::sync::{LazyLock, Mutex};

use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use rustc_hash::FxHashMap;
use serde_json::Value;

/// Entries of one generation of an [`EventCache`] (as the wrappers' `CACHE_LIMIT`).
pub const CACHE_LIMIT: usize = 50_000;

/// Python objects by key, in two generations: a full generation becomes the old one.
pub struct EventCache<K> {
    young: FxHashMap<K, Py<PyAny>>,
    old: FxHashMap<K, Py<PyAny>>,
    limit: usize,
}

impl<K: Hash + Eq> EventCache<K> {
    pub fn new() -> Self {
        EventCache {
            young: FxHashMap::default(),
            old: FxHashMap::default(),
            limit: CACHE_LIMIT,
        }
    }

    /// The object of `key`, if either generation has it (an old one moves to the young).
    fn lookup<'py>(&mut self, py: Python<'py>, key: K) -> Result<Bound<'py, PyAny>, K> {
        if let Some(found) = self.young.get(&key) {
            return Ok(found.bind(py).clone());
        }
        match self.old.remove(&key) {
            Some(found) => {
                let bound = found.bind(py).clone();
                self.insert(key, found);
                Ok(bound)
            }
            None => Err(key),
        }
    }

    fn insert(&mut self, key: K, value: Py<PyAny>) {
        if self.young.len() >= self.limit {
            self.old = std::mem::take(&mut self.young);
        }
        self.young.insert(key, value);
    }
}

fn lock<K>(cache: &SharedCache<K>) -> std::sync::MutexGuard<'_, EventCache<K>> {
    cache
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The entries of a generation of `cache`; `limit` sets it. Returns the previous value.
pub fn cache_limit<K: Hash + Eq>(cache: &SharedCache<K>, limit: Option<usize>) -> usize {
    let mut cache = lock(cache);
    let old = cache.limit;
    if let Some(limit) = limit {
        cache.limit = limit.max(1);
    }
    old
}

/// The object of `key` in `cache`, made by `make` (and kept) when neither generation has it.
/// The lock is not held while `make` runs Python code (which may let another thread in).
pub fn cached<'py, K: Hash + Eq>(
    cache: &SharedCache<K>,
    py: Python<'py>,
    key: K,
    make: impl FnOnce(&K) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let key = match lock(cache).lookup(py, key) {
        Ok(found) => return Ok(found),
        Err(key) => key,
    };
    let made = make(&key)?;
    lock(cache).insert(key, made.clone().unbind());
    Ok(made)
}

impl<K: Hash + Eq> Default for EventCache<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// A global [`EventCache`] (one per game), locked only while the GIL is held.
pub type SharedCache<K> = LazyLock<Mutex<EventCache<K>>>;

static EVENT_CLASS: GILOnceCell<Py<PyAny>> = GILOnceCell::new();
static TUPLE_NEW: GILOnceCell<Py<PyAny>> = GILOnceCell::new();

/// `seedbed.engine.api.Event(kind, public, private, private_to)`, made as the named tuple's
/// own `__new__` makes it (`tuple.__new__(Event, ...)`) without running Python code.
pub fn event_from_parts<'py>(
    py: Python<'py>,
    kind: &'static str,
    public: Bound<'py, PyDict>,
    private: Bound<'py, PyAny>,
    private_to: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let class = EVENT_CLASS.import(py, "seedbed.engine.api", "Event")?;
    let new = TUPLE_NEW.get_or_try_init(py, || {
        py.get_type::<PyTuple>()
            .getattr("__new__")
            .map(Bound::unbind)
    })?;
    let kind = kind_name(py, kind);
    let items = PyTuple::new(
        py,
        [
            kind.into_any(),
            public.into_any(),
            private,
            PyTuple::new(py, private_to)?.into_any(),
        ],
    )?;
    new.bind(py).call1((class, items))
}

static KINDS: LazyLock<Mutex<FxHashMap<&'static str, Py<PyString>>>> =
    LazyLock::new(Default::default);

/// The Python string of an event kind, made once.
fn kind_name<'py>(py: Python<'py>, kind: &'static str) -> Bound<'py, PyString> {
    let mut kinds = KINDS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    kinds
        .entry(kind)
        .or_insert_with(|| PyString::intern(py, kind).unbind())
        .bind(py)
        .clone()
}

/// [`event_from_parts`] from JSON parts.
pub fn event_object<'py>(
    py: Python<'py>,
    kind: &'static str,
    public: &Value,
    private: Option<&Value>,
    private_to: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let private = match private {
        Some(value) => crate::values::to_py(py, value)?,
        None => py.None().into_bound(py),
    };
    let public = crate::values::to_py(py, public)?.downcast_into::<PyDict>()?;
    event_from_parts(py, kind, public, private, private_to)
}

/// What a state handed out at its position and can apply by identity: the menu tuple
/// (`listed`, with the native action of each item) and the item a lazy menu of this position
/// last decoded (`picked`). Both are forgotten when the state changes.
pub struct Listed<A> {
    pub player: i64,
    pub menu: Option<(Py<PyTuple>, Vec<A>)>,
    pub picked: Option<(Py<PyAny>, A)>,
}

impl<A: Clone> Listed<A> {
    pub fn new() -> Self {
        Listed {
            player: -1,
            menu: None,
            picked: None,
        }
    }

    /// The native action of `action` if it is (`is`) an item this state handed out.
    pub fn find(&self, action: &Bound<'_, PyAny>) -> Option<A> {
        if let Some((obj, a)) = &self.picked {
            if obj.is(action) {
                return Some(a.clone());
            }
        }
        let (menu, natives) = self.menu.as_ref()?;
        let menu = menu.bind(action.py());
        menu.iter()
            .position(|item| item.is(action))
            .and_then(|i| natives.get(i).cloned())
    }

    /// The menu tuple of `player` handed out at this position, if any.
    pub fn menu_of<'py>(&self, py: Python<'py>, player: i64) -> Option<Bound<'py, PyTuple>> {
        match &self.menu {
            Some((menu, _)) if self.player == player => Some(menu.bind(py).clone()),
            _ => None,
        }
    }

    pub fn clear(&mut self) {
        self.menu = None;
        self.picked = None;
    }
}

impl<A: Clone> Default for Listed<A> {
    fn default() -> Self {
        Self::new()
    }
}

/// The wrapper's action object of `code`: from `actions` (the wrapper's dict of them), or
/// made by `make(code)`, which keeps it there.
pub fn action_object<'py>(
    actions: &Bound<'py, PyDict>,
    make: &Bound<'py, PyAny>,
    code: u64,
) -> PyResult<Bound<'py, PyAny>> {
    match actions.get_item(code)? {
        Some(found) => Ok(found),
        None => make.call1((code,)),
    }
}

/// `apply`'s answer on the fast path: the events and the new movers.
pub type Applied<'py> = (Bound<'py, PyList>, Bound<'py, PyTuple>);

/// [`Applied`] of the events and movers.
pub fn applied<'py>(
    py: Python<'py>,
    events: Vec<Bound<'py, PyAny>>,
    movers: Vec<usize>,
) -> PyResult<Applied<'py>> {
    Ok((PyList::new(py, events)?, PyTuple::new(py, movers)?))
}
