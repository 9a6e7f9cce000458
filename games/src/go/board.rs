//! The read board: one node's points, copied once from the position crate
//! into a fixed array, and the flood fills that find groups, liberties,
//! captures, suicides and eyes on it. Nothing here touches a position.

use persistent_qi::Player;

use super::point::{MAX_POINTS, MAX_SIZE, Point};
use super::{GoPosition, stone};

/// A flat index as the `u16` the rules store it in.
pub(crate) fn to_u16(index: usize) -> u16 {
    u16::try_from(index).expect("an index below 361")
}

// Every flat index fits the `u16` of a ko point, a point and a flood
// fill's stack.
const _: () = assert!(MAX_POINTS <= 1 << 16);

/// One bit per point of the largest board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Points([u64; MAX_POINTS.div_ceil(64)]);

impl Points {
    pub(crate) const NONE: Points = Points([0; MAX_POINTS.div_ceil(64)]);

    pub(crate) fn contains(&self, index: usize) -> bool {
        self.0[index / 64] & 1 << (index % 64) != 0
    }

    /// Adds a point; whether it was not there yet.
    pub(crate) fn insert(&mut self, index: usize) -> bool {
        let word = &mut self.0[index / 64];
        let bit = 1 << (index % 64);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// Takes out a point, the lowest, if any.
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let (word_index, word) = self
            .0
            .iter_mut()
            .enumerate()
            .find(|(_, word)| **word != 0)?;
        let bit = word.trailing_zeros() as usize;
        *word &= *word - 1;
        Some(word_index * 64 + bit)
    }

    pub(crate) fn add_all(&mut self, other: &Points) {
        for (word, other) in self.0.iter_mut().zip(other.0) {
            *word |= other;
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.0.iter().map(|word| word.count_ones() as usize).sum()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&word| word == 0)
    }

    /// The points, in index order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word_index, &word)| {
            let mut rest = word;
            core::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    word_index * 64 + bit
                })
            })
        })
    }
}

/// A point's orthogonal neighbours on the board: two to four.
#[derive(Clone, Copy)]
pub(crate) struct Neighbours {
    points: [usize; 4],
    len: usize,
}

impl Neighbours {
    pub(crate) fn as_slice(&self) -> &[usize] {
        &self.points[..self.len]
    }
}

/// One node read for the rules: its points, the player to move and the
/// ko point.
///
/// Built by [`Node::read`](crate::Node::read), which copies the position's
/// board once with [`read_board`](crate::Position::read_board); every group
/// and liberty question is then a flood fill on this array. A search also
/// plays moves on it in place ([`Rules::make`](crate::search::Rules::make)).
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
    /// Reads a position of a node whose ko point is `ko`.
    ///
    /// # Panics
    ///
    /// If the board is not two-dimensional and at most 19x19, which
    /// [`load`](super::load) never gives.
    pub(crate) fn read<P: GoPosition>(position: &P, ko: Option<u16>) -> Board {
        let mut board = Board::default();
        board.read_into(position, ko);
        board
    }

    /// [`read`](Board::read) into this board, whatever it held: only the
    /// board's own points are written, the rest of the array is never read.
    ///
    /// # Panics
    ///
    /// As [`read`](Board::read).
    pub(crate) fn read_into<P: GoPosition>(&mut self, position: &P, ko: Option<u16>) {
        let [height, width] = *position.shape() else {
            panic!("a Go board has two dimensions, not {:?}", position.shape());
        };
        assert!(
            width <= MAX_SIZE && height <= MAX_SIZE,
            "a Go board is at most 19x19, not {width}x{height}"
        );
        self.width = width;
        self.height = height;
        self.turn = position.turn();
        self.ko = ko;
        position.read_board(&mut self.squares[..width * height]);
    }

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
        Point::from_index(index, self.width, self.height)
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
        for index in 0..self.width * self.height {
            if self.legal_at(index) {
                moves.push(self.point_at(index));
            }
        }
    }

    /// The point at an index known to be on the board.
    pub(crate) fn point_at(&self, index: usize) -> Point {
        self.point(index).expect("an index of the board")
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
    /// [`Node::play`](crate::Node::play) builds the child: the mover's stone
    /// placed, the stones it captures removed, the ko point set, the turn
    /// passed. Returns the captured stones. O(the groups next to `index`).
    pub(crate) fn play_at(&mut self, index: usize) -> Points {
        let captured = self.captures(index);
        self.ko = self.ko_after(index, &captured);
        self.squares[index] = Some(self.mover());
        for square in captured.iter() {
            self.squares[square] = None;
        }
        self.turn = self.turn.flip();
        captured
    }

    /// Passes in place: the turn passes and the ko point is cleared, as
    /// [`Node::play`](crate::Node::play) of [`Point::PASS`] builds the child.
    pub(crate) fn pass(&mut self) {
        self.ko = None;
        self.turn = self.turn.flip();
    }

    /// The flat index of the ko point, if any.
    pub(crate) fn ko_index(&self) -> Option<u16> {
        self.ko
    }

    pub(crate) fn neighbours(&self, index: usize) -> Neighbours {
        let mut neighbours = Neighbours {
            points: [0; 4],
            len: 0,
        };
        let mut add = |point| {
            neighbours.points[neighbours.len] = point;
            neighbours.len += 1;
        };
        let column = index % self.width;
        if index >= self.width {
            add(index - self.width);
        }
        if column > 0 {
            add(index - 1);
        }
        if column + 1 < self.width {
            add(index + 1);
        }
        if index + self.width < self.width * self.height {
            add(index + self.width);
        }
        neighbours
    }

    /// [`is_legal`](Board::is_legal) by index.
    pub(crate) fn legal_at(&self, index: usize) -> bool {
        if self.squares[index].is_some() || self.ko.is_some_and(|ko| usize::from(ko) == index) {
            return false;
        }
        let neighbours = self.neighbours(index);
        // Most points of most positions have an empty neighbour: a liberty
        // of the new stone, so no flood fill is needed.
        if neighbours
            .as_slice()
            .iter()
            .any(|&next| self.squares[next].is_none())
        {
            return true;
        }
        let mover = Some(self.mover());
        neighbours.as_slice().iter().any(|&next| {
            let mut group = Points::NONE;
            let free = self.has_liberty_besides(next, index, &mut group);
            // Joining a friendly group that keeps a liberty, or taking the
            // last liberty of an enemy group (a capture), leaves the new
            // stone a liberty.
            if self.squares[next] == mover {
                free
            } else {
                !free
            }
        })
    }

    /// Whether every neighbour of the point at `index` holds a `stone`.
    #[inline]
    fn surrounded_by(&self, index: usize, stone: u8) -> bool {
        self.neighbours(index)
            .as_slice()
            .iter()
            .all(|&next| self.squares[next] == Some(stone))
    }

    /// [`is_own_eye`](Board::is_own_eye) by index.
    pub(crate) fn own_eye_at(&self, index: usize) -> bool {
        if self.squares[index].is_some() || !self.surrounded_by(index, self.mover()) {
            return false;
        }
        let (column, row) = (index % self.width, index / self.width);
        let mut on_board = 0;
        let mut opponents = 0;
        for (column, row) in [
            (column.wrapping_sub(1), row.wrapping_sub(1)),
            (column + 1, row.wrapping_sub(1)),
            (column.wrapping_sub(1), row + 1),
            (column + 1, row + 1),
        ] {
            // `wrapping_sub` makes a step off the left or top edge huge.
            if column < self.width && row < self.height {
                on_board += 1;
                if self.squares[row * self.width + column] == Some(self.opponent()) {
                    opponents += 1;
                }
            }
        }
        opponents + usize::from(on_board < 4) < 2
    }

    /// Whether the group of the stone at `start` has a liberty other than
    /// `besides` (the point being played). The stones visited are added to
    /// `group`: the whole group when the answer is `false`, as the search
    /// stops at the first liberty found.
    fn has_liberty_besides(&self, start: usize, besides: usize, group: &mut Points) -> bool {
        let colour = self.squares[start];
        // The stones found whose neighbours are still to look at: a bit
        // set rather than a stack, so that a search (most stop at their
        // first liberty, a few stones in) starts with 48 bytes to clear.
        let mut frontier = Points::NONE;
        group.insert(start);
        frontier.insert(start);
        while let Some(at) = frontier.pop() {
            for &next in self.neighbours(at).as_slice() {
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
    pub(crate) fn captures(&self, index: usize) -> Points {
        let opponent = Some(self.opponent());
        let mut captured = Points::NONE;
        for &next in self.neighbours(index).as_slice() {
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
        if captured.len() != 1 || !self.surrounded_by(index, self.opponent()) {
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
