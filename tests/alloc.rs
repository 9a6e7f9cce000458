//! What the crate allocates, counted by a capped allocator: a read of a
//! board nothing, whatever its size and however it was written; a decoded
//! diff at most a bounded room beyond the changes it read, whatever length
//! its input announces; FEEN: a refused string nothing at all, whatever its
//! length, a read string the position and nothing more, at any moment,
//! writing at most two string buffers of the length limit, whatever the
//! board.
//!
//! The cap makes any allocation past the budget fail, which aborts the test
//! binary ("memory allocation of N bytes failed"): a failure here is a
//! crash, not an assertion. One test function only, so no other test
//! allocates while the cap is set.
#![cfg(all(feature = "serde", feature = "feen"))]

use std::alloc::System;

use cap::Cap;
use persistent_qi::feen::{MAX_STRING_LENGTH, ReadError, WriteError};
use persistent_qi::qpi::{Epin, Qpi, Sin};
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

/// The bytes a value built by `f` holds while it lives.
fn retained<T>(f: impl FnOnce() -> T) -> usize {
    let before = ALLOCATOR.allocated();
    let value = f();
    let held = ALLOCATOR.allocated() - before;
    drop(value);
    held
}

fn feen_allocates_the_position_and_its_string_and_nothing_else() {
    // Refused strings, short and long: nothing is allocated.
    let long = "K".repeat(16 << 20);
    let refused = [
        "",
        "nope",
        "8/8/8/8/8/8/8/8 / W/W",
        "K^k^ 2K^/2k^ J/j",
        &"1/".repeat(2000),
        long.as_str(),
    ];
    for text in refused {
        let epin = within(0, || Qi::<Epin, Sin>::from_feen(text));
        let qpi = within(0, || Qi::<Qpi, Sin>::from_feen(text));
        assert!(matches!(epin, Err(ReadError::Invalid(_))));
        assert!(matches!(qpi, Err(ReadError::Invalid(_))));
    }

    // Read strings: never more at any moment than the position keeps.
    let largest = format!("{} / W/w", vec!["255"; 255].join("/"));
    let read = [
        "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / W/w",
        "ln1g3nl/1r2k^g3/p1ppps1pp/1s3pp2/1p5P1/2P1P4/PPSP1PP1P/2G4R1/LN2K^GSNL 2PB/gp s/S",
        "-rnk^n-r/ppppp/5/5/5//buqbu/ppppp/5/5/5//5/5/5/5/5//5/5/5/PPPPP/BUQBU//5/5/5/PPPPP/-RNK^N-R / R/r",
        "8/8/8/8/8/8/8/8 3P2B/3p2b W/w",
        largest.as_str(),
    ];
    for text in read {
        let budget = retained(|| Qi::<Epin, Sin>::from_feen(text).expect("valid FEEN"));
        assert!(within(budget, || Qi::<Epin, Sin>::from_feen(text)).is_ok());
        let budget = retained(|| Qi::<Qpi, Sin>::from_feen(text).expect("valid FEEN"));
        assert!(within(budget, || Qi::<Qpi, Sin>::from_feen(text)).is_ok());
    }

    // Writing the largest, fullest board: refused after at most a rank
    // past the limit, its length counted without keeping the text.
    let style = |token: &str| token.parse::<Sin>().expect("a SIN token");
    let piece: Epin = "+P".parse().expect("an EPIN token");
    let full: Qi<Epin, Sin> = Qi::from_parts(
        &[255, 255],
        (0..65_025).map(|_| Some(piece)),
        [],
        [],
        style("C"),
        style("c"),
        Player::First,
    )
    .expect("a valid position");
    let written = within(2 * MAX_STRING_LENGTH, || full.to_feen());
    assert!(matches!(written, Err(WriteError::TooLong { .. })));
}

#[path = "common/qpi.rs"]
mod qpi_token;

use qpi_token::qpi;

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

#[test]
fn allocations_stay_within_their_budgets() {
    feen_allocates_the_position_and_its_string_and_nothing_else();
    reads_allocate_nothing_and_decoding_a_diff_is_bounded();
}
