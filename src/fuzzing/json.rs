//! The `serde_json` target: any bytes into the validating deserializer.

use core::fmt;
use core::hash::Hash;

use ::serde::Serialize;
use ::serde::de::DeserializeOwned;

use crate::qpi::{Qpi, Sin};
use crate::{Player, Qi};

/// The `serde_json` fuzz target.
///
/// The first byte picks the piece and style types (`u8`, [`Qpi`] with
/// [`Sin`], or `String`); the rest is a JSON document given to
/// `serde_json::from_slice`. A rejected document must come with a message. An
/// accepted one must keep every invariant (pieces ≤ squares, no zero count,
/// counters equal to a recount, hash equal to a recomputed one), equal the
/// position rebuilt from its content through the public API, and survive a
/// round trip: serialized again, it decodes to an equal position and
/// re-serializes to the same bytes.
///
/// Memory is bounded by libFuzzer's RSS limit: a document that made the
/// decoder allocate in proportion to a claimed size would be reported.
///
/// # Panics
///
/// On any broken invariant or round trip, naming the document.
pub fn serde_json(data: &[u8]) {
    let Some((&selector, document)) = data.split_first() else {
        return;
    };
    match selector % 3 {
        0 => check_document::<u8, u8>(document),
        1 => check_document::<Qpi, Sin>(document),
        _ => check_document::<String, String>(document),
    }
}

fn check_document<P, S>(document: &[u8])
where
    P: DeserializeOwned + Serialize + Clone + Ord + Hash + fmt::Debug,
    S: DeserializeOwned + Serialize + Clone + Eq + Hash + fmt::Debug,
{
    let shown = String::from_utf8_lossy(document);
    let position: Qi<P, S> = match ::serde_json::from_slice(document) {
        Ok(position) => position,
        Err(error) => {
            assert!(
                !error.to_string().is_empty(),
                "an empty message rejects {shown}"
            );
            return;
        }
    };
    check_invariants(&position, &shown);
    assert_eq!(
        rebuilt(&position).as_ref(),
        Ok(&position),
        "{shown} decodes to a position the public API builds differently"
    );
    let encoded = ::serde_json::to_vec(&position)
        .unwrap_or_else(|error| panic!("{shown} decodes but does not encode: {error}"));
    let again: Qi<P, S> = ::serde_json::from_slice(&encoded).unwrap_or_else(|error| {
        panic!(
            "{shown} re-encodes as {} which does not decode: {error}",
            String::from_utf8_lossy(&encoded)
        )
    });
    assert_eq!(again, position, "the round trip of {shown} changes it");
    assert_eq!(
        ::serde_json::to_vec(&again).ok(),
        Some(encoded),
        "{shown} does not re-encode to the same bytes"
    );
}

/// Pieces ≤ squares, no zero count, counters equal to a recount, the hash
/// equal to one recomputed from scratch.
fn check_invariants<P, S>(position: &Qi<P, S>, shown: &str)
where
    P: Clone + Ord + Hash + fmt::Debug,
    S: Hash,
{
    let board_pieces = position.squares().flatten().count();
    assert_eq!(
        position.squares().count(),
        position.square_count(),
        "squares of {shown}"
    );
    assert_eq!(
        position.board_piece_count(),
        board_pieces,
        "board_piece_count of {shown}"
    );
    let mut hand_pieces = 0;
    for player in Player::ALL {
        for (piece, count) in position.hand(player) {
            assert!(count > 0, "{shown} decodes with a zero count of {piece:?}");
            assert_eq!(position.hand_count(player, piece), count, "{shown}");
            hand_pieces += count;
        }
    }
    assert_eq!(
        position.hand_piece_count(),
        hand_pieces,
        "hand_piece_count of {shown}"
    );
    assert!(
        position.piece_count() <= position.square_count(),
        "{shown} decodes with more pieces than squares"
    );
    assert_eq!(
        position.position_hash(),
        position.recompute_position_hash(),
        "the hash of {shown}"
    );
}

/// The same content, built through `new`, the diffs and `with_turn`.
fn rebuilt<P, S>(position: &Qi<P, S>) -> Result<Qi<P, S>, crate::Error>
where
    P: Clone + Ord + Hash,
    S: Clone + Hash,
{
    let board = position
        .squares()
        .enumerate()
        .filter_map(|(index, square)| square.map(|piece| (index, Some(piece.clone()))));
    let hand = |player| {
        position
            .hand(player)
            .map(|(piece, count)| (piece.clone(), i32::try_from(count).unwrap_or(i32::MAX)))
            .collect::<Vec<_>>()
    };
    Qi::new(
        position.shape(),
        position.first_style().clone(),
        position.second_style().clone(),
    )?
    .board_diff(board)?
    .first_hand_diff(hand(Player::First))?
    .second_hand_diff(hand(Player::Second))
    .map(|rebuilt| rebuilt.with_turn(position.turn()))
}
