//! Perft counts against the published ones, up to about a million leaves,
//! with both position crates; the table and the threads change no count.

use games::shogi::{self, MATSURI, MOST_MOVES, Node, PUBLISHED, START, Shogi, load};
use games::{
    Game, Local, PerftOptions, Persistent, Position as _, QpiPosition, Sashite, divide,
    divide_with_hits, perft,
};
use persistent_qi::Player;

/// The fixed array of shogi.
type Fixed = <Shogi as Game>::Fixed;

/// The node of a published position, over crate `P`.
fn node<P: QpiPosition>(feen: &str) -> Node<P> {
    Node::new(load(feen).unwrap())
}

/// Every published count of `feen` up to `max_depth`, for crate `P`.
fn check_published<P: QpiPosition>(feen: &str, max_depth: u32) {
    let published = PUBLISHED
        .iter()
        .find(|published| published.text == feen)
        .expect("a published position");
    let position = node::<P>(feen);
    for (depth, &expected) in (1..=max_depth).zip(published.counts) {
        assert_eq!(
            perft(&position, depth),
            expected,
            "{} depth {depth}",
            P::CRATE
        );
    }
}

#[test]
fn start_position_to_depth_4_with_persistent_qi() {
    check_published::<Persistent>(START, 4);
}

#[test]
fn start_position_to_depth_4_with_sashite_qi() {
    check_published::<Sashite>(START, 4);
}

#[test]
fn start_position_to_depth_4_with_the_fixed_array() {
    check_published::<Fixed>(START, 4);
}

#[test]
fn matsuri_to_depth_2_with_every_runner() {
    check_published::<Persistent>(MATSURI, 2);
    check_published::<Sashite>(MATSURI, 2);
    check_published::<Fixed>(MATSURI, 2);
}

#[test]
fn most_moves_to_depth_2_with_every_runner() {
    check_published::<Persistent>(MOST_MOVES, 2);
    check_published::<Sashite>(MOST_MOVES, 2);
    check_published::<Fixed>(MOST_MOVES, 2);
}

#[test]
fn depth_zero_counts_the_position_itself() {
    let start = node::<Persistent>(START);
    assert_eq!(perft(&start, 0), 1);
}

/// The per-move counts of a divide, by USI move.
fn by_move<P: QpiPosition>(feen: &str, options: PerftOptions) -> Vec<(String, u64)> {
    let position = node::<P>(feen);
    let mut counts: Vec<(String, u64)> = divide(&position, options, &|| {})
        .into_iter()
        .map(|(mv, count)| (mv.usi().to_string(), count))
        .collect();
    counts.sort();
    counts
}

/// A first hand of every kind in both styles but the native pawn, and a
/// pawn it can capture to add it.
const BOTH_STYLES: &str = "4k^4/9/9/9/4p4/4P4/9/9/4K^4 BB'GG'LL'NN'P'RR'SS'/ S/s";

#[test]
fn a_hand_of_every_kind_in_both_styles_fits_the_fixed_array() {
    let mut kinds = 0;
    node::<Fixed>(BOTH_STYLES)
        .position
        .for_each_in_hand(Player::First, |_, _| kinds += 1);
    assert_eq!(kinds, shogi::HAND_KINDS - 1);
    let options = PerftOptions::new(2);
    assert_eq!(
        by_move::<Fixed>(BOTH_STYLES, options),
        by_move::<Persistent>(BOTH_STYLES, options)
    );
}

#[test]
fn the_table_and_threads_change_no_count() {
    for (feen, depth) in [(START, 3), (MATSURI, 2), (MOST_MOVES, 2)] {
        let plain = by_move::<Persistent>(feen, PerftOptions::new(depth));
        for (table, threads) in [(true, 1), (false, 2), (true, 2)] {
            let options = PerftOptions {
                depth,
                table,
                threads,
            };
            assert_eq!(
                by_move::<Persistent>(feen, options),
                plain,
                "{feen} {options:?}"
            );
            assert_eq!(
                by_move::<Sashite>(feen, options),
                plain,
                "{feen} {options:?}"
            );
        }
        let total: u64 = plain.iter().map(|(_, count)| count).sum();
        assert_eq!(total, perft(&node::<Persistent>(feen), depth));
    }
}

/// The table's hits and the total count of a perft with a table.
fn with_table<P: QpiPosition>(feen: &str, depth: u32) -> (u64, u64) {
    let options = PerftOptions {
        depth,
        table: true,
        threads: 1,
    };
    let (counts, hits) = divide_with_hits(&node::<P>(feen), options, &|| {});
    (hits, counts.iter().map(|(_, count)| count).sum())
}

#[test]
fn the_table_finds_transpositions() {
    // The first transpositions of the start position are at ply 3 (two
    // first-player moves swapped around one reply), and the table keeps
    // subtrees of depth 2 and more: depth 5 is the shallowest perft where
    // it can answer. Every hit is a subtree not searched again, and the
    // count must not change.
    let (ours, theirs) = (
        with_table::<Persistent>(START, 5),
        with_table::<Sashite>(START, 5),
    );
    assert!(ours.0 > 0, "the table answered nothing");
    assert_eq!(ours.1, 19_861_490);
    // The crates find the same transpositions: one table, one key each.
    assert_eq!(theirs, ours);
    // Shallower, there is nothing to find; without a table, nothing is
    // looked up.
    assert_eq!(with_table::<Local>(START, 4), (0, 719_731));
    let start = node::<Persistent>(START);
    assert_eq!(divide_with_hits(&start, PerftOptions::new(3), &|| {}).1, 0);
}

/// Middle and end games with pieces in both hands, checks and mates, and
/// their numbers of legal moves as published with the perft fixtures of
/// another shogi implementation (shogiops), converted from SFEN to FEEN.
const OTHER_PUBLISHED: [(&str, u64); 8] = [
    (
        "1p2k^g1n1/s+N1+P1s2l/5l2b/pB3pPP1/lP3N3/2NpSg1RL/+pS1P2+p2/3G5/4K^G3 4PR/3p s/S",
        0,
    ),
    (
        "6g2/1+N2lgs1l/l+Pk^p+Bp2b/5P1p1/2pnP1PNp/2PP3P1/L3S2+n1/5RS2/2G1K^1G1P 5PRS/ s/S",
        1,
    ),
    (
        "4gk^3/2gs+P1pb1/1r2p1+Ppl/lp6p/1n3p1P1/2p2P2P/LPP1PSN1S/1S4GRL/1N4K^2 3P/bgn s/S",
        3,
    ),
    (
        "2p1g3b/3+P1ps2/+P2sk^g3/2PP1P1Pl/3n1LP2/1p1Gp3p/N3P1+n2/L1G2K^SRL/1RBS5 4P/np S/s",
        6,
    ),
    (
        "rnpp2k^1b/1+Ps1g3l/+L+P2pgn2/8p/PP3p2P/1G2Sn1pL/B1+pP1G+p2/4+n+p1+p1/+p1K^6 LPRS/s S/s",
        187,
    ),
    (
        "4p4/l+B1g1k^2l/nn2s1bP1/1sP2P1R1/P1SpP1Rn1/3PG4/L+p3G1+p+p/5+l3/K^1+p6 P/5pgns s/S",
        222,
    ),
    (
        "6k^2/2r2p3/2+Np+N+Pp1g/2sP5/2pg4L/1p+n1pL1p1/1+p4K^2/+lR4S1p/B6G1 4PBGS/3plns S/s",
        245,
    ),
    (
        "3g4b/4gr2l/l1s3n2/1PPp1sk^sp/2pP1Pn1P/4p2p1/1+p1+p1+p2L/3G4K^/2S1+p2NB /4pglnr s/S",
        270,
    ),
];

#[test]
fn other_published_positions_have_their_numbers_of_legal_moves() {
    for (feen, moves) in OTHER_PUBLISHED {
        let ours = node::<Persistent>(feen);
        let theirs = node::<Sashite>(feen);
        assert_eq!(perft(&ours, 1), moves, "{feen}");
        assert_eq!(perft(&theirs, 1), moves, "{feen}");
    }
}
