//! The search's memory budget over a whole game: the trees stop growing
//! when the process's allocator counts the budget's bytes, the search goes
//! on, and the bytes of the subtrees dropped after each move come back.

use games::measure::Crate;
use games::protocol::{Config, Session};
use games::search::{Budget, Limits, Options, Quiet, Rules, Settings, StoreKind};
use games::shogi::{START, Shogi};

use crate::{allocated, alone};

/// A session of shogi under `budget` bytes, with short playouts.
fn session(store: StoreKind, budget: usize) -> Session<Shogi> {
    let config = Config {
        krate: Crate::Persistent,
        store,
        options: Options {
            settings: Settings {
                playout_plies: 4,
                ..Settings::default()
            },
            threads: 1,
            seed: 3,
            memory: Some(Budget {
                bytes: budget,
                probe: allocated,
            }),
        },
        komi: None,
    };
    Session::new(config, START).expect("a shogi session")
}

#[test]
fn a_whole_game_stays_within_the_budget_and_dropped_subtrees_give_their_bytes_back() {
    // The search keeps a margin of 1 MiB a thread below the budget for the
    // tree's vector to grow into.
    const BUDGET: usize = 3 << 19;
    const ITERATIONS: u64 = 12_000;
    let _alone = alone();
    for store in StoreKind::ALL {
        let base = allocated();
        let mut session = session(store, BUDGET);
        let limits = Limits {
            iterations: Some(ITERATIONS),
            time: None,
        };
        let mut full = 0;
        let mut most_nodes = 0;
        for ply in 0..30 {
            let nodes_before = session.nodes();
            let report = session.search(&limits, &mut Quiet);
            // The game's end: no search, no move.
            let line = session.line();
            let mut moves = Vec::new();
            Shogi::moves(&line.board, &mut moves);
            if moves.is_empty() || Shogi::ended(&line.board, &line.steps, &line.terms).is_some() {
                assert_eq!((report.iterations, report.best), (0, None));
                break;
            }
            assert_eq!(
                report.iterations, ITERATIONS,
                "{store:?} ply {ply}: the search goes on"
            );
            let held = allocated().saturating_sub(base);
            assert!(held <= BUDGET, "{store:?} ply {ply}: {held} bytes held");
            if let Some(peak) = report.peak_bytes {
                assert!(peak <= BUDGET, "{store:?} ply {ply}: peak {peak}");
            }
            most_nodes = most_nodes.max(session.nodes());
            // Without a budget, every iteration makes a node.
            if session.nodes() < nodes_before + 12_000 / 2 {
                full += 1;
            }
            let Some(best) = report.best else { break };
            let before = allocated();
            let reuse = session.play_parsed(best);
            assert!(reuse.kept <= reuse.before, "{reuse:?}");
            if reuse.kept < reuse.before / 2 {
                // Most of the tree dropped: its bytes are given back.
                assert!(allocated() < before, "{store:?} ply {ply}: {reuse:?}");
            }
        }
        // The budget stopped expansion in some searches.
        assert!(
            full > 0,
            "{store:?}: the budget never stopped expansion ({most_nodes} nodes)"
        );
    }
}
