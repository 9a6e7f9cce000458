//! The read board: one node's points, copied once from the position crate
//! into a fixed array, with every stone's group and every group's
//! pseudo-liberties built from them ([`Groups`]) and kept as moves are
//! played in place, so that a legality test, a capture and a ko cost what
//! the stones beside the point cost, as in Go programs (libego, Fuego,
//! Pachi). Reading a node rebuilds the groups in O(points); a move
//! updates them in O(the stones it merges or captures). The flood fills
//! remain for what the groups cannot know (a loaded position's stones
//! without liberty) and as the tests' reference. Nothing here touches a
//! position.

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
        self.rebuild_groups();
    }

    /// Builds the groups from the points: O(points).
    fn rebuild_groups(&mut self) {
        let points = self.width * self.height;
        let mut seen = Points::NONE;
        let mut stack = [0_u16; MAX_POINTS];
        for start in 0..points {
            let Some(colour) = self.squares[start] else {
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
                for &next in self.neighbours(at).as_slice() {
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
        let mover = self.mover();
        let neighbours = self.neighbours(index);
        // The stone placed: a group of its own, which takes its empty
        // neighbours as liberties and is no longer a liberty of the groups
        // beside it (once for each of their stones beside it).
        self.squares[index] = Some(mover);
        self.groups.start(index);
        for &next in neighbours.as_slice() {
            match self.squares[next] {
                None => self.groups.add_liberty(index, next),
                Some(_) => self.groups.remove_liberty(self.groups.head(next), index),
            }
        }
        for &next in neighbours.as_slice() {
            if self.squares[next] == Some(mover) {
                let (mine, theirs) = (self.groups.head(index), self.groups.head(next));
                if mine != theirs {
                    self.groups.merge(mine, theirs);
                }
            }
        }
        for square in captured.iter() {
            self.squares[square] = None;
        }
        // Each captured point is a liberty again of every stone of the
        // mover's beside it.
        for square in captured.iter() {
            for &next in self.neighbours(square).as_slice() {
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
        let neighbours = self.neighbours(index);
        neighbours
            .as_slice()
            .iter()
            .any(|&next| self.squares[next].is_none())
            || neighbours.as_slice().iter().any(|&next| {
                let mut group = Points::NONE;
                let free = self.has_liberty_besides(next, index, &mut group);
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
    /// O(the stones captured): an enemy group beside `index` is captured
    /// when it is in atari, `index` (one of its liberties) being its last.
    pub(crate) fn captures(&self, index: usize) -> Points {
        let opponent = Some(self.opponent());
        let mut captured = Points::NONE;
        for &next in self.neighbours(index).as_slice() {
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
