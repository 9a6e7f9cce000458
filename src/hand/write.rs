//! The hands' write path: where a change of a count goes (kept in the
//! position, or into the shared hands), and the flush of the kept changes.
//!
//! A capture or a drop changes one count of one hand. Copying the shared
//! hands for it (the position's shared block, and the imbl node that holds
//! the count) would cost two allocations per move; instead the position
//! keeps the difference from the shared count, for up to
//! [`KEPT_HANDS`](super::KEPT_HANDS) pieces (`kept.rs`), as it keeps its last square writes. A change that
//! finds no room, or a difference that does not fit an `i8`, flushes every
//! kept change into the shared hands first (one copy of them), then goes
//! there too.

use archery::SharedPointerKind;

use super::{Hand, HandDelta, HandError, KeptHands, with_delta};
use crate::write_policy::{WritePolicy, write_policy};
use crate::{Error, Player};

/// What holds the shared hands and copies them on write (the position's
/// shared pointer): the hands' counterpart of the board's `StoreMut`.
pub(crate) trait HandsMut<P, K: SharedPointerKind> {
    /// Both shared hands, the first player's first, made unique: copied
    /// once if shared.
    fn hands_mut(&mut self) -> [&mut Hand<P, K>; 2];
}

/// `player`'s hand of the two.
fn of<P, K: SharedPointerKind>(
    [first, second]: [&mut Hand<P, K>; 2],
    player: Player,
) -> &mut Hand<P, K> {
    match player {
        Player::First => first,
        Player::Second => second,
    }
}

/// Sets `player`'s count of `piece` from `before` (what it held: the
/// shared count `shared` and the kept difference) to `after`: kept in
/// `kept` if there is room and the difference from the shared count fits,
/// else in the shared hands.
pub(crate) fn set_count<P: Ord + Clone, K: SharedPointerKind>(
    kept: &mut KeptHands<P>,
    hands: &mut impl HandsMut<P, K>,
    player: Player,
    piece: P,
    shared: usize,
    before: usize,
    after: usize,
) {
    if write_policy::<P>() == WritePolicy::Through {
        // No hand change is kept for such pieces either.
        of(hands.hands_mut(), player).set_count(piece, before, after);
        return;
    }
    let piece = match kept_delta(shared, after) {
        Some(delta) => match kept.set_delta(player, piece, delta) {
            Ok(()) => return,
            Err(piece) => piece,
        },
        None => piece,
    };
    // No room, or too large a difference: every kept change goes to the
    // shared hands (copied once), so the shared count of `piece` is now
    // `before`, and this change is kept in the room that leaves, if its
    // difference fits.
    flush(kept, hands.hands_mut());
    let piece = match kept_delta(before, after) {
        Some(delta) => match kept.set_delta(player, piece, delta) {
            Ok(()) => return,
            Err(piece) => piece,
        },
        None => piece,
    };
    of(hands.hands_mut(), player).set_count(piece, before, after);
}

/// The difference a kept change from a shared count of `shared` to `after`
/// would hold, if it fits.
fn kept_delta(shared: usize, after: usize) -> Option<i8> {
    let difference = isize::try_from(after).ok()? - isize::try_from(shared).ok()?;
    i8::try_from(difference).ok()
}

/// Moves every kept hand change into the shared hands.
fn flush<P: Ord + Clone, K: SharedPointerKind>(
    kept: &mut KeptHands<P>,
    [first, second]: [&mut Hand<P, K>; 2],
) {
    for (HandDelta { player, delta }, piece) in kept.drain() {
        let hand = match player {
            Player::First => &mut *first,
            Player::Second => &mut *second,
        };
        let before = hand.count(&piece);
        let after = with_delta(before, isize::from(delta));
        hand.set_count(piece, before, after);
    }
}

/// The position's error for a hand's refusal of `player`'s entry or change
/// number `at`, on a board of `squares` squares. A count that would not fit
/// a `usize` is reported as `usize::MAX` pieces: more than any board holds.
pub(crate) fn refused(error: HandError, player: Player, at: usize, squares: usize) -> Error {
    match error {
        HandError::Duplicate => Error::DuplicateHandPiece { player, entry: at },
        HandError::Underflow { held, requested } => Error::HandUnderflow {
            player,
            held,
            requested,
            change: at,
        },
        HandError::Overflow => Error::TooManyPieces {
            pieces: usize::MAX,
            squares,
        },
    }
}

/// The effective count of a hand after a change of `delta` from `before`,
/// or why there is none.
pub(crate) fn counted(before: usize, delta: i32) -> Result<usize, HandError> {
    let magnitude = usize::try_from(delta.unsigned_abs()).unwrap_or(usize::MAX);
    if delta >= 0 {
        before.checked_add(magnitude).ok_or(HandError::Overflow)
    } else if magnitude > before {
        Err(HandError::Underflow {
            held: before,
            requested: magnitude,
        })
    } else {
        Ok(before - magnitude)
    }
}
