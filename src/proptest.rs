//! `proptest` strategies (feature `proptest`) for positions and their parts,
//! to compose in your own property tests.
//!
//! A position is generated the way a game builds one: an empty board from a
//! shape and two styles, then a sequence of moves (put, clear or move a
//! piece, give pieces to a hand, capture a piece into a hand, drop one from
//! a hand, pass the turn), each played through [`Qi::edit`] and skipped if
//! the position refuses it. Every generated position is therefore valid, and
//! reachable; and since proptest shrinks the move sequence, a failing case
//! shrinks towards an empty board.
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

use crate::generate::{self, MAX_MOVES, Move};
use crate::qpi::{Qpi, Sin};
use crate::{Player, Qi};
use ::proptest::collection::{SizeRange, vec};
use ::proptest::prelude::*;

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
/// from `style`, built by up to 64 moves. See the
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
    qi_with_operations(shape, piece, style, 0..=MAX_MOVES)
}

/// Like [`qi`], with the number of moves chosen from `operations`
/// (more moves, fuller positions).
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
    let moves = vec(step(piece), operations);
    (shape, style.clone(), style, moves).prop_filter_map(
        "the shape must be valid",
        |(shape, first_style, second_style, moves)| {
            generate::build(&shape, first_style, second_style, moves)
        },
    )
}

/// Typed positions: QPI pieces and SIN styles on [`shape`]s.
pub fn qpi_position() -> impl Strategy<Value = Qi<Qpi, Sin>> + Clone {
    qi(shape(), qpi(), sin())
}

/// One move of the generator, every number shrinking towards 0 (towards the
/// simplest move: a piece put on the first square).
fn step<P: fmt::Debug + Clone>(
    piece: impl Strategy<Value = P> + Clone,
) -> impl Strategy<Value = Move<P>> + Clone {
    (any::<u8>(), player(), piece, any::<u16>(), any::<u16>()).prop_map(
        |(kind, player, piece, square, other)| Move {
            kind,
            player,
            piece,
            square: square.into(),
            other: other.into(),
        },
    )
}
