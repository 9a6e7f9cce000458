//! Walks of a record's tree: a node's children, every node depth first,
//! and the main line. Each follows the record's links through its public
//! accessors ([`Record::main_child`], [`Record::next_sibling`]), one step
//! at a time, with no recursion.

use core::fmt;

use super::tree::{NodeId, Record};
use games_core::Node;

impl<N: Node, K> Record<N, K> {
    /// The children of `id`, the main line first, then each variation in
    /// the order added.
    #[must_use]
    pub fn children(&self, id: NodeId) -> Children<'_, N, K> {
        Children {
            record: self,
            next: self.main_child(id),
        }
    }

    /// Every node depth first, each before its children and the main line
    /// before each variation: the order a PGN writes them in. Walks with a
    /// stack of its own, not by recursion, so a deep tree is no deeper a
    /// call.
    #[must_use]
    pub fn preorder(&self) -> Preorder<'_, N, K> {
        Preorder {
            record: self,
            stack: vec![NodeId::ROOT],
        }
    }

    /// The main line: the root, then each node's first child.
    #[must_use]
    pub fn main_line(&self) -> MainLine<'_, N, K> {
        MainLine {
            record: self,
            next: Some(NodeId::ROOT),
        }
    }
}

/// The children of a node, the main line first: see [`Record::children`].
pub struct Children<'a, N: Node, K> {
    record: &'a Record<N, K>,
    next: Option<NodeId>,
}

impl<N: Node, K> Iterator for Children<'_, N, K> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.record.next_sibling(id);
        Some(id)
    }
}

/// Every node depth first, the main line first: see [`Record::preorder`].
pub struct Preorder<'a, N: Node, K> {
    record: &'a Record<N, K>,
    stack: Vec<NodeId>,
}

impl<N: Node, K> Iterator for Preorder<'_, N, K> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.stack.pop()?;
        // The siblings after this one wait below its children.
        if let Some(sibling) = self.record.next_sibling(id) {
            self.stack.push(sibling);
        }
        if let Some(child) = self.record.main_child(id) {
            self.stack.push(child);
        }
        Some(id)
    }
}

/// The main line, from the root: see [`Record::main_line`].
pub struct MainLine<'a, N: Node, K> {
    record: &'a Record<N, K>,
    next: Option<NodeId>,
}

impl<N: Node, K> Iterator for MainLine<'_, N, K> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        let id = self.next?;
        self.next = self.record.main_child(id);
        Some(id)
    }
}

impl<N: Node, K> fmt::Debug for Children<'_, N, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Children")
            .field("next", &self.next)
            .finish()
    }
}

impl<N: Node, K> fmt::Debug for Preorder<'_, N, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Preorder")
            .field("stack", &self.stack)
            .finish()
    }
}

impl<N: Node, K> fmt::Debug for MainLine<'_, N, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MainLine")
            .field("next", &self.next)
            .finish()
    }
}
