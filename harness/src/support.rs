//! What the benchmarks, the examples and the tests share: one fixed-seed
//! generator (from `persistent-qi-support`, shared with the games program), the piece types they run with, one adapter over persistent-qi
//! and sashite-qi, and the checks every generated position must pass.

use core::fmt;
use core::hash::Hash;
use std::hint::black_box;

use persistent_qi::qpi::Qpi;
use persistent_qi::{ArcTK, GenericQi, Player, RcK, SharedPointerKind};

pub use ::support::Rng;

/// Piece identifiers in QPI notation; every piece type is built from these.
pub const TOKENS: [&str; 24] = [
    "C:K^", "C:Q", "C:R", "C:B", "C:N", "C:P", "c:k^", "c:q", "c:r", "c:b", "c:n", "c:p", "S:K^",
    "S:R", "S:B", "S:G", "S:+P", "S:L", "s:k^", "s:r", "s:b", "s:g", "s:+p", "s:l",
];

/// A piece type the benchmarks and examples run with.
pub trait Piece: Clone + Ord + Hash {
    /// The type's name in benchmark ids and tables.
    const NAME: &'static str;

    /// The piece for the `index`-th of [`TOKENS`].
    fn from_token(index: usize, token: &str) -> Self;

    /// Every piece of [`TOKENS`].
    #[must_use]
    fn all() -> Vec<Self> {
        TOKENS
            .iter()
            .enumerate()
            .map(|(index, token)| Self::from_token(index, token))
            .collect()
    }
}

impl Piece for u8 {
    const NAME: &'static str = "u8";
    fn from_token(index: usize, _token: &str) -> Self {
        u8::try_from(index).expect("fewer than 256 tokens")
    }
}

impl Piece for Qpi {
    const NAME: &'static str = "Qpi";
    fn from_token(_index: usize, token: &str) -> Self {
        Qpi::parse(token).expect("the tokens are valid QPI")
    }
}

impl Piece for String {
    const NAME: &'static str = "String";
    fn from_token(_index: usize, token: &str) -> Self {
        token.to_owned()
    }
}

/// A pointer kind positions are built over, with the names the harness
/// prints for it: [`ArcTK`] (`Qi`, thread-safe) and [`RcK`] (`LocalQi`, one
/// thread). Everything the harness runs on a position is generic over it,
/// so both kinds run the same checks.
pub trait Kind: SharedPointerKind + 'static {
    /// The position type's alias over this kind, as a program names it:
    /// `Qi` or `LocalQi`.
    const ALIAS: &'static str;
    /// The crate's name with this kind, in benchmark ids and tables:
    /// `persistent-qi` or `persistent-qi-local`.
    const CRATE: &'static str;
    /// The other kind.
    type Other: Kind;

    /// `position` over the other kind, by the conversion named for it:
    /// `Qi::to_local` or `LocalQi::to_sync`.
    fn to_other<P: Clone + Ord, S: Clone>(
        position: &GenericQi<P, S, Self>,
    ) -> GenericQi<P, S, Self::Other>;
}

impl Kind for ArcTK {
    const ALIAS: &'static str = "Qi";
    const CRATE: &'static str = ::support::names::PERSISTENT_QI;
    type Other = RcK;

    fn to_other<P: Clone + Ord, S: Clone>(
        position: &GenericQi<P, S, Self>,
    ) -> GenericQi<P, S, RcK> {
        position.to_local()
    }
}

impl Kind for RcK {
    const ALIAS: &'static str = "LocalQi";
    const CRATE: &'static str = ::support::names::PERSISTENT_QI_LOCAL;
    type Other = ArcTK;

    fn to_other<P: Clone + Ord, S: Clone>(
        position: &GenericQi<P, S, Self>,
    ) -> GenericQi<P, S, ArcTK> {
        position.to_sync()
    }
}

/// A piece whose [`Hash`] collides with every other: a `T` (by default a
/// `u8`) by value for `==` and `Ord`, but hashed as a constant.
///
/// A position's hash mixes one term per occupied square (index, piece) and
/// per hand entry, so with these pieces two positions that differ only in
/// which pieces stand where, or which pieces a hand holds, hash alike. Only
/// a comparison that reads the squares and the hands tells them apart: the
/// model-based tests and the laws run with it so that an `==` that trusted
/// equal hashes would fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Collide<T = u8>(pub T);

impl<T> Hash for Collide<T> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(0);
    }
}

impl<T> From<T> for Collide<T> {
    fn from(value: T) -> Self {
        Collide(value)
    }
}

/// Two board changes: a move.
pub type Move<P> = [(usize, Option<P>); 2];

/// A capture: the move, and the piece taken, for the mover's hand.
#[derive(Debug, Clone)]
pub struct Capture<P> {
    /// The two board changes.
    pub changes: Move<P>,
    /// The piece taken.
    pub taken: P,
}

/// One crate's position, driven the same way whatever the crate: the
/// benchmarks, the memory example and the differential test run
/// persistent-qi (either pointer kind: `Qi` is "persistent-qi", `LocalQi`
/// "persistent-qi-local") and sashite-qi through it.
///
/// Every transformation keeps its receiver. sashite-qi's consume theirs, so
/// its adapter clones first: what keeping the parent, as a search does,
/// costs with that crate.
pub trait Position<P, S>: Clone + Eq + Hash {
    /// The crate's name, in benchmark ids and tables.
    const CRATE: &'static str;
    /// `false` if every position owns its whole board.
    const SHARES_STRUCTURE: bool;
    /// The crate's error.
    type Error: fmt::Debug;

    /// An empty position.
    ///
    /// # Errors
    ///
    /// The crate's, for an invalid shape.
    fn new(shape: &[usize], first_style: S, second_style: S) -> Result<Self, Self::Error>;

    /// Some squares replaced.
    ///
    /// # Errors
    ///
    /// The crate's, for an index off the board or too many pieces.
    fn board_diff(
        &self,
        changes: impl IntoIterator<Item = (usize, Option<P>)>,
    ) -> Result<Self, Self::Error>;

    /// Pieces added to or removed from a hand.
    ///
    /// # Errors
    ///
    /// The crate's, for an underflow or too many pieces.
    fn hand_diff(
        &self,
        player: Player,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Self::Error>;

    /// The other player to move.
    #[must_use]
    fn toggle(&self) -> Self;

    /// `player` to move.
    #[must_use]
    fn with_turn(&self, player: Player) -> Self;

    /// The player to move.
    fn turn(&self) -> Player;

    /// The piece on a square, if any.
    fn square(&self, index: usize) -> Option<&P>;

    /// Every square, row-major.
    fn squares<'a>(&'a self) -> impl Iterator<Item = Option<&'a P>>
    where
        P: 'a;

    /// A board of `squares`, styles 0 and 1, the first player to move.
    ///
    /// # Panics
    ///
    /// If the board is invalid.
    #[must_use]
    fn from_squares(shape: &[usize], squares: &[Option<P>]) -> Self
    where
        P: Clone,
        S: From<u8>,
    {
        Self::new(shape, S::from(0), S::from(1))
            .and_then(|empty| empty.board_diff(squares.iter().cloned().enumerate()))
            .expect("a valid board")
    }

    /// A quiet move (a 2-square diff) and the turn passed.
    ///
    /// # Panics
    ///
    /// If the move is invalid.
    #[must_use]
    fn apply_move(&self, changes: &Move<P>) -> Self
    where
        P: Clone,
    {
        self.board_diff(changes.clone())
            .expect("a valid move")
            .toggle()
    }

    /// A capture: the move, the taken piece into the mover's hand, the turn
    /// passed.
    ///
    /// # Panics
    ///
    /// If the capture is invalid.
    #[must_use]
    fn capture_to_hand(&self, capture: &Capture<P>) -> Self
    where
        P: Clone,
    {
        self.board_diff(capture.changes.clone())
            .and_then(|next| next.hand_diff(self.turn(), [(capture.taken.clone(), 1)]))
            .expect("a valid capture")
            .toggle()
    }

    /// The quiet move as one transformation, where the crate has one (by
    /// default, [`apply_move`](Position::apply_move)).
    ///
    /// # Panics
    ///
    /// If the move is invalid.
    #[must_use]
    fn edit_move(&self, changes: &Move<P>) -> Self
    where
        P: Clone,
    {
        self.apply_move(changes)
    }

    /// The capture as one transformation, where the crate has one (by
    /// default, [`capture_to_hand`](Position::capture_to_hand)).
    ///
    /// # Panics
    ///
    /// If the capture is invalid.
    #[must_use]
    fn edit_capture(&self, capture: &Capture<P>) -> Self
    where
        P: Clone,
    {
        self.capture_to_hand(capture)
    }

    /// Reads every square, for timing a scan.
    fn scan(&self) -> usize {
        self.squares().filter_map(black_box).count()
    }

    /// Copies the board into `out` (as long as the board) the fastest way
    /// the crate has: persistent-qi's `board_into`; for a crate whose board
    /// is a slice, that slice iterated into `out`.
    fn board_into(&self, out: &mut [Option<P>])
    where
        P: Clone;

    /// Copies the board into `out` through [`squares`](Position::squares),
    /// as generic code over any crate would.
    fn squares_into(&self, out: &mut [Option<P>])
    where
        P: Clone,
    {
        for (slot, square) in out.iter_mut().zip(self.squares()) {
            *slot = square.cloned();
        }
    }

    /// The number of occupied squares, by walking them.
    fn occupied_count(&self) -> usize;
}

impl<P: Clone + Ord + Hash, S: Eq + Hash, K: Kind> Position<P, S> for GenericQi<P, S, K> {
    const CRATE: &'static str = K::CRATE;
    const SHARES_STRUCTURE: bool = true;
    type Error = persistent_qi::Error;

    fn new(shape: &[usize], first_style: S, second_style: S) -> Result<Self, Self::Error> {
        GenericQi::new(shape, first_style, second_style)
    }

    fn board_diff(
        &self,
        changes: impl IntoIterator<Item = (usize, Option<P>)>,
    ) -> Result<Self, Self::Error> {
        GenericQi::board_diff(self, changes)
    }

    fn hand_diff(
        &self,
        player: Player,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Self::Error> {
        GenericQi::hand_diff(self, player, changes)
    }

    fn toggle(&self) -> Self {
        GenericQi::toggle(self)
    }

    fn edit_move(&self, changes: &Move<P>) -> Self {
        let [(from, left), (to, arrived)] = changes.clone();
        self.edit_with(|edit| {
            edit.set(from, left).set(to, arrived).toggle();
        })
        .expect("a valid move")
    }

    fn edit_capture(&self, capture: &Capture<P>) -> Self {
        let [(from, left), (to, arrived)] = capture.changes.clone();
        self.edit_with(|edit| {
            edit.set(from, left)
                .set(to, arrived)
                .hand(self.turn(), capture.taken.clone(), 1)
                .toggle();
        })
        .expect("a valid capture")
    }

    fn with_turn(&self, player: Player) -> Self {
        GenericQi::with_turn(self, player)
    }

    fn turn(&self) -> Player {
        GenericQi::turn(self)
    }

    fn square(&self, index: usize) -> Option<&P> {
        GenericQi::square(self, index)
    }

    fn squares<'a>(&'a self) -> impl Iterator<Item = Option<&'a P>>
    where
        P: 'a,
    {
        GenericQi::squares(self)
    }

    fn board_into(&self, out: &mut [Option<P>]) {
        GenericQi::board_into(self, out).expect("a slice as long as the board");
    }

    fn occupied_count(&self) -> usize {
        self.occupied().count()
    }
}

/// The peer's player for ours.
#[must_use]
pub fn peer_player(player: Player) -> sashite_qi::Player {
    match player {
        Player::First => sashite_qi::Player::First,
        Player::Second => sashite_qi::Player::Second,
    }
}

impl<P: Clone + Ord + Hash, S: Clone + Eq + Hash> Position<P, S> for sashite_qi::Qi<P, S> {
    const CRATE: &'static str = ::support::names::SASHITE_QI;
    const SHARES_STRUCTURE: bool = false;
    type Error = sashite_qi::Error;

    fn new(shape: &[usize], first_style: S, second_style: S) -> Result<Self, Self::Error> {
        sashite_qi::Qi::new(shape, first_style, second_style)
    }

    fn board_diff(
        &self,
        changes: impl IntoIterator<Item = (usize, Option<P>)>,
    ) -> Result<Self, Self::Error> {
        self.clone().board_diff(changes)
    }

    fn hand_diff(
        &self,
        player: Player,
        changes: impl IntoIterator<Item = (P, i32)>,
    ) -> Result<Self, Self::Error> {
        match player {
            Player::First => self.clone().first_hand_diff(changes),
            Player::Second => self.clone().second_hand_diff(changes),
        }
    }

    fn toggle(&self) -> Self {
        self.clone().toggle()
    }

    fn with_turn(&self, player: Player) -> Self {
        self.clone().with_turn(peer_player(player))
    }

    // A move clones once, then chains the transformations, which consume
    // the position: the cheapest way to keep the parent with this crate.
    fn apply_move(&self, changes: &Move<P>) -> Self {
        self.clone()
            .board_diff(changes.clone())
            .expect("a valid move")
            .toggle()
    }

    fn capture_to_hand(&self, capture: &Capture<P>) -> Self {
        let next = self
            .clone()
            .board_diff(capture.changes.clone())
            .expect("a valid move");
        let taken = [(capture.taken.clone(), 1)];
        match sashite_qi::Qi::turn(self) {
            sashite_qi::Player::First => next.first_hand_diff(taken),
            sashite_qi::Player::Second => next.second_hand_diff(taken),
        }
        .expect("a valid capture")
        .toggle()
    }

    fn turn(&self) -> Player {
        match sashite_qi::Qi::turn(self) {
            sashite_qi::Player::First => Player::First,
            sashite_qi::Player::Second => Player::Second,
        }
    }

    fn square(&self, index: usize) -> Option<&P> {
        sashite_qi::Qi::square(self, index)
    }

    fn squares<'a>(&'a self) -> impl Iterator<Item = Option<&'a P>>
    where
        P: 'a,
    {
        self.board().iter().map(Option::as_ref)
    }

    fn board_into(&self, out: &mut [Option<P>]) {
        for (slot, square) in out.iter_mut().zip(self.board()) {
            slot.clone_from(square);
        }
    }

    fn occupied_count(&self) -> usize {
        self.board()
            .iter()
            .filter(|square| square.is_some())
            .count()
    }
}

/// The same content as `position`, built from scratch by `Qi::from_parts`
/// from what its readers return: the squares, the hands, the styles, the
/// turn.
///
/// # Panics
///
/// If the content does not build, which would be a bug.
#[must_use]
pub fn rebuilt<P: Clone + Ord + Hash, S: Clone + Hash, K: SharedPointerKind>(
    position: &GenericQi<P, S, K>,
) -> GenericQi<P, S, K> {
    let hand = |player| {
        position
            .hand(player)
            .map(|(piece, count)| (piece.clone(), count))
    };
    GenericQi::from_parts(
        position.shape(),
        position.squares().map(Option::<&P>::cloned),
        hand(Player::First),
        hand(Player::Second),
        position.first_style().clone(),
        position.second_style().clone(),
        position.turn(),
    )
    .expect("a position's own content is valid")
}

/// Whether two positions hold the same content, compared through the
/// readers (shape, every square, both hands, styles, turn) rather than
/// through `==`, which is what this checks.
#[must_use]
pub fn same_content<P: Ord, S: PartialEq, K: SharedPointerKind, K2: SharedPointerKind>(
    a: &GenericQi<P, S, K>,
    b: &GenericQi<P, S, K2>,
) -> bool {
    a.shape() == b.shape()
        && a.squares().eq(b.squares())
        && Player::ALL
            .iter()
            .all(|&player| a.hand(player).eq(b.hand(player)))
        && a.first_style() == b.first_style()
        && a.second_style() == b.second_style()
        && a.turn() == b.turn()
}

/// Every rule a position keeps, checked from the outside: 1 to 3
/// dimensions, one square per square of the shape, counters equal to a
/// recount, no zero count in a hand, pieces ≤ squares, and the incremental
/// hash equal to the hash of its content built from scratch (with `==`
/// agreeing).
///
/// # Panics
///
/// On a broken rule.
pub fn assert_valid<P, S, K: SharedPointerKind>(position: &GenericQi<P, S, K>)
where
    P: Clone + Ord + Hash + fmt::Debug,
    S: Clone + Eq + Hash + fmt::Debug,
{
    assert!((1..=3).contains(&position.dimension_count()));
    assert_eq!(position.squares().count(), position.square_count());
    assert_eq!(
        position.squares().flatten().count(),
        position.board_piece_count(),
        "board count of {position:?}"
    );
    let mut held = 0;
    for player in Player::ALL {
        for (piece, count) in position.hand(player) {
            assert!(count > 0, "a zero count of {piece:?} in {position:?}");
            held += count;
        }
    }
    assert_eq!(
        held,
        position.hand_piece_count(),
        "hand count of {position:?}"
    );
    assert!(position.piece_count() <= position.square_count());
    let scratch = rebuilt(position);
    assert_eq!(
        position.position_hash(),
        scratch.position_hash(),
        "the incremental hash of {position:?} against the hash from scratch"
    );
    assert_eq!(position, &scratch);
}

/// Moves and indices per [`Case`]; the timed loops cycle through them.
pub const POOL: usize = 1024;

/// How many positions a move is played from, in turn: see [`Case::parents`].
pub const DEPTHS: usize = 17;

/// What every crate starts from for one shape and piece type.
pub struct Case<P> {
    /// The board's shape.
    pub shape: [usize; 2],
    /// The half-full starting board.
    pub squares: Vec<Option<P>>,
    /// Quiet moves from the start: occupied square to empty square.
    pub quiet: Vec<Move<P>>,
    /// Captures from the start: occupied square to occupied square.
    pub captures: Vec<Capture<P>>,
    /// Random square indices.
    pub indices: Vec<usize>,
}

impl<P: Piece> Case<P> {
    /// The case of a shape: the same squares, moves and indices for every
    /// crate.
    ///
    /// # Panics
    ///
    /// On a shape too small for both an occupied and an empty square.
    #[must_use]
    pub fn new(shape: [usize; 2]) -> Self {
        let pieces: Vec<P> = TOKENS
            .iter()
            .enumerate()
            .map(|(index, token)| P::from_token(index, token))
            .collect();
        let square_count = shape[0] * shape[1];
        let mut rng = Rng(0x0b5e_55ed ^ square_count as u64);
        let squares: Vec<Option<P>> = (0..square_count)
            .map(|_| (rng.next_u64() & 1 == 1).then(|| rng.pick(&pieces).clone()))
            .collect();
        let occupied: Vec<usize> = (0..square_count)
            .filter(|&index| squares[index].is_some())
            .collect();
        let empty: Vec<usize> = (0..square_count)
            .filter(|&index| squares[index].is_none())
            .collect();
        let quiet = (0..POOL)
            .map(|_| {
                let from = *rng.pick(&occupied);
                let to = *rng.pick(&empty);
                [(from, None), (to, squares[from].clone())]
            })
            .collect();
        let captures = (0..POOL)
            .map(|_| {
                let from = *rng.pick(&occupied);
                let mut to = *rng.pick(&occupied);
                while to == from {
                    to = *rng.pick(&occupied);
                }
                Capture {
                    changes: [(from, None), (to, squares[from].clone())],
                    taken: squares[to].clone().expect("an occupied square"),
                }
            })
            .collect();
        let indices = (0..POOL).map(|_| rng.below(square_count)).collect();
        Case {
            shape,
            squares,
            quiet,
            captures,
            indices,
        }
    }

    /// The positions the moves of `apply_move`, `capture_to_hand`,
    /// `edit_move` and `edit_capture` are played from, in turn: the start
    /// and the next positions of a line of quiet moves from it. persistent-qi
    /// keeps a position's last few square writes beside its shared blocks
    /// and moves them into the blocks when there is no room left, so what a
    /// move costs depends on how deep its parent is in that cycle; for
    /// quiet moves, 17 depths are one whole cycle, which is what a search
    /// meets on average.
    ///
    /// # Panics
    ///
    /// If a move is refused, which the half-full boards never do.
    #[must_use]
    pub fn parents<Q: Position<P, u8>>(&self) -> Vec<Q> {
        let mut line = vec![Q::from_squares(&self.shape, &self.squares)];
        for changes in self.quiet.iter().rev().take(DEPTHS - 1) {
            let next = line.last().expect("the start").apply_move(changes);
            line.push(next);
        }
        line
    }

    /// `8x8`, `9x9`, ...
    #[must_use]
    pub fn shape_name(&self) -> String {
        format!("{}x{}", self.shape[0], self.shape[1])
    }
}
