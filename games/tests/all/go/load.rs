//! Loading Go positions: the sizes and diagrams accepted, and each error
//! of [`LoadError`]'s table.

use games::go::{self, BLACK, BLACK_STYLE, LoadError, Node, Point, WHITE, WHITE_STYLE};
use games::{Game as _, Local, Node as _, Persistent, Position, Sashite, same_content};
use persistent_qi::Player;

type Ours = Persistent<u8, u8>;

fn load(text: &str) -> Result<Node<Ours>, LoadError> {
    go::load(text)
}

fn error(text: &str) -> LoadError {
    load(text).unwrap_err()
}

#[test]
fn a_number_is_a_square_empty_board_black_to_move() {
    let node = load("9").unwrap();
    assert_eq!(node.position.shape(), [9, 9]);
    assert_eq!(node.position.turn(), Player::First);
    assert_eq!(node.ko(), None);
    assert!(node.read().squares().iter().all(Option::is_none));
}

#[test]
fn a_size_is_columns_then_rows() {
    let node = load("13x9").unwrap();
    assert_eq!(node.position.shape(), [9, 13]);
    let board = node.read();
    assert_eq!((board.width(), board.height()), (13, 9));
    assert_eq!(load("19x19").unwrap().position.square_count(), 361);
    assert_eq!(load("1").unwrap().position.square_count(), 1);
}

#[test]
fn a_diagram_gives_its_stones_and_turn() {
    let node = load("..X/.O. O").unwrap();
    let board = node.read();
    assert_eq!((board.width(), board.height()), (3, 2));
    assert_eq!(
        board.squares(),
        [None, None, Some(BLACK), None, Some(WHITE), None]
    );
    assert_eq!(board.stone("C2".parse::<Point>().unwrap()), Some(BLACK));
    assert_eq!(board.turn(), Player::Second);
    assert_eq!(node.ko(), None);
}

#[test]
fn a_diagram_reads_back_as_written() {
    for text in [
        ".",
        ". O",
        "XO./.XO/O.X X",
        ".X.X./...X./XXXX./...../..... O",
    ] {
        let text = if text.contains(' ') {
            text.to_owned()
        } else {
            format!("{text} X")
        };
        assert_eq!(load(&text).unwrap().read().to_string(), text);
    }
}

#[test]
fn surrounding_whitespace_is_ignored() {
    assert_eq!(load("  9x9\n").unwrap(), load("9x9").unwrap());
    assert_eq!(load(" .X/O. O ").unwrap(), load(".X/O. O").unwrap());
}

#[test]
fn the_styles_are_go_and_the_hands_empty() {
    let node = load(".X/O. O").unwrap();
    assert_eq!(Position::style(&node.position, Player::First), BLACK_STYLE);
    assert_eq!(Position::style(&node.position, Player::Second), WHITE_STYLE);
    for player in Player::ALL {
        node.position
            .for_each_in_hand(player, |piece, count| panic!("{piece} x{count} in hand"));
    }
}

#[test]
fn every_crate_loads_the_same_position() {
    let text = "XO./.XO/O.X O";
    let ours = load(text).unwrap();
    let local = go::load::<Local<u8, u8>>(text).unwrap();
    let peer = go::load::<Sashite<u8, u8>>(text).unwrap();
    assert!(same_content(&ours.position, &local.position));
    assert!(same_content(&ours.position, &peer.position));
}

#[test]
fn a_text_that_is_no_size_is_refused() {
    for text in ["9y9", "x9", "9x", "-9", "+9", "nine", "", "9x9x9"] {
        assert_eq!(
            error(text),
            LoadError::NotASize(text.to_owned()),
            "{text:?}"
        );
    }
}

#[test]
fn a_size_out_of_range_is_refused() {
    assert_eq!(
        error("0"),
        LoadError::SizeOutOfRange {
            columns: 0,
            rows: 0
        }
    );
    assert_eq!(
        error("20x19"),
        LoadError::SizeOutOfRange {
            columns: 20,
            rows: 19
        }
    );
    assert_eq!(
        error("9x0"),
        LoadError::SizeOutOfRange {
            columns: 9,
            rows: 0
        }
    );
}

#[test]
fn a_diagram_too_large_is_refused() {
    assert_eq!(
        error(&format!("{} X", ".".repeat(20))),
        LoadError::SizeOutOfRange {
            columns: 20,
            rows: 1
        }
    );
    assert_eq!(
        error(&format!("{} X", vec!["."; 20].join("/"))),
        LoadError::SizeOutOfRange {
            columns: 1,
            rows: 20
        }
    );
    assert_eq!(
        error("/ X"),
        LoadError::SizeOutOfRange {
            columns: 0,
            rows: 2
        }
    );
}

#[test]
fn rows_of_different_lengths_are_refused() {
    assert_eq!(
        error(".../.. X"),
        LoadError::RaggedRow {
            row: 2,
            length: 2,
            expected: 3
        }
    );
    assert_eq!(
        error("../.../.. X"),
        LoadError::RaggedRow {
            row: 2,
            length: 3,
            expected: 2
        }
    );
}

#[test]
fn an_unknown_character_is_refused() {
    assert_eq!(
        error(".x./... X"),
        LoadError::UnknownCharacter {
            character: 'x',
            row: 1,
            column: 2
        }
    );
    assert_eq!(
        error(".../..@ O"),
        LoadError::UnknownCharacter {
            character: '@',
            row: 2,
            column: 3
        }
    );
}

#[test]
fn a_bad_turn_is_refused() {
    assert_eq!(error(".../..."), LoadError::BadTurn(String::new()));
    assert_eq!(error("... B"), LoadError::BadTurn("B".to_owned()));
    assert_eq!(error("... XO"), LoadError::BadTurn("XO".to_owned()));
    assert_eq!(error("... x"), LoadError::BadTurn("x".to_owned()));
}

#[test]
fn a_group_without_liberties_is_refused() {
    assert_eq!(
        error("OX/X. X"),
        LoadError::NoLiberties {
            point: "A2".parse().unwrap()
        }
    );
    // A whole group, named by its stone nearest the top left.
    assert_eq!(
        error(".XX./XOOX/.XX. O"),
        LoadError::NoLiberties {
            point: "B2".parse().unwrap()
        }
    );
    // A board full of one colour has no liberty either.
    assert_eq!(
        error("X X"),
        LoadError::NoLiberties {
            point: "A1".parse().unwrap()
        }
    );
}

#[test]
fn messages_say_what_was_wrong_in_lowercase() {
    let cases = [
        ("9y9", "\"9y9\" is no board size"),
        ("20", "a 20x20 board"),
        (
            ".../.. X",
            "row 2 of the diagram has 2 points, the first row 3",
        ),
        (".x./... X", "unknown character 'x' at row 1, column 2"),
        ("... B", "bad side to move \"B\""),
        ("OX/X. X", "the group at A2 has no liberty"),
    ];
    for (text, start) in cases {
        let message = error(text).to_string();
        assert!(message.starts_with(start), "{message}");
        assert!(!message.ends_with('.'), "{message}");
    }
}

/// White has just taken a black stone at B2 with its stone at C2: black
/// may not take back at once.
const KO: &str = ".OX./O.OX/.OX. X";

#[test]
fn a_ko_point_after_the_turn_is_one_the_mover_may_not_play() {
    let node = load(&format!("{KO} B2")).unwrap();
    let point: Point = "B2".parse().unwrap();
    assert_eq!(node.ko(), Some(point));
    assert_eq!(node.read().ko(), Some(point));
    assert!(!node.legal_move_list().contains(&point));
    // Without it, black takes back.
    assert!(load(KO).unwrap().legal_move_list().contains(&point));
}

#[test]
fn a_node_with_a_ko_point_is_written_as_it_loads() {
    let taken_back = {
        let before = load(KO).unwrap();
        before.play(&before.read(), "B2".parse().unwrap())
    };
    assert_eq!(taken_back.ko(), Some("C2".parse().unwrap()));
    let written = go::Go::notation(&taken_back).unwrap();
    assert_eq!(written, ".OX./OX.X/.OX. O C2");
    assert_eq!(load(&written).unwrap(), taken_back);
    assert_eq!(go::Go::notation(&load(KO).unwrap()).unwrap(), KO);
}

#[test]
fn a_ko_point_where_no_ko_could_be_taken_back_is_refused() {
    for ko in ["A1", "A3", "C2", "Z9", "E5", "pass", "b"] {
        assert_eq!(
            error(&format!("{KO} {ko}")),
            LoadError::NotKo(ko.to_owned()),
            "{ko}"
        );
    }
    // A point where the mover's stone would take more than one stone, or
    // stand with a liberty of its own.
    assert_eq!(error(".../X.X/... O B2"), LoadError::NotKo("B2".to_owned()));
}

#[test]
fn a_fourth_field_is_refused() {
    assert_eq!(error(&format!("{KO} B2 B2")), LoadError::FieldCount(4));
}
