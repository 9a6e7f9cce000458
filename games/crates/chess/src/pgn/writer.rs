//! The PGN writer: a record's tags and movetext as python-chess's exporter
//! lays them out (see the [module docs](super)).

use core::fmt::Write as _;
use std::io::{self, Write};

use super::super::board::Board;
use super::super::moves::Move;
use super::super::{Node, START, legal_moves, to_fen};
use super::san;
use games_core::QpiPosition;
use games_record::{NodeId, Record, Step};

/// The widest line of movetext, as python-chess writes it.
const COLUMNS: usize = 80;

/// The movetext being laid out: tokens joined by spaces, a line broken
/// before a token that would pass [`COLUMNS`].
struct Movetext {
    lines: Vec<String>,
    line: String,
}

impl Movetext {
    fn new() -> Self {
        Movetext {
            lines: Vec::new(),
            line: String::new(),
        }
    }

    /// Appends a token, on a new line if the line and the token, each
    /// with the space after it, would pass [`COLUMNS`] (python-chess's
    /// rule).
    fn token(&mut self, token: &str) {
        let width = token.chars().count();
        if !self.line.is_empty() && self.line.chars().count() + 1 + width + 1 > COLUMNS {
            self.lines.push(core::mem::take(&mut self.line));
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(token);
    }

    /// Appends a `;` comment, which runs to the end of its line: the
    /// next token starts a new line.
    fn line_comment(&mut self, text: &str) {
        if self.line.is_empty() && self.lines.is_empty() {
            // A `;` line first in the movetext would be read as one of the
            // tag section's, and skipped: dots, which a reader takes for a
            // move number, start the line.
            self.token("...");
        }
        // A reader drops one carriage return at a line's end: a text's own
        // last one is written twice.
        let end = if text.ends_with('\r') { "\r" } else { "" };
        self.token(&format!("; {text}{end}"));
        self.lines.push(core::mem::take(&mut self.line));
    }

    /// Appends a comment as PGN writes it: `{ text }` (python-chess's), or
    /// `; text` for a text that holds a `}` and no line end (as a `;`
    /// comment may hold one, and carriage returns); a text holding a `}`
    /// and a line end, which no comment read from PGN holds, loses its
    /// `}`, as python-chess writes it. A reader drops the carriage return
    /// before each line's end in `{ }`, so a text's own `\r\n` is written
    /// `\r\r\n`.
    fn comment(&mut self, text: &str) {
        if text.contains('}') && !text.contains('\n') {
            self.line_comment(text);
        } else {
            let text = text.replace('}', "").replace("\r\n", "\r\r\n");
            self.token(&format!("{{ {text} }}"));
        }
    }

    fn finish(mut self) -> Vec<String> {
        if !self.line.is_empty() {
            self.lines.push(self.line);
        }
        self.lines
    }
}

/// A tag's value as PGN quotes it: `\` and `"` escaped; a `\n`, which no
/// tag line can hold, written as a space.
fn quoted(value: &str) -> String {
    let mut text = String::with_capacity(value.len() + 2);
    text.push('"');
    for character in value.chars() {
        match character {
            '\\' | '"' => {
                text.push('\\');
                text.push(character);
            }
            '\n' => text.push(' '),
            other => text.push(other),
        }
    }
    text.push('"');
    text
}

/// The start's fullmove number: the `FEN` tag's sixth field, else 1.
fn first_fullmove<P: QpiPosition, K>(record: &Record<Node<P>, K>) -> u32 {
    record
        .tag("FEN")
        .and_then(|fen| fen.split_ascii_whitespace().nth(5))
        .and_then(|field| field.parse().ok())
        .unwrap_or(1)
}

/// The PGN of one game: its tags (and `SetUp` and `FEN` for a start that
/// is not chess's own, if the record has no `FEN` tag), a blank line, and
/// its movetext: the root's comments and NAGs, then each move with its
/// number (a white move's always, a black move's after a comment, a
/// variation or the start, as `4...`), its SAN with a check or mate mark,
/// its NAGs and comments; each variation in parentheses after the move it
/// is an alternative to, its comments before its first move; the ending if
/// it is a PGN result. Lines of movetext are at most 80 characters wide
/// but for a longer comment.
///
/// ```
/// use games_chess::pgn;
/// use games_record::Limits;
/// use games_core::Persistent;
///
/// let text = b"1. e4 e5 (1... c5 {Sicilian}) 2. Nf3 $1 *";
/// let games: Vec<_> = pgn::read::<Persistent>(text, Limits::default())
///     .collect::<Result<_, _>>()?;
/// let record = &games[0];
/// assert_eq!(pgn::to_pgn(record), "1. e4 e5 ( 1... c5 { Sicilian } ) 2. Nf3 $1 *\n");
/// # Ok::<(), games_record::RecordError>(())
/// ```
#[must_use]
pub fn to_pgn<P: QpiPosition>(record: &Record<Node<P>>) -> String {
    let mut text = String::new();
    for (name, value) in record.tags() {
        let _ = writeln!(text, "[{name} {}]", quoted(value));
    }
    if record.tag("FEN").is_none() {
        let fen = to_fen(record.start());
        if fen != START {
            let _ = writeln!(text, "[SetUp \"1\"]\n[FEN {}]", quoted(&fen));
        }
    }
    if !text.is_empty() {
        text.push('\n');
    }
    for line in movetext(record) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// What the walk of the movetext does next.
/// Each node comes with its ply, the root's 0.
enum Visit {
    /// Write the node's move, its NAGs and comments.
    Node(NodeId, u32),
    /// Write the other children of this node's parent (the variations
    /// this node is the main line beside), then go on with its main child.
    After(NodeId, u32),
    /// Open a variation at this node, its first move.
    Open(NodeId, u32),
    /// Close a variation.
    Close,
}

/// The movetext's lines.
fn movetext<P: QpiPosition>(record: &Record<Node<P>>) -> Vec<String> {
    let mut out = Movetext::new();
    let root = NodeId::ROOT;
    for text in &record.notes(root).after {
        out.comment(text);
    }
    for nag in &record.notes(root).nags {
        out.token(&format!("${nag}"));
    }
    // The main child of each node is written, then the other children in
    // parentheses (each with its own main line), then the main child's
    // main line: as python-chess's exporter walks, with a stack.
    let mut stack = Vec::new();
    if let Some(first) = record.main_child(root) {
        stack.push(Visit::After(first, 1));
        stack.push(Visit::Node(first, 1));
    }
    let mut writer = NodeWriter {
        record,
        fullmove: first_fullmove(record),
        start_black: record.start().position.turn().is_second(),
        force_number: true,
        board: Board::default(),
        moves: Vec::new(),
    };
    while let Some(visit) = stack.pop() {
        match visit {
            Visit::Node(id, ply) => writer.write(id, ply, &mut out),
            Visit::After(id, ply) => {
                let parent = record.parent(id).expect("a node written has a parent");
                if let Some(next) = record.main_child(id) {
                    stack.push(Visit::After(next, ply + 1));
                    stack.push(Visit::Node(next, ply + 1));
                }
                let variations: Vec<NodeId> = record.children(parent).skip(1).collect();
                for &variation in variations.iter().rev() {
                    stack.push(Visit::Close);
                    if let Some(next) = record.main_child(variation) {
                        stack.push(Visit::After(next, ply + 1));
                        stack.push(Visit::Node(next, ply + 1));
                    }
                    stack.push(Visit::Open(variation, ply));
                }
            }
            Visit::Open(id, ply) => {
                out.token("(");
                writer.force_number = true;
                writer.write(id, ply, &mut out);
            }
            Visit::Close => {
                out.token(")");
                writer.force_number = true;
            }
        }
    }
    if let Some(ending) = record.ending() {
        out.token(if ["1-0", "0-1", "1/2-1/2", "*"].contains(&ending) {
            ending
        } else {
            "*"
        });
    }
    out.finish()
}

/// What writing a node needs beside it: the record, how moves are
/// numbered, and the buffers it reads into.
struct NodeWriter<'a, P: QpiPosition> {
    record: &'a Record<Node<P>>,
    /// The start's fullmove number.
    fullmove: u32,
    /// Whether black moves first.
    start_black: bool,
    /// Whether the next black move is written with its number.
    force_number: bool,
    board: Board,
    moves: Vec<Move>,
}

impl<P: QpiPosition> NodeWriter<'_, P> {
    /// Writes the node `id`, `ply` plies from the start: its comments
    /// before, its number if due, its move in SAN, its NAGs and its
    /// comments after. A setup, which PGN cannot write after the start
    /// (and no PGN record holds), is written as a null move.
    fn write(&mut self, id: NodeId, ply: u32, out: &mut Movetext) {
        let record = self.record;
        let notes = record.notes(id);
        for text in &notes.before {
            out.comment(text);
            self.force_number = true;
        }
        let parent = record.parent(id).expect("a node written has a parent");
        self.board.read_into(record.node(parent));
        // The moves before this one, counting a first black move as
        // white's too: two a fullmove.
        let before = ply - 1 + u32::from(self.start_black);
        let number = self.fullmove.saturating_add(before / 2);
        if self.board.turn().is_first() {
            out.token(&format!("{number}."));
        } else if self.force_number {
            out.token(&format!("{number}..."));
        }
        self.force_number = false;
        let san = match record.step(id) {
            Step::Move(mv) => {
                self.moves.clear();
                legal_moves(&self.board, &mut self.moves);
                let child = Board::read(record.node(id));
                let mark = if child.in_check(child.turn()) {
                    let mut replies = Vec::new();
                    legal_moves(&child, &mut replies);
                    if replies.is_empty() { "#" } else { "+" }
                } else {
                    ""
                };
                san::write(&self.moves, *mv, mark)
            }
            Step::Start | Step::Null | Step::Setup => "--".to_string(),
        };
        out.token(&san);
        for nag in &notes.nags {
            out.token(&format!("${nag}"));
        }
        for text in &notes.after {
            out.comment(text);
            self.force_number = true;
        }
    }
}

/// Writes the PGN of every record to `out`, a blank line after each game.
///
/// # Errors
///
/// If writing to `out` fails.
pub fn write<'r, P: QpiPosition + 'r>(
    records: impl IntoIterator<Item = &'r Record<Node<P>>>,
    mut out: impl Write,
) -> io::Result<()> {
    for record in records {
        out.write_all(to_pgn(record).as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
