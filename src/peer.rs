//! Conversions with `sashite-qi`'s position, the Sashité family's owned
//! model (feature `feen`): the same content both ways, board, hands,
//! styles and turn.

use core::hash::Hash;

use crate::{Player, Qi};

/// The peer crate's turn as ours.
const fn player(turn: sashite_qi::Player) -> Player {
    match turn {
        sashite_qi::Player::First => Player::First,
        sashite_qi::Player::Second => Player::Second,
    }
}

impl<P: Clone + Ord + Hash, S: Clone + Hash> From<&sashite_qi::Qi<P, S>> for Qi<P, S> {
    /// The same position, built by [`Qi::from_parts`] from the peer's
    /// board, hands, styles and turn. O(squares + hand entries x log(hand
    /// entries)); clones every piece and both styles.
    ///
    /// # Panics
    ///
    /// Never for a `P` whose `Ord` is a total order: `sashite-qi` enforces
    /// this crate's limits (the same shape bounds, no more pieces than
    /// squares, each hand piece once, counts at least 1), so building
    /// cannot fail.
    fn from(peer: &sashite_qi::Qi<P, S>) -> Self {
        let entry = |(piece, count): (&P, usize)| (piece.clone(), count);
        Qi::from_parts(
            peer.shape(),
            peer.board().iter().cloned(),
            peer.first_hand().map(entry),
            peer.second_hand().map(entry),
            peer.first_style().clone(),
            peer.second_style().clone(),
            player(peer.turn()),
        )
        .expect("a sashite-qi position is within this crate's limits")
    }
}

impl<P: Clone + Ord + Hash, S: Clone + Hash> From<sashite_qi::Qi<P, S>> for Qi<P, S> {
    /// The same position: see the conversion from `&sashite_qi::Qi`, which
    /// this is (the peer's accessors lend its pieces, they do not give them
    /// up).
    ///
    /// ```
    /// use persistent_qi::{Player, Qi};
    ///
    /// let peer = sashite_qi::Qi::new(&[2, 2], "C", "c")?
    ///     .board_diff([(0, Some("K")), (3, Some("k"))])?
    ///     .first_hand_diff([("P", 2)])?
    ///     .toggle();
    /// let ours = Qi::from(peer.clone());
    /// assert_eq!(ours.square(3), Some(&"k"));
    /// assert_eq!(ours.first_hand_count(&"P"), 2);
    /// assert_eq!(ours.turn(), Player::Second);
    /// assert_eq!(sashite_qi::Qi::from(&ours), peer);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Panics
    ///
    /// As the conversion from `&sashite_qi::Qi`.
    fn from(peer: sashite_qi::Qi<P, S>) -> Self {
        Qi::from(&peer)
    }
}

impl<P: Clone + Ord + Hash, S: Clone> From<&Qi<P, S>> for sashite_qi::Qi<P, S> {
    /// The same position as a `sashite-qi` one, built through its public
    /// constructor and transformations. O(squares + hand entries x
    /// log(hand entries)); clones every piece and both styles.
    ///
    /// # Panics
    ///
    /// Never for a `P` whose `Ord` is a total order: a position of this
    /// crate is within `sashite-qi`'s limits, which are the same.
    fn from(position: &Qi<P, S>) -> Self {
        let hand = |player| {
            position.hand(player).map(|(piece, count)| {
                // At most 65,025 pieces: far inside an `i32`.
                (piece.clone(), i32::try_from(count).unwrap_or(i32::MAX))
            })
        };
        let turn = match position.turn() {
            Player::First => sashite_qi::Player::First,
            Player::Second => sashite_qi::Player::Second,
        };
        sashite_qi::Qi::new(
            position.shape(),
            position.first_style().clone(),
            position.second_style().clone(),
        )
        .and_then(|peer| {
            peer.board_diff(
                position
                    .squares()
                    .enumerate()
                    .filter_map(|(index, square)| Some((index, Some(square?.clone())))),
            )
        })
        .and_then(|peer| peer.first_hand_diff(hand(Player::First)))
        .and_then(|peer| peer.second_hand_diff(hand(Player::Second)))
        .expect("a position of this crate is within sashite-qi's limits")
        .with_turn(turn)
    }
}
