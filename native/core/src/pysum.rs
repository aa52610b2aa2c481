//! Python's built-in `sum` of floats, as the interpreter running the reference adds them, so
//! what the core computes for the Python heuristics (the evaluations of cut-off rollouts,
//! Stalk Exchange's greedy policy) stays equal float for float: left to right up to
//! CPython 3.11, with Neumaier's running compensation from 3.12 on (gh-100425). The mode is
//! process-wide, set once by the Python side from `sys.version_info` (`python_sum` in the
//! bindings); left to right by default.

use std::sync::atomic::{AtomicBool, Ordering};

static COMPENSATED: AtomicBool = AtomicBool::new(false);

/// Whether `sum` compensates (CPython 3.12 and later).
pub fn set_compensated(on: bool) {
    COMPENSATED.store(on, Ordering::Relaxed);
}

pub fn compensated() -> bool {
    COMPENSATED.load(Ordering::Relaxed)
}

/// `sum(items)` of floats (`0` for none) in the mode set.
pub fn sum(items: impl IntoIterator<Item = f64>) -> f64 {
    sum_as(compensated(), items)
}

/// `sum(items)` as CPython 3.12+ (`compensated`) or 3.11 adds them.
pub fn sum_as(compensated: bool, items: impl IntoIterator<Item = f64>) -> f64 {
    if !compensated {
        return items.into_iter().fold(0.0, |acc, x| acc + x);
    }
    let (mut s, mut c) = (0.0f64, 0.0f64);
    for x in items {
        let t = s + x;
        if s.abs() >= x.abs() {
            c += (s - t) + x;
        } else {
            c += (x - t) + s;
        }
        s = t;
    }
    // CPython adds the correction only when it is non-zero and finite
    if c != 0.0 && c.is_finite() {
        s + c
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_modes_add_as_their_interpreter() {
        let items = [1e16, 1.0, -1e16];
        assert_eq!(sum_as(false, items), 0.0); // left to right: the 1.0 is lost
        assert_eq!(sum_as(true, items), 1.0);
        assert_eq!(sum_as(true, [0.1, 0.2, 0.3]), 0.6);
        assert_eq!(sum_as(false, [0.1, 0.2, 0.3]), 0.6000000000000001);
        assert_eq!(sum_as(true, []), 0.0);
        assert!(
            !compensated(),
            "left to right unless the Python side says otherwise"
        );
    }
}
