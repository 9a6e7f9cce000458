//! The Rust crate `sashite-qi` 0.2.1, one module per test file:
//! `tests/construction.rs`, `tests/transform.rs`.

mod construction;
mod transform;
