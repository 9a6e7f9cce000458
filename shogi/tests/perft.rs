//! Perft counts against the published ones, up to about a million leaves,
//! with both position crates; the table and the threads change no count.

use shogi::{
    MATSURI, MOST_MOVES, PUBLISHED, PerftOptions, Persistent, Position, START, Sashite, divide,
    load, perft,
};

/// Every published count of `feen` up to `max_depth`, for crate `P`.
fn check_published<P: Position>(feen: &str, max_depth: u32) {
    let (_, _, counts) = PUBLISHED
        .iter()
        .find(|(_, published, _)| *published == feen)
        .expect("a published position");
    let position: P = load(feen).unwrap();
    for (depth, &expected) in (1..=max_depth).zip(counts.iter()) {
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
fn matsuri_to_depth_2_with_both_crates() {
    check_published::<Persistent>(MATSURI, 2);
    check_published::<Sashite>(MATSURI, 2);
}

#[test]
fn most_moves_to_depth_2_with_both_crates() {
    check_published::<Persistent>(MOST_MOVES, 2);
    check_published::<Sashite>(MOST_MOVES, 2);
}

#[test]
fn depth_zero_counts_the_position_itself() {
    let start: Persistent = load(START).unwrap();
    assert_eq!(perft(&start, 0), 1);
}

/// The per-move counts of a divide, by USI move.
fn by_move<P: Position>(feen: &str, options: PerftOptions) -> Vec<(String, u64)> {
    let position: P = load(feen).unwrap();
    let mut counts: Vec<(String, u64)> = divide(&position, options, &|| {})
        .into_iter()
        .map(|(mv, count)| (mv.usi().to_string(), count))
        .collect();
    counts.sort();
    counts
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
        let position: Persistent = load(feen).unwrap();
        assert_eq!(total, perft(&position, depth));
    }
}

#[test]
fn the_table_finds_transpositions() {
    // Depth 4 from the start: the same position is reached by different
    // orders of the first three plies; the count must not change.
    let options = PerftOptions {
        depth: 4,
        table: true,
        threads: 1,
    };
    let counts = by_move::<Persistent>(START, options);
    assert_eq!(counts.iter().map(|(_, count)| count).sum::<u64>(), 719_731);
    assert_eq!(counts.len(), 30);
}
