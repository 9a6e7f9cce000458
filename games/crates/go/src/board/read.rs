//! Reading a position into the board, applying only what differs from what
//! the board holds.
//!
//! A read of a board of the shape the board has copies the position's
//! points into a scratch array and compares them with the board's, a run
//! of points at a time ([`Points::differing`]): O(points) loads, but about
//! 20 ns for the copy and 130 ns for the comparison on 19x19, where a
//! rebuild of the groups costs about 2 µs. The points that differ ("the
//! changed points") are then applied ([`Board::update`]): stones placed
//! and whole groups taken off as moves do, or, for any other change (a
//! stone taken off a group that keeps others, a stone of the other
//! colour), the groups a changed point touches flood-filled again. So
//! beyond the copy and the comparison a read costs what differs; a read of
//! another shape, or one where more than one point in [`REBUILD_ABOVE`]
//! changed, rebuilds everything from the points, O(points).
//!
//! Why not ask the crate where the boards differ: persistent-qi can tell
//! (`board_mark` and `squares_changed_since`), and a read built on them
//! was measured, but taking a mark and asking it cost about 270 ns a read
//! and reading the 20-odd squares it names about 100 ns more, against 150
//! ns for the copy and the comparison: the 19x19 playouts ran at 1.4
//! million moves a second that way, 3.1 million this way.

use super::adjacency::Adjacency;
use super::points::{Points, to_u16};
use super::{Board, unit};
use crate::GoPosition;
use crate::point::{MAX_POINTS, MAX_SIZE};

/// The share of a board's points (one in this many) above which a read
/// rebuilds the board from its points rather than applying the changed
/// points one by one.
///
/// Applying a point costs a few walks of its neighbours and the flood fill
/// of the groups it touches, which late in a game hold many stones; a
/// rebuild costs one walk of every point's neighbours and one flood fill
/// of every stone, whatever changed. Measured on reads between the nodes
/// of random games, 1 to 300 moves apart (release build, AMD EPYC): on
/// 19x19 a rebuild costs about 1.9 µs, and applying the points costs less
/// up to about 80 of them (64 differing points: 1.6 µs, 100: 2.2 µs); on
/// 9x9, 0.45 µs, less up to about 14 points. One point in 5 (72 on 19x19,
/// 16 on 9x9) sits at both crossings.
pub(super) const REBUILD_ABOVE: usize = 5;

impl Board {
    /// Reads a position of a node whose ko point is `ko`.
    ///
    /// # Panics
    ///
    /// If the board is not two-dimensional and at most 19x19, which
    /// [`load`](crate::load) never gives.
    pub(crate) fn read<P: GoPosition>(position: &P, ko: Option<u16>) -> Board {
        let mut board = Board::default();
        board.read_into(position, ko);
        board
    }

    /// [`read`](Board::read) into this board, whatever it held: the points
    /// where the position differs from the board are found by comparing
    /// every point, and applied; or everything is rebuilt, where the shape
    /// differs or most points do (see the module docs). Only the board's
    /// own points are written; the rest of the array is never read. The
    /// turn and the ko point are set from the node.
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
        let points = width * height;
        if (width, height) != (self.width, self.height) {
            self.width = width;
            self.height = height;
            self.adjacency = Adjacency::of(width, height);
            position.read_board(&mut self.squares[..points]);
            self.rebuild_groups();
            return;
        }
        // A copy of the board rather than an array of `None`, which is
        // written a tag at a time.
        let mut read = self.squares;
        position.read_board(&mut read[..points]);
        let changed = Points::differing(&read[..points], &self.squares[..points]);
        self.update(&changed, &read);
    }

    /// Writes `read[index]` at every point of `changed` (each one where the
    /// board differs from `read`), keeping the neighbour counts, the empty
    /// points and the groups. Where the points differ as moves make them
    /// differ (stones placed on empty points, whole groups taken off), the
    /// groups are taken off and the stones placed as a move does, O(the
    /// stones changed and the smaller groups merged); otherwise
    /// ([`regroup`](Board::regroup)) O(changed points + the stones of the
    /// groups they touch). A rebuild, O(points), past [`REBUILD_ABOVE`].
    fn update(&mut self, changed: &Points, read: &[Option<u8>; MAX_POINTS]) {
        let count = changed.len();
        if count == 0 {
            return;
        }
        if count * REBUILD_ABOVE > self.width * self.height {
            for index in changed.iter() {
                self.squares[index] = read[index];
            }
            self.rebuild_groups();
            return;
        }
        let mut removed = Points::NONE;
        for index in changed.iter() {
            match (self.squares[index], read[index]) {
                (Some(_), None) => {
                    removed.insert(index);
                }
                (None, Some(_)) => {}
                // A stone of the other colour.
                _ => return self.regroup(changed, read),
            }
        }
        if !self.whole_groups(&removed) {
            return self.regroup(changed, read);
        }
        self.remove_groups(&removed);
        for index in changed.iter() {
            if let Some(stone) = read[index] {
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
    fn regroup(&mut self, changed: &Points, read: &[Option<u8>; MAX_POINTS]) {
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
            let stone = read[index];
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
