//! Converting a position between pointer kinds: [`Qi`] (thread-safe) and
//! [`LocalQi`] (one thread), or any two kinds of generic code.

use archery::{ArcTK, RcK, SharedPointer, SharedPointerKind};

use super::{GenericQi, KeptChanges, LocalQi, Qi, Setup, Shared};
use crate::Player;
use crate::board::Store;
use crate::hand::Hand;

impl<P: Clone + Ord, S: Clone, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The same position over the pointer kind `K2`: equal content, equal
    /// hash, none of the storage shared. O(squares + hand entries), once;
    /// the result then shares structure with its own descendants as any
    /// position does.
    ///
    /// ```
    /// use persistent_qi::{GenericQi, Qi, RcK};
    ///
    /// let position: Qi<u8, u8> = Qi::new(&[8, 8], 0, 1)?.board_diff([(4, Some(6))])?;
    /// let local: GenericQi<u8, u8, RcK> = position.to_kind();
    /// assert_eq!(local.square(4), Some(&6));
    /// assert_eq!(local.position_hash(), position.position_hash());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn to_kind<K2: SharedPointerKind>(&self) -> GenericQi<P, S, K2> {
        let setup = &self.shared.setup;
        GenericQi {
            shared: SharedPointer::new(Shared::new(
                Store::from_squares(
                    self.square_count(),
                    self.squares().map(Option::<&P>::cloned),
                ),
                [
                    Hand::from_entries(self.hand(Player::First)),
                    Hand::from_entries(self.hand(Player::Second)),
                ],
                Setup {
                    shape: setup.shape,
                    first_style: setup.first_style.clone(),
                    second_style: setup.second_style.clone(),
                },
            )),
            hash: self.hash,
            kept: KeptChanges::EMPTY,
            board_pieces: self.board_pieces,
            turn: self.turn,
        }
    }
}

impl<P: Clone + Ord, S: Clone, K: SharedPointerKind> GenericQi<P, S, K> {
    /// An equal position that shares no storage with this one (nor, so,
    /// with any of its relatives): [`to_kind`](GenericQi::to_kind) into the
    /// same pointer kind. O(squares + hand entries), once.
    ///
    /// What to hand each thread that builds a tree of its own below a
    /// shared position: the positions of one thread's tree then share
    /// their reference counts with each other only, never with another
    /// thread's, so no thread's moves wait on a count another thread has
    /// just changed.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let root: Qi<u8, u8> = Qi::new(&[8, 8], 0, 1)?.board_diff([(4, Some(6))])?;
    /// let own = root.detach();
    /// assert_eq!(own, root);
    /// assert!(!own.ptr_eq(&root));
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[must_use]
    pub fn detach(&self) -> Self {
        self.to_kind::<K>()
    }
}

impl<P: Clone + Ord, S: Clone> Qi<P, S> {
    /// The same position for one thread: see [`LocalQi`] and
    /// [`to_kind`](GenericQi::to_kind). O(squares + hand entries).
    #[must_use]
    pub fn to_local(&self) -> LocalQi<P, S> {
        self.to_kind::<RcK>()
    }
}

impl<P: Clone + Ord, S: Clone> LocalQi<P, S> {
    /// The same position over thread-safe storage: see [`Qi`] and
    /// [`to_kind`](GenericQi::to_kind). O(squares + hand entries).
    #[must_use]
    pub fn to_sync(&self) -> Qi<P, S> {
        self.to_kind::<ArcTK>()
    }
}
