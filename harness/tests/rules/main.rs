//! One test per rule of the position model, for both pointer kinds: the
//! rules of `cases.rs` run over `Qi` (module `sync`) and over `LocalQi`
//! (module `local`), the same source compiled twice. What holds of the
//! crate whatever the kind is here.

// `cases.rs` is compiled twice on purpose, once per pointer kind: that is
// how one source tests both.
#![allow(clippy::duplicate_mod)]

#[path = "../../../tests/common/empty.rs"]
mod empty_board;
mod local;
mod sync;

use persistent_qi::{Error, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Qi};

#[test]
fn limits_are_the_documented_values() {
    assert_eq!(MAX_DIMENSIONS, 3);
    assert_eq!(MAX_DIMENSION_SIZE, 255);
    assert_eq!(MAX_SQUARE_COUNT, 65_025);
}

#[test]
fn positions_are_send_and_sync() {
    const fn assert_send_sync<T: Send + Sync>() {}
    const _: () = assert_send_sync::<Qi<String, String>>();
    const _: () = assert_send_sync::<Qi<u8, u8>>();
    const _: () = assert_send_sync::<Qi<&'static str, &'static str>>();
    const _: () = assert_send_sync::<Error>();
}

#[test]
fn errors_implement_std_error() {
    fn takes_error(_: &dyn std::error::Error) {}
    takes_error(&Error::EmptyShape);
    assert_eq!(
        Error::EmptyShape.to_string(),
        "at least one dimension is required"
    );
    assert_eq!(
        Error::TooManyDimensions { dimensions: 4 }.to_string(),
        "board exceeds 3 dimensions (got 4)"
    );
    assert_eq!(
        Error::TooManySquares { squares: 130_050 }.to_string(),
        "board exceeds 65025 squares (got 130050)"
    );
}
