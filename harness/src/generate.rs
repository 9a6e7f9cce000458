//! How fuzz data becomes a [`Scenario`]: biased towards what finds bugs.
//!
//! Uniform values would almost never hit the interesting cases (an index just
//! past the board, a piece already held, a delta of `i32::MIN`), so every
//! choice below spends a few bytes on "which kind of value" before the value.
//! Exhausted data reads as zeros, which every choice maps to its most
//! ordinary case: a short input is a small, valid scenario.
//!
//! Half the scenarios start from an empty board of a drawn shape (valid or
//! not), half from a valid position drawn by the crate's own generator
//! (`Arbitrary for Qi`, the one the `proptest` and `quickcheck`
//! integrations share), rebuilt from its content by `Qi::from_parts`
//! (sometimes with that content broken, to exercise its errors). Boards are
//! mostly small, up to 19x19; the generator's one board in 64 of any valid
//! size, up to 65,025 squares, and the shapes around the limits keep large
//! boards in the mix. On a board of more than [`LARGE_BOARD`] squares a
//! scenario has at most 8 steps, and boards whose squares would take more
//! than [`MAX_BOARD_BYTES`] are not drawn (a `String` board of up to 5,418
//! squares already has the layout and trie depth of the largest). A board
//! larger than 19x19 is a scenario only if the input has bytes left for
//! steps in proportion to its squares (one for every [`SQUARES_PER_BYTE`]),
//! so that short inputs stay cheap.

use arbitrary::{Arbitrary, Result, Unstructured};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{MAX_SQUARE_COUNT, Player, Qi};

use crate::model;
use crate::scenario::{LARGE_BOARD, SMALL_BOARD};
use crate::{Action, Change, Scenario, Start, Turn};

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
    /// Up to `MAX_STRING_BYTES` (8) bytes of UTF-8: what the library does with
    /// a piece does not depend on its length, and long pieces only make
    /// every comparison and hash of a step slower.
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        let length = u.int_in_range(0..=MAX_STRING_BYTES)?;
        Ok(String::from_utf8_lossy(u.bytes(length.min(u.len()))?).into_owned())
    }
}

/// The most bytes a drawn `String` piece or style is made from.
const MAX_STRING_BYTES: usize = 8;

impl<'a> Draw<'a> for Qpi {
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        Qpi::arbitrary(u)
    }
}

impl<'a> Draw<'a> for Sin {
    fn draw(u: &mut Unstructured<'a>) -> Result<Self> {
        let letter = *u.choose(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")?;
        Sin::try_from(&[letter][..]).map_err(|_| arbitrary::Error::IncorrectFormat)
    }
}

/// The most steps a generated scenario has.
pub const MAX_ACTIONS: usize = 64;

/// The most steps a generated scenario has on a board of more than
/// [`LARGE_BOARD`] squares.
const LARGE_BOARD_ACTIONS: usize = 8;

/// The most changes in one generated diff or edit.
pub const MAX_CHANGES: usize = 4096;

/// The most bytes of squares a scenario's board may take: a `u8` or `Qpi`
/// board of any size (two bytes a square), a `String` board of up to 5,418
/// squares, past which its trie has no new depth and its blocks no new
/// length.
const MAX_BOARD_BYTES: usize = 65_025 * 2;

/// How many squares past [`SMALL_BOARD`] one byte of an input's steps buys:
/// a board of 4,096 squares needs 128 bytes left after its start, one of
/// 65,025 squares 2,033 (libFuzzer's inputs grow to 4,096 bytes).
const SQUARES_PER_BYTE: usize = 32;

/// The most distinct pieces a scenario draws most of its pieces from, so that
/// hands accumulate and squares are rewritten with what they hold.
const POOL_SIZE: usize = 8;

/// The most bytes the crate's generator may read for a drawn position:
/// enough for its 64 moves, and the rest of the input is left for the steps.
const MAX_START_BYTES: usize = 512;

impl<'a, P, S> Arbitrary<'a> for Scenario<P, S>
where
    P: Draw<'a> + Clone + Ord,
    S: Draw<'a>,
{
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let start: Start<P, S> = if u.arbitrary()? {
            drawn_start(u)?
        } else {
            Start::Empty {
                shape: arbitrary_shape(u)?,
                first_style: S::draw(u)?,
                second_style: S::draw(u)?,
            }
        };
        // Indices are aimed at the board the shape would make, even an
        // invalid one, clamped to something addressable.
        let square_count = start
            .shape()
            .iter()
            .try_fold(1_usize, |product, &size| product.checked_mul(size))
            .unwrap_or(usize::MAX)
            .clamp(1, MAX_SQUARE_COUNT);
        // Large boards of wide squares cost the most to build and check for
        // what they add: past the bytes below, the layout and the trie depth
        // are those of a smaller board (a `String` board of 10,000 squares
        // has a three-level trie already). Such an input is not a scenario.
        if square_count * size_of::<Option<P>>() > MAX_BOARD_BYTES {
            return Err(arbitrary::Error::IncorrectFormat);
        }
        // A board that builds costs O(squares) to build and to check at the
        // end, whatever the steps do: past 19x19, the input must bring one
        // byte of steps for every `SQUARES_PER_BYTE` squares, so that a few
        // bytes never buy a 65,025-square board. Shapes that do not build
        // cost nothing and are kept at any length, for their errors.
        if model::square_count(start.shape()).is_ok_and(|squares| {
            squares > SMALL_BOARD && u.len() < squares.div_ceil(SQUARES_PER_BYTE)
        }) {
            return Err(arbitrary::Error::IncorrectFormat);
        }
        let mut pool = Vec::new();
        for _ in 0..=u.choose_index(POOL_SIZE)? {
            pool.push(P::draw(u)?);
        }
        // Pieces the start holds in hand, so that steps can take them out.
        if let Start::Parts {
            first_hand,
            second_hand,
            ..
        } = &start
        {
            pool.extend(
                first_hand
                    .iter()
                    .chain(second_hand)
                    .map(|(piece, _)| piece.clone()),
            );
        }
        // On a large board a scenario is short: what is particular to the
        // size (the trie's depth, the block layout) shows within a few
        // steps, while each version kept costs O(squares) at the end; long
        // histories are for small boards, which they fill.
        let most = if square_count > LARGE_BOARD {
            LARGE_BOARD_ACTIONS
        } else {
            MAX_ACTIONS
        };
        let mut actions = Vec::new();
        while !u.is_empty() && actions.len() < most {
            actions.push(arbitrary_action(u, square_count, &pool)?);
        }
        Ok(Scenario { start, actions })
    }
}

/// A valid position's content from the crate's generator.
pub(crate) struct Drawn<P> {
    pub(crate) shape: Vec<usize>,
    pub(crate) squares: Vec<Option<P>>,
    pub(crate) hands: [Vec<(P, usize)>; 2],
    pub(crate) turn: Player,
}

impl<P: Clone + Ord + core::hash::Hash> Drawn<P> {
    /// The position of this content, with these styles. The content is
    /// valid (the crate's generator drew it), so this never fails.
    pub(crate) fn position<S: core::hash::Hash>(self, first_style: S, second_style: S) -> Qi<P, S> {
        let Drawn {
            shape,
            squares,
            hands: [first_hand, second_hand],
            turn,
        } = self;
        Qi::from_parts(
            &shape,
            squares,
            first_hand,
            second_hand,
            first_style,
            second_style,
            turn,
        )
        .expect("the generator's content is valid")
    }
}

/// The content of a position drawn by the crate's generator (`Arbitrary for
/// Qi`, with `u8` pieces), its pieces then relabelled with a pool of `P`
/// (entries of one hand that meet on the same piece add up). A board whose
/// squares of `P` would take more than [`MAX_BOARD_BYTES`] is refused before
/// anything is built with `P`.
pub(crate) fn drawn<'a, P: Draw<'a> + Clone + Ord>(u: &mut Unstructured<'a>) -> Result<Drawn<P>> {
    let length = u.int_in_range(0..=MAX_START_BYTES)?;
    let bytes = u.bytes(length.min(u.len()))?;
    let position = Qi::<u8, u8>::arbitrary(&mut Unstructured::new(bytes))?;
    if position.square_count() * size_of::<Option<P>>() > MAX_BOARD_BYTES {
        return Err(arbitrary::Error::IncorrectFormat);
    }
    let mut pool = Vec::new();
    for _ in 0..=u.choose_index(POOL_SIZE)? {
        pool.push(P::draw(u)?);
    }
    let piece = |value: &u8| pool[usize::from(*value) % pool.len()].clone();
    let hand = |player| {
        let mut counts = std::collections::BTreeMap::new();
        for (value, count) in position.hand(player) {
            *counts.entry(piece(value)).or_insert(0) += count;
        }
        counts.into_iter().collect()
    };
    Ok(Drawn {
        shape: position.shape().to_vec(),
        squares: position.squares().map(|square| square.map(piece)).collect(),
        hands: [hand(Player::First), hand(Player::Second)],
        turn: position.turn(),
    })
}

/// A valid position from the crate's generator, as content; one time in
/// eight with that content broken in one of the ways `Qi::from_parts`
/// refuses.
fn drawn_start<'a, P, S>(u: &mut Unstructured<'a>) -> Result<Start<P, S>>
where
    P: Draw<'a> + Clone + Ord,
    S: Draw<'a>,
{
    let Drawn {
        mut shape,
        mut squares,
        hands: [mut first_hand, mut second_hand],
        turn,
    } = drawn(u)?;
    let piece_count = squares.iter().flatten().count()
        + first_hand
            .iter()
            .chain(&second_hand)
            .map(|(_, count)| count)
            .sum::<usize>();
    if u.ratio(1, 8)? {
        let hand = if u.arbitrary()? {
            &mut first_hand
        } else {
            &mut second_hand
        };
        match u.int_in_range(0..=5_u8)? {
            0 => _ = squares.pop(),
            1 => squares.push(None),
            2 => hand.push((P::draw(u)?, 0)),
            3 => {
                if let Some(entry) = hand.first().cloned() {
                    hand.push(entry);
                } else {
                    let piece = P::draw(u)?;
                    hand.extend([(piece.clone(), 1), (piece, 1)]);
                }
            }
            4 => {
                let free = squares.len() - piece_count;
                let count = if u.arbitrary()? { free + 1 } else { usize::MAX };
                hand.push((P::draw(u)?, count));
            }
            _ => {
                let dimension = u.choose_index(shape.len())?;
                shape[dimension] = *u.choose(&[0, shape[dimension] + 1, 256])?;
            }
        }
    }
    Ok(Start::Parts {
        shape,
        squares,
        first_hand,
        second_hand,
        first_style: S::draw(u)?,
        second_style: S::draw(u)?,
        turn,
    })
}

/// Mostly small valid shapes, up to 19x19; sometimes sizes around the
/// limits (the largest valid boards among them), too many or too few
/// dimensions, or anything at all.
fn arbitrary_shape(u: &mut Unstructured<'_>) -> Result<Vec<usize>> {
    Ok(match u.int_in_range(0..=31_u8)? {
        0..=23 => {
            let dimensions = u.int_in_range(1..=3)?;
            (0..dimensions)
                .map(|_| u.int_in_range(1..=9))
                .collect::<Result<_>>()?
        }
        // Past 32 blocks of 16 squares, the board's trie has two levels.
        24..=26 => (0..2)
            .map(|_| u.int_in_range(1..=19))
            .collect::<Result<_>>()?,
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

fn arbitrary_action<'a, P: Draw<'a> + Clone>(
    u: &mut Unstructured<'a>,
    square_count: usize,
    pool: &[P],
) -> Result<Action<P>> {
    Ok(match u.int_in_range(0..=18_u8)? {
        0..=3 => {
            let length = change_count(u)?;
            let mut changes = Vec::with_capacity(length);
            for _ in 0..length {
                if u.is_empty() {
                    break;
                }
                changes.push((
                    arbitrary_index(u, square_count)?,
                    arbitrary_square(u, pool)?,
                ));
            }
            Action::BoardDiff(changes)
        }
        4..=6 => {
            let player = Player::arbitrary(u)?;
            let length = change_count(u)?;
            let mut changes = Vec::with_capacity(length);
            for _ in 0..length {
                if u.is_empty() {
                    break;
                }
                changes.push((arbitrary_piece(u, pool)?, arbitrary_delta(u)?));
            }
            Action::HandDiff(player, changes)
        }
        7..=10 => {
            let (changes, turn) = arbitrary_edit(u, square_count, pool)?;
            Action::Edit(changes, turn)
        }
        11 => Action::Toggle,
        12 => Action::WithTurn(Player::arbitrary(u)?),
        13 => Action::Retain,
        14 => Action::Restore(u.arbitrary()?),
        15 => Action::Forget(u.arbitrary()?),
        16 => Action::Compare(u.arbitrary()?),
        // A child built into the slot a search keeps, or the step down to
        // it: most of them children, siblings of one another until the
        // next step down or edit of current.
        18 => {
            if u.ratio(1, 4)? {
                Action::Descend
            } else {
                let (changes, turn) = arbitrary_edit(u, square_count, pool)?;
                Action::Branch(changes, turn)
            }
        }
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

/// The changes and the turn of an edit (of current, or into the slot).
fn arbitrary_edit<'a, P: Draw<'a> + Clone>(
    u: &mut Unstructured<'a>,
    square_count: usize,
    pool: &[P],
) -> Result<(Vec<Change<P>>, Turn)> {
    let length = change_count(u)?;
    let mut changes = Vec::with_capacity(length);
    for _ in 0..length {
        if u.is_empty() {
            break;
        }
        changes.push(if u.arbitrary()? {
            let (index, square) = (
                arbitrary_index(u, square_count)?,
                arbitrary_square(u, pool)?,
            );
            // Every other change of an edit through `replace`,
            // chosen by its place rather than by a byte, so that
            // an input decodes to the steps it did before there
            // was a choice.
            if changes.len() % 2 == 1 {
                Change::Replace(index, square)
            } else {
                Change::Square(index, square)
            }
        } else {
            let player = Player::arbitrary(u)?;
            Change::Hand(player, arbitrary_piece(u, pool)?, arbitrary_delta(u)?)
        });
    }
    let turn = match u.int_in_range(0..=3_u8)? {
        0 => Turn::Keep,
        1 | 2 => Turn::Toggle,
        _ => Turn::To(Player::arbitrary(u)?),
    };
    Ok((changes, turn))
}

/// Mostly a handful of changes, sometimes hundreds or thousands (as many as
/// the data left can draw: a diff stops where the data ends, rather than go
/// on with thousands of changes read from nothing).
fn change_count(u: &mut Unstructured<'_>) -> Result<usize> {
    // Each change costs the same to check whatever the diff, so the rare
    // long diffs set the average: one diff in 64 of up to thousands, one in
    // 32 of up to hundreds, keeps it at a few dozen changes.
    Ok(match u.int_in_range(0..=63_u8)? {
        0..=60 => u.int_in_range(0..=4)?,
        61 | 62 => u.int_in_range(0..=256)?,
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

/// Empty one time in three, else a piece.
fn arbitrary_square<'a, P: Draw<'a> + Clone>(
    u: &mut Unstructured<'a>,
    pool: &[P],
) -> Result<Option<P>> {
    Ok(if u.ratio(1, 3)? {
        None
    } else {
        Some(arbitrary_piece(u, pool)?)
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
