//! The kept writes: a position's last few square writes, held in the
//! position itself rather than in the blocks it shares; on a board written
//! through, the same slots hold the noted indices instead. (Its kept hand
//! changes live beside them, in `hand/kept.rs`.)

// The lookups run in every write of every move, inside the caller's edit:
// inlined there, the constants of the write (which kind of square, whether
// the old square is read) fold away.
#![allow(clippy::inline_always)]

use crate::write_policy::{WritePolicy, write_policy};

/// The most square writes a position keeps.
pub(crate) const KEPT: usize = 12;

// `find_all` compares the first 8 slots, then the rest, as two vector
// comparisons: it needs at least 8.
const _: () = assert!(KEPT >= 8);

/// What an unused index slot holds: above every square index (asserted
/// below), so no lookup of a square matches one.
pub(super) const UNUSED: u16 = u16::MAX;
// Every square of the largest board has a key below `UNUSED`: so every
// index a board writes can be kept or logged, and an index that passed
// `Kept::key` fits a `u16` (the casts that say "it fits").
const _: () = assert!(crate::MAX_SQUARE_COUNT <= UNUSED as usize);

/// The slots of a set of writes (the kept writes', the log's), `(index,
/// square)` in slot order: their two arrays, or the used part of each.
#[inline]
pub(super) fn pairs<'a, P>(
    indices: &'a [u16],
    squares: &'a [Option<P>],
) -> impl Iterator<Item = (usize, &'a Option<P>)> {
    indices
        .iter()
        .zip(squares)
        .map(|(&index, square)| (usize::from(index), square))
}

/// A position's slots for its last writes to a board, at most one per
/// square, in the order they were first made: its kept writes or, on a
/// board written through, its noted indices.
///
/// For squares whose writes are deferred (see
/// [`WritePolicy::Deferred`](crate::write_policy::WritePolicy::Deferred)), `squares[slot]` is the
/// write kept for `indices[slot]`. For squares written through, only the
/// indices are used: they are the noted indices, the squares written into
/// the blocks since their stamp was drawn, and every square slot stays
/// empty. The methods that speak of writes ([`writes`](Kept::writes),
/// [`slot`](Kept::slot), [`len`](Kept::len)) then give the noted indices.
///
/// The used slots are a prefix (`len` of them): a new write takes the first
/// unused slot, and slots are freed only all at once. An unused slot holds
/// [`UNUSED`], which no square's index equals, so a lookup compares every
/// slot with no test of the count: a write, one slot at a time (found:
/// replaced in place; not found: appended), with no search and no shift;
/// a read, every slot at once in a vector comparison.
/// Walks in index order (a scan, a comparison) sort the slots first, at
/// most [`KEPT`] of them.
pub(crate) struct Kept<P> {
    /// The indices written (or noted), in the order first written, then
    /// [`UNUSED`].
    indices: [u16; KEPT],
    /// The squares written; empty in the unused slots, and in every slot
    /// on a board written through.
    squares: [Option<P>; KEPT],
    /// The number of square writes kept (or indices noted): the used index
    /// slots.
    len: u8,
}

/// Where the write to an index is, or would go: see [`Kept::locate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A write to the index is kept in this slot.
    Found(usize),
    /// No write to the index is kept; one would go to this slot.
    Free(usize),
    /// No write to the index is kept, and there is no room for one.
    Full,
}

impl<P: Clone> Clone for Kept<P> {
    #[inline]
    fn clone(&self) -> Self {
        debug_assert!(
            write_policy::<P>() == WritePolicy::Deferred
                || self.squares.iter().all(Option::is_none),
            "written through, no square is kept"
        );
        Kept {
            indices: self.indices,
            // Written through, every square slot is empty (only indices
            // are noted): made empty, not cloned one by one.
            squares: match write_policy::<P>() {
                WritePolicy::Deferred => self.squares.clone(),
                WritePolicy::Through => [const { None }; KEPT],
            },
            len: self.len,
        }
    }

    /// In place: the squares of a piece without a destructor are copied
    /// straight from `source`, with no temporary to move them from (see
    /// `GenericQi::edit_into`). Written through, both sides' square slots
    /// are empty already.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.indices = source.indices;
        if write_policy::<P>() == WritePolicy::Deferred {
            self.squares.clone_from(&source.squares);
        }
        self.len = source.len;
    }
}

impl<P> Kept<P> {
    pub(crate) const EMPTY: Self = Kept {
        indices: [UNUSED; KEPT],
        squares: [const { None }; KEPT],
        len: 0,
    };

    /// The number of square writes kept (or indices noted).
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// `index` as it is kept, or `None` if it cannot be a square's.
    #[inline(always)]
    pub(super) fn key(index: usize) -> Option<u16> {
        u16::try_from(index).ok().filter(|&index| index != UNUSED)
    }

    /// The slot of the write to `key`, if one is kept.
    #[inline(always)]
    pub(super) fn find(&self, key: u16) -> Option<usize> {
        // One slot at a time, every slot: an unused one holds `UNUSED`,
        // which no key equals, so the comparisons need no count and unroll
        // into a compare and a branch a slot. Not one vector load: a write
        // usually follows another (a move writes two or three squares), and
        // a vector load of the slots would wait for the narrow store of the
        // write before. Nor a choice without branches (a bit per slot that
        // matches, the lowest one taken, `len` if none): the slot would then
        // wait on every comparison, and the next write on the slot, where a
        // predicted branch lets both run ahead.
        self.indices.iter().position(|&index| index == key)
    }

    /// The slot of the write to `key`, if one is kept, for a read: every
    /// slot compared at once, in two runs (the first of 8 slots) of one
    /// vector comparison each, with no branch on how many are used, so a
    /// read of a square with no write (most of them) stops there.
    #[inline(always)]
    fn find_all(&self, key: u16) -> Option<usize> {
        // Bitwise, not lazy: every slot is compared.
        #[allow(clippy::needless_bitwise_bool)]
        let any = |indices: &[u16]| {
            indices
                .iter()
                .fold(false, |kept, &index| kept | (index == key))
        };
        let (head, tail) = self.indices.split_at(8);
        if any(head) | any(tail) {
            // The used slots only, in a loop: unrolled over every slot
            // here, the search is merged with the comparison above into
            // branchless code that needs more registers than a read has.
            self.indices[..self.len()]
                .iter()
                .position(|&index| index == key)
        } else {
            None
        }
    }

    /// Where the write to `index` is kept, or would go.
    #[inline(always)]
    pub(crate) fn locate(&self, index: usize) -> Slot {
        let Some(key) = Self::key(index) else {
            return Slot::Full;
        };
        if let Some(slot) = self.find(key) {
            return Slot::Found(slot);
        }
        let len = self.len();
        if len < KEPT {
            Slot::Free(len)
        } else {
            Slot::Full
        }
    }

    /// The slot of the write to `index`, if one is kept. No test of the
    /// count first: an unused slot holds [`UNUSED`], which no key equals.
    #[inline(always)]
    pub(crate) fn slot(&self, index: usize) -> Option<usize> {
        self.find_all(Self::key(index)?)
    }

    /// Every slot, used or not, `(index, square)`: an unused slot's index
    /// is [`UNUSED`], past every board's last square.
    #[inline]
    pub(super) fn slots(&self) -> impl Iterator<Item = (usize, &Option<P>)> {
        pairs(&self.indices, &self.squares)
    }

    /// Every kept write, `(index, square)`, in the order first written; on
    /// a board written through, every noted index (with an empty square).
    #[inline]
    pub(super) fn writes(&self) -> impl Iterator<Item = (usize, &Option<P>)> {
        let len = self.len();
        pairs(&self.indices[..len], &self.squares[..len])
    }

    /// The square written in `slot` (`None`: emptied).
    #[inline]
    pub(crate) fn square_at(&self, slot: usize) -> Option<&P> {
        self.squares[slot].as_ref()
    }

    /// Both arrays whole, every slot used or not: what a clone copies.
    #[inline]
    pub(super) fn arrays(&self) -> (&[u16; KEPT], &[Option<P>; KEPT]) {
        (&self.indices, &self.squares)
    }

    /// Notes `index` as written, for squares whose writes go into the
    /// blocks. `false` if there was no room (nothing is noted then).
    #[inline]
    pub(crate) fn note(&mut self, index: usize) -> bool {
        match self.locate(index) {
            Slot::Found(_) => true,
            Slot::Free(slot) => {
                // A square index: it fits (see the assertion on `UNUSED`).
                #[allow(clippy::cast_possible_truncation)]
                let key = index as u16;
                self.indices[slot] = key;
                self.len += 1;
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
    /// goes (`Slot::Free(slot)`).
    #[inline(always)]
    pub(crate) fn insert_at(&mut self, slot: usize, index: usize, square: Option<P>) {
        debug_assert_eq!(self.locate(index), Slot::Free(slot));
        // A square index: it fits (see the assertion on `UNUSED`).
        #[allow(clippy::cast_possible_truncation)]
        let key = index as u16;
        self.indices[slot] = key;
        self.squares[slot] = square;
        self.len += 1;
    }

    /// Forgets every kept square write (whose squares were taken out).
    #[inline]
    pub(super) fn clear(&mut self) {
        self.indices = [UNUSED; KEPT];
        self.len = 0;
    }

    /// Takes every kept square write out as the arrays they are kept in,
    /// if every slot is used (otherwise `None`, and nothing is taken),
    /// leaving none: what [`drain`](Kept::drain) yields, in one move.
    #[inline]
    pub(crate) fn take_full(&mut self) -> Option<([u16; KEPT], [Option<P>; KEPT])> {
        if self.len() != KEPT {
            return None;
        }
        let Kept {
            indices, squares, ..
        } = core::mem::replace(self, Self::EMPTY);
        Some((indices, squares))
    }

    /// Takes every kept square write out, in the order first written,
    /// leaving none.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, Option<P>)> + '_ {
        let len = self.len();
        let indices = core::mem::replace(&mut self.indices, [UNUSED; KEPT]);
        self.len = 0;
        indices
            .into_iter()
            .take(len)
            .zip(&mut self.squares)
            .map(|(index, square)| (usize::from(index), square.take()))
    }
}

/// Keeps a write where [`Kept::locate`] says it goes, as a board write
/// does: for the tests of the kept writes and of what is built on them.
#[cfg(test)]
pub(super) fn keep(kept: &mut Kept<u8>, index: usize, square: Option<u8>) {
    match kept.locate(index) {
        Slot::Found(slot) => {
            kept.replace_at(slot, square);
        }
        Slot::Free(slot) => kept.insert_at(slot, index, square),
        Slot::Full => panic!("no room for {index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{KEPT, Kept, Slot, keep};

    fn in_order(kept: &Kept<u8>) -> Vec<(usize, Option<u8>)> {
        let mut writes: Vec<_> = kept
            .writes()
            .map(|(index, square)| (index, *square))
            .collect();
        writes.sort_unstable();
        writes
    }

    #[test]
    fn writes_are_found_by_index_and_walked_in_index_order() {
        let mut kept = Kept::<u8>::EMPTY;
        for (index, piece) in [(40, 1), (3, 2), (64_000, 3), (17, 4)] {
            keep(&mut kept, index, Some(piece));
        }
        assert_eq!(kept.len(), 4);
        assert_eq!(kept.slot(40), Some(0), "kept where first written");
        assert_eq!(kept.square_at(0), Some(&1));
        assert_eq!(kept.slot(41), None);
        assert_eq!(kept.locate(41), Slot::Free(4));
        // No square index reads an unused slot, not even past the largest board.
        assert_eq!(kept.slot(usize::from(u16::MAX)), None);
        assert_eq!(kept.slot(usize::MAX), None);
        assert_eq!(kept.locate(usize::MAX), Slot::Full);
        assert_eq!(
            in_order(&kept),
            [
                (3, Some(2)),
                (17, Some(4)),
                (40, Some(1)),
                (64_000, Some(3))
            ]
        );
        // A second write to a kept index replaces it where it is.
        keep(&mut kept, 3, None);
        assert_eq!(kept.len(), 4);
        assert_eq!(kept.slot(3), Some(1));
        let drained: Vec<_> = kept.drain().collect();
        assert_eq!(
            drained,
            [(40, Some(1)), (3, None), (64_000, Some(3)), (17, Some(4))],
            "in the order first written"
        );
        assert_eq!(kept.len(), 0);
        assert_eq!(kept.slot(40), None);
        assert_eq!(kept.locate(40), Slot::Free(0));
    }

    #[test]
    fn the_last_write_fills_the_room_and_the_next_finds_none() {
        let mut kept = Kept::<u8>::EMPTY;
        for index in (0..KEPT).rev() {
            assert_eq!(kept.locate(index * 64), Slot::Free(KEPT - 1 - index));
            keep(&mut kept, index * 64, Some(1));
        }
        assert_eq!(kept.len(), KEPT);
        // Below, between and past the kept indices: no room anywhere.
        for index in [1, 65, 64 * KEPT] {
            assert_eq!(kept.locate(index), Slot::Full, "{index}");
        }
        // A lookup compares whole indices: these share their low six bits.
        assert_eq!(kept.locate(64 * 7), Slot::Found(KEPT - 1 - 7));
        assert_eq!(kept.slot(64 * 7), Some(KEPT - 1 - 7));
        let mut noted = Kept::<String>::EMPTY;
        for index in 0..KEPT {
            assert!(noted.note(index * 3));
        }
        assert!(noted.note(0), "an index noted twice takes no room");
        assert!(!noted.note(1), "no room for one more index");
        assert_eq!(noted.len(), KEPT);
        noted.clear();
        assert_eq!(noted.len(), 0);
        assert!(noted.note(1));
    }

    #[test]
    fn writes_made_in_any_order_are_walked_alike() {
        let (mut a, mut b) = (Kept::<u8>::EMPTY, Kept::<u8>::EMPTY);
        for index in [9, 2, 30] {
            keep(&mut a, index, Some(5));
        }
        for index in [30, 9, 2] {
            keep(&mut b, index, Some(5));
        }
        assert_eq!(in_order(&a), in_order(&b));
        assert!(!a.identical(&b), "the same writes in other slots");
        assert!(a.identical(&a.clone()));
    }
}
