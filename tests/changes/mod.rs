//! `changes_since`, for both pointer kinds: the tests of `cases.rs` run over
//! `Qi` (module `sync`) and over `LocalQi` (module `local`), the same source
//! compiled twice.

mod local;
mod sync;
