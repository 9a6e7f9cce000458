//! The blocks: the squares of a board in fixed-size blocks, the elements of
//! an rpds vector, and the rule that picks the block length.

use archery::{SharedPointer, SharedPointerKind};
use rpds::Vector;

use crate::write_policy::{WritePolicy, write_policy};

/// Bytes of squares per block on boards that are not a single block, by
/// board size.
fn block_bytes(square_count: usize) -> usize {
    match square_count {
        0..=1024 => 64,
        _ => 128,
    }
}

/// A board whose squares take at most this many bytes is one block, if its
/// writes are deferred (see [`WritePolicy`]): a flush then
/// copies the block once per many moves, with no destructor to run.
const WHOLE_BOARD_BYTES: usize = 1024;

/// The same limit for squares whose writes go into the blocks at once
/// (`String`): every write copies its block, one clone per square.
const WHOLE_BOARD_BYTES_THROUGH: usize = 256;

/// The rpds branching factor, as a power of two, for a number of blocks.
fn branching_bits(block_count: usize) -> u8 {
    match block_count {
        0..=16 => 4,
        17..=64 => 3,
        _ => 5,
    }
}

/// The block length and branching bits for a board of `square_count`
/// squares of `square_size` bytes each, written under `policy`. Every
/// length it returns is in [`LENGTHS`].
pub(super) fn block_layout(
    square_count: usize,
    square_size: usize,
    policy: WritePolicy,
) -> (usize, u8) {
    let square_size = square_size.max(1);
    let whole_board_bytes = match policy {
        WritePolicy::Deferred => WHOLE_BOARD_BYTES,
        WritePolicy::Through => WHOLE_BOARD_BYTES_THROUGH,
    };
    // A single block: the shortest length that holds the board (the
    // lengths step by a half or a third, so at most a third of a block is
    // padding). Several: a power of two, so an index splits with a shift.
    // Divided rather than multiplied: a square type may be any size.
    let block_length = if square_count <= whole_board_bytes / square_size {
        LENGTHS
            .iter()
            .copied()
            .find(|&length| length >= square_count)
            .unwrap_or(LENGTHS[LENGTHS.len() - 1])
    } else {
        1 << (block_bytes(square_count) / square_size)
            .clamp(LENGTHS[0], 64)
            .ilog2()
    };
    (
        block_length,
        branching_bits(square_count.div_ceil(block_length)),
    )
}

/// The squares of a board as blocks of `LEN` squares: one block behind its
/// own pointer, or several as the elements of an rpds vector.
///
/// A board of one block is read through one pointer hop, where the vector
/// would take four (its root, the leaf's element list, the element's
/// pointer, the block); it is shared and copied on write the same way,
/// by reference count. Every board of several blocks lives in the vector.
pub(super) enum BlocksOf<P, const LEN: usize, K: SharedPointerKind> {
    /// The whole board, one block.
    One(SharedPointer<[Option<P>; LEN], K>),
    /// Several blocks, in order.
    Many(Vector<[Option<P>; LEN], K>),
}

impl<P, const LEN: usize, K: SharedPointerKind> Clone for BlocksOf<P, LEN, K> {
    #[inline]
    fn clone(&self) -> Self {
        match self {
            BlocksOf::One(block) => BlocksOf::One(SharedPointer::clone(block)),
            BlocksOf::Many(vector) => BlocksOf::Many(vector.clone()),
        }
    }
}

impl<P, const LEN: usize, K: SharedPointerKind> BlocksOf<P, LEN, K> {
    fn new(square_count: usize, bits: u8, squares: &mut impl Iterator<Item = Option<P>>) -> Self {
        let mut block = || core::array::from_fn(|_| squares.next().flatten());
        let block_count = square_count.div_ceil(LEN);
        if block_count <= 1 {
            return BlocksOf::One(SharedPointer::new(block()));
        }
        let mut vector = Vector::new_with_bits(bits);
        for _ in 0..block_count {
            vector.push_back_mut(block());
        }
        BlocksOf::Many(vector)
    }

    // Inlined into `Blocks::get`, which every read and write of a square
    // not kept inlines: called instead, it would cost a call a square.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn get(&self, index: usize) -> Option<&P> {
        match self {
            BlocksOf::One(block) => block.get(index)?.as_ref(),
            BlocksOf::Many(vector) => vector
                .get(index / LEN)
                .and_then(|block| block[index % LEN].as_ref()),
        }
    }

    #[inline]
    fn block(&self, block_index: usize) -> Option<&[Option<P>]> {
        match self {
            BlocksOf::One(block) => (block_index == 0).then_some(&block[..]),
            BlocksOf::Many(vector) => vector.get(block_index).map(|block| &block[..]),
        }
    }

    /// The number of blocks.
    #[cfg(test)]
    fn block_count(&self) -> usize {
        match self {
            BlocksOf::One(_) => 1,
            BlocksOf::Many(vector) => vector.len(),
        }
    }
}

impl<P: Clone, const LEN: usize, K: SharedPointerKind> BlocksOf<P, LEN, K> {
    /// Writes squares in the order given, a later write to a square
    /// replacing an earlier one, walking down to a block once for each run
    /// of writes to it (a one-block board: once). Indices past the last
    /// block are ignored: the callers only write squares of the board.
    fn write_all(&mut self, writes: impl IntoIterator<Item = (usize, Option<P>)>) {
        let mut writes = writes.into_iter();
        match self {
            BlocksOf::One(block) => {
                let Some((index, square)) = writes.next() else {
                    return;
                };
                let block = SharedPointer::make_mut(block);
                // `for_each`: a chain of writes runs as one loop a part.
                core::iter::once((index, square))
                    .chain(writes)
                    .for_each(|(index, square)| {
                        if let Some(slot) = block.get_mut(index) {
                            *slot = square;
                        }
                    });
            }
            BlocksOf::Many(vector) => {
                let mut current: Option<(usize, &mut [Option<P>; LEN])> = None;
                for (index, square) in writes {
                    let block_index = index / LEN;
                    if current.as_ref().is_none_or(|(at, _)| *at != block_index) {
                        current = vector
                            .get_mut(block_index)
                            .map(|block| (block_index, block));
                    }
                    if let Some((_, block)) = &mut current {
                        block[index % LEN] = square;
                    }
                }
            }
        }
    }

    #[inline]
    fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        let slot = match self {
            BlocksOf::One(block) => SharedPointer::make_mut(block).get_mut(index)?,
            BlocksOf::Many(vector) => &mut vector.get_mut(index / LEN)?[index % LEN],
        };
        core::mem::replace(slot, square)
    }

    /// Clones the first `out.len()` squares into `out`, a block at a time
    /// (a memory copy for squares that are `Copy`).
    fn clone_into(&self, out: &mut [Option<P>]) {
        let mut start = 0;
        let mut block_index = 0;
        while start < out.len() {
            let Some(block) = self.block(block_index) else {
                return;
            };
            let taken = block.len().min(out.len() - start);
            out[start..start + taken].clone_from_slice(&block[..taken]);
            start += taken;
            block_index += 1;
        }
    }
}

/// Declares the block lengths once: the [`Blocks`] enum with one variant
/// per length, [`LENGTHS`], the choice of a variant by length, and
/// `each_length!`, which runs the same code on whichever length a layout
/// has. Adding a length is adding it to the list at the bottom.
macro_rules! block_lengths {
    ($($variant:ident = $length:literal),+ $(,)?) => {
        /// The blocks of a board, in row-major order, padded with empty
        /// squares up to a whole number of blocks: one variant per block
        /// length, each its own type, so a block is an array (one
        /// allocation, no pointer to its squares). The tag costs one
        /// predictable branch per operation.
        pub(super) enum Blocks<P, K: SharedPointerKind> {
            $(
                #[doc = concat!("Blocks of ", stringify!($length), " squares.")]
                $variant(BlocksOf<P, $length, K>),
            )+
        }

        /// Every block length a [`Blocks`] provides, ascending.
        pub(super) const LENGTHS: &[usize] = &[$($length),+];

        impl<P, K: SharedPointerKind> Blocks<P, K> {
            /// Blocks of `length` squares (one of [`LENGTHS`]) holding
            /// `squares`, as [`Blocks::from_squares`] describes.
            fn with_length(
                length: usize,
                square_count: usize,
                bits: u8,
                squares: &mut impl Iterator<Item = Option<P>>,
            ) -> Self {
                debug_assert!(LENGTHS.contains(&length), "the rule picks a listed length");
                // The first length that holds `length` squares: the rule
                // picks listed lengths only, and any length would be correct.
                $(
                    if length <= $length {
                        return Blocks::$variant(BlocksOf::new(square_count, bits, squares));
                    }
                )+
                Blocks::with_length(LENGTHS[0], square_count, bits, squares)
            }
        }

        impl<P, K: SharedPointerKind> Clone for Blocks<P, K> {
            #[inline]
            fn clone(&self) -> Self {
                match self {
                    $(Blocks::$variant(blocks) => Blocks::$variant(blocks.clone()),)+
                }
            }
        }

        /// Runs the same code on whichever block length the layout has.
        macro_rules! each_length {
            ($layout:expr, $blocks:ident => $body:expr) => {
                match $layout {
                    $(Blocks::$variant($blocks) => $body,)+
                }
            };
        }
    };
}

block_lengths! {
    Of2 = 2,
    Of4 = 4,
    Of8 = 8,
    Of12 = 12,
    Of16 = 16,
    Of24 = 24,
    Of32 = 32,
    Of48 = 48,
    Of64 = 64,
    Of96 = 96,
    Of128 = 128,
    Of192 = 192,
    Of256 = 256,
    Of384 = 384,
    Of512 = 512,
}

impl<P, K: SharedPointerKind> Blocks<P, K> {
    /// A layout of at least `square_count` squares holding `squares` in
    /// order, padded with empty squares if they run out. Squares past the
    /// padded end are left in the iterator.
    pub(super) fn from_squares(
        square_count: usize,
        squares: &mut impl Iterator<Item = Option<P>>,
    ) -> Self {
        let (length, bits) =
            block_layout(square_count, size_of::<Option<P>>(), write_policy::<P>());
        Blocks::with_length(length, square_count, bits, squares)
    }

    /// The square at `index`, `None` if it is empty or past the last block.
    // Every read of a square not kept: inlined there.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn get(&self, index: usize) -> Option<&P> {
        each_length!(self, blocks => blocks.get(index))
    }

    /// The block at `block_index`, `None` past the last.
    #[inline]
    pub(super) fn block(&self, block_index: usize) -> Option<&[Option<P>]> {
        each_length!(self, blocks => blocks.block(block_index))
    }

    /// The number of squares per block.
    #[cfg(test)]
    pub(super) fn block_length(&self) -> usize {
        each_length!(self, blocks => blocks.block(0).map_or(0, <[Option<P>]>::len))
    }

    /// The number of blocks.
    #[cfg(test)]
    pub(super) fn block_count(&self) -> usize {
        each_length!(self, blocks => blocks.block_count())
    }
}

/// A layout's blocks in order, as slices: see [`Blocks::block_slices`].
/// Allocation-free: a walk of the board allocates nothing.
pub(super) enum BlockSlices<'a, P> {
    /// The one block of a board of one block, until taken.
    One(Option<&'a [Option<P>]>),
    /// The blocks of a board of several, each fetched by index (a walk
    /// down the rpds vector, at most two levels for the largest board):
    /// rpds's own iterator would allocate its path.
    Many {
        /// The vector, its block length erased.
        vector: &'a dyn BlockAt<P>,
        /// The next block to fetch.
        next: usize,
    },
}

/// A vector of blocks of any length, read by block index.
pub(super) trait BlockAt<P> {
    /// Block `index`, if there is one.
    fn block_at(&self, index: usize) -> Option<&[Option<P>]>;
}

impl<P, const LEN: usize, K: SharedPointerKind> BlockAt<P> for Vector<[Option<P>; LEN], K> {
    #[inline]
    fn block_at(&self, index: usize) -> Option<&[Option<P>]> {
        self.get(index).map(|block| &block[..])
    }
}

impl<'a, P> Iterator for BlockSlices<'a, P> {
    type Item = &'a [Option<P>];

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            BlockSlices::One(block) => block.take(),
            BlockSlices::Many { vector, next } => {
                let block = vector.block_at(*next)?;
                *next += 1;
                Some(block)
            }
        }
    }
}

impl<P, K: SharedPointerKind> Blocks<P, K> {
    /// The blocks in order, as slices, for a walk of the whole board.
    pub(super) fn block_slices(&self) -> BlockSlices<'_, P> {
        each_length!(self, blocks => match blocks {
            BlocksOf::One(block) => BlockSlices::One(Some(&block[..])),
            BlocksOf::Many(vector) => BlockSlices::Many { vector, next: 0 },
        })
    }
}

impl<P: Clone, K: SharedPointerKind> Blocks<P, K> {
    /// Writes squares in the order given; see [`BlocksOf::write_all`].
    pub(super) fn write_all(&mut self, writes: impl IntoIterator<Item = (usize, Option<P>)>) {
        each_length!(self, blocks => blocks.write_all(writes));
    }

    /// Writes one square and returns what it held; nothing past the last
    /// block.
    #[inline]
    pub(super) fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        each_length!(self, blocks => blocks.replace(index, square))
    }

    /// Clones the first `out.len()` squares into `out`: see
    /// [`BlocksOf::clone_into`].
    #[inline]
    pub(super) fn clone_into(&self, out: &mut [Option<P>]) {
        each_length!(self, blocks => blocks.clone_into(out));
    }
}

#[cfg(test)]
mod tests {
    use super::{LENGTHS, block_layout};
    use crate::write_policy::WritePolicy::{Deferred, Through};

    #[test]
    fn layout_follows_the_documented_rule() {
        // Option<u8> and Option<Qpi>, 2 bytes, deferred: one block up to 512,
        // the shortest listed length that holds the board.
        assert_eq!(block_layout(64, 2, Deferred), (64, 4));
        assert_eq!(block_layout(81, 2, Deferred), (96, 4));
        assert_eq!(block_layout(129, 2, Deferred), (192, 4));
        assert_eq!(block_layout(193, 2, Deferred), (256, 4));
        assert_eq!(block_layout(361, 2, Deferred), (384, 4));
        assert_eq!(block_layout(385, 2, Deferred), (512, 4));
        assert_eq!(block_layout(512, 2, Deferred), (512, 4));
        assert_eq!(block_layout(513, 2, Deferred), (32, 3));
        assert_eq!(block_layout(1024, 2, Deferred), (32, 3));
        assert_eq!(block_layout(1025, 2, Deferred), (64, 3));
        assert_eq!(block_layout(65_025, 2, Deferred), (64, 5));
        // 1-byte squares (`Option<bool>`), deferred: 1,024 bytes would hold
        // 1,024 squares, but the longest block is 512: two blocks.
        assert_eq!(block_layout(361, 1, Deferred), (384, 4));
        assert_eq!(block_layout(512, 1, Deferred), (512, 4));
        assert_eq!(block_layout(513, 1, Deferred), (512, 4));
        assert_eq!(block_layout(1024, 1, Deferred), (512, 4));
        assert_eq!(block_layout(1025, 1, Deferred), (64, 3));
        // Option<u64>, 16 bytes, deferred: one block up to 64 squares.
        assert_eq!(block_layout(64, 16, Deferred), (64, 4));
        assert_eq!(block_layout(65, 16, Deferred), (4, 3));
        // Option<String>, 24 bytes, written through: one block up to 256 bytes.
        assert_eq!(block_layout(1, 24, Through), (2, 4));
        assert_eq!(block_layout(10, 24, Through), (12, 4));
        assert_eq!(block_layout(11, 24, Through), (2, 4));
        assert_eq!(block_layout(64, 24, Through), (2, 3));
        assert_eq!(block_layout(81, 24, Through), (2, 3));
        assert_eq!(block_layout(361, 24, Through), (2, 5));
        assert_eq!(block_layout(65_025, 24, Through), (4, 5));
        // Huge squares still get two per block.
        assert_eq!(block_layout(64, 1000, Deferred), (2, 3));
        assert_eq!(block_layout(64, 1000, Through), (2, 3));
        // A square of any size, without overflow.
        assert_eq!(block_layout(65_025, usize::MAX, Deferred), (2, 5));
    }

    #[test]
    fn a_board_that_fits_one_block_is_one_block_behind_its_own_pointer() {
        type Blocks = super::Blocks<u8, archery::ArcTK>;
        let one = Blocks::from_squares(361, &mut core::iter::empty());
        assert_eq!((one.block_count(), one.block_length()), (1, 384));
        assert!(matches!(one, super::Blocks::Of384(super::BlocksOf::One(_))));
        let several = Blocks::from_squares(513, &mut core::iter::empty());
        assert_eq!((several.block_count(), several.block_length()), (17, 32));
        assert!(matches!(
            several,
            super::Blocks::Of32(super::BlocksOf::Many(_))
        ));
    }

    #[test]
    fn every_layout_the_rule_picks_has_a_variant() {
        for square_count in 1..=crate::MAX_SQUARE_COUNT {
            for square_size in [1, 2, 3, 4, 8, 16, 24, 32, 64, 1000] {
                for policy in [Deferred, Through] {
                    let (length, _) = block_layout(square_count, square_size, policy);
                    assert!(
                        LENGTHS.contains(&length),
                        "{square_count} squares of {square_size} bytes: length {length}"
                    );
                }
            }
        }
    }
}
