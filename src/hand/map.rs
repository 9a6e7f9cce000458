//! A hand's storage: an imbl map from piece to count, with its running
//! total, shared between the positions that hold it.

use archery::SharedPointerKind;
use imbl::GenericOrdMap;
use imbl::ordmap::DiffItem;

/// The pieces one player holds off the board. Counts are never zero: an entry
/// whose count reaches zero is removed.
pub(crate) struct Hand<P, K: SharedPointerKind> {
    counts: GenericOrdMap<P, usize, K>,
    total: usize,
}

impl<P, K: SharedPointerKind> Clone for Hand<P, K> {
    fn clone(&self) -> Self {
        Hand {
            counts: self.counts.clone(),
            total: self.total,
        }
    }
}

impl<P, K: SharedPointerKind> Default for Hand<P, K> {
    fn default() -> Self {
        Hand {
            counts: GenericOrdMap::default(),
            total: 0,
        }
    }
}

/// Why a hand refused an entry of a hand being built, or a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HandError {
    /// The hand being built already held the piece.
    Duplicate,
    /// The change removed `requested` copies of a piece held `held` times.
    Underflow { held: usize, requested: usize },
    /// A count or the hand's total would not fit a `usize`.
    Overflow,
}

impl<P, K: SharedPointerKind> Hand<P, K> {
    /// The number of pieces held, all kinds together.
    pub(crate) fn total(&self) -> usize {
        self.total
    }

    /// `true` if no piece is held. O(1).
    pub(crate) fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    pub(crate) fn ptr_eq(&self, other: &Self) -> bool {
        self.counts.ptr_eq(&other.counts)
    }
}

impl<P: Ord, K: SharedPointerKind> Hand<P, K> {
    /// The entries in key order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&P, usize)> + '_ {
        self.counts.iter().map(|(piece, &count)| (piece, count))
    }

    /// The number of copies of `piece` held (0 if absent).
    pub(crate) fn count(&self, piece: &P) -> usize {
        self.counts.get(piece).copied().unwrap_or(0)
    }

    /// The entries whose counts differ between `base` and `self`, in piece
    /// order, as `(piece, count in base, count now)`, a count of 0 for an
    /// absent piece. Subtrees the two maps share are skipped.
    pub(crate) fn changed_counts<'a>(
        &'a self,
        base: &'a Self,
    ) -> impl Iterator<Item = (&'a P, usize, usize)> + 'a {
        base.counts.diff(&self.counts).map(|item| match item {
            DiffItem::Add(piece, &after) => (piece, 0, after),
            DiffItem::Update {
                old: (_, &before),
                new: (piece, &after),
            } => (piece, before, after),
            DiffItem::Remove(piece, &before) => (piece, before, 0),
        })
    }

    /// `true` if both hold the same pieces in the same numbers.
    pub(crate) fn same_content(&self, other: &Self) -> bool {
        self.ptr_eq(other) || (self.total == other.total && self.counts == other.counts)
    }
}

impl<P: Ord + Clone, K: SharedPointerKind> Hand<P, K> {
    /// A hand of these entries: each piece once, counts above 0, their
    /// total fitting a `usize` (as a valid position's hand holds them).
    pub(crate) fn from_entries<'a>(entries: impl IntoIterator<Item = (&'a P, usize)>) -> Self
    where
        P: 'a,
    {
        let mut total = 0_usize;
        let counts = entries
            .into_iter()
            .inspect(|&(_, count)| total = total.saturating_add(count))
            .map(|(piece, count)| (piece.clone(), count))
            .collect();
        Hand { counts, total }
    }

    /// Adds an entry for a piece the hand does not hold yet, with a count of
    /// at least 1. On error the hand is left changed, and must be dropped.
    pub(crate) fn insert_new(&mut self, piece: P, count: usize) -> Result<(), HandError> {
        self.total = self.total.checked_add(count).ok_or(HandError::Overflow)?;
        match self.counts.insert(piece, count) {
            None => Ok(()),
            Some(_) => Err(HandError::Duplicate),
        }
    }

    /// Sets the count of `piece` from `before` (what the hand holds) to
    /// `after`: the entry is removed at 0. The caller checked that the new
    /// total fits; it saturates otherwise.
    pub(crate) fn set_count(&mut self, piece: P, before: usize, after: usize) {
        debug_assert_eq!(self.count(&piece), before);
        self.total = (self.total - before).saturating_add(after);
        if after == 0 {
            self.counts.remove(&piece);
        } else {
            self.counts.insert(piece, after);
        }
    }
}
