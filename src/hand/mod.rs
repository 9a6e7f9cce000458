//! The hands: pieces off the board, built like the board (`src/board/`).
//!
//! - `map.rs`: a hand's storage, an imbl map from piece to count with its
//!   running total ([`Hand`]), shared between positions as the board's
//!   blocks are;
//! - `kept.rs`: a position's kept hand changes ([`KeptHands`]), held in the
//!   position itself as its kept square writes are;
//! - `view.rs`: the effective hands, the shared ones under the kept
//!   changes, as every read sees them;
//! - `write.rs`: the write path, the keep-or-flush rule for a change and
//!   the flush of the kept changes into the shared hands.
//!
//! # Glossary
//!
//! The board's words (`src/board/mod.rs`) mean the same here:
//!
//! - an **entry** is a piece and its count, `(piece, count)`, as a hand
//!   holds it and as a position is built from ([`Hand::from_entries`]);
//!   counts are never 0: an entry whose count reaches 0 is removed;
//! - the **total** is the number of pieces a hand holds, all kinds
//!   together;
//! - the **shared** hands are those the positions share, behind the
//!   position's shared pointer;
//! - a **kept** change is the difference (**delta**) from a shared count,
//!   held in the position ([`HandDelta`]: whose hand and the delta);
//! - the **effective** hand is the shared hand under the kept changes: the
//!   hands' counterpart of the board's overlaid writes (`view.rs`);
//! - to **flush** is to move every kept change into the shared hands
//!   (`write.rs`), as the board's flush moves writes into the blocks;
//! - the **write policy** ([`WritePolicy`](crate::write_policy::WritePolicy))
//!   is the board's: for pieces whose writes go through, no change is kept,
//!   every change goes into the shared hands at once.
//!
//! # Invariants
//!
//! - At most one kept change per player and piece, its delta never 0.
//! - A player's effective count of a piece is the shared count plus the
//!   kept delta, never below 0.

mod kept;
mod map;
mod view;
mod write;

pub(crate) use self::kept::{HandDelta, KEPT_HANDS, KeptHands, with_delta};
pub(crate) use self::map::{Hand, HandError};
pub(crate) use self::view::{effective_count, effective_hand, effective_total, same_hands};
pub(crate) use self::write::{HandsMut, counted, refused, set_count};
