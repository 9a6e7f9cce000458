//! Readers a move generator and a user coming from `sashite-qi` reach for,
//! built on the position's other public readers.

use archery::SharedPointerKind;

use super::GenericQi;

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The board: every square in row-major order, `None` for an empty
    /// one. What `sashite-qi`'s `board()` gives as a slice, as an iterator
    /// that knows its length (a position has no slice of its squares: they
    /// live in shared blocks under its last few writes). The same as
    /// [`squares`](GenericQi::squares); index a square with
    /// [`square`](GenericQi::square), and see
    /// [`to_nested`](GenericQi::to_nested) for the board along its
    /// dimensions. Amortized O(1) per square.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let position: Qi<&str, &str> = Qi::new(&[2, 2], "C", "c")?.board_diff([(1, Some("K"))])?;
    /// let board: Vec<Option<&&str>> = position.board_squares().collect();
    /// assert_eq!(board, [None, Some(&"K"), None, None]);
    /// assert_eq!(position.board_squares().len(), position.square_count());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[doc(alias = "board")]
    pub fn board_squares(&self) -> impl ExactSizeIterator<Item = Option<&P>> + '_ {
        self.squares()
    }

    /// The occupied squares in index order, as `(flat index, piece)`: what
    /// a move generator walks. O(squares): it reads every square, skipping
    /// the empty ones.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let position: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?
    ///     .board_diff([(60, Some("k")), (4, Some("K")), (12, Some("P"))])?;
    /// let occupied: Vec<(usize, &&str)> = position.occupied().collect();
    /// assert_eq!(occupied, [(4, &"K"), (12, &"P"), (60, &"k")]);
    /// assert_eq!(position.occupied().count(), position.board_piece_count());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    pub fn occupied(&self) -> impl Iterator<Item = (usize, &P)> + '_ {
        self.squares()
            .enumerate()
            .filter_map(|(index, square)| Some((index, square?)))
    }
}
