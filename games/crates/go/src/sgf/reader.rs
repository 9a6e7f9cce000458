//! The SGF reader: each game tree's syntax read, then its nodes played on
//! Go's rules into a record (see the [module docs](super)).

use core::marker::PhantomData;

use persistent_qi::Player;

use super::syntax::{self, SyntaxNode};
use super::{ANNOTATIONS, FILE_PROPERTIES, position_text};
use crate::{BLACK, Board, GoPosition, MAX_SIZE, Node, Point, WHITE, load};
use games_core::Node as _;
use games_record::{Limits, NodeId, Problem, Record, RecordError, Source, Step, excerpt};

/// How a reader keeps each node: the node itself.
pub type KeepNode<P> = fn(&Step<Point>, &Node<P>) -> Node<P>;

/// The game trees of an SGF file, one at a time: each the game's record,
/// or the error that makes it a bad game (after which the reader goes on
/// from the next game tree). Made by [`read`] and [`read_keeping`].
pub struct Games<'a, P, K, F> {
    source: Source<'a>,
    limits: Limits,
    keep: F,
    game: usize,
    board: Board,
    kept: PhantomData<fn(P) -> K>,
}

impl<P, K, F> core::fmt::Debug for Games<'_, P, K, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Games")
            .field("game", &self.game)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// The game trees of the SGF text `bytes`, every node keeping its
/// [`Node`] over the position crate `P`, within `limits`.
///
/// ```
/// use games_go::sgf;
/// use games_record::{Limits, NodeId};
/// use games_core::Persistent;
///
/// let text = b"(;GM[1]FF[4]SZ[9]KM[6.5]PB[Black];B[ee];W[]C[a pass](;B[dd])(;B[cc]))";
/// let record = sgf::read::<Persistent<u8, u8>>(text, Limits::default()).next().unwrap()?;
/// assert_eq!(record.tag("PB"), Some("Black"));
/// assert_eq!(record.tag("KM"), Some("6.5"));
/// assert_eq!(record.len(), 5);
/// assert_eq!(record.main_line().count(), 4);
/// # Ok::<(), games_record::RecordError>(())
/// ```
#[must_use]
pub fn read<P: GoPosition>(bytes: &[u8], limits: Limits) -> Games<'_, P, Node<P>, KeepNode<P>> {
    read_keeping(bytes, limits, |_, node| node.clone())
}

/// The game trees of the SGF text `bytes`, read over nodes of the
/// position crate `P` within `limits`, every node keeping what `keep`
/// makes of it and of the step that reached it.
pub fn read_keeping<P, K, F>(bytes: &[u8], limits: Limits, keep: F) -> Games<'_, P, K, F>
where
    P: GoPosition,
    F: FnMut(&Step<Point>, &Node<P>) -> K,
{
    Games {
        source: Source::new(bytes, &limits),
        limits,
        keep,
        game: 0,
        board: Board::default(),
        kept: PhantomData,
    }
}

impl<P, K, F> Iterator for Games<'_, P, K, F>
where
    P: GoPosition,
    F: FnMut(&Step<Point>, &Node<P>) -> K,
{
    type Item = Result<Record<Node<P>, K>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        if !syntax::skip_to_game(&mut self.source) {
            return None;
        }
        self.game += 1;
        let nodes = match syntax::game_tree(&mut self.source, &self.limits, self.game) {
            Ok(nodes) => nodes,
            Err((error, open)) => {
                syntax::skip_game(&mut self.source, open);
                return Some(Err(error));
            }
        };
        Some(self.build(&nodes))
    }
}

/// The colour of a move or a `PL` value: `B` or `W`, in either case, as
/// sgfmill reads them.
fn player_of(value: &str) -> Option<Player> {
    match value.trim() {
        "B" | "b" => Some(Player::First),
        "W" | "w" => Some(Player::Second),
        _ => None,
    }
}

/// The player whose move a node holds, if it holds one.
fn mover(node: &SyntaxNode) -> Option<Player> {
    if node.values("B").is_some() {
        Some(Player::First)
    } else if node.values("W").is_some() {
        Some(Player::Second)
    } else {
        None
    }
}

/// The stones of a board, by flat index, row-major from the top left.
type Stones = Vec<Option<u8>>;

impl<P, K, F> Games<'_, P, K, F>
where
    P: GoPosition,
    F: FnMut(&Step<Point>, &Node<P>) -> K,
{
    fn error(&self, node: &SyntaxNode, problem: Problem) -> RecordError {
        self.source.error_at(self.game, node.mark, problem)
    }

    /// The game tree's record: its root's position and tags, then every
    /// node played, depth first with a stack of its own.
    fn build(&mut self, nodes: &[SyntaxNode]) -> Result<Record<Node<P>, K>, RecordError> {
        let root = &nodes[0];
        if mover(root).is_some() {
            return Err(self.error(
                root,
                Problem::Unsupported {
                    what: "a move in the root node".to_string(),
                },
            ));
        }
        let (columns, rows) = self.size(root)?;
        let mut stones = vec![None; columns * rows];
        self.set_up(root, columns, rows, &mut stones)?;
        let turn = self.turn(root, nodes, Player::First)?;
        let start = self.load(root, columns, rows, &stones, turn)?;
        let mut record =
            Record::with_node_limit((self.keep)(&Step::Start, &start), self.limits.nodes);
        self.tags(root, &mut record)?;
        Self::notes(root, NodeId::ROOT, &mut record, true);
        // The children of each node wait on the stack, the first on top.
        let mut stack: Vec<(usize, NodeId, Node<P>)> = Vec::new();
        for &child in root.children.iter().rev() {
            stack.push((child, NodeId::ROOT, start.clone()));
        }
        while let Some((index, parent, node)) = stack.pop() {
            let syntax = &nodes[index];
            let (id, child) =
                self.node(syntax, nodes, parent, &node, columns, rows, &mut record)?;
            Self::notes(syntax, id, &mut record, false);
            for &grandchild in syntax.children.iter().rev() {
                stack.push((grandchild, id, child.clone()));
            }
        }
        record.shrink_to_fit();
        Ok(record)
    }

    /// `SZ`: a number, or columns and rows as `19:13`; 19 without it.
    fn size(&self, root: &SyntaxNode) -> Result<(usize, usize), RecordError> {
        let Some(values) = root.values("SZ") else {
            return Ok((MAX_SIZE, MAX_SIZE));
        };
        let text = values[0].trim();
        let bad = |reason: &str| {
            self.error(
                root,
                Problem::BadTag {
                    text: excerpt(&format!("SZ[{text}]")),
                    reason: reason.to_string(),
                },
            )
        };
        let (columns, rows) = match text.split_once(':') {
            Some((columns, rows)) => (columns.trim().parse(), rows.trim().parse()),
            None => (text.parse(), text.parse()),
        };
        let (Ok(columns), Ok(rows)) = (columns, rows) else {
            return Err(bad("a size is a number, or columns:rows"));
        };
        if !(1..=MAX_SIZE).contains(&columns) || !(1..=MAX_SIZE).contains(&rows) {
            return Err(bad("a Go board here has 1 to 19 columns and rows"));
        }
        Ok((columns, rows))
    }

    /// The flat index of a point as SGF writes it (`pd`: column `p`, row
    /// `d` from the top); `None` for the pass (`[]`, and `[tt]` on boards
    /// up to 19x19).
    fn point(
        &self,
        node: &SyntaxNode,
        value: &str,
        columns: usize,
        rows: usize,
    ) -> Result<Option<usize>, RecordError> {
        let bytes = value.trim().as_bytes();
        if bytes.is_empty() || (bytes == b"tt" && columns <= 19 && rows <= 19) {
            return Ok(None);
        }
        let coordinate = |byte: u8| match byte {
            b'a'..=b'z' => Some(usize::from(byte - b'a')),
            b'A'..=b'Z' => Some(usize::from(byte - b'A') + 26),
            _ => None,
        };
        match bytes {
            &[column, row] => match (coordinate(column), coordinate(row)) {
                (Some(column), Some(row)) if column < columns && row < rows => {
                    Ok(Some(row * columns + column))
                }
                _ => Err(self.error(
                    node,
                    Problem::BadMove {
                        text: excerpt(value),
                    },
                )),
            },
            _ => Err(self.error(
                node,
                Problem::BadMove {
                    text: excerpt(value),
                },
            )),
        }
    }

    /// The points a setup's values name: single points and rectangles
    /// (`aa:cc`, the corners in either order).
    fn points(
        &self,
        node: &SyntaxNode,
        values: &[String],
        columns: usize,
        rows: usize,
    ) -> Result<Vec<usize>, RecordError> {
        let mut points = Vec::new();
        for value in values {
            let (first, second) = value.split_once(':').unwrap_or((value, value));
            let (Some(first), Some(second)) = (
                self.point(node, first, columns, rows)?,
                self.point(node, second, columns, rows)?,
            ) else {
                return Err(self.error(
                    node,
                    Problem::BadMove {
                        text: excerpt(value),
                    },
                ));
            };
            let (top, bottom) = (first / columns, second / columns);
            let (left, right) = (first % columns, second % columns);
            for row in top.min(bottom)..=top.max(bottom) {
                for column in left.min(right)..=left.max(right) {
                    points.push(row * columns + column);
                }
            }
        }
        Ok(points)
    }

    /// Applies a node's `AB`, `AW` and `AE` to `stones`.
    fn set_up(
        &self,
        node: &SyntaxNode,
        columns: usize,
        rows: usize,
        stones: &mut Stones,
    ) -> Result<(), RecordError> {
        for (name, stone) in [("AE", None), ("AB", Some(BLACK)), ("AW", Some(WHITE))] {
            if let Some(values) = node.values(name) {
                for point in self.points(node, values, columns, rows)? {
                    stones[point] = stone;
                }
            }
        }
        Ok(())
    }

    /// The side to move at a node that places no move: its `PL`, else the
    /// player of its first child's move, else `otherwise`.
    fn turn(
        &self,
        node: &SyntaxNode,
        nodes: &[SyntaxNode],
        otherwise: Player,
    ) -> Result<Player, RecordError> {
        if let Some([value, ..]) = node.values("PL") {
            return player_of(value).ok_or_else(|| {
                self.error(
                    node,
                    Problem::BadTag {
                        text: excerpt(value),
                        reason: "PL is B or W".to_string(),
                    },
                )
            });
        }
        Ok(node
            .children
            .first()
            .and_then(|&child| mover(&nodes[child]))
            .unwrap_or(otherwise))
    }

    /// The node of a set-up board, through [`load`]'s diagram.
    fn load(
        &self,
        node: &SyntaxNode,
        columns: usize,
        rows: usize,
        stones: &Stones,
        turn: Player,
    ) -> Result<Node<P>, RecordError> {
        let mut diagram = String::with_capacity(stones.len() + rows + 2);
        for row in 0..rows {
            if row > 0 {
                diagram.push('/');
            }
            for stone in &stones[row * columns..(row + 1) * columns] {
                diagram.push(match *stone {
                    Some(BLACK) => 'X',
                    Some(_) => 'O',
                    None => '.',
                });
            }
        }
        diagram += if turn == Player::First { " X" } else { " O" };
        load::<P>(&diagram).map_err(|error| {
            self.error(
                node,
                Problem::BadPosition {
                    text: excerpt(&diagram),
                    reason: error.to_string(),
                },
            )
        })
    }

    /// The root's tags: each property with one value that is no setup,
    /// move, comment or annotation, and not the file's own (`FF`, `GM`,
    /// `CA`, `SZ`: the board itself says its size).
    fn tags(&self, root: &SyntaxNode, record: &mut Record<Node<P>, K>) -> Result<(), RecordError> {
        if let Some([game, ..]) = root.values("GM")
            && game.trim() != "1"
        {
            return Err(self.error(
                root,
                Problem::Unsupported {
                    what: format!("the game GM[{}]: Go is GM[1]", excerpt(game)),
                },
            ));
        }
        for property in &root.properties {
            if is_tag(&property.name, &property.values) {
                if record.tag_count() >= self.limits.tags {
                    return Err(self.error(
                        root,
                        Problem::TooManyTags {
                            limit: self.limits.tags,
                        },
                    ));
                }
                record.set_tag(&property.name, &property.values[0]);
            }
        }
        Ok(())
    }

    /// A node's comments, annotations and other properties, into its notes.
    fn notes(syntax: &SyntaxNode, id: NodeId, record: &mut Record<Node<P>, K>, root: bool) {
        for property in &syntax.properties {
            let name = property.name.as_str();
            if root && (is_tag(name, &property.values) || FILE_PROPERTIES.contains(&name)) {
                continue;
            }
            match name {
                "B" | "W" | "AB" | "AW" | "AE" | "PL" => {}
                "C" => record
                    .notes_mut(id)
                    .after
                    .extend(property.values.iter().cloned()),
                _ => {
                    if let Some(&(_, nag)) = ANNOTATIONS.iter().find(|&&((held, value), _)| {
                        held == name && property.values[0].trim() == value
                    }) {
                        record.notes_mut(id).nags.push(nag);
                    } else {
                        let extras = &mut record.notes_mut(id).extras;
                        extras.extend(
                            property
                                .values
                                .iter()
                                .map(|value| (property.name.clone(), value.clone())),
                        );
                    }
                }
            }
        }
    }

    /// Adds `child`, reached by `step`, to `record` after `parent`.
    fn add(
        &mut self,
        syntax: &SyntaxNode,
        record: &mut Record<Node<P>, K>,
        parent: NodeId,
        step: Step<Point>,
        child: &Node<P>,
    ) -> Result<NodeId, RecordError> {
        let kept = (self.keep)(&step, child);
        record
            .add(parent, step, kept)
            .map_err(|error| self.error(syntax, Problem::TooManyNodes { limit: error.limit }))
    }

    /// Plays one node that is not the root: a move (after a null move, if
    /// its player is not the one to move), a setup, or a null move (a
    /// `PL` alone that gives the turn over).
    #[allow(
        clippy::too_many_arguments,
        reason = "the reader's state and the node's place"
    )]
    fn node(
        &mut self,
        syntax: &SyntaxNode,
        nodes: &[SyntaxNode],
        parent: NodeId,
        node: &Node<P>,
        columns: usize,
        rows: usize,
        record: &mut Record<Node<P>, K>,
    ) -> Result<(NodeId, Node<P>), RecordError> {
        let black = syntax.values("B");
        let white = syntax.values("W");
        let setup = ["AB", "AW", "AE"]
            .iter()
            .any(|name| syntax.values(name).is_some());
        if black.is_some() && white.is_some() {
            return Err(self.error(
                syntax,
                Problem::BadMove {
                    text: "B and W in one node".to_string(),
                },
            ));
        }
        if let Some((player, [value, ..])) = black
            .map(|values| (Player::First, values))
            .or(white.map(|values| (Player::Second, values)))
        {
            if setup {
                return Err(self.error(
                    syntax,
                    Problem::Unsupported {
                        what: "a move and a setup in one node".to_string(),
                    },
                ));
            }
            let (mut parent, mut node) = (parent, node.clone());
            if node.position.turn() != player {
                let passed = node.with_turn(player);
                let id = self.add(syntax, record, parent, Step::Null, &passed)?;
                (parent, node) = (id, passed);
            }
            let point = match self.point(syntax, value, columns, rows)? {
                None => Point::PASS,
                Some(index) => {
                    Point::from_index(index, columns, rows).expect("a point of the board")
                }
            };
            node.read_into(&mut self.board);
            if !point.is_pass() && !self.board.is_legal(point) {
                let color = if player == Player::First { "B" } else { "W" };
                return Err(self.error(
                    syntax,
                    Problem::IllegalMove {
                        text: format!("{color}[{}]", excerpt(value)),
                        position: position_text(&node),
                    },
                ));
            }
            let child = node.play(&self.board, point);
            let step = Step::Move(point);
            let id = self.add(syntax, record, parent, step, &child)?;
            return Ok((id, child));
        }
        let mut stones = vec![None; columns * rows];
        node.position.read_board(&mut stones);
        let before = stones.clone();
        self.set_up(syntax, columns, rows, &mut stones)?;
        // What the node does, not what it names: an `AE` on an empty point
        // changes nothing, and with a `PL` giving the turn over it is the
        // null move the writer writes as `PL` alone.
        let changed = stones != before;
        let turn = self.turn(syntax, nodes, node.position.turn())?;
        let (step, child) =
            if !changed && turn != node.position.turn() && syntax.values("PL").is_some() {
                (Step::Null, node.with_turn(turn))
            } else {
                (
                    Step::Setup,
                    self.load(syntax, columns, rows, &stones, turn)?,
                )
            };
        let id = self.add(syntax, record, parent, step, &child)?;
        Ok((id, child))
    }
}

/// Whether a root property is a tag: one value, and no setup, move,
/// comment, annotation or property of the file.
fn is_tag(name: &str, values: &[String]) -> bool {
    values.len() == 1
        && !matches!(name, "B" | "W" | "AB" | "AW" | "AE" | "PL" | "C")
        && !FILE_PROPERTIES.contains(&name)
        && !ANNOTATIONS.iter().any(|&((held, _), _)| held == name)
}
