//! What the benchmarks and `examples/tree_memory.rs` share: the pieces they
//! run with and a fixed-seed generator.
//!
//! Each includer uses part of it, so unused items are expected here.
#![allow(dead_code)]

use core::hash::Hash;

use persistent_qi::qpi::Qpi;

/// Piece identifiers in QPI notation; every piece type is built from these.
pub(crate) const TOKENS: [&str; 24] = [
    "C:K^", "C:Q", "C:R", "C:B", "C:N", "C:P", "c:k^", "c:q", "c:r", "c:b", "c:n", "c:p", "S:K^",
    "S:R", "S:B", "S:G", "S:+P", "S:L", "s:k^", "s:r", "s:b", "s:g", "s:+p", "s:l",
];

/// A piece type the benchmarks run with.
pub(crate) trait Piece: Clone + Ord + Hash {
    const NAME: &'static str;
    fn from_token(index: usize, token: &str) -> Self;
}

impl Piece for u8 {
    const NAME: &'static str = "u8";
    fn from_token(index: usize, _token: &str) -> Self {
        u8::try_from(index).expect("fewer than 256 tokens")
    }
}

impl Piece for Qpi {
    const NAME: &'static str = "Qpi";
    fn from_token(_index: usize, token: &str) -> Self {
        Qpi::parse(token).expect("the tokens are valid QPI")
    }
}

impl Piece for String {
    const NAME: &'static str = "String";
    fn from_token(_index: usize, token: &str) -> Self {
        token.to_owned()
    }
}

/// `SplitMix64`: a fixed-seed generator, so every run measures and builds the same cases.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `bound`; the modulo bias is irrelevant here.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        usize::try_from(self.next() % bound as u64).expect("below a usize bound")
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Empty half of the time, otherwise a random piece.
    pub(crate) fn square<P: Clone>(&mut self, pieces: &[P]) -> Option<P> {
        if self.next() & 1 == 0 {
            None
        } else {
            Some(pieces[self.below(pieces.len())].clone())
        }
    }
}
