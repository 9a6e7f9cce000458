//! The one-call move, for both pointer kinds: the tests of `cases.rs` run over
//! `Qi` (module `sync`) and over `LocalQi` (module `local`), the same source
//! compiled twice.

// `cases.rs` is compiled twice on purpose, once per pointer kind: that is
// how one source tests both.
#![allow(clippy::duplicate_mod)]

#[path = "../common/empty.rs"]
mod empty_board;
mod local;
mod sync;
