//! The write policy: where the writes to squares (and the changes to hands)
//! of a piece type go. The board (`src/board/`) and the hands (`src/hand/`)
//! both follow it; neither imports the other for it.

/// Where the writes of squares of a type go: the two kinds of square (see
/// the glossary in `src/board/mod.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WritePolicy {
    /// Kept in the position, then logged, then flushed into the blocks:
    /// squares that own no memory (`u8`, `Qpi`, any type without
    /// a destructor), which a clone of the position copies for free. Their
    /// hand changes are kept too.
    Deferred,
    /// Written into the blocks at once, only their indices noted in the
    /// position: squares that own memory (`String`), whose copy in every
    /// clone of a position would allocate. Their hand changes go into the
    /// shared hands at once.
    Through,
}

/// The write policy of squares of `P`: see [`WritePolicy`].
pub(crate) const fn write_policy<P>() -> WritePolicy {
    if core::mem::needs_drop::<P>() {
        WritePolicy::Through
    } else {
        WritePolicy::Deferred
    }
}
