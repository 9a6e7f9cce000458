//! The rules over `Qi` (atomic reference counts).

type Kind = persistent_qi::ArcTK;

#[path = "cases.rs"]
mod cases;
