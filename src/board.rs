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
//! A diff that keeps its parent copies, for each block it touches, the block
//! (one allocation, and a clone of every square in it) and the rpds path
//! down to it (two allocations per node, the node and its array of children,
//! and one reference-count increment per child, matched by a decrement when
//! the copy is dropped). A read follows that path: one pointer hop per level.
//! So long blocks make every touched block expensive to copy and to keep,
//! short blocks make the path nodes wide or many, and the best length
//! depends on the board's size and on the size of a square.
//!
//! # The layout chosen
//!
//! A small board of plain squares is one block: at most 128 squares, at
//! most 256 bytes of them, and a square type with nothing to drop (`u8`,
//! [`Qpi`](crate::qpi::Qpi): chess, shogi, xiangqi). The block is as long
//! as the board, rounded up to a power of two up to 64 squares and to a
//! multiple of 8 beyond (81 squares take 88). The vector then has a single
//! element, and rpds skips for it what costs most on every access to a
//! longer one: computing the trie's height (two divisions) and copying a
//! root whose every child needs a reference-count increment. A move copies
//! the whole block, which for these boards is about what the peer's full
//! copy costs in bytes, and is what makes moves and reads fast; the
//! position keeps about as many bytes as a full copy would.
//!
//! Other boards are several blocks: about 32 bytes of squares per block on
//! boards of up to 128 squares, 64 bytes up to 1,024 squares (go) and 128
//! bytes beyond; never fewer than 2 squares. For `Option<u8>` or
//! `Option<Qpi>` (2 bytes) that is 32 and 64 squares past 128 squares; for
//! `Option<String>` (24 bytes, and a heap string to clone per square
//! copied), 2, 2 and 4. Up to 16 blocks sit under a single flat root; up to
//! 64 under 8-way nodes, two levels; beyond, 32-way nodes (at most three
//! levels on the largest board, so at most three hops for a read). On go
//! boards, 32 squares keep the root flat with the least memory; on the
//! largest board the read is what separates the layouts, one pointer hop
//! per level, so 64-square blocks under 32-way nodes, two levels, win.
//! Squares that own memory copy it for every square of a copied block, so
//! their blocks stay short.
//!
//! `examples/move_profile.rs` counts what a move and a read cost
//! (instructions, atomic operations, allocations), `examples/tree_memory.rs`
//! the bytes a position keeps, and `benches/positions.rs` times both
//! against sashite-qi; the README's Performance section has their figures.
//!
//! Each block length is its own type, so the board is an enum over the
//! lengths the rule can pick; the tag costs one predictable branch per
//! operation, and the struct of a position stays at 64 bytes.

use rpds::VectorSync;

/// The most bytes of squares a board may take and still be kept as one block.
const WHOLE_BOARD_BYTES: usize = 256;

/// The most squares a board may have and still be kept as one block: the
/// longest block the enum below provides.
const WHOLE_BOARD_SQUARES: usize = 128;

/// The longest block of a board of several blocks; longer ones hold a whole
/// board.
const MULTI_BLOCK_MAX_LENGTH: usize = 64;

/// The rpds branching bits of a one-block board: any value would do, since
/// a vector of one element has no trie to branch.
const WHOLE_BOARD_BITS: u8 = 4;

/// Bytes of squares per block, by board size, for boards of several blocks.
fn block_bytes(square_count: usize) -> usize {
    match square_count {
        0..=128 => 32,
        129..=1024 => 64,
        _ => 128,
    }
}

/// The rpds branching factor, as a power of two, for a number of blocks.
fn branching_bits(block_count: usize) -> u8 {
    match block_count {
        0..=16 => 4,
        17..=64 => 3,
        _ => 5,
    }
}

/// `true` if a board of `square_count` squares of `square_size` bytes is
/// kept as one block; `owns_heap` if a square may own memory a copy must
/// clone (a `String`).
const fn whole(square_count: usize, square_size: usize, owns_heap: bool) -> bool {
    !owns_heap
        && square_count <= WHOLE_BOARD_SQUARES
        && square_count * square_size <= WHOLE_BOARD_BYTES
}

/// The block length and branching bits for a board of `square_count`
/// squares of `square_size` bytes each; `owns_heap` if a square may own
/// memory a copy must clone (a `String`).
fn layout(square_count: usize, square_size: usize, owns_heap: bool) -> (usize, u8) {
    if whole(square_count, square_size, owns_heap) {
        // One block: a power of two up to 64 squares, a multiple of 8
        // beyond, the lengths the enum below provides.
        let block_length = if square_count <= 64 {
            square_count.next_power_of_two().max(2)
        } else {
            square_count.next_multiple_of(8)
        };
        return (block_length, WHOLE_BOARD_BITS);
    }
    let fitting = (block_bytes(square_count) / square_size.max(1)).clamp(2, MULTI_BLOCK_MAX_LENGTH);
    // Rounded down to a power of two: the lengths the enum below provides.
    let block_length = 1 << fitting.ilog2();
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
        if LEN > MULTI_BLOCK_MAX_LENGTH {
            return self.get_in_long_block(index);
        }
        self.vector
            .get(index / LEN)
            .and_then(|block| block[index % LEN].as_ref())
    }

    /// [`get`](Blocks::get) for a length that only ever holds a whole board
    /// (65 to 128 squares): no division by a length that is not a power of
    /// two. Kept out of line so that the reads of every other length, in
    /// the same dispatch, keep their registers.
    #[inline(never)]
    fn get_in_long_block(&self, index: usize) -> Option<&P> {
        self.vector.get(0)?.get(index)?.as_ref()
    }

    #[inline]
    fn block(&self, block_index: usize) -> Option<&[Option<P>]> {
        self.vector.get(block_index).map(|block| &block[..])
    }
}

impl<P: Clone, const LEN: usize> Blocks<P, LEN> {
    #[inline]
    fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        let block = self
            .vector
            .get_mut(index / LEN)
            .expect("the caller checked the index against the square count");
        core::mem::replace(&mut block[index % LEN], square)
    }

    /// See [`Board::rewrite`].
    fn rewrite<R, E>(
        &mut self,
        write: impl FnOnce(&mut [Option<P>]) -> Result<R, E>,
    ) -> Result<R, E> {
        let mut block = self
            .vector
            .get(0)
            .expect("a one-block board has its block")
            .clone();
        let written = write(&mut block)?;
        self.vector.set_mut(0, block);
        Ok(written)
    }
}

/// The squares of a board, in row-major order, padded with empty squares up
/// to a whole number of blocks.
pub(crate) enum Board<P> {
    Of2(Blocks<P, 2>),
    Of4(Blocks<P, 4>),
    Of8(Blocks<P, 8>),
    Of16(Blocks<P, 16>),
    Of32(Blocks<P, 32>),
    Of64(Blocks<P, 64>),
    Of72(Blocks<P, 72>),
    Of80(Blocks<P, 80>),
    Of88(Blocks<P, 88>),
    Of96(Blocks<P, 96>),
    Of104(Blocks<P, 104>),
    Of112(Blocks<P, 112>),
    Of120(Blocks<P, 120>),
    Of128(Blocks<P, 128>),
}

/// Runs the same code on whichever block length the board has.
macro_rules! each_length {
    ($board:expr, $blocks:ident => $body:expr) => {
        match $board {
            Board::Of2($blocks) => $body,
            Board::Of4($blocks) => $body,
            Board::Of8($blocks) => $body,
            Board::Of16($blocks) => $body,
            Board::Of32($blocks) => $body,
            Board::Of64($blocks) => $body,
            Board::Of72($blocks) => $body,
            Board::Of80($blocks) => $body,
            Board::Of88($blocks) => $body,
            Board::Of96($blocks) => $body,
            Board::Of104($blocks) => $body,
            Board::Of112($blocks) => $body,
            Board::Of120($blocks) => $body,
            Board::Of128($blocks) => $body,
        }
    };
}

impl<P> Clone for Board<P> {
    fn clone(&self) -> Self {
        match self {
            Board::Of2(blocks) => Board::Of2(blocks.clone()),
            Board::Of4(blocks) => Board::Of4(blocks.clone()),
            Board::Of8(blocks) => Board::Of8(blocks.clone()),
            Board::Of16(blocks) => Board::Of16(blocks.clone()),
            Board::Of32(blocks) => Board::Of32(blocks.clone()),
            Board::Of64(blocks) => Board::Of64(blocks.clone()),
            Board::Of72(blocks) => Board::Of72(blocks.clone()),
            Board::Of80(blocks) => Board::Of80(blocks.clone()),
            Board::Of88(blocks) => Board::Of88(blocks.clone()),
            Board::Of96(blocks) => Board::Of96(blocks.clone()),
            Board::Of104(blocks) => Board::Of104(blocks.clone()),
            Board::Of112(blocks) => Board::Of112(blocks.clone()),
            Board::Of120(blocks) => Board::Of120(blocks.clone()),
            Board::Of128(blocks) => Board::Of128(blocks.clone()),
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
        let squares = &mut squares.into_iter();
        let (block_length, bits) = layout(
            square_count,
            size_of::<Option<P>>(),
            core::mem::needs_drop::<P>(),
        );
        match block_length {
            2 => Board::Of2(Blocks::new(square_count, bits, squares)),
            4 => Board::Of4(Blocks::new(square_count, bits, squares)),
            8 => Board::Of8(Blocks::new(square_count, bits, squares)),
            16 => Board::Of16(Blocks::new(square_count, bits, squares)),
            32 => Board::Of32(Blocks::new(square_count, bits, squares)),
            64 => Board::Of64(Blocks::new(square_count, bits, squares)),
            72 => Board::Of72(Blocks::new(square_count, bits, squares)),
            80 => Board::Of80(Blocks::new(square_count, bits, squares)),
            88 => Board::Of88(Blocks::new(square_count, bits, squares)),
            96 => Board::Of96(Blocks::new(square_count, bits, squares)),
            104 => Board::Of104(Blocks::new(square_count, bits, squares)),
            112 => Board::Of112(Blocks::new(square_count, bits, squares)),
            120 => Board::Of120(Blocks::new(square_count, bits, squares)),
            _ => Board::Of128(Blocks::new(square_count, bits, squares)),
        }
    }

    /// The square at `index`, `None` if it is empty or past the last block.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<&P> {
        each_length!(self, blocks => blocks.get(index))
    }

    /// The block at `block_index`, `None` past the last one.
    #[inline]
    fn block(&self, block_index: usize) -> Option<&[Option<P>]> {
        each_length!(self, blocks => blocks.block(block_index))
    }

    /// `true` if a board of `square_count` squares of `P` is kept as a
    /// single block: see the module docs. Decided by the sizes alone, with
    /// no look at a board.
    #[inline]
    pub(crate) const fn is_whole(square_count: usize) -> bool {
        whole(
            square_count,
            size_of::<Option<P>>(),
            core::mem::needs_drop::<P>(),
        )
    }

    /// The first `square_count` squares, in order.
    pub(crate) fn squares(&self, square_count: usize) -> Squares<'_, P> {
        Squares {
            board: self,
            block: [].iter(),
            next_block: 0,
            remaining: square_count,
        }
    }
}

impl<P: PartialEq> Board<P> {
    /// `true` if both hold the same squares. Blocks the two share are
    /// skipped; both must have been built for the same square count and
    /// piece type, so that their blocks line up.
    pub(crate) fn same_squares(&self, other: &Self) -> bool {
        (0..)
            .map_while(|block_index| Some((self.block(block_index)?, other.block(block_index)?)))
            .all(|(mine, theirs)| core::ptr::eq(mine, theirs) || mine == theirs)
    }
}

impl<P: Clone> Board<P> {
    /// Applies `write` to a copy of a one-block board's squares (see
    /// [`is_whole`](Board::is_whole)), and makes the copy this
    /// board's block if `write` succeeds; on error the board is unchanged.
    /// `write` sees the block's padding too, so it checks indices against
    /// the square count itself.
    ///
    /// Every change to a one-block board copies its block, and a write
    /// through rpds walks the vector and copies it on the first one. Writing
    /// every change of a diff into one copy, then storing it, walks once.
    pub(crate) fn rewrite<R, E>(
        &mut self,
        write: impl FnOnce(&mut [Option<P>]) -> Result<R, E>,
    ) -> Result<R, E> {
        each_length!(self, blocks => blocks.rewrite(write))
    }

    /// Writes a square and returns what it held. The block and the path to it
    /// are copied only if another version still shares them.
    ///
    /// `index` must be below the square count the board was built with.
    #[inline]
    pub(crate) fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        each_length!(self, blocks => blocks.replace(index, square))
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
}

impl<'a, P> Iterator for Squares<'a, P> {
    type Item = Option<&'a P>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(square) = self.block.next() {
                return Some(square.as_ref());
            }
            if self.remaining == 0 {
                return None;
            }
            let block = self.board.block(self.next_block)?;
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

#[cfg(test)]
mod tests {
    use super::{Board, layout};

    /// Every block length a [`Board`] variant provides.
    const LENGTHS: [usize; 14] = [2, 4, 8, 16, 32, 64, 72, 80, 88, 96, 104, 112, 120, 128];

    impl<P> Board<P> {
        fn block_length(&self) -> usize {
            each_length!(self, blocks => blocks.vector.get(0).map_or(0, |block| block.len()))
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
    /// version, and checks that each version still reads as its `Vec`. On a
    /// one-block board, every other step writes two squares through
    /// [`Board::rewrite`] instead, and every fifth such step fails after
    /// writing, which must leave the board as it was.
    // The cast keeps the low bits of a random number on purpose.
    #[allow(clippy::cast_possible_truncation)]
    fn matches_a_vec<P: Clone + PartialEq + core::fmt::Debug>(
        square_count: usize,
        writes: usize,
        piece: impl Fn(u64) -> P,
    ) {
        let mut board = Board::<P>::new(square_count);
        let mut model = vec![None; square_count];
        let mut versions = Vec::new();
        for (step, (index, value)) in scramble(square_count as u64, writes).enumerate() {
            let index = index % square_count;
            let square = (value & 1 == 1).then(|| piece(value >> 8));
            versions.push((board.clone(), model.clone()));
            if Board::<P>::is_whole(square_count) && step % 2 == 1 {
                let other = (index + 1 + usize::from(value as u16)) % square_count;
                let other_square = (value & 2 == 2).then(|| piece(value >> 16));
                let fail = step % 10 == 9;
                let written = board.rewrite(|squares| {
                    let old = core::mem::replace(&mut squares[index], square.clone());
                    squares[other] = other_square.clone();
                    if fail { Err(old) } else { Ok(old) }
                });
                if fail {
                    assert_eq!(written, Err(model[index].clone()));
                    continue;
                }
                assert_eq!(written, Ok(model[index].clone()));
                model[index] = square;
                model[other] = other_square;
            } else {
                assert_eq!(board.replace(index, square.clone()), model[index]);
                model[index] = square;
            }
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
            assert_eq!(a.same_squares(b), a_model == b_model);
            assert!(a.same_squares(a));
        }
    }

    // The casts keep the low bits of a random number on purpose.
    #[allow(clippy::cast_possible_truncation)]
    #[test]
    fn every_block_length_reads_back_what_was_written() {
        let mut reached = Vec::new();
        // With 2-byte squares, the one-block lengths: 1 square to 2, 3 to 4,
        // 5 to 8, 9 to 16, 17 to 32, 33 to 64, then 65, 73, ... 121 to the
        // next multiple of 8. Past 128 squares, 16, 32 and 64 in blocks.
        for square_count in [
            1, 3, 5, 9, 17, 33, 64, 65, 73, 81, 90, 100, 105, 113, 121, 128, 129, 361, 2048,
        ] {
            reached.push(Board::<u8>::new(square_count).block_length());
            matches_a_vec(square_count, 200, |value| value as u8);
        }
        // Wider squares and squares that own memory: blocks of 2 to 8.
        for square_count in [1, 7, 64, 81, 361] {
            reached.push(Board::<u64>::new(square_count).block_length());
            reached.push(Board::<String>::new(square_count).block_length());
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
        // Option<u8> and Option<Qpi> are 2 bytes, Option<String> is 24 and
        // owns memory.
        assert_eq!(layout(64, 2, false), (64, 4));
        assert_eq!(layout(81, 2, false), (88, 4));
        assert_eq!(layout(90, 2, false), (96, 4));
        assert_eq!(layout(128, 2, false), (128, 4));
        assert_eq!(layout(129, 2, false), (32, 4));
        assert_eq!(layout(361, 2, false), (32, 4));
        assert_eq!(layout(65_025, 2, false), (64, 5));
        assert_eq!(layout(64, 24, true), (2, 3));
        assert_eq!(layout(81, 24, true), (2, 3));
        assert_eq!(layout(361, 24, true), (2, 5));
        assert_eq!(layout(65_025, 24, true), (4, 5));
        // One block only while its squares fit in 256 bytes.
        assert_eq!(layout(32, 8, false), (32, 4));
        assert_eq!(layout(64, 8, false), (4, 4));
        // Never one block for squares that own memory.
        assert_eq!(layout(4, 24, true), (2, 4));
        // Huge squares still get two per block.
        assert_eq!(layout(64, 1000, false), (2, 3));
    }

    #[test]
    fn every_layout_the_rule_picks_has_a_board() {
        for square_count in 1..=crate::MAX_SQUARE_COUNT {
            for square_size in [1, 2, 3, 4, 8, 16, 24, 32, 64, 1000] {
                for owns_heap in [false, true] {
                    let (length, _) = layout(square_count, square_size, owns_heap);
                    assert!(
                        LENGTHS.contains(&length),
                        "{square_count} squares of {square_size} bytes: length {length}"
                    );
                }
            }
        }
    }
}
