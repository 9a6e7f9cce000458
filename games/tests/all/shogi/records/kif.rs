//! KIF as Kifu for Windows and cshogi write it: headers, handicaps, board
//! diagrams, moves with `同`, `成`, `不成`, `打`, times, endings,
//! variations and comments; `Shift_JIS` and UTF-8; bad games refused with
//! their place.

use games::Persistent;
use games::record::{Limits, NodeId, Problem, Record, RecordError};
use games::shogi::START_SFEN;
use games::shogi::records::kif::{self, Encoding};

use super::{ShogiNode, main_line, moves_to};

fn read(text: &str) -> Vec<Result<Record<ShogiNode>, RecordError>> {
    kif::read::<Persistent>(text.as_bytes(), Encoding::Utf8, Limits::default()).collect()
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

/// A game as Kifu for Windows saves one, with a variation.
const KIFU_FOR_WINDOWS: &str = "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
開始日時：2024/01/02 10:00:00
棋戦：練習対局
手合割：平手　　
先手：先手の人
後手：後手の人
手数----指手---------消費時間--
*対局前のコメント
   1 ７六歩(77)   ( 0:01/00:00:01)
*角道を開ける
   2 ３四歩(33)   ( 0:02/00:00:02)+
   3 ２二角成(88) ( 0:03/00:00:04)
   4 同　銀(31)   ( 0:04/00:00:06)
   5 ５五角打     ( 0:05/00:00:09)
   6 投了         ( 0:06/00:00:12)
まで5手で先手の勝ち

変化：2手
   2 ８四歩(83)   ( 0:01/00:00:01)
   3 ７八金(69)   ( 0:01/00:00:02)
";

#[test]
fn a_kifu_for_windows_game_reads_its_headers_moves_and_ending() {
    let record = one(KIFU_FOR_WINDOWS);
    assert_eq!(record.tag("Sente"), Some("先手の人"));
    assert_eq!(record.tag("Gote"), Some("後手の人"));
    assert_eq!(record.tag("StartTime"), Some("2024/01/02 10:00:00"));
    assert_eq!(record.tag("Event"), Some("練習対局"));
    assert_eq!(record.ending(), Some("投了"));
    let line = main_line(&record);
    let moves: Vec<&str> = line.iter().map(|(mv, _)| mv.as_str()).collect();
    assert_eq!(moves, ["", "7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]);
    assert_eq!(line[0].1, START_SFEN);
}

#[test]
fn a_variation_is_an_alternative_to_its_move_of_the_line_before() {
    let record = one(KIFU_FOR_WINDOWS);
    let first = record.main_child(NodeId::ROOT).unwrap();
    let replies: Vec<NodeId> = record.children(first).collect();
    assert_eq!(replies.len(), 2);
    assert_eq!(
        moves_to(&record, record.main_line().last().unwrap()),
        "7g7f 3c3d 8h2b+ 3a2b B*5e"
    );
    let variation_end = record.main_child(replies[1]).unwrap();
    assert_eq!(moves_to(&record, variation_end), "7g7f 8c8d 6i7h");
}

#[test]
fn comments_times_and_the_start_comment_are_kept() {
    let record = one(KIFU_FOR_WINDOWS);
    assert_eq!(record.notes(NodeId::ROOT).after, ["対局前のコメント"]);
    let first = record.main_child(NodeId::ROOT).unwrap();
    assert_eq!(record.notes(first).after, ["角道を開ける"]);
    assert_eq!(
        record.notes(first).extras,
        [("time".to_string(), "0:01/00:00:01".to_string())]
    );
}

#[test]
fn variations_nest_the_latest_branch_first() {
    let text = "手合割：平手
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２六歩(27)
   4 ８四歩(83)

変化：4手
   4 ４四歩(43)
   5 ４八銀(39)

変化：5手
   5 ６八銀(79)

変化：2手
   2 ８四歩(83)
";
    let record = one(text);
    let lines: Vec<String> = record
        .ids()
        .filter(|&id| record.main_child(id).is_none())
        .map(|id| moves_to(&record, id))
        .collect();
    assert_eq!(
        lines,
        [
            "7g7f 3c3d 2g2f 8c8d",
            "7g7f 3c3d 2g2f 4c4d 3i4h",
            "7g7f 3c3d 2g2f 4c4d 7i6h",
            "7g7f 8c8d",
        ]
    );
}

#[test]
fn promotions_declined_and_same_square_captures_are_read() {
    let text =
        "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角不成(88)\n   4 同　銀(31)\n   5 ８八角打\n";
    let moves: Vec<String> = main_line(&one(text))
        .into_iter()
        .map(|(mv, _)| mv)
        .collect();
    assert_eq!(moves, ["", "7g7f", "3c3d", "8h2b", "3a2b", "B*8h"]);
}

#[test]
fn every_handicap_kif_names_is_a_start_the_stronger_side_moves_first_from() {
    for (name, sfen) in [
        (
            "香落ち",
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "右香落ち",
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "角落ち",
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "飛車落ち",
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "飛香落ち",
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "二枚落ち",
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "三枚落ち",
            "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "四枚落ち",
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "五枚落ち",
            "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "左五枚落ち",
            "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "六枚落ち",
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "八枚落ち",
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "十枚落ち",
            "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
    ] {
        let record = one(&format!("手合割：{name}\n上手：A\n下手：B\n"));
        assert_eq!(main_line(&record)[0].1, sfen, "{name}");
        assert_eq!(record.tag("Gote"), Some("A"));
    }
}

#[test]
fn a_board_diagram_gives_the_start() {
    let text = "後手の持駒：飛　角　金四　銀三　桂四　香四　歩十七
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ 歩|七
| ・ ・ ・ ・ ・ ・ ・ ・ 銀|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：飛
後手番
   1 １二歩打
";
    let line = main_line(&one(text));
    assert_eq!(line[0].1, "8k/9/9/9/9/9/8P/8S/4K4 w Rrb4g3s4n4l17p 1");
    assert_eq!(line[1].0, "P*1b");
}

#[test]
fn every_ending_line_is_read() {
    for ending in [
        "投了",
        "中断",
        "千日手",
        "詰み",
        "持将棋",
        "切れ負け",
        "反則勝ち",
        "反則負け",
        "入玉勝ち",
    ] {
        let record = one(&format!("   1 ７六歩(77)\n   2 {ending}\n"));
        assert_eq!(record.ending(), Some(ending));
    }
}

#[test]
fn shift_jis_is_read_where_the_file_is_no_utf8() {
    // "   1 ７六歩(77)\n" in `Shift_JIS`.
    let bytes = b"   1 \x82\x56\x98\x5a\x95\xe0(77)\n";
    let games: Vec<_> =
        kif::read::<Persistent>(bytes, Encoding::ShiftJisUnlessUtf8, Limits::default()).collect();
    assert_eq!(main_line(games[0].as_ref().unwrap())[1].0, "7g7f");
}

#[test]
fn a_header_after_the_moves_begins_the_next_game() {
    let text = "先手：A\n   1 ７六歩(77)\n先手：B\n   1 ２六歩(27)\n";
    let names: Vec<String> = read(text)
        .into_iter()
        .map(|game| game.unwrap().tag("Sente").unwrap().to_string())
        .collect();
    assert_eq!(names, ["A", "B"]);
}

#[test]
fn an_illegal_move_names_its_line_column_and_position() {
    let error = error("手合割：平手\n   1 ７五歩(77)\n");
    assert_eq!((error.game, error.line, error.column), (1, 2, 6));
    assert_eq!(
        error.problem,
        Problem::IllegalMove {
            text: "７五歩(77)".to_string(),
            position: START_SFEN.to_string(),
        }
    );
}

#[test]
fn a_piece_that_is_not_on_its_origin_is_illegal() {
    assert!(matches!(
        error("   1 ７六金(77)\n").problem,
        Problem::IllegalMove { .. }
    ));
}

#[test]
fn same_square_with_no_move_before_is_refused() {
    assert!(matches!(
        error("   1 同　歩(77)\n").problem,
        Problem::Unexpected { .. }
    ));
}

#[test]
fn an_unknown_handicap_is_a_bad_tag() {
    assert!(matches!(
        error("手合割：九枚落ち\n").problem,
        Problem::BadTag { .. }
    ));
}

#[test]
fn a_variation_past_the_end_of_its_line_is_refused() {
    assert!(matches!(
        error("   1 ７六歩(77)\n変化：3手\n   3 ２六歩(27)\n").problem,
        Problem::Unexpected { .. }
    ));
}

#[test]
fn the_games_after_a_bad_game_are_read() {
    let text = "先手：A\n   1 ７五歩(77)\n先手：B\n   1 ２六歩(27)\n";
    let games = read(text);
    assert_eq!(games.len(), 2);
    assert!(games[0].is_err());
    assert_eq!(games[1].as_ref().unwrap().tag("Sente"), Some("B"));
}
