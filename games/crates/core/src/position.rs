//! The one door between the rules and a position crate: the [`Position`]
//! trait, implemented for persistent-qi's positions of both pointer kinds
//! (`Qi` and `LocalQi`) and for the peer, sashite-qi's `Qi`, through each
//! crate's public API only, for any piece and style type the games use
//! (`Qpi`/`Sin` for shogi and chess, `u8` for Go); and for the fixed
//! array of each game, in [`crate::fixed`].

use core::fmt::{self, Debug};
use core::hash::{Hash, Hasher};

use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{ArcTK, GenericQi, Player, RcK, SharedPointerKind};

/// persistent-qi's position, the crate under test: thread-safe.
pub type Persistent<P = Qpi, S = Sin> = persistent_qi::Qi<P, S>;

/// persistent-qi's position for one thread.
pub type Local<P = Qpi, S = Sin> = persistent_qi::LocalQi<P, S>;

/// sashite-qi's position, the peer every figure is compared with.
pub type Sashite<P = Qpi, S = Sin> = sashite_qi::Qi<P, S>;

/// What a game's pieces and styles must be for every crate to hold them.
pub trait Token: Copy + Ord + Hash + Debug + Send + Sync + 'static {}

impl<T: Copy + Ord + Hash + Debug + Send + Sync + 'static> Token for T {}

/// One square a move writes: what the board held there, and what it holds
/// afterwards. Every crate is given both, so none reads the board back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Write<P> {
    /// The flat index of the square.
    pub square: usize,
    /// What the square holds before the move.
    pub before: Option<P>,
    /// What the square holds after the move.
    pub after: Option<P>,
}

/// A position's content, as every crate can be built from it: the
/// validating constructor of each is given the same parts.
#[derive(Debug, Clone, Copy)]
pub struct Parts<'a, P, S> {
    /// The dimension sizes, outermost first.
    pub shape: &'a [usize],
    /// Every square in index order.
    pub squares: &'a [Option<P>],
    /// Each player's hand, `(piece, count)` with counts above 0.
    pub hands: [&'a [(P, usize)]; 2],
    /// Each player's style, the first player's first.
    pub styles: [S; 2],
    /// The player to move.
    pub turn: Player,
}

/// What the games run on: a position crate, or the game's fixed array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Crate {
    /// persistent-qi's thread-safe positions (`Qi`), the crate under test.
    Persistent,
    /// persistent-qi's single-thread positions (`LocalQi`).
    Local,
    /// sashite-qi, the peer: positions that are plain copies.
    Sashite,
    /// The game's fixed array (`Game::Fixed`): the board inside the
    /// position, copied whole for every child, as an engine author writes
    /// it for one game. The limit of copying.
    Fixed,
}

impl Crate {
    /// Every crate, in table order.
    pub const ALL: [Crate; 4] = [
        Crate::Persistent,
        Crate::Local,
        Crate::Sashite,
        Crate::Fixed,
    ];

    /// persistent-qi's two kinds: each is compared with every reference.
    pub const PERSISTENT: [Crate; 2] = [Crate::Persistent, Crate::Local];

    /// What persistent-qi is compared with, each a column of ratios: the
    /// peer, then the fixed array.
    pub const REFERENCES: [Crate; 2] = [Crate::Sashite, Crate::Fixed];

    /// How reports name the crate.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Crate::Persistent => <Persistent as Position>::CRATE,
            Crate::Local => <Local as Position>::CRATE,
            Crate::Sashite => <Sashite as Position>::CRATE,
            Crate::Fixed => support::names::FIXED_ARRAY,
        }
    }

    /// How the command line names the crate (`--crate local`).
    #[must_use]
    pub fn flag(self) -> &'static str {
        match self {
            Crate::Persistent => "persistent",
            Crate::Local => "local",
            Crate::Sashite => "sashite",
            Crate::Fixed => "fixed",
        }
    }

    /// The crate the command line names, if any.
    #[must_use]
    pub fn from_flag(flag: &str) -> Option<Crate> {
        Crate::ALL.into_iter().find(|krate| krate.flag() == flag)
    }

    /// Whether the crate's positions may cross threads.
    #[must_use]
    pub fn is_sync(self) -> bool {
        self != Crate::Local
    }
}

/// Why a crate refused a position's parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildError {
    /// persistent-qi refused them.
    Persistent(persistent_qi::Error),
    /// sashite-qi refused them.
    Peer(sashite_qi::Error),
    /// The fixed array cannot hold them.
    Fixed(FixedError),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::Persistent(error) => fmt::Display::fmt(error, f),
            BuildError::Peer(error) => write!(f, "sashite-qi refuses the position: {error}"),
            BuildError::Fixed(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for BuildError {}

/// Why the fixed array refuses a position's parts: what does not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixedError {
    /// The board has more squares than the array.
    Squares {
        /// The board's squares.
        squares: usize,
        /// The array's.
        capacity: usize,
    },
    /// The squares given are not the shape's.
    SquareCount {
        /// The shape's squares.
        shape: usize,
        /// The squares given.
        given: usize,
    },
    /// A hand holds more kinds of piece than its array has entries.
    HandKinds {
        /// Whose hand.
        player: Player,
        /// The kinds it holds.
        kinds: usize,
        /// The entries of the array.
        capacity: usize,
    },
    /// A hand count past what an entry holds.
    HandCount {
        /// Whose hand.
        player: Player,
        /// The count.
        count: usize,
    },
}

impl fmt::Display for FixedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FixedError::Squares { squares, capacity } => write!(
                f,
                "the fixed array holds {capacity} squares, the board has {squares}"
            ),
            FixedError::SquareCount { shape, given } => write!(
                f,
                "the shape has {shape} squares, the fixed array is given {given}"
            ),
            FixedError::HandKinds {
                player,
                kinds,
                capacity,
            } => write!(
                f,
                "the fixed array holds {capacity} kinds of piece a hand, the {player} hand has {kinds}"
            ),
            FixedError::HandCount { player, count } => write!(
                f,
                "the fixed array counts at most {} of a piece in hand, the {player} hand has {count}",
                u8::MAX
            ),
        }
    }
}

/// What the rules need from a position crate: build a position from its
/// parts, read its board and hands, play a move, and a key for hash tables.
///
/// The rules read a node's board once, with
/// [`read_board`](Position::read_board), into an array of their own, and
/// create every child with [`play`](Position::play); nothing else touches
/// the position in the hot path.
pub trait Position: Clone + PartialEq + Sized + 'static {
    /// The piece type.
    type Piece: Token;
    /// The style type.
    type Style: Token;

    /// The crate's name, for reports.
    const CRATE: &'static str;

    /// Builds a position from its parts, through the crate's validating
    /// constructor.
    ///
    /// # Errors
    ///
    /// [`BuildError`] with the crate's reason for parts it refuses (a shape
    /// past its limits, more pieces than squares, a hand count of 0).
    fn from_parts(parts: Parts<'_, Self::Piece, Self::Style>) -> Result<Self, BuildError>;

    /// The dimension sizes, outermost first.
    fn shape(&self) -> &[usize];

    /// The number of squares.
    fn square_count(&self) -> usize {
        self.shape().iter().product()
    }

    /// The player to move.
    fn turn(&self) -> Player;

    /// A player's style.
    fn style(&self, player: Player) -> Self::Style;

    /// Copies the board into `squares`, one square per square of the
    /// board, in index order.
    ///
    /// # Panics
    ///
    /// If `squares` is not as long as the board.
    fn read_board(&self, squares: &mut [Option<Self::Piece>]);

    /// Calls `visit` with every `(piece, count)` of a player's hand.
    fn for_each_in_hand(&self, player: Player, visit: impl FnMut(Self::Piece, usize));

    /// The position after a move of the player to move: the squares it
    /// writes, the mover's hand change if any (`+1` of a captured piece,
    /// `-1` of a dropped one), and the turn passed to the other player, as
    /// one new position. `self` is unchanged.
    ///
    /// # Panics
    ///
    /// If a write's `before` is not what the square holds, or the changes
    /// break the crate's limits: a legal move always fits.
    #[must_use]
    fn play(&self, writes: &[Write<Self::Piece>], hand: Option<(Self::Piece, i32)>) -> Self;

    /// [`play`](Position::play) into `out`, a position the caller keeps: a
    /// crate that can build the child where it will be read does so.
    ///
    /// # Panics
    ///
    /// As [`play`](Position::play).
    fn play_into(
        &self,
        writes: &[Write<Self::Piece>],
        hand: Option<(Self::Piece, i32)>,
        out: &mut Self,
    ) {
        *out = self.play(writes, hand);
    }

    /// A 64-bit hash of the whole position, equal for equal positions.
    fn key(&self) -> u64;

    /// An equal position sharing no storage with this one: what a thread
    /// builds a tree of its own from, so that its positions touch no
    /// reference count another thread's touch. A clone, for a crate whose
    /// positions share nothing.
    #[must_use]
    fn detached(&self) -> Self {
        self.clone()
    }
}

/// Positions whose pieces and styles are the Sashité family's typed QPI
/// and SIN: shogi's and chess's.
pub trait QpiPosition: Position<Piece = Qpi, Style = Sin> {}

impl<P: Position<Piece = Qpi, Style = Sin>> QpiPosition for P {}

const LEGAL: &str = "a legal move fits the position it was generated for";

/// The name of a persistent-qi pointer kind, for reports.
pub trait KindName {
    /// How reports name positions of this kind.
    const CRATE: &'static str;
}

impl KindName for ArcTK {
    const CRATE: &'static str = support::names::PERSISTENT_QI;
}

impl KindName for RcK {
    const CRATE: &'static str = support::names::PERSISTENT_QI_LOCAL;
}

impl<P: Token, S: Token, K: SharedPointerKind + KindName + 'static> Position
    for GenericQi<P, S, K>
{
    type Piece = P;
    type Style = S;

    const CRATE: &'static str = K::CRATE;

    fn from_parts(parts: Parts<'_, P, S>) -> Result<Self, BuildError> {
        GenericQi::from_parts(
            parts.shape,
            parts.squares.iter().copied(),
            parts.hands[0].iter().copied(),
            parts.hands[1].iter().copied(),
            parts.styles[0],
            parts.styles[1],
            parts.turn,
        )
        .map_err(BuildError::Persistent)
    }

    fn shape(&self) -> &[usize] {
        GenericQi::shape(self)
    }

    fn square_count(&self) -> usize {
        GenericQi::square_count(self)
    }

    fn turn(&self) -> Player {
        GenericQi::turn(self)
    }

    fn style(&self, player: Player) -> S {
        *GenericQi::style(self, player)
    }

    fn read_board(&self, squares: &mut [Option<P>]) {
        self.board_into(squares).expect("one slot per square");
    }

    fn for_each_in_hand(&self, player: Player, mut visit: impl FnMut(P, usize)) {
        for (piece, count) in self.hand(player) {
            visit(*piece, count);
        }
    }

    // The move as one edit: the rules know what stands on every square the
    // move writes, so none is read back from the board. A drop leaves the
    // hand as it reaches the board, so no intermediate holds one piece too
    // many.
    fn play(&self, writes: &[Write<P>], hand: Option<(P, i32)>) -> Self {
        let mover = GenericQi::turn(self);
        self.edit_with(|edit| {
            for write in writes {
                edit.replace(write.square, write.before.as_ref(), write.after);
            }
            if let Some((piece, delta)) = hand {
                edit.hand(mover, piece, delta);
            }
            edit.toggle();
        })
        .expect(LEGAL)
    }

    // The same edit, built where the caller keeps the child: never moved.
    fn play_into(&self, writes: &[Write<P>], hand: Option<(P, i32)>, out: &mut Self) {
        let mover = GenericQi::turn(self);
        self.edit_into(out, |edit| {
            for write in writes {
                edit.replace(write.square, write.before.as_ref(), write.after);
            }
            if let Some((piece, delta)) = hand {
                edit.hand(mover, piece, delta);
            }
            edit.toggle();
        })
        .expect(LEGAL);
    }

    fn key(&self) -> u64 {
        self.position_hash()
    }

    fn detached(&self) -> Self {
        self.detach()
    }
}

impl<P: Token, S: Token> Position for Sashite<P, S> {
    type Piece = P;
    type Style = S;

    const CRATE: &'static str = support::names::SASHITE_QI;

    fn from_parts(parts: Parts<'_, P, S>) -> Result<Self, BuildError> {
        let turn = sashite_qi::Player::from(parts.turn);
        sashite_qi::Qi::new(parts.shape, parts.styles[0], parts.styles[1])
            .and_then(|position| {
                position.board_diff(
                    parts
                        .squares
                        .iter()
                        .enumerate()
                        .filter(|(_, square)| square.is_some())
                        .map(|(index, square)| (index, *square)),
                )
            })
            .and_then(|position| position.first_hand_diff(hand_diff(parts.hands[0])))
            .and_then(|position| position.second_hand_diff(hand_diff(parts.hands[1])))
            .map(|position| position.with_turn(turn))
            .map_err(BuildError::Peer)
            .and_then(|position| {
                if position.square_count() == parts.squares.len() {
                    Ok(position)
                } else {
                    Err(BuildError::Persistent(
                        persistent_qi::Error::SquareCountMismatch {
                            expected: position.square_count(),
                            given: parts.squares.len(),
                        },
                    ))
                }
            })
    }

    fn shape(&self) -> &[usize] {
        sashite_qi::Qi::shape(self)
    }

    fn square_count(&self) -> usize {
        sashite_qi::Qi::square_count(self)
    }

    fn turn(&self) -> Player {
        Player::from(sashite_qi::Qi::turn(self))
    }

    fn style(&self, player: Player) -> S {
        match player {
            Player::First => *self.first_style(),
            Player::Second => *self.second_style(),
        }
    }

    fn read_board(&self, squares: &mut [Option<P>]) {
        squares.copy_from_slice(self.board());
    }

    fn for_each_in_hand(&self, player: Player, mut visit: impl FnMut(P, usize)) {
        match player {
            Player::First => self
                .first_hand()
                .for_each(|(piece, count)| visit(*piece, count)),
            Player::Second => self
                .second_hand()
                .for_each(|(piece, count)| visit(*piece, count)),
        }
    }

    // The peer's transformations consume the position, so keeping the parent
    // costs a full clone; then the same changes as above, the hand first on
    // a drop so that no intermediate holds a piece too many.
    fn play(&self, writes: &[Write<P>], hand: Option<(P, i32)>) -> Self {
        let mover = Position::turn(self);
        let hand_change = |position: Self, change: (P, i32)| match mover {
            Player::First => position.first_hand_diff([change]),
            Player::Second => position.second_hand_diff([change]),
        };
        let board_change = |position: Self| {
            position.board_diff(writes.iter().map(|write| (write.square, write.after)))
        };
        let position = self.clone();
        let next = match hand {
            Some(change) if change.1 < 0 => hand_change(position, change).and_then(board_change),
            Some(change) => board_change(position).and_then(|next| hand_change(next, change)),
            None => board_change(position),
        };
        next.expect(LEGAL).toggle()
    }

    fn key(&self) -> u64 {
        let mut hasher = rustc_hash::FxHasher::default();
        self.hash(&mut hasher);
        hasher.finish()
    }
}

/// A hand's entries as sashite-qi's hand diff takes them.
fn hand_diff<P: Token>(entries: &[(P, usize)]) -> impl Iterator<Item = (P, i32)> + '_ {
    entries
        .iter()
        .map(|&(piece, count)| (piece, i32::try_from(count).unwrap_or(i32::MAX)))
}

/// A board shape as the games' messages write it: its dimensions joined by
/// `x` (`8x8`, `9x9x9`).
pub fn shape_text(shape: &[usize]) -> String {
    let dimensions: Vec<String> = shape.iter().map(ToString::to_string).collect();
    dimensions.join("x")
}

/// Whether two positions, of the same crate or not, hold the same shape,
/// board, hands, styles and turn. O(squares + hand entries).
#[must_use]
pub fn same_content<A, B>(a: &A, b: &B) -> bool
where
    A: Position,
    B: Position<Piece = A::Piece, Style = A::Style>,
{
    a.shape() == b.shape()
        && a.turn() == b.turn()
        && Player::ALL.iter().all(|&player| {
            a.style(player) == b.style(player) && hand_entries(a, player) == hand_entries(b, player)
        })
        && board_squares(a) == board_squares(b)
}

/// A digest of everything [`same_content`] compares, the same for positions
/// of any crate with the same content: to tell whether two trees built
/// apart, one at a time, hold the same positions.
#[must_use]
pub fn content_digest<P: Position>(position: &P) -> u64 {
    let mut hasher = rustc_hash::FxHasher::default();
    position.shape().hash(&mut hasher);
    position.turn().hash(&mut hasher);
    for player in Player::ALL {
        position.style(player).hash(&mut hasher);
        hand_entries(position, player).hash(&mut hasher);
    }
    board_squares(position).hash(&mut hasher);
    hasher.finish()
}

/// A hand's entries, sorted.
fn hand_entries<P: Position>(position: &P, player: Player) -> Vec<(P::Piece, usize)> {
    let mut entries = Vec::new();
    position.for_each_in_hand(player, |piece, count| entries.push((piece, count)));
    entries.sort_unstable();
    entries
}

/// Every square of a board.
fn board_squares<P: Position>(position: &P) -> Vec<Option<P::Piece>> {
    let mut squares = vec![None; position.square_count()];
    position.read_board(&mut squares);
    squares
}
