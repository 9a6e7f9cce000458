//! The kept groups, empty points and neighbour counts against flood
//! fills and rebuilds, along random games.

use support::Rng;

use super::Board;
use crate as go;
use crate::random_move;
use games_core::Local;

/// Every stone's group and pseudo-liberties, the empty points and the
/// neighbour counts, as a rebuild from the points gives them; and no group
/// without liberty.
fn assert_groups_as_rebuilt(board: &Board) {
    assert_eq!(board.check_kept(), Ok(()), "on {board}");
    for (index, square) in board.squares().iter().enumerate() {
        if square.is_some() {
            let head = board.groups.head(index);
            assert!(
                !board.groups.captured(head),
                "a group without liberty on {board}"
            );
        }
    }
}

/// Random games on several boards: after every move, the kept groups
/// are the rebuilt ones, and every point's legality and captures are
/// what flood fills find.
#[test]
fn the_kept_groups_agree_with_flood_fills_along_random_games() {
    let (mut moves, mut captured) = (0, 0);
    for (size, seed) in [
        ("9x9", 1),
        ("9x9", 2),
        ("5x5", 3),
        ("13x13", 4),
        ("19x19", 5),
        ("2x3", 6),
    ] {
        let node = go::load::<Local<u8, u8>>(size).expect("an empty board");
        let mut board = Board::default();
        games_core::Node::read_into(&node, &mut board);
        let mut rng = Rng(seed);
        for _ in 0..400 {
            for index in 0..board.squares().len() {
                assert_eq!(
                    board.legal_at(index),
                    board.legal_by_flood(index),
                    "the legality of {index} on {board}"
                );
                if board.legal_at(index) {
                    assert_eq!(board.captures(index), board.captures_by_flood(index));
                }
            }
            match random_move(&board, &mut rng) {
                Some(point) => {
                    let index = board.index(point).expect("a point of the board");
                    captured += board.play_at(index).len();
                    moves += 1;
                }
                None => board.pass(),
            }
            assert_groups_as_rebuilt(&board);
        }
    }
    // The games fill their boards and capture, many times.
    assert!(
        moves > 800 && captured > 200,
        "{moves} moves, {captured} stones captured"
    );
}
