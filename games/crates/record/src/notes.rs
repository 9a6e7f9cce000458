//! What a record says of a node beside its move: comments, annotation
//! glyphs, and what else its format keeps.

use serde::{Deserialize, Serialize};

/// A node's notes: its comments, its annotation glyphs, and what its
/// format says of it that the tree has no field for.
///
/// Each format reads into these fields and writes them back as it can:
/// PGN's `{ }` and `;` comments, `$n` and `!`/`?` glyphs; CSA's `'`
/// comments and time lines; KIF's `*` comments; SGF's `C`, its move
/// annotations (`TE`, `BM`, `DO`, `IT`: the glyphs `!`, `?`, `?!`, `!?`)
/// and its other properties.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Notes {
    /// Comments before the node's move, in order: PGN's comment that
    /// opens a variation, before its first move.
    pub before: Vec<String>,
    /// Comments after the node's move, in order; the root's are the
    /// game's, before its first move.
    pub after: Vec<String>,
    /// Numeric annotation glyphs (PGN's NAGs: 1 `!`, 2 `?`, 3 `!!`, 4
    /// `??`, 5 `!?`, 6 `?!`, 10 and up for the position), in the order
    /// read.
    pub nags: Vec<u8>,
    /// What the format keeps of the node that no field above holds, as
    /// (name, value) pairs in order (SGF's other properties, CSA's time
    /// lines): written back by the same format, ignored by the others.
    pub extras: Vec<(String, String)>,
}

impl Notes {
    /// No comment, glyph or extra.
    pub const EMPTY: Notes = Notes {
        before: Vec::new(),
        after: Vec::new(),
        nags: Vec::new(),
        extras: Vec::new(),
    };

    /// Whether the notes say nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.before.is_empty()
            && self.after.is_empty()
            && self.nags.is_empty()
            && self.extras.is_empty()
    }

    /// Gives back what the vectors hold beyond their contents: a vector's
    /// first push takes room for four, and a node's one time line or
    /// comment would otherwise cost three more.
    pub fn shrink_to_fit(&mut self) {
        self.before.shrink_to_fit();
        self.after.shrink_to_fit();
        self.nags.shrink_to_fit();
        self.extras.shrink_to_fit();
    }
}
