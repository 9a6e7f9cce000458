//! The CSA reader: games one at a time, every move played on the rules
//! (see the [module docs](super)).

use persistent_qi::Player;

use super::super::KeepNode;
use super::super::games::{Context, Games, Syntax};
use super::super::layout::{HAND_KINDS, Layout, kind_of_csa, sfen_at, square_of};
use super::super::tags;
use super::super::text::{Cursor, Encoding, Line};
use crate::{Kind, Move, Node};
use games_core::QpiPosition;
use games_record::{Limits, NodeId, Problem, Record, RecordError, Step, excerpt};

/// The games of the CSA text `bytes` (UTF-8, or `Shift_JIS` where it is no
/// UTF-8), every node keeping its [`Node`] over the position crate `P`,
/// within `limits`.
///
/// ```
/// use games_record::{Limits, NodeId};
/// use games_shogi::records::csa;
/// use games_core::Persistent;
///
/// let text = "V2.2\nN+Sente\nN-Gote\nPI\n+\n+7776FU\nT3\n-3334FU\n'a comment\n%TORYO\n";
/// let mut games = csa::read::<Persistent>(text.as_bytes(), Limits::default());
/// let record = games.next().unwrap()?;
/// assert_eq!(record.tag("Sente"), Some("Sente"));
/// assert_eq!(record.len(), 3);
/// assert_eq!(record.ending(), Some("%TORYO"));
/// # Ok::<(), games_record::RecordError>(())
/// ```
#[must_use]
pub fn read<P: QpiPosition>(bytes: &[u8], limits: Limits) -> Games<'_, P, Node<P>, KeepNode<P>> {
    read_keeping(bytes, limits, |_, node| node.clone())
}

/// The games of the CSA text `bytes`, read over nodes of the position
/// crate `P` within `limits`, every node keeping what `keep` makes of it
/// and of the step that reached it.
pub fn read_keeping<P, K, F>(bytes: &[u8], limits: Limits, keep: F) -> Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    Games::new(
        bytes,
        Encoding::ShiftJisUnlessUtf8,
        Syntax::Csa,
        game::<P, K, F>,
        limits,
        keep,
    )
}

/// Reads the next game, its first line next; after a bad game, goes on
/// past the next `/`.
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
        layout: Layout::empty(),
        placed: false,
        initial: false,
        tags: Vec::new(),
        comments: Vec::new(),
        record: None,
        ended: false,
    };
    let result = reading.game(cursor);
    if result.is_err() {
        while let Some(line) = cursor.peek(text) {
            cursor.take(text, line);
            if line.text(text).trim() == "/" {
                break;
            }
        }
    }
    result
}

/// The endings CSA names, after `%`.
const ENDINGS: [&str; 16] = [
    "TORYO",
    "CHUDAN",
    "SENNICHITE",
    "TIME_UP",
    "ILLEGAL_MOVE",
    "+ILLEGAL_ACTION",
    "-ILLEGAL_ACTION",
    "JISHOGI",
    "KACHI",
    "HIKIWAKE",
    "MAX_MOVES",
    "TSUMI",
    "FUZUMI",
    "ERROR",
    "MATTA",
    "HIKIWAKE_SENNICHITE",
];

/// How many of each hand kind a set of shogi pieces holds: pawn to rook.
pub(super) const SET: [u32; 7] = [18, 4, 4, 4, 4, 2, 2];

/// The notes' name of a move's time line (`T12`).
pub(crate) const TIME: &str = "T";

/// The notes' name of the time line after the ending.
pub(crate) const ENDING_TIME: &str = "%T";

/// A record begun, its last node's id and the node.
type Begun<P, K> = (Record<Node<P>, K>, NodeId, Node<P>);

/// One game being read.
pub(super) struct Reading<'t, 'r, P: QpiPosition, K, F> {
    pub(super) context: Context<'t, 'r, F>,
    /// The start as its lines lay it out, until the side to move is read.
    pub(super) layout: Layout,
    /// Whether a position line (`PI`, `P1`, `P+`) was read.
    pub(super) placed: bool,
    /// Whether the layout began as `PI`.
    pub(super) initial: bool,
    /// Tags and comments read before the start, for its record.
    pub(super) tags: Vec<(String, String)>,
    pub(super) comments: Vec<String>,
    /// The record, once the side to move is read, with its last node.
    pub(super) record: Option<Begun<P, K>>,
    pub(super) ended: bool,
}

impl<P, K, F> Reading<'_, '_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    /// Reads the game's lines up to its `/` or the end of the text.
    fn game(&mut self, cursor: &mut Cursor) -> Result<Record<Node<P>, K>, RecordError> {
        let mut last = None;
        while let Some(line) =
            cursor.next(self.context.text, self.context.limits, self.context.game)
        {
            let line = line?;
            last = Some(line);
            let content = line.text(self.context.text);
            if content.trim() == "/" {
                break;
            }
            if let Some(comment) = content.strip_prefix('\'') {
                self.comment(line, comment)?;
                continue;
            }
            // Commas join statements on one line.
            let mut offset = 0;
            for statement in content.split(',') {
                let trimmed = statement.trim_end();
                if !trimmed.trim_start().is_empty() {
                    let lead = trimmed.len() - trimmed.trim_start().len();
                    self.statement(line, offset + lead, trimmed.trim_start())?;
                }
                offset += statement.len() + 1;
            }
        }
        if let Some((mut record, _, _)) = self.record.take() {
            record.shrink_to_fit();
            return Ok(record);
        }
        let line = last.unwrap_or(Line {
            number: 1,
            start: 0,
            end: 0,
        });
        Err(self.context.error(
            line,
            line.end - line.start,
            Problem::BadPosition {
                text: String::new(),
                reason: "the game ends before its side to move (`+` or `-`)".to_string(),
            },
        ))
    }

    fn comment(&mut self, line: Line, comment: &str) -> Result<(), RecordError> {
        let comment = self.context.comment(line, 0, comment)?;
        match &mut self.record {
            Some((record, last, _)) => record.notes_mut(*last).after.push(comment),
            None => self.comments.push(comment),
        }
        Ok(())
    }

    fn statement(&mut self, line: Line, offset: usize, statement: &str) -> Result<(), RecordError> {
        let bytes = statement.as_bytes();
        match bytes[0] {
            b'%' => self.ending(line, offset, statement),
            b'T' if self.record.is_some() => {
                let (record, last, _) = self.record.as_mut().expect("checked");
                let name = if self.ended { ENDING_TIME } else { TIME };
                record
                    .notes_mut(*last)
                    .extras
                    .push((name.to_string(), statement[1..].to_string()));
                Ok(())
            }
            _ if self.ended => Err(self.context.unexpected(
                line,
                offset,
                statement,
                "only time lines and comments after the ending",
            )),
            b'+' | b'-' if self.record.is_some() => self.step(line, offset, statement),
            b'+' | b'-' if bytes.len() == 1 => self.start(line, offset, bytes[0]),
            b'V' if self.record.is_none() => self.version(line, offset, statement),
            b'N' if self.record.is_none() && matches!(bytes.get(1), Some(b'+' | b'-')) => {
                self.tag(line, offset, &statement[..2], &statement[2..])
            }
            b'$' if self.record.is_none() => match statement.split_once(':') {
                Some((key, value)) => self.tag(line, offset, key, value),
                None => Err(self.context.error(
                    line,
                    offset,
                    Problem::BadTag {
                        text: excerpt(statement),
                        reason: "a `$` header is `$KEY:value`".to_string(),
                    },
                )),
            },
            b'P' if self.record.is_none() => self.position(line, offset, statement),
            _ => Err(self.context.unexpected(
                line,
                offset,
                statement,
                if self.record.is_none() {
                    "a header (`V`, `N+`, `N-`, `$`), a position line (`PI`, `P1`, `P+`) or the side to move"
                } else {
                    "a move (`+7776FU`), a time line (`T`), an ending (`%TORYO`) or a comment"
                },
            )),
        }
    }

    /// The version line: CSA's own, not the game's, so it is checked and
    /// not kept (the writer writes `V2.2`).
    fn version(&self, line: Line, offset: usize, statement: &str) -> Result<(), RecordError> {
        let number = &statement[1..];
        let major = number.split('.').next().unwrap_or("");
        if matches!(major, "1" | "2" | "3")
            && number
                .split('.')
                .all(|part| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
        {
            Ok(())
        } else {
            Err(self
                .context
                .unexpected(line, offset, statement, "a version of CSA, as `V2.2`"))
        }
    }

    fn tag(
        &mut self,
        line: Line,
        offset: usize,
        key: &str,
        value: &str,
    ) -> Result<(), RecordError> {
        self.context
            .tag(&mut self.tags, line, offset, tags::of_csa(key), value)
    }

    /// The side to move: the start is laid out, and its record begins.
    fn start(&mut self, line: Line, offset: usize, sign: u8) -> Result<(), RecordError> {
        if !self.placed {
            return Err(self.context.bad_position(
                line,
                offset,
                "",
                "no position line (`PI`, `P1` to `P9`, `P+`) before the side to move",
            ));
        }
        self.layout.turn = if sign == b'+' {
            Player::First
        } else {
            Player::Second
        };
        let node = self.layout.node::<P>().map_err(|error| {
            self.context
                .bad_position(line, offset, &self.layout.sfen(), &error.to_string())
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
        self.record = Some((record, NodeId::ROOT, node));
        Ok(())
    }

    /// A move, `+7776FU`: its side, origin (`00` for a drop), target and
    /// the kind that stands there after it.
    fn step(&mut self, line: Line, offset: usize, statement: &str) -> Result<(), RecordError> {
        let bad = || Problem::BadMove {
            text: excerpt(statement),
        };
        let bytes = statement.as_bytes();
        let &[sign, from_file, from_rank, to_file, to_rank, a, b] = bytes else {
            return Err(self.context.error(line, offset, bad()));
        };
        let digit = |byte: u8| byte.is_ascii_digit().then(|| byte - b'0');
        let kind = kind_of_csa(core::str::from_utf8(&[a, b]).unwrap_or(""));
        let (Some(from_file), Some(from_rank), Some(to_file), Some(to_rank), Some(kind)) = (
            digit(from_file),
            digit(from_rank),
            digit(to_file),
            digit(to_rank),
            kind,
        ) else {
            return Err(self.context.error(line, offset, bad()));
        };
        let from = if (from_file, from_rank) == (0, 0) {
            None
        } else {
            Some(
                square_of(from_file, from_rank)
                    .ok_or_else(|| self.context.error(line, offset, bad()))?,
            )
        };
        let to =
            square_of(to_file, to_rank).ok_or_else(|| self.context.error(line, offset, bad()))?;
        let (record, last, node) = self.record.as_mut().expect("a move after the start");
        let mover = if sign == b'+' {
            Player::First
        } else {
            Player::Second
        };
        let found = (node.position.turn() == mover)
            .then(|| {
                self.context.played.find(node, |mv| {
                    mv.from.map(usize::from) == from
                        && usize::from(mv.to) == to
                        && Kind::of_pin(mv.piece.pin()) == Some(kind)
                })
            })
            .flatten();
        let Some(mv) = found else {
            let position = sfen_at(node, record.ply(*last));
            return Err(line.error(
                self.context.text,
                self.context.game,
                offset,
                Problem::IllegalMove {
                    text: statement.to_string(),
                    position,
                },
            ));
        };
        let child = self.context.played.play(node, mv);
        let step = Step::Move(mv);
        let kept = (self.context.keep)(&step, &child);
        let id = record.add(*last, step, kept).map_err(|limit| {
            line.error(
                self.context.text,
                self.context.game,
                offset,
                Problem::TooManyNodes { limit: limit.limit },
            )
        })?;
        *last = id;
        *node = child;
        Ok(())
    }

    fn ending(&mut self, line: Line, offset: usize, statement: &str) -> Result<(), RecordError> {
        if !ENDINGS.contains(&&statement[1..]) {
            return Err(self.context.unexpected(
                line,
                offset,
                statement,
                "an ending CSA names, as `%TORYO`",
            ));
        }
        let Some((record, _, _)) = self.record.as_mut() else {
            return Err(self.context.unexpected(
                line,
                offset,
                statement,
                "the side to move before the ending",
            ));
        };
        if self.ended {
            return Err(self
                .context
                .unexpected(line, offset, statement, "one ending"));
        }
        record.set_ending(Some(statement.to_string()));
        self.ended = true;
        Ok(())
    }
}

/// The `00` and `SET` constants agree with the hand order.
const _: () = assert!(SET.len() == HAND_KINDS.len());
