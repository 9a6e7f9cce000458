//! Reading FEEN into both position crates, through persistent-qi's reader.
//!
//! persistent-qi reads FEEN straight into `Qi<Qpi, Sin>` (its `feen`
//! feature): a FEEN piece is EPIN, a PIN plus an optional derived mark `'`
//! ("in the other player's style"), and with the position's two styles the
//! mapping to QPI is exact. The peer's position is the same content,
//! converted through sashite-qi's public API.

use core::fmt;

use persistent_qi::feen::ReadError;

use crate::position::{Persistent, Sashite};

/// Why a string could not be read as a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FeenError {
    /// persistent-qi's reading error, which keeps sashite-feen's reason for
    /// an invalid string.
    Read(ReadError),
    /// A position persistent-qi read, which sashite-qi refuses to hold. The
    /// two crates' limits are the same today, so no string gets this; the
    /// conversion says so with an error all the same.
    Peer(sashite_qi::Error),
}

impl fmt::Display for FeenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeenError::Read(error) => error.fmt(f),
            FeenError::Peer(error) => write!(f, "sashite-qi refuses the position: {error}"),
        }
    }
}

impl std::error::Error for FeenError {}

impl From<ReadError> for FeenError {
    fn from(error: ReadError) -> Self {
        FeenError::Read(error)
    }
}

/// Reads a FEEN string into persistent-qi's position.
///
/// # Errors
///
/// [`FeenError::Read`] with [`ReadError::Invalid`] for a string that is
/// no valid FEEN (with sashite-feen's reason), or [`ReadError::Rejected`]
/// for a valid one that the position model refuses.
pub fn read_persistent(text: &str) -> Result<Persistent, FeenError> {
    Ok(Persistent::from_feen(text)?)
}

/// Reads a FEEN string into sashite-qi's position: the same content as
/// [`read_persistent`], converted.
///
/// # Errors
///
/// As [`read_persistent`], and [`FeenError::Peer`] if sashite-qi refuses
/// the position read.
pub fn read_sashite(text: &str) -> Result<Sashite, FeenError> {
    Sashite::try_from(&read_persistent(text)?).map_err(FeenError::Peer)
}
