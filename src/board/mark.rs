//! A board's mark: its stamp and the squares it overlays (or notes), enough
//! to tell later where another board of the same stamp may differ from it,
//! without the marked board at hand.
//!
//! Two boards of one stamp hold the same blocks and differ at most at the
//! indices either overlays or notes (the module's invariant, `mod.rs`).
//! So a mark keeps the marked board's kept and logged (or noted) indices,
//! at most [`KEPT`] + [`LOG`] of them, copied as they are (no sorting), and
//! a board of the same stamp may differ from the marked one only at those
//! and its own. A board of another stamp may differ anywhere.

use archery::SharedPointerKind;

use super::Board;
use super::kept::KEPT;
use super::log::LOG;

/// What a mark keeps of a board: see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The marked board's stamp; `None` for a mark of no board.
    stamp: Option<u64>,
    /// Its kept and logged (or noted) indices, in slot order; the first
    /// `len`. An index may be there twice (kept and logged).
    indices: [u16; KEPT + LOG],
    len: u8,
}

impl Mark {
    /// A mark of no board: every board may differ from it anywhere.
    pub(crate) const NONE: Mark = Mark {
        stamp: None,
        indices: [0; KEPT + LOG],
        len: 0,
    };

    fn indices(&self) -> &[u16] {
        &self.indices[..usize::from(self.len)]
    }
}

impl<P, K: SharedPointerKind> Board<'_, P, K> {
    /// The mark of this board: a copy of its slots' indices. O([`KEPT`] +
    /// [`LOG`]), no allocation.
    pub(crate) fn mark(self) -> Mark {
        let mut mark = Mark {
            stamp: Some(self.store.stamp),
            ..Mark::NONE
        };
        // Written through, the log is empty and the kept slots note indices.
        let (kept, logged) = (self.kept.len(), self.store.log.len());
        let (kept_indices, _) = self.kept.arrays();
        mark.indices[..kept].copy_from_slice(&kept_indices[..kept]);
        for (slot, (index, _)) in self.store.log.writes().enumerate() {
            // A square index: it fits (see the assertion on `UNUSED`).
            #[allow(clippy::cast_possible_truncation)]
            {
                mark.indices[kept + slot] = index as u16;
            }
        }
        // At most `KEPT + LOG`, which fits a byte (asserted in `overlay.rs`).
        #[allow(clippy::cast_possible_truncation)]
        {
            mark.len = (kept + logged) as u8;
        }
        mark
    }

    /// The indices at which this board may differ from the board `mark`
    /// was taken of: this board's kept and logged (or noted) indices, then
    /// the mark's, in no particular order, an index perhaps more than
    /// once; `None` if the two do not share their blocks (another stamp, or
    /// a mark of no board). O([`KEPT`] + [`LOG`]).
    pub(crate) fn written_since(self, mark: &Mark) -> Option<WrittenSince> {
        if mark.stamp != Some(self.store.stamp) {
            return None;
        }
        Some(WrittenSince {
            now: self.mark(),
            marked: *mark,
            at: 0,
        })
    }
}

/// The indices of a board's slots, then a mark's: see
/// [`Board::written_since`].
#[derive(Debug, Clone)]
pub(crate) struct WrittenSince {
    now: Mark,
    marked: Mark,
    /// The next index, counted over both runs.
    at: usize,
}

impl Iterator for WrittenSince {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let (now, marked) = (self.now.indices(), self.marked.indices());
        let index = match now.get(self.at) {
            Some(&index) => index,
            None => *marked.get(self.at - now.len())?,
        };
        self.at += 1;
        Some(usize::from(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.now.indices().len() + self.marked.indices().len() - self.at;
        (left, Some(left))
    }
}

impl ExactSizeIterator for WrittenSince {}
