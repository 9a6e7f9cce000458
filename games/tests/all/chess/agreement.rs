//! The same rules over every position crate: along random games, the
//! nodes persistent-qi (both pointer kinds) and sashite-qi build hold the
//! same content and the same game state, their moves are the same, and
//! every node reached is the node its FEN loads as.

use games::chess::{self, KIWIPETE, Node, POSITION_3, START, to_fen};
use games::{Local, Node as _, Persistent, Sashite, same_content};
use harness::support::Rng;

/// Positions to start from: the published ones, and two more with
/// promotions and castling in reach.
const STARTS: [&str; 5] = [
    START,
    KIWIPETE,
    POSITION_3,
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

const GAMES_PER_START: usize = 8;
const MAX_PLIES: usize = 300;

/// The three crates' nodes of one game.
struct Nodes {
    ours: Node<Persistent>,
    local: Node<Local>,
    peer: Node<Sashite>,
}

impl Nodes {
    fn load(text: &str) -> Nodes {
        Nodes {
            ours: chess::load(text).unwrap(),
            local: chess::load(text).unwrap(),
            peer: chess::load(text).unwrap(),
        }
    }

    /// Asserts the three nodes agree, and that the FEN of the node loads
    /// back as the same node.
    fn assert_agree(&self, context: &str) {
        assert!(
            same_content(&self.ours.position, &self.peer.position),
            "{context}"
        );
        assert!(
            same_content(&self.local.position, &self.peer.position),
            "{context}"
        );
        for (castling, en_passant) in [
            (self.local.castling(), self.local.en_passant()),
            (self.peer.castling(), self.peer.en_passant()),
        ] {
            assert_eq!(castling, self.ours.castling(), "{context}");
            assert_eq!(en_passant, self.ours.en_passant(), "{context}");
        }
        let fen = to_fen(&self.ours);
        let reloaded: Node<Persistent> = chess::load(&fen).unwrap();
        assert!(
            reloaded == self.ours,
            "{context}: {fen} loads as another node"
        );
        assert_eq!(reloaded.key(), self.ours.key(), "{context}: {fen}");
    }
}

#[test]
fn every_crate_builds_the_same_nodes_along_random_games() {
    let mut rng = Rng(0x00c0_ffee);
    let mut plies = 0;
    for start in STARTS {
        for game in 0..GAMES_PER_START {
            let mut nodes = Nodes::load(start);
            let mut line = Vec::new();
            for _ in 0..MAX_PLIES {
                let context = format!("{start}, game {game}, after {}", line.join(" "));
                nodes.assert_agree(&context);
                let (ours, local, peer) =
                    (nodes.ours.read(), nodes.local.read(), nodes.peer.read());
                let moves = nodes.ours.legal_move_list();
                assert_eq!(moves, nodes.local.legal_move_list(), "{context}");
                assert_eq!(moves, nodes.peer.legal_move_list(), "{context}");
                let Some(&mv) = (!moves.is_empty()).then(|| rng.pick(&moves)) else {
                    break;
                };
                nodes = Nodes {
                    ours: nodes.ours.play(&ours, mv),
                    local: nodes.local.play(&local, mv),
                    peer: nodes.peer.play(&peer, mv),
                };
                line.push(mv.to_string());
                plies += 1;
            }
        }
    }
    // The games were played, not cut short by a setup that drifted.
    assert!(plies > STARTS.len() * GAMES_PER_START * 20, "{plies} plies");
}
