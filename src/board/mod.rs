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
//! - the **store** is what the versions of a board share: its blocks, their
//!   stamp and the log ([`Store`]; a position reaches it through
//!   [`StoreMut`]); the **blocks** are the squares themselves, in blocks of
//!   a **block layout**'s length (`blocks.rs`); the **stamp** tells which
//!   boards hold the same blocks (see below); a **board** ([`Board`]) is
//!   a store seen with one position's kept writes;
//! - the **write policy** of a piece type says where its writes go
//!   ([`WritePolicy`], `src/write_policy.rs`, shared with the hands):
//!   **deferred** writes are kept, logged, then flushed; writes **through**
//!   go into the blocks at once, the kept slots noting their indices only;
//! - **kept**: a position's own last writes, held in the position itself
//!   ([`Kept`], `kept.rs`);
//! - **noted**: on a board written through ([`WritePolicy::Through`]), the
//!   indices the same slots hold instead of kept writes: the squares written
//!   into the blocks since the stamp was drawn (their squares stay empty);
//! - a **slot** is a place for one write (an index and a square) in the
//!   kept writes or the log; the **used** slots come first, an **unused**
//!   one holds an index past every board; [`Slot`] says where
//!   the write to an index is kept, or would go, or that there is no room;
//! - **logged**: writes moved out of the positions into the shared log
//!   beside the blocks ([`Log`], `log.rs`); to **spill** is to move a
//!   position's kept writes there, all of them, the log then holding them
//!   and nothing else (`Store::spill`, `Log::fill`): the log of a spilled
//!   store is the **key** its origin's other children find it by
//!   (`src/qi/spill.rs`); a log whose writes are in the blocks too is a
//!   **mirror**;
//! - **overlaid**: the kept and logged writes together, in index order, as
//!   a walk lays them over the blocks ([`Overlay`], `overlay.rs`); a walk
//!   cuts the board into **runs** of the blocks' squares that no write
//!   overlays and **overlaid** squares, one at a time ([`Chunk`](scan::Chunk),
//!   `scan.rs`), and gives its **squares** or the **occupied** ones
//!   ([`Squares`], [`Occupied`]);
//! - to **flush** is to move every logged and kept write into the blocks,
//!   under a new stamp (`Store::flush`; a spill into a log that holds an
//!   earlier spill's writes flushes them and mirrors its own);
//! - a **mark** of a board is its stamp and its overlaid (or noted)
//!   indices, enough to tell later where a board of the same stamp may
//!   differ from it ([`Mark`], `mark.rs`);
//! - a **write** ([`write()`]) puts a square at an index by these rules;
//!   its **outcome** ([`WriteOutcome`]) is the square it replaced and
//!   whether it logged or flushed; to **finish** writes
//!   ([`finish_writes`]) is to flush after a bulk write;
//! - the **changes** between two boards are the squares where they differ
//!   ([`ChangedSquares`], `compare.rs`), found **by overlay** (one stamp)
//!   or **by blocks** (different stamps); two boards hold the **same
//!   squares** when they have none (`Board::same_squares`): every
//!   comparison lives in `compare.rs`.
//!
//! The hands follow the same words (their glossary: `src/hand/mod.rs`).
//!
//! Most positions of a game or a search differ from their parent by a move
//! of two or three squares. So a write does not go into the blocks at once:
//! the position keeps its last [`KEPT`] writes itself, one per square, and
//! shares the store with its parent. A move then copies the position and
//! writes into the copy, with no allocation. When the kept writes run out
//! of room, they are spilled: a new copy of what the position shares, one
//! allocation of a fixed size, their writes in its log, the blocks still
//! shared; at every other spill the log's earlier writes go into the
//! blocks with them (a flush), each touched block (and, on a board of
//! several, the path to it) copied once. The position's children share one
//! spill between them (see `src/qi/spill.rs`). Reads look at the kept
//! writes first, then the logged ones, then the blocks.
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
//! - A mirror's writes equal the blocks' squares at their indices.
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
mod mark;
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
pub(crate) use self::mark::{Mark, WrittenSince};
use self::overlay::Overlay;
pub(crate) use self::scan::{Occupied, Squares};

/// The store: the squares of a board as its versions share them: the
/// blocks, the stamp that tells which boards hold the same ones, and the
/// log of writes not flushed into the blocks yet.
pub(crate) struct Store<P, K: SharedPointerKind> {
    blocks: Blocks<P, K>,
    stamp: u64,
    log: Log<P>,
    /// The board's square count, beside the log in what would be padding
    /// (asserted below to fit a `u32`).
    square_count: u32,
}

const _: () = assert!(crate::MAX_SQUARE_COUNT <= u32::MAX as usize);

impl<P: Clone, K: SharedPointerKind> Clone for Store<P, K> {
    #[inline]
    fn clone(&self) -> Self {
        Store {
            blocks: self.blocks.clone(),
            stamp: self.stamp,
            log: self.log.clone(),
            square_count: self.square_count,
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
            // Every board's count fits (see the assertion above).
            square_count: u32::try_from(square_count).unwrap_or(u32::MAX),
        }
    }

    /// The square count of the board the store was built for.
    #[inline]
    pub(crate) fn square_count(&self) -> usize {
        self.square_count as usize
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

impl<P: PartialEq, K: SharedPointerKind> Store<P, K> {
    /// Whether the log holds exactly the writes `kept` holds, slot for
    /// slot: whether this store is, over the blocks it came from, the spill
    /// of `kept` (see [`spill`](Store::spill)).
    #[inline]
    pub(crate) fn logged_exactly(&self, kept: &Kept<P>) -> bool {
        self.log.holds_exactly(kept)
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
    /// Spills the kept writes (which have no room left): into the log,
    /// which then holds exactly them (see `log.rs`). A log holding an
    /// earlier spill's writes is flushed first, with these ones over it,
    /// under a new stamp, and these stay in the log as its mirror; a mirror
    /// is dropped, its writes being in the blocks already. So a flush is
    /// made at every other spill, as a log of one spill's room would make
    /// it, and the log is always the key of the spill that made it.
    pub(crate) fn spill(&mut self, kept: &mut Kept<P>) {
        let flush = self.log.len() > 0 && !self.log.is_mirror();
        if flush {
            let over = kept.writes().map(|(index, square)| (index, square.clone()));
            self.blocks.write_all(self.log.drain().chain(over));
            self.stamp = fresh_id();
        }
        self.log.fill(kept, flush);
    }

    /// Makes this store, held by one position alone, the spill of `kept`
    /// over `origin` ([`spill`](Store::spill) of a copy of `origin`), in
    /// place: its blocks are kept when they are the origin's (one stamp),
    /// so no count of them is taken or dropped. Returns what it held, to
    /// put back with [`Held::restore`] if need be.
    pub(crate) fn respill(&mut self, origin: &Self, kept: &mut Kept<P>) -> Held<P, K> {
        let blocks = (self.stamp != origin.stamp)
            .then(|| core::mem::replace(&mut self.blocks, origin.blocks.clone()));
        // The origin's log matters only if the spill flushes it; else the
        // kept writes replace it (see `spill`).
        let log = if origin.log.len() > 0 && !origin.log.is_mirror() {
            origin.log.clone()
        } else {
            Log::EMPTY
        };
        let held = Held {
            blocks,
            stamp: self.stamp,
            log: core::mem::replace(&mut self.log, log),
            square_count: self.square_count,
        };
        self.stamp = origin.stamp;
        self.square_count = origin.square_count;
        self.spill(kept);
        held
    }

    /// Flushes: every logged and kept write into the blocks, under a new
    /// stamp. For squares written through (the blocks already hold every
    /// write), the noted indices are forgotten under a new stamp.
    fn flush(&mut self, kept: &mut Kept<P>) {
        if write_policy::<P>() == WritePolicy::Deferred {
            // A mirror's writes are in the blocks already.
            if self.log.is_mirror() {
                self.log.clear();
            }
            // The logged writes, then the kept ones over them: the newer
            // write to a square lands last.
            self.blocks.write_all(self.log.drain().chain(kept.drain()));
        } else {
            kept.clear();
        }
        self.stamp = fresh_id();
    }
}

/// What a store held before [`Store::respill`] made it another's spill: its
/// log and stamp, and its blocks unless they were its origin's, which are
/// taken from there again.
pub(crate) struct Held<P, K: SharedPointerKind> {
    blocks: Option<Blocks<P, K>>,
    stamp: u64,
    log: Log<P>,
    square_count: u32,
}

impl<P, K: SharedPointerKind> Held<P, K> {
    /// The store as it was, `origin` the one [`Store::respill`] was given.
    pub(crate) fn restore(self, origin: &Store<P, K>) -> Store<P, K> {
        Store {
            blocks: self.blocks.unwrap_or_else(|| origin.blocks.clone()),
            stamp: self.stamp,
            log: self.log,
            square_count: self.square_count,
        }
    }
}

/// Where a position's blocks live: behind its shared pointer, with the rest
/// of what it shares. Writes read the blocks through it, and change them
/// only through [`store_mut`](StoreMut::store_mut).
pub(crate) trait StoreMut<P, K: SharedPointerKind> {
    /// The store.
    fn store(&self) -> &Store<P, K>;

    /// The store, made this owner's alone first (copied if shared).
    fn store_mut(&mut self) -> &mut Store<P, K>;
}

/// A write's outcome: what [`write()`] did besides writing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct WriteOutcome<P> {
    /// What the square held (with `READ` false, `None` wherever finding it
    /// out would cost a read of the blocks: the caller knows it).
    pub(crate) old: Option<P>,
    /// `true` if the write logged the kept writes or flushed the store:
    /// the owner's store is then its own, and [`finish_writes`] may flush it for
    /// free.
    pub(crate) logged_or_flushed: bool,
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
) -> WriteOutcome<P> {
    if write_policy::<P>() == WritePolicy::Through {
        let store = owner.store_mut();
        let old = store.blocks.replace(index, square);
        let logged_or_flushed = !kept.note(index);
        if logged_or_flushed {
            store.flush(kept);
        }
        return WriteOutcome {
            old,
            logged_or_flushed,
        };
    }
    let (slot, logged_or_flushed) = match kept.locate(index) {
        Slot::Found(slot) => {
            return WriteOutcome {
                old: kept.replace_at(slot, square),
                logged_or_flushed: false,
            };
        }
        Slot::Free(slot) => (slot, false),
        Slot::Full => {
            owner.store_mut().spill(kept);
            (0, true)
        }
    };
    let old = if READ {
        owner.store().get(index).cloned()
    } else {
        None
    };
    kept.insert_at(slot, index, square);
    WriteOutcome {
        old,
        logged_or_flushed,
    }
}

/// Finishes `count` writes made one after another (an edit);
/// `logged_or_flushed` if one of them did (so no other version shares the
/// store). If it did, and they were a bulk write (more than half the room
/// for kept writes), the store is
/// flushed: the positions derived from a bulk edit then start with all the
/// room and an empty log, and compare by their own writes for longer. A
/// move of a few squares never gets here.
#[inline]
pub(crate) fn finish_writes<P: Clone, K: SharedPointerKind>(
    owner: &mut impl StoreMut<P, K>,
    kept: &mut Kept<P>,
    logged_or_flushed: bool,
    count: usize,
) {
    if logged_or_flushed && count > KEPT / 2 {
        owner.store_mut().flush(kept);
    }
}

/// A board as a position holds it: the shared store and the position's own
/// kept writes (or noted indices).
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
            WritePolicy::Deferred => self.overlay_with_notes(),
            WritePolicy::Through => Overlay::none(self.kept, &self.store.log),
        }
    }

    /// The overlay of the squares written since the stamp was drawn, in
    /// index order: the overlaid writes, or, on a board written through,
    /// the noted indices (with empty squares: only their indices mean
    /// anything).
    pub(crate) fn overlay_with_notes(self) -> Overlay<'a, P> {
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
            for (index, square) in self.store.log.slots() {
                patch(out.get_mut(index).unwrap_or(&mut spare), square);
            }
            for (index, square) in self.kept.slots() {
                patch(out.get_mut(index).unwrap_or(&mut spare), square);
            }
        }
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
