//! The conversions with `sashite_qi::Qi` (feature `sashite-qi`): the same
//! content both ways over both pointer kinds, and an error (never a panic)
//! for what one side cannot hold.
#![cfg(feature = "sashite-qi")]

use std::hash::{Hash, Hasher};
use std::panic::catch_unwind;

use persistent_qi::{Error, GenericQi, LocalQi, Player, Qi, SharedPointerKind};

fn peer_position() -> sashite_qi::Qi<String, String> {
    let s = String::from;
    sashite_qi::Qi::new(&[2, 3, 4], s("S"), s("s"))
        .and_then(|peer| peer.board_diff([(0, Some(s("K"))), (4, Some(s("+r")))]))
        .and_then(|peer| peer.first_hand_diff([(s("P"), 1), (s("B"), 2)]))
        .and_then(|peer| peer.second_hand_diff([(s("p"), 1)]))
        .expect("a valid sashite-qi position")
        .toggle()
}

/// The peer's position read back through our readers, over the kind `K`.
fn converts_with_its_content<K: SharedPointerKind>() {
    let s = String::from;
    for shape in [&[6][..], &[3, 4], &[2, 3, 4]] {
        let peer = sashite_qi::Qi::new(shape, s("S"), s("s"))
            .and_then(|peer| peer.board_diff([(0, Some(s("K"))), (4, Some(s("+r")))]))
            .and_then(|peer| peer.first_hand_diff([(s("P"), 1), (s("B"), 2)]))
            .and_then(|peer| peer.second_hand_diff([(s("p"), 1)]))
            .expect("a valid sashite-qi position")
            .toggle();
        let ours = GenericQi::<String, String, K>::try_from(&peer).expect("within our limits");
        assert_eq!(ours.shape(), shape);
        assert_eq!(ours.square(0), Some(&s("K")));
        assert_eq!(ours.square(4), Some(&s("+r")));
        assert_eq!(ours.board_piece_count(), 2);
        assert_eq!(
            ours.first_hand().collect::<Vec<_>>(),
            [(&s("B"), 2), (&s("P"), 1)]
        );
        assert_eq!(ours.second_hand_count(&s("p")), 1);
        assert_eq!(
            (ours.first_style(), ours.second_style()),
            (&s("S"), &s("s"))
        );
        assert_eq!(ours.turn(), Player::Second);
        assert_eq!(sashite_qi::Qi::try_from(&ours), Ok(peer.clone()));
        assert_eq!(GenericQi::try_from(peer), Ok(ours));
    }
}

#[test]
fn sashite_qi_positions_convert_both_ways_with_their_content() {
    converts_with_its_content::<persistent_qi::ArcTK>();
    converts_with_its_content::<persistent_qi::RcK>();
}

#[test]
fn both_kinds_convert_to_the_same_position() {
    let peer = peer_position();
    let sync = Qi::try_from(&peer).expect("within our limits");
    let local = LocalQi::try_from(&peer).expect("within our limits");
    assert_eq!(local.to_sync(), sync);
    assert_eq!(local.position_hash(), sync.position_hash());
}

#[test]
fn players_convert_both_ways() {
    for player in Player::ALL {
        assert_eq!(Player::from(sashite_qi::Player::from(player)), player);
    }
    assert_eq!(
        sashite_qi::Player::from(Player::Second),
        sashite_qi::Player::Second
    );
}

/// A piece whose `Clone` forgets its value: every clone is piece 0.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Forgetful(u8);

impl Clone for Forgetful {
    fn clone(&self) -> Self {
        Forgetful(0)
    }
}

impl Hash for Forgetful {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

#[test]
fn a_piece_whose_clone_forgets_its_value_is_an_error_not_a_panic() {
    // Two pieces in one hand, which clone to one: the peer holds them
    // apart, ours would list a piece twice.
    let peer = sashite_qi::Qi::new(&[3, 3], 0_u8, 1_u8)
        .and_then(|peer| peer.first_hand_diff([(Forgetful(1), 1), (Forgetful(2), 1)]))
        .expect("a valid sashite-qi position");
    let converted = catch_unwind(|| Qi::try_from(&peer)).expect("no panic");
    assert_eq!(
        converted,
        Err(Error::DuplicateHandPiece {
            player: Player::First,
            entry: 1
        })
    );
}
