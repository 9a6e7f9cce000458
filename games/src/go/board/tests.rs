//! The kept groups, empty points and neighbour counts against flood
//! fills and rebuilds, along random games.

use support::Rng;

use super::Board;
use super::points::Points;
use crate::Local;
use crate::go::{self, random_move};

/// Every stone's group and pseudo-liberties, as a rebuild from the
/// points gives them: the same partition and the same counts.
fn assert_groups_as_rebuilt(board: &Board) {
    let mut rebuilt = board.clone();
    rebuilt.rebuild_groups();
    let (kept, fresh) = (&board.groups, &rebuilt.groups);
    for (index, square) in board.squares().iter().enumerate() {
        if square.is_none() {
            continue;
        }
        let (ours, theirs) = (kept.head(index), fresh.head(index));
        let mut ours_stones = Points::NONE;
        let mut theirs_stones = Points::NONE;
        kept.add_stones(index, &mut ours_stones);
        fresh.add_stones(index, &mut theirs_stones);
        assert_eq!(
            ours_stones, theirs_stones,
            "the group of {index} on {board}"
        );
        assert_eq!(
            (
                kept.size[ours],
                kept.liberties[ours],
                kept.sum[ours],
                kept.squares[ours]
            ),
            (
                fresh.size[theirs],
                fresh.liberties[theirs],
                fresh.sum[theirs],
                fresh.squares[theirs]
            ),
            "the counts of the group of {index} on {board}"
        );
        assert!(!kept.captured(ours), "a group without liberty on {board}");
    }
    assert_eq!(board.empty, rebuilt.empty, "the empty points of {board}");
    let points = board.squares().len();
    assert_eq!(
        board.beside[..points],
        rebuilt.beside[..points],
        "the neighbour counts of {board}"
    );
    assert_eq!(
        board.empty_len, rebuilt.empty_len,
        "the empty count of {board}"
    );
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
        crate::game::Node::read_into(&node, &mut board);
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
