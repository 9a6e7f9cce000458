//! Conversions with `sashite-qi`'s position and player (feature
//! `sashite-qi`). This module adds impls only: they are documented on the
//! conversion of a `&sashite_qi::Qi` into a [`GenericQi`].

use core::hash::Hash;

use archery::SharedPointerKind;

use crate::{Error, GenericQi, Player};

impl From<sashite_qi::Player> for Player {
    /// The same player.
    fn from(player: sashite_qi::Player) -> Self {
        match player {
            sashite_qi::Player::First => Player::First,
            sashite_qi::Player::Second => Player::Second,
        }
    }
}

impl From<Player> for sashite_qi::Player {
    /// The same player.
    fn from(player: Player) -> Self {
        match player {
            Player::First => sashite_qi::Player::First,
            Player::Second => sashite_qi::Player::Second,
        }
    }
}

/// A position of `sashite-qi`, the Sashité family's owned model: the same
/// content both ways, board, hands, styles and turn, over either pointer
/// kind.
///
/// | from | to | trait | why |
/// |---|---|---|---|
/// | [`Player`] | `sashite_qi::Player` | `From` (both ways) | nothing can fail |
/// | `&sashite_qi::Qi<P, S>`, `sashite_qi::Qi<P, S>` | [`GenericQi<P, S, K>`](GenericQi) | `TryFrom`, [`Error`] | built by [`GenericQi::from_parts`], which checks this crate's limits |
/// | `&GenericQi<P, S, K>` | `sashite_qi::Qi<P, S>` | `TryFrom`, `sashite_qi::Error` | built by `sashite-qi`'s constructor and diffs, which check its limits |
///
/// The two crates' limits are the same today (3 dimensions of 255 squares,
/// 65,025 squares, no more pieces than squares), so a conversion of a valid
/// position fails only for a piece type whose `Clone` does not give back an
/// equal value (two hand entries that become one piece) or should either
/// crate's limits change: an error then, never a panic.
///
/// ```
/// use persistent_qi::{Player, Qi};
///
/// let peer = sashite_qi::Qi::new(&[2, 2], "C", "c")?
///     .board_diff([(0, Some("K")), (3, Some("k"))])?
///     .first_hand_diff([("P", 2)])?
///     .toggle();
/// let ours = Qi::try_from(&peer)?;
/// assert_eq!(ours.square(3), Some(&"k"));
/// assert_eq!(ours.first_hand_count(&"P"), 2);
/// assert_eq!(ours.turn(), Player::Second);
/// assert_eq!(sashite_qi::Qi::try_from(&ours)?, peer);
/// assert_eq!(sashite_qi::Player::from(ours.turn()), peer.turn());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
impl<P, S, K> TryFrom<&sashite_qi::Qi<P, S>> for GenericQi<P, S, K>
where
    P: Clone + Ord + Hash,
    S: Clone + Hash,
    K: SharedPointerKind,
{
    type Error = Error;

    /// The same position, built by [`GenericQi::from_parts`] from the peer's
    /// board, hands, styles and turn. O(squares + hand entries x log(hand
    /// entries)); clones every piece and both styles.
    ///
    /// # Errors
    ///
    /// Those of [`GenericQi::from_parts`]: none for a position of
    /// `sashite-qi` 0.2 (its limits are this crate's) and a piece type
    /// whose clones are equal to their originals; otherwise, for example,
    /// [`Error::DuplicateHandPiece`] if two pieces of a hand clone to one.
    fn try_from(peer: &sashite_qi::Qi<P, S>) -> Result<Self, Error> {
        let entry = |(piece, count): (&P, usize)| (piece.clone(), count);
        GenericQi::from_parts(
            peer.shape(),
            peer.board().iter().cloned(),
            peer.first_hand().map(entry),
            peer.second_hand().map(entry),
            peer.first_style().clone(),
            peer.second_style().clone(),
            Player::from(peer.turn()),
        )
    }
}

impl<P, S, K> TryFrom<sashite_qi::Qi<P, S>> for GenericQi<P, S, K>
where
    P: Clone + Ord + Hash,
    S: Clone + Hash,
    K: SharedPointerKind,
{
    type Error = Error;

    /// The same position: see the conversion from `&sashite_qi::Qi`, which
    /// this is (the peer's accessors lend its pieces, they do not give them
    /// up).
    ///
    /// # Errors
    ///
    /// As the conversion from `&sashite_qi::Qi`.
    fn try_from(peer: sashite_qi::Qi<P, S>) -> Result<Self, Error> {
        GenericQi::try_from(&peer)
    }
}

impl<P, S, K> TryFrom<&GenericQi<P, S, K>> for sashite_qi::Qi<P, S>
where
    P: Clone + Ord + Hash,
    S: Clone,
    K: SharedPointerKind,
{
    type Error = sashite_qi::Error;

    /// The same position as a `sashite-qi` one, built through its public
    /// constructor and transformations. O(squares + hand entries x
    /// log(hand entries)); clones every piece and both styles.
    ///
    /// # Errors
    ///
    /// Those of `sashite-qi`'s constructor and diffs: none for a position
    /// of this crate and `sashite-qi` 0.2, whose limits are the same; a
    /// hand count that does not fit its `i32` deltas is its
    /// `TooManyPieces`.
    fn try_from(position: &GenericQi<P, S, K>) -> Result<Self, sashite_qi::Error> {
        let hand = |player| -> Result<Vec<(P, i32)>, sashite_qi::Error> {
            position
                .hand(player)
                .map(|(piece, count)| {
                    let count =
                        i32::try_from(count).map_err(|_| sashite_qi::Error::TooManyPieces)?;
                    Ok((piece.clone(), count))
                })
                .collect()
        };
        let occupied = position
            .occupied()
            .map(|(index, piece)| (index, Some(piece.clone())));
        Ok(sashite_qi::Qi::new(
            position.shape(),
            position.first_style().clone(),
            position.second_style().clone(),
        )?
        .board_diff(occupied)?
        .first_hand_diff(hand(Player::First)?)?
        .second_hand_diff(hand(Player::Second)?)?
        .with_turn(position.turn().into()))
    }
}
