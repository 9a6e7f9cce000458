//! The `arbitrary` integration: whatever the bytes, `Arbitrary` gives a valid
//! value, and never panics.

use arbitrary::{Arbitrary, Unstructured};
use harness::support::{self, Rng};
use persistent_qi::qpi::Qpi;
use persistent_qi::{MAX_SQUARE_COUNT, Player, Qi};

/// `len` pseudo-random bytes from a fixed seed.
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = Rng(seed);
    (0..len).map(|_| rng.next_u64().to_le_bytes()[0]).collect()
}

fn arbitrary_position(data: &[u8]) -> Qi<u8, u8> {
    Qi::arbitrary(&mut Unstructured::new(data)).expect("any bytes give a position")
}

fn assert_valid(position: &Qi<u8, u8>) {
    support::assert_valid(position);
    assert!(position.square_count() <= MAX_SQUARE_COUNT);
}

#[test]
fn any_bytes_give_a_valid_position() {
    for seed in 0..2000 {
        let data = bytes(seed, usize::try_from(seed % 300).unwrap());
        assert_valid(&arbitrary_position(&data));
    }
}

#[test]
fn no_bytes_give_the_smallest_empty_position() {
    let position = arbitrary_position(&[]);
    assert_eq!(position.shape(), [1]);
    assert_eq!(position.piece_count(), 0);
}

#[test]
fn arbitrary_positions_hold_pieces_in_hands_and_on_boards() {
    let positions: Vec<_> = (0..500)
        .map(|seed| arbitrary_position(&bytes(seed, 200)))
        .collect();
    assert!(
        positions
            .iter()
            .any(|position| position.board_piece_count() > 2)
    );
    assert!(
        positions
            .iter()
            .any(|position| position.hand_piece_count() > 2)
    );
    assert!(
        positions
            .iter()
            .any(|position| position.turn() == Player::Second)
    );
    assert!(
        positions
            .iter()
            .any(|position| position.dimension_count() == 3)
    );
}

#[test]
fn boards_are_small_by_default_and_sometimes_large() {
    let squares: Vec<usize> = (0..2000)
        .map(|seed| arbitrary_position(&bytes(seed, 64)).square_count())
        .collect();
    let large = squares.iter().filter(|&&count| count > 729).count();
    assert!(large > 0, "no board over 9 x 9 x 9");
    assert!(
        large < squares.len() / 8,
        "{large} of 2000 boards are large"
    );
}

#[test]
fn player_and_qpi_take_any_value_from_any_bytes() {
    let mut players = Vec::new();
    let mut tokens = std::collections::BTreeSet::new();
    for seed in 0..4000 {
        let data = bytes(seed, 3);
        let mut u = Unstructured::new(&data);
        players.push(Player::arbitrary(&mut u).unwrap());
        let qpi = Qpi::arbitrary(&mut u).unwrap();
        assert_eq!(Qpi::parse(&qpi.to_string()), Ok(qpi));
        tokens.insert(qpi);
    }
    assert!(players.contains(&Player::First) && players.contains(&Player::Second));
    assert!(tokens.len() > 3000, "only {} distinct tokens", tokens.len());
}

#[test]
fn player_and_qpi_take_the_bytes_their_size_hints_give() {
    // A fuzzer sizes its inputs by `size_hint`: each reads exactly that many.
    assert_eq!(Player::size_hint(0), (1, Some(1)));
    assert_eq!(Qpi::size_hint(0), (2, Some(2)));
    for seed in 0..200 {
        let data = bytes(seed, 8);
        let mut u = Unstructured::new(&data);
        Player::arbitrary(&mut u).unwrap();
        assert_eq!(data.len() - u.len(), 1);
        Qpi::arbitrary(&mut u).unwrap();
        assert_eq!(data.len() - u.len(), 3);
    }
}

#[test]
fn small_boards_take_every_size_in_one_to_three_dimensions_and_grids_up_to_19x19() {
    let shapes: Vec<Vec<usize>> = (0..2000)
        .map(|seed| arbitrary_position(&bytes(seed, 64)).shape().to_vec())
        .collect();
    let small = |sizes: &&Vec<usize>| sizes.iter().all(|&size| size <= 9);
    for dimensions in 1..=3 {
        for size in 1..=9 {
            assert!(
                shapes
                    .iter()
                    .filter(small)
                    .any(|sizes| sizes.len() == dimensions && sizes.contains(&size)),
                "no small board of {dimensions} dimensions has a size of {size}"
            );
        }
    }
    // Grids past 9 a side, up to 19x19, are a common case too.
    let grids = shapes
        .iter()
        .filter(|sizes| sizes.len() == 2 && sizes.iter().any(|&size| size > 9))
        .filter(|sizes| sizes.iter().all(|&size| size <= 19))
        .count();
    assert!(
        grids > 100,
        "{grids} of 2000 boards are grids past 9 a side"
    );
    assert!(
        shapes
            .iter()
            .any(|sizes| sizes.len() == 2 && sizes.contains(&19))
    );
}
