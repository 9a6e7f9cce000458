//! `proptest` strategies (feature `proptest`) for positions and their parts,
//! to compose in your own property tests.
//!
//! A position is generated the way a user builds one: an empty board from a
//! shape and two styles, then a sequence of operations (put or clear a piece,
//! give pieces to a hand, capture a piece into a hand, drop one from a hand,
//! hand over the turn), each applied through the public transformations and
//! skipped if the position refuses it. Every generated position is therefore
//! valid, and reachable; and since proptest shrinks the operation sequence,
//! a failing case shrinks towards an empty board.
//!
//! ```
//! use persistent_qi::proptest::{qi, shape};
//! use proptest::prelude::*;
//!
//! // In a test module this would be `proptest! { #[test] fn name(..) { .. } }`.
//! let pieces = prop::sample::select(vec!["K", "Q", "P", "k", "p"]);
//! proptest!(|(position in qi(shape(), pieces, Just("C")))| {
//!     prop_assert!(position.piece_count() <= position.square_count());
//! });
//! ```

use core::fmt;
use core::hash::Hash;

use ::proptest::collection::{SizeRange, vec};
use ::proptest::prelude::*;
use ::proptest::sample::Index;

use crate::qpi::{Qpi, Sin};
use crate::{Player, Qi};

/// Either player, shrinking towards [`Player::First`].
pub fn player() -> impl Strategy<Value = Player> + Clone {
    prop_oneof![Just(Player::First), Just(Player::Second)]
}

/// Small shapes: 1 to 3 dimensions of 1 to 9 squares each, shrinking towards
/// fewer and smaller dimensions. For larger boards, pass your own strategy
/// (any `Vec<usize>`; invalid shapes are rejected, not generated around).
pub fn shape() -> impl Strategy<Value = Vec<usize>> + Clone {
    vec(1..=9_usize, 1..=3)
}

/// Any of the 16,224 QPI tokens, shrinking towards `A:-A` (the lowest code).
pub fn qpi() -> impl Strategy<Value = Qpi> + Clone {
    // `Qpi::COUNT` is 16,224: it fits a `u16`.
    #[allow(clippy::cast_possible_truncation)]
    let codes = 1..=Qpi::COUNT as u16;
    // Every code in the range is a token: the filter never rejects.
    codes.prop_filter_map("a token code", Qpi::from_code)
}

/// Any of the 52 SIN style tokens, shrinking towards `A`.
pub fn sin() -> impl Strategy<Value = Sin> + Clone {
    // A code's SIN changes every 312 codes (one per PIN), from code 1.
    (0..52_u16).prop_filter_map("a token code", |sin| {
        Qpi::from_code(1 + sin * 312).map(Qpi::sin)
    })
}

/// Positions on `shape`, with pieces drawn from `piece` and the two styles
/// from `style`, built by up to 64 operations. See the
/// [module documentation](self).
pub fn qi<P, S>(
    shape: impl Strategy<Value = Vec<usize>> + Clone,
    piece: impl Strategy<Value = P> + Clone,
    style: impl Strategy<Value = S> + Clone,
) -> impl Strategy<Value = Qi<P, S>> + Clone
where
    P: Clone + Ord + Hash + fmt::Debug,
    S: Hash + fmt::Debug,
{
    qi_with_operations(shape, piece, style, 0..64)
}

/// Like [`qi`], with the number of operations chosen from `operations`
/// (more operations, fuller positions).
pub fn qi_with_operations<P, S>(
    shape: impl Strategy<Value = Vec<usize>> + Clone,
    piece: impl Strategy<Value = P> + Clone,
    style: impl Strategy<Value = S> + Clone,
    operations: impl Into<SizeRange>,
) -> impl Strategy<Value = Qi<P, S>> + Clone
where
    P: Clone + Ord + Hash + fmt::Debug,
    S: Hash + fmt::Debug,
{
    (
        shape,
        style.clone(),
        style,
        vec(operation(piece), operations),
    )
        .prop_filter_map(
            "the shape must be valid",
            |(shape, first_style, second_style, operations)| {
                let empty = Qi::new(&shape, first_style, second_style).ok()?;
                Some(
                    operations
                        .into_iter()
                        .fold(empty, |position, operation| operation.apply(position)),
                )
            },
        )
}

/// Typed positions: QPI pieces and SIN styles on [`shape`]s.
pub fn qpi_position() -> impl Strategy<Value = Qi<Qpi, Sin>> + Clone {
    qi(shape(), qpi(), sin())
}

/// One step of building a position. Indices are taken modulo what they index
/// (the squares, a hand's entries), so every operation fits every position.
#[derive(Debug, Clone)]
enum Operation<P> {
    Put(Index, P),
    Clear(Index),
    Give(Player, P, u8),
    Capture(Index, Player),
    Drop(Player, Index, Index),
    Toggle,
}

fn operation<P: fmt::Debug + Clone>(
    piece: impl Strategy<Value = P> + Clone,
) -> impl Strategy<Value = Operation<P>> + Clone {
    prop_oneof![
        4 => (any::<Index>(), piece.clone()).prop_map(|(square, piece)| Operation::Put(square, piece)),
        1 => any::<Index>().prop_map(Operation::Clear),
        1 => (player(), piece, 1..=3_u8).prop_map(|(player, piece, count)| Operation::Give(player, piece, count)),
        2 => (any::<Index>(), player()).prop_map(|(square, player)| Operation::Capture(square, player)),
        2 => (player(), any::<Index>(), any::<Index>())
            .prop_map(|(player, entry, square)| Operation::Drop(player, entry, square)),
        2 => Just(Operation::Toggle),
    ]
}

impl<P: Clone + Ord + Hash> Operation<P> {
    /// The position after this operation, or `position` itself if the
    /// operation does not apply (a full board, an empty hand...).
    fn apply<S>(self, position: Qi<P, S>) -> Qi<P, S> {
        let squares = position.square_count();
        let next = match self {
            Operation::Put(square, piece) => {
                position.board_diff([(square.index(squares), Some(piece))])
            }
            Operation::Clear(square) => position.board_diff([(square.index(squares), None)]),
            Operation::Give(player, piece, count) => {
                position.hand_diff(player, [(piece, i32::from(count))])
            }
            Operation::Capture(square, player) => {
                let square = square.index(squares);
                match position.square(square).cloned() {
                    Some(piece) => position
                        .board_diff([(square, None)])
                        .and_then(|next| next.hand_diff(player, [(piece, 1)])),
                    None => return position,
                }
            }
            Operation::Drop(player, entry, square) => {
                let held = position.hand(player).count();
                let square = square.index(squares);
                if held == 0 || position.square(square).is_some() {
                    return position;
                }
                let Some((piece, _)) = position.hand(player).nth(entry.index(held)) else {
                    return position;
                };
                let piece = piece.clone();
                position
                    .hand_diff(player, [(piece.clone(), -1)])
                    .and_then(|next| next.board_diff([(square, Some(piece))]))
            }
            Operation::Toggle => return position.toggle(),
        };
        next.unwrap_or(position)
    }
}
