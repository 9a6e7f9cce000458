//! The one name of each position store in every table, benchmark id and
//! report: the harness's, the games program's and `docs/performance.md`'s.

/// persistent-qi over atomic reference counts: `Qi`.
pub const PERSISTENT_QI: &str = "persistent-qi";
/// persistent-qi over plain counts, one thread: `LocalQi`.
pub const PERSISTENT_QI_LOCAL: &str = "persistent-qi-local";
/// The peer whose positions are plain copies.
pub const SASHITE_QI: &str = "sashite-qi";
/// The games' fourth runner: one known game's board as an array inside
/// the position, copied whole by every move.
pub const FIXED_ARRAY: &str = "fixed array";
