//! `Inline<T, N>`: a vector of at most `N` small `Copy` items held inline (no heap), with the
//! parts of `Vec`'s interface the rules use. A state made of them is one block of memory, so
//! `clone()` is a copy and a playout step allocates nothing.
//!
//! `Few` (up to four small numbers) holds the sides of an offer in the offer menu — face-up
//! slots (at most 2), hand positions and wanted varieties (at most `max_give` / `max_want`,
//! bounded by 3 in the options).
//!
//! Going past the capacity is a bug of the caller and panics: the zones are sized for every
//! card of the game (B-12: cards are conserved), and `state_from_json` refuses longer lists.

use std::cmp::Ordering;
use std::ops::{Deref, DerefMut};

/// Up to `N` items of `T`, inline.
#[derive(Clone, Copy)]
pub struct Inline<T: Copy + Default, const N: usize> {
    len: u16,
    items: [T; N],
}

/// Up to four small numbers.
pub type Few = Inline<u8, 4>;

/// The most numbers a [`Few`] holds.
pub const CAPACITY: usize = 4;

impl<T: Copy + Default, const N: usize> Default for Inline<T, N> {
    fn default() -> Self {
        Inline {
            len: 0,
            items: [T::default(); N],
        }
    }
}

impl<T: Copy + Default, const N: usize> Inline<T, N> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The most items this vector holds.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Append `x` (panics past the capacity).
    pub fn push(&mut self, x: T) {
        let i = usize::from(self.len);
        assert!(i < N, "an Inline holds at most {N} items");
        self.items[i] = x;
        self.len += 1;
    }

    /// Append `x` unless full; whether it was appended.
    pub fn try_push(&mut self, x: T) -> bool {
        if usize::from(self.len) < N {
            self.push(x);
            true
        } else {
            false
        }
    }

    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[usize::from(self.len)])
    }

    /// Insert `x` at `i` (`i <= len`), shifting the rest right.
    pub fn insert(&mut self, i: usize, x: T) {
        let n = usize::from(self.len);
        assert!(i <= n && n < N, "insert at {i} into {n} of {N}");
        self.items.copy_within(i..n, i + 1);
        self.items[i] = x;
        self.len += 1;
    }

    /// Remove and return item `i`, shifting the rest left.
    pub fn remove(&mut self, i: usize) -> T {
        let n = usize::from(self.len);
        assert!(i < n, "remove {i} from {n}");
        let x = self.items[i];
        self.items.copy_within(i + 1..n, i);
        self.len -= 1;
        x
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn truncate(&mut self, len: usize) {
        if len < usize::from(self.len) {
            self.len = len as u16;
        }
    }

    pub fn extend_from_slice(&mut self, xs: &[T]) {
        let n = usize::from(self.len);
        assert!(n + xs.len() <= N, "{} more items into {n} of {N}", xs.len());
        self.items[n..n + xs.len()].copy_from_slice(xs);
        self.len += xs.len() as u16;
    }

    /// Keep the items for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut k = 0;
        for i in 0..usize::from(self.len) {
            let x = self.items[i];
            if keep(&x) {
                self.items[k] = x;
                k += 1;
            }
        }
        self.len = k as u16;
    }

    /// Move every item out (in order), leaving this empty.
    pub fn take(&mut self) -> Self {
        std::mem::take(self)
    }

    /// A copy of the items as a `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self[..].to_vec()
    }

    /// From a slice no longer than the capacity; None when longer.
    pub fn try_from_slice(xs: &[T]) -> Option<Self> {
        if xs.len() > N {
            return None;
        }
        let mut out = Self::new();
        out.extend_from_slice(xs);
        Some(out)
    }
}

impl<T: Copy + Default, const N: usize> Deref for Inline<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> DerefMut for Inline<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for Inline<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<'a, T: Copy + Default + 'a, const N: usize> Extend<&'a T> for Inline<T, N> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        for &x in iter {
            self.push(x);
        }
    }
}

impl<T: Copy + Default, const N: usize> FromIterator<T> for Inline<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut out = Self::new();
        out.extend(iter);
        out
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a Inline<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for Inline<T, N> {
    fn eq(&self, other: &Self) -> bool {
        // an item loop, not a slice comparison: for a few bytes, memcmp's call costs more
        self.len == other.len && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for Inline<T, N> {}

impl<T: Copy + Default + std::hash::Hash, const N: usize> std::hash::Hash for Inline<T, N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self[..].hash(state);
    }
}

impl<T: Copy + Default + Ord, const N: usize> PartialOrd for Inline<T, N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Copy + Default + Ord, const N: usize> Ord for Inline<T, N> {
    fn cmp(&self, other: &Self) -> Ordering {
        self[..].cmp(&other[..])
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for Inline<T, N> {
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

    #[test]
    fn edits_like_a_vector() {
        let mut v: Inline<u8, 8> = Inline::new();
        v.extend_from_slice(&[1, 2, 3, 4]);
        v.insert(0, 9);
        v.insert(5, 8);
        assert_eq!(v.to_vec(), vec![9, 1, 2, 3, 4, 8]);
        assert_eq!(v.remove(2), 2);
        assert_eq!(v.pop(), Some(8));
        v.retain(|&x| x != 3);
        assert_eq!(v.to_vec(), vec![9, 1, 4]);
        let w = v.take();
        assert!(v.is_empty() && w.len() == 3);
        assert!(Inline::<u8, 2>::try_from_slice(&[1, 2, 3]).is_none());
        let mut full: Inline<u8, 1> = Inline::new();
        assert!(full.try_push(1) && !full.try_push(2));
    }

    #[test]
    #[should_panic(expected = "at most 2")]
    fn refuses_to_grow_past_its_capacity() {
        let mut v: Inline<u8, 2> = Inline::new();
        v.extend([1, 2, 3]);
    }
}
