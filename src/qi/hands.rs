//! The hands as a position holds them: the shared hands (imbl maps) under
//! the position's kept hand changes.
//!
//! A capture or a drop changes one count of one hand. Copying the shared
//! hands for it (the `Shared` block, and the imbl node that holds the
//! count) would cost two allocations per move; instead the position keeps
//! the difference from the shared count, for up to two pieces (see
//! `src/board/kept.rs`), as it keeps its last square writes. A change that
//! finds no room, or a difference that does not fit an `i8`, moves every
//! kept change into the shared hands first (one copy of them), then goes
//! there too.
//!
//! Every count read here is the shared count plus the kept difference, so
//! the kept changes are invisible from outside: iteration, counts, totals,
//! equality and `changes_since` all read the effective hands.

use core::cmp::Ordering;

use archery::{SharedPointer, SharedPointerKind};

use super::{GenericQi, Shared};
use crate::Player;
use crate::board::{HandEntry, KEPT_HANDS, Kept, keeps_writes};
use crate::hand::HandError;

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The pieces in `player`'s hand: the shared total plus the kept
    /// differences. Mid-edit a total may be anything a `usize` holds: it
    /// saturates rather than wraps.
    pub(super) fn hand_total(&self, player: Player) -> usize {
        let delta: isize = self
            .kept
            .hand_changes()
            .filter(|(entry, _)| entry.player == player)
            .map(|(entry, _)| isize::from(entry.delta))
            .sum();
        saturating_add_signed(self.shared.hand(player).total(), delta)
    }
}

/// `count + delta`, saturating at 0 and at `usize::MAX`.
fn saturating_add_signed(count: usize, delta: isize) -> usize {
    count
        .checked_add_signed(delta)
        .unwrap_or(if delta < 0 { 0 } else { usize::MAX })
}

impl<P: Ord, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// How many copies of `piece` `player` holds: the shared count plus the
    /// kept difference.
    pub(super) fn effective_count(&self, player: Player, piece: &P) -> usize {
        let shared = self.shared.hand(player).count(piece);
        saturating_add_signed(shared, isize::from(self.kept.hand_delta(player, piece)))
    }

    /// `player`'s hand as `(piece, count)` in piece order: the shared
    /// entries and the kept changes merged, entries of 0 left out.
    pub(super) fn effective_hand(&self, player: Player) -> impl Iterator<Item = (&P, usize)> + '_ {
        EffectiveHand::new(self.shared.hand(player).iter(), &self.kept, player)
    }

    /// `true` if both hold the same hands.
    pub(super) fn same_hands(&self, other: &Self) -> bool {
        let (mine, theirs) = (&*self.shared, &*other.shared);
        if !self.kept.has_hand_changes() && !other.kept.has_hand_changes() {
            return mine.first_hand.same_content(&theirs.first_hand)
                && mine.second_hand.same_content(&theirs.second_hand);
        }
        Player::ALL
            .into_iter()
            .all(|player| self.effective_hand(player).eq(other.effective_hand(player)))
    }
}

impl<P: Ord + Clone, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Sets `player`'s count of `piece` from `before` (what it held) to
    /// `after`: kept in the position if there is room and the difference
    /// from the shared count fits, else in the shared hands.
    pub(super) fn set_hand_count(&mut self, player: Player, piece: P, before: usize, after: usize) {
        let shared_count = self.shared.hand(player).count(&piece);
        let delta = isize::try_from(after)
            .ok()
            .zip(isize::try_from(shared_count).ok())
            .and_then(|(after, shared)| i8::try_from(after - shared).ok());
        let piece = match delta {
            Some(delta) if keeps_writes::<P>() => {
                match self.kept.set_hand_delta(player, piece, delta) {
                    Ok(()) => return,
                    Err(piece) => piece,
                }
            }
            _ => piece,
        };
        let shared = SharedPointer::make_mut(&mut self.shared);
        shared.settle_hands(&mut self.kept);
        shared.hand_mut(player).set_count(piece, before, after);
    }
}

impl<P: Ord + Clone, S, K: SharedPointerKind> Shared<P, S, K> {
    /// Moves every kept hand change into the shared hands.
    fn settle_hands(&mut self, kept: &mut Kept<P>) {
        for (HandEntry { player, delta }, piece) in kept.drain_hand_changes() {
            let hand = self.hand_mut(player);
            let before = hand.count(&piece);
            let after = before
                .checked_add_signed(isize::from(delta))
                .unwrap_or_default();
            hand.set_count(piece, before, after);
        }
    }
}

/// The effective count of a hand after a change of `delta` from `before`,
/// or why there is none.
pub(super) fn counted(before: usize, delta: i32) -> Result<usize, HandError> {
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

/// A hand as the position holds it, in piece order: the shared entries
/// (`I`, in piece order) merged with the kept changes.
struct EffectiveHand<'a, P, I: Iterator> {
    shared: core::iter::Peekable<I>,
    /// The kept changes of this player, in piece order; `next` is the first
    /// not yet passed.
    changes: [Option<(&'a P, i8)>; KEPT_HANDS],
    next: usize,
}

impl<'a, P: Ord, I: Iterator<Item = (&'a P, usize)>> EffectiveHand<'a, P, I> {
    fn new(shared: I, kept: &'a Kept<P>, player: Player) -> Self {
        let mut changes = [None; KEPT_HANDS];
        for (slot, change) in changes.iter_mut().zip(kept.hand_changes_of(player)) {
            *slot = Some(change);
        }
        EffectiveHand {
            shared: shared.peekable(),
            changes,
            next: 0,
        }
    }
}

impl<'a, P: Ord, I: Iterator<Item = (&'a P, usize)>> Iterator for EffectiveHand<'a, P, I> {
    type Item = (&'a P, usize);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let change = self.changes.get(self.next).copied().flatten();
            let (piece, count, delta) = match (self.shared.peek(), change) {
                (None, None) => return None,
                (Some(_), None) => {
                    let (piece, count) = self.shared.next()?;
                    (piece, count, 0)
                }
                (None, Some((piece, delta))) => {
                    self.next += 1;
                    (piece, 0, delta)
                }
                (Some(&(shared_piece, count)), Some((piece, delta))) => {
                    match shared_piece.cmp(piece) {
                        Ordering::Less => {
                            self.shared.next();
                            (shared_piece, count, 0)
                        }
                        Ordering::Greater => {
                            self.next += 1;
                            (piece, 0, delta)
                        }
                        Ordering::Equal => {
                            self.shared.next();
                            self.next += 1;
                            (piece, count, delta)
                        }
                    }
                }
            };
            let count = saturating_add_signed(count, isize::from(delta));
            if count > 0 {
                return Some((piece, count));
            }
        }
    }
}
