//! Telling positions apart: `ptr_eq`, `==`, the `Hash` impl and `Debug`.

use core::fmt;
use core::hash::{Hash, Hasher};

use archery::{SharedPointer, SharedPointerKind};

use super::GenericQi;
use crate::Player;

impl<P: PartialEq, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// `true` if the two share their storage (one pointer to the blocks,
    /// hands and setup) and hold the same writes of their own, slot for
    /// slot, with the same hash, piece count and side to move: what a clone
    /// holds. So `true` means they are equal, found without reading a shared
    /// square: O(1). `false` says nothing about content: positions built
    /// apart are `==` without sharing storage.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?;
    /// assert!(start.clone().ptr_eq(&start));
    /// let built_apart: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?;
    /// assert!(!built_apart.ptr_eq(&start));
    /// assert_eq!(built_apart, start);
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn ptr_eq(&self, other: &Self) -> bool {
        SharedPointer::ptr_eq(&self.shared, &other.shared)
            && self.hash == other.hash
            && self.turn == other.turn
            && self.board_pieces == other.board_pieces
            && self.kept.squares.identical(&other.kept.squares)
            && self.kept.hands.same(&other.kept.hands)
    }
}

impl<P: Ord, S: PartialEq, K: SharedPointerKind> PartialEq for GenericQi<P, S, K> {
    /// Equal content: shape, styles, turn, every square and both hands.
    ///
    /// Clones compare in O(1) (see [`ptr_eq`](GenericQi::ptr_eq));
    /// positions with different hashes too. Positions that share their storage compare their kept writes
    /// only. Otherwise the boards are compared block by block, skipping the
    /// blocks the two share.
    fn eq(&self, other: &Self) -> bool {
        if self.hash != other.hash
            || self.turn != other.turn
            || self.board_pieces != other.board_pieces
        {
            return false;
        }
        let (mine, theirs) = (&*self.shared, &*other.shared);
        if core::ptr::eq(mine, theirs) {
            // Everything shared (clones, and the children of one parent
            // until their writes move): their own writes decide.
            return self.kept.hands.same(&other.kept.hands)
                && (self.kept.squares.identical(&other.kept.squares)
                    || self.view().same_squares(other.view(), self.square_count()));
        }
        if self.hand_piece_count() != other.hand_piece_count() {
            return false;
        }
        let same_setup = SharedPointer::ptr_eq(&mine.setup, &theirs.setup)
            || (mine.setup.shape == theirs.setup.shape
                && mine.setup.first_style == theirs.setup.first_style
                && mine.setup.second_style == theirs.setup.second_style);
        // Equal shapes have equal block layouts, so the boards compare block
        // by block.
        same_setup
            && self.same_hands(other)
            && self.view().same_squares(other.view(), self.square_count())
    }
}

impl<P: Ord, S: Eq, K: SharedPointerKind> Eq for GenericQi<P, S, K> {}

impl<P, S, K: SharedPointerKind> Hash for GenericQi<P, S, K> {
    /// Writes only [`position_hash`](GenericQi::position_hash): O(1).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

// The hash is bookkeeping derived from the content, not part of what a
// position is.
#[allow(clippy::missing_fields_in_debug)]
impl<P: Ord + fmt::Debug, S: fmt::Debug, K: SharedPointerKind> fmt::Debug for GenericQi<P, S, K> {
    /// Compact: the occupied squares only, by flat index.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Occupied<'a, P, S, K: SharedPointerKind>(&'a GenericQi<P, S, K>);
        impl<P: fmt::Debug, S, K: SharedPointerKind> fmt::Debug for Occupied<'_, P, S, K> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map().entries(self.0.occupied()).finish()
            }
        }
        struct HandOf<'a, P, S, K: SharedPointerKind>(&'a GenericQi<P, S, K>, Player);
        impl<P: Ord + fmt::Debug, S, K: SharedPointerKind> fmt::Debug for HandOf<'_, P, S, K> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map().entries(self.0.hand(self.1)).finish()
            }
        }
        f.debug_struct("Qi")
            .field("shape", &self.shape())
            .field("board", &Occupied(self))
            .field("first_hand", &HandOf(self, Player::First))
            .field("second_hand", &HandOf(self, Player::Second))
            .field("first_style", self.first_style())
            .field("second_style", self.second_style())
            .field("turn", &self.turn)
            .finish()
    }
}
