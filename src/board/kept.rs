//! The kept writes: a position's last few square writes, held in the
//! position itself rather than in the blocks it shares.

// The lookups run in every write of every move, inside the caller's edit:
// inlined there, the constants of the write (which kind of square, whether
// the old square is read) fold away.
#![allow(clippy::inline_always)]

/// The most writes a position keeps.
pub(crate) const KEPT: usize = 15;

/// Slots of each array: one more than [`KEPT`], so that with squares of up
/// to 2 bytes each array is 32 bytes, two 16-byte vectors. A lookup then
/// compares all the indices at once, and a copy of the kept writes (every
/// clone of a position) moves whole vectors, never half of one.
const SLOTS: usize = KEPT + 1;

/// Where the number of kept writes is: the last index slot, which no write
/// uses.
const COUNT: usize = KEPT;

/// What an unused index slot holds: above every square index (the largest
/// board has 65,025 squares), so unused slots sort last and no lookup of a
/// square matches one.
const UNUSED: u16 = u16::MAX;

/// The last writes to a board, sorted by index, at most one per square.
///
/// For squares whose writes are kept (see
/// [`keeps_writes`](super::keeps_writes)), `squares[slot]` is what was
/// written to `indices[slot]`. For the others only the indices are used: the
/// squares written into the blocks since their stamp was drawn.
///
/// Lookups compare every slot, used or not, with no branch on the number of
/// writes kept: whether a write to an index is kept is two vector
/// comparisons, and where it is, or would go, a binary search of four steps.
#[derive(Clone)]
pub(crate) struct Kept<P> {
    /// The first [`KEPT`] slots: the kept indices, ascending, then
    /// [`UNUSED`]. The last slot ([`COUNT`]): how many are kept.
    indices: [u16; SLOTS],
    /// Empty in the unused slots, and always in the last.
    squares: [Option<P>; SLOTS],
}

/// Where the write to an index is, or would go: see [`Kept::locate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A write to the index is kept in this slot.
    Kept(usize),
    /// No write to the index is kept; one would go to this slot.
    Free(usize),
    /// No write to the index is kept, and there is no room for one.
    Full,
}

impl<P> Kept<P> {
    pub(crate) const EMPTY: Self = {
        let mut indices = [UNUSED; SLOTS];
        indices[COUNT] = 0;
        Kept {
            indices,
            squares: [const { None }; SLOTS],
        }
    };

    /// The number of writes kept.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.indices[COUNT])
    }

    /// The kept indices, ascending.
    #[inline]
    pub(crate) fn indices(&self) -> &[u16] {
        &self.indices[..self.len()]
    }

    /// The index kept in `slot`, or `None` past the last.
    #[inline]
    pub(crate) fn index_at(&self, slot: usize) -> Option<usize> {
        (slot < self.len()).then(|| usize::from(self.indices[slot]))
    }

    /// The square written in `slot` (`None`: emptied).
    #[inline]
    pub(crate) fn square_at(&self, slot: usize) -> Option<&P> {
        self.squares[slot].as_ref()
    }

    /// `index` as it is kept, or `None` if it cannot be a square's.
    #[inline(always)]
    fn key(index: usize) -> Option<u16> {
        u16::try_from(index).ok().filter(|&index| index != UNUSED)
    }

    /// The slot `index` has, or would go to, among the sorted indices: how
    /// many kept indices are below it (unused slots never are).
    #[inline(always)]
    fn position(&self, index: u16) -> usize {
        self.indices[..KEPT].partition_point(|&kept| kept < index)
    }

    /// Where the write to `index` is kept, or would go.
    #[inline(always)]
    pub(crate) fn locate(&self, index: usize) -> Slot {
        let Some(index) = Self::key(index) else {
            return Slot::Full;
        };
        let slot = self.position(index);
        if slot < self.len() && self.indices[slot] == index {
            Slot::Kept(slot)
        } else if self.len() < KEPT {
            Slot::Free(slot)
        } else {
            Slot::Full
        }
    }

    /// The slot of the write to `index`, if one is kept. Most reads are of
    /// squares with no kept write: for them, this is the two vector
    /// comparisons alone (the count in the last slot may match too, and is
    /// then told apart by the search).
    #[inline(always)]
    pub(crate) fn slot(&self, index: usize) -> Option<usize> {
        let index = Self::key(index)?;
        // Bitwise, not lazy: every slot is compared, so the loop vectorizes.
        #[allow(clippy::needless_bitwise_bool)]
        let maybe = self
            .indices
            .iter()
            .fold(false, |kept, &slot| kept | (slot == index));
        if !maybe {
            return None;
        }
        let slot = self.position(index);
        (slot < self.len() && self.indices[slot] == index).then_some(slot)
    }

    /// The write at `*cursor` if it is to `index`, moving the cursor past
    /// it: for walks in index order.
    #[inline]
    pub(crate) fn take_at(&self, cursor: &mut usize, index: usize) -> Option<&Option<P>> {
        let at = self.index_at(*cursor)?;
        (at == index).then(|| {
            *cursor += 1;
            &self.squares[*cursor - 1]
        })
    }

    /// Forgets every kept index (for squares whose writes go into the
    /// blocks, where nothing else is kept).
    #[inline]
    pub(crate) fn clear_indices(&mut self) {
        self.indices = Self::EMPTY.indices;
    }

    /// Notes `index` as written, for squares whose writes go into the
    /// blocks. `false` if there was no room (nothing is noted then).
    #[inline]
    pub(crate) fn note(&mut self, index: usize) -> bool {
        match self.locate(index) {
            Slot::Kept(_) => true,
            Slot::Free(slot) => {
                // Below 65,025 if located: it fits.
                #[allow(clippy::cast_possible_truncation)]
                let index = index as u16;
                let len = self.len();
                self.indices.copy_within(slot..len, slot + 1);
                self.indices[slot] = index;
                self.indices[COUNT] += 1;
                true
            }
            Slot::Full => false,
        }
    }
}

impl<P: Clone> Kept<P> {
    /// Replaces the write kept in `slot`, returning it.
    #[inline(always)]
    pub(crate) fn replace_at(&mut self, slot: usize, square: Option<P>) -> Option<P> {
        core::mem::replace(&mut self.squares[slot], square)
    }

    /// Keeps a write to `index` where [`locate`](Kept::locate) said it
    /// goes (`Slot::Free(slot)`), moving the writes from `slot` on up by
    /// one: from the top down, each read ahead of the write before it.
    #[inline(always)]
    pub(crate) fn insert_at(&mut self, slot: usize, index: usize, square: Option<P>) {
        debug_assert_eq!(self.locate(index), Slot::Free(slot));
        // Located, so below 65,025: it fits.
        #[allow(clippy::cast_possible_truncation)]
        let index = index as u16;
        for at in (slot..self.len()).rev() {
            self.indices[at + 1] = self.indices[at];
            self.squares.swap(at, at + 1);
        }
        self.indices[slot] = index;
        self.squares[slot] = square;
        self.indices[COUNT] += 1;
    }

    /// Takes every kept write out, in index order, leaving none.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, Option<P>)> + '_ {
        let len = core::mem::take(&mut self.indices[COUNT]);
        self.indices[..usize::from(len)]
            .iter_mut()
            .zip(&mut self.squares)
            .map(|(index, square)| {
                (
                    usize::from(core::mem::replace(index, UNUSED)),
                    square.take(),
                )
            })
    }
}

impl<P: PartialEq> Kept<P> {
    /// `true` if both keep writes of the same squares to the same indices.
    #[inline]
    pub(crate) fn same_writes(&self, other: &Self) -> bool {
        self.indices == other.indices && self.squares == other.squares
    }
}

#[cfg(test)]
mod tests {
    use super::{KEPT, Kept, Slot};

    #[test]
    fn writes_are_kept_sorted_and_found_by_index() {
        let mut kept = Kept::<u8>::EMPTY;
        for (index, piece) in [(40, 1), (3, 2), (64_000, 3), (17, 4)] {
            let Slot::Free(slot) = kept.locate(index) else {
                panic!("room for {index}")
            };
            kept.insert_at(slot, index, Some(piece));
        }
        assert_eq!(kept.indices(), [3, 17, 40, 64_000]);
        assert_eq!(kept.slot(40), Some(2));
        assert_eq!(kept.square_at(2), Some(&1));
        assert_eq!(kept.slot(41), None);
        assert_eq!(kept.locate(41), Slot::Free(3));
        // The count (4) is in the last slot, yet no write to square 4 is kept.
        assert_eq!(kept.slot(4), None);
        // No square index reads an unused slot, not even past the largest board.
        assert_eq!(kept.slot(usize::from(u16::MAX)), None);
        assert_eq!(kept.slot(usize::MAX), None);
        let drained: Vec<_> = kept.drain().collect();
        assert_eq!(
            drained,
            [
                (3, Some(2)),
                (17, Some(4)),
                (40, Some(1)),
                (64_000, Some(3))
            ]
        );
        assert_eq!(kept.len(), 0);
        assert_eq!(kept.slot(40), None);
    }

    #[test]
    fn the_last_write_fills_the_room_and_the_next_finds_none() {
        let mut kept = Kept::<u8>::EMPTY;
        for index in (0..KEPT).rev() {
            let Slot::Free(slot) = kept.locate(index * 64) else {
                panic!("room for write {index}")
            };
            kept.insert_at(slot, index * 64, Some(1));
        }
        assert_eq!(kept.len(), KEPT);
        // Below, between and past the kept indices: no room anywhere.
        for index in [1, 65, 64 * KEPT] {
            assert_eq!(kept.locate(index), Slot::Full, "{index}");
        }
        // Indices equal modulo 64 are told apart.
        assert_eq!(kept.locate(64 * 7), Slot::Kept(7));
        assert_eq!(kept.slot(64 * 7), Some(7));
        let mut noted = Kept::<String>::EMPTY;
        for index in 0..KEPT {
            assert!(noted.note(index * 3));
        }
        assert!(noted.note(0), "an index noted twice takes no room");
        assert!(!noted.note(1), "no room for one more index");
        assert_eq!(noted.indices().len(), KEPT);
    }
}
