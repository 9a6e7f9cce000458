//! The `serde` format: round trips, the exact layout, and every rejection
//! with its message.
#![cfg(feature = "serde")]

use persistent_qi::{Player, Qi};

use crate::qpi_token;

type Position = Qi<String, String>;

fn s(text: &str) -> String {
    text.to_string()
}

/// The decoder's message for a document, without `serde_json`'s position.
fn rejection<T: serde::de::DeserializeOwned + core::fmt::Debug>(json: &str) -> String {
    let error = serde_json::from_str::<T>(json).expect_err("the document must be rejected");
    let message = error.to_string();
    match message.rsplit_once(" at line ") {
        Some((message, _)) => message.to_string(),
        None => message,
    }
}

/// A document on a 2x2 board with the given fields replaced.
fn document(shape: &str, board: &str, first_hand: &str, second_hand: &str) -> String {
    format!(
        r#"{{"shape":{shape},"board":{board},"first_hand":{first_hand},"second_hand":{second_hand},"first_style":"C","second_style":"c","turn":"first"}}"#
    )
}

fn round_trip<P, S>(position: &Qi<P, S>) -> Qi<P, S>
where
    P: serde::Serialize + serde::de::DeserializeOwned + Clone + Ord + core::hash::Hash,
    S: serde::Serialize + serde::de::DeserializeOwned + core::hash::Hash,
{
    let json = serde_json::to_string(position).expect("a position serializes");
    serde_json::from_str(&json).expect("a serialized position decodes")
}

#[test]
fn u8_position_serializes_as_its_logical_content() {
    let position: Qi<u8, u8> = Qi::new(&[2, 2], 0, 1)
        .unwrap()
        .board_diff([(0, Some(7)), (3, Some(9))])
        .unwrap()
        .first_hand_diff([(5, 1)])
        .unwrap();
    assert_eq!(
        serde_json::to_string(&position).unwrap(),
        r#"{"shape":[2,2],"board":[7,null,null,9],"first_hand":[[5,1]],"second_hand":[],"first_style":0,"second_style":1,"turn":"First"}"#
    );
}

#[test]
fn u8_position_round_trips() {
    let position: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)
        .unwrap()
        .board_diff([(4, Some(1)), (8, Some(2))])
        .unwrap()
        .first_hand_diff([(3, 2), (1, 1)])
        .unwrap()
        .second_hand_diff([(3, 1)])
        .unwrap()
        .toggle();
    let back = round_trip(&position);
    assert_eq!(back, position);
    assert_eq!(back.position_hash(), position.position_hash());
    assert_eq!(back.turn(), Player::Second);
}

#[test]
fn string_positions_round_trip_in_one_two_and_three_dimensions() {
    for shape in [&[5][..], &[3, 4], &[2, 3, 4]] {
        let position: Position = Qi::new(shape, s("S"), s("s"))
            .unwrap()
            .board_diff([(0, Some(s("K"))), (4, Some(s("+r")))])
            .unwrap()
            .second_hand_diff([(s("p"), 2)])
            .unwrap();
        let back = round_trip(&position);
        assert_eq!(back, position);
        assert_eq!(back.shape(), shape);
        assert_eq!(back.second_hand_count(&s("p")), 2);
    }
}

#[test]
fn empty_full_and_largest_positions_round_trip() {
    let empty: Qi<u8, u8> = Qi::new(&[1], 0, 0).unwrap();
    assert_eq!(round_trip(&empty), empty);

    let full: Qi<u8, u8> = Qi::new(&[2], 0, 0)
        .unwrap()
        .board_diff([(0, Some(1))])
        .unwrap()
        .first_hand_diff([(2, 1)])
        .unwrap();
    assert_eq!(round_trip(&full), full);

    let largest: Qi<u8, u8> = Qi::new(&[255, 255], 0, 1)
        .unwrap()
        .board_diff([(65_024, Some(1))])
        .unwrap();
    assert_eq!(round_trip(&largest), largest);
}

#[test]
fn player_serializes_as_first_or_second() {
    assert_eq!(serde_json::to_string(&Player::First).unwrap(), r#""First""#);
    assert_eq!(
        serde_json::to_string(&Player::Second).unwrap(),
        r#""Second""#
    );
    for player in Player::ALL {
        let json = serde_json::to_string(&player).unwrap();
        assert_eq!(serde_json::from_str::<Player>(&json).unwrap(), player);
    }
}

#[test]
fn player_accepts_the_lowercase_spelling_written_before() {
    assert_eq!(
        serde_json::from_str::<Player>(r#""first""#).unwrap(),
        Player::First
    );
    assert_eq!(
        serde_json::from_str::<Player>(r#""second""#).unwrap(),
        Player::Second
    );
}

#[test]
fn unknown_player_is_rejected() {
    assert_eq!(
        rejection::<Player>(r#""third""#),
        "unknown variant `third`, expected `First` or `Second`"
    );
}

#[test]
fn a_sashite_qi_document_decodes() {
    let peer = sashite_qi::Qi::new(&[3, 3], s("C"), s("c"))
        .unwrap()
        .board_diff([(4, Some(s("K"))), (0, Some(s("r")))])
        .unwrap()
        .first_hand_diff([(s("P"), 2)])
        .unwrap()
        .toggle();
    let json = serde_json::to_string(&peer).unwrap();
    let ours: Position = serde_json::from_str(&json).unwrap();
    let expected: Position = Qi::new(&[3, 3], s("C"), s("c"))
        .unwrap()
        .board_diff([(4, Some(s("K"))), (0, Some(s("r")))])
        .unwrap()
        .first_hand_diff([(s("P"), 2)])
        .unwrap()
        .toggle();
    assert_eq!(ours, expected);
}

#[test]
fn fields_may_come_in_any_order() {
    let json = r#"{"turn":"second","board":["K",null,null,"k"],"second_style":"c","second_hand":[["P",1]],"first_hand":[],"first_style":"C","shape":[2,2]}"#;
    let position: Position = serde_json::from_str(json).unwrap();
    assert_eq!(position.square(3), Some(&s("k")));
    assert_eq!(position.second_hand_count(&s("P")), 1);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn the_sequence_form_lists_fields_in_order() {
    let json = r#"[[2,2],["K",null,null,"k"],[],[],"C","c","first"]"#;
    let position: Position = serde_json::from_str(json).unwrap();
    assert_eq!(position.piece_count(), 2);
    assert_eq!(
        rejection::<Position>(r"[[2,2],[null,null,null,null]]"),
        "invalid length 2, expected a position of 7 fields"
    );
}

#[test]
fn hand_entries_may_come_in_any_order() {
    let json = document(
        "[2,2]",
        "[null,null,null,null]",
        r#"[["R",1],["B",2]]"#,
        "[]",
    );
    let position: Position = serde_json::from_str(&json).unwrap();
    let hand: Vec<_> = position.first_hand().collect();
    assert_eq!(hand, [(&s("B"), 2), (&s("R"), 1)]);
}

// ---------------------------------------------------------------- rejections

const EMPTY_BOARD: &str = "[null,null,null,null]";

#[test]
fn shapes_out_of_the_limits_are_rejected_with_their_numbers() {
    let cases = [
        ("[]", "invalid shape: at least one dimension is required"),
        (
            "[8,0]",
            "invalid shape: dimension size must be at least 1, got 0 (dimension 1)",
        ),
        (
            "[256]",
            "invalid shape: dimension size 256 exceeds maximum of 255 (dimension 0)",
        ),
        (
            "[2,2,2,2,2]",
            "invalid shape: board exceeds 3 dimensions (got 5)",
        ),
        (
            "[255,255,2]",
            "invalid shape: board exceeds 65025 squares (got 130050)",
        ),
        ("[-2]", "invalid value: integer `-2`, expected usize"),
    ];
    for (shape, message) in cases {
        assert_eq!(
            rejection::<Position>(&document(shape, "[]", "[]", "[]")),
            message,
            "shape {shape}"
        );
    }
}

#[test]
fn too_few_squares_are_rejected() {
    assert_eq!(
        rejection::<Position>(&document("[2,2]", "[null,null,null]", "[]", "[]")),
        "wrong number of squares: the shape has 4, 3 given"
    );
}

#[test]
fn too_many_squares_on_the_board_are_rejected() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            r#"[null,null,null,null,"K",null]"#,
            "[]",
            "[]"
        )),
        "wrong number of squares: the shape has 4, at least 5 given"
    );
}

#[test]
fn a_board_before_its_shape_is_checked_against_it() {
    let json = r#"{"board":[null,null,null],"shape":[2,2],"first_hand":[],"second_hand":[],"first_style":"C","second_style":"c","turn":"first"}"#;
    assert_eq!(
        rejection::<Position>(json),
        "wrong number of squares: the shape has 4, 3 given"
    );
}

/// A board listed before its shape is read against the largest board: as
/// many squares as the largest board has are read, one more is refused.
#[test]
fn a_board_before_its_shape_is_bounded_by_the_largest_board() {
    let document = |squares: usize, shape: &str| {
        let board = vec!["null"; squares].join(",");
        format!(
            r#"{{"board":[{board}],"shape":{shape},"first_hand":[],"second_hand":[],"first_style":0,"second_style":1,"turn":"First"}}"#
        )
    };
    let largest: Qi<u8, u8> = serde_json::from_str(&document(65_025, "[255,255]")).unwrap();
    assert_eq!(largest.square_count(), 65_025);
    assert_eq!(
        rejection::<Position>(&document(65_026, "[2,2]")),
        "wrong number of squares: the board lists 65026, more than any shape has (65025)"
    );
}

#[test]
fn zero_count_is_rejected() {
    assert_eq!(
        rejection::<Position>(&document("[2,2]", EMPTY_BOARD, r#"[["P",0]]"#, "[]")),
        "hand count must be at least 1: the first hand lists 0 (entry 0)"
    );
}

#[test]
fn negative_count_is_rejected() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            EMPTY_BOARD,
            "[]",
            r#"[["p",1],["b",-2]]"#
        )),
        "invalid value: integer `-2`, expected usize"
    );
}

#[test]
fn piece_listed_twice_is_rejected() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            EMPTY_BOARD,
            r#"[["P",1],["B",1],["P",1]]"#,
            "[]"
        )),
        "the first hand lists a piece twice (entry 2)"
    );
}

#[test]
fn more_pieces_than_squares_are_rejected_with_the_total() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            r#"["K",null,null,"k"]"#,
            r#"[["P",2]]"#,
            r#"[["p",1]]"#
        )),
        "too many pieces for board size (5 pieces, 4 squares)"
    );
}

#[test]
fn a_hand_larger_than_the_board_is_refused_while_reading() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            EMPTY_BOARD,
            r#"[["P",3],["B",2]]"#,
            "[]"
        )),
        "first hand: too many pieces for board size (at least 5 pieces, 4 squares)"
    );
}

#[test]
fn a_hand_of_zero_counts_is_refused_once_it_lists_more_entries_than_squares() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            EMPTY_BOARD,
            r#"[["P",0],["B",0],["N",0],["R",0],["Q",0]]"#,
            "[]"
        )),
        "first hand: more entries than squares (over 4)"
    );
}

#[test]
fn a_huge_count_is_refused_without_overflow() {
    assert_eq!(
        rejection::<Position>(&document(
            "[2,2]",
            EMPTY_BOARD,
            r#"[["P",18446744073709551615]]"#,
            "[]"
        )),
        "first hand: too many pieces for board size (at least 18446744073709551615 pieces, 4 squares)"
    );
}

#[test]
fn a_hand_before_the_shape_is_bounded_by_the_largest_board() {
    let json = r#"{"first_hand":[["P",65000],["B",26]],"shape":[2,2]}"#;
    assert_eq!(
        rejection::<Position>(json),
        "first hand: more pieces than any board has squares (at least 65026 pieces, at most 65025 squares)"
    );
}

#[test]
fn unknown_field_is_rejected() {
    let json = r#"{"shape":[1],"frist_hand":[]}"#;
    assert_eq!(
        rejection::<Position>(json),
        "unknown field `frist_hand`, expected one of `shape`, `board`, `first_hand`, `second_hand`, `first_style`, `second_style`, `turn`"
    );
}

#[test]
fn repeated_field_is_rejected() {
    let json = r#"{"shape":[1],"shape":[2]}"#;
    assert_eq!(rejection::<Position>(json), "duplicate field `shape`");
}

#[test]
fn missing_field_is_rejected() {
    let json = r#"{"shape":[1],"board":[null],"first_hand":[],"second_hand":[],"first_style":"C","second_style":"c"}"#;
    assert_eq!(rejection::<Position>(json), "missing field `turn`");
}

#[test]
fn unknown_turn_is_rejected() {
    let json = document("[2,2]", EMPTY_BOARD, "[]", "[]").replace(r#""first"}"#, r#""third"}"#);
    assert_eq!(
        rejection::<Position>(&json),
        "unknown variant `third`, expected `First` or `Second`"
    );
}

#[test]
fn a_wrongly_typed_square_is_rejected() {
    assert_eq!(
        rejection::<Qi<u8, u8>>(
            r#"{"shape":[2],"board":[null,"K"],"first_hand":[],"second_hand":[],"first_style":0,"second_style":1,"turn":"first"}"#
        ),
        r#"invalid type: string "K", expected u8"#
    );
}

// ---------------------------------------------------------------- QPI

mod qpi {
    use persistent_qi::Qi;
    use persistent_qi::qpi::{Qpi, Sin};

    use super::{rejection, round_trip};

    use super::qpi_token::qpi;

    fn shogi() -> Qi<Qpi, Sin> {
        let first: Sin = "S".parse().unwrap();
        let second: Sin = "s".parse().unwrap();
        Qi::new(&[9, 9], first, second)
            .unwrap()
            .board_diff([(4, Some(qpi("s:k^"))), (76, Some(qpi("S:K^")))])
            .unwrap()
            .first_hand_diff([(qpi("S:P"), 2), (qpi("S:B"), 1)])
            .unwrap()
            .toggle()
    }

    #[test]
    fn qpi_positions_serialize_with_token_strings() {
        let json = serde_json::to_value(shogi()).unwrap();
        assert_eq!(json["board"][4], "s:k^");
        assert_eq!(
            json["first_hand"],
            serde_json::json!([["S:B", 1], ["S:P", 2]])
        );
        assert_eq!(json["first_style"], "S");
        assert_eq!(json["turn"], "Second");
    }

    #[test]
    fn qpi_positions_round_trip() {
        let position = shogi();
        let back = round_trip(&position);
        assert_eq!(back, position);
        assert_eq!(back.position_hash(), position.position_hash());
    }

    #[test]
    fn an_invalid_token_in_a_hand_is_rejected() {
        let json = r#"{"shape":[2],"board":["C:K",null],"first_hand":[],"second_hand":[["C:KK",1]],"first_style":"C","second_style":"c","turn":"first"}"#;
        let message = rejection::<Qi<Qpi, Sin>>(json);
        assert!(
            message.starts_with(r#"invalid QPI token "C:KK""#),
            "{message}"
        );
    }
}

#[test]
fn positions_round_trip_through_a_binary_format() {
    use persistent_qi::qpi::{Qpi, Sin};
    let token = |text: &str| Qpi::parse(text).unwrap();
    let position: Qi<Qpi, Sin> = Qi::new(&[9, 9], "S".parse().unwrap(), "s".parse().unwrap())
        .unwrap()
        .board_diff([(4, Some(token("s:k"))), (76, Some(token("S:K")))])
        .unwrap()
        .hand_diff(Player::Second, [(token("S:P"), 2)])
        .unwrap();
    let bytes = postcard::to_stdvec(&position).unwrap();
    // The board is 81 squares, each a tag and a code where occupied.
    assert!(bytes.len() < 81 + 2 * 2 + 30, "{} bytes", bytes.len());
    let read: Qi<Qpi, Sin> = postcard::from_bytes(&bytes).unwrap();
    assert_eq!(read, position);
    assert_eq!(read.position_hash(), position.position_hash());
}

/// A value of the wrong type names what was expected there, in the
/// position's document and in a diff's.
#[test]
fn a_value_of_the_wrong_type_names_what_was_expected() {
    use persistent_qi::Diff;
    use persistent_qi::qpi::Qpi;

    let cases = [
        (
            rejection::<Qi<u8, u8>>("5"),
            "invalid type: integer `5`, expected a position (struct Qi)",
        ),
        (
            rejection::<Qi<u8, u8>>(r#"{"shape":5}"#),
            "invalid type: integer `5`, expected a sequence of 1 to 3 dimension sizes",
        ),
        (
            rejection::<Qi<u8, u8>>(r#"{"shape":[2],"board":5}"#),
            "invalid type: integer `5`, expected a sequence of squares, each a piece or null",
        ),
        (
            rejection::<Qi<u8, u8>>(r#"{"shape":[2],"board":[null,null],"first_hand":5}"#),
            "invalid type: integer `5`, expected a sequence of [piece, count] pairs",
        ),
        (
            rejection::<Diff<Qpi>>("5"),
            "invalid type: integer `5`, expected a diff: squares, hands and turn_changed",
        ),
        (
            rejection::<Diff<Qpi>>(r#"{"squares":5}"#),
            "invalid type: integer `5`, expected a sequence of (index, before, after)",
        ),
        (
            rejection::<Diff<Qpi>>(r#"{"squares":[],"hands":5}"#),
            "invalid type: integer `5`, expected a sequence of (player, piece, before, after)",
        ),
    ];
    for (message, expected) in cases {
        assert_eq!(message, expected);
    }
}

/// A format that hands an enum over as a bare string, as some do.
struct BareStr<'a>(&'a str);

impl<'de> serde::Deserializer<'de> for BareStr<'de> {
    type Error = serde::de::value::Error;

    fn deserialize_any<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        visitor.visit_str(self.0)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// Formats that hand an enum over as a bare string or index (rather than
/// through serde's enum access) read a player by its name, old spelling or
/// index, and refuse anything else naming the two it may be.
#[test]
fn a_player_is_read_from_a_bare_name_or_index() {
    use serde::Deserialize;
    use serde::de::IntoDeserializer;
    use serde::de::value::Error;

    for (name, player) in [
        ("First", Player::First),
        ("Second", Player::Second),
        ("second", Player::Second),
    ] {
        assert_eq!(Player::deserialize(BareStr(name)), Ok(player), "{name}");
    }
    for (index, player) in [(0_u64, Player::First), (1, Player::Second)] {
        let read = Player::deserialize(IntoDeserializer::<Error>::into_deserializer(index));
        assert_eq!(read, Ok(player), "{index}");
    }
    let message = |read: Result<Player, Error>| read.unwrap_err().to_string();
    assert_eq!(
        message(Player::deserialize(BareStr("Third"))),
        "unknown variant `Third`, expected `First` or `Second`"
    );
    assert_eq!(
        message(Player::deserialize(
            IntoDeserializer::<Error>::into_deserializer(2_u64)
        )),
        "invalid value: integer `2`, expected `First` or `Second`"
    );
    assert_eq!(
        message(Player::deserialize(
            IntoDeserializer::<Error>::into_deserializer(true)
        )),
        "invalid type: boolean `true`, expected `First` or `Second`"
    );
}
