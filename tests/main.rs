//! The library's tests of its public API, one test binary (`api`): a module
//! per folder, by idea. One binary links the crate and its dependencies once
//! and instantiates its generic code once; a binary a folder did each of
//! those seven times (see CONTRIBUTING.md).
//!
//! `tests/alloc.rs` stays a binary of its own: it sets the process's
//! allocator.

// The common helpers are declared once, here; `changes` and `edit` each
// compile their `cases.rs` twice, once per pointer kind.
#![allow(clippy::duplicate_mod)]

#[path = "common/empty.rs"]
mod empty_board;
#[path = "common/qpi_domain.rs"]
mod qpi_domain;
#[path = "common/qpi.rs"]
mod qpi_token;

mod changes;
mod edit;
mod peers;
mod position;
mod qpi;
mod repository;
mod serde;
