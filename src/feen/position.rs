//! The FEEN readers and writers of positions, over either pointer kind.

use core::str::FromStr;

use archery::SharedPointerKind;

use super::{ReadError, WriteError, read, write};
use crate::GenericQi;
use crate::qpi::{Epin, Qpi, Sin};

impl<K: SharedPointerKind> GenericQi<Epin, Sin, K> {
    /// Reads a FEEN string, keeping each piece as its EPIN token.
    ///
    /// O(length of the string); allocates the position and nothing else.
    /// See the [module documentation](super) for how the string maps to the
    /// position.
    ///
    /// ```
    /// use persistent_qi::{Player, Qi};
    /// use persistent_qi::feen::{ParseError, ReadError};
    /// use persistent_qi::qpi::{Epin, Sin};
    ///
    /// let position = Qi::<Epin, Sin>::from_feen("k^+p4+PK^ / c/C")?;
    /// assert_eq!(position.shape(), [8]);
    /// assert_eq!(position.square(1), Some(&"+p".parse()?));
    /// assert_eq!(position.turn(), Player::Second);
    ///
    /// assert_eq!(
    ///     Qi::<Epin, Sin>::from_feen("k^+p4+PK^ / C/C"),
    ///     Err(ReadError::Invalid(ParseError::StylesSameCase)),
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError::Invalid`] with `sashite-feen`'s reason for a string
    /// that is not canonical FEEN; [`ReadError::Rejected`] for a position
    /// this crate's model refuses.
    pub fn from_feen(feen: &str) -> Result<Self, ReadError> {
        read::read(feen, |epin, _, _| epin)
    }

    /// Writes the canonical FEEN string of the position.
    ///
    /// O(squares + hand entries x log(hand entries)).
    ///
    /// ```
    /// use persistent_qi::Qi;
    /// use persistent_qi::qpi::{Epin, Sin};
    ///
    /// let position: Qi<Epin, Sin> = Qi::new(&[2, 2, 3], "R".parse()?, "r".parse()?)?
    ///     .board_diff([(0, Some("K^".parse()?)), (11, Some("k^".parse()?))])?
    ///     .toggle();
    /// assert_eq!(position.to_feen()?, "K^2/3//3/2k^ / r/R");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`WriteError`] for a position FEEN cannot spell: see the table in
    /// the [module documentation](super).
    pub fn to_feen(&self) -> Result<String, WriteError> {
        write::write(self, |&epin, _, _| Ok(epin))
    }
}

impl<K: SharedPointerKind> FromStr for GenericQi<Epin, Sin, K> {
    type Err = ReadError;

    /// Reads a FEEN string: the same as `from_feen`.
    fn from_str(feen: &str) -> Result<Self, ReadError> {
        GenericQi::<Epin, Sin, K>::from_feen(feen)
    }
}

impl<K: SharedPointerKind> GenericQi<Qpi, Sin, K> {
    /// Reads a FEEN string, naming each piece's style: a native piece gets
    /// the style of the player on its side, a derived one (`'`) the other
    /// player's (see [`Qpi::from_epin`]).
    ///
    /// O(length of the string); allocates the position and nothing else.
    ///
    /// ```
    /// use persistent_qi::Qi;
    /// use persistent_qi::qpi::{Qpi, Sin};
    ///
    /// // Shogi against chess: the first player's chess pawn in the second hand.
    /// let position = Qi::<Qpi, Sin>::from_feen("k^1/2/1K^ /P' S/c")?;
    /// assert_eq!(position.square(0), Some(&"c:k^".parse()?));
    /// assert_eq!(position.square(5), Some(&"S:K^".parse()?));
    /// assert_eq!(position.second_hand_count(&"c:P".parse()?), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ReadError::Invalid`] with `sashite-feen`'s reason for a string
    /// that is not canonical FEEN; [`ReadError::Rejected`] for a position
    /// this crate's model refuses.
    pub fn from_feen(feen: &str) -> Result<Self, ReadError> {
        read::read(feen, Qpi::from_epin)
    }

    /// Writes the canonical FEEN string of the position, each piece as its
    /// EPIN token (see [`Qpi::to_epin`]).
    ///
    /// O(squares + hand entries x log(hand entries)).
    ///
    /// ```
    /// use persistent_qi::Qi;
    /// use persistent_qi::feen::WriteError;
    /// use persistent_qi::qpi::{Qpi, Sin};
    ///
    /// let position: Qi<Qpi, Sin> = Qi::new(&[4], "S".parse()?, "c".parse()?)?
    ///     .board_diff([(0, Some("c:k^".parse()?)), (3, Some("S:K^".parse()?))])?
    ///     .second_hand_diff([("c:P".parse()?, 1)])?;
    /// assert_eq!(position.to_feen()?, "k^2K^ /P' S/c");
    ///
    /// let foreign = position.board_diff([(1, Some("X:P".parse()?))])?;
    /// assert!(matches!(foreign.to_feen(), Err(WriteError::ForeignStyleOnSquare { square: 1, .. })));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// A [`WriteError`] for a position FEEN cannot spell: see the table in
    /// the [module documentation](super).
    pub fn to_feen(&self) -> Result<String, WriteError> {
        write::write(self, |&qpi, first, second| qpi.to_epin(first, second))
    }
}

impl<K: SharedPointerKind> FromStr for GenericQi<Qpi, Sin, K> {
    type Err = ReadError;

    /// Reads a FEEN string: the same as `from_feen`.
    fn from_str(feen: &str) -> Result<Self, ReadError> {
        GenericQi::<Qpi, Sin, K>::from_feen(feen)
    }
}
