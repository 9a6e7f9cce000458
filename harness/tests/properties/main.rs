//! The crate against its models, one test binary: the reference model driven
//! by proptest (`model`), agreement with `sashite-qi` (`sashite_agreement`),
//! the laws every position keeps (`laws`), both pointer kinds alike
//! (`kinds`), and the `arbitrary`, `proptest` and `quickcheck` integrations
//! (`arbitrary`, `proptest`, `quickcheck`).

mod arbitrary;
mod kinds;
mod laws;
mod lines;
mod model;
mod proptest;
mod quickcheck;
mod sashite_agreement;
