//! How fuzz data becomes a [`Scenario`]: biased towards what finds bugs.
//!
//! Uniform values would almost never hit the interesting cases (an index just
//! past the board, a piece already held, a delta of `i32::MIN`), so every
//! choice below spends a few bytes on "which kind of value" before the value.
//! Exhausted data reads as zeros, which every choice maps to its most
//! ordinary case: a short input is a small, valid scenario.

use ::arbitrary::{Arbitrary, Result, Unstructured};

use super::{Action, Scenario};
use crate::qpi::{Qpi, Sin};
use crate::{MAX_DIMENSION_SIZE, MAX_SQUARE_COUNT, Player};

/// A piece or style type a [`Scenario`] can be generated with.
///
/// It is [`Arbitrary`] where the type is (and goes through it), but it can
/// also be implemented for a type neither this crate nor `arbitrary` owns,
/// such as [`Sin`].
pub trait Draw<'a>: Sized {
    /// Draws a value from the fuzz data.
    ///
    /// # Errors
    ///
    /// Those of [`Arbitrary::arbitrary`].
    fn draw(u: &mut Unstructured<'a>) -> Result<Self>;
}

impl<'a> Draw<'a> for u8 {
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        u8::arbitrary(u)
    }
}

impl<'a> Draw<'a> for String {
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        String::arbitrary(u)
    }
}

impl<'a> Draw<'a> for Qpi {
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        Qpi::arbitrary(u)
    }
}

impl<'a> Draw<'a> for Sin {
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        let letter = *u.choose(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")?;
        Sin::try_from(&[letter][..]).map_err(|_| ::arbitrary::Error::IncorrectFormat)
    }
}

/// The most steps a generated scenario has.
pub const MAX_ACTIONS: usize = 256;

/// The most changes in one generated diff.
pub const MAX_CHANGES: usize = 4096;

/// The most distinct pieces a scenario draws most of its pieces from, so that
/// hands accumulate and squares are rewritten with what they hold.
const POOL_SIZE: usize = 8;

impl<'a, P: Draw<'a> + Clone, S: Draw<'a>> Arbitrary<'a> for Scenario<P, S> {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let shape = arbitrary_shape(u)?;
        let first_style = S::draw(u)?;
        let second_style = S::draw(u)?;
        // Indices are aimed at the board the shape would make, even an
        // invalid one, clamped to something addressable.
        let square_count = shape
            .iter()
            .try_fold(1_usize, |product, &size| product.checked_mul(size))
            .unwrap_or(usize::MAX)
            .clamp(1, MAX_SQUARE_COUNT);
        let mut pool = Vec::new();
        for _ in 0..=u.choose_index(POOL_SIZE)? {
            pool.push(P::draw(u)?);
        }
        let mut actions = Vec::new();
        while !u.is_empty() && actions.len() < MAX_ACTIONS {
            actions.push(arbitrary_action(u, square_count, &pool)?);
        }
        Ok(Scenario {
            shape,
            first_style,
            second_style,
            actions,
        })
    }
}

/// Mostly small valid shapes; sometimes boards of a few hundred squares or
/// of any valid size, sizes around the limits, too many or too few
/// dimensions, or anything at all. Large boards are rare because every step
/// of a scenario is checked in O(squares).
fn arbitrary_shape(u: &mut Unstructured<'_>) -> Result<Vec<usize>> {
    Ok(match u.int_in_range(0..=31_u8)? {
        0..=23 => {
            let dimensions = u.int_in_range(1..=3)?;
            (0..dimensions)
                .map(|_| u.int_in_range(1..=9))
                .collect::<Result<_>>()?
        }
        // Past 32 blocks of 16 squares, the board's trie has two levels.
        24 | 25 => (0..2)
            .map(|_| u.int_in_range(1..=40))
            .collect::<Result<_>>()?,
        26 => valid_shape(u)?,
        27 | 28 => {
            let dimensions = u.int_in_range(1..=3)?;
            (0..dimensions)
                .map(|_| u.choose(&[0, 1, 2, 40, 254, 255, 256, 1000]).copied())
                .collect::<Result<_>>()?
        }
        29 => {
            let dimensions = u.choose(&[0, 4, 5])?;
            (0..*dimensions)
                .map(|_| u.int_in_range(1..=4))
                .collect::<Result<_>>()?
        }
        30 => (0..u.int_in_range(0..=4)?)
            .map(|_| {
                u.choose(&[0, 1, 255, 256, usize::MAX / 2, usize::MAX])
                    .copied()
            })
            .collect::<Result<_>>()?,
        _ => (0..u.int_in_range(0..=5)?)
            .map(|_| usize::arbitrary(u))
            .collect::<Result<_>>()?,
    })
}

/// A valid shape of any size up to the limits.
fn valid_shape(u: &mut Unstructured<'_>) -> Result<Vec<usize>> {
    let dimensions = u.int_in_range(1..=3)?;
    let mut squares = 1;
    let mut shape = Vec::with_capacity(dimensions);
    for _ in 0..dimensions {
        let largest = (MAX_SQUARE_COUNT / squares).min(MAX_DIMENSION_SIZE);
        let size = u.int_in_range(1..=largest)?;
        squares *= size;
        shape.push(size);
    }
    Ok(shape)
}

fn arbitrary_action<'a, P: Draw<'a> + Clone>(
    u: &mut Unstructured<'a>,
    square_count: usize,
    pool: &[P],
) -> Result<Action<P>> {
    Ok(match u.int_in_range(0..=15_u8)? {
        0..=4 => {
            let length = change_count(u)?;
            let mut changes = Vec::with_capacity(length);
            for _ in 0..length {
                let index = arbitrary_index(u, square_count)?;
                let square = if u.ratio(1, 3)? {
                    None
                } else {
                    Some(arbitrary_piece(u, pool)?)
                };
                changes.push((index, square));
            }
            Action::BoardDiff(changes)
        }
        5..=8 => {
            let player = Player::arbitrary(u)?;
            let length = change_count(u)?;
            let mut changes = Vec::with_capacity(length);
            for _ in 0..length {
                changes.push((arbitrary_piece(u, pool)?, arbitrary_delta(u)?));
            }
            Action::HandDiff(player, changes)
        }
        9 => Action::Toggle,
        10 => Action::WithTurn(Player::arbitrary(u)?),
        11 => Action::Retain,
        12 => Action::Restore(u.arbitrary()?),
        13 => Action::Forget(u.arbitrary()?),
        14 => Action::Compare(u.arbitrary()?),
        _ => {
            if u.arbitrary()? {
                let count = u.int_in_range(0..=4)?;
                let coordinates = (0..count)
                    .map(|_| {
                        Ok(if u.ratio(1, 8)? {
                            usize::arbitrary(u)?
                        } else {
                            u.int_in_range(0..=10)?
                        })
                    })
                    .collect::<Result<_>>()?;
                Action::IndexOf(coordinates)
            } else {
                Action::CoordinatesOf(arbitrary_index(u, square_count)?)
            }
        }
    })
}

/// Mostly a handful of changes, sometimes hundreds or thousands.
fn change_count(u: &mut Unstructured<'_>) -> Result<usize> {
    Ok(match u.int_in_range(0..=15_u8)? {
        0..=13 => u.int_in_range(0..=4)?,
        14 => u.int_in_range(0..=256)?,
        _ => u.int_in_range(0..=MAX_CHANGES)?,
    })
}

/// Mostly a square of the board; sometimes just past it, near `usize::MAX`,
/// or anything.
fn arbitrary_index(u: &mut Unstructured<'_>, square_count: usize) -> Result<usize> {
    Ok(match u.int_in_range(0..=15_u8)? {
        0..=12 => u.int_in_range(0..=square_count - 1)?,
        13 => square_count + u.int_in_range(0..=2)?,
        14 => usize::MAX - u.int_in_range(0..=2)?,
        _ => usize::arbitrary(u)?,
    })
}

/// Mostly a small delta of either sign; sometimes an extreme or anything.
fn arbitrary_delta(u: &mut Unstructured<'_>) -> Result<i32> {
    Ok(match u.int_in_range(0..=15_u8)? {
        0..=11 => u.int_in_range(-3..=3)?,
        12 => i32::MIN,
        13 => i32::MAX,
        14 => -i32::MAX,
        _ => i32::arbitrary(u)?,
    })
}

/// Mostly a piece of the pool; sometimes a fresh one.
fn arbitrary_piece<'a, P: Draw<'a> + Clone>(u: &mut Unstructured<'a>, pool: &[P]) -> Result<P> {
    if u.ratio(15, 16)? {
        Ok(pool[u.choose_index(pool.len())?].clone())
    } else {
        P::draw(u)
    }
}
