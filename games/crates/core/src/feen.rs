//! Reading FEEN into any position crate, through persistent-qi's reader,
//! and writing any crate's position as FEEN, through its writer.
//!
//! persistent-qi reads FEEN straight into `Qi<Qpi, Sin>` (its `feen`
//! feature): a FEEN piece is EPIN, a PIN plus an optional derived mark `'`
//! ("in the other player's style"), and with the position's two styles the
//! mapping to QPI is exact. Every crate's position is then built from that
//! content by its own validating constructor ([`Position::from_parts`]).

use core::fmt;

use persistent_qi::Player;
use persistent_qi::feen::{ReadError, WriteError};

use crate::error_from;
use crate::position::{BuildError, Parts, Persistent, Position, QpiPosition};

/// Why a string could not be read as a position, or a position written as
/// FEEN.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FeenError {
    /// persistent-qi's reading error, which keeps sashite-feen's reason for
    /// an invalid string.
    Read(ReadError),
    /// persistent-qi's writing error: a position FEEN cannot spell (its
    /// styles of one case, a piece in a style neither player has).
    Write(WriteError),
    /// A position persistent-qi read, which the crate asked for refuses to
    /// hold. The crates' limits are the same today, so no string gets this;
    /// the conversion says so with an error all the same.
    Build(BuildError),
}

impl fmt::Display for FeenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FeenError::Read(error) => error.fmt(f),
            FeenError::Write(error) => error.fmt(f),
            FeenError::Build(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for FeenError {}

error_from!(FeenError: Read(ReadError), Write(WriteError), Build(BuildError));

/// Reads a FEEN string into a position of crate `P`.
///
/// ```
/// use games_core::{Persistent, Position, Sashite, read_feen, same_content};
///
/// let feen = "k^2K^ /P' S/c";
/// let ours: Persistent = read_feen(feen)?;
/// let peer: Sashite = read_feen(feen)?;
/// assert!(same_content(&ours, &peer));
/// assert_eq!(ours.square_count(), 4);
/// # Ok::<(), games_core::FeenError>(())
/// ```
///
/// # Errors
///
/// [`FeenError::Read`] with [`ReadError::Invalid`] for a string that is
/// no valid FEEN (with sashite-feen's reason), or [`ReadError::Rejected`]
/// for a valid one that the position model refuses; [`FeenError::Build`]
/// if the crate `P` refuses the position read.
pub fn read_feen<P: QpiPosition>(text: &str) -> Result<P, FeenError> {
    let read = <Persistent>::from_feen(text)?;
    Ok(convert(&read)?)
}

/// The FEEN string of a position of crate `P`, as persistent-qi writes it
/// (canonical: [`read_feen`] reads it back into an equal position).
///
/// ```
/// use games_core::{Persistent, Sashite, read_feen, write_feen};
///
/// let feen = "k^2K^ /P' S/c";
/// let peer: Sashite = read_feen(feen)?;
/// assert_eq!(write_feen(&peer)?, feen);
/// # Ok::<(), games_core::FeenError>(())
/// ```
///
/// # Errors
///
/// [`FeenError::Write`] for a position FEEN cannot spell;
/// [`FeenError::Build`] if persistent-qi refuses the content, which no
/// crate's position gives today.
pub fn write_feen<P: QpiPosition>(position: &P) -> Result<String, FeenError> {
    let ours: Persistent = convert(position)?;
    Ok(ours.to_feen()?)
}

/// The same content in another crate's position.
///
/// # Errors
///
/// [`BuildError`] if the crate `P` refuses the content.
pub fn convert<A: Position, P: Position<Piece = A::Piece, Style = A::Style>>(
    position: &A,
) -> Result<P, BuildError> {
    let mut squares = vec![None; position.square_count()];
    position.read_board(&mut squares);
    let hand = |player| {
        let mut entries = Vec::new();
        position.for_each_in_hand(player, |piece, count| entries.push((piece, count)));
        entries
    };
    let (first, second) = (hand(Player::First), hand(Player::Second));
    P::from_parts(Parts {
        shape: position.shape(),
        squares: &squares,
        hands: [&first, &second],
        styles: [
            position.style(Player::First),
            position.style(Player::Second),
        ],
        turn: position.turn(),
    })
}
