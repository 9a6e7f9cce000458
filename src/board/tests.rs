//! The board against a `Vec` of squares: every version reads, scans and
//! compares as its `Vec` does, whatever the block length and however its
//! writes are kept.

use archery::{ArcTK, RcK, SharedPointer, SharedPointerKind};

use super::blocks::LENGTHS;
use super::log::LOG;
use super::{KEPT, Kept, Store, StoreMut, finish_writes, write};

/// A board as a position holds it, without the rest of a position.
struct TestBoard<P, K: SharedPointerKind> {
    store: SharedPointer<Store<P, K>, K>,
    kept: Kept<P>,
    square_count: usize,
}

impl<P: Clone, K: SharedPointerKind> StoreMut<P, K> for SharedPointer<Store<P, K>, K> {
    fn store(&self) -> &Store<P, K> {
        self
    }

    fn store_mut(&mut self) -> &mut Store<P, K> {
        SharedPointer::make_mut(self)
    }
}

impl<P: Clone, K: SharedPointerKind> Clone for TestBoard<P, K> {
    fn clone(&self) -> Self {
        TestBoard {
            store: SharedPointer::clone(&self.store),
            kept: self.kept.clone(),
            square_count: self.square_count,
        }
    }
}

impl<P: Clone + PartialEq + core::fmt::Debug, K: SharedPointerKind> TestBoard<P, K> {
    fn new(square_count: usize) -> Self {
        TestBoard {
            store: SharedPointer::new(Store::from_squares(square_count, [])),
            kept: Kept::EMPTY,
            square_count,
        }
    }

    fn replace(&mut self, index: usize, square: Option<P>) -> Option<P> {
        write::<true, P, K>(&mut self.store, &mut self.kept, index, square).old
    }

    fn get(&self, index: usize) -> Option<&P> {
        self.store.with(&self.kept).get(index)
    }

    fn read(&self) -> Vec<Option<P>> {
        (0..self.square_count)
            .map(|index| self.get(index).cloned())
            .collect()
    }

    fn scan(&self) -> Vec<Option<P>> {
        let squares = self.store.with(&self.kept).squares(self.square_count);
        assert_eq!(squares.len(), self.square_count);
        squares.map(Option::<&P>::cloned).collect()
    }

    /// The whole board through `clone_into`: the blocks copied, then the
    /// logged and kept writes stored over them.
    fn bulk(&self) -> Vec<Option<P>> {
        let mut out = vec![None; self.square_count];
        self.store.with(&self.kept).clone_into(&mut out);
        out
    }

    /// The occupied squares through `occupied`, with their indices (at
    /// most one more than the squares, so that a walk that never ends
    /// fails); at every step, the iterator's size hint bounds the number
    /// still to come, its upper bound the squares not walked yet, exactly;
    /// folded, the same squares.
    fn occupied(&self) -> Vec<(usize, P)> {
        let walk = || self.store.with(&self.kept).occupied(self.square_count);
        let found: Vec<(usize, P)> = walk()
            .take(self.square_count + 1)
            .map(|(index, piece)| (index, piece.clone()))
            .collect();
        let mut rest = walk();
        // The squares up to and including the last one found.
        let mut walked = 0;
        for left in (0..=found.len()).rev() {
            let (low, high) = rest.size_hint();
            assert!(
                low <= left && high.is_none_or(|high| left <= high),
                "{left} to come, hinted ({low}, {high:?})"
            );
            assert_eq!(high, Some(self.square_count - walked), "{walked} walked");
            if let Some((index, _)) = rest.next() {
                walked = index + 1;
            }
        }
        // Folded, as `count` and `for_each` walk it: a stride at a time,
        // from the start and from within the run a first `next` stopped in.
        let folded = |walk: super::Occupied<'_, P>| {
            walk.fold(Vec::new(), |mut folded, (index, piece)| {
                folded.push((index, piece.clone()));
                folded
            })
        };
        assert_eq!(folded(walk()), found, "folded");
        let mut partly = walk();
        partly.next();
        assert_eq!(
            folded(partly),
            found.get(1..).unwrap_or_default(),
            "folded after next"
        );
        found
    }

    fn block_length(&self) -> usize {
        self.store.blocks.block_length()
    }
}

/// The occupied squares of a model, with their indices.
fn occupied_in<P: Clone>(model: &[Option<P>]) -> Vec<(usize, P)> {
    model
        .iter()
        .enumerate()
        .filter_map(|(index, square)| square.clone().map(|piece| (index, piece)))
        .collect()
}

/// A fixed-seed sequence of indices and pieces.
fn scramble(seed: u64, count: usize) -> impl Iterator<Item = (usize, u64)> {
    let mut state = seed;
    (0..count).map(move |_| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (usize::try_from(state >> 33).expect("31 bits fit"), state)
    })
}

/// `same_squares` and `changed_squares` between two boards against a
/// comparison of their `Vec`s.
fn compare_like_vecs<P: Clone + PartialEq + core::fmt::Debug, K: SharedPointerKind>(
    (a, a_model): (&TestBoard<P, K>, &[Option<P>]),
    (b, b_model): (&TestBoard<P, K>, &[Option<P>]),
) {
    let square_count = a.square_count;
    let (a_board, b_board) = (a.store.with(&a.kept), b.store.with(&b.kept));
    assert_eq!(
        a_board.same_squares(b_board, square_count),
        a_model == b_model
    );
    let changed: Vec<(usize, Option<P>, Option<P>)> = b_board
        .changed_squares(a_board, square_count)
        .map(|(index, before, after)| (index, before.cloned(), after.cloned()))
        .collect();
    let expected: Vec<(usize, Option<P>, Option<P>)> = (0..square_count)
        .filter(|&index| a_model[index] != b_model[index])
        .map(|index| (index, a_model[index].clone(), b_model[index].clone()))
        .collect();
    assert_eq!(changed, expected);
}

/// Writes random squares to a board and to a `Vec`, keeping every
/// version, and checks that each version still reads as its `Vec`.
fn matches_a_vec<P: Clone + PartialEq + core::fmt::Debug, K: SharedPointerKind>(
    square_count: usize,
    writes: usize,
    piece: impl Fn(u64) -> P,
) {
    let mut board = TestBoard::<P, K>::new(square_count);
    let mut model = vec![None; square_count];
    let mut versions = Vec::new();
    for (index, value) in scramble(square_count as u64, writes) {
        let index = index % square_count;
        let square = (value & 1 == 1).then(|| piece(value >> 8));
        versions.push((board.clone(), model.clone()));
        assert_eq!(board.replace(index, square.clone()), model[index]);
        model[index] = square;
    }
    versions.push((board, model));
    for (board, model) in &versions {
        assert_eq!(&board.read(), model);
        assert_eq!(&board.scan(), model);
        assert_eq!(&board.bulk(), model);
        assert_eq!(board.occupied(), occupied_in(model));
        assert_eq!(board.get(square_count + 1000), None);
    }
    for pair in versions.windows(2) {
        let [(a, a_model), (b, b_model)] = pair else {
            unreachable!("windows of two")
        };
        compare_like_vecs((a, a_model), (b, b_model));
        compare_like_vecs((b, b_model), (a, a_model));
    }
}

/// Versions branching from random earlier ones (siblings and cousins that
/// share a stamp, and some that do not), compared in random pairs against
/// their `Vec`s.
fn branches_compare_like_vecs<P: Clone + PartialEq + core::fmt::Debug, K: SharedPointerKind>(
    square_count: usize,
    piece: impl Fn(u64) -> P,
) {
    let mut versions = vec![(
        TestBoard::<P, K>::new(square_count),
        vec![None; square_count],
    )];
    let mut random = scramble(square_count as u64 + 1, 3_000);
    for _ in 0..300 {
        let (from, _) = random.next().expect("enough draws");
        let (mut board, mut model) = versions[from % versions.len()].clone();
        for _ in 0..=from % 4 {
            let (index, value) = random.next().expect("enough draws");
            let square = (value & 1 == 1).then(|| piece(value >> 8 & 3));
            board.replace(index % square_count, square.clone());
            model[index % square_count] = square;
        }
        versions.push((board, model));
    }
    for _ in 0..600 {
        let (a, _) = random.next().expect("enough draws");
        let (b, _) = random.next().expect("enough draws");
        let ((a, a_model), (b, b_model)) = (&versions[a % 301], &versions[b % 301]);
        compare_like_vecs((a, a_model), (b, b_model));
    }
}

#[allow(clippy::cast_possible_truncation)]
#[test]
fn branches_of_one_stamp_compare_by_their_writes() {
    for square_count in [5, 64, 81, 361, 600] {
        branches_compare_like_vecs::<u8, ArcTK>(square_count, |value| value as u8);
        branches_compare_like_vecs::<u8, RcK>(square_count, |value| value as u8);
        branches_compare_like_vecs::<String, ArcTK>(square_count, |value| value.to_string());
    }
}

// The casts keep the low bits of a random number on purpose.
#[allow(clippy::cast_possible_truncation)]
#[test]
fn every_block_length_reads_back_what_was_written() {
    let mut reached = Vec::new();
    // Square sizes and board sizes that reach each of the lengths: 2
    // bytes (u8) give every length from 2 to 512 as one block and 32 and 64
    // in several, 16 bytes (u64) 4 in several, 8 bytes (u32) 8 and 16, 24
    // bytes (String) 2 and 4.
    for square_count in [
        1, 7, 12, 20, 40, 64, 90, 100, 150, 200, 361, 400, 1000, 2048,
    ] {
        reached.push(TestBoard::<u8, ArcTK>::new(square_count).block_length());
        reached.push(TestBoard::<u32, ArcTK>::new(square_count).block_length());
        reached.push(TestBoard::<u64, ArcTK>::new(square_count).block_length());
        reached.push(TestBoard::<String, ArcTK>::new(square_count).block_length());
        matches_a_vec::<u8, ArcTK>(square_count, 200, |value| value as u8);
        matches_a_vec::<u16, RcK>(square_count, 200, |value| value as u16);
        matches_a_vec::<u32, ArcTK>(square_count, 200, |value| value as u32);
        matches_a_vec::<u64, RcK>(square_count, 200, |value| value);
        matches_a_vec::<String, ArcTK>(square_count, 200, |value| value.to_string());
        // A square whose emptiness is a niche of the piece (`Option<char>`
        // is 4 bytes, as `char` is), kept beside long blocks: walked the
        // other way from the tagged squares above.
        matches_a_vec::<char, ArcTK>(square_count, 200, |value| char::from(value as u8));
    }
    reached.sort_unstable();
    reached.dedup();
    assert_eq!(reached, LENGTHS);
}

#[allow(clippy::cast_possible_truncation)]
#[test]
fn the_largest_board_reads_back_what_was_written() {
    // 40 writes: more than two flushes of the kept writes.
    matches_a_vec::<u8, ArcTK>(65_025, 40, |value| value as u8);
    matches_a_vec::<String, RcK>(65_025, 40, |value| value.to_string());
}

#[test]
fn the_write_after_the_room_runs_out_logs_the_kept_ones() {
    let mut board = TestBoard::<u8, ArcTK>::new(81);
    let stamp = board.store.stamp;
    let last = (KEPT - 1) * 5;
    for index in 0..KEPT {
        board.replace(index * 5, Some(1));
    }
    assert_eq!(board.kept.len(), KEPT);
    assert_eq!(board.store.log.len(), 0, "a full room of writes is kept");
    let parent = board.clone();
    board.replace(80, Some(2));
    assert_eq!(board.kept.len(), 1, "the write after them is kept");
    assert_eq!(board.store.log.len(), KEPT, "the kept ones are logged");
    assert_eq!(board.store.stamp, stamp, "the blocks are unchanged");
    assert!(!SharedPointer::ptr_eq(&board.store, &parent.store));
    assert_eq!(board.get(80), Some(&2));
    assert_eq!(board.get(last), Some(&1));
    // The parent keeps its writes over the blocks and log it still holds.
    assert_eq!(parent.store.log.len(), 0);
    assert_eq!(parent.get(80), None);
    assert_eq!(parent.get(last), Some(&1));
    // A write to a square already kept takes no room.
    let mut full = parent.clone();
    full.replace(last, Some(3));
    assert_eq!(full.kept.len(), KEPT);
    assert!(SharedPointer::ptr_eq(&full.store, &parent.store));
}

#[test]
fn the_second_spill_flushes_the_first_into_the_blocks_and_stays_in_the_log_as_a_mirror() {
    let mut board = TestBoard::<u8, RcK>::new(361);
    let mut model = vec![None; 361];
    let stamp = board.store.stamp;
    let mut index = 0;
    let mut write = |board: &mut TestBoard<u8, RcK>, count: usize, square: u8| {
        for _ in 0..count {
            board.replace(index, Some(square));
            model[index] = Some(square);
            index += 1;
        }
        model.clone()
    };
    // A full room and one write more: the first spill, into the log.
    write(&mut board, KEPT + 1, 4);
    assert_eq!(board.store.stamp, stamp, "logged, not flushed");
    assert_eq!((board.store.log.len(), board.kept.len()), (LOG, 1));
    assert!(!board.store.log.is_mirror());
    let parent = board.clone();
    // Another room: the second spill flushes the first and mirrors itself.
    let model = write(&mut board, KEPT, 5);
    assert_ne!(
        board.store.stamp, stamp,
        "into the blocks, under a new stamp"
    );
    assert_eq!((board.store.log.len(), board.kept.len()), (LOG, 1));
    assert!(board.store.log.is_mirror());
    assert_eq!(board.read(), model);
    assert_eq!(board.scan(), model);
    assert_eq!(parent.store.stamp, stamp);
    assert_eq!(parent.store.log.len(), LOG);
    assert_eq!(parent.get(KEPT + 1), None);
    // The third drops the mirror, whose writes are in the blocks already:
    // no flush.
    let flushed = board.store.stamp;
    let mut again = board.clone();
    for _ in 0..KEPT {
        again.replace(index, Some(6));
        index += 1;
    }
    assert_eq!(
        again.store.stamp, flushed,
        "a mirror is dropped, not flushed"
    );
    assert!(!again.store.log.is_mirror());
    assert_eq!(
        again.get(KEPT + 5),
        Some(&5),
        "the mirror's writes are in the blocks"
    );
    assert_eq!(board.read(), model, "the board it came from is unchanged");
}

// A read compares whole indices: indices that share their low bits are
// told apart, kept or logged.

#[test]
fn a_read_tells_apart_kept_indices_that_share_their_low_six_bits() {
    let mut board = TestBoard::<u8, RcK>::new(361);
    board.replace(5, Some(1));
    board.replace(69, Some(2));
    board.replace(133, None);
    assert_eq!(board.get(5), Some(&1));
    assert_eq!(board.get(69), Some(&2));
    assert_eq!(board.get(133), None);
    assert_eq!(board.get(197), None);
}

#[test]
fn a_read_tells_apart_logged_indices_that_share_their_low_six_or_seven_bits() {
    // 69 and 200 logged, sharing their low six or seven bits with squares
    // never written (69: 5, 133, 197, 325; 200: 8, 72, 136, 264, 328).
    let mut board = TestBoard::<u8, RcK>::new(361);
    board.replace(69, Some(2));
    board.replace(200, Some(3));
    for index in 0..KEPT - 1 {
        board.replace(300 + index, Some(4));
    }
    board.replace(350, Some(5));
    assert_eq!(board.store.log.len(), KEPT, "69 and 200 are logged");
    assert_eq!(board.kept.slot(69), None);
    assert!(board.store.log.slot(69).is_some());
    assert_eq!(board.get(69), Some(&2));
    assert_eq!(board.get(200), Some(&3));
    for index in [5, 133, 197, 325, 8, 72, 136, 264, 328] {
        assert_eq!(board.get(index), None, "{index}");
    }
    assert_eq!(board.read()[69], Some(2));
    assert_eq!(board.scan()[200], Some(3));
}

#[test]
fn flushing_a_bulk_write_puts_what_it_kept_and_logged_into_the_blocks() {
    let mut board = TestBoard::<u8, ArcTK>::new(81);
    let start = board.store.stamp;
    // A bulk write: a full room kept, then logged, then more.
    let writes = KEPT + 3;
    for index in 0..writes {
        board.replace(index, Some(1));
    }
    assert_eq!(board.kept.len(), 3);
    assert_eq!(board.store.log.len(), KEPT);
    finish_writes(&mut board.store, &mut board.kept, true, writes);
    assert_eq!(board.kept.len(), 0, "a bulk write that logged: flushed");
    assert_eq!(board.store.log.len(), 0, "the log too");
    assert_ne!(board.store.stamp, start);
    assert_eq!(board.read()[..writes], vec![Some(1); writes]);
    // A move of a few squares, which logged nothing, is left as it is.
    board.replace(40, Some(2));
    finish_writes(&mut board.store, &mut board.kept, false, 1);
    assert_eq!(board.kept.len(), 1);
    // And so is a move of two squares that logged a full room.
    for index in 0..KEPT - 1 {
        board.replace(index + 41, Some(3));
    }
    let stamp = board.store.stamp;
    board.replace(70, Some(3));
    board.replace(71, Some(3));
    assert_eq!((board.kept.len(), board.store.log.len()), (2, KEPT));
    finish_writes(&mut board.store, &mut board.kept, true, 2);
    assert_eq!((board.kept.len(), board.store.log.len()), (2, KEPT));
    assert_eq!(board.store.stamp, stamp);
    // A bulk write is one of more than half the room: half of it, that
    // logged, is left as it is too.
    finish_writes(&mut board.store, &mut board.kept, true, KEPT / 2);
    assert_eq!((board.kept.len(), board.store.log.len()), (2, KEPT));
    assert_eq!(board.store.stamp, stamp);
}

#[test]
fn squares_written_through_are_noted_until_the_notes_run_out() {
    // `String` squares go into the blocks at once; the position notes
    // their indices under the same stamp while it has room, and only the
    // write that finds no room flushes the notes under a new stamp.
    let mut board = TestBoard::<String, ArcTK>::new(81);
    let stamp = board.store.stamp;
    for index in 0..KEPT {
        board.replace(index, Some(index.to_string()));
        assert_eq!(board.store.stamp, stamp, "write {index}: noted");
        assert_eq!(board.kept.len(), index + 1);
    }
    board.replace(KEPT, Some("last".to_owned()));
    assert_ne!(board.store.stamp, stamp, "no room: flushed");
    assert_eq!(board.get(KEPT).map(String::as_str), Some("last"));
    assert_eq!(
        board.bulk()[..2],
        [Some("0".to_owned()), Some("1".to_owned())]
    );
}

/// Whether two boards hold block `block` at one address: shared, not
/// copied.
fn shares_block<P, K: SharedPointerKind>(
    a: &TestBoard<P, K>,
    b: &TestBoard<P, K>,
    block: usize,
) -> bool {
    match (a.store.blocks.block(block), b.store.blocks.block(block)) {
        (Some(a), Some(b)) => core::ptr::eq(a, b),
        _ => false,
    }
}

#[test]
fn branches_of_different_stamps_compare_kept_writes_inside_a_shared_block() {
    // Two branches of one parent whose writes are in its blocks: one
    // flushes (a new stamp, and new copies of the blocks it wrote only),
    // the other keeps its writes over the blocks the two still share.
    let square_count = 1_000;
    let mut parent = TestBoard::<u8, ArcTK>::new(square_count);
    let mut model = vec![None; square_count];
    for index in [3, 500, 999] {
        parent.replace(index, Some(7));
        model[index] = Some(7);
    }
    SharedPointer::make_mut(&mut parent.store).flush(&mut parent.kept);
    assert_eq!(parent.store.blocks.block_length(), 32);
    let (mut flushed, mut flushed_model) = (parent.clone(), model.clone());
    // More writes than the kept room and the log hold together, all in
    // blocks 0 and 1; then one kept in block 15 (squares 480 to 511).
    for step in 0..=KEPT + LOG {
        flushed.replace(step * 2, Some(1));
        flushed_model[step * 2] = Some(1);
    }
    flushed.replace(503, Some(6));
    flushed_model[503] = Some(6);
    assert_ne!(flushed.store.stamp, parent.store.stamp);
    let (mut kept, mut kept_model) = (parent.clone(), model);
    for index in [501, 502, 3] {
        kept.replace(index, Some(9));
        kept_model[index] = Some(9);
    }
    assert_eq!(kept.store.stamp, parent.store.stamp);
    // The setup this test is about: block 15 shared by boards of different
    // stamps, each keeping writes inside it (500 in the blocks, 501 and
    // 502 on one side, 503 on the other); block 0 rewritten by the flush.
    assert!(shares_block(&kept, &flushed, 15), "block 15 is shared");
    assert!(!shares_block(&kept, &flushed, 0), "block 0 was copied");
    for index in [501, 502, 3] {
        assert!(kept.kept.slot(index).is_some(), "{index} is kept");
    }
    assert!(flushed.kept.slot(503).is_some(), "503 is kept");
    assert_eq!(flushed.get(500), Some(&7));
    compare_like_vecs((&kept, &kept_model), (&flushed, &flushed_model));
    compare_like_vecs((&flushed, &flushed_model), (&kept, &kept_model));
    // Written back on one side: the shared block compares equal there.
    let mut undone = kept.clone();
    for index in [501, 502] {
        undone.replace(index, None);
    }
    let mut undone_model = kept_model.clone();
    undone_model[501] = None;
    undone_model[502] = None;
    assert!(shares_block(&undone, &flushed, 15));
    compare_like_vecs((&undone, &undone_model), (&flushed, &flushed_model));
    compare_like_vecs((&flushed, &flushed_model), (&undone, &undone_model));
}

#[test]
fn boards_of_different_stamps_compare_their_blocks_not_only_their_writes() {
    // No kept or logged writes on either side, so their overlays agree
    // (both empty): only the blocks tell the two apart.
    let square_count = 81;
    let built = |first: u8| TestBoard::<u8, RcK> {
        store: SharedPointer::new(Store::from_squares(square_count, [Some(first)])),
        kept: Kept::EMPTY,
        square_count,
    };
    let (one, two, one_again) = (built(1), built(2), built(1));
    assert_ne!(one.store.stamp, two.store.stamp);
    assert_ne!(one.store.stamp, one_again.store.stamp);
    let mut model = vec![None; square_count];
    model[0] = Some(1);
    let mut other = model.clone();
    other[0] = Some(2);
    compare_like_vecs((&one, &model), (&two, &other));
    compare_like_vecs((&one, &model), (&one_again, &model));
}

#[test]
fn boards_of_one_stamp_over_different_logs_compare_by_every_write() {
    // Two children of one parent, each of which logged a full room of its
    // own writes: one stamp, two copies of the store, overlays of as many
    // writes at other indices (first case), then at the same indices
    // (second case), of the same piece.
    let parent = TestBoard::<u8, ArcTK>::new(81);
    let child = |first: usize, last: usize| {
        let mut board = parent.clone();
        let mut model = vec![None; 81];
        for index in (first..first + KEPT).chain([last]) {
            board.replace(index, Some(1));
            model[index] = Some(1);
        }
        (board, model)
    };
    let ((a, a_model), (b, b_model)) = (child(0, 50), child(20, 60));
    assert_eq!(a.store.stamp, b.store.stamp, "nothing was flushed");
    assert!(!SharedPointer::ptr_eq(&a.store, &b.store));
    assert_eq!((a.store.log.len(), b.store.log.len()), (KEPT, KEPT));
    compare_like_vecs((&a, &a_model), (&b, &b_model));
    compare_like_vecs((&b, &b_model), (&a, &a_model));
    let (c, c_model) = child(0, 50);
    assert!(!SharedPointer::ptr_eq(&a.store, &c.store));
    assert_eq!(a_model, c_model);
    compare_like_vecs((&a, &a_model), (&c, &c_model));
}
