//! The repository's text, checked: the README and the crate
//! docs it shares (`readme`), the links of the README, the changelog and
//! the docs (`links`), the manifest docs.rs and crates.io read
//! (`manifest`), and the library's panicking calls, each with its reason
//! (`panic_free`).

mod links;
mod manifest;
mod panic_free;
mod readme;
