//! KIF, the format shogi players save (Kifu for Windows' and most
//! programs'): games read into [`Record`]s of shogi nodes, variations
//! included.
//!
//! # What is read
//!
//! A file is lines, `Shift_JIS` as most programs write a `.kif` file (or
//! UTF-8, where the file starts with a byte order mark or is UTF-8
//! throughout), UTF-8 in a `.kifu` file ([`Encoding`]):
//!
//! - header lines `key：value` (a full-width colon) before the moves: the
//!   tags, `先手`/`下手` as `Sente`, `後手`/`上手` as `Gote`, `開始日時` as
//!   `StartTime`, `終了日時`, `棋戦`, `場所`, `持ち時間`, `戦型` likewise,
//!   every other under its own key; `手合割` names the start: `平手`, or a
//!   handicap (`香落ち`, `右香落ち`, `角落ち`, `飛車落ち`, `飛香落ち`,
//!   `二枚落ち`, `三枚落ち`, `四枚落ち`, `五枚落ち`, `左五枚落ち`,
//!   `六枚落ち`, `八枚落ち`, `十枚落ち`), the second player (上手) to move;
//! - a board diagram, which gives the start whatever `手合割` says: the
//!   hands (`後手の持駒：飛　歩三`, `上手の持駒`, `先手の持駒`,
//!   `下手の持駒`), nine rows `|v香v桂 ・...|一` and the side to move
//!   (`後手番` or `上手番`; the first player otherwise);
//! - move lines, a number then the move: the target (`７六`, or `同` for
//!   the last move's), the piece (`歩`, `成銀`, `王` or `玉`, `竜` or
//!   `龍`), `成`, `不成` or `打`, and the origin in ASCII digits (`(77)`)
//!   unless it drops; then its time `( 0:01/00:00:01)`, the node's extra
//!   `time` as written, and a `+` marking a move with variations; the
//!   move must be legal, the piece the one on its origin;
//! - an ending as a move line (`投了`, `中断`, `千日手`, `詰み`, `持将棋`,
//!   `切れ負け`, `反則勝ち`, `反則負け`, `入玉勝ち`, `入玉宣言`, `不戦勝`,
//!   `不戦敗`, `不詰`): the record's ending on the main line, the extra
//!   `ending` of the line's last node in a variation;
//! - `変化：N手`: the moves after it are a variation, an alternative to
//!   move N of the line read last (KIF lists a line's variations after
//!   it, the latest branch first, each followed by its own);
//! - `*` comments (said of the last move, or of the start before the
//!   first), `&` bookmarks (the extra `bookmark`), and the lines that say
//!   nothing of the game: `#` lines, `手数----指手--` and `まで64手で先手の勝ち`.
//!
//! A header line after moves begins the next game: a file may hold many.
//!
//! # What is refused
//!
//! A game is bad ([`RecordError`]) at a line that is none of the above, an
//! illegal move (the error holds the position it was tried in, in SFEN),
//! a `同` with no move before, an unknown handicap, a diagram the rules
//! refuse, a variation from past the end of the line before it, and past
//! the [`Limits`]. The reader then goes on at the
//! next game's header.

mod lines;
mod notation;

use persistent_qi::Player;

use self::lines::{LineKind, kind_of_line};
pub use super::Games;
use super::KeepNode;
use super::games::{Context, Syntax};
use super::layout::{HANDICAPS, Layout, sfen_at, square_of, ten_pieces};
use super::tags;
pub use super::text::Encoding;
use super::text::{Cursor, Line};
use crate::{Kind, Move, Node};
use games_core::QpiPosition;
use games_record::{Limits, NodeId, Problem, Record, RecordError, Step, excerpt};
use notation::{diagram_row, file_digit, hand, piece, rank_digit};

/// The notes' name of a move's time (`0:01/00:00:01`).
pub const TIME: &str = "time";
/// The notes' name of a bookmark (`&`).
pub const BOOKMARK: &str = "bookmark";
/// The notes' name of a variation's ending.
pub const ENDING: &str = "ending";

/// The endings KIF writes as a move line.
const ENDINGS: [&str; 13] = [
    "投了",
    "中断",
    "千日手",
    "詰み",
    "持将棋",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    "入玉宣言",
    "不戦勝",
    "不戦敗",
    "不詰",
];

/// The games of the KIF text `bytes` in `encoding`, every node keeping its
/// [`Node`] over the position crate `P`, within `limits`.
///
/// ```
/// use games_record::Limits;
/// use games_shogi::records::kif::{self, Encoding};
/// use games_core::Persistent;
///
/// let text = "手合割：平手\n先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 ３四歩(33)   ( 0:02/00:00:02)\n   3 投了\n";
/// let record = kif::read::<Persistent>(text.as_bytes(), Encoding::Utf8, Limits::default())
///     .next()
///     .unwrap()?;
/// assert_eq!(record.tag("Sente"), Some("A"));
/// assert_eq!(record.len(), 3);
/// assert_eq!(record.ending(), Some("投了"));
/// # Ok::<(), games_record::RecordError>(())
/// ```
#[must_use]
pub fn read<P: QpiPosition>(
    bytes: &[u8],
    encoding: Encoding,
    limits: Limits,
) -> Games<'_, P, Node<P>, KeepNode<P>> {
    read_keeping(bytes, encoding, limits, |_, node| node.clone())
}

/// The games of the KIF text `bytes` in `encoding`, read over nodes of the
/// position crate `P` within `limits`, every node keeping what `keep`
/// makes of it and of the step that reached it.
pub fn read_keeping<P, K, F>(
    bytes: &[u8],
    encoding: Encoding,
    limits: Limits,
    keep: F,
) -> Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    Games::new(bytes, encoding, Syntax::Kif, game::<P, K, F>, limits, keep)
}

/// Reads the next game, its first line next; after a bad game, goes on
/// at the next game's header.
fn game<P, K, F>(
    context: Context<'_, '_, F>,
    cursor: &mut Cursor,
) -> Result<Record<Node<P>, K>, RecordError>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    let text = context.text;
    let mut reading = Reading {
        context,
        layout: None,
        handicap: None,
        diagram_rows: 0,
        tags: Vec::new(),
        comments: Vec::new(),
        record: None,
        path: Vec::new(),
        varied: false,
        moved: false,
    };
    let result = reading.game(cursor);
    if result.is_err() {
        let mut moved = reading.moved;
        while let Some(line) = cursor.peek(text) {
            match kind_of_line(line.text(text)) {
                LineKind::Header if moved => break,
                LineKind::Move | LineKind::Variation => moved = true,
                _ => {}
            }
            cursor.take(text, line);
        }
    }
    result
}

/// One game being read.
struct Reading<'t, 'r, P: QpiPosition, K, F> {
    context: Context<'t, 'r, F>,
    /// The start a diagram lays out, as far as read.
    layout: Option<Layout>,
    /// The start `手合割` names.
    handicap: Option<Layout>,
    /// The diagram's rows read.
    diagram_rows: usize,
    tags: Vec<(String, String)>,
    comments: Vec<String>,
    record: Option<Record<Node<P>, K>>,
    /// The line read last, from the root: each node's id and node, by ply.
    path: Vec<(NodeId, Node<P>)>,
    /// Whether a variation was opened: an ending is then the line's.
    varied: bool,
    /// Whether a move, an ending or a variation was read.
    moved: bool,
}

impl<P, K, F> Reading<'_, '_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    fn game(&mut self, cursor: &mut Cursor) -> Result<Record<Node<P>, K>, RecordError> {
        let mut last = Line {
            number: 1,
            start: 0,
            end: 0,
        };
        while let Some(line) = cursor.peek(self.context.text) {
            let content = line.text(self.context.text);
            let kind = kind_of_line(content);
            if kind == LineKind::Header && self.moved {
                break;
            }
            let line = cursor
                .next(self.context.text, self.context.limits, self.context.game)
                .expect("peeked")?;
            last = line;
            let lead = content.len() - content.trim_start_matches([' ', '　', '\t']).len();
            let body = content[lead..].trim_end();
            match kind {
                LineKind::Blank | LineKind::Ignored => {}
                LineKind::Comment => self.comment(line, lead, &body[1..])?,
                LineKind::Bookmark => {
                    let id = self.last_node(line)?;
                    self.record_mut()
                        .notes_mut(id)
                        .extras
                        .push((BOOKMARK.to_string(), body[1..].to_string()));
                }
                LineKind::Variation => self.variation(line, lead, body)?,
                LineKind::Header => self.header(line, lead, body)?,
                LineKind::Move => self.move_line(line, lead, body)?,
            }
        }
        self.begin(last)?;
        let mut record = self.record.take().expect("begun");
        record.shrink_to_fit();
        Ok(record)
    }

    fn record_mut(&mut self) -> &mut Record<Node<P>, K> {
        self.record.as_mut().expect("begun")
    }

    /// The last node read, the record begun if it was not.
    fn last_node(&mut self, line: Line) -> Result<NodeId, RecordError> {
        self.begin(line)?;
        Ok(self.path.last().expect("the root").0)
    }

    fn comment(&mut self, line: Line, offset: usize, comment: &str) -> Result<(), RecordError> {
        let comment = self.context.comment(line, offset, comment)?;
        match self.path.last() {
            Some(&(id, _)) => self.record_mut().notes_mut(id).after.push(comment),
            None => self.comments.push(comment),
        }
        Ok(())
    }

    /// A header line, or a line of a board diagram.
    fn header(&mut self, line: Line, offset: usize, body: &str) -> Result<(), RecordError> {
        if body.starts_with('|') {
            let row = diagram_row(body).ok_or_else(|| {
                self.context.bad_position(
                    line,
                    offset,
                    body,
                    "a diagram's row is `|` then nine cells as `v香` or ` ・`",
                )
            })?;
            if self.diagram_rows >= 9 {
                return Err(self.context.bad_position(
                    line,
                    offset,
                    body,
                    "a diagram has nine rows",
                ));
            }
            let layout = self.layout.get_or_insert_with(Layout::empty);
            layout.squares[self.diagram_rows * 9..self.diagram_rows * 9 + 9].copy_from_slice(&row);
            self.diagram_rows += 1;
            return Ok(());
        }
        if body.starts_with('+') || body.trim_start().starts_with('９') {
            // The diagram's frame and its files.
            return Ok(());
        }
        if matches!(body, "後手番" | "上手番" | "先手番" | "下手番") {
            let second = matches!(body, "後手番" | "上手番");
            self.layout.get_or_insert_with(Layout::empty).turn = if second {
                Player::Second
            } else {
                Player::First
            };
            return Ok(());
        }
        let Some((key, value)) = body.split_once('：') else {
            return Err(self.context.unexpected(
                line,
                offset,
                body,
                "a header `key：value`, a move line, a comment or a variation",
            ));
        };
        let value = value.trim_end_matches('　');
        match key {
            "先手の持駒" | "下手の持駒" | "後手の持駒" | "上手の持駒" => {
                let counts = hand(value).ok_or_else(|| {
                    self.context.bad_position(
                        line,
                        offset,
                        body,
                        "a hand is pieces and their counts in kanji, as `飛　歩三`, or `なし`",
                    )
                })?;
                let slot = usize::from(matches!(key, "後手の持駒" | "上手の持駒"));
                self.layout.get_or_insert_with(Layout::empty).hands[slot] = counts;
                return Ok(());
            }
            "手合割" => {
                let layout = match value {
                    "平手" => Some(Layout::start()),
                    "十枚落ち" => Some(ten_pieces()),
                    "その他" => None,
                    _ => Some(
                        HANDICAPS
                            .iter()
                            .find(|handicap| handicap.name == value)
                            .ok_or_else(|| {
                                self.context.error(
                                    line,
                                    offset,
                                    Problem::BadTag {
                                        text: excerpt(body),
                                        reason: "no handicap KIF names".to_string(),
                                    },
                                )
                            })?
                            .layout(),
                    ),
                };
                self.handicap = layout;
            }
            _ => {}
        }
        self.context
            .tag(&mut self.tags, line, offset, tags::of_kif(key), value)
    }

    /// Begins the record at its start, if it has not begun.
    fn begin(&mut self, line: Line) -> Result<(), RecordError> {
        if self.record.is_some() {
            return Ok(());
        }
        let layout = match self.layout.take() {
            Some(layout) if self.diagram_rows == 9 => layout,
            Some(_) => {
                return Err(self.context.bad_position(
                    line,
                    0,
                    "",
                    "a diagram of fewer than nine rows",
                ));
            }
            None => self.handicap.take().unwrap_or_else(Layout::start),
        };
        let node = layout.node::<P>().map_err(|error| {
            self.context
                .bad_position(line, 0, &layout.sfen(), &error.to_string())
        })?;
        let mut record = Record::with_node_limit(
            (self.context.keep)(&Step::Start, &node),
            self.context.limits.nodes,
        );
        for (name, value) in self.tags.drain(..) {
            record.set_tag(&name, &value);
        }
        if !self.comments.is_empty() {
            record.notes_mut(NodeId::ROOT).after = core::mem::take(&mut self.comments);
        }
        self.record = Some(record);
        self.path.push((NodeId::ROOT, node));
        Ok(())
    }

    fn variation(&mut self, line: Line, offset: usize, body: &str) -> Result<(), RecordError> {
        self.begin(line)?;
        self.moved = true;
        self.varied = true;
        let number = body["変化：".len()..].trim_end_matches('手').trim();
        let ply: usize = number.parse().map_err(|_| {
            self.context
                .unexpected(line, offset, body, "a variation `変化：N手`")
        })?;
        if ply == 0 || ply >= self.path.len() {
            return Err(self.context.unexpected(
                line,
                offset,
                body,
                "a variation from a move of the line before it",
            ));
        }
        self.path.truncate(ply);
        Ok(())
    }

    fn move_line(&mut self, line: Line, offset: usize, body: &str) -> Result<(), RecordError> {
        self.begin(line)?;
        self.moved = true;
        let digits = body.bytes().take_while(u8::is_ascii_digit).count();
        let rest = body[digits..].trim_start_matches([' ', '　', '\t']);
        let at = offset + body.len() - rest.len();
        if let Some(ending) = ENDINGS.iter().find(|ending| rest.starts_with(**ending)) {
            let time = self.time(line, at + ending.len(), &rest[ending.len()..])?;
            let &(id, _) = self.path.last().expect("the root");
            let varied = self.varied;
            let record = self.record_mut();
            if varied {
                record
                    .notes_mut(id)
                    .extras
                    .push((ENDING.to_string(), (*ending).to_string()));
            } else {
                record.set_ending(Some((*ending).to_string()));
            }
            if let Some(time) = time {
                record.notes_mut(id).extras.push((TIME.to_string(), time));
            }
            return Ok(());
        }
        let (mv, length) = self.resolve(line, at, rest)?;
        let time = self.time(line, at + length, &rest[length..])?;
        let (parent, node) = self.path.last().expect("the root");
        let (parent, child) = (*parent, self.context.played.play(node, mv));
        let step = Step::Move(mv);
        let kept = (self.context.keep)(&step, &child);
        let id = self
            .record
            .as_mut()
            .expect("begun")
            .add(parent, step, kept)
            .map_err(|limit| {
                line.error(
                    self.context.text,
                    self.context.game,
                    at,
                    Problem::TooManyNodes { limit: limit.limit },
                )
            })?;
        if let Some(time) = time {
            self.record_mut()
                .notes_mut(id)
                .extras
                .push((TIME.to_string(), time));
        }
        self.path.push((id, child));
        Ok(())
    }

    /// What follows a move: its time in parentheses, and a `+` (the move
    /// has variations), or nothing.
    fn time(&self, line: Line, at: usize, rest: &str) -> Result<Option<String>, RecordError> {
        let rest = rest.trim_matches([' ', '　', '\t']);
        let rest = rest.strip_suffix('+').unwrap_or(rest).trim_end();
        if rest.is_empty() {
            return Ok(None);
        }
        match rest
            .strip_prefix('(')
            .and_then(|rest| rest.strip_suffix(')'))
        {
            Some(time) if !time.contains(['(', ')']) => Ok(Some(time.trim().to_string())),
            _ => {
                Err(self
                    .context
                    .unexpected(line, at, rest, "a move's time, as `( 0:01/00:00:01)`"))
            }
        }
    }

    /// The legal move a move's text names, and the bytes the text takes.
    fn resolve(&mut self, line: Line, at: usize, text: &str) -> Result<(Move, usize), RecordError> {
        let bad = |reading: &Self| {
            reading.context.error(
                line,
                at,
                Problem::BadMove {
                    text: excerpt(text),
                },
            )
        };
        let mut rest = text;
        let to = if let Some(after) = rest.strip_prefix('同') {
            rest = after.trim_start_matches(['　', ' ']);
            let &(id, _) = self.path.last().expect("the root");
            let record = self.record.as_ref().expect("begun");
            match record.step(id) {
                Step::Move(mv) => usize::from(mv.to),
                _ => {
                    return Err(self.context.unexpected(
                        line,
                        at,
                        text,
                        "a move to a square: `同` follows no move",
                    ));
                }
            }
        } else {
            let mut chars = rest.chars();
            let file = chars.next().and_then(file_digit);
            let rank = chars.next().and_then(rank_digit);
            let (Some(file), Some(rank)) = (file, rank) else {
                return Err(bad(self));
            };
            rest = chars.as_str();
            square_of(file, rank).ok_or_else(|| bad(self))?
        };
        let (kind, length) = piece(rest).ok_or_else(|| bad(self))?;
        rest = &rest[length..];
        let (promotion, drop) = if let Some(after) = rest
            .strip_prefix("不成")
            .or_else(|| rest.strip_prefix('生'))
        {
            rest = after;
            (false, false)
        } else if let Some(after) = rest.strip_prefix('成') {
            rest = after;
            (true, false)
        } else if let Some(after) = rest.strip_prefix('打') {
            rest = after;
            (false, true)
        } else {
            (false, false)
        };
        let mut from = None;
        if let Some(after) = rest.strip_prefix('(') {
            let digits = after.as_bytes();
            if digits.len() < 3
                || digits[2] != b')'
                || !digits[0].is_ascii_digit()
                || !digits[1].is_ascii_digit()
            {
                return Err(bad(self));
            }
            let (file, rank) = (digits[0] - b'0', digits[1] - b'0');
            if (file, rank) != (0, 0) {
                from = Some(square_of(file, rank).ok_or_else(|| bad(self))?);
            }
            rest = &after[3..];
        } else if !drop {
            return Err(bad(self));
        }
        let length = text.len() - rest.len();
        let (_, node) = self.path.last().expect("the root");
        let found = self.context.played.find(node, |mv| {
            usize::from(mv.to) == to
                && mv.from.map(usize::from) == from
                && match mv.from {
                    None => Kind::of_pin(mv.piece.pin()) == Some(kind),
                    Some(_) => {
                        mv.promotion == promotion && Kind::of_pin(mv.mover.pin()) == Some(kind)
                    }
                }
        });
        if let Some(mv) = found {
            return Ok((mv, length));
        }
        let ply = self.path.len() - 1;
        Err(self.context.error(
            line,
            at,
            Problem::IllegalMove {
                text: text[..length].to_string(),
                position: sfen_at(node, ply),
            },
        ))
    }
}
