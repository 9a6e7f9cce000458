//! The `qpi_parse` target: any bytes into the QPI parser, checked against the
//! grammar restated here byte by byte.

use persistent_qi::qpi::{ParseError, PinParseError, Qpi, SinParseError};

/// What parsing `input` must give, decided from the documented rules alone:
/// `Ok(())` exactly for the bytes matching `\A[A-Za-z]:[-+]?[A-Za-z]\^?\z`;
/// otherwise the error the documented order of checks (length, SIN,
/// separator, PIN) picks, exact for every part but the PIN. Which PIN error
/// `sashite-pin` gives, and for which byte, is that crate's table, so for the
/// PIN this returns `InvalidPin` with placeholder fields and the caller
/// compares only the variant (and that the byte named is in the input).
fn expected_parse(input: &[u8]) -> Result<(), ParseError> {
    match input.len() {
        0 => return Err(ParseError::Empty),
        len if len > 5 => return Err(ParseError::TooLong { len }),
        _ => {}
    }
    if !input[0].is_ascii_alphabetic() {
        return Err(ParseError::InvalidSin {
            found: input[0],
            error: SinParseError::InvalidLetter,
        });
    }
    if input.get(1) != Some(&b':') {
        return Err(ParseError::InvalidSeparator {
            found: input.get(1).copied(),
        });
    }
    let pin = &input[2..];
    let pin = pin
        .strip_prefix(b"+")
        .or(pin.strip_prefix(b"-"))
        .unwrap_or(pin);
    let pin = pin.strip_suffix(b"^").unwrap_or(pin);
    if pin.len() == 1 && pin[0].is_ascii_alphabetic() {
        Ok(())
    } else {
        Err(ParseError::InvalidPin {
            position: 2,
            found: input.get(2).copied(),
            error: PinParseError::Empty,
        })
    }
}

/// The `qpi_parse` fuzz target.
///
/// Checks that [`Qpi::parse`], [`str::parse`], `TryFrom<&str>` and
/// `TryFrom<&[u8]>` agree on any bytes; that exactly the inputs the grammar
/// allows are accepted, and rejected ones get the error the documented order
/// of checks picks, pointing at a byte of the input (or just past it); that
/// every accepted input prints back byte for byte and rebuilds through its
/// code and its components.
///
/// Returns whether the input is a token (and so went through the checks
/// of an accepted one), for the corpus replay to count.
///
/// # Panics
///
/// On any disagreement, naming the input.
// The fuzz target calls it for its panics alone; tests read the verdict.
#[allow(clippy::must_use_candidate)]
pub fn qpi_parse(data: &[u8]) -> bool {
    let parsed = Qpi::try_from(data);
    if let Ok(text) = core::str::from_utf8(data) {
        assert_eq!(
            Qpi::parse(text),
            parsed,
            "Qpi::parse vs TryFrom<&[u8]> on {data:?}"
        );
        assert_eq!(
            text.parse::<Qpi>(),
            parsed,
            "FromStr vs TryFrom<&[u8]> on {data:?}"
        );
        assert_eq!(
            Qpi::try_from(text),
            parsed,
            "TryFrom<&str> vs TryFrom<&[u8]> on {data:?}"
        );
        assert_eq!(Qpi::is_valid(text), parsed.is_ok(), "is_valid on {data:?}");
    }
    let accepted = parsed.is_ok();
    match (parsed, expected_parse(data)) {
        (Ok(qpi), Ok(())) => {
            let printed = qpi.to_string();
            assert_eq!(
                printed.as_bytes(),
                data,
                "{data:?} does not print back as it was"
            );
            assert_eq!(Qpi::from_code(qpi.code()), Some(qpi), "code of {printed}");
            assert_eq!(
                Qpi::new(qpi.sin(), qpi.pin()),
                qpi,
                "components of {printed}"
            );
            assert_eq!(
                format!("{}:{}", qpi.sin(), qpi.pin()),
                printed,
                "parts of {printed}"
            );
            assert_eq!(qpi.flip().flip(), qpi, "flip of {printed}");
            assert_eq!(
                format!("{qpi:?}"),
                format!("Qpi({printed:?})"),
                "Debug of {printed}"
            );
        }
        (Err(error), Err(expected)) => {
            match (error, expected) {
                (
                    ParseError::InvalidPin {
                        position, found, ..
                    },
                    ParseError::InvalidPin { .. },
                ) => {
                    assert!(
                        (2..=data.len()).contains(&position),
                        "{error:?} on {data:?} points outside the PIN"
                    );
                    assert_eq!(found, data.get(position).copied(), "{error:?} on {data:?}");
                }
                (error, expected) => {
                    assert_eq!(error, expected, "the error on {data:?}");
                }
            }
            assert!(
                !error.to_string().is_empty(),
                "{error:?} has an empty message"
            );
        }
        (parsed, expected) => {
            panic!("on {data:?} the parser gives {parsed:?} but the grammar says {expected:?}")
        }
    }
    accepted
}
