//! Conformance with the QPI v1.0.0 specification: every example it gives.
//!
//! Section numbers refer to the specification. Where the specification only
//! says "invalid", the test also pins the typed error this crate reports, so a
//! change of diagnosis is a visible change.

use persistent_qi::qpi::{ParseError, PinParseError, Qpi, SinParseError};
use persistent_qi::qpi::{pin, sin};

use crate::qpi_token;

use qpi_token::qpi;

fn pin_error(position: usize, found: Option<u8>, error: PinParseError) -> ParseError {
    ParseError::InvalidPin {
        position,
        found,
        error,
    }
}

// --- §4: structure `<sin>:<pin>` and the anchored regular expression ---

#[test]
fn accepts_every_shape_the_regex_allows() {
    for token in [
        "C:K", "C:K^", "C:+K", "C:-K", "C:+K^", "C:-K^", "c:k", "c:+k^", "s:-p",
    ] {
        assert_eq!(qpi(token).to_string(), token);
    }
}

#[test]
fn sin_and_pin_cases_are_independent() {
    // §4.2: the two cases are independent, so all four combinations are valid.
    for token in ["C:K", "C:k", "c:K", "c:k"] {
        assert!(Qpi::is_valid(token), "{token:?}");
    }
}

#[test]
fn components_are_the_sin_and_pin_of_the_token() {
    let token = qpi("S:+R^");
    assert_eq!(token.sin().to_char(), 'S');
    assert_eq!(token.sin().side(), sin::Side::First);
    assert_eq!(token.pin().letter().as_char(), 'R');
    assert_eq!(token.pin().side(), pin::Side::First);
    assert_eq!(token.pin().state(), pin::State::Enhanced);
    assert!(token.pin().is_terminal());
}

#[test]
fn piece_identity_attributes_come_from_their_spec_source() {
    // §2: name, side, state, terminal come from the PIN; style from the SIN.
    let token = qpi("x:-g^");
    assert_eq!(token.pin().letter().as_char(), 'G');
    assert_eq!(token.pin().side(), pin::Side::Second);
    assert_eq!(token.pin().state(), pin::State::Diminished);
    assert!(token.pin().is_terminal());
    assert_eq!(token.sin().letter().as_char(), 'X');
}

// --- §5: Native and Derived ---

#[test]
fn first_sin_with_first_pin_is_native() {
    assert!(qpi("C:K").is_native());
    assert!(!qpi("C:K").is_derived());
}

#[test]
fn first_sin_with_second_pin_is_derived() {
    assert!(qpi("C:k").is_derived());
    assert!(!qpi("C:k").is_native());
}

#[test]
fn second_sin_with_first_pin_is_derived() {
    assert!(qpi("c:K").is_derived());
    assert!(!qpi("c:K").is_native());
}

#[test]
fn second_sin_with_second_pin_is_native() {
    assert!(qpi("c:k").is_native());
    assert!(!qpi("c:k").is_derived());
}

#[test]
fn derived_token_is_valid_not_a_side_mismatch() {
    // Older implementations rejected this; the spec accepts it.
    assert_eq!(
        Qpi::parse("C:k").map(|q| q.to_string()),
        Ok("C:k".to_owned())
    );
}

#[test]
fn modifiers_and_terminal_do_not_affect_the_relationship() {
    assert!(qpi("C:+K^").is_native());
    assert!(qpi("C:-k^").is_derived());
}

// --- §7.2: canonical form ---

#[test]
fn tokens_differing_only_by_case_are_distinct() {
    let all = ["C:K", "C:k", "c:K", "c:k"].map(qpi);
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn parsing_never_rewrites_the_token() {
    for token in ["C:k", "c:+K^", "S:-p", "x:R^"] {
        assert_eq!(qpi(token).to_string(), token);
    }
}

// --- §7.3: accessors and transformations ---

#[test]
fn native_aligns_pin_case_with_sin_case() {
    assert_eq!(qpi("C:k").native(), qpi("C:K"));
    assert_eq!(qpi("c:+K^").native(), qpi("c:+k^"));
}

#[test]
fn derive_opposes_pin_case_to_sin_case() {
    assert_eq!(qpi("C:K").derive(), qpi("C:k"));
    assert_eq!(qpi("c:+k^").derive(), qpi("c:+K^"));
}

#[test]
fn native_and_derive_are_idempotent() {
    assert_eq!(qpi("C:K").native(), qpi("C:K"));
    assert_eq!(qpi("C:k").derive(), qpi("C:k"));
}

#[test]
fn native_and_derive_never_touch_the_sin() {
    for token in ["C:K", "C:k", "c:K", "c:k"] {
        let q = qpi(token);
        assert_eq!(q.native().sin(), q.sin());
        assert_eq!(q.derive().sin(), q.sin());
    }
}

// --- §7.4: the table of invalid tokens ---

#[test]
fn rejects_empty_string() {
    assert_eq!(Qpi::parse(""), Err(ParseError::Empty));
}

#[test]
fn rejects_missing_colon_and_pin() {
    assert_eq!(
        Qpi::parse("C"),
        Err(ParseError::InvalidSeparator { found: None })
    );
}

#[test]
fn rejects_missing_pin() {
    assert_eq!(
        Qpi::parse("C:"),
        Err(pin_error(2, None, PinParseError::Empty))
    );
}

#[test]
fn rejects_missing_sin() {
    assert_eq!(
        Qpi::parse(":K"),
        Err(ParseError::InvalidSin {
            found: b':',
            error: SinParseError::InvalidLetter
        })
    );
}

#[test]
fn rejects_missing_colon_separator() {
    assert_eq!(
        Qpi::parse("CK"),
        Err(ParseError::InvalidSeparator { found: Some(b'K') })
    );
}

#[test]
fn rejects_sin_of_more_than_one_character() {
    assert_eq!(
        Qpi::parse("CC:K"),
        Err(ParseError::InvalidSeparator { found: Some(b'C') })
    );
}

#[test]
fn rejects_pin_of_more_than_one_letter() {
    assert_eq!(
        Qpi::parse("C:KK"),
        Err(pin_error(
            3,
            Some(b'K'),
            PinParseError::InvalidTerminalMarker
        ))
    );
}

#[test]
fn rejects_pin_missing_letter() {
    assert_eq!(
        Qpi::parse("C:+"),
        Err(pin_error(2, Some(b'+'), PinParseError::InvalidLetter))
    );
}

#[test]
fn rejects_pin_with_multiple_terminal_markers() {
    assert_eq!(
        Qpi::parse("C:K^^"),
        Err(pin_error(
            2,
            Some(b'K'),
            PinParseError::InvalidStateModifier
        ))
    );
}

#[test]
fn rejects_pin_with_multiple_state_modifiers() {
    assert_eq!(
        Qpi::parse("C:++K"),
        Err(pin_error(3, Some(b'+'), PinParseError::InvalidLetter))
    );
}

#[test]
fn rejects_leading_whitespace() {
    assert_eq!(
        Qpi::parse(" C:K"),
        Err(ParseError::InvalidSin {
            found: b' ',
            error: SinParseError::InvalidLetter
        })
    );
}

#[test]
fn rejects_trailing_whitespace() {
    assert_eq!(
        Qpi::parse("C:K "),
        Err(pin_error(
            3,
            Some(b' '),
            PinParseError::InvalidTerminalMarker
        ))
    );
}

#[test]
fn rejects_sin_that_is_not_a_letter() {
    assert_eq!(
        Qpi::parse("1:K"),
        Err(ParseError::InvalidSin {
            found: b'1',
            error: SinParseError::InvalidLetter
        })
    );
}

#[test]
fn rejects_pin_letter_that_is_not_a_letter() {
    assert_eq!(
        Qpi::parse("C:1"),
        Err(pin_error(2, Some(b'1'), PinParseError::InvalidLetter))
    );
}
