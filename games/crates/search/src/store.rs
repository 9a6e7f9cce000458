//! The ways a tree keeps its nodes' positions: [`Positions`] (a node at
//! every [`Settings::keep_every`] plies keeps its position, the
//! position crate's position plus the game's state; every node by
//! default) and [`Moves`] (a node holds its move only; a position is
//! rebuilt by replaying the path from the root on the rules' board, as
//! lc0 and `KataGo` do).
//!
//! Between the two, `--store every:K` is Polygames' `storeStateInterval`:
//! the root and every node K plies below a node that keeps its position
//! keep theirs, the others their move only, so that a node's board is its
//! nearest keeping ancestor's, read, with at most K-1 moves made on it in
//! place. `positions` is `every:1`; `moves` keeps the root's only (the
//! search's line holds it).

use core::fmt;
use core::str::FromStr;

use super::settings::Settings;

/// How a tree keeps what it needs to find a node's board: which nodes
/// keep their position (in the tree's vector of positions, beside its
/// vector of nodes). The root always does.
pub trait Store: 'static {
    /// The name of the store's kind in a `Debug` view (`positions`,
    /// `moves`).
    const NAME: &'static str;

    /// Whether a new node `gap` plies below the nearest node of its path
    /// that keeps its position keeps its own, under `settings`.
    fn keeps(gap: u32, settings: &Settings) -> bool;
}

/// Tree nodes keep their position (the crate's position and the game's
/// state) every [`Settings::keep_every`] plies: each one, built by the
/// crate when the node is made, by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Positions {}

impl Store for Positions {
    const NAME: &'static str = "positions";

    fn keeps(gap: u32, settings: &Settings) -> bool {
        gap >= settings.keep_every
    }
}

/// Tree nodes keep their move only: a node's board is the root's, read
/// once, with every move of the path made on it in place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moves {}

impl Store for Moves {
    const NAME: &'static str = "moves";

    fn keeps(_gap: u32, _settings: &Settings) -> bool {
        false
    }
}

/// Which store an engine keeps its trees in, as the command line names it
/// (`positions`, `moves`, `every:K`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoreKind {
    /// Every tree node keeps its position ([`Positions`], `every:1`).
    Positions,
    /// The root and every node `K` plies below a keeping one keep their
    /// position, the others their move ([`Positions`] with
    /// [`Settings::keep_every`] `K`, at least 2).
    Every(u32),
    /// Tree nodes keep their move; positions are replayed ([`Moves`]).
    Moves,
}

/// The most plies between two nodes that keep their position.
pub const MAX_KEEP_EVERY: u32 = 1_024;

impl StoreKind {
    /// The two ends, in table order: every position kept, then none.
    pub const BOTH: [StoreKind; 2] = [StoreKind::Positions, StoreKind::Moves];

    /// Every store the tables measure, in table order: K = 1, 2, 4, 8,
    /// then the moves store.
    pub const ALL: [StoreKind; 5] = [
        StoreKind::Positions,
        StoreKind::Every(2),
        StoreKind::Every(4),
        StoreKind::Every(8),
        StoreKind::Moves,
    ];

    /// The plies between two nodes of a path that keep their position:
    /// 1 for `positions`, `K` for `every:K`; `u32::MAX` for `moves`.
    #[must_use]
    pub fn keep_every(self) -> u32 {
        match self {
            StoreKind::Positions => 1,
            StoreKind::Every(plies) => plies,
            StoreKind::Moves => u32::MAX,
        }
    }

    /// `settings` with this store's [`keep_every`](StoreKind::keep_every).
    #[must_use]
    pub fn settings(self, settings: Settings) -> Settings {
        Settings {
            keep_every: self.keep_every(),
            ..settings
        }
    }
}

impl fmt::Display for StoreKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreKind::Positions => f.write_str("positions"),
            StoreKind::Every(plies) => write!(f, "every:{plies}"),
            StoreKind::Moves => f.write_str("moves"),
        }
    }
}

/// Why a store's name was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreNameError(String);

impl fmt::Display for StoreNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown store {:?}: expected positions, moves or every:K (K from 1 to \
             {MAX_KEEP_EVERY})",
            self.0
        )
    }
}

impl std::error::Error for StoreNameError {}

impl FromStr for StoreKind {
    type Err = StoreNameError;

    /// `positions`, `moves` or `every:K`; `every:1` is `positions`.
    fn from_str(text: &str) -> Result<StoreKind, StoreNameError> {
        let refused = || StoreNameError(text.to_owned());
        match text {
            "positions" => Ok(StoreKind::Positions),
            "moves" => Ok(StoreKind::Moves),
            _ => {
                let plies = text
                    .strip_prefix("every:")
                    .and_then(|plies| plies.parse::<u32>().ok())
                    .filter(|plies| (1..=MAX_KEEP_EVERY).contains(plies))
                    .ok_or_else(refused)?;
                Ok(if plies == 1 {
                    StoreKind::Positions
                } else {
                    StoreKind::Every(plies)
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_reads_back_as_it_is_written() {
        for store in StoreKind::ALL {
            assert_eq!(store.to_string().parse::<StoreKind>(), Ok(store));
        }
    }

    #[test]
    fn every_1_is_positions() {
        assert_eq!("every:1".parse::<StoreKind>(), Ok(StoreKind::Positions));
        assert_eq!(StoreKind::Positions.keep_every(), 1);
    }

    #[test]
    fn an_interval_of_zero_or_past_the_most_or_an_unknown_name_is_refused() {
        for text in [
            "every:0",
            "every:1025",
            "every:",
            "every:x",
            "nodes",
            "Every:2",
        ] {
            assert!(text.parse::<StoreKind>().is_err(), "{text}");
        }
    }

    #[test]
    fn a_node_keeps_its_position_at_the_interval_below_a_keeping_one() {
        let every = |plies| Settings {
            keep_every: plies,
            ..Settings::default()
        };
        assert!(Positions::keeps(1, &every(1)));
        assert!(!Positions::keeps(3, &every(4)) && Positions::keeps(4, &every(4)));
        assert!(!Moves::keeps(u32::MAX, &every(1)));
    }
}
