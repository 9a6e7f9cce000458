//! What a position holds, read: its shape, squares, hands, styles, turn,
//! counts and hash, each in O(1) or O(what is read).

use archery::SharedPointerKind;

use super::GenericQi;
use crate::shape::Nested;
use crate::{Error, Player};

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The dimension sizes, outermost first (`[8, 8]` for chess).
    #[must_use]
    pub fn shape(&self) -> &[usize] {
        self.shared.setup.shape.sizes()
    }

    /// The number of dimensions, 1 to 3.
    #[must_use]
    pub fn dimension_count(&self) -> usize {
        self.shared.setup.shape.dimension_count()
    }

    /// The number of squares: the product of the dimension sizes.
    #[must_use]
    pub fn square_count(&self) -> usize {
        self.shared.setup.shape.square_count()
    }

    /// The number of pieces on the board and in both hands. O(1): it is
    /// kept up to date by every transformation, never recounted.
    #[must_use]
    pub fn piece_count(&self) -> usize {
        self.board_piece_count() + self.hand_piece_count()
    }

    /// The number of pieces on the board. O(1).
    #[must_use]
    pub fn board_piece_count(&self) -> usize {
        usize::from(self.board_pieces)
    }

    /// The number of pieces in both hands together. O(1).
    #[must_use]
    pub fn hand_piece_count(&self) -> usize {
        self.hand_total(Player::First) + self.hand_total(Player::Second)
    }

    /// The player to move.
    #[must_use]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The first player's style.
    #[must_use]
    pub fn first_style(&self) -> &S {
        &self.shared.setup.first_style
    }

    /// The second player's style.
    #[must_use]
    pub fn second_style(&self) -> &S {
        &self.shared.setup.second_style
    }

    /// A player's style.
    #[must_use]
    pub fn style(&self, player: Player) -> &S {
        match player {
            Player::First => self.first_style(),
            Player::Second => self.second_style(),
        }
    }

    /// The piece on a square, or `None` if the square is empty or `index` is
    /// not a square of the board. O(log n) with a very flat tree: at most
    /// three node hops on the largest board.
    #[must_use]
    #[inline]
    pub fn square(&self, index: usize) -> Option<&P> {
        // Past the last square, the board holds only empty padding or
        // nothing: no bounds check against the shape is needed.
        self.view().get(index)
    }

    /// Every square of the board in row-major order, `None` for an empty one.
    /// Amortized O(1) per square.
    ///
    /// How to read a whole board: with [`board_into`](GenericQi::board_into),
    /// a memory copy, or with this iterator's `for_each` or `fold`, which
    /// walk runs of untouched squares as slices. Zipped into an array, it is
    /// read square by square (`next`), 25 to 45 times `board_into`'s time on
    /// a 19x19 board of `Qpi` or `u8` (`squares_into` in
    /// `docs/performance.md`); a Go program that zipped `squares()` into its
    /// array each ply ran its playouts at 0.51-0.60 of the speed of a
    /// copying position, and at 0.96 with `board_into`.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Option<&P>> + '_ {
        self.view().squares(self.square_count())
    }

    /// The board arranged along its dimensions. O(squares): for display and
    /// serialization.
    ///
    /// ```
    /// use persistent_qi::{Nested, Qi};
    ///
    /// let position: Qi<&str, &str> = Qi::new(&[2, 3], "C", "c")?.board_diff([(4, Some("K"))])?;
    /// assert_eq!(
    ///     position.to_nested(),
    ///     Nested::Grid(vec![vec![None, None, None], vec![None, Some(&"K"), None]]),
    /// );
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn to_nested(&self) -> Nested<&P> {
        self.shared.setup.shape.nest(self.squares())
    }

    /// The flat row-major index of the square at `coordinates`, outermost
    /// first: `file` in 1D, `rank * files + file` in 2D,
    /// `layer * ranks * files + rank * files + file` in 3D.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let board: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?;
    /// assert_eq!(board.index_of(&[1, 2])?, 5);
    /// assert_eq!(board.coordinates_of(5)?, [1, 2]);
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::CoordinateCountMismatch`] unless there is one coordinate per
    /// dimension; [`Error::CoordinateOutOfRange`] for the first coordinate not
    /// smaller than its dimension.
    pub fn index_of(&self, coordinates: &[usize]) -> Result<usize, Error> {
        self.shared.setup.shape.index_of(coordinates)
    }

    /// The coordinates of a flat index, outermost first: the inverse of
    /// [`index_of`](GenericQi::index_of).
    ///
    /// # Errors
    ///
    /// [`Error::IndexOutOfRange`] if `index` is not a square of the board.
    pub fn coordinates_of(&self, index: usize) -> Result<Vec<usize>, Error> {
        self.shared.setup.shape.coordinates_of(index)
    }

    /// The position's 64-bit hash. O(1) to read: every transformation updates
    /// it in O(changes).
    ///
    /// It is the XOR of one keyed term per feature: each occupied square
    /// (index, piece), each hand entry (player, piece, count), the shape, the
    /// two styles, and the side to move when it is the second player. Pieces
    /// and styles enter through their [`Hash`] impl, fed to a fixed,
    /// unseeded hasher, so positions reached by different routes hash alike.
    ///
    /// # Stability
    ///
    /// The value depends only on the position's content and on the `Hash`
    /// impls of `P` and `S`: it is the same on every run, every thread and
    /// every platform (integers are hashed by value, not by their bytes in
    /// memory). It is part of the crate's contract, pinned by a golden test,
    /// and changes only with a major version. It is not a cryptographic hash:
    /// do not rely on it against an adversary choosing positions to collide.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?;
    /// let a = start.board_diff([(0, Some("R"))])?.board_diff([(7, Some("R"))])?;
    /// let b = start.board_diff([(7, Some("R")), (0, Some("R"))])?;
    /// assert_eq!(a.position_hash(), b.position_hash());
    /// assert_ne!(a.position_hash(), a.toggle().position_hash());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn position_hash(&self) -> u64 {
        self.hash
    }
}

impl<P: Ord, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The first player's hand as `(piece, count)` pairs in piece order.
    pub fn first_hand(&self) -> impl Iterator<Item = (&P, usize)> + '_ {
        self.hand(Player::First)
    }

    /// The second player's hand as `(piece, count)` pairs in piece order.
    pub fn second_hand(&self) -> impl Iterator<Item = (&P, usize)> + '_ {
        self.hand(Player::Second)
    }

    /// A player's hand as `(piece, count)` pairs in piece order. Counts are
    /// never 0.
    pub fn hand(&self, player: Player) -> impl Iterator<Item = (&P, usize)> + '_ {
        self.effective_hand(player)
    }

    /// How many copies of `piece` the first player holds (0 if none).
    /// O(log h) for h kinds of piece in the hand.
    #[must_use]
    pub fn first_hand_count(&self, piece: &P) -> usize {
        self.hand_count(Player::First, piece)
    }

    /// How many copies of `piece` the second player holds (0 if none).
    #[must_use]
    pub fn second_hand_count(&self, piece: &P) -> usize {
        self.hand_count(Player::Second, piece)
    }

    /// How many copies of `piece` a player holds (0 if none).
    #[must_use]
    pub fn hand_count(&self, player: Player, piece: &P) -> usize {
        self.effective_count(player, piece)
    }
}

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The board: every square in row-major order, `None` for an empty
    /// one. What `sashite-qi`'s `board()` gives as a slice, as an iterator
    /// that knows its length (a position has no slice of its squares: they
    /// live in shared blocks under its last few writes); the same as
    /// [`squares`](GenericQi::squares), under the name `sashite-qi` users
    /// look for. Index a square with [`square`](GenericQi::square), and see
    /// [`to_nested`](GenericQi::to_nested) for the board along its
    /// dimensions. Amortized O(1) per square.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let position: Qi<&str, &str> = Qi::new(&[2, 2], "C", "c")?.board_diff([(1, Some("K"))])?;
    /// let board: Vec<Option<&&str>> = position.board().collect();
    /// assert_eq!(board, [None, Some(&"K"), None, None]);
    /// assert_eq!(position.board().len(), position.square_count());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    pub fn board(&self) -> impl ExactSizeIterator<Item = Option<&P>> + '_ {
        self.squares()
    }

    /// The occupied squares in index order, as `(flat index, piece)`: what
    /// a move generator walks. O(squares): it reads every square, skipping
    /// the empty ones. Consumers that fold (`for_each`, `fold`, `count`,
    /// `sum`) walk 16 squares at a time, a stretch with no piece skipped
    /// at once; `next` (a `for` loop) searches again at each piece, so on
    /// a crowded board `for_each` is the faster walk.
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
        self.view().occupied(self.square_count())
    }
}

impl<P: Clone, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Copies the board into `out`, one square per square in index order,
    /// `None` for an empty one: what a move generator reads a node into.
    ///
    /// The fastest way to read a whole board: the shared blocks are copied
    /// with `clone_from_slice` (a memory copy for `Copy` pieces), then the
    /// position's logged and kept writes are stored over them, oldest
    /// first. O(squares) for the copy plus a fixed 24 tests for the writes
    /// (one per slot that can hold one, used or not: no loop ends on how
    /// many there are), with no comparison per square; a move generator
    /// that reads each node once should read it with this, into an array
    /// it keeps.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let position: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?.board_diff([(4, Some(7))])?;
    /// let mut squares = [None; 9];
    /// position.board_into(&mut squares)?;
    /// assert_eq!(squares, [None, None, None, None, Some(7), None, None, None, None]);
    ///
    /// let error = position.board_into(&mut [None; 8]).unwrap_err();
    /// assert_eq!(error.to_string(), "the board has 9 squares, the output 8");
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::OutputLengthMismatch`] if `out` is not as long as the board
    /// (nothing is written then).
    pub fn board_into(&self, out: &mut [Option<P>]) -> Result<(), Error> {
        let squares = self.square_count();
        if out.len() != squares {
            return Err(Error::OutputLengthMismatch {
                squares,
                output: out.len(),
            });
        }
        self.view().clone_into(out);
        Ok(())
    }
}
