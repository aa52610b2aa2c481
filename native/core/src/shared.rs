//! `Shared<T>`: a list shared by the clones of a state until one of them changes it (copy on
//! write, `Arc::make_mut`). Cloning a state in the middle of a trading phase then copies no
//! offer list: its clones share this phase's lists, and a playout, which owns its state
//! alone, changes them in place. An empty list holds nothing (no `Arc`), so cloning a state
//! outside trading costs no reference count either.
//!
//! Reads go through `Deref<Target = [T]>`; writes through `DerefMut` (`s.x[i] = …`,
//! `iter_mut`), `push` and `clear`, which first copy the list when it is shared.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A list shared between clones until changed.
#[derive(Clone)]
pub struct Shared<T>(Option<Arc<Vec<T>>>);

impl<T> Default for Shared<T> {
    fn default() -> Self {
        Shared(None)
    }
}

impl<T> From<Vec<T>> for Shared<T> {
    fn from(v: Vec<T>) -> Self {
        Shared((!v.is_empty()).then(|| Arc::new(v)))
    }
}

impl<T: Clone> Shared<T> {
    /// The list to change, copied first when shared.
    fn owned(&mut self) -> &mut Vec<T> {
        Arc::make_mut(self.0.get_or_insert_with(Default::default))
    }

    pub fn push(&mut self, x: T) {
        self.owned().push(x);
    }
}

impl<T> Shared<T> {
    /// Empty it; a shared list is left to its other owners rather than copied first.
    pub fn clear(&mut self) {
        match self.0.as_mut().and_then(Arc::get_mut) {
            Some(v) => v.clear(),
            None => self.0 = None,
        }
    }

    /// The items this list has room for (its heap, as `Vec::capacity`).
    pub fn capacity(&self) -> usize {
        self.0.as_ref().map_or(0, |v| v.capacity())
    }
}

impl<T> Deref for Shared<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self.0 {
            Some(_) => self.owned(),
            None => &mut [],
        }
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        self[..] == other[..]
    }
}

impl<T: Eq> Eq for Shared<T> {}

impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self[..].fmt(f)
    }
}

/// A value shared by the clones of a state until one of them changes it (copy on write,
/// `Arc::make_mut`), for the parts of a state a step seldom changes: cloning shares them,
/// and the first change after a clone copies. Reads go through `Deref`, writes through
/// `DerefMut`, so code reads and writes it as the value itself.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct CopyOnWrite<T>(Arc<T>);

impl<T> CopyOnWrite<T> {
    pub fn new(value: T) -> Self {
        CopyOnWrite(Arc::new(value))
    }
}

impl<T> From<T> for CopyOnWrite<T> {
    fn from(value: T) -> Self {
        CopyOnWrite::new(value)
    }
}

impl<T> Deref for CopyOnWrite<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for CopyOnWrite<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

impl<'a, T> IntoIterator for &'a CopyOnWrite<T>
where
    &'a T: IntoIterator,
{
    type Item = <&'a T as IntoIterator>::Item;
    type IntoIter = <&'a T as IntoIterator>::IntoIter;
    fn into_iter(self) -> Self::IntoIter {
        (&*self.0).into_iter()
    }
}

impl<T: fmt::Debug> fmt::Debug for CopyOnWrite<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same<T>(a: &Shared<T>, b: &Shared<T>) -> bool {
        match (&a.0, &b.0) {
            (Some(x), Some(y)) => Arc::ptr_eq(x, y),
            _ => false,
        }
    }

    #[test]
    fn clones_share_until_one_changes() {
        let mut a: Shared<u8> = vec![1, 2].into();
        let b = a.clone();
        assert!(same(&a, &b));
        a.push(3);
        a[0] = 9;
        assert_eq!((&a[..], &b[..]), (&[9, 2, 3][..], &[1, 2][..]));
        let mut c = b.clone();
        c.clear();
        assert!(c.is_empty() && b.len() == 2);
        let mut d = Shared::from(vec![4]);
        d.clear();
        assert!(
            d.is_empty() && d.capacity() >= 1,
            "cleared in place when alone"
        );
        let mut e: Shared<u8> = Shared::default();
        assert!(e.iter_mut().next().is_none() && e == Shared::from(vec![]));
        e.push(5);
        assert_eq!(&e[..], &[5]);
    }

    #[test]
    fn copy_on_write_clones_share_until_one_changes() {
        let mut a = CopyOnWrite::new(vec![vec![1u8], vec![2]]);
        let b = a.clone();
        assert!(Arc::ptr_eq(&a.0, &b.0));
        a[1].push(3);
        assert!(!Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(
            (&*a, &*b),
            (&vec![vec![1], vec![2, 3]], &vec![vec![1], vec![2]])
        );
        let mut c = CopyOnWrite::new(vec![7u8]);
        let before = Arc::as_ptr(&c.0);
        c.push(8);
        assert_eq!(
            (Arc::as_ptr(&c.0), &*c),
            (before, &vec![7, 8]),
            "changed in place when alone"
        );
    }
}
