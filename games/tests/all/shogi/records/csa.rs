//! CSA as Floodgate writes it: headers, starts, moves, time lines,
//! comments, endings, several games a file; bad games refused with their
//! place; what is written reads back as the same record.

use games::Persistent;
use games::record::{Limits, NodeId, Problem, Record, RecordError};
use games::shogi::START_SFEN;
use games::shogi::records::csa;

use super::{ShogiNode, main_line};

fn read(text: &str) -> Vec<Result<Record<ShogiNode>, RecordError>> {
    csa::read::<Persistent>(text.as_bytes(), Limits::default()).collect()
}

fn one(text: &str) -> Record<ShogiNode> {
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

/// A game as Floodgate logs one: rank lines with their trailing spaces
/// cut, comments in the header, evaluations after the moves.
const FLOODGATE: &str = "V2.2
N+Gikou_i3_5010U
N-SILENT_MAJORITY_i7-3517U
'Max_Moves:256
'Increment:10
$EVENT:wdoor+floodgate-600-10F+Gikou+SILENT+20160629110002
$START_TIME:2016/06/29 11:00:02
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA *
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  *
P5 *  *  *  *  *  *  *  *  *
P6 *  *  *  *  *  *  *  *  *
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI *
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
'black_rate:Gikou:3189.0
+7776FU
T0
'** 104
-3334FU
T3
+8822UM
T1
-3122GI
T2
+0055KA
T5
%TORYO
'summary:toryo:Gikou win:SILENT lose
";

#[test]
fn a_floodgate_game_reads_its_tags_moves_and_ending() {
    let record = one(FLOODGATE);
    assert_eq!(record.tag("Sente"), Some("Gikou_i3_5010U"));
    assert_eq!(record.tag("Gote"), Some("SILENT_MAJORITY_i7-3517U"));
    assert_eq!(record.tag("StartTime"), Some("2016/06/29 11:00:02"));
    assert!(record.tag("Event").unwrap().starts_with("wdoor+floodgate"));
    assert_eq!(record.ending(), Some("%TORYO"));
    let line = main_line(&record);
    let moves: Vec<&str> = line.iter().map(|(mv, _)| mv.as_str()).collect();
    assert_eq!(moves, ["", "7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]);
    assert_eq!(line[0].1, START_SFEN);
    assert_eq!(
        line[5].1,
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
}

#[test]
fn comments_belong_to_the_move_before_them_or_to_the_start() {
    let record = one(FLOODGATE);
    let root = record.notes(NodeId::ROOT);
    assert_eq!(
        root.after,
        ["Max_Moves:256", "Increment:10", "black_rate:Gikou:3189.0"]
    );
    let first = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.notes(first).after, ["** 104"]);
    let last = record.main_line().last().unwrap();
    assert_eq!(
        record.notes(last).after,
        ["summary:toryo:Gikou win:SILENT lose"]
    );
}

#[test]
fn time_lines_are_kept_as_the_node_extras() {
    let record = one(FLOODGATE);
    let first = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(
        record.notes(first).extras,
        [("T".to_string(), "0".to_string())]
    );
}

#[test]
fn commas_join_statements_on_one_line() {
    let record = one("PI,+\n+7776FU,T1,-3334FU,T2\n%CHUDAN,T3\n");
    assert_eq!(record.len(), 3);
    assert_eq!(record.ending(), Some("%CHUDAN"));
    let last = record.main_line().last().unwrap();
    assert_eq!(
        record.notes(last).extras,
        [
            ("T".to_string(), "2".to_string()),
            ("%T".to_string(), "3".to_string())
        ]
    );
}

#[test]
fn pi_with_removals_is_a_handicap_start() {
    let record = one("PI82HI22KA\n-\n-5142OU\n");
    let line = main_line(&record);
    assert_eq!(
        line[0].1,
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(line[1].0, "5a4b");
}

#[test]
fn piece_setups_and_00al_fill_the_hands() {
    let text = "P-11OU\nP+99OU\nP+00HI00HI\nP-00AL\n+\n";
    let record = one(text);
    assert_eq!(
        main_line(&record)[0].1,
        "8k/9/9/9/9/9/9/9/K8 b 2R2b4g4s4n4l18p 1"
    );
}

#[test]
fn every_ending_csa_names_is_read() {
    for ending in [
        "%TORYO",
        "%CHUDAN",
        "%SENNICHITE",
        "%TIME_UP",
        "%ILLEGAL_MOVE",
        "%+ILLEGAL_ACTION",
        "%-ILLEGAL_ACTION",
        "%JISHOGI",
        "%KACHI",
        "%HIKIWAKE",
        "%MAX_MOVES",
        "%TSUMI",
        "%FUZUMI",
        "%ERROR",
    ] {
        let record = one(&format!("PI\n+\n+7776FU\n{ending}\n"));
        assert_eq!(record.ending(), Some(ending));
    }
}

#[test]
fn several_games_a_file_are_read_in_order() {
    let text = "N+A\nPI\n+\n+7776FU\n%TORYO\n/\nN+B\nPI\n+\n+2726FU\n/\nN+C\nPI\n+\n";
    let names: Vec<String> = read(text)
        .into_iter()
        .map(|game| game.unwrap().tag("Sente").unwrap().to_string())
        .collect();
    assert_eq!(names, ["A", "B", "C"]);
}

#[test]
fn an_illegal_move_names_its_game_line_column_and_position() {
    let text = "PI\n+\n+7776FU\n/\nPI\n+\n+7776FU\n-3334FU,+7775FU\n";
    let error = error(text);
    assert_eq!((error.game, error.line, error.column), (2, 8, 9));
    assert_eq!(
        error.problem,
        Problem::IllegalMove {
            text: "+7775FU".to_string(),
            position: "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"
                .to_string(),
        }
    );
}

#[test]
fn a_move_of_the_side_not_to_move_is_illegal() {
    assert!(matches!(
        error("PI\n+\n-3334FU\n").problem,
        Problem::IllegalMove { .. }
    ));
}

#[test]
fn the_games_before_and_after_a_bad_game_are_kept() {
    let text = "PI\n+\n+7776FU\n/\nPI\n+\n+7775FU\n+2726FU\n/\nPI\n+\n+2726FU\n";
    let games = read(text);
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok());
    assert_eq!(games[1].as_ref().unwrap_err().game, 2);
    assert_eq!(games[2].as_ref().unwrap().len(), 2);
}

#[test]
fn a_start_the_rules_refuse_is_a_bad_position() {
    let error = error("P+11OU\n+\n");
    assert!(
        matches!(error.problem, Problem::BadPosition { .. }),
        "{error}"
    );
}

#[test]
fn a_game_without_its_side_to_move_is_bad() {
    assert!(matches!(error("PI\n").problem, Problem::BadPosition { .. }));
}

#[test]
fn unknown_statements_are_refused_where_they_stand() {
    let error = error("PI\n+\n+7776FU\nX\n");
    assert_eq!((error.line, error.column), (4, 1));
    assert!(matches!(error.problem, Problem::Unexpected { .. }));
}

#[test]
fn moves_after_the_ending_are_refused() {
    assert!(matches!(
        error("PI\n+\n%TORYO\n+7776FU\n").problem,
        Problem::Unexpected { .. }
    ));
}

#[test]
fn a_line_past_the_limit_is_refused() {
    let limits = Limits {
        line_bytes: 10,
        ..Limits::default()
    };
    let text = format!("PI\n+\n'{}\n", "x".repeat(20));
    let games: Vec<_> = csa::read::<Persistent>(text.as_bytes(), limits).collect();
    assert_eq!(
        games[0].as_ref().unwrap_err().problem,
        Problem::LineTooLong { limit: 10 }
    );
}

#[test]
fn a_game_past_the_node_limit_is_refused() {
    let limits = Limits {
        nodes: 2,
        ..Limits::default()
    };
    let text = "PI\n+\n+7776FU\n-3334FU\n";
    let games: Vec<_> = csa::read::<Persistent>(text.as_bytes(), limits).collect();
    assert_eq!(
        games[0].as_ref().unwrap_err().problem,
        Problem::TooManyNodes { limit: 2 }
    );
}

#[test]
fn shift_jis_names_are_decoded() {
    // 先手 in `Shift_JIS`.
    let bytes = b"N+\x90\xe6\x8e\xe8\nPI\n+\n";
    let games: Vec<_> = csa::read::<Persistent>(bytes, Limits::default()).collect();
    assert_eq!(games[0].as_ref().unwrap().tag("Sente"), Some("先手"));
}

#[test]
fn what_is_written_reads_back_as_the_same_record() {
    for text in [
        FLOODGATE,
        "PI82HI22KA\n-\n-5142OU\nT1\n+7776FU\n%TORYO\n",
        "P-11OU\nP+99OU\nP+00HI00HI\nP-00AL\n+\n+0055HI\n",
        "N+A\nN-B\n$OPENING:YAGURA\nPI\n+\n+7776FU,T1\n'x\n%KACHI\nT9\n",
    ] {
        let record = one(text);
        let written = csa::to_csa(&record).unwrap();
        assert_eq!(one(&written), record, "{written}");
    }
}

#[test]
fn the_writer_lays_a_game_out_as_floodgate_does() {
    let text = "V2.2\nN+A\nN-B\n$EVENT:e\n'c\nPI\n+\n+7776FU\nT1\n'** 50\n%TORYO\n";
    assert_eq!(csa::to_csa(&one(text)).unwrap(), text);
}

#[test]
fn the_writer_refuses_variations() {
    let text = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 ８四歩(83)\n";
    let record = games::shogi::records::kif::read::<Persistent>(
        text.as_bytes(),
        games::shogi::records::kif::Encoding::Utf8,
        Limits::default(),
    )
    .next()
    .unwrap()
    .unwrap();
    let error = csa::to_csa(&record).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidInput);
}
