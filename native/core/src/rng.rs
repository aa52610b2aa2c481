//! An exact port of `seedbed.engine.rng.Rng`: keyed BLAKE2b (RFC 7693) in counter mode.
//! Block `c` is `BLAKE2b-512(key = K, message = c as 8 little-endian bytes)`, read as sixteen
//! 32-bit little-endian words; a seed `s` gives `K = BLAKE2b-256("seedbed.rng.seed" || s as 32
//! little-endian bytes)`. Bounded draws are unbiased by rejection. Same seed, same draws as the
//! Python generator, method for method (issue 37: the earlier linear congruential generator
//! could be recovered from about 13 public cards).
//!
//! ```
//! use seedbed_core::rng::Rng;
//! let mut a = Rng::new(42);
//! let mut b = Rng::new(42);
//! assert_eq!(a.below(6), b.below(6));
//! ```

use blake2::digest::{Digest, Mac};
use blake2::{Blake2b, Blake2bMac512};

/// Bytes of a key.
pub const KEY_BYTES: usize = 32;
/// 32-bit words in one block.
pub const WORDS: usize = 16;
/// The domain of a seed's key (`SEED_DOMAIN` in Python).
pub const SEED_DOMAIN: &[u8; 16] = b"seedbed.rng.seed";

type Blake2b256 = Blake2b<blake2::digest::consts::U32>;

/// The key of a seeded generator, from the seed's 32 little-endian bytes (`seed_key`).
pub fn seed_key(seed: &[u8; KEY_BYTES]) -> [u8; KEY_BYTES] {
    let mut h = Blake2b256::new();
    Digest::update(&mut h, SEED_DOMAIN);
    Digest::update(&mut h, seed);
    h.finalize().into()
}

/// Block `counter` of the stream keyed by `key`: sixteen 32-bit words (`block`).
pub fn block(key: &[u8; KEY_BYTES], counter: u64) -> [u32; WORDS] {
    let mut mac = <Blake2bMac512 as Mac>::new_from_slice(key).expect("a 32-byte key fits");
    Mac::update(&mut mac, &counter.to_le_bytes());
    let bytes = mac.finalize().into_bytes();
    let mut out = [0u32; WORDS];
    for (w, b) in out.iter_mut().zip(bytes.chunks_exact(4)) {
        *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    out
}

/// A seed as Python takes it, any integer modulo `2**256`: its 32 little-endian bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Seed(pub [u8; KEY_BYTES]);

impl From<u64> for Seed {
    fn from(seed: u64) -> Self {
        let mut bytes = [0u8; KEY_BYTES];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Seed(bytes)
    }
}

impl Seed {
    /// `seed ^ salt` (Python's `^` then the modulo, which commute).
    pub fn xor(self, salt: u64) -> Seed {
        let mut bytes = self.0;
        for (b, s) in bytes.iter_mut().zip(salt.to_le_bytes()) {
            *b ^= s;
        }
        Seed(bytes)
    }
}

impl std::fmt::Display for Seed {
    /// The decimal seed below `2**64`, else its 32 bytes in hex (little-endian).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0[8..].iter().all(|&b| b == 0) {
            let low: [u8; 8] = self.0[..8].try_into().expect("8 bytes");
            write!(f, "{}", u64::from_le_bytes(low))
        } else {
            self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
        }
    }
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

/// The seeded generator: the stream of `key`, at word `pos` of block `ctr` (`buf`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rng {
    key: [u8; KEY_BYTES],
    ctr: u64,
    pos: u8,
    buf: [u32; WORDS],
}

impl Default for Rng {
    fn default() -> Self {
        Rng::new(0)
    }
}

/// A state that is not one of this generator's (`from_state_bytes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadState;

impl Rng {
    /// A generator seeded with `seed` (Python takes any seed modulo `2**256`; a `u64` seed is
    /// its low 8 bytes, the rest zero).
    pub fn new(seed: u64) -> Self {
        Rng::from_seed(seed.into())
    }

    /// A generator seeded with any [`Seed`] (`Rng(seed)` in Python).
    pub fn from_seed(seed: Seed) -> Self {
        Rng::from_seed_bytes(&seed.0)
    }

    /// A generator seeded with a 256-bit seed (32 little-endian bytes).
    pub fn from_seed_bytes(seed: &[u8; KEY_BYTES]) -> Self {
        Rng::from_key(seed_key(seed))
    }

    /// The generator of a 256-bit key, at the start of its stream (`Rng.from_key`).
    pub fn from_key(key: [u8; KEY_BYTES]) -> Self {
        Rng::at(key, 0, 0)
    }

    fn at(key: [u8; KEY_BYTES], ctr: u64, pos: u8) -> Self {
        Rng {
            key,
            ctr,
            pos,
            buf: block(&key, ctr),
        }
    }

    /// The state as Python's one integer, little-endian: key (bytes 0-31), block counter
    /// (32-39), words used (40).
    pub fn state_bytes(&self) -> [u8; 41] {
        let mut out = [0u8; 41];
        out[..32].copy_from_slice(&self.key);
        out[32..40].copy_from_slice(&self.ctr.to_le_bytes());
        out[40] = self.pos;
        out
    }

    /// The generator of a state of [`Rng::state_bytes`] (any shorter little-endian integer
    /// too); `pos` past a block is refused.
    pub fn from_state_bytes(bytes: &[u8]) -> Result<Self, BadState> {
        let mut full = [0u8; 41];
        if bytes.len() > 41 {
            return Err(BadState);
        }
        full[..bytes.len()].copy_from_slice(bytes);
        if usize::from(full[40]) > WORDS {
            return Err(BadState);
        }
        let mut key = [0u8; KEY_BYTES];
        key.copy_from_slice(&full[..32]);
        let ctr = u64::from_le_bytes(full[32..40].try_into().expect("8 bytes"));
        Ok(Rng::at(key, ctr, full[40]))
    }

    /// The state as Python writes it, `f"{state:#x}"` (in keys and JSON).
    pub fn state_hex(&self) -> String {
        let bytes = self.state_bytes();
        let mut out = String::from("0x");
        let mut started = false;
        for &b in bytes.iter().rev() {
            if started {
                out.push_str(&format!("{b:02x}"));
            } else if b != 0 {
                out.push_str(&format!("{b:x}"));
                started = true;
            }
        }
        if !started {
            out.push('0');
        }
        out
    }

    /// The generator of a state written by [`Rng::state_hex`] (`0x` optional).
    pub fn from_state_hex(text: &str) -> Result<Self, BadState> {
        let digits = text.strip_prefix("0x").unwrap_or(text);
        if digits.is_empty() || digits.len() > 82 {
            return Err(BadState);
        }
        let mut bytes = Vec::with_capacity(41);
        let raw = digits.as_bytes();
        let mut end = raw.len();
        while end > 0 {
            let start = end.saturating_sub(2);
            let pair = std::str::from_utf8(&raw[start..end]).map_err(|_| BadState)?;
            bytes.push(u8::from_str_radix(pair, 16).map_err(|_| BadState)?);
            end = start;
        }
        Rng::from_state_bytes(&bytes)
    }

    /// The next 32-bit output.
    #[inline]
    pub fn next32(&mut self) -> u32 {
        if usize::from(self.pos) == WORDS {
            self.ctr = self.ctr.wrapping_add(1);
            self.buf = block(&self.key, self.ctr);
            self.pos = 0;
        }
        let w = self.buf[usize::from(self.pos)];
        self.pos += 1;
        w
    }

    /// A 64-bit output: two words, the first the low half.
    pub fn next64(&mut self) -> u64 {
        let lo = u64::from(self.next32());
        lo | u64::from(self.next32()) << 32
    }

    /// A uniform integer in `[0, n)`, unbiased: a word (two for `n > 2**32`) is drawn again
    /// while it falls in the incomplete last run of `n`, as in Python.
    ///
    /// # Panics
    /// When `n == 0`; use [`Rng::try_below`] where `n` comes from outside.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n >= 1, "below() needs n >= 1");
        if n <= 1 << 32 {
            let limit = (1u64 << 32) - (1u64 << 32) % n;
            loop {
                let x = u64::from(self.next32());
                if x < limit {
                    return x % n;
                }
            }
        }
        // 2**64 - (2**64 % n), with 2**64 % n == (u64::MAX % n + 1) % n
        let rest = (u64::MAX % n + 1) % n;
        loop {
            let x = self.next64();
            if rest == 0 || x <= u64::MAX - rest {
                return x % n;
            }
        }
    }

    /// [`Rng::below`] that refuses `n == 0` instead of panicking (the generator is untouched).
    pub fn try_below(&mut self, n: u64) -> Result<u64, EmptyRange> {
        if n == 0 {
            return Err(EmptyRange);
        }
        Ok(self.below(n))
    }

    /// A float in `[0, 1)` with 53 random bits.
    pub fn random(&mut self) -> f64 {
        (self.next64() >> 11) as f64 / 9007199254740992.0
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
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// The swaps of [`Rng::shuffle`] for `len` items, as `(i, j)` pairs in order: lets a
    /// caller shuffle a container it cannot borrow as a slice (a Python list, say).
    pub fn shuffle_swaps(&mut self, len: usize) -> Vec<(usize, usize)> {
        (1..len)
            .rev()
            .map(|i| (i, self.below(i as u64 + 1) as usize))
            .collect()
    }

    /// An independent generator keyed by the next eight words of this one.
    pub fn spawn(&mut self) -> Rng {
        let mut key = [0u8; KEY_BYTES];
        for chunk in key.chunks_exact_mut(4) {
            chunk.copy_from_slice(&self.next32().to_le_bytes());
        }
        Rng::from_key(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn blake2b_rfc7693_appendix_a() {
        let mut h = Blake2b::<blake2::digest::consts::U64>::new();
        Digest::update(&mut h, b"abc");
        assert_eq!(
            hex(&h.finalize()),
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1\
             7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"
        );
    }

    #[test]
    fn keyed_blake2b_reference_vectors() {
        // blake2b-kat.txt of the BLAKE2 reference: key 00..3f, inputs of 0 and 255 bytes
        let key: Vec<u8> = (0u8..64).collect();
        let input: Vec<u8> = (0u8..255).collect();
        let mac = |data: &[u8]| {
            let mut m = <Blake2bMac512 as Mac>::new_from_slice(&key).unwrap();
            Mac::update(&mut m, data);
            hex(&m.finalize().into_bytes())
        };
        assert_eq!(
            mac(&[]),
            "10ebb67700b1868efb4417987acf4690ae9d972fb7a590c2f02871799aaa4786\
             b5e996e8f0f4eb981fc214b005f42d2ff4233499391653df7aefcbc13fc51568"
        );
        assert_eq!(
            mac(&input),
            "142709d62e28fcccd0af97fad0f8465b971e82201dc51070faa0372aa43e9248\
             4be1c1e73ba10906d5d1853db6a4106e0a7bf9800d373d6dee2d46d62ef2a461"
        );
    }

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

    #[test]
    fn state_round_trips_through_bytes_and_hex() {
        let mut r = Rng::new(3);
        for _ in 0..21 {
            r.next32();
        }
        assert_eq!(Rng::from_state_bytes(&r.state_bytes()), Ok(r));
        assert_eq!(Rng::from_state_hex(&r.state_hex()), Ok(r));
        assert_eq!(
            Rng::from_state_hex("0x0").map(|r| r.state_hex()),
            Ok("0x0".into())
        );
        assert_eq!(Rng::from_state_hex("0xzz"), Err(BadState));
    }

    #[test]
    fn wide_bounds_stay_in_range() {
        let mut r = Rng::new(8);
        for n in [(1u64 << 32) + 1, u64::MAX, 3 << 40] {
            for _ in 0..100 {
                assert!(r.below(n) < n);
            }
        }
    }
}
