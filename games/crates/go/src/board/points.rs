//! Sets of points: one bit per point of the largest board, so that a set
//! costs 48 bytes to clear and a union six word operations.

use crate::point::MAX_POINTS;

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

    /// The indices at which two runs of points of the same length hold
    /// different stones. Runs of [`RUN`] points are compared whole first,
    /// with no branch, which the compiler vectorises (a comparison of
    /// `Option`s branches on the tag); only the runs that differ, few
    /// between two positions a few moves apart, are looked at point by
    /// point.
    pub(crate) fn differing(new: &[Option<u8>], old: &[Option<u8>]) -> Points {
        debug_assert_eq!(new.len(), old.len(), "two runs of one board");
        let mut points = Points::NONE;
        let ((new_runs, new_rest), (old_runs, old_rest)) =
            (new.as_chunks::<RUN>(), old.as_chunks::<RUN>());
        for (run, (new_run, old_run)) in new_runs.iter().zip(old_runs).enumerate() {
            if run_differs(new_run, old_run) {
                // A run never straddles two words: `RUN` divides 64.
                let start = run * RUN;
                points.0[start / 64] |= u64::from(run_mask(new_run, old_run)) << (start % 64);
            }
        }
        points.add_differing(new.len() - new_rest.len(), new_rest, old_rest);
        points
    }

    /// Adds `start + i` for every `i` at which `new` and `old` differ.
    fn add_differing(&mut self, start: usize, new: &[Option<u8>], old: &[Option<u8>]) {
        for (at, (&new, &old)) in new.iter().zip(old).enumerate() {
            if differ(new, old) != 0 {
                self.insert(start + at);
            }
        }
    }

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

/// Points [`Points::differing`] compares at once.
const RUN: usize = 16;

const _: () = assert!(64 % RUN == 0, "a run of points never straddles two words");

/// Not 0 exactly when the two points differ: the tags, then the stones
/// read as 0 where there is none.
#[inline]
fn differ(new: Option<u8>, old: Option<u8>) -> u8 {
    (u8::from(new.is_some()) ^ u8::from(old.is_some())) | (new.unwrap_or(0) ^ old.unwrap_or(0))
}

/// Whether two runs of [`RUN`] points differ anywhere: every point
/// compared, with no branch. Not inlined: taking the runs as arrays, its
/// loads of the stones of empty points are known safe, and it is
/// vectorised, where inlined in a loop over slices it is not.
#[inline(never)]
fn run_differs(new: &[Option<u8>; RUN], old: &[Option<u8>; RUN]) -> bool {
    let mut differs = 0;
    for at in 0..RUN {
        differs |= differ(new[at], old[at]);
    }
    differs != 0
}

/// The points at which two runs of [`RUN`] points differ, one bit each
/// (bit `i` for point `i`): every point compared, with no branch. Not
/// inlined, as [`run_differs`].
#[inline(never)]
fn run_mask(new: &[Option<u8>; RUN], old: &[Option<u8>; RUN]) -> u16 {
    let mut mask = 0;
    for at in 0..RUN {
        mask |= u16::from(differ(new[at], old[at]) != 0) << at;
    }
    mask
}
