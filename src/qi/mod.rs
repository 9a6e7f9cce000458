//! The position: a board, two hands, two styles and the side to move, every
//! version sharing structure with the one it came from.
//!
//! # What a position holds
//!
//! A position is one pointer to what it shares with its relatives (the
//! board's blocks and their log, both hands and the setup: see [`Shared`]),
//! plus what is its own: its hash, its last few square writes and hand
//! changes (see `src/board/` and `src/hand/`), its board piece count and
//! the side to move.
//! A clone copies those few words and takes one reference count; a move
//! writes into a copy's kept writes, with no allocation, until they run
//! out. Only a spill of the kept writes into the log or the blocks (made
//! once for all the children of a position: `spill.rs`), a hand change
//! that finds no room among the kept ones, or a write of a square with a
//! destructor (`String`) makes a new [`Shared`], once per transformation.

use archery::{ArcTK, RcK, SharedPointer, SharedPointerKind};

use crate::Player;
use crate::board::{Board, Kept, Store, StoreMut};
use crate::hand::{self, Hand, HandsMut, KeptHands};
use crate::identity::fresh_id;
use crate::shape::Shape;

mod build;
mod changes;
mod diff;
mod edit;
mod eq;
mod kinds;
mod mark;
mod read;
mod spill;
mod transform;
mod write;

#[cfg(test)]
mod tests;

pub use self::changes::{Changes, HandChange, SquareChange, SquareChanges};
pub use self::diff::{Diff, DiffError, HandDiff, SquareDiff};
#[cfg(feature = "serde")]
pub(crate) use self::diff::{check_hand, check_square};
pub use self::edit::Edit;
pub use self::mark::{BoardMark, SquaresSince};

/// A two-player board-game position that shares structure with the version it
/// was made from, over the pointer kind `K`.
///
/// Use it through its two aliases: [`Qi`] (atomically counted pointers,
/// `Send` and `Sync`) and [`LocalQi`] (non-atomic pointers, for one thread).
/// Both run the same code; generic code takes `GenericQi<P, S, K>` with
/// `K: SharedPointerKind`, as rpds and imbl do.
///
/// A position is a board of 1 to 3 dimensions (a flat row-major sequence of
/// squares, each empty or holding a piece `P`), two hands (pieces off the
/// board, as piece → count), one style `S` per player, and the side to move.
///
/// Every transformation takes `&self` and returns a new position; the receiver
/// is never modified, and a transformation that fails returns an [`Error`](crate::Error) and
/// builds nothing. Cloning is O(1) whatever the board size, so keeping every
/// version of a game, or every node of a search tree, costs only what each
/// version changed.
///
/// ```
/// use persistent_qi::{Player, Qi};
///
/// let start: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?;
/// let kings = start.board_diff([(4, Some("K")), (60, Some("k"))])?;
/// let moved = kings.board_diff([(4, None), (12, Some("K"))])?.toggle();
///
/// assert_eq!(moved.square(12), Some(&"K"));
/// assert_eq!(moved.turn(), Player::Second);
/// assert_eq!(kings.square(4), Some(&"K")); // the parent is untouched
/// assert_eq!(start.piece_count(), 0);
/// # Ok::<(), persistent_qi::Error>(())
/// ```
// The fields in this order (`repr(C)`): the turn, then `board_pieces` 2
// bytes past a 4-byte boundary, so an edit reads the count with a 2-byte
// load. Where it lay on a boundary, the compiler read it and the turn with
// one 4-byte load, which waits for the two narrower stores an edit had just
// made to reach memory (a store-forwarding stall) on every move.
#[repr(C)]
pub struct GenericQi<P, S, K: SharedPointerKind> {
    /// What the position shares with its relatives.
    shared: SharedPointer<Shared<P, S, K>, K>,
    hash: u64,
    /// The position's last square writes and hand changes, over the shared
    /// blocks and hands.
    kept: KeptChanges<P>,
    turn: Player,
    /// At most [`MAX_SQUARE_COUNT`](crate::MAX_SQUARE_COUNT), which fits.
    board_pieces: u16,
}

/// A position's last square writes and hand changes, held in the position
/// rather than in what it shares (see `src/board/kept.rs` and
/// `src/hand/kept.rs`): one field, cloned, saved and restored as one (an
/// edit saves a slot's own fields, see `edit.rs`).
pub(crate) struct KeptChanges<P> {
    /// The last square writes, over the shared blocks.
    pub(crate) squares: Kept<P>,
    /// The last hand changes, over the shared hands.
    pub(crate) hands: KeptHands<P>,
}

impl<P: Clone> Clone for KeptChanges<P> {
    #[inline]
    fn clone(&self) -> Self {
        KeptChanges {
            squares: self.squares.clone(),
            hands: self.hands.clone(),
        }
    }

    /// In place: see `Kept::clone_from`.
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        self.squares.clone_from(&source.squares);
        self.hands.clone_from(&source.hands);
    }
}

impl<P> KeptChanges<P> {
    /// None kept.
    pub(crate) const EMPTY: Self = KeptChanges {
        squares: Kept::EMPTY,
        hands: KeptHands::EMPTY,
    };
}

/// A position over atomically reference-counted storage: `Send` and `Sync`
/// when its pieces and styles are, so a tree of positions can be expanded
/// by several threads at once and shared between them without locks. See
/// [`GenericQi`] for everything a position does.
pub type Qi<P, S> = GenericQi<P, S, ArcTK>;

/// A position for one thread: the same as [`Qi`] over non-atomic reference
/// counts, so cloning and dropping one costs a plain increment and
/// decrement. Neither `Send` nor `Sync`; [`LocalQi::to_sync`] and
/// [`Qi::to_local`] convert between the two in O(squares). See
/// [`GenericQi`] for everything a position does.
pub type LocalQi<P, S> = GenericQi<P, S, RcK>;

// A position is what a search keeps millions of: its size (with `u8` or
// `Qpi` squares, 60 bytes of it the kept writes and hand changes) is what
// the memory figures of `examples/tree_memory.rs` count for a position that
// shares all its blocks.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<Qi<u8, u8>>() == 80 && size_of::<LocalQi<u8, u8>>() == 80);

// `Qi` is `Send` and `Sync` whenever its pieces and styles are: what it
// shares (the memory of a spill included, behind a lock) may be read and
// changed from any thread.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Qi<u8, u8>>();
    send_sync::<Qi<String, String>>();
    send_sync::<Qi<crate::qpi::Qpi, crate::qpi::Sin>>();
};

// The field order's reason (see `GenericQi`): `board_pieces` 2 bytes past a
// 4-byte boundary, so that no load of it spans the turn written just before.
const _: () = assert!(core::mem::offset_of!(Qi<u8, u8>, board_pieces) % 4 == 2);
const _: () = assert!(core::mem::offset_of!(Qi<crate::qpi::Qpi, u8>, board_pieces) % 4 == 2);

/// What a position shares with the versions it came from and leads to: the
/// board's blocks, both hands, and the setup behind a pointer of its own. A
/// hand change or a spill of the kept writes copies this and shares the
/// setup; a move of a few squares shares it whole.
///
/// Every change made in place draws a new `version` ([`shared_mut`]), so a
/// version names one content for good. A store made by spilling the kept
/// writes of a position over version `v` (see `spill.rs`) notes `v` in
/// `spilled_from`, and the version it came from keeps it in `spill`, for
/// the siblings of that position to share rather than spill again.
struct Shared<P, S, K: SharedPointerKind> {
    store: Store<P, K>,
    /// Both hands, the first player's first, behind a pointer of their
    /// own: a spill copies the store and shares them (one word), and only a
    /// hand change copies them.
    hands: SharedPointer<[Hand<P, K>; 2], K>,
    setup: SharedPointer<Setup<S>, K>,
    /// This content's number: drawn when it is made and at every change in
    /// place, never twice.
    version: u64,
    /// The version whose kept writes this one's log holds exactly, as a
    /// spill made them; [`NOT_SPILLED`] if none (a store made otherwise, or
    /// changed in place since).
    spilled_from: u64,
    /// The spill last made from this version, for the siblings of the
    /// position that made it: see `spill.rs`.
    spill: spill::Memo<SharedPointer<Shared<P, S, K>, K>>,
}

// What a spill allocates (a kept tree holds one every few positions): the
// square count sits in the store's padding, not in a word of its own, and
// the hands behind a pointer of their own, which a spill shares.
#[cfg(target_pointer_width = "64")]
const _: () = assert!(size_of::<Shared<crate::qpi::Qpi, crate::qpi::Sin, ArcTK>>() == 160);

/// `spilled_from` of a store no spill made.
const NOT_SPILLED: u64 = u64::MAX;

/// How the game is set up: the board's shape and each player's style. No
/// transformation changes them.
struct Setup<S> {
    shape: Shape,
    first_style: S,
    second_style: S,
}

impl<P: Clone, S, K: SharedPointerKind> Clone for Shared<P, S, K> {
    /// A copy to change: a version of its own, and no spill.
    fn clone(&self) -> Self {
        Shared {
            store: self.store.clone(),
            hands: SharedPointer::clone(&self.hands),
            setup: SharedPointer::clone(&self.setup),
            version: fresh_id(),
            spilled_from: NOT_SPILLED,
            spill: spill::Memo::new(),
        }
    }
}

impl<P, S, K: SharedPointerKind> Drop for Shared<P, S, K> {
    /// Drops the spills remembered one after another (each remembers the
    /// next), in a loop rather than by recursion: a line of a million
    /// moves whose positions are all dropped but the first leaves a chain
    /// of spills as long, which a recursive drop would walk on the stack.
    fn drop(&mut self) {
        let mut next = self.spill.take();
        while let Some(shared) = next {
            next = match SharedPointer::try_unwrap(shared) {
                Ok(mut shared) => shared.spill.take(),
                Err(_) => None,
            };
        }
    }
}

/// The shared part, made this owner's alone first (copied if shared), for a
/// change in place: the change draws a new version, and the store is no
/// longer a spill's.
#[inline]
fn shared_mut<P: Clone, S, K: SharedPointerKind>(
    shared: &mut SharedPointer<Shared<P, S, K>, K>,
) -> &mut Shared<P, S, K> {
    let shared = SharedPointer::make_mut(shared);
    shared.version = fresh_id();
    shared.spilled_from = NOT_SPILLED;
    shared.spill.clear();
    shared
}

impl<P, S, K: SharedPointerKind> Shared<P, S, K> {
    /// A new store's shared part: its own version, no spill.
    fn new(store: Store<P, K>, hands: [Hand<P, K>; 2], setup: Setup<S>) -> Self {
        Shared {
            store,
            hands: SharedPointer::new(hands),
            setup: SharedPointer::new(setup),
            version: fresh_id(),
            spilled_from: NOT_SPILLED,
            spill: spill::Memo::new(),
        }
    }

    fn hand(&self, player: Player) -> &Hand<P, K> {
        let [first, second] = &*self.hands;
        match player {
            Player::First => first,
            Player::Second => second,
        }
    }

    /// Both hands, the first player's first.
    fn hands(&self) -> [&Hand<P, K>; 2] {
        let [first, second] = &*self.hands;
        [first, second]
    }
}

impl<P: Clone, S, K: SharedPointerKind> Shared<P, S, K> {
    /// Both hands, made this part's alone first (copied if shared).
    fn hands_mut(&mut self) -> [&mut Hand<P, K>; 2] {
        let [first, second] = SharedPointer::make_mut(&mut self.hands);
        [first, second]
    }

    fn hand_mut(&mut self, player: Player) -> &mut Hand<P, K> {
        let [first, second] = self.hands_mut();
        match player {
            Player::First => first,
            Player::Second => second,
        }
    }
}

impl<P: Clone, S, K: SharedPointerKind> StoreMut<P, K> for SharedPointer<Shared<P, S, K>, K> {
    #[inline]
    fn store(&self) -> &Store<P, K> {
        &self.store
    }

    #[inline]
    fn store_mut(&mut self) -> &mut Store<P, K> {
        &mut shared_mut(self).store
    }
}

impl<P: Clone, S, K: SharedPointerKind> HandsMut<P, K> for SharedPointer<Shared<P, S, K>, K> {
    #[inline]
    fn hands_mut(&mut self) -> [&mut Hand<P, K>; 2] {
        shared_mut(self).hands_mut()
    }
}

impl<P: Clone, S, K: SharedPointerKind> Clone for GenericQi<P, S, K> {
    /// O(1): copies a few words and the position's last few writes and
    /// hand changes (see `src/board/` and `src/hand/`) and takes one reference count, whatever the board
    /// size.
    #[inline]
    fn clone(&self) -> Self {
        GenericQi {
            shared: SharedPointer::clone(&self.shared),
            hash: self.hash,
            kept: self.kept.clone(),
            board_pieces: self.board_pieces,
            turn: self.turn,
        }
    }
}

impl<P, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// The board: the shared blocks (and their log) under the position's
    /// kept writes.
    #[inline]
    fn view(&self) -> Board<'_, P, K> {
        self.shared.store.with(&self.kept.squares)
    }

    /// The pieces in `player`'s effective hand (see `src/hand/view.rs`),
    /// saturating.
    fn hand_total(&self, player: Player) -> usize {
        hand::effective_total(self.shared.hand(player), &self.kept.hands, player)
    }
}

impl<P: Ord, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// How many copies of `piece` `player`'s effective hand holds.
    fn effective_count(&self, player: Player, piece: &P) -> usize {
        hand::effective_count(self.shared.hand(player), &self.kept.hands, player, piece)
    }

    /// `player`'s effective hand as `(piece, count)` in piece order.
    fn effective_hand(&self, player: Player) -> impl Iterator<Item = (&P, usize)> + '_ {
        hand::effective_hand(self.shared.hand(player), &self.kept.hands, player)
    }

    /// `true` if both hold the same effective hands.
    fn same_hands(&self, other: &Self) -> bool {
        hand::same_hands(
            self.shared.hands(),
            &self.kept.hands,
            other.shared.hands(),
            &other.kept.hands,
        )
    }
}
