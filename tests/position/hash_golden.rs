//! The position hash is a stability contract: these values must never change
//! within a major version. If one of these tests fails, the hash function
//! changed; that is a breaking change for every user who stored hashes.

use persistent_qi::{Player, Qi};

fn golden_u8() -> Qi<u8, u8> {
    Qi::new(&[8, 8], b'C', b'c')
        .unwrap()
        .board_diff([(4, Some(b'K')), (60, Some(b'k')), (12, Some(b'P'))])
        .unwrap()
        .first_hand_diff([(b'P', 2)])
        .unwrap()
}

fn golden_string() -> Qi<String, String> {
    Qi::new(&[9, 9], "S".to_string(), "s".to_string())
        .unwrap()
        .board_diff([
            (4, Some("S:K^".to_string())),
            (76, Some("s:k^".to_string())),
        ])
        .unwrap()
        .second_hand_diff([("s:p".to_string(), 1), ("s:+r".to_string(), 1)])
        .unwrap()
        .toggle()
}

#[test]
fn empty_positions_have_pinned_hashes() {
    let chess: Qi<u8, u8> = Qi::new(&[8, 8], b'C', b'c').unwrap();
    assert_eq!(chess.position_hash(), 0xc0f7_0283_217f_4a71);
    let line: Qi<&str, &str> = Qi::new(&[4], "C", "c").unwrap();
    assert_eq!(line.position_hash(), 0x0733_9654_5555_4196);
    let cube: Qi<&str, &str> = Qi::new(&[5, 5, 5], "R", "r").unwrap();
    assert_eq!(cube.position_hash(), 0x3ebd_8125_6e75_0395);
}

#[test]
fn populated_positions_have_pinned_hashes() {
    assert_eq!(golden_u8().position_hash(), 0x3047_be26_b09d_99c1);
    assert_eq!(golden_string().position_hash(), 0xc735_4cef_df3d_b9d9);
}

#[test]
fn the_side_to_move_has_a_pinned_term() {
    let position = golden_u8();
    assert_eq!(
        position.position_hash() ^ position.with_turn(Player::Second).position_hash(),
        0x3f84_d5b5_b547_0917
    );
}

#[test]
fn borrowed_and_owned_strings_hash_alike() {
    let borrowed: Qi<&str, &str> = Qi::new(&[9, 9], "S", "s")
        .unwrap()
        .board_diff([(4, Some("S:K^")), (76, Some("s:k^"))])
        .unwrap()
        .second_hand_diff([("s:p", 1), ("s:+r", 1)])
        .unwrap()
        .toggle();
    assert_eq!(borrowed.position_hash(), golden_string().position_hash());
}

/// The golden positions' content, given whole to `from_parts`, which hashes
/// it from scratch: the same values as the transformations' incremental
/// updates.
#[test]
fn the_incremental_hash_equals_the_hash_from_scratch() {
    let mut squares = [None; 64];
    squares[4] = Some(b'K');
    squares[60] = Some(b'k');
    squares[12] = Some(b'P');
    let scratch =
        Qi::from_parts(&[8, 8], squares, [(b'P', 2)], [], b'C', b'c', Player::First).unwrap();
    assert_eq!(scratch.position_hash(), golden_u8().position_hash());

    let mut squares: Vec<Option<String>> = vec![None; 81];
    squares[4] = Some("S:K^".to_string());
    squares[76] = Some("s:k^".to_string());
    let hand = [("s:+r".to_string(), 1), ("s:p".to_string(), 1)];
    let scratch = Qi::from_parts(
        &[9, 9],
        squares,
        [],
        hand,
        "S".to_string(),
        "s".to_string(),
        Player::Second,
    )
    .unwrap();
    assert_eq!(scratch.position_hash(), golden_string().position_hash());
}

#[test]
fn a_position_feeds_a_hasher_its_position_hash_alone() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{BuildHasher, BuildHasherDefault};

    let build = BuildHasherDefault::<DefaultHasher>::default();
    let position = golden_u8();
    assert_eq!(
        build.hash_one(&position),
        build.hash_one(position.position_hash())
    );
}

/// The hash of a two-square position (styles 0 and 1) holding `piece` on
/// square 0.
fn hash_with<P: Clone + Ord + core::hash::Hash>(piece: P) -> u64 {
    Qi::new(&[2], 0_u8, 1_u8)
        .unwrap()
        .board_diff([(0, Some(piece))])
        .unwrap()
        .position_hash()
}

/// Integer pieces of every width are hashed by value, as the hash's docs
/// say: `usize` as the `u64` of the same value and `isize` as the `i64`, on
/// every target, so the values are the same on 32-bit and 64-bit machines;
/// a `u128` by its low word, then its high word.
#[test]
fn integer_pieces_are_hashed_by_value_at_every_width() {
    assert_eq!(hash_with(7_u64), 0x1230_df39_7dbc_4c19);
    assert_eq!(hash_with(7_usize), hash_with(7_u64));
    assert_eq!(hash_with(-7_i64), 0x4e16_c8ed_7711_03c2);
    assert_eq!(hash_with(-7_isize), hash_with(-7_i64));
    assert_eq!(hash_with(7_u128), 0x448a_addf_45ae_4c2b);
    assert_eq!(hash_with(7_u128 << 64), 0x3147_e87b_c332_333c);
    assert_ne!(hash_with(7_u128 << 64), hash_with(0_u128));
}
