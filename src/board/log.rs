//! The shared log: square writes that left the positions that made them,
//! held beside the blocks that every version sharing them reads, until
//! there are enough of them to be worth a copy of the blocks.
//!
//! A position keeps its last writes itself (see `kept.rs`). When they run
//! out of room they are **spilled** (`Store::spill`): they move here whole,
//! into a new copy of what the position shares (one allocation of a fixed
//! size), rather than into the blocks, which would copy a block (and, on a
//! board of several blocks, the rpds path to it). When the log already
//! holds an earlier spill's writes, those and the new ones go into the
//! blocks (a flush), and the new ones stay in the log as well, as a
//! **mirror** of what the blocks now hold ([`Log::is_mirror`]): so the log
//! of a spilled store always holds exactly the kept writes that were
//! spilled into it, the key by which the siblings of a position find the
//! spill its first child made (`src/qi/spill.rs`). A mirror is dropped, not
//! flushed, by the next spill: its writes are in the blocks already.
//!
//! The log is not sorted. A lookup compares every slot at once (a vector
//! comparison); a walk in index order sorts the writes first (see
//! `overlay.rs`), and a copy of the board stores them in any order, each
//! index being held once.

// The lookup runs in every read of a square that is not kept.
#![allow(clippy::inline_always)]

use super::kept::{Kept, UNUSED, pairs};

/// The most writes the log holds.
pub(crate) const LOG: usize = 12;

/// Writes moved out of the positions, at most one per square, in no order:
/// see the module docs.
pub(crate) struct Log<P> {
    /// The indices written, then [`UNUSED`].
    indices: [u16; LOG],
    /// The squares written; empty in the unused slots.
    squares: [Option<P>; LOG],
    /// The number of writes: the used slots.
    len: u8,
    /// Whether every write held is also in the blocks (see the module
    /// docs): the log of a spill that flushed.
    mirror: bool,
}

impl<P: Clone> Clone for Log<P> {
    /// An empty log (every log, on boards whose writes go through to the
    /// blocks) is cloned as a constant; any other, by its arrays whole: a
    /// memory copy for `Copy` pieces (the standard library's array clone),
    /// rather than a loop over the used slots, which the compiler unrolls
    /// into a copy a square at a time.
    #[inline]
    fn clone(&self) -> Self {
        if self.len == 0 {
            return Self::EMPTY;
        }
        Log {
            indices: self.indices,
            squares: self.squares.clone(),
            len: self.len,
            mirror: self.mirror,
        }
    }
}

impl<P> Log<P> {
    pub(crate) const EMPTY: Self = Log {
        indices: [UNUSED; LOG],
        squares: [const { None }; LOG],
        len: 0,
        mirror: false,
    };

    /// The number of writes held.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The slot of the write to `index`, if the log holds one: every slot
    /// compared at once (unused ones hold [`UNUSED`], which no square's
    /// index is), with no branch on how many are used. An empty log, which
    /// a read meets often (unlike an empty set of kept writes), is told by
    /// its count first, before any comparison.
    #[inline(always)]
    pub(crate) fn slot(&self, index: usize) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let key = Kept::<P>::key(index)?;
        // Bitwise, not lazy: every slot is compared.
        #[allow(clippy::needless_bitwise_bool)]
        let held = self
            .indices
            .iter()
            .fold(false, |held, &logged| held | (logged == key));
        if held {
            self.indices[..self.len()]
                .iter()
                .position(|&logged| logged == key)
        } else {
            None
        }
    }

    /// The square written in `slot` (`None`: emptied).
    #[inline]
    pub(crate) fn square_at(&self, slot: usize) -> Option<&P> {
        self.squares[slot].as_ref()
    }

    /// Every slot, used or not, `(index, square)`, in no order: an unused
    /// slot's index is [`UNUSED`], past every board's last square.
    #[inline]
    pub(super) fn slots(&self) -> impl Iterator<Item = (usize, &Option<P>)> {
        pairs(&self.indices, &self.squares)
    }

    /// Every write held, `(index, square)`, in no order.
    #[inline]
    pub(crate) fn writes(&self) -> impl Iterator<Item = (usize, &Option<P>)> {
        let len = self.len();
        pairs(&self.indices[..len], &self.squares[..len])
    }
}

impl<P> Log<P> {
    /// Whether every write the log holds is also in the blocks: see the
    /// module docs.
    #[inline]
    pub(crate) fn is_mirror(&self) -> bool {
        self.mirror
    }

    /// Whether the log holds exactly `kept`'s writes, slot for slot: the
    /// log of a spill of `kept` (see [`fill`](Log::fill)). O([`LOG`]), no
    /// branch per slot.
    #[inline]
    pub(crate) fn holds_exactly(&self, kept: &Kept<P>) -> bool
    where
        P: PartialEq,
    {
        let (indices, squares) = kept.arrays();
        // Every slot compared, with no branch on the first that differs:
        // a sibling's check finds them all equal.
        #[allow(clippy::needless_bitwise_bool)]
        let same_squares = self
            .squares
            .iter()
            .zip(squares)
            .fold(true, |same, (logged, kept)| same & (logged == kept));
        usize::from(self.len) == kept.len() && self.indices == *indices && same_squares
    }
}

impl<P: Clone> Log<P> {
    /// Moves every kept write into the log, which holds nothing else
    /// afterwards: what it held is dropped (the caller flushed it, or it
    /// was a mirror). `mirror`: whether the blocks hold them too.
    ///
    /// A spill is made when the kept writes have no room left, so they fill
    /// every slot: their arrays then move as they are, and the log holds
    /// them slot for slot ([`holds_exactly`](Log::holds_exactly)). Fewer
    /// are moved one by one, in the order first written.
    pub(crate) fn fill(&mut self, kept: &mut Kept<P>, mirror: bool) {
        // The arrays' types are the same only while `KEPT` equals `LOG`.
        if let Some((indices, squares)) = kept.take_full() {
            self.indices = indices;
            self.squares = squares;
            // Every slot used: `LOG` fits a byte.
            #[allow(clippy::cast_possible_truncation)]
            {
                self.len = LOG as u8;
            }
        } else {
            self.clear();
            for (index, square) in kept.drain() {
                let slot = self.len();
                // A square index: it fits (see the assertion on `UNUSED`).
                #[allow(clippy::cast_possible_truncation)]
                {
                    self.indices[slot] = index as u16;
                }
                self.squares[slot] = square;
                self.len += 1;
            }
        }
        self.mirror = mirror;
    }

    /// Takes every write out, in no order, leaving the log empty.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, Option<P>)> + '_ {
        let len = usize::from(core::mem::take(&mut self.len));
        self.mirror = false;
        let indices = core::mem::replace(&mut self.indices, [UNUSED; LOG]);
        indices
            .into_iter()
            .take(len)
            .zip(&mut self.squares)
            .map(|(index, square)| (usize::from(index), square.take()))
    }

    /// Empties the log, its writes dropped.
    pub(crate) fn clear(&mut self) {
        self.drain().for_each(drop);
    }
}

#[cfg(test)]
mod tests {
    use super::{LOG, Log};
    use crate::board::kept::{KEPT, Kept, keep};
    use crate::board::overlay::Overlay;

    fn in_order(kept: &Kept<u8>, log: &Log<u8>) -> Vec<(usize, Option<u8>)> {
        let overlay = Overlay::new(kept, log);
        (0..)
            .map_while(|at| Some((overlay.index_at(at)?, overlay.square_at(at).copied())))
            .collect()
    }

    #[test]
    fn a_spill_replaces_what_the_log_held_and_a_kept_write_hides_a_logged_one() {
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        for (index, square) in [(9, Some(1)), (2, Some(2)), (40, None)] {
            keep(&mut kept, index, square);
        }
        let spilled = kept.clone();
        log.fill(&mut kept, false);
        assert_eq!(kept.len(), 0);
        assert_eq!(log.len(), 3);
        assert!(log.holds_exactly(&spilled), "slot for slot");
        assert!(!log.is_mirror());
        for (index, square) in [(9, Some(3)), (5, Some(4))] {
            keep(&mut kept, index, square);
        }
        assert_eq!(
            in_order(&kept, &log),
            [(2, Some(2)), (5, Some(4)), (9, Some(3)), (40, None)],
            "a kept write hides the log's"
        );
        assert!(!log.holds_exactly(&kept));
        let spilled = kept.clone();
        log.fill(&mut kept, true);
        assert_eq!(log.len(), 2, "what the log held is gone");
        assert!(log.is_mirror());
        assert!(log.holds_exactly(&spilled));
        assert_eq!(log.slot(9).map(|slot| log.square_at(slot)), Some(Some(&3)));
        assert_eq!(log.slot(2), None);
        assert_eq!(log.slot(41), None);
        assert_eq!(log.slot(usize::MAX), None);
        // A clone holds the same writes, and finds them the same way.
        let copy = log.clone();
        assert_eq!(in_order(&Kept::EMPTY, &copy), in_order(&Kept::EMPTY, &log));
        assert!(copy.is_mirror());
        assert_eq!(copy.slot(9), log.slot(9));
        let mut drained: Vec<_> = log.drain().collect();
        drained.sort_unstable();
        assert_eq!(drained, [(5, Some(4)), (9, Some(3))]);
        assert_eq!(log.len(), 0);
        assert!(!log.is_mirror(), "an empty log mirrors nothing");
        assert_eq!(log.slot(9), None);
    }

    #[test]
    fn a_full_set_of_kept_writes_moves_into_the_log_whole() {
        let writes: Vec<(usize, Option<u8>)> = (0..KEPT)
            .map(|at| (at * 37 + 3, u8::try_from(at).ok().filter(|_| at % 3 != 0)))
            .collect();
        let fill = |kept: &mut Kept<u8>| {
            for &(index, square) in &writes {
                keep(kept, index, square);
            }
        };
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        fill(&mut kept);
        assert_eq!(kept.len(), KEPT, "the set is full");
        let spilled = kept.clone();
        log.fill(&mut kept, false);
        assert_eq!((kept.len(), log.len()), (0, LOG));
        assert!(log.holds_exactly(&spilled));
        assert_eq!(kept.slot(writes[0].0), None, "the kept writes are gone");
        let mut expected = writes.clone();
        expected.sort_unstable();
        assert_eq!(in_order(&kept, &log), expected);
        for &(index, square) in &writes {
            let slot = log.slot(index).expect("logged");
            assert_eq!(log.square_at(slot), square.as_ref(), "{index}");
        }
        // The same writes in other slots are not the same spill, nor is
        // one square written otherwise.
        let mut reordered = Kept::EMPTY;
        for &(index, square) in writes.iter().rev() {
            keep(&mut reordered, index, square);
        }
        assert!(!log.holds_exactly(&reordered));
        let mut other = spilled.clone();
        keep(&mut other, writes[4].0, Some(200));
        assert!(!log.holds_exactly(&other));
        assert!(!log.holds_exactly(&Kept::EMPTY));
    }

    /// Logs `Some(1)` at `first` and `Some(2)` at `second`, then checks
    /// that each is found in its slot and that none of `absent` is.
    fn two_logged_apart(first: usize, second: usize, absent: &[usize]) {
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        keep(&mut kept, first, Some(1));
        keep(&mut kept, second, Some(2));
        log.fill(&mut kept, false);
        assert_eq!(log.slot(first), Some(0));
        assert_eq!(log.slot(second), Some(1));
        let read = |index| log.slot(index).map(|slot| log.square_at(slot));
        assert_eq!(
            (read(first), read(second)),
            (Some(Some(&1)), Some(Some(&2)))
        );
        for &index in absent {
            assert_eq!(log.slot(index), None, "{index}");
        }
    }

    // A lookup compares whole indices: indices that share their low bits
    // are told apart. One that compared part of an index would find a write
    // that is not there, or miss one that is.

    #[test]
    fn a_lookup_tells_apart_indices_that_share_their_low_seven_bits() {
        two_logged_apart(5, 261, &[133, 389, 6, 4]);
    }

    #[test]
    fn a_lookup_tells_apart_indices_that_share_their_low_six_or_seven_bits() {
        // 69 shares its low six bits with 5 and 133, and its low seven with
        // 197 and 325; 200 its low six with 8, 136 and 264, and its low
        // seven with 72 and 328.
        two_logged_apart(69, 200, &[5, 133, 197, 325, 8, 72, 136, 264, 328]);
    }
}
