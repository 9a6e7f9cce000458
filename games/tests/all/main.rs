//! The games' tests, one test binary: each game's rules, loading and perft
//! (`chess`, `shogi`, `go`), game records (`record`), the search's tree
//! and its games (`search`), and the program and its protocols as a user
//! runs them (`cli`).
//!
//! One binary rather than one per folder: the games are built at
//! `opt-level = 3` in test builds too, and each test binary instantiates
//! the rules over every position crate again, so the folders share one.

#[path = "../../../tests/common/qpi.rs"]
mod qpi_token;

mod chess;
mod cli;
mod go;
mod record;
mod search;
mod shogi;
