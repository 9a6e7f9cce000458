//! A FEEN string read into a position, straight from `sashite-feen`'s view.

use core::hash::Hash;

use archery::SharedPointerKind;
use sashite_feen::{Feen, HandItem, Side};

use super::ReadError;
use crate::qpi::{Epin, Sin};
use crate::{GenericQi, MAX_DIMENSIONS, Player};

/// Builds a position from a FEEN string through [`GenericQi::from_parts`],
/// straight from `sashite-feen`'s view; `piece` turns an EPIN token into
/// the piece type, given the first and second styles.
pub(super) fn read<P: Clone + Ord + Hash, K: SharedPointerKind>(
    text: &str,
    piece: impl Fn(Epin, Sin, Sin) -> P,
) -> Result<GenericQi<P, Sin, K>, ReadError> {
    let feen = Feen::parse(text).map_err(ReadError::Invalid)?;
    let (first_style, second_style) = (feen.first_style(), feen.second_style());
    let mut sizes = [0; MAX_DIMENSIONS];
    let dimensions = sizes
        .iter_mut()
        .zip(feen.shape().dimensions())
        .map(|(slot, &size)| *slot = usize::from(size))
        .count();
    let piece = |epin| piece(epin, first_style, second_style);
    // A count is at most the square count, far inside a `usize`; one that
    // did not fit would be refused by the piece limit all the same.
    let entry = |item: HandItem| {
        (
            piece(item.piece()),
            usize::try_from(item.count()).unwrap_or(usize::MAX),
        )
    };
    let turn = match feen.active_side() {
        Side::First => Player::First,
        Side::Second => Player::Second,
    };
    GenericQi::from_parts(
        &sizes[..dimensions],
        feen.squares().map(|square| square.map(piece)),
        feen.first_hand().map(entry),
        feen.second_hand().map(entry),
        first_style,
        second_style,
        turn,
    )
    .map_err(ReadError::Rejected)
}
