//! The one door between the rules and a position crate: the [`Position`]
//! trait, implemented for persistent-qi's positions of both pointer kinds
//! (`Qi<Qpi, Sin>` and `LocalQi<Qpi, Sin>`) and for the peer, sashite-qi's
//! `Qi<Qpi, Sin>`, through each crate's public API only.

use core::hash::{Hash, Hasher};

use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{ArcTK, GenericQi, Player, RcK, SharedPointerKind};

use crate::feen::{self, FeenError};
use crate::moves::{Move, SQUARES};

/// persistent-qi's typed position, the crate under test: thread-safe.
pub type Persistent = persistent_qi::Qi<Qpi, Sin>;

/// persistent-qi's typed position for one thread.
pub type Local = persistent_qi::LocalQi<Qpi, Sin>;

/// sashite-qi's typed position, the peer every figure is compared with.
pub type Sashite = sashite_qi::Qi<Qpi, Sin>;

/// What the rules need from a position crate: read the board and hands,
/// play a legal move, and a key for hash tables.
///
/// The rules read a node's board once, with
/// [`read_board`](Position::read_board), into a local mailbox, and create every child
/// with [`play`](Position::play); nothing else touches the position in the
/// hot path.
pub trait Position: Clone + PartialEq + Sized + 'static {
    /// The crate's name, for reports.
    const CRATE: &'static str;

    /// Reads a FEEN string. The result is any FEEN position; the rules check
    /// that it is shogi (see [`load`](crate::load)).
    ///
    /// # Errors
    ///
    /// [`FeenError`] if the string is no FEEN or names a shape the crate
    /// cannot hold.
    fn from_feen(feen: &str) -> Result<Self, FeenError>;

    /// The dimension sizes, outermost first.
    fn shape(&self) -> &[usize];

    /// The player to move.
    fn turn(&self) -> Player;

    /// A player's style.
    fn style(&self, player: Player) -> Sin;

    /// Copies the first [`SQUARES`] squares into `squares`, in index order.
    fn read_board(&self, squares: &mut [Option<Qpi>; SQUARES]);

    /// Calls `visit` with every `(piece, count)` of a player's hand.
    fn for_each_in_hand(&self, player: Player, visit: impl FnMut(Qpi, usize));

    /// The position after a legal move of the player to move: the board
    /// change, the mover's hand change (a capture enters it, a drop leaves
    /// it) and the turn, as one new position. `self` is unchanged.
    ///
    /// # Panics
    ///
    /// If `mv` is not a move generated for `self`: a legal move always fits.
    #[must_use]
    fn play(&self, mv: Move) -> Self;

    /// A 64-bit hash of the whole position, equal for equal positions.
    fn key(&self) -> u64;
}

/// The mover's hand change, if any: `+1` of the captured piece, or `-1` of
/// the dropped one.
fn hand_change(mv: Move) -> Option<(Qpi, i32)> {
    match (mv.from, mv.capture) {
        (None, _) => Some((mv.piece, -1)),
        (Some(_), Some(captured)) => Some((captured, 1)),
        (Some(_), None) => None,
    }
}

const LEGAL: &str = "a legal move fits the position it was generated for";

/// The name of a persistent-qi pointer kind, for reports.
pub trait KindName {
    /// How reports name positions of this kind.
    const CRATE: &'static str;
}

impl KindName for ArcTK {
    const CRATE: &'static str = "persistent-qi";
}

impl KindName for RcK {
    const CRATE: &'static str = "persistent-qi (local)";
}

impl<K: SharedPointerKind + KindName + 'static> Position for GenericQi<Qpi, Sin, K> {
    const CRATE: &'static str = K::CRATE;

    fn from_feen(feen: &str) -> Result<Self, FeenError> {
        feen::read_persistent(feen).map(|position| position.to_kind())
    }

    fn shape(&self) -> &[usize] {
        GenericQi::shape(self)
    }

    fn turn(&self) -> Player {
        GenericQi::turn(self)
    }

    fn style(&self, player: Player) -> Sin {
        *GenericQi::style(self, player)
    }

    fn read_board(&self, squares: &mut [Option<Qpi>; SQUARES]) {
        for (slot, square) in squares.iter_mut().zip(self.squares()) {
            *slot = square.copied();
        }
    }

    fn for_each_in_hand(&self, player: Player, mut visit: impl FnMut(Qpi, usize)) {
        for (piece, count) in self.hand(player) {
            visit(*piece, count);
        }
    }

    // The move as one edit: the move generator knows what stands on both
    // squares, so neither is read back from the board. A drop leaves the
    // hand as it reaches the board, so no intermediate holds one piece too
    // many.
    fn play(&self, mv: Move) -> Self {
        let to = usize::from(mv.to);
        let mover = GenericQi::turn(self);
        self.edit_with(|edit| {
            if let Some(from) = mv.from {
                edit.replace(usize::from(from), Some(&mv.mover), None);
            }
            edit.replace(to, mv.taken.as_ref(), Some(mv.piece));
            if let Some((piece, delta)) = hand_change(mv) {
                edit.hand(mover, piece, delta);
            }
            edit.toggle();
        })
        .expect(LEGAL)
    }

    fn key(&self) -> u64 {
        self.position_hash()
    }
}

/// The board changes of a move: the vacated square (if any), then the target.
fn board_changes(mv: Move) -> impl Iterator<Item = (usize, Option<Qpi>)> {
    mv.from
        .map(|from| (usize::from(from), None))
        .into_iter()
        .chain([(usize::from(mv.to), Some(mv.piece))])
}

impl Position for Sashite {
    const CRATE: &'static str = "sashite-qi";

    fn from_feen(feen: &str) -> Result<Self, FeenError> {
        feen::read_sashite(feen)
    }

    fn shape(&self) -> &[usize] {
        sashite_qi::Qi::shape(self)
    }

    fn turn(&self) -> Player {
        match sashite_qi::Qi::turn(self) {
            sashite_qi::Player::First => Player::First,
            sashite_qi::Player::Second => Player::Second,
        }
    }

    fn style(&self, player: Player) -> Sin {
        match player {
            Player::First => *self.first_style(),
            Player::Second => *self.second_style(),
        }
    }

    fn read_board(&self, squares: &mut [Option<Qpi>; SQUARES]) {
        let board = self.board();
        let count = board.len().min(SQUARES);
        squares[..count].copy_from_slice(&board[..count]);
    }

    fn for_each_in_hand(&self, player: Player, mut visit: impl FnMut(Qpi, usize)) {
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
    // costs a full clone; then the same diffs as above.
    fn play(&self, mv: Move) -> Self {
        let mover = Position::turn(self);
        let hand_diff = |position: Sashite, change: (Qpi, i32)| match mover {
            Player::First => position.first_hand_diff([change]),
            Player::Second => position.second_hand_diff([change]),
        };
        let position = self.clone();
        let next = match hand_change(mv) {
            Some(change) if mv.is_drop() => {
                hand_diff(position, change).and_then(|next| next.board_diff(board_changes(mv)))
            }
            Some(change) => position
                .board_diff(board_changes(mv))
                .and_then(|next| hand_diff(next, change)),
            None => position.board_diff(board_changes(mv)),
        };
        next.expect(LEGAL).toggle()
    }

    fn key(&self) -> u64 {
        let mut hasher = rustc_hash::FxHasher::default();
        self.hash(&mut hasher);
        hasher.finish()
    }
}

/// Whether two positions, of the same crate or not, hold the same shape,
/// board, hands, styles and turn. O(squares + hand entries). Boards of more
/// than [`SQUARES`] squares are never the same: only shogi's are compared.
#[must_use]
pub fn same_content<A: Position, B: Position>(a: &A, b: &B) -> bool {
    a.shape() == b.shape()
        && a.shape().iter().product::<usize>() <= SQUARES
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
fn hand_entries<P: Position>(position: &P, player: Player) -> Vec<(Qpi, usize)> {
    let mut entries = Vec::new();
    position.for_each_in_hand(player, |piece, count| entries.push((piece, count)));
    entries.sort_unstable();
    entries
}

/// The squares of a shogi board (of a smaller one, padded with empties).
fn board_squares<P: Position>(position: &P) -> [Option<Qpi>; SQUARES] {
    let mut squares = [None; SQUARES];
    position.read_board(&mut squares);
    squares
}
