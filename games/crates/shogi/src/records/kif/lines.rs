//! The kinds of a KIF line, told by how it begins.

/// What a line of KIF is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineKind {
    Blank,
    /// A line that says nothing of the game (`#`, `手数----`, `まで`).
    Ignored,
    Comment,
    Bookmark,
    Variation,
    /// A header (`key：value`, a diagram's line): the next game's start
    /// once moves were read.
    Header,
    Move,
}

/// The kind of a line, told by its first characters past its indent.
pub(super) fn kind_of_line(line: &str) -> LineKind {
    let trimmed = line.trim_start_matches([' ', '　', '\t']);
    if trimmed.trim_end().is_empty() {
        LineKind::Blank
    } else if trimmed.starts_with('*') {
        LineKind::Comment
    } else if trimmed.starts_with('&') {
        LineKind::Bookmark
    } else if trimmed.starts_with("変化：") {
        LineKind::Variation
    } else if trimmed.starts_with('#') || trimmed.starts_with("手数") || trimmed.starts_with("まで")
    {
        LineKind::Ignored
    } else if trimmed.starts_with(|character: char| character.is_ascii_digit()) {
        LineKind::Move
    } else {
        LineKind::Header
    }
}
