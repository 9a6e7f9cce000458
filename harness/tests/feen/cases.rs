//! FEEN reading and writing: every example of `sashite-feen`, read square by
//! square, rejected with `sashite-feen`'s reasons, unspellable positions
//! refused, each through the `feen_parse` fuzz target's check too.

use persistent_qi::feen::ParseError;
use persistent_qi::feen::{MAX_STRING_LENGTH, ReadError, WriteError};
use persistent_qi::qpi::{Epin, ForeignStyleError, Qpi, Sin};
use persistent_qi::{Error, Player, Qi};
use sashite_feen::Feen;

fn epin(token: &str) -> Epin {
    token.parse().expect("an EPIN token")
}

use crate::qpi_token;

use qpi_token::qpi;

fn sin(token: &str) -> Sin {
    token.parse().expect("a SIN token")
}

/// Every valid FEEN string in `sashite-feen` 0.2.0's README, examples and
/// tests (`tests/feen.rs`, `parse.rs`, `encode.rs`, `round_trip.rs`,
/// `to_qi.rs`, `encode_domain.rs`, `square_cap.rs`), the generated ones
/// written out.
fn sashite_feen_examples() -> Vec<String> {
    let mut examples: Vec<String> = [
        // Chess, shogi, xiangqi, their variants of turn and marks.
        "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / W/w",
        "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / J/j",
        "lnsgk^gsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGK^GSNL / j/J",
        "lnsgk^'gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / J/j",
        "rheag^aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAG^AEHR / C/c",
        // Empty boards, either side to move.
        "8/8/8/8/8/8/8/8 / W/w",
        "8/8/8/8/8/8/8/8 / C/c",
        "8/8/8/8/8/8/8/8 / c/C",
        "8/8/8/8/8/8/8/8 / w/W",
        // Hands.
        "8/8/8/8/8/8/8/8 3P2B/3p2b W/w",
        "8/8/8/8/8/8/8/8 3P2Bp/ W/w",
        "8/8/8/8/8/8/8/8 BbPp/ W/w",
        "8/8/8/3K^4/8/8/8/8 p/ W/w",
        "4P3/8 P/p W/w",
        "2 A'A^/ C/c",
        "2 K+k/ C/c",
        "2 K/k J/j",
        "3 2AZ/ C/c",
        // One dimension.
        "k^+p4+PK^ / C/c",
        "k^+p4+PK^ / W/w",
        "k^ / J/j",
        "K^ / J/j",
        // Thin and large shapes.
        "1/1/1 / C/c",
        "255/255/255 / C/c",
        // Three dimensions, Raumschach among them.
        "ab/cd//AB/CD / G/g",
        "3/3//3/3 / C/c",
        "-rnk^n-r/ppppp/5/5/5//buqbu/ppppp/5/5/5//5/5/5/5/5//5/5/5/PPPPP/BUQBU//5/5/5/PPPPP/-RNK^N-R / R/r",
    ]
    .map(String::from)
    .to_vec();
    // `square_cap.rs`: the largest board, 255 ranks of 255 empty squares.
    examples.push(format!("{} / W/w", vec!["255"; 255].join("/")));
    // `parse.rs`: a full board of exactly MAX_STRING_LENGTH bytes.
    let mut ranks = vec!["K".repeat(15); 254];
    ranks.push(format!("{}{}", "+K^'+K^'+K^'+K^", "K".repeat(11)));
    examples.push(format!("{} / W/w", ranks.join("/")));
    examples
}

/// Every EPIN token, 624 of them.
fn all_epin_tokens() -> Vec<String> {
    let mut tokens = Vec::new();
    for state in ["", "-", "+"] {
        for letter in ('A'..='Z').chain('a'..='z') {
            for terminal in ["", "^"] {
                for derived in ["", "'"] {
                    tokens.push(format!("{state}{letter}{terminal}{derived}"));
                }
            }
        }
    }
    tokens
}

// ---------------------------------------------------------------- reading

#[test]
fn every_sashite_feen_example_round_trips_through_both_piece_types() {
    let examples = sashite_feen_examples();
    assert_eq!(examples.len(), 29);
    for example in &examples {
        assert!(Feen::is_valid(example), "{example} is valid FEEN");
        // Reads in both piece types as the view describes, writes back byte
        // for byte, and agrees with `sashite-qi` through `Feen::to_qi`.
        assert!(harness::feen_parse(example.as_bytes()), "{example} reads");
    }
}

/// `sashite-feen`'s `tests/properties.rs` fields, whose cross product gives
/// 3,528 candidate strings.
const PLACEMENTS: &[&str] = &[
    "1",
    "8",
    "255",
    "K^",
    "k^+p4+PK^",
    "K'K",
    "+K^'",
    "-K+KKK^K^'",
    "K^'",
    "8/8/8/8/8/8/8/8",
    "1/1",
    "1/1/1",
    "a/b/c",
    "2/2",
    "4P3/8",
    "rkr/PPP",
    "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R",
    "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL",
    "rheag^aehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAG^AEHR",
    "255/255",
    "1K1/3",
    "K1K/1K1",
    "ab/cd//AB/CD",
    "ab/cd//AB/CD//ef/gh",
    "2/2//2/2",
    "1/1//1/1",
    "5/5/5/5/5//5/5/5/5/5",
    "-rnk^n-r/ppppp/5/5/5//buqbu/ppppp/5/5/5//5/5/5/5/5//5/5/5/PPPPP/BUQBU//5/5/5/PPPPP/-RNK^N-R",
];
const HANDS: &[&str] = &[
    "/",
    "P/",
    "/p",
    "P/p",
    "2P/",
    "/2p",
    "3P2B/3p2b",
    "BbPp/",
    "2P/p",
    "-K+KKK^K^'/",
    "A'A^/",
    "K+k/",
    "K-k/",
    "a^'-B/",
    "2AZ/",
    "3P3Q2B/2b",
    "+P^'/-p^'",
    "5K/5k",
];
const STYLE_TURNS: &[&str] = &["C/c", "c/C", "W/w", "w/W", "J/j", "R/g", "g/R"];

#[test]
fn the_field_cross_product_of_sashite_feen_gets_its_verdict_and_round_trips() {
    let mut accepted = 0;
    for placement in PLACEMENTS {
        for hands in HANDS {
            for style_turn in STYLE_TURNS {
                let text = format!("{placement} {hands} {style_turn}");
                // Read exactly when sashite-feen accepts it.
                let read = harness::feen_parse(text.as_bytes());
                assert_eq!(read, Feen::is_valid(&text), "{text}");
                accepted += usize::from(read);
            }
        }
    }
    // sashite-feen's own count: the rest have more pieces than squares.
    assert_eq!(accepted, 2_086);
}

#[test]
fn every_short_string_over_a_feen_alphabet_gets_sashite_feens_verdict() {
    // As sashite-feen's sweep: every string of up to 7 bytes over 8 bytes
    // that reach valid structure, 2,396,745 of them.
    const ALPHABET: &[u8] = b"Kk/ 12Cc";
    let mut text = Vec::new();
    let (mut checked, mut accepted) = (0_u64, 0);
    for length in 0..=7_u32 {
        for number in 0..8_u64.pow(length) {
            text.clear();
            let mut rest = number;
            for _ in 0..length {
                text.push(ALPHABET[usize::try_from(rest % 8).unwrap()]);
                rest /= 8;
            }
            accepted += u64::from(harness::feen_parse(&text));
            checked += 1;
        }
    }
    assert_eq!((checked, accepted), (2_396_745, 48));
}

#[test]
fn every_epin_token_round_trips_on_the_board_and_in_each_hand() {
    let tokens = all_epin_tokens();
    assert_eq!(tokens.len(), 624);
    for token in &tokens {
        for example in [
            format!("{token}1 / C/c"),
            format!("2 {token}/ C/c"),
            format!("2 /{token} s/S"),
        ] {
            assert!(harness::feen_parse(example.as_bytes()), "{example} reads");
        }
    }
}

#[test]
fn a_shogi_position_with_pieces_in_hand_reads_square_by_square() {
    let text = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL 2P/p S/s";
    let position = Qi::<Qpi, Sin>::from_feen(text).expect("valid FEEN");
    assert_eq!(position.shape(), [9, 9]);
    // The first rank written is the first nine indices.
    assert_eq!(position.square(0), Some(&qpi("s:l")));
    assert_eq!(position.square(4), Some(&qpi("s:k^")));
    assert_eq!(position.square(10), Some(&qpi("s:r")));
    assert_eq!(position.square(9), None);
    assert_eq!(position.square(80), Some(&qpi("S:L")));
    assert_eq!(position.square(76), Some(&qpi("S:K^")));
    assert_eq!(
        position.first_hand().collect::<Vec<_>>(),
        [(&qpi("S:P"), 2)]
    );
    assert_eq!(
        position.second_hand().collect::<Vec<_>>(),
        [(&qpi("s:p"), 1)]
    );
    assert_eq!(position.piece_count(), 43);
    assert_eq!(
        (position.first_style(), position.second_style()),
        (&sin("S"), &sin("s"))
    );
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn the_style_written_first_is_the_side_to_move() {
    let first = Qi::<Epin, Sin>::from_feen("2 / C/c").expect("valid FEEN");
    let second = Qi::<Epin, Sin>::from_feen("2 / c/C").expect("valid FEEN");
    assert_eq!(first.turn(), Player::First);
    assert_eq!(second.turn(), Player::Second);
    // The uppercase style is the first player's either way.
    assert_eq!(second.first_style(), &sin("C"));
    assert_eq!(second, first.toggle());
}

#[test]
fn a_derived_piece_takes_the_other_players_style() {
    // Shogi (first) against chess (second): `P'` in the second hand is a
    // first-side pawn in chess style, `k^` a native shogi... of the second
    // side, so chess style.
    let position = Qi::<Qpi, Sin>::from_feen("k^1/1K^' /P' S/c").expect("valid FEEN");
    assert_eq!(position.square(0), Some(&qpi("c:k^")));
    assert_eq!(position.square(3), Some(&qpi("c:K^")));
    assert_eq!(
        position.second_hand().collect::<Vec<_>>(),
        [(&qpi("c:P"), 1)]
    );
    let raw = Qi::<Epin, Sin>::from_feen("k^1/1K^' /P' S/c").expect("valid FEEN");
    assert_eq!(raw.square(3), Some(&epin("K^'")));
}

#[test]
fn a_three_dimensional_board_reads_layer_by_layer() {
    let position = Qi::<Epin, Sin>::from_feen("ab/cd//AB/CD / G/g").expect("valid FEEN");
    assert_eq!(position.shape(), [2, 2, 2]);
    let squares: Vec<String> = position
        .squares()
        .map(|square| square.expect("a full board").to_string())
        .collect();
    assert_eq!(squares, ["a", "b", "c", "d", "A", "B", "C", "D"]);
    assert_eq!(position.index_of(&[1, 0, 1]), Ok(5));
}

#[test]
fn from_str_reads_feen() {
    let position: Qi<Epin, Sin> = "k^+p4+PK^ / C/c".parse().expect("valid FEEN");
    assert_eq!(position.square(7), Some(&epin("K^")));
    assert_eq!(
        "k^ C/c".parse::<Qi<Epin, Sin>>(),
        Err(ReadError::Invalid(ParseError::FieldCount))
    );
}

#[test]
fn from_str_reads_feen_into_typed_pieces_too() {
    let position: Qi<Qpi, Sin> = "k^+p4+PK^ / C/c".parse().expect("valid FEEN");
    assert_eq!(position.square(7), Some(&qpi("C:K^")));
    assert_eq!(position.square(1), Some(&qpi("c:+p")));
    assert_eq!(
        position,
        Qi::<Qpi, Sin>::from_feen("k^+p4+PK^ / C/c").expect("valid FEEN")
    );
    assert_eq!(
        "k^ C/c".parse::<Qi<Qpi, Sin>>(),
        Err(ReadError::Invalid(ParseError::FieldCount))
    );
}

// ---------------------------------------------------------------- rejections

#[test]
fn invalid_strings_get_sashite_feens_reason() {
    let cases = [
        ("", ParseError::FieldCount),
        ("nope", ParseError::FieldCount),
        ("8/8/8/8/8/8/8/8 W/w", ParseError::FieldCount),
        (" 8/8/8/8/8/8/8/8 / W/w", ParseError::FieldCount),
        ("8/8/8/8/8/8/8/8 / W/w ", ParseError::FieldCount),
        ("8/8/8/8/8/8/8/8 / W/é", ParseError::NonAscii),
        (" / W/w", ParseError::PlacementEmpty),
        ("/8 / W/w", ParseError::PlacementStartsWithSeparator),
        ("8/ / W/w", ParseError::PlacementEndsWithSeparator),
        ("08 / W/w", ParseError::InvalidEmptyCount),
        ("K$ / W/w", ParseError::InvalidPieceToken),
        ("8/7 / W/w", ParseError::BoardNotRegular),
        ("rkr//PPPP / W/w", ParseError::DimensionalCoherence),
        ("1///1 / W/w", ParseError::TooManyDimensions),
        ("256 / W/w", ParseError::DimensionTooLarge),
        ("8/8  W/w", ParseError::InvalidHandsDelimiter),
        ("1 1P/ W/w", ParseError::InvalidHandCount),
        ("1 PP/ W/w", ParseError::HandNotAggregated),
        ("2 QP/ W/w", ParseError::HandNotCanonical),
        ("8/8 / ", ParseError::InvalidStyleTurnDelimiter),
        ("8/8 / W/1", ParseError::InvalidStyleToken),
        ("1 / W/W", ParseError::StylesSameCase),
        ("8/8/8/8/8/8/8/8 / W/w\n", ParseError::InvalidStyleToken),
        ("K^k^ 2K^/2k^ J/j", ParseError::TooManyPieces),
        ("K^ K/ J/j", ParseError::TooManyPieces),
    ];
    for (text, reason) in cases {
        assert_eq!(Feen::parse(text).err(), Some(reason), "{text:?}");
        assert_eq!(
            Qi::<Epin, Sin>::from_feen(text),
            Err(ReadError::Invalid(reason)),
            "{text:?}"
        );
        assert_eq!(
            Qi::<Qpi, Sin>::from_feen(text),
            Err(ReadError::Invalid(reason)),
            "{text:?}"
        );
    }
}

#[test]
fn too_many_squares_is_refused() {
    // 26 x 41 x 61 = 65,026 squares, in about 3.2 KB.
    let layer = vec!["61"; 41].join("/");
    let text = format!("{} / W/w", vec![layer; 26].join("//"));
    assert_eq!(
        Qi::<Epin, Sin>::from_feen(&text),
        Err(ReadError::Invalid(ParseError::TooManySquares))
    );
}

#[test]
fn a_string_over_the_limit_is_refused_whatever_its_length() {
    let at_limit = format!("{} / W/w", "1".repeat(4090));
    assert_eq!(at_limit.len(), MAX_STRING_LENGTH);
    assert_eq!(
        Qi::<Epin, Sin>::from_feen(&at_limit),
        Err(ReadError::Invalid(ParseError::DimensionTooLarge))
    );
    for length in [MAX_STRING_LENGTH + 1, 1 << 20, 16 << 20] {
        let text = "K".repeat(length);
        assert_eq!(
            Qi::<Qpi, Sin>::from_feen(&text),
            Err(ReadError::Invalid(ParseError::InputTooLong))
        );
    }
}

#[test]
fn read_errors_say_what_was_wrong() {
    let message = |text: &str| Qi::<Epin, Sin>::from_feen(text).unwrap_err().to_string();
    assert_eq!(
        message("8/8 / C"),
        "invalid FEEN: the style-turn field must contain exactly one '/'"
    );
    assert_eq!(
        message("1 2P/ C/c"),
        "invalid FEEN: the position has more pieces than squares"
    );
}

#[test]
fn read_errors_over_a_limit_name_the_limit() {
    let message = |text: &str| Qi::<Epin, Sin>::from_feen(text).unwrap_err().to_string();
    assert_eq!(
        message(&"K".repeat(MAX_STRING_LENGTH + 1)),
        "invalid FEEN: FEEN string exceeds the maximum length of 4096 bytes"
    );
    // 4,096 bytes of `1`s: one run of empty squares far past a dimension.
    assert_eq!(
        message(&format!("{} / W/w", "1".repeat(4090))),
        "invalid FEEN: a board dimension exceeds the maximum size of 255 squares"
    );
    assert_eq!(
        message("1/1//1/1///1/1//1/1 / W/w"),
        "invalid FEEN: the board has too many dimensions (at most 3)"
    );
    let layer = vec!["61"; 41].join("/");
    assert_eq!(
        message(&format!("{} / W/w", vec![layer; 26].join("//"))),
        "invalid FEEN: the board has more squares than the maximum of 65025"
    );
    assert_eq!(
        ReadError::Rejected(Error::TooManyPieces {
            pieces: 3,
            squares: 2
        })
        .to_string(),
        "FEEN position rejected: too many pieces for board size (3 pieces, 2 squares)"
    );
}

// ---------------------------------------------------------------- writing

#[test]
fn a_position_built_by_hand_writes_its_canonical_string() {
    let position: Qi<Epin, Sin> = Qi::new(&[3, 3], sin("J"), sin("j"))
        .unwrap()
        .board_diff([(1, Some(epin("k^"))), (7, Some(epin("K^")))])
        .unwrap()
        // Written by count, then letter, uppercase first: not in piece order.
        .first_hand_diff([(epin("p"), 1), (epin("B"), 1), (epin("P"), 2)])
        .unwrap()
        .toggle();
    assert_eq!(position.to_feen().as_deref(), Ok("1k^1/3/1K^1 2PBp/ j/J"));
}

#[test]
fn shapes_with_a_single_outer_layer_or_rank_are_not_spellable() {
    for (shape, dimension) in [
        (&[1, 8][..], 0),
        (&[2, 1, 3], 1),
        (&[1, 2, 3], 0),
        (&[1, 1], 0),
    ] {
        let position: Qi<Epin, Sin> = Qi::new(shape, sin("C"), sin("c")).unwrap();
        assert_eq!(
            position.to_feen(),
            Err(WriteError::ShapeNotSpellable { dimension, size: 1 }),
            "{shape:?}"
        );
    }
    // The innermost dimension may have any size.
    for (shape, text) in [
        (&[3, 1][..], "1/1/1 / C/c"),
        (&[1][..], "1 / C/c"),
        (&[2, 2, 1], "1/1//1/1 / C/c"),
    ] {
        let position: Qi<Qpi, Sin> = Qi::new(shape, sin("C"), sin("c")).unwrap();
        assert_eq!(position.to_feen().as_deref(), Ok(text), "{shape:?}");
    }
}

#[test]
fn styles_of_the_wrong_case_are_not_spellable() {
    for (first, second) in [("c", "C"), ("C", "C"), ("c", "c"), ("c", "S")] {
        let position: Qi<Epin, Sin> = Qi::new(&[2], sin(first), sin(second)).unwrap();
        assert_eq!(
            position.to_feen(),
            Err(WriteError::StylesNotSpellable {
                first_style: sin(first),
                second_style: sin(second),
            })
        );
    }
    let position: Qi<Epin, Sin> = Qi::new(&[2], sin("c"), sin("C")).unwrap();
    assert_eq!(
        position.to_feen().unwrap_err().to_string(),
        "FEEN cannot spell the styles c and C: the first player's must be uppercase and the second's lowercase"
    );
}

#[test]
fn a_qpi_piece_of_a_third_style_is_not_spellable() {
    let empty: Qi<Qpi, Sin> = Qi::new(&[3], sin("S"), sin("s")).unwrap();
    let foreign =
        |piece: &str| -> ForeignStyleError { qpi(piece).to_epin(sin("S"), sin("s")).unwrap_err() };
    let on_board = empty
        .board_diff([(0, Some(qpi("S:K"))), (2, Some(qpi("C:P")))])
        .unwrap();
    assert_eq!(
        on_board.to_feen(),
        Err(WriteError::ForeignStyleOnSquare {
            square: 2,
            error: foreign("C:P"),
        })
    );
    assert_eq!(
        on_board.to_feen().unwrap_err().to_string(),
        "FEEN cannot spell square 2: piece C:P has style C, which neither player has (S and s)"
    );
    let in_hand = empty.second_hand_diff([(qpi("c:p"), 1)]).unwrap();
    assert_eq!(
        in_hand.to_feen(),
        Err(WriteError::ForeignStyleInHand {
            player: Player::Second,
            error: foreign("c:p"),
        })
    );
    // Both styles of the game are spellable, native or derived.
    let mixed = empty
        .board_diff([(0, Some(qpi("S:k"))), (1, Some(qpi("s:K")))])
        .unwrap();
    assert_eq!(mixed.to_feen().as_deref(), Ok("k'K'1 / S/s"));
}

/// A position of `shape`, with styles `c` and `C`, holding an `X:P` on
/// square 0.
fn an_x_pawn_on(shape: &[usize]) -> Qi<Qpi, Sin> {
    Qi::new(shape, sin("c"), sin("C"))
        .unwrap()
        .board_diff([(0, Some(qpi("X:P")))])
        .unwrap()
}

#[test]
fn the_shape_is_checked_before_the_styles_and_the_pieces() {
    assert!(matches!(
        an_x_pawn_on(&[1, 2]).to_feen(),
        Err(WriteError::ShapeNotSpellable { .. })
    ));
    assert!(matches!(
        an_x_pawn_on(&[2]).to_feen(),
        Err(WriteError::StylesNotSpellable { .. })
    ));
}

/// A full 63x63 board of `P`, `promoted` of them written `+P`:
/// 4,037 + `promoted` bytes.
fn full_board(promoted: usize) -> Qi<Epin, Sin> {
    Qi::from_parts(
        &[63, 63],
        (0..63 * 63).map(|index| Some(epin(if index < promoted { "+P" } else { "P" }))),
        [],
        [],
        sin("C"),
        sin("c"),
        Player::First,
    )
    .unwrap()
}

#[test]
fn the_longest_string_is_written_and_one_byte_more_is_refused() {
    let at_limit = full_board(59).to_feen().expect("4,096 bytes fit");
    assert_eq!(at_limit.len(), MAX_STRING_LENGTH);
    assert_eq!(Qi::<Epin, Sin>::from_feen(&at_limit), Ok(full_board(59)));
    assert_eq!(
        full_board(60).to_feen(),
        Err(WriteError::TooLong { length: 4097 })
    );
    assert_eq!(
        full_board(60).to_feen().unwrap_err().to_string(),
        "FEEN string too long (4097 bytes, at most 4096)"
    );
    // The whole largest board of two-byte tokens: the length is counted to
    // the end.
    let largest: Qi<Epin, Sin> = Qi::from_parts(
        &[255, 255],
        (0..65_025).map(|_| Some(epin("+P"))),
        [],
        [],
        sin("C"),
        sin("c"),
        Player::First,
    )
    .unwrap();
    assert_eq!(
        largest.to_feen(),
        Err(WriteError::TooLong {
            length: 65_025 * 2 + 254 + " / C/c".len()
        })
    );
}
