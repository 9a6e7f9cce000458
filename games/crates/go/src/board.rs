//! The read board: one node's points, copied once from the position crate
//! into a fixed array, with every stone's group and every group's
//! pseudo-liberties built from them ([`Groups`]) and kept as moves are
//! played in place, so that a legality test, a capture and a ko cost what
//! the stones beside the point cost, as in Go programs (libego, Fuego,
//! Pachi). Beside them the board keeps its empty points as a set and each
//! point's count of black and white neighbours (libego's), and reads
//! neighbours from a table built once for each board shape ([`Adjacency`]),
//! so a playout draws among the empty points and tests one in a few loads.
//! Reading a node into a board that held another updates it by what
//! differs between the two (see [`read`]), with a rebuild in O(points)
//! only for another shape or a board most of whose points differ; a move
//! updates it in O(the stones it merges or captures). The flood fills remain for what
//! the groups cannot know (a loaded position's stones without liberty),
//! for the judgement's seki test (a move's liberties for either colour)
//! and as the tests' reference. Nothing here touches a position.

use persistent_qi::Player;

use super::point::{MAX_POINTS, Point};
use super::{BLACK, stone};

mod adjacency;
mod check;
mod groups;
mod points;
mod read;
#[cfg(test)]
mod tests;

use adjacency::{Adjacency, NO_POINTS};
pub use check::KeptMismatch;
use groups::Groups;
pub(crate) use points::{Points, to_u16};

/// Where a stone's count sits in [`Board`]'s neighbour counts: bit 0 for
/// black, bit 8 for white (any stone but black).
fn shift(stone: u8) -> u32 {
    if stone == BLACK { 0 } else { 8 }
}

/// A stone's unit in [`Board`]'s neighbour counts: 1 for black, `1 << 8`
/// for white.
fn unit(stone: u8) -> u16 {
    1 << shift(stone)
}

/// One node read for the rules: its points, the player to move and the
/// ko point.
///
/// Built by [`Node::read`](games_core::Node::read), which copies the position's
/// board once with [`read_board`](games_core::Position::read_board) and builds
/// its groups; a group or liberty question is then a few loads. A board
/// kept and read into again ([`Node::read_into`](games_core::Node::read_into),
/// as the playouts, the kept tree and the search do) keeps the groups the
/// new node shares with the one it held: only the points that differ are
/// applied, with the groups they touch. A search also plays moves on it in
/// place ([`Rules::make`](games_search::Rules::make)), which keeps the
/// groups. Whatever was read and played, the groups, empty points and
/// neighbour counts are those a rebuild from the points gives
/// ([`check_kept`](Board::check_kept)).
///
/// Two boards are equal when their size, points, player to move and ko
/// point are: the array past the board's points is not compared.
#[derive(Debug, Clone)]
pub struct Board {
    /// The points in index order (row-major, index 0 the top-left point):
    /// the first `width * height` are the board's.
    squares: [Option<u8>; MAX_POINTS],
    width: usize,
    height: usize,
    turn: Player,
    ko: Option<u16>,
    /// The groups, kept as the stones are placed and captured, by moves
    /// and by reads (see [`Groups`]): read only at stones.
    groups: Groups,
    /// The empty points of the board, kept as the stones are placed and
    /// captured, by moves and by reads: exactly the board's points whose
    /// square is `None`, so that a playout draws among them
    /// ([`random_move`](super::random_move)) and the legal moves are
    /// looked for there only.
    empty: Points,
    /// How many points `empty` holds.
    empty_len: usize,
    /// At each of the board's points, how many of its orthogonal
    /// neighbours hold a black stone (the low byte) and a white one (the
    /// high byte), kept as the stones are placed and captured, by moves
    /// and by reads (libego's neighbour counts): so "an empty neighbour" and
    /// "surrounded by one colour" are one load and a comparison.
    beside: [u16; MAX_POINTS],
    /// The neighbours of this board's shape ([`Adjacency::of`]).
    adjacency: &'static Adjacency,
}

impl Default for Board {
    /// A board of no points: a board to read a node into.
    fn default() -> Self {
        Board {
            squares: [None; MAX_POINTS],
            width: 0,
            height: 0,
            turn: Player::First,
            ko: None,
            groups: Groups::NONE,
            empty: Points::NONE,
            empty_len: 0,
            beside: [0; MAX_POINTS],
            adjacency: &NO_POINTS,
        }
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        (self.width, self.height, self.turn, self.ko)
            == (other.width, other.height, other.turn, other.ko)
            && self.squares() == other.squares()
    }
}

impl Eq for Board {}

impl Board {
    /// The number of columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The player to move: black is [`Player::First`].
    #[must_use]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The point the player to move may not play because it would retake a
    /// ko at once, if any.
    #[must_use]
    pub fn ko(&self) -> Option<Point> {
        self.ko.and_then(|ko| self.point(usize::from(ko)))
    }

    /// Every point's stone ([`BLACK`](super::BLACK),
    /// [`WHITE`](super::WHITE)) or `None`, in index order.
    #[must_use]
    pub fn squares(&self) -> &[Option<u8>] {
        &self.squares[..self.width * self.height]
    }

    /// The stone on a point, `None` for an empty point or one off the board.
    #[must_use]
    pub fn stone(&self, point: Point) -> Option<u8> {
        self.index(point).and_then(|index| self.squares[index])
    }

    /// The flat index of a point, if on this board.
    #[must_use]
    pub fn index(&self, point: Point) -> Option<usize> {
        point.index(self.width, self.height)
    }

    /// The point at a flat index, if on this board.
    #[must_use]
    pub fn point(&self, index: usize) -> Option<Point> {
        (index < self.width * self.height).then(|| self.adjacency.points[index])
    }

    /// Whether the player to move may play `point`: an empty point of the
    /// board, not the ko point, and no suicide (the new stone's group keeps
    /// a liberty, or the move captures).
    #[must_use]
    pub fn is_legal(&self, point: Point) -> bool {
        self.index(point).is_some_and(|index| self.legal_at(index))
    }

    /// Whether `point` is an eye of the player to move, which a playout
    /// never fills: an empty point whose every orthogonal neighbour on the
    /// board is the mover's stone, and that is not a false eye: of its
    /// diagonal points on the board, the opponent holds at most one in the
    /// middle of the board, and none on the edge or in the corner (where
    /// the board's edge counts as the other one). A point with no neighbour
    /// at all (the 1x1 board) is an eye.
    #[must_use]
    pub fn is_own_eye(&self, point: Point) -> bool {
        self.index(point)
            .is_some_and(|index| self.own_eye_at(index))
    }

    /// Appends every legal move to `moves`, in index order.
    pub fn legal_moves(&self, moves: &mut Vec<Point>) {
        // Only an empty point can be legal.
        for index in self.empty.iter() {
            if self.legal_at(index) {
                moves.push(self.point_at(index));
            }
        }
    }

    /// The point at an index known to be on the board: one load.
    pub(crate) fn point_at(&self, index: usize) -> Point {
        debug_assert!(index < self.width * self.height, "an index of the board");
        self.adjacency.points[index]
    }

    /// The empty points, in a set kept through every move.
    pub(crate) fn empty_points(&self) -> &Points {
        &self.empty
    }

    /// How many points are empty: a count the board keeps, O(1).
    #[must_use]
    pub fn empty_len(&self) -> usize {
        self.empty_len
    }

    /// The stone of the player to move.
    pub(crate) fn mover(&self) -> u8 {
        stone(self.turn)
    }

    /// The opponent's stone.
    pub(crate) fn opponent(&self) -> u8 {
        stone(self.turn.flip())
    }

    /// Plays the legal move at `index` in place, as
    /// [`Node::play`](games_core::Node::play) builds the child: the mover's stone
    /// placed, the stones it captures removed, the ko point set, the turn
    /// passed. Returns the captured stones. O(the groups next to `index`).
    pub(crate) fn play_at(&mut self, index: usize) -> Points {
        let captured = self.captures(index);
        self.ko = self.ko_after(index, &captured);
        self.place(index, self.mover());
        if !captured.is_empty() {
            self.remove_groups(&captured);
        }
        self.turn = self.turn.flip();
        captured
    }

    /// Puts `stone` on the empty point at `index`: a group of its own,
    /// which takes its empty neighbours as liberties, is no longer a
    /// liberty of the groups beside it (once for each of their stones
    /// beside it) and joins those of its colour; the neighbour counts and
    /// the empty points follow. O(the smaller groups merged).
    #[inline]
    fn place(&mut self, index: usize, stone: u8) {
        self.squares[index] = Some(stone);
        self.empty.remove(index);
        self.empty_len -= 1;
        self.groups.start(index);
        // The counts are additive: a neighbour's liberty or its group's
        // lost one is counted on the group's head of the moment, before or
        // after a merge alike.
        for next in self.neighbours(index) {
            self.beside[next] += unit(stone);
            match self.squares[next] {
                None => self.groups.add_liberty(self.groups.head(index), next),
                Some(theirs_stone) => {
                    let theirs = self.groups.head(next);
                    self.groups.remove_liberty(theirs, index);
                    let mine = self.groups.head(index);
                    if theirs_stone == stone && mine != theirs {
                        self.groups.merge(mine, theirs);
                    }
                }
            }
        }
    }

    /// Takes every stone of `removed` off the board, which holds whole
    /// groups (each group's stones all or none: a capture's): each point
    /// empty again, no longer a stone beside its neighbours, and a liberty
    /// again of every stone left beside it. The other groups keep their
    /// stones. O(the stones removed).
    fn remove_groups(&mut self, removed: &Points) {
        for square in removed.iter() {
            if let Some(stone) = self.squares[square].take() {
                for next in self.neighbours(square) {
                    self.beside[next] -= unit(stone);
                }
            }
        }
        self.empty.add_all(removed);
        self.empty_len += removed.len();
        for square in removed.iter() {
            for next in self.neighbours(square) {
                if self.squares[next].is_some() {
                    self.groups.add_liberty(self.groups.head(next), square);
                }
            }
        }
    }

    /// Passes in place: the turn passes and the ko point is cleared, as
    /// [`Node::play`](games_core::Node::play) of [`Point::PASS`] builds the child.
    pub(crate) fn pass(&mut self) {
        self.ko = None;
        self.turn = self.turn.flip();
    }

    /// The flat index of the ko point, if any.
    pub(crate) fn ko_index(&self) -> Option<u16> {
        self.ko
    }

    /// The orthogonal neighbours on the board of the point at `index`
    /// (two to four; none on the 1x1 board), in the order above, left,
    /// right, below: loads from the shape's [`Adjacency`].
    pub(crate) fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + use<> {
        let adjacency = self.adjacency;
        adjacency.orthogonal[index][..usize::from(adjacency.orthogonal_len[index])]
            .iter()
            .map(|&next| usize::from(next))
    }

    /// The diagonal points on the board of the point at `index` (none to
    /// four), from the shape's [`Adjacency`].
    fn diagonals(&self, index: usize) -> &'static [u16] {
        let adjacency = self.adjacency;
        &adjacency.diagonal[index][..usize::from(adjacency.diagonal_len[index])]
    }

    /// [`is_legal`](Board::is_legal) by index.
    pub(crate) fn legal_at(&self, index: usize) -> bool {
        if self.squares[index].is_some() || self.ko.is_some_and(|ko| usize::from(ko) == index) {
            return false;
        }
        // Most points of most positions have an empty neighbour: a liberty
        // of the new stone, so no group needs looking at.
        let beside = self.beside[index];
        if (beside & 0xff) + (beside >> 8) < u16::from(self.adjacency.orthogonal_len[index]) {
            return true;
        }
        let mover = Some(self.mover());
        self.neighbours(index).any(|next| {
            // `index` is a liberty of the group beside it: in atari, that
            // is its only one. Joining a friendly group that keeps another
            // liberty, or taking the last liberty of an enemy group (a
            // capture), leaves the new stone a liberty.
            let last = self.groups.in_atari(self.groups.head(next));
            if self.squares[next] == mover {
                !last
            } else {
                last
            }
        })
    }

    /// [`legal_at`](Board::legal_at) by flood fills, without the groups:
    /// the reference the groups are tested against.
    #[cfg(test)]
    fn legal_by_flood(&self, index: usize) -> bool {
        if self.squares[index].is_some() || self.ko.is_some_and(|ko| usize::from(ko) == index) {
            return false;
        }
        let mover = Some(self.mover());
        self.neighbours(index)
            .any(|next| self.squares[next].is_none())
            || self.neighbours(index).any(|next| {
                let mut group = Points::NONE;
                let free = self.has_liberty_besides(next, index, &mut group);
                if self.squares[next] == mover {
                    free
                } else {
                    !free
                }
            })
    }

    /// Whether every neighbour of the point at `index` holds a `stone`
    /// (true with no neighbour): the kept count, O(1).
    #[inline]
    fn surrounded_by(&self, index: usize, stone: u8) -> bool {
        self.stones_beside(index, stone) == u16::from(self.adjacency.orthogonal_len[index])
    }

    /// How many orthogonal neighbours of the point at `index` hold a
    /// `stone`: the kept count, O(1).
    fn stones_beside(&self, index: usize, stone: u8) -> u16 {
        (self.beside[index] >> shift(stone)) & 0xff
    }

    /// Whether a playout may play the point at `index`: a legal move
    /// ([`legal_at`](Board::legal_at)) that does not fill one of the
    /// mover's eyes ([`own_eye_at`](Board::own_eye_at)). O(1) for a point
    /// with an empty neighbour, by the kept counts: such a point is no eye
    /// and is legal unless it is the ko point; the two tests otherwise.
    pub(crate) fn playable_at(&self, index: usize) -> bool {
        if self.squares[index].is_some() {
            return false;
        }
        let beside = self.beside[index];
        if (beside & 0xff) + (beside >> 8) < u16::from(self.adjacency.orthogonal_len[index]) {
            return self.ko.is_none_or(|ko| usize::from(ko) != index);
        }
        !self.own_eye_at(index) && self.legal_at(index)
    }

    /// [`is_own_eye`](Board::is_own_eye) by index.
    pub(crate) fn own_eye_at(&self, index: usize) -> bool {
        if self.squares[index].is_some() || !self.surrounded_by(index, self.mover()) {
            return false;
        }
        let diagonals = self.diagonals(index);
        let opponent = Some(self.opponent());
        let opponents = diagonals
            .iter()
            .filter(|&&point| self.squares[usize::from(point)] == opponent)
            .count();
        opponents + usize::from(diagonals.len() < 4) < 2
    }

    /// Whether the group of the stone at `start` has a liberty other than
    /// `besides` (the point being played). The stones visited are added to
    /// `group`: the whole group when the answer is `false`, as the search
    /// stops at the first liberty found.
    pub(crate) fn has_liberty_besides(
        &self,
        start: usize,
        besides: usize,
        group: &mut Points,
    ) -> bool {
        let colour = self.squares[start];
        // The stones found whose neighbours are still to look at: a bit
        // set rather than a stack, so that a search (most stop at their
        // first liberty, a few stones in) starts with 48 bytes to clear.
        let mut frontier = Points::NONE;
        group.insert(start);
        frontier.insert(start);
        while let Some(at) = frontier.pop() {
            for next in self.neighbours(at) {
                match self.squares[next] {
                    None if next != besides => return true,
                    Some(_) if self.squares[next] == colour && group.insert(next) => {
                        frontier.insert(next);
                    }
                    _ => {}
                }
            }
        }
        false
    }

    /// The first stone in index order whose group has no liberty, if any:
    /// what no game leaves on the board.
    pub(crate) fn first_dead_stone(&self) -> Option<Point> {
        let mut seen = Points::NONE;
        for index in 0..self.width * self.height {
            if self.squares[index].is_some() && !seen.contains(index) {
                let mut group = Points::NONE;
                // No point is `usize::MAX`: every liberty counts.
                if !self.has_liberty_besides(index, usize::MAX, &mut group) {
                    return Some(self.point_at(index));
                }
                // Part of the group at most, but all of it has a liberty.
                seen.add_all(&group);
            }
        }
        None
    }

    /// The opponent's stones that a legal move at `index` captures: every
    /// neighbouring enemy group whose last liberty it takes.
    /// O(the stones captured): an enemy group beside `index` is captured
    /// when it is in atari, `index` (one of its liberties) being its last.
    pub(crate) fn captures(&self, index: usize) -> Points {
        let mut captured = Points::NONE;
        // No enemy stone beside, by the kept count: nothing to look at.
        if self.stones_beside(index, self.opponent()) == 0 {
            return captured;
        }
        let opponent = Some(self.opponent());
        for next in self.neighbours(index) {
            if self.squares[next] == opponent
                && !captured.contains(next)
                && self.groups.in_atari(self.groups.head(next))
            {
                self.groups.add_stones(next, &mut captured);
            }
        }
        captured
    }

    /// [`captures`](Board::captures) by flood fills: the tests' reference.
    #[cfg(test)]
    fn captures_by_flood(&self, index: usize) -> Points {
        let opponent = Some(self.opponent());
        let mut captured = Points::NONE;
        for next in self.neighbours(index) {
            if self.squares[next] == opponent && !captured.contains(next) {
                let mut group = Points::NONE;
                if !self.has_liberty_besides(next, index, &mut group) {
                    captured.add_all(&group);
                }
            }
        }
        captured
    }

    /// The ko point after a move at `index` that captures `captured`: the
    /// captured point when the move took exactly one stone and the new
    /// stone has no friendly neighbour and no liberty but that point (every
    /// neighbour was an enemy stone), so that retaking at once would
    /// recreate the position.
    pub(crate) fn ko_after(&self, index: usize, captured: &Points) -> Option<u16> {
        // The cheap tests first: most moves capture nothing.
        if captured.is_empty() || !self.surrounded_by(index, self.opponent()) || captured.len() != 1
        {
            return None;
        }
        captured.iter().next().map(to_u16)
    }
}

/// The board as a diagram, rows top to bottom separated by `/`, then the
/// player to move: the text [`load`](super::load) reads (which gives the
/// same board and turn, without the ko point).
impl core::fmt::Display for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (row, squares) in self.squares().chunks(self.width).enumerate() {
            if row > 0 {
                f.write_str("/")?;
            }
            for square in squares {
                f.write_str(match *square {
                    None => ".",
                    Some(super::BLACK) => "X",
                    Some(_) => "O",
                })?;
            }
        }
        let turn = if self.turn.is_first() { "X" } else { "O" };
        write!(f, " {turn}")
    }
}
