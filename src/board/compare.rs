//! Board equality, and the squares where two boards differ, found by
//! reading as few as possible: every comparison of boards, of their kept
//! writes and of their overlays lives here.
//!
//! Equality ([`Board::same_squares`]) first tries the shortcuts of one
//! stamp: over one store, the kept writes alone ([`Kept::same_writes`]);
//! over one stamp, the overlays ([`Overlay::same_writes`]) or, written
//! through, the noted squares. Otherwise it looks for a first change.
//!
//! The changes ([`Board::changed_squares`]) take one of two algorithms,
//! chosen once by stamp:
//!
//! - **One stamp** ([`ByOverlay`]): the two hold the same blocks except at the
//!   indices either overlays (or notes), so only those are read. O(overlaid
//!   writes).
//! - **Different stamps** ([`ByBlocks`]): the blocks are walked in pairs. A
//!   block the two share (one address) can differ only where either
//!   overlays a write on it; any other pair is compared square by square, as whole
//!   runs between overlaid writes. O(blocks + squares of the unshared
//!   blocks).

use archery::SharedPointerKind;

use super::kept::Kept;
use super::{Board, Overlay};
use crate::write_policy::{WritePolicy, write_policy};

impl<'a, P: PartialEq, K: SharedPointerKind> Board<'a, P, K> {
    /// The squares where `self` differs from `base`, in index order: see
    /// [`ChangedSquares`].
    pub(crate) fn changed_squares(
        self,
        base: Self,
        square_count: usize,
    ) -> ChangedSquares<'a, P, K> {
        ChangedSquares::new(self, base, square_count)
    }

    /// `true` if both hold the same squares. Both must have been built for
    /// `square_count` squares of the same piece type, so that their blocks
    /// line up.
    pub(crate) fn same_squares(self, other: Self, square_count: usize) -> bool {
        // The common case of two routes from one parent: the same blocks,
        // kept (or noted) writes to the same squares.
        if self.store.stamp == other.store.stamp {
            match write_policy::<P>() {
                WritePolicy::Deferred => {
                    // Over one log too (positions that share everything
                    // but their kept writes), the kept writes alone,
                    // unsorted.
                    let same = if core::ptr::eq(self.store, other.store) {
                        self.kept.same_writes(other.kept)
                    } else {
                        self.overlay_with_notes()
                            .same_writes(&other.overlay_with_notes())
                    };
                    if let Some(same) = same {
                        return same;
                    }
                }
                WritePolicy::Through => return self.same_noted_squares(other),
            }
        }
        self.changed_squares(other, square_count).next().is_none()
    }

    /// `true` if two boards written through, of one stamp, hold the same
    /// squares. They hold the same blocks but where either noted a write,
    /// so only the noted squares are read, each once: those `self` noted,
    /// then those only `other` noted. An equality needs no order, so
    /// neither side's notes are sorted, as the walk in index order of
    /// [`changed_squares`](Board::changed_squares) sorts them. O(notes),
    /// at most [`KEPT`](super::KEPT) a side.
    fn same_noted_squares(self, other: Self) -> bool {
        let same_at = |(index, _)| self.store.blocks.get(index) == other.store.blocks.get(index);
        self.kept.writes().all(same_at)
            && other
                .kept
                .writes()
                .filter(|&(index, _)| self.kept.slot(index).is_none())
                .all(same_at)
    }
}

impl<P: PartialEq> Kept<P> {
    /// Whether both keep writes to the same indices (whatever order they
    /// were made in) and, if they do, whether of the same squares: over the
    /// same blocks and log, whether the two boards hold the same squares.
    /// O(kept writes squared), at most [`KEPT`](super::KEPT) of them, with no sorting.
    #[inline]
    pub(crate) fn same_writes(&self, other: &Self) -> Option<bool> {
        if self.len() != other.len() {
            return None;
        }
        let (indices, squares) = self.arrays();
        let (_, their_squares) = other.arrays();
        let mut same = true;
        for slot in 0..self.len() {
            // Distinct indices, as many on each side: every one of these
            // found on the other side means the same indices.
            let theirs = other.find(indices[slot])?;
            same &= squares[slot] == their_squares[theirs];
        }
        Some(same)
    }

    /// `true` if both hold the same writes in the same slots: what a clone
    /// holds.
    #[inline]
    pub(crate) fn identical(&self, other: &Self) -> bool {
        self.arrays() == other.arrays()
    }
}

impl<P: PartialEq> Overlay<'_, P> {
    /// Whether both overlay writes to the same indices and, if they do,
    /// whether of the same squares.
    pub(crate) fn same_writes(&self, other: &Self) -> Option<bool> {
        let len = self.len();
        let same_indices =
            len == other.len() && (0..len).all(|at| self.index_at(at) == other.index_at(at));
        same_indices.then(|| (0..len).all(|at| self.square_at(at) == other.square_at(at)))
    }
}

/// A square that differs: `(index, square in base, square now)`.
pub(crate) type Change<'a, P> = (usize, Option<&'a P>, Option<&'a P>);

/// The squares where a board differs from a base, in index order: see
/// [`Board::changed_squares`].
pub(crate) enum ChangedSquares<'a, P, K: SharedPointerKind> {
    /// Boards of one stamp.
    ByOverlay(ByOverlay<'a, P, K>),
    /// Boards of different stamps.
    ByBlocks(ByBlocks<'a, P, K>),
}

impl<'a, P: PartialEq, K: SharedPointerKind> ChangedSquares<'a, P, K> {
    pub(super) fn new(now: Board<'a, P, K>, base: Board<'a, P, K>, square_count: usize) -> Self {
        if now.store.stamp == base.store.stamp {
            ChangedSquares::ByOverlay(ByOverlay {
                now,
                base,
                cursors: Cursors::new(now.overlay_with_notes(), base.overlay_with_notes()),
            })
        } else {
            ChangedSquares::ByBlocks(ByBlocks::new(now, base, square_count))
        }
    }
}

impl<'a, P: PartialEq, K: SharedPointerKind> Iterator for ChangedSquares<'a, P, K> {
    type Item = Change<'a, P>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            ChangedSquares::ByOverlay(walk) => walk.next(),
            ChangedSquares::ByBlocks(walk) => walk.next(),
        }
    }
}

/// Where two walks in index order stand in the two boards' overlaid
/// writes.
struct Cursors<'a, P> {
    now: Overlay<'a, P>,
    base: Overlay<'a, P>,
    /// The next overlaid write of each side, in index order.
    next_now: usize,
    next_base: usize,
}

impl<'a, P> Cursors<'a, P> {
    fn new(now: Overlay<'a, P>, base: Overlay<'a, P>) -> Self {
        Cursors {
            now,
            base,
            next_now: 0,
            next_base: 0,
        }
    }

    /// The index of the next overlaid write on either side, if any.
    #[inline]
    fn next_index(&self) -> Option<usize> {
        match (
            self.now.index_at(self.next_now),
            self.base.index_at(self.next_base),
        ) {
            (Some(now), Some(base)) => Some(now.min(base)),
            (now, base) => now.or(base),
        }
    }

    /// Moves each cursor standing on `index` past it.
    #[inline]
    fn pass(&mut self, index: usize) {
        if self.now.index_at(self.next_now) == Some(index) {
            self.next_now += 1;
        }
        if self.base.index_at(self.next_base) == Some(index) {
            self.next_base += 1;
        }
    }

    /// Both squares at `index`: each side's overlaid write there if it has one
    /// (moving its cursor past it), else the square read from its blocks,
    /// `before` for the base and `after` for the other.
    #[inline]
    fn overlay(
        &mut self,
        index: usize,
        (before, after): (Option<&'a P>, Option<&'a P>),
    ) -> (Option<&'a P>, Option<&'a P>) {
        let before = self.base.over(&mut self.next_base, index, before);
        let after = self.now.over(&mut self.next_now, index, after);
        (before, after)
    }
}

/// The walk between boards of one stamp: only the overlaid (or noted)
/// indices are read.
pub(crate) struct ByOverlay<'a, P, K: SharedPointerKind> {
    now: Board<'a, P, K>,
    base: Board<'a, P, K>,
    cursors: Cursors<'a, P>,
}

impl<'a, P: PartialEq, K: SharedPointerKind> Iterator for ByOverlay<'a, P, K> {
    type Item = Change<'a, P>;

    fn next(&mut self) -> Option<Self::Item> {
        while let Some(index) = self.cursors.next_index() {
            let (before, after) = match write_policy::<P>() {
                // Where one side alone keeps a write, the other's square is
                // in the blocks they share.
                WritePolicy::Deferred => {
                    let shared = self.now.store.blocks.get(index);
                    self.cursors.overlay(index, (shared, shared))
                }
                // Only the index was noted: each write is in its blocks.
                WritePolicy::Through => {
                    self.cursors.pass(index);
                    (
                        self.base.store.blocks.get(index),
                        self.now.store.blocks.get(index),
                    )
                }
            };
            if before != after {
                return Some((index, before, after));
            }
        }
        None
    }
}

/// The walk between boards of different stamps, a pair of blocks at a time.
pub(crate) struct ByBlocks<'a, P, K: SharedPointerKind> {
    now: Board<'a, P, K>,
    base: Board<'a, P, K>,
    cursors: Cursors<'a, P>,
    square_count: usize,
    next_block: usize,
    /// The pair of blocks being walked, from the square at `index` up to
    /// (not including) `end`; `first` is the index of their first square.
    before: &'a [Option<P>],
    after: &'a [Option<P>],
    first: usize,
    index: usize,
    end: usize,
    /// `true` if the pair is one block, shared by the two boards.
    shared: bool,
}

impl<'a, P: PartialEq, K: SharedPointerKind> ByBlocks<'a, P, K> {
    fn new(now: Board<'a, P, K>, base: Board<'a, P, K>, square_count: usize) -> Self {
        // Blocks of different stamps that differ hold every write to them:
        // the indices noted on boards written through matter
        // only between boards of one stamp, so the walk overlays none (see
        // `Board::overlay`).
        let cursors = Cursors::new(now.overlay(), base.overlay());
        ByBlocks {
            now,
            base,
            cursors,
            square_count,
            next_block: 0,
            before: &[],
            after: &[],
            first: 0,
            index: 0,
            end: 0,
            shared: false,
        }
    }

    /// Moves to the next pair of blocks; `false` past the last square.
    fn load_next_pair(&mut self) -> bool {
        let (Some(before), Some(after)) = (
            self.base.store.blocks.block(self.next_block),
            self.now.store.blocks.block(self.next_block),
        ) else {
            return false;
        };
        let first = self.next_block * after.len();
        if first >= self.square_count {
            return false;
        }
        self.next_block += 1;
        // Past the last square, both hold only empty padding.
        let length = after.len().min(self.square_count - first);
        (self.before, self.after) = (&before[..length], &after[..length]);
        self.shared = core::ptr::eq(self.before, self.after);
        (self.first, self.index, self.end) = (first, first, first + length);
        true
    }

    /// The next change in a shared block: only its squares with an overlaid
    /// write, on either side, can differ.
    fn next_in_shared(&mut self) -> Option<Change<'a, P>> {
        while let Some(index) = self.cursors.next_index().filter(|&index| index < self.end) {
            let square = self.after[index - self.first].as_ref();
            let (before, after) = self.cursors.overlay(index, (square, square));
            if before != after {
                self.index = index + 1;
                return Some((index, before, after));
            }
        }
        self.index = self.end;
        None
    }

    /// The next change in a pair of unshared blocks: the squares up to the
    /// next overlaid write (on either side) compare as a whole run, then
    /// that write on its own.
    fn next_in_pair(&mut self) -> Option<Change<'a, P>> {
        while self.index < self.end {
            let stop = self
                .cursors
                .next_index()
                .map_or(self.end, |overlaid| overlaid.min(self.end));
            let run = self.index - self.first..stop - self.first;
            let (before, after) = (&self.before[run.clone()], &self.after[run]);
            if before != after
                && let Some(offset) = before.iter().zip(after).position(|(old, new)| old != new)
            {
                let index = self.index + offset;
                self.index = index + 1;
                return Some((index, before[offset].as_ref(), after[offset].as_ref()));
            }
            self.index = stop;
            if stop < self.end {
                let offset = stop - self.first;
                let squares = (self.before[offset].as_ref(), self.after[offset].as_ref());
                let (before, after) = self.cursors.overlay(stop, squares);
                self.index = stop + 1;
                if before != after {
                    return Some((stop, before, after));
                }
            }
        }
        None
    }
}

impl<'a, P: PartialEq, K: SharedPointerKind> Iterator for ByBlocks<'a, P, K> {
    type Item = Change<'a, P>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let change = if self.shared {
                self.next_in_shared()
            } else {
                self.next_in_pair()
            };
            if change.is_some() {
                return change;
            }
            if !self.load_next_pair() {
                return None;
            }
        }
    }
}
