//! Sets of points: one bit per point of the largest board, so that a set
//! costs 48 bytes to clear and a union six word operations.

use crate::go::point::MAX_POINTS;

/// A flat index as the `u16` the rules store it in.
pub(crate) fn to_u16(index: usize) -> u16 {
    u16::try_from(index).expect("an index below 361")
}

// Every flat index fits the `u16` of a ko point, a point and a flood
// fill's stack.
const _: () = assert!(MAX_POINTS <= 1 << 16);

/// One bit per point of the largest board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Points([u64; MAX_POINTS.div_ceil(64)]);

impl Points {
    pub(crate) const NONE: Points = Points([0; MAX_POINTS.div_ceil(64)]);

    pub(crate) fn contains(&self, index: usize) -> bool {
        self.0[index / 64] & 1 << (index % 64) != 0
    }

    /// Adds a point; whether it was not there yet.
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        let word = &mut self.0[index / 64];
        let bit = 1 << (index % 64);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Takes out a point, whether it was there or not.
    pub(crate) fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
    }

    /// Takes out a point, the lowest, if any.
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let (word_index, word) = self
            .0
            .iter_mut()
            .enumerate()
            .find(|(_, word)| **word != 0)?;
        let bit = word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(word_index * 64 + bit)
    }

    pub(crate) fn add_all(&mut self, other: &Points) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The points, in index order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word_index, &word)| {
            let mut rest = word;
            core::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    word_index * 64 + bit
                })
            })
        })
    }
}
