//! The kept hand changes: a position's last few hand changes, held in the
//! position itself rather than in the hands it shares, as it keeps its
//! last square writes (see `board/kept.rs`).

// The lookups run in every hand change of every capture and drop.
#![allow(clippy::inline_always)]

use crate::Player;

/// The most hand changes a position keeps: at most 8, one bit each in
/// [`KeptHands`]'s players.
pub(crate) const KEPT_HANDS: usize = 3;
const _: () = assert!(KEPT_HANDS <= 8);

/// A position's last changes to the hands, at most one per player and
/// piece: each a piece (`pieces[slot]`), the difference from the shared
/// hand's count of it (`deltas[slot]`, never 0) and the player (bit
/// `slot` of `players`), ordered by player then piece, the used slots
/// first. Kept only for pieces without a destructor, as square writes are.
///
/// The three parts are held apart, not as `[(Player, P, i8); KEPT_HANDS]`:
/// packed this way, with the kept square writes beside them, a position
/// with `u8` or `Qpi` pieces is 80 bytes.
pub(crate) struct KeptHands<P> {
    /// The differences from the shared counts; 0 in unused slots.
    deltas: [i8; KEPT_HANDS],
    /// Bit `slot` set: the change in `slot` is the second player's. Clear
    /// for the first player's and for unused slots.
    players: u8,
    /// The pieces; `None` in unused slots.
    pieces: [Option<P>; KEPT_HANDS],
}

/// A kept hand change but its piece: whose hand, and the difference from
/// the shared count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HandDelta {
    pub(crate) player: Player,
    pub(crate) delta: i8,
}

impl<P: Clone> Clone for KeptHands<P> {
    #[inline]
    fn clone(&self) -> Self {
        KeptHands {
            deltas: self.deltas,
            players: self.players,
            pieces: self.pieces.clone(),
        }
    }

    /// In place, as `Kept::clone_from`.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.deltas = source.deltas;
        self.players = source.players;
        self.pieces.clone_from(&source.pieces);
    }
}

impl<P> KeptHands<P> {
    pub(crate) const EMPTY: Self = KeptHands {
        deltas: [0; KEPT_HANDS],
        players: 0,
        pieces: [const { None }; KEPT_HANDS],
    };

    /// The changes, ordered by player then piece, each with the difference
    /// from the shared hand's count.
    #[inline]
    pub(crate) fn changes(&self) -> impl Iterator<Item = (HandDelta, &P)> + '_ {
        (0..KEPT_HANDS).filter_map(|slot| {
            let piece = self.pieces[slot].as_ref()?;
            Some((self.at(slot), piece))
        })
    }

    /// The player and difference of the hand change in `slot` (meaningful
    /// for a used slot only).
    #[inline]
    fn at(&self, slot: usize) -> HandDelta {
        let player = if self.players >> slot & 1 == 0 {
            Player::First
        } else {
            Player::Second
        };
        HandDelta {
            player,
            delta: self.deltas[slot],
        }
    }

    /// The kept hand changes of `player`, ordered by piece.
    #[inline]
    pub(crate) fn of(&self, player: Player) -> impl Iterator<Item = (&P, i8)> + '_ {
        self.changes()
            .filter(move |(change, _)| change.player == player)
            .map(|(change, piece)| (piece, change.delta))
    }

    /// `true` if a change of `player`'s hand is kept.
    #[inline]
    pub(crate) fn has(&self, player: Player) -> bool {
        let second = player == Player::Second;
        (0..KEPT_HANDS)
            .any(|slot| self.pieces[slot].is_some() && (self.players >> slot & 1 == 1) == second)
    }

    /// `true` if any hand change is kept.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        self.pieces.iter().any(Option::is_some)
    }
}

impl<P: Clone> KeptHands<P> {
    /// Takes every kept hand change out, leaving none.
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (HandDelta, P)> + '_ {
        let deltas: [HandDelta; KEPT_HANDS] = core::array::from_fn(|slot| self.at(slot));
        self.deltas = [0; KEPT_HANDS];
        self.players = 0;
        deltas
            .into_iter()
            .zip(&mut self.pieces)
            .filter_map(|(change, piece)| Some((change, piece.take()?)))
    }
}

impl<P: Ord> KeptHands<P> {
    /// The kept difference from the shared count of `piece` in `player`'s
    /// hand (0 if none is kept).
    #[inline]
    pub(crate) fn delta(&self, player: Player, piece: &P) -> i8 {
        self.changes()
            .find(|(change, kept)| change.player == player && *kept == piece)
            .map_or(0, |(change, _)| change.delta)
    }

    /// Keeps `delta` as the difference from the shared count of `piece` in
    /// `player`'s hand (0: none kept). `Err` gives the piece back, nothing
    /// changed, if that needs a slot and none is free.
    pub(crate) fn set_delta(&mut self, player: Player, piece: P, delta: i8) -> Result<(), P> {
        let existing = (0..KEPT_HANDS).find(|&slot| self.key(slot) == Some((player, &piece)));
        let slot = match existing {
            Some(slot) => slot,
            None if delta == 0 => return Ok(()),
            None => match self.pieces.iter().position(Option::is_none) {
                Some(slot) => slot,
                None => return Err(piece),
            },
        };
        let bit = 1 << slot;
        if delta == 0 {
            self.pieces[slot] = None;
            self.deltas[slot] = 0;
            self.players &= !bit;
        } else {
            self.pieces[slot] = Some(piece);
            self.deltas[slot] = delta;
            if player.is_second() {
                self.players |= bit;
            } else {
                self.players &= !bit;
            }
        }
        // Ordered by player then piece, the used slots first, so that equal
        // changes are kept alike: one pass of an insertion sort moves the
        // slot just written to its place.
        for at in 1..KEPT_HANDS {
            for slot in (1..=at).rev() {
                if !self.out_of_order(slot - 1) {
                    break;
                }
                self.swap(slot - 1, slot);
            }
        }
        Ok(())
    }

    /// The player and piece of the hand change in `slot`, if one is kept.
    fn key(&self, slot: usize) -> Option<(Player, &P)> {
        self.pieces[slot]
            .as_ref()
            .map(|piece| (self.at(slot).player, piece))
    }

    /// Whether the hand changes in slots `at` and `at + 1` are out of order:
    /// a used slot after an unused one, or a greater player and piece first.
    #[inline(always)]
    fn out_of_order(&self, at: usize) -> bool {
        match (self.key(at), self.key(at + 1)) {
            (None, Some(_)) => true,
            (Some(a), Some(b)) => a > b,
            _ => false,
        }
    }

    /// Swaps the hand changes in slots `a` and `b`.
    fn swap(&mut self, a: usize, b: usize) {
        self.pieces.swap(a, b);
        self.deltas.swap(a, b);
        let (bit_a, bit_b) = (self.players >> a & 1, self.players >> b & 1);
        self.players &= !(1 << a | 1 << b);
        self.players |= bit_a << b | bit_b << a;
    }
}

impl<P: PartialEq> KeptHands<P> {
    /// `true` if both keep the same hand changes: over the same shared
    /// hands, the same hands.
    #[inline]
    pub(crate) fn same(&self, other: &Self) -> bool {
        self.deltas == other.deltas && self.players == other.players && self.pieces == other.pieces
    }
}

/// A shared count with a kept or pending difference applied: the one place
/// a count meets a difference, saturating at 0 and at `usize::MAX` (a
/// total mid-edit may run past either).
#[inline]
pub(crate) fn with_delta(count: usize, delta: isize) -> usize {
    count
        .checked_add_signed(delta)
        .unwrap_or(if delta < 0 { 0 } else { usize::MAX })
}

#[cfg(test)]
mod tests {
    use super::{HandDelta, KEPT_HANDS, KeptHands, with_delta};
    use crate::Player;

    #[test]
    fn a_difference_saturates_at_both_ends() {
        assert_eq!(with_delta(5, -2), 3);
        assert_eq!(with_delta(1, -2), 0);
        assert_eq!(with_delta(usize::MAX - 1, 2), usize::MAX);
    }

    #[test]
    fn a_difference_written_back_to_zero_leaves_nothing_kept() {
        for player in Player::ALL {
            // Behind a first player's change, so that the second player's
            // takes a slot past the first.
            let mut before = KeptHands::<u8>::EMPTY;
            assert_eq!(before.set_delta(Player::First, 1, 1), Ok(()));
            let mut kept = before.clone();
            assert_eq!(kept.set_delta(player, 4, 3), Ok(()));
            assert_eq!(kept.delta(player, &4), 3);
            assert!(!kept.same(&before));
            assert_eq!(kept.set_delta(player, 4, 0), Ok(()));
            assert!(kept.same(&before), "{player:?}: kept as if never changed");
            assert_eq!(
                kept.changes().collect::<Vec<_>>(),
                before.changes().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn changes_are_ordered_by_player_then_piece() {
        let mut kept = KeptHands::<u8>::EMPTY;
        // A full room, filled out of order: players alternate, pieces fall.
        let changes: Vec<(Player, u8, i8)> = (0..KEPT_HANDS)
            .map(|n| {
                let n = u8::try_from(n).unwrap();
                let player = if n % 2 == 0 {
                    Player::Second
                } else {
                    Player::First
                };
                (player, 20 - n, i8::try_from(n).unwrap() + 1)
            })
            .collect();
        for &(player, piece, delta) in &changes {
            assert_eq!(kept.set_delta(player, piece, delta), Ok(()));
        }
        let order = |kept: &KeptHands<u8>| -> Vec<_> {
            kept.changes()
                .map(|(HandDelta { player, delta }, &piece)| (player, piece, delta))
                .collect()
        };
        let mut sorted = changes.clone();
        sorted.sort_by_key(|&(player, piece, _)| (player, piece));
        assert_eq!(order(&kept), sorted);
        assert_eq!(kept.changes().count(), KEPT_HANDS);
        let (player, piece, delta) = sorted[0];
        assert_eq!(kept.delta(player, &piece), delta);
        assert_eq!(kept.delta(player, &99), 0);
        // Full: a new piece is given back, an existing one changes.
        assert_eq!(kept.set_delta(Player::First, 4, 1), Err(4));
        assert_eq!(kept.set_delta(player, piece, 3), Ok(()));
        assert_eq!(kept.delta(player, &piece), 3);
        // A difference of 0 frees the slot, and the order holds.
        assert_eq!(kept.set_delta(player, piece, 0), Ok(()));
        assert_eq!(kept.changes().count(), KEPT_HANDS - 1);
        assert_eq!(kept.set_delta(Player::First, 4, 5), Ok(()));
        let mut expected = sorted[1..].to_vec();
        expected.push((Player::First, 4, 5));
        expected.sort_by_key(|&(player, piece, _)| (player, piece));
        assert_eq!(order(&kept), expected);
        let drained: Vec<_> = kept.drain().collect();
        assert_eq!(drained.len(), KEPT_HANDS);
        assert!(!kept.any());
    }
}
