//! The position's in-place writes: a square, a hand count and the turn,
//! each with its hash term, and the checks of the piece total. The steps
//! of an [`Edit`](super::Edit) and the transformations call them on the
//! position being built.

// Each is a few instructions, called in the hot loop of every search:
// inlined into the caller's code, where the position being built stays in
// one place.
#![allow(clippy::inline_always)]

use core::hash::Hash;

use archery::SharedPointerKind;

use super::GenericQi;
use crate::board;
use crate::hand::{self, with_delta};
use crate::hash::{SECOND_TO_MOVE, hand_term, square_term, stable_hash};
use crate::{Error, Player};

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Passes the turn to `turn`, in place.
    #[inline(always)]
    pub(super) fn set_turn(&mut self, turn: Player) {
        if turn != self.turn {
            self.turn = turn;
            self.hash ^= SECOND_TO_MOVE;
        }
    }

    /// Fails with [`Error::TooManyPieces`] if the pieces outnumber the squares.
    #[inline(always)]
    pub(super) fn check_cardinality(&self) -> Result<(), Error> {
        self.check_pieces(None)
    }

    /// [`check_cardinality`](GenericQi::check_cardinality), with the pieces
    /// in both hands if they were counted already.
    #[inline(always)]
    pub(super) fn check_pieces(&self, hands: Option<usize>) -> Result<(), Error> {
        let hands = match hands {
            Some(hands) => hands,
            // Both hands empty (the common case of chess and Go): no hand
            // total to add up.
            None if !self.kept.hands.any()
                && self.shared.hands().iter().all(|hand| hand.total() == 0) =>
            {
                0
            }
            None => self.pieces_in_hands(),
        };
        // Mid-edit, a hand total may be anything a usize holds, so the sum
        // saturates: a total too large to add is over the limit either way.
        let pieces = self.board_piece_count().saturating_add(hands);
        let squares = self.shared.store.square_count();
        if pieces > squares {
            return Err(Error::TooManyPieces { pieces, squares });
        }
        Ok(())
    }

    /// The pieces in both hands, saturating.
    pub(super) fn pieces_in_hands(&self) -> usize {
        self.hand_total(Player::First)
            .saturating_add(self.hand_total(Player::Second))
    }
}

/// An edit's count of the pieces in hands (`EditState::hands`) before any
/// hand change has counted the hands. No count reaches it: an edit's hand
/// totals stay within the square count plus [`OVERSHOOT`] (see [`GenericQi::change_hand_mut`]).
pub(super) const UNCOUNTED: usize = usize::MAX;

/// How far past the square count the piece total of an edit may run
/// before the edit fails: what one hand change can take back (`-i32::MIN`
/// copies). A diff may overshoot and come back, but no further: a long run
/// of additions fails at its second change, not when a count overflows.
pub(super) const OVERSHOOT: usize = 1 << 31;
/// [`OVERSHOOT`] as an edit's net additions are counted.
// 2^31 fits an `i64` on every target.
#[allow(clippy::cast_possible_wrap)]
const OVERSHOOT_NET: i64 = OVERSHOOT as i64;

/// The piece total of a position from its three parts, saturating at
/// `usize::MAX`: on a 32-bit target, two hand totals can each be near the
/// top of the range while a diff is applied.
pub(super) fn saturating_total(board: usize, first_hand: usize, second_hand: usize) -> usize {
    board.saturating_add(first_hand).saturating_add(second_hand)
}

impl<P: Clone + Ord + Hash, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Writes one square in place. One walk down the board at most: the old
    /// square comes back from the write, for the hash and the piece count.
    /// `true` if the write logged the kept writes or flushed them into the
    /// blocks.
    #[inline(always)]
    pub(super) fn set_square_mut(&mut self, index: usize, square: Option<P>) -> bool {
        if let Some(new) = &square {
            self.hash ^= square_term(index, stable_hash(new));
            self.board_pieces += 1;
        }
        let written =
            board::write::<true, P, K>(&mut self.shared, &mut self.kept.squares, index, square);
        if let Some(old) = written.old {
            self.hash ^= square_term(index, stable_hash(&old));
            self.board_pieces -= 1;
        }
        written.logged_or_flushed
    }

    /// Writes one square in place, the caller vouching that it holds `old`:
    /// the board is not read. The piece count wraps rather than panics on a
    /// wrong `old`: the edit then fails its piece check or leaves a wrong
    /// count, as [`Edit::replace`](super::Edit::replace) documents.
    #[inline(always)]
    pub(super) fn replace_square_mut(
        &mut self,
        index: usize,
        old: Option<&P>,
        square: Option<P>,
    ) -> bool {
        debug_assert!(
            self.square(index) == old,
            "replace: square {index} does not hold what the caller said"
        );
        if let Some(old) = old {
            self.hash ^= square_term(index, stable_hash(old));
            self.board_pieces = self.board_pieces.wrapping_sub(1);
        }
        if let Some(new) = &square {
            self.hash ^= square_term(index, stable_hash(new));
            self.board_pieces = self.board_pieces.wrapping_add(1);
        }
        board::write::<false, P, K>(&mut self.shared, &mut self.kept.squares, index, square)
            .logged_or_flushed
    }

    /// Adds `delta` copies of `piece` to a hand in place (removes them if
    /// negative): kept in the position where there is room (see
    /// `hands.rs`), else in the shared hands, copied if another version
    /// shares them. Returns the count's increase (negative for a decrease,
    /// saturating); on error nothing changes. `added` is what the edit's
    /// earlier changes added to the piece total (net, saturating); `hands`
    /// the pieces in both hands, or [`UNCOUNTED`]: an increase that needs
    /// the total counts it, and every change that goes ahead keeps it up to
    /// date.
    #[inline(always)]
    pub(super) fn change_hand_mut(
        &mut self,
        player: Player,
        piece: P,
        delta: i32,
        change: usize,
        added: i64,
        hands: &mut usize,
    ) -> Result<i64, Error> {
        if delta == 0 {
            // Nothing to do, and nothing to copy.
            return Ok(0);
        }
        let shared = self.shared.hand(player).count(&piece);
        let before = with_delta(shared, isize::from(self.kept.hands.delta(player, &piece)));
        let squares = self.shared.store.square_count();
        let after = hand::counted(before, delta)
            .map_err(|error| hand::refused(error, player, change, squares))?;
        // The edit began with at most as many pieces as squares, as every
        // position holds: while its net additions stay within `OVERSHOOT`,
        // so does the piece total, with nothing to count.
        let within = |increase: usize| {
            i64::try_from(increase)
                .ok()
                .and_then(|increase| added.checked_add(increase))
                .is_some_and(|net| net <= OVERSHOOT_NET)
        };
        if after > before && !within(after - before) {
            if *hands == UNCOUNTED {
                *hands = self.pieces_in_hands();
            }
            // The piece total with this change, which only adds to it.
            let pieces = saturating_total(self.board_piece_count(), *hands, after - before);
            if pieces > squares.saturating_add(OVERSHOOT) {
                return Err(Error::TooManyPieces { pieces, squares });
            }
        }
        if *hands != UNCOUNTED {
            // `before` is part of the total, and an increase was checked
            // above: neither end is reached.
            *hands = hands.saturating_sub(before).saturating_add(after);
        }
        let key = stable_hash(&piece);
        if before > 0 {
            self.hash ^= hand_term(player, before, key);
        }
        if after > 0 {
            self.hash ^= hand_term(player, after, key);
        }
        hand::set_count(
            &mut self.kept.hands,
            &mut self.shared,
            player,
            piece,
            shared,
            before,
            after,
        );
        let increase = |from: usize, to: usize| i64::try_from(to - from).unwrap_or(i64::MAX);
        Ok(if after >= before {
            increase(before, after)
        } else {
            -increase(after, before)
        })
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
