//! One fixed-seed generator, shared by the games program, the harness, the
//! benchmarks and the examples.

/// `SplitMix64`: a fixed-seed generator, so that every run measures, builds
/// and tests the same cases, and a failure reproduces.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound`; the modulo bias is irrelevant here.
    ///
    /// # Panics
    ///
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        usize::try_from(self.next_u64() % bound as u64).expect("below a usize bound")
    }

    /// One of `items`.
    ///
    /// # Panics
    ///
    /// If `items` is empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Empty half of the time, otherwise one of `pieces`.
    pub fn square<P: Clone>(&mut self, pieces: &[P]) -> Option<P> {
        if self.next_u64() & 1 == 0 {
            None
        } else {
            Some(self.pick(pieces).clone())
        }
    }

    /// Up to `max_len` random bytes, lengths spread evenly: fuzz-like input.
    pub fn bytes(&mut self, max_len: usize) -> Vec<u8> {
        let len = self.below(max_len + 1);
        (0..len).map(|_| self.next_u64().to_le_bytes()[0]).collect()
    }
}
