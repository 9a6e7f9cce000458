//! The board's invariant, checked: the groups, empty points and neighbour
//! counts it keeps against those rebuilt from its points, as shakmaty's
//! tests hold an incrementally updated hash against the one computed from
//! scratch.

use core::fmt;

use super::Board;
use super::points::Points;
use crate::point::Point;

/// Where a board's kept groups, empty points or neighbour counts differ
/// from those rebuilt from its points ([`Board::check_kept`]): the first
/// difference found, points in index order. No read and no move leaves
/// one; a test that finds one has found a bug.
///
/// | what differs | variant |
/// |---|---|
/// | the stones of a stone's group | [`GroupStones`](KeptMismatch::GroupStones) |
/// | a group's size or pseudo-liberties | [`GroupCounts`](KeptMismatch::GroupCounts) |
/// | whether a point is among the empty points | [`Empty`](KeptMismatch::Empty) |
/// | the count of empty points, or a point past the board among them | [`EmptyCount`](KeptMismatch::EmptyCount) |
/// | a point's count of black or white neighbours | [`Beside`](KeptMismatch::Beside) |
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum KeptMismatch {
    /// The group kept for the stone at `point` holds other stones than the
    /// group rebuilt for it.
    GroupStones {
        /// The stone whose group differs.
        point: Point,
    },
    /// The group kept for the stone at `point` holds the rebuilt group's
    /// stones, with other counts: its size, its pseudo-liberties, the sum
    /// of their indices and the sum of their squares.
    GroupCounts {
        /// The stone whose group's counts differ.
        point: Point,
        /// The counts kept.
        kept: [u32; 4],
        /// The counts rebuilt.
        rebuilt: [u32; 4],
    },
    /// The point is among the kept empty points and holds a stone, or is
    /// empty and not among them.
    Empty {
        /// The point.
        point: Point,
    },
    /// The kept count of empty points is not the number of the board's
    /// empty points, or the kept set holds a point past the board.
    EmptyCount {
        /// The points the board counts (or its set holds) as empty.
        kept: usize,
        /// The board's empty points.
        rebuilt: usize,
    },
    /// The kept counts of black and white stones beside `point` are not
    /// those of the board.
    Beside {
        /// The point.
        point: Point,
        /// The black and white neighbours counted.
        kept: [u8; 2],
        /// The black and white neighbours on the board.
        rebuilt: [u8; 2],
    },
}

impl fmt::Display for KeptMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeptMismatch::GroupStones { point } => write!(
                f,
                "the group kept for {point} holds other stones than the one rebuilt"
            ),
            KeptMismatch::GroupCounts {
                point,
                kept,
                rebuilt,
            } => write!(
                f,
                "the group kept for {point} counts {kept:?} (size, pseudo-liberties, \
                 their sum, their squares' sum), rebuilt {rebuilt:?}"
            ),
            KeptMismatch::Empty { point } => write!(
                f,
                "the kept empty points disagree with the board at {point}"
            ),
            KeptMismatch::EmptyCount { kept, rebuilt } => write!(
                f,
                "{kept} points kept as empty, {rebuilt} empty on the board"
            ),
            KeptMismatch::Beside {
                point,
                kept,
                rebuilt,
            } => write!(
                f,
                "the neighbours of {point} counted as {} black and {} white, \
                 {} and {} on the board",
                kept[0], kept[1], rebuilt[0], rebuilt[1]
            ),
        }
    }
}

impl std::error::Error for KeptMismatch {}

impl Board {
    /// Whether the groups, empty points and neighbour counts the board
    /// keeps are those rebuilt from its points: every stone's group holds
    /// the same stones, with the same size and pseudo-liberties (their
    /// count, the sum of their indices and of their squares), and every
    /// point's emptiness and neighbour counts agree. The board's invariant
    /// after every read and every move, checked in O(points) (a rebuild of
    /// a copy, and a walk of each group's list).
    ///
    /// ```
    /// use games_go as go;
    /// use games_core::{Local, Node as _};
    ///
    /// let node = go::load::<Local<u8, u8>>("XX./O../... X")?;
    /// assert_eq!(node.read().check_kept(), Ok(()));
    /// # Ok::<(), go::LoadError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first [`KeptMismatch`] found: the groups in the stones' index
    /// order, then the empty points, then the neighbour counts.
    pub fn check_kept(&self) -> Result<(), KeptMismatch> {
        let mut rebuilt = self.clone();
        rebuilt.rebuild_groups();
        let (kept, fresh) = (&self.groups, &rebuilt.groups);
        for (index, square) in self.squares().iter().enumerate() {
            if square.is_none() {
                continue;
            }
            let point = self.point_at(index);
            let (mut ours, mut theirs) = (Points::NONE, Points::NONE);
            kept.add_stones(index, &mut ours);
            fresh.add_stones(index, &mut theirs);
            if ours != theirs {
                return Err(KeptMismatch::GroupStones { point });
            }
            let counts = |groups: &super::Groups, head: usize| {
                [
                    u32::from(groups.size[head]),
                    u32::from(groups.liberties[head]),
                    groups.sum[head],
                    groups.squares[head],
                ]
            };
            let (kept, rebuilt) = (
                counts(kept, kept.head(index)),
                counts(fresh, fresh.head(index)),
            );
            if kept != rebuilt {
                return Err(KeptMismatch::GroupCounts {
                    point,
                    kept,
                    rebuilt,
                });
            }
        }
        for index in 0..self.squares().len() {
            if self.empty.contains(index) != rebuilt.empty.contains(index) {
                return Err(KeptMismatch::Empty {
                    point: self.point_at(index),
                });
            }
        }
        if (self.empty_len, self.empty.len()) != (rebuilt.empty_len, rebuilt.empty_len) {
            return Err(KeptMismatch::EmptyCount {
                kept: if self.empty_len == rebuilt.empty_len {
                    self.empty.len()
                } else {
                    self.empty_len
                },
                rebuilt: rebuilt.empty_len,
            });
        }
        for index in 0..self.squares().len() {
            let (ours, theirs) = (self.beside[index], rebuilt.beside[index]);
            if ours != theirs {
                let split = |count: u16| count.to_le_bytes();
                return Err(KeptMismatch::Beside {
                    point: self.point_at(index),
                    kept: split(ours),
                    rebuilt: split(theirs),
                });
            }
        }
        Ok(())
    }
}
