//! The playout of a new leaf: random moves from its board, to the game's
//! end or a number of plies, then the evaluation.

use support::Rng;

use super::rules::{Rules, Terms};
use super::settings::Settings;

/// A random playout from `board`, `played` plies into the game (its step
/// `step`), at most `settings.playout_plies` plies and no further than the
/// game's move limit: its value for the player to move at `board`.
/// `moves` and `scratch` are reused buffers.
#[allow(clippy::too_many_arguments)] // the tree's scratch, split to borrow apart
pub(super) fn playout<G: Rules>(
    board: &G::Board,
    played: usize,
    step: G::Step,
    terms: Terms,
    settings: &Settings,
    rng: &mut Rng,
    moves: &mut Vec<G::Move>,
    scratch: &mut G::Board,
) -> f32 {
    let played = u32::try_from(played).unwrap_or(u32::MAX);
    let plies = settings
        .playout_plies
        .min(terms.max_plies.saturating_sub(played));
    if plies == 0 {
        return G::evaluate(board, &terms);
    }
    let mut step = step;
    scratch.clone_from(board);
    // Whether the player to move at `scratch` is the other one.
    let mut other = false;
    let seen = |value: f32, other: bool| if other { 1.0 - value } else { value };
    for _ in 0..plies {
        let Some(mv) = G::playout_move(scratch, rng, moves) else {
            return seen(G::no_moves(scratch).value(), other);
        };
        step = G::make(scratch, mv, &step);
        other = !other;
        if let Some(outcome) = G::playout_ended(scratch, &step, &terms) {
            return seen(outcome.value(), other);
        }
    }
    seen(G::evaluate(scratch, &terms), other)
}
