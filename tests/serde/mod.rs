//! The `serde` format: its round trips, layout and
//! rejections (`format`), and its agreement with `sashite-qi` 0.2's, byte for
//! byte (`sashite`).

mod format;
mod sashite;
