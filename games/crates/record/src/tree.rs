//! The record tree: one game's tags and its nodes, each with its position,
//! the step that reached it, its notes and its variations, in one vector.

use core::fmt;

use super::notes::Notes;
use games_core::Node;

/// A node of a [`Record`]: its index in the record, the root's 0.
///
/// Ids are given in the order nodes are added, so a record read from a
/// file numbers its nodes in reading order; they mean nothing in another
/// record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the game's start.
    pub const ROOT: NodeId = NodeId(0);

    /// The node's index in its record, from 0 (the root) in the order the
    /// nodes were added.
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}", self.0)
    }
}

/// How a node's position was reached from its parent's.
///
/// A format writes each as it can: PGN has `--` for a null move and no
/// setup after the start, SGF has setups in any node (`AB`, `AW`, `AE`)
/// and a pass as a move of Go's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step<M> {
    /// The root: the game's start, with no parent.
    Start,
    /// A legal move of the parent's position.
    Move(M),
    /// A null move: the turn passes and nothing else moves (chess's `--`
    /// in analysis; the game's rules say what else it clears, as chess's
    /// en-passant square).
    Null,
    /// The position was set up rather than reached by a move.
    Setup,
}

impl<M> Step<M> {
    /// The move, if the step is one.
    #[must_use]
    pub fn as_move(&self) -> Option<&M> {
        match self {
            Step::Move(mv) => Some(mv),
            Step::Start | Step::Null | Step::Setup => None,
        }
    }
}

/// The marker of "no node" in the links.
const NONE: u32 = u32::MAX;

/// One node: what it keeps, its step, its links and its notes.
///
/// Links rather than a vector of children: 16 bytes a node, and adding a
/// variation is O(1) (at the end of its parent's children, through
/// `last_child`). The notes are boxed and absent for most nodes, so a node
/// without any pays one pointer.
#[derive(Debug, Clone)]
struct Entry<M, K> {
    kept: K,
    step: Step<M>,
    parent: u32,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
    notes: Option<Box<Notes>>,
}

/// A record has more nodes than it may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimit {
    /// The most nodes the record may hold, the root included.
    pub limit: usize,
}

impl fmt::Display for NodeLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "more than {} nodes in one game", self.limit)
    }
}

impl std::error::Error for NodeLimit {}

/// One game of a record file, whatever its format: its tags and a tree of
/// nodes, the root its start.
///
/// Every node keeps `K`, by default the game's [`Node`] itself (the
/// position crate's position and the game's state beside it: sharing
/// storage with its parent's over persistent-qi, its hash kept), the
/// [`Step`] that reached it from its parent, its [`Notes`] (comments,
/// annotation glyphs, what else its format says of it) and its children,
/// the main line first and then each variation in order. `K` is the
/// measuring side's knob: it compares designs that keep something else a
/// node (a FEN string, nothing), over the same readers.
///
/// The tags are the game's (name, value) pairs in the order first read; a
/// name is held once, a later value replacing the earlier one (as PGN
/// readers do). The ending is what the record says of how the game ended
/// (PGN's termination marker, CSA's `%TORYO`), as its format spells it.
///
/// # Complexity
///
/// | operation | cost |
/// |---|---|
/// | [`add`](Record::add) a child (a move, a variation) | O(1) amortised |
/// | [`kept`](Record::kept), [`step`](Record::step), [`parent`](Record::parent), [`notes`](Record::notes) | O(1) |
/// | [`children`](Record::children) | O(1) a child |
/// | [`ply`](Record::ply), [`path`](Record::path) | O(depth) |
/// | [`preorder`](Record::preorder), `==` | O(nodes) |
/// | [`tag`](Record::tag), [`set_tag`](Record::set_tag) | O(tags) |
///
/// A node costs `K`, its step and 24 bytes (four links and the pointer to
/// its notes), plus its notes if it has any.
///
/// `games-chess`'s crate docs build a record of chess by hand; each
/// game's readers build them from its formats.
pub struct Record<N: Node, K = N> {
    tags: Vec<(String, String)>,
    entries: Vec<Entry<N::Move, K>>,
    ending: Option<String>,
    node_limit: u32,
}

/// The most nodes a record may hold unless told otherwise: see
/// [`Limits::nodes`](super::Limits::nodes).
const DEFAULT_NODE_LIMIT: u32 = 1 << 20;

/// A note-free node's notes.
static NO_NOTES: Notes = Notes::EMPTY;

impl<N: Node, K> Record<N, K> {
    /// A record of one node, the root, keeping `start`, with no tags; it
    /// may hold up to 1,048,576 nodes (see [`with_node_limit`](Record::with_node_limit)).
    #[must_use]
    pub fn new(start: K) -> Self {
        Record::with_node_limit(start, DEFAULT_NODE_LIMIT as usize)
    }

    /// A record of one node, the root, keeping `start`, that may hold up
    /// to `limit` nodes, the root included (at least 1, at most
    /// `u32::MAX - 1`: a larger limit is that).
    #[must_use]
    pub fn with_node_limit(start: K, limit: usize) -> Self {
        let limit = u32::try_from(limit).unwrap_or(NONE - 1).clamp(1, NONE - 1);
        Record {
            tags: Vec::new(),
            entries: vec![Entry {
                kept: start,
                step: Step::Start,
                parent: NONE,
                first_child: NONE,
                last_child: NONE,
                next_sibling: NONE,
                notes: None,
            }],
            ending: None,
            node_limit: limit,
        }
    }

    /// The number of nodes, the root included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the record holds no node: never, the root is always there.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The most nodes the record may hold, the root included.
    #[must_use]
    pub fn node_limit(&self) -> usize {
        self.node_limit as usize
    }

    /// Adds a child of `parent`, reached by `step` and keeping `kept`, after
    /// its other children: the main line if it is the first, else the next
    /// variation. The record does not check the step against the positions:
    /// the reader that adds it has played it.
    ///
    /// # Errors
    ///
    /// [`NodeLimit`] if the record already holds its
    /// [`node_limit`](Record::node_limit) of nodes; nothing is added.
    ///
    /// # Panics
    ///
    /// If `parent` is no node of this record.
    pub fn add(
        &mut self,
        parent: NodeId,
        step: Step<N::Move>,
        kept: K,
    ) -> Result<NodeId, NodeLimit> {
        assert!(
            parent.index() < self.entries.len(),
            "{parent} of a record of {} nodes",
            self.entries.len()
        );
        let id = u32::try_from(self.entries.len()).unwrap_or(NONE);
        if id >= self.node_limit {
            return Err(NodeLimit {
                limit: self.node_limit as usize,
            });
        }
        self.entries.push(Entry {
            kept,
            step,
            parent: parent.0,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            notes: None,
        });
        let last = self.entries[parent.index()].last_child;
        if last == NONE {
            self.entries[parent.index()].first_child = id;
        } else {
            self.entries[last as usize].next_sibling = id;
        }
        self.entries[parent.index()].last_child = id;
        Ok(NodeId(id))
    }

    /// What `id` keeps: its position, by default.
    ///
    /// # Panics
    ///
    /// If `id` is no node of this record (as for every method taking one).
    #[must_use]
    pub fn kept(&self, id: NodeId) -> &K {
        &self.entries[id.index()].kept
    }

    /// How `id` was reached from its parent ([`Step::Start`] for the root).
    #[must_use]
    pub fn step(&self, id: NodeId) -> &Step<N::Move> {
        &self.entries[id.index()].step
    }

    /// The parent of `id`, `None` for the root.
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        let parent = self.entries[id.index()].parent;
        (parent != NONE).then_some(NodeId(parent))
    }

    /// The first child of `id`: the main line's next node.
    #[must_use]
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        let child = self.entries[id.index()].first_child;
        (child != NONE).then_some(NodeId(child))
    }

    /// The next child of `id`'s parent after `id`: the next variation.
    #[must_use]
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        let sibling = self.entries[id.index()].next_sibling;
        (sibling != NONE).then_some(NodeId(sibling))
    }

    /// Whether `id` is the first child of its parent (the root is).
    #[must_use]
    pub fn is_main_child(&self, id: NodeId) -> bool {
        self.parent(id)
            .is_none_or(|parent| self.main_child(parent) == Some(id))
    }

    /// The number of steps from the root to `id`: 0 for the root.
    #[must_use]
    pub fn ply(&self, id: NodeId) -> usize {
        let mut ply = 0;
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            ply += 1;
            at = parent;
        }
        ply
    }

    /// The nodes from the root to `id`, both included.
    #[must_use]
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = vec![id];
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The node of index `index` (see [`NodeId::index`]), if the record
    /// has one.
    #[must_use]
    pub fn id(&self, index: usize) -> Option<NodeId> {
        (index < self.entries.len()).then(|| NodeId(u32::try_from(index).unwrap_or(NONE)))
    }

    /// Every node, in the order added (the root first).
    pub fn ids(&self) -> impl ExactSizeIterator<Item = NodeId> + use<N, K> {
        // At most u32::MAX - 1 nodes: every index fits.
        (0..u32::try_from(self.entries.len()).unwrap_or(NONE)).map(NodeId)
    }

    /// The notes of `id` (empty ones if it has none).
    #[must_use]
    pub fn notes(&self, id: NodeId) -> &Notes {
        self.entries[id.index()]
            .notes
            .as_deref()
            .unwrap_or(&NO_NOTES)
    }

    /// The notes of `id`, to change: made empty if it has none.
    pub fn notes_mut(&mut self, id: NodeId) -> &mut Notes {
        self.entries[id.index()]
            .notes
            .get_or_insert_with(Box::default)
    }

    /// The tags, (name, value) in the order their names were first read.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of the tag `name` (names compare exactly), if any.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(held, _)| held == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets the tag `name` to `value`: in place of its value if the record
    /// has it, else after the other tags.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(held, _)| held == name) {
            Some((_, held)) => value.clone_into(held),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The number of tags.
    #[must_use]
    pub fn tag_count(&self) -> usize {
        self.tags.len()
    }

    /// How the record says the game ended, as its format spells it (PGN's
    /// `1-0`, CSA's `%TORYO`), if it says.
    #[must_use]
    pub fn ending(&self) -> Option<&str> {
        self.ending.as_deref()
    }

    /// Sets how the record says the game ended.
    pub fn set_ending(&mut self, ending: Option<String>) {
        self.ending = ending;
    }

    /// Gives back the memory the record's vectors hold beyond their
    /// contents: a reader calls it once a game is read, so that a record
    /// kept costs its nodes, not the slack of its growth.
    pub fn shrink_to_fit(&mut self) {
        for notes in self
            .entries
            .iter_mut()
            .filter_map(|entry| entry.notes.as_deref_mut())
        {
            notes.shrink_to_fit();
        }
        self.entries.shrink_to_fit();
        self.tags.shrink_to_fit();
    }

    /// The same tree, tags and notes, each node keeping `keep` of what it
    /// kept here (its id given too).
    #[must_use]
    pub fn map<L>(&self, mut keep: impl FnMut(NodeId, &K) -> L) -> Record<N, L> {
        let entries = self
            .entries
            .iter()
            .zip(self.ids())
            .map(|(entry, id)| Entry {
                kept: keep(id, &entry.kept),
                step: entry.step,
                parent: entry.parent,
                first_child: entry.first_child,
                last_child: entry.last_child,
                next_sibling: entry.next_sibling,
                notes: entry.notes.clone(),
            })
            .collect();
        Record {
            tags: self.tags.clone(),
            entries,
            ending: self.ending.clone(),
            node_limit: self.node_limit,
        }
    }
}

impl<N: Node> Record<N> {
    /// The game's start: the root's node.
    #[must_use]
    pub fn start(&self) -> &N {
        self.kept(NodeId::ROOT)
    }

    /// The node of `id`: its position and the game's state.
    #[must_use]
    pub fn node(&self, id: NodeId) -> &N {
        self.kept(id)
    }
}

impl<N: Node, K: Clone> Clone for Record<N, K> {
    fn clone(&self) -> Self {
        Record {
            tags: self.tags.clone(),
            entries: self.entries.clone(),
            ending: self.ending.clone(),
            node_limit: self.node_limit,
        }
    }
}

impl<N: Node, K: fmt::Debug> fmt::Debug for Record<N, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record")
            .field("tags", &self.tags)
            .field("ending", &self.ending)
            .field("nodes", &self.entries)
            .field("node_limit", &self.node_limit)
            .finish()
    }
}

/// Two records are equal when their tags, endings and trees are: the same
/// shape, each node's step, what it keeps and its notes equal, the
/// children in the same order. Node ids are not compared: a record read
/// and the same record loaded from a tree file number their nodes
/// differently. The node limits are not compared either. O(nodes), with a
/// stack of its own.
impl<N: Node, K: PartialEq> PartialEq for Record<N, K> {
    fn eq(&self, other: &Self) -> bool {
        if self.tags != other.tags
            || self.ending != other.ending
            || self.entries.len() != other.entries.len()
        {
            return false;
        }
        let mut stack = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((mine, theirs)) = stack.pop() {
            let (a, b) = (&self.entries[mine.index()], &other.entries[theirs.index()]);
            if a.step != b.step || a.kept != b.kept || self.notes(mine) != other.notes(theirs) {
                return false;
            }
            let mut children = self.children(mine);
            let mut others = other.children(theirs);
            loop {
                match (children.next(), others.next()) {
                    (Some(a), Some(b)) => stack.push((a, b)),
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        true
    }
}
