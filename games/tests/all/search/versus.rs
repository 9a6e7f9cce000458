//! The search against a uniformly random mover, 1,000 iterations a move
//! with each game's default playouts, as the target asks (at least 80% of
//! the games, a win 1, a draw ½), on fewer games than the 50 of
//! `docs/performance.md` so that the gate can run it. The games are
//! seeded: the same games every run.

use games::chess::Chess;
use games::go::{EMPTY_9X9, Go};
use games::measure::play::{Results, Versus, score};
use games::measure::{Crate, run_on};
use games::search::{Outcome, Rules, Settings};
use games::shogi::Shogi;

/// `games` games of `G` from `root`, the search moving first in every
/// other one.
fn versus<G: Rules>(root: &str, games: usize) -> Results {
    let workload = Versus {
        root,
        games,
        iterations: 1_000,
        settings: Settings {
            playout_plies: G::PLAYOUT_PLIES,
            ..Settings::default()
        },
        seed: 1,
    };
    run_on::<G, _>(Crate::Persistent, &workload)
        .expect("a published position")
        .output
}

/// The score of `results` is at least 80%, and no game is lost.
fn assert_wins(game: &str, results: &Results) {
    let score = score(results);
    assert!(score >= 0.8, "{game}: score {score} in {results:?}");
    assert!(
        results.iter().all(|(outcome, _)| *outcome != Outcome::Loss),
        "{game}: a game lost in {results:?}"
    );
}

#[test]
fn the_search_beats_a_random_mover_at_shogi() {
    assert_wins("shogi", &versus::<Shogi>(games::shogi::START, 4));
}

#[test]
fn the_search_beats_a_random_mover_at_chess() {
    assert_wins("chess", &versus::<Chess>(games::chess::START, 4));
}

#[test]
fn the_search_beats_a_random_mover_at_go_on_9x9() {
    assert_wins("go", &versus::<Go>(EMPTY_9X9, 2));
}
