//! The reference model: a position written the obvious way, with plain `std`
//! collections and no sharing, against which [`Qi`](crate::Qi) is checked.
//!
//! Every rule of the crate is restated here independently of `src/qi.rs`:
//! counts are kept in `u128` so that overflow is decided by comparison rather
//! than by checked arithmetic, and every piece total is a recount.

use std::collections::BTreeMap;

use crate::{Error, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Nested, Player};

/// A position as a `Vec` of squares, two `BTreeMap` hands, two styles and the
/// side to move: what a [`Qi`](crate::Qi) must read like.
///
/// `==` compares all of it, which is exactly what `Qi`'s `==` must compute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Model<P, S> {
    /// The dimension sizes, outermost first.
    pub shape: Vec<usize>,
    /// Every square in row-major order.
    pub squares: Vec<Option<P>>,
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
}

impl<P: Clone + Ord, S> Model<P, S> {
    /// An empty position, or the error [`Qi::new`](crate::Qi::new) must give
    /// for this shape, found in the documented order.
    ///
    /// # Errors
    ///
    /// The shape errors of [`Error`], with their fields.
    pub fn new(shape: &[usize], first_style: S, second_style: S) -> Result<Self, Error> {
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
        Ok(Model {
            shape: shape.to_vec(),
            squares: vec![None; squares],
            first_hand: BTreeMap::new(),
            second_hand: BTreeMap::new(),
            first_style,
            second_style,
            turn: Player::First,
        })
    }
}

impl<P: Clone + Ord, S: Clone> Model<P, S> {
    /// The number of squares.
    #[must_use]
    pub fn square_count(&self) -> usize {
        self.squares.len()
    }

    /// The pieces on the board, recounted.
    #[must_use]
    pub fn board_piece_count(&self) -> usize {
        self.squares
            .iter()
            .filter(|square| square.is_some())
            .count()
    }

    /// The pieces in both hands, recounted.
    #[must_use]
    pub fn hand_piece_count(&self) -> usize {
        self.first_hand
            .values()
            .chain(self.second_hand.values())
            .sum()
    }

    /// A player's hand.
    #[must_use]
    pub fn hand(&self, player: Player) -> &BTreeMap<P, usize> {
        match player {
            Player::First => &self.first_hand,
            Player::Second => &self.second_hand,
        }
    }

    /// What [`Qi::board_diff`](crate::Qi::board_diff) must return.
    ///
    /// # Errors
    ///
    /// [`Error::IndexOutOfRange`] for the first bad index, else
    /// [`Error::TooManyPieces`].
    pub fn board_diff(&self, changes: &[(usize, Option<P>)]) -> Result<Self, Error> {
        let mut next = self.clone();
        let square_count = self.square_count();
        for (change, (index, square)) in changes.iter().enumerate() {
            let Some(slot) = next.squares.get_mut(*index) else {
                return Err(Error::IndexOutOfRange {
                    index: *index,
                    square_count,
                    change: Some(change),
                });
            };
            slot.clone_from(square);
        }
        let pieces = next.board_piece_count() as u128 + next.hand_piece_count() as u128;
        next.checked(pieces)
    }

    /// What [`Qi::hand_diff`](crate::Qi::hand_diff) must return.
    ///
    /// # Errors
    ///
    /// [`Error::HandUnderflow`] for the first change that removes more than
    /// is held, [`Error::TooManyPieces`] at once for a hand total beyond
    /// `usize::MAX`, else [`Error::TooManyPieces`] on the result.
    pub fn hand_diff(&self, player: Player, changes: &[(P, i32)]) -> Result<Self, Error> {
        let mut counts: BTreeMap<P, u128> = self
            .hand(player)
            .iter()
            .map(|(piece, &count)| (piece.clone(), count as u128))
            .collect();
        let mut total: u128 = counts.values().sum();
        for (change, (piece, delta)) in changes.iter().enumerate() {
            let held = counts.get(piece).copied().unwrap_or(0);
            let magnitude = u128::from(delta.unsigned_abs());
            if *delta > 0 {
                total += magnitude;
                if total > usize::MAX as u128 {
                    return Err(Error::TooManyPieces {
                        pieces: usize::MAX,
                        squares: self.square_count(),
                    });
                }
                counts.insert(piece.clone(), held + magnitude);
            } else if *delta < 0 {
                if magnitude > held {
                    return Err(Error::HandUnderflow {
                        player,
                        held: usize::try_from(held).expect("a held count fits"),
                        requested: usize::try_from(magnitude).expect("an i32 magnitude fits"),
                        change,
                    });
                }
                total -= magnitude;
                if held == magnitude {
                    counts.remove(piece);
                } else {
                    counts.insert(piece.clone(), held - magnitude);
                }
            }
        }
        let other = self.hand(player.flip()).values().sum::<usize>() as u128;
        let pieces = self.board_piece_count() as u128 + other + total;
        if pieces > self.square_count() as u128 {
            return Err(Error::TooManyPieces {
                pieces: usize::try_from(pieces).unwrap_or(usize::MAX),
                squares: self.square_count(),
            });
        }
        let mut next = self.clone();
        let hand = counts
            .into_iter()
            .map(|(piece, count)| (piece, usize::try_from(count).expect("checked above")))
            .collect();
        match player {
            Player::First => next.first_hand = hand,
            Player::Second => next.second_hand = hand,
        }
        Ok(next)
    }

    /// The same position with `turn` to move.
    #[must_use]
    pub fn with_turn(&self, turn: Player) -> Self {
        let mut next = self.clone();
        next.turn = turn;
        next
    }

    /// What [`Qi::index_of`](crate::Qi::index_of) must return.
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

    /// What [`Qi::coordinates_of`](crate::Qi::coordinates_of) must return.
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

    /// The board along its dimensions, as [`Qi::to_nested`](crate::Qi::to_nested)
    /// must give it.
    #[must_use]
    pub fn to_nested(&self) -> Nested<&P> {
        let square = |index: usize| self.squares[index].as_ref();
        match *self.shape.as_slice() {
            [files] => Nested::Line((0..files).map(square).collect()),
            [ranks, files] => Nested::Grid(
                (0..ranks)
                    .map(|rank| (0..files).map(|file| square(rank * files + file)).collect())
                    .collect(),
            ),
            [layers, ranks, files] => Nested::Layers(
                (0..layers)
                    .map(|layer| {
                        (0..ranks)
                            .map(|rank| {
                                (0..files)
                                    .map(|file| square((layer * ranks + rank) * files + file))
                                    .collect()
                            })
                            .collect()
                    })
                    .collect(),
            ),
            _ => unreachable!("a model is built from a valid shape"),
        }
    }

    /// `Ok(self)` if the pieces fit the squares.
    fn checked(self, pieces: u128) -> Result<Self, Error> {
        if pieces > self.square_count() as u128 {
            return Err(Error::TooManyPieces {
                pieces: usize::try_from(pieces).unwrap_or(usize::MAX),
                squares: self.square_count(),
            });
        }
        Ok(self)
    }
}
