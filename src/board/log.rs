//! The shared log: square writes that left the positions that made them,
//! held beside the blocks that every version sharing them reads, until
//! there are enough of them to be worth a copy of the blocks.
//!
//! A position keeps its last writes itself (see `kept.rs`). When they run
//! out of room, they move here, into a new copy of what the position shares
//! (one allocation of a fixed size), rather than into the blocks, which
//! would copy a block and the rpds path to it (three allocations, and their
//! reference counts). Only when the log has no room for them either does
//! everything go into the blocks.

// The lookup runs in every read of a square that is not kept.
#![allow(clippy::inline_always)]

use super::kept::{KEPT, Kept, UNUSED};

/// The most writes the log holds.
pub(crate) const LOG: usize = 32;

/// Writes moved out of the positions, at most one per square, sorted by
/// index: see the module docs.
pub(crate) struct Log<P> {
    /// The indices written, ascending, then [`UNUSED`].
    indices: [u16; LOG],
    /// The squares written; empty in the unused slots.
    squares: [Option<P>; LOG],
    /// The number of writes: the used slots.
    len: u8,
    /// One bit per index modulo 128, set for every index held: a read of a
    /// square the log does not hold stops at its bit (on boards of up to
    /// 128 squares, always).
    seen: [u64; 2],
}

impl<P: Clone> Clone for Log<P> {
    /// Clones the used slots only (none, on boards whose writes go through
    /// to the blocks): the others are empty.
    #[inline]
    fn clone(&self) -> Self {
        let mut copy = Self::EMPTY;
        for slot in 0..self.len() {
            copy.squares[slot].clone_from(&self.squares[slot]);
        }
        copy.indices = self.indices;
        copy.len = self.len;
        copy.seen = self.seen;
        copy
    }
}

impl<P> Log<P> {
    pub(crate) const EMPTY: Self = Log {
        indices: [UNUSED; LOG],
        squares: [const { None }; LOG],
        len: 0,
        seen: [0; 2],
    };

    /// The number of writes held.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// The slot of the write to `index`, if the log holds one.
    #[inline(always)]
    pub(crate) fn slot(&self, index: usize) -> Option<usize> {
        // An empty log has no bit set: the filter alone answers.
        let bit = index % 128;
        if self.seen[bit / 64] >> (bit % 64) & 1 == 0 {
            return None;
        }
        let key = u16::try_from(index).ok()?;
        let held = &self.indices[..self.len()];
        let slot = held.partition_point(|&slot| slot < key);
        (held.get(slot) == Some(&key)).then_some(slot)
    }

    /// Marks `index` as held in [`seen`](Log::seen).
    fn see(&mut self, index: u16) {
        let bit = usize::from(index) % 128;
        self.seen[bit / 64] |= 1 << (bit % 64);
    }

    /// Every write held, `(index, square)`, in index order.
    #[inline]
    pub(crate) fn writes(&self) -> impl Iterator<Item = (usize, &Option<P>)> {
        let len = self.len();
        self.indices[..len]
            .iter()
            .zip(&self.squares[..len])
            .map(|(&index, square)| (usize::from(index), square))
    }

    /// The index written in `slot`, a used slot.
    #[inline]
    pub(crate) fn index_at(&self, slot: usize) -> usize {
        usize::from(self.indices[slot])
    }

    /// The square written in `slot` (`None`: emptied).
    #[inline]
    pub(crate) fn square_at(&self, slot: usize) -> Option<&P> {
        self.squares[slot].as_ref()
    }
}

impl<P: Clone> Log<P> {
    /// Moves the kept writes into the log, a kept write replacing the log's
    /// write to the same index, if there is surely room for them: `false`,
    /// and nothing changed, if the log might overflow.
    ///
    /// In place: a kept write to an index the log holds replaces its
    /// square; the others, in index order, are merged in from the back, so
    /// that each logged write moves at most once.
    pub(crate) fn absorb(&mut self, kept: &mut Kept<P>) -> bool {
        let logged = self.len();
        if logged + kept.len() > LOG {
            return false;
        }
        let order = kept.sorted();
        // The kept slots whose index the log does not hold, in index order.
        let mut new = [0_u8; KEPT];
        let mut new_len = 0;
        for at in 0.. {
            let Some(slot) = order.slot_at(at) else { break };
            // A kept index: it fits.
            #[allow(clippy::cast_possible_truncation)]
            let key = kept.index_in(slot) as u16;
            match self.indices[..logged].binary_search(&key) {
                Ok(logged_at) => self.squares[logged_at] = kept.take_square(slot),
                Err(_) => {
                    // Below KEPT: it fits.
                    #[allow(clippy::cast_possible_truncation)]
                    {
                        new[new_len] = slot as u8;
                    }
                    new_len += 1;
                    self.see(key);
                }
            }
        }
        // Merged from the back: the greater of the last logged and the
        // last new write goes to the last free slot.
        let (mut old_end, mut new_end) = (logged, new_len);
        while new_end > 0 {
            let slot = usize::from(new[new_end - 1]);
            #[allow(clippy::cast_possible_truncation)]
            let key = kept.index_in(slot) as u16;
            let to = old_end + new_end - 1;
            if old_end > 0 && self.indices[old_end - 1] > key {
                self.indices[to] = self.indices[old_end - 1];
                self.squares.swap(to, old_end - 1);
                old_end -= 1;
            } else {
                self.indices[to] = key;
                self.squares[to] = kept.take_square(slot);
                new_end -= 1;
            }
        }
        // At most LOG: it fits.
        #[allow(clippy::cast_possible_truncation)]
        {
            self.len = (logged + new_len) as u8;
        }
        kept.clear();
        true
    }

    /// Takes every write out, in index order, leaving the log empty.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, Option<P>)> + '_ {
        let len = usize::from(core::mem::take(&mut self.len));
        self.seen = [0; 2];
        let indices = core::mem::replace(&mut self.indices, [UNUSED; LOG]);
        indices
            .into_iter()
            .take(len)
            .zip(&mut self.squares)
            .map(|(index, square)| (usize::from(index), square.take()))
    }
}

/// The writes over a board's blocks, the position's kept ones and its
/// shared log merged, in index order: what a walk in index order overlays
/// on the blocks.
pub(crate) struct Overlay<'a, P> {
    kept: &'a Kept<P>,
    log: &'a Log<P>,
    /// Where each write is, in index order: a kept slot below [`KEPT`],
    /// else `KEPT +` a log slot. The first `len` are used.
    sources: [u8; KEPT + LOG],
    len: usize,
}

impl<P> Clone for Overlay<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Overlay<'_, P> {}

impl<'a, P> Overlay<'a, P> {
    /// The writes of `kept` and `log`, a kept write hiding the log's write
    /// to the same index.
    pub(crate) fn new(kept: &'a Kept<P>, log: &'a Log<P>) -> Self {
        let kept_order = kept.sorted();
        let mut sources = [0; KEPT + LOG];
        let mut len = 0;
        let (mut next_kept, mut next_log) = (0, 0);
        loop {
            let kept_slot = kept_order.slot_at(next_kept);
            let log_index = (next_log < log.len()).then(|| log.index_at(next_log));
            let source = match kept_slot {
                None if log_index.is_none() => break,
                // The kept write first where it is the lower index, or both
                // have one to the same index (the log's is hidden).
                Some(slot)
                    if log_index.is_none_or(|log_index| kept.index_in(slot) <= log_index) =>
                {
                    if log_index == Some(kept.index_in(slot)) {
                        next_log += 1;
                    }
                    next_kept += 1;
                    slot
                }
                _ => {
                    next_log += 1;
                    KEPT + next_log - 1
                }
            };
            // Below KEPT + LOG: it fits a byte.
            #[allow(clippy::cast_possible_truncation)]
            {
                sources[len] = source as u8;
            }
            len += 1;
        }
        Overlay {
            kept,
            log,
            sources,
            len,
        }
    }

    /// No writes, whatever `kept` and `log` hold: for boards whose writes
    /// all go into the blocks at once.
    pub(crate) fn none(kept: &'a Kept<P>, log: &'a Log<P>) -> Self {
        Overlay {
            kept,
            log,
            sources: [0; KEPT + LOG],
            len: 0,
        }
    }

    /// The index of the `at`-th write, `None` past the last.
    #[inline]
    pub(crate) fn index_at(&self, at: usize) -> Option<usize> {
        let source = usize::from(*self.sources[..self.len].get(at)?);
        Some(if source < KEPT {
            self.kept.index_in(source)
        } else {
            self.log.index_at(source - KEPT)
        })
    }

    /// The square of the `at`-th write (one of the first `len`).
    #[inline]
    pub(crate) fn square_at(&self, at: usize) -> Option<&'a P> {
        let source = usize::from(self.sources[at]);
        if source < KEPT {
            self.kept.square_at(source)
        } else {
            self.log.square_at(source - KEPT)
        }
    }

    /// The square at `index` over `under`: written at `*cursor` if that
    /// write is to `index` (the cursor then moves past it), else `under`.
    /// For walks in index order.
    #[inline]
    pub(crate) fn over(
        &self,
        cursor: &mut usize,
        index: usize,
        under: Option<&'a P>,
    ) -> Option<&'a P> {
        if self.index_at(*cursor) == Some(index) {
            *cursor += 1;
            self.square_at(*cursor - 1)
        } else {
            under
        }
    }
}

impl<P: PartialEq> Overlay<'_, P> {
    /// Whether both overlay writes to the same indices and, if they do,
    /// whether of the same squares.
    pub(crate) fn same_writes(&self, other: &Self) -> Option<bool> {
        let same_indices = self.len == other.len
            && (0..self.len).all(|at| self.index_at(at) == other.index_at(at));
        same_indices.then(|| (0..self.len).all(|at| self.square_at(at) == other.square_at(at)))
    }
}

#[cfg(test)]
mod tests {
    use super::{LOG, Log, Overlay};
    use crate::board::kept::{Kept, keep};

    fn in_order(kept: &Kept<u8>, log: &Log<u8>) -> Vec<(usize, Option<u8>)> {
        let overlay = Overlay::new(kept, log);
        (0..)
            .map_while(|at| Some((overlay.index_at(at)?, overlay.square_at(at).copied())))
            .collect()
    }

    #[test]
    fn kept_writes_merge_into_the_log_in_index_order_and_replace_older_ones() {
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        for (index, square) in [(9, Some(1)), (2, Some(2)), (40, None)] {
            keep(&mut kept, index, square);
        }
        assert!(log.absorb(&mut kept));
        assert_eq!(kept.len(), 0);
        assert_eq!(log.len(), 3);
        for (index, square) in [(9, Some(3)), (5, Some(4))] {
            keep(&mut kept, index, square);
        }
        assert_eq!(
            in_order(&kept, &log),
            [(2, Some(2)), (5, Some(4)), (9, Some(3)), (40, None)],
            "a kept write hides the log's"
        );
        assert!(log.absorb(&mut kept));
        assert_eq!(log.len(), 4);
        assert_eq!(log.slot(9).map(|slot| log.square_at(slot)), Some(Some(&3)));
        assert_eq!(log.slot(40).map(|slot| log.square_at(slot)), Some(None));
        assert_eq!(log.slot(41), None);
        assert_eq!(log.slot(usize::MAX), None);
        assert_eq!(
            in_order(&Kept::EMPTY, &log),
            [(2, Some(2)), (5, Some(4)), (9, Some(3)), (40, None)]
        );
        // A clone holds the same writes, and finds them the same way.
        let copy = log.clone();
        assert_eq!(in_order(&Kept::EMPTY, &copy), in_order(&Kept::EMPTY, &log));
        assert_eq!(copy.slot(40), log.slot(40));
        assert_eq!(copy.slot(41), None);
        let drained: Vec<_> = log.drain().collect();
        assert_eq!(
            drained,
            [(2, Some(2)), (5, Some(4)), (9, Some(3)), (40, None)],
            "in index order"
        );
        assert_eq!(log.len(), 0);
        assert_eq!(log.slot(2), None);
        // An emptied log takes writes again from its first slot.
        keep(&mut kept, 7, Some(9));
        assert!(log.absorb(&mut kept));
        assert_eq!(in_order(&Kept::EMPTY, &log), [(7, Some(9))]);
    }

    #[test]
    fn indices_equal_modulo_128_are_told_apart() {
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        keep(&mut kept, 5, Some(1));
        keep(&mut kept, 261, Some(2));
        assert!(log.absorb(&mut kept));
        assert_eq!(log.slot(5), Some(0));
        assert_eq!(log.slot(261), Some(1));
        for index in [133, 389, 6, 4] {
            assert_eq!(log.slot(index), None, "{index}");
        }
    }

    #[test]
    fn a_log_without_room_for_every_kept_write_takes_none() {
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        let mut next = 0;
        while log.len() + kept.len() < LOG {
            keep(&mut kept, next, Some(1));
            next += 1;
            if kept.len() == 4 {
                assert!(log.absorb(&mut kept));
            }
        }
        assert!(log.absorb(&mut kept), "exactly full");
        assert_eq!(log.len(), LOG);
        keep(&mut kept, 0, Some(2));
        assert!(!log.absorb(&mut kept), "maybe no room: nothing moves");
        assert_eq!(kept.len(), 1);
        assert_eq!(log.len(), LOG);
        // A flush writes the log's writes, then the kept ones over them.
        let mut board = [None; LOG];
        for (index, square) in log.drain().chain(kept.drain()) {
            board[index] = square;
        }
        assert_eq!(board[0], Some(2), "the kept write lands last");
        assert!(board[1..].iter().all(|&square| square == Some(1)));
        assert_eq!((log.len(), kept.len()), (0, 0));
    }
}
