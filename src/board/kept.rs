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

/// The most hand changes a position keeps.
pub(crate) const KEPT_HANDS: usize = 3;

/// Slots of each array: [`KEPT`] square writes, then [`KEPT_HANDS`] hand
/// changes, then the count. With squares of up to 2 bytes each array is 32
/// bytes, two 16-byte vectors: a lookup compares all the indices at once,
/// and a copy of the kept writes (every clone of a position) moves whole
/// vectors, never half of one.
const SLOTS: usize = KEPT + KEPT_HANDS + 1;

/// The first slot of the hand changes.
const HANDS: usize = KEPT;

/// Where the number of kept square writes is: the last index slot.
const COUNT: usize = SLOTS - 1;

/// What an unused index slot holds: above every square index (the largest
/// board has 65,025 squares), so unused slots sort last and no lookup of a
/// square matches one.
const UNUSED: u16 = u16::MAX;

/// The last writes to a board, sorted by index, at most one per square, and
/// the last changes to the hands.
///
/// For squares whose writes are kept (see
/// [`keeps_writes`](super::keeps_writes)), `squares[slot]` is what was
/// written to `indices[slot]`. For the others only the indices are used: the
/// squares written into the blocks since their stamp was drawn.
///
/// A hand change is kept as a piece (`squares[slot]`, for a slot from
/// [`HANDS`]) and the player and the difference from the shared hand's count
/// of it (packed in `indices[slot]`, see [`HandEntry`]): at most one per
/// player and piece, never a difference of 0, ordered by player then piece.
/// Hand changes are kept only for pieces without a destructor, as square
/// writes are.
///
/// Lookups compare every slot, used or not, with no branch on the number of
/// writes kept: whether a write to an index is kept is two vector
/// comparisons (the hand slots and the count may match too, and are told
/// apart by the search), and where it is, or would go, a binary search of
/// four steps.
#[derive(Clone)]
pub(crate) struct Kept<P> {
    /// The first [`KEPT`] slots: the kept indices, ascending, then
    /// [`UNUSED`]. Then [`KEPT_HANDS`] packed hand changes. The last slot
    /// ([`COUNT`]): how many square writes are kept.
    indices: [u16; SLOTS],
    /// The squares written, the pieces of the hand changes; empty in the
    /// unused slots, and always in the last.
    squares: [Option<P>; SLOTS],
}

/// A hand change as the index slot packs it: the player in the high byte,
/// the difference from the shared count in the low byte, as an `i8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HandEntry {
    pub(crate) player: Player,
    pub(crate) delta: i8,
}

impl HandEntry {
    fn pack(self) -> u16 {
        u16::from(self.player.is_second()) << 8 | u16::from(self.delta.cast_unsigned())
    }

    fn unpack(packed: u16) -> Self {
        let [delta, player] = packed.to_le_bytes();
        HandEntry {
            player: if player == 0 {
                Player::First
            } else {
                Player::Second
            },
            delta: delta.cast_signed(),
        }
    }
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
    pub(crate) const EMPTY: Self = {
        let mut indices = [UNUSED; SLOTS];
        let mut slot = HANDS;
        while slot < COUNT {
            indices[slot] = 0;
            slot += 1;
        }
        indices[COUNT] = 0;
        Kept {
            indices,
            squares: [const { None }; SLOTS],
        }
    };

    /// The number of writes kept.
    #[inline(always)]
    pub(crate) fn len(&self) -> usize {
        usize::from(self.indices[COUNT])
    }

    /// The kept indices, ascending.
    #[inline]
    pub(crate) fn indices(&self) -> &[u16] {
        &self.indices[..self.len()]
    }

    /// The kept hand changes, ordered by player then piece, each with the
    /// difference from the shared hand's count.
    #[inline]
    pub(crate) fn hand_changes(&self) -> impl Iterator<Item = (HandEntry, &P)> + '_ {
        (HANDS..HANDS + KEPT_HANDS).filter_map(|slot| {
            self.squares[slot]
                .as_ref()
                .map(|piece| (HandEntry::unpack(self.indices[slot]), piece))
        })
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
        self.squares[HANDS..HANDS + KEPT_HANDS]
            .iter()
            .any(Option::is_some)
    }

    /// The index kept in `slot`, or `None` past the last.
    #[inline]
    pub(crate) fn index_at(&self, slot: usize) -> Option<usize> {
        (slot < self.len()).then(|| usize::from(self.indices[slot]))
    }

    /// The square written in `slot` (`None`: emptied).
    #[inline]
    pub(crate) fn square_at(&self, slot: usize) -> Option<&P> {
        self.squares[slot].as_ref()
    }

    /// `index` as it is kept, or `None` if it cannot be a square's.
    #[inline(always)]
    fn key(index: usize) -> Option<u16> {
        u16::try_from(index).ok().filter(|&index| index != UNUSED)
    }

    /// The slot `index` has, or would go to, among the sorted indices: how
    /// many kept indices are below it (unused slots never are). The search
    /// stops short of the hand slots.
    #[inline(always)]
    fn position(&self, index: u16) -> usize {
        self.indices[..KEPT].partition_point(|&kept| kept < index)
    }

    /// Where the write to `index` is kept, or would go.
    #[inline(always)]
    pub(crate) fn locate(&self, index: usize) -> Slot {
        let Some(index) = Self::key(index) else {
            return Slot::Full;
        };
        let slot = self.position(index);
        if slot < self.len() && self.indices[slot] == index {
            Slot::Kept(slot)
        } else if self.len() < KEPT {
            Slot::Free(slot)
        } else {
            Slot::Full
        }
    }

    /// The slot of the write to `index`, if one is kept. Most reads are of
    /// squares with no kept write: for them, this is the two vector
    /// comparisons alone (the count in the last slot may match too, and is
    /// then told apart by the search).
    #[inline(always)]
    pub(crate) fn slot(&self, index: usize) -> Option<usize> {
        let index = Self::key(index)?;
        // Bitwise, not lazy: every slot is compared, so the loop vectorizes.
        #[allow(clippy::needless_bitwise_bool)]
        let maybe = self
            .indices
            .iter()
            .fold(false, |kept, &slot| kept | (slot == index));
        if !maybe {
            return None;
        }
        let slot = self.position(index);
        (slot < self.len() && self.indices[slot] == index).then_some(slot)
    }

    /// The write at `*cursor` if it is to `index`, moving the cursor past
    /// it: for walks in index order.
    #[inline]
    pub(crate) fn take_at(&self, cursor: &mut usize, index: usize) -> Option<&Option<P>> {
        let at = self.index_at(*cursor)?;
        (at == index).then(|| {
            *cursor += 1;
            &self.squares[*cursor - 1]
        })
    }

    /// Forgets every kept index (for squares whose writes go into the
    /// blocks, where no hand change is kept either).
    #[inline]
    pub(crate) fn clear_indices(&mut self) {
        debug_assert!(!self.has_hand_changes());
        self.indices = Self::EMPTY.indices;
    }

    /// Notes `index` as written, for squares whose writes go into the
    /// blocks. `false` if there was no room (nothing is noted then).
    #[inline]
    pub(crate) fn note(&mut self, index: usize) -> bool {
        match self.locate(index) {
            Slot::Kept(_) => true,
            Slot::Free(slot) => {
                // Below 65,025 if located: it fits.
                #[allow(clippy::cast_possible_truncation)]
                let index = index as u16;
                let len = self.len();
                self.indices.copy_within(slot..len, slot + 1);
                self.indices[slot] = index;
                self.indices[COUNT] += 1;
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
    /// goes (`Slot::Free(slot)`), moving the writes from `slot` on up by
    /// one: from the top down, each read ahead of the write before it.
    #[inline(always)]
    pub(crate) fn insert_at(&mut self, slot: usize, index: usize, square: Option<P>) {
        debug_assert_eq!(self.locate(index), Slot::Free(slot));
        // Located, so below 65,025: it fits.
        #[allow(clippy::cast_possible_truncation)]
        let index = index as u16;
        for at in (slot..self.len()).rev() {
            self.indices[at + 1] = self.indices[at];
            self.squares.swap(at, at + 1);
        }
        self.indices[slot] = index;
        self.squares[slot] = square;
        self.indices[COUNT] += 1;
    }

    /// Takes every kept square write out, in index order, leaving none (and
    /// the hand changes as they are).
    pub(crate) fn drain(&mut self) -> impl Iterator<Item = (usize, Option<P>)> + '_ {
        let len = core::mem::take(&mut self.indices[COUNT]);
        self.indices[..usize::from(len)]
            .iter_mut()
            .zip(&mut self.squares)
            .map(|(index, square)| {
                (
                    usize::from(core::mem::replace(index, UNUSED)),
                    square.take(),
                )
            })
    }

    /// Takes every kept hand change out, leaving none.
    pub(crate) fn drain_hand_changes(&mut self) -> impl Iterator<Item = (HandEntry, P)> + '_ {
        (HANDS..HANDS + KEPT_HANDS).filter_map(|slot| {
            let piece = self.squares[slot].take()?;
            Some((
                HandEntry::unpack(core::mem::take(&mut self.indices[slot])),
                piece,
            ))
        })
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
        let existing =
            (HANDS..HANDS + KEPT_HANDS).find(|&slot| self.hand_key(slot) == Some((player, &piece)));
        let slot = match existing {
            Some(slot) => slot,
            None if delta == 0 => return Ok(()),
            None => match (HANDS..HANDS + KEPT_HANDS).find(|&slot| self.squares[slot].is_none()) {
                Some(slot) => slot,
                None => return Err(piece),
            },
        };
        if delta == 0 {
            self.squares[slot] = None;
            self.indices[slot] = 0;
        } else {
            self.indices[slot] = HandEntry { player, delta }.pack();
            self.squares[slot] = Some(piece);
        }
        // Ordered by player then piece, the used slots first, so that equal
        // changes are kept alike: one pass of an insertion sort moves the
        // slot just written to its place.
        for at in HANDS + 1..HANDS + KEPT_HANDS {
            for slot in (HANDS + 1..=at).rev() {
                let out_of_order = match (self.hand_key(slot - 1), self.hand_key(slot)) {
                    (None, Some(_)) => true,
                    (Some(a), Some(b)) => a > b,
                    _ => false,
                };
                if !out_of_order {
                    break;
                }
                self.indices.swap(slot - 1, slot);
                self.squares.swap(slot - 1, slot);
            }
        }
        Ok(())
    }

    /// The player and piece of the hand change in `slot`, if one is kept.
    fn hand_key(&self, slot: usize) -> Option<(Player, &P)> {
        self.squares[slot]
            .as_ref()
            .map(|piece| (HandEntry::unpack(self.indices[slot]).player, piece))
    }
}

impl<P: PartialEq> Kept<P> {
    /// `true` if both keep the same hand changes: over the same shared
    /// hands, the same hands.
    #[inline]
    pub(crate) fn same_hand_changes(&self, other: &Self) -> bool {
        let hands = HANDS..HANDS + KEPT_HANDS;
        self.indices[hands.clone()] == other.indices[hands.clone()]
            && self.squares[hands.clone()] == other.squares[hands]
    }

    /// `true` if both keep writes of the same squares to the same indices
    /// (whatever their hand changes).
    #[inline]
    pub(crate) fn same_writes(&self, other: &Self) -> bool {
        self.indices[..KEPT] == other.indices[..KEPT]
            && self.indices[COUNT] == other.indices[COUNT]
            && self.squares[..KEPT] == other.squares[..KEPT]
    }
}

#[cfg(test)]
mod tests {
    use super::{HandEntry, KEPT, KEPT_HANDS, Kept, Slot};
    use crate::Player;

    #[test]
    fn writes_are_kept_sorted_and_found_by_index() {
        let mut kept = Kept::<u8>::EMPTY;
        for (index, piece) in [(40, 1), (3, 2), (64_000, 3), (17, 4)] {
            let Slot::Free(slot) = kept.locate(index) else {
                panic!("room for {index}")
            };
            kept.insert_at(slot, index, Some(piece));
        }
        assert_eq!(kept.indices(), [3, 17, 40, 64_000]);
        assert_eq!(kept.slot(40), Some(2));
        assert_eq!(kept.square_at(2), Some(&1));
        assert_eq!(kept.slot(41), None);
        assert_eq!(kept.locate(41), Slot::Free(3));
        // The count (4) is in the last slot, yet no write to square 4 is kept.
        assert_eq!(kept.slot(4), None);
        // No square index reads an unused slot, not even past the largest board.
        assert_eq!(kept.slot(usize::from(u16::MAX)), None);
        assert_eq!(kept.slot(usize::MAX), None);
        let drained: Vec<_> = kept.drain().collect();
        assert_eq!(
            drained,
            [
                (3, Some(2)),
                (17, Some(4)),
                (40, Some(1)),
                (64_000, Some(3))
            ]
        );
        assert_eq!(kept.len(), 0);
        assert_eq!(kept.slot(40), None);
    }

    #[test]
    fn the_last_write_fills_the_room_and_the_next_finds_none() {
        let mut kept = Kept::<u8>::EMPTY;
        for index in (0..KEPT).rev() {
            let Slot::Free(slot) = kept.locate(index * 64) else {
                panic!("room for write {index}")
            };
            kept.insert_at(slot, index * 64, Some(1));
        }
        assert_eq!(kept.len(), KEPT);
        // Below, between and past the kept indices: no room anywhere.
        for index in [1, 65, 64 * KEPT] {
            assert_eq!(kept.locate(index), Slot::Full, "{index}");
        }
        // Indices equal modulo 64 are told apart.
        assert_eq!(kept.locate(64 * 7), Slot::Kept(7));
        assert_eq!(kept.slot(64 * 7), Some(7));
        let mut noted = Kept::<String>::EMPTY;
        for index in 0..KEPT {
            assert!(noted.note(index * 3));
        }
        assert!(noted.note(0), "an index noted twice takes no room");
        assert!(!noted.note(1), "no room for one more index");
        assert_eq!(noted.indices().len(), KEPT);
    }

    #[test]
    fn hand_changes_are_ordered_by_player_then_piece_and_leave_the_squares_alone() {
        let mut kept = Kept::<u8>::EMPTY;
        let Slot::Free(slot) = kept.locate(7) else {
            panic!("room for a write")
        };
        kept.insert_at(slot, 7, Some(1));
        for (player, piece, delta) in [
            (Player::Second, 3, 1),
            (Player::First, 9, -2),
            (Player::First, 4, 5),
        ] {
            assert_eq!(kept.set_hand_delta(player, piece, delta), Ok(()));
        }
        let order: Vec<_> = kept
            .hand_changes()
            .map(|(HandEntry { player, delta }, &piece)| (player, piece, delta))
            .collect();
        assert_eq!(
            order,
            [
                (Player::First, 4, 5),
                (Player::First, 9, -2),
                (Player::Second, 3, 1)
            ]
        );
        assert_eq!(kept.hand_changes().count(), KEPT_HANDS);
        assert_eq!(kept.hand_delta(Player::First, &9), -2);
        assert_eq!(kept.hand_delta(Player::Second, &9), 0);
        // Full: a new piece is given back, an existing one changes.
        assert_eq!(kept.set_hand_delta(Player::Second, 8, 1), Err(8));
        assert_eq!(kept.set_hand_delta(Player::First, 9, 3), Ok(()));
        // A difference of 0 frees the slot.
        assert_eq!(kept.set_hand_delta(Player::First, 4, 0), Ok(()));
        assert_eq!(kept.hand_changes().count(), KEPT_HANDS - 1);
        assert_eq!(kept.set_hand_delta(Player::Second, 8, 1), Ok(()));
        // The square write is untouched, and found past the hand slots' values.
        assert_eq!(kept.indices(), [7]);
        assert_eq!(kept.slot(7), Some(0));
        assert_eq!(kept.slot(3), None);
        let drained: Vec<_> = kept.drain_hand_changes().collect();
        assert_eq!(drained.len(), KEPT_HANDS);
        assert!(!kept.has_hand_changes());
        assert_eq!(kept.indices(), [7]);
    }
}
