//! One cost at every ply: the children of each position of a line of
//! quiet moves, each built by one edit and dropped, for persistent-qi
//! (`Qi` and `LocalQi`) and sashite-qi, per board size, in the same run.
//!
//! A position keeps its last 12 square writes itself; along a line they
//! fill every five or six moves, and the children of a position whose kept
//! writes are full spill them (see the crate docs, "The cost of a move, ply
//! by ply"): the first child of such a position makes the spill, its
//! siblings share it. A child costs about the same at every ply, which
//! this group shows ply by ply: ids `CRATE/Qpi/SHAPE`, parameter the ply
//! of the parent (0, the start, to 16), each iteration 32 children of it
//! (the throughput is per child). sashite-qi copies its board for every
//! child whatever the ply; its line is the flat one to compare with.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use persistent_qi::qpi::Qpi;

use harness::support::{Case, DEPTHS, Piece, Position};

/// The children built of each parent an iteration.
const CHILDREN: usize = 32;

fn children_by_ply(c: &mut Criterion) {
    let mut group = c.benchmark_group("children_by_ply");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .throughput(Throughput::Elements(CHILDREN as u64));
    for shape in [[8, 8], [9, 9], [19, 19]] {
        let case = Case::<Qpi>::new(shape);
        run::<persistent_qi::Qi<Qpi, u8>>(&mut group, &case);
        run::<persistent_qi::LocalQi<Qpi, u8>>(&mut group, &case);
        run::<sashite_qi::Qi<Qpi, u8>>(&mut group, &case);
    }
    group.finish();
}

fn run<Q: Position<Qpi, u8>>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &Case<Qpi>,
) {
    let line = case.parents::<Q>();
    assert_eq!(line.len(), DEPTHS, "the start and its 16 successors");
    // The children's moves: the first ones of the pool, which the line
    // (made of the last ones) does not play.
    let moves = &case.quiet[..CHILDREN];
    for (ply, parent) in line.iter().enumerate() {
        let id = BenchmarkId::new(
            format!("{}/{}/{}", Q::CRATE, Qpi::NAME, case.shape_name()),
            ply,
        );
        group.bench_with_input(id, parent, |b, parent| {
            b.iter(|| {
                for changes in moves {
                    drop(black_box(parent.edit_move(changes)));
                }
            });
        });
    }
}

criterion_group!(
    name = benches;
    config = Criterion::default().without_plots();
    targets = children_by_ply
);
criterion_main!(benches);
