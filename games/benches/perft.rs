//! Perft with both position crates through the same rules, side by side,
//! without the program's counting allocator: start position depth 3 and
//! Matsuri depth 2, and the bare cost of building every child of one node.
//!
//! `cargo bench -p shogi --bench perft`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use shogi::{Board, MATSURI, Persistent, Position, START, Sashite, legal_move_list, load, perft};

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

fn bench_perft<P: Position>(group: &mut Group<'_>, feen: &str, depth: u32) {
    let position: P = load(feen).expect("a published position");
    group.bench_function(BenchmarkId::from_parameter(P::CRATE), |b| {
        b.iter(|| perft(&position, depth));
    });
}

fn bench_children<P: Position>(group: &mut Group<'_>, feen: &str) {
    let position: P = load(feen).expect("a published position");
    let moves = legal_move_list(&Board::read(&position));
    group.bench_function(BenchmarkId::from_parameter(P::CRATE), |b| {
        b.iter(|| {
            for &mv in &moves {
                std::hint::black_box(position.play(mv));
            }
        });
    });
}

fn benches(c: &mut Criterion) {
    for (name, feen, depth) in [("start", START, 3), ("matsuri", MATSURI, 2)] {
        let root: Persistent = load(feen).expect("a published position");
        let mut group = c.benchmark_group(format!("perft/{name}/depth {depth}"));
        group.throughput(Throughput::Elements(perft(&root, depth)));
        bench_perft::<Persistent>(&mut group, feen, depth);
        bench_perft::<Sashite>(&mut group, feen, depth);
        group.finish();

        let mut group = c.benchmark_group(format!("children/{name}"));
        group.throughput(Throughput::Elements(
            legal_move_list(&Board::read(&root)).len() as u64,
        ));
        bench_children::<Persistent>(&mut group, feen);
        bench_children::<Sashite>(&mut group, feen);
        group.finish();
    }
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
