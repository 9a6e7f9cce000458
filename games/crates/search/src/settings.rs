//! How a tree is searched: the settings the tree and its store read.

/// How a tree is searched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The most plies of a playout from a new leaf; 0 evaluates the leaf
    /// at once.
    pub playout_plies: u32,
    /// UCT's exploration constant `c`, in `value + c * sqrt(ln N / n)` with
    /// values in `[0, 1]`.
    pub exploration: f64,
    /// For the [`Positions`](super::Positions) store: a new node keeps its
    /// position when it is this many plies below the nearest node of its
    /// path that keeps one (the root always does). 1 keeps every node's
    /// (`--store positions`); `K` every K-th (`--store every:K`), a node's
    /// board then read from its nearest keeping ancestor with at most
    /// `K - 1` moves made on it. [`StoreKind::settings`](super::StoreKind::settings)
    /// sets it from the store's name.
    pub keep_every: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            playout_plies: 32,
            exploration: core::f64::consts::SQRT_2,
            keep_every: 1,
        }
    }
}
