//! What changed between a parent and its child after one move: persistent-qi's
//! `changes_since`, which skips the blocks the two share, against a full scan
//! of both boards through `squares()`, and against sashite-qi, whose boards
//! are slices compared square by square. Ids read `METHOD/SHAPE`.
//!
//! Every method counts the differing squares and hand entries, so each does
//! the whole job; `eq_position` in `benches/positions.rs` covers `==`.
//! `changes_since_nine_moves` compares the parent with a position nine moves
//! on, whose kept writes have gone into its blocks (see `src/board.rs`): the
//! blocks the two still share are skipped by address.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use persistent_qi::{Player, Qi};

use harness::support::Rng;

const SHAPES: [[usize; 2]; 3] = [[8, 8], [19, 19], [255, 255]];

/// A quiet move: a piece leaves its square for an empty one.
type Move = [(usize, Option<u8>); 2];

/// A half-full board of `u8` pieces, and one quiet move on it.
fn parent_and_move(shape: [usize; 2]) -> (Vec<Option<u8>>, Move) {
    let mut rng = Rng(u64::from(u32::try_from(shape[0]).expect("small")));
    let pieces: Vec<u8> = (1..=12).collect();
    let squares: Vec<Option<u8>> = (0..shape[0] * shape[1])
        .map(|_| rng.square(&pieces))
        .collect();
    let from = loop {
        let index = rng.below(squares.len());
        if squares[index].is_some() {
            break index;
        }
    };
    let to = loop {
        let index = rng.below(squares.len());
        if squares[index].is_none() {
            break index;
        }
    };
    (squares.clone(), [(from, None), (to, squares[from])])
}

/// Every square and hand entry that differs between `now` and `base`.
fn count_changes(now: &Qi<u8, u8>, base: &Qi<u8, u8>) -> usize {
    let changes = now.changes_since(base).expect("same shape and styles");
    changes.squares().count() + changes.hands().count()
}

fn changes(c: &mut Criterion) {
    let mut group = c.benchmark_group("changes");
    for shape in SHAPES {
        let label = format!("{}x{}", shape[0], shape[1]);
        let (squares, step) = parent_and_move(shape);

        let parent: Qi<u8, u8> =
            Qi::from_parts(&shape, squares.iter().copied(), [], [], 0, 1, Player::First)
                .expect("a half-full board");
        let child = parent.board_diff(step).expect("a quiet move").toggle();
        group.bench_function(BenchmarkId::new("changes_since", &label), |b| {
            b.iter(|| count_changes(black_box(&child), black_box(&parent)));
        });
        // Nine moves on: the child's kept writes have gone into its blocks,
        // so the two no longer share every block, and the shared ones are
        // skipped one by one.
        let mut descendant = child.clone();
        let mut rng = Rng(0x9e57);
        for _ in 0..8 {
            let from = rng.below(squares.len());
            let to = rng.below(squares.len());
            descendant = descendant
                .board_diff([(from, None), (to, Some(1))])
                .expect("at most one more piece on a half-full board")
                .toggle();
        }
        group.bench_function(BenchmarkId::new("changes_since_nine_moves", &label), |b| {
            b.iter(|| count_changes(black_box(&descendant), black_box(&parent)));
        });
        group.bench_function(BenchmarkId::new("full_scan", &label), |b| {
            b.iter(|| {
                let (parent, child) = (black_box(&parent), black_box(&child));
                let squares = parent
                    .squares()
                    .zip(child.squares())
                    .filter(|(before, after)| before != after)
                    .count();
                let hands = Player::ALL
                    .into_iter()
                    .filter(|&player| !parent.hand(player).eq(child.hand(player)))
                    .count();
                squares + hands
            });
        });

        let peer_parent = sashite_qi::Qi::<u8, u8>::new(&shape, 0, 1)
            .and_then(|position| {
                position.board_diff(
                    squares
                        .iter()
                        .copied()
                        .enumerate()
                        .filter(|(_, s)| s.is_some()),
                )
            })
            .expect("a half-full board");
        let peer_child = peer_parent
            .clone()
            .board_diff(step)
            .expect("a quiet move")
            .toggle();
        group.bench_function(BenchmarkId::new("sashite-qi", &label), |b| {
            b.iter(|| {
                let (parent, child) = (black_box(&peer_parent), black_box(&peer_child));
                let squares = parent
                    .board()
                    .iter()
                    .zip(child.board())
                    .filter(|(before, after)| before != after)
                    .count();
                let hands = usize::from(!parent.first_hand().eq(child.first_hand()))
                    + usize::from(!parent.second_hand().eq(child.second_hand()));
                squares + hands
            });
        });
    }
    group.finish();
}

criterion_group!(
    name = benches;
    config = Criterion::default().without_plots();
    targets = changes
);
criterion_main!(benches);
