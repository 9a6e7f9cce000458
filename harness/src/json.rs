//! The `serde_json` target: documents into the validating deserializer,
//! judged by an independent reading.
//!
//! Seven inputs in eight are structure-aware: a valid position from the
//! crate's generator, serialized, then changed by up to three mutations
//! drawn from the input (a field dropped, repeated, renamed or reordered; a
//! size, square, hand entry, count, style or turn replaced by a neighbouring
//! or wrongly typed value; the sequence form instead of the map), so that
//! most documents decode or come close. The eighth is the raw bytes, so
//! that libFuzzer's own mutations still reach the parser.
//!
//! Every document is read twice: by the crate, and by a plain `serde`
//! derive of the same fields whose content is then judged by the
//! [`Model`]'s rules. The crate must accept exactly the documents the plain
//! reading and the model accept, and decode them to the same content.

use core::fmt;
use core::hash::Hash;

use arbitrary::Unstructured;
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Player, Qi};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::generate::{Draw, drawn};
use crate::{Change, Model};

/// The fields of a position document, in their serialized order.
const FIELDS: [&str; 7] = [
    "shape",
    "board",
    "first_hand",
    "second_hand",
    "first_style",
    "second_style",
    "turn",
];

/// The `serde_json` fuzz target.
///
/// The first byte picks the piece and style types (`u8`, [`Qpi`] with
/// [`Sin`], or `String`) and whether the rest is a document itself or the
/// recipe of a structure-aware one ([`serde_json_document`]). The crate must
/// accept a document exactly when the independent reading does, and then
/// decode it to the same content, keep every invariant (pieces ≤ squares, no
/// zero count, counters equal to a recount), hash it as the same content
/// built by the transformations, and survive a round trip: serialized again,
/// it decodes to an equal position and re-serializes to the same bytes. A
/// rejected document must come with a message. Returns whether the crate
/// accepted the document.
///
/// # Panics
///
/// On any disagreement, naming the document.
// The fuzz target calls it for its panics alone; tests read the verdict.
#[allow(clippy::must_use_candidate)]
pub fn serde_json(data: &[u8]) -> bool {
    match document(data) {
        Some((Types::Bytes, document)) => check_document::<u8, u8>(&document),
        Some((Types::Tokens, document)) => check_document::<Qpi, Sin>(&document),
        Some((Types::Strings, document)) => check_document::<String, String>(&document),
        None => false,
    }
}

/// The document [`serde_json()`] checks for these bytes, as text: to read
/// what a crashing fuzz input does.
#[must_use]
pub fn serde_json_document(data: &[u8]) -> String {
    match document(data) {
        Some((_, document)) => String::from_utf8_lossy(&document).into_owned(),
        None => "(no document)".to_owned(),
    }
}

/// The piece and style types of a document.
enum Types {
    Bytes,
    Tokens,
    Strings,
}

/// The types and the document an input stands for.
fn document(data: &[u8]) -> Option<(Types, Vec<u8>)> {
    let (&selector, rest) = data.split_first()?;
    let structured = (selector / 3) % 8 != 0;
    let u = &mut Unstructured::new(rest);
    let (types, document) = match selector % 3 {
        0 => (
            Types::Bytes,
            structured.then(|| structured_document::<u8, u8>(u)),
        ),
        1 => (
            Types::Tokens,
            structured.then(|| structured_document::<Qpi, Sin>(u)),
        ),
        _ => (
            Types::Strings,
            structured.then(|| structured_document::<String, String>(u)),
        ),
    };
    match document {
        None => Some((types, rest.to_vec())),
        Some(Ok(document)) => Some((types, document.into_bytes())),
        Some(Err(_)) => None,
    }
}

/// The turn as either spelling the crate reads.
#[derive(Deserialize)]
enum PlainTurn {
    #[serde(rename = "first", alias = "First")]
    First,
    #[serde(rename = "second", alias = "Second")]
    Second,
}

/// A position document read with no rule but the types: what the crate's
/// decoder must accept once the model has judged the content.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainDocument<P, S> {
    shape: Vec<usize>,
    board: Vec<Option<P>>,
    first_hand: Vec<(P, usize)>,
    second_hand: Vec<(P, usize)>,
    first_style: S,
    second_style: S,
    turn: PlainTurn,
}

impl<P: Clone + Ord, S> PlainDocument<P, S> {
    fn judge(self) -> Result<Model<P, S>, persistent_qi::Error> {
        let turn = match self.turn {
            PlainTurn::First => Player::First,
            PlainTurn::Second => Player::Second,
        };
        Model::from_parts(
            &self.shape,
            &self.board,
            [&self.first_hand, &self.second_hand],
            self.first_style,
            self.second_style,
            turn,
        )
    }
}

fn check_document<P, S>(document: &[u8]) -> bool
where
    P: DeserializeOwned + Serialize + Clone + Ord + Hash + fmt::Debug,
    S: DeserializeOwned + Serialize + Clone + Eq + Hash + fmt::Debug,
{
    let shown = String::from_utf8_lossy(document);
    let expected = serde_json::from_slice::<PlainDocument<P, S>>(document)
        .map_err(|error| error.to_string())
        .and_then(|plain| plain.judge().map_err(|error| error.to_string()));
    let position: Qi<P, S> = match (serde_json::from_slice(document), expected) {
        (Ok(position), Ok(model)) => {
            check_content(&position, &model, &shown);
            position
        }
        (Err(error), Err(_)) => {
            assert!(
                !error.to_string().is_empty(),
                "an empty message rejects {shown}"
            );
            return false;
        }
        (Ok(position), Err(reason)) => {
            panic!("{shown} decodes to {position:?}, but the plain reading says: {reason}")
        }
        (Err(error), Ok(_)) => panic!("{shown} is valid, but the crate rejects it: {error}"),
    };
    let encoded = serde_json::to_vec(&position)
        .unwrap_or_else(|error| panic!("{shown} decodes but does not encode: {error}"));
    let again: Qi<P, S> = serde_json::from_slice(&encoded).unwrap_or_else(|error| {
        panic!(
            "{shown} re-encodes as {} which does not decode: {error}",
            String::from_utf8_lossy(&encoded)
        )
    });
    assert_eq!(again, position, "the round trip of {shown} changes it");
    assert_eq!(
        serde_json::to_vec(&again).ok(),
        Some(encoded),
        "{shown} does not re-encode to the same bytes"
    );
    true
}

/// The decoded position reads as the model, keeps every invariant, and
/// hashes as the same content built by the transformations.
fn check_content<P, S>(position: &Qi<P, S>, model: &Model<P, S>, shown: &str)
where
    P: Clone + Ord + Hash + fmt::Debug,
    S: Clone + Eq + Hash + fmt::Debug,
{
    assert_eq!(position.shape(), model.shape.as_slice(), "shape of {shown}");
    assert!(
        position
            .squares()
            .eq(model.squares.iter().map(Option::as_ref)),
        "board of {shown}"
    );
    for player in Player::ALL {
        assert!(
            position
                .hand(player)
                .eq(model.hand(player).iter().map(|(p, &c)| (p, c))),
            "{player:?} hand of {shown}"
        );
    }
    assert_eq!(position.first_style(), &model.first_style, "{shown}");
    assert_eq!(position.second_style(), &model.second_style, "{shown}");
    assert_eq!(position.turn(), model.turn, "turn of {shown}");
    let (board_pieces, hand_pieces) = model.recount();
    assert_eq!(position.board_piece_count(), board_pieces, "{shown}");
    assert_eq!(position.hand_piece_count(), hand_pieces, "{shown}");
    assert!(position.piece_count() <= position.square_count(), "{shown}");

    // The same content through `Qi::new` and one edit: the incremental hash
    // must meet the one the decoder computed from scratch.
    let board = model
        .squares
        .iter()
        .enumerate()
        .map(|(index, square)| Change::Square(index, square.clone()));
    let hands = Player::ALL.into_iter().flat_map(|player| {
        model.hand(player).iter().map(move |(piece, &count)| {
            Change::Hand(
                player,
                piece.clone(),
                i32::try_from(count).expect("count ≤ 65,025"),
            )
        })
    });
    let mut edit = Qi::new(
        &model.shape,
        model.first_style.clone(),
        model.second_style.clone(),
    )
    .expect("a valid shape")
    .edit();
    edit.with_turn(model.turn);
    for change in board.chain(hands) {
        match change {
            Change::Square(index, square) | Change::Replace(index, square) => {
                edit.set(index, square)
            }
            Change::Hand(player, piece, delta) => edit.hand(player, piece, delta),
        };
    }
    let built = edit.finish().expect("a valid content");
    assert_eq!(
        built.position_hash(),
        position.position_hash(),
        "the hash of {shown}"
    );
    assert_eq!(&built, position, "{shown} against the same content built");
}

/// A valid position from the crate's generator, serialized, then mutated.
fn structured_document<'a, P, S>(u: &mut Unstructured<'a>) -> arbitrary::Result<String>
where
    P: Serialize + Draw<'a> + Clone + Ord + Hash,
    S: Serialize + Draw<'a> + Hash,
{
    let content = drawn::<P>(u)?;
    let (first_style, second_style) = (S::draw(u)?, S::draw(u)?);
    let position = content.position(first_style, second_style);
    let Ok(Value::Object(mut object)) = serde_json::to_value(&position) else {
        panic!("a position serializes as an object");
    };
    let mut fields: Vec<(String, Value)> = FIELDS
        .iter()
        .map(|&name| (name.to_owned(), object.remove(name).unwrap_or(Value::Null)))
        .collect();
    let mut sequence = false;
    for _ in 0..mutation_count(u)? {
        mutate(u, &mut fields, &mut sequence)?;
    }
    let values = fields.iter().map(|(_, value)| value.to_string());
    Ok(if sequence {
        format!("[{}]", values.collect::<Vec<_>>().join(","))
    } else {
        let entries = fields
            .iter()
            .map(|(name, value)| format!("{}:{value}", Value::from(name.as_str())));
        format!("{{{}}}", entries.collect::<Vec<_>>().join(","))
    })
}

/// None two times in three (the document must then be accepted), and when
/// the input runs out; else one to three.
fn mutation_count(u: &mut Unstructured<'_>) -> arbitrary::Result<u8> {
    Ok(if u.int_in_range(0..=2_u8)? == 2 {
        u.int_in_range(1..=3)?
    } else {
        0
    })
}

/// One change to a document, as its fields.
fn mutate(
    u: &mut Unstructured<'_>,
    fields: &mut Vec<(String, Value)>,
    sequence: &mut bool,
) -> arbitrary::Result<()> {
    if fields.is_empty() {
        fields.push(("shape".to_owned(), Value::Null));
    }
    let field = u.choose_index(fields.len())?;
    match u.int_in_range(0..=9_u8)? {
        0 => _ = fields.remove(field),
        1 => fields.push(fields[field].clone()),
        2 => {
            fields[field].0 =
                (*u.choose(&["frist_hand", "Shape", "", "board", "turn"])?).to_owned();
        }
        3 => {
            let other = u.choose_index(fields.len())?;
            fields.swap(field, other);
        }
        4 => *sequence = !*sequence,
        5 => fields[field].1 = scalar(u)?,
        _ => nudge(u, &mut fields[field].1)?,
    }
    Ok(())
}

/// A value of any JSON type, some of them meaningful in a position.
fn scalar(u: &mut Unstructured<'_>) -> arbitrary::Result<Value> {
    Ok(match u.int_in_range(0..=9_u8)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 => Value::from(*u.choose(&[0_i64, 1, 2, -1, 255, 256, 65_025, 65_026])?),
        3 => Value::from(u64::MAX),
        4 => Value::from(1.5),
        5 => Value::from(*u.choose(&["first", "First", "second", "Second", "third"])?),
        6 => Value::from(*u.choose(&["C", "c", "C:K^", "s:+p", ""])?),
        7 => Value::Array(Vec::new()),
        8 => Value::Object(serde_json::Map::new()),
        _ => Value::from(vec![Value::from("P"), Value::from(1)]),
    })
}

/// A change inside a value: an element dropped, repeated or replaced, a
/// number moved by one, recursively into arrays (a hand entry's count, a
/// shape's size, a square).
fn nudge(u: &mut Unstructured<'_>, value: &mut Value) -> arbitrary::Result<()> {
    match value {
        Value::Array(items) if !items.is_empty() => {
            let item = u.choose_index(items.len())?;
            match u.int_in_range(0..=4_u8)? {
                0 => _ = items.remove(item),
                1 => items.push(items[item].clone()),
                2 => {
                    let other = u.choose_index(items.len())?;
                    items.swap(item, other);
                }
                3 => items[item] = scalar(u)?,
                _ => nudge(u, &mut items[item])?,
            }
        }
        Value::Number(number) => {
            let step: i64 = *u.choose(&[-1, 1])?;
            *value = match number.as_u64() {
                Some(n) => n
                    .checked_add_signed(step)
                    .map_or(Value::from(-1), Value::from),
                None => Value::from(0),
            };
        }
        _ => *value = scalar(u)?,
    }
    Ok(())
}
