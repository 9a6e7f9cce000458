//! The reference model: a position written the obvious way, with plain `std`
//! collections and no sharing, against which a `Qi` is checked.
//!
//! Every rule of the crate is restated here independently of the library:
//! counts are kept in `u128` so that overflow is decided by comparison rather
//! than by checked arithmetic. A change costs O(changes) (plus one copy of
//! the squares if a kept version shares them), so that a long scenario on a
//! large board stays fast; the piece counters it keeps are checked against
//! a recount by [`Model::recount`].

use std::collections::BTreeMap;
use std::rc::Rc;

use persistent_qi::{Error, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Player};

use crate::scenario::ChangeRef;

/// A position as a `Vec` of squares, two `BTreeMap` hands, two styles and the
/// side to move: what a `Qi` must read like.
///
/// `==` compares all of it, which is exactly what `Qi`'s `==` must compute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model<P, S> {
    /// The dimension sizes, outermost first.
    pub shape: Vec<usize>,
    /// Every square in row-major order: a plain `Vec`, shared with the
    /// versions a scenario keeps until a change copies it.
    pub squares: Rc<Vec<Option<P>>>,
    /// The first player's hand; no count is 0.
    pub first_hand: BTreeMap<P, usize>,
    /// The second player's hand; no count is 0.
    pub second_hand: BTreeMap<P, usize>,
    /// The first player's style.
    pub first_style: S,
    /// The second player's style.
    pub second_style: S,
    /// The player to move.
    pub turn: Player,
    /// The pieces on the board, kept up to date by every change.
    board_pieces: usize,
    /// The pieces in each hand, kept up to date by every change.
    hand_pieces: [usize; 2],
}

/// The square count of a shape, or the error `Qi::new` must give for it,
/// found in the documented order.
pub(crate) fn square_count(shape: &[usize]) -> Result<usize, Error> {
    if shape.is_empty() {
        return Err(Error::EmptyShape);
    }
    if shape.len() > MAX_DIMENSIONS {
        return Err(Error::TooManyDimensions {
            dimensions: shape.len(),
        });
    }
    for (dimension, &size) in shape.iter().enumerate() {
        if size == 0 {
            return Err(Error::DimensionTooSmall { dimension, size });
        }
        if size > MAX_DIMENSION_SIZE {
            return Err(Error::DimensionTooLarge { dimension, size });
        }
    }
    let squares: u128 = shape.iter().map(|&size| size as u128).product();
    let squares = usize::try_from(squares).expect("at most 255^3 squares");
    if squares > MAX_SQUARE_COUNT {
        return Err(Error::TooManySquares { squares });
    }
    Ok(squares)
}

/// How far past the square count an edit's running piece total may go
/// before the edit fails: `-i32::MIN`, what one hand change takes back.
const OVERSHOOT: u128 = 1 << 31;

/// The error for `pieces` pieces on `squares` squares, if they do not fit.
fn check_total(pieces: u128, squares: usize) -> Result<(), Error> {
    if pieces > squares as u128 {
        return Err(Error::TooManyPieces {
            pieces: fits(pieces),
            squares,
        });
    }
    Ok(())
}

/// A count known to fit a `usize`, as one.
fn fits(count: u128) -> usize {
    usize::try_from(count).unwrap_or(usize::MAX)
}

fn index_of(player: Player) -> usize {
    usize::from(player.is_second())
}

impl<P: Clone + Ord, S> Model<P, S> {
    /// An empty position, or the error `Qi::new` must give for this shape.
    ///
    /// # Errors
    ///
    /// The shape errors of [`Error`], with their fields.
    pub fn new(shape: &[usize], first_style: S, second_style: S) -> Result<Self, Error> {
        Ok(Model {
            shape: shape.to_vec(),
            squares: Rc::new(vec![None; square_count(shape)?]),
            first_hand: BTreeMap::new(),
            second_hand: BTreeMap::new(),
            first_style,
            second_style,
            turn: Player::First,
            board_pieces: 0,
            hand_pieces: [0, 0],
        })
    }

    /// A position from its content, or the error `Qi::from_parts` must give
    /// for it: the shape's; then the square count (too many squares counted
    /// as one past the shape's: reading stops there); then each entry of the
    /// first hand and of the second in order (a zero count, a hand total
    /// beyond `usize`, a piece listed again, the pieces so far beyond the
    /// squares).
    ///
    /// # Errors
    ///
    /// As above, with their fields.
    pub fn from_parts(
        shape: &[usize],
        squares: &[Option<P>],
        hands: [&[(P, usize)]; 2],
        first_style: S,
        second_style: S,
        turn: Player,
    ) -> Result<Self, Error> {
        let mut model = Model::new(shape, first_style, second_style)?;
        if squares.len() != model.square_count() {
            return Err(Error::SquareCountMismatch {
                expected: model.square_count(),
                given: squares.len().min(model.square_count() + 1),
            });
        }
        model.squares = Rc::new(squares.to_vec());
        model.board_pieces = squares.iter().flatten().count();
        model.turn = turn;
        let mut totals = [0_u128; 2];
        for player in Player::ALL {
            for (entry, (piece, count)) in hands[index_of(player)].iter().enumerate() {
                if *count == 0 {
                    return Err(Error::ZeroHandCount { player, entry });
                }
                totals[index_of(player)] += *count as u128;
                if totals[index_of(player)] > usize::MAX as u128 {
                    return Err(Error::TooManyPieces {
                        pieces: usize::MAX,
                        squares: model.square_count(),
                    });
                }
                if model
                    .hand_mut(player)
                    .insert(piece.clone(), *count)
                    .is_some()
                {
                    return Err(Error::DuplicateHandPiece { player, entry });
                }
                let pieces = model.board_pieces as u128 + totals[0] + totals[1];
                check_total(pieces, model.square_count())?;
            }
        }
        model.hand_pieces = totals.map(fits);
        Ok(model)
    }

    /// The number of squares.
    #[must_use]
    pub fn square_count(&self) -> usize {
        self.squares.len()
    }

    /// The pieces on the board, as the changes left them.
    #[must_use]
    pub fn board_piece_count(&self) -> usize {
        self.board_pieces
    }

    /// The pieces in both hands, as the changes left them.
    #[must_use]
    pub fn hand_piece_count(&self) -> usize {
        self.hand_pieces[0] + self.hand_pieces[1]
    }

    /// The board and hand piece counts recounted from the squares and the
    /// hands, in O(squares): what the two counters must equal.
    #[must_use]
    pub fn recount(&self) -> (usize, usize) {
        let board = self.squares.iter().flatten().count();
        let hands = self.first_hand.values().chain(self.second_hand.values());
        (board, hands.sum())
    }

    /// A player's hand.
    #[must_use]
    pub fn hand(&self, player: Player) -> &BTreeMap<P, usize> {
        match player {
            Player::First => &self.first_hand,
            Player::Second => &self.second_hand,
        }
    }

    fn hand_mut(&mut self, player: Player) -> &mut BTreeMap<P, usize> {
        match player {
            Player::First => &mut self.first_hand,
            Player::Second => &mut self.second_hand,
        }
    }

    /// Applies the changes of an edit (or of a diff: an edit of one kind of
    /// change), as `Qi::edit` must: in order, the first index off the board
    /// or removal of more than is held being the error (with its change
    /// number), an addition that takes the running piece total more than
    /// 2^31 past the squares an error at once; then the piece total checked
    /// on the result. On error nothing changes.
    ///
    /// # Errors
    ///
    /// [`Error::IndexOutOfRange`], [`Error::HandUnderflow`] or
    /// [`Error::TooManyPieces`], as above.
    pub fn edit<'a>(
        &mut self,
        changes: impl IntoIterator<Item = ChangeRef<'a, P>>,
    ) -> Result<(), Error>
    where
        P: 'a,
    {
        let square_count = self.square_count();
        // A dry run on what the changes touch: the last write to each square,
        // the running count of each hand entry, the running piece counts.
        let mut squares: BTreeMap<usize, Option<&P>> = BTreeMap::new();
        let mut counts: BTreeMap<(Player, &P), u128> = BTreeMap::new();
        let mut totals = self.hand_pieces.map(|total| total as u128);
        let mut board_pieces = self.board_pieces;
        for (change, step) in changes.into_iter().enumerate() {
            match step {
                ChangeRef::Square(index, square) => {
                    if index >= square_count {
                        return Err(Error::IndexOutOfRange {
                            index,
                            square_count,
                            change: Some(change),
                        });
                    }
                    let old = squares
                        .insert(index, square)
                        .unwrap_or(self.squares[index].as_ref());
                    board_pieces =
                        board_pieces + usize::from(square.is_some()) - usize::from(old.is_some());
                }
                ChangeRef::Hand(player, piece, delta) => {
                    let held = counts.entry((player, piece)).or_insert_with(|| {
                        self.hand(player).get(piece).copied().unwrap_or(0) as u128
                    });
                    let magnitude = u128::from(delta.unsigned_abs());
                    let total = &mut totals[index_of(player)];
                    if delta > 0 {
                        *total += magnitude;
                        *held += magnitude;
                        // The running total may overshoot the squares by
                        // what one change takes back (2^31), no further.
                        let pieces = board_pieces as u128 + totals[0] + totals[1];
                        if pieces > square_count as u128 + OVERSHOOT {
                            return Err(Error::TooManyPieces {
                                pieces: fits(pieces),
                                squares: square_count,
                            });
                        }
                    } else if delta < 0 {
                        if magnitude > *held {
                            return Err(Error::HandUnderflow {
                                player,
                                held: fits(*held),
                                requested: fits(magnitude),
                                change,
                            });
                        }
                        *held -= magnitude;
                        *total -= magnitude;
                    }
                }
            }
        }
        check_total(board_pieces as u128 + totals[0] + totals[1], square_count)?;

        if !squares.is_empty() {
            let board = Rc::make_mut(&mut self.squares);
            for (index, square) in squares {
                board[index] = square.cloned();
            }
        }
        for ((player, piece), count) in counts {
            if count == 0 {
                self.hand_mut(player).remove(piece);
            } else {
                self.hand_mut(player).insert(piece.clone(), fits(count));
            }
        }
        self.board_pieces = board_pieces;
        self.hand_pieces = totals.map(fits);
        Ok(())
    }

    /// What `Qi::index_of` must return.
    ///
    /// # Errors
    ///
    /// [`Error::CoordinateCountMismatch`] or [`Error::CoordinateOutOfRange`].
    pub fn index_of(&self, coordinates: &[usize]) -> Result<usize, Error> {
        if coordinates.len() != self.shape.len() {
            return Err(Error::CoordinateCountMismatch {
                expected: self.shape.len(),
                actual: coordinates.len(),
            });
        }
        if let Some((dimension, (&coordinate, &size))) = coordinates
            .iter()
            .zip(&self.shape)
            .enumerate()
            .find(|(_, (coordinate, size))| coordinate >= size)
        {
            return Err(Error::CoordinateOutOfRange {
                dimension,
                coordinate,
                size,
            });
        }
        // The stride of a dimension is the product of the sizes inside it.
        Ok(coordinates
            .iter()
            .enumerate()
            .map(|(dimension, &coordinate)| {
                coordinate * self.shape[dimension + 1..].iter().product::<usize>()
            })
            .sum())
    }

    /// What `Qi::coordinates_of` must return.
    ///
    /// # Errors
    ///
    /// [`Error::IndexOutOfRange`] with no change number.
    pub fn coordinates_of(&self, index: usize) -> Result<Vec<usize>, Error> {
        if index >= self.square_count() {
            return Err(Error::IndexOutOfRange {
                index,
                square_count: self.square_count(),
                change: None,
            });
        }
        Ok((0..self.shape.len())
            .map(|dimension| {
                let stride: usize = self.shape[dimension + 1..].iter().product();
                index / stride % self.shape[dimension]
            })
            .collect())
    }
}
