//! The spill of a position's kept writes, made once for all its children.
//!
//! A position keeps its last [`KEPT`] square writes itself. A child of a
//! position whose kept writes fill every slot has no room for its own: the
//! parent's writes must move out of the child into what it shares (the
//! log, and at every other spill the blocks: `Store::spill`), one new
//! shared part. Every child of that parent would make the same one, and a
//! move at that ply would cost an allocation, a copy of the log and the
//! reference counts of everything the shared part points to (the blocks,
//! the hands, the setup: counts that every position of a tree shares),
//! where a move at any other ply costs a copy of the position.
//!
//! So the first child spills, and its siblings take what it made:
//!
//! - A spilled store notes the version of the one it came from
//!   (`Shared::spilled_from`), and its log holds exactly the kept writes it
//!   took (`Store::logged_exactly`): a store is the spill of a position
//!   when both hold, and then it holds that position's board with room for
//!   every write.
//! - The parent's shared part remembers the last spill made from it
//!   ([`Memo`]): a child built by `edit` or `edit_with` takes it when it is
//!   its parent's spill, for one reference count.
//! - A child built by `edit_into` into a slot that holds the last sibling
//!   finds the spill there: the slot keeps its shared part, and the child
//!   costs what a child at any other ply costs, nothing counted and
//!   nothing allocated. The slot is the siblings' memory, so `edit_into`
//!   never reads or writes the parent's (a lock, and a count that would
//!   keep the slot's part from being its own); and the first child of the
//!   next parent, when the slot alone holds its part, remakes that part in
//!   place as its own parent's spill (`respill_into`): no allocation, and
//!   no count taken or dropped of the blocks, hands and setup the two
//!   parts share.
//!
//! A version names one content for good (every change in place draws a new
//! one), so a spill found by its version and its log is always the right
//! one; a miss only spills again.
//!
//! Measured against the other designs in the crate's docs (`lib.rs`, "The
//! cost of a move, ply by ply").

// The tests and the room-making run in every edit, inside the caller's:
// inlined there, where the kind of square folds them away.
#![allow(clippy::inline_always)]

use std::sync::{Mutex, TryLockError};

use archery::{SharedPointer, SharedPointerKind};

use super::{GenericQi, Setup, Shared};
use crate::board::{Held, KEPT, Kept};
use crate::hand::Hand;
use crate::identity::fresh_id;
use crate::write_policy::{WritePolicy, write_policy};

/// The room an edit starts with: the most squares a move writes in chess
/// (castling: the king's two squares and the rook's two), shogi, xiangqi
/// and their variants. A position whose kept writes leave less has its
/// children spill them first. An edit that writes more (a bulk edit, a Go
/// move that captures many stones) spills again when it runs out, its own
/// writes with its parent's: a spill no sibling shares.
pub(crate) const ROOM: usize = 2;

/// The spill last made from a shared part, if any: a slot that never waits.
///
/// Behind a lock, so that positions on several threads may share the part
/// that holds it, but never waited on: a thread that finds it taken goes
/// on as if it were empty (and spills for itself), so no move ever waits
/// for another thread's.
pub(super) struct Memo<T>(Mutex<Option<T>>);

impl<T> Memo<T> {
    /// Empty.
    pub(super) const fn new() -> Self {
        Memo(Mutex::new(None))
    }

    /// A clone of what it holds, if that passes `matches`; `None` if it is
    /// empty, does not match, or another thread holds the lock.
    #[inline]
    pub(super) fn get_if(&self, matches: impl FnOnce(&T) -> bool) -> Option<T>
    where
        T: Clone,
    {
        let held = match self.0.try_lock() {
            Ok(held) => held,
            // A panic while it was held (a piece's `==`) leaves what it
            // holds whole: it is only ever replaced whole.
            Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(TryLockError::WouldBlock) => return None,
        };
        held.as_ref().filter(|held| matches(held)).cloned()
    }

    /// Holds `value` from now on, unless another thread holds the lock.
    /// What it held before is dropped after the lock is released.
    #[inline]
    pub(super) fn set(&self, value: T) {
        let mut value = Some(value);
        match self.0.try_lock() {
            Ok(mut held) => core::mem::swap(&mut *held, &mut value),
            Err(TryLockError::Poisoned(poisoned)) => {
                core::mem::swap(&mut *poisoned.into_inner(), &mut value);
            }
            Err(TryLockError::WouldBlock) => {}
        }
        drop(value);
    }

    /// Takes out what it holds.
    #[inline]
    pub(super) fn take(&mut self) -> Option<T> {
        match self.0.get_mut() {
            Ok(held) => held.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        }
    }

    /// Empties it.
    #[inline]
    pub(super) fn clear(&mut self) {
        drop(self.take());
    }
}

impl<P: Clone, S, K: SharedPointerKind> Shared<P, S, K> {
    /// Whether `self` is the spill of the kept writes `kept` of a position
    /// over `origin`: made from `origin`'s version, its log holding
    /// exactly them.
    #[inline]
    fn is_spill_of(&self, origin: &Self, kept: &Kept<P>) -> bool
    where
        P: PartialEq,
    {
        self.spilled_from == origin.version && self.store.logged_exactly(kept)
    }
}

impl<P: Clone + PartialEq, S, K: SharedPointerKind> GenericQi<P, S, K> {
    /// Whether this position's kept writes leave less room than a move
    /// may take ([`ROOM`]): its children spill them.
    #[inline(always)]
    pub(super) fn kept_full(&self) -> bool {
        write_policy::<P>() == WritePolicy::Deferred && self.kept.squares.len() > KEPT - ROOM
    }

    /// Makes room for an edit's writes: if the kept writes leave less than
    /// [`ROOM`] slots, spills them (see the module docs), before any of the
    /// edit's own writes, so that every child of a position spills the
    /// same writes, and a move finds the room it needs.
    #[inline(always)]
    pub(super) fn make_room(&mut self) {
        if self.kept_full() {
            self.spill_kept();
        }
    }

    /// Spills the kept writes of a position being built into a slot: in
    /// place if nothing else holds its shared part, else into a new one.
    /// The slot is the siblings' memory of it (see
    /// [`spilled_into`](GenericQi::spilled_into)), so the parent's is
    /// neither read nor written.
    #[inline(never)]
    fn spill_kept(&mut self) {
        if SharedPointer::strong_count(&self.shared) == 1 {
            // Nothing else holds it: no sibling to share a spill with.
            super::shared_mut(&mut self.shared)
                .store
                .spill(&mut self.kept.squares);
            return;
        }
        self.shared = SharedPointer::new(self.shared.spilled(&mut self.kept.squares));
    }

    /// The spill of this position's kept writes, for a child: with
    /// `remember`, the one its shared part remembers if it is this
    /// position's, else a new one, remembered there; without, a new one.
    /// This position is unchanged.
    #[inline(never)]
    pub(super) fn spill_of_kept(&self, remember: bool) -> SharedPointer<Shared<P, S, K>, K> {
        let origin = &*self.shared;
        if remember
            && let Some(spill) = origin
                .spill
                .get_if(|spill| spill.is_spill_of(origin, &self.kept.squares))
        {
            return spill;
        }
        // The kept writes are copied only for a spill made anew.
        let mut kept = self.kept.squares.clone();
        let spill = SharedPointer::new(origin.spilled(&mut kept));
        if remember {
            origin.spill.set(SharedPointer::clone(&spill));
        }
        spill
    }

    /// Makes `slot`'s shared part this position's spill, in place, if the
    /// slot alone holds it (the last child of another parent, built there
    /// by [`edit_into`](GenericQi::edit_into)): no allocation, and no count
    /// taken or dropped of what the two share (the blocks, the hands, the
    /// setup that the slot's part already held). `None`, and nothing
    /// changed, if another position holds it too. What it held comes back,
    /// to put back if the edit fails ([`Respilled::restore`]).
    #[inline(never)]
    pub(super) fn respill_into(
        &self,
        slot: &mut SharedPointer<Shared<P, S, K>, K>,
    ) -> Option<Respilled<P, S, K>> {
        let shared = SharedPointer::get_mut(slot)?;
        let origin = &*self.shared;
        let mut kept = self.kept.squares.clone();
        let store = shared.store.respill(&origin.store, &mut kept);
        let hands = (!SharedPointer::ptr_eq(&shared.hands, &origin.hands))
            .then(|| core::mem::replace(&mut shared.hands, SharedPointer::clone(&origin.hands)));
        let setup = (!SharedPointer::ptr_eq(&shared.setup, &origin.setup))
            .then(|| core::mem::replace(&mut shared.setup, SharedPointer::clone(&origin.setup)));
        let respilled = Respilled {
            store,
            hands,
            setup,
            version: core::mem::replace(&mut shared.version, fresh_id()),
            spilled_from: core::mem::replace(&mut shared.spilled_from, origin.version),
            spill: shared.spill.take(),
        };
        Some(respilled)
    }

    /// Whether `slot`'s shared part is this position's spill: the last
    /// sibling built there by [`edit_into`](GenericQi::edit_into) made it,
    /// or took it.
    #[inline(always)]
    pub(super) fn spilled_into(&self, slot: &Self) -> bool {
        debug_assert!(self.kept_full(), "only a full position's children spill");
        slot.shared.is_spill_of(&self.shared, &self.kept.squares)
    }

    /// The spill of this position's kept writes, made anew: what
    /// [`spilled_into`](GenericQi::spilled_into) found in a slot, for a
    /// failed edit to put back when it changed it.
    #[cold]
    pub(super) fn spill_again(&self) -> SharedPointer<Shared<P, S, K>, K> {
        let mut kept = self.kept.squares.clone();
        SharedPointer::new(self.shared.spilled(&mut kept))
    }
}

/// What [`GenericQi::respill_into`] took out of a slot's shared part: its
/// fields, but those it shared with the origin's, taken from there again
/// if it is put back.
pub(super) struct Respilled<P, S, K: SharedPointerKind> {
    store: Held<P, K>,
    hands: Option<SharedPointer<[Hand<P, K>; 2], K>>,
    setup: Option<SharedPointer<Setup<S>, K>>,
    version: u64,
    spilled_from: u64,
    spill: Option<SharedPointer<Shared<P, S, K>, K>>,
}

impl<P: Clone, S, K: SharedPointerKind> Respilled<P, S, K> {
    /// The shared part as it was, `origin` the one its spill was made of.
    #[cold]
    pub(super) fn restore(self, origin: &Shared<P, S, K>) -> Shared<P, S, K> {
        let spill = Memo::new();
        if let Some(remembered) = self.spill {
            spill.set(remembered);
        }
        Shared {
            store: self.store.restore(&origin.store),
            hands: self
                .hands
                .unwrap_or_else(|| SharedPointer::clone(&origin.hands)),
            setup: self
                .setup
                .unwrap_or_else(|| SharedPointer::clone(&origin.setup)),
            version: self.version,
            spilled_from: self.spilled_from,
            spill,
        }
    }
}

impl<P: Clone, S, K: SharedPointerKind> Shared<P, S, K> {
    /// A copy of this shared part with `kept` spilled into it, noting this
    /// version as its origin.
    fn spilled(&self, kept: &mut Kept<P>) -> Self {
        let mut spill = self.clone();
        spill.store.spill(kept);
        spill.spilled_from = self.version;
        spill
    }
}
