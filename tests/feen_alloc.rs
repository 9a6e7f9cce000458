//! What FEEN reading and writing allocate, counted by a capped allocator:
//! a refused string nothing at all, whatever its length; a read string the
//! position and nothing more, at any moment; writing at most two string
//! buffers of the length limit, whatever the board.
//!
//! The cap makes any allocation past the budget fail, which aborts the test
//! binary ("memory allocation of N bytes failed"): a failure here is a
//! crash, not an assertion. One test function only, so no other test
//! allocates while the cap is set.
#![cfg(feature = "feen")]

use std::alloc::System;

use cap::Cap;
use persistent_qi::feen::{MAX_STRING_LENGTH, ReadError, WriteError};
use persistent_qi::qpi::{Epin, Qpi, Sin};
use persistent_qi::{Player, Qi};

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

#[test]
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
