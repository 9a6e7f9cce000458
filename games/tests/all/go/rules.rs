//! Go's rules move by move: captures, suicide and simple ko, each played
//! with every position crate (which must agree), and the names of points.

use games::go::{self, Node, Point};
use games::{Local, Node as _, Persistent, Position, Sashite, same_content};

type Ours = Persistent<u8, u8>;

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

/// The node after `moves` (each checked legal first) from `diagram`, with
/// crate `P`.
fn play_with<P: Position<Piece = u8, Style = u8>>(diagram: &str, moves: &[&str]) -> Node<P> {
    let mut node = go::load::<P>(diagram).unwrap();
    for &mv in moves {
        let board = node.read();
        assert!(board.is_legal(point(mv)), "{mv} is legal on {board}");
        node = node.play(&board, point(mv));
    }
    node
}

/// The node after `moves` from `diagram`, played with every crate: they
/// must agree on the board, the turn and the ko point.
fn play(diagram: &str, moves: &[&str]) -> Node<Ours> {
    let ours = play_with::<Ours>(diagram, moves);
    let local = play_with::<Local<u8, u8>>(diagram, moves);
    let peer = play_with::<Sashite<u8, u8>>(diagram, moves);
    assert!(same_content(&ours.position, &local.position));
    assert!(same_content(&ours.position, &peer.position));
    assert_eq!(ours.ko(), local.ko());
    assert_eq!(ours.ko(), peer.ko());
    ours
}

/// A node as a diagram.
fn diagram(node: &Node<Ours>) -> String {
    node.read().to_string()
}

/// Asserts that `moves` played from `start` leave the board `expected`.
fn assert_plays(start: &str, moves: &[&str], expected: &str) {
    assert_eq!(diagram(&play(start, moves)), expected, "{start} {moves:?}");
}

fn is_legal(node: &Node<Ours>, name: &str) -> bool {
    let legal = node.read().is_legal(point(name));
    assert_eq!(legal, node.legal_move_list().contains(&point(name)));
    legal
}

#[test]
fn a_single_stone_is_captured() {
    let start = "...../..X../.XOX./...../..... X";
    assert_eq!(diagram(&play(start, &[])), start);
    assert_plays(start, &["C2"], "...../..X../.X.X./..X../..... O");
}

#[test]
fn a_group_is_captured() {
    assert_plays(
        "..X../.XOX./.XOX./...../..... X",
        &["C2"],
        "..X../.X.X./.X.X./..X../..... O",
    );
}

#[test]
fn one_move_captures_several_groups() {
    assert_plays(
        "..X../.XOX./XO.OX/.X.X./..... X",
        &["C3"],
        "..X../.X.X./X.X.X/.X.X./..... O",
    );
}

#[test]
fn a_stone_on_the_edge_is_captured() {
    assert_plays(
        "...../...../...../...../.XOX. X",
        &["C2"],
        "...../...../...../..X../.X.X. O",
    );
}

#[test]
fn a_stone_in_the_corner_is_captured() {
    assert_plays(
        "...../...../...../...../OX... X",
        &["A2"],
        "...../...../...../X..../.X... O",
    );
}

#[test]
fn a_stone_in_the_top_right_corner_of_19x19_is_captured() {
    let after = play("19", &["S19", "T19", "T18"]);
    let board = after.read();
    assert_eq!(board.stone(point("T19")), None);
    assert_eq!(board.stone(point("S19")), Some(go::BLACK));
    assert_eq!(board.stone(point("T18")), Some(go::BLACK));
    assert_eq!(board.squares().iter().flatten().count(), 2);
}

#[test]
fn a_stone_on_a_rectangle_is_captured_at_its_edges() {
    // 7 columns, 3 rows: the rows are numbered 1 to 3, the columns A to G.
    assert_plays("7x3", &["G2", "G3", "F3"], ".....X./......X/....... O");
}

#[test]
fn a_single_stone_suicide_is_refused() {
    let node = play("...../...../...../O..../.O... X", &[]);
    assert!(!is_legal(&node, "A1"));
    assert!(is_legal(&node, "B2"));
}

#[test]
fn a_group_suicide_is_refused() {
    let node = play("...../...../...../OO.../.XO.. X", &[]);
    assert!(!is_legal(&node, "A1"));
}

#[test]
fn a_move_without_liberties_that_captures_is_legal() {
    let node = play("...../...../...../OX.../.OX.. X", &[]);
    assert!(is_legal(&node, "A1"));
    assert_plays(
        "...../...../...../OX.../.OX.. X",
        &["A1"],
        "...../...../...../OX.../X.X.. O",
    );
}

/// Black's C4 takes the white stone on B4 and is left with one liberty,
/// B4: a ko.
const KO: &str = ".XO../XO.O./.XO../...../..... X";

#[test]
fn a_ko_capture_sets_the_ko_point() {
    let after = play(KO, &["C4"]);
    assert_eq!(diagram(&after), ".XO../X.XO./.XO../...../..... O");
    assert_eq!(after.ko(), Some(point("B4")));
    assert_eq!(after.read().ko(), Some(point("B4")));
}

#[test]
fn the_ko_recapture_is_refused_at_once() {
    let after = play(KO, &["C4"]);
    assert!(!is_legal(&after, "B4"));
}

#[test]
fn the_ko_recapture_is_allowed_a_move_later() {
    let tenuki = play(KO, &["C4", "E1"]);
    assert_eq!(tenuki.ko(), None);
    let answer = play(KO, &["C4", "E1", "E2"]);
    assert!(is_legal(&answer, "B4"));
    let retaken = play(KO, &["C4", "E1", "E2", "B4"]);
    assert_eq!(diagram(&retaken), ".XO../XO.O./.XO../....X/....O X");
    // The retake is a ko capture in turn.
    assert_eq!(retaken.ko(), Some(point("C4")));
    assert!(!is_legal(&retaken, "C4"));
}

#[test]
fn a_capture_by_a_stone_with_friends_sets_no_ko() {
    // White's A5 takes the black stone on B5 and joins its group: black
    // may play B5 at once, a snapback taking five stones.
    let snap = ".XOX./OOOX./XXXX./...../..... O";
    let taken = play(snap, &["A5"]);
    assert_eq!(diagram(&taken), "O.OX./OOOX./XXXX./...../..... X");
    assert_eq!(taken.ko(), None);
    assert_plays(snap, &["A5", "B5"], ".X.X./...X./XXXX./...../..... O");
}

#[test]
fn a_capture_leaving_the_stone_other_liberties_sets_no_ko() {
    let after = play("...../..X../.XOX./...../..... X", &["C2"]);
    assert_eq!(after.ko(), None);
}

#[test]
fn a_capture_of_two_stones_sets_no_ko() {
    let after = play("..X../.XOX./XO.OX/.X.X./..... X", &["C3"]);
    assert_eq!(after.ko(), None);
}

#[test]
fn the_ko_point_is_part_of_the_key_and_of_equality() {
    let after = play(KO, &["C4"]);
    let same_board = go::load::<Ours>(".XO../X.XO./.XO../...../..... O").unwrap();
    assert!(same_content(&after.position, &same_board.position));
    assert_eq!(same_board.ko(), None);
    assert_ne!(after.key(), same_board.key());
    assert_ne!(after, same_board);
}

#[test]
fn points_are_named_from_the_bottom_left() {
    assert_eq!(Point::from_index(72, 9, 9).unwrap().to_string(), "A1");
    assert_eq!(Point::from_index(0, 9, 9).unwrap().to_string(), "A9");
    assert_eq!(Point::from_index(18, 19, 19).unwrap().to_string(), "T19");
    assert_eq!(Point::from_index(360, 19, 19).unwrap().to_string(), "T1");
    assert_eq!(Point::new(0, 0).unwrap().to_string(), "A1");
    assert_eq!(Point::new(18, 18).unwrap().to_string(), "T19");
}

#[test]
fn the_column_after_h_is_j() {
    assert_eq!(Point::new(7, 0).unwrap().to_string(), "H1");
    assert_eq!(Point::new(8, 0).unwrap().to_string(), "J1");
    assert_eq!(point("J1"), Point::new(8, 0).unwrap());
    assert!("I1".parse::<Point>().is_err());
}

#[test]
fn point_names_parse_back() {
    for index in 0..361 {
        let point = Point::from_index(index, 19, 19).unwrap();
        assert_eq!(point.to_string().parse::<Point>(), Ok(point));
        assert_eq!(point.index(19, 19), Some(index));
    }
    assert_eq!(point("t19"), point("T19"));
    for refused in ["", "A", "A0", "A20", "U1", "A+1", "1A", "A1 "] {
        let error = refused.parse::<Point>().unwrap_err();
        assert_eq!(error.text, refused);
        assert!(error.to_string().contains("is no point"), "{error}");
    }
}

#[test]
fn a_point_off_a_board_has_no_index_there() {
    assert_eq!(point("T19").index(9, 9), None);
    assert_eq!(point("J9").index(9, 9), Some(8));
    assert_eq!(point("A1").index(7, 3), Some(14));
    assert_eq!(Point::new(19, 0), None);
    assert_eq!(Point::from_index(81, 9, 9), None);
}
