//! FEEN reading and writing, persistent-qi against sashite-feen's own owned
//! path in the same run.
//!
//! - `from_feen`: a string into a position. Ours build `Qi<Epin, Sin>` and
//!   `Qi<Qpi, Sin>` straight from the parsed view; sashite-feen's is
//!   `Feen::parse(..)` then `Feen::to_qi()` (a `sashite_qi::Qi<Epin, Sin>`).
//! - `to_feen`: a position into its string. Ours `Qi::to_feen`; sashite-feen's
//!   `encode(&sashite_qi::Qi<Epin, Sin>)`.
//!
//! Ids read `CRATE/PIECE/POSITION`: `cargo bench --bench feen -- 'from_feen/.*/shogi'`.
//! Positions: the chess start; a shogi middle game with pieces in both hands;
//! a 19x19 board with 120 stones placed by a fixed-seed generator.
//! Outputs are dropped inside the timed loop, for every crate.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use persistent_qi::Qi;
use persistent_qi::qpi::{Epin, Qpi, Sin};
use sashite_feen::{Feen, encode};

const CHESS: &str = "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c";

const SHOGI: &str =
    "ln1g3nl/1r2k^g3/p1ppps1pp/1s3pp2/1p5P1/2P1P4/PPSP1PP1P/2G4R1/LN2K^GSNL 2PB/gp s/S";

/// A 19x19 board with 120 stones, alternately the first player's and the
/// second's, on squares drawn by a fixed-seed generator.
fn go() -> String {
    let stone = |token: &str| token.parse::<Epin>().expect("an EPIN token");
    let mut state: u64 = 0x853c_49e6_748f_ea9b;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(state >> 33).expect("31 bits fit")
    };
    let mut squares = vec![None; 361];
    let mut placed = 0;
    while placed < 120 {
        let index = next() % 361;
        if squares[index].is_none() {
            squares[index] = Some(stone(if placed % 2 == 0 { "S" } else { "s" }));
            placed += 1;
        }
    }
    let style = |token: &str| token.parse::<Sin>().expect("a SIN token");
    let position: Qi<Epin, Sin> = Qi::from_parts(
        &[19, 19],
        squares,
        [],
        [],
        style("G"),
        style("g"),
        persistent_qi::Player::First,
    )
    .expect("a valid position");
    position.to_feen().expect("a spellable position")
}

fn cases() -> Vec<(&'static str, String)> {
    let cases = vec![
        ("chess", CHESS.to_string()),
        ("shogi", SHOGI.to_string()),
        ("19x19", go()),
    ];
    for (name, text) in &cases {
        assert!(Feen::is_valid(text), "the {name} case is valid FEEN");
    }
    cases
}

fn from_feen(c: &mut Criterion) {
    let mut group = c.benchmark_group("from_feen");
    for (name, text) in cases() {
        let text = text.as_str();
        group.bench_function(BenchmarkId::new("persistent-qi/Epin", name), |b| {
            b.iter(|| Qi::<Epin, Sin>::from_feen(black_box(text)).expect("valid FEEN"));
        });
        group.bench_function(BenchmarkId::new("persistent-qi/Qpi", name), |b| {
            b.iter(|| Qi::<Qpi, Sin>::from_feen(black_box(text)).expect("valid FEEN"));
        });
        group.bench_function(BenchmarkId::new("sashite-feen/Epin", name), |b| {
            b.iter(|| Feen::parse(black_box(text)).expect("valid FEEN").to_qi());
        });
    }
    group.finish();
}

fn to_feen(c: &mut Criterion) {
    let mut group = c.benchmark_group("to_feen");
    for (name, text) in cases() {
        let epin = Qi::<Epin, Sin>::from_feen(&text).expect("valid FEEN");
        let qpi = Qi::<Qpi, Sin>::from_feen(&text).expect("valid FEEN");
        let peer = Feen::parse(&text).expect("valid FEEN").to_qi();
        assert_eq!(epin.to_feen().as_deref(), Ok(text.as_str()));
        assert_eq!(qpi.to_feen().as_deref(), Ok(text.as_str()));
        assert_eq!(encode(&peer).as_deref(), Ok(text.as_str()));
        group.bench_function(BenchmarkId::new("persistent-qi/Epin", name), |b| {
            b.iter(|| black_box(&epin).to_feen().expect("spellable"));
        });
        group.bench_function(BenchmarkId::new("persistent-qi/Qpi", name), |b| {
            b.iter(|| black_box(&qpi).to_feen().expect("spellable"));
        });
        group.bench_function(BenchmarkId::new("sashite-feen/Epin", name), |b| {
            b.iter(|| encode(black_box(&peer)).expect("spellable"));
        });
    }
    group.finish();
}

criterion_group!(benches, from_feen, to_feen);
criterion_main!(benches);
