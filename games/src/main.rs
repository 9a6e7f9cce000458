//! `games`: legal shogi, chess and Go on persistent-qi, each checked
//! against published counts and measured against sashite-qi through the
//! same rules. The command line is the library's [`games::cli`]; this
//! program adds the allocator that counts the bytes the process holds.
#![forbid(unsafe_code)]

use std::alloc::System;
use std::process::ExitCode;

use cap::Cap;

/// Counts the bytes the process holds, for the kept trees' memory figures.
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

fn main() -> ExitCode {
    games::cli::run(|| ALLOCATOR.allocated())
}
