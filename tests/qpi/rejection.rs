//! Rejection: hostile and near-miss inputs, the typed error each one gets, and
//! how those errors read.

use std::error::Error as _;

use persistent_qi::qpi::{ParseError, PinParseError, Qpi, SinParseError};

const fn bad_sin(found: u8) -> ParseError {
    ParseError::InvalidSin {
        found,
        error: SinParseError::InvalidLetter,
    }
}

const fn bad_separator(found: Option<u8>) -> ParseError {
    ParseError::InvalidSeparator { found }
}

const fn bad_pin(position: usize, found: Option<u8>, error: PinParseError) -> ParseError {
    ParseError::InvalidPin {
        position,
        found,
        error,
    }
}

/// Every rejection case of this file, as raw bytes with the expected error.
const CORPUS: &[(&[u8], ParseError)] = &[
    // Line endings, NUL.
    (
        b"C:K\n",
        bad_pin(3, Some(b'\n'), PinParseError::InvalidTerminalMarker),
    ),
    (
        b"C:K\r\n",
        bad_pin(2, Some(b'K'), PinParseError::InvalidStateModifier),
    ),
    (
        b"C:K\0",
        bad_pin(3, Some(0), PinParseError::InvalidTerminalMarker),
    ),
    (b"\0C:K", bad_sin(0)),
    (b"C\0:K", bad_separator(Some(0))),
    (b"C:\0", bad_pin(2, Some(0), PinParseError::InvalidLetter)),
    // Byte-order mark, fullwidth, Cyrillic and Kelvin-sign look-alikes.
    ("\u{FEFF}C:K".as_bytes(), ParseError::TooLong { len: 6 }),
    ("\u{FEFF}".as_bytes(), bad_sin(0xEF)),
    ("\u{FF23}:K".as_bytes(), bad_sin(0xEF)),
    (
        "C:\u{FF2B}".as_bytes(),
        bad_pin(2, Some(0xEF), PinParseError::InvalidStateModifier),
    ),
    ("\u{0421}:K".as_bytes(), bad_sin(0xD0)),
    (
        "C:\u{041A}".as_bytes(),
        bad_pin(2, Some(0xD0), PinParseError::InvalidStateModifier),
    ),
    (
        "C:\u{212A}".as_bytes(),
        bad_pin(2, Some(0xE2), PinParseError::InvalidStateModifier),
    ),
    // Not UTF-8 at all.
    (&[0xFF, b':', b'K'], bad_sin(0xFF)),
    (&[b'C', 0xFF, b'K'], bad_separator(Some(0xFF))),
    (
        &[b'C', b':', 0xFF],
        bad_pin(2, Some(0xFF), PinParseError::InvalidLetter),
    ),
    (
        &[b'C', b':', b'K', 0xC3],
        bad_pin(3, Some(0xC3), PinParseError::InvalidTerminalMarker),
    ),
    (
        &[b'C', b':', b'+', 0x80, b'^'],
        bad_pin(3, Some(0x80), PinParseError::InvalidLetter),
    ),
    // Grammar punctuation in the wrong place.
    (
        b"C::K",
        bad_pin(2, Some(b':'), PinParseError::InvalidStateModifier),
    ),
    (
        b"C:K:",
        bad_pin(3, Some(b':'), PinParseError::InvalidTerminalMarker),
    ),
    (
        b"C:^K",
        bad_pin(2, Some(b'^'), PinParseError::InvalidStateModifier),
    ),
    (b"C:^", bad_pin(2, Some(b'^'), PinParseError::InvalidLetter)),
    (
        b"C:K+",
        bad_pin(3, Some(b'+'), PinParseError::InvalidTerminalMarker),
    ),
    (
        b"C:+K+",
        bad_pin(4, Some(b'+'), PinParseError::InvalidTerminalMarker),
    ),
    (
        b"C:+-K",
        bad_pin(3, Some(b'-'), PinParseError::InvalidLetter),
    ),
    (
        b"C:-^",
        bad_pin(3, Some(b'^'), PinParseError::InvalidLetter),
    ),
    (b"C;K", bad_separator(Some(b';'))),
    // The ASCII neighbours of the letter ranges.
    (b"C:@", bad_pin(2, Some(b'@'), PinParseError::InvalidLetter)),
    (b"C:[", bad_pin(2, Some(b'['), PinParseError::InvalidLetter)),
    (b"C:`", bad_pin(2, Some(b'`'), PinParseError::InvalidLetter)),
    (b"C:{", bad_pin(2, Some(b'{'), PinParseError::InvalidLetter)),
    (b"@:K", bad_sin(b'@')),
    (b"[:K", bad_sin(b'[')),
    (b"`:K", bad_sin(b'`')),
    (b"{:K", bad_sin(b'{')),
    (b"+:K", bad_sin(b'+')),
    // Too long, whatever the content.
    (b"C:+K^ ", ParseError::TooLong { len: 6 }),
    (b"C:K^^^", ParseError::TooLong { len: 6 }),
    (b"C:K C:K", ParseError::TooLong { len: 7 }),
];

#[test]
fn every_corpus_input_gets_its_documented_error() {
    for &(bytes, expected) in CORPUS {
        assert_eq!(
            Qpi::try_from(bytes),
            Err(expected),
            "{:?}",
            bytes.escape_ascii().to_string()
        );
    }
}

#[test]
fn text_entry_points_agree_with_the_byte_entry_point() {
    for &(bytes, expected) in CORPUS {
        let Ok(text) = std::str::from_utf8(bytes) else {
            continue;
        };
        assert_eq!(Qpi::parse(text), Err(expected), "{text:?}");
        assert_eq!(text.parse::<Qpi>(), Err(expected), "{text:?}");
        assert_eq!(Qpi::try_from(text), Err(expected), "{text:?}");
        assert!(!Qpi::is_valid(text), "{text:?}");
    }
}

#[test]
fn trailing_newline_is_rejected() {
    assert!(matches!(
        Qpi::parse("C:K\n"),
        Err(ParseError::InvalidPin { position: 3, .. })
    ));
}

#[test]
fn trailing_crlf_is_rejected() {
    assert!(matches!(
        Qpi::parse("C:K\r\n"),
        Err(ParseError::InvalidPin { .. })
    ));
}

#[test]
fn byte_order_mark_is_rejected() {
    assert_eq!(
        Qpi::parse("\u{FEFF}C:K"),
        Err(ParseError::TooLong { len: 6 })
    );
}

#[test]
fn fullwidth_letters_are_rejected() {
    assert!(Qpi::parse("\u{FF23}:K").is_err());
    assert!(Qpi::parse("C:\u{FF2B}").is_err());
}

#[test]
fn cyrillic_look_alikes_are_rejected() {
    // U+0421 looks like C, U+041A like K.
    assert!(Qpi::parse("\u{0421}:K").is_err());
    assert!(Qpi::parse("C:\u{041A}").is_err());
    assert!(Qpi::parse("\u{0421}:\u{041A}").is_err());
}

#[test]
fn length_is_checked_before_any_byte() {
    // Invalid from byte 0, but the length is what gets reported.
    assert_eq!(Qpi::parse("!!!!!!"), Err(ParseError::TooLong { len: 6 }));
}

#[test]
fn huge_input_is_rejected_by_length() {
    let huge = "C:K".repeat(1 << 20);
    assert_eq!(Qpi::parse(&huge), Err(ParseError::TooLong { len: 3 << 20 }));
}

#[test]
fn every_length_from_six_up_is_too_long_even_with_a_valid_prefix() {
    for len in 6..64 {
        let input = format!("C:K{}", "^".repeat(len - 3));
        assert_eq!(Qpi::parse(&input), Err(ParseError::TooLong { len }));
    }
}

// --- position() ---

#[test]
fn position_is_none_for_length_errors() {
    assert_eq!(ParseError::Empty.position(), None);
    assert_eq!(ParseError::TooLong { len: 9 }.position(), None);
}

#[test]
fn position_points_at_the_failing_part() {
    assert_eq!(bad_sin(b'1').position(), Some(0));
    assert_eq!(bad_separator(None).position(), Some(1));
    assert_eq!(
        bad_pin(4, Some(b'+'), PinParseError::InvalidTerminalMarker).position(),
        Some(4)
    );
}

#[test]
fn position_is_within_input_or_at_its_end() {
    for &(bytes, error) in CORPUS {
        if let Some(position) = error.position() {
            assert!(position <= bytes.len(), "{error:?}");
        }
    }
}

#[test]
fn found_is_the_byte_at_position() {
    for &(bytes, error) in CORPUS {
        let found = match error {
            ParseError::InvalidSin { found, .. } => Some(found),
            ParseError::InvalidSeparator { found } | ParseError::InvalidPin { found, .. } => found,
            _ => continue,
        };
        assert_eq!(
            found,
            error.position().and_then(|p| bytes.get(p).copied()),
            "{error:?}"
        );
    }
}

// --- Display ---

#[test]
fn display_empty() {
    assert_eq!(ParseError::Empty.to_string(), "empty QPI token");
}

#[test]
fn display_too_long() {
    assert_eq!(
        ParseError::TooLong { len: 6 }.to_string(),
        "QPI token too long (6 bytes, at most 5)"
    );
}

#[test]
fn display_invalid_sin() {
    assert_eq!(
        bad_sin(b' ').to_string(),
        "invalid SIN at byte 0: expected an ASCII letter, found ' '"
    );
}

#[test]
fn display_invalid_separator() {
    assert_eq!(
        bad_separator(Some(b'K')).to_string(),
        "invalid separator at byte 1: expected ':', found 'K'"
    );
    assert_eq!(
        bad_separator(None).to_string(),
        "invalid separator at byte 1: expected ':', found end of input"
    );
}

#[test]
fn display_invalid_pin() {
    assert_eq!(
        bad_pin(2, None, PinParseError::Empty).to_string(),
        "invalid PIN at byte 2: found end of input"
    );
    assert_eq!(
        bad_pin(3, Some(b'\n'), PinParseError::InvalidTerminalMarker).to_string(),
        r"invalid PIN at byte 3: found '\n'"
    );
}

#[test]
fn display_escapes_non_printable_and_non_ascii_bytes() {
    assert_eq!(
        bad_sin(0xEF).to_string(),
        r"invalid SIN at byte 0: expected an ASCII letter, found '\xef'"
    );
    assert_eq!(
        bad_sin(0).to_string(),
        r"invalid SIN at byte 0: expected an ASCII letter, found '\x00'"
    );
    assert_eq!(
        bad_sin(b'\'').to_string(),
        r"invalid SIN at byte 0: expected an ASCII letter, found '\''"
    );
}

#[test]
fn messages_are_lowercase_fragments_without_trailing_period() {
    let mut errors: Vec<ParseError> = CORPUS.iter().map(|&(_, e)| e).collect();
    errors.extend([ParseError::Empty, bad_separator(None)]);
    for error in errors {
        let message = error.to_string();
        let first = message.split_whitespace().next().unwrap_or_default();
        // The only capitalised word allowed first is the acronym "QPI".
        assert!(
            first == "QPI" || first.chars().all(|c| !c.is_uppercase()),
            "{message}"
        );
        assert!(!message.ends_with('.'), "{message}");
    }
}

// --- source() ---

/// The source of the error parsing `token`, when it is an `E`.
fn source_of<E: std::error::Error + Clone + 'static>(token: &str) -> Option<E> {
    let error = Qpi::parse(token).unwrap_err();
    error.source().and_then(|s| s.downcast_ref::<E>()).cloned()
}

#[test]
fn source_of_invalid_sin_is_the_sin_error() {
    assert_eq!(
        source_of::<SinParseError>("1:K"),
        Some(SinParseError::InvalidLetter)
    );
}

#[test]
fn source_of_invalid_pin_is_the_pin_error() {
    assert_eq!(
        source_of::<PinParseError>("C:K^^"),
        Some(PinParseError::InvalidStateModifier)
    );
}

#[test]
fn length_and_separator_errors_have_no_source() {
    assert!(ParseError::Empty.source().is_none());
    assert!(ParseError::TooLong { len: 6 }.source().is_none());
    assert!(bad_separator(None).source().is_none());
}

#[test]
fn error_type_is_copy_hash_send_sync_and_static() {
    fn assert_traits<T: Copy + std::hash::Hash + Eq + Send + Sync + 'static + std::error::Error>() {
    }
    assert_traits::<ParseError>();
}
