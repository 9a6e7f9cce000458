//! One transformation for a whole move: board changes, hand changes and the
//! turn, built into a single new position in place.

// The steps of an edit are a few instructions each, called in the hot loop
// of every search: they are inlined into the caller's code, where the
// position being built stays in one place.
#![allow(clippy::inline_always)]

use core::borrow::BorrowMut;
use core::hash::Hash;
use core::marker::PhantomData;

use archery::{ArcTK, SharedPointer, SharedPointerKind};

use super::spill::Respilled;
use super::write::UNCOUNTED;
use super::{GenericQi, KeptChanges};
use crate::board::{self, Kept};
use crate::{Error, Player};

/// A new position in the making: started by [`GenericQi::edit`], changed
/// in place step by step, built by [`finish`](Edit::finish) (or all in one
/// call by [`GenericQi::edit_with`]).
///
/// A move in shogi is a board change plus, on a capture or a drop, a hand
/// change, plus the turn. An edit takes them all and builds the result with
/// one clone of the parent, one update of the hash per change and, if the
/// edit added pieces, one check of the piece total on the finished
/// position. A drop therefore never has to pass through an intermediate
/// position with a piece too many, as it would done board first, then
/// hand.
///
/// Every step takes `&mut self` and writes into the position being built,
/// where it is: nothing is moved from step to step, so a step under a
/// condition or in a loop costs what it costs in a straight line. Steps
/// return `&mut Self`, so they chain.
///
/// Changes apply in the order they are given. The first one that fails (an
/// index off the board, a hand removal of more copies than held) is the
/// error the edit returns; every change after it is ignored. The parent is
/// never touched, so a failed edit leaves nothing changed.
///
/// ```
/// use persistent_qi::{Player, Qi};
///
/// let start: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")?
///     .board_diff([(40, Some("P")), (31, Some("p"))])?;
///
/// // A move found at run time: a capture if the target is occupied.
/// let (from, to) = (40, 31);
/// let mut edit = start.edit();
/// edit.set(from, None).set(to, Some("P"));
/// if start.square(to).is_some() {
///     edit.hand(Player::First, "P", 1);
/// }
/// edit.toggle();
/// let capture = edit.finish()?;
/// assert_eq!(capture.square(31), Some(&"P"));
/// assert_eq!(capture.first_hand_count(&"P"), 1);
/// assert_eq!(capture.turn(), Player::Second);
///
/// // A drop, in one call: out of the hand, onto the board.
/// let drop = capture.edit_with(|edit| {
///     edit.hand(Player::First, "P", -1).set(4, Some("P"));
/// })?;
/// assert_eq!(drop.board_piece_count(), 2);
///
/// // The first failing change is the error; the parent is unchanged.
/// let error = capture
///     .edit_with(|edit| {
///         edit.set(4, Some("R")).set(81, None);
///     })
///     .unwrap_err();
/// assert_eq!(error.to_string(), "invalid flat index: 81 (board has 81 squares)");
/// assert_eq!(capture.square(4), None);
/// # Ok::<(), persistent_qi::Error>(())
/// ```
///
/// `N` is where the new position is built: in the edit itself (the
/// default: [`finish`](Edit::finish) returns it), or in a position the
/// caller keeps, through a `&mut` to it ([`GenericQi::edit_into`]).
#[must_use = "an edit builds nothing until `finish` is called"]
pub struct Edit<P, S, K: SharedPointerKind = ArcTK, N = GenericQi<P, S, K>> {
    next: N,
    state: EditState,
    /// The position type `N` holds or points to.
    position: Marker<P, S, K>,
}

/// An edit's position type, for an edit that may only point to it.
type Marker<P, S, K> = PhantomData<fn() -> (P, S, K)>;

/// A position's own fields: all but its shared pointer. What
/// [`GenericQi::edit_into`] keeps of a slot that shared what the parent
/// shares, to put back if the edit fails.
struct Own<P> {
    hash: u64,
    turn: Player,
    board_pieces: u16,
    kept: KeptChanges<P>,
}

impl<P> Own<P> {
    /// Fields to be filled by [`GenericQi::swap_own`].
    const EMPTY: Self = Own {
        hash: 0,
        turn: Player::First,
        board_pieces: 0,
        kept: KeptChanges::EMPTY,
    };
}

/// What an edit keeps besides the position it builds.
struct EditState {
    /// The first change that failed; later changes are ignored. Boxed: an
    /// error is rare, and a pointer keeps the edit small.
    error: Option<Box<Error>>,
    /// How many board and hand changes have been given, for error reports.
    changes: usize,
    /// The pieces the hand changes added, less those they removed
    /// (saturating).
    hand_added: i64,
    /// The pieces in both hands, from the first hand change that adds
    /// pieces on (which needs the total), kept up to date by every hand
    /// change after it, so that the final piece check need not count them
    /// again; [`UNCOUNTED`] before.
    hands: usize,
    /// The parent's board piece count: with `hand_added`, whether the
    /// piece total grew.
    board_pieces: u16,
    /// `true` if a write logged the kept writes or flushed them into the
    /// blocks: see [`board::finish_writes`].
    logged_or_flushed: bool,
}

impl<P: Clone + PartialEq, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Starts a new position from this one, to be changed square by square,
    /// hand entry by hand entry, in place, and built by [`Edit::finish`].
    ///
    /// O(1): the edit holds a clone. See [`Edit`] for the steps and an
    /// example.
    #[inline(always)]
    pub fn edit(&self) -> Edit<P, S, K> {
        let mut next = self.clone_but_kept(true);
        next.copy_kept(self);
        Edit {
            state: EditState::new(self),
            next,
            position: PhantomData,
        }
    }

    /// A new position made from this one by the steps `build` gives: an
    /// [`edit`](GenericQi::edit) and its [`finish`](Edit::finish) in one
    /// call.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")?.board_diff([(12, Some("P"))])?;
    /// let moved = start.edit_with(|edit| {
    ///     edit.set(12, None).set(28, Some("P")).toggle();
    /// })?;
    /// assert_eq!(moved.square(28), Some(&"P"));
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Edit::finish`].
    #[inline(always)]
    pub fn edit_with(&self, build: impl FnOnce(&mut Edit<P, S, K>)) -> Result<Self, Error> {
        let mut edit = Edit {
            state: EditState::new(self),
            next: self.clone_but_kept(true),
            position: PhantomData,
        };
        // The kept changes copied in place, not moved from a temporary (see
        // `edit_into`). Built here rather than by `self.edit()`: the edit
        // that returns would be moved here, kept changes and all, which
        // brings the stall back.
        edit.next.copy_kept(self);
        build(&mut edit);
        edit.finish()
    }

    /// The position [`edit_with`](GenericQi::edit_with) builds, built into
    /// `out`, a position the caller keeps (a search's slot for the child of
    /// a ply, say): the new position is written where it will be read and
    /// never moved afterwards. What `out` held is dropped.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<u8, u8> = Qi::new(&[3, 3], 0, 1)?.board_diff([(0, Some(7))])?;
    /// let mut child = start.clone();
    /// for to in 1..9 {
    ///     start.edit_into(&mut child, |edit| {
    ///         edit.replace(0, Some(&7), None).replace(to, None, Some(7)).toggle();
    ///     })?;
    ///     assert_eq!(child.square(to), Some(&7));
    /// }
    /// assert_eq!(start.square(0), Some(&7));
    ///
    /// // A failed edit leaves `out` as it was.
    /// let before = child.clone();
    /// assert!(start.edit_into(&mut child, |edit| { edit.set(9, None); }).is_err());
    /// assert!(child.ptr_eq(&before));
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Edit::finish`]; `out` then holds what it held before.
    #[inline(always)]
    pub fn edit_into(
        &self,
        out: &mut Self,
        build: impl FnOnce(&mut Edit<P, S, K, &mut Self>),
    ) -> Result<(), Error> {
        // A slot that shares what this position shares (the last sibling
        // built there, or this position's parent) keeps its reference:
        // only the position's own fields are copied, with no count to
        // take and drop, and what it held is saved for an error. Saved in
        // a local filled in place and never moved: the kept writes copied
        // into a temporary and moved from there would be read back in
        // wider pieces than they had just been written in, which stalls
        // the processor (a store-forwarding stall) on every move.
        //
        // A slot that holds this position's spill (the last sibling built
        // there, when this position's kept writes are full: see
        // `spill.rs`) keeps it the same way, and the child starts with
        // every slot free. Its shared part is the spill's: what it holds
        // is noted (its address and version) to tell, if the edit fails,
        // whether the edit changed it.
        //
        // A slot that alone holds the shared part of another parent's
        // child, when this position's kept writes are full, has that part
        // made this position's spill in place: see `edit_into_respilled`.
        let mut own = Own::EMPTY;
        let mut spill = None;
        let whole = if SharedPointer::ptr_eq(&out.shared, &self.shared) {
            out.swap_own(self, &mut own);
            None
        } else if self.kept_full() && self.spilled_into(out) {
            spill = Some((SharedPointer::as_ptr(&out.shared), out.shared.version));
            out.swap_own_spilled(self, &mut own);
            None
        } else if self.kept_full()
            && let Some(held) = self.respill_into(&mut out.shared)
        {
            return self.edit_into_respilled(out, held, build);
        } else {
            let mut child = self.clone_but_kept(false);
            child.copy_kept(self);
            Some(core::mem::replace(out, child))
        };
        out.make_room();
        match self.build_in(out, build) {
            Ok(()) => Ok(()),
            Err(error) => {
                let next = out;
                if let Some(previous) = whole {
                    *next = previous;
                } else {
                    if let Some((address, version)) = spill {
                        // The spill the slot held, unless the edit changed
                        // it (copied it, or, alone in holding it, changed
                        // it in place): then made again, equal.
                        if SharedPointer::as_ptr(&next.shared) != address
                            || next.shared.version != version
                        {
                            next.shared = self.spill_again();
                        }
                    } else if !SharedPointer::ptr_eq(&next.shared, &self.shared) {
                        // The edit may have copied what it shared.
                        next.shared = SharedPointer::clone(&self.shared);
                    }
                    next.put_own(own);
                }
                failed(error)
            }
        }
    }

    /// [`edit_into`](GenericQi::edit_into) the first child of this
    /// position, whose kept writes are full, into a slot whose shared part,
    /// another parent's spill the slot alone held, `respill_into` has just
    /// made this position's spill in place (no allocation, no count taken
    /// or dropped of what the two share): `held` is what it held, put back
    /// if the edit fails. Once a parent, out of the hot loop of its
    /// children.
    #[inline(never)]
    fn edit_into_respilled(
        &self,
        out: &mut Self,
        held: Respilled<P, S, K>,
        build: impl FnOnce(&mut Edit<P, S, K, &mut Self>),
    ) -> Result<(), Error> {
        let mut own = Own::EMPTY;
        out.swap_own_spilled(self, &mut own);
        match self.build_in(out, build) {
            Ok(()) => Ok(()),
            Err(error) => {
                out.shared = SharedPointer::new(held.restore(&self.shared));
                out.put_own(own);
                failed(error)
            }
        }
    }

    /// Runs `build` on `out`, a copy of this position made ready in place
    /// by [`edit_into`](GenericQi::edit_into), and checks what it wrote:
    /// the error, `out` left for the caller to put back, if it broke a
    /// rule.
    #[inline(always)]
    fn build_in(
        &self,
        out: &mut Self,
        build: impl FnOnce(&mut Edit<P, S, K, &mut Self>),
    ) -> Result<(), Error> {
        let mut edit = Edit {
            state: EditState::new(self),
            next: out,
            position: PhantomData,
        };
        build(&mut edit);
        let Edit { next, state, .. } = edit;
        state.finish(next)
    }

    /// Replaces this position's own fields (all but the shared pointer)
    /// with `from`'s, putting them in `own`. Both copies are made in place
    /// (`clone_from`), not through a temporary.
    #[inline(always)]
    fn swap_own(&mut self, from: &Self, own: &mut Own<P>) {
        own.hash = core::mem::replace(&mut self.hash, from.hash);
        own.turn = core::mem::replace(&mut self.turn, from.turn);
        own.board_pieces = core::mem::replace(&mut self.board_pieces, from.board_pieces);
        own.kept.clone_from(&self.kept);
        self.kept.clone_from(&from.kept);
    }

    /// [`swap_own`](GenericQi::swap_own) into a slot that holds `from`'s
    /// spill: `from`'s kept square writes are in it, so none is copied.
    #[inline(always)]
    fn swap_own_spilled(&mut self, from: &Self, own: &mut Own<P>) {
        own.hash = core::mem::replace(&mut self.hash, from.hash);
        own.turn = core::mem::replace(&mut self.turn, from.turn);
        own.board_pieces = core::mem::replace(&mut self.board_pieces, from.board_pieces);
        own.kept.clone_from(&self.kept);
        self.kept.squares = Kept::EMPTY;
        self.kept.hands.clone_from(&from.kept.hands);
    }

    /// A clone with no kept changes, for the caller to copy them in place
    /// ([`copy_kept`](GenericQi::copy_kept)). When this position's kept
    /// writes leave no room for a move, the clone's shared part is their
    /// spill (see `spill.rs`: with `remember`, the one this position's
    /// shared part remembers), not this position's: its children then take
    /// no count of what this position shares.
    #[inline(always)]
    fn clone_but_kept(&self, remember: bool) -> Self {
        GenericQi {
            shared: if self.kept_full() {
                self.spill_of_kept(remember)
            } else {
                SharedPointer::clone(&self.shared)
            },
            hash: self.hash,
            kept: KeptChanges::EMPTY,
            turn: self.turn,
            board_pieces: self.board_pieces,
        }
    }

    /// Copies `parent`'s kept changes in place into this clone of it made by
    /// [`clone_but_kept`](GenericQi::clone_but_kept): its hand changes, and
    /// its square writes unless they were spilled.
    #[inline(always)]
    fn copy_kept(&mut self, parent: &Self) {
        if parent.kept_full() {
            self.kept.hands.clone_from(&parent.kept.hands);
        } else {
            self.kept.clone_from(&parent.kept);
        }
    }

    /// Puts back the own fields [`swap_own`](GenericQi::swap_own) took.
    fn put_own(&mut self, own: Own<P>) {
        self.hash = own.hash;
        self.turn = own.turn;
        self.board_pieces = own.board_pieces;
        self.kept = own.kept;
    }
}

/// The error path of an edit, out of the way of the hot path: the new
/// position is dropped and the error returned.
#[cold]
#[inline(never)]
fn failed<T>(error: Error) -> Result<T, Error> {
    Err(error)
}

impl EditState {
    #[inline(always)]
    fn new<P, S, K: SharedPointerKind>(parent: &GenericQi<P, S, K>) -> Self {
        EditState {
            error: None,
            changes: 0,
            hand_added: 0,
            hands: UNCOUNTED,
            board_pieces: parent.board_pieces,
            logged_or_flushed: false,
        }
    }

    /// The number of the change being given, from 0, if no earlier one
    /// failed.
    #[inline(always)]
    fn next_change(&mut self) -> Option<usize> {
        let change = self.changes;
        self.changes += 1;
        self.error.is_none().then_some(change)
    }

    /// Keeps `error` as the edit's.
    #[cold]
    fn fail(&mut self, error: Error) {
        self.error = Some(Box::new(error));
    }

    /// The change number of a write to `index`, if it goes ahead: `None`
    /// after an earlier failure, or (and the edit fails) for an index off
    /// the board.
    #[inline(always)]
    fn board_change<P, S, K: SharedPointerKind>(
        &mut self,
        next: &GenericQi<P, S, K>,
        index: usize,
    ) -> Option<usize> {
        let change = self.next_change()?;
        let square_count = next.shared.store.square_count();
        if index >= square_count {
            self.fail(Error::IndexOutOfRange {
                index,
                square_count,
                change: Some(change),
            });
            return None;
        }
        Some(change)
    }

    #[inline(always)]
    fn set<P: Clone + Ord + Hash, S, K: SharedPointerKind>(
        &mut self,
        next: &mut GenericQi<P, S, K>,
        index: usize,
        square: Option<P>,
    ) {
        if self.board_change(next, index).is_some() {
            self.logged_or_flushed |= next.set_square_mut(index, square);
        }
    }

    #[inline(always)]
    fn replace<P: Clone + Ord + Hash, S, K: SharedPointerKind>(
        &mut self,
        next: &mut GenericQi<P, S, K>,
        index: usize,
        old: Option<&P>,
        square: Option<P>,
    ) {
        if self.board_change(next, index).is_some() {
            self.logged_or_flushed |= next.replace_square_mut(index, old, square);
        }
    }

    #[inline(always)]
    fn hand<P: Clone + Ord + Hash, S, K: SharedPointerKind>(
        &mut self,
        next: &mut GenericQi<P, S, K>,
        player: Player,
        piece: P,
        delta: i32,
    ) {
        if let Some(change) = self.next_change() {
            let board_added = i64::from(next.board_pieces) - i64::from(self.board_pieces);
            let added = board_added.saturating_add(self.hand_added);
            match next.change_hand_mut(player, piece, delta, change, added, &mut self.hands) {
                Ok(added) => self.hand_added = self.hand_added.saturating_add(added),
                Err(error) => self.fail(error),
            }
        }
    }

    /// Ends the edit of `next`: the first failure if any, else the piece
    /// check (only if the edit added pieces: its parent passed it) and the
    /// flush of a bulk write.
    #[inline(always)]
    fn finish<P: Clone, S, K: SharedPointerKind>(
        self,
        next: &mut GenericQi<P, S, K>,
    ) -> Result<(), Error> {
        if let Some(error) = self.error {
            return Err(*error);
        }
        let board_added = i64::from(next.board_pieces) - i64::from(self.board_pieces);
        if board_added.saturating_add(self.hand_added) > 0 {
            next.check_pieces((self.hands != UNCOUNTED).then_some(self.hands))?;
        }
        board::finish_writes(
            &mut next.shared,
            &mut next.kept.squares,
            self.logged_or_flushed,
            self.changes,
        );
        Ok(())
    }
}

impl<P: Clone + Ord + Hash, S, K: SharedPointerKind, N: BorrowMut<GenericQi<P, S, K>>>
    Edit<P, S, K, N>
{
    /// Puts `square` on the square at `index`: `Some(piece)` places a piece
    /// (replacing whatever was there), `None` empties it. O(log n), with no
    /// allocation while the position has room for the write (see
    /// [`GenericQi`]); otherwise the kept writes and this one go into the
    /// blocks, each block written and the path to it copied once.
    #[inline(always)]
    pub fn set(&mut self, index: usize, square: Option<P>) -> &mut Self {
        self.state.set(self.next.borrow_mut(), index, square);
        self
    }

    /// [`set`](Edit::set) for a caller that knows what the square holds:
    /// `old` (`None`: empty). The board is not read, which saves a walk down
    /// its blocks on most writes; a move generator knows both squares of
    /// every move it plays.
    ///
    /// `old` is trusted: in a debug build a wrong one panics. In a release
    /// build the square is written all the same, but the position's hash
    /// and piece count come out wrong (a count that runs below zero wraps,
    /// and the edit then fails with [`Error::TooManyPieces`]). Use
    /// [`set`](Edit::set) when unsure.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let start: Qi<char, char> = Qi::new(&[3, 3], 'C', 'c')?.board_diff([(0, Some('R'))])?;
    /// let moved = start.edit_with(|edit| {
    ///     edit.replace(0, Some(&'R'), None).replace(4, None, Some('R'));
    /// })?;
    /// let by_set = start.board_diff([(0, None), (4, Some('R'))])?;
    /// assert_eq!(moved, by_set);
    /// assert_eq!(moved.position_hash(), by_set.position_hash());
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    #[inline(always)]
    pub fn replace(&mut self, index: usize, old: Option<&P>, square: Option<P>) -> &mut Self {
        self.state
            .replace(self.next.borrow_mut(), index, old, square);
        self
    }

    /// Applies the changes of a [`GenericQi::board_diff`], in order, up to
    /// the first that fails: an endless iterator stops there.
    #[inline(always)]
    pub fn board_diff(
        &mut self,
        changes: impl IntoIterator<Item = (usize, Option<P>)>,
    ) -> &mut Self {
        let mut changes = changes.into_iter();
        // The error is checked before the next change is read: nothing past
        // the first failing change is read.
        while self.state.error.is_none()
            && let Some((index, square)) = changes.next()
        {
            self.state.set(self.next.borrow_mut(), index, square);
        }
        self
    }

    /// Adds `delta` copies of `piece` to `player`'s hand (removes them if
    /// negative; 0 does nothing). O(log h) for h kinds of piece in the hand.
    ///
    /// The piece total is checked when the edit ends, so a drop may take
    /// the piece out of the hand after putting it on the board; a change
    /// that takes it more than 2<sup>31</sup> past the square count (more
    /// than one later change could take back) fails at once.
    #[inline(always)]
    pub fn hand(&mut self, player: Player, piece: P, delta: i32) -> &mut Self {
        self.state
            .hand(self.next.borrow_mut(), player, piece, delta);
        self
    }

    /// Applies the changes of a [`GenericQi::hand_diff`] to `player`'s
    /// hand, in order, up to the first that fails: an endless iterator stops
    /// there.
    #[inline(always)]
    pub fn hand_diff(
        &mut self,
        player: Player,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> &mut Self {
        let mut changes = changes.into_iter();
        // As in `board_diff`: nothing past the first failing change is read.
        while self.state.error.is_none()
            && let Some((piece, delta)) = changes.next()
        {
            self.state
                .hand(self.next.borrow_mut(), player, piece, delta);
        }
        self
    }
}

impl<P: Clone, S, K: SharedPointerKind, N: BorrowMut<GenericQi<P, S, K>>> Edit<P, S, K, N> {
    /// Passes the turn to the other player.
    #[inline(always)]
    pub fn toggle(&mut self) -> &mut Self {
        let next = self.next.borrow_mut();
        next.set_turn(next.turn.flip());
        self
    }

    /// Gives the turn to `turn`.
    #[inline(always)]
    pub fn with_turn(&mut self, turn: Player) -> &mut Self {
        self.next.borrow_mut().set_turn(turn);
        self
    }

    /// The position as the steps so far have made it (its piece total not
    /// checked yet).
    #[must_use]
    pub fn position(&self) -> &GenericQi<P, S, K> {
        self.next.borrow()
    }
}

impl<P: Clone, S, K: SharedPointerKind> Edit<P, S, K> {
    /// Builds the new position: the piece total checked if the edit added
    /// pieces, and a bulk edit's writes flushed into the shared blocks.
    ///
    /// # Errors
    ///
    /// The first step that failed, in the order given:
    /// [`Error::IndexOutOfRange`] for an index off the board, or
    /// [`Error::HandUnderflow`] for a removal of more copies than the hand
    /// held at that point, or [`Error::TooManyPieces`] for a hand change
    /// that took the piece total more than 2<sup>31</sup> past the square
    /// count. Otherwise [`Error::TooManyPieces`] if the new position holds
    /// more pieces (board and hands) than squares. Each error's `change`
    /// counts the board and hand changes of the edit from 0, in the order
    /// given.
    #[inline(always)]
    pub fn finish(self) -> Result<GenericQi<P, S, K>, Error> {
        let Edit {
            mut next, state, ..
        } = self;
        match state.finish(&mut next) {
            Ok(()) => Ok(next),
            Err(error) => failed(error),
        }
    }
}
