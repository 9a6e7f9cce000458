//! Reading a position into the board, in time proportional to what differs
//! from what the board holds.
//!
//! A board remembers the [`BoardMark`] of the position it was last read
//! from, and the points its own moves changed since ([`Board`]'s `touched`).
//! The next read of a board of the same shape finds the points that differ
//! ("the changed points") in one of two ways:
//!
//! - **By mark**, when the crate can tell where the new position's board
//!   may differ from the marked one
//!   ([`squares_changed_since`](crate::Position::squares_changed_since),
//!   persistent-qi along a line or a tree): those points and the touched
//!   ones are compared, O(24 + touched).
//! - **By comparison** otherwise (no mark, another crate, positions built
//!   apart): every square is copied into a scratch array and compared with
//!   the board's, O(points) loads but no rebuild.
//!
//! The changed points are then applied ([`Board::update`]): each one's
//! neighbour counts and empty-set bit, then the groups that hold or touch a
//! changed point dissolved and flood-filled again from their stones and the
//! new ones, O(changed points + the stones of the groups they touch). A
//! read of another shape, or one where more than [`REBUILD_ABOVE`] of the
//! points changed, rebuilds everything from the points instead, O(points).

use super::adjacency::Adjacency;
use super::points::{Points, to_u16};
use super::{Board, unit};
use crate::go::GoPosition;
use crate::go::point::{MAX_POINTS, MAX_SIZE};

/// The share of a board's points (one in this many) above which a read
/// rebuilds the board from its points rather than applying the changed
/// points one by one.
///
/// An applied point costs three walks of its neighbours (the groups
/// touched, the counts taken away, the counts added) and the flood fill of
/// the groups it touches, which late in a game are most of the stones; a
/// rebuild costs one walk of every point's neighbours for the counts and
/// one flood fill of every stone. So applying half the points costs about
/// what a rebuild does; past that the rebuild, whose loops run over every
/// point in order, wins.
pub(super) const REBUILD_ABOVE: usize = 2;

impl Board {
    /// Reads a position of a node whose ko point is `ko`.
    ///
    /// # Panics
    ///
    /// If the board is not two-dimensional and at most 19x19, which
    /// [`load`](crate::go::load) never gives.
    pub(crate) fn read<P: GoPosition>(position: &P, ko: Option<u16>) -> Board {
        let mut board = Board::default();
        board.read_into(position, ko);
        board
    }

    /// [`read`](Board::read) into this board, whatever it held: the points
    /// where the position differs from the board are found (by the crate's
    /// mark where it can tell, else by comparing every point) and applied,
    /// or everything is rebuilt where the shape differs or most points do
    /// (see the module docs). Only the board's own points are written; the
    /// rest of the array is never read. The turn and the ko point are set
    /// from the node.
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
        self.turn = position.turn();
        self.ko = ko;
        // A copy: the crate's answer may borrow the mark while the board is
        // written.
        let marked = self.mark;
        if (width, height) != (self.width, self.height) {
            self.width = width;
            self.height = height;
            self.adjacency = Adjacency::of(width, height);
            position.read_board(&mut self.squares[..width * height]);
            self.rebuild_groups();
        } else if let Some(maybe) = position.squares_changed_since(&marked) {
            let mut changed = Points::NONE;
            for index in maybe.chain(self.touched.iter()) {
                if position.square(index) != self.squares[index] {
                    changed.insert(index);
                }
            }
            self.update(&changed, |index| position.square(index));
        } else {
            let points = width * height;
            // A copy of the board rather than an array of `None`, which is
            // written a tag at a time.
            let mut read = self.squares;
            position.read_board(&mut read[..points]);
            let changed = Points::differing(&read[..points], &self.squares[..points]);
            self.update(&changed, |index| read[index]);
        }
        self.mark = position.board_mark();
        self.touched = Points::NONE;
    }

    /// Writes `stone_at(index)` at every point of `changed` (each one where
    /// the board differs), keeping the neighbour counts, the empty points
    /// and the groups. Where the points differ as moves make them differ
    /// (stones placed on empty points, whole groups taken off), the groups
    /// are taken off and the stones placed as a move does, O(the stones
    /// changed and the smaller groups merged); otherwise
    /// ([`regroup`](Board::regroup)) O(changed points + the stones of the
    /// groups they touch). A rebuild, O(points), past [`REBUILD_ABOVE`].
    fn update(&mut self, changed: &Points, stone_at: impl Fn(usize) -> Option<u8>) {
        let count = changed.len();
        if count == 0 {
            return;
        }
        if count * REBUILD_ABOVE > self.width * self.height {
            for index in changed.iter() {
                self.squares[index] = stone_at(index);
            }
            self.rebuild_groups();
            return;
        }
        let mut removed = Points::NONE;
        for index in changed.iter() {
            match (self.squares[index], stone_at(index)) {
                (Some(_), None) => {
                    removed.insert(index);
                }
                (None, Some(_)) => {}
                // A stone of the other colour.
                _ => return self.regroup(changed, stone_at),
            }
        }
        if !self.whole_groups(&removed) {
            return self.regroup(changed, stone_at);
        }
        self.remove_groups(&removed);
        for index in changed.iter() {
            if let Some(stone) = stone_at(index) {
                self.place(index, stone);
            }
        }
    }

    /// Whether the stones of `removed` are whole groups: each one's group
    /// has all its stones there. O(the stones of `removed`).
    fn whole_groups(&self, removed: &Points) -> bool {
        let mut walked = Points::NONE;
        for start in removed.iter() {
            if walked.contains(start) {
                continue;
            }
            self.groups.add_stones(start, &mut walked);
        }
        walked == *removed
    }

    /// [`update`](Board::update) for any change: the groups that hold or
    /// touch a changed point are dissolved and flood-filled again from
    /// their stones and the new stones, the others stay as they are.
    /// O(changed points + the stones of the groups they touch).
    ///
    /// Why the rest stays: a group that neither holds nor touches a changed
    /// point keeps its stones and every neighbour of them, so its pseudo-
    /// liberties too; and a flood fill from the stones gathered never
    /// leaves them, as a stone of the new board beside one of them, of its
    /// colour, is a new stone, or beside a changed point, or was in its
    /// group before.
    fn regroup(&mut self, changed: &Points, stone_at: impl Fn(usize) -> Option<u8>) {
        // The groups of the old board that hold or touch a changed point,
        // read before any point is written: their lists are the old ones.
        let mut region = Points::NONE;
        for index in changed.iter() {
            self.add_group(index, &mut region);
            for next in self.neighbours(index) {
                self.add_group(next, &mut region);
            }
        }
        for index in changed.iter() {
            let stone = stone_at(index);
            if let Some(old) = self.squares[index] {
                for next in self.neighbours(index) {
                    self.beside[next] -= unit(old);
                }
            } else {
                self.empty.remove(index);
                self.empty_len -= 1;
            }
            if let Some(new) = stone {
                for next in self.neighbours(index) {
                    self.beside[next] += unit(new);
                }
                region.insert(index);
            } else {
                self.empty.insert(index);
                self.empty_len += 1;
            }
            self.squares[index] = stone;
        }
        let mut seen = Points::NONE;
        let mut stack = [0_u16; MAX_POINTS];
        for start in region.iter() {
            if self.squares[start].is_some() && !seen.contains(start) {
                self.fill_group(start, &mut seen, &mut stack);
            }
        }
    }

    /// Adds to `region` the stones of the group of the point at `index`,
    /// if it holds a stone whose group is not there yet.
    fn add_group(&self, index: usize, region: &mut Points) {
        if self.squares[index].is_some() && !region.contains(index) {
            self.groups.add_stones(index, region);
        }
    }

    /// Builds the groups, the empty points and the neighbour counts from
    /// the points: O(points).
    pub(super) fn rebuild_groups(&mut self) {
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
            if self.squares[start].is_none() {
                self.empty.insert(start);
                self.empty_len += 1;
            } else if !seen.contains(start) {
                self.fill_group(start, &mut seen, &mut stack);
            }
        }
    }

    /// Builds the group of the stone at `start` (not in `seen`) by a flood
    /// fill, headed at `start`: its list, its size and its pseudo-liberties
    /// from the points, with the neighbour counts not used. Its stones are
    /// added to `seen`; `stack` is room for the fill. O(its stones).
    fn fill_group(&mut self, start: usize, seen: &mut Points, stack: &mut [u16; MAX_POINTS]) {
        let colour = self.squares[start];
        seen.insert(start);
        self.groups.start(start);
        let mut len = 1;
        stack[0] = to_u16(start);
        while len > 0 {
            len -= 1;
            let at = usize::from(stack[len]);
            for next in self.neighbours(at) {
                match self.squares[next] {
                    None => self.groups.add_liberty(start, next),
                    Some(_) if self.squares[next] == colour && seen.insert(next) => {
                        // A stone of one's own, not seen yet: into the
                        // list after the head.
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
