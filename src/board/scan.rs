//! The squares of a board in index order: runs of the blocks' squares
//! between the overlaid writes.
//!
//! A walk of the board reads the blocks' squares as slices, cut where a
//! kept or logged write overlays one ([`Chunks`]): a run of untouched
//! squares is a plain slice iterator (a tight loop in `fold`, `for_each`
//! and the search for an occupied square), and only the overlaid squares
//! are read one by one. A bulk copy of the board does not walk at all: see
//! `Board::clone_into`.

use core::slice;

use archery::SharedPointerKind;

use super::blocks::BlockSlices;
use super::{Board, Overlay};

/// A stretch of a board in index order: see [`Chunks`].
pub(crate) enum Chunk<'a, P> {
    /// Squares of the blocks no write overlays, the first at `start`.
    Run {
        start: usize,
        squares: &'a [Option<P>],
    },
    /// An overlaid write: the square at `index` as the board holds it.
    Overlaid { index: usize, square: Option<&'a P> },
}

/// The board's first squares in index order as [`Chunk`]s: the blocks' runs
/// between overlaid writes, and each overlaid write on its own.
pub(crate) struct Chunks<'a, P> {
    /// The blocks not fetched yet.
    blocks: BlockSlices<'a, P>,
    /// The current block's squares not given yet; `rest[0]` is the square
    /// at `position`.
    rest: &'a [Option<P>],
    position: usize,
    /// The squares still to take from blocks after `rest`.
    remaining: usize,
    /// The writes over the blocks in index order (see [`Board::overlay`]),
    /// the next one's place among them, and its index (`usize::MAX` past
    /// the last).
    writes: Overlay<'a, P>,
    next: usize,
    next_overlaid: usize,
}

impl<'a, P> Chunks<'a, P> {
    /// The first `square_count` squares of `board`.
    pub(super) fn new<K: SharedPointerKind>(board: Board<'a, P, K>, square_count: usize) -> Self {
        let writes = board.overlay();
        Chunks {
            blocks: board.store.blocks.block_slices(),
            rest: &[],
            position: 0,
            remaining: square_count,
            writes,
            next: 0,
            next_overlaid: writes.index_at(0).unwrap_or(usize::MAX),
        }
    }

    /// The squares not given yet.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.rest.len() + self.remaining
    }

    /// Takes the next block into `rest`; `false` past the last square.
    // Out of line: a walk fetches a block once per many squares, and the
    // loop around it keeps its state in registers.
    #[inline(never)]
    fn fetch(&mut self) -> bool {
        if self.remaining == 0 {
            return false;
        }
        let Some(block) = self.blocks.next() else {
            self.remaining = 0;
            return false;
        };
        let taken = block.len().min(self.remaining);
        self.rest = &block[..taken];
        self.remaining -= taken;
        true
    }
}

impl<'a, P> Iterator for Chunks<'a, P> {
    type Item = Chunk<'a, P>;

    #[inline]
    fn next(&mut self) -> Option<Chunk<'a, P>> {
        if self.rest.is_empty() && !self.fetch() {
            return None;
        }
        let start = self.position;
        if start == self.next_overlaid {
            let square = self.writes.square_at(self.next);
            self.next += 1;
            self.next_overlaid = self.writes.index_at(self.next).unwrap_or(usize::MAX);
            self.rest = &self.rest[1..];
            self.position += 1;
            return Some(Chunk::Overlaid {
                index: start,
                square,
            });
        }
        let length = self.rest.len().min(self.next_overlaid - start);
        let (squares, rest) = self.rest.split_at(length);
        self.rest = rest;
        self.position += length;
        Some(Chunk::Run { start, squares })
    }
}

/// The squares of a board in order: see [`Board::squares`].
pub(crate) struct Squares<'a, P> {
    /// The current run's squares not given yet.
    run: slice::Iter<'a, Option<P>>,
    chunks: Chunks<'a, P>,
}

impl<'a, P> Squares<'a, P> {
    pub(super) fn new<K: SharedPointerKind>(board: Board<'a, P, K>, square_count: usize) -> Self {
        Squares {
            run: [].iter(),
            chunks: Chunks::new(board, square_count),
        }
    }
}

impl<'a, P> Iterator for Squares<'a, P> {
    type Item = Option<&'a P>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(square) = self.run.next() {
                return Some(square.as_ref());
            }
            match self.chunks.next()? {
                Chunk::Run { squares, .. } => self.run = squares.iter(),
                Chunk::Overlaid { square, .. } => return Some(square),
            }
        }
    }

    #[inline]
    fn fold<B, F>(self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        let mut accumulator = self
            .run
            .fold(init, |accumulator, square| f(accumulator, square.as_ref()));
        for chunk in self.chunks {
            accumulator = match chunk {
                Chunk::Run { squares, .. } => {
                    squares.iter().fold(accumulator, |accumulator, square| {
                        f(accumulator, square.as_ref())
                    })
                }
                Chunk::Overlaid { square, .. } => f(accumulator, square),
            };
        }
        accumulator
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.run.len() + self.chunks.len();
        (len, Some(len))
    }
}

impl<P> ExactSizeIterator for Squares<'_, P> {}

/// The occupied squares of a board in order, with their indices: see
/// [`Board::occupied`]. A run of the blocks is searched for its next
/// occupied square as a slice, so empty stretches cost a tight loop.
pub(crate) struct Occupied<'a, P> {
    /// The current run's squares not searched yet, the first at `start`.
    run: &'a [Option<P>],
    start: usize,
    chunks: Chunks<'a, P>,
}

impl<'a, P> Occupied<'a, P> {
    pub(super) fn new<K: SharedPointerKind>(board: Board<'a, P, K>, square_count: usize) -> Self {
        Occupied {
            run: &[],
            start: 0,
            chunks: Chunks::new(board, square_count),
        }
    }
}

impl<'a, P> Iterator for Occupied<'a, P> {
    type Item = (usize, &'a P);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(offset) = first_occupied(self.run) {
                let index = self.start + offset;
                let square = &self.run[offset];
                self.run = &self.run[offset + 1..];
                self.start = index + 1;
                if let Some(piece) = square {
                    return Some((index, piece));
                }
            }
            match self.chunks.next()? {
                Chunk::Run { start, squares } => (self.start, self.run) = (start, squares),
                Chunk::Overlaid { index, square } => {
                    self.run = &[];
                    if let Some(piece) = square {
                        return Some((index, piece));
                    }
                }
            }
        }
    }

    /// The runs of the blocks a stride at a time, each stride with an
    /// occupied square walked square by square: no search restarts at each
    /// piece, as [`next`](Iterator::next) must.
    #[inline]
    fn fold<B, F>(self, init: B, mut f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        let mut accumulator = fold_occupied(self.start, self.run, init, &mut f);
        for chunk in self.chunks {
            accumulator = match chunk {
                Chunk::Run { start, squares } => fold_occupied(start, squares, accumulator, &mut f),
                Chunk::Overlaid {
                    index,
                    square: Some(piece),
                } => f(accumulator, (index, piece)),
                Chunk::Overlaid { square: None, .. } => accumulator,
            };
        }
        accumulator
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.run.len() + self.chunks.len()))
    }
}

/// Folds `f` over the occupied squares of `squares`, the first at `start`,
/// with their indices: strides with no occupied square skipped whole (a
/// vector comparison each), the others walked square by square.
#[inline]
fn fold_occupied<'a, P, B>(
    start: usize,
    squares: &'a [Option<P>],
    init: B,
    f: &mut impl FnMut(B, (usize, &'a P)) -> B,
) -> B {
    /// Every square of `squares`, the first at `first`.
    #[inline]
    fn fold_squares<'a, P, B>(
        accumulator: B,
        first: usize,
        squares: &'a [Option<P>],
        f: &mut impl FnMut(B, (usize, &'a P)) -> B,
    ) -> B {
        (first..)
            .zip(squares)
            .fold(accumulator, |accumulator, (index, square)| match square {
                Some(piece) => f(accumulator, (index, piece)),
                None => accumulator,
            })
    }
    let mut accumulator = init;
    let mut strides = squares.chunks_exact(STRIDE);
    let mut first = start;
    for stride in &mut strides {
        if any_occupied(stride) {
            accumulator = fold_squares(accumulator, first, stride, f);
        }
        first += STRIDE;
    }
    fold_squares(accumulator, first, strides.remainder(), f)
}

/// Squares a search for an occupied one tests at once: enough to fill a
/// vector register with `Option<u8>` or `Option<Qpi>` squares.
const STRIDE: usize = 16;

/// The offset of the first occupied square of `squares`, if any: whole
/// strides tested without an early exit (a vector comparison), then the
/// stride that holds one searched square by square.
#[inline]
fn first_occupied<P>(squares: &[Option<P>]) -> Option<usize> {
    let mut strides = squares.chunks_exact(STRIDE);
    let mut start = 0;
    for stride in &mut strides {
        if any_occupied(stride) {
            return stride
                .iter()
                .position(Option::is_some)
                .map(|offset| start + offset);
        }
        start += STRIDE;
    }
    strides
        .remainder()
        .iter()
        .position(Option::is_some)
        .map(|offset| start + offset)
}

/// Whether any square of `stride` is occupied, every square tested (a
/// vector comparison, with no early exit). Written two ways, the one the
/// compiler makes a vector comparison of for each kind of square: a
/// square whose emptiness is a value of the piece's own (a niche:
/// `Option<Qpi>`, no larger than `Qpi`) is compared whole, the results
/// combined bitwise; one whose emptiness is a tag beside the piece
/// (`Option<u8>`) has its tags summed, since the bitwise form loads each
/// of its tags on its own, and the sum is the slower form on a niche (see
/// `docs/performance.md`, "Walks of played positions"). Both give the same
/// answer for every square type.
#[inline]
fn any_occupied<P>(stride: &[Option<P>]) -> bool {
    if size_of::<Option<P>>() == size_of::<P>() {
        // Bitwise, not lazy: every square of a stride is tested.
        #[allow(clippy::needless_bitwise_bool)]
        stride
            .iter()
            .fold(false, |any, square| any | square.is_some())
    } else {
        stride.iter().fold(0_u32, |occupied, square| {
            occupied + u32::from(square.is_some())
        }) != 0
    }
}
