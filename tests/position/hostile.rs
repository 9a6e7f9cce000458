//! Hostile input thrown at the public API: sizes and indices at `usize::MAX`,
//! deltas at the `i32` extremes, diffs of 100,000 changes and endless ones,
//! 10,000-byte pieces, every short byte string into the QPI parser.
//!
//! Each case gets the exact typed error or the exact correct result: no
//! panic, and no memory in proportion to a claimed size.

use persistent_qi::qpi::{ParseError, PinParseError, Qpi, SinParseError};
use persistent_qi::{Error, MAX_SQUARE_COUNT, Player, Qi};

type Position = Qi<u8, u8>;

use crate::empty_board;

use empty_board::Empty;

/// The largest board: 255 x 255.
fn largest() -> Position {
    Position::empty(&[255, 255])
}

/// Asserts that `found` equals `expected` and hashes alike.
fn assert_same_position(found: &Position, expected: &Position) {
    assert_eq!(found, expected);
    assert_eq!(found.position_hash(), expected.position_hash());
}

fn new_error(shape: &[usize]) -> Error {
    Position::new(shape, 0, 1).expect_err("an invalid shape")
}

// --- Shapes ---

#[test]
fn a_size_of_usize_max_is_too_large() {
    assert_eq!(
        new_error(&[usize::MAX]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: usize::MAX
        }
    );
    assert_eq!(
        new_error(&[8, usize::MAX]),
        Error::DimensionTooLarge {
            dimension: 1,
            size: usize::MAX
        }
    );
}

#[test]
fn sizes_whose_product_overflows_are_rejected_size_by_size_first() {
    // 2^32 * 2^32 and MAX * MAX * MAX overflow a u64; each size is refused on
    // its own before any product is taken.
    assert_eq!(
        new_error(&[1 << 32, 1 << 32]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 1 << 32
        }
    );
    assert_eq!(
        new_error(&[usize::MAX, usize::MAX, usize::MAX]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: usize::MAX
        }
    );
    assert_eq!(
        new_error(&[usize::MAX / 2 + 1, 2]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: usize::MAX / 2 + 1
        }
    );
}

#[test]
fn a_zero_size_is_reported_before_a_later_huge_one() {
    assert_eq!(
        new_error(&[1, 0, usize::MAX]),
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
}

#[test]
fn the_largest_product_of_valid_sizes_is_too_many_squares() {
    assert_eq!(
        new_error(&[255, 255, 255]),
        Error::TooManySquares {
            squares: 16_581_375
        }
    );
}

#[test]
fn a_million_dimensions_are_counted_not_read() {
    let shape = vec![usize::MAX; 1_000_000];
    assert_eq!(
        new_error(&shape),
        Error::TooManyDimensions {
            dimensions: 1_000_000
        }
    );
}

#[test]
fn the_largest_boards_of_each_dimension_count_are_valid() {
    for shape in [
        &[MAX_SQUARE_COUNT / 255, 255][..],
        &[255, 255, 1],
        &[40, 40, 40],
    ] {
        let position = Position::empty(shape);
        assert_eq!(position.shape(), shape);
        assert_eq!(position.squares().count(), position.square_count());
    }
}

// --- Indices and coordinates ---

#[test]
fn an_index_of_usize_max_is_out_of_range() {
    let position = largest();
    assert_eq!(
        position.board_diff([(usize::MAX, Some(1))]),
        Err(Error::IndexOutOfRange {
            index: usize::MAX,
            square_count: 65_025,
            change: Some(0)
        })
    );
    assert_eq!(position.square(usize::MAX), None);
    assert_eq!(
        position.coordinates_of(usize::MAX),
        Err(Error::IndexOutOfRange {
            index: usize::MAX,
            square_count: 65_025,
            change: None
        })
    );
}

#[test]
fn the_first_index_past_the_board_is_out_of_range() {
    let position = largest();
    assert_eq!(
        position.board_diff([(65_024, Some(1)), (65_025, Some(1))]),
        Err(Error::IndexOutOfRange {
            index: 65_025,
            square_count: 65_025,
            change: Some(1)
        })
    );
    assert_eq!(position.square(65_025), None);
}

#[test]
fn coordinates_at_usize_max_are_out_of_range() {
    let position = Position::empty(&[8, 8]);
    assert_eq!(
        position.index_of(&[0, usize::MAX]),
        Err(Error::CoordinateOutOfRange {
            dimension: 1,
            coordinate: usize::MAX,
            size: 8
        })
    );
    assert_eq!(
        position.index_of(&[usize::MAX; 1000]),
        Err(Error::CoordinateCountMismatch {
            expected: 2,
            actual: 1000
        })
    );
}

// --- Deltas at the i32 extremes ---

#[test]
fn removing_i32_min_from_an_empty_hand_underflows_without_overflow() {
    assert_eq!(
        largest().first_hand_diff([(7, i32::MIN)]),
        Err(Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 2_147_483_648,
            change: 0
        })
    );
}

#[test]
fn adding_i32_max_is_too_many_pieces() {
    assert_eq!(
        largest().second_hand_diff([(7, i32::MAX)]),
        Err(Error::TooManyPieces {
            pieces: 2_147_483_647,
            squares: 65_025
        })
    );
}

#[test]
fn adding_i32_max_then_removing_it_comes_back_within_one_diff() {
    let position = largest();
    let same = position
        .first_hand_diff([(7, i32::MAX), (7, -i32::MAX)])
        .expect("the result holds no piece");
    assert_same_position(&same, &position);
}

#[test]
fn removing_i32_min_after_adding_i32_max_underflows_by_one() {
    assert_eq!(
        largest().first_hand_diff([(7, i32::MAX), (7, i32::MIN)]),
        Err(Error::HandUnderflow {
            player: Player::First,
            held: 2_147_483_647,
            requested: 2_147_483_648,
            change: 1
        })
    );
}

#[test]
#[cfg(target_pointer_width = "64")]
fn many_i32_max_deltas_fail_at_the_second_one() {
    // The running total may overshoot the squares by what one change takes
    // back (2^31): the second addition of i32::MAX goes past that.
    let changes = std::iter::repeat_n((7, i32::MAX), 1000);
    assert_eq!(
        largest().first_hand_diff(changes),
        Err(Error::TooManyPieces {
            pieces: 2 * 2_147_483_647,
            squares: 65_025
        })
    );
}

#[test]
fn a_hand_total_counted_mid_diff_follows_the_changes_after_it() {
    // The second change takes the running total past the overshoot, so
    // the hands are counted there; the changes after it come back down,
    // and the final check sees what they left, not the peak.
    let back = [(7, i32::MAX), (7, 2), (7, -i32::MAX)];
    let small = Position::empty(&[3, 3]);
    let two = small.first_hand_diff(back).expect("2 pieces on 9 squares");
    assert_eq!(two.hand_count(Player::First, &7), 2);
    assert_eq!(two, small.first_hand_diff([(7, 2)]).unwrap());
    // As many pieces as squares passes; one more does not.
    let full = small.first_hand_diff(back.into_iter().chain([(7, 7)]));
    assert_eq!(
        full.expect("9 pieces on 9 squares")
            .hand_count(Player::First, &7),
        9
    );
    let over = back.into_iter().chain([(7, 8)]);
    assert_eq!(
        small.first_hand_diff(over),
        Err(Error::TooManyPieces {
            pieces: 10,
            squares: 9
        })
    );
}

/// Where `usize` is 32 bits, two `i32::MAX` deltas nearly fill it: the hand
/// total must not wrap when the other hand's pieces are added to it.
#[test]
#[cfg(target_pointer_width = "32")]
fn hand_totals_near_usize_max_saturate_instead_of_wrapping() {
    let position = largest().second_hand_diff([(1, 2)]).unwrap();
    assert_eq!(
        position.first_hand_diff([(7, i32::MAX), (7, i32::MAX)]),
        Err(Error::TooManyPieces {
            pieces: usize::MAX,
            squares: 65_025
        })
    );
    assert_eq!(
        position.first_hand_diff([(7, i32::MAX), (7, i32::MAX), (7, 2)]),
        Err(Error::TooManyPieces {
            pieces: usize::MAX,
            squares: 65_025
        })
    );
}

// --- Long and endless diffs ---

/// The piece the long diff writes on a square.
fn piece_for(index: usize) -> u8 {
    u8::try_from(index % 251).expect("below 251")
}

/// The 100,000 changes of the long-diff tests: every square of the largest
/// board written once, then the first 34,975 emptied again.
fn long_board_diff() -> impl Iterator<Item = (usize, Option<u8>)> {
    (0..100_000).map(|change| {
        let index = change % 65_025;
        let square = (change < 65_025).then_some(piece_for(index));
        (index, square)
    })
}

#[test]
fn a_board_diff_of_100_000_changes_applies_in_order() {
    let position = largest().board_diff(long_board_diff()).expect("fits");
    assert_eq!(position.board_piece_count(), 65_025 - 34_975);
    for (index, square) in position.squares().enumerate() {
        let expected = (index >= 34_975).then_some(piece_for(index));
        assert_eq!(square, expected.as_ref(), "square {index}");
    }
    let scratch = Position::from_parts(
        &[255, 255],
        (0..65_025).map(|index| (index >= 34_975).then_some(piece_for(index))),
        [],
        [],
        0,
        1,
        Player::First,
    )
    .expect("the same content");
    assert_eq!(position.position_hash(), scratch.position_hash());
}

#[test]
fn a_bad_index_after_100_000_changes_is_reported_with_its_change_number() {
    let start = largest();
    let changes = long_board_diff().chain([(70_000, None)]);
    assert_eq!(
        start.board_diff(changes),
        Err(Error::IndexOutOfRange {
            index: 70_000,
            square_count: 65_025,
            change: Some(100_000)
        })
    );
    assert_eq!(start.board_piece_count(), 0);
    assert!(start.squares().all(|square| square.is_none()));
}

#[test]
fn a_hand_diff_of_100_000_changes_accumulates_change_by_change() {
    // 50,000 additions spread over seven pieces, then the same removals.
    let change = |number: usize| {
        let piece = u8::try_from(number % 50_000 % 7).expect("below 7");
        (piece, if number < 50_000 { 1 } else { -1 })
    };
    let start = largest();
    let half = start
        .first_hand_diff((0..50_000).map(change))
        .expect("fits");
    let pieces: Vec<u8> = (0..7).collect();
    let expected: Vec<(&u8, usize)> = pieces
        .iter()
        .map(|piece| (piece, if *piece < 6 { 7143 } else { 7142 }))
        .collect();
    assert_eq!(half.first_hand().collect::<Vec<_>>(), expected);
    let back = start
        .first_hand_diff((0..100_000).map(change))
        .expect("fits");
    assert_same_position(&back, &start);
}

#[test]
fn a_hand_diff_of_100_000_additions_is_too_many_pieces_for_the_largest_board() {
    assert_eq!(
        largest().first_hand_diff(std::iter::repeat_n((1, 1), 100_000)),
        Err(Error::TooManyPieces {
            pieces: 100_000,
            squares: 65_025
        })
    );
}

#[test]
fn an_endless_board_diff_stops_at_the_first_bad_index() {
    assert_eq!(
        largest().board_diff(std::iter::repeat((usize::MAX, Some(1)))),
        Err(Error::IndexOutOfRange {
            index: usize::MAX,
            square_count: 65_025,
            change: Some(0)
        })
    );
    assert_eq!(
        Position::empty(&[3, 3]).board_diff((0..).map(|index| (index, None))),
        Err(Error::IndexOutOfRange {
            index: 9,
            square_count: 9,
            change: Some(9)
        })
    );
}

#[test]
fn an_endless_hand_diff_stops_at_the_first_underflow() {
    assert_eq!(
        largest().first_hand_diff(std::iter::repeat((1, -1))),
        Err(Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 1,
            change: 0
        })
    );
}

// --- Long pieces ---

#[test]
fn ten_thousand_byte_pieces_and_styles_are_ordinary_values() {
    let long = "x".repeat(10_000);
    let longer = "y".repeat(10_000);
    let position: Qi<String, String> = Qi::new(&[2, 2], long.clone(), longer.clone())
        .and_then(|position| {
            position.board_diff([(0, Some(long.clone())), (3, Some(longer.clone()))])
        })
        .and_then(|position| position.first_hand_diff([(long.clone(), 2)]))
        .expect("four pieces on four squares");
    assert_eq!(position.square(0), Some(&long));
    assert_eq!(position.first_hand_count(&long), 2);
    assert_eq!(position.piece_count(), 4);
    assert_eq!(position.first_style(), &long);
    let squares = [Some(long.clone()), None, None, Some(longer.clone())];
    let scratch = Qi::from_parts(
        &[2, 2],
        squares,
        [(long.clone(), 2)],
        [],
        long.clone(),
        longer,
        Player::First,
    )
    .expect("the same content");
    assert_eq!(position.position_hash(), scratch.position_hash());
    assert_eq!(
        position.first_hand_diff([(long, 1)]),
        Err(Error::TooManyPieces {
            pieces: 5,
            squares: 4
        })
    );
}

#[test]
fn a_ten_thousand_byte_token_is_too_long() {
    let long = "C:K".repeat(3334);
    assert_eq!(
        Qpi::parse(&long[..10_000]),
        Err(ParseError::TooLong { len: 10_000 })
    );
    assert_eq!(
        Qpi::try_from(&[b'C'; 10_000][..]),
        Err(ParseError::TooLong { len: 10_000 })
    );
}

// --- Every short byte string into the QPI parser ---

/// Parses through both entry points, which must agree.
fn parse_both(bytes: &[u8]) -> Result<Qpi, ParseError> {
    let from_bytes = Qpi::try_from(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        assert_eq!(Qpi::parse(text), from_bytes, "on {bytes:?}");
    }
    from_bytes
}

#[test]
fn every_single_byte_is_a_sin_error_or_a_missing_separator() {
    for byte in u8::MIN..=u8::MAX {
        let expected = if byte.is_ascii_alphabetic() {
            ParseError::InvalidSeparator { found: None }
        } else {
            ParseError::InvalidSin {
                found: byte,
                error: SinParseError::InvalidLetter,
            }
        };
        assert_eq!(parse_both(&[byte]), Err(expected), "on {byte:#04x}");
    }
}

#[test]
fn every_two_byte_string_is_rejected_by_its_first_bad_part() {
    for first in u8::MIN..=u8::MAX {
        for second in u8::MIN..=u8::MAX {
            let expected = if !first.is_ascii_alphabetic() {
                ParseError::InvalidSin {
                    found: first,
                    error: SinParseError::InvalidLetter,
                }
            } else if second != b':' {
                ParseError::InvalidSeparator {
                    found: Some(second),
                }
            } else {
                ParseError::InvalidPin {
                    position: 2,
                    found: None,
                    error: PinParseError::Empty,
                }
            };
            assert_eq!(
                parse_both(&[first, second]),
                Err(expected),
                "on {first:#04x} {second:#04x}"
            );
        }
    }
}
