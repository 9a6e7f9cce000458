//! What the search asks of chess ([`Rules`] for [`Chess`]), one behaviour
//! per test: the make-move on the board and the key it keeps, the end of
//! the game, the evaluation, the playout policy and UCI move parsing.

use games::chess::{self, Board, Chess, KIWIPETE, Move, Node, POSITION_3, START, Step, to_fen};
use games::search::{Outcome, Rules, Terms};
use games::{Local, Node as _, Persistent, QpiPosition, Sashite};
use harness::support::Rng;

/// A board read from a FEN (or FEEN) position.
fn board(fen: &str) -> Board {
    let node: Node<Persistent> = chess::load(fen).unwrap_or_else(|error| panic!("{fen}: {error}"));
    node.read()
}

/// The legal move of `board` spelled `uci`.
fn find(board: &Board, uci: &str) -> Move {
    chess::legal_move_list(board)
        .into_iter()
        .find(|mv| mv.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal in {}", board.to_fen()))
}

/// A game played by make-moves on one board, and the steps of its line.
struct Line {
    board: Board,
    steps: Vec<Step>,
}

impl Line {
    /// A line from a position read fresh.
    fn new(fen: &str) -> Line {
        let board = board(fen);
        let steps = vec![Chess::first_step(&board)];
        Line { board, steps }
    }

    /// A line from a FEN of four fields given the halfmove clock `clock`
    /// (and the fullmove number 1).
    fn with_clock(fen: &str, clock: u16) -> Line {
        Line::new(&format!("{fen} {clock} 1"))
    }

    fn last(&self) -> Step {
        *self.steps.last().expect("a line holds its first position")
    }

    /// The line after each of `ucis` in turn.
    fn play(mut self, ucis: &[&str]) -> Line {
        for uci in ucis {
            let mv = find(&self.board, uci);
            let last = self.last();
            let step = Chess::make(&mut self.board, mv, &last);
            self.steps.push(step);
        }
        self
    }

    fn ended(&self) -> Option<Outcome> {
        Chess::ended(&self.board, &self.steps, &Chess::default_terms(&self.board))
    }

    /// How a playout sees the line's last position end.
    fn playout_ended(&self) -> Option<Outcome> {
        let terms = Chess::default_terms(&self.board);
        Chess::playout_ended(&self.board, &self.last(), &terms)
    }
}

// The make-move contract.

/// Positions to start random games from: the published ones, two with
/// promotions and castling in reach, and one of those in FEEN with other
/// styles (a pawn promotes in its own).
const STARTS: [&str; 6] = [
    START,
    KIWIPETE,
    POSITION_3,
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbq1k^1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK^2R / S/o KQ -",
];

const GAMES_PER_START: usize = 50;
const MAX_PLIES: usize = 200;

/// What the random games went through: plies, and the moves of each kind
/// made (castlings by side and colour, en passant, promotions by piece).
#[derive(Debug, Default, PartialEq, Eq)]
struct Seen {
    games: usize,
    plies: usize,
    ended: usize,
    castlings: [usize; 4],
    en_passant: usize,
    promotions: [usize; 4],
}

impl Seen {
    fn count(&mut self, mv: &Move) {
        self.plies += 1;
        if mv.is_castling() {
            let side = usize::from(mv.to % 8 < 4) + 2 * usize::from(mv.from < 8);
            self.castlings[side] += 1;
        }
        self.en_passant += usize::from(mv.is_en_passant());
        if mv.is_promotion() {
            let letter = mv.piece.pin().letter().as_char();
            let piece = "QRBN".find(letter).expect("a piece a pawn becomes");
            self.promotions[piece] += 1;
        }
    }
}

/// Random games over crate `P` from every start, each to its end or
/// [`MAX_PLIES`]: after every ply, the board made in place equals the
/// child read, field for field, lists the same moves in the same order,
/// has the node's FEN, and its made key is the key of the child read fresh.
fn random_games<P: QpiPosition>() -> Seen {
    let mut rng = Rng(0x5eac_4c45);
    let mut seen = Seen::default();
    let mut moves = Vec::new();
    let terms = Terms {
        komi: 0.0,
        max_plies: u32::MAX,
    };
    for start in STARTS {
        for game in 0..GAMES_PER_START {
            let mut node: Node<P> = chess::load(start).unwrap();
            let mut made = node.read();
            let mut line = vec![Chess::first_step(&made)];
            for ply in 0..MAX_PLIES {
                let context = format!("{start}, game {game}, ply {ply}");
                let read = node.read();
                assert_eq!(made, read, "{context}");
                assert_eq!(made.to_fen(), to_fen(&node), "{context}");
                let step = *line.last().unwrap();
                assert_eq!(step.key(), Chess::first_step(&read).key(), "{context}");
                moves.clear();
                Chess::moves(&made, &mut moves);
                assert_eq!(moves, node.legal_move_list(), "{context}");
                if moves.is_empty() || Chess::ended(&made, &line, &terms).is_some() {
                    seen.ended += 1;
                    break;
                }
                let mv = *rng.pick(&moves);
                seen.count(&mv);
                node = node.play(&read, mv);
                line.push(Chess::make(&mut made, mv, &step));
            }
            seen.games += 1;
        }
    }
    seen
}

#[test]
fn make_leaves_the_board_its_child_reads_in_every_crate_along_random_games() {
    let seen = random_games::<Persistent>();
    // The games were played, not cut short by a setup that drifted, went
    // through every kind of move, and some to their end.
    assert_eq!(seen.games, STARTS.len() * GAMES_PER_START);
    assert!(seen.plies > seen.games * MAX_PLIES / 2, "{seen:?}");
    assert!(seen.castlings.iter().all(|&count| count > 0), "{seen:?}");
    assert!(seen.en_passant > 0, "{seen:?}");
    assert!(seen.promotions.iter().all(|&count| count > 0), "{seen:?}");
    assert!(seen.ended > 0, "{seen:?}");
    assert_eq!(random_games::<Local>(), seen);
    assert_eq!(random_games::<Sashite>(), seen);
}

// The key.

#[test]
fn transpositions_have_equal_keys() {
    let one = Line::new(START).play(&["g1f3", "g8f6", "b1c3", "b8c6"]);
    let other = Line::new(START).play(&["b1c3", "b8c6", "g1f3", "g8f6"]);
    assert_eq!(one.board, other.board);
    assert_eq!(one.last().key(), other.last().key());
}

#[test]
fn every_move_gives_a_key_of_its_own() {
    let start = Line::new(START);
    let mut keys: Vec<u64> = chess::legal_move_list(&start.board)
        .into_iter()
        .map(|mv| Chess::make(&mut start.board.clone(), mv, &start.last()).key())
        .collect();
    keys.push(start.last().key());
    let count = keys.len();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), count, "21 positions, 21 keys");
}

#[test]
fn the_same_board_with_the_other_player_to_move_has_another_key() {
    let white = board("4k3/8/8/8/8/8/8/4K3 w - -");
    let black = board("4k3/8/8/8/8/8/8/4K3 b - -");
    assert_eq!(
        white.to_fen().split(' ').next(),
        black.to_fen().split(' ').next()
    );
    assert_ne!(Chess::first_step(&white), Chess::first_step(&black));
}

#[test]
fn a_lost_castling_right_changes_the_key() {
    let line =
        Line::new("r3k2r/8/8/8/8/8/8/R3K2R w KQkq -").play(&["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert_eq!(line.board.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 1");
    assert_ne!(line.last().key(), line.steps[0].key());
    assert_eq!(line.last().key(), Chess::first_step(&line.board).key());
}

#[test]
fn an_en_passant_square_counts_where_a_pawn_could_take() {
    let beside = Line::new("4k3/8/8/8/3p4/8/4P3/4K3 w - -").play(&["e2e4"]);
    assert_eq!(beside.board.to_fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    let without = board("4k3/8/8/8/3pP3/8/8/4K3 b - -");
    assert_ne!(beside.last().key(), Chess::first_step(&without).key());
}

#[test]
fn an_en_passant_square_no_pawn_could_use_is_not_kept() {
    let alone = Line::new(START).play(&["e2e4"]);
    assert_eq!(alone.board.to_fen().split(' ').nth(3), Some("-"));
    let same = board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -");
    assert_eq!(alone.board, same);
    assert_eq!(alone.last().key(), Chess::first_step(&same).key());
}

// The clock.

#[test]
fn a_quiet_move_advances_the_clock_and_a_pawn_move_or_capture_resets_it() {
    let line = Line::with_clock(KIWIPETE, 7).play(&["e1f1", "a8b8", "d5e6", "b8a8", "e5f7"]);
    let clocks: Vec<u16> = line.steps.iter().map(|step| step.clock()).collect();
    assert_eq!(clocks, [7, 8, 9, 0, 1, 0]);
}

// The end of the game.

#[test]
fn a_king_in_check_with_no_move_is_checkmated_a_loss() {
    // Fool's mate.
    let mated = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(mated.in_check(mated.turn()));
    assert!(chess::legal_move_list(&mated).is_empty());
    assert_eq!(Chess::no_moves(&mated), Outcome::Loss);
}

#[test]
fn a_king_out_of_check_with_no_move_is_stalemated_a_draw() {
    let stalemated = board("7k/5Q2/6K1/8/8/8/8/8 b - -");
    assert!(!stalemated.in_check(stalemated.turn()));
    assert!(chess::legal_move_list(&stalemated).is_empty());
    assert_eq!(Chess::no_moves(&stalemated), Outcome::Draw);
}

/// Both knights out and back: the start position again.
const KNIGHTS_OUT_AND_BACK: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

#[test]
fn a_position_there_for_the_third_time_is_a_draw() {
    let line = Line::new(START)
        .play(&KNIGHTS_OUT_AND_BACK)
        .play(&KNIGHTS_OUT_AND_BACK);
    let start = line.steps[0].key();
    let times = line.steps.iter().filter(|step| step.key() == start).count();
    assert_eq!((line.last().key(), times), (start, 3));
    assert_eq!(line.ended(), Some(Outcome::Draw));
}

#[test]
fn a_position_there_for_the_second_time_is_no_draw() {
    let line = Line::new(START).play(&KNIGHTS_OUT_AND_BACK);
    let start = line.steps[0].key();
    let times = line.steps.iter().filter(|step| step.key() == start).count();
    assert_eq!((line.last().key(), times), (start, 2));
    assert_eq!(line.ended(), None);
}

#[test]
fn a_hundredth_ply_without_capture_or_pawn_move_is_a_draw() {
    let before = Line::with_clock(KIWIPETE, 99);
    assert_eq!(before.ended(), None);
    let line = before.play(&["e1f1"]);
    assert_eq!(line.last().clock(), 100);
    assert_eq!(line.ended(), Some(Outcome::Draw));
    assert_eq!(line.playout_ended(), Some(Outcome::Draw));
}

#[test]
fn a_game_from_a_fen_with_99_then_a_quiet_move_is_a_draw() {
    // The line a search (and so `position fen` of UCI) starts from the
    // loaded node: its clock is the FEN's.
    let node: Node<Persistent> = chess::load(&format!("{KIWIPETE} 99 1")).unwrap();
    let mut line = games::search::Line::<Chess>::start(&node, Chess::default_terms(&node.read()));
    assert_eq!(line.last_step().clock(), 99);
    assert_eq!(Chess::ended(&line.board, &line.steps, &line.terms), None);
    line.play(find(&line.board, "e1f1"));
    assert_eq!(
        Chess::ended(&line.board, &line.steps, &line.terms),
        Some(Outcome::Draw)
    );
}

#[test]
fn a_capture_on_the_hundredth_ply_resets_the_clock() {
    let line = Line::with_clock(KIWIPETE, 99).play(&["e5f7"]);
    assert_eq!(line.last().clock(), 0);
    assert_eq!(line.ended(), None);
}

#[test]
fn a_mate_on_the_hundredth_ply_beats_the_fifty_move_rule() {
    let line = Line::with_clock("6k1/8/6K1/8/8/8/8/R7 w - -", 99).play(&["a1a8"]);
    assert_eq!(line.last().clock(), 100);
    assert!(line.board.in_check(line.board.turn()));
    assert!(chess::legal_move_list(&line.board).is_empty());
    assert_eq!(line.ended(), Some(Outcome::Loss));
    assert_eq!(line.playout_ended(), Some(Outcome::Loss));
}

#[test]
fn a_stalemate_on_the_hundredth_ply_is_a_draw() {
    let line = Line::with_clock("7k/8/6K1/8/8/8/8/5Q2 w - -", 99).play(&["f1f7"]);
    assert_eq!(line.last().clock(), 100);
    assert!(!line.board.in_check(line.board.turn()));
    assert!(chess::legal_move_list(&line.board).is_empty());
    assert_eq!(line.ended(), Some(Outcome::Draw));
    assert_eq!(line.playout_ended(), Some(Outcome::Draw));
}

/// The pieces of a board other than kings, as FEN letters in square order.
fn material(board: &Board) -> String {
    let placement = board.to_fen();
    let placement = placement.split(' ').next().unwrap_or_default();
    placement
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'k'))
        .collect()
}

/// Whether `fen`'s position ends at once, in the tree and in a playout.
fn ends_at_once(fen: &str) -> Option<Outcome> {
    let line = Line::new(fen);
    let playout = line.playout_ended();
    assert_eq!(line.ended(), playout, "{fen}");
    playout
}

#[test]
fn a_dead_position_is_a_draw() {
    for (fen, pieces) in [
        ("8/8/4k3/8/8/3K4/8/8 w - -", ""),
        ("8/8/4k3/8/8/3K4/8/6N1 w - -", "N"),
        ("8/8/4k3/8/8/3K4/8/5b2 w - -", "b"),
        // c1 and f8 are both dark squares.
        ("5b2/8/4k3/8/8/3K4/8/2B5 b - -", "bB"),
        ("5b2/8/4k3/8/8/3K4/1B6/2B5 w - -", "bBB"),
    ] {
        let board = board(fen);
        assert_eq!(material(&board), pieces, "{fen}");
        assert!(!chess::legal_move_list(&board).is_empty(), "{fen}");
        assert_eq!(ends_at_once(fen), Some(Outcome::Draw), "{fen}");
    }
}

#[test]
fn a_position_where_a_mate_can_still_happen_is_not_dead() {
    for (fen, pieces) in [
        // c1 is dark, c8 light.
        ("2b5/8/4k3/8/8/3K4/8/2B5 w - -", "bB"),
        ("8/8/4k3/8/8/3K4/8/1N3n2 w - -", "Nn"),
        ("8/8/4k3/8/8/3K4/8/1N3B2 w - -", "NB"),
        ("8/8/4k3/8/8/3K4/8/1N4N1 w - -", "NN"),
        ("8/8/4k3/8/8/3K4/4P3/8 w - -", "P"),
        ("8/8/4k3/8/8/3K4/8/7R w - -", "R"),
    ] {
        assert_eq!(material(&board(fen)), pieces, "{fen}");
        assert_eq!(ends_at_once(fen), None, "{fen}");
    }
}

#[test]
fn the_move_limit_ends_the_game_drawn() {
    let terms = Terms {
        komi: 0.0,
        max_plies: 4,
    };
    let line = Line::new(START).play(&["e2e4", "e7e5", "g1f3"]);
    assert_eq!(line.steps.len() - 1, 3);
    assert_eq!(Chess::ended(&line.board, &line.steps, &terms), None);
    let line = line.play(&["b8c6"]);
    assert_eq!(line.steps.len() - 1, 4);
    assert_eq!(
        Chess::ended(&line.board, &line.steps, &terms),
        Some(Outcome::Draw)
    );
}

#[test]
fn chess_has_no_move_limit_by_default() {
    let terms = Chess::default_terms(&board(START));
    assert_eq!(terms.max_plies, u32::MAX);
}

// The evaluation.

#[test]
#[allow(clippy::float_cmp)] // a difference of 0 gives exactly 1 / (1 + 1)
fn even_material_evaluates_to_one_half() {
    let start = board(START);
    assert_eq!(Chess::evaluate(&start, &Chess::default_terms(&start)), 0.5);
}

#[test]
fn material_ahead_evaluates_above_one_half_and_behind_below_by_as_much() {
    // White has a queen more than black.
    let white = board("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
    let black = board("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq -");
    let terms = Chess::default_terms(&white);
    let (ahead, behind) = (
        Chess::evaluate(&white, &terms),
        Chess::evaluate(&black, &terms),
    );
    assert!(ahead > 0.5 && behind < 0.5, "{ahead} {behind}");
    assert!((ahead + behind - 1.0).abs() < 1e-6, "{ahead} {behind}");
    // A queen is 9 pawns: 1 / (1 + e^(-9/4)).
    let expected = 1.0 / (1.0 + (-9.0 / chess::EVALUATION_SCALE).exp());
    assert!((ahead - expected).abs() < 1e-6, "{ahead}");
}

#[test]
#[allow(clippy::float_cmp)] // one difference, one computation: the same bits
fn the_colours_swapped_evaluate_alike() {
    // The same material, each side's pieces given to the other.
    let white = board("4k3/8/8/8/8/8/PPP5/RN2K3 w - -");
    let black = board("rn2k3/ppp5/8/8/8/8/8/4K3 b - -");
    let terms = Chess::default_terms(&white);
    assert_eq!(
        Chess::evaluate(&white, &terms),
        Chess::evaluate(&black, &terms)
    );
    assert!(Chess::evaluate(&white, &terms) > 0.5);
}

#[test]
fn more_material_evaluates_higher() {
    let terms = Chess::default_terms(&board(START));
    let values: Vec<f32> = [
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "4k3/8/8/8/8/8/P7/4K3 w - -",
        "4k3/8/8/8/8/8/8/1N2K3 w - -",
        "4k3/8/8/8/8/8/8/R3K3 w - -",
        "4k3/8/8/8/8/8/8/3QK3 w - -",
    ]
    .iter()
    .map(|fen| Chess::evaluate(&board(fen), &terms))
    .collect();
    assert!(
        values.windows(2).all(|pair| pair[0] < pair[1]),
        "{values:?}"
    );
}

// The playouts.

#[test]
fn a_playout_move_is_a_legal_move() {
    let mut rng = Rng(45);
    let mut scratch = Vec::new();
    for fen in STARTS {
        let board = board(fen);
        let legal = chess::legal_move_list(&board);
        for _ in 0..100 {
            let mv = Chess::playout_move(&board, &mut rng, &mut scratch);
            assert!(mv.is_some_and(|mv| legal.contains(&mv)), "{fen}: {mv:?}");
        }
    }
}

#[test]
fn a_playout_draws_every_legal_move_of_a_small_position() {
    // A king in the corner, a pawn to push: four moves.
    let board = board("4k3/8/8/8/8/8/P7/K7 w - -");
    let legal = chess::legal_move_list(&board);
    assert_eq!(legal.len(), 4);
    let (mut rng, mut scratch) = (Rng(7), Vec::new());
    let mut drawn = [0_u32; 4];
    for _ in 0..400 {
        let mv = Chess::playout_move(&board, &mut rng, &mut scratch).expect("a move");
        drawn[legal
            .iter()
            .position(|&legal| legal == mv)
            .expect("a legal move")] += 1;
    }
    // Uniform: each of the four about 100 times.
    assert!(
        drawn.iter().all(|&count| (60..140).contains(&count)),
        "{drawn:?}"
    );
}

#[test]
fn the_same_random_state_draws_the_same_move() {
    let board = board(KIWIPETE);
    let mut scratch = Vec::new();
    let first = Chess::playout_move(&board, &mut Rng(3), &mut scratch);
    let again = Chess::playout_move(&board, &mut Rng(3), &mut scratch);
    assert_eq!(first, again);
}

#[test]
fn a_playout_from_a_position_without_moves_draws_none() {
    let mated = board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(chess::legal_move_list(&mated).is_empty());
    assert_eq!(
        Chess::playout_move(&mated, &mut Rng(1), &mut Vec::new()),
        None
    );
}

// UCI.

#[test]
fn uci_moves_are_read_in_any_case() {
    let promotion = board("4k3/1P6/8/8/8/8/8/R3K3 w Q -");
    for (text, expected) in [
        ("b7b8q", "b7b8q"),
        ("b7b8Q", "b7b8q"),
        ("B7B8N", "b7b8n"),
        ("b7b8r", "b7b8r"),
        ("b7b8b", "b7b8b"),
        ("e1c1", "e1c1"),
        ("a1a7", "a1a7"),
        (" e1d1\n", "e1d1"),
    ] {
        let mv = Chess::parse_move(&promotion, text);
        assert_eq!(mv, Some(find(&promotion, expected)), "{text:?}");
    }
    let mv = Chess::parse_move(&promotion, "e1c1").expect("castling");
    assert!(mv.is_castling());
}

#[test]
fn illegal_or_malformed_uci_is_refused() {
    let promotion = board("4k3/1P6/8/8/8/8/8/R3K3 w Q -");
    for text in [
        "", "b7b8", "b7b8k", "b7b8p", "b7b8qq", "e1g1", "e1a1", "a1a9", "i1a1", "e2e4", "e1",
        "e1e1", "0000", "O-O-O", "é1c1", "b7b8♕",
    ] {
        assert_eq!(Chess::parse_move(&promotion, text), None, "{text:?}");
    }
}
