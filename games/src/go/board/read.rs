//! Reading a position into the board.

use super::adjacency::Adjacency;
use super::points::{Points, to_u16};
use super::{Board, unit};
use crate::go::GoPosition;
use crate::go::point::{MAX_POINTS, MAX_SIZE};

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
}
