//! The transformations of one kind of change each: board diffs, hand diffs
//! and the turn. Each is one [`edit`](super::GenericQi::edit).

use core::hash::Hash;

use archery::SharedPointerKind;

use super::GenericQi;
use crate::{Error, Player};

impl<P: Clone + Ord + Hash, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// A position with some squares replaced.
    ///
    /// Each change is `(flat_index, square)`: `Some(piece)` puts a piece on
    /// the square (replacing whatever was there), `None` empties it. Changes
    /// apply in order, so an index given twice ends with its last value.
    /// Indices are row-major; see [`index_of`](GenericQi::index_of).
    ///
    /// The new position shares every block of squares it does not change with
    /// `self`: k changes cost O(k log n) time and O(k) new memory.
    ///
    /// ```
    /// use persistent_qi::{Error, Qi};
    ///
    /// let empty: Qi<&str, &str> = Qi::new(&[2, 2], "C", "c")?;
    /// let one = empty.board_diff([(0, Some("K")), (0, Some("Q")), (3, Some("k"))])?;
    /// assert_eq!(one.square(0), Some(&"Q"));
    ///
    /// let error = empty.board_diff([(1, Some("K")), (99, None)]).unwrap_err();
    /// assert_eq!(error.to_string(), "invalid flat index: 99 (board has 4 squares)");
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::IndexOutOfRange`] for the first index that is not a square of
    /// the board; otherwise [`Error::TooManyPieces`] if the result would hold
    /// more pieces (board and hands) than squares. `self` is unchanged either
    /// way.
    pub fn board_diff(
        &self,
        changes: impl IntoIterator<Item = (usize, Option<P>)>,
    ) -> Result<Self, Error> {
        self.edit_with(|edit| {
            edit.board_diff(changes);
        })
    }

    /// A position with some pieces added to or removed from the first
    /// player's hand. See [`hand_diff`](GenericQi::hand_diff).
    ///
    /// # Errors
    ///
    /// As [`hand_diff`](GenericQi::hand_diff).
    pub fn first_hand_diff(
        &self,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Error> {
        self.hand_diff(Player::First, changes)
    }

    /// A position with some pieces added to or removed from the second
    /// player's hand. See [`hand_diff`](GenericQi::hand_diff).
    ///
    /// # Errors
    ///
    /// As [`hand_diff`](GenericQi::hand_diff).
    pub fn second_hand_diff(
        &self,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Error> {
        self.hand_diff(Player::Second, changes)
    }

    /// A position with some pieces added to or removed from a player's hand.
    ///
    /// Each change is `(piece, delta)`: a positive delta adds that many
    /// copies, a negative one removes them, 0 does nothing (even for a piece
    /// the hand does not hold). Changes apply in order, so a piece given twice
    /// accumulates; an entry whose count reaches 0 disappears. The piece
    /// total is checked on the result, so a diff may overshoot and come back
    /// within one call, by at most 2<sup>31</sup> pieces (what one change
    /// can take back): a change that takes the total further fails at once,
    /// so a long or endless run of additions fails at its second change.
    /// Reading the diff stops at its first failing change.
    ///
    /// ```
    /// use persistent_qi::{Player, Qi};
    ///
    /// let start: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")?;
    /// let held = start.hand_diff(Player::First, [("P", 2), ("B", 1), ("P", -1)])?;
    /// assert_eq!(held.first_hand().collect::<Vec<_>>(), [(&"B", 1), (&"P", 1)]);
    /// assert_eq!(held.hand_piece_count(), 2);
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::HandUnderflow`] for the first change that removes more copies
    /// than the hand holds at that point, [`Error::TooManyPieces`] for the
    /// first that takes the piece total more than 2<sup>31</sup> past the
    /// square count; otherwise [`Error::TooManyPieces`] if the result would
    /// hold more pieces than squares. `self` is unchanged either way.
    pub fn hand_diff(
        &self,
        player: Player,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Error> {
        self.edit_with(|edit| {
            edit.hand_diff(player, changes);
        })
    }
}

impl<P: Clone, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The same position with the other player to move. O(1).
    ///
    /// ```
    /// use persistent_qi::{Player, Qi};
    ///
    /// let start: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?;
    /// assert_eq!(start.toggle().turn(), Player::Second);
    /// assert_eq!(start.toggle().toggle(), start);
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn toggle(&self) -> Self {
        self.with_turn(self.turn.flip())
    }

    /// The same position with `turn` to move. O(1).
    #[must_use]
    pub fn with_turn(&self, turn: Player) -> Self {
        let mut next = self.clone();
        next.set_turn(turn);
        next
    }
}
