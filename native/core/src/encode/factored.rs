//! A factored action space over a game's full integer encoding (issue 34 target 1, D-86):
//! a port of `seedbed/engine/factored.py` (the reference: its module docstring gives the
//! scheme; tests/adapters/test_native_factored.py checks both agree at every step of seeded
//! games). A full block's head takes its first coordinates, each later coordinate is one step
//! of the shared `next` block; the steps offered are the prefixes of the player's legal full
//! integers, which the game's [`super::ActionIndex`] lists (Fields of Green's: 16 a decision
//! on average), so a [`Moment`] is that list, sorted.

use serde_json::Value;

use super::{array, key, usize_of, usizes};

/// One block of the full space.
struct Block {
    /// Its first full integer.
    start: usize,
    shape: Vec<usize>,
    /// The coordinates its head takes.
    head: usize,
    /// Its head's first integer in the factored space.
    head_start: usize,
    /// How many full integers share one head ([`Block::tail`] of `head`).
    head_tail: usize,
}

impl Block {
    /// How many full integers share a prefix of `depth` coordinates.
    fn tail(&self, depth: usize) -> usize {
        self.shape[depth..].iter().product()
    }
}

/// The factored space of one full encoding.
pub struct FactoredSpace {
    size: usize,
    next: usize,
    blocks: Vec<Block>,
    /// The most coordinates of a block.
    depth: usize,
}

/// A composition under way: the full block (None: nothing started), how many coordinates
/// are chosen, and those coordinates as one row-major number.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draft {
    pub block: Option<usize>,
    pub depth: usize,
    pub prefix: usize,
}

impl Draft {
    pub fn clear(&mut self) {
        *self = Draft::default();
    }
}

/// One player's decision at one position: the legal full integers, ascending.
pub struct Moment {
    player: usize,
    full: Vec<usize>,
}

impl Moment {
    /// The moment of `player` whose legal full integers are `full` (any order).
    pub fn new(player: usize, mut full: Vec<usize>) -> Moment {
        full.sort_unstable();
        full.dedup();
        Moment { player, full }
    }

    pub fn player(&self) -> usize {
        self.player
    }
}

impl FactoredSpace {
    /// From the spec the Python encoding hands over (`native_compact_spec`): `size`, `next`
    /// and `blocks`, each `[start, shape, head, head_start]` in the full layout's order.
    pub fn from_spec(spec: &Value) -> Result<FactoredSpace, String> {
        let mut blocks = Vec::new();
        for row in array(key(spec, "blocks")?, "blocks")? {
            let row = array(row, "block")?;
            let [start, shape, head, head_start] = row.as_slice() else {
                return Err("a block is [start, shape, head, head_start]".into());
            };
            let mut block = Block {
                start: usize_of(start)?,
                shape: usizes(shape, "shape")?,
                head: usize_of(head)?,
                head_start: usize_of(head_start)?,
                head_tail: 1,
            };
            if block.head > block.shape.len() {
                return Err("a head takes at most the block's coordinates".into());
            }
            block.head_tail = block.tail(block.head);
            blocks.push(block);
        }
        if blocks.windows(2).any(|w| w[0].start > w[1].start) {
            return Err("the blocks are in the layout's order".into());
        }
        Ok(FactoredSpace {
            size: usize_of(key(spec, "size")?)?,
            next: usize_of(key(spec, "next")?)?,
            depth: blocks.iter().map(|b| b.shape.len()).max().unwrap_or(0),
            blocks,
        })
    }

    /// The number of integers.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The width of the draft's features: the block one-hot, then each coordinate.
    pub fn draft_width(&self) -> usize {
        self.blocks.len() + self.depth
    }

    /// The integers `draft` may take next at `moment`, ascending (appended to `out`).
    pub fn legal(&self, moment: &Moment, draft: &Draft, out: &mut Vec<usize>) {
        let mut push = |x: usize| {
            if out.last() != Some(&x) {
                out.push(x);
            }
        };
        let Some(b) = draft.block else {
            let mut b = 0;
            for &i in &moment.full {
                // ascending integers: the block only moves forward
                while b + 1 < self.blocks.len() && self.blocks[b + 1].start <= i {
                    b += 1;
                }
                let block = &self.blocks[b];
                push(block.head_start + (i - block.start) / block.head_tail);
            }
            return;
        };
        let block = &self.blocks[b];
        let lo = block.start + draft.prefix * block.tail(draft.depth);
        let hi = lo + block.tail(draft.depth);
        let step = block.tail(draft.depth + 1);
        let first = moment.full.partition_point(|&i| i < lo);
        for &i in moment.full[first..].iter().take_while(|&&i| i < hi) {
            push(self.next + (i - lo) / step);
        }
    }

    /// Take `index`: the full integer it completes, or None when it only grew the draft
    /// (changed in place). Err when `index` is not legal now.
    pub fn take(
        &self,
        moment: &Moment,
        draft: &mut Draft,
        index: usize,
    ) -> Result<Option<usize>, String> {
        let mut legal = Vec::new();
        self.legal(moment, draft, &mut legal);
        self.take_legal(draft, index, &legal)
    }

    /// [`FactoredSpace::take`] with `legal`, what [`FactoredSpace::legal`] gave for this
    /// draft (a caller that wrote the mask already has it).
    pub fn take_legal(
        &self,
        draft: &mut Draft,
        index: usize,
        legal: &[usize],
    ) -> Result<Option<usize>, String> {
        if legal.binary_search(&index).is_err() {
            return Err(format!("{index} is not legal now"));
        }
        match draft.block {
            None => {
                let b = self.blocks.partition_point(|x| x.head_start <= index) - 1;
                *draft = Draft {
                    block: Some(b),
                    depth: self.blocks[b].head,
                    prefix: index - self.blocks[b].head_start,
                };
            }
            Some(b) => {
                draft.prefix = draft.prefix * self.blocks[b].shape[draft.depth] + index - self.next;
                draft.depth += 1;
            }
        }
        let block = &self.blocks[draft.block.unwrap_or(0)];
        if draft.depth < block.shape.len() {
            return Ok(None);
        }
        let full = block.start + draft.prefix;
        draft.clear();
        Ok(Some(full))
    }

    /// The draft's features into `out` (`draft_width` values): the block one-hot, then each
    /// chosen coordinate plus one (0: not chosen).
    pub fn features(&self, draft: &Draft, out: &mut [f32]) {
        out.iter_mut().for_each(|v| *v = 0.0);
        let Some(b) = draft.block else { return };
        out[b] = 1.0;
        let shape = &self.blocks[b].shape;
        let mut rest = draft.prefix;
        for j in (0..draft.depth).rev() {
            out[self.blocks.len() + j] = (rest % shape[j] + 1) as f32;
            rest /= shape[j];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pass ()`, `move (4, 10)` with a head of 1, as the Python module's example.
    fn space() -> FactoredSpace {
        let spec = serde_json::json!({
            "size": 15, "next": 5,
            "blocks": [[0, [], 0, 0], [1, [4, 10], 1, 1]]
        });
        FactoredSpace::from_spec(&spec).unwrap()
    }

    #[test]
    fn a_full_integer_is_composed_from_its_head_and_coordinates() {
        let space = space();
        // legal: pass, move (2, 3), move (2, 7), move (3, 0)
        let moment = Moment::new(0, vec![1 + 37, 0, 1 + 23, 1 + 27]);
        let mut draft = Draft::default();
        let mut legal = Vec::new();
        space.legal(&moment, &draft, &mut legal);
        assert_eq!(legal, vec![0, 3, 4]);
        assert_eq!(space.take(&moment, &mut draft, 3), Ok(None));
        legal.clear();
        space.legal(&moment, &draft, &mut legal);
        assert_eq!(legal, vec![5 + 3, 5 + 7]);
        let mut features = vec![9.0; space.draft_width()];
        space.features(&draft, &mut features);
        assert_eq!(features, vec![0.0, 1.0, 3.0, 0.0]);
        assert!(space.take(&moment, &mut draft, 5 + 4).is_err());
        assert_eq!(space.take(&moment, &mut draft, 5 + 7), Ok(Some(1 + 27)));
        assert_eq!(draft, Draft::default());
        assert_eq!(space.take(&moment, &mut draft, 0), Ok(Some(0)));
    }
}
