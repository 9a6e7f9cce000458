//! Captures: the taken piece enters the capturer's hand, unpromoted, turned
//! to the capturer's side, in the capturer's style.

use super::common;
use crate::qpi_token::qpi;

use common::{setup, with_kings};
use games::shogi::square_index;
use persistent_qi::Player;

#[test]
fn a_captured_piece_enters_the_capturers_hand() {
    let position = with_kings(&[("5e", "R"), ("5c", "g")]);
    let after = position.play("5e5c");
    assert_eq!(after.first_hand_count(&qpi("S:G")), 1);
    assert_eq!(after.square(square_index("5c").unwrap()), Some(&qpi("S:R")));
    assert_eq!(after.square(square_index("5e").unwrap()), None);
    assert_eq!(after.piece_count(), 4);
    assert_eq!(after.hand_piece_count(), 1);
}

#[test]
fn a_captured_promoted_piece_enters_the_hand_unpromoted() {
    let position = with_kings(&[("5e", "R"), ("5c", "+p")]);
    let after = position.play("5e5c+");
    assert_eq!(after.first_hand_count(&qpi("S:P")), 1);
    assert_eq!(
        after.square(square_index("5c").unwrap()),
        Some(&qpi("S:+R"))
    );
}

#[test]
fn the_second_player_captures_into_its_own_hand() {
    let position = with_kings(&[("5e", "+R"), ("5c", "l")]).second_to_move();
    let after = position.play("5c5e");
    assert_eq!(after.second_hand_count(&qpi("s:r")), 1);
    assert_eq!(after.first_hand().count(), 0);
    assert_eq!(after.turn(), Player::First);
}

#[test]
fn a_captured_piece_takes_the_capturers_style() {
    // First style C, second x: the second player's horse, in its own style,
    // becomes a first-player bishop in style C.
    let position = with_kings(&[("5e", "R"), ("5c", "+b")]).styles("C", "x");
    let after = position.play("5e5c");
    assert_eq!(after.first_hand().collect::<Vec<_>>(), [(&qpi("C:B"), 1)]);
    // And so does a derived piece (the second player's, in style C).
    let derived = with_kings(&[("5e", "R"), ("5c", "s'")]).styles("C", "x");
    let after = derived.play("5e5c");
    assert_eq!(after.first_hand().collect::<Vec<_>>(), [(&qpi("C:S"), 1)]);
}

#[test]
fn captured_pieces_add_up_and_can_be_dropped_back() {
    let position = with_kings(&[("5e", "R"), ("5c", "p"), ("6d", "p")]).hands("P", "");
    let after = position.play("5e5c");
    assert_eq!(after.first_hand_count(&qpi("S:P")), 2);
    // The first player again, to drop.
    let moves = common::usi(&games::shogi::legal_move_list(&games::shogi::Board::read(
        &after.toggle(),
    )));
    assert!(
        moves.contains("P*5d"),
        "the file of the captured pawn is free again"
    );
    assert!(
        moves.contains("P*6e"),
        "the opponent's pawn on file 6 does not count"
    );
}

#[test]
fn a_capture_by_a_drop_is_impossible() {
    let position = setup(&[("5i", "K^"), ("9a", "k^"), ("5e", "p")]).hands("G", "");
    assert!(!position.drops('G').contains("G*5e"));
}
