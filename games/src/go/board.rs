//! The read board: one node's points, copied once from the position crate
//! into a fixed array, with every stone's group and every group's
//! pseudo-liberties built from them ([`Groups`]) and kept as moves are
//! played in place, so that a legality test, a capture and a ko cost what
//! the stones beside the point cost, as in Go programs (libego, Fuego,
//! Pachi). Beside them the board keeps its empty points as a set and each
//! point's count of black and white neighbours (libego's), and reads
//! neighbours from a table built once for each board shape ([`Adjacency`]),
//! so a playout draws among the empty points and tests one in a few loads.
//! Reading a node rebuilds all of it in O(points); a move updates it in
//! O(the stones it merges or captures). The flood fills remain for what
//! the groups cannot know (a loaded position's stones without liberty),
//! for the judgement's seki test (a move's liberties for either colour)
//! and as the tests' reference. Nothing here touches a position.

use std::sync::OnceLock;

use persistent_qi::Player;

use super::point::{MAX_POINTS, MAX_SIZE, Point};
use super::{BLACK, GoPosition, stone};

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

    /// Takes out a point, whether it was there or not.
    pub(crate) fn remove(&mut self, index: usize) {
        self.0[index / 64] &= !(1 << (index % 64));
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

/// Every point's neighbours on one board shape, computed once per shape
/// ([`Adjacency::of`]) and shared by every board of that shape, as Go
/// programs keep neighbour tables rather than compute them: a neighbour
/// is a load, with no division and no bounds test.
///
/// Invariants: for each point `i` of the shape (row-major, index 0 the
/// top-left point), `orthogonal[i][..orthogonal_len[i]]` are its
/// orthogonal neighbours on the board, in the order above, left, right,
/// below; `diagonal[i][..diagonal_len[i]]` its diagonal points on the
/// board; `points[i]` its [`Point`]. The entries past the shape's points
/// are never read.
#[derive(Debug)]
pub(crate) struct Adjacency {
    orthogonal: [[u16; 4]; MAX_POINTS],
    orthogonal_len: [u8; MAX_POINTS],
    diagonal: [[u16; 4]; MAX_POINTS],
    diagonal_len: [u8; MAX_POINTS],
    points: [Point; MAX_POINTS],
}

/// The adjacency of the board of no points ([`Board::default`]).
static NO_POINTS: Adjacency = Adjacency {
    orthogonal: [[0; 4]; MAX_POINTS],
    orthogonal_len: [0; MAX_POINTS],
    diagonal: [[0; 4]; MAX_POINTS],
    diagonal_len: [0; MAX_POINTS],
    points: [Point::PASS; MAX_POINTS],
};

impl Adjacency {
    /// The table of the `width` x `height` shape (each at most
    /// [`MAX_SIZE`]), built on its first use in O(points) and kept for the
    /// process; the board of no points' table if either is 0.
    fn of(width: usize, height: usize) -> &'static Adjacency {
        /// One table per shape, by `(height - 1) * MAX_SIZE + width - 1`.
        static SHAPES: [OnceLock<Box<Adjacency>>; MAX_POINTS] =
            [const { OnceLock::new() }; MAX_POINTS];
        if width == 0 || height == 0 {
            return &NO_POINTS;
        }
        SHAPES[(height - 1) * MAX_SIZE + width - 1].get_or_init(|| Adjacency::build(width, height))
    }

    /// Computes the table of a shape.
    fn build(width: usize, height: usize) -> Box<Adjacency> {
        let mut table = Box::new(Adjacency {
            orthogonal: [[0; 4]; MAX_POINTS],
            orthogonal_len: [0; MAX_POINTS],
            diagonal: [[0; 4]; MAX_POINTS],
            diagonal_len: [0; MAX_POINTS],
            points: [Point::PASS; MAX_POINTS],
        });
        for row in 0..height {
            for column in 0..width {
                let index = row * width + column;
                // A step off the left or top edge wraps to a huge number.
                let at = |rows: usize, columns: usize| {
                    let (row, column) = (row.wrapping_add(rows), column.wrapping_add(columns));
                    (row < height && column < width).then(|| to_u16(row * width + column))
                };
                let up = usize::MAX;
                let orthogonal = [at(up, 0), at(0, up), at(0, 1), at(1, 0)];
                let diagonal = [at(up, up), at(up, 1), at(1, up), at(1, 1)];
                for (list, len, points) in [
                    (&mut table.orthogonal, &mut table.orthogonal_len, orthogonal),
                    (&mut table.diagonal, &mut table.diagonal_len, diagonal),
                ] {
                    for point in points.into_iter().flatten() {
                        list[index][usize::from(len[index])] = point;
                        len[index] += 1;
                    }
                }
                table.points[index] = Point::from_index(index, width, height)
                    .expect("a point of a board at most 19x19");
            }
        }
        table
    }
}

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
/// Built by [`Node::read`](crate::Node::read), which copies the position's
/// board once with [`read_board`](crate::Position::read_board) and builds
/// its groups; a group or liberty question is then a few loads. A search
/// also plays moves on it in place ([`Rules::make`](crate::search::Rules::make)),
/// which keeps the groups.
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
    /// The groups, kept as the stones are placed and captured (see
    /// [`Groups`]): read only at stones, rebuilt by every read.
    groups: Groups,
    /// The empty points of the board, kept as the stones are placed and
    /// captured, rebuilt by every read: exactly the board's points whose
    /// square is `None`, so that a playout draws among them
    /// ([`random_move`](super::random_move)) and the legal moves are
    /// looked for there only.
    empty: Points,
    /// How many points `empty` holds.
    empty_len: usize,
    /// At each of the board's points, how many of its orthogonal
    /// neighbours hold a black stone (the low byte) and a white one (the
    /// high byte), kept as the stones are placed and captured, rebuilt by
    /// every read (libego's neighbour counts): so "an empty neighbour" and
    /// "surrounded by one colour" are one load and a comparison.
    beside: [u16; MAX_POINTS],
    /// The neighbours of this board's shape ([`Adjacency::of`]).
    adjacency: &'static Adjacency,
}

/// Every stone's group, and every group's pseudo-liberties, as Go programs
/// keep them (libego, GNU Go's "pseudo-liberties", Fuego's liberty counts).
///
/// At a stone `s`: `head[s]`, the index naming its group (one of its
/// stones), and `next[s]`, the next stone of the group on a circular list.
/// At a group's head `h`: `size[h]` stones, and its pseudo-liberties, an
/// empty point counted once for every stone of the group beside it:
/// `liberties[h]` of them, `sum[h]` their indices added up and `squares[h]`
/// their squares. The group has exactly one liberty, point `sum / count`,
/// when every pseudo-liberty is that point, which holds exactly when
/// `count * squares == sum * sum` (the Cauchy-Schwarz equality case), so
/// "in atari" and "which liberty" cost a multiplication, with no list.
///
/// Invariants, after every read and every move: the lists partition the
/// stones into the board's groups (orthogonally connected stones of one
/// colour); the counts hold as defined. The entries at empty points are
/// never read.
#[derive(Debug, Clone)]
struct Groups {
    head: [u16; MAX_POINTS],
    next: [u16; MAX_POINTS],
    size: [u16; MAX_POINTS],
    liberties: [u16; MAX_POINTS],
    sum: [u32; MAX_POINTS],
    squares: [u32; MAX_POINTS],
}

impl Groups {
    const NONE: Groups = Groups {
        head: [0; MAX_POINTS],
        next: [0; MAX_POINTS],
        size: [0; MAX_POINTS],
        liberties: [0; MAX_POINTS],
        sum: [0; MAX_POINTS],
        squares: [0; MAX_POINTS],
    };

    /// A group of one stone at `index`, with no pseudo-liberty yet.
    fn start(&mut self, index: usize) {
        self.head[index] = to_u16(index);
        self.next[index] = to_u16(index);
        self.size[index] = 1;
        self.liberties[index] = 0;
        self.sum[index] = 0;
        self.squares[index] = 0;
    }

    fn head(&self, index: usize) -> usize {
        usize::from(self.head[index])
    }

    /// Counts the empty point `liberty` once more as a pseudo-liberty of the
    /// group headed at `head`.
    fn add_liberty(&mut self, head: usize, liberty: usize) {
        let point = u32::from(to_u16(liberty));
        self.liberties[head] += 1;
        self.sum[head] += point;
        self.squares[head] += point * point;
    }

    /// Counts `liberty` once less: a stone was placed there.
    fn remove_liberty(&mut self, head: usize, liberty: usize) {
        let point = u32::from(to_u16(liberty));
        self.liberties[head] -= 1;
        self.sum[head] -= point;
        self.squares[head] -= point * point;
    }

    /// Whether the group headed at `head` has exactly one liberty.
    fn in_atari(&self, head: usize) -> bool {
        let count = u64::from(self.liberties[head]);
        let sum = u64::from(self.sum[head]);
        count > 0 && count * u64::from(self.squares[head]) == sum * sum
    }

    /// Whether the group headed at `head` has no liberty.
    #[cfg(test)]
    fn captured(&self, head: usize) -> bool {
        self.liberties[head] == 0
    }

    /// Joins the groups headed at `a` and `b` (two different groups): the
    /// smaller's stones take the larger's head, and the two lists are
    /// spliced into one. O(the smaller group's stones).
    fn merge(&mut self, a: usize, b: usize) {
        let (keep, absorbed) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = absorbed;
        loop {
            self.head[stone] = to_u16(keep);
            stone = usize::from(self.next[stone]);
            if stone == absorbed {
                break;
            }
        }
        self.next.swap(keep, absorbed);
        self.size[keep] += self.size[absorbed];
        self.liberties[keep] += self.liberties[absorbed];
        self.sum[keep] += self.sum[absorbed];
        self.squares[keep] += self.squares[absorbed];
    }

    /// The stones of the group of the stone at `index`, added to `points`.
    fn add_stones(&self, index: usize, points: &mut Points) {
        let mut stone = index;
        loop {
            points.insert(stone);
            stone = usize::from(self.next[stone]);
            if stone == index {
                break;
            }
        }
    }
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
        self.adjacency = Adjacency::of(width, height);
        self.turn = position.turn();
        self.ko = ko;
        position.read_board(&mut self.squares[..width * height]);
        self.rebuild_groups();
    }

    /// Builds the groups and the empty points from the points: O(points).
    fn rebuild_groups(&mut self) {
        let points = self.width * self.height;
        let mut seen = Points::NONE;
        let mut stack = [0_u16; MAX_POINTS];
        self.empty = Points::NONE;
        self.empty_len = 0;
        self.beside[..points].fill(0);
        for index in 0..points {
            if let Some(stone) = self.squares[index] {
                for next in self.neighbours(index) {
                    self.beside[next] += unit(stone);
                }
            }
        }
        for start in 0..points {
            let Some(colour) = self.squares[start] else {
                self.empty.insert(start);
                self.empty_len += 1;
                continue;
            };
            if !seen.insert(start) {
                continue;
            }
            self.groups.start(start);
            let mut len = 1;
            stack[0] = to_u16(start);
            while len > 0 {
                len -= 1;
                let at = usize::from(stack[len]);
                for next in self.neighbours(at) {
                    match self.squares[next] {
                        None => self.groups.add_liberty(start, next),
                        Some(stone) if stone == colour && seen.insert(next) => {
                            // A stone of one's own, not seen yet: into
                            // the list after the head.
                            self.groups.head[next] = to_u16(start);
                            self.groups.next[next] = self.groups.next[start];
                            self.groups.next[start] = to_u16(next);
                            self.groups.size[start] += 1;
                            stack[len] = to_u16(next);
                            len += 1;
                        }
                        Some(_) => {}
                    }
                }
            }
        }
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

    /// How many points are empty: [`empty_points`](Board::empty_points)'
    /// length, kept.
    pub(crate) fn empty_len(&self) -> usize {
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
    /// [`Node::play`](crate::Node::play) builds the child: the mover's stone
    /// placed, the stones it captures removed, the ko point set, the turn
    /// passed. Returns the captured stones. O(the groups next to `index`).
    pub(crate) fn play_at(&mut self, index: usize) -> Points {
        let captured = self.captures(index);
        self.ko = self.ko_after(index, &captured);
        let mover = self.mover();
        // The stone placed: a group of its own, which takes its empty
        // neighbours as liberties and is no longer a liberty of the groups
        // beside it (once for each of their stones beside it).
        self.squares[index] = Some(mover);
        self.empty.remove(index);
        self.empty_len -= 1;
        self.groups.start(index);
        // The counts are additive: a neighbour's liberty or its group's
        // lost one is counted on the group's head of the moment, before or
        // after a merge alike.
        for next in self.neighbours(index) {
            self.beside[next] += unit(mover);
            match self.squares[next] {
                None => self.groups.add_liberty(self.groups.head(index), next),
                Some(stone) => {
                    let theirs = self.groups.head(next);
                    self.groups.remove_liberty(theirs, index);
                    let mine = self.groups.head(index);
                    if stone == mover && mine != theirs {
                        self.groups.merge(mine, theirs);
                    }
                }
            }
        }
        if captured.is_empty() {
            self.turn = self.turn.flip();
            return captured;
        }
        for square in captured.iter() {
            self.squares[square] = None;
            self.empty_len += 1;
        }
        self.empty.add_all(&captured);
        // Each captured point is a liberty again of every stone of the
        // mover's beside it, and no longer a stone beside its neighbours.
        let opponent = self.opponent();
        for square in captured.iter() {
            for next in self.neighbours(square) {
                self.beside[next] -= unit(opponent);
                if self.squares[next] == Some(mover) {
                    self.groups.add_liberty(self.groups.head(next), square);
                }
            }
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

#[cfg(test)]
mod tests {
    use support::Rng;

    use super::{Board, Points};
    use crate::Local;
    use crate::go::{self, random_move};

    /// Every stone's group and pseudo-liberties, as a rebuild from the
    /// points gives them: the same partition and the same counts.
    fn assert_groups_as_rebuilt(board: &Board) {
        let mut rebuilt = board.clone();
        rebuilt.rebuild_groups();
        let (kept, fresh) = (&board.groups, &rebuilt.groups);
        for (index, square) in board.squares().iter().enumerate() {
            if square.is_none() {
                continue;
            }
            let (ours, theirs) = (kept.head(index), fresh.head(index));
            let mut ours_stones = Points::NONE;
            let mut theirs_stones = Points::NONE;
            kept.add_stones(index, &mut ours_stones);
            fresh.add_stones(index, &mut theirs_stones);
            assert_eq!(
                ours_stones, theirs_stones,
                "the group of {index} on {board}"
            );
            assert_eq!(
                (
                    kept.size[ours],
                    kept.liberties[ours],
                    kept.sum[ours],
                    kept.squares[ours]
                ),
                (
                    fresh.size[theirs],
                    fresh.liberties[theirs],
                    fresh.sum[theirs],
                    fresh.squares[theirs]
                ),
                "the counts of the group of {index} on {board}"
            );
            assert!(!kept.captured(ours), "a group without liberty on {board}");
        }
        assert_eq!(board.empty, rebuilt.empty, "the empty points of {board}");
        let points = board.squares().len();
        assert_eq!(
            board.beside[..points],
            rebuilt.beside[..points],
            "the neighbour counts of {board}"
        );
        assert_eq!(
            board.empty_len, rebuilt.empty_len,
            "the empty count of {board}"
        );
    }

    /// Random games on several boards: after every move, the kept groups
    /// are the rebuilt ones, and every point's legality and captures are
    /// what flood fills find.
    #[test]
    fn the_kept_groups_agree_with_flood_fills_along_random_games() {
        let (mut moves, mut captured) = (0, 0);
        for (size, seed) in [
            ("9x9", 1),
            ("9x9", 2),
            ("5x5", 3),
            ("13x13", 4),
            ("19x19", 5),
            ("2x3", 6),
        ] {
            let node = go::load::<Local<u8, u8>>(size).expect("an empty board");
            let mut board = Board::default();
            crate::game::Node::read_into(&node, &mut board);
            let mut rng = Rng(seed);
            for _ in 0..400 {
                for index in 0..board.squares().len() {
                    assert_eq!(
                        board.legal_at(index),
                        board.legal_by_flood(index),
                        "the legality of {index} on {board}"
                    );
                    if board.legal_at(index) {
                        assert_eq!(board.captures(index), board.captures_by_flood(index));
                    }
                }
                match random_move(&board, &mut rng) {
                    Some(point) => {
                        let index = board.index(point).expect("a point of the board");
                        captured += board.play_at(index).len();
                        moves += 1;
                    }
                    None => board.pass(),
                }
                assert_groups_as_rebuilt(&board);
            }
        }
        // The games fill their boards and capture, many times.
        assert!(
            moves > 800 && captured > 200,
            "{moves} moves, {captured} stones captured"
        );
    }
}
