//! A position in: read field by field, every size bounded before anything
//! is stored, and built through the validating constructor.

use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;

use ::serde::Deserialize;
use ::serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use archery::SharedPointerKind;

use super::identifiers::{Identifiers, Kind, Sequence};
use super::{
    BOARD, FIELDS, FIRST_HAND, FIRST_STYLE, SECOND_HAND, SECOND_STYLE, SHAPE, STRUCT_NAME, TURN,
};
use crate::shape::Shape;
use crate::{Error, GenericQi, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Player};

/// A position read from its content.
///
/// A position is read as [`Serialize`](#impl-Serialize-for-GenericQi%3CP,+S,+K%3E) writes it, and validated as it is read.
///
/// # Decoding validates, and trusts no size
///
/// Deserialization is written by hand and builds the position through
/// [`Qi::from_parts`](crate::Qi::from_parts), the validating constructor every source of positions
/// goes through, so a decoded position obeys every rule a hand-built one
/// does. A document that breaks a rule is rejected with a message saying
/// what is wrong:
///
/// | document | message |
/// |---|---|
/// | `"shape": [8, 0]` | invalid shape: dimension size must be at least 1, got 0 (dimension 1) |
/// | `"shape": [2, 2, 2, 2]` | invalid shape: board exceeds 3 dimensions (got 4) |
/// | `"shape": [2, 2]` with 5 squares | wrong number of squares: the shape has 4, 5 given |
/// | a hand entry `["P", 0]` | hand count must be at least 1: the first hand lists 0 (entry 0) |
/// | a hand entry `["P", -2]` | invalid value: integer `-2`, expected usize |
/// | `[["P", 1], ["P", 1]]` | the first hand lists a piece twice (entry 1) |
/// | 5 pieces on `[2, 2]` | too many pieces for board size (5 pieces, 4 squares) |
/// | `"turn": "third"` | ``unknown variant `third`, expected `First` or `Second` `` |
/// | `"frist_hand": []` | ``unknown field `frist_hand`, expected one of `shape`, ... `` |
///
/// Formats add their own context after the message (`serde_json` appends
/// "at line 1 column 42").
///
/// No size a document claims is trusted. The shape is read into a fixed
/// array of three sizes and validated before the board is looked at; the
/// board is then read square by square into a buffer of the occupied squares
/// that stores no more squares than the shape has (or than
/// [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT) if a document lists the board before the shape),
/// counting the rest without storing them; a hand is refused while it is
/// read as soon as its running total, or its number of entries, exceeds the
/// same bound. Nothing is pre-allocated from a length the document
/// announces.
///
/// What is bounded is the number of pieces and squares, not the size of one
/// piece or style: a `Qi<String, String>` decoded from an untrusted document
/// holds whatever strings the document holds. Choose bounded piece and style
/// types (a `u8`, an enum, the two-byte QPI identifier) where that matters.
///
/// # Unknown and repeated fields
///
/// Unknown fields are rejected, and so is a field given twice: a document
/// has exactly one reading, and a misspelt field (`frist_hand`) is reported
/// rather than silently ignored. Every field is required. Fields may come in
/// any order in self-describing formats; the sequence form (for formats such
/// as `bincode`) lists them in the order above.
impl<'de, P, S, K> Deserialize<'de> for GenericQi<P, S, K>
where
    P: Deserialize<'de> + Clone + Ord + Hash,
    S: Deserialize<'de> + Hash,
    K: SharedPointerKind,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct(STRUCT_NAME, FIELDS, QiVisitor(PhantomData))
    }
}

/// What names the position a visitor builds, owning none.
type Builds<P, S, K> = PhantomData<fn() -> GenericQi<P, S, K>>;

/// Reads a position, of the piece, style and pointer types named.
struct QiVisitor<P, S, K: SharedPointerKind>(Builds<P, S, K>);

impl<'de, P, S, K> Visitor<'de> for QiVisitor<P, S, K>
where
    P: Deserialize<'de> + Clone + Ord + Hash,
    S: Deserialize<'de> + Hash,
    K: SharedPointerKind,
{
    type Value = GenericQi<P, S, K>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a position (struct Qi)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let missing = |index| de::Error::invalid_length(index, &"a position of 7 fields");
        let shape = seq
            .next_element_seed(ShapeSeed)?
            .ok_or_else(|| missing(0))?;
        let board = seq
            .next_element_seed(Sequence(BoardSeed(Some(&shape), PhantomData)))?
            .ok_or_else(|| missing(1))?;
        let first_hand = seq
            .next_element_seed(Sequence(HandSeed(Player::First, Some(&shape), PhantomData)))?
            .ok_or_else(|| missing(2))?;
        let second_hand = seq
            .next_element_seed(Sequence(HandSeed(
                Player::Second,
                Some(&shape),
                PhantomData,
            )))?
            .ok_or_else(|| missing(3))?;
        let first_style = seq.next_element()?.ok_or_else(|| missing(4))?;
        let second_style = seq.next_element()?.ok_or_else(|| missing(5))?;
        let turn = seq.next_element()?.ok_or_else(|| missing(6))?;
        Parts {
            shape,
            board,
            first_hand,
            second_hand,
            first_style,
            second_style,
            turn,
        }
        .assemble()
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut shape, mut board, mut first_hand, mut second_hand) = (None, None, None, None);
        let (mut first_style, mut second_style, mut turn) = (None, None, None);
        while let Some(field) = map.next_key()? {
            // A repeated field is refused before its value is read.
            match field {
                Field::Shape => once(&mut shape, SHAPE, || map.next_value_seed(ShapeSeed))?,
                Field::Board => once(&mut board, BOARD, || {
                    map.next_value_seed(Sequence(BoardSeed(shape.as_ref(), PhantomData)))
                })?,
                Field::FirstHand => once(&mut first_hand, FIRST_HAND, || {
                    map.next_value_seed(Sequence(HandSeed(
                        Player::First,
                        shape.as_ref(),
                        PhantomData,
                    )))
                })?,
                Field::SecondHand => once(&mut second_hand, SECOND_HAND, || {
                    map.next_value_seed(Sequence(HandSeed(
                        Player::Second,
                        shape.as_ref(),
                        PhantomData,
                    )))
                })?,
                Field::FirstStyle => once(&mut first_style, FIRST_STYLE, || map.next_value())?,
                Field::SecondStyle => once(&mut second_style, SECOND_STYLE, || map.next_value())?,
                Field::Turn => once(&mut turn, TURN, || map.next_value())?,
            }
        }
        Parts {
            shape: shape.ok_or_else(|| de::Error::missing_field(SHAPE))?,
            board: board.ok_or_else(|| de::Error::missing_field(BOARD))?,
            first_hand: first_hand.ok_or_else(|| de::Error::missing_field(FIRST_HAND))?,
            second_hand: second_hand.ok_or_else(|| de::Error::missing_field(SECOND_HAND))?,
            first_style: first_style.ok_or_else(|| de::Error::missing_field(FIRST_STYLE))?,
            second_style: second_style.ok_or_else(|| de::Error::missing_field(SECOND_STYLE))?,
            turn: turn.ok_or_else(|| de::Error::missing_field(TURN))?,
        }
        .assemble()
    }
}

/// Reads the value of the field `name` into `slot`, refusing a field given
/// a second time before its value is read.
fn once<T, E: de::Error>(
    slot: &mut Option<T>,
    name: &'static str,
    read: impl FnOnce() -> Result<T, E>,
) -> Result<(), E> {
    if slot.is_some() {
        return Err(E::duplicate_field(name));
    }
    *slot = Some(read()?);
    Ok(())
}

/// The decoded fields, each already bounded, waiting to become a position.
struct Parts<P, S> {
    shape: Shape,
    board: BoardIn<P>,
    first_hand: HandIn<P>,
    second_hand: HandIn<P>,
    first_style: S,
    second_style: S,
    turn: Player,
}

impl<P: Clone + Ord + Hash, S: Hash> Parts<P, S> {
    /// Builds the position through [`GenericQi::from_parts`], the authority
    /// on every rule.
    fn assemble<E: de::Error, K: SharedPointerKind>(self) -> Result<GenericQi<P, S, K>, E> {
        let Parts {
            shape,
            board,
            first_hand,
            second_hand,
            first_style,
            second_style,
            turn,
        } = self;
        GenericQi::from_parts(
            shape.sizes(),
            board.into_squares(),
            first_hand.entries,
            second_hand.entries,
            first_style,
            second_style,
            turn,
        )
        .map_err(E::custom)
    }
}

/// A field name.
#[derive(Clone, Copy)]
enum Field {
    Shape,
    Board,
    FirstHand,
    SecondHand,
    FirstStyle,
    SecondStyle,
    Turn,
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Identifiers {
            names: FIELDS,
            values: &[
                Field::Shape,
                Field::Board,
                Field::FirstHand,
                Field::SecondHand,
                Field::FirstStyle,
                Field::SecondStyle,
                Field::Turn,
            ],
            aliases: &[],
            kind: Kind::Field,
            expecting: "a field of a position",
        }
        .read(deserializer)
    }
}

/// Skips the rest of a sequence without storing it, and says how many
/// elements there were.
fn count_rest<'de, A: SeqAccess<'de>>(seq: &mut A) -> Result<usize, A::Error> {
    let mut rest = 0_usize;
    while seq.next_element::<IgnoredAny>()?.is_some() {
        rest = rest.saturating_add(1);
    }
    Ok(rest)
}

// ---------------------------------------------------------------- shape

/// Reads a shape into a fixed array and validates it as [`GenericQi::new`] does.
struct ShapeSeed;

impl<'de> DeserializeSeed<'de> for ShapeSeed {
    type Value = Shape;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Shape, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ShapeSeed {
    type Value = Shape;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a sequence of 1 to 3 dimension sizes")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Shape, A::Error> {
        let mut sizes = [0; MAX_DIMENSIONS];
        let mut count = 0;
        while count < MAX_DIMENSIONS {
            match seq.next_element::<usize>()? {
                Some(size) => {
                    sizes[count] = size;
                    count += 1;
                }
                None => break,
            }
        }
        let shape = if count == MAX_DIMENSIONS {
            match count_rest(&mut seq)? {
                0 => Shape::new(&sizes),
                extra => Err(Error::TooManyDimensions {
                    dimensions: count.saturating_add(extra),
                }),
            }
        } else {
            Shape::new(&sizes[..count])
        };
        shape.map_err(|error| de::Error::custom(format_args!("invalid shape: {error}")))
    }
}

// ---------------------------------------------------------------- board

/// The board as read: its occupied squares and its length.
struct BoardIn<P> {
    /// `(index, piece)` for each occupied square stored, in index order.
    occupied: Vec<(usize, P)>,
    /// How many squares the document listed, stored or not.
    length: usize,
}

impl<P> BoardIn<P> {
    /// Every square listed, in order: the occupied ones stored, empty ones
    /// between them, and empty ones for those past the bound, which were
    /// counted but not stored (a board that long is refused anyway).
    fn into_squares(self) -> impl Iterator<Item = Option<P>> {
        let mut occupied = self.occupied.into_iter().peekable();
        (0..self.length).map(move |index| {
            occupied
                .next_if(|(at, _)| *at == index)
                .map(|(_, piece)| piece)
        })
    }
}

/// Reads a board square by square, storing no more squares than the shape
/// has (or than any shape has, if the shape is not known yet) and counting
/// the rest. It holds the shape, if known.
struct BoardSeed<'a, P>(Option<&'a Shape>, PhantomData<fn() -> P>);

impl<'de, P: Deserialize<'de>> Visitor<'de> for BoardSeed<'_, P> {
    type Value = BoardIn<P>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a sequence of squares, each a piece or null")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BoardIn<P>, A::Error> {
        let BoardSeed(shape, _) = self;
        let limit = shape.map_or(MAX_SQUARE_COUNT, Shape::square_count);
        // Grows by push only: the buffer never holds more than `limit`
        // entries, whatever length the document announces.
        let mut occupied = Vec::new();
        let mut length = 0;
        while length < limit {
            match seq.next_element::<Option<P>>()? {
                Some(square) => {
                    occupied.extend(square.map(|piece| (length, piece)));
                    length += 1;
                }
                None => return Ok(BoardIn { occupied, length }),
            }
        }
        let length = length.saturating_add(count_rest(&mut seq)?);
        if shape.is_none() && length > limit {
            return Err(de::Error::custom(format_args!(
                "wrong number of squares: the board lists {length}, more than any shape has ({MAX_SQUARE_COUNT})"
            )));
        }
        Ok(BoardIn { occupied, length })
    }
}

// ---------------------------------------------------------------- hands

/// A hand as read: its entries in document order.
struct HandIn<P> {
    entries: Vec<(P, usize)>,
}

/// Reads a hand entry by entry, refusing one whose running total goes past
/// the board's squares (or any board's, if the shape is not known yet), or
/// which lists more entries than that: nothing past the bound is stored.
/// It holds the hand's player and the shape, if known.
struct HandSeed<'a, P>(Player, Option<&'a Shape>, PhantomData<fn() -> P>);

impl<'de, P: Deserialize<'de>> Visitor<'de> for HandSeed<'_, P> {
    type Value = HandIn<P>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a sequence of [piece, count] pairs")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<HandIn<P>, A::Error> {
        let HandSeed(player, shape, _) = self;
        let limit = shape.map_or(MAX_SQUARE_COUNT, Shape::square_count);
        let mut entries = Vec::new();
        let mut total = 0_usize;
        while let Some((piece, count)) = seq.next_element::<(P, usize)>()? {
            // A count of 0 is left for `from_parts` to refuse, so the number
            // of entries is bounded on its own.
            if entries.len() == limit {
                return Err(de::Error::custom(format_args!(
                    "{player} hand: more entries than squares (over {limit})"
                )));
            }
            let Some(sum) = total.checked_add(count).filter(|&sum| sum <= limit) else {
                let pieces = total.saturating_add(count);
                return Err(match shape {
                    Some(shape) => de::Error::custom(format_args!(
                        "{player} hand: too many pieces for board size (at least {pieces} pieces, {} squares)",
                        shape.square_count()
                    )),
                    None => de::Error::custom(format_args!(
                        "{player} hand: more pieces than any board has squares (at least {pieces} pieces, at most {MAX_SQUARE_COUNT} squares)"
                    )),
                });
            };
            total = sum;
            entries.push((piece, count));
        }
        Ok(HandIn { entries })
    }
}
