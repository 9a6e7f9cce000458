//! How each piece moves: one test per piece, from the centre square 5e of
//! an otherwise empty board (the two kings aside), for the first player
//! unless said otherwise.

use super::common;

use common::{set, with_kings};

#[test]
fn a_pawn_steps_forward_toward_row_zero() {
    assert_eq!(with_kings(&[("5e", "P")]).moves_from("5e"), set(&["5e5d"]));
}

#[test]
fn a_second_player_pawn_steps_toward_row_eight() {
    let position = with_kings(&[("5e", "p")]).second_to_move();
    assert_eq!(position.moves_from("5e"), set(&["5e5f"]));
}

#[test]
fn a_lance_ranges_forward_to_the_edge() {
    assert_eq!(
        with_kings(&[("5e", "L")]).moves_from("5e"),
        set(&["5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a+"])
    );
}

#[test]
fn a_lance_stops_before_its_own_piece_and_on_an_enemy_one() {
    assert_eq!(
        with_kings(&[("5e", "L"), ("5b", "P")]).moves_from("5e"),
        set(&["5e5d", "5e5c", "5e5c+"])
    );
    assert_eq!(
        with_kings(&[("5e", "L"), ("5c", "p")]).moves_from("5e"),
        set(&["5e5d", "5e5c", "5e5c+"])
    );
    assert_eq!(
        with_kings(&[("5e", "L"), ("5d", "p")]).moves_from("5e"),
        set(&["5e5d"])
    );
}

#[test]
fn a_knight_jumps_two_forward_and_one_aside_over_pieces() {
    let surrounded = with_kings(&[("5f", "N"), ("5e", "P"), ("4e", "p"), ("6e", "p")]);
    assert_eq!(surrounded.moves_from("5f"), set(&["5f6d", "5f4d"]));
}

#[test]
fn a_silver_steps_forward_and_diagonally() {
    assert_eq!(
        with_kings(&[("5e", "S")]).moves_from("5e"),
        set(&["5e5d", "5e6d", "5e4d", "5e6f", "5e4f"])
    );
}

#[test]
fn a_gold_steps_orthogonally_and_diagonally_forward() {
    assert_eq!(
        with_kings(&[("5e", "G")]).moves_from("5e"),
        set(&["5e5d", "5e6d", "5e4d", "5e6e", "5e4e", "5e5f"])
    );
}

#[test]
fn a_second_player_gold_steps_diagonally_toward_row_eight() {
    let position = with_kings(&[("5e", "g")]).second_to_move();
    assert_eq!(
        position.moves_from("5e"),
        set(&["5e5f", "5e6f", "5e4f", "5e6e", "5e4e", "5e5d"])
    );
}

#[test]
fn every_promoted_minor_piece_moves_as_a_gold() {
    for piece in ["+P", "+L", "+N", "+S"] {
        assert_eq!(
            with_kings(&[("5e", piece)]).moves_from("5e"),
            set(&["5e5d", "5e6d", "5e4d", "5e6e", "5e4e", "5e5f"]),
            "{piece}"
        );
    }
}

#[test]
fn a_king_steps_in_every_direction() {
    let position = common::setup(&[("5e", "K^"), ("7a", "k^")]);
    assert_eq!(
        position.moves_from("5e"),
        set(&[
            "5e5d", "5e6d", "5e4d", "5e6e", "5e4e", "5e5f", "5e6f", "5e4f"
        ])
    );
}

#[test]
fn a_bishop_ranges_diagonally_to_the_edges() {
    assert_eq!(
        with_kings(&[("5e", "B")]).moves_from("5e"),
        set(&[
            "5e6d", "5e7c", "5e7c+", "5e8b", "5e8b+", "5e9a", "5e9a+", // up-left
            "5e4d", "5e3c", "5e3c+", "5e2b", "5e2b+", "5e1a", "5e1a+", // up-right
            "5e6f", "5e7g", "5e8h", "5e9i", // down-left
            "5e4f", "5e3g", "5e2h", "5e1i", // down-right
        ])
    );
}

#[test]
fn a_rook_ranges_orthogonally_to_the_edges() {
    assert_eq!(
        with_kings(&[("5e", "R")]).moves_from("5e"),
        set(&[
            "5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a", "5e5a+", // up
            "5e5f", "5e5g", "5e5h", "5e5i", // down
            "5e6e", "5e7e", "5e8e", "5e9e", // left
            "5e4e", "5e3e", "5e2e", "5e1e", // right
        ])
    );
}

#[test]
fn a_rook_stops_before_its_own_piece_and_takes_an_enemy_one() {
    let position = with_kings(&[("5e", "R"), ("5c", "P"), ("7e", "p"), ("5g", "p")]);
    assert_eq!(
        position.moves_from("5e"),
        set(&[
            "5e5d", // up, stopped by the pawn on 5c
            "5e5f", "5e5g", // down, taking on 5g
            "5e6e", "5e7e", // left, taking on 7e
            "5e4e", "5e3e", "5e2e", "5e1e",
        ])
    );
}

#[test]
fn a_horse_ranges_diagonally_and_steps_orthogonally() {
    assert_eq!(
        with_kings(&[("5e", "+B")]).moves_from("5e"),
        set(&[
            "5e6d", "5e7c", "5e8b", "5e9a", "5e4d", "5e3c", "5e2b", "5e1a", "5e6f", "5e7g", "5e8h",
            "5e9i", "5e4f", "5e3g", "5e2h", "5e1i", // the bishop's lines
            "5e5d", "5e5f", "5e6e", "5e4e", // the extra steps
        ])
    );
}

#[test]
fn a_dragon_ranges_orthogonally_and_steps_diagonally() {
    assert_eq!(
        with_kings(&[("5e", "+R")]).moves_from("5e"),
        set(&[
            "5e5d", "5e5c", "5e5b", "5e5a", "5e5f", "5e5g", "5e5h", "5e5i", "5e6e", "5e7e", "5e8e",
            "5e9e", "5e4e", "5e3e", "5e2e", "5e1e", // the rook's lines
            "5e6d", "5e4d", "5e6f", "5e4f", // the extra steps
        ])
    );
}

#[test]
fn a_second_player_knight_jumps_toward_row_eight() {
    let position = with_kings(&[("5c", "n")]).second_to_move();
    assert_eq!(position.moves_from("5c"), set(&["5c6e", "5c4e"]));
}

#[test]
fn pieces_move_alike_whatever_their_styles() {
    let native = with_kings(&[("5e", "S")]).styles("C", "x");
    let derived = with_kings(&[("5e", "S'")]).styles("C", "x");
    assert_eq!(native.moves_from("5e"), derived.moves_from("5e"));
    assert_eq!(native.moves_from("5e").len(), 5);
}
