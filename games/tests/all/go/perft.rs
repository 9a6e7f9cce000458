//! Perft on the empty 9x9 board against the published counts (simple ko,
//! suicide illegal, no pass), through every position crate.

use std::time::Instant;

use games::go::{self, EMPTY_9X9, Go, PUBLISHED};
use games::{Game, Local, PerftOptions, Persistent, Position, Sashite, perft};

/// The published counts of the empty 9x9 board up to `max_depth`, for
/// crate `P`.
fn check_published<P: Position<Piece = u8, Style = u8>>(max_depth: u32) {
    let node = go::load::<P>(EMPTY_9X9).unwrap();
    for (depth, &expected) in (1..=max_depth).zip(PUBLISHED[0].counts) {
        assert_eq!(perft(&node, depth), expected, "{} depth {depth}", P::CRATE);
    }
}

#[test]
fn the_empty_9x9_board_to_depth_3_with_persistent_qi() {
    check_published::<Persistent<u8, u8>>(3);
}

#[test]
fn the_empty_9x9_board_to_depth_3_with_local_persistent_qi() {
    check_published::<Local<u8, u8>>(3);
}

#[test]
fn the_empty_9x9_board_to_depth_3_with_sashite_qi() {
    check_published::<Sashite<u8, u8>>(3);
}

#[test]
fn the_empty_9x9_board_to_depth_3_with_the_fixed_array() {
    check_published::<<Go as Game>::Fixed>(3);
}

#[test]
fn the_game_publishes_the_empty_9x9_board() {
    assert_eq!(Go::NAME, "go");
    assert_eq!(Go::PUBLISHED, &PUBLISHED);
    assert_eq!(
        PUBLISHED[0].counts,
        &[81, 6_480, 511_920, 39_929_136],
        "the published counts"
    );
}

#[test]
fn parallel_divide_sums_to_the_count() {
    let node = Go::load::<Persistent<u8, u8>>(EMPTY_9X9).unwrap();
    let options = PerftOptions {
        depth: 3,
        table: true,
        threads: 2,
    };
    let counts = Go::divide_parallel(&node, options, &|| {});
    assert_eq!(counts.len(), 81);
    assert!(counts.iter().all(|&(_, count)| count == 80 * 79));
    assert_eq!(counts.iter().map(|&(_, count)| count).sum::<u64>(), 511_920);
}

/// Depth 4 (39,929,136 leaves) with one crate, timed.
fn depth_4<P: Position<Piece = u8, Style = u8>>() {
    let node = go::load::<P>(EMPTY_9X9).unwrap();
    let start = Instant::now();
    let count = perft(&node, 4);
    let elapsed = start.elapsed();
    println!(
        "perft 9x9 depth 4 with {}: {count} in {elapsed:.2?}",
        P::CRATE
    );
    assert_eq!(count, PUBLISHED[0].counts[3], "{}", P::CRATE);
}

/// Run in a release build: `cargo test --release -p games --test all
/// -- --ignored --nocapture go::perft::`.
#[test]
#[ignore = "about 40 million leaves per crate: run in a release build"]
fn the_empty_9x9_board_to_depth_4_with_every_crate() {
    depth_4::<Persistent<u8, u8>>();
    depth_4::<Local<u8, u8>>();
    depth_4::<Sashite<u8, u8>>();
}
