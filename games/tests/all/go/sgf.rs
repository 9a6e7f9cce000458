//! SGF as sgfmill reads it: sizes, setups with compressed point lists,
//! moves and passes, variations, several game trees a file, properties
//! kept; bad game trees refused with their place; what is written reads
//! back as the same record.

use games::Persistent;
use games::go::{Node, sgf};
use games::record::{Limits, NodeId, Problem, Record, RecordError, Step};

type GoNode = Node<Persistent<u8, u8>>;

fn read(text: &str) -> Vec<Result<Record<GoNode>, RecordError>> {
    sgf::read::<Persistent<u8, u8>>(text.as_bytes(), Limits::default()).collect()
}

fn one(text: &str) -> Record<GoNode> {
    let mut games = read(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0).unwrap_or_else(|error| panic!("{error}"))
}

fn error(text: &str) -> RecordError {
    read(text)
        .into_iter()
        .find_map(Result::err)
        .expect("a bad game")
}

fn board(record: &Record<GoNode>, id: NodeId) -> String {
    sgf::position_text(record.node(id))
}

fn last(record: &Record<GoNode>) -> NodeId {
    record.main_line().last().unwrap()
}

#[test]
fn a_game_reads_its_size_tags_and_moves() {
    let record = one("(;GM[1]FF[4]SZ[5]KM[0.5]PB[Black]PW[White];B[cc];W[bc];B[])");
    assert_eq!(
        record.tags(),
        [
            ("KM".to_string(), "0.5".to_string()),
            ("PB".to_string(), "Black".to_string()),
            ("PW".to_string(), "White".to_string())
        ]
    );
    assert_eq!(
        board(&record, NodeId::ROOT),
        "...../...../...../...../..... b"
    );
    assert_eq!(
        board(&record, last(&record)),
        "...../...../.OX../...../..... w"
    );
    let moves: Vec<String> = record
        .main_line()
        .skip(1)
        .map(|id| record.step(id).as_move().unwrap().to_string())
        .collect();
    assert_eq!(moves, ["C3", "B3", "pass"]);
}

#[test]
fn tt_is_the_pass_on_boards_up_to_19() {
    let record = one("(;SZ[19];B[tt];W[aa])");
    let first = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.step(first).as_move().unwrap().to_string(), "pass");
}

#[test]
fn a_rectangular_board_is_columns_then_rows() {
    let record = one("(;SZ[5:3];B[ea])");
    assert_eq!(board(&record, last(&record)), "....X/...../..... w");
}

#[test]
fn setups_take_points_and_rectangles_and_the_first_move_says_the_turn() {
    let record = one("(;SZ[5]HA[2]AB[aa:bb][ee]AW[cc];W[dd])");
    assert_eq!(
        board(&record, NodeId::ROOT),
        "XX.../XX.../..O../...../....X w"
    );
    assert_eq!(record.tag("HA"), Some("2"));
}

#[test]
fn pl_says_the_side_to_move() {
    let record = one("(;SZ[3]AB[aa]PL[W])");
    assert_eq!(board(&record, NodeId::ROOT), "X../.../... w");
}

#[test]
fn captures_are_taken_off_the_board() {
    let record = one("(;SZ[3];B[ba];W[aa];B[ab])");
    assert_eq!(board(&record, last(&record)), ".X./X../... w");
}

#[test]
fn a_setup_node_changes_stones_and_ae_clears_them() {
    let record = one("(;SZ[3];B[aa];AE[aa]AW[cc];B[bb])");
    let setup = record
        .main_child(record.main_child(NodeId::ROOT).unwrap())
        .unwrap();
    assert_eq!(record.step(setup), &Step::Setup);
    assert_eq!(board(&record, setup), ".../.../..O b");
}

#[test]
fn a_setup_that_changes_no_stone_but_gives_the_turn_over_is_a_null_move() {
    // `AE` on an empty point with `PL`: what it does, as the writer writes
    // it back (`PL` alone); without the `PL`, an unchanged setup.
    let record = one("(;SZ[3];B[aa];AE[cc]PL[B];AE[bb]C[kept])");
    let steps: Vec<Step<_>> = record.main_line().map(|id| *record.step(id)).collect();
    assert_eq!(steps[2..], [Step::Null, Step::Setup]);
    assert_eq!(board(&record, last(&record)), "X../.../... b");
    let written = sgf::to_sgf(&record);
    assert!(written.contains(";PL[B];C[kept]"), "{written}");
    assert!(one(&written) == record, "{written}");
}

#[test]
fn a_move_of_the_player_not_to_move_comes_after_a_null_move() {
    let record = one("(;SZ[3];B[aa];B[cc])");
    let steps: Vec<Step<_>> = record.main_line().map(|id| *record.step(id)).collect();
    assert_eq!(steps.len(), 4);
    assert_eq!(steps[2], Step::Null);
    assert_eq!(board(&record, last(&record)), "X../.../..X w");
}

#[test]
fn variations_nest_and_the_main_line_comes_first() {
    let record = one("(;SZ[5];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[cc]))");
    let first = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.children(first).count(), 2);
    assert_eq!(record.len(), 7);
    assert_eq!(record.main_line().count(), 5);
}

#[test]
fn comments_annotations_and_unknown_properties_are_kept() {
    let record = one("(;SZ[5]C[game]MA[aa][bb];B[aa]C[a \\] bracket\\\nand more]TE[1]XX[y])");
    assert_eq!(record.notes(NodeId::ROOT).after, ["game"]);
    assert_eq!(
        record.notes(NodeId::ROOT).extras,
        [
            ("MA".to_string(), "aa".to_string()),
            ("MA".to_string(), "bb".to_string())
        ]
    );
    let first = record.main_child(NodeId::ROOT).unwrap();
    let notes = record.notes(first);
    assert_eq!(notes.after, ["a ] bracketand more"]);
    assert_eq!(notes.nags, [1]);
    assert_eq!(notes.extras, [("XX".to_string(), "y".to_string())]);
}

#[test]
fn several_game_trees_a_file_are_games_in_order() {
    let games = read("junk (;SZ[5]GN[a]) \n(;SZ[9]GN[b];B[aa])");
    let names: Vec<&str> = games
        .iter()
        .map(|game| game.as_ref().unwrap().tag("GN").unwrap())
        .collect();
    assert_eq!(names, ["a", "b"]);
}

#[test]
fn long_property_names_read_as_their_capitals() {
    let record = one("(;SZ[3]AddBlack[aa])");
    assert_eq!(board(&record, NodeId::ROOT), "X../.../... b");
}

#[test]
fn an_illegal_move_names_its_place_and_position() {
    let error = error("(;SZ[3];B[aa]\n;W[aa])");
    assert_eq!((error.game, error.line, error.column), (1, 2, 1));
    assert_eq!(
        error.problem,
        Problem::IllegalMove {
            text: "W[aa]".to_string(),
            position: "X../.../... w".to_string()
        }
    );
}

#[test]
fn a_suicide_is_illegal() {
    assert!(matches!(
        error("(;SZ[3]AB[ba][ab];W[aa])").problem,
        Problem::IllegalMove { .. }
    ));
}

#[test]
fn a_point_off_the_board_is_a_bad_move() {
    assert!(matches!(
        error("(;SZ[3];B[dd])").problem,
        Problem::BadMove { .. }
    ));
}

#[test]
fn an_unclosed_game_tree_names_where_it_opened() {
    let error = error("(;SZ[3]\n(;B[aa]");
    assert_eq!((error.line, error.column), (2, 1));
    assert_eq!(error.problem, Problem::UnclosedVariation);
}

#[test]
fn another_game_is_refused() {
    assert!(matches!(
        error("(;GM[3])").problem,
        Problem::Unsupported { .. }
    ));
}

#[test]
fn a_bad_size_is_a_bad_tag() {
    assert!(matches!(error("(;SZ[25])").problem, Problem::BadTag { .. }));
}

#[test]
fn the_games_around_a_bad_game_are_kept() {
    let games = read("(;SZ[3];B[aa];W[aa](;B[bb]))(;SZ[3];B[bb])");
    assert_eq!(games.len(), 2);
    assert!(games[0].is_err());
    assert_eq!(games[1].as_ref().unwrap().len(), 2);
}

#[test]
fn nesting_past_the_limit_is_refused_without_recursion() {
    let deep = format!(
        "(;SZ[3]{}{})",
        "(;C[x]\n".repeat(200_000),
        ")".repeat(200_000)
    );
    let error = error(&deep);
    assert_eq!(
        error.problem,
        Problem::TooDeep {
            limit: Limits::default().depth
        }
    );
}

#[test]
fn a_long_main_line_is_built_without_recursion() {
    let text = format!("(;SZ[19]{})", ";C[x]".repeat(100_000));
    assert_eq!(one(&text).len(), 100_001);
}

#[test]
fn what_is_written_reads_back_as_the_same_record() {
    for text in [
        "(;GM[1]FF[4]SZ[5]KM[0.5]PB[Black];B[cc];W[bc];B[])",
        "(;SZ[5]HA[2]AB[aa:bb][ee]AW[cc];W[dd];B[ed])",
        "(;SZ[3]AB[aa]PL[W])",
        "(;SZ[5:3];B[ea]C[x\\]y\\\\z])",
        "(;SZ[5];B[aa](;W[bb];B[cc](;W[dd]TE[2])(;W[ee]BM[1]))(;W[cc]))",
        "(;SZ[3];B[aa];AE[aa]AW[cc];B[bb])",
        "(;SZ[3];B[aa];B[cc];PL[B];C[nothing])",
        "(;SZ[5]C[game]MA[aa][bb];B[aa]XX[y][z])",
    ] {
        let record = one(text);
        let written = sgf::to_sgf(&record);
        assert_eq!(one(&written), record, "{text} was written {written}");
    }
}

/// Every committed `sgf_read` input replays cleanly, and the games sgfmill
/// wrote among them read: 60 files of 1 or 2 games, 83 games.
#[test]
fn the_committed_sgf_corpus_replays_cleanly_and_reads_its_games() {
    let (inputs, games) = crate::record::corpus::replay("sgf_read", sgf::check);
    assert!(
        inputs >= 60 && games >= 83,
        "{games} games of {inputs} inputs"
    );
}
