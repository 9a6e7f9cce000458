//! [`Arbitrary`] for the crate's types, behind the `arbitrary` feature, so
//! that fuzz targets (the crate's and its users') can take positions as input.

use core::hash::Hash;

use ::arbitrary::{Arbitrary, Result, Unstructured};

use crate::generate::{self, MAX_MOVES, Move};
use crate::qpi::Qpi;
use crate::{MAX_DIMENSION_SIZE, MAX_SQUARE_COUNT, Player, Qi};

impl<'a> Arbitrary<'a> for Player {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        Ok(if u.arbitrary()? {
            Player::Second
        } else {
            Player::First
        })
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

/// Any of the [`Qpi::COUNT`] tokens, drawn by code.
impl<'a> Arbitrary<'a> for Qpi {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        #[allow(clippy::cast_possible_truncation)] // COUNT is 16_224
        let code = u.int_in_range(1..=Qpi::COUNT as u16)?;
        Qpi::from_code(code).ok_or(::arbitrary::Error::IncorrectFormat)
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (2, Some(2))
    }
}

/// A valid position: an empty board, then up to 64 moves (pieces put,
/// cleared, moved, captured into a hand or dropped from one, the turn
/// passed), each kept only if the position accepts it. Whatever the bytes,
/// the result keeps every rule of the crate, and building it never panics.
///
/// Boards are small (1 to 3 dimensions of at most 9 squares, or up to
/// 19x19) unless a byte asks for one of any valid shape, up to 65,025
/// squares, one time in 64. Pieces mostly come from a pool of up to eight,
/// so hands accumulate and squares repeat.
impl<'a, P, S> Arbitrary<'a> for Qi<P, S>
where
    P: Arbitrary<'a> + Clone + Ord + Hash,
    S: Arbitrary<'a> + Hash,
{
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let shape = if u.ratio(63, 64)? {
            small_shape(u)?
        } else {
            valid_shape(u)?
        };
        let (first_style, second_style) = (S::arbitrary(u)?, S::arbitrary(u)?);
        let mut pool = Vec::new();
        for _ in 0..=u.choose_index(8)? {
            pool.push(P::arbitrary(u)?);
        }
        let mut draw = || -> Result<Move<P>> {
            if u.is_empty() {
                return Err(::arbitrary::Error::NotEnoughData);
            }
            Ok(Move {
                kind: u.arbitrary()?,
                player: Player::arbitrary(u)?,
                piece: if u.ratio(15, 16)? {
                    u.choose(&pool)?.clone()
                } else {
                    P::arbitrary(u)?
                },
                square: u.arbitrary::<u16>()?.into(),
                other: u.arbitrary::<u16>()?.into(),
            })
        };
        // Moves until the data runs out, or the first piece that cannot be
        // drawn.
        let moves = core::iter::from_fn(|| draw().ok());
        generate::build(&shape, first_style, second_style, moves.take(MAX_MOVES))
            .ok_or(::arbitrary::Error::IncorrectFormat)
    }
}

/// 1 to 3 dimensions of 1 to 9 squares, or a board of up to 19x19.
fn small_shape(u: &mut Unstructured<'_>) -> Result<Vec<usize>> {
    if u.ratio(3, 4)? {
        (0..u.int_in_range(1..=3)?)
            .map(|_| u.int_in_range(1..=9))
            .collect()
    } else {
        Ok(vec![u.int_in_range(1..=19)?, u.int_in_range(1..=19)?])
    }
}

/// A valid shape of any size up to the limits.
fn valid_shape(u: &mut Unstructured<'_>) -> Result<Vec<usize>> {
    let mut squares = 1;
    let mut shape = Vec::new();
    for _ in 0..u.int_in_range(1..=3)? {
        let size = u.int_in_range(1..=(MAX_SQUARE_COUNT / squares).min(MAX_DIMENSION_SIZE))?;
        squares *= size;
        shape.push(size);
    }
    Ok(shape)
}
