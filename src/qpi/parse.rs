//! The byte-level QPI parser: the one definition of validity.
//!
//! Every entry point (`Qpi::parse`, `Qpi::is_valid`, `FromStr`, both
//! `TryFrom` impls, serde) lands in [`parse_bytes`], so they cannot disagree.
//! The parser allocates nothing, decodes no UTF-8, reads at most 5 bytes
//! whatever the input length, and has no panic path.
//!
//! It works in two tiers. [`parse_fast`] recognises a valid token in one pass
//! over the bytes with a lookup table and a single slice-pattern match; it
//! answers only "this token" or "not sure". [`parse_checked`] is the
//! authority: it runs the documented checks in order and lets `sashite-sin`
//! and `sashite-pin` judge their parts, so error variants are theirs. A miss
//! in the fast tier only costs time, never correctness: whatever it declines
//! goes to the checked tier, which gives the answer. The unit tests below
//! hold the two tiers to the same verdict on every byte string of up to
//! three bytes, and on four and five bytes over an alphabet of the bytes
//! each check turns on.

use super::error::ParseError;
use super::token::{MAX_LEN, Qpi};
use super::{Pin, PinParseError, Sin};

/// Parses raw bytes into a [`Qpi`]; errors follow the rules on [`ParseError`].
pub(crate) fn parse_bytes(bytes: &[u8]) -> Result<Qpi, ParseError> {
    match parse_fast(bytes) {
        Some(qpi) => Ok(qpi),
        None => parse_checked(bytes),
    }
}

/// `2 * letter + side + 1` for each ASCII letter byte (`A` = 1, `a` = 2, ...,
/// `z` = 52), and 0 for every other byte.
const LETTER_DIGIT: [u8; 256] = {
    let mut table = [0; 256];
    let mut letter = 0;
    while letter < 26 {
        table[(b'A' + letter) as usize] = 2 * letter + 1;
        table[(b'a' + letter) as usize] = 2 * letter + 2;
        letter += 1;
    }
    table
};

/// Recognises a valid token, or gives up (`None`) on anything else.
#[inline]
fn parse_fast(bytes: &[u8]) -> Option<Qpi> {
    // State digits in `sashite_pin::State` order: Diminished, Normal, Enhanced.
    const DIMINISHED: u16 = 0;
    const NORMAL: u16 = 1;
    const ENHANCED: u16 = 2;

    let [style, b':', pin @ ..] = bytes else {
        return None;
    };
    let (state, piece, terminal) = match *pin {
        [piece] => (NORMAL, piece, false),
        [b'+', piece] => (ENHANCED, piece, false),
        [b'-', piece] => (DIMINISHED, piece, false),
        [piece, b'^'] => (NORMAL, piece, true),
        [b'+', piece, b'^'] => (ENHANCED, piece, true),
        [b'-', piece, b'^'] => (DIMINISHED, piece, true),
        _ => return None,
    };
    let style = u16::from(LETTER_DIGIT[usize::from(*style)]);
    let piece = u16::from(LETTER_DIGIT[usize::from(piece)]);
    if style == 0 || piece == 0 {
        return None;
    }
    Some(Qpi::from_digits(style - 1, piece - 1, state, terminal))
}

/// Parses with every check in the order documented on [`ParseError`]:
/// length, SIN, separator, PIN.
#[cold]
fn parse_checked(bytes: &[u8]) -> Result<Qpi, ParseError> {
    if bytes.len() > MAX_LEN {
        return Err(ParseError::TooLong { len: bytes.len() });
    }
    let [sin_byte, rest @ ..] = bytes else {
        return Err(ParseError::Empty);
    };
    // The SIN crate judges the lone byte, so its verdict is the official one.
    let sin = match Sin::try_from(core::slice::from_ref(sin_byte)) {
        Ok(sin) => sin,
        Err(error) => {
            return Err(ParseError::InvalidSin {
                found: *sin_byte,
                error,
            });
        }
    };
    let [b':', pin_bytes @ ..] = rest else {
        return Err(ParseError::InvalidSeparator {
            found: rest.first().copied(),
        });
    };
    match Pin::try_from(pin_bytes) {
        Ok(pin) => Ok(Qpi::new(sin, pin)),
        Err(error) => Err(pin_error(pin_bytes, error)),
    }
}

/// Offset of the PIN part inside a token: after `<sin>:`.
const PIN_OFFSET: usize = 2;

/// Wraps a PIN error with the byte it blames.
///
/// The offset within the PIN part follows the table on
/// [`sashite_pin::ParseError`]: the state modifier is byte 0; the letter is
/// byte 0 of a one-byte PIN and byte 1 otherwise; the terminal marker is the
/// last byte; an empty PIN is blamed on the end of input. Any other variant
/// (the PIN part is at most 3 bytes here, so never `TooLong`; or a variant
/// added later) is blamed on the start of the PIN part.
fn pin_error(pin_bytes: &[u8], error: PinParseError) -> ParseError {
    let offset = match error {
        PinParseError::InvalidLetter if pin_bytes.len() > 1 => 1,
        PinParseError::InvalidTerminalMarker => pin_bytes.len().saturating_sub(1),
        _ => 0,
    };
    ParseError::InvalidPin {
        position: PIN_OFFSET + offset,
        found: pin_bytes.get(offset).copied(),
        error,
    }
}

#[cfg(test)]
mod tests {
    use super::{parse_checked, parse_fast};

    fn same_verdict(bytes: &[u8]) {
        assert_eq!(
            parse_fast(bytes),
            parse_checked(bytes).ok(),
            "{:?}",
            bytes.escape_ascii().to_string()
        );
    }

    #[test]
    fn fast_and_checked_tiers_agree_on_every_string_up_to_three_bytes() {
        same_verdict(&[]);
        for a in 0..=u8::MAX {
            same_verdict(&[a]);
            for b in 0..=u8::MAX {
                same_verdict(&[a, b]);
                for c in 0..=u8::MAX {
                    same_verdict(&[a, b, c]);
                }
            }
        }
    }

    #[test]
    fn fast_and_checked_tiers_agree_on_four_and_five_bytes_over_a_tricky_alphabet() {
        const ALPHABET: &[u8] = b"AZaz@[`{:+-^ \n\0\xff";
        for a in ALPHABET {
            for b in ALPHABET {
                for c in ALPHABET {
                    for d in ALPHABET {
                        same_verdict(&[*a, *b, *c, *d]);
                        for e in ALPHABET {
                            same_verdict(&[*a, *b, *c, *d, *e]);
                        }
                    }
                }
            }
        }
    }
}
