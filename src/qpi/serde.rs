//! `serde` support for [`Qpi`] (feature `serde`): a token string both ways.
//!
//! Serializing writes the canonical token from an inline buffer (no
//! allocation). Deserializing accepts a borrowed or an owned string (and raw
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
        serializer.serialize_str(self.token().as_str())
    }
}

impl<'de> Deserialize<'de> for Qpi {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(QpiVisitor)
    }
}

/// Visits a string (borrowed, transient or owned: serde routes all three to
/// `visit_str` by default) or raw bytes.
struct QpiVisitor;

impl Visitor<'_> for QpiVisitor {
    type Value = Qpi;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a QPI token string such as \"C:K\"")
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
