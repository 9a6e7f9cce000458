//! What reads and diff decoding allocate, counted by a capped allocator: a
//! read of a board allocates nothing, whatever its size and however it was
//! written; a decoded diff holds at most a bounded room beyond the changes
//! it read, whatever length its input announces.
//!
//! The cap makes any allocation past the budget fail, which aborts the test
//! binary ("memory allocation of N bytes failed"): a failure here is a
//! crash, not an assertion. One test function only, so no other test
//! allocates while the cap is set.
#![cfg(feature = "serde")]

use std::alloc::System;

use cap::Cap;
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Diff, Player, Qi, SquareDiff};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Runs `f` allowed to hold at most `budget` bytes more than are held now.
fn within<T>(budget: usize, f: impl FnOnce() -> T) -> T {
    ALLOCATOR
        .set_limit(ALLOCATOR.allocated() + budget)
        .expect("a limit above what is held");
    let output = f();
    ALLOCATOR.set_limit(usize::MAX).expect("no limit");
    output
}

fn qpi(token: &str) -> Qpi {
    Qpi::parse(token).expect("a valid token")
}

/// Reads every square of `position` each way the crate offers.
fn read_all(position: &Qi<Qpi, Sin>, out: &mut [Option<Qpi>]) -> usize {
    let mut seen = position.squares().flatten().count();
    seen += position.occupied().count();
    position.board_into(out).expect("the board's length");
    seen += out.iter().filter(|square| square.is_some()).count();
    seen += (0..position.square_count())
        .filter(|&index| position.square(index).is_some())
        .count();
    seen + position.hand(Player::First).count() + position.hand(Player::Second).count()
}

#[test]
fn reads_allocate_nothing_and_decoding_a_diff_is_bounded() {
    // Boards of one block and of several, fresh and after writes kept in
    // the position, in the log, and flushed into the blocks.
    for shape in [&[9, 9][..], &[19, 19], &[255, 255], &[15, 15, 15]] {
        let empty: Qi<Qpi, Sin> =
            Qi::new(shape, "S".parse().unwrap(), "s".parse().unwrap()).unwrap();
        let square_count = empty.square_count();
        let mut out = vec![None; square_count];
        let mut position = empty.clone();
        for step in 0..200 {
            let index = (step * 7919) % square_count;
            position = position
                .edit_with(|edit| {
                    edit.set(index, Some(qpi(if step % 2 == 0 { "S:P" } else { "s:p" })));
                })
                .unwrap();
            let expected = read_all(&position, &mut out);
            let read = within(0, || read_all(&position, &mut out));
            assert_eq!(read, expected);
        }
        // Positions hash and compare without allocating either.
        let same = within(0, || {
            position == position.clone() && position.position_hash() != 0
        });
        assert!(same);
    }

    // A diff's announced length reserves a bounded room: a billion square
    // changes announced, one given, then the input ends.
    let mut hostile = vec![0x80, 0x94, 0xeb, 0xdc, 0x03];
    hostile.extend([1, 0, 1, 0x9b, 0x0a]);
    let room = 64 * core::mem::size_of::<SquareDiff<Qpi>>();
    let decoded = within(room, || postcard::from_bytes::<Diff<Qpi>>(&hostile));
    assert!(decoded.is_err());
    // The same for JSON, which announces no length: it grows with what it
    // reads, an index past the board stopping it at once.
    let json = format!(
        r#"{{"squares":[[0,null,"S:K"],[65025,null,"S:K"]{}],"hands":[],"turn_changed":false}}"#,
        ",[1,null,\"S:K\"]".repeat(100_000)
    );
    let decoded = within(room, || serde_json::from_str::<Diff<Qpi>>(&json));
    assert!(decoded.is_err());
}
