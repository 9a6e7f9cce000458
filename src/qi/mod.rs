//! The position: a board, two hands, two styles and the side to move, every
//! version sharing structure with the one it came from.
//!
//! # What a position holds
//!
//! A position is one pointer to what it shares with its relatives (the
//! board's blocks, both hands and the setup: see [`Shared`]), plus what is
//! its own: its hash, its last few square writes and hand changes (see
//! `src/board/`), its board piece count and the side to move. A clone copies those
//! few words and takes one reference count; a move writes into a copy's
//! kept writes, with no allocation, until they run out. Only a flush of the
//! kept writes, a hand change or a write of a square with a destructor
//! (`String`) makes a new [`Shared`], once per transformation.

use core::fmt;
use core::hash::{Hash, Hasher};

use archery::{ArcTK, RcK, SharedPointer, SharedPointerKind};

use crate::board::{Blocks, BlocksMut, Board, Kept};
use crate::hand::{EntryError, Hand};
use crate::hash::FromScratch;
use crate::shape::{Nested, Shape};
use crate::{Error, Player};

mod changes;
mod edit;
mod hands;
mod kinds;
mod read;

pub use self::changes::{Changes, HandChange, SquareChange, SquareChanges};
pub use self::edit::Edit;

/// A two-player board-game position that shares structure with the version it
/// was made from, over the pointer kind `K`.
///
/// Use it through its two aliases: [`Qi`] (atomically counted pointers,
/// `Send` and `Sync`) and [`LocalQi`] (non-atomic pointers, for one thread).
/// Both run the same code; generic code takes `GenericQi<P, S, K>` with
/// `K: SharedPointerKind`, as rpds and imbl do.
///
/// A position is a board of 1 to 3 dimensions (a flat row-major sequence of
/// squares, each empty or holding a piece `P`), two hands (pieces off the
/// board, as piece → count), one style `S` per player, and the side to move.
///
/// Every transformation takes `&self` and returns a new position; the receiver
/// is never modified, and a transformation that fails returns an [`Error`] and
/// builds nothing. Cloning is O(1) whatever the board size, so keeping every
/// version of a game, or every node of a search tree, costs only what each
/// version changed.
///
/// ```
/// use persistent_qi::{Player, Qi};
///
/// let start: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?;
/// let kings = start.board_diff([(4, Some("K")), (60, Some("k"))])?;
/// let moved = kings.board_diff([(4, None), (12, Some("K"))])?.toggle();
///
/// assert_eq!(moved.square(12), Some(&"K"));
/// assert_eq!(moved.turn(), Player::Second);
/// assert_eq!(kings.square(4), Some(&"K")); // the parent is untouched
/// assert_eq!(start.piece_count(), 0);
/// # Ok::<(), persistent_qi::Error>(())
/// ```
pub struct GenericQi<P, S, K: SharedPointerKind> {
    /// What the position shares with its relatives.
    shared: SharedPointer<Shared<P, S, K>, K>,
    hash: u64,
    /// The position's last square writes and hand changes, over the shared
    /// blocks and hands.
    kept: Kept<P>,
    /// At most [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT), which fits.
    board_pieces: u16,
    turn: Player,
}

/// A position over atomically reference-counted storage: `Send` and `Sync`
/// when its pieces and styles are, so a tree of positions can be expanded
/// by several threads at once and shared between them without locks. See
/// [`GenericQi`] for everything a position does.
pub type Qi<P, S> = GenericQi<P, S, ArcTK>;

/// A position for one thread: the same as [`Qi`] over non-atomic reference
/// counts, so cloning and dropping one costs a plain increment and
/// decrement. Neither `Send` nor `Sync`; [`LocalQi::to_sync`] and
/// [`Qi::to_local`] convert between the two in O(squares). See
/// [`GenericQi`] for everything a position does.
pub type LocalQi<P, S> = GenericQi<P, S, RcK>;

// A position is what a search keeps millions of: its size (with `u8` or
// `Qpi` squares, 58 bytes of it the kept writes and hand changes) is what
// the memory figures of `examples/tree_memory.rs` count for a position that
// shares all its blocks.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<Qi<u8, u8>>() == 80 && size_of::<LocalQi<u8, u8>>() == 80);

/// What a position shares with the versions it came from and leads to: the
/// board's blocks, both hands, and the setup behind a pointer of its own. A
/// hand change or a flush of the kept writes copies this and shares the
/// setup; a move of a few squares shares it whole.
struct Shared<P, S, K: SharedPointerKind> {
    blocks: Blocks<P, K>,
    /// The square count of the setup's shape, one pointer hop closer.
    square_count: usize,
    first_hand: Hand<P, K>,
    second_hand: Hand<P, K>,
    setup: SharedPointer<Setup<S>, K>,
}

/// How the game is set up: the board's shape and each player's style. No
/// transformation changes them.
struct Setup<S> {
    shape: Shape,
    first_style: S,
    second_style: S,
}

impl<P: Clone, S, K: SharedPointerKind> Clone for Shared<P, S, K> {
    fn clone(&self) -> Self {
        Shared {
            blocks: self.blocks.clone(),
            square_count: self.square_count,
            first_hand: self.first_hand.clone(),
            second_hand: self.second_hand.clone(),
            setup: SharedPointer::clone(&self.setup),
        }
    }
}

impl<P, S, K: SharedPointerKind> Shared<P, S, K> {
    fn hand(&self, player: Player) -> &Hand<P, K> {
        match player {
            Player::First => &self.first_hand,
            Player::Second => &self.second_hand,
        }
    }

    fn hand_mut(&mut self, player: Player) -> &mut Hand<P, K> {
        match player {
            Player::First => &mut self.first_hand,
            Player::Second => &mut self.second_hand,
        }
    }
}

impl<P: Clone, S, K: SharedPointerKind> BlocksMut<P, K> for SharedPointer<Shared<P, S, K>, K> {
    #[inline]
    fn blocks(&self) -> &Blocks<P, K> {
        &self.blocks
    }

    #[inline]
    fn blocks_mut(&mut self) -> &mut Blocks<P, K> {
        &mut SharedPointer::make_mut(self).blocks
    }
}

impl<P: Clone, S, K: SharedPointerKind> Clone for GenericQi<P, S, K> {
    /// O(1): copies a few words and the position's last few writes (see
    /// `src/board/`) and takes one reference count, whatever the board
    /// size.
    #[inline]
    fn clone(&self) -> Self {
        GenericQi {
            shared: SharedPointer::clone(&self.shared),
            hash: self.hash,
            kept: self.kept.clone(),
            board_pieces: self.board_pieces,
            turn: self.turn,
        }
    }
}

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
        let blocks = Blocks::from_squares(shape.square_count(), []);
        Ok(GenericQi::empty_hands(
            shape,
            blocks,
            first_style,
            second_style,
        ))
    }

    /// A position with `blocks` (whose pieces are not hashed or counted
    /// yet), empty hands, and the first player to move.
    fn empty_hands(shape: Shape, blocks: Blocks<P, K>, first_style: S, second_style: S) -> Self {
        let hash =
            FromScratch::new(shape.sizes(), &first_style, &second_style).finish(Player::First);
        GenericQi {
            shared: SharedPointer::new(Shared {
                blocks,
                square_count: shape.square_count(),
                first_hand: Hand::default(),
                second_hand: Hand::default(),
                setup: SharedPointer::new(Setup {
                    shape,
                    first_style,
                    second_style,
                }),
            }),
            hash,
            kept: Kept::EMPTY,
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
    /// - `shape`: the dimension sizes, outermost first, as for [`Qi::new`].
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
    /// - the shape, with the errors of [`Qi::new`];
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
        let blocks = Blocks::from_squares(
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
        let mut position = GenericQi::empty_hands(shape, blocks, first_style, second_style);
        position.board_pieces = board_pieces;
        position.fill_hand(Player::First, first_hand, &mut hash)?;
        position.fill_hand(Player::Second, second_hand, &mut hash)?;
        position.turn = turn;
        position.hash = hash.finish(turn);
        Ok(position)
    }

    /// Fills an empty hand of a position under construction from its
    /// entries. See [`from_parts`](Qi::from_parts) for the checks.
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
            let hand = SharedPointer::make_mut(&mut self.shared).hand_mut(player);
            match hand.insert_new(piece, count) {
                Ok(()) => {}
                Err(EntryError::Duplicate) => {
                    return Err(Error::DuplicateHandPiece { player, entry });
                }
                Err(EntryError::Overflow) => {
                    return Err(Error::TooManyPieces {
                        pieces: usize::MAX,
                        squares,
                    });
                }
            }
            self.check_cardinality()?;
        }
        Ok(())
    }
}

impl<P: Clone + Ord + Hash, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// A position with some squares replaced.
    ///
    /// Each change is `(flat_index, square)`: `Some(piece)` puts a piece on
    /// the square (replacing whatever was there), `None` empties it. Changes
    /// apply in order, so an index given twice ends with its last value.
    /// Indices are row-major; see [`index_of`](Qi::index_of).
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
    /// player's hand. See [`hand_diff`](Qi::hand_diff).
    ///
    /// # Errors
    ///
    /// As [`hand_diff`](Qi::hand_diff).
    pub fn first_hand_diff(
        &self,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Error> {
        self.hand_diff(Player::First, changes)
    }

    /// A position with some pieces added to or removed from the second
    /// player's hand. See [`hand_diff`](Qi::hand_diff).
    ///
    /// # Errors
    ///
    /// As [`hand_diff`](Qi::hand_diff).
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
    pub fn square(&self, index: usize) -> Option<&P> {
        // Past the last square, the board holds only empty padding or
        // nothing: no bounds check against the shape is needed.
        self.board().get(index)
    }

    /// Every square of the board in row-major order, `None` for an empty one.
    /// Amortized O(1) per square.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Option<&P>> + '_ {
        self.board().squares(self.square_count())
    }

    /// The board: the shared blocks under the position's kept writes.
    #[inline]
    fn board(&self) -> Board<'_, P, K> {
        self.shared.blocks.with(&self.kept)
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
    /// [`index_of`](Qi::index_of).
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

impl<P: PartialEq, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// `true` if the two share their storage (one pointer to the blocks,
    /// hands and setup) and hold the same writes of their own, slot for
    /// slot, with the same hash, piece count and side to move: what a clone
    /// holds. So `true` means they are equal, found without reading a shared
    /// square: O(1). `false` says nothing about content: positions built
    /// apart are `==` without sharing storage.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?;
    /// assert!(start.clone().ptr_eq(&start));
    /// let built_apart: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?;
    /// assert!(!built_apart.ptr_eq(&start));
    /// assert_eq!(built_apart, start);
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        SharedPointer::ptr_eq(&self.shared, &other.shared)
            && self.hash == other.hash
            && self.turn == other.turn
            && self.board_pieces == other.board_pieces
            && self.kept.identical(&other.kept)
    }
}

impl<P: Ord, S: PartialEq, K: SharedPointerKind> PartialEq for GenericQi<P, S, K> {
    /// Equal content: shape, styles, turn, every square and both hands.
    ///
    /// Clones compare in O(1) (see [`ptr_eq`](GenericQi::ptr_eq));
    /// positions with different hashes too. Positions that share their storage compare their kept writes
    /// only. Otherwise the boards are compared block by block, skipping the
    /// blocks the two share.
    fn eq(&self, other: &Self) -> bool {
        if self.ptr_eq(other) {
            return true;
        }
        if self.hash != other.hash
            || self.turn != other.turn
            || self.board_pieces != other.board_pieces
            || self.hand_piece_count() != other.hand_piece_count()
        {
            return false;
        }
        let (mine, theirs) = (&*self.shared, &*other.shared);
        let same_setup = SharedPointer::ptr_eq(&mine.setup, &theirs.setup)
            || (mine.setup.shape == theirs.setup.shape
                && mine.setup.first_style == theirs.setup.first_style
                && mine.setup.second_style == theirs.setup.second_style);
        let same_hands = if core::ptr::eq(mine, theirs) {
            self.kept.same_hand_changes(&other.kept)
        } else {
            self.same_hands(other)
        };
        // Equal shapes have equal block layouts, so the boards compare block
        // by block.
        same_setup
            && same_hands
            && self
                .board()
                .same_squares(other.board(), self.square_count())
    }
}

impl<P: Ord, S: Eq, K: SharedPointerKind> Eq for GenericQi<P, S, K> {}

impl<P, S, K: SharedPointerKind> Hash for GenericQi<P, S, K> {
    /// Writes only [`position_hash`](GenericQi::position_hash): O(1).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

// The hash is bookkeeping derived from the content, not part of what a
// position is.
#[allow(clippy::missing_fields_in_debug)]
impl<P: Ord + fmt::Debug, S: fmt::Debug, K: SharedPointerKind> fmt::Debug for GenericQi<P, S, K> {
    /// Compact: the occupied squares only, by flat index.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Occupied<'a, P, S, K: SharedPointerKind>(&'a GenericQi<P, S, K>);
        impl<P: fmt::Debug, S, K: SharedPointerKind> fmt::Debug for Occupied<'_, P, S, K> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map()
                    .entries(
                        self.0
                            .squares()
                            .enumerate()
                            .filter_map(|(index, square)| square.map(|piece| (index, piece))),
                    )
                    .finish()
            }
        }
        struct HandOf<'a, P, S, K: SharedPointerKind>(&'a GenericQi<P, S, K>, Player);
        impl<P: Ord + fmt::Debug, S, K: SharedPointerKind> fmt::Debug for HandOf<'_, P, S, K> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map().entries(self.0.hand(self.1)).finish()
            }
        }
        f.debug_struct("Qi")
            .field("shape", &self.shape())
            .field("board", &Occupied(self))
            .field("first_hand", &HandOf(self, Player::First))
            .field("second_hand", &HandOf(self, Player::Second))
            .field("first_style", self.first_style())
            .field("second_style", self.second_style())
            .field("turn", &self.turn)
            .finish()
    }
}
