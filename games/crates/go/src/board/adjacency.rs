//! The neighbour tables: every point's orthogonal and diagonal neighbours
//! on one board shape, built once per shape and shared.

use std::sync::OnceLock;

use super::points::to_u16;
use crate::point::{MAX_POINTS, MAX_SIZE, Point};

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
    pub(super) orthogonal: [[u16; 4]; MAX_POINTS],
    pub(super) orthogonal_len: [u8; MAX_POINTS],
    pub(super) diagonal: [[u16; 4]; MAX_POINTS],
    pub(super) diagonal_len: [u8; MAX_POINTS],
    pub(super) points: [Point; MAX_POINTS],
}

/// The adjacency of the board of no points ([`Board::default`](super::Board::default)).
pub(super) static NO_POINTS: Adjacency = Adjacency {
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
    pub(super) fn of(width: usize, height: usize) -> &'static Adjacency {
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
