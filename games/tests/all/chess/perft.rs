//! Perft of the published chess positions through every position crate:
//! the leaf counts of the legal move tree are the published ones.
//!
//! The deep counts (start to depth 5, Kiwipete to 4, position 3 to 5) run
//! in release, timed per crate:
//! `cargo test --release -p games --test all -- --ignored --nocapture chess::perft::`.

use std::time::Instant;

use games::chess::{self, Chess, KIWIPETE, POSITION_3, START};
use games::{
    Game, Local, PerftOptions, Persistent, Published, QpiPosition, Sashite, divide, perft,
};

/// The Chess Programming Wiki's positions 4 (and its mirror), 5 and 6,
/// with their counts: promotions, castling and checks, beyond the
/// published three.
const MORE: [Published; 4] = [
    Published {
        name: "position 4",
        text: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        counts: &[6, 264, 9_467, 422_333],
        deeper: &[],
    },
    Published {
        name: "position 4, mirrored",
        text: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        counts: &[6, 264, 9_467, 422_333],
        deeper: &[],
    },
    Published {
        name: "position 5",
        text: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        counts: &[44, 1_486, 62_379, 2_103_487],
        deeper: &[],
    },
    Published {
        name: "position 6",
        text: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        counts: &[46, 2_079, 89_890, 3_894_594],
        deeper: &[],
    },
];

/// Checks a position's counts up to `depth` through crate `P`, and says
/// how long each depth took.
fn counts_as_published<P: QpiPosition>(published: &Published, depth: usize, verbose: bool) {
    let node = chess::load::<P>(published.text).expect("a published position loads");
    for (ply, &count) in published.counts.iter().enumerate().take(depth) {
        let depth = u32::try_from(ply + 1).expect("a small depth");
        let started = Instant::now();
        assert_eq!(
            perft(&node, depth),
            count,
            "{} at depth {depth} through {}",
            published.name,
            P::CRATE
        );
        if verbose {
            println!(
                "{:>22} {:>20} depth {depth}: {count:>9} leaves in {:.3} s",
                P::CRATE,
                published.name,
                started.elapsed().as_secs_f64()
            );
        }
    }
}

/// The published position of `text`.
fn published(text: &str) -> &'static Published {
    Chess::PUBLISHED
        .iter()
        .find(|published| published.text == text)
        .expect("a published position")
}

/// A position's counts up to `depth` through every crate.
fn every_crate_counts(published: &Published, depth: usize) {
    counts_as_published::<Persistent>(published, depth, false);
    counts_as_published::<Local>(published, depth, false);
    counts_as_published::<Sashite>(published, depth, false);
    counts_as_published::<<Chess as Game>::Fixed>(published, depth, false);
}

#[test]
fn the_start_position_counts_as_published_to_depth_4() {
    every_crate_counts(published(START), 4);
}

#[test]
fn kiwipete_counts_as_published_to_depth_3() {
    every_crate_counts(published(KIWIPETE), 3);
}

#[test]
fn position_3_counts_as_published_to_depth_4() {
    every_crate_counts(published(POSITION_3), 4);
}

#[test]
fn positions_4_to_6_count_as_published_to_depth_3() {
    for position in &MORE {
        every_crate_counts(position, 3);
    }
}

#[test]
fn every_first_move_of_the_start_has_twenty_replies() {
    let start = chess::load::<Persistent>(START).unwrap();
    let counts = divide(&start, PerftOptions::new(2), &|| {});
    let mut names: Vec<String> = counts.iter().map(|(mv, _)| mv.to_string()).collect();
    names.sort();
    let mut expected: Vec<String> = "abcdefgh"
        .chars()
        .flat_map(|file| [format!("{file}2{file}3"), format!("{file}2{file}4")])
        .chain(["b1a3", "b1c3", "g1f3", "g1h3"].map(String::from))
        .collect();
    expected.sort();
    assert_eq!(names, expected);
    for (mv, count) in &counts {
        assert_eq!(*count, 20, "{mv}");
    }
}

#[test]
#[ignore = "deep: run in release"]
fn every_published_count_matches_in_release() {
    fn run<P: QpiPosition>() {
        for published in Chess::PUBLISHED.iter().chain(&MORE) {
            counts_as_published::<P>(published, published.counts.len(), true);
        }
    }
    run::<Persistent>();
    run::<Local>();
    run::<Sashite>();
    run::<<Chess as Game>::Fixed>();
}
