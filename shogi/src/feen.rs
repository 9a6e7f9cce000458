//! Reading FEEN into both position crates, through persistent-qi's reader.
//!
//! persistent-qi reads FEEN straight into `Qi<Qpi, Sin>` (its `feen`
//! feature): a FEEN piece is EPIN, a PIN plus an optional derived mark `'`
//! ("in the other player's style"), and with the position's two styles the
//! mapping to QPI is exact. The peer's position is the same content,
//! converted through sashite-qi's public API.

use persistent_qi::feen::ReadError;

use crate::position::{Persistent, Sashite};

/// Why a string could not be read as a position: persistent-qi's reading
/// error, which keeps sashite-feen's reason for an invalid string.
pub type FeenError = ReadError;

/// Reads a FEEN string into persistent-qi's position.
///
/// # Errors
///
/// [`ReadError::Invalid`] for a string that is no valid FEEN (with
/// sashite-feen's reason), [`ReadError::Rejected`] for a valid one that the
/// position model refuses.
pub fn read_persistent(text: &str) -> Result<Persistent, FeenError> {
    Persistent::from_feen(text)
}

/// Reads a FEEN string into sashite-qi's position: the same content as
/// [`read_persistent`], converted.
///
/// # Errors
///
/// As [`read_persistent`].
pub fn read_sashite(text: &str) -> Result<Sashite, FeenError> {
    read_persistent(text).map(|position| Sashite::from(&position))
}
