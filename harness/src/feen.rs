//! The `feen_parse` target, also run by the tests on the FEEN examples and
//! sashite-feen's own cases (`tests/feen/cases.rs`, `tests/feen/properties.rs`).
//!
//! For any bytes: no panic; this crate reads a string exactly when
//! `sashite-feen` accepts it, and otherwise fails with `sashite-feen`'s own
//! reason (our limits are FEEN's, so no valid string is rejected); a string
//! read gives the position `sashite-feen`'s view describes, square by square
//! and hand by hand, in both piece types, and writes back byte for byte; the
//! conversions with `sashite-qi` agree with `Feen::to_qi`.

use persistent_qi::feen::ReadError;
use persistent_qi::qpi::{Epin, Qpi, Sin};
use persistent_qi::{Player, Qi};
use sashite_feen::{Feen, Side, sashite_qi};

/// The `feen_parse` fuzz target: any bytes as a FEEN string; bytes that are
/// not UTF-8 are read with their invalid sequences replaced, which FEEN
/// (ASCII only) refuses.
///
/// Returns whether the input is a FEEN string (and so went through the
/// checks of a position read), for the corpus replay to count.
///
/// # Panics
///
/// On any disagreement described in the module docs.
// The fuzz target calls it for its panics alone; tests read the verdict.
#[allow(clippy::must_use_candidate)]
pub fn feen_parse(data: &[u8]) -> bool {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let epin = Qi::<Epin, Sin>::from_feen(text);
    let qpi = Qi::<Qpi, Sin>::from_feen(text);
    assert_eq!(text.parse::<Qi<Epin, Sin>>(), epin, "FromStr is from_feen");
    assert_eq!(text.parse::<Qi<Qpi, Sin>>(), qpi, "FromStr is from_feen");
    let read = epin.is_ok();
    match (Feen::parse(text), epin, qpi) {
        (Ok(feen), Ok(epin), Ok(qpi)) => {
            assert_eq!(
                epin.to_feen().as_deref(),
                Ok(text),
                "Qi<Epin, Sin> writes back"
            );
            assert_eq!(
                qpi.to_feen().as_deref(),
                Ok(text),
                "Qi<Qpi, Sin> writes back"
            );
            agrees_with_the_view(&feen, &epin, &qpi);
            let peer = feen.to_qi();
            assert_eq!(
                sashite_qi::Qi::try_from(&epin),
                Ok(peer.clone()),
                "ours into sashite-qi is Feen::to_qi"
            );
            assert_eq!(
                Qi::try_from(&peer),
                Ok(epin),
                "Feen::to_qi into ours is from_feen"
            );
        }
        (Err(reason), Err(ReadError::Invalid(epin)), Err(ReadError::Invalid(qpi))) => {
            assert_eq!(
                (epin, qpi),
                (reason, reason),
                "sashite-feen's reason is kept"
            );
        }
        (theirs, epin, qpi) => panic!(
            "verdicts differ on {text:?}: sashite-feen {:?}, Qi<Epin, Sin> {:?}, Qi<Qpi, Sin> {:?}",
            theirs.map(|feen| feen.to_string()),
            epin.map(|position| position.to_feen()),
            qpi.map(|position| position.to_feen()),
        ),
    }
    read
}

/// Both positions hold what the view describes.
fn agrees_with_the_view(feen: &Feen<'_>, epin: &Qi<Epin, Sin>, qpi: &Qi<Qpi, Sin>) {
    let (first, second) = (feen.first_style(), feen.second_style());
    let typed = |piece: Epin| Qpi::from_epin(piece, first, second);
    let shape: Vec<usize> = feen
        .shape()
        .dimensions()
        .iter()
        .map(|&size| usize::from(size))
        .collect();
    let turn = match feen.active_side() {
        Side::First => Player::First,
        Side::Second => Player::Second,
    };
    assert_eq!((epin.shape(), qpi.shape()), (&shape[..], &shape[..]));
    assert_eq!((epin.turn(), qpi.turn()), (turn, turn));
    assert_eq!((*epin.first_style(), *epin.second_style()), (first, second));
    assert_eq!((*qpi.first_style(), *qpi.second_style()), (first, second));
    let count = |value: u32| usize::try_from(value).expect("a count fits a usize");
    for position_counts in [
        (
            epin.board_piece_count(),
            epin.hand_piece_count(),
            epin.piece_count(),
        ),
        (
            qpi.board_piece_count(),
            qpi.hand_piece_count(),
            qpi.piece_count(),
        ),
    ] {
        assert_eq!(
            position_counts,
            (
                count(feen.board_piece_count()),
                count(feen.hand_piece_count()),
                count(feen.piece_count())
            )
        );
    }
    assert_eq!(epin.squares().count(), count(feen.square_count()));
    for ((square, ours), typed_ours) in feen.squares().zip(epin.squares()).zip(qpi.squares()) {
        assert_eq!(ours.copied(), square);
        assert_eq!(typed_ours.copied(), square.map(typed));
    }
    for (player, items) in [
        (Player::First, feen.first_hand()),
        (Player::Second, feen.second_hand()),
    ] {
        let mut entries = 0;
        for item in items {
            let held = count(item.count());
            assert_eq!(epin.hand_count(player, &item.piece()), held);
            assert_eq!(qpi.hand_count(player, &typed(item.piece())), held);
            entries += 1;
        }
        assert_eq!(
            epin.hand(player).count(),
            entries,
            "the {player} hand holds nothing else"
        );
        assert_eq!(
            qpi.hand(player).count(),
            entries,
            "the {player} hand holds nothing else"
        );
    }
}
