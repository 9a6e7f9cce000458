//! `games`: legal shogi, chess and Go on persistent-qi, each checked
//! against published counts and measured against sashite-qi through the
//! same rules. The command line is the library's [`games::cli`]; this
//! program adds the allocator that counts the bytes the process holds and
//! each thread's allocations.
#![forbid(unsafe_code)]

use std::alloc::System;
use std::process::ExitCode;

use cap::Cap;
use densa_alloc::CountingAllocator;

/// Counts the bytes the process holds, for the kept trees' memory figures
/// (`cap`), and each thread's allocations, for the allocations per child
/// of `games plies` (`densa-alloc`, a thread-local count a call).
#[global_allocator]
static ALLOCATOR: Cap<CountingAllocator<System>> =
    Cap::new(CountingAllocator::new(System), usize::MAX);

fn main() -> ExitCode {
    games::cli::run(|| ALLOCATOR.allocated())
}
