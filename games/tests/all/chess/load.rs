//! The one door in: which FEN and FEEN strings are chess positions, and
//! what the others are told.

use games::chess::{
    self, Castling, FenError, KIWIPETE, LoadError, Node, NotChess, POSITION_3, START, square_index,
    to_fen,
};
use games::{Local, Node as _, Persistent, QpiPosition, Sashite, same_content};
use persistent_qi::Player;

use crate::qpi_token::qpi;

/// The start position in FEEN, then FEN's castling and en-passant fields.
const START_FEEN: &str = "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c KQkq -";

fn fen_error(text: &str) -> FenError {
    match chess::load::<Persistent>(text) {
        Err(LoadError::Fen(error)) => error,
        other => panic!("{text}: expected a FEN error, got {other:?}"),
    }
}

fn refusal(text: &str) -> NotChess {
    match chess::load::<Persistent>(text) {
        Err(LoadError::NotChess(error)) => error,
        other => panic!("{text}: expected a NotChess error, got {other:?}"),
    }
}

fn square(name: &str) -> usize {
    square_index(name).expect("a square name")
}

/// FEN and FEEN of the same position load as equal nodes over crate `P`.
fn fen_and_feen_agree<P: QpiPosition>(fen: &str, same_in_feen: &str) {
    let node: Node<P> = chess::load(fen).unwrap();
    let same: Node<P> = chess::load(same_in_feen).unwrap();
    assert!(node == same, "{same_in_feen}");
    assert_eq!(node.key(), same.key(), "{same_in_feen}");
}

// What loads.

#[test]
fn fen_and_feen_of_the_same_position_give_equal_nodes_in_every_crate() {
    let kiwipete_feen = "r3k^2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K^2R / C/c KQkq -";
    for (fen, feen) in [(START, START_FEEN), (KIWIPETE, kiwipete_feen)] {
        fen_and_feen_agree::<Persistent>(fen, feen);
        fen_and_feen_agree::<Local>(fen, feen);
        fen_and_feen_agree::<Sashite>(fen, feen);
    }
}

#[test]
fn the_published_positions_load_in_every_crate_alike() {
    for published in chess::PUBLISHED {
        let ours: Node<Persistent> = chess::load(published.text).unwrap();
        let local: Node<Local> = chess::load(published.text).unwrap();
        let peer: Node<Sashite> = chess::load(published.text).unwrap();
        assert!(
            same_content(&ours.position, &peer.position),
            "{}",
            published.name
        );
        assert!(
            same_content(&local.position, &peer.position),
            "{}",
            published.name
        );
        assert_eq!(ours.castling(), peer.castling());
        assert_eq!(ours.en_passant(), peer.en_passant());
    }
}

#[test]
fn a_fen_gives_chess_styles_and_terminal_kings() {
    let start: Node<Persistent> = chess::load(START).unwrap();
    assert_eq!(start.position.square(square("e1")), Some(&qpi("C:K^")));
    assert_eq!(start.position.square(square("d8")), Some(&qpi("c:q")));
    assert_eq!(start.position.turn(), Player::First);
    assert_eq!(start.castling(), Castling::ALL);
}

#[test]
fn a_feen_without_castling_and_en_passant_fields_has_neither() {
    let feen = "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c";
    let node: Node<Persistent> = chess::load(feen).unwrap();
    assert_eq!(node.castling(), Castling::NONE);
    assert_eq!(node.en_passant(), None);
    assert!(!node.legal_move_list().is_empty());
}

#[test]
fn the_clocks_are_optional() {
    let four: Node<Persistent> = chess::load(POSITION_3).unwrap();
    let five: Node<Persistent> = chess::load(&format!("{POSITION_3} 0")).unwrap();
    let six: Node<Persistent> = chess::load(&format!("{POSITION_3} 12 40")).unwrap();
    assert_eq!(four, five);
    assert_eq!(four, six);
    assert_eq!(
        four.halfmove_clock(),
        0,
        "no clock: nothing is known of the past"
    );
}

#[test]
fn a_fens_halfmove_clock_is_kept_by_the_node_and_its_board() {
    let node: Node<Persistent> = chess::load(&format!("{POSITION_3} 37 60")).unwrap();
    assert_eq!(node.halfmove_clock(), 37);
    assert_eq!(node.read().halfmove_clock(), 37);
}

#[test]
fn nodes_that_differ_in_their_halfmove_clock_alone_are_equal() {
    let fresh: Node<Persistent> = chess::load(&format!("{POSITION_3} 0 1")).unwrap();
    let late: Node<Persistent> = chess::load(&format!("{POSITION_3} 88 1")).unwrap();
    assert_ne!(fresh.halfmove_clock(), late.halfmove_clock());
    assert_eq!(fresh, late);
    assert_eq!(fresh.key(), late.key());
}

#[test]
fn a_quiet_move_counts_the_nodes_clock_on_and_a_pawn_move_or_capture_resets_it() {
    let node: Node<Persistent> = chess::load(&format!("{KIWIPETE} 7 1")).unwrap();
    let mut clocks = vec![node.halfmove_clock()];
    let mut at = node;
    for uci in ["e1f1", "a8b8", "d5e6", "b8a8", "e5f7"] {
        let board = at.read();
        let mv = chess::legal_move_list(&board)
            .into_iter()
            .find(|mv| mv.to_string() == uci)
            .unwrap_or_else(|| panic!("{uci} is legal"));
        at = at.play(&board, mv);
        clocks.push(at.halfmove_clock());
    }
    assert_eq!(clocks, [7, 8, 9, 0, 1, 0]);
}

#[test]
fn black_to_move_is_read() {
    let node: Node<Persistent> = chess::load("4k3/8/8/8/8/8/8/4K3 b - -").unwrap();
    assert_eq!(node.position.turn(), Player::Second);
}

#[test]
fn an_en_passant_square_no_pawn_could_take_is_dropped() {
    let named: Node<Persistent> = chess::load("4k3/8/8/8/4P3/8/8/4K3 b - e3").unwrap();
    let unnamed: Node<Persistent> = chess::load("4k3/8/8/8/4P3/8/8/4K3 b - -").unwrap();
    assert_eq!(named.en_passant(), None);
    assert_eq!(named, unnamed);
}

#[test]
fn an_en_passant_square_a_pawn_could_take_is_kept() {
    let node: Node<Persistent> = chess::load("4k3/8/8/8/3pP3/8/8/4K3 b - e3").unwrap();
    assert_eq!(node.en_passant(), Some(square("e3")));
}

/// The child after the legal move spelled `uci`.
fn push(node: &Node<Persistent>, uci: &str) -> Node<Persistent> {
    let mv = node
        .legal_move_list()
        .into_iter()
        .find(|mv| mv.to_string() == uci)
        .expect("a legal move");
    node.play(&node.read(), mv)
}

#[test]
fn the_canonical_node_drops_an_en_passant_square_no_legal_move_takes_on() {
    // After c7c5 the pawn on b5 stands beside it, but taking en passant
    // would bare its king on a5 to the rook on h5.
    let before: Node<Persistent> = chess::load("8/2p5/8/KP5r/8/8/8/7k b - -").unwrap();
    let pushed = push(&before, "c7c5");
    assert_eq!(pushed.en_passant(), Some(square("c6")));
    let canonical = pushed.canonical();
    assert_eq!(canonical.en_passant(), None);
    assert_eq!(canonical.legal_move_list(), pushed.legal_move_list());
    assert_eq!(
        canonical,
        chess::load("8/8/8/KPp4r/8/8/8/7k w - -").unwrap()
    );
    // Where the capture is legal, the square stays.
    let free: Node<Persistent> = chess::load("8/2p5/8/1P5r/8/8/8/K6k b - -").unwrap();
    let pushed = push(&free, "c7c5");
    assert_eq!(pushed.canonical().en_passant(), Some(square("c6")));
    assert_eq!(pushed.canonical(), pushed);
}

#[test]
fn the_game_writes_every_node_as_it_loads_fen_or_feen_with_its_fields() {
    use games::{Game as _, Persistent as P};
    let kiwipete: Node<P> = chess::load(KIWIPETE).unwrap();
    let mut nodes = vec![kiwipete.clone()];
    for mv in kiwipete.legal_move_list() {
        nodes.push(kiwipete.play(&kiwipete.read(), mv));
    }
    for node in &nodes {
        let written = chess::Chess::notation(node).unwrap();
        assert_eq!(&chess::load::<P>(&written).unwrap(), node, "{written}");
        assert_eq!(written, to_fen(node));
    }
    // Styles FEN has no letters for: FEEN, then castling and en passant.
    let feen: Node<P> =
        chess::load("rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / X/y KQkq -").unwrap();
    let written = chess::Chess::notation(&feen).unwrap();
    assert_eq!(
        written,
        "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / X/y KQkq -"
    );
    assert_eq!(chess::load::<P>(&written).unwrap(), feen);
}

#[test]
fn to_fen_writes_what_load_reads() {
    for fen in [
        START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 99 1",
    ] {
        let node: Node<Persistent> = chess::load(fen).unwrap();
        assert_eq!(to_fen(&node), fen);
    }
}

// Malformed FEN fields.

#[test]
fn a_wrong_number_of_fields_is_refused() {
    assert_eq!(fen_error("8/8/8/8/8/8/8/8 w"), FenError::FieldCount(2));
    assert_eq!(fen_error(""), FenError::FieldCount(0));
    assert_eq!(fen_error(&format!("{START} 7")), FenError::FieldCount(7));
    assert_eq!(
        fen_error("4k^3/8/8/8/8/8/8/4K^3 / C/c KQkq"),
        FenError::FieldCount(4)
    );
}

#[test]
fn a_placement_without_eight_ranks_is_refused() {
    assert_eq!(fen_error("4k3/8/8/8/8/8/4K3 w - -"), FenError::RankCount(7));
}

#[test]
fn a_rank_not_eight_squares_wide_is_refused() {
    assert_eq!(
        fen_error("4k3/ppppppppp/8/8/8/8/8/4K3 w - -"),
        FenError::RankWidth { rank: 7, width: 9 }
    );
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4K2 w - -"),
        FenError::RankWidth { rank: 1, width: 7 }
    );
}

#[test]
fn a_placement_character_that_is_no_letter_or_digit_is_refused() {
    assert_eq!(
        fen_error("4k3/pp*ppppp/8/8/8/8/8/4K3 w - -"),
        FenError::PlacementCharacter {
            rank: 7,
            character: '*'
        }
    );
    assert_eq!(
        fen_error("4k3/8/8/8/9/8/8/4K3 w - -"),
        FenError::PlacementCharacter {
            rank: 4,
            character: '9'
        }
    );
}

#[test]
fn a_side_to_move_other_than_w_or_b_is_refused() {
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4K3 x - -"),
        FenError::Turn("x".into())
    );
}

#[test]
fn a_malformed_castling_field_is_refused() {
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4K3 w KX -"),
        FenError::Castling("KX".into())
    );
    assert_eq!(
        fen_error("4k^3/8/8/8/8/8/8/4K^3 / C/c KK -"),
        FenError::Castling("KK".into())
    );
}

#[test]
fn a_malformed_en_passant_field_is_refused() {
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4K3 w - e9"),
        FenError::EnPassant("e9".into())
    );
}

#[test]
fn a_clock_that_is_no_number_is_refused() {
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4K3 w - - -1 1"),
        FenError::Clock("-1".into())
    );
}

#[test]
fn a_halfmove_clock_past_65535_is_refused() {
    assert_eq!(
        fen_error("4k3/8/8/8/8/8/8/4K3 w - - 65536 1"),
        FenError::Clock("65536".into())
    );
}

// Malformed FEEN.

#[test]
fn an_invalid_feen_gets_the_feen_readers_reason() {
    let error = chess::load::<Persistent>("4k^3/8/8/8/8/8/8/4K^3 / C/").unwrap_err();
    assert!(matches!(error, LoadError::Feen(_)), "{error:?}");
}

// Positions that are no chess positions.

#[test]
fn a_board_that_is_not_8x8_is_refused() {
    assert_eq!(refusal("k^2K^ / C/c"), NotChess::Shape(vec![4]));
    assert_eq!(
        refusal("k^8/9/9/9/9/9/9/9/8K^ / C/c"),
        NotChess::Shape(vec![9, 9])
    );
}

#[test]
fn an_unknown_letter_is_refused() {
    assert_eq!(
        refusal("4k3/8/8/8/3X4/8/8/4K3 w - -"),
        NotChess::UnknownLetter {
            piece: qpi("C:X"),
            square: square("d4")
        }
    );
    assert_eq!(
        refusal("4k^3/8/8/8/3g4/8/8/4K^3 / C/c"),
        NotChess::UnknownLetter {
            piece: qpi("c:g"),
            square: square("d4")
        }
    );
}

#[test]
fn a_piece_with_a_state_is_refused() {
    assert_eq!(
        refusal("4k^3/8/8/8/3+P4/8/8/4K^3 / C/c"),
        NotChess::UnknownState {
            piece: qpi("C:+P"),
            square: square("d4")
        }
    );
    assert!(matches!(
        refusal("4k^3/8/8/8/3-r4/8/8/4K^3 / C/c"),
        NotChess::UnknownState { .. }
    ));
}

#[test]
fn a_king_without_the_terminal_mark_or_another_piece_with_it_is_refused() {
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/4K^3 / C/c"),
        NotChess::TerminalMark {
            piece: qpi("c:k"),
            square: square("e8")
        }
    );
    assert_eq!(
        refusal("4k^3/8/8/8/3Q^4/8/8/4K^3 / C/c"),
        NotChess::TerminalMark {
            piece: qpi("C:Q^"),
            square: square("d4")
        }
    );
}

#[test]
fn a_piece_in_hand_is_refused() {
    assert_eq!(
        refusal("4k^3/8/8/8/8/8/8/4K^3 P/ C/c"),
        NotChess::HandNotEmpty {
            piece: qpi("C:P"),
            player: Player::First
        }
    );
}

#[test]
fn a_side_without_exactly_one_king_is_refused() {
    assert_eq!(
        refusal("8/8/8/8/8/8/8/K7 w - -"),
        NotChess::KingCount {
            player: Player::Second,
            count: 0
        }
    );
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/K3K3 w - -"),
        NotChess::KingCount {
            player: Player::First,
            count: 2
        }
    );
}

#[test]
fn a_pawn_on_the_first_or_last_rank_is_refused() {
    assert_eq!(
        refusal("4k2P/8/8/8/8/8/8/4K3 w - -"),
        NotChess::PawnOnBackRank {
            piece: qpi("C:P"),
            square: square("h8")
        }
    );
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/p3K3 w - -"),
        NotChess::PawnOnBackRank {
            piece: qpi("c:p"),
            square: square("a1")
        }
    );
}

#[test]
fn a_castling_right_without_its_rook_or_king_at_home_is_refused() {
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/4K3 w K -"),
        NotChess::CastlingRight {
            right: Castling::WHITE_KING_SIDE,
            square: square("h1")
        }
    );
    assert_eq!(
        refusal("r3k2r/8/8/8/8/8/8/R4K1R w Q -"),
        NotChess::CastlingRight {
            right: Castling::WHITE_QUEEN_SIDE,
            square: square("e1")
        }
    );
    assert_eq!(
        refusal("r3k1r1/8/8/8/8/8/8/4K3 w k -"),
        NotChess::CastlingRight {
            right: Castling::BLACK_KING_SIDE,
            square: square("h8")
        }
    );
}

#[test]
fn an_en_passant_square_no_double_push_could_make_is_refused() {
    // Not on the rank a double push crosses.
    assert_eq!(
        refusal("4k3/8/8/8/4P3/8/8/4K3 b - e4"),
        NotChess::EnPassant {
            square: square("e4")
        }
    );
    // On black's rank while black is to move: white pushed last.
    assert_eq!(
        refusal("4k3/8/8/4p3/8/8/8/4K3 b - e6"),
        NotChess::EnPassant {
            square: square("e6")
        }
    );
    // No pawn in front of it.
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/4K3 w - e6"),
        NotChess::EnPassant {
            square: square("e6")
        }
    );
    // The square the pawn came from is occupied.
    assert_eq!(
        refusal("4k3/4n3/8/4p3/8/8/8/4K3 w - e6"),
        NotChess::EnPassant {
            square: square("e6")
        }
    );
}

#[test]
fn the_side_not_to_move_in_check_is_refused() {
    assert_eq!(
        refusal("4k3/8/8/8/8/8/8/4R1K1 w - -"),
        NotChess::KingInCheck {
            player: Player::Second
        }
    );
}

#[test]
fn messages_are_lowercase_name_the_square_and_have_no_trailing_period() {
    let error = chess::load::<Persistent>("4k3/8/8/8/3X4/8/8/4K3 w - -").unwrap_err();
    let message = error.to_string();
    assert_eq!(
        message,
        "not a chess position: C:X on d4: no chess piece has this letter"
    );
    for text in [
        "4k3/8/8/8/8/8/8/4K3 w K -",
        "4k3/8/8/8/8/8/8/4K3 w - e6",
        "4k3/8/8/8/8/8/8/4R1K1 w - -",
        "4k3/8/8/8/8/8/8/4K3 x - -",
    ] {
        let message = chess::load::<Persistent>(text).unwrap_err().to_string();
        assert!(!message.ends_with('.'), "{message}");
        assert!(
            message.starts_with(|first: char| first.is_lowercase()),
            "{message}"
        );
    }
    assert_eq!(
        chess::load::<Persistent>("4k3/8/8/8/8/8/8/4K3 w K -")
            .unwrap_err()
            .to_string(),
        "not a chess position: castling right K: no white rook on h1"
    );
}
