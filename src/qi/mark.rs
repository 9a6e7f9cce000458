//! Marks of boards: where a position's board may differ from one read
//! before, told without the earlier position at hand.

use core::fmt;

use archery::SharedPointerKind;

use super::GenericQi;
use crate::board::{Mark, WrittenSince};

/// A note of a position's board, taken by [`GenericQi::board_mark`], that
/// tells later where another position's board may differ from it
/// ([`GenericQi::squares_changed_since`]) in time proportional to the
/// writes either keeps over the blocks they share, with no position kept
/// alive and nothing allocated.
///
/// What a reader that copies boards into arrays of its own (a move
/// generator, a Go program's board with its strings and liberties) keeps
/// beside the array: reading the next position, it updates only the
/// squares that may have changed, rather than copying every square and
/// rebuilding what it derives from them.
///
/// `Copy`, about 60 bytes. [`BoardMark::default`] marks no board: every
/// square may differ from it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct BoardMark(Mark);

impl Default for BoardMark {
    fn default() -> Self {
        BoardMark(Mark::NONE)
    }
}

impl fmt::Debug for BoardMark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("BoardMark").field(&self.0).finish()
    }
}

/// The squares where a board may differ from a marked one, in no
/// particular order, an index perhaps more than once: see
/// [`GenericQi::squares_changed_since`].
#[derive(Debug, Clone)]
pub struct SquaresSince(WrittenSince);

impl ExactSizeIterator for SquaresSince {}

impl Iterator for SquaresSince {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// A mark of this position's board, to ask later where another
    /// position's board may differ from it: see [`BoardMark`] and
    /// [`squares_changed_since`](GenericQi::squares_changed_since).
    /// O(`KEPT` + `LOG`): a copy of the indices of the writes a position
    /// keeps and of those its shared part logs, 24 at most, no allocation.
    #[must_use]
    pub fn board_mark(&self) -> BoardMark {
        BoardMark(self.view().mark())
    }

    /// The flat indices at which this position's board may differ from the
    /// board `mark` was taken of, in no particular order, an index perhaps
    /// more than once (a square written back to what it held is given too);
    /// `None` when that cannot be told this way, and any square may differ:
    /// the mark is of a board that shares no blocks with this one (unrelated
    /// positions, positions on either side of a write that copied the
    /// blocks, a default mark). Squares only: hands and turn are not
    /// compared.
    ///
    /// O(`KEPT` + `LOG`) whatever the board size: at most 48 indices, the
    /// writes each board holds over the blocks they share, given as they
    /// are kept, with no sorting. A line of moves shares its blocks until a
    /// spill flushes them (at every other spill: see the crate docs), so a
    /// reader that follows a line, or walks a tree, finds most of its reads
    /// answered here. On a small board a reader may do as well comparing
    /// every square (a Go program's 361 points take about as long); on the
    /// largest, 65,025 squares, this is the difference between 48 reads and
    /// all of them.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<u8, u8> = Qi::new(&[9, 9], 0, 1)?.board_diff([(40, Some(1))])?;
    /// let mark = start.board_mark();
    /// let next = start.board_diff([(40, None), (31, Some(1))])?;
    ///
    /// // Every square where the two differ is among those given.
    /// let mut maybe: Vec<usize> = next.squares_changed_since(&mark).expect("one line").collect();
    /// maybe.sort_unstable();
    /// maybe.dedup();
    /// assert_eq!(maybe, [31, 40]);
    /// for index in 0..81 {
    ///     assert!(next.square(index) == start.square(index) || maybe.contains(&index));
    /// }
    /// // Positions built apart share no blocks: nothing can be told.
    /// let apart: Qi<u8, u8> = Qi::new(&[9, 9], 0, 1)?;
    /// assert!(apart.squares_changed_since(&mark).is_none());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn squares_changed_since(&self, mark: &BoardMark) -> Option<SquaresSince> {
        self.view().written_since(&mark.0).map(SquaresSince)
    }
}
