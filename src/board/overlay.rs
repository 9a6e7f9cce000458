//! The overlay: a board's kept and logged writes merged into one run in
//! index order, a kept write hiding the logged write to the same index.
//! What a walk of the board in index order (a scan, a comparison) lays over
//! the blocks.
//!
//! Built once a walk, in O((`KEPT` + `LOG`)^2) comparisons with no branch
//! on the writes (see [`Overlay::new`]), and read in O(1) a write: the
//! indices in order in an array of their own, so that a walk finds the
//! next write's index with one load.

use super::kept::{KEPT, Kept};
use super::log::{LOG, Log};

/// The sources below which a write is kept, as a byte.
const KEPT_SOURCES: u8 = {
    assert!(KEPT + LOG <= 256, "a write's source fits a byte");
    // Checked just above: it fits.
    #[allow(clippy::cast_possible_truncation)]
    let kept = KEPT as u8;
    kept
};

/// Where an overlaid write is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// In this slot of the position's kept writes.
    Kept(u8),
    /// In this slot of the shared log.
    Logged(u8),
}

/// The writes over a board's blocks in index order: the position's kept
/// ones and the shared log's, a kept write hiding the logged write to the
/// same index.
pub(crate) struct Overlay<'a, P> {
    kept: &'a Kept<P>,
    log: &'a Log<P>,
    /// The index of each write, in index order; the first `len` are used.
    indices: [u16; KEPT + LOG],
    /// Where each write is held, in the same order.
    sources: [Source; KEPT + LOG],
    len: usize,
}

impl<P> Clone for Overlay<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Overlay<'_, P> {}

impl<'a, P> Overlay<'a, P> {
    /// The writes of `kept` and `log` in index order.
    ///
    /// Sorted by rank rather than by a comparison sort: each write's place
    /// is the number of writes that sort before it, counted over every
    /// slot at once (unused ones sort last). That is `KEPT + LOG`
    /// comparisons a write, in vector registers, with no branch on the
    /// writes, where a comparison sort of writes in the order a game makes
    /// them mispredicts a branch on about every other comparison (the
    /// walks measured in `docs/performance.md`).
    pub(crate) fn new(kept: &'a Kept<P>, log: &'a Log<P>) -> Self {
        // Each write as one number, its index above its source, kept
        // sources before logged ones: in that number's order, the writes
        // come in index order and, at an index both hold, the kept write
        // first. The numbers are distinct (so are the sources).
        let mut keys = [u32::MAX; KEPT + LOG];
        let mut count = 0;
        for (slot, (index, _)) in kept.writes().enumerate() {
            keys[count] = key(index, slot);
            count += 1;
        }
        for (slot, (index, _)) in log.writes().enumerate() {
            keys[count] = key(index, KEPT + slot);
            count += 1;
        }
        let sorted = by_rank(&keys, count);
        let mut indices = [0; KEPT + LOG];
        let mut sources = [Source::Kept(0); KEPT + LOG];
        let mut len = 0;
        let mut last = None;
        for &key in &sorted[..count] {
            // A square index: it fits (see the assertion on `UNUSED`).
            #[allow(clippy::cast_possible_truncation)]
            let index = (key >> 8) as u16;
            if last == Some(index) {
                // A logged write hidden by the kept write before it.
                continue;
            }
            last = Some(index);
            // Below KEPT + LOG: it fits a byte.
            #[allow(clippy::cast_possible_truncation)]
            let source = (key & 0xff) as u8;
            indices[len] = index;
            sources[len] = match source.checked_sub(KEPT_SOURCES) {
                None => Source::Kept(source),
                Some(slot) => Source::Logged(slot),
            };
            len += 1;
        }
        Overlay {
            kept,
            log,
            indices,
            sources,
            len,
        }
    }

    /// No writes, whatever `kept` and `log` hold: for boards whose writes
    /// all go into the blocks at once.
    pub(crate) fn none(kept: &'a Kept<P>, log: &'a Log<P>) -> Self {
        Overlay {
            kept,
            log,
            indices: [0; KEPT + LOG],
            sources: [Source::Kept(0); KEPT + LOG],
            len: 0,
        }
    }

    /// The number of writes overlaid.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The index of the `at`-th write, `None` past the last.
    #[inline]
    pub(crate) fn index_at(&self, at: usize) -> Option<usize> {
        self.indices[..self.len]
            .get(at)
            .map(|&index| usize::from(index))
    }

    /// The square of the `at`-th write (one of the first `len`).
    #[inline]
    pub(crate) fn square_at(&self, at: usize) -> Option<&'a P> {
        match self.sources[at] {
            Source::Kept(slot) => self.kept.square_at(usize::from(slot)),
            Source::Logged(slot) => self.log.square_at(usize::from(slot)),
        }
    }

    /// The square at `index` over `under`: written at `*cursor` if that
    /// write is to `index` (the cursor then moves past it), else `under`.
    /// For walks in index order.
    #[inline]
    pub(crate) fn over(
        &self,
        cursor: &mut usize,
        index: usize,
        under: Option<&'a P>,
    ) -> Option<&'a P> {
        if self.index_at(*cursor) == Some(index) {
            *cursor += 1;
            self.square_at(*cursor - 1)
        } else {
            under
        }
    }
}

/// The first `count` of `keys` in ascending order, then `u32::MAX`: each
/// key put at its rank, the number of keys below it, counted over all of
/// `keys` with no branch on them. The first `count` keys must be distinct
/// and below `u32::MAX`, and the others `u32::MAX` (so none counts below a
/// used key).
fn by_rank(keys: &[u32; KEPT + LOG], count: usize) -> [u32; KEPT + LOG] {
    let mut sorted = [u32::MAX; KEPT + LOG];
    for &key in &keys[..count] {
        let rank: usize = keys.iter().map(|&other| usize::from(other < key)).sum();
        // Below `count`: only the other used keys can be below it.
        if let Some(place) = sorted.get_mut(rank) {
            *place = key;
        }
    }
    sorted
}

/// A write's index above its source (a kept slot, or `KEPT` plus a logged
/// slot), as one number that sorts by index, then kept before logged.
fn key(index: usize, source: usize) -> u32 {
    // A square's index is below 2^16, a source below 2^8.
    #[allow(clippy::cast_possible_truncation)]
    let key = ((index as u32) << 8) | source as u32;
    key
}

#[cfg(test)]
mod tests {
    use super::{KEPT, LOG, Overlay, by_rank};
    use crate::board::kept::{Kept, keep};
    use crate::board::log::Log;

    #[test]
    fn writes_come_in_index_order_and_a_kept_write_hides_the_logged_one() {
        let mut log = Log::<u8>::EMPTY;
        let mut kept = Kept::EMPTY;
        for (index, square) in [(40, Some(1)), (3, Some(2)), (17, None)] {
            keep(&mut kept, index, square);
        }
        log.fill(&mut kept, false);
        for (index, square) in [(17, Some(5)), (9, Some(6)), (64_000, Some(7))] {
            keep(&mut kept, index, square);
        }
        let overlay = Overlay::new(&kept, &log);
        let writes: Vec<_> = (0..)
            .map_while(|at| Some((overlay.index_at(at)?, overlay.square_at(at).copied())))
            .collect();
        assert_eq!(
            writes,
            [
                (3, Some(2)),
                (9, Some(6)),
                (17, Some(5)),
                (40, Some(1)),
                (64_000, Some(7))
            ]
        );
        let none = Overlay::none(&kept, &log);
        assert_eq!(none.index_at(0), None);
    }

    #[test]
    fn by_rank_sorts_the_used_keys_and_leaves_the_rest_unused() {
        let mut state = 0x2545_f491_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        for count in 0..=KEPT + LOG {
            for _ in 0..50 {
                let mut keys = [u32::MAX; KEPT + LOG];
                let mut used: Vec<u32> = Vec::new();
                while used.len() < count {
                    // Small keys, so that neighbours (one apart) are common.
                    let key = next() % 64;
                    if !used.contains(&key) {
                        keys[used.len()] = key;
                        used.push(key);
                    }
                }
                let sorted = by_rank(&keys, count);
                used.sort_unstable();
                assert_eq!(&sorted[..count], used.as_slice(), "{keys:?}");
                assert!(sorted[count..].iter().all(|&key| key == u32::MAX));
            }
        }
        // Keys in descending order, far apart.
        let mut keys = [u32::MAX; KEPT + LOG];
        for (slot, key) in keys.iter_mut().enumerate() {
            *key = u32::try_from((KEPT + LOG - slot) << 16).unwrap_or(0) | 0xff;
        }
        let sorted = by_rank(&keys, KEPT + LOG);
        assert!(sorted.is_sorted());
        assert_eq!(sorted[0], keys[KEPT + LOG - 1]);
    }
}
