//! `serde` support for [`Qpi`] (feature `serde`): a token string in a
//! human-readable format, its packed code in a binary one.
//!
//! Which form is chosen by the format's
//! [`is_human_readable`](Serializer::is_human_readable), the same way both
//! ways. In a human-readable format (JSON, TOML, YAML, ...) a token is its
//! canonical string, written from an inline buffer (no allocation). In a
//! binary format (postcard, bincode, CBOR, ...) it is its
//! [code](Qpi::code), a `u16` in `1..=Qpi::COUNT`: 2 bytes where the format
//! writes integers in full, at most 2 where it writes them as varints,
//! against 4 to 6 for the string. A decoder that is handed the other form
//! anyway (a self-describing binary format written by an earlier version)
//! accepts it too.
//!
//! Decoding a code checks it with [`Qpi::from_code`]: `0` or a code past
//! [`Qpi::COUNT`] is refused with a message naming it. Deserializing accepts a borrowed or an owned string (and raw
//! bytes, for binary formats) and validates it with [`Qpi::parse`], so
//! nothing invalid gets in. The error message quotes the input when it is
//! short enough to be a token, then gives the [`ParseError`]
//! and its cause: `invalid QPI token "C:K\n": invalid PIN at byte 3: found
//! '\n': invalid PIN terminal marker (expected '^')`.

use core::fmt;
use std::error::Error as _;

use ::serde::de::{self, Deserialize, Deserializer, Visitor};
use ::serde::ser::{Serialize, Serializer};

use super::error::ParseError;
use super::token::{MAX_LEN, Qpi};

impl Serialize for Qpi {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            serializer.serialize_str(self.token().as_str())
        } else {
            serializer.serialize_u16(self.code())
        }
    }
}

impl<'de> Deserialize<'de> for Qpi {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if deserializer.is_human_readable() {
            deserializer.deserialize_str(QpiVisitor)
        } else {
            deserializer.deserialize_u16(QpiVisitor)
        }
    }
}

/// Visits a string (borrowed, transient or owned: serde routes all three to
/// `visit_str` by default), raw bytes, or a code (any integer width: serde
/// routes the narrower ones to `visit_u64` and `visit_i64`).
struct QpiVisitor;

impl Visitor<'_> for QpiVisitor {
    type Value = Qpi;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a QPI token string such as \"C:K\", or its code")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Qpi, E> {
        u16::try_from(value)
            .ok()
            .and_then(Qpi::from_code)
            .ok_or_else(|| {
                E::custom(format_args!(
                    "invalid QPI code {value}: codes run from 1 to {}",
                    Qpi::COUNT
                ))
            })
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<Qpi, E> {
        match u64::try_from(value) {
            Ok(value) => self.visit_u64(value),
            Err(_) => Err(E::custom(format_args!(
                "invalid QPI code {value}: codes run from 1 to {}",
                Qpi::COUNT
            ))),
        }
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Qpi, E> {
        Qpi::parse(value).map_err(|error| E::custom(Message(value.as_bytes(), error)))
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<Qpi, E> {
        Qpi::try_from(value).map_err(|error| E::custom(Message(value, error)))
    }
}

/// The deserialization error message; see the module docs.
struct Message<'a>(&'a [u8], ParseError);

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self(input, error) = self;
        f.write_str("invalid QPI token")?;
        // Quoting is bounded: an input longer than a token is not echoed back.
        if input.len() <= MAX_LEN {
            write!(f, " \"{}\"", input.escape_ascii())?;
        }
        write!(f, ": {error}")?;
        if let Some(source) = error.source() {
            write!(f, ": {source}")?;
        }
        Ok(())
    }
}
