//! `serde` support (feature `serde`): `Serialize` and a validating,
//! streaming `Deserialize` for positions and [`Player`]. (Those of
//! [`Qpi`](crate::qpi::Qpi) live beside the type, in `qpi/serde.rs`.) This
//! module adds impls only: the format is
//! documented on the `Serialize` impl of [`GenericQi`](crate::GenericQi),
//! the decoding rules on its `Deserialize` impl.

use core::fmt;

use ::serde::de::{self, Deserializer, EnumAccess, VariantAccess, Visitor};
use ::serde::ser::Serializer;
use ::serde::{Deserialize, Serialize};

use crate::Player;

mod decode;
mod diff;
mod encode;
mod identifiers;

use identifiers::{Identifiers, Kind};

const SHAPE: &str = "shape";
const BOARD: &str = "board";
const FIRST_HAND: &str = "first_hand";
const SECOND_HAND: &str = "second_hand";
const FIRST_STYLE: &str = "first_style";
const SECOND_STYLE: &str = "second_style";
const TURN: &str = "turn";

/// The fields, in the order they are serialized.
const FIELDS: &[&str] = &[
    SHAPE,
    BOARD,
    FIRST_HAND,
    SECOND_HAND,
    FIRST_STYLE,
    SECOND_STYLE,
    TURN,
];

const STRUCT_NAME: &str = "Qi";
const PLAYER_NAME: &str = "Player";
const PLAYER_VARIANTS: &[&str] = &["First", "Second"];

// ---------------------------------------------------------------- Player

impl Serialize for Player {
    fn serialize<Sr: Serializer>(&self, serializer: Sr) -> Result<Sr::Ok, Sr::Error> {
        let index = u32::from(self.is_second());
        serializer.serialize_unit_variant(PLAYER_NAME, index, PLAYER_VARIANTS[index as usize])
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_enum(PLAYER_NAME, PLAYER_VARIANTS, PlayerVisitor)
    }
}

struct PlayerVisitor;

impl<'de> Visitor<'de> for PlayerVisitor {
    type Value = Player;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("`First` or `Second`")
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Player, A::Error> {
        let (PlayerName(player), variant) = data.variant()?;
        variant.unit_variant()?;
        Ok(player)
    }

    // Formats that hand an enum over as a bare string or index.
    fn visit_str<E: de::Error>(self, value: &str) -> Result<Player, E> {
        PLAYER_NAMES.visit_str(value)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Player, E> {
        PLAYER_NAMES.visit_u64(value)
    }
}

/// A player's variant name, or its index; "first" and "second" are how
/// this crate wrote them before it took up sashite-qi's spelling.
const PLAYER_NAMES: Identifiers<Player> = Identifiers {
    names: PLAYER_VARIANTS,
    values: &[Player::First, Player::Second],
    aliases: &[("first", 0), ("second", 1)],
    kind: Kind::Variant,
    expecting: "`First` or `Second`",
};

/// A player's variant name, as `EnumAccess::variant` reads it.
struct PlayerName(Player);

impl<'de> Deserialize<'de> for PlayerName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        PLAYER_NAMES.read(deserializer).map(PlayerName)
    }
}
