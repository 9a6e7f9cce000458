//! [`Arbitrary`] for the crate's types, behind the `arbitrary` feature, so
//! that fuzz targets (the crate's and its users') can take positions as input.

use core::hash::Hash;

use ::arbitrary::{Arbitrary, Result, Unstructured};

use crate::fuzzing::valid_shape;
use crate::qpi::Qpi;
use crate::{Player, Qi};

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

/// The most transformations applied to build one arbitrary position.
const MAX_STEPS: usize = 64;

/// A valid position, built by [`Qi::new`] and a sequence of transformations
/// that each succeeded: whatever the bytes, the result keeps every rule of
/// the crate, and building it never panics.
///
/// Boards are small (at most 9 squares a side) unless a byte asks for one of
/// any valid shape, up to 65,025 squares, one time in sixteen. Pieces mostly
/// come from a pool of up to eight, so hands accumulate and squares repeat.
impl<'a, P, S> Arbitrary<'a> for Qi<P, S>
where
    P: Arbitrary<'a> + Clone + Ord + Hash,
    S: Arbitrary<'a> + Hash,
{
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let shape = if u.ratio(15, 16)? {
            (0..u.int_in_range(1..=3)?)
                .map(|_| u.int_in_range(1..=9))
                .collect::<Result<Vec<_>>>()?
        } else {
            valid_shape(u)?
        };
        let first_style = S::arbitrary(u)?;
        let second_style = S::arbitrary(u)?;
        let mut position = Qi::new(&shape, first_style, second_style)
            .map_err(|_| ::arbitrary::Error::IncorrectFormat)?;
        let square_count = position.square_count();
        let mut pool = Vec::new();
        for _ in 0..=u.choose_index(8)? {
            pool.push(P::arbitrary(u)?);
        }
        let piece = |u: &mut Unstructured<'a>| -> Result<P> {
            Ok(pool[u.choose_index(pool.len())?].clone())
        };
        for _ in 0..MAX_STEPS {
            if u.is_empty() {
                break;
            }
            // A transformation that breaks a rule is skipped: only valid
            // results are kept.
            position = match u.int_in_range(0..=7_u8)? {
                0..=3 => {
                    let index = u.choose_index(square_count)?;
                    let square = if u.ratio(1, 4)? {
                        None
                    } else {
                        Some(piece(u)?)
                    };
                    position.board_diff([(index, square)]).unwrap_or(position)
                }
                4..=6 => {
                    let player = Player::arbitrary(u)?;
                    let delta = u.int_in_range(-2..=3)?;
                    position
                        .hand_diff(player, [(piece(u)?, delta)])
                        .unwrap_or(position)
                }
                _ => position.toggle(),
            };
        }
        Ok(position)
    }
}
