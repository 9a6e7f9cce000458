//! A board's mark: its stamp and the squares it overlays (or notes), enough
//! to tell later where another board of the same stamp may differ from it,
//! without the marked board at hand.
//!
//! Two boards of one stamp hold the same blocks and differ at most at the
//! indices either overlays or notes (the module's invariant, `mod.rs`).
//! So a mark keeps the marked board's overlaid (or noted) indices in index
//! order, at most [`KEPT`] + [`LOG`] of them, and a board of the same stamp
//! may differ from the marked one only at those and its own: the union of
//! two short sorted runs. A board of another stamp may differ anywhere.

use archery::SharedPointerKind;

use super::Board;
use super::kept::KEPT;
use super::log::LOG;

/// What a mark keeps of a board: see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The marked board's stamp; `None` for a mark of no board.
    stamp: Option<u64>,
    /// Its overlaid (or noted) indices in index order; the first `len`.
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
    /// The mark of this board. O(([`KEPT`] + [`LOG`])^2) comparisons, no
    /// allocation.
    pub(crate) fn mark(self) -> Mark {
        let overlay = self.overlay_with_notes();
        let mut mark = Mark {
            stamp: Some(self.store.stamp),
            ..Mark::NONE
        };
        let mut len = 0;
        while let Some(index) = overlay.index_at(len) {
            // A square index: it fits (see the assertion on `UNUSED`).
            #[allow(clippy::cast_possible_truncation)]
            {
                mark.indices[len] = index as u16;
            }
            len += 1;
        }
        // At most `KEPT + LOG`, which fits a byte (asserted in `overlay.rs`).
        #[allow(clippy::cast_possible_truncation)]
        {
            mark.len = len as u8;
        }
        mark
    }

    /// The indices at which this board may differ from the board `mark`
    /// was taken of, in index order, each once: `None` if the two do not
    /// share their blocks (another stamp, or a mark of no board). O([`KEPT`]
    /// + [`LOG`]) and a mark's cost.
    pub(crate) fn written_since(self, mark: &Mark) -> Option<WrittenSince> {
        if mark.stamp != Some(self.store.stamp) {
            return None;
        }
        Some(WrittenSince {
            marked: *mark,
            now: self.mark(),
            at: (0, 0),
        })
    }
}

/// The union of a mark's indices and a board's, in index order, each
/// once: see [`Board::written_since`].
#[derive(Debug, Clone)]
pub(crate) struct WrittenSince {
    marked: Mark,
    now: Mark,
    /// The next of each run.
    at: (usize, usize),
}

impl Iterator for WrittenSince {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let (marked, now) = (self.marked.indices(), self.now.indices());
        let next = match (marked.get(self.at.0), now.get(self.at.1)) {
            (None, None) => return None,
            (Some(&a), None) => {
                self.at.0 += 1;
                a
            }
            (None, Some(&b)) => {
                self.at.1 += 1;
                b
            }
            (Some(&a), Some(&b)) => {
                if a <= b {
                    self.at.0 += 1;
                }
                if b <= a {
                    self.at.1 += 1;
                }
                a.min(b)
            }
        };
        Some(usize::from(next))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (
            self.marked.indices().len() - self.at.0,
            self.now.indices().len() - self.at.1,
        );
        (left.0.max(left.1), Some(left.0 + left.1))
    }
}
