//! The `serde` format, one test binary: its round trips, layout and
//! rejections (`format`), and its agreement with `sashite-qi` 0.2's, byte for
//! byte (`sashite`).

#[cfg(feature = "serde")]
#[path = "../common/qpi.rs"]
mod qpi_token;

mod format;
mod sashite;
