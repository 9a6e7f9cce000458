//! The repository's commands and derived text, one test binary: the
//! members' manifests against ARCHITECTURE.md (`architecture`), the CI
//! script runs the README's commands (`ci`), the committed fuzz corpus and
//! regressions replay (`fuzz_replay`), and the tables derived from the
//! measured figures match (`readme_performance`).

mod architecture;
mod ci;
mod fuzz_replay;
mod readme_performance;
