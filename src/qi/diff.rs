//! An owned difference between two positions: what [`Changes`] finds,
//! kept, so that it can be stored, sent and read back, applied to its base
//! and reverted from the other position.

use core::fmt;
use core::hash::Hash;

use archery::SharedPointerKind;

use super::GenericQi;
use super::changes::{Changes, HandChange, SquareChange};
use crate::{Error, MAX_SQUARE_COUNT, Player};

/// What differs between a position and its base, owned: the squares with
/// their contents before and after, the hand counts before and after, and
/// whether the side to move changed. Made by
/// [`diff_from`](GenericQi::diff_from) (or [`Changes::to_diff`]); applied
/// to the base with [`apply_to`](Diff::apply_to), undone from the other
/// position with [`revert`](Diff::revert).
///
/// A diff holds no board: O(changes) in memory and on the wire (with the
/// `serde` feature, a square index and two squares per changed square).
/// It is rule-agnostic: any program rebuilds the positions of any game
/// from their bases and diffs, with no move generator.
///
/// Its invariants, checked by [`Diff::new`] (the one way in, which serde
/// decoding takes too): square indices strictly increasing and below
/// [`MAX_SQUARE_COUNT`], no square whose contents before and after are
/// equal; hand changes strictly increasing by player then piece, each
/// count at most [`MAX_SQUARE_COUNT`], no change whose counts are equal.
///
/// ```
/// use persistent_qi::{Player, Qi};
///
/// let start: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")?.board_diff([(40, Some("P")), (31, Some("p"))])?;
/// let after = start.edit_with(|edit| {
///     edit.set(40, None).set(31, Some("P")).hand(Player::First, "P", 1).toggle();
/// })?;
///
/// let diff = after.diff_from(&start)?;
/// assert_eq!(diff.squares().len(), 2);
/// assert_eq!(diff.apply_to(&start)?, after);
/// assert_eq!(diff.revert(&after)?, start);
///
/// // On a position without the diff's "before" contents, nothing is built.
/// let error = diff.apply_to(&after).unwrap_err();
/// assert_eq!(error.to_string(), "square 31 does not hold what the diff starts from");
/// # Ok::<(), persistent_qi::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Diff<P> {
    squares: Vec<SquareDiff<P>>,
    hands: Vec<HandDiff<P>>,
    turn_changed: bool,
}

/// A square that differs, owned: see [`Diff::squares`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SquareDiff<P> {
    /// The square's flat index.
    pub index: usize,
    /// What the base holds there (`None`: empty).
    pub before: Option<P>,
    /// What the other position holds there (`None`: empty).
    pub after: Option<P>,
}

/// A hand count that differs, owned: see [`Diff::hands`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HandDiff<P> {
    /// Whose hand.
    pub player: Player,
    /// The piece whose count differs.
    pub piece: P,
    /// How many the base holds (0: none).
    pub before: usize,
    /// How many the other position holds (0: none).
    pub after: usize,
}

/// Why [`Diff::new`] refused its parts: a broken invariant, found at
/// `at`, the number of the square or hand change in the order given.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiffError {
    /// A square index past the largest board.
    IndexTooLarge {
        /// The square change.
        at: usize,
        /// Its index.
        index: usize,
    },
    /// A square index not greater than the one before it.
    IndexOutOfOrder {
        /// The square change.
        at: usize,
        /// Its index.
        index: usize,
    },
    /// A square whose contents before and after are equal.
    SquareUnchanged {
        /// The square change.
        at: usize,
        /// Its index.
        index: usize,
    },
    /// A hand count past the most pieces any board holds.
    CountTooLarge {
        /// The hand change.
        at: usize,
        /// The count.
        count: usize,
    },
    /// A hand change not after the one before it, by player then piece.
    HandOutOfOrder {
        /// The hand change.
        at: usize,
    },
    /// A hand change whose counts before and after are equal.
    HandUnchanged {
        /// The hand change.
        at: usize,
    },
    /// More hand changes than two positions can differ by: each hand of
    /// each holds at most [`MAX_SQUARE_COUNT`] pieces.
    TooManyHandChanges {
        /// The first hand change past the most.
        at: usize,
    },
}

impl fmt::Display for DiffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DiffError::IndexTooLarge { at, index } => write!(
                f,
                "square change {at}: index {index} is past the largest board ({MAX_SQUARE_COUNT} squares)"
            ),
            DiffError::IndexOutOfOrder { at, index } => write!(
                f,
                "square change {at}: index {index} does not come after the one before it"
            ),
            DiffError::SquareUnchanged { at, index } => write!(
                f,
                "square change {at}: square {index} holds the same before and after"
            ),
            DiffError::CountTooLarge { at, count } => write!(
                f,
                "hand change {at}: a count of {count} is more than any board holds ({MAX_SQUARE_COUNT})"
            ),
            DiffError::HandOutOfOrder { at } => write!(
                f,
                "hand change {at} does not come after the one before it (by player, then piece)"
            ),
            DiffError::HandUnchanged { at } => {
                write!(f, "hand change {at}: the same count before and after")
            }
            DiffError::TooManyHandChanges { at } => write!(
                f,
                "hand change {at}: more hand changes than two positions differ by"
            ),
        }
    }
}

impl std::error::Error for DiffError {}

impl<P> Diff<P> {
    /// A diff of parts already checked, one by one, as they were read.
    #[cfg(feature = "serde")]
    pub(crate) fn from_checked(
        squares: Vec<SquareDiff<P>>,
        hands: Vec<HandDiff<P>>,
        turn_changed: bool,
    ) -> Self {
        Diff {
            squares,
            hands,
            turn_changed,
        }
    }
}

impl<P: Ord> Diff<P> {
    /// A diff of these parts, once its invariants are checked (see
    /// [`Diff`]): the one way in, for a diff made from positions and one
    /// decoded alike. O(changes).
    ///
    /// # Errors
    ///
    /// The first broken invariant, in the order squares then hands, as a
    /// [`DiffError`] naming the change.
    pub fn new(
        squares: Vec<SquareDiff<P>>,
        hands: Vec<HandDiff<P>>,
        turn_changed: bool,
    ) -> Result<Self, DiffError> {
        for (at, square) in squares.iter().enumerate() {
            check_square(at, square, at.checked_sub(1).map(|before| &squares[before]))?;
        }
        for (at, hand) in hands.iter().enumerate() {
            check_hand(at, hand, at.checked_sub(1).map(|before| &hands[before]))?;
        }
        Ok(Diff {
            squares,
            hands,
            turn_changed,
        })
    }
}

/// The invariants of a diff's square change number `at`, after `previous`.
pub(crate) fn check_square<P: PartialEq>(
    at: usize,
    square: &SquareDiff<P>,
    previous: Option<&SquareDiff<P>>,
) -> Result<(), DiffError> {
    let index = square.index;
    if index >= MAX_SQUARE_COUNT {
        return Err(DiffError::IndexTooLarge { at, index });
    }
    if previous.is_some_and(|previous| previous.index >= index) {
        return Err(DiffError::IndexOutOfOrder { at, index });
    }
    if square.before == square.after {
        return Err(DiffError::SquareUnchanged { at, index });
    }
    Ok(())
}

/// The most hand changes a diff holds: every piece of both hands of both
/// positions, each different.
pub(crate) const MAX_HAND_CHANGES: usize = 4 * MAX_SQUARE_COUNT;

/// The invariants of a diff's hand change number `at`, after `previous`.
pub(crate) fn check_hand<P: Ord>(
    at: usize,
    hand: &HandDiff<P>,
    previous: Option<&HandDiff<P>>,
) -> Result<(), DiffError> {
    if at >= MAX_HAND_CHANGES {
        return Err(DiffError::TooManyHandChanges { at });
    }
    for count in [hand.before, hand.after] {
        if count > MAX_SQUARE_COUNT {
            return Err(DiffError::CountTooLarge { at, count });
        }
    }
    if previous
        .is_some_and(|previous| (previous.player, &previous.piece) >= (hand.player, &hand.piece))
    {
        return Err(DiffError::HandOutOfOrder { at });
    }
    if hand.before == hand.after {
        return Err(DiffError::HandUnchanged { at });
    }
    Ok(())
}

impl<P> Diff<P> {
    /// The squares that differ, in index order.
    #[must_use]
    pub fn squares(&self) -> &[SquareDiff<P>] {
        &self.squares
    }

    /// The hand counts that differ: the first player's in piece order, then
    /// the second player's.
    #[must_use]
    pub fn hands(&self) -> &[HandDiff<P>] {
        &self.hands
    }

    /// `true` if the side to move differs.
    #[must_use]
    pub fn turn_changed(&self) -> bool {
        self.turn_changed
    }

    /// `true` if nothing differs.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty() && self.hands.is_empty() && !self.turn_changed
    }

    /// The diff taken apart: its squares, its hand changes and whether the
    /// turn changed, as [`Diff::new`] takes them back. A reader that
    /// decodes many diffs one after the other refills the same two
    /// vectors, allocating nothing per diff.
    ///
    /// ```
    /// use persistent_qi::{Diff, Qi};
    ///
    /// let start: Qi<char, char> = Qi::new(&[4], 'C', 'c')?;
    /// let after = start.board_diff([(1, Some('R'))])?.toggle();
    /// let (mut squares, hands, turn_changed) = after.diff_from(&start)?.into_parts();
    /// assert_eq!((squares.len(), hands.len(), turn_changed), (1, 0, true));
    ///
    /// squares[0].index = 2;
    /// let moved = Diff::new(squares, hands, turn_changed).unwrap();
    /// assert_eq!(moved.apply_to(&start)?, start.board_diff([(2, Some('R'))])?.toggle());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (Vec<SquareDiff<P>>, Vec<HandDiff<P>>, bool) {
        (self.squares, self.hands, self.turn_changed)
    }
}

impl<P: Clone + Ord + Hash> Diff<P> {
    /// The other position, rebuilt from the base: every changed square
    /// checked to hold its content before, then all of them set to their
    /// content after, every hand count moved, the turn passed if it
    /// changed, in one edit. The result shares structure with `base`.
    /// O(changes).
    ///
    /// # Errors
    ///
    /// Nothing is built, and the first mismatch is the error:
    /// [`Error::IndexOutOfRange`] for a square past `base`'s board,
    /// [`Error::DiffSquareMismatch`] for a square that does not hold the
    /// diff's content before, [`Error::DiffHandMismatch`] for a hand count
    /// that is not the diff's count before; then the errors of
    /// [`Edit::finish`](crate::Edit::finish).
    pub fn apply_to<S, K: SharedPointerKind>(
        &self,
        base: &GenericQi<P, S, K>,
    ) -> Result<GenericQi<P, S, K>, Error> {
        self.apply(base, Direction::Forward)
    }

    /// The base, rebuilt from the other position: [`apply_to`](Diff::apply_to)
    /// backwards, every square and count taken from its content after to
    /// its content before, the turn passed back if it changed. An undo,
    /// saved as the move was.
    ///
    /// # Errors
    ///
    /// As [`apply_to`](Diff::apply_to), the contents after being the ones
    /// checked.
    pub fn revert<S, K: SharedPointerKind>(
        &self,
        position: &GenericQi<P, S, K>,
    ) -> Result<GenericQi<P, S, K>, Error> {
        self.apply(position, Direction::Backward)
    }

    fn apply<S, K: SharedPointerKind>(
        &self,
        from: &GenericQi<P, S, K>,
        direction: Direction,
    ) -> Result<GenericQi<P, S, K>, Error> {
        let square_count = from.square_count();
        for (change, square) in self.squares.iter().enumerate() {
            if square.index >= square_count {
                return Err(Error::IndexOutOfRange {
                    index: square.index,
                    square_count,
                    change: Some(change),
                });
            }
            let (expected, _) = direction.ends(&square.before, &square.after);
            if from.square(square.index) != expected.as_ref() {
                return Err(Error::DiffSquareMismatch {
                    index: square.index,
                });
            }
        }
        for (change, hand) in self.hands.iter().enumerate() {
            let (expected, _) = direction.ends(&hand.before, &hand.after);
            let held = from.hand_count(hand.player, &hand.piece);
            if held != *expected {
                return Err(Error::DiffHandMismatch {
                    player: hand.player,
                    change,
                    expected: *expected,
                    held,
                });
            }
        }
        from.edit_with(|edit| {
            for square in &self.squares {
                let (old, new) = direction.ends(&square.before, &square.after);
                edit.replace(square.index, old.as_ref(), new.clone());
            }
            for hand in &self.hands {
                let (&old, &new) = direction.ends(&hand.before, &hand.after);
                edit.hand(hand.player, hand.piece.clone(), count_delta(old, new));
            }
            if self.turn_changed {
                edit.toggle();
            }
        })
    }
}

/// Which way a diff is applied.
#[derive(Clone, Copy)]
enum Direction {
    /// From the base to the other position.
    Forward,
    /// Back from the other position to the base.
    Backward,
}

impl Direction {
    /// What a change goes from and to, this way.
    fn ends<'a, T>(self, before: &'a T, after: &'a T) -> (&'a T, &'a T) {
        match self {
            Direction::Forward => (before, after),
            Direction::Backward => (after, before),
        }
    }
}

/// `new - old` as a hand change. Counts are at most
/// [`MAX_SQUARE_COUNT`], so the difference fits.
fn count_delta(old: usize, new: usize) -> i32 {
    let magnitude = i32::try_from(old.abs_diff(new)).unwrap_or(i32::MAX);
    if new >= old { magnitude } else { -magnitude }
}

impl<P: Clone + Ord, S: PartialEq, K: SharedPointerKind> GenericQi<P, S, K> {
    /// What changed from `base` to `self`, owned: [`changes_since`]'s
    /// changes, kept as a [`Diff`]. O(what differs), reading only what the
    /// two do not share.
    ///
    /// # Errors
    ///
    /// As [`changes_since`](GenericQi::changes_since): positions of
    /// different shapes or styles have no diff.
    ///
    /// [`changes_since`]: GenericQi::changes_since
    pub fn diff_from(&self, base: &Self) -> Result<Diff<P>, Error> {
        Ok(self.changes_since(base)?.to_diff())
    }
}

impl<P: Clone + Ord, S, K: SharedPointerKind> Changes<'_, P, S, K> {
    /// These changes, owned, as a [`Diff`]: what can be stored, sent and
    /// read back. O(what differs).
    #[must_use]
    pub fn to_diff(&self) -> Diff<P> {
        let squares = self
            .squares()
            .map(
                |SquareChange {
                     index,
                     before,
                     after,
                 }| SquareDiff {
                    index,
                    before: before.cloned(),
                    after: after.cloned(),
                },
            )
            .collect();
        let hands = self
            .hands()
            .map(
                |HandChange {
                     player,
                     piece,
                     before,
                     after,
                 }| HandDiff {
                    player,
                    piece: piece.clone(),
                    before,
                    after,
                },
            )
            .collect();
        // Made from two positions, the invariants hold.
        Diff {
            squares,
            hands,
            turn_changed: self.turn_changed(),
        }
    }
}
