//! An empty board of a shape, with the two styles the tests give its style
//! type: one helper for every test crate that starts from an empty board
//! (`Position::empty(shape)`).

use core::hash::Hash;

use persistent_qi::{GenericQi, SharedPointerKind};

/// A style type's two styles for tests: the first player's, then the
/// second's.
pub(crate) trait TwoStyles: Sized {
    /// The first player's style, then the second's.
    fn two() -> (Self, Self);
}

impl TwoStyles for &'static str {
    fn two() -> (Self, Self) {
        ("C", "c")
    }
}

impl TwoStyles for String {
    fn two() -> (Self, Self) {
        ("C".to_owned(), "c".to_owned())
    }
}

impl TwoStyles for u8 {
    fn two() -> (Self, Self) {
        (0, 1)
    }
}

/// Positions that start from an empty board: `Position::empty(shape)`.
pub(crate) trait Empty: Sized {
    /// An empty board of `shape` (valid, or this panics), the first player
    /// to move, the styles [`TwoStyles::two`] gives.
    fn empty(shape: &[usize]) -> Self;
}

impl<P, S: TwoStyles + Hash, K: SharedPointerKind> Empty for GenericQi<P, S, K> {
    fn empty(shape: &[usize]) -> Self {
        let (first, second) = S::two();
        GenericQi::new(shape, first, second).expect("a valid shape")
    }
}
