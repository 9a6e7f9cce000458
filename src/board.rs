//! The board: an rpds vector of fixed-size blocks of squares.
//!
//! rpds keeps every element behind its own reference-counted pointer, and
//! copying a trie node touches the count of each child. One square per
//! element therefore makes a one-square change pay an allocation per square
//! and a node of counts; grouping squares in blocks makes it pay one block
//! copy (a memcpy of `BLOCK_LEN` squares) and a path of short nodes instead.

use rpds::VectorSync;

/// Squares per block.
pub(crate) const BLOCK_LEN: usize = 16;

type Block<P> = [Option<P>; BLOCK_LEN];

/// The squares of a board, in row-major order, padded with empty squares up
/// to a whole number of blocks.
#[derive(Debug)]
pub(crate) struct Board<P> {
    blocks: VectorSync<Block<P>>,
}

impl<P> Clone for Board<P> {
    fn clone(&self) -> Self {
        Board {
            blocks: self.blocks.clone(),
        }
    }
}

/// The rpds branching factor, as a power of two, for a number of blocks.
fn branching_bits(_block_count: usize) -> u8 {
    5
}

impl<P> Board<P> {
    /// An empty board of at least `square_count` squares.
    pub(crate) fn new(square_count: usize) -> Self {
        let block_count = square_count.div_ceil(BLOCK_LEN);
        let mut blocks = VectorSync::new_with_bits(branching_bits(block_count));
        for _ in 0..block_count {
            blocks.push_back_mut(core::array::from_fn(|_| None));
        }
        Board { blocks }
    }

    /// The square at `index`, `None` if it is empty or past the last block.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<&P> {
        self.blocks
            .get(index / BLOCK_LEN)
            .and_then(|block| block[index % BLOCK_LEN].as_ref())
    }

    /// Every square in order, padding included.
    pub(crate) fn squares(&self) -> impl Iterator<Item = Option<&P>> + '_ {
        self.blocks
            .iter()
            .flat_map(|block| block.iter().map(Option::as_ref))
    }

    /// The blocks in order, for comparisons that can skip shared blocks.
    pub(crate) fn blocks(&self) -> impl Iterator<Item = &[Option<P>]> + '_ {
        self.blocks.iter().map(|block| &block[..])
    }
}

impl<P: Clone> Board<P> {
    /// Writes a square and returns what it held. The block and the path to it
    /// are copied only if another version still shares them.
    ///
    /// `index` must be below the square count the board was built with.
    #[inline]
    pub(crate) fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        let block = self
            .blocks
            .get_mut(index / BLOCK_LEN)
            .expect("the caller checked the index against the square count");
        core::mem::replace(&mut block[index % BLOCK_LEN], square)
    }
}
