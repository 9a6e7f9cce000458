//! The squares of a board in index order.

use archery::SharedPointerKind;

use super::{Board, Overlay};

/// The squares of a board in order: see [`Board::squares`].
///
/// It fetches one block at a time by index rather than through rpds's own
/// iterator, which allocates its traversal stack on every use, and merges
/// the kept writes in as it passes their indices: one comparison per square.
pub(crate) struct Squares<'a, P, K: SharedPointerKind> {
    board: Board<'a, P, K>,
    block: core::slice::Iter<'a, Option<P>>,
    next_block: usize,
    /// Squares not yet taken into `block`.
    remaining: usize,
    /// The index of the next square.
    index: usize,
    /// The writes over the blocks in index order (see
    /// [`Board::overlay`]), the next one's place among them, and the square
    /// it is to (`usize::MAX` past the last).
    writes: Overlay<'a, P>,
    next: usize,
    next_written: usize,
}

impl<'a, P, K: SharedPointerKind> Squares<'a, P, K> {
    pub(super) fn new(board: Board<'a, P, K>, square_count: usize) -> Self {
        let writes = board.overlay();
        Squares {
            board,
            block: [].iter(),
            next_block: 0,
            remaining: square_count,
            index: 0,
            writes,
            next: 0,
            next_written: writes.index_at(0).unwrap_or(usize::MAX),
        }
    }
}

impl<'a, P, K: SharedPointerKind> Iterator for Squares<'a, P, K> {
    type Item = Option<&'a P>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(square) = self.block.next() {
                let index = self.index;
                self.index += 1;
                if index != self.next_written {
                    return Some(square.as_ref());
                }
                let kept = self.writes.square_at(self.next);
                self.next += 1;
                self.next_written = self.writes.index_at(self.next).unwrap_or(usize::MAX);
                return Some(kept);
            }
            if self.remaining == 0 {
                return None;
            }
            let block = self.board.blocks.layout.block(self.next_block)?;
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

impl<P, K: SharedPointerKind> ExactSizeIterator for Squares<'_, P, K> {}
