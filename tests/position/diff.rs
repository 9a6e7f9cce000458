//! Owned diffs: made from two positions, applied to the base, reverted from
//! the other end, refused by a position they do not start from; with the
//! `serde` feature, written compactly and decoded with every change
//! checked.

use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{
    Diff, DiffError, Error, GenericQi, HandDiff, LocalQi, MAX_SQUARE_COUNT, Player, Qi,
    SharedPointerKind, SquareDiff,
};

use crate::qpi_token;

use qpi_token::qpi;

fn sin(token: &str) -> Sin {
    token.parse().expect("a valid SIN")
}

/// A 9x9 position with a few pieces and a pawn in the first hand.
fn start<K: SharedPointerKind>() -> GenericQi<Qpi, Sin, K> {
    GenericQi::new(&[9, 9], sin("S"), sin("s"))
        .and_then(|position| {
            position.board_diff([
                (76, Some(qpi("S:K"))),
                (4, Some(qpi("s:k"))),
                (60, Some(qpi("S:P"))),
                (20, Some(qpi("s:P"))),
                (70, Some(qpi("S:R"))),
            ])
        })
        .and_then(|position| position.hand_diff(Player::First, [(qpi("S:P"), 1)]))
        .expect("a valid start")
}

/// A capture (the rook takes the pawn on 20, which goes to the first
/// hand), the turn passed.
fn capture<K: SharedPointerKind>(base: &GenericQi<Qpi, Sin, K>) -> GenericQi<Qpi, Sin, K> {
    base.edit_with(|edit| {
        edit.set(70, None)
            .set(20, Some(qpi("S:R")))
            .hand(Player::First, qpi("S:P"), 1)
            .toggle();
    })
    .expect("a legal capture")
}

#[test]
fn a_diff_lists_what_differs_with_both_ends() {
    let base = start::<persistent_qi::ArcTK>();
    let after = capture(&base);
    let diff = after.diff_from(&base).expect("same shape and styles");
    assert_eq!(
        diff.squares(),
        [
            SquareDiff {
                index: 20,
                before: Some(qpi("s:P")),
                after: Some(qpi("S:R")),
            },
            SquareDiff {
                index: 70,
                before: Some(qpi("S:R")),
                after: None,
            },
        ]
    );
    assert_eq!(
        diff.hands(),
        [HandDiff {
            player: Player::First,
            piece: qpi("S:P"),
            before: 1,
            after: 2,
        }]
    );
    assert!(diff.turn_changed());
    assert!(!diff.is_empty());
    // The same as what changes_since lists, owned.
    assert_eq!(after.changes_since(&base).unwrap().to_diff(), diff);
}

#[test]
fn a_position_differs_from_itself_by_an_empty_diff() {
    let base = start::<persistent_qi::ArcTK>();
    let diff = base.diff_from(&base).unwrap();
    assert!(diff.is_empty());
    assert_eq!(diff, Diff::new(vec![], vec![], false).unwrap());
    assert!(diff.apply_to(&base).unwrap().ptr_eq(&base));
    assert!(diff.revert(&base).unwrap().ptr_eq(&base));
    // The turn alone is not empty.
    let toggled = base.toggle();
    let diff = toggled.diff_from(&base).unwrap();
    assert!(!diff.is_empty() && diff.turn_changed());
    assert_eq!(diff.apply_to(&base).unwrap(), toggled);
    assert_eq!(diff.revert(&toggled).unwrap(), base);
}

fn both_ends<K: SharedPointerKind>() {
    let base = start::<K>();
    let after = capture(&base);
    let diff = after.diff_from(&base).unwrap();
    let applied = diff.apply_to(&base).unwrap();
    assert_eq!(applied, after);
    assert_eq!(applied.position_hash(), after.position_hash());
    let reverted = diff.revert(&after).unwrap();
    assert_eq!(reverted, base);
    assert_eq!(reverted.position_hash(), base.position_hash());
    // Each end is built from the other: the rebuilt one shares structure
    // with where it was built from, so its own diff is found in O(changes).
    assert_eq!(applied.diff_from(&base).unwrap(), diff);
    // The diff the other way round undoes it the other way.
    let back = base.diff_from(&after).unwrap();
    assert_eq!(back.apply_to(&after).unwrap(), base);
    assert_eq!(back.revert(&base).unwrap(), after);
}

#[test]
fn apply_then_revert_gives_back_both_ends() {
    both_ends::<persistent_qi::ArcTK>();
    both_ends::<persistent_qi::RcK>();
}

#[test]
fn a_history_replays_forwards_and_backwards_through_its_diffs() {
    // A game as snapshots, kept as diffs: each rebuilt from the one before,
    // then undone back to the start.
    let mut snapshots = vec![start::<persistent_qi::RcK>()];
    let moves: [&[(usize, Option<&str>)]; 4] = [
        &[(60, None), (51, Some("S:P"))],
        &[(20, None), (29, Some("s:P"))],
        &[(51, None), (42, Some("S:P"))],
        &[(4, None), (3, Some("s:k"))],
    ];
    for step in moves {
        let last = snapshots.last().unwrap();
        let next = last
            .edit_with(|edit| {
                for &(index, piece) in step {
                    edit.set(index, piece.map(qpi));
                }
                edit.toggle();
            })
            .unwrap();
        snapshots.push(next);
    }
    let diffs: Vec<Diff<Qpi>> = snapshots
        .windows(2)
        .map(|pair| pair[1].diff_from(&pair[0]).unwrap())
        .collect();
    let mut position = snapshots[0].clone();
    for (diff, expected) in diffs.iter().zip(&snapshots[1..]) {
        position = diff.apply_to(&position).unwrap();
        assert_eq!(&position, expected);
    }
    for (diff, expected) in diffs.iter().zip(&snapshots).rev() {
        position = diff.revert(&position).unwrap();
        assert_eq!(&position, expected);
    }
}

#[test]
fn a_diff_applied_to_the_wrong_base_fails_and_builds_nothing() {
    let base = start::<persistent_qi::ArcTK>();
    let after = capture(&base);
    let diff = after.diff_from(&base).unwrap();
    let kept = (after.clone(), base.clone());

    // The position it leads to holds the values after: square 20 first.
    assert_eq!(
        diff.apply_to(&after),
        Err(Error::DiffSquareMismatch { index: 20 })
    );
    assert_eq!(
        diff.revert(&base),
        Err(Error::DiffSquareMismatch { index: 20 })
    );
    // The squares right, the hand wrong: the hand count is named.
    let other_hand = base.hand_diff(Player::First, [(qpi("S:P"), 2)]).unwrap();
    let error = diff.apply_to(&other_hand).unwrap_err();
    assert_eq!(
        error,
        Error::DiffHandMismatch {
            player: Player::First,
            change: 0,
            expected: 1,
            held: 3,
        }
    );
    assert_eq!(
        error.to_string(),
        "the first hand holds 3 of the piece of the diff's hand change 0, not 1"
    );
    // A smaller board: the index is past it.
    let small: Qi<Qpi, Sin> = Qi::new(&[3, 3], sin("S"), sin("s")).unwrap();
    assert_eq!(
        diff.apply_to(&small),
        Err(Error::IndexOutOfRange {
            index: 20,
            square_count: 9,
            change: Some(0),
        })
    );
    // Nothing changed: positions are values, and none was half built.
    assert_eq!((after, base), kept);
}

/// A square the diff does not start from, past one it does: the error
/// names that square, whichever way the diff goes.
fn a_wrong_square_is_named<K: SharedPointerKind>() {
    let base = start::<K>();
    let after = capture(&base);
    let diff = after.diff_from(&base).unwrap();
    assert_eq!(
        diff.squares()
            .iter()
            .map(|square| square.index)
            .collect::<Vec<_>>(),
        [20, 70]
    );

    // Square 20 as the diff starts from, 70 not: a bishop where it left
    // the rook (applied), where it left nothing (reverted).
    let wrong_base = base.board_diff([(70, Some(qpi("S:B")))]).unwrap();
    assert_eq!(wrong_base.square(20), base.square(20));
    assert_eq!(
        diff.apply_to(&wrong_base),
        Err(Error::DiffSquareMismatch { index: 70 })
    );
    let wrong_after = after.board_diff([(70, Some(qpi("S:B")))]).unwrap();
    assert_eq!(wrong_after.square(20), after.square(20));
    assert_eq!(
        diff.revert(&wrong_after),
        Err(Error::DiffSquareMismatch { index: 70 })
    );
}

#[test]
fn a_square_other_than_where_the_diff_starts_is_named_both_ways() {
    a_wrong_square_is_named::<persistent_qi::ArcTK>();
    a_wrong_square_is_named::<persistent_qi::RcK>();
}

/// A hand count the diff does not start from, past one it does: the error
/// names the player, the hand change (so the piece) and both counts,
/// whichever way the diff goes.
fn a_wrong_hand_is_named<K: SharedPointerKind>() {
    let base = start::<K>();
    // The capture, and a bishop dropped from the second hand.
    let with_bishop = base.hand_diff(Player::Second, [(qpi("s:B"), 2)]).unwrap();
    let after = capture(&with_bishop)
        .edit_with(|edit| {
            edit.hand(Player::Second, qpi("s:B"), -1)
                .set(40, Some(qpi("s:B")));
        })
        .unwrap();
    let diff = after.diff_from(&with_bishop).unwrap();
    assert_eq!(
        diff.hands(),
        [
            HandDiff {
                player: Player::First,
                piece: qpi("S:P"),
                before: 1,
                after: 2,
            },
            HandDiff {
                player: Player::Second,
                piece: qpi("s:B"),
                before: 2,
                after: 1,
            },
        ]
    );

    // The squares and the first hand as the diff starts from, the second
    // hand one bishop more: hand change 1 is named.
    let one_more_bishop = |position: &GenericQi<Qpi, Sin, K>| {
        let more = position
            .hand_diff(Player::Second, [(qpi("s:B"), 1)])
            .unwrap();
        let changed = more.diff_from(position).unwrap();
        assert!(changed.squares().is_empty() && changed.hands().len() == 1);
        more
    };
    let wrong_base = one_more_bishop(&with_bishop);
    assert_eq!(
        diff.apply_to(&wrong_base),
        Err(Error::DiffHandMismatch {
            player: Player::Second,
            change: 1,
            expected: 2,
            held: 3,
        })
    );
    let wrong_after = one_more_bishop(&after);
    assert_eq!(
        diff.revert(&wrong_after),
        Err(Error::DiffHandMismatch {
            player: Player::Second,
            change: 1,
            expected: 1,
            held: 2,
        })
    );
}

#[test]
fn a_hand_count_other_than_where_the_diff_starts_is_named_both_ways() {
    a_wrong_hand_is_named::<persistent_qi::ArcTK>();
    a_wrong_hand_is_named::<persistent_qi::RcK>();
}

#[test]
fn a_diff_whose_ends_break_a_rule_is_refused_by_the_edit() {
    // Squares that hold what it starts from, but more pieces than squares
    // after it: the edit's own check refuses it.
    let board: Qi<u8, u8> = Qi::new(&[2], 0, 1).unwrap();
    let diff = Diff::new(
        vec![],
        vec![HandDiff {
            player: Player::Second,
            piece: 7,
            before: 0,
            after: 3,
        }],
        false,
    )
    .unwrap();
    assert!(matches!(
        diff.apply_to(&board),
        Err(Error::TooManyPieces { .. })
    ));
}

#[test]
fn diffs_over_positions_of_other_shapes_or_styles_do_not_exist() {
    let nine: LocalQi<u8, u8> = LocalQi::new(&[9], 0, 1).unwrap();
    let eight: LocalQi<u8, u8> = LocalQi::new(&[8], 0, 1).unwrap();
    assert!(matches!(
        nine.diff_from(&eight),
        Err(Error::ShapeMismatch { .. })
    ));
    let styled: LocalQi<u8, u8> = LocalQi::new(&[9], 2, 1).unwrap();
    assert!(styled.diff_from(&nine).is_err());
}

/// Parts given to `Diff::new`, and the error they must give.
type Case = (Vec<SquareDiff<u8>>, Vec<HandDiff<u8>>, DiffError);

#[test]
fn new_checks_each_invariant_and_names_the_change() {
    let square = |index, before: Option<u8>, after: Option<u8>| SquareDiff {
        index,
        before,
        after,
    };
    let hand = |player, piece: u8, before, after| HandDiff {
        player,
        piece,
        before,
        after,
    };
    let cases: [Case; 7] = [
        (
            vec![square(65_025, None, Some(1))],
            vec![],
            DiffError::IndexTooLarge {
                at: 0,
                index: 65_025,
            },
        ),
        (
            vec![square(3, None, Some(1)), square(3, Some(1), None)],
            vec![],
            DiffError::IndexOutOfOrder { at: 1, index: 3 },
        ),
        (
            vec![square(3, None, Some(1)), square(2, Some(1), None)],
            vec![],
            DiffError::IndexOutOfOrder { at: 1, index: 2 },
        ),
        (
            vec![square(0, None, Some(1)), square(4, Some(2), Some(2))],
            vec![],
            DiffError::SquareUnchanged { at: 1, index: 4 },
        ),
        (
            vec![],
            vec![hand(Player::First, 1, 0, 65_026)],
            DiffError::CountTooLarge {
                at: 0,
                count: 65_026,
            },
        ),
        (
            vec![],
            vec![hand(Player::Second, 1, 0, 1), hand(Player::First, 2, 0, 1)],
            DiffError::HandOutOfOrder { at: 1 },
        ),
        (
            vec![],
            vec![hand(Player::First, 1, 0, 1), hand(Player::First, 2, 5, 5)],
            DiffError::HandUnchanged { at: 1 },
        ),
    ];
    for (squares, hands, expected) in cases {
        assert_eq!(Diff::new(squares, hands, false), Err(expected));
    }
    // The limits themselves are allowed.
    assert!(
        Diff::new(
            vec![square(65_024, Some(1), None)],
            vec![
                hand(Player::First, 1, 65_025, 0),
                hand(Player::First, 2, 0, 1),
                hand(Player::Second, 1, 0, 1),
            ],
            true,
        )
        .is_ok()
    );
    assert_eq!(
        DiffError::IndexTooLarge {
            at: 2,
            index: 70_000
        }
        .to_string(),
        "square change 2: index 70000 is past the largest board (65025 squares)"
    );
}

#[cfg(feature = "serde")]
mod serde {
    use super::{capture, qpi, start};
    use persistent_qi::qpi::{Qpi, Sin};
    use persistent_qi::{ArcTK, Diff, Qi};

    fn diff() -> Diff<Qpi> {
        let base = start::<ArcTK>();
        capture(&base).diff_from(&base).unwrap()
    }

    #[test]
    fn json_writes_the_changes_and_reads_them_back() {
        let diff = diff();
        let json = serde_json::to_string(&diff).unwrap();
        assert_eq!(
            json,
            r#"{"squares":[[20,"s:P","S:R"],[70,"S:R",null]],"hands":[["First","S:P",1,2]],"turn_changed":true}"#
        );
        assert_eq!(serde_json::from_str::<Diff<Qpi>>(&json).unwrap(), diff);
        // Read back, it still applies.
        let base = start::<ArcTK>();
        let read: Diff<Qpi> = serde_json::from_str(&json).unwrap();
        assert_eq!(read.apply_to(&base).unwrap(), capture(&base));
    }

    #[test]
    fn postcard_writes_pieces_packed_and_no_board() {
        let diff = diff();
        let bytes = postcard::to_stdvec(&diff).unwrap();
        // 1 (length) + 2 x (index, two squares) + 1 (length) + (player,
        // piece, two counts) + 1 (turn): each piece 1 byte of tag and 2 of
        // code.
        assert_eq!(
            bytes.len(),
            1 + (1 + 3 + 3) + (1 + 3 + 1) + 1 + (1 + 2 + 1 + 1) + 1
        );
        assert_eq!(postcard::from_bytes::<Diff<Qpi>>(&bytes).unwrap(), diff);
        // A quiet move: two squares and the turn, in 13 bytes.
        let base = start::<ArcTK>();
        let quiet = base
            .edit_with(|edit| {
                edit.set(60, None).set(51, Some(qpi("S:P"))).toggle();
            })
            .unwrap();
        let bytes = postcard::to_stdvec(&quiet.diff_from(&base).unwrap()).unwrap();
        assert_eq!(bytes.len(), 1 + (1 + 3 + 1) + (1 + 1 + 3) + 1 + 1);
    }

    #[test]
    fn positions_of_strings_and_bytes_round_trip_too() {
        let base: Qi<String, String> = Qi::new(&[4], "a".into(), "b".into()).unwrap();
        let after = base
            .edit_with(|edit| {
                edit.set(1, Some("rook".into())).hand(
                    persistent_qi::Player::Second,
                    "pawn".into(),
                    2,
                );
            })
            .unwrap();
        let diff = after.diff_from(&base).unwrap();
        let json = serde_json::to_string(&diff).unwrap();
        let read: Diff<String> = serde_json::from_str(&json).unwrap();
        assert_eq!(read, diff);
        let bytes = postcard::to_stdvec(&diff).unwrap();
        assert_eq!(postcard::from_bytes::<Diff<String>>(&bytes).unwrap(), diff);
        assert_eq!(read.apply_to(&base).unwrap(), after);

        let small: Qi<u8, Sin> = Qi::new(&[4], "A".parse().unwrap(), "b".parse().unwrap()).unwrap();
        let moved = small.board_diff([(3, Some(9))]).unwrap();
        let bytes = postcard::to_stdvec(&moved.diff_from(&small).unwrap()).unwrap();
        // The length, the index, None, Some(9), no hands, the turn.
        assert_eq!(bytes, [1, 3, 0, 1, 9, 0, 0]);
    }

    #[test]
    fn hostile_json_is_a_typed_error_naming_the_change() {
        let cases = [
            (
                r#"{"squares":[[65025,null,"S:K"]],"hands":[],"turn_changed":false}"#,
                "square change 0: index 65025 is past the largest board (65025 squares)",
            ),
            (
                r#"{"squares":[[70000,null,"S:K"]],"hands":[],"turn_changed":false}"#,
                "invalid value: integer `70000`, expected u16",
            ),
            (
                r#"{"squares":[[5,null,"S:K"],[4,"S:K",null]],"hands":[],"turn_changed":false}"#,
                "square change 1: index 4 does not come after the one before it",
            ),
            (
                r#"{"squares":[[5,"S:K","S:K"]],"hands":[],"turn_changed":false}"#,
                "square change 0: square 5 holds the same before and after",
            ),
            (
                r#"{"squares":[],"hands":[["First","S:P",0,65026]],"turn_changed":false}"#,
                "hand change 0: a count of 65026 is more than any board holds (65025)",
            ),
            (
                r#"{"squares":[],"hands":[["Second","S:P",0,1],["First","S:P",0,1]],"turn_changed":false}"#,
                "hand change 1 does not come after the one before it (by player, then piece)",
            ),
            (
                r#"{"squares":[],"hands":[["First","S:P",2,2]],"turn_changed":false}"#,
                "hand change 0: the same count before and after",
            ),
            (
                r#"{"squares":[[1,null,"S:Q!"]],"hands":[],"turn_changed":false}"#,
                "invalid QPI token",
            ),
            (
                r#"{"squares":[],"hands":[],"turn_changed":false,"squares":[]}"#,
                "`squares` given twice",
            ),
            (
                r#"{"squares":[],"hands":[],"hands":[],"turn_changed":false}"#,
                "`hands` given twice",
            ),
            (
                r#"{"turn_changed":true,"squares":[],"hands":[],"turn_changed":false}"#,
                "`turn_changed` given twice",
            ),
            (
                r#"{"squares":[],"hands":[]}"#,
                "a diff without `turn_changed`",
            ),
            (
                r#"{"squares":[],"hands":[],"turn_changed":false,"board":[]}"#,
                "unknown field `board`",
            ),
        ];
        for (json, expected) in cases {
            let error = serde_json::from_str::<Diff<Qpi>>(json).unwrap_err();
            assert!(
                error.to_string().contains(expected),
                "{json}: {error} (expected {expected})"
            );
        }
    }

    #[test]
    fn hostile_postcard_is_an_error_not_an_allocation() {
        // A billion square changes announced, two given: the announced
        // length reserves a bounded room, the input runs out.
        let mut bytes = vec![0x80, 0x94, 0xeb, 0xdc, 0x03];
        bytes.extend([1, 0, 1, 0x9b, 0x0a, 2, 0, 1, 0x9b, 0x0a]);
        assert!(postcard::from_bytes::<Diff<Qpi>>(&bytes).is_err());
        // A billion hand changes announced.
        let bytes = [0, 0x80, 0x94, 0xeb, 0xdc, 0x03, 0, 0x9b, 0x0a, 0, 1];
        assert!(postcard::from_bytes::<Diff<Qpi>>(&bytes).is_err());
        // An index past the largest board, as a valid u16.
        let bytes = [1, 0x81, 0xfc, 0x03, 0, 1, 0x9b, 0x0a, 0, 0];
        let error = postcard::from_bytes::<Diff<Qpi>>(&bytes).unwrap_err();
        assert!(matches!(error, postcard::Error::SerdeDeCustom), "{error}");
        // A code past the last token.
        let bytes = [1, 3, 0, 1, 0xff, 0x7f, 0, 0];
        assert!(postcard::from_bytes::<Diff<Qpi>>(&bytes).is_err());
    }

    #[test]
    fn a_diff_of_many_changes_round_trips_in_both_formats() {
        // Every square of a 255-square board changed.
        let base: Qi<Qpi, Sin> =
            Qi::new(&[255], "A".parse().unwrap(), "b".parse().unwrap()).unwrap();
        let full = base
            .board_diff(
                (0..255)
                    .map(|index| (index, Some(qpi(if index % 2 == 0 { "A:P" } else { "b:p" })))),
            )
            .unwrap();
        let diff = full.diff_from(&base).unwrap();
        assert_eq!(diff.squares().len(), 255);
        let bytes = postcard::to_stdvec(&diff).unwrap();
        assert_eq!(postcard::from_bytes::<Diff<Qpi>>(&bytes).unwrap(), diff);
        let json = serde_json::to_vec(&diff).unwrap();
        assert_eq!(serde_json::from_slice::<Diff<Qpi>>(&json).unwrap(), diff);
        assert_eq!(diff.revert(&full).unwrap(), base);
    }
}

#[test]
fn a_diff_holds_at_most_four_hand_changes_per_square_of_the_largest_board() {
    // Every piece of both hands of both positions, each different: no two
    // positions differ by more hand changes than that.
    let most = 4 * MAX_SQUARE_COUNT;
    let hands = |count: usize| -> Vec<HandDiff<u32>> {
        (0..count)
            .map(|piece| HandDiff {
                player: Player::First,
                piece: u32::try_from(piece).expect("fits"),
                before: 0,
                after: 1,
            })
            .collect()
    };
    assert!(Diff::new(vec![], hands(most), false).is_ok());
    assert_eq!(
        Diff::new(vec![], hands(most + 1), false),
        Err(DiffError::TooManyHandChanges { at: most })
    );
}

#[test]
fn a_diff_comes_apart_into_what_it_was_made_of() {
    let squares = vec![SquareDiff {
        index: 3,
        before: None,
        after: Some(1_u8),
    }];
    let hands = vec![HandDiff {
        player: Player::Second,
        piece: 2_u8,
        before: 1,
        after: 0,
    }];
    let diff = Diff::new(squares.clone(), hands.clone(), true).expect("a valid diff");
    assert_eq!(diff.into_parts(), (squares, hands, true));
}
