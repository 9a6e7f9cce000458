//! Reading FEEN into both position crates.
//!
//! A FEEN piece is EPIN: a PIN, plus an optional derived mark `'` meaning
//! "in the other player's style". A QPI piece names its style, so with the
//! position's two styles the mapping is exact: a native piece takes its
//! owner's style (the style of its PIN side), a derived one the other's.

use core::fmt;

use persistent_qi::Player;
use persistent_qi::qpi::{Qpi, Sin};
use sashite_epin::Identifier as Epin;
use sashite_feen::{Feen, HandIter, Side};

use crate::position::{Persistent, Sashite};

/// Why a string could not be read as a position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FeenError {
    /// The string is no valid FEEN: sashite-feen's reason.
    Syntax(sashite_feen::ParseError),
    /// A valid FEEN that the position crate refuses: its message.
    Position(String),
}

impl fmt::Display for FeenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeenError::Syntax(error) => write!(f, "invalid FEEN: {error}"),
            FeenError::Position(message) => write!(f, "FEEN position refused: {message}"),
        }
    }
}

impl std::error::Error for FeenError {}

/// The QPI token of a FEEN piece, given the position's two styles.
#[must_use]
pub fn qpi_of_epin(piece: Epin, first_style: Sin, second_style: Sin) -> Qpi {
    let (own, other) = if piece.is_first() {
        (first_style, second_style)
    } else {
        (second_style, first_style)
    };
    Qpi::new(if piece.is_derived() { other } else { own }, piece.pin())
}

/// A hand count as a hand diff's delta. FEEN caps the pieces of a
/// position at its square count, far below `i32::MAX`.
fn delta(count: u32) -> i32 {
    i32::try_from(count).unwrap_or(i32::MAX)
}

/// A FEEN hand as hand-diff changes.
fn hand_changes(
    items: HandIter<'_>,
    first_style: Sin,
    second_style: Sin,
) -> impl Iterator<Item = (Qpi, i32)> + '_ {
    items.map(move |item| {
        (
            qpi_of_epin(item.piece(), first_style, second_style),
            delta(item.count()),
        )
    })
}

fn turn(feen: &Feen<'_>) -> Player {
    match feen.active_side() {
        Side::First => Player::First,
        Side::Second => Player::Second,
    }
}

fn shape(feen: &Feen<'_>) -> Vec<usize> {
    feen.shape()
        .dimensions()
        .iter()
        .map(|&size| usize::from(size))
        .collect()
}

/// Reads a FEEN string into persistent-qi's position through its public
/// API (`Qi::new`, `board_diff`, the hand diffs, `with_turn`), from
/// sashite-feen's validating view.
///
/// To be replaced by `Qi::<Qpi, Sin>::from_feen` once persistent-qi has it
/// (the FEEN interop issue, 9).
///
/// # Errors
///
/// [`FeenError::Syntax`] for an invalid FEEN, [`FeenError::Position`] if
/// persistent-qi refuses the shape or the piece count.
pub fn read_persistent(text: &str) -> Result<Persistent, FeenError> {
    let feen = Feen::parse(text).map_err(FeenError::Syntax)?;
    let (first, second) = (feen.first_style(), feen.second_style());
    let refused = |error: persistent_qi::Error| FeenError::Position(error.to_string());
    Persistent::new(&shape(&feen), first, second)
        .and_then(|position| {
            position.board_diff(feen.squares().enumerate().filter_map(|(index, square)| {
                square.map(|piece| (index, Some(qpi_of_epin(piece, first, second))))
            }))
        })
        .and_then(|position| {
            position.first_hand_diff(hand_changes(feen.first_hand(), first, second))
        })
        .and_then(|position| {
            position.second_hand_diff(hand_changes(feen.second_hand(), first, second))
        })
        .map(|position| position.with_turn(turn(&feen)))
        .map_err(refused)
}

/// Reads a FEEN string into sashite-qi's position, the same way as
/// [`read_persistent`], through sashite-qi's public API.
///
/// # Errors
///
/// As [`read_persistent`].
pub fn read_sashite(text: &str) -> Result<Sashite, FeenError> {
    let feen = Feen::parse(text).map_err(FeenError::Syntax)?;
    let (first, second) = (feen.first_style(), feen.second_style());
    let refused = |error: sashite_qi::Error| FeenError::Position(error.to_string());
    let turn = match turn(&feen) {
        Player::First => sashite_qi::Player::First,
        Player::Second => sashite_qi::Player::Second,
    };
    Sashite::new(&shape(&feen), first, second)
        .and_then(|position| {
            position.board_diff(feen.squares().enumerate().filter_map(|(index, square)| {
                square.map(|piece| (index, Some(qpi_of_epin(piece, first, second))))
            }))
        })
        .and_then(|position| {
            position.first_hand_diff(hand_changes(feen.first_hand(), first, second))
        })
        .and_then(|position| {
            position.second_hand_diff(hand_changes(feen.second_hand(), first, second))
        })
        .map(|position| position.with_turn(turn))
        .map_err(refused)
}
