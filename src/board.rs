//! The board: an rpds vector of fixed-size blocks of squares.
//!
//! rpds keeps every element behind its own reference-counted pointer, and
//! copying a trie node bumps the count of each of its children. One square
//! per element would make a one-square change pay an allocation per square
//! and a node of counts; grouping squares in blocks makes it pay one block
//! copy and a short path of nodes instead.
//!
//! # What a move costs
//!
//! A write that goes into the blocks and keeps its parent copies the block
//! it touches (one allocation, and a clone of every square in it) and the
//! rpds path down to it (two allocations per node, the node and its array
//! of children, and one reference-count increment per child, matched by a
//! decrement when the copy is dropped). A read follows that path: one
//! pointer hop per level. So long blocks make every touched block expensive
//! to copy and to keep, short blocks make the path nodes wide or many, and
//! the best length depends on the board's size and on the size of a square.
//!
//! # Kept writes
//!
//! Most positions of a game or a search differ from their parent by a move
//! of two or three squares. So a board does not write its squares into the
//! blocks at once: it keeps its last 16 writes in the position itself,
//! sorted by index, beside the blocks it shares with its parent. A move then
//! copies the position (a few words and the kept writes) and bumps two
//! reference counts, with no allocation. When a write finds no room, every
//! kept write and that one go into the blocks in one pass, each touched
//! block and the path to it copied once, and the kept writes start again
//! from none. A quiet move writes two squares, so eight moves in nine are
//! kept and one in nine pays for the copy. Reads look at the kept writes
//! first, through a 64-bit mask of their indices modulo 64 that answers
//! "none here" in one instruction for most squares.
//!
//! Every build of the blocks or flush into them draws a stamp, which clones
//! keep: two boards with one stamp share every block, so comparing them
//! (`==`, `changes_since`) looks at their kept writes only.
//!
//! Only squares that own no memory are kept this way (`u8`,
//! [`Qpi`](crate::qpi::Qpi), any type without a destructor): copying a
//! kept `String` would allocate on every clone of the position, so boards of
//! such squares write straight into their blocks and keep only the indices
//! of their last 16 writes. Two such boards with one stamp then differ
//! only at the indices either kept, which is all a comparison reads; a
//! write that finds no room draws a new stamp and starts the indices again.
//!
//! # The layout chosen
//!
//! A board whose squares take at most 1,024 bytes is a single block if its
//! writes are kept (squares without a destructor), and at most 256 bytes
//! otherwise: chess, shogi and go boards of `Option<u8>` or `Option<Qpi>`
//! (2 bytes a square; 64, 128 and 512 squares a block), and `String` boards
//! of up to 10 squares. Otherwise a block holds about 64 bytes of squares on
//! boards of up to 1,024 squares, and 128 bytes beyond; never fewer than 2
//! squares. For 2-byte squares that is 32 squares up to 1,024 squares and 64
//! beyond; for `Option<String>` (24 bytes), 2 up to 1,024 squares and 4
//! beyond. Up to 16 blocks sit under a single flat root; up to 64 under
//! 8-way nodes, two levels; beyond, 32-way nodes (at most three levels on
//! the largest board, so at most three hops for a read).
//!
//! A vector of one element is the only one whose reads skip the integer
//! division rpds computes the trie's height with, so a read is a fifth to a
//! quarter faster on a single block than on two or more. A flush then copies the
//! whole board rather than the blocks it touches, but 16 kept writes spread
//! over the board touch most of them anyway, and one block is one
//! allocation where several blocks are several, plus the path to each: on
//! go boards a move makes 0.35 allocations instead of 1.21 and a read runs
//! 88 instructions instead of 107, for 13% more bytes kept per position
//! (`examples/move_profile.rs`, `examples/tree_memory.rs`). Squares whose
//! writes go into the blocks at once copy every square of the block they
//! write, so their single blocks stay small. On the largest board the read
//! is what separates the layouts, one pointer hop per level, so 64-square
//! blocks under 32-way nodes, two levels, win. Squares the size of a
//! `String` copy a heap string each, so their blocks are short.
//!
//! `examples/move_profile.rs` counts what a move and a read cost
//! (instructions, atomic operations, allocations), `examples/tree_memory.rs`
//! the bytes a position keeps, and `benches/positions.rs` times both
//! against sashite-qi; the README's Performance section has their figures.
//!
//! Each block length is its own type, so the blocks are an enum over the
//! lengths the rule can pick; the tag costs one predictable branch per
//! operation.

use rpds::VectorSync;

use crate::qi::fresh_version;

/// Bytes of squares per block, by board size: see the module docs.
fn block_bytes(square_count: usize) -> usize {
    match square_count {
        0..=1024 => 64,
        _ => 128,
    }
}

/// A board whose squares take at most this many bytes is one block, if its
/// writes are kept (see [`keeps_writes`]): a flush then copies the block
/// once per many moves, with no destructor to run.
const WHOLE_BOARD_BYTES: usize = 1024;

/// The same limit for squares whose writes go into the blocks at once
/// (`String`): every write copies its block, one clone per square.
const WHOLE_BOARD_BYTES_WRITTEN: usize = 256;

/// The rpds branching factor, as a power of two, for a number of blocks.
fn branching_bits(block_count: usize) -> u8 {
    match block_count {
        0..=16 => 4,
        17..=64 => 3,
        _ => 5,
    }
}

/// The block length and branching bits for a board of `square_count`
/// squares of `square_size` bytes each, whose writes are kept beside the
/// blocks or not (`kept`).
fn layout(square_count: usize, square_size: usize, kept: bool) -> (usize, u8) {
    let square_size = square_size.max(1);
    let whole_board_bytes = if kept {
        WHOLE_BOARD_BYTES
    } else {
        WHOLE_BOARD_BYTES_WRITTEN
    };
    // Rounded to a power of two: the lengths the enum below provides.
    // Divided rather than multiplied: a square type may be any size.
    let block_length = if square_count <= whole_board_bytes / square_size {
        square_count.next_power_of_two().clamp(2, 512)
    } else {
        1 << (block_bytes(square_count) / square_size)
            .clamp(2, 64)
            .ilog2()
    };
    (
        block_length,
        branching_bits(square_count.div_ceil(block_length)),
    )
}

/// A board stored as blocks of `LEN` squares.
pub(crate) struct Blocks<P, const LEN: usize> {
    vector: VectorSync<[Option<P>; LEN]>,
}

impl<P, const LEN: usize> Clone for Blocks<P, LEN> {
    #[inline]
    fn clone(&self) -> Self {
        Blocks {
            vector: self.vector.clone(),
        }
    }
}

impl<P, const LEN: usize> Blocks<P, LEN> {
    fn new(square_count: usize, bits: u8, squares: &mut impl Iterator<Item = Option<P>>) -> Self {
        let mut vector = VectorSync::new_with_bits(bits);
        for _ in 0..square_count.div_ceil(LEN) {
            vector.push_back_mut(core::array::from_fn(|_| squares.next().flatten()));
        }
        Blocks { vector }
    }

    #[inline]
    fn get(&self, index: usize) -> Option<&P> {
        self.vector
            .get(index / LEN)
            .and_then(|block| block[index % LEN].as_ref())
    }

    #[inline]
    fn block(&self, block_index: usize) -> Option<&[Option<P>]> {
        self.vector.get(block_index).map(|block| &block[..])
    }
}

impl<P: Clone, const LEN: usize> Blocks<P, LEN> {
    /// Writes squares given in index order, walking down to each block once
    /// for all the writes it receives.
    fn write_sorted(&mut self, writes: impl IntoIterator<Item = (usize, Option<P>)>) {
        let mut writes = writes.into_iter().peekable();
        while let Some((index, square)) = writes.next() {
            let block_index = index / LEN;
            let block = self
                .vector
                .get_mut(block_index)
                .expect("the caller checked the index against the square count");
            block[index % LEN] = square;
            while let Some((index, square)) = writes.next_if(|(next, _)| next / LEN == block_index)
            {
                block[index % LEN] = square;
            }
        }
    }

    #[inline]
    fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        let block = self
            .vector
            .get_mut(index / LEN)
            .expect("the caller checked the index against the square count");
        core::mem::replace(&mut block[index % LEN], square)
    }
}

/// The blocks of a board, in row-major order, padded with empty squares up
/// to a whole number of blocks: one variant per block length.
pub(crate) enum Layout<P> {
    Of2(Blocks<P, 2>),
    Of4(Blocks<P, 4>),
    Of8(Blocks<P, 8>),
    Of16(Blocks<P, 16>),
    Of32(Blocks<P, 32>),
    Of64(Blocks<P, 64>),
    Of128(Blocks<P, 128>),
    Of256(Blocks<P, 256>),
    Of512(Blocks<P, 512>),
}

/// Runs the same code on whichever block length the layout has.
macro_rules! each_length {
    ($layout:expr, $blocks:ident => $body:expr) => {
        match $layout {
            Layout::Of2($blocks) => $body,
            Layout::Of4($blocks) => $body,
            Layout::Of8($blocks) => $body,
            Layout::Of16($blocks) => $body,
            Layout::Of32($blocks) => $body,
            Layout::Of64($blocks) => $body,
            Layout::Of128($blocks) => $body,
            Layout::Of256($blocks) => $body,
            Layout::Of512($blocks) => $body,
        }
    };
}

impl<P> Clone for Layout<P> {
    #[inline]
    fn clone(&self) -> Self {
        match self {
            Layout::Of2(blocks) => Layout::Of2(blocks.clone()),
            Layout::Of4(blocks) => Layout::Of4(blocks.clone()),
            Layout::Of8(blocks) => Layout::Of8(blocks.clone()),
            Layout::Of16(blocks) => Layout::Of16(blocks.clone()),
            Layout::Of32(blocks) => Layout::Of32(blocks.clone()),
            Layout::Of64(blocks) => Layout::Of64(blocks.clone()),
            Layout::Of128(blocks) => Layout::Of128(blocks.clone()),
            Layout::Of256(blocks) => Layout::Of256(blocks.clone()),
            Layout::Of512(blocks) => Layout::Of512(blocks.clone()),
        }
    }
}

impl<P> Layout<P> {
    /// A layout of at least `square_count` squares holding `squares` in
    /// order, padded with empty squares if they run out. Squares past the
    /// padded end are left in the iterator.
    fn from_squares(square_count: usize, squares: &mut impl Iterator<Item = Option<P>>) -> Self {
        let (block_length, bits) =
            layout(square_count, size_of::<Option<P>>(), keeps_writes::<P>());
        match block_length {
            2 => Layout::Of2(Blocks::new(square_count, bits, squares)),
            4 => Layout::Of4(Blocks::new(square_count, bits, squares)),
            8 => Layout::Of8(Blocks::new(square_count, bits, squares)),
            16 => Layout::Of16(Blocks::new(square_count, bits, squares)),
            32 => Layout::Of32(Blocks::new(square_count, bits, squares)),
            64 => Layout::Of64(Blocks::new(square_count, bits, squares)),
            128 => Layout::Of128(Blocks::new(square_count, bits, squares)),
            256 => Layout::Of256(Blocks::new(square_count, bits, squares)),
            _ => Layout::Of512(Blocks::new(square_count, bits, squares)),
        }
    }

    #[inline]
    fn get(&self, index: usize) -> Option<&P> {
        each_length!(self, blocks => blocks.get(index))
    }

    #[inline]
    fn block(&self, block_index: usize) -> Option<&[Option<P>]> {
        each_length!(self, blocks => blocks.block(block_index))
    }
}

impl<P: Clone> Layout<P> {
    #[inline]
    fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        each_length!(self, blocks => blocks.replace(index, square))
    }
}

/// The most writes a board keeps beside its blocks.
const PENDING: usize = 16;

/// `true` if writes to squares of `P` are kept beside the blocks: squares
/// that own no memory, which a clone of the position copies for free. Other
/// writes (`String` squares) go into the blocks at once, and only their
/// indices are kept.
const fn keeps_writes<P>() -> bool {
    !core::mem::needs_drop::<P>()
}

/// The last writes to a board, kept in the position itself rather than in
/// its blocks, sorted by index, at most one per square. For squares whose
/// writes are not kept (see [`keeps_writes`]), only `indices` and `len` are
/// used: the squares written since the stamp was drawn.
struct Pending<P> {
    indices: [u16; PENDING],
    squares: [Option<P>; PENDING],
    /// Bit `i % 64` is set if a kept write is to a square `i` of that
    /// remainder: most reads of a square with no kept write stop here.
    mask: u64,
    /// How many of `indices` and `squares` are in use.
    len: u8,
}

impl<P> Pending<P> {
    const EMPTY: Self = Pending {
        indices: [0; PENDING],
        squares: [const { None }; PENDING],
        mask: 0,
        len: 0,
    };

    /// The bit of [`mask`](Pending::mask) for `index`.
    #[inline]
    const fn bit(index: usize) -> u64 {
        1 << (index % 64)
    }

    #[inline]
    fn indices(&self) -> &[u16] {
        &self.indices[..usize::from(self.len)]
    }

    /// Where the write to `index` is kept, if there is one.
    #[inline]
    fn slot(&self, index: usize) -> Option<usize> {
        if self.mask & Self::bit(index) == 0 {
            return None;
        }
        let index = u16::try_from(index).ok()?;
        self.indices().iter().position(|&pending| pending == index)
    }

    /// The write at `cursor` if it is to `index`, moving the cursor past it:
    /// for walks in index order.
    #[inline]
    fn take_at(&self, cursor: &mut usize, index: usize) -> Option<&Option<P>> {
        let at = *self.indices().get(*cursor)?;
        (usize::from(at) == index).then(|| {
            *cursor += 1;
            &self.squares[*cursor - 1]
        })
    }

    /// `true` if a kept write is to a square in `range`.
    #[inline]
    fn any_in(&self, range: core::ops::Range<usize>) -> bool {
        self.len != 0
            && self
                .indices()
                .iter()
                .any(|&index| range.contains(&usize::from(index)))
    }

    /// The index of the write at `cursor`, if any.
    #[inline]
    fn index_at(&self, cursor: usize) -> Option<usize> {
        self.indices().get(cursor).copied().map(usize::from)
    }
}

impl<P: Clone> Clone for Pending<P> {
    #[inline]
    fn clone(&self) -> Self {
        Pending {
            indices: self.indices,
            squares: self.squares.clone(),
            mask: self.mask,
            len: self.len,
        }
    }
}

/// The squares of a board: blocks in an rpds vector, shared between
/// versions, and the last few writes kept beside them (see the module
/// docs).
pub(crate) struct Board<P> {
    layout: Layout<P>,
    /// Drawn anew whenever the blocks are built or flushed (for squares
    /// whose writes are not kept, whenever their kept indices run out), and
    /// copied by a clone: two boards with the same stamp hold the same
    /// squares except where either has a kept write (for squares whose
    /// writes are not kept, a kept index).
    stamp: u64,
    pending: Pending<P>,
}

impl<P: Clone> Clone for Board<P> {
    #[inline]
    fn clone(&self) -> Self {
        Board {
            layout: self.layout.clone(),
            stamp: self.stamp,
            pending: self.pending.clone(),
        }
    }
}

impl<P> Board<P> {
    /// An empty board of at least `square_count` squares, laid out for the
    /// size of `P`.
    pub(crate) fn new(square_count: usize) -> Self {
        Board::from_squares(square_count, core::iter::empty())
    }

    /// A board of at least `square_count` squares holding `squares` in
    /// order, padded with empty squares if they run out. Squares past the
    /// padded end are left in the iterator.
    pub(crate) fn from_squares(
        square_count: usize,
        squares: impl IntoIterator<Item = Option<P>>,
    ) -> Self {
        Board {
            layout: Layout::from_squares(square_count, &mut squares.into_iter()),
            stamp: fresh_version(),
            pending: Pending::EMPTY,
        }
    }

    /// The square at `index`, `None` if it is empty or past the last block.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<&P> {
        match self.pending.slot(index) {
            Some(slot) => self.pending.squares[slot].as_ref(),
            None => self.layout.get(index),
        }
    }

    /// The first `square_count` squares, in order.
    pub(crate) fn squares(&self, square_count: usize) -> Squares<'_, P> {
        Squares {
            board: self,
            block: [].iter(),
            next_block: 0,
            remaining: square_count,
            index: 0,
            pending: 0,
            next_kept: self
                .pending
                .index_at(0)
                .filter(|_| keeps_writes::<P>())
                .unwrap_or(usize::MAX),
        }
    }
}

impl<P: PartialEq> Board<P> {
    /// `true` if both hold the same squares. Blocks the two share are
    /// skipped; both must have been built for the same square count and
    /// piece type, so that their blocks line up.
    pub(crate) fn same_squares(&self, other: &Self, square_count: usize) -> bool {
        // The common case of two routes from one parent: the same blocks,
        // kept writes to the same squares.
        if keeps_writes::<P>()
            && self.stamp == other.stamp
            && self.pending.indices() == other.pending.indices()
        {
            let len = usize::from(self.pending.len);
            return self.pending.squares[..len] == other.pending.squares[..len];
        }
        self.changed_squares(other, square_count).next().is_none()
    }

    /// The squares where `self` differs from `base`, in index order, each as
    /// `(index, square in base, square now)`. Blocks the two share are
    /// skipped by address without reading a square, so boards that share all
    /// but k blocks compare in O(blocks + k x block length).
    ///
    /// Both must have been built for `square_count` squares of the same
    /// piece type, so that their blocks line up.
    pub(crate) fn changed_squares<'a>(
        &'a self,
        base: &'a Self,
        square_count: usize,
    ) -> ChangedSquares<'a, P> {
        // Blocks that differ in full hold every write to them: the indices
        // noted beside blocks of squares whose writes are not kept matter
        // only between boards of one stamp, so otherwise both start past
        // their last.
        let first_kept = if keeps_writes::<P>() || self.stamp == base.stamp {
            0
        } else {
            PENDING
        };
        ChangedSquares {
            now: self,
            base,
            before: &[],
            after: &[],
            index: 0,
            shared: &[],
            next_block: 0,
            square_count,
            now_pending: first_kept,
            base_pending: first_kept,
        }
    }
}

impl<P: Clone> Board<P> {
    /// Writes a square and returns what it held. The write is kept beside
    /// the blocks while there is room; when there is none, every kept write
    /// and this one go into the blocks, each block and the path to it copied
    /// only if another version still shares them. Squares whose writes are
    /// not kept go into the blocks at once, and their index is kept.
    ///
    /// `index` must be below the square count the board was built with.
    #[inline]
    pub(crate) fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        if let Some(slot) = self.pending.slot(index) {
            return core::mem::replace(&mut self.pending.squares[slot], square);
        }
        if !keeps_writes::<P>() {
            let old = self.layout.replace(index, square);
            self.log(index);
            return old;
        }
        if usize::from(self.pending.len) < PENDING
            && let Ok(at) = u16::try_from(index)
        {
            let old = self.layout.get(index).cloned();
            self.keep(at, square);
            return old;
        }
        self.flush();
        self.stamp = fresh_version();
        self.layout.replace(index, square)
    }

    /// The stamp, to tell later whether writes drew a new one.
    #[inline]
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }

    /// Ends a run of writes that started on a board stamped `stamp`. If the
    /// writes drew a new stamp (so no other board shares these blocks) and
    /// filled more than half the room for kept writes, they go into the
    /// blocks (or, where only their indices are kept, the indices are
    /// dropped) under a new stamp: the positions derived from a bulk edit
    /// then start with all the room, and compare by their kept writes for
    /// longer. A move of a few squares never gets here.
    pub(crate) fn settle(&mut self, stamp: u64) {
        if self.stamp != stamp && usize::from(self.pending.len) > PENDING / 2 {
            if keeps_writes::<P>() {
                self.flush();
            } else {
                self.pending.len = 0;
            }
            self.stamp = fresh_version();
        }
    }

    /// Notes the index of a write that went into the blocks, for squares
    /// whose writes are not kept: the blocks then differ from those of the
    /// other boards with this stamp only at noted indices. When there is no
    /// room, the board takes a new stamp and notes nothing.
    #[inline]
    fn log(&mut self, index: usize) {
        let pending = &mut self.pending;
        let len = usize::from(pending.len);
        let Ok(index) = u16::try_from(index) else {
            (self.stamp, pending.len) = (fresh_version(), 0);
            return;
        };
        let at = pending.indices[..len].partition_point(|&noted| noted < index);
        if pending.indices[..len].get(at) == Some(&index) {
            return;
        }
        if len == PENDING {
            (self.stamp, pending.len) = (fresh_version(), 0);
            return;
        }
        pending.indices.copy_within(at..len, at + 1);
        pending.indices[at] = index;
        pending.len += 1;
    }

    /// Keeps a write to a square with no kept write, in index order.
    #[inline]
    fn keep(&mut self, index: u16, square: Option<P>) {
        let pending = &mut self.pending;
        let len = usize::from(pending.len);
        let at = pending.indices[..len].partition_point(|&kept| kept < index);
        // Shifted up one entry at a time from the top, each read ahead of
        // the write before it: a swap of neighbours would read back what
        // the step before had just written, stalling on every step, and a
        // call to `memmove` costs more than these few entries. Kept squares
        // have no destructor, so a clone is a copy.
        // `clone_from` would need two borrows of one array, for a copy.
        #[allow(clippy::assigning_clones)]
        for slot in (at..len).rev() {
            pending.indices[slot + 1] = pending.indices[slot];
            pending.squares[slot + 1] = pending.squares[slot].clone();
        }
        pending.indices[at] = index;
        pending.squares[at] = square;
        pending.mask |= Pending::<P>::bit(usize::from(index));
        pending.len += 1;
    }

    /// Moves every kept write into the blocks.
    fn flush(&mut self) {
        let len = usize::from(core::mem::take(&mut self.pending.len));
        let pending = &mut self.pending;
        pending.mask = 0;
        let writes = (0..len).map(|slot| {
            (
                usize::from(pending.indices[slot]),
                pending.squares[slot].take(),
            )
        });
        each_length!(&mut self.layout, blocks => blocks.write_sorted(writes));
    }
}

/// The squares of a board in order: see [`Board::squares`].
///
/// It fetches one block at a time by index rather than through rpds's own
/// iterator, which allocates its traversal stack on every use: on a chess
/// board that allocation alone costs as much as the scan.
pub(crate) struct Squares<'a, P> {
    board: &'a Board<P>,
    block: core::slice::Iter<'a, Option<P>>,
    next_block: usize,
    /// Squares not yet taken into `block`.
    remaining: usize,
    /// The index of the next square.
    index: usize,
    /// The next kept write, in index order, and the square it is to
    /// (`usize::MAX` past the last): one comparison per square.
    pending: usize,
    next_kept: usize,
}

impl<'a, P> Iterator for Squares<'a, P> {
    type Item = Option<&'a P>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(square) = self.block.next() {
                let index = self.index;
                self.index += 1;
                if index != self.next_kept {
                    return Some(square.as_ref());
                }
                let kept = &self.board.pending.squares[self.pending];
                self.pending += 1;
                self.next_kept = self
                    .board
                    .pending
                    .index_at(self.pending)
                    .unwrap_or(usize::MAX);
                return Some(kept.as_ref());
            }
            if self.remaining == 0 {
                return None;
            }
            let block = self.board.layout.block(self.next_block)?;
            let taken = block.len().min(self.remaining);
            self.block = block[..taken].iter();
            self.next_block += 1;
            self.remaining -= taken;
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.block.len() + self.remaining;
        (len, Some(len))
    }
}

impl<P> ExactSizeIterator for Squares<'_, P> {}

/// The squares where two boards differ: see [`Board::changed_squares`].
pub(crate) struct ChangedSquares<'a, P> {
    now: &'a Board<P>,
    base: &'a Board<P>,
    /// The rest of the pair of unshared blocks being compared, from the
    /// square at `index`; both empty otherwise.
    before: &'a [Option<P>],
    after: &'a [Option<P>],
    index: usize,
    /// The rest of the shared block being passed, from the square at
    /// `index`: only its squares with a kept write are compared.
    shared: &'a [Option<P>],
    next_block: usize,
    square_count: usize,
    /// The next kept write of each board, in index order.
    now_pending: usize,
    base_pending: usize,
}

impl<'a, P: PartialEq> ChangedSquares<'a, P> {
    /// The index of the next kept write on either side, if any.
    #[inline]
    fn next_kept(&self) -> Option<usize> {
        let base = self.base.pending.index_at(self.base_pending);
        let now = self.now.pending.index_at(self.now_pending);
        match (base, now) {
            (Some(base), Some(now)) => Some(base.min(now)),
            (base, now) => base.or(now),
        }
    }

    /// Both squares at `index`, the kept writes over the blocks' `before`
    /// and `after`, if they differ.
    #[inline]
    fn compare(
        &mut self,
        index: usize,
        before: Option<&'a P>,
        after: Option<&'a P>,
    ) -> Option<(usize, Option<&'a P>, Option<&'a P>)> {
        let before = self
            .base
            .pending
            .take_at(&mut self.base_pending, index)
            .map_or(before, Option::as_ref);
        let after = self
            .now
            .pending
            .take_at(&mut self.now_pending, index)
            .map_or(after, Option::as_ref);
        (before != after).then_some((index, before, after))
    }
}

impl<'a, P: PartialEq> Iterator for ChangedSquares<'a, P> {
    type Item = (usize, Option<&'a P>, Option<&'a P>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.now.stamp == self.base.stamp {
            // One stamp: only the squares with a kept write (or a kept
            // index) on either side can differ, and where one side alone
            // kept a write, the square under it is read from the blocks.
            while let Some(index) = self.next_kept() {
                let before = self.base.pending.take_at(&mut self.base_pending, index);
                let after = self.now.pending.take_at(&mut self.now_pending, index);
                let (before, after) = if !keeps_writes::<P>() {
                    // Only the index was noted: the write is in the blocks.
                    (self.base.layout.get(index), self.now.layout.get(index))
                } else if let (Some(before), Some(after)) = (before, after) {
                    (before.as_ref(), after.as_ref())
                } else {
                    let square = self.now.layout.get(index);
                    (
                        before.map_or(square, Option::as_ref),
                        after.map_or(square, Option::as_ref),
                    )
                };
                if before != after {
                    return Some((index, before, after));
                }
            }
            return None;
        }
        loop {
            // In a pair of unshared blocks, the squares up to the next kept
            // write (on either side) compare as whole runs; each kept write
            // on its own.
            while !self.after.is_empty() {
                let stop = self
                    .next_kept()
                    .map_or(self.after.len(), |index| index - self.index)
                    .min(self.after.len());
                let (before, after) = (&self.before[..stop], &self.after[..stop]);
                let skipped = if before == after {
                    stop
                } else {
                    before
                        .iter()
                        .zip(after)
                        .position(|(old, new)| old != new)
                        .expect("unequal runs of one length differ somewhere")
                };
                let index = self.index + skipped;
                let (old, new) = (self.before.get(skipped), self.after.get(skipped));
                (self.index, self.before, self.after) = (
                    index + 1,
                    self.before.get(skipped + 1..).unwrap_or_default(),
                    self.after.get(skipped + 1..).unwrap_or_default(),
                );
                if let (Some(old), Some(new)) = (old, new)
                    && let Some(change) = self.compare(index, old.as_ref(), new.as_ref())
                {
                    return Some(change);
                }
            }
            // In a shared block, only the squares with a kept write, on
            // either side, can differ.
            while !self.shared.is_empty() {
                let end = self.index + self.shared.len();
                let Some(index) = self.next_kept().filter(|&index| index < end) else {
                    (self.index, self.shared) = (end, &[]);
                    break;
                };
                let square = self.shared[index - self.index].as_ref();
                (self.index, self.shared) = (index + 1, &self.shared[index + 1 - self.index..]);
                if let Some(change) = self.compare(index, square, square) {
                    return Some(change);
                }
            }
            let (before, after) = (
                self.base.layout.block(self.next_block)?,
                self.now.layout.block(self.next_block)?,
            );
            let first = self.next_block * after.len();
            self.next_block += 1;
            if first >= self.square_count {
                continue;
            }
            // Past the last square, both hold only empty padding.
            let length = after.len().min(self.square_count - first);
            self.index = first;
            let (before, after) = (&before[..length], &after[..length]);
            if core::ptr::eq(before, after) {
                self.shared = after;
            } else if (keeps_writes::<P>()
                && (self.base.pending.any_in(first..first + length)
                    || self.now.pending.any_in(first..first + length)))
                || before != after
            {
                (self.before, self.after) = (before, after);
            }
            // Otherwise two copies of one block, with no kept write over
            // them: nothing in it differs, found by one comparison of the
            // whole blocks.
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Board, Layout, layout};

    /// Every block length a [`Layout`] variant provides.
    const LENGTHS: [usize; 9] = [2, 4, 8, 16, 32, 64, 128, 256, 512];

    impl<P> Board<P> {
        fn block_length(&self) -> usize {
            each_length!(&self.layout, blocks => blocks.vector.get(0).map_or(0, |block| block.len()))
        }
    }

    /// A fixed-seed sequence of indices and pieces.
    fn scramble(seed: u64, count: usize) -> impl Iterator<Item = (usize, u64)> {
        let mut state = seed;
        (0..count).map(move |_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (usize::try_from(state >> 33).expect("31 bits fit"), state)
        })
    }

    /// Writes random squares to a board and to a `Vec`, keeping every
    /// version, and checks that each version still reads as its `Vec`.
    fn matches_a_vec<P: Clone + PartialEq + core::fmt::Debug>(
        square_count: usize,
        writes: usize,
        piece: impl Fn(u64) -> P,
    ) {
        let mut board = Board::<P>::new(square_count);
        let mut model = vec![None; square_count];
        let mut versions = Vec::new();
        for (index, value) in scramble(square_count as u64, writes) {
            let index = index % square_count;
            let square = (value & 1 == 1).then(|| piece(value >> 8));
            versions.push((board.clone(), model.clone()));
            assert_eq!(board.replace(index, square.clone()), model[index]);
            model[index] = square;
        }
        versions.push((board, model));
        for (board, model) in &versions {
            let read: Vec<Option<P>> = (0..square_count)
                .map(|index| board.get(index).cloned())
                .collect();
            assert_eq!(&read, model);
            let scanned: Vec<Option<P>> = board
                .squares(square_count)
                .map(Option::<&P>::cloned)
                .collect();
            assert_eq!(&scanned, model);
            assert_eq!(board.squares(square_count).len(), square_count);
            assert_eq!(board.get(square_count + 1000), None);
        }
        for pair in versions.windows(2) {
            let [(a, a_model), (b, b_model)] = pair else {
                unreachable!("windows of two")
            };
            assert!(a.same_squares(a, square_count));
            compare_like_vecs((a, a_model), (b, b_model), square_count);
        }
    }

    /// `same_squares` and `changed_squares` between two boards against a
    /// comparison of their `Vec`s.
    fn compare_like_vecs<P: Clone + PartialEq + core::fmt::Debug>(
        (a, a_model): (&Board<P>, &[Option<P>]),
        (b, b_model): (&Board<P>, &[Option<P>]),
        square_count: usize,
    ) {
        assert_eq!(a.same_squares(b, square_count), a_model == b_model);
        let changed: Vec<(usize, Option<P>, Option<P>)> = b
            .changed_squares(a, square_count)
            .map(|(index, before, after)| (index, before.cloned(), after.cloned()))
            .collect();
        let expected: Vec<(usize, Option<P>, Option<P>)> = (0..square_count)
            .filter(|&index| a_model[index] != b_model[index])
            .map(|index| (index, a_model[index].clone(), b_model[index].clone()))
            .collect();
        assert_eq!(changed, expected);
    }

    /// Versions branching from random earlier ones (siblings and cousins
    /// that share a stamp, and some that do not), compared in random pairs
    /// against their `Vec`s.
    fn branches_compare_like_vecs<P: Clone + PartialEq + core::fmt::Debug>(
        square_count: usize,
        piece: impl Fn(u64) -> P,
    ) {
        let mut versions = vec![(Board::<P>::new(square_count), vec![None; square_count])];
        let mut random = scramble(square_count as u64 + 1, 3_000);
        for _ in 0..300 {
            let (from, _) = random.next().expect("enough draws");
            let (mut board, mut model) = versions[from % versions.len()].clone();
            for _ in 0..=from % 4 {
                let (index, value) = random.next().expect("enough draws");
                let square = (value & 1 == 1).then(|| piece(value >> 8 & 3));
                board.replace(index % square_count, square.clone());
                model[index % square_count] = square;
            }
            versions.push((board, model));
        }
        for _ in 0..600 {
            let (a, _) = random.next().expect("enough draws");
            let (b, _) = random.next().expect("enough draws");
            let ((a, a_model), (b, b_model)) = (&versions[a % 301], &versions[b % 301]);
            compare_like_vecs((a, a_model), (b, b_model), square_count);
        }
    }

    #[allow(clippy::cast_possible_truncation)]
    #[test]
    fn branches_of_one_stamp_compare_by_their_writes() {
        for square_count in [5, 64, 81, 361] {
            branches_compare_like_vecs(square_count, |value| value as u8);
            branches_compare_like_vecs(square_count, |value| value.to_string());
        }
    }

    // The casts keep the low bits of a random number on purpose.
    #[allow(clippy::cast_possible_truncation)]
    #[test]
    fn every_block_length_reads_back_what_was_written() {
        let mut reached = Vec::new();
        // Square sizes and board sizes that reach each of the lengths:
        // 2 bytes (u8) give 32, 64 and 128 to 512 as one block, 16 bytes
        // (u64) 4 and 8, 24 bytes (String) 2 and 4, 8 bytes (u32) 16.
        for square_count in [1, 7, 64, 81, 90, 200, 361, 1000, 2048] {
            reached.push(Board::<u8>::new(square_count).block_length());
            reached.push(Board::<u32>::new(square_count).block_length());
            reached.push(Board::<u64>::new(square_count).block_length());
            reached.push(Board::<String>::new(square_count).block_length());
            matches_a_vec(square_count, 200, |value| value as u8);
            matches_a_vec(square_count, 200, |value| value as u16);
            matches_a_vec(square_count, 200, |value| value as u32);
            matches_a_vec(square_count, 200, |value| value);
            matches_a_vec(square_count, 200, |value| value.to_string());
        }
        reached.sort_unstable();
        reached.dedup();
        assert_eq!(reached, LENGTHS);
    }

    #[allow(clippy::cast_possible_truncation)]
    #[test]
    fn the_largest_board_reads_back_what_was_written() {
        matches_a_vec(65_025, 20, |value| value as u8);
        matches_a_vec(65_025, 20, |value| value.to_string());
    }

    #[test]
    fn layout_follows_the_documented_rule() {
        // Option<u8> and Option<Qpi>, 2 bytes, kept: one block up to 512.
        assert_eq!(layout(64, 2, true), (64, 4));
        assert_eq!(layout(81, 2, true), (128, 4));
        assert_eq!(layout(129, 2, true), (256, 4));
        assert_eq!(layout(361, 2, true), (512, 4));
        assert_eq!(layout(512, 2, true), (512, 4));
        assert_eq!(layout(513, 2, true), (32, 3));
        assert_eq!(layout(1024, 2, true), (32, 3));
        assert_eq!(layout(1025, 2, true), (64, 3));
        assert_eq!(layout(65_025, 2, true), (64, 5));
        // Option<u64>, 16 bytes, kept: one block up to 64 squares.
        assert_eq!(layout(64, 16, true), (64, 4));
        assert_eq!(layout(65, 16, true), (4, 3));
        // Option<String>, 24 bytes, not kept: one block up to 256 bytes.
        assert_eq!(layout(1, 24, false), (2, 4));
        assert_eq!(layout(10, 24, false), (16, 4));
        assert_eq!(layout(11, 24, false), (2, 4));
        assert_eq!(layout(64, 24, false), (2, 3));
        assert_eq!(layout(81, 24, false), (2, 3));
        assert_eq!(layout(361, 24, false), (2, 5));
        assert_eq!(layout(65_025, 24, false), (4, 5));
        // Huge squares still get two per block.
        assert_eq!(layout(64, 1000, true), (2, 3));
        assert_eq!(layout(64, 1000, false), (2, 3));
        // A square of any size, without overflow.
        assert_eq!(layout(65_025, usize::MAX, true), (2, 5));
    }

    #[test]
    fn every_layout_the_rule_picks_has_a_board() {
        for square_count in 1..=crate::MAX_SQUARE_COUNT {
            for square_size in [1, 2, 3, 4, 8, 16, 24, 32, 64, 1000] {
                for kept in [true, false] {
                    let (length, _) = layout(square_count, square_size, kept);
                    assert!(
                        LENGTHS.contains(&length),
                        "{square_count} squares of {square_size} bytes: length {length}"
                    );
                }
            }
        }
    }
}
