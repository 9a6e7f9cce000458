//! The rules of chess, one behaviour per test: castling, en passant,
//! promotion, pins, checks, and the castling rights and en-passant square
//! a node keeps.

use std::collections::BTreeSet;

use games::chess::{self, Castling, Node, square_index, to_fen};
use games::{Node as _, Persistent};
use persistent_qi::qpi::Qpi;

/// A node of a FEN position, over persistent-qi.
fn node(fen: &str) -> Node<Persistent> {
    chess::load(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// The legal moves of a node, in UCI.
fn moves(node: &Node<Persistent>) -> BTreeSet<String> {
    node.legal_move_list()
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The legal moves of a FEN position, in UCI.
fn moves_of(fen: &str) -> BTreeSet<String> {
    moves(&node(fen))
}

/// The legal moves of `fen`'s position from `square`, in UCI.
fn moves_from(fen: &str, square: &str) -> BTreeSet<String> {
    moves_of(fen)
        .into_iter()
        .filter(|uci| uci.starts_with(square))
        .collect()
}

/// The UCI moves given, as a set.
fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// The child after the legal move spelled `uci`.
fn play(node: &Node<Persistent>, uci: &str) -> Node<Persistent> {
    let board = node.read();
    let mv = node
        .legal_move_list()
        .into_iter()
        .find(|mv| mv.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {}", to_fen(node)));
    node.play(&board, mv)
}

/// The child after each of `ucis` in turn.
fn play_all(node: &Node<Persistent>, ucis: &[&str]) -> Node<Persistent> {
    ucis.iter().fold(node.clone(), |node, uci| play(&node, uci))
}

/// The piece on a named square.
fn piece_on(node: &Node<Persistent>, square: &str) -> Option<String> {
    let index = square_index(square).expect("a square name");
    node.position.square(index).map(ToString::to_string)
}

fn square(name: &str) -> usize {
    square_index(name).expect("a square name")
}

const CASTLING: &str = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -";

// Castling.

#[test]
fn castling_on_both_sides_is_allowed_when_the_way_is_clear() {
    let white = moves_of(CASTLING);
    assert!(white.contains("e1g1") && white.contains("e1c1"));
    let black = moves_of("r3k2r/8/8/8/8/8/8/R3K2R b KQkq -");
    assert!(black.contains("e8g8") && black.contains("e8c8"));
}

#[test]
fn castling_moves_the_rook_beside_the_king() {
    let after = play(&node(CASTLING), "e1c1");
    assert_eq!(piece_on(&after, "c1").as_deref(), Some("C:K^"));
    assert_eq!(piece_on(&after, "d1").as_deref(), Some("C:R"));
    assert_eq!(piece_on(&after, "a1"), None);
    assert_eq!(piece_on(&after, "e1"), None);
    // Castling is a quiet move: the clock counts it.
    assert_eq!(to_fen(&after), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn castling_through_an_attacked_square_is_refused() {
    // The bishop on h3 sees f1, which the king crosses.
    let white = moves_of("r3k2r/8/8/8/8/7b/8/R3K2R w KQkq -");
    assert!(white.contains("e1c1"));
    assert!(!white.contains("e1g1"));
}

#[test]
fn castling_queen_side_is_allowed_with_only_b1_attacked() {
    // The king never crosses b1: only the rook does.
    let white = moves_of("1r2k3/8/8/8/8/8/8/R3K3 w Q -");
    assert!(white.contains("e1c1"));
}

#[test]
fn castling_out_of_check_is_refused() {
    let white = moves_of("4k3/8/8/8/4r3/8/8/R3K2R w KQ -");
    assert!(!white.contains("e1g1") && !white.contains("e1c1"));
}

#[test]
fn castling_into_check_is_refused() {
    let white = moves_of("4k3/8/8/8/6r1/8/8/R3K2R w KQ -");
    assert!(!white.contains("e1g1"));
    assert!(white.contains("e1c1"));
}

#[test]
fn castling_with_a_piece_between_is_refused() {
    let white = moves_of("4k3/8/8/8/8/8/8/RN2K2R w KQ -");
    assert!(!white.contains("e1c1"));
    assert!(white.contains("e1g1"));
    // Between, even a piece of the other side.
    let white = moves_of("4k3/8/8/8/8/8/8/R3K1nR w KQ -");
    assert!(!white.contains("e1g1"));
}

#[test]
fn castling_without_the_right_is_refused() {
    assert!(!moves_of("4k3/8/8/8/8/8/8/R3K2R w - -").contains("e1g1"));
    let king_side_only = moves_of("4k3/8/8/8/8/8/8/R3K2R w K -");
    assert!(king_side_only.contains("e1g1"));
    assert!(!king_side_only.contains("e1c1"));
}

#[test]
fn a_king_move_loses_both_rights_of_its_side() {
    let after = play(&node(CASTLING), "e1e2");
    assert_eq!(after.castling().to_string(), "kq");
    let back = play_all(&after, &["a8b8", "e2e1", "b8a8"]);
    assert!(!moves(&back).contains("e1g1"));
}

#[test]
fn castling_loses_both_rights_of_its_side() {
    assert_eq!(play(&node(CASTLING), "e1g1").castling().to_string(), "kq");
}

#[test]
fn a_rook_move_loses_the_right_of_its_side_only() {
    let after = play(&node(CASTLING), "a1a2");
    assert_eq!(after.castling().to_string(), "Kkq");
    let after = play(&after, "h8h7");
    assert_eq!(after.castling().to_string(), "Kq");
}

#[test]
fn a_rook_taken_on_its_home_square_loses_its_right() {
    let after = play(&node(CASTLING), "a1a8");
    // White's rook left a1, and black's was taken on a8.
    assert_eq!(
        after.castling(),
        Castling::WHITE_KING_SIDE.union(Castling::BLACK_KING_SIDE)
    );
}

// En passant.

const EN_PASSANT: &str = "4k3/8/8/8/3p4/8/4P3/4K3 w - -";

#[test]
fn a_double_push_beside_an_enemy_pawn_leaves_an_en_passant_square() {
    let after = play(&node(EN_PASSANT), "e2e4");
    assert_eq!(after.en_passant(), Some(square("e3")));
}

#[test]
fn a_double_push_with_no_enemy_pawn_beside_leaves_no_en_passant_square() {
    let after = play(&node(chess::START), "e2e4");
    assert_eq!(after.en_passant(), None);
}

#[test]
fn en_passant_takes_the_pawn_that_passed() {
    let pushed = play(&node(EN_PASSANT), "e2e4");
    assert_eq!(pushed.en_passant(), Some(square("e3")));
    let taken = play(&pushed, "d4e3");
    assert_eq!(piece_on(&taken, "e3").as_deref(), Some("c:p"));
    assert_eq!(piece_on(&taken, "e4"), None);
    assert_eq!(piece_on(&taken, "d4"), None);
    assert_eq!(taken.en_passant(), None);
}

#[test]
fn en_passant_is_refused_when_the_double_push_was_not_the_last_move() {
    let pushed = play(&node(EN_PASSANT), "e2e4");
    assert!(moves(&pushed).contains("d4e3"));
    let later = play_all(&pushed, &["e8d8", "e1d1"]);
    assert_eq!(later.en_passant(), None);
    assert!(!moves(&later).contains("d4e3"));
}

#[test]
fn en_passant_is_refused_when_it_uncovers_the_king_along_its_rank() {
    // Taking d3 would empty d4 and e4 at once: the rook on h4 then sees
    // the king on a4.
    let position = node("8/8/8/8/k2Pp2R/8/8/4K3 b - d3");
    assert_eq!(position.en_passant(), Some(square("d3")));
    let black = moves(&position);
    assert!(!black.contains("e4d3"));
    assert!(black.contains("e4e3"));
}

#[test]
fn en_passant_may_take_a_pawn_that_gives_check() {
    let checked = play(&node("8/8/8/4k3/4p3/8/3P4/4K3 w - -"), "d2d4");
    let board = checked.read();
    assert!(board.in_check(board.turn()));
    assert!(moves(&checked).contains("e4d3"));
}

#[test]
fn a_pawn_pinned_on_a_diagonal_may_take_en_passant_along_it() {
    // The bishop on g1 pins the pawn on d4 against the king on a7; e3 is
    // on the line of the pin.
    let pushed = play(&node("8/k7/8/8/3p4/8/4P3/4K1B1 w - -"), "e2e4");
    let black = moves(&pushed);
    assert!(black.contains("d4e3"));
    assert!(!black.contains("d4d3"));
}

#[test]
fn a_pawn_pinned_on_a_diagonal_may_not_take_en_passant_off_it() {
    // The bishop on a1 pins the pawn on d4 against the king on h8.
    let pushed = play(&node("7k/8/8/8/3p4/8/4P3/B3K3 w - -"), "e2e4");
    assert_eq!(pushed.en_passant(), Some(square("e3")));
    let black = moves(&pushed);
    assert!(!black.contains("d4e3"));
    assert!(!black.contains("d4d3"));
}

// Promotion.

#[test]
fn a_pawn_reaching_the_last_rank_promotes_to_each_of_queen_rook_bishop_knight() {
    let white = moves_of("8/4P3/8/8/8/8/8/k3K3 w - -");
    for uci in ["e7e8q", "e7e8r", "e7e8b", "e7e8n"] {
        assert!(white.contains(uci), "{uci}");
    }
    assert!(!white.contains("e7e8"));
    let black = moves_of("k3K3/8/8/8/8/8/3p4/8 b - -");
    assert!(black.is_superset(&set(&["d2d1q", "d2d1r", "d2d1b", "d2d1n"])));
}

#[test]
fn a_promoted_pawn_becomes_the_chosen_piece_in_its_own_style() {
    let promoted = play(&node("8/4P3/8/8/8/8/8/k3K3 w - -"), "e7e8n");
    assert_eq!(piece_on(&promoted, "e8").as_deref(), Some("C:N"));
    assert_eq!(piece_on(&promoted, "e7"), None);
    let feen = "8/4P3/8/8/8/8/8/k^3K^3 / X/y";
    let styled: Node<Persistent> = chess::load(feen).unwrap();
    let promoted = play(&styled, "e7e8q");
    assert_eq!(piece_on(&promoted, "e8").as_deref(), Some("X:Q"));
}

#[test]
fn a_pawn_promotes_when_it_captures_onto_the_last_rank() {
    let white = moves_of("3r4/4P3/8/8/8/8/8/k3K3 w - -");
    let promotions: BTreeSet<String> = white.into_iter().filter(|uci| uci.len() == 5).collect();
    assert_eq!(
        promotions,
        set(&[
            "e7e8q", "e7e8r", "e7e8b", "e7e8n", "e7d8q", "e7d8r", "e7d8b", "e7d8n"
        ])
    );
    let taken = play(&node("3r4/4P3/8/8/8/8/8/k3K3 w - -"), "e7d8r");
    assert_eq!(piece_on(&taken, "d8").as_deref(), Some("C:R"));
}

#[test]
fn a_pawn_on_its_start_rank_may_push_one_or_two_squares() {
    let white = moves_of("4k3/8/8/8/8/8/4P3/K7 w - -");
    assert!(white.contains("e2e3") && white.contains("e2e4"));
    let blocked = moves_of("4k3/8/8/8/4n3/8/4P3/K7 w - -");
    assert!(blocked.contains("e2e3") && !blocked.contains("e2e4"));
    let stopped = moves_of("4k3/8/8/8/8/4n3/4P3/K7 w - -");
    assert!(!stopped.contains("e2e3") && !stopped.contains("e2e4"));
}

// Pins and checks.

#[test]
fn a_pinned_knight_cannot_move() {
    let white = moves_of("4k3/4r3/8/8/8/8/4N3/4K3 w - -");
    assert!(white.iter().all(|uci| !uci.starts_with("e2")));
}

#[test]
fn a_pinned_rook_moves_only_along_the_pin_and_may_take_the_pinner() {
    assert_eq!(
        moves_from("4k3/4r3/8/8/8/8/4R3/4K3 w - -", "e2"),
        set(&["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"])
    );
}

#[test]
fn a_pinned_bishop_moves_only_along_its_diagonal() {
    assert_eq!(
        moves_from("4k3/8/8/b7/8/8/3B4/4K3 w - -", "d2"),
        set(&["d2c3", "d2b4", "d2a5"])
    );
}

#[test]
fn a_pawn_pinned_on_a_file_may_push_but_not_take() {
    assert_eq!(
        moves_from("4r1k1/8/8/8/8/3p1p2/4P3/4K3 w - -", "e2"),
        set(&["e2e3", "e2e4"])
    );
}

#[test]
fn the_king_does_not_retreat_along_the_checking_line() {
    assert_eq!(
        moves_of("4k3/8/8/8/8/8/8/r3K3 w - -"),
        set(&["e1d2", "e1e2", "e1f2"])
    );
}

#[test]
fn in_check_a_move_must_take_the_checker_block_or_move_the_king() {
    let white = moves_of("4k3/8/8/8/8/8/1Q6/r3K3 w - -");
    assert_eq!(
        white,
        set(&["e1d2", "e1e2", "e1f2", "b2a1", "b2b1", "b2c1"])
    );
}

#[test]
fn in_double_check_only_the_king_moves() {
    // The rook on e8 and the knight on d3 both check; the queen could take
    // the knight, were there only one checker.
    assert_eq!(
        moves_of("4r1k1/8/8/8/8/3n4/8/3QK3 w - -"),
        set(&["e1d2", "e1f1"])
    );
}

#[test]
fn checkmate_leaves_no_move() {
    // Fool's mate.
    let mated = node("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -");
    let board = mated.read();
    assert!(board.in_check(board.turn()));
    assert!(mated.legal_move_list().is_empty());
}

#[test]
fn stalemate_leaves_no_move() {
    let stalemate = node("7k/5Q2/6K1/8/8/8/8/8 b - -");
    let board = stalemate.read();
    assert!(!board.in_check(board.turn()));
    assert!(stalemate.legal_move_list().is_empty());
}

// The node's state and key.

#[test]
fn transpositions_through_a_double_push_compare_equal() {
    let start = node(chess::START);
    let pushed_first = play_all(&start, &["e2e4", "g8f6", "g1f3"]);
    let pushed_last = play_all(&start, &["g1f3", "g8f6", "e2e4"]);
    assert_eq!(pushed_last.en_passant(), None);
    assert_eq!(pushed_first, pushed_last);
    assert_eq!(pushed_first.key(), pushed_last.key());
}

#[test]
fn the_same_board_with_other_rights_is_another_node() {
    let with = node(CASTLING);
    let without = node("r3k2r/8/8/8/8/8/8/R3K2R w - -");
    assert!(games::same_content(&with.position, &without.position));
    assert_ne!(with, without);
    assert_ne!(with.key(), without.key());
}

#[test]
fn a_move_is_resolved_with_every_square_it_writes() {
    let pushed = play(&node(EN_PASSANT), "e2e4");
    let capture = pushed
        .legal_move_list()
        .into_iter()
        .find(|mv| mv.to_string() == "d4e3")
        .expect("en passant");
    let pawn: Qpi = "C:P".parse().unwrap();
    assert!(capture.is_en_passant());
    assert_eq!(capture.captured, Some(pawn));
    assert_eq!(usize::from(capture.capture_square), square("e4"));
    let castle = node(CASTLING)
        .legal_move_list()
        .into_iter()
        .find(|mv| mv.to_string() == "e1g1")
        .expect("castling");
    let rook = castle.castling.expect("the rook's move");
    assert_eq!(
        (usize::from(rook.from), usize::from(rook.to)),
        (square("h1"), square("f1"))
    );
}
