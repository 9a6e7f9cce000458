//! The rules over `LocalQi` (plain reference counts, one thread).

type Kind = persistent_qi::RcK;

#[path = "cases.rs"]
mod cases;
