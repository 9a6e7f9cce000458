//! Why a tree's links cannot be followed.

use core::fmt;

/// Why a tree's links cannot be followed: a bug in how it was made or
/// moved (tree reuse), never the game's input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corrupt {
    /// A node links to an index past the tree's nodes.
    OutOfRange {
        /// The linking node.
        from: u32,
        /// The index it links to.
        to: u32,
        /// The tree's nodes.
        nodes: usize,
    },
    /// A path from the root, or a node's list of children, comes back on
    /// itself: longer than the tree has nodes, or with more children than
    /// the node made.
    Cycle {
        /// The node where it was found.
        at: u32,
    },
}

impl fmt::Display for Corrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Corrupt::OutOfRange { from, to, nodes } => write!(
                f,
                "corrupt search tree: node {from} links to node {to}, past its {nodes} nodes"
            ),
            Corrupt::Cycle { at } => {
                write!(
                    f,
                    "corrupt search tree: its links come back on themselves at node {at}"
                )
            }
        }
    }
}

impl std::error::Error for Corrupt {}
