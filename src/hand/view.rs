//! The effective hands: the shared hands under a position's kept changes,
//! as every read sees them (iteration, counts, totals, equality and
//! `changes_since`), so the kept changes are invisible from outside.

use core::cmp::Ordering;

use archery::SharedPointerKind;

use super::{Hand, KEPT_HANDS, KeptHands, with_delta};
use crate::Player;

/// The pieces in `player`'s hand: the shared total plus the kept
/// differences. Mid-edit a total may be anything a `usize` holds: it
/// saturates rather than wraps.
pub(crate) fn effective_total<P, K: SharedPointerKind>(
    shared: &Hand<P, K>,
    kept: &KeptHands<P>,
    player: Player,
) -> usize {
    let delta: isize = kept.of(player).map(|(_, delta)| isize::from(delta)).sum();
    with_delta(shared.total(), delta)
}

/// How many copies of `piece` `player` holds: the shared count plus the
/// kept difference.
pub(crate) fn effective_count<P: Ord, K: SharedPointerKind>(
    shared: &Hand<P, K>,
    kept: &KeptHands<P>,
    player: Player,
    piece: &P,
) -> usize {
    with_delta(shared.count(piece), isize::from(kept.delta(player, piece)))
}

/// `player`'s hand as `(piece, count)` in piece order: the shared entries
/// and the kept changes merged, entries of 0 left out. With no kept change
/// of `player`'s, the shared entries as they are; with none shared either,
/// nothing: an empty hand (most hands, in most games) is read without
/// building the map's iterator.
pub(crate) fn effective_hand<'a, P: Ord, K: SharedPointerKind>(
    shared: &'a Hand<P, K>,
    kept: &'a KeptHands<P>,
    player: Player,
) -> impl Iterator<Item = (&'a P, usize)> + 'a {
    if kept.has(player) {
        HandIter::Merged(EffectiveHand::new(shared.iter(), kept, player))
    } else if shared.is_empty() {
        HandIter::Empty
    } else {
        HandIter::Shared(shared.iter())
    }
}

/// `true` if both positions hold the same hands: the shared hands
/// (first player's, second player's) and kept changes of each.
pub(crate) fn same_hands<P: Ord, K: SharedPointerKind>(
    mine: [&Hand<P, K>; 2],
    my_kept: &KeptHands<P>,
    theirs: [&Hand<P, K>; 2],
    their_kept: &KeptHands<P>,
) -> bool {
    if !my_kept.any() && !their_kept.any() {
        return mine[0].same_content(theirs[0]) && mine[1].same_content(theirs[1]);
    }
    Player::ALL
        .into_iter()
        .zip(mine.into_iter().zip(theirs))
        .all(|(player, (mine, theirs))| {
            effective_hand(mine, my_kept, player).eq(effective_hand(theirs, their_kept, player))
        })
}

/// A hand as the position holds it, read by the cheapest path that gives
/// its entries: none, the shared entries alone (`I`, in piece order), or
/// those merged with the kept changes.
enum HandIter<'a, P, I: Iterator> {
    Empty,
    Shared(I),
    Merged(EffectiveHand<'a, P, I>),
}

impl<'a, P: Ord, I: Iterator<Item = (&'a P, usize)>> Iterator for HandIter<'a, P, I> {
    type Item = (&'a P, usize);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            HandIter::Empty => None,
            HandIter::Shared(shared) => shared.next(),
            HandIter::Merged(merged) => merged.next(),
        }
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
    fn new(shared: I, kept: &'a KeptHands<P>, player: Player) -> Self {
        let mut changes = [None; KEPT_HANDS];
        for (slot, change) in changes.iter_mut().zip(kept.of(player)) {
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
            let count = with_delta(count, isize::from(delta));
            if count > 0 {
                return Some((piece, count));
            }
        }
    }
}
