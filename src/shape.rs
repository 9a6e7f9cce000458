//! Board dimensions, their limits, and the row-major index arithmetic.

use crate::Error;

/// The most dimensions a board may have.
pub const MAX_DIMENSIONS: usize = 3;

/// The largest size of a single dimension.
pub const MAX_DIMENSION_SIZE: usize = 255;

/// The most squares a board may have (255 x 255), whatever its dimension count.
pub const MAX_SQUARE_COUNT: usize = 65_025;

/// A validated board shape: 1 to 3 dimension sizes, each 1 to 255, whose
/// product is at most 65,025.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Shape {
    dimensions: [usize; MAX_DIMENSIONS],
    dimension_count: usize,
    square_count: usize,
}

impl Shape {
    /// Validates a shape, in the documented order: the dimension count, then
    /// each size from the first (the first bad size wins), then the product.
    pub(crate) fn new(sizes: &[usize]) -> Result<Self, Error> {
        if sizes.is_empty() {
            return Err(Error::EmptyShape);
        }
        if sizes.len() > MAX_DIMENSIONS {
            return Err(Error::TooManyDimensions {
                dimensions: sizes.len(),
            });
        }
        let mut dimensions = [1; MAX_DIMENSIONS];
        for (dimension, (&size, slot)) in sizes.iter().zip(&mut dimensions).enumerate() {
            if size == 0 {
                return Err(Error::DimensionTooSmall { dimension, size });
            }
            if size > MAX_DIMENSION_SIZE {
                return Err(Error::DimensionTooLarge { dimension, size });
            }
            *slot = size;
        }
        // Each size is at most 255 here, so the product is at most 255^3 and
        // cannot overflow even a 32-bit usize.
        let square_count = dimensions.iter().product();
        if square_count > MAX_SQUARE_COUNT {
            return Err(Error::TooManySquares {
                squares: square_count,
            });
        }
        Ok(Shape {
            dimensions,
            dimension_count: sizes.len(),
            square_count,
        })
    }

    /// The dimension sizes, outermost first.
    pub(crate) fn sizes(&self) -> &[usize] {
        &self.dimensions[..self.dimension_count]
    }

    pub(crate) fn dimension_count(&self) -> usize {
        self.dimension_count
    }

    pub(crate) fn square_count(&self) -> usize {
        self.square_count
    }

    /// The flat row-major index of a square given one coordinate per dimension.
    pub(crate) fn index_of(&self, coordinates: &[usize]) -> Result<usize, Error> {
        if coordinates.len() != self.dimension_count {
            return Err(Error::CoordinateCountMismatch {
                expected: self.dimension_count,
                actual: coordinates.len(),
            });
        }
        let mut index = 0;
        for (dimension, (&coordinate, &size)) in coordinates.iter().zip(self.sizes()).enumerate() {
            if coordinate >= size {
                return Err(Error::CoordinateOutOfRange {
                    dimension,
                    coordinate,
                    size,
                });
            }
            index = index * size + coordinate;
        }
        Ok(index)
    }

    /// The coordinates of a flat index, outermost first.
    pub(crate) fn coordinates_of(&self, index: usize) -> Result<Vec<usize>, Error> {
        if index >= self.square_count {
            return Err(Error::IndexOutOfRange {
                index,
                square_count: self.square_count,
                change: None,
            });
        }
        let mut coordinates = vec![0; self.dimension_count];
        let mut rest = index;
        for (slot, &size) in coordinates.iter_mut().zip(self.sizes()).rev() {
            *slot = rest % size;
            rest /= size;
        }
        Ok(coordinates)
    }

    /// Arranges the squares, given in row-major order, into nested vectors.
    pub(crate) fn nest<T>(&self, squares: impl Iterator<Item = Option<T>>) -> Nested<T> {
        let mut squares = squares;
        let mut line = |length: usize| squares.by_ref().take(length).collect::<Vec<_>>();
        match *self.sizes() {
            [_] => Nested::Line(line(self.square_count)),
            [ranks, files] => Nested::Grid((0..ranks).map(|_| line(files)).collect()),
            [layers, ranks, files] => Nested::Layers(
                (0..layers)
                    .map(|_| (0..ranks).map(|_| line(files)).collect())
                    .collect(),
            ),
            _ => unreachable!("a shape has 1 to 3 dimensions"),
        }
    }
}

/// A board laid out along its dimensions, as returned by
/// [`Qi::to_nested`](crate::Qi::to_nested).
///
/// Each square is `None` (empty) or `Some(piece)`. Building it costs
/// O(squares): it is meant for display and serialization, not for the hot path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Nested<T> {
    /// A one-dimensional board: its squares.
    Line(Vec<Option<T>>),
    /// A two-dimensional board: its ranks, each a list of files.
    Grid(Vec<Vec<Option<T>>>),
    /// A three-dimensional board: its layers, each a list of ranks.
    Layers(Vec<Vec<Vec<Option<T>>>>),
}

#[cfg(test)]
mod tests {
    use super::{Nested, Shape};

    /// Every coordinate list of `sizes`, in row-major order (the last
    /// coordinate fastest): three nested loops, a missing dimension's
    /// looping once.
    fn row_major(sizes: &[usize]) -> Vec<Vec<usize>> {
        let padded = |at: usize| sizes.get(at).copied().unwrap_or(1);
        let mut all = Vec::new();
        for a in 0..padded(0) {
            for b in 0..padded(1) {
                for c in 0..padded(2) {
                    all.push([a, b, c][..sizes.len()].to_vec());
                }
            }
        }
        all
    }

    #[test]
    fn indices_count_squares_in_row_major_order_in_one_to_three_dimensions() {
        for sizes in [&[7][..], &[3, 4], &[4, 3], &[2, 3, 5], &[5, 1, 3]] {
            let shape = Shape::new(sizes).unwrap();
            assert_eq!(shape.dimension_count(), sizes.len());
            assert_eq!(shape.sizes(), sizes);
            let all = row_major(sizes);
            assert_eq!(shape.square_count(), all.len());
            for (index, coordinates) in all.iter().enumerate() {
                assert_eq!(shape.index_of(coordinates), Ok(index), "{sizes:?}");
                assert_eq!(
                    shape.coordinates_of(index).as_ref(),
                    Ok(coordinates),
                    "{sizes:?}"
                );
            }
        }
    }

    #[test]
    fn squares_nest_along_the_dimensions_outermost_first() {
        let squares = |count: usize| (0..count).map(Some);
        assert_eq!(
            Shape::new(&[3]).unwrap().nest(squares(3)),
            Nested::Line(vec![Some(0), Some(1), Some(2)])
        );
        assert_eq!(
            Shape::new(&[2, 3]).unwrap().nest(squares(6)),
            Nested::Grid(vec![
                vec![Some(0), Some(1), Some(2)],
                vec![Some(3), Some(4), Some(5)],
            ])
        );
        assert_eq!(
            Shape::new(&[2, 1, 2]).unwrap().nest(squares(4)),
            Nested::Layers(vec![
                vec![vec![Some(0), Some(1)]],
                vec![vec![Some(2), Some(3)]],
            ])
        );
    }
}
