//! What every hand-written deserializer of the crate reads the same way:
//! identifiers (field and variant names) through one table, and sequences
//! through a visitor that is also their seed.

use core::fmt;

use ::serde::de::{self, DeserializeSeed, Deserializer, Visitor};

/// Whether an unknown name is a field's or a variant's, for serde's error.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    Field,
    Variant,
}

/// Reads a field or variant name into its value: given as a string, as
/// bytes, or as its index in `names` (formats that write identifiers by
/// number). `aliases` are other spellings read as the value at their index
/// (older names). An unknown name is refused naming the known ones.
pub(super) struct Identifiers<T: 'static> {
    /// The names, in the order their values are listed and numbered.
    pub(super) names: &'static [&'static str],
    /// The value of each name.
    pub(super) values: &'static [T],
    /// Other spellings, each with the index of its name.
    pub(super) aliases: &'static [(&'static str, usize)],
    /// Whether the names are fields or variants.
    pub(super) kind: Kind,
    /// What is expected, for serde's error.
    pub(super) expecting: &'static str,
}

impl<T: Copy> Identifiers<T> {
    /// Reads one identifier from `deserializer`.
    pub(super) fn read<'de, D: Deserializer<'de>>(self, deserializer: D) -> Result<T, D::Error> {
        deserializer.deserialize_identifier(self)
    }

    /// The error for a name that is none of `names`.
    fn unknown<E: de::Error>(&self, name: &str) -> E {
        match self.kind {
            Kind::Field => E::unknown_field(name, self.names),
            Kind::Variant => E::unknown_variant(name, self.names),
        }
    }
}

impl<T: Copy> Visitor<'_> for Identifiers<T> {
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<T, E> {
        let index = self
            .names
            .iter()
            .position(|name| *name == value)
            .or_else(|| {
                self.aliases
                    .iter()
                    .find(|(alias, _)| *alias == value)
                    .map(|&(_, index)| index)
            });
        index
            .and_then(|index| self.values.get(index))
            .copied()
            .ok_or_else(|| self.unknown(value))
    }

    fn visit_bytes<E: de::Error>(self, value: &[u8]) -> Result<T, E> {
        match core::str::from_utf8(value) {
            Ok(name) => self.visit_str(name),
            Err(_) => Err(self.unknown(&String::from_utf8_lossy(value))),
        }
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        usize::try_from(value)
            .ok()
            .and_then(|index| self.values.get(index))
            .copied()
            .ok_or_else(|| E::invalid_value(de::Unexpected::Unsigned(value), &self))
    }
}

/// A sequence read by `V`, a visitor that checks each element as it comes:
/// the seed that hands `V` to `deserialize_seq`.
pub(super) struct Sequence<V>(pub(super) V);

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for Sequence<V> {
    type Value = V::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        deserializer.deserialize_seq(self.0)
    }
}
