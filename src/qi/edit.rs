//! One transformation for a whole move: board changes, hand changes and the
//! turn, built into a single new position.

// Every step of an edit takes the edit by value and returns it, and the
// edit holds a whole position: unless each step is inlined into the chain,
// the position is copied at every step. Forcing it saves about an eighth of
// a move's instructions (`cargo run --release --example move_profile -- --op
// edit_move`: 834 to 732 on 9x9 `Qpi`), which `#[inline]` alone does not.
#![allow(clippy::inline_always)]

use core::hash::Hash;
use triomphe::Arc;

use super::{Qi, fresh_version};
use crate::hand::{CountChange, HandError};
use crate::hash::{SECOND_TO_MOVE, hand_term, square_term, stable_hash};
use crate::{Error, Player};

/// A new position in the making, started by [`Qi::edit`] and built by
/// [`finish`](Edit::finish).
///
/// A move in shogi is a board change plus, on a capture or a drop, a hand
/// change, plus the turn. An `Edit` takes them all and builds the result
/// with one clone of the parent, one update of the hash per change, one
/// check of the piece total (on the finished position) and one new version.
/// A drop therefore never has to pass through an intermediate position with
/// a piece too many, as it would done board first, then hand.
///
/// An edit holds the position it builds, and each step takes it and gives
/// it back: written as one chain, the steps compile to writes in place.
/// Assigned back step by step under conditions (`edit = edit.set(..)`
/// inside an `if`), the position may be copied at each step, which costs
/// more than the writes; for changes known only at run time, prefer
/// [`board_diff`](Edit::board_diff) and [`hand_diff`](Edit::hand_diff) with
/// an iterator of them.
///
/// Changes apply in the order they are given. The first one that fails (an
/// index off the board, a hand removal of more copies than held) is the
/// error `finish` returns; every change after it is ignored. The parent is
/// never touched, so a failed edit leaves nothing changed.
///
/// ```
/// use persistent_qi::{Player, Qi};
///
/// let start: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")?
///     .board_diff([(40, Some("P")), (31, Some("p"))])?;
///
/// // A capture: the pawn takes on 31, the captured pawn goes to the hand
/// // as the capturer's, and the turn passes.
/// let capture = start
///     .edit()
///     .set(40, None)
///     .set(31, Some("P"))
///     .hand(Player::First, "P", 1)
///     .toggle()
///     .finish()?;
/// assert_eq!(capture.square(31), Some(&"P"));
/// assert_eq!(capture.first_hand_count(&"P"), 1);
/// assert_eq!(capture.turn(), Player::Second);
///
/// // A drop: out of the hand, onto the board, in one step.
/// let drop = capture.edit().hand(Player::First, "P", -1).set(4, Some("P")).finish()?;
/// assert_eq!(drop.board_piece_count(), 2);
///
/// // The first failing change is the error; the parent is unchanged.
/// let error = capture.edit().set(4, Some("R")).set(81, None).finish().unwrap_err();
/// assert_eq!(error.to_string(), "invalid flat index: 81 (board has 81 squares)");
/// assert_eq!(capture.square(4), None);
/// # Ok::<(), persistent_qi::Error>(())
/// ```
#[must_use = "an edit builds nothing until `finish` is called"]
pub struct Edit<P, S> {
    next: Qi<P, S>,
    /// The parent's board stamp, to settle a bulk edit's writes at the end.
    stamp: u64,
    /// The first change that failed; later changes are ignored. Boxed: an
    /// error is rare, and the edit is moved at every step of a chain, so it
    /// stays a pointer wide rather than the size of an [`Error`].
    error: Option<Box<Error>>,
    /// How many board and hand changes have been given, for error reports.
    changes: usize,
}

impl<P: Clone, S> Qi<P, S> {
    /// Starts a new position from this one, to be changed square by square,
    /// hand entry by hand entry, and built by [`Edit::finish`].
    ///
    /// O(1): the edit holds a clone. See [`Edit`] for an example.
    #[inline(always)]
    pub fn edit(&self) -> Edit<P, S> {
        Edit {
            next: self.clone(),
            stamp: self.board.stamp(),
            error: None,
            changes: 0,
        }
    }

    /// Passes the turn to `turn`, in place.
    pub(super) fn set_turn(&mut self, turn: Player) {
        if turn != self.turn {
            self.turn = turn;
            self.hash ^= SECOND_TO_MOVE;
        }
    }

    /// Fails with [`Error::TooManyPieces`] if the pieces outnumber the squares.
    pub(super) fn check_cardinality(&self) -> Result<(), Error> {
        let squares = self.square_count();
        // Mid-edit, a hand total may be anything a usize holds, so the sum
        // saturates: a total too large to add is over the limit either way.
        let pieces = saturating_total(
            self.board_piece_count(),
            self.hands_and_setup.first_hand.total(),
            self.hands_and_setup.second_hand.total(),
        );
        if pieces > squares {
            return Err(Error::TooManyPieces { pieces, squares });
        }
        Ok(())
    }
}

/// The piece total of a position from its three parts, saturating at
/// `usize::MAX`: on a 32-bit target, two hand totals can each be near the
/// top of the range while a diff is applied.
pub(super) fn saturating_total(board: usize, first_hand: usize, second_hand: usize) -> usize {
    board.saturating_add(first_hand).saturating_add(second_hand)
}

impl<P: Clone + Ord + Hash, S> Qi<P, S> {
    /// Writes one square in place. One walk down the board: the old square
    /// comes back from the write, for the hash and the piece count.
    #[inline(always)]
    fn set_square_mut(
        &mut self,
        index: usize,
        square: Option<P>,
        change: usize,
    ) -> Result<(), Error> {
        let square_count = self.square_count();
        if index >= square_count {
            return Err(Error::IndexOutOfRange {
                index,
                square_count,
                change: Some(change),
            });
        }
        if let Some(new) = &square {
            self.hash ^= square_term(index, stable_hash(new));
            self.board_pieces += 1;
        }
        if let Some(old) = self.board.replace(index, square) {
            self.hash ^= square_term(index, stable_hash(&old));
            self.board_pieces -= 1;
        }
        Ok(())
    }

    /// Adds `delta` copies of `piece` to a hand in place (removes them if
    /// negative).
    fn change_hand_mut(
        &mut self,
        player: Player,
        piece: P,
        delta: i32,
        change: usize,
    ) -> Result<(), Error> {
        if delta == 0 {
            // Nothing to do, and nothing to copy.
            return Ok(());
        }
        let key = stable_hash(&piece);
        // Copies the hands only if another version shares them: once per
        // edit at most.
        let hand = Arc::make_mut(&mut self.hands_and_setup).hand_mut(player);
        match hand.apply(piece, delta) {
            Ok(CountChange { before, after }) => {
                if before > 0 {
                    self.hash ^= hand_term(player, before, key);
                }
                if after > 0 {
                    self.hash ^= hand_term(player, after, key);
                }
                Ok(())
            }
            Err(HandError::Underflow { held, requested }) => Err(Error::HandUnderflow {
                player,
                held,
                requested,
                change,
            }),
            Err(HandError::Overflow) => Err(Error::TooManyPieces {
                pieces: usize::MAX,
                squares: self.square_count(),
            }),
        }
    }
}

impl<P: Clone + Ord + Hash, S> Edit<P, S> {
    /// Puts `square` on the square at `index`: `Some(piece)` places a piece
    /// (replacing whatever was there), `None` empties it. O(log n); the
    /// block and the path to it are copied once per edit, on the first write.
    #[inline(always)]
    pub fn set(mut self, index: usize, square: Option<P>) -> Self {
        self.set_in_place(index, square);
        self
    }

    /// Applies the changes of a [`Qi::board_diff`], in order, up to the
    /// first that fails: an endless iterator stops there.
    #[inline(always)]
    pub fn board_diff(mut self, changes: impl IntoIterator<Item = (usize, Option<P>)>) -> Self {
        for (index, square) in changes {
            if self.error.is_some() {
                break;
            }
            self.set_in_place(index, square);
        }
        self
    }

    /// [`set`](Edit::set) without moving the edit: a position is over a
    /// hundred bytes, and a loop of moves would copy it twice per change.
    #[inline(always)]
    fn set_in_place(&mut self, index: usize, square: Option<P>) {
        let change = self.next_change();
        if self.error.is_none()
            && let Err(error) = self.next.set_square_mut(index, square, change)
        {
            self.error = Some(Box::new(error));
        }
    }

    /// [`hand`](Edit::hand) without moving the edit.
    #[inline(always)]
    fn hand_in_place(&mut self, player: Player, piece: P, delta: i32) {
        let change = self.next_change();
        if self.error.is_none()
            && let Err(error) = self.next.change_hand_mut(player, piece, delta, change)
        {
            self.error = Some(Box::new(error));
        }
    }

    /// Adds `delta` copies of `piece` to `player`'s hand (removes them if
    /// negative; 0 does nothing). O(log h) for h kinds of piece in the hand.
    ///
    /// The piece total is checked once, by [`finish`](Edit::finish), so a
    /// drop may take the piece out of the hand after putting it on the board.
    #[inline(always)]
    pub fn hand(mut self, player: Player, piece: P, delta: i32) -> Self {
        self.hand_in_place(player, piece, delta);
        self
    }

    /// Applies the changes of a [`Qi::hand_diff`] to `player`'s hand, in
    /// order, up to the first that fails: an endless iterator stops there.
    #[inline(always)]
    pub fn hand_diff(
        mut self,
        player: Player,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Self {
        for (piece, delta) in changes {
            if self.error.is_some() {
                break;
            }
            self.hand_in_place(player, piece, delta);
        }
        self
    }
}

impl<P: Clone, S> Edit<P, S> {
    /// Passes the turn to the other player.
    #[inline(always)]
    pub fn toggle(self) -> Self {
        let turn = self.next.turn.flip();
        self.with_turn(turn)
    }

    /// Gives the turn to `turn`.
    #[inline(always)]
    pub fn with_turn(mut self, turn: Player) -> Self {
        self.next.set_turn(turn);
        self
    }

    /// Builds the new position: one check of the piece total, one new
    /// version.
    ///
    /// # Errors
    ///
    /// The first change that failed, in the order given:
    /// [`Error::IndexOutOfRange`] for an index off the board, or
    /// [`Error::HandUnderflow`] for a removal of more copies than the hand
    /// held at that point. Otherwise [`Error::TooManyPieces`] if the finished
    /// position holds more pieces (board and hands) than squares, or at once
    /// if a hand count would not fit a `usize`. Each error's `change` counts
    /// the board and hand changes of the edit from 0, in the order given.
    #[inline(always)]
    pub fn finish(self) -> Result<Qi<P, S>, Error> {
        let Edit {
            mut next,
            stamp,
            error,
            ..
        } = self;
        if let Some(error) = error {
            return Err(*error);
        }
        next.check_cardinality()?;
        next.board.settle(stamp);
        next.version = fresh_version();
        Ok(next)
    }

    /// The number of the change being given, from 0.
    #[inline(always)]
    fn next_change(&mut self) -> usize {
        let change = self.changes;
        self.changes += 1;
        change
    }
}

#[cfg(test)]
mod tests {
    use super::saturating_total;

    // A 32-bit target adds hand totals near `u32::MAX`; the same sums near
    // `usize::MAX` exercise the same saturation on the 64-bit CI machine.
    #[test]
    fn the_piece_total_saturates_instead_of_wrapping() {
        assert_eq!(saturating_total(1, usize::MAX, 0), usize::MAX);
        assert_eq!(
            saturating_total(0, usize::MAX - 1, usize::MAX - 1),
            usize::MAX
        );
        assert_eq!(saturating_total(usize::MAX, 1, 1), usize::MAX);
        assert_eq!(saturating_total(3, 4, 5), 12);
    }
}
