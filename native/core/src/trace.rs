//! Parity traces (issue 14): a game played with the random policy of `seedbed.lab.simulate`,
//! summarised as one digest of everything that happened. Each step is the text
//! `{key}\n{player}:{menu length}:{index}\n{events}\n` — the state's `key()`, the seat on
//! the move, its menu's length and the index the policy drew, the step's events as compact
//! JSON — and goes into the digest as its CRC-32 (4 bytes, little-endian); the final `key()`
//! closes it. The digest is BLAKE2b with 8 bytes of output. The Python reference computes the
//! same (`tests/native/traces.py`, `zlib.crc32` and `hashlib.blake2b(digest_size=8)`), so
//! equal digests mean the two engines played the same game step for step (a step that
//! differs escapes with probability 2^-32, and a game that parts differs at every later step).
//! CRC-32 per step keeps the hashing of a 1–2 KB key cheap natively: CI checks thousands of
//! games per configuration against digests the reference recorded.

use blake2::digest::{Update, VariableOutput};
use blake2::Blake2bVar;
use crc32fast::Hasher as Crc32;

/// Bytes of a digest (`hashlib.blake2b(digest_size=8)`).
pub const DIGEST_BYTES: usize = 8;

/// The digest of one game's trace, fed step by step.
pub struct Trace {
    digest: Blake2bVar,
    step: Crc32,
    pub steps: u64,
}

impl Default for Trace {
    fn default() -> Self {
        Trace {
            digest: Blake2bVar::new(DIGEST_BYTES).expect("8 is a valid BLAKE2b output size"),
            step: Crc32::new(),
            steps: 0,
        }
    }
}

impl Trace {
    /// A step before it is played: `{key}\n{player}:{menu length}:{index}\n`.
    pub fn before(&mut self, key: &str, player: usize, menu_len: usize, index: usize) {
        let mut n = itoa::Buffer::new();
        self.step.update(key.as_bytes());
        self.step.update(b"\n");
        self.step.update(n.format(player).as_bytes());
        self.step.update(b":");
        self.step.update(n.format(menu_len).as_bytes());
        self.step.update(b":");
        self.step.update(n.format(index).as_bytes());
        self.step.update(b"\n");
    }

    /// The step's events as compact JSON text (a list of `[kind, public, private,
    /// private_to]`), then `\n`; the step's CRC-32 goes into the digest.
    pub fn events(&mut self, events_json: &str) {
        self.step.update(events_json.as_bytes());
        self.step.update(b"\n");
        let crc = std::mem::replace(&mut self.step, Crc32::new()).finalize();
        self.digest.update(&crc.to_le_bytes());
        self.steps += 1;
    }

    /// The final `key()`; the digest as lowercase hex (`hexdigest()`).
    pub fn finish(mut self, key: &str) -> String {
        self.digest.update(key.as_bytes());
        let mut out = [0u8; DIGEST_BYTES];
        self.digest
            .finalize_variable(&mut out)
            .expect("the buffer has the digest's size");
        out.iter().map(|b| format!("{b:02x}")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_is_blake2b_of_the_steps_crcs() {
        // c = zlib.crc32(b"k\n0:3:1\n[]\n").to_bytes(4, "little")
        // hashlib.blake2b(c + b"end", digest_size=8).hexdigest()
        let mut t = Trace::default();
        t.before("k", 0, 3, 1);
        t.events("[]");
        assert_eq!(t.steps, 1);
        assert_eq!(t.finish("end"), EXPECTED);
    }

    const EXPECTED: &str = "8166d894353ffd2b";
}
