//! `Few`: up to four small numbers held inline (no heap), for the sides of an offer in the
//! offer menu — face-up slots (at most 2), hand positions and wanted varieties (at most
//! `max_give` / `max_want`, bounded by 3 in the options). Building the menu at every step of
//! a playout allocated two vectors per side; this keeps them on the stack.

use std::cmp::Ordering;
use std::ops::{Deref, DerefMut};

/// The most numbers a `Few` holds.
pub const CAPACITY: usize = 4;

#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Few {
    len: u8,
    items: [u8; CAPACITY],
}

impl Few {
    pub fn new() -> Few {
        Few::default()
    }

    /// Append `x`; more than [`CAPACITY`] numbers is a bug of the caller (the options bound
    /// every side below it).
    pub fn push(&mut self, x: u8) {
        let i = self.len as usize;
        assert!(i < CAPACITY, "a Few holds at most {CAPACITY} numbers");
        self.items[i] = x;
        self.len += 1;
    }
}

impl Deref for Few {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
}

impl DerefMut for Few {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.items[..self.len as usize]
    }
}

impl FromIterator<u8> for Few {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Few {
        let mut out = Few::new();
        for x in iter {
            out.push(x);
        }
        out
    }
}

impl PartialOrd for Few {
    fn partial_cmp(&self, other: &Few) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Few {
    fn cmp(&self, other: &Few) -> Ordering {
        self[..].cmp(&other[..])
    }
}

impl std::fmt::Debug for Few {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_short_vector() {
        let mut a: Few = [3u8, 1].into_iter().collect();
        a.push(2);
        assert_eq!(&a[..], &[3, 1, 2]);
        a.sort_unstable();
        assert_eq!(&a[..], &[1, 2, 3]);
        let b: Few = [1u8, 2].into_iter().collect();
        assert!(b < a && Few::new() < b);
        assert_eq!(format!("{a:?}"), "[1, 2, 3]");
    }
}
