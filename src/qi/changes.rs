//! What changed between two positions, found by skipping what they share.

use core::fmt;
use core::hash::Hash;

use archery::{ArcTK, SharedPointerKind};

use super::GenericQi;
use crate::board::ChangedSquares;
use crate::hand::with_delta;
use crate::{Error, MAX_DIMENSIONS, Player};

/// What differs between a position and a base it is compared with: the
/// squares, the hand counts and the turn. Made by [`Qi::changes_since`](GenericQi::changes_since).
///
/// Nothing is computed up front: each iterator walks the two positions when
/// it is used, skipping every block of squares and every subtree of a hand
/// that the two share. Its cost is what differs plus one pointer comparison
/// per block of squares: for positions descended one from the other,
/// proportional to the changes, not to the board; for positions that share
/// nothing, a scan of both (see [`GenericQi::changes_since`]).
///
/// ```
/// use persistent_qi::{Player, Qi, SquareChange};
///
/// let start: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?
///     .board_diff([(12, Some("P")), (51, Some("p"))])?;
/// let after = start.edit_with(|edit| {
///     edit.set(12, None).set(28, Some("P")).toggle();
/// })?;
///
/// let changes = after.changes_since(&start)?;
/// let squares: Vec<_> = changes.squares().collect();
/// assert_eq!(
///     squares,
///     [
///         SquareChange { index: 12, before: Some(&"P"), after: None },
///         SquareChange { index: 28, before: None, after: Some(&"P") },
///     ]
/// );
/// assert_eq!(changes.hands().count(), 0);
/// assert!(changes.turn_changed());
///
/// // Applied to the base, the changes give back the other position.
/// assert_eq!(changes.apply_to(&start)?, after);
/// # Ok::<(), persistent_qi::Error>(())
/// ```
pub struct Changes<'a, P, S, K: SharedPointerKind = ArcTK> {
    base: &'a GenericQi<P, S, K>,
    now: &'a GenericQi<P, S, K>,
}

/// A square that differs between two positions: see [`Changes::squares`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SquareChange<'a, P> {
    /// The square's flat index.
    pub index: usize,
    /// What the base position has there (`None`: empty).
    pub before: Option<&'a P>,
    /// What the compared position has there (`None`: empty).
    pub after: Option<&'a P>,
}

/// A hand count that differs between two positions: see [`Changes::hands`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandChange<'a, P> {
    /// Whose hand.
    pub player: Player,
    /// The piece whose count differs.
    pub piece: &'a P,
    /// How many the base position holds (0: none).
    pub before: usize,
    /// How many the compared position holds (0: none).
    pub after: usize,
}

impl<P: Ord, S: PartialEq, K: SharedPointerKind> GenericQi<P, S, K> {
    /// What changed from `base` to `self`: see [`Changes`].
    ///
    /// O(1) to call; the iterators of the result cost O(what differs + blocks
    /// of squares), skipping what the two positions share. For positions
    /// descended one from the other through k changes that is
    /// O(k x block length + blocks); for unrelated positions it degrades to
    /// a scan of both.
    ///
    /// # Errors
    ///
    /// [`Error::ShapeMismatch`] if the two boards have different shapes, and
    /// [`Error::StyleMismatch`] if a player's style differs: such positions
    /// have no square-by-square difference.
    ///
    /// ```
    /// use persistent_qi::{Error, Player, Qi};
    ///
    /// let chess: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?;
    /// let shogi: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")?;
    /// let makruk: Qi<&str, &str> = Qi::new(&[8, 8], "M", "m")?;
    ///
    /// assert_eq!(
    ///     shogi.changes_since(&chess).unwrap_err(),
    ///     Error::ShapeMismatch { base: [8, 8, 0], other: [9, 9, 0] }
    /// );
    /// assert_eq!(
    ///     makruk.changes_since(&chess).unwrap_err(),
    ///     Error::StyleMismatch { player: Player::First }
    /// );
    /// # Ok::<(), Error>(())
    /// ```
    pub fn changes_since<'a>(&'a self, base: &'a Self) -> Result<Changes<'a, P, S, K>, Error> {
        let (now_setup, base_setup) = (&self.shared.setup, &base.shared.setup);
        if now_setup.shape != base_setup.shape {
            return Err(Error::ShapeMismatch {
                base: padded_sizes(base.shape()),
                other: padded_sizes(self.shape()),
            });
        }
        for player in Player::ALL {
            if self.style(player) != base.style(player) {
                return Err(Error::StyleMismatch { player });
            }
        }
        Ok(Changes { base, now: self })
    }
}

/// Dimension sizes padded with zeros to the largest dimension count.
fn padded_sizes(sizes: &[usize]) -> [usize; MAX_DIMENSIONS] {
    let mut padded = [0; MAX_DIMENSIONS];
    padded[..sizes.len()].copy_from_slice(sizes);
    padded
}

impl<'a, P: Ord, S, K: SharedPointerKind> Changes<'a, P, S, K> {
    /// The squares that differ, in index order. Blocks of squares the two
    /// positions share are skipped by address, unread.
    #[must_use]
    pub fn squares(&self) -> SquareChanges<'a, P, K> {
        SquareChanges {
            inner: self
                .now
                .view()
                .changed_squares(self.base.view(), self.now.square_count()),
        }
    }

    /// The hand counts that differ: the first player's in piece order, then
    /// the second player's. Subtrees of a hand the two share are skipped.
    ///
    /// ```
    /// use persistent_qi::{HandChange, Player, Qi};
    ///
    /// let start: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")?
    ///     .first_hand_diff([("P", 2), ("B", 1)])?;
    /// // A pawn dropped, a rook captured by the second player.
    /// let after = start.edit_with(|edit| {
    ///     edit.hand(Player::First, "P", -1).set(40, Some("P")).hand(Player::Second, "r", 1);
    /// })?;
    ///
    /// let changes = after.changes_since(&start)?;
    /// assert_eq!(
    ///     changes.hands().collect::<Vec<_>>(),
    ///     [
    ///         HandChange { player: Player::First, piece: &"P", before: 2, after: 1 },
    ///         HandChange { player: Player::Second, piece: &"r", before: 0, after: 1 },
    ///     ]
    /// );
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    pub fn hands(&self) -> impl Iterator<Item = HandChange<'a, P>> + 'a {
        let (base, now) = (self.base, self.now);
        Player::ALL
            .into_iter()
            .flat_map(move |player| changed_hand(base, now, player))
    }

    /// `true` if the side to move differs.
    #[must_use]
    pub fn turn_changed(&self) -> bool {
        self.base.turn != self.now.turn
    }

    /// `true` if nothing differs: the two positions are equal. O(1) when
    /// they share everything.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        !self.turn_changed() && self.squares().next().is_none() && self.hands().next().is_none()
    }

    /// The base position.
    #[must_use]
    pub fn base(&self) -> &'a GenericQi<P, S, K> {
        self.base
    }

    /// The position compared with the base.
    #[must_use]
    pub fn position(&self) -> &'a GenericQi<P, S, K> {
        self.now
    }
}

impl<P: Clone + Ord + Hash, S, K: SharedPointerKind> Changes<'_, P, S, K> {
    /// These changes applied to `position` in one
    /// [`edit_with`](GenericQi::edit_with): every
    /// square set to its new content, every hand count moved by the
    /// difference, the turn given to the side to move in the compared
    /// position if it changed. Applied to the base, it gives a position equal
    /// to the compared one.
    ///
    /// # Errors
    ///
    /// As [`GenericQi::edit_with`], when `position` is not the
    /// base: an index off its board, a hand that cannot give up as many
    /// pieces, or too many pieces in the result.
    pub fn apply_to(&self, position: &GenericQi<P, S, K>) -> Result<GenericQi<P, S, K>, Error> {
        position.edit_with(|edit| {
            for SquareChange { index, after, .. } in self.squares() {
                edit.set(index, after.cloned());
            }
            for HandChange {
                player,
                piece,
                before,
                after,
            } in self.hands()
            {
                edit.hand(player, piece.clone(), count_delta(before, after));
            }
            if self.turn_changed() {
                edit.with_turn(self.now.turn);
            }
        })
    }
}

/// The counts of `player`'s hand that differ between `base` and `now`, in
/// piece order: the pieces whose shared counts differ (found by imbl's diff,
/// which skips what the two share), and the pieces either position keeps a
/// change of, each read through both positions' kept changes.
fn changed_hand<'a, P: Ord, S, K: SharedPointerKind>(
    base: &'a GenericQi<P, S, K>,
    now: &'a GenericQi<P, S, K>,
    player: Player,
) -> impl Iterator<Item = HandChange<'a, P>> + 'a {
    let effective = move |position: &GenericQi<P, S, K>, piece: &P, shared: usize| {
        with_delta(
            shared,
            isize::from(position.kept.hands.delta(player, piece)),
        )
    };
    // The pieces of the kept changes, sorted, once each.
    let mut kept: Vec<&'a P> = base
        .kept
        .hands
        .of(player)
        .chain(now.kept.hands.of(player))
        .map(|(piece, _)| piece)
        .collect();
    kept.sort_unstable();
    kept.dedup();
    let mut kept = kept.into_iter().peekable();
    let mut shared = now
        .shared
        .hand(player)
        .changed_counts(base.shared.hand(player))
        .peekable();
    core::iter::from_fn(move || {
        loop {
            let (piece, before, after) = match (shared.peek(), kept.peek()) {
                (None, None) => return None,
                (Some(&(piece, before, after)), next_kept) => {
                    if next_kept.is_some_and(|&kept_piece| kept_piece < piece) {
                        let piece = kept.next()?;
                        let count = now.shared.hand(player).count(piece);
                        (piece, count, count)
                    } else {
                        if next_kept == Some(&piece) {
                            kept.next();
                        }
                        shared.next();
                        (piece, before, after)
                    }
                }
                (None, Some(_)) => {
                    let piece = kept.next()?;
                    let count = now.shared.hand(player).count(piece);
                    (piece, count, count)
                }
            };
            let (before, after) = (effective(base, piece, before), effective(now, piece, after));
            if before != after {
                return Some(HandChange {
                    player,
                    piece,
                    before,
                    after,
                });
            }
        }
    })
}

/// `after - before` as a hand delta. Counts never exceed
/// [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT), so the difference fits an
/// `i32`; the saturation is never reached.
fn count_delta(before: usize, after: usize) -> i32 {
    let magnitude = |difference: usize| i32::try_from(difference).unwrap_or(i32::MAX);
    if after >= before {
        magnitude(after - before)
    } else {
        -magnitude(before - after)
    }
}

impl<P: Ord + fmt::Debug, S, K: SharedPointerKind> fmt::Debug for Changes<'_, P, S, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Changes")
            .field("squares", &self.squares().collect::<Vec<_>>())
            .field("hands", &self.hands().collect::<Vec<_>>())
            .field("turn_changed", &self.turn_changed())
            .finish()
    }
}

/// The squares that differ between two positions, in index order: see
/// [`Changes::squares`].
pub struct SquareChanges<'a, P, K: SharedPointerKind = ArcTK> {
    inner: ChangedSquares<'a, P, K>,
}

impl<'a, P: PartialEq, K: SharedPointerKind> Iterator for SquareChanges<'a, P, K> {
    type Item = SquareChange<'a, P>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.inner
            .next()
            .map(|(index, before, after)| SquareChange {
                index,
                before,
                after,
            })
    }
}

impl<P: PartialEq, K: SharedPointerKind> core::iter::FusedIterator for SquareChanges<'_, P, K> {}
