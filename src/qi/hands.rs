//! The hands as a position holds them: the shared hands (imbl maps) under
//! the position's kept hand changes.
//!
//! A capture or a drop changes one count of one hand. Copying the shared
//! hands for it (the `Shared` block, and the imbl node that holds the
//! count) would cost two allocations per move; instead the position keeps
//! the difference from the shared count, for up to
//! [`KEPT_HANDS`] pieces (see `src/hand/kept.rs`), as it keeps its last
//! square writes. A change that
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
use crate::board::{Writes, writes};
use crate::hand::{HandEntry, HandError, KEPT_HANDS, KeptHands, with_delta};
use crate::{Error, Player};

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The pieces in `player`'s hand: the shared total plus the kept
    /// differences. Mid-edit a total may be anything a `usize` holds: it
    /// saturates rather than wraps.
    pub(super) fn hand_total(&self, player: Player) -> usize {
        let delta: isize = self
            .kept
            .hands
            .of(player)
            .map(|(_, delta)| isize::from(delta))
            .sum();
        with_delta(self.shared.hand(player).total(), delta)
    }
}

impl<P: Ord, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// How many copies of `piece` `player` holds: the shared count plus the
    /// kept difference.
    pub(super) fn effective_count(&self, player: Player, piece: &P) -> usize {
        let shared = self.shared.hand(player).count(piece);
        with_delta(shared, isize::from(self.kept.hands.delta(player, piece)))
    }

    /// `player`'s hand as `(piece, count)` in piece order: the shared
    /// entries and the kept changes merged, entries of 0 left out. With no
    /// kept change of `player`'s, the shared entries as they are; with none
    /// shared either, nothing: an empty hand (most hands, in most games) is
    /// read without building the map's iterator.
    pub(super) fn effective_hand(&self, player: Player) -> impl Iterator<Item = (&P, usize)> + '_ {
        let shared = self.shared.hand(player);
        if self.kept.hands.has(player) {
            HandIter::Merged(EffectiveHand::new(shared.iter(), &self.kept.hands, player))
        } else if shared.is_empty() {
            HandIter::Empty
        } else {
            HandIter::Shared(shared.iter())
        }
    }

    /// `true` if both hold the same hands.
    pub(super) fn same_hands(&self, other: &Self) -> bool {
        let (mine, theirs) = (&*self.shared, &*other.shared);
        if !self.kept.hands.any() && !other.kept.hands.any() {
            return mine.first_hand.same_content(&theirs.first_hand)
                && mine.second_hand.same_content(&theirs.second_hand);
        }
        Player::ALL
            .into_iter()
            .all(|player| self.effective_hand(player).eq(other.effective_hand(player)))
    }
}

impl<P: Ord + Clone, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Sets `player`'s count of `piece` from `before` (what it held: the
    /// shared count `shared` and the kept difference) to `after`: kept in
    /// the position if there is room and the difference from the shared
    /// count fits, else in the shared hands.
    pub(super) fn set_hand_count(
        &mut self,
        player: Player,
        piece: P,
        shared: usize,
        before: usize,
        after: usize,
    ) {
        if writes::<P>() == Writes::Through {
            // No hand change is kept for such pieces either.
            let hands = SharedPointer::make_mut(&mut self.shared);
            hands.hand_mut(player).set_count(piece, before, after);
            return;
        }
        let piece = match kept_delta(shared, after) {
            Some(delta) => match self.kept.hands.set_delta(player, piece, delta) {
                Ok(()) => return,
                Err(piece) => piece,
            },
            None => piece,
        };
        // No room, or too large a difference: every kept change goes to the
        // shared hands (copied once), so the shared count of `piece` is now
        // `before`, and this change is kept in the room that leaves, if its
        // difference fits.
        let hands = SharedPointer::make_mut(&mut self.shared);
        hands.flush_hands(&mut self.kept.hands);
        let piece = match kept_delta(before, after) {
            Some(delta) => match self.kept.hands.set_delta(player, piece, delta) {
                Ok(()) => return,
                Err(piece) => piece,
            },
            None => piece,
        };
        SharedPointer::make_mut(&mut self.shared)
            .hand_mut(player)
            .set_count(piece, before, after);
    }
}

/// The difference a kept change from a shared count of `shared` to `after`
/// would hold, if it fits.
fn kept_delta(shared: usize, after: usize) -> Option<i8> {
    let difference = isize::try_from(after).ok()? - isize::try_from(shared).ok()?;
    i8::try_from(difference).ok()
}

impl<P: Ord + Clone, S, K: SharedPointerKind> Shared<P, S, K> {
    /// Moves every kept hand change into the shared hands.
    fn flush_hands(&mut self, kept: &mut KeptHands<P>) {
        for (HandEntry { player, delta }, piece) in kept.drain() {
            let hand = self.hand_mut(player);
            let before = hand.count(&piece);
            let after = with_delta(before, isize::from(delta));
            hand.set_count(piece, before, after);
        }
    }
}

/// The position's error for a hand's refusal of `player`'s entry or change
/// number `at`, on a board of `squares` squares. A count that would not fit
/// a `usize` is reported as `usize::MAX` pieces: more than any board holds.
pub(super) fn refused(error: HandError, player: Player, at: usize, squares: usize) -> Error {
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

#[cfg(test)]
mod tests {
    use archery::SharedPointer;

    use crate::hand::KEPT_HANDS;
    use crate::qi::tests::Alike;
    use crate::{Player, Qi};

    type Position = Qi<u8, u8>;

    fn empty() -> Position {
        Qi::new(&[9, 9], 0, 1).expect("a valid shape")
    }

    /// The same content built from scratch: its hands are all shared.
    fn rebuilt(position: &Position) -> Position {
        let hand = |player| position.hand(player).map(|(&piece, count)| (piece, count));
        Qi::from_parts(
            position.shape(),
            position.squares().map(Option::<&u8>::copied),
            hand(Player::First).collect::<Vec<_>>(),
            hand(Player::Second).collect::<Vec<_>>(),
            0,
            1,
            position.turn(),
        )
        .expect("a valid position")
    }

    fn assert_same(position: &Position, expected: &Position) {
        assert_eq!(position, expected);
        assert_eq!(expected, position);
        assert_eq!(position.position_hash(), expected.position_hash());
        assert_eq!(position.hand_piece_count(), expected.hand_piece_count());
        for player in Player::ALL {
            assert!(position.hand(player).eq(expected.hand(player)));
        }
        assert!(position.changes_since(expected).unwrap().is_empty());
        assert!(expected.changes_since(position).unwrap().is_empty());
    }

    #[test]
    fn hand_changes_are_kept_until_the_room_runs_out() {
        let mut position = empty();
        for piece in 0..u8::try_from(KEPT_HANDS).unwrap() {
            position = position.hand_diff(Player::First, [(piece, 2)]).unwrap();
            assert_eq!(
                position.kept.hands.changes().count(),
                usize::from(piece) + 1
            );
            assert_eq!(position.shared.first_hand.total(), 0, "nothing shared yet");
        }
        let parent = position.clone();
        // One more piece: every kept change goes to the shared hands.
        let position = position.hand_diff(Player::Second, [(9, 1)]).unwrap();
        assert_eq!(position.kept.hands.changes().count(), 1);
        assert_eq!(position.shared.first_hand.total(), 2 * KEPT_HANDS);
        assert_same(&position, &rebuilt(&position));
        // The parent still keeps its own, over the hands it shared.
        assert_eq!(parent.kept.hands.changes().count(), KEPT_HANDS);
        assert_eq!(parent.second_hand_count(&9), 0);
        assert_same(&parent, &rebuilt(&parent));
    }

    #[test]
    fn a_hand_is_read_by_the_path_its_changes_call_for() {
        // Nothing shared, nothing kept: the empty path.
        let start = empty();
        assert!(start.shared.first_hand.is_empty());
        assert!(!start.kept.hands.has(Player::First));
        assert_eq!(start.first_hand().count(), 0);
        // Shared entries for both players, then a kept change of the
        // second's only: the first's hand is read from the shared entries
        // alone, the second's merged.
        let shared = Qi::<u8, u8>::from_parts(
            &[9, 9],
            [None; 81],
            [(1, 2), (3, 1)],
            [(2, 1)],
            0,
            1,
            Player::First,
        )
        .unwrap();
        let kept = shared.hand_diff(Player::Second, [(2, 1), (4, 1)]).unwrap();
        assert!(
            !kept.kept.hands.has(Player::First),
            "the first's read alone"
        );
        assert!(kept.kept.hands.has(Player::Second), "the second's merged");
        assert_eq!(kept.first_hand().collect::<Vec<_>>(), [(&1, 2), (&3, 1)]);
        assert_eq!(kept.second_hand().collect::<Vec<_>>(), [(&2, 2), (&4, 1)]);
        // A kept change of the first's only, over nothing shared: merged.
        let first = start.hand_diff(Player::First, [(6, 3)]).unwrap();
        assert!(first.kept.hands.has(Player::First));
        assert!(!first.kept.hands.has(Player::Second));
        assert_eq!(first.first_hand().collect::<Vec<_>>(), [(&6, 3)]);
        assert_eq!(first.second_hand().count(), 0);
    }

    #[test]
    fn shared_hands_of_one_hash_are_compared_by_content() {
        let holding = |piece| {
            Qi::<Alike, u8>::from_parts(
                &[3, 3],
                [None; 9],
                [(Alike(piece), 1)],
                Vec::new(),
                0,
                1,
                Player::First,
            )
            .unwrap()
        };
        let (one, two) = (holding(1), holding(2));
        assert_eq!(one.position_hash(), two.position_hash(), "the keys collide");
        assert!(!one.kept.hands.any() && !two.kept.hands.any(), "all shared");
        assert!(!one.shared.first_hand.ptr_eq(&two.shared.first_hand));
        assert_ne!(one, two);
        assert_ne!(two, one);
        // Built apart, the same content: equal, though nothing is shared.
        let again = holding(1);
        assert!(!one.shared.first_hand.ptr_eq(&again.shared.first_hand));
        assert_eq!(one, again);
    }

    #[test]
    fn kept_hand_changes_of_one_hash_are_compared_by_content() {
        // Two children of one parent, sharing everything but their kept
        // hand changes, which differ only in a piece of a colliding key.
        let parent = Qi::<Alike, u8>::new(&[3, 3], 0, 1).unwrap();
        let one = parent.hand_diff(Player::First, [(Alike(1), 1)]).unwrap();
        let two = parent.hand_diff(Player::First, [(Alike(2), 1)]).unwrap();
        assert_eq!(one.position_hash(), two.position_hash(), "the keys collide");
        assert!(
            SharedPointer::ptr_eq(&one.shared, &two.shared),
            "all else shared"
        );
        assert_ne!(one, two);
        assert_ne!(two, one);
        let again = parent.hand_diff(Player::First, [(Alike(1), 1)]).unwrap();
        assert_eq!(one, again);
    }

    #[test]
    fn a_change_beyond_a_byte_goes_to_the_shared_hands() {
        let position = Qi::<u8, u8>::new(&[20, 20], 0, 1)
            .unwrap()
            .hand_diff(Player::First, [(1, 1)])
            .unwrap();
        let large = position.hand_diff(Player::First, [(1, 200)]).unwrap();
        assert_eq!(large.kept.hands.changes().count(), 0);
        assert_eq!(large.first_hand_count(&1), 201);
        assert_same(&large, &rebuilt(&large));
        // A difference of -100 from the shared 201 fits a byte.
        let back = large.hand_diff(Player::First, [(1, -100)]).unwrap();
        assert_eq!(back.kept.hands.changes().count(), 1);
        assert_eq!(back.first_hand_count(&1), 101);
        assert_same(&back, &rebuilt(&back));
        // -200 does not: it goes to the shared hands too.
        let back = large.hand_diff(Player::First, [(1, -200)]).unwrap();
        assert_eq!(back.kept.hands.changes().count(), 0);
        assert_same(&back, &position);
    }

    #[test]
    fn a_change_back_to_the_shared_count_is_dropped() {
        let position = empty().hand_diff(Player::Second, [(4, 3)]).unwrap();
        let back = position.hand_diff(Player::Second, [(4, -3)]).unwrap();
        assert_eq!(back.kept.hands.changes().count(), 0);
        assert_same(&back, &empty());
    }

    #[test]
    fn a_change_written_back_equals_the_parent_it_shares_the_hands_with() {
        // The parent keeps a change of the first player's, so the written
        // one takes a second slot; written back, the child shares all else
        // with its parent and is told apart by its kept changes alone.
        let parent = empty().hand_diff(Player::First, [(1, 1)]).unwrap();
        for player in Player::ALL {
            let changed = parent.hand_diff(player, [(4, 3)]).unwrap();
            assert!(changed.kept.hands.has(player), "{player:?}: kept");
            let back = changed.hand_diff(player, [(4, -3)]).unwrap();
            assert!(
                SharedPointer::ptr_eq(&back.shared, &parent.shared),
                "{player:?}: all else shared"
            );
            assert_eq!(back, parent);
            assert_eq!(parent, back);
            assert_eq!(back.position_hash(), parent.position_hash());
            assert!(back.changes_since(&parent).unwrap().is_empty());
            assert!(
                back.kept.hands.same(&parent.kept.hands),
                "{player:?}: kept alike"
            );
        }
    }

    #[test]
    fn equal_hands_kept_in_any_order_are_equal() {
        let a = empty()
            .hand_diff(Player::Second, [(5, 1)])
            .unwrap()
            .hand_diff(Player::First, [(7, 1)])
            .unwrap();
        let b = empty()
            .hand_diff(Player::First, [(7, 1)])
            .unwrap()
            .hand_diff(Player::Second, [(5, 1)])
            .unwrap();
        assert_same(&a, &b);
        assert!(a.kept.hands.same(&b.kept.hands), "kept alike");
        let c = empty().hand_diff(Player::First, [(7, 1), (2, 1)]).unwrap();
        assert_eq!(
            c.first_hand().collect::<Vec<_>>(),
            [(&2, 1), (&7, 1)],
            "in piece order"
        );
    }

    #[test]
    fn kept_changes_merge_with_the_shared_entries_in_piece_order() {
        /// A hand diff from `shared`, the hand after it, and its changes.
        struct Case {
            diff: &'static [(u8, i32)],
            hand: &'static [(&'static u8, usize)],
            changed: &'static [(u8, usize, usize)],
        }
        // Shared: 1, 3, 5 of each; kept: more 3s, no 5s, a new 4.
        let shared = Qi::<u8, u8>::from_parts(
            &[9, 9],
            [None; 81],
            [(1, 1), (3, 1), (5, 1)],
            [],
            0,
            1,
            Player::First,
        )
        .unwrap();
        // Kept: more 3s and a new 4; then no 5s and a new 4.
        let cases = [
            Case {
                diff: &[(3, 2), (4, 1)],
                hand: &[(&1, 1), (&3, 3), (&4, 1), (&5, 1)],
                changed: &[(3, 1, 3), (4, 0, 1)],
            },
            Case {
                diff: &[(5, -1), (4, 1)],
                hand: &[(&1, 1), (&3, 1), (&4, 1)],
                changed: &[(4, 0, 1), (5, 1, 0)],
            },
        ];
        for Case {
            diff,
            hand,
            changed,
        } in cases
        {
            let position = shared
                .hand_diff(Player::First, diff.iter().copied())
                .unwrap();
            assert!(diff.len() <= KEPT_HANDS);
            assert_eq!(
                position.kept.hands.changes().count(),
                diff.len(),
                "all kept"
            );
            assert_eq!(position.first_hand().collect::<Vec<_>>(), hand);
            assert_eq!(
                position.hand_piece_count(),
                hand.iter().map(|&(_, count)| count).sum::<usize>()
            );
            let changes = position.changes_since(&shared).unwrap();
            let hands: Vec<_> = changes
                .hands()
                .map(|change| (*change.piece, change.before, change.after))
                .collect();
            assert_eq!(hands, changed);
            assert_same(&position, &rebuilt(&position));
            assert_same(&changes.apply_to(&shared).unwrap(), &position);
        }
    }

    #[test]
    fn string_pieces_keep_no_hand_change() {
        let position = Qi::<String, u8>::new(&[2, 2], 0, 1)
            .unwrap()
            .hand_diff(Player::First, [("P".to_owned(), 1)])
            .unwrap();
        assert_eq!(position.kept.hands.changes().count(), 0);
        assert_eq!(position.first_hand_count(&"P".to_owned()), 1);
    }
}
