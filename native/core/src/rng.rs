//! An exact port of `seedbed.engine.rng.Rng`: a 64-bit linear congruential generator (Knuth's
//! MMIX constants) whose output is its top 31 bits, seeded through SplitMix64 so that nearby
//! seeds give unrelated streams. Same seed, same draws as the Python generator, method for
//! method; the whole state is one `u64`, so a clone is a copy.
//!
//! ```
//! use seedbed_core::rng::Rng;
//! let mut a = Rng::new(42);
//! let mut b = Rng::new(42);
//! assert_eq!(a.below(6), b.below(6));
//! ```

const MUL: u64 = 6364136223846793005;
const INC: u64 = 1442695040888963407;

/// SplitMix64's finaliser applied to `seed + golden gamma` (the Python `_splitmix`).
pub fn splitmix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `below(0)`: the one way a draw can be refused (Python raises `ValueError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmptyRange;

impl std::fmt::Display for EmptyRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("below() needs n >= 1")
    }
}

impl std::error::Error for EmptyRange {}

/// The seeded generator. `state` is public, as in Python, so states serialise as one integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rng {
    pub state: u64,
}

impl Default for Rng {
    fn default() -> Self {
        Rng::new(0)
    }
}

impl Rng {
    /// A generator seeded with `seed` (Python masks the seed to 64 bits first: pass
    /// `seed & (2**64 - 1)`, which for a negative Python seed is its two's complement).
    pub fn new(seed: u64) -> Self {
        Rng {
            state: splitmix(seed),
        }
    }

    /// A generator with exactly this internal state (no scrambling).
    pub fn from_state(state: u64) -> Self {
        Rng { state }
    }

    #[inline]
    fn step(&mut self) -> u64 {
        self.state = self.state.wrapping_mul(MUL).wrapping_add(INC);
        self.state
    }

    /// The next 31-bit output.
    #[inline]
    pub fn next31(&mut self) -> u64 {
        self.step() >> 33
    }

    /// A 64-bit value from three outputs (for seeding other generators).
    pub fn next64(&mut self) -> u64 {
        let a = self.next31();
        let b = self.next31();
        let c = self.next31();
        (a << 33) ^ (b << 2) ^ (c >> 29)
    }

    /// A uniform integer in `[0, n)` (multiply-shift, as in Python; exact for every `u64` n).
    ///
    /// # Panics
    /// When `n == 0`; use [`Rng::try_below`] where `n` comes from outside.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n >= 1, "below() needs n >= 1");
        let s = self.step() >> 33;
        ((u128::from(s) * u128::from(n)) >> 31) as u64
    }

    /// [`Rng::below`] that refuses `n == 0` instead of panicking (the generator is untouched).
    pub fn try_below(&mut self, n: u64) -> Result<u64, EmptyRange> {
        if n == 0 {
            return Err(EmptyRange);
        }
        Ok(self.below(n))
    }

    /// A float in `[0, 1)`.
    pub fn random(&mut self) -> f64 {
        self.next31() as f64 / 2147483648.0
    }

    /// A uniformly chosen element, or `None` for an empty slice (Python raises; the
    /// generator is then untouched in both).
    pub fn choice<'a, T>(&mut self, seq: &'a [T]) -> Option<&'a T> {
        if seq.is_empty() {
            return None;
        }
        let i = self.below(seq.len() as u64) as usize;
        Some(&seq[i])
    }

    /// Fisher–Yates in place, from the last position down (the Python order).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let mut s = self.state;
        for i in (1..items.len()).rev() {
            s = s.wrapping_mul(MUL).wrapping_add(INC);
            let j = (((s >> 33) * (i as u64 + 1)) >> 31) as usize;
            items.swap(i, j);
        }
        self.state = s;
    }

    /// The swaps of [`Rng::shuffle`] for `len` items, as `(i, j)` pairs in order: lets a
    /// caller shuffle a container it cannot borrow as a slice (a Python list, say).
    pub fn shuffle_swaps(&mut self, len: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(len.saturating_sub(1));
        let mut s = self.state;
        for i in (1..len).rev() {
            s = s.wrapping_mul(MUL).wrapping_add(INC);
            out.push((i, (((s >> 33) * (i as u64 + 1)) >> 31) as usize));
        }
        self.state = s;
        out
    }

    /// An independent generator seeded from this one.
    pub fn spawn(&mut self) -> Rng {
        Rng::new(self.next64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_zero_is_refused_and_changes_nothing() {
        let mut r = Rng::new(5);
        let before = r;
        assert_eq!(r.try_below(0), Err(EmptyRange));
        assert_eq!(r, before);
        assert_eq!(r.choice::<u8>(&[]), None);
        assert_eq!(r, before);
    }

    #[test]
    fn shuffle_swaps_match_shuffle() {
        let mut a = Rng::new(9);
        let mut b = a;
        let mut items: Vec<usize> = (0..50).collect();
        a.shuffle(&mut items);
        let mut other: Vec<usize> = (0..50).collect();
        for (i, j) in b.shuffle_swaps(50) {
            other.swap(i, j);
        }
        assert_eq!(items, other);
        assert_eq!(a, b);
    }
}
