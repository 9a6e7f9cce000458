//! The PGN reader: games one at a time, every move played on the rules,
//! each node added to the game's record (see the [module docs](super)).

use core::marker::PhantomData;

use super::super::board::Board;
use super::super::moves::Move;
use super::super::{Node, START, to_fen};
use super::san::{self, Miss, Resolved};
use super::syntax::{Token, is_space, read_tag};
use games_core::QpiPosition;
use games_record::{
    Limits, Mark, NodeId, Problem, Record, RecordError, Source, Step, excerpt, text_of,
};

/// How a reader keeps each node: the node itself.
pub type KeepNode<P> = fn(&Step<Move>, &Node<P>) -> Node<P>;

/// The games of a PGN file, one at a time: each the game's record, or the
/// error that makes it a bad game (after which the reader goes on from
/// the next game). Made by [`read`] and [`read_keeping`].
pub struct Games<'a, P, K, F> {
    pub(super) source: Source<'a>,
    pub(super) limits: Limits,
    pub(super) keep: F,
    /// The games begun so far: the number of the one being read.
    pub(super) game: usize,
    /// Whether the reader stopped inside a comment.
    pub(super) in_comment: bool,
    /// The legal moves of `board`, read from the node `cached`.
    pub(super) cached: Option<NodeId>,
    pub(super) board: Board,
    pub(super) moves: Vec<Move>,
    pub(super) kept: PhantomData<fn(P) -> K>,
}

impl<P, K, F> core::fmt::Debug for Games<'_, P, K, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Games")
            .field("game", &self.game)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// The games of the PGN text `bytes`, every node keeping its
/// [`Node`] over the position crate `P`, within `limits`.
///
/// ```
/// use games_chess::pgn;
/// use games_record::{Limits, NodeId};
/// use games_core::Persistent;
///
/// let text = b"[White \"Morphy\"]\n\n1. e4 e5 (1... c5 {Sicilian}) 2. Nf3 $1 *\n";
/// let games: Vec<_> = pgn::read::<Persistent>(text, Limits::default())
///     .collect::<Result<_, _>>()?;
/// let record = &games[0];
/// assert_eq!(record.tag("White"), Some("Morphy"));
/// assert_eq!(record.len(), 5);
/// assert_eq!(record.main_line().count(), 4);
/// assert_eq!(record.ending(), Some("*"));
/// # Ok::<(), games_record::RecordError>(())
/// ```
#[must_use]
pub fn read<P: QpiPosition>(bytes: &[u8], limits: Limits) -> Games<'_, P, Node<P>, KeepNode<P>> {
    read_keeping(bytes, limits, |_, node| node.clone())
}

/// The games of the PGN text `bytes`, read over nodes of the position
/// crate `P` within `limits`, every node keeping what `keep` makes of it
/// and of the step that reached it.
pub fn read_keeping<P, K, F>(bytes: &[u8], limits: Limits, keep: F) -> Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    Games {
        source: Source::new(bytes, &limits),
        limits,
        keep,
        game: 0,
        in_comment: false,
        cached: None,
        board: Board::default(),
        moves: Vec::new(),
        kept: PhantomData,
    }
}

impl<P, K, F> Iterator for Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    type Item = Result<Record<Node<P>, K>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !self.skip_to_game() {
            return None;
        }
        self.game += 1;
        self.cached = None;
        self.in_comment = false;
        let mut stage = Stage::Tags;
        let result = self.read_game(&mut stage);
        if result.is_err() {
            self.skip_rest_of_game(stage);
        }
        Some(result)
    }
}

/// Where in a game the reader was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Tags,
    Movetext,
}

/// One line of play being read: the main line, or a variation.
struct Line<P> {
    /// The node the next move is played from, and its id.
    last: (NodeId, Node<P>),
    /// The parent of `last`: where a variation opened now branches from.
    before_last: Option<(NodeId, Node<P>)>,
    /// The node the line branches from (for the main line, the root).
    branch: NodeId,
    /// Where the line opened.
    opened: Mark,
    /// Whether a move has been read in the line.
    moved: bool,
}

/// The standard aliases of chess, as python-chess names them for the
/// `Variant` tag, lowercased.
const STANDARD_VARIANTS: [&str; 6] = [
    "standard",
    "chess",
    "classical",
    "normal",
    "illegal",
    "from position",
];

/// A node's position in errors: FEN's first four fields (the reader keeps
/// no clocks).
fn position_text<P: QpiPosition>(node: &Node<P>) -> String {
    let fen = to_fen(node);
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

impl<P, K, F> Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    pub(super) fn error(&self, mark: Mark, problem: Problem) -> RecordError {
        self.source.error_at(self.game, mark, problem)
    }

    /// Skips what comes before a game (blank lines, `%` escape lines and
    /// `;` comment lines, as python-chess does): whether a game follows.
    fn skip_to_game(&mut self) -> bool {
        loop {
            if self.source.at_end() {
                return false;
            }
            if !self.source.at_line_start() {
                self.source.skip_line();
                continue;
            }
            let line = self.source.rest_of_line();
            if self.source.rest_of_line_is_blank()
                || line.starts_with(b"%")
                || line.starts_with(b";")
            {
                self.source.skip_line();
                continue;
            }
            return true;
        }
    }

    /// After a bad game, skips to the end of it: the rest of its tags if
    /// it failed there, then its movetext up to a blank line outside a
    /// comment, as python-chess skips a game.
    fn skip_rest_of_game(&mut self, stage: Stage) {
        if stage == Stage::Tags {
            if !self.source.at_line_start() {
                self.source.skip_line();
            }
            self.skip_tag_lines();
        }
        let mut in_comment = self.in_comment;
        while !self.source.at_end() {
            if self.source.at_line_start() && !in_comment {
                if self.source.rest_of_line_is_blank() {
                    self.source.skip_line();
                    return;
                }
                if self.source.peek() == Some(b'%') {
                    self.source.skip_line();
                    continue;
                }
            }
            match self.source.bump() {
                Some(b'{') => in_comment = true,
                Some(b'}') => in_comment = false,
                Some(b';') if !in_comment => self.source.skip_line(),
                _ => {}
            }
        }
    }

    /// Skips tag lines, and the lines the tag section allows between them.
    fn skip_tag_lines(&mut self) {
        let mut blank_lines = 0;
        while !self.source.at_end() {
            let line = self.source.rest_of_line();
            if line.starts_with(b"%") || line.starts_with(b";") {
                self.source.skip_line();
            } else if blank_lines < 1 && self.source.rest_of_line_is_blank() {
                blank_lines += 1;
                self.source.skip_line();
            } else if line.starts_with(b"[") {
                blank_lines = 0;
                self.source.skip_line();
            } else {
                return;
            }
        }
    }

    fn read_game(&mut self, stage: &mut Stage) -> Result<Record<Node<P>, K>, RecordError> {
        let (tags, fen) = self.read_tags()?;
        *stage = Stage::Movetext;
        let start_mark = self.source.mark();
        let (fen_text, fen_mark) = fen.unwrap_or_else(|| (START.to_string(), start_mark));
        let start = self.start(&fen_text, fen_mark)?;
        if let Some((_, variant)) = tags.iter().find(|(name, _)| name == "Variant")
            && !STANDARD_VARIANTS.contains(&variant.to_lowercase().as_str())
        {
            return Err(self.error(
                start_mark,
                Problem::Unsupported {
                    what: format!("the chess variant {:?}", excerpt(variant)),
                },
            ));
        }
        let kept = (self.keep)(&Step::Start, &start);
        let mut record = Record::with_node_limit(kept, self.limits.nodes);
        for (name, value) in &tags {
            record.set_tag(name, value);
        }
        self.read_movetext(&mut record, start)?;
        record.shrink_to_fit();
        Ok(record)
    }

    /// The start position: the `FEN` tag's, else chess's own.
    fn start(&self, fen: &str, mark: Mark) -> Result<Node<P>, RecordError> {
        let bad = |reason: String| {
            self.error(
                mark,
                Problem::BadPosition {
                    text: excerpt(fen),
                    reason,
                },
            )
        };
        // FEN only: the rules' door also reads FEEN, which no PGN holds.
        let turn = fen.split_ascii_whitespace().nth(1);
        if !matches!(turn, Some("w" | "b")) {
            return Err(bad(
                "no FEN: its second field is neither w nor b".to_string()
            ));
        }
        super::super::load::<P>(fen).map_err(|error| bad(error.to_string()))
    }

    /// Reads the tag section: the tags, and the `FEN` tag's value with
    /// where it stands.
    #[allow(clippy::type_complexity)]
    fn read_tags(
        &mut self,
    ) -> Result<(Vec<(String, String)>, Option<(String, Mark)>), RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut fen = None;
        let mut blank_lines = 0;
        while !self.source.at_end() {
            self.source.check(self.game)?;
            let line = self.source.rest_of_line();
            if line.starts_with(b"%") || line.starts_with(b";") {
                self.source.skip_line();
                continue;
            }
            if blank_lines < 1 && self.source.rest_of_line_is_blank() {
                blank_lines += 1;
                self.source.skip_line();
                continue;
            }
            if !line.starts_with(b"[") {
                break;
            }
            blank_lines = 0;
            let mark = self.source.mark();
            let (name, value) = read_tag(line).map_err(|reason| {
                self.error(
                    mark,
                    Problem::BadTag {
                        text: excerpt(&text_of(line)),
                        reason: reason.to_string(),
                    },
                )
            })?;
            if name == "FEN" {
                fen = Some((value.clone(), mark));
            }
            let count = tags.len();
            match tags.iter_mut().find(|(held, _)| *held == name) {
                Some((_, held)) => *held = value,
                None if count >= self.limits.tags => {
                    return Err(self.error(
                        mark,
                        Problem::TooManyTags {
                            limit: self.limits.tags,
                        },
                    ));
                }
                None => tags.push((name, value)),
            }
            self.source.skip_line();
        }
        Ok((tags, fen))
    }

    /// Reads the movetext into `record`, from its root `start`, up to a
    /// blank line outside a comment or the end of the file.
    fn read_movetext(
        &mut self,
        record: &mut Record<Node<P>, K>,
        start: Node<P>,
    ) -> Result<(), RecordError> {
        let mut lines = vec![Line {
            last: (NodeId::ROOT, start),
            before_last: None,
            branch: NodeId::ROOT,
            opened: self.source.mark(),
            moved: false,
        }];
        let mut before: Vec<String> = Vec::new();
        let mut ended = false;
        loop {
            self.source.check(self.game)?;
            if self.source.at_line_start() {
                if self.source.at_end() {
                    break;
                }
                // The blank line is left for the next game to skip: a
                // game found bad here is then skipped to it, not past it.
                if self.source.rest_of_line_is_blank() {
                    break;
                }
                if self.source.peek() == Some(b'%') {
                    self.source.skip_line();
                    continue;
                }
            }
            let Some(byte) = self.source.peek() else {
                break;
            };
            let mark = self.source.mark();
            if is_space(byte) {
                self.source.bump();
                continue;
            }
            let depth = lines.len();
            let top = depth - 1;
            match byte {
                b'{' | b';' => {
                    let comment = if byte == b'{' {
                        self.read_comment(mark)?
                    } else {
                        self.read_line_comment()
                    };
                    if lines[top].moved {
                        record.notes_mut(lines[top].last.0).after.push(comment);
                    } else if depth == 1 {
                        record.notes_mut(NodeId::ROOT).after.push(comment);
                    } else {
                        before.push(comment);
                    }
                }
                b'$' | b'!' | b'?' => {
                    let nag = self.read_nag(mark)?;
                    record.notes_mut(lines[top].last.0).nags.push(nag);
                }
                b'(' if !ended => {
                    self.source.bump();
                    let line = self.open_variation(&lines, mark)?;
                    lines.push(line);
                }
                b')' if !ended => {
                    self.source.bump();
                    if depth == 1 {
                        return Err(self.error(mark, Problem::UnopenedVariation));
                    }
                    let closed = lines.pop().expect("a variation is open");
                    // A comment that opened a variation of no move is said
                    // of the node it branched from, as it is written there.
                    record.notes_mut(closed.branch).after.append(&mut before);
                }
                _ => match self.read_token(mark, depth, ended)? {
                    Token::Result(result) => {
                        record.set_ending(Some(result.to_string()));
                        ended = true;
                    }
                    Token::MoveNumber => {}
                    Token::Move(text, san) => {
                        let line = &mut lines[top];
                        self.play(record, line, mark, &text, san)?;
                        if !before.is_empty() {
                            record.notes_mut(line.last.0).before.append(&mut before);
                        }
                    }
                },
            }
        }
        if lines.len() > 1 {
            let opened = lines.last().map_or(self.source.mark(), |line| line.opened);
            return Err(self.error(opened, Problem::UnclosedVariation));
        }
        if !before.is_empty() {
            record.notes_mut(lines[0].last.0).after.append(&mut before);
        }
        Ok(())
    }

    /// A variation opened at `mark` in the innermost of `lines`: an
    /// alternative to its last move, from the node before it.
    fn open_variation(&self, lines: &[Line<P>], mark: Mark) -> Result<Line<P>, RecordError> {
        if lines.len() > self.limits.depth {
            return Err(self.error(
                mark,
                Problem::TooDeep {
                    limit: self.limits.depth,
                },
            ));
        }
        let innermost = lines.last().expect("the main line is never closed");
        let Some(branch) = innermost.before_last.clone() else {
            return Err(self.error(mark, Problem::VariationWithoutMove));
        };
        Ok(Line {
            branch: branch.0,
            last: branch,
            before_last: None,
            opened: mark,
            moved: false,
        })
    }

    /// Plays the move `san` (written `text`) from the line's last node.
    fn play(
        &mut self,
        record: &mut Record<Node<P>, K>,
        line: &mut Line<P>,
        mark: Mark,
        text: &str,
        san: san::San,
    ) -> Result<(), RecordError> {
        let (parent_id, parent) = (line.last.0, &line.last.1);
        if self.cached != Some(parent_id) {
            self.board.read_into(parent);
            self.moves.clear();
            super::super::legal_moves(&self.board, &mut self.moves);
            self.cached = Some(parent_id);
        }
        let illegal = || Problem::IllegalMove {
            text: text.to_string(),
            position: position_text(parent),
        };
        let (step, child) = match san::resolve(&self.moves, san) {
            Ok(Resolved::Move(mv)) => (
                Step::Move(mv),
                games_core::Node::play(parent, &self.board, mv),
            ),
            Ok(Resolved::Null) => {
                if self.board.in_check(self.board.turn()) {
                    return Err(self.error(mark, illegal()));
                }
                (Step::Null, parent.null_move())
            }
            Err(Miss::Illegal) => return Err(self.error(mark, illegal())),
            Err(Miss::Ambiguous(moves)) => {
                return Err(self.error(
                    mark,
                    Problem::AmbiguousMove {
                        text: text.to_string(),
                        position: position_text(parent),
                        candidates: moves.iter().map(ToString::to_string).collect(),
                    },
                ));
            }
        };
        let kept = (self.keep)(&step, &child);
        let id = record
            .add(parent_id, step, kept)
            .map_err(|limit| self.error(mark, Problem::TooManyNodes { limit: limit.limit }))?;
        let last = core::mem::replace(&mut line.last, (id, child));
        line.before_last = Some(last);
        line.moved = true;
        Ok(())
    }
}
