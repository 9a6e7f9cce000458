//! `games`: the command line (being rewritten).
#![forbid(unsafe_code)]

fn main() {}
