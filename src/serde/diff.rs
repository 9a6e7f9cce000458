//! `serde` for [`Diff`]: as compact as the format allows, and decoded as
//! boundedly as a position.
//!
//! A diff is a struct of three fields: `squares`, a sequence of
//! `(index, before, after)` tuples (the index a `u16`); `hands`, a sequence
//! of `(player, piece, before, after)` tuples (the counts `u32`); and
//! `turn_changed`, a bool. No board: a square index and two squares per
//! changed square. Pieces are written as their own `Serialize` writes them
//! (a [`Qpi`](crate::qpi::Qpi) as its token in a human-readable format, as
//! its packed 16 bits in a binary one).
//!
//! Decoding reads every change as it comes and checks it at once against
//! the diff's invariants (see [`Diff::new`]): an index past the largest
//! board, indices out of order, a count past the limits, more changes than
//! two positions can differ by, each stop the decoding with a typed
//! [`DiffError`] as the message, and nothing is allocated beyond the
//! changes read so far (a length announced up front is trusted up to 64
//! changes, then the vector grows with the changes actually read).

use core::fmt;
use core::marker::PhantomData;

use ::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{Serialize, SerializeStruct, SerializeTuple, Serializer};

use super::identifiers::{Identifiers, Kind, Sequence};
use crate::qi::{check_hand, check_square};
use crate::{Diff, DiffError, HandDiff, MAX_SQUARE_COUNT, Player, SquareDiff};

const SQUARES: &str = "squares";
const HANDS: &str = "hands";
const TURN_CHANGED: &str = "turn_changed";
const FIELDS: &[&str] = &[SQUARES, HANDS, TURN_CHANGED];

/// The most changes a sequence's announced length reserves room for.
const RESERVED: usize = 64;

impl<P: Serialize> Serialize for Diff<P> {
    /// See the module docs for the format.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut diff = serializer.serialize_struct("Diff", FIELDS.len())?;
        diff.serialize_field(SQUARES, &Changes(self.squares()))?;
        diff.serialize_field(HANDS, &Changes(self.hands()))?;
        diff.serialize_field(TURN_CHANGED, &self.turn_changed())?;
        diff.end()
    }
}

/// A slice of changes, serialized as a sequence.
struct Changes<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for Changes<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0)
    }
}

impl<P: Serialize> Serialize for SquareDiff<P> {
    /// `(index, before, after)`, the index a `u16`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let index = u16::try_from(self.index).map_err(|_| {
            ::serde::ser::Error::custom(DiffError::IndexTooLarge {
                at: 0,
                index: self.index,
            })
        })?;
        let mut tuple = serializer.serialize_tuple(3)?;
        tuple.serialize_element(&index)?;
        tuple.serialize_element(&self.before)?;
        tuple.serialize_element(&self.after)?;
        tuple.end()
    }
}

impl<P: Serialize> Serialize for HandDiff<P> {
    /// `(player, piece, before, after)`, the counts `u32`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let count = |count: usize| {
            u32::try_from(count)
                .map_err(|_| ::serde::ser::Error::custom(DiffError::CountTooLarge { at: 0, count }))
        };
        let mut tuple = serializer.serialize_tuple(4)?;
        tuple.serialize_element(&self.player)?;
        tuple.serialize_element(&self.piece)?;
        tuple.serialize_element(&count(self.before)?)?;
        tuple.serialize_element(&count(self.after)?)?;
        tuple.end()
    }
}

impl<'de, P: Deserialize<'de> + Ord> Deserialize<'de> for Diff<P> {
    /// See the module docs: every change checked as it is read.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("Diff", FIELDS, DiffVisitor(PhantomData))
    }
}

struct DiffVisitor<P>(PhantomData<P>);

impl<'de, P: Deserialize<'de> + Ord> Visitor<'de> for DiffVisitor<P> {
    type Value = Diff<P>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a diff: squares, hands and turn_changed")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Diff<P>, A::Error> {
        let missing = |field| de::Error::custom(format_args!("a diff without `{field}`"));
        let squares = seq
            .next_element_seed(Sequence(SquaresSeed(PhantomData)))?
            .ok_or_else(|| missing(SQUARES))?;
        let hands = seq
            .next_element_seed(Sequence(HandsSeed(PhantomData)))?
            .ok_or_else(|| missing(HANDS))?;
        let turn_changed = seq.next_element()?.ok_or_else(|| missing(TURN_CHANGED))?;
        Ok(Diff::from_checked(squares, hands, turn_changed))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Diff<P>, A::Error> {
        let (mut squares, mut hands, mut turn_changed) = (None, None, None);
        while let Some(key) = map.next_key::<Field>()? {
            let twice = |field| de::Error::custom(format_args!("`{field}` given twice"));
            match key {
                Field::Squares if squares.is_some() => return Err(twice(SQUARES)),
                Field::Hands if hands.is_some() => return Err(twice(HANDS)),
                Field::TurnChanged if turn_changed.is_some() => return Err(twice(TURN_CHANGED)),
                Field::Squares => {
                    squares = Some(map.next_value_seed(Sequence(SquaresSeed(PhantomData)))?);
                }
                Field::Hands => {
                    hands = Some(map.next_value_seed(Sequence(HandsSeed(PhantomData)))?);
                }
                Field::TurnChanged => turn_changed = Some(map.next_value()?),
            }
        }
        let missing = |field| de::Error::custom(format_args!("a diff without `{field}`"));
        Ok(Diff::from_checked(
            squares.ok_or_else(|| missing(SQUARES))?,
            hands.ok_or_else(|| missing(HANDS))?,
            turn_changed.ok_or_else(|| missing(TURN_CHANGED))?,
        ))
    }
}

/// A diff's field names; any other is refused.
#[derive(Clone, Copy)]
enum Field {
    Squares,
    Hands,
    TurnChanged,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Identifiers {
            names: FIELDS,
            values: &[Field::Squares, Field::Hands, Field::TurnChanged],
            aliases: &[],
            kind: Kind::Field,
            expecting: "`squares`, `hands` or `turn_changed`",
        }
        .read(deserializer)
    }
}

/// The `squares` sequence, each change checked as it is read.
struct SquaresSeed<P>(PhantomData<P>);

impl<'de, P: Deserialize<'de> + PartialEq> Visitor<'de> for SquaresSeed<P> {
    type Value = Vec<SquareDiff<P>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of (index, before, after)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut squares: Vec<SquareDiff<P>> =
            Vec::with_capacity(seq.size_hint().unwrap_or(0).min(RESERVED));
        while let Some((index, before, after)) =
            seq.next_element::<(u16, Option<P>, Option<P>)>()?
        {
            let square = SquareDiff {
                index: usize::from(index),
                before,
                after,
            };
            check_square(squares.len(), &square, squares.last()).map_err(de::Error::custom)?;
            squares.push(square);
        }
        Ok(squares)
    }
}

/// The `hands` sequence, each change checked as it is read.
struct HandsSeed<P>(PhantomData<P>);

impl<'de, P: Deserialize<'de> + Ord> Visitor<'de> for HandsSeed<P> {
    type Value = Vec<HandDiff<P>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of (player, piece, before, after)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut hands: Vec<HandDiff<P>> =
            Vec::with_capacity(seq.size_hint().unwrap_or(0).min(RESERVED));
        while let Some((player, piece, before, after)) =
            seq.next_element::<(Player, P, u32, u32)>()?
        {
            let count = |count: u32| usize::try_from(count).unwrap_or(MAX_SQUARE_COUNT + 1);
            let hand = HandDiff {
                player,
                piece,
                before: count(before),
                after: count(after),
            };
            check_hand(hands.len(), &hand, hands.last()).map_err(de::Error::custom)?;
            hands.push(hand);
        }
        Ok(hands)
    }
}
