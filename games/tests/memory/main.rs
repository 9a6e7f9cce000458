//! What the process's allocator sees, one test binary: the search's memory
//! budget over a whole game (`search`), and a tree that cannot allocate a
//! ply stopping with an error (`tree`).
//!
//! A binary of its own, apart from `tests/all/`: the allocator counts, and
//! limits, every allocation of the process. Its tests take turns
//! ([`alone`]): one test's limit or count never sees another's bytes.

use std::alloc::System;
use std::sync::{Mutex, MutexGuard, PoisonError};

use cap::Cap;

mod search;
mod tree;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// The bytes the process holds.
fn allocated() -> usize {
    ALLOCATOR.allocated()
}

/// Held for the whole of a test: the tests of this binary run one at a
/// time (a test that failed still lets the next one run).
fn alone() -> MutexGuard<'static, ()> {
    static TURN: Mutex<()> = Mutex::new(());
    TURN.lock().unwrap_or_else(PoisonError::into_inner)
}
