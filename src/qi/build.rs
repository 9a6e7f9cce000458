//! Building a position: an empty one, or one from its whole content.

use core::hash::Hash;

use archery::{SharedPointer, SharedPointerKind};

use super::{GenericQi, KeptChanges, Setup, Shared};
use crate::board::Store;
use crate::hand::{self, Hand};
use crate::hash::FromScratch;
use crate::shape::Shape;
use crate::{Error, Player};

impl<P, S: Hash, K: SharedPointerKind> GenericQi<P, S, K> {
    /// An empty position: every square empty, both hands empty, the first
    /// player to move.
    ///
    /// `shape` lists the dimension sizes, outermost first (`&[8, 8]`,
    /// `&[9, 9]`, `&[5, 5, 5]`). It is validated in this order, the first
    /// failing check giving the error: the dimension count (1 to
    /// [`MAX_DIMENSIONS`](crate::MAX_DIMENSIONS)), then each size from the
    /// first (1 to [`MAX_DIMENSION_SIZE`](crate::MAX_DIMENSION_SIZE)), then
    /// their product (at most [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT)).
    ///
    /// Building the board costs O(squares), once; every later version shares it.
    ///
    /// ```
    /// use persistent_qi::{Error, Qi};
    ///
    /// let chess: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?;
    /// assert_eq!(chess.square_count(), 64);
    ///
    /// assert_eq!(
    ///     Qi::<&str, &str>::new(&[255, 255, 2], "C", "c").unwrap_err(),
    ///     Error::TooManySquares { squares: 130_050 },
    /// );
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::EmptyShape`], [`Error::TooManyDimensions`],
    /// [`Error::DimensionTooSmall`], [`Error::DimensionTooLarge`] or
    /// [`Error::TooManySquares`], as above.
    pub fn new(shape: &[usize], first_style: S, second_style: S) -> Result<Self, Error> {
        let shape = Shape::new(shape)?;
        let store = Store::from_squares(shape.square_count(), []);
        Ok(GenericQi::empty_hands(
            shape,
            store,
            first_style,
            second_style,
        ))
    }

    /// A position with `store` (whose pieces are not hashed or counted
    /// yet), empty hands, and the first player to move.
    fn empty_hands(shape: Shape, store: Store<P, K>, first_style: S, second_style: S) -> Self {
        let hash =
            FromScratch::new(shape.sizes(), &first_style, &second_style).finish(Player::First);
        GenericQi {
            shared: SharedPointer::new(Shared::new(
                store,
                [Hand::default(), Hand::default()],
                Setup {
                    shape,
                    first_style,
                    second_style,
                },
            )),
            hash,
            kept: KeptChanges::EMPTY,
            board_pieces: 0,
            turn: Player::First,
        }
    }
}

impl<P: Clone + Ord + Hash, S: Hash, K: SharedPointerKind> GenericQi<P, S, K> {
    /// A position built from its whole content, validated as the
    /// transformations validate: the one way to build a position in a
    /// single step, whatever the source (a decoder, a notation, a generator).
    ///
    /// - `shape`: the dimension sizes, outermost first, as for [`Qi::new`](GenericQi::new).
    /// - `squares`: every square in row-major order, `None` for an empty one;
    ///   exactly as many as the shape has.
    /// - `first_hand`, `second_hand`: `(piece, count)` entries in any order,
    ///   each piece at most once, each count at least 1.
    /// - the two styles, and the player to move.
    ///
    /// Building costs O(squares + hand entries x log(hand entries)), once.
    ///
    /// ```
    /// use persistent_qi::{Error, Player, Qi};
    ///
    /// let squares = [Some("K"), None, None, Some("k")];
    /// let position: Qi<&str, &str> =
    ///     Qi::from_parts(&[2, 2], squares, [("P", 2)], [], "C", "c", Player::Second)?;
    /// assert_eq!(position.square(3), Some(&"k"));
    /// assert_eq!(position.first_hand_count(&"P"), 2);
    /// assert_eq!(position.piece_count(), 4);
    ///
    /// // The same content built by the transformations is the same position.
    /// let built = Qi::new(&[2, 2], "C", "c")?.edit_with(|edit| {
    ///     edit.set(0, Some("K")).set(3, Some("k")).hand(Player::First, "P", 2).toggle();
    /// })?;
    /// assert_eq!(built, position);
    ///
    /// let error = Qi::<&str, &str>::from_parts(&[2, 2], squares, [("P", 3)], [], "C", "c", Player::First)
    ///     .unwrap_err();
    /// assert_eq!(error, Error::TooManyPieces { pieces: 5, squares: 4 });
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Checked in this order, the first failure giving the error:
    ///
    /// - the shape, with the errors of [`Qi::new`](GenericQi::new);
    /// - [`Error::SquareCountMismatch`] if `squares` does not yield exactly
    ///   one square per square of the shape. Reading stops at the first
    ///   square past the shape's count, so `given` is the number of squares
    ///   when there are too few, and the shape's count plus one ("at least
    ///   that many") when there are too many: an endless iterator is
    ///   refused in O(squares);
    /// - the entries of the first hand, then of the second, in order:
    ///   [`Error::ZeroHandCount`] for a count of 0,
    ///   [`Error::DuplicateHandPiece`] for a piece listed a second time, and
    ///   [`Error::TooManyPieces`] as soon as the pieces counted so far (board,
    ///   then hand entries) outnumber the squares. Reading stops there, so
    ///   however long the hands, no more than one entry per square is held.
    pub fn from_parts(
        shape: &[usize],
        squares: impl IntoIterator<Item = Option<P>>,
        first_hand: impl IntoIterator<Item = (P, usize)>,
        second_hand: impl IntoIterator<Item = (P, usize)>,
        first_style: S,
        second_style: S,
        turn: Player,
    ) -> Result<Self, Error> {
        let shape = Shape::new(shape)?;
        let square_count = shape.square_count();
        // The hash is computed term by term from the content as it is read,
        // never carried over from an update: it is the reference the
        // incremental hash is tested against.
        let mut hash = FromScratch::new(shape.sizes(), &first_style, &second_style);
        // At most MAX_SQUARE_COUNT squares are taken, so the count fits.
        let (mut given, mut board_pieces) = (0, 0_u16);
        let mut squares = squares.into_iter();
        let store = Store::from_squares(
            square_count,
            squares.by_ref().take(square_count).inspect(|square| {
                if let Some(piece) = square {
                    hash.square(given, piece);
                    board_pieces += 1;
                }
                given += 1;
            }),
        );
        // One square past the shape's is enough to refuse: the rest are not
        // read, so an endless iterator is refused as fast as a long one. A
        // short one is not read again once it has ended.
        let given = given + usize::from(given == square_count && squares.next().is_some());
        if given != square_count {
            return Err(Error::SquareCountMismatch {
                expected: square_count,
                given,
            });
        }
        let mut position = GenericQi::empty_hands(shape, store, first_style, second_style);
        position.board_pieces = board_pieces;
        position.fill_hand(Player::First, first_hand, &mut hash)?;
        position.fill_hand(Player::Second, second_hand, &mut hash)?;
        position.turn = turn;
        position.hash = hash.finish(turn);
        Ok(position)
    }

    /// Fills an empty hand of a position under construction from its
    /// entries. See [`from_parts`](GenericQi::from_parts) for the checks.
    fn fill_hand(
        &mut self,
        player: Player,
        entries: impl IntoIterator<Item = (P, usize)>,
        hash: &mut FromScratch,
    ) -> Result<(), Error> {
        let squares = self.square_count();
        for (entry, (piece, count)) in entries.into_iter().enumerate() {
            if count == 0 {
                return Err(Error::ZeroHandCount { player, entry });
            }
            hash.hand_entry(player, &piece, count);
            super::shared_mut(&mut self.shared)
                .hand_mut(player)
                .insert_new(piece, count)
                .map_err(|error| hand::refused(error, player, entry, squares))?;
            self.check_cardinality()?;
        }
        Ok(())
    }
}
