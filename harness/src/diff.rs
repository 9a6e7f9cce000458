//! The `diff_decode` target: serialized diffs, mostly real ones then
//! mutated, into the crate's checking decoder, judged by an independent
//! reading; every accepted diff then applied to the position it was made
//! from, and reverted.
//!
//! Three inputs in four are structure-aware: a position from the crate's
//! generator and a child made by a few edits drawn from the input, their
//! diff serialized (as postcard or as JSON), then the bytes changed by up to
//! three mutations (a byte replaced, inserted or removed). The fourth is the
//! raw bytes, so that libFuzzer's own mutations still reach the decoder.
//!
//! Every document is read twice: by the crate, and by a plain `serde`
//! derive of the same fields whose content is then judged by the diff's
//! rules, written here afresh. The crate must accept exactly the documents
//! the plain reading and the rules accept, and decode them to the same
//! changes. An accepted diff is applied to the base: it must succeed
//! exactly when the base holds every value the diff starts from and the
//! result keeps no more pieces than squares, give the content the diff
//! describes, and revert to the base.

use core::fmt;
use core::hash::Hash;
use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Unstructured};
use persistent_qi::qpi::Qpi;
use persistent_qi::{Diff, Error, MAX_SQUARE_COUNT, Player, Qi};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::generate::{Draw, drawn};

/// The most edits a structure-aware input makes to the base.
const MAX_EDITS: usize = 12;

/// The `diff_decode` fuzz target.
///
/// The first byte picks the format (postcard, not human-readable, so
/// pieces go as their packed form; or JSON), the piece type (`u8` or
/// [`Qpi`]) and whether the rest is a document itself or the recipe of a
/// structure-aware one. Returns whether the crate accepted the document.
///
/// # Panics
///
/// On any disagreement, naming the document.
// The fuzz target calls it for its panics alone; tests read the verdict.
#[allow(clippy::must_use_candidate)]
pub fn diff_decode(data: &[u8]) -> bool {
    let Some((&selector, rest)) = data.split_first() else {
        return false;
    };
    let format = if selector & 1 == 0 {
        Format::Postcard
    } else {
        Format::Json
    };
    let structured = (selector >> 2) % 4 != 0;
    if selector & 2 == 0 {
        check::<u8>(format, structured, rest)
    } else {
        check::<Qpi>(format, structured, rest)
    }
}

/// The two formats a document comes in.
#[derive(Clone, Copy, Debug)]
enum Format {
    Postcard,
    Json,
}

impl Format {
    fn encode<T: Serialize>(self, value: &T) -> Vec<u8> {
        match self {
            Format::Postcard => postcard::to_stdvec(value).expect("a diff encodes"),
            Format::Json => serde_json::to_vec(value).expect("a diff encodes"),
        }
    }

    fn decode<T: DeserializeOwned>(self, bytes: &[u8]) -> Result<T, String> {
        match self {
            Format::Postcard => postcard::from_bytes(bytes).map_err(|error| error.to_string()),
            Format::Json => serde_json::from_slice(bytes).map_err(|error| error.to_string()),
        }
    }
}

/// A piece type of the target.
trait Piece: Serialize + DeserializeOwned + for<'a> Draw<'a> + Clone + Ord + Hash + fmt::Debug {}

impl<P> Piece for P where
    P: Serialize + DeserializeOwned + for<'a> Draw<'a> + Clone + Ord + Hash + fmt::Debug
{
}

/// A diff read with no rule but the types.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlainDiff<P> {
    squares: Vec<(u16, Option<P>, Option<P>)>,
    hands: Vec<(Player, P, u32, u32)>,
    turn_changed: bool,
}

/// The changes of a diff, as plain values.
type Plain<P> = (
    Vec<(usize, Option<P>, Option<P>)>,
    Vec<(Player, P, usize, usize)>,
    bool,
);

impl<P: Ord> PlainDiff<P> {
    /// The diff's rules, written afresh: indices strictly increasing and on
    /// the largest board, no square or count unchanged, hand changes
    /// strictly increasing by player then piece, each count at most the
    /// largest board, no more hand changes than two positions' hands hold.
    fn judge(self) -> Result<Plain<P>, String> {
        let indices = self.squares.iter().map(|(index, _, _)| usize::from(*index));
        if indices.clone().any(|index| index >= MAX_SQUARE_COUNT) {
            return Err("an index past the largest board".into());
        }
        if self.squares.windows(2).any(|pair| pair[0].0 >= pair[1].0) {
            return Err("indices out of order".into());
        }
        if self
            .squares
            .iter()
            .any(|(_, before, after)| before == after)
        {
            return Err("a square unchanged".into());
        }
        if self.hands.len() > 4 * MAX_SQUARE_COUNT {
            return Err("too many hand changes".into());
        }
        let limit = u32::try_from(MAX_SQUARE_COUNT).expect("65,025 fits");
        if self
            .hands
            .iter()
            .any(|&(_, _, before, after)| before.max(after) > limit)
        {
            return Err("a count past the largest board".into());
        }
        if self
            .hands
            .windows(2)
            .any(|pair| (pair[0].0, &pair[0].1) >= (pair[1].0, &pair[1].1))
        {
            return Err("hand changes out of order".into());
        }
        if self
            .hands
            .iter()
            .any(|(_, _, before, after)| before == after)
        {
            return Err("a count unchanged".into());
        }
        let squares = self
            .squares
            .into_iter()
            .map(|(index, before, after)| (usize::from(index), before, after))
            .collect();
        let count = |count: u32| usize::try_from(count).expect("a u32 fits");
        let hands = self
            .hands
            .into_iter()
            .map(|(player, piece, before, after)| (player, piece, count(before), count(after)))
            .collect();
        Ok((squares, hands, self.turn_changed))
    }
}

/// A diff's changes as plain values.
fn plain<P: Clone>(diff: &Diff<P>) -> Plain<P> {
    let squares = diff
        .squares()
        .iter()
        .map(|square| (square.index, square.before.clone(), square.after.clone()))
        .collect();
    let hands = diff
        .hands()
        .iter()
        .map(|hand| (hand.player, hand.piece.clone(), hand.before, hand.after))
        .collect();
    (squares, hands, diff.turn_changed())
}

fn check<P: Piece>(format: Format, structured: bool, data: &[u8]) -> bool {
    let (base, document) = if structured {
        let u = &mut Unstructured::new(data);
        match structured_document::<P>(u, format) {
            Ok((base, document)) => (Some(base), document),
            Err(_) => return false,
        }
    } else {
        (None, data.to_vec())
    };
    let shown = Shown(format, &document);
    let expected = format
        .decode::<PlainDiff<P>>(&document)
        .and_then(PlainDiff::judge);
    let diff: Diff<P> = match (format.decode::<Diff<P>>(&document), expected) {
        (Ok(diff), Ok(expected)) => {
            assert_eq!(plain(&diff), expected, "the changes of {shown}");
            diff
        }
        (Err(error), Err(_)) => {
            assert!(!error.is_empty(), "an empty message rejects {shown}");
            return false;
        }
        (Ok(diff), Err(reason)) => {
            panic!("{shown} decodes to {diff:?}, but the plain reading says: {reason}")
        }
        (Err(error), Ok(_)) => panic!("{shown} is valid, but the crate rejects it: {error}"),
    };
    let encoded = format.encode(&diff);
    let again: Diff<P> = format
        .decode(&encoded)
        .unwrap_or_else(|error| panic!("{shown} re-encodes to bytes that do not decode: {error}"));
    assert_eq!(again, diff, "the round trip of {shown} changes it");
    if let Some(base) = base {
        check_apply(&base, &diff, &shown);
    }
    true
}

/// `diff` applied to `base`: refused exactly when the base does not hold
/// what it starts from or the result would hold more pieces than squares,
/// else the described content, which reverts to `base`.
fn check_apply<P: Piece>(base: &Qi<P, u8>, diff: &Diff<P>, shown: &Shown<'_>) {
    let (squares, hands, turn_changed) = plain(diff);
    let starts_here = squares.iter().all(|(index, before, _)| {
        *index < base.square_count() && base.square(*index) == before.as_ref()
    }) && hands
        .iter()
        .all(|(player, piece, before, _)| base.hand_count(*player, piece) == *before);
    let mut board: Vec<Option<P>> = base.squares().map(Option::<&P>::cloned).collect();
    let mut held: [BTreeMap<P, usize>; 2] = Player::ALL.map(|player| {
        base.hand(player)
            .map(|(piece, count)| (piece.clone(), count))
            .collect()
    });
    if starts_here {
        for (index, _, after) in &squares {
            board[*index].clone_from(after);
        }
        for (player, piece, _, after) in &hands {
            let hand = &mut held[usize::from(player.is_second())];
            if *after == 0 {
                hand.remove(piece);
            } else {
                hand.insert(piece.clone(), *after);
            }
        }
    }
    let pieces =
        board.iter().flatten().count() + held.iter().flat_map(BTreeMap::values).sum::<usize>();
    match (diff.apply_to(base), starts_here) {
        (
            Err(
                Error::DiffSquareMismatch { .. }
                | Error::DiffHandMismatch { .. }
                | Error::IndexOutOfRange { .. },
            ),
            false,
        ) => {}
        (Err(Error::TooManyPieces { .. }), true) if pieces > base.square_count() => {}
        (Ok(applied), true) if pieces <= base.square_count() => {
            assert!(
                applied.squares().eq(board.iter().map(Option::as_ref)),
                "the board {shown} leads to"
            );
            for player in Player::ALL {
                let hand = &held[usize::from(player.is_second())];
                assert!(
                    applied
                        .hand(player)
                        .eq(hand.iter().map(|(piece, &count)| (piece, count))),
                    "the {player:?} hand {shown} leads to"
                );
            }
            assert_eq!(
                applied.turn() != base.turn(),
                turn_changed,
                "the turn {shown} leads to"
            );
            let reverted = diff
                .revert(&applied)
                .unwrap_or_else(|error| panic!("{shown} does not revert: {error}"));
            assert_eq!(&reverted, base, "{shown} reverted");
            assert_eq!(
                reverted.position_hash(),
                base.position_hash(),
                "{shown} reverted"
            );
        }
        (outcome, _) => panic!(
            "{shown} applied to {base:?} gives {outcome:?}, expected {}",
            if starts_here {
                "the described content"
            } else {
                "a mismatch"
            }
        ),
    }
}

/// A document as it is shown in a failure: text for JSON, bytes else.
struct Shown<'a>(Format, &'a [u8]);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Format::Json => write!(f, "the JSON diff {}", String::from_utf8_lossy(self.1)),
            Format::Postcard => write!(f, "the postcard diff {:?}", self.1),
        }
    }
}

/// A base from the crate's generator, a child made by a few edits, their
/// diff serialized and then mutated.
fn structured_document<P: Piece>(
    u: &mut Unstructured<'_>,
    format: Format,
) -> arbitrary::Result<(Qi<P, u8>, Vec<u8>)> {
    let base = drawn::<P>(u)?.position(0, 1);
    let square_count = base.square_count();
    let mut edit = base.edit();
    for _ in 0..u.int_in_range(0..=MAX_EDITS)? {
        match u.int_in_range(0..=3_u8)? {
            0 | 1 => {
                let index = u.choose_index(square_count)?;
                let square = if bool::arbitrary(u)? {
                    Some(P::draw(u)?)
                } else {
                    None
                };
                edit.set(index, square);
            }
            2 => {
                let player = if bool::arbitrary(u)? {
                    Player::First
                } else {
                    Player::Second
                };
                edit.hand(player, P::draw(u)?, u.int_in_range(-1..=2)?);
            }
            _ => {
                edit.toggle();
            }
        }
    }
    let child = edit.finish().unwrap_or_else(|_| base.clone());
    let diff = child.diff_from(&base).expect("same shape and styles");
    let mut bytes = format.encode(&diff);
    for _ in 0..mutation_count(u)? {
        let at = u.choose_index(bytes.len() + 1)?;
        match u.int_in_range(0..=2_u8)? {
            0 if at < bytes.len() => bytes[at] = u8::arbitrary(u)?,
            1 => bytes.insert(at, u8::arbitrary(u)?),
            _ if at < bytes.len() => _ = bytes.remove(at),
            _ => {}
        }
    }
    Ok((base, bytes))
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
