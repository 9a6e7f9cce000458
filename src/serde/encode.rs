//! A position out: its content as a struct of seven fields.

use ::serde::Serialize;
use ::serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use archery::SharedPointerKind;

use super::{
    BOARD, FIELDS, FIRST_HAND, FIRST_STYLE, SECOND_HAND, SECOND_STYLE, SHAPE, STRUCT_NAME, TURN,
};
use crate::{GenericQi, Player};

/// A position as its logical content.
///
/// A position serializes as a struct of seven fields, in this order:
///
/// | field | content | JSON example |
/// |---|---|---|
/// | `shape` | the dimension sizes, outermost first | `[2, 2]` |
/// | `board` | every square in row-major order, `null` when empty | `["K", null, null, "k"]` |
/// | `first_hand` | `(piece, count)` pairs in piece order, counts at least 1 | `[["P", 2]]` |
/// | `second_hand` | likewise | `[]` |
/// | `first_style` | the first player's style | `"C"` |
/// | `second_style` | the second player's style | `"c"` |
/// | `turn` | the side to move: `"First"` or `"Second"` | `"First"` |
///
/// Hands are sequences of pairs rather than maps so that any piece type
/// works in formats whose map keys must be strings, JSON among them. The
/// document is the one the `sashite-qi` crate (0.2) writes for the same
/// position, field for field, so each crate reads what the other writes.
/// (Only the struct name differs, in the formats that write one: this
/// crate announces `Qi` both ways, where `sashite-qi` writes `QiOut` and
/// reads `QiIn`.) The hash, the piece totals and the sharing between
/// versions are not part of the content: they are rebuilt on decoding.
///
/// [`Player`](crate::Player) serializes as the unit variant `"First"` or `"Second"`, as
/// `sashite-qi` spells it; decoding also accepts `"first"` and `"second"`,
/// which this crate wrote before.
///
///
/// O(squares + hand entries); clones nothing.
impl<P: Serialize + Ord, S: Serialize, K: SharedPointerKind> Serialize for GenericQi<P, S, K> {
    fn serialize<Sr: Serializer>(&self, serializer: Sr) -> Result<Sr::Ok, Sr::Error> {
        let mut out = serializer.serialize_struct(STRUCT_NAME, FIELDS.len())?;
        out.serialize_field(SHAPE, self.shape())?;
        out.serialize_field(BOARD, &SquaresOut(self))?;
        out.serialize_field(FIRST_HAND, &HandOut(self, Player::First))?;
        out.serialize_field(SECOND_HAND, &HandOut(self, Player::Second))?;
        out.serialize_field(FIRST_STYLE, self.first_style())?;
        out.serialize_field(SECOND_STYLE, self.second_style())?;
        out.serialize_field(TURN, &self.turn())?;
        out.end()
    }
}

/// The board as a flat sequence, with its exact length announced (formats
/// without delimiters need it).
struct SquaresOut<'a, P, S, K: SharedPointerKind>(&'a GenericQi<P, S, K>);

impl<P: Serialize, S, K: SharedPointerKind> Serialize for SquaresOut<'_, P, S, K> {
    fn serialize<Sr: Serializer>(&self, serializer: Sr) -> Result<Sr::Ok, Sr::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.square_count()))?;
        for square in self.0.squares() {
            seq.serialize_element(&square)?;
        }
        seq.end()
    }
}

/// A hand as a sequence of `(piece, count)` pairs.
struct HandOut<'a, P, S, K: SharedPointerKind>(&'a GenericQi<P, S, K>, Player);

impl<P: Serialize + Ord, S, K: SharedPointerKind> Serialize for HandOut<'_, P, S, K> {
    fn serialize<Sr: Serializer>(&self, serializer: Sr) -> Result<Sr::Ok, Sr::Error> {
        let HandOut(qi, player) = *self;
        let mut seq = serializer.serialize_seq(Some(qi.hand(player).count()))?;
        for entry in qi.hand(player) {
            seq.serialize_element(&entry)?;
        }
        seq.end()
    }
}
