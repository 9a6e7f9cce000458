//! Algebraic laws of the transformations, checked with quickcheck on random
//! positions built from random valid operation sequences.

use persistent_qi::{Player, Qi};
use quickcheck::{Arbitrary, Gen, TestResult, quickcheck};

type Position = Qi<u8, u8>;

const SHAPES: &[&[usize]] = &[&[1], &[4], &[3, 3], &[8, 8], &[9, 9], &[2, 3, 2]];
const PIECES: u8 = 6;

fn piece(g: &mut Gen) -> u8 {
    u8::arbitrary(g) % PIECES
}

fn player(g: &mut Gen) -> Player {
    if bool::arbitrary(g) {
        Player::First
    } else {
        Player::Second
    }
}

/// A diff whose indices are squares of a board of `square_count` squares.
fn board_changes(g: &mut Gen, square_count: usize) -> Vec<(usize, Option<u8>)> {
    let length = usize::arbitrary(g) % 5;
    (0..length)
        .map(|_| {
            let index = usize::arbitrary(g) % square_count;
            let square = bool::arbitrary(g).then(|| piece(g));
            (index, square)
        })
        .collect()
}

fn hand_changes(g: &mut Gen) -> Vec<(u8, i32)> {
    let length = usize::arbitrary(g) % 4;
    (0..length)
        .map(|_| (piece(g), i32::from(i8::arbitrary(g) % 3)))
        .collect()
}

/// A position reached by a random sequence of valid transformations (the
/// invalid ones drawn along the way are skipped).
#[derive(Clone, Debug)]
struct AnyPosition(Position);

impl Arbitrary for AnyPosition {
    fn arbitrary(g: &mut Gen) -> Self {
        let shape = g.choose(SHAPES).expect("SHAPES is not empty");
        let mut position = Qi::new(shape, piece(g), piece(g)).expect("SHAPES are valid");
        for _ in 0..usize::arbitrary(g) % 24 {
            let next = match u8::arbitrary(g) % 4 {
                0 | 1 => position.board_diff(board_changes(g, position.square_count())),
                2 => position.hand_diff(player(g), hand_changes(g)),
                _ => Ok(position.toggle()),
            };
            if let Ok(next) = next {
                position = next;
            }
        }
        AnyPosition(position)
    }
}

/// A position together with a diff that fits its board.
#[derive(Clone, Debug)]
struct WithDiff(Position, Vec<(usize, Option<u8>)>, Player, Vec<(u8, i32)>);

impl Arbitrary for WithDiff {
    fn arbitrary(g: &mut Gen) -> Self {
        let AnyPosition(position) = AnyPosition::arbitrary(g);
        let board = board_changes(g, position.square_count());
        let hand = hand_changes(g);
        WithDiff(position, board, player(g), hand)
    }
}

quickcheck! {
    fn toggle_twice_is_identity(position: AnyPosition) -> bool {
        let AnyPosition(position) = position;
        let back = position.toggle().toggle();
        back == position && back.position_hash() == position.position_hash()
    }

    fn toggle_always_changes_the_position(position: AnyPosition) -> bool {
        let AnyPosition(position) = position;
        position.toggle() != position
    }

    fn an_empty_diff_gives_an_equal_position(position: AnyPosition) -> bool {
        let AnyPosition(position) = position;
        let board = position.board_diff([]).expect("an empty diff cannot fail");
        let first = position.first_hand_diff([]).expect("an empty diff cannot fail");
        let second = position.second_hand_diff([]).expect("an empty diff cannot fail");
        [board, first, second]
            .iter()
            .all(|same| *same == position && same.position_hash() == position.position_hash())
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
        TestResult::from_bool(back == position && back.position_hash() == position.position_hash())
    }

    fn a_hand_diff_followed_by_its_inverse_gives_an_equal_position(input: WithDiff) -> TestResult {
        let WithDiff(position, _, player, changes) = input;
        let Ok(changed) = position.hand_diff(player, changes.clone()) else {
            return TestResult::discard();
        };
        let inverse: Vec<_> = changes.iter().rev().map(|&(piece, delta)| (piece, -delta)).collect();
        let back = changed.hand_diff(player, inverse).expect("the original position was valid");
        TestResult::from_bool(back == position && back.position_hash() == position.position_hash())
    }

    fn equal_positions_hash_alike(a: AnyPosition, b: AnyPosition) -> bool {
        let (AnyPosition(a), AnyPosition(b)) = (a, b);
        a != b || a.position_hash() == b.position_hash()
    }

    fn clones_are_equal_and_share_storage(position: AnyPosition) -> bool {
        let AnyPosition(position) = position;
        let clone = position.clone();
        clone.ptr_eq(&position) && clone == position
    }

    fn the_incremental_hash_equals_the_hash_from_scratch(position: AnyPosition) -> bool {
        let AnyPosition(position) = position;
        position.position_hash() == harness::support::rebuilt(&position).position_hash()
    }

    fn counters_equal_a_recount(position: AnyPosition) -> bool {
        let AnyPosition(position) = position;
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
