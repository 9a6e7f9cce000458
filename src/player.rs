//! The two sides of a game.

/// One of the two players.
///
/// The first player conventionally moves first and is written in upper case
/// by the notations of the Sashité family; the second player in lower case.
///
/// ```
/// use persistent_qi::Player;
///
/// assert_eq!(Player::First.flip(), Player::Second);
/// assert_eq!(Player::Second.flip().flip(), Player::Second);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Player {
    /// The player who moves first in a fresh position.
    #[default]
    First,
    /// The other player.
    Second,
}

impl Player {
    /// Both players, first then second.
    pub const ALL: [Player; 2] = [Player::First, Player::Second];

    /// The other player.
    #[must_use]
    pub const fn flip(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// `true` for [`Player::First`].
    #[must_use]
    pub const fn is_first(self) -> bool {
        matches!(self, Player::First)
    }

    /// `true` for [`Player::Second`].
    #[must_use]
    pub const fn is_second(self) -> bool {
        matches!(self, Player::Second)
    }
}

impl core::fmt::Display for Player {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Player;

    #[test]
    fn each_player_is_one_of_two_and_names_itself() {
        for (player, first, name) in [
            (Player::First, true, "first"),
            (Player::Second, false, "second"),
        ] {
            assert_eq!(player.is_first(), first);
            assert_eq!(player.is_second(), !first);
            assert_eq!(player.flip().is_first(), !first);
            assert_eq!(player.flip().flip(), player);
            assert_eq!(player.to_string(), name);
        }
    }
}
