//! FEEN against `sashite-feen`, one test binary: its own cases, each
//! checked (`cases`), and properties over generated positions and strings
//! (`properties`).

#[path = "../../../tests/common/qpi.rs"]
mod qpi_token;

mod cases;
mod properties;
