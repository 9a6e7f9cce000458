//! What the PGN reader reads, as python-chess reads it.

use games::chess::{self, START};
use games::record::{NodeId, Step};

use super::{game, games, last_fen, main_line};

#[test]
fn tags_are_read_in_order_a_later_value_replacing_an_earlier() {
    let record = game("[Event \"Casual\"]\n[White \"A\"]\n[Event \"Rated\"]\n\n1. e4 *\n");
    assert_eq!(
        record.tags(),
        [
            ("Event".to_string(), "Rated".to_string()),
            ("White".to_string(), "A".to_string())
        ]
    );
}

#[test]
fn a_tag_value_unescapes_quotes_and_backslashes_and_keeps_inner_quotes() {
    let record = game("[Annotator \"a \\\"b\\\" \\\\ \"c\" d\"]\n\n*\n");
    assert_eq!(record.tag("Annotator"), Some("a \"b\" \\ \"c\" d"));
}

#[test]
fn a_byte_order_mark_escape_lines_and_blank_lines_before_a_game_are_skipped() {
    let record =
        game("\u{feff}% an escape line\n\n; a comment line\n[Event \"x\"]\n% inside\n\n1. e4 *\n");
    assert_eq!(record.tag("Event"), Some("x"));
    assert_eq!(main_line(&record), ["e2e4"]);
}

#[test]
fn move_numbers_may_be_written_with_one_two_or_three_dots_or_left_out() {
    let record = game("1. e4 1... e5 2.Nf3 2.. Nc6 Bb5 3...a6 *");
    assert_eq!(
        main_line(&record),
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    );
}

#[test]
fn castling_is_read_with_letters_or_zeros_and_checks_and_mates_are_marks() {
    let letters = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Bg4 *");
    let zeros = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 d6 5. d3 Bg4 *");
    assert_eq!(main_line(&letters), main_line(&zeros));
    assert_eq!(main_line(&letters)[6], "e1g1");
    let mate = game("1. f3 e5 2. g4 Qh4# 0-1");
    assert_eq!(main_line(&mate)[3], "d8h4");
    assert_eq!(mate.ending(), Some("0-1"));
    let long = game("[FEN \"r3k3/8/8/8/8/8/8/4K3 b q - 0 1\"]\n\n1... O-O-O+ *");
    assert_eq!(main_line(&long), ["e8c8"]);
}

#[test]
fn promotions_are_read_with_or_without_the_equals_sign_in_either_case() {
    let fen = "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n";
    for (san, uci) in [
        ("a8=Q", "a7a8q"),
        ("a8Q", "a7a8q"),
        ("a8=n", "a7a8n"),
        ("a8r+", "a7a8r"),
    ] {
        let record = game(&format!("{fen}1. {san} *"));
        assert_eq!(main_line(&record), [uci], "{san}");
    }
}

#[test]
fn a_piece_is_told_apart_by_its_file_its_rank_or_both() {
    let knights = "[FEN \"7k/8/8/N7/8/8/8/N6K w - - 0 1\"]\n\n";
    assert_eq!(main_line(&game(&format!("{knights}1. N1b3 *"))), ["a1b3"]);
    assert_eq!(main_line(&game(&format!("{knights}1. N5b3 *"))), ["a5b3"]);
    let queens = "[FEN \"8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1\"]\n\n";
    assert_eq!(main_line(&game(&format!("{queens}1. Qa1b2 *"))), ["a1b2"]);
    assert_eq!(main_line(&game(&format!("{queens}1. Qcb2 *"))), ["c1b2"]);
    assert_eq!(main_line(&game(&format!("{queens}1. Q3xb2 *"))), ["a3b2"]);
}

#[test]
fn a_move_given_by_both_squares_is_read_as_long_algebraic() {
    let record = game("1. e2e4 e7-e5 2. g1f3 b8xc6 3. f1b5 *");
    assert_eq!(main_line(&record), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
    let castles = game("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. e1g1 *");
    assert!(
        castles
            .step(castles.main_line().last().unwrap())
            .as_move()
            .unwrap()
            .is_castling()
    );
}

#[test]
fn en_passant_is_read_as_a_pawn_capture() {
    let record = game("1. e4 a6 2. e5 d5 3. exd6 e.p. *");
    assert_eq!(main_line(&record)[4], "e5d6");
    assert_eq!(
        last_fen(&record),
        "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn null_moves_pass_the_turn_in_each_spelling() {
    for null in ["--", "Z0", "0000", "@@@@"] {
        let record = game(&format!("1. e4 {null} 2. d4 *"));
        let second = record.main_line().nth(2).unwrap();
        assert_eq!(*record.step(second), Step::Null, "{null}");
        assert_eq!(main_line(&record), ["e2e4", "0000", "d2d4"], "{null}");
    }
}

#[test]
fn nags_are_read_from_numbers_and_from_glyphs() {
    let record = game("1. e4! $14 e5?? 2. Nf3!? Nc6?! 3. Bb5!! a6? *");
    let nags: Vec<Vec<u8>> = record
        .main_line()
        .skip(1)
        .map(|id| record.notes(id).nags.clone())
        .collect();
    assert_eq!(
        nags,
        [vec![1, 14], vec![4], vec![5], vec![6], vec![3], vec![2]]
    );
}

#[test]
fn comments_are_said_of_the_move_before_them_or_of_the_game_before_the_first() {
    let record = game("{ start } 1. e4 {best by test} { and more } e5 ; rest of line\n2. Nf3 *");
    let root = record.notes(NodeId::ROOT);
    assert_eq!(root.after, ["start"]);
    let e4 = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.notes(e4).after, ["best by test", "and more"]);
    let e5 = record.main_child(e4).unwrap();
    assert_eq!(record.notes(e5).after, ["rest of line"]);
}

#[test]
fn a_comment_may_span_lines_and_hold_blank_lines() {
    let record = game("1. e4 { one\n\ntwo } e5 *\n");
    let e4 = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.notes(e4).after, ["one\n\ntwo"]);
    assert_eq!(main_line(&record), ["e2e4", "e7e5"]);
}

#[test]
fn a_variation_is_an_alternative_to_the_move_before_it_nested_as_written() {
    let record = game("1. e4 ( { alt } 1. d4 d5 ( 1... Nf6 2. c4 ) 2. c4 ) ( 1. c4 ) 1... e5 *");
    let children: Vec<NodeId> = record.children(NodeId::ROOT).collect();
    assert_eq!(children.len(), 3);
    let moves: Vec<String> = children
        .iter()
        .map(|&id| record.step(id).as_move().unwrap().to_string())
        .collect();
    assert_eq!(moves, ["e2e4", "d2d4", "c2c4"]);
    assert_eq!(record.notes(children[1]).before, ["alt"]);
    let d5_and_nf6: Vec<String> = record
        .children(children[1])
        .map(|id| record.step(id).as_move().unwrap().to_string())
        .collect();
    assert_eq!(d5_and_nf6, ["d7d5", "g8f6"]);
    assert_eq!(record.len(), 9);
}

#[test]
fn the_fen_tag_sets_the_start_whatever_setup_says() {
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 3 40";
    for setup in ["", "[SetUp \"1\"]\n", "[SetUp \"0\"]\n"] {
        let record = game(&format!("{setup}[FEN \"{fen}\"]\n\n40. e4 *"));
        assert_eq!(
            chess::to_fen(record.start()),
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
        );
        assert_eq!(main_line(&record), ["e2e4"]);
    }
    assert_eq!(chess::to_fen(game("*").start()), START);
}

#[test]
fn a_game_ends_at_a_blank_line_and_one_blank_line_between_tags_is_allowed() {
    let read =
        games("[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *\n\n\n[Event \"c\"]\n\n1. d4\n\n1. c4\n");
    assert_eq!(read.len(), 3);
    let first = read[0].as_ref().unwrap();
    assert_eq!(first.tag("Site"), Some("b"));
    assert_eq!(main_line(read[1].as_ref().unwrap()), ["d2d4"]);
    assert_eq!(read[1].as_ref().unwrap().ending(), None);
    assert_eq!(main_line(read[2].as_ref().unwrap()), ["c2c4"]);
}

#[test]
fn comments_and_nags_may_follow_the_result() {
    let record = game("1. e4 1-0 { resigned } $18\n");
    let e4 = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.notes(e4).after, ["resigned"]);
    assert_eq!(record.notes(e4).nags, [18]);
    assert_eq!(record.ending(), Some("1-0"));
}

#[test]
fn a_standard_variant_tag_is_read() {
    for variant in ["Standard", "chess", "From Position"] {
        game(&format!("[Variant \"{variant}\"]\n\n1. e4 *"));
    }
}

#[test]
fn a_line_comment_at_the_start_of_a_line_of_movetext_is_a_comment() {
    let record = game("1. e4\n; a whole line\ne5 *");
    let e4 = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.notes(e4).after, ["a whole line"]);
    assert_eq!(main_line(&record), ["e2e4", "e7e5"]);
}
