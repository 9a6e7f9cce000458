//! QPI and EPIN, the piece of FEEN (feature `feen`).
//!
//! An EPIN token (`K`, `+p`, `K^'`) is a PIN plus a "derived" mark: native,
//! the piece has the style of its own side's player; derived (`'`), the
//! style of the other player. A QPI token names the style itself. Given the
//! two players' styles the mapping is exact both ways: a piece's side is its
//! PIN's side in both notations, and only a QPI piece whose style neither
//! player has lacks an EPIN spelling.

use core::fmt;

use sashite_pin::Side;

use super::{Epin, Qpi, Sin};

/// A QPI piece whose style is neither player's, so it has no EPIN spelling
/// in that game: returned by [`Qpi::to_epin`].
///
/// ```
/// use persistent_qi::qpi::{ForeignStyleError, Qpi, Sin};
///
/// let (chess, chess_too): (Sin, Sin) = ("C".parse()?, "c".parse()?);
/// let error = "S:P".parse::<Qpi>()?.to_epin(chess, chess_too).unwrap_err();
/// assert_eq!(error.to_string(), "piece S:P has style S, which neither player has (C and c)");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ForeignStyleError {
    /// The piece.
    pub piece: Qpi,
    /// The first player's style.
    pub first_style: Sin,
    /// The second player's style.
    pub second_style: Sin,
}

impl fmt::Display for ForeignStyleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "piece {} has style {}, which neither player has ({} and {})",
            self.piece,
            self.piece.sin(),
            self.first_style,
            self.second_style,
        )
    }
}

impl std::error::Error for ForeignStyleError {}

/// The style of the player whose side a piece is on.
const fn own_style(side: Side, first: Sin, second: Sin) -> Sin {
    match side {
        Side::First => first,
        Side::Second => second,
    }
}

impl Qpi {
    /// The EPIN spelling of this piece in a game whose first player has the
    /// style `first` and whose second player has `second`: the same PIN,
    /// marked derived when the piece has the style of the player on the
    /// other side from it.
    ///
    /// The inverse of [`Qpi::from_epin`] for pieces of either style. When
    /// both players have the same style, a piece of that style is native.
    ///
    /// ```
    /// use persistent_qi::qpi::{Qpi, Sin};
    ///
    /// // Shogi against chess: a first-side pawn in either style.
    /// let (shogi, chess): (Sin, Sin) = ("S".parse()?, "c".parse()?);
    /// assert_eq!("S:P".parse::<Qpi>()?.to_epin(shogi, chess)?.to_string(), "P");
    /// assert_eq!("c:P".parse::<Qpi>()?.to_epin(shogi, chess)?.to_string(), "P'");
    /// assert_eq!("c:+k^".parse::<Qpi>()?.to_epin(shogi, chess)?.to_string(), "+k^");
    /// assert!("X:P".parse::<Qpi>()?.to_epin(shogi, chess).is_err());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ForeignStyleError`] if the piece's style is neither `first` nor
    /// `second`.
    pub fn to_epin(self, first: Sin, second: Sin) -> Result<Epin, ForeignStyleError> {
        let pin = self.pin();
        let own = own_style(pin.side(), first, second);
        let other = own_style(pin.side().flip(), first, second);
        if self.sin() == own {
            Ok(Epin::new(pin, false))
        } else if self.sin() == other {
            Ok(Epin::new(pin, true))
        } else {
            Err(ForeignStyleError {
                piece: self,
                first_style: first,
                second_style: second,
            })
        }
    }

    /// The QPI piece an EPIN token names in a game whose first player has
    /// the style `first` and whose second player has `second`: the same PIN,
    /// with the style of the player on the piece's side if it is native, of
    /// the other player if it is derived.
    ///
    /// Total; with distinct styles, the inverse of [`Qpi::to_epin`].
    ///
    /// ```
    /// use persistent_qi::qpi::{Epin, Qpi, Sin};
    ///
    /// let (shogi, chess): (Sin, Sin) = ("S".parse()?, "c".parse()?);
    /// let piece = |token: &str| token.parse::<Epin>().map(|epin| Qpi::from_epin(epin, shogi, chess));
    /// assert_eq!(piece("P")?.to_string(), "S:P");
    /// assert_eq!(piece("P'")?.to_string(), "c:P");
    /// assert_eq!(piece("+k^")?.to_string(), "c:+k^");
    /// assert_eq!(piece("k'")?.to_string(), "S:k");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub const fn from_epin(epin: Epin, first: Sin, second: Sin) -> Self {
        let side = epin.side();
        let style = if epin.is_derived() {
            own_style(side.flip(), first, second)
        } else {
            own_style(side, first, second)
        };
        Qpi::new(style, epin.pin())
    }
}
