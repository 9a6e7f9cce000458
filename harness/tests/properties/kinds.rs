//! Converting positions between pointer kinds (`to_kind`, `Qi::to_local`,
//! `LocalQi::to_sync`): the same content and the same hash both ways, on
//! boards of one block and of many, with pieces that are plain bytes and
//! pieces that own memory (`String`), from positions fresh, with kept
//! writes, and past a flush of them.

use std::hash::Hash;

use harness::support::rebuilt;

use persistent_qi::{ArcTK, GenericQi, LocalQi, Player, Qi, RcK, SharedPointerKind};

/// Shapes of one block (4x4), a few (9x9, 19x19 with `String` squares),
/// and many (32x32 and 255x255 with any squares).
const SHAPES: [&[usize]; 6] = [
    &[4, 4],
    &[9, 9],
    &[19, 19],
    &[32, 32],
    &[5, 5, 5],
    &[255, 255],
];

/// A fixed-seed sequence, so every run converts the same positions.
struct Sequence(u64);

impl Sequence {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).expect("31 bits fit") % bound
    }
}

/// The same content through the readers of both kinds
/// (`harness::support::same_content`: shape, every square, both hands,
/// styles and turn), and the same piece count.
fn same_content<P: Ord, S: PartialEq, K: SharedPointerKind, K2: SharedPointerKind>(
    a: &GenericQi<P, S, K>,
    b: &GenericQi<P, S, K2>,
) -> bool {
    harness::support::same_content(a, b) && a.piece_count() == b.piece_count()
}

/// Three versions of a position on `shape` with pieces from `piece`: built
/// by a diff of a quarter of its squares (and some held in hand, the second
/// player to move), then with a few writes on top (kept in the position),
/// then with 40 distinct writes more (more than any layout keeps, so its
/// writes are in its blocks).
fn versions<P: Clone + Ord + Hash>(
    shape: &[usize],
    piece: impl Fn(usize) -> P,
) -> [Qi<P, String>; 3] {
    let square_count: usize = shape.iter().product();
    let mut sequence = Sequence(square_count as u64);
    let filled: Vec<(usize, Option<P>)> = (0..square_count / 4)
        .map(|_| (sequence.below(square_count), Some(piece(sequence.below(6)))))
        .collect();
    let start = Qi::new(shape, "C".to_owned(), "c".to_owned())
        .and_then(|empty| empty.board_diff(filled))
        .and_then(|position| position.first_hand_diff([(piece(1), 1), (piece(2), 1)]))
        .and_then(|position| position.second_hand_diff([(piece(3), 1)]))
        .expect("a quarter of the board and three in hand fit")
        .toggle();
    let kept = start
        .edit_with(|edit| {
            edit.set(0, Some(piece(4)))
                .set(square_count - 1, None)
                .set(square_count / 2, Some(piece(5)));
        })
        .expect("three writes fit");
    let flushed = (0..40)
        .try_fold(kept.clone(), |position, write| {
            position.board_diff([(write * square_count / 40, None)])
        })
        .expect("emptying squares always fits");
    [start, kept, flushed]
}

/// Every version converted to `LocalQi` and back, and through `to_kind`
/// both ways: the same content, the same hash, a new storage (not
/// `ptr_eq`), and equal to the same content built on the other kind.
fn converts_both_ways<P: Clone + Ord + Hash + std::fmt::Debug>(
    shape: &[usize],
    piece: impl Fn(usize) -> P,
) {
    for position in versions(shape, piece) {
        // The hash each side must have: that of its content built from
        // scratch, not the one the conversion copies (which a wrong
        // incremental update would have made wrong on both sides alike).
        let from_scratch = rebuilt(&position);
        assert_eq!(position.position_hash(), from_scratch.position_hash());
        let local: LocalQi<P, String> = position.to_local();
        assert!(same_content(&position, &local), "{shape:?}");
        let local_from_scratch = rebuilt(&local);
        assert_eq!(
            local.position_hash(),
            local_from_scratch.position_hash(),
            "{shape:?}"
        );
        assert_eq!(local, local_from_scratch, "{shape:?}");
        assert_eq!(local.position_hash(), position.position_hash(), "{shape:?}");

        let back: Qi<P, String> = local.to_sync();
        assert!(same_content(&back, &position), "{shape:?}");
        assert_eq!(back.position_hash(), from_scratch.position_hash());
        assert_eq!(back, from_scratch, "{shape:?}");
        assert_eq!(back, position, "{shape:?}");
        assert!(!back.ptr_eq(&position), "a conversion builds new storage");

        // `to_kind` is the general form of both, and to the same kind a copy.
        let generic: GenericQi<P, String, RcK> = position.to_kind();
        assert_eq!(generic, local, "{shape:?}");
        let copy: GenericQi<P, String, ArcTK> = position.to_kind();
        assert_eq!(copy, position);
        assert!(!copy.ptr_eq(&position));

        // The converted position is a position like any other: the same
        // move from it and from the original converted afterwards agree.
        let moved_then_converted = position
            .board_diff([(1, None)])
            .expect("emptying a square fits")
            .to_local();
        let converted_then_moved = local
            .board_diff([(1, None)])
            .expect("emptying a square fits");
        assert_eq!(converted_then_moved, moved_then_converted, "{shape:?}");
        assert_eq!(
            converted_then_moved.position_hash(),
            rebuilt(&converted_then_moved).position_hash()
        );
        assert_eq!(
            converted_then_moved.position_hash(),
            moved_then_converted.position_hash()
        );
    }
}

#[test]
fn byte_positions_convert_both_ways_with_the_same_content_and_hash() {
    for shape in SHAPES {
        converts_both_ways(shape, |value| u8::try_from(value).expect("small"));
    }
}

#[test]
fn string_positions_convert_both_ways_with_the_same_content_and_hash() {
    // Owned pieces: every square is cloned into the new storage. Up to
    // 19x19, which is many blocks of `String` squares already.
    for shape in &SHAPES[..3] {
        converts_both_ways(shape, |value| format!("piece {value}"));
    }
}

#[test]
fn a_conversion_keeps_the_side_to_move_and_both_styles() {
    let position: Qi<u8, u8> = Qi::new(&[3, 3], 7, 8)
        .and_then(|empty| empty.board_diff([(4, Some(1))]))
        .expect("a valid position")
        .with_turn(Player::Second);
    let local = position.to_local();
    assert_eq!(local.turn(), Player::Second);
    assert_eq!((local.first_style(), local.second_style()), (&7, &8));
    assert_eq!(local.to_sync(), position);
}
