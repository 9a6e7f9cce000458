//! The board: blocks of squares in an rpds vector, shared between versions;
//! a log of writes beside them, shared too; and the last few writes kept in
//! the position itself.
//!
//! # Blocks
//!
//! rpds keeps every element behind its own reference-counted pointer, and
//! copying a trie node bumps the count of each of its children. One square
//! per element would make a one-square change pay an allocation per square
//! and a node of counts; grouping squares in blocks makes it pay one block
//! copy and a short path of nodes instead. The block length is a rule of
//! the board's square count and of the size of a square, written once in
//! `blocks.rs` (`block_layout`) and pinned by its test: a small board is a single
//! block of the shortest listed length that holds it; a larger one, blocks
//! of a power of two under nodes of 16, 8 or 32 children, so a read of the
//! largest board takes at most three hops below the root.
//!
//! A board of a single block keeps that block behind a pointer of its own
//! rather than in the rpds vector: a read is then one hop, where the
//! vector's would be four (its root, the leaf's element list, the
//! element's pointer, the block), and the block is shared and copied on
//! write by reference count all the same. Every board of several blocks
//! lives in the rpds vector.
//!
//! # Kept, logged, flushed
//!
//! One word per idea, the same everywhere in this module:
//!
//! - **kept**: a position's own last writes, held in the position itself
//!   (`kept.rs`);
//! - **logged**: writes moved out of the positions into the shared log
//!   beside the blocks (`log.rs`); to **log** is to move the kept writes
//!   there;
//! - **overlaid**: the kept and logged writes together, in index order, as
//!   a walk lays them over the blocks (`overlay.rs`);
//! - to **flush** is to move every logged and kept write into the blocks,
//!   under a new stamp (`Store::flush`);
//! - the **store** is what the versions of a board share: its blocks, their
//!   stamp and the log ([`Store`]); the **blocks** are the squares
//!   themselves (`blocks.rs`);
//! - the **write policy** of a piece type says where its writes go
//!   ([`WritePolicy`], `src/write_policy.rs`, shared with the hands):
//!   **deferred** writes are kept, logged, then flushed; writes **through**
//!   go into the blocks at once, the kept slots noting their indices only.
//!
//! The hands follow the same words (their glossary: `src/hand/mod.rs`).
//!
//! Most positions of a game or a search differ from their parent by a move
//! of two or three squares. So a write does not go into the blocks at once:
//! the position keeps its last [`KEPT`] writes itself, one per square, and
//! shares the store with its parent. A move then copies the position and
//! writes into the copy, with no allocation. When a write finds no room,
//! the kept writes are logged: a new copy of what the position shares, one
//! allocation of a fixed size, the blocks still shared. When the log has
//! no room for them either, the store is flushed, each touched block (and,
//! on a board of several, the path to it) copied once. Reads look at the
//! kept writes first, then the logged ones, then the blocks.
//!
//! Only squares that own no memory go this way ([`WritePolicy::Deferred`]):
//! copying a kept `String` would allocate on every clone of the position.
//! Writes of the other squares ([`WritePolicy::Through`]) go into the blocks at
//! once; the position's kept slots then note their indices only (their
//! squares stay empty), and flushing forgets the noted indices.
//!
//! # Stamps
//!
//! The blocks carry a stamp, drawn when they are built and at every flush,
//! and copied with them. So two boards with one stamp hold the same blocks,
//! and differ at most at the indices either overlays (or, written through,
//! notes): comparing them (`==`, `changes_since`) reads those squares only.
//!
//! # Invariants
//!
//! - The kept indices are distinct and below the square count; so are the
//!   logged ones.
//! - Blocks hold only empty squares past the square count.
//! - For squares whose writes are deferred, the board's square at `i` is
//!   the kept write to `i` if there is one, else the logged write to `i` if
//!   there is one, else the blocks' square; for the others, always the
//!   blocks' square, and the log is empty.
//! - Two boards of one stamp differ at most at the indices either overlays
//!   or notes.

mod blocks;
mod compare;
mod kept;
mod log;
mod overlay;
mod scan;

use archery::SharedPointerKind;

use self::blocks::Blocks;
use crate::identity::fresh_id;
use crate::write_policy::{WritePolicy, write_policy};

pub(crate) use self::compare::ChangedSquares;
use self::kept::Slot;
pub(crate) use self::kept::{KEPT, Kept};
use self::log::{LOG, Log};
use self::overlay::Overlay;
pub(crate) use self::scan::{Occupied, Squares};

/// The store: the squares of a board as its versions share them: the
/// blocks, the stamp that tells which boards hold the same ones, and the
/// log of writes not flushed into the blocks yet.
pub(crate) struct Store<P, K: SharedPointerKind> {
    blocks: Blocks<P, K>,
    stamp: u64,
    log: Log<P>,
}

impl<P: Clone, K: SharedPointerKind> Clone for Store<P, K> {
    #[inline]
    fn clone(&self) -> Self {
        Store {
            blocks: self.blocks.clone(),
            stamp: self.stamp,
            log: self.log.clone(),
        }
    }
}

impl<P, K: SharedPointerKind> Store<P, K> {
    /// Blocks of at least `square_count` squares holding `squares` in order,
    /// padded with empty squares if they run out. Squares past the padded
    /// end are left in the iterator.
    pub(crate) fn from_squares(
        square_count: usize,
        squares: impl IntoIterator<Item = Option<P>>,
    ) -> Self {
        Store {
            blocks: Blocks::from_squares(square_count, &mut squares.into_iter()),
            stamp: fresh_id(),
            log: Log::EMPTY,
        }
    }

    /// The square at `index` as the blocks and the log hold it, `None` if
    /// it is empty or past the last block.
    // Every read of a square not kept, and every write that reads what it
    // replaces: inlined there.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn get(&self, index: usize) -> Option<&P> {
        if let Some(slot) = self.log.slot(index) {
            return self.log.square_at(slot);
        }
        self.blocks.get(index)
    }

    /// A board made of these blocks and `kept`.
    #[inline]
    pub(crate) fn with<'a>(&'a self, kept: &'a Kept<P>) -> Board<'a, P, K> {
        Board { store: self, kept }
    }
}

/// What the tests of positions read of the blocks they share.
#[cfg(test)]
impl<P, K: SharedPointerKind> Store<P, K> {
    /// Whether both hold block `block` at one address: shared, not copied.
    pub(crate) fn shares_block(&self, other: &Self, block: usize) -> bool {
        match (self.blocks.block(block), other.blocks.block(block)) {
            (Some(mine), Some(theirs)) => core::ptr::eq(mine, theirs),
            _ => false,
        }
    }

    /// The stamp of the blocks.
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }
}

impl<P: Clone, K: SharedPointerKind> Store<P, K> {
    /// Logs every kept write (moves it into the log), or, if the log has no
    /// room for them, flushes.
    fn log(&mut self, kept: &mut Kept<P>) {
        if !self.log.take(kept) {
            self.flush(kept);
        }
    }

    /// Flushes: every logged and kept write into the blocks, under a new
    /// stamp. For squares written through (the blocks already hold every
    /// write), the noted indices are forgotten under a new stamp.
    fn flush(&mut self, kept: &mut Kept<P>) {
        if write_policy::<P>() == WritePolicy::Deferred {
            // The logged writes, then the kept ones over them: the newer
            // write to a square lands last.
            self.blocks.write_all(self.log.drain().chain(kept.drain()));
        } else {
            kept.clear();
        }
        self.stamp = fresh_id();
    }
}

/// Where a position's blocks live: behind its shared pointer, with the rest
/// of what it shares. Writes read the blocks through it, and change them
/// only through [`store_mut`](StoreMut::store_mut).
pub(crate) trait StoreMut<P, K: SharedPointerKind> {
    /// The blocks.
    fn store(&self) -> &Store<P, K>;

    /// The blocks, made this owner's alone first (copied if shared).
    fn store_mut(&mut self) -> &mut Store<P, K>;
}

/// What a [`write()`] did besides writing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Written<P> {
    /// What the square held (with `READ` false, `None` wherever finding it
    /// out would cost a read of the blocks: the caller knows it).
    pub(crate) old: Option<P>,
    /// `true` if the write logged or flushed: the owner's store is then its
    /// own, and [`end_run`] may flush it for free.
    pub(crate) moved: bool,
}

/// Writes `square` to `index`, a square of the board.
///
/// The write is kept while there is room. When there is none, the kept
/// writes are logged (or the store flushed, when the log has no room for
/// them either), and this one is kept. Squares written through go into the
/// blocks at once, and only their index is noted; when the noted indices
/// run out, the store is flushed (the indices forgotten, a new stamp).
// A move is two or three writes: inlined, each folds to the path its square
// and the kind of square take.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(crate) fn write<const READ: bool, P: Clone, K: SharedPointerKind>(
    owner: &mut impl StoreMut<P, K>,
    kept: &mut Kept<P>,
    index: usize,
    square: Option<P>,
) -> Written<P> {
    if write_policy::<P>() == WritePolicy::Through {
        let store = owner.store_mut();
        let old = store.blocks.replace(index, square);
        let moved = !kept.note(index);
        if moved {
            store.flush(kept);
        }
        return Written { old, moved };
    }
    let (slot, moved) = match kept.locate(index) {
        Slot::Found(slot) => {
            return Written {
                old: kept.replace_at(slot, square),
                moved: false,
            };
        }
        Slot::Free(slot) => (slot, false),
        Slot::Full => {
            owner.store_mut().log(kept);
            (0, true)
        }
    };
    let old = if READ {
        owner.store().get(index).cloned()
    } else {
        None
    };
    kept.insert_at(slot, index, square);
    Written { old, moved }
}

/// Ends a run of `count` writes; `moved` if one of them logged or flushed
/// (so no other version shares the store). If it did, and the run was a
/// bulk write (more than half the room for kept writes), the store is
/// flushed: the positions derived from a bulk edit then start with all the
/// room and an empty log, and compare by their own writes for longer. A
/// move of a few squares never gets here.
#[inline]
pub(crate) fn end_run<P: Clone, K: SharedPointerKind>(
    owner: &mut impl StoreMut<P, K>,
    kept: &mut Kept<P>,
    moved: bool,
    count: usize,
) {
    if moved && count > KEPT / 2 {
        owner.store_mut().flush(kept);
    }
}

/// A board as a position holds it: the shared blocks and the position's own
/// kept writes.
pub(crate) struct Board<'a, P, K: SharedPointerKind> {
    store: &'a Store<P, K>,
    kept: &'a Kept<P>,
}

impl<P, K: SharedPointerKind> Clone for Board<'_, P, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, K: SharedPointerKind> Copy for Board<'_, P, K> {}

impl<'a, P, K: SharedPointerKind> Board<'a, P, K> {
    /// The square at `index`, `None` if it is empty or past the last block.
    #[inline]
    pub(crate) fn get(self, index: usize) -> Option<&'a P> {
        match write_policy::<P>() {
            WritePolicy::Deferred => match self.kept.slot(index) {
                Some(slot) => self.kept.square_at(slot),
                None => self.store.get(index),
            },
            WritePolicy::Through => self.store.blocks.get(index),
        }
    }

    /// The writes this board overlays on its blocks in index order: its
    /// kept and logged writes. None on a board written through.
    pub(crate) fn overlay(self) -> Overlay<'a, P> {
        match write_policy::<P>() {
            WritePolicy::Deferred => self.touched(),
            WritePolicy::Through => Overlay::none(self.kept, &self.store.log),
        }
    }

    /// The squares touched since the stamp was drawn, in index order: the
    /// overlaid writes, or, on a board written through, the noted indices
    /// (with empty squares: only their indices mean anything).
    pub(crate) fn touched(self) -> Overlay<'a, P> {
        Overlay::new(self.kept, &self.store.log)
    }

    /// The first `square_count` squares, in order.
    pub(crate) fn squares(self, square_count: usize) -> Squares<'a, P> {
        Squares::new(self, square_count)
    }

    /// The occupied squares among the first `square_count`, in order, with
    /// their indices.
    pub(crate) fn occupied(self, square_count: usize) -> Occupied<'a, P> {
        Occupied::new(self, square_count)
    }

    /// Clones the first `out.len()` squares into `out`: the blocks a block
    /// at a time (a memory copy for squares that are `Copy`), then the
    /// logged writes over them, then the kept ones over those. No square is
    /// compared with a write's index, and no loop runs for as many writes
    /// as there are: a copy, then one test per slot of the log and of the
    /// kept writes (`LOG + KEPT`, used or not) and a store per write.
    pub(crate) fn clone_into(self, out: &mut [Option<P>])
    where
        P: Clone,
    {
        self.store.blocks.clone_into(out);
        // A board with no write over its blocks (built from its squares,
        // loaded, or just flushed) is its blocks: one branch, rarely taken
        // in a search, spares it the slots' tests below.
        if write_policy::<P>() == WritePolicy::Deferred
            && self.store.log.len() + self.kept.len() > 0
        {
            // Every slot, used or not: an unused one (index `UNUSED`, past
            // every board) goes to `spare`. The loops are unrolled, one
            // test per slot, so none ends on the count of writes, a branch
            // mispredicted whenever that count differs from the last
            // read's; slot `i`'s test (used or not) is learned slot by slot.
            // An index is held at most once in the log and once in the
            // kept writes, so the only order is the log's before the kept.
            const _: () = assert!(LOG + KEPT == 24, "`board_into`'s docs count the slots");
            let mut spare = None;
            for (index, written) in self.store.log.slots() {
                patch(out.get_mut(index).unwrap_or(&mut spare), written);
            }
            for (index, written) in self.kept.slots() {
                patch(out.get_mut(index).unwrap_or(&mut spare), written);
            }
        }
    }

    /// The squares where `self` differs from `base`, in index order: see
    /// [`ChangedSquares`].
    pub(crate) fn changed_squares(self, base: Self, square_count: usize) -> ChangedSquares<'a, P, K>
    where
        P: PartialEq,
    {
        ChangedSquares::new(self, base, square_count)
    }

    /// `true` if both hold the same squares. Both must have been built for
    /// `square_count` squares of the same piece type, so that their blocks
    /// line up.
    pub(crate) fn same_squares(self, other: Self, square_count: usize) -> bool
    where
        P: PartialEq,
    {
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
                        self.touched().same_writes(&other.touched())
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
    /// at most [`KEPT`] a side.
    fn same_noted_squares(self, other: Self) -> bool
    where
        P: PartialEq,
    {
        let same_at = |(index, _)| self.store.blocks.get(index) == other.store.blocks.get(index);
        self.kept.writes().all(same_at)
            && other
                .kept
                .writes()
                .filter(|&(index, _)| self.kept.slot(index).is_none())
                .all(same_at)
    }
}

/// Writes `square` over `target`.
///
/// As a one-square `clone_from_slice`, which the standard library makes a
/// memory copy for `Copy` squares: one store of the whole square, with no
/// branch on what it holds (`*square = written.clone()` tests whether the
/// square is empty and stores its parts one by one, a branch the processor
/// mispredicts wherever emptied and filled squares mix).
#[inline]
// The square as the slice element it is, for `slice::from_ref`.
#[allow(clippy::ref_option)]
fn patch<P: Clone>(target: &mut Option<P>, square: &Option<P>) {
    core::slice::from_mut(target).clone_from_slice(core::slice::from_ref(square));
}

#[cfg(test)]
mod tests;
