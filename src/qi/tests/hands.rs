//! Tests of the hands as a position holds them: the shared hands under the
//! kept changes (`src/hand/`), read, compared and changed through the
//! position.

use archery::SharedPointer;

use super::Alike;
use crate::hand::KEPT_HANDS;
use crate::{Player, Qi};

type Position = Qi<u8, u8>;

fn empty() -> Position {
    Qi::new(&[9, 9], 0, 1).expect("a valid shape")
}

/// The same content built from scratch: its hands are all shared.
fn rebuilt(position: &Position) -> Position {
    let hand = |player| position.hand(player).map(|(&piece, count)| (piece, count));
    Qi::from_parts(
        position.shape(),
        position.squares().map(Option::<&u8>::copied),
        hand(Player::First).collect::<Vec<_>>(),
        hand(Player::Second).collect::<Vec<_>>(),
        0,
        1,
        position.turn(),
    )
    .expect("a valid position")
}

fn assert_same(position: &Position, expected: &Position) {
    assert_eq!(position, expected);
    assert_eq!(expected, position);
    assert_eq!(position.position_hash(), expected.position_hash());
    assert_eq!(position.hand_piece_count(), expected.hand_piece_count());
    for player in Player::ALL {
        assert!(position.hand(player).eq(expected.hand(player)));
    }
    assert!(position.changes_since(expected).unwrap().is_empty());
    assert!(expected.changes_since(position).unwrap().is_empty());
}

#[test]
fn hand_changes_are_kept_until_the_room_runs_out() {
    let mut position = empty();
    for piece in 0..u8::try_from(KEPT_HANDS).unwrap() {
        position = position.hand_diff(Player::First, [(piece, 2)]).unwrap();
        assert_eq!(
            position.kept.hands.changes().count(),
            usize::from(piece) + 1
        );
        assert_eq!(
            position.shared.hand(crate::Player::First).total(),
            0,
            "nothing shared yet"
        );
    }
    let parent = position.clone();
    // One more piece: every kept change goes to the shared hands.
    let position = position.hand_diff(Player::Second, [(9, 1)]).unwrap();
    assert_eq!(position.kept.hands.changes().count(), 1);
    assert_eq!(
        position.shared.hand(crate::Player::First).total(),
        2 * KEPT_HANDS
    );
    assert_same(&position, &rebuilt(&position));
    // The parent still keeps its own, over the hands it shared.
    assert_eq!(parent.kept.hands.changes().count(), KEPT_HANDS);
    assert_eq!(parent.second_hand_count(&9), 0);
    assert_same(&parent, &rebuilt(&parent));
}

#[test]
fn a_hand_is_read_by_the_path_its_changes_call_for() {
    // Nothing shared, nothing kept: the empty path.
    let start = empty();
    assert!(start.shared.hand(crate::Player::First).is_empty());
    assert!(!start.kept.hands.has(Player::First));
    assert_eq!(start.first_hand().count(), 0);
    // Shared entries for both players, then a kept change of the
    // second's only: the first's hand is read from the shared entries
    // alone, the second's merged.
    let shared = Qi::<u8, u8>::from_parts(
        &[9, 9],
        [None; 81],
        [(1, 2), (3, 1)],
        [(2, 1)],
        0,
        1,
        Player::First,
    )
    .unwrap();
    let kept = shared.hand_diff(Player::Second, [(2, 1), (4, 1)]).unwrap();
    assert!(
        !kept.kept.hands.has(Player::First),
        "the first's read alone"
    );
    assert!(kept.kept.hands.has(Player::Second), "the second's merged");
    assert_eq!(kept.first_hand().collect::<Vec<_>>(), [(&1, 2), (&3, 1)]);
    assert_eq!(kept.second_hand().collect::<Vec<_>>(), [(&2, 2), (&4, 1)]);
    // A kept change of the first's only, over nothing shared: merged.
    let first = start.hand_diff(Player::First, [(6, 3)]).unwrap();
    assert!(first.kept.hands.has(Player::First));
    assert!(!first.kept.hands.has(Player::Second));
    assert_eq!(first.first_hand().collect::<Vec<_>>(), [(&6, 3)]);
    assert_eq!(first.second_hand().count(), 0);
}

#[test]
fn shared_hands_of_one_hash_are_compared_by_content() {
    let holding = |piece| {
        Qi::<Alike, u8>::from_parts(
            &[3, 3],
            [None; 9],
            [(Alike(piece), 1)],
            Vec::new(),
            0,
            1,
            Player::First,
        )
        .unwrap()
    };
    let (one, two) = (holding(1), holding(2));
    assert_eq!(one.position_hash(), two.position_hash(), "the keys collide");
    assert!(!one.kept.hands.any() && !two.kept.hands.any(), "all shared");
    assert!(
        !one.shared
            .hand(crate::Player::First)
            .ptr_eq(two.shared.hand(crate::Player::First))
    );
    assert_ne!(one, two);
    assert_ne!(two, one);
    // Built apart, the same content: equal, though nothing is shared.
    let again = holding(1);
    assert!(
        !one.shared
            .hand(crate::Player::First)
            .ptr_eq(again.shared.hand(crate::Player::First))
    );
    assert_eq!(one, again);
}

#[test]
fn kept_hand_changes_of_one_hash_are_compared_by_content() {
    // Two children of one parent, sharing everything but their kept
    // hand changes, which differ only in a piece of a colliding key.
    let parent = Qi::<Alike, u8>::new(&[3, 3], 0, 1).unwrap();
    let one = parent.hand_diff(Player::First, [(Alike(1), 1)]).unwrap();
    let two = parent.hand_diff(Player::First, [(Alike(2), 1)]).unwrap();
    assert_eq!(one.position_hash(), two.position_hash(), "the keys collide");
    assert!(
        SharedPointer::ptr_eq(&one.shared, &two.shared),
        "all else shared"
    );
    assert_ne!(one, two);
    assert_ne!(two, one);
    let again = parent.hand_diff(Player::First, [(Alike(1), 1)]).unwrap();
    assert_eq!(one, again);
}

#[test]
fn a_change_beyond_a_byte_goes_to_the_shared_hands() {
    let position = Qi::<u8, u8>::new(&[20, 20], 0, 1)
        .unwrap()
        .hand_diff(Player::First, [(1, 1)])
        .unwrap();
    let large = position.hand_diff(Player::First, [(1, 200)]).unwrap();
    assert_eq!(large.kept.hands.changes().count(), 0);
    assert_eq!(large.first_hand_count(&1), 201);
    assert_same(&large, &rebuilt(&large));
    // A difference of -100 from the shared 201 fits a byte.
    let back = large.hand_diff(Player::First, [(1, -100)]).unwrap();
    assert_eq!(back.kept.hands.changes().count(), 1);
    assert_eq!(back.first_hand_count(&1), 101);
    assert_same(&back, &rebuilt(&back));
    // -200 does not: it goes to the shared hands too.
    let back = large.hand_diff(Player::First, [(1, -200)]).unwrap();
    assert_eq!(back.kept.hands.changes().count(), 0);
    assert_same(&back, &position);
}

#[test]
fn a_change_back_to_the_shared_count_is_dropped() {
    let position = empty().hand_diff(Player::Second, [(4, 3)]).unwrap();
    let back = position.hand_diff(Player::Second, [(4, -3)]).unwrap();
    assert_eq!(back.kept.hands.changes().count(), 0);
    assert_same(&back, &empty());
}

#[test]
fn a_change_written_back_equals_the_parent_it_shares_the_hands_with() {
    // The parent keeps a change of the first player's, so the written
    // one takes a second slot; written back, the child shares all else
    // with its parent and is told apart by its kept changes alone.
    let parent = empty().hand_diff(Player::First, [(1, 1)]).unwrap();
    for player in Player::ALL {
        let changed = parent.hand_diff(player, [(4, 3)]).unwrap();
        assert!(changed.kept.hands.has(player), "{player:?}: kept");
        let back = changed.hand_diff(player, [(4, -3)]).unwrap();
        assert!(
            SharedPointer::ptr_eq(&back.shared, &parent.shared),
            "{player:?}: all else shared"
        );
        assert_eq!(back, parent);
        assert_eq!(parent, back);
        assert_eq!(back.position_hash(), parent.position_hash());
        assert!(back.changes_since(&parent).unwrap().is_empty());
        assert!(
            back.kept.hands.same(&parent.kept.hands),
            "{player:?}: kept alike"
        );
    }
}

#[test]
fn equal_hands_kept_in_any_order_are_equal() {
    let a = empty()
        .hand_diff(Player::Second, [(5, 1)])
        .unwrap()
        .hand_diff(Player::First, [(7, 1)])
        .unwrap();
    let b = empty()
        .hand_diff(Player::First, [(7, 1)])
        .unwrap()
        .hand_diff(Player::Second, [(5, 1)])
        .unwrap();
    assert_same(&a, &b);
    assert!(a.kept.hands.same(&b.kept.hands), "kept alike");
    let c = empty().hand_diff(Player::First, [(7, 1), (2, 1)]).unwrap();
    assert_eq!(
        c.first_hand().collect::<Vec<_>>(),
        [(&2, 1), (&7, 1)],
        "in piece order"
    );
}

#[test]
fn kept_changes_merge_with_the_shared_entries_in_piece_order() {
    /// A hand diff from `shared`, the hand after it, and its changes.
    struct Case {
        diff: &'static [(u8, i32)],
        hand: &'static [(&'static u8, usize)],
        changed: &'static [(u8, usize, usize)],
    }
    // Shared: 1, 3, 5 of each; kept: more 3s, no 5s, a new 4.
    let shared = Qi::<u8, u8>::from_parts(
        &[9, 9],
        [None; 81],
        [(1, 1), (3, 1), (5, 1)],
        [],
        0,
        1,
        Player::First,
    )
    .unwrap();
    // Kept: more 3s and a new 4; then no 5s and a new 4.
    let cases = [
        Case {
            diff: &[(3, 2), (4, 1)],
            hand: &[(&1, 1), (&3, 3), (&4, 1), (&5, 1)],
            changed: &[(3, 1, 3), (4, 0, 1)],
        },
        Case {
            diff: &[(5, -1), (4, 1)],
            hand: &[(&1, 1), (&3, 1), (&4, 1)],
            changed: &[(4, 0, 1), (5, 1, 0)],
        },
    ];
    for Case {
        diff,
        hand,
        changed,
    } in cases
    {
        let position = shared
            .hand_diff(Player::First, diff.iter().copied())
            .unwrap();
        assert!(diff.len() <= KEPT_HANDS);
        assert_eq!(
            position.kept.hands.changes().count(),
            diff.len(),
            "all kept"
        );
        assert_eq!(position.first_hand().collect::<Vec<_>>(), hand);
        assert_eq!(
            position.hand_piece_count(),
            hand.iter().map(|&(_, count)| count).sum::<usize>()
        );
        let changes = position.changes_since(&shared).unwrap();
        let hands: Vec<_> = changes
            .hands()
            .map(|change| (*change.piece, change.before, change.after))
            .collect();
        assert_eq!(hands, changed);
        assert_same(&position, &rebuilt(&position));
        assert_same(&changes.apply_to(&shared).unwrap(), &position);
    }
}

#[test]
fn string_pieces_keep_no_hand_change() {
    let position = Qi::<String, u8>::new(&[2, 2], 0, 1)
        .unwrap()
        .hand_diff(Player::First, [("P".to_owned(), 1)])
        .unwrap();
    assert_eq!(position.kept.hands.changes().count(), 0);
    assert_eq!(position.first_hand_count(&"P".to_owned()), 1);
}
