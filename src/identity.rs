//! Numbers that tell versions apart: drawn from one process-wide sequence,
//! never twice.
//!
//! A board's stamp is such a number, drawn whenever its blocks are built or
//! written (a position has no number of its own: `ptr_eq` compares its
//! shared pointer and its own fields). A stamp says "the same" only about
//! blocks copied from one another, never about content: two boards built
//! apart draw different stamps even when they are equal.

use core::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// A number no other call in this process has returned (until the 64-bit
/// sequence wraps, which takes centuries at a billion draws a second).
///
/// Threads reserve numbers from the global counter a range at a time, so the
/// hot path is a thread-local increment with no shared cache line.
pub(crate) fn fresh_id() -> u64 {
    const RANGE: u64 = 1 << 16;
    static NEXT_RANGE: AtomicU64 = AtomicU64::new(0);
    thread_local! {
        static RESERVED: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
    }
    RESERVED.with(|reserved| {
        let (next, end) = reserved.get();
        let (next, end) = if next == end {
            let start = NEXT_RANGE.fetch_add(RANGE, Ordering::Relaxed);
            (start, start + RANGE)
        } else {
            (next, end)
        };
        reserved.set((next + 1, end));
        next
    })
}

#[cfg(test)]
mod tests {
    use super::fresh_id;

    #[test]
    fn no_number_is_drawn_twice_across_threads() {
        let draw = || (0..100_000).map(|_| fresh_id()).collect::<Vec<_>>();
        let other = std::thread::spawn(draw);
        let mut all = draw();
        all.extend(other.join().expect("the other thread draws"));
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count);
    }
}
