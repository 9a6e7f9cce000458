//! The peers' test suites, translated case by case and run against
//! `Qi<String, String>`.
//!
//! One directory module per peer, one module per test file of the peer:
//! - `ruby/`, the Ruby gem `sashite/qi.rb`: `test/qi/test_board.rb`,
//!   `test/qi/test_hands.rb`, `test/qi/test_position.rb`,
//!   `test/qi/test_styles.rb`, `test/test_qi.rb`;
//! - `elixir/`, the Elixir library `sashite/qi.ex`: `test/qi/board_test.exs`,
//!   `test/qi/hands_test.exs`, `test/qi/position_test.exs`,
//!   `test/qi/styles_test.exs`, `test/qi_test.exs`;
//! - `sashite/`, the Rust crate `sashite-qi` 0.2.1: `tests/construction.rs`,
//!   `tests/transform.rs`.
//!
//! The helpers below, shared by all of them, build and read
//! `Qi<String, String>` positions from string literals.
//!
//! Each test keeps the peer's case name as closely as a Rust name allows.

// Deliberately not translated, because the case cannot arise in Rust:
//
// - Type checks of non-string values: a Symbol, Integer, Array, Hash, `false`
//   or tuple given as a piece, a style, a dimension size, a flat index or a
//   hand delta, and the Ruby cases that "normalize" such values to strings.
//   `P` and `S` are type parameters, sizes and indices are `usize`, deltas
//   are `i32`: the compiler rejects these inputs. (The peers' "any non-nil
//   piece type is accepted" cases are the generic `P` itself; one sashite-qi
//   case with integer pieces is kept below.)
// - Negative dimension sizes and negative flat indices: `usize` holds neither.
// - nil pieces in a hand, nil styles, and a turn that is not `:first` or
//   `:second`: `Option<P>`, `S` and `Player` make them unrepresentable. The
//   peers' validation-order cases between turn, board, hands and styles only
//   order those impossible errors, so they go too.
// - Boards given as nested arrays (ragged rows, arrays mixed with squares,
//   "board must be an Array"): our constructor takes the dimension sizes and
//   the board is filled by diffs, so a board cannot be non-rectangular. The
//   "board must not be empty" cases with empty inner arrays are translated
//   as the shapes they describe (`[[]]` is `[1, 0]`).
// - The 255-byte limit on styles (Ruby `MAX_STYLE_BYTESIZE`) and on pieces:
//   pieces and styles are generic here, so a length limit belongs to the
//   piece or style type (a QPI token, say), not to the position.
// - Frozen-object checks (`frozen?`, `FrozenError`, "no writer methods",
//   accessors returning fresh copies of the shape, the constructor not
//   retaining the caller's style string): every public method takes `&self`
//   and readers hand out shared references, so mutation does not compile.
//   What those cases protect, an earlier version reading the same after
//   others are derived from it, is tested case by case.
// - Elixir's `new!/4` bang variant and struct-type checks: `Result` and
//   static types.
// - sashite-qi's `tests/serde.rs`: not the position model but a wire format,
//   which `tests/serde.rs` here specifies on its own terms (it deliberately
//   differs in places: unknown fields are rejected where the peer ignores
//   them).
//
// Where a peer expects something else, the test asserts our behaviour (issue
// 2) and says how the peer differs. The recurring differences:
// - Our errors carry data, sashite-qi's do not; Ruby and Elixir raise
//   `ArgumentError` with a message.
// - Messages: ours add the failing dimension ("dimension size must be at least
//   1, got 0 (dimension 1)") and the counts of an underflow ("cannot remove 2
//   from the first hand: it holds 1 (change 0)") where the peers say "... got
//   0" and "cannot remove P: not found in hand"; "at least one dimension is
//   required", "board exceeds 3 dimensions (got 4)", "invalid flat index: 2
//   (board has 2 squares)" and "too many pieces for board size (3 pieces, 2
//   squares)" are word for word the same.
// - Ruby and Elixir list a hand in insertion order; ours iterates in key order.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use persistent_qi::{
    Error, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, MAX_SQUARE_COUNT, Nested, Player, Qi,
};

type Position = Qi<String, String>;

/// An empty position with the styles most peer cases use.
fn empty(shape: &[usize]) -> Position {
    styled(shape, "C", "c")
}

fn styled(shape: &[usize], first_style: &str, second_style: &str) -> Position {
    Qi::new(shape, first_style.to_owned(), second_style.to_owned()).expect("a valid shape")
}

fn new_error(shape: &[usize]) -> Error {
    Qi::<String, String>::new(shape, "C".to_owned(), "c".to_owned()).expect_err("an invalid shape")
}

/// A board diff given as `(index, Some("piece") | None)` pairs.
fn changes<'a>(
    squares: &'a [(usize, Option<&'a str>)],
) -> impl Iterator<Item = (usize, Option<String>)> + 'a {
    squares
        .iter()
        .map(|&(index, square)| (index, square.map(str::to_owned)))
}

fn board_diff(position: &Position, squares: &[(usize, Option<&str>)]) -> Result<Position, Error> {
    position.board_diff(changes(squares))
}

/// Puts pieces on squares; every change must succeed.
fn place(position: &Position, pieces: &[(usize, &str)]) -> Position {
    position
        .board_diff(
            pieces
                .iter()
                .map(|&(index, piece)| (index, Some(piece.to_owned()))),
        )
        .expect("a valid board diff")
}

/// Builds a board from its squares in row-major order, as Ruby and Elixir
/// build positions from nested arrays.
fn board_from(shape: &[usize], squares: &[Option<&str>]) -> Position {
    let position = empty(shape);
    assert_eq!(squares.len(), position.square_count());
    let pieces: Vec<(usize, &str)> = squares
        .iter()
        .enumerate()
        .filter_map(|(index, square)| square.map(|piece| (index, piece)))
        .collect();
    place(&position, &pieces)
}

fn hand_diff(
    position: &Position,
    player: Player,
    deltas: &[(&str, i32)],
) -> Result<Position, Error> {
    position.hand_diff(
        player,
        deltas
            .iter()
            .map(|&(piece, delta)| (piece.to_owned(), delta)),
    )
}

/// Adds one copy per listed piece, as Ruby and Elixir list a hand
/// (`["P", "P", "B"]`): a repeated piece accumulates.
fn give(position: &Position, player: Player, pieces: &[&str]) -> Result<Position, Error> {
    position.hand_diff(player, pieces.iter().map(|&piece| (piece.to_owned(), 1)))
}

fn squares(position: &Position) -> Vec<Option<&str>> {
    position
        .squares()
        .map(|square| square.map(String::as_str))
        .collect()
}

fn hand(position: &Position, player: Player) -> Vec<(&str, usize)> {
    position
        .hand(player)
        .map(|(piece, count)| (piece.as_str(), count))
        .collect()
}

fn first_hand(position: &Position) -> Vec<(&str, usize)> {
    hand(position, Player::First)
}

fn second_hand(position: &Position) -> Vec<(&str, usize)> {
    hand(position, Player::Second)
}

fn count(position: &Position, player: Player, piece: &str) -> usize {
    position.hand_count(player, &piece.to_owned())
}

fn square(position: &Position, index: usize) -> Option<&str> {
    position.square(index).map(String::as_str)
}

fn line(squares: &[Option<&String>]) -> Vec<Option<String>> {
    squares.iter().map(|square| square.cloned()).collect()
}

/// The board laid out along its dimensions, with owned pieces so tests can
/// compare it with literals.
fn nested(position: &Position) -> Nested<String> {
    match position.to_nested() {
        Nested::Line(squares) => Nested::Line(line(&squares)),
        Nested::Grid(ranks) => Nested::Grid(ranks.iter().map(|rank| line(rank)).collect()),
        Nested::Layers(layers) => Nested::Layers(
            layers
                .iter()
                .map(|layer| layer.iter().map(|rank| line(rank)).collect())
                .collect(),
        ),
    }
}

/// A row of a nested literal: `"."` is an empty square.
fn row(squares: &[&str]) -> Vec<Option<String>> {
    squares
        .iter()
        .map(|&square| (square != ".").then(|| square.to_owned()))
        .collect()
}

/// Everything a position reads as, to check that a failed or later
/// transformation left it alone.
fn snapshot(position: &Position) -> String {
    format!("{position:?}")
}

fn std_hash(position: &Position) -> u64 {
    let mut hasher = DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

/// The chess starting position as flat-index placements, rank 0 first
/// (second player's pieces on ranks 0 and 1, as in the peers' literals).
fn chess_start() -> Vec<(usize, &'static str)> {
    let back_rank = ["r", "n", "b", "q", "k", "b", "n", "r"];
    let mut pieces = Vec::new();
    for (file, &piece) in back_rank.iter().enumerate() {
        pieces.push((file, piece));
        pieces.push((8 + file, "p"));
        pieces.push((48 + file, "P"));
    }
    for (file, piece) in ["R", "N", "B", "Q", "K", "B", "N", "R"]
        .into_iter()
        .enumerate()
    {
        pieces.push((56 + file, piece));
    }
    pieces
}

mod elixir;
mod ruby;
mod sashite;
