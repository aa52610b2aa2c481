//! The given sides of a player's offer menu (B-50), counted and decoded instead of listed.
//!
//! A given side is a subset of the occupied face-up slots (the active player only) and a
//! hand part of at most `max_give` minus that many cards: with front-most offers a multiset
//! of varieties (at most `max_give` of each variety the hand holds), with all positions a set
//! of hand positions. `give_options` in `menu.py` lists them — face-up subsets by size then
//! in `combinations` order, each followed by its hand parts by size, then in
//! `combinations(_with_replacement)` order. Both hand orders are the lexicographic order of
//! sorted tuples of *kinds* (varieties present, or positions), each kind at most a number of
//! times, so the list is counted and its items ranked and unranked from a small table of
//! multiset counts: a step of a playout neither builds nor caches the list (a cache keyed by
//! the hand's shape missed most steps: there are too many shapes).

use super::cards::{Config, Variety, VARIETIES};
use super::state::Zones;
use crate::few::{Few, Inline};

/// The most items a side holds: `max_give` is at most 3 (options), a [`Few`] holds 4.
const MOST: usize = 3;

/// How many varieties there are: the most kinds with front-most offers.
const V: usize = VARIETIES.len();

/// The kinds a hand part is made of. Held by value for one step (boxing the large variant
/// would allocate at every step, which this module exists to avoid).
#[derive(Debug, Clone, Copy)]
#[allow(clippy::large_enum_variant)]
enum Kinds {
    /// Front-most offers: `values[i]` (ascending varieties the hand holds) at most `mult[i]`
    /// times; `suf[i][j]`: multisets of exactly `j` items over kinds `i..len`.
    Varieties {
        len: usize,
        values: [Variety; V],
        mult: [u8; V],
        /// Variety -> its kind + 1 (0: not held).
        index: [u8; V],
        suf: [[u16; MOST + 1]; V + 1],
    },
    /// All positions: hand positions `0..n`, once each.
    Positions { n: usize },
}

/// `C(n, k)` for small `k`.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

impl Kinds {
    /// The hand's varieties with how many of each it could give (at most `limit`).
    fn varieties(counts: &[u8; V], limit: usize) -> Kinds {
        let mut values = [0; V];
        let mut mult = [0; V];
        let mut index = [0; V];
        let mut len = 0;
        for (v, &c) in counts.iter().enumerate() {
            if c > 0 {
                values[len] = v as Variety;
                mult[len] = c.min(limit as u8);
                len += 1;
                index[v] = len as u8;
            }
        }
        // at most 286 multisets of 3 from 11 kinds: u16 holds any count; columns past
        // `limit` stay 0 (no side is that large)
        let mut suf = [[0u16; MOST + 1]; V + 1];
        suf[len][0] = 1;
        for i in (0..len).rev() {
            let (row, next) = suf.split_at_mut(i + 1);
            for j in 0..=limit.min(MOST) {
                row[i][j] = (0..=j.min(usize::from(mult[i])))
                    .map(|u| next[0][j - u])
                    .sum();
            }
        }
        Kinds::Varieties {
            len,
            values,
            mult,
            index,
            suf,
        }
    }

    /// How many times kind `i` may be taken (0 past the last kind).
    fn mult(&self, i: usize) -> usize {
        match self {
            Kinds::Varieties { len, mult, .. } => {
                if i < *len {
                    usize::from(mult[i])
                } else {
                    0
                }
            }
            Kinds::Positions { n } => usize::from(i < *n),
        }
    }

    /// Multisets of exactly `j` items over kinds `i..`.
    fn suf(&self, i: usize, j: usize) -> usize {
        match self {
            Kinds::Varieties { suf, .. } => usize::from(suf[i][j]),
            Kinds::Positions { n } => binomial(n - i, j),
        }
    }

    /// Multisets of exactly `j` items over kind `i` (`a` copies left) and the kinds after it.
    fn from(&self, i: usize, a: usize, j: usize) -> usize {
        (0..=a.min(j)).map(|u| self.suf(i + 1, j - u)).sum()
    }

    /// The value of kind `i` (a variety, or a position).
    fn value(&self, i: usize) -> u8 {
        match self {
            Kinds::Varieties { values, .. } => values[i],
            Kinds::Positions { .. } => i as u8,
        }
    }

    /// The kind of a value, if the hand has it.
    fn kind(&self, x: u8) -> Option<usize> {
        match self {
            Kinds::Varieties { index, .. } => match index.get(usize::from(x)) {
                Some(&k) if k > 0 => Some(usize::from(k) - 1),
                _ => None,
            },
            Kinds::Positions { n } => (usize::from(x) < *n).then_some(usize::from(x)),
        }
    }

    /// The `r`-th multiset of exactly `j` items (lexicographic order), as values.
    fn unrank(&self, mut j: usize, mut r: usize) -> Few {
        let mut out = Few::new();
        let (mut k, mut a) = (0, self.mult(0));
        while j > 0 {
            if a >= 1 {
                let c = self.from(k, a - 1, j - 1);
                if r < c {
                    out.push(self.value(k));
                    a -= 1;
                    j -= 1;
                    continue;
                }
                r -= c;
            }
            k += 1;
            a = self.mult(k);
        }
        out
    }

    /// The place of a multiset of values (sorted) among those of its size, or None when the
    /// hand cannot give it.
    fn rank(&self, values: &[u8]) -> Option<usize> {
        let (mut k, mut a, mut rest, mut r) = (0, self.mult(0), values.len(), 0);
        for &x in values {
            let e = self.kind(x)?;
            if e < k {
                return None; // not sorted
            }
            while k < e {
                if a >= 1 {
                    r += self.from(k, a - 1, rest - 1);
                }
                k += 1;
                a = self.mult(k);
            }
            if a == 0 {
                return None;
            }
            a -= 1;
            rest -= 1;
        }
        Some(r)
    }
}

/// (face-up slots, hand part) of a given side.
pub type GiveSide = (Few, Few);

/// The given sides of one player at one step: their count, side `g`, and where a side is.
#[derive(Debug, Clone, Copy)]
pub struct Gives {
    kinds: Kinds,
    limit: usize,
    /// Face-up subsets in menu order.
    subsets: Inline<Few, 4>,
    /// `starts[f]`: the place of subset `f`'s first side; the last entry is the count.
    starts: [usize; 5],
    /// `upto[m]`: hand parts of at most `m` items.
    upto: [usize; MOST + 1],
}

impl Gives {
    /// The given sides of `p`, whose hand could give `counts[v]` cards of variety `v`
    /// (front-most offers; None with all positions), with the occupied face-up `slots`
    /// offered (the active player) or none.
    pub fn new(s: &Zones, p: usize, counts: Option<&[u8; V]>, slots: &[u8]) -> Gives {
        let cfg: &Config = &s.cfg;
        let limit = cfg.options.max_give as usize;
        let kinds = match counts {
            Some(counts) => Kinds::varieties(counts, limit),
            None => Kinds::Positions {
                n: s.hands[p].len(),
            },
        };
        let mut upto = [0; MOST + 1];
        let mut total = 0;
        for (m, u) in upto.iter_mut().enumerate() {
            total += kinds.suf(0, m);
            *u = total;
        }
        let mut subsets: Inline<Few, 4> = Inline::new();
        for k in 0..=slots.len().min(limit) {
            match k {
                0 => subsets.push(Few::new()),
                1 => subsets.extend(slots.iter().map(|&x| [x].into_iter().collect::<Few>())),
                _ => subsets.push(slots.iter().copied().collect()),
            }
        }
        let mut starts = [0; 5];
        for (f, fu) in subsets.iter().enumerate() {
            starts[f + 1] = starts[f] + upto[(limit - fu.len()).min(MOST)];
        }
        Gives {
            kinds,
            limit,
            subsets,
            starts,
            upto,
        }
    }

    pub fn len(&self) -> usize {
        self.starts[self.subsets.len()]
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Side `g` (below `len()`): face-up slots and the hand part's values (varieties, or
    /// positions), sorted.
    pub fn get(&self, g: usize) -> GiveSide {
        let f = (0..self.subsets.len())
            .rfind(|&f| self.starts[f] <= g)
            .unwrap_or(0);
        let h = g - self.starts[f];
        let j = self.upto.iter().position(|&u| h < u).unwrap_or(MOST);
        let before = if j > 0 { self.upto[j - 1] } else { 0 };
        (self.subsets[f], self.kinds.unrank(j, h - before))
    }

    /// Where a side is, or None when it is not one of these.
    pub fn place(&self, slots: &[u8], hand: &[u8]) -> Option<usize> {
        let f = self.subsets.iter().position(|x| x[..] == *slots)?;
        let j = hand.len();
        if j + slots.len() > self.limit {
            return None;
        }
        let before = if j > 0 { self.upto[j - 1] } else { 0 };
        Some(self.starts[f] + before + self.kinds.rank(hand)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every side in order, decoded one by one, ranks back to its place.
    fn listed(g: &Gives) -> Vec<(Vec<u8>, Vec<u8>)> {
        (0..g.len())
            .map(|i| {
                let (fu, hand) = g.get(i);
                assert_eq!(g.place(&fu, &hand), Some(i), "side {i}");
                (fu.to_vec(), hand.to_vec())
            })
            .collect()
    }

    #[test]
    fn multisets_in_lexicographic_order() {
        let mut counts = [0u8; V];
        counts[3] = 1;
        counts[5] = 2;
        let k = Kinds::varieties(&counts, 2);
        let got: Vec<Vec<u8>> = (0..=2)
            .flat_map(|j| (0..k.suf(0, j)).map(move |r| (j, r)))
            .map(|(j, r)| k.unrank(j, r).to_vec())
            .collect();
        let want: Vec<Vec<u8>> = vec![vec![], vec![3], vec![5], vec![3, 5], vec![5, 5]];
        assert_eq!(got, want);
        assert_eq!(k.rank(&[3, 3]), None);
        assert_eq!(k.rank(&[4]), None);
        let p = Kinds::Positions { n: 4 };
        let pairs: Vec<Vec<u8>> = (0..p.suf(0, 2)).map(|r| p.unrank(2, r).to_vec()).collect();
        let want: Vec<Vec<u8>> = vec![
            vec![0, 1],
            vec![0, 2],
            vec![0, 3],
            vec![1, 2],
            vec![1, 3],
            vec![2, 3],
        ];
        assert_eq!(pairs, want);
        assert_eq!(p.rank(&[1, 1]), None);
    }

    #[test]
    fn sides_by_face_up_subset_then_hand_part() {
        let mut s = super::super::rules::new_state(4, 1, Default::default()).expect("state");
        s.hands[0].clear();
        let mut counts = [0u8; V];
        counts[2] = 2;
        counts[7] = 1;
        let g = Gives::new(&s, 0, Some(&counts), &[0, 1]);
        let sides = listed(&g);
        let v = |x: &[u8]| x.to_vec();
        let want = vec![
            (v(&[]), v(&[])),
            (v(&[]), v(&[2])),
            (v(&[]), v(&[7])),
            (v(&[]), v(&[2, 2])),
            (v(&[]), v(&[2, 7])),
            (v(&[0]), v(&[])),
            (v(&[0]), v(&[2])),
            (v(&[0]), v(&[7])),
            (v(&[1]), v(&[])),
            (v(&[1]), v(&[2])),
            (v(&[1]), v(&[7])),
            (v(&[0, 1]), v(&[])),
        ];
        assert_eq!(sides, want);
        assert_eq!(g.place(&[1, 0], &[]), None);
        assert_eq!(g.place(&[0], &[2, 2]), None);
    }
}
