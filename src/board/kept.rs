//! The kept writes: a position's last few square writes and hand changes,
//! held in the position itself rather than in the blocks and hands it
//! shares.

// The lookups run in every write of every move, inside the caller's edit:
// inlined there, the constants of the write (which kind of square, whether
// the old square is read) fold away.
#![allow(clippy::inline_always)]

use crate::Player;

/// The most square writes a position keeps.
pub(crate) const KEPT: usize = 12;

/// The most hand changes a position keeps: at most 8, one bit each in
/// [`Kept`]'s players.
pub(crate) const KEPT_HANDS: usize = 3;
const _: () = assert!(KEPT_HANDS <= 8);

/// What an unused index slot holds: above every square index (the largest
/// board has 65,025 squares), so no lookup of a square matches one.
pub(super) const UNUSED: u16 = u16::MAX;

/// The last writes to a board, at most one per square, in the order they
/// were first made, and the last changes to the hands.
///
/// For squares whose writes are kept (see
/// [`Writes::Kept`](super::Writes::Kept)), `squares[slot]` is what was
/// written to `indices[slot]`. For the others only the indices are used: the
/// squares written into the blocks since their stamp was drawn.
///
/// The used slots are a prefix (`len` of them): a new write takes the first
/// unused slot, and slots are freed only all at once. So a write compares
/// the used indices with the one written (found: replaced in place; not
/// found: appended), with no search and no shift; a read is the same
/// comparison.
/// Walks in index order (a scan, a comparison) sort the slots first, at
/// most [`KEPT`] of them.
///
/// A hand change is kept as a piece (`hand_pieces[slot]`), the difference
/// from the shared hand's count of it (`hand_deltas[slot]`) and the player
/// (bit `slot` of `hand_players`): at most one per player and piece, never
/// a difference of 0, ordered by player then piece, the used slots first.
/// Hand changes are kept only for pieces without a destructor, as square
/// writes are.
#[derive(Clone)]
pub(crate) struct Kept<P> {
    /// The indices written, in the order first written, then [`UNUSED`].
    indices: [u16; KEPT],
    /// The squares written; empty in the unused slots.
    squares: [Option<P>; KEPT],
    /// The differences of the hand changes from the shared counts; 0 in
    /// unused slots.
    hand_deltas: [i8; KEPT_HANDS],
    /// Bit `slot` set: the hand change in `slot` is the second player's.
    /// Clear for the first player's and for unused slots.
    hand_players: u8,
    /// The pieces of the hand changes; `None` in unused slots.
    hand_pieces: [Option<P>; KEPT_HANDS],
    /// The number of square writes kept: the used index slots.
    len: u8,
}

/// A kept hand change but its piece: whose hand, and the difference from
/// the shared count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HandEntry {
    pub(crate) player: Player,
    pub(crate) delta: i8,
}

/// Where the write to an index is, or would go: see [`Kept::locate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A write to the index is kept in this slot.
    Kept(usize),
    /// No write to the index is kept; one would go to this slot.
    Free(usize),
    /// No write to the index is kept, and there is no room for one.
    Full,
}

impl<P> Kept<P> {
    pub(crate) const EMPTY: Self = Kept {
        indices: [UNUSED; KEPT],
        squares: [const { None }; KEPT],
        hand_deltas: [0; KEPT_HANDS],
        hand_players: 0,
        hand_pieces: [const { None }; KEPT_HANDS],
        len: 0,
    };

    /// The number of square writes kept.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// `index` as it is kept, or `None` if it cannot be a square's.
    #[inline(always)]
    fn key(index: usize) -> Option<u16> {
        u16::try_from(index).ok().filter(|&index| index != UNUSED)
    }

    /// The slot of the write to `key`, if one is kept.
    #[inline(always)]
    fn find(&self, key: u16) -> Option<usize> {
        // One slot at a time, the used ones only: a write usually follows
        // another (a move writes two or three squares), and a vector load
        // of the slots would wait for the narrow store of the write before.
        self.indices[..self.len()]
            .iter()
            .position(|&index| index == key)
    }

    /// The slot of the write to `key`, if one is kept, for a read: every
    /// slot compared at once, in two runs (the first of 8 slots) of one
    /// vector comparison each, with no branch on how many are used, so a
    /// read of a square with no write (most of them) stops there.
    #[inline(always)]
    fn find_all(&self, key: u16) -> Option<usize> {
        // Bitwise, not lazy: every slot is compared.
        #[allow(clippy::needless_bitwise_bool)]
        let any = |indices: &[u16]| {
            indices
                .iter()
                .fold(false, |kept, &index| kept | (index == key))
        };
        let (head, tail) = self.indices.split_at(8);
        if any(head) | any(tail) {
            self.find(key)
        } else {
            None
        }
    }

    /// Where the write to `index` is kept, or would go.
    #[inline(always)]
    pub(crate) fn locate(&self, index: usize) -> Slot {
        let Some(key) = Self::key(index) else {
            return Slot::Full;
        };
        if let Some(slot) = self.find(key) {
            return Slot::Kept(slot);
        }
        let len = self.len();
        if len < KEPT {
            Slot::Free(len)
        } else {
            Slot::Full
        }
    }

    /// The slot of the write to `index`, if one is kept.
    #[inline(always)]
    pub(crate) fn slot(&self, index: usize) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.find_all(Self::key(index)?)
    }

    /// Every kept write, `(index, square)`, in the order first written.
    #[inline]
    pub(super) fn writes(&self) -> impl Iterator<Item = (usize, &Option<P>)> {
        let len = self.len();
        self.indices[..len]
            .iter()
            .zip(&self.squares[..len])
            .map(|(&index, square)| (usize::from(index), square))
    }

    /// The index kept in `slot` (a used slot).
    #[inline]
    pub(super) fn index_in(&self, slot: usize) -> usize {
        usize::from(self.indices[slot])
    }

    /// The square written in `slot` (`None`: emptied).
    #[inline]
    pub(crate) fn square_at(&self, slot: usize) -> Option<&P> {
        self.squares[slot].as_ref()
    }

    /// The kept hand changes, ordered by player then piece, each with the
    /// difference from the shared hand's count.
    #[inline]
    pub(crate) fn hand_changes(&self) -> impl Iterator<Item = (HandEntry, &P)> + '_ {
        (0..KEPT_HANDS).filter_map(|slot| {
            let piece = self.hand_pieces[slot].as_ref()?;
            Some((self.hand_entry(slot), piece))
        })
    }

    /// The player and difference of the hand change in `slot` (meaningful
    /// for a used slot only).
    #[inline]
    fn hand_entry(&self, slot: usize) -> HandEntry {
        let player = if self.hand_players >> slot & 1 == 0 {
            Player::First
        } else {
            Player::Second
        };
        HandEntry {
            player,
            delta: self.hand_deltas[slot],
        }
    }

    /// The kept hand changes of `player`, ordered by piece.
    #[inline]
    pub(crate) fn hand_changes_of(&self, player: Player) -> impl Iterator<Item = (&P, i8)> + '_ {
        self.hand_changes()
            .filter(move |(entry, _)| entry.player == player)
            .map(|(entry, piece)| (piece, entry.delta))
    }

    /// `true` if any hand change is kept.
    #[inline]
    pub(crate) fn has_hand_changes(&self) -> bool {
        self.hand_pieces.iter().any(Option::is_some)
    }

    /// Notes `index` as written, for squares whose writes go into the
    /// blocks. `false` if there was no room (nothing is noted then).
    #[inline]
    pub(crate) fn note(&mut self, index: usize) -> bool {
        match self.locate(index) {
            Slot::Kept(_) => true,
            Slot::Free(slot) => {
                // Located, so a key: it fits.
                #[allow(clippy::cast_possible_truncation)]
                let key = index as u16;
                self.indices[slot] = key;
                self.len += 1;
                true
            }
            Slot::Full => false,
        }
    }
}

impl<P: Clone> Kept<P> {
    /// Replaces the write kept in `slot`, returning it.
    #[inline(always)]
    pub(crate) fn replace_at(&mut self, slot: usize, square: Option<P>) -> Option<P> {
        core::mem::replace(&mut self.squares[slot], square)
    }

    /// Keeps a write to `index` where [`locate`](Kept::locate) said it
    /// goes (`Slot::Free(slot)`).
    #[inline(always)]
    pub(crate) fn insert_at(&mut self, slot: usize, index: usize, square: Option<P>) {
        debug_assert_eq!(self.locate(index), Slot::Free(slot));
        // Located, so a key: it fits.
        #[allow(clippy::cast_possible_truncation)]
        let key = index as u16;
        self.indices[slot] = key;
        self.squares[slot] = square;
        self.len += 1;
    }

    /// Forgets every kept square write (whose squares were taken out), and
    /// leaves the hand changes as they are.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.indices = [UNUSED; KEPT];
        self.len = 0;
    }

    /// Takes every kept square write out, in the order first written,
    /// leaving none (and the hand changes as they are).
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, Option<P>)> + '_ {
        let len = self.len();
        let indices = core::mem::replace(&mut self.indices, [UNUSED; KEPT]);
        self.len = 0;
        indices
            .into_iter()
            .take(len)
            .zip(&mut self.squares)
            .map(|(index, square)| (usize::from(index), square.take()))
    }

    /// Takes every kept hand change out, leaving none.
    pub(crate) fn drain_hand_changes(&mut self) -> impl Iterator<Item = (HandEntry, P)> + '_ {
        let entries: [HandEntry; KEPT_HANDS] = core::array::from_fn(|slot| self.hand_entry(slot));
        self.hand_deltas = [0; KEPT_HANDS];
        self.hand_players = 0;
        entries
            .into_iter()
            .zip(&mut self.hand_pieces)
            .filter_map(|(entry, piece)| Some((entry, piece.take()?)))
    }
}

impl<P: Ord> Kept<P> {
    /// The kept difference from the shared count of `piece` in `player`'s
    /// hand (0 if none is kept).
    #[inline]
    pub(crate) fn hand_delta(&self, player: Player, piece: &P) -> i8 {
        self.hand_changes()
            .find(|(entry, kept)| entry.player == player && *kept == piece)
            .map_or(0, |(entry, _)| entry.delta)
    }

    /// Keeps `delta` as the difference from the shared count of `piece` in
    /// `player`'s hand (0: none kept). `Err` gives the piece back, nothing
    /// changed, if that needs a slot and none is free.
    pub(crate) fn set_hand_delta(&mut self, player: Player, piece: P, delta: i8) -> Result<(), P> {
        let existing = (0..KEPT_HANDS).find(|&slot| self.hand_key(slot) == Some((player, &piece)));
        let slot = match existing {
            Some(slot) => slot,
            None if delta == 0 => return Ok(()),
            None => match self.hand_pieces.iter().position(Option::is_none) {
                Some(slot) => slot,
                None => return Err(piece),
            },
        };
        let bit = 1 << slot;
        if delta == 0 {
            self.hand_pieces[slot] = None;
            self.hand_deltas[slot] = 0;
            self.hand_players &= !bit;
        } else {
            self.hand_pieces[slot] = Some(piece);
            self.hand_deltas[slot] = delta;
            if player.is_second() {
                self.hand_players |= bit;
            } else {
                self.hand_players &= !bit;
            }
        }
        // Ordered by player then piece, the used slots first, so that equal
        // changes are kept alike: one pass of an insertion sort moves the
        // slot just written to its place.
        for at in 1..KEPT_HANDS {
            for slot in (1..=at).rev() {
                if !self.hand_slots_out_of_order(slot - 1) {
                    break;
                }
                self.swap_hand_slots(slot - 1, slot);
            }
        }
        Ok(())
    }

    /// The player and piece of the hand change in `slot`, if one is kept.
    fn hand_key(&self, slot: usize) -> Option<(Player, &P)> {
        self.hand_pieces[slot]
            .as_ref()
            .map(|piece| (self.hand_entry(slot).player, piece))
    }

    /// Whether the hand changes in slots `at` and `at + 1` are out of order:
    /// a used slot after an unused one, or a greater player and piece first.
    #[inline(always)]
    fn hand_slots_out_of_order(&self, at: usize) -> bool {
        match (self.hand_key(at), self.hand_key(at + 1)) {
            (None, Some(_)) => true,
            (Some(a), Some(b)) => a > b,
            _ => false,
        }
    }

    /// Swaps the hand changes in slots `a` and `b`.
    fn swap_hand_slots(&mut self, a: usize, b: usize) {
        self.hand_pieces.swap(a, b);
        self.hand_deltas.swap(a, b);
        let (bit_a, bit_b) = (self.hand_players >> a & 1, self.hand_players >> b & 1);
        self.hand_players &= !(1 << a | 1 << b);
        self.hand_players |= bit_a << b | bit_b << a;
    }
}

impl<P: PartialEq> Kept<P> {
    /// `true` if both keep the same hand changes: over the same shared
    /// hands, the same hands.
    #[inline]
    pub(crate) fn same_hand_changes(&self, other: &Self) -> bool {
        self.hand_deltas == other.hand_deltas
            && self.hand_players == other.hand_players
            && self.hand_pieces == other.hand_pieces
    }

    /// Whether both keep writes to the same indices (whatever order they
    /// were made in, whatever their hand changes) and, if they do, whether
    /// of the same squares: over the same blocks and log, whether the two
    /// boards hold the same squares. O(kept writes squared), at most
    /// [`KEPT`] of them, with no sorting.
    #[inline]
    pub(crate) fn same_writes(&self, other: &Self) -> Option<bool> {
        if self.len != other.len {
            return None;
        }
        let mut same = true;
        for slot in 0..self.len() {
            // Distinct indices, as many on each side: every one of these
            // found on the other side means the same indices.
            let theirs = other.find(self.indices[slot])?;
            same &= self.squares[slot] == other.squares[theirs];
        }
        Some(same)
    }

    /// `true` if both hold the same writes in the same slots and the same
    /// hand changes: what a clone holds.
    #[inline]
    pub(crate) fn identical(&self, other: &Self) -> bool {
        self.indices == other.indices
            && self.squares == other.squares
            && self.same_hand_changes(other)
    }
}

/// Keeps a write where [`Kept::locate`] says it goes, as a board write
/// does: for the tests of the kept writes and of what is built on them.
#[cfg(test)]
pub(super) fn keep(kept: &mut Kept<u8>, index: usize, square: Option<u8>) {
    match kept.locate(index) {
        Slot::Kept(slot) => {
            kept.replace_at(slot, square);
        }
        Slot::Free(slot) => kept.insert_at(slot, index, square),
        Slot::Full => panic!("no room for {index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{HandEntry, KEPT, KEPT_HANDS, Kept, Slot, keep};
    use crate::Player;

    fn in_order(kept: &Kept<u8>) -> Vec<(usize, Option<u8>)> {
        let mut writes: Vec<_> = kept
            .writes()
            .map(|(index, square)| (index, *square))
            .collect();
        writes.sort_unstable();
        writes
    }

    #[test]
    fn writes_are_found_by_index_and_walked_in_index_order() {
        let mut kept = Kept::<u8>::EMPTY;
        for (index, piece) in [(40, 1), (3, 2), (64_000, 3), (17, 4)] {
            keep(&mut kept, index, Some(piece));
        }
        assert_eq!(kept.len(), 4);
        assert_eq!(kept.slot(40), Some(0), "kept where first written");
        assert_eq!(kept.square_at(0), Some(&1));
        assert_eq!(kept.slot(41), None);
        assert_eq!(kept.locate(41), Slot::Free(4));
        // No square index reads an unused slot, not even past the largest board.
        assert_eq!(kept.slot(usize::from(u16::MAX)), None);
        assert_eq!(kept.slot(usize::MAX), None);
        assert_eq!(kept.locate(usize::MAX), Slot::Full);
        assert_eq!(
            in_order(&kept),
            [
                (3, Some(2)),
                (17, Some(4)),
                (40, Some(1)),
                (64_000, Some(3))
            ]
        );
        // A second write to a kept index replaces it where it is.
        keep(&mut kept, 3, None);
        assert_eq!(kept.len(), 4);
        assert_eq!(kept.slot(3), Some(1));
        let drained: Vec<_> = kept.drain().collect();
        assert_eq!(
            drained,
            [(40, Some(1)), (3, None), (64_000, Some(3)), (17, Some(4))],
            "in the order first written"
        );
        assert_eq!(kept.len(), 0);
        assert_eq!(kept.slot(40), None);
        assert_eq!(kept.locate(40), Slot::Free(0));
    }

    #[test]
    fn the_last_write_fills_the_room_and_the_next_finds_none() {
        let mut kept = Kept::<u8>::EMPTY;
        for index in (0..KEPT).rev() {
            assert_eq!(kept.locate(index * 64), Slot::Free(KEPT - 1 - index));
            keep(&mut kept, index * 64, Some(1));
        }
        assert_eq!(kept.len(), KEPT);
        // Below, between and past the kept indices: no room anywhere.
        for index in [1, 65, 64 * KEPT] {
            assert_eq!(kept.locate(index), Slot::Full, "{index}");
        }
        // Indices equal modulo 64 are told apart.
        assert_eq!(kept.locate(64 * 7), Slot::Kept(KEPT - 1 - 7));
        assert_eq!(kept.slot(64 * 7), Some(KEPT - 1 - 7));
        let mut noted = Kept::<String>::EMPTY;
        for index in 0..KEPT {
            assert!(noted.note(index * 3));
        }
        assert!(noted.note(0), "an index noted twice takes no room");
        assert!(!noted.note(1), "no room for one more index");
        assert_eq!(noted.len(), KEPT);
        noted.clear();
        assert_eq!(noted.len(), 0);
        assert!(noted.note(1));
    }

    #[test]
    fn writes_made_in_any_order_are_walked_alike() {
        let (mut a, mut b) = (Kept::<u8>::EMPTY, Kept::<u8>::EMPTY);
        for index in [9, 2, 30] {
            keep(&mut a, index, Some(5));
        }
        for index in [30, 9, 2] {
            keep(&mut b, index, Some(5));
        }
        assert_eq!(in_order(&a), in_order(&b));
        assert!(!a.identical(&b), "the same writes in other slots");
        assert!(a.identical(&a.clone()));
    }

    #[test]
    fn hand_changes_are_ordered_by_player_then_piece_and_leave_the_squares_alone() {
        let mut kept = Kept::<u8>::EMPTY;
        keep(&mut kept, 7, Some(1));
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
            assert_eq!(kept.set_hand_delta(player, piece, delta), Ok(()));
        }
        let order = |kept: &Kept<u8>| -> Vec<_> {
            kept.hand_changes()
                .map(|(HandEntry { player, delta }, &piece)| (player, piece, delta))
                .collect()
        };
        let mut sorted = changes.clone();
        sorted.sort_by_key(|&(player, piece, _)| (player, piece));
        assert_eq!(order(&kept), sorted);
        assert_eq!(kept.hand_changes().count(), KEPT_HANDS);
        let (player, piece, delta) = sorted[0];
        assert_eq!(kept.hand_delta(player, &piece), delta);
        assert_eq!(kept.hand_delta(player, &99), 0);
        // Full: a new piece is given back, an existing one changes.
        assert_eq!(kept.set_hand_delta(Player::First, 4, 1), Err(4));
        assert_eq!(kept.set_hand_delta(player, piece, 3), Ok(()));
        assert_eq!(kept.hand_delta(player, &piece), 3);
        // A difference of 0 frees the slot, and the order holds.
        assert_eq!(kept.set_hand_delta(player, piece, 0), Ok(()));
        assert_eq!(kept.hand_changes().count(), KEPT_HANDS - 1);
        assert_eq!(kept.set_hand_delta(Player::First, 4, 5), Ok(()));
        let mut expected = sorted[1..].to_vec();
        expected.push((Player::First, 4, 5));
        expected.sort_by_key(|&(player, piece, _)| (player, piece));
        assert_eq!(order(&kept), expected);
        // The square write is untouched.
        assert_eq!(in_order(&kept), [(7, Some(1))]);
        assert_eq!(kept.slot(3), None);
        let drained: Vec<_> = kept.drain_hand_changes().collect();
        assert_eq!(drained.len(), KEPT_HANDS);
        assert!(!kept.has_hand_changes());
        assert_eq!(in_order(&kept), [(7, Some(1))]);
    }
}
