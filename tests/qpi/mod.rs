//! The QPI piece identifier: conformance with the
//! specification (`conformance`), rejection of hostile and near-miss input
//! (`rejection`), invariants over the whole token domain (`invariants`), and
//! the integrations: EPIN (`epin`) and serde (`serde`).

mod conformance;
mod epin;
mod invariants;
mod rejection;
mod serde;
