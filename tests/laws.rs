//! Algebraic laws of the transformations, checked with quickcheck on the
//! positions of the crate's own generator (`Arbitrary for Qi<Qpi, Sin>`).
//!
//! Where a law says two positions are equal, each is also compared with the
//! other rebuilt from scratch (which shares no storage with it, so `==`
//! cannot answer from `ptr_eq`), and their content is compared square by
//! square and entry by entry as well, so a wrong `==` cannot pass for a
//! right one.
#![cfg(feature = "quickcheck")]
// quickcheck hands properties their arguments by value.
#![allow(clippy::needless_pass_by_value)]

use std::hash::{BuildHasher, RandomState};

use harness::support::{self, same_content};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Player, Qi};
use quickcheck::{Arbitrary, Gen, TestResult, quickcheck};

type Position = Qi<Qpi, Sin>;

/// A piece the position holds (on the board or in a hand) half the time, so
/// that removals hit; otherwise any token.
fn piece(g: &mut Gen, position: &Position) -> Qpi {
    let held: Vec<Qpi> = position
        .squares()
        .flatten()
        .chain(
            Player::ALL
                .iter()
                .flat_map(|&player| position.hand(player).map(|(piece, _)| piece)),
        )
        .copied()
        .collect();
    match g.choose(&held) {
        Some(&piece) if bool::arbitrary(g) => piece,
        _ => Qpi::arbitrary(g),
    }
}

/// A position with a board diff that fits it and a hand diff.
#[derive(Clone, Debug)]
struct WithDiff(Position, Vec<(usize, Option<Qpi>)>, Player, Vec<(Qpi, i32)>);

impl Arbitrary for WithDiff {
    fn arbitrary(g: &mut Gen) -> Self {
        let position = Position::arbitrary(g);
        let board = (0..usize::arbitrary(g) % 5)
            .map(|_| {
                let index = usize::arbitrary(g) % position.square_count();
                (index, bool::arbitrary(g).then(|| piece(g, &position)))
            })
            .collect();
        let hand = (0..usize::arbitrary(g) % 4)
            .map(|_| (piece(g, &position), i32::from(i8::arbitrary(g) % 3)))
            .collect();
        WithDiff(position, board, Player::arbitrary(g), hand)
    }
}

/// Equal by every route there is: the same content read through the
/// readers, `==` both ways, with each other and with each other rebuilt
/// from scratch (sharing no storage), and the same hashes.
fn equal_apart(a: &Position, b: &Position) -> bool {
    let hasher = RandomState::new();
    let (a_apart, b_apart) = (support::rebuilt(a), support::rebuilt(b));
    // `==` both ways: the symmetry of `eq` is part of what is checked.
    let (a_equals_b, b_equals_a) = (a.eq(b), b.eq(a));
    !a.ptr_eq(&b_apart)
        && same_content(a, b)
        && a_equals_b
        && b_equals_a
        && a.eq(&b_apart)
        && b_apart.eq(a)
        && b.eq(&a_apart)
        && a_apart.eq(b)
        && a.position_hash() == b.position_hash()
        && hasher.hash_one(a) == hasher.hash_one(b)
}

quickcheck! {
    fn toggle_twice_is_identity(position: Position) -> bool {
        equal_apart(&position.toggle().toggle(), &position)
    }

    fn toggle_always_changes_the_position(position: Position) -> bool {
        let toggled = position.toggle();
        toggled != position && !same_content(&toggled, &position)
    }

    fn an_empty_diff_gives_an_equal_position(position: Position) -> bool {
        let board = position.board_diff([]).expect("an empty diff cannot fail");
        let first = position.first_hand_diff([]).expect("an empty diff cannot fail");
        let second = position.second_hand_diff([]).expect("an empty diff cannot fail");
        let edit = position.edit().finish().expect("an empty edit cannot fail");
        [board, first, second, edit].iter().all(|same| equal_apart(same, &position))
    }

    fn a_board_diff_followed_by_its_inverse_gives_an_equal_position(input: WithDiff) -> TestResult {
        let WithDiff(position, changes, _, _) = input;
        let Ok(changed) = position.board_diff(changes.clone()) else {
            return TestResult::discard();
        };
        // Restoring every touched square, in reverse order, undoes the diff.
        let inverse: Vec<_> = changes
            .iter()
            .rev()
            .map(|&(index, _)| (index, position.square(index).copied()))
            .collect();
        let back = changed.board_diff(inverse).expect("the original position was valid");
        TestResult::from_bool(equal_apart(&back, &position))
    }

    fn a_hand_diff_followed_by_its_inverse_gives_an_equal_position(input: WithDiff) -> TestResult {
        let WithDiff(position, _, player, changes) = input;
        let Ok(changed) = position.hand_diff(player, changes.clone()) else {
            return TestResult::discard();
        };
        let inverse: Vec<_> = changes.iter().rev().map(|&(piece, delta)| (piece, -delta)).collect();
        let back = changed.hand_diff(player, inverse).expect("the original position was valid");
        TestResult::from_bool(equal_apart(&back, &position))
    }

    /// The same content by three routes: the generator's moves, `from_parts`
    /// from scratch, and a diff undone by its inverse.
    fn equal_positions_hash_alike(input: WithDiff) -> TestResult {
        let WithDiff(position, changes, _, _) = input;
        let scratch = support::rebuilt(&position);
        let Ok(changed) = position.board_diff(changes.clone()) else {
            return TestResult::discard();
        };
        let inverse: Vec<_> = changes
            .iter()
            .map(|&(index, _)| (index, position.square(index).copied()))
            .collect();
        let back = changed.board_diff(inverse).expect("the original position was valid");
        TestResult::from_bool(
            equal_apart(&scratch, &position) && equal_apart(&back, &position) && equal_apart(&back, &scratch),
        )
    }

    fn an_edit_is_the_separate_transformations_in_one_step(input: WithDiff) -> TestResult {
        let WithDiff(position, board, player, hand) = input;
        let separate = position
            .board_diff(board.clone())
            .and_then(|next| next.hand_diff(player, hand.clone()))
            .map(|next| next.toggle());
        let Ok(separate) = separate else {
            return TestResult::discard();
        };
        let one_step = position.edit_with(|edit| {
    edit.board_diff(board).hand_diff(player, hand).toggle();
});
        TestResult::from_bool(one_step.is_ok_and(|one_step| equal_apart(&one_step, &separate)))
    }

    fn clones_are_equal_and_share_storage(position: Position) -> bool {
        let clone = position.clone();
        clone.ptr_eq(&position) && clone == position && same_content(&clone, &position)
    }

    fn the_incremental_hash_equals_the_hash_from_scratch(position: Position) -> bool {
        position.position_hash() == support::rebuilt(&position).position_hash()
    }

    fn counters_equal_a_recount(position: Position) -> bool {
        let on_board = position.squares().flatten().count();
        let in_hands: usize = Player::ALL
            .iter()
            .flat_map(|&player| position.hand(player).map(|(_, count)| count))
            .sum();
        position.board_piece_count() == on_board
            && position.hand_piece_count() == in_hands
            && position.piece_count() <= position.square_count()
            && Player::ALL.iter().all(|&player| position.hand(player).all(|(_, count)| count > 0))
    }
}
