//! Elixir: `sashite/qi.ex`, `test/qi/position_test.exs`
//! `Qi.new(board, hands, styles, turn)` builds a whole position; here it is
//! built by diffs.

use crate::peers::*;

/// A position from a board, both hands (as listed pieces) and the turn.
fn assemble(
    board: &Position,
    first: &[&str],
    second: &[&str],
    turn: Player,
) -> Result<Position, Error> {
    let position = give(board, Player::First, first)?;
    Ok(give(&position, Player::Second, second)?.with_turn(turn))
}

fn shogi_start() -> Vec<(usize, &'static str)> {
    let second_back = ["l", "n", "s", "g", "k", "g", "s", "n", "l"];
    let first_back = ["L", "N", "S", "G", "K", "G", "S", "N", "L"];
    let mut pieces = vec![(10, "r"), (16, "b"), (64, "B"), (70, "R")];
    for (file, (second, first)) in second_back.into_iter().zip(first_back).enumerate() {
        pieces.push((file, second));
        pieces.push((18 + file, "p"));
        pieces.push((54 + file, "P"));
        pieces.push((72 + file, first));
    }
    pieces
}

#[test]
fn chess_starting_position() {
    let board = place(&empty(&[8, 8]), &chess_start());
    let position = assemble(&board, &[], &[], Player::First).unwrap();
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn mid_game_with_captures_in_hand_crazyhouse_like() {
    let board = place(&empty(&[8, 8]), &[(4, "k"), (60, "K")]);
    let position = assemble(&board, &["P", "N", "B"], &["p", "r"], Player::Second).unwrap();
    assert_eq!(first_hand(&position), [("B", 1), ("N", 1), ("P", 1)]);
    assert_eq!(second_hand(&position), [("p", 1), ("r", 1)]);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn shogi_starting_position() {
    let board = place(&styled(&[9, 9], "S", "s"), &shogi_start());
    let position = assemble(&board, &[], &[], Player::First).unwrap();
    assert_eq!(position.board_piece_count(), 40);
    assert_eq!(square(&position, 4), Some("k"));
    assert_eq!(square(&position, 76), Some("K"));
}

#[test]
fn shogi_mid_game_with_pieces_in_hand() {
    let board = place(&styled(&[9, 9], "S", "s"), &[(3, "g"), (4, "k"), (76, "K")]);
    let first = ["P", "P", "L", "N", "S", "G", "B", "R"];
    let position = assemble(&board, &first, &["p", "p", "p"], Player::First).unwrap();
    let total = |player| position.hand(player).map(|(_, count)| count).sum::<usize>();
    assert_eq!(total(Player::First), 8);
    assert_eq!(total(Player::Second), 3);
}

#[test]
fn xiangqi_like_10x9_empty_board() {
    let board = styled(&[10, 9], "X", "x");
    assert!(assemble(&board, &[], &[], Player::First).is_ok());
}

#[test]
fn three_d_board_raumschach_like() {
    let board = styled(&[5, 5, 5], "R", "r");
    assert!(assemble(&board, &[], &[], Player::First).is_ok());
}

#[test]
fn one_d_board() {
    let board = board_from(&[5], &[Some("k"), None, None, None, Some("K")]);
    assert!(assemble(&board, &[], &[], Player::First).is_ok());
}

#[test]
fn placement_game_empty_board_with_pieces_in_hands() {
    let board = styled(&[3, 3], "G", "g");
    let position = assemble(&board, &["a", "b", "c"], &["x", "y", "z"], Player::First).unwrap();
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&[".", ".", "."]); 3])
    );
    assert_eq!(first_hand(&position).len(), 3);
}

#[test]
fn strings_epin_like() {
    let board = board_from(&[2, 2], &[Some("K^"), None, None, Some("+p")]);
    let position = assemble(&board, &[], &[], Player::First).unwrap();
    assert_eq!(square(&position, 0), Some("K^"));
}

#[test]
fn string_styles() {
    let position = assemble(&empty(&[1]), &[], &[], Player::First).unwrap();
    assert_eq!(
        (
            position.first_style().as_str(),
            position.second_style().as_str()
        ),
        ("C", "c")
    );
}

#[test]
fn same_style_both_sides() {
    let position = styled(&[1], "chess", "chess");
    assert_eq!(position.first_style(), position.second_style());
}

#[test]
fn valid_turn_first() {
    let position = assemble(&empty(&[1]), &[], &[], Player::First).unwrap();
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn valid_turn_second() {
    let position = assemble(&empty(&[1]), &[], &[], Player::Second).unwrap();
    assert_eq!(position.turn(), Player::Second);
}

// ---- cardinality: valid edge cases ----

#[test]
fn p_equals_n_board_fully_occupied_no_hand_pieces() {
    let board = board_from(&[2, 2], &[Some("a"), Some("b"), Some("c"), Some("d")]);
    assert!(assemble(&board, &[], &[], Player::First).is_ok());
}

#[test]
fn p_equals_n_board_and_hands_at_exact_limit() {
    let board = board_from(&[2, 2], &[Some("a"), None, None, Some("b")]);
    let position = assemble(&board, &["c"], &["d"], Player::First).unwrap();
    assert_eq!(position.piece_count(), position.square_count());
}

#[test]
fn p_equals_0_empty_board_no_hand_pieces() {
    let position = assemble(&empty(&[8, 8]), &[], &[], Player::First).unwrap();
    assert_eq!(position.piece_count(), 0);
}

#[test]
fn p_equals_1_single_piece_on_board() {
    let board = board_from(&[1], &[Some("k")]);
    assert!(assemble(&board, &[], &[], Player::First).is_ok());
}

#[test]
fn p_equals_1_single_piece_in_hand() {
    let position = assemble(&empty(&[1]), &["k"], &[], Player::First).unwrap();
    assert_eq!(position.piece_count(), 1);
}

// ---- cardinality violations ----

#[test]
fn one_square_1_on_board_plus_1_in_hand() {
    let board = board_from(&[1], &[Some("k")]);
    let error = assemble(&board, &["P"], &[], Player::First).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 2,
            squares: 1
        }
    );
    assert_eq!(
        error.to_string(),
        "too many pieces for board size (2 pieces, 1 squares)"
    );
}

#[test]
fn two_squares_1_on_board_plus_2_in_hands() {
    let board = board_from(&[2], &[None, Some("k")]);
    assert_eq!(
        assemble(&board, &["P", "Q"], &[], Player::First).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn four_squares_4_on_board_plus_1_in_hand() {
    let board = board_from(&[2, 2], &[Some("a"), Some("b"), Some("c"), Some("d")]);
    let error = assemble(&board, &["e"], &[], Player::First).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 5,
            squares: 4
        }
    );
    assert_eq!(
        error.to_string(),
        "too many pieces for board size (5 pieces, 4 squares)"
    );
}

// Elixir checks the whole position at once; ours accepts the first hand's
// piece and refuses the second hand's.
#[test]
fn violation_from_hand_pieces_only_empty_board() {
    assert_eq!(
        assemble(&empty(&[1]), &["P"], &["p"], Player::First).unwrap_err(),
        Error::TooManyPieces {
            pieces: 2,
            squares: 1
        }
    );
}

// ---- field accessors ----

fn sample() -> Position {
    let board = place(&empty(&[3, 3]), &[(0, "r"), (8, "R")]);
    assemble(&board, &["P", "B"], &["p"], Player::Second).unwrap()
}

#[test]
fn field_board() {
    assert_eq!(
        nested(&sample()),
        Nested::Grid(vec![
            row(&["r", ".", "."]),
            row(&[".", ".", "."]),
            row(&[".", ".", "R"]),
        ])
    );
}

// Elixir lists `[:P, :B]`; ours is in key order.
#[test]
fn field_hands() {
    let position = sample();
    assert_eq!(first_hand(&position), [("B", 1), ("P", 1)]);
    assert_eq!(second_hand(&position), [("p", 1)]);
}

#[test]
fn field_styles() {
    let position = sample();
    assert_eq!(
        (
            position.first_style().as_str(),
            position.second_style().as_str()
        ),
        ("C", "c")
    );
}

#[test]
fn field_turn() {
    assert_eq!(sample().turn(), Player::Second);
}
