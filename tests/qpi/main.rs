//! The QPI piece identifier, one test binary: conformance with the
//! specification (`conformance`), rejection of hostile and near-miss input
//! (`rejection`), invariants over the whole token domain (`invariants`), and
//! the integrations: EPIN (`epin`) and serde (`serde`).

#[path = "../common/qpi_domain.rs"]
mod qpi_domain;
#[path = "../common/qpi.rs"]
mod qpi_token;

mod conformance;
mod epin;
mod invariants;
mod rejection;
mod serde;
