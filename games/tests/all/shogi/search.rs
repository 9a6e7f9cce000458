//! What the search asks of shogi (`search::Rules`): the make-move equals the
//! child read and keeps the key, the end of the game by each rule, the
//! evaluation, the playout policy and USI moves.

use super::common;

use common::{Setup, setup};
use games::search::{
    Limits, Options, Positions, Quiet, Rules, SECOND_TO_MOVE, Search, Settings, key_term,
};
use games::shogi::{self, Board, EVALUATION_SCALE, MATSURI, Move, PRESSURE, START, Shogi, Step};
use games::{Game, Local, Node as _, Persistent, QpiPosition, Sashite};
use harness::support::Rng;
use persistent_qi::Player;
use persistent_qi::qpi::Qpi;

/// Plies a random game is played to at most.
const GAME_PLIES: usize = 200;

/// Random games from each published position, for each crate.
const GAMES_PER_POSITION: usize = 34;

/// What the random games went through: every case of the make-move.
#[derive(Debug, Default)]
struct Seen {
    games: usize,
    plies: usize,
    ended: usize,
    captures: usize,
    captures_into_a_new_entry: usize,
    drops: usize,
    drops_of_the_last_one: usize,
    promotions: usize,
    king_moves: usize,
}

/// How many `piece` a player holds in the node's position.
fn held<P: QpiPosition>(position: &P, player: Player, piece: Qpi) -> usize {
    let mut held = 0;
    position.for_each_in_hand(player, |other, count| {
        if other == piece {
            held = count;
        }
    });
    held
}

/// Plays random games over crate `P` from every published position, the
/// board made in place beside the node played through the crate, and checks
/// after every ply that the made board equals the child read, lists the
/// same moves in the same order, and has the key of a fresh read. Returns
/// what the games went through and the last step of each game.
fn random_games<P: QpiPosition>(seed: u64, cases: &mut Seen) -> Vec<Step> {
    let mut rng = Rng(seed);
    let terms = Shogi::default_terms(&Board::default());
    let mut last_steps = Vec::new();
    let (mut made_moves, mut read_moves) = (Vec::new(), Vec::new());
    for published in Shogi::PUBLISHED {
        for _ in 0..GAMES_PER_POSITION {
            let mut node = Shogi::load::<P>(published.text).unwrap();
            let mut board = node.read();
            let mut line = vec![Shogi::first_step(&board)];
            cases.games += 1;
            loop {
                let read = node.read();
                let plies = line.len() - 1;
                let step = line[plies];
                assert_eq!(board, read, "{} after {plies} plies", published.name);
                assert_eq!(step, Shogi::first_step(&read), "{}", published.name);
                made_moves.clear();
                read_moves.clear();
                Shogi::moves(&board, &mut made_moves);
                <shogi::Node<P> as games::Node>::legal_moves(&read, &mut read_moves);
                assert_eq!(made_moves, read_moves, "{}", published.name);
                if made_moves.is_empty() || Shogi::ended(&board, &line, &terms).is_some() {
                    cases.ended += 1;
                    break;
                }
                if plies == GAME_PLIES {
                    break;
                }
                let mv = made_moves[rng.below(made_moves.len())];
                let mover = read.turn();
                match (mv.from, mv.capture) {
                    (None, _) => {
                        cases.drops += 1;
                        if held(node.position(), mover, mv.piece) == 1 {
                            cases.drops_of_the_last_one += 1;
                        }
                    }
                    (Some(_), Some(captured)) => {
                        cases.captures += 1;
                        if held(node.position(), mover, captured) == 0 {
                            cases.captures_into_a_new_entry += 1;
                        }
                    }
                    (Some(_), None) => {}
                }
                cases.promotions += usize::from(mv.promotion);
                cases.king_moves += usize::from(mv.mover.pin().is_terminal());
                cases.plies += 1;
                node = node.play(&read, mv);
                let step = Shogi::make(&mut board, mv, &step);
                line.push(step);
            }
            last_steps.push(line[line.len() - 1]);
        }
    }
    last_steps
}

#[test]
fn the_board_made_in_place_equals_the_child_read_over_every_crate() {
    let mut seen = Seen::default();
    let persistent = random_games::<Persistent>(45, &mut seen);
    let local = random_games::<Local>(45, &mut seen);
    let sashite = random_games::<Sashite>(45, &mut seen);
    assert_eq!(seen.games, 3 * 3 * GAMES_PER_POSITION);
    for (count, case) in [
        (seen.ended, "ended games"),
        (
            seen.captures_into_a_new_entry,
            "captures into a new hand entry",
        ),
        (seen.drops_of_the_last_one, "drops of a hand's last piece"),
        (
            seen.drops - seen.drops_of_the_last_one,
            "drops of one of several",
        ),
        (
            seen.captures - seen.captures_into_a_new_entry,
            "captures onto an entry",
        ),
        (seen.promotions, "promotions"),
        (seen.king_moves, "king moves"),
    ] {
        assert!(count > 0, "the games saw no {case}: {seen:?}");
    }
    assert!(seen.plies > 30_000, "{seen:?}");
    assert_eq!(
        persistent, local,
        "one seed plays the same games on every crate"
    );
    assert_eq!(
        persistent, sashite,
        "one seed plays the same games on every crate"
    );
}

/// The read board of a setup.
pub(super) fn board(setup: &Setup) -> Board {
    Board::read(&setup.position())
}

/// The board after the USI moves `moves`, made in place from `setup`, and
/// the steps of the line.
pub(super) fn line(setup: &Setup, moves: &[&str]) -> (Board, Vec<Step>) {
    let mut board = board(setup);
    let mut line = vec![Shogi::first_step(&board)];
    for text in moves {
        let mv = Shogi::parse_move(&board, text).unwrap_or_else(|| panic!("{text} is not legal"));
        let step = Shogi::make(&mut board, mv, &line[line.len() - 1]);
        line.push(step);
    }
    (board, line)
}

/// The start position as a setup.
pub(super) fn start() -> Setup {
    setup(&[
        ("9a", "l"),
        ("8a", "n"),
        ("7a", "s"),
        ("6a", "g"),
        ("5a", "k^"),
        ("4a", "g"),
        ("3a", "s"),
        ("2a", "n"),
        ("1a", "l"),
        ("8b", "r"),
        ("2b", "b"),
        ("9c", "p"),
        ("8c", "p"),
        ("7c", "p"),
        ("6c", "p"),
        ("5c", "p"),
        ("4c", "p"),
        ("3c", "p"),
        ("2c", "p"),
        ("1c", "p"),
        ("9g", "P"),
        ("8g", "P"),
        ("7g", "P"),
        ("6g", "P"),
        ("5g", "P"),
        ("4g", "P"),
        ("3g", "P"),
        ("2g", "P"),
        ("1g", "P"),
        ("8h", "B"),
        ("2h", "R"),
        ("9i", "L"),
        ("8i", "N"),
        ("7i", "S"),
        ("6i", "G"),
        ("5i", "K^"),
        ("4i", "G"),
        ("3i", "S"),
        ("2i", "N"),
        ("1i", "L"),
    ])
}

#[test]
fn the_start_setup_is_the_start_position() {
    assert_eq!(start().feen(), START);
}

#[test]
fn a_pawn_leaving_a_file_keeps_it_marked_while_another_pawn_of_its_side_is_there() {
    // Two pawns of each side on file 5, as a loaded position may hold, and
    // one on file 1: one promotes, one is taken, and file 5 still holds one
    // of each, file 1 its own.
    let position = setup(&[
        ("5i", "K^"),
        ("9a", "k^"),
        ("5d", "P"),
        ("5g", "P"),
        ("5c", "p"),
        ("5b", "p"),
        ("4d", "G"),
        ("1g", "P"),
        ("1c", "p"),
    ]);
    for usi in ["5d5c+", "4d5c"] {
        let mut made = board(&position);
        let mv = Shogi::parse_move(&made, usi).unwrap();
        assert!(mv.promotion || mv.capture.is_some());
        let step = Shogi::first_step(&made);
        Shogi::make(&mut made, mv, &step);
        assert_eq!(made, Board::read(&position.play(usi)), "{usi}");
    }
}

#[test]
fn moves_in_either_order_reach_the_same_board_and_key() {
    let (one, one_line) = line(&start(), &["7g7f", "3c3d", "2g2f"]);
    let (other, other_line) = line(&start(), &["2g2f", "3c3d", "7g7f"]);
    assert_ne!(one_line[1].key, other_line[1].key);
    assert_eq!(one, other);
    assert_eq!(one_line[3], other_line[3]);
}

#[test]
fn captures_in_either_order_fill_the_hand_alike() {
    // The rook takes a silver, the bishop a gold: a hand lists its pieces
    // in piece order, the gold first, whichever was taken first.
    let position = setup(&[
        ("5i", "K^"),
        ("2h", "R"),
        ("8h", "B"),
        ("9a", "k^"),
        ("2c", "s"),
        ("3c", "g"),
    ]);
    let (one, one_line) = line(&position, &["2h2c", "9a9b", "8h3c", "9b9a"]);
    let (other, other_line) = line(&position, &["8h3c", "9a9b", "2h2c", "9b9a"]);
    assert_eq!(one, other);
    assert_eq!(one_line[4], other_line[4]);
    let after = setup(&[("5i", "K^"), ("2c", "R"), ("3c", "B"), ("9a", "k^")]).hands("GS", "");
    let read = board(&after);
    assert_eq!(one, read);
    assert_eq!(one_line[4], Shogi::first_step(&read));
}

#[test]
fn every_move_leads_to_a_different_key() {
    for feen in [START, MATSURI] {
        let board = Board::read(&shogi::load::<Persistent>(feen).unwrap());
        let step = Shogi::first_step(&board);
        let mut keys = vec![step.key];
        let mut moves = Vec::new();
        Shogi::moves(&board, &mut moves);
        for mv in moves {
            let mut child = board.clone();
            keys.push(Shogi::make(&mut child, mv, &step).key);
        }
        let count = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), count, "{feen}");
    }
}

#[test]
fn the_key_is_the_xor_of_the_documented_terms() {
    // A piece on a square: the square and the token's code; a count of a
    // piece in hand: place 81 (first) or 82 (second), the code and count.
    let position = setup(&[("5i", "K^"), ("5a", "k^")])
        .hands("2P", "g")
        .second_to_move();
    let code = |token: &str| u64::from(token.parse::<Qpi>().unwrap().code());
    let square = |name: &str| u16::try_from(shogi::square_index(name).unwrap()).unwrap();
    let expected = key_term(square("5i"), code("S:K^"))
        ^ key_term(square("5a"), code("s:k^"))
        ^ key_term(81, code("S:P") << 8 | 2)
        ^ key_term(82, code("s:g") << 8 | 1)
        ^ SECOND_TO_MOVE;
    assert_eq!(Shogi::first_step(&board(&position)).key, expected);
}

#[test]
fn the_key_counts_the_pieces_in_hand() {
    let kings = setup(&[("5i", "K^"), ("5a", "k^")]);
    let one = Shogi::first_step(&board(&kings.clone().hands("P", "")));
    let two = Shogi::first_step(&board(&kings.hands("2P", "")));
    assert_ne!(one.key, two.key);
}

/// Kings on 5i and 5a, a rook more for the first player: in hand, or on 2h.
fn a_rook_ahead(in_hand: bool) -> Setup {
    if in_hand {
        setup(&[("5i", "K^"), ("5a", "k^")]).hands("R", "")
    } else {
        setup(&[("5i", "K^"), ("5a", "k^"), ("2h", "R")])
    }
}

#[test]
fn equal_material_is_even() {
    let terms = Shogi::default_terms(&board(&start()));
    assert!((Shogi::evaluate(&board(&start()), &terms) - 0.5).abs() < f32::EPSILON);
    let kings = setup(&[("5i", "K^"), ("5a", "k^")]).hands("2P", "2p");
    assert!((Shogi::evaluate(&board(&kings), &terms) - 0.5).abs() < f32::EPSILON);
}

#[test]
fn a_rook_ahead_is_worth_the_scale_to_the_side_ahead_and_its_complement_to_the_other() {
    let terms = Shogi::default_terms(&Board::default());
    let ahead = Shogi::evaluate(&board(&a_rook_ahead(true)), &terms);
    let behind = Shogi::evaluate(&board(&a_rook_ahead(true).second_to_move()), &terms);
    assert!((EVALUATION_SCALE - 10.0).abs() < f32::EPSILON);
    assert!((ahead - 1.0 / (1.0 + (-1.0f32).exp())).abs() < 1e-6);
    assert!((ahead + behind - 1.0).abs() < 1e-6);
}

#[test]
fn a_piece_in_hand_is_worth_the_same_piece_on_the_board() {
    let terms = Shogi::default_terms(&Board::default());
    let in_hand = Shogi::evaluate(&board(&a_rook_ahead(true)), &terms);
    let on_board = Shogi::evaluate(&board(&a_rook_ahead(false)), &terms);
    assert!((in_hand - on_board).abs() < f32::EPSILON);
    let kings = [("5i", "K^"), ("5a", "k^")];
    let two_in_hand = Shogi::evaluate(&board(&setup(&kings).hands("2P", "")), &terms);
    let two_on_board = setup(&[kings[0], kings[1], ("9g", "P"), ("1g", "P")]);
    assert!((two_in_hand - Shogi::evaluate(&board(&two_on_board), &terms)).abs() < f32::EPSILON);
}

#[test]
fn the_evaluation_is_the_same_for_the_mirrored_position() {
    let terms = Shogi::default_terms(&Board::default());
    let first = a_rook_ahead(false);
    let mirrored = setup(&[("5a", "k^"), ("5i", "K^"), ("8b", "r")]).second_to_move();
    let value = Shogi::evaluate(&board(&first), &terms);
    assert!(value > 0.5);
    assert!((Shogi::evaluate(&board(&mirrored), &terms) - value).abs() < f32::EPSILON);
}

/// The first player in check from a rook on 1a, with four answers: two king
/// steps and two gold blocks.
fn four_moves() -> Board {
    board(&setup(&[
        ("1i", "K^"),
        ("2g", "G"),
        ("1a", "r"),
        ("9a", "k^"),
    ]))
}

#[test]
fn playouts_draw_every_legal_move_about_as_often() {
    let board = four_moves();
    let mut legal = Vec::new();
    Shogi::moves(&board, &mut legal);
    assert_eq!(
        common::usi(&legal),
        common::set(&["1i2h", "1i2i", "2g1g", "2g1f"])
    );
    let (mut rng, mut scratch) = (Rng(7), Vec::new());
    let mut counts = vec![0; legal.len()];
    for _ in 0..4_000 {
        let mv = Shogi::playout_move(&board, &mut rng, &mut scratch).unwrap();
        let index = legal
            .iter()
            .position(|other| *other == mv)
            .expect("a legal move");
        counts[index] += 1;
    }
    assert!(
        counts.iter().all(|&count| (900..=1_100).contains(&count)),
        "{counts:?}"
    );
}

#[test]
fn a_playout_move_depends_only_on_the_board_and_the_generator() {
    let board = Board::read(&shogi::load::<Persistent>(MATSURI).unwrap());
    let draw = |seed| Shogi::playout_move(&board, &mut Rng(seed), &mut Vec::new());
    assert_eq!(draw(3), draw(3));
    assert!(
        (0..20)
            .map(draw)
            .collect::<std::collections::HashSet<_>>()
            .len()
            > 1
    );
}

#[test]
fn a_playout_has_no_move_where_the_player_is_mated() {
    let mate =
        board(&setup(&[("1a", "k^"), ("1b", "G"), ("1c", "P"), ("5i", "K^")]).second_to_move());
    let mut scratch = vec![Shogi::parse_move(&four_moves(), "1i2h").unwrap()];
    assert_eq!(Shogi::playout_move(&mate, &mut Rng(1), &mut scratch), None);
}

/// The move `text` names in `board`, as parsed.
fn parsed(board: &Board, text: &str) -> Option<Move> {
    Shogi::parse_move(board, text)
}

#[test]
fn usi_moves_are_parsed_in_any_case() {
    let start = board(&start());
    let mv = parsed(&start, "7g7f").unwrap();
    assert_eq!(mv.usi().to_string(), "7g7f");
    assert_eq!(parsed(&start, "7G7F"), Some(mv));
    assert_eq!(parsed(&start, " 7g7f\n"), Some(mv));
}

#[test]
fn usi_promotions_and_their_refusal_are_parsed() {
    let (board, _) = line(&start(), &["7g7f", "3c3d"]);
    let promotes = parsed(&board, "8h2b+").unwrap();
    let stays = parsed(&board, "8h2b").unwrap();
    assert!(promotes.promotion && !stays.promotion);
    assert_eq!(promotes.to, stays.to);
}

#[test]
fn usi_drops_are_parsed() {
    let board = board(&setup(&[("5i", "K^"), ("5a", "k^")]).hands("P", ""));
    let drop = parsed(&board, "P*5e").unwrap();
    assert!(drop.is_drop());
    assert_eq!(parsed(&board, "p*5e"), Some(drop));
}

#[test]
fn illegal_or_malformed_usi_is_refused() {
    let start = board(&start());
    for text in [
        "7g7e",
        "7g7f+",
        "",
        "7g",
        "7g7f7e",
        "P*5e",
        "P*",
        "Q*5e",
        "9z9a",
        "0a1a",
        "７g７f",
        "7g7f 3c3d",
        "+",
        "resign",
    ] {
        assert_eq!(parsed(&start, text), None, "{text:?}");
    }
}

#[test]
fn a_piece_near_the_opponents_king_is_worth_pressure_more() {
    let terms = Shogi::default_terms(&Board::default());
    let kings = [("5i", "K^"), ("5a", "k^")];
    // A gold two ranks below the second player's king, and one far from it.
    let near = Shogi::evaluate(&board(&setup(&[kings[0], kings[1], ("4c", "G")])), &terms);
    let far = Shogi::evaluate(&board(&setup(&[kings[0], kings[1], ("9e", "G")])), &terms);
    let logistic = |balance: f32| 1.0 / (1.0 + (-balance / EVALUATION_SCALE).exp());
    assert_eq!(PRESSURE, 1);
    assert!((near - logistic(6.0 + 1.0)).abs() < 1e-6, "{near}");
    assert!((far - logistic(6.0)).abs() < 1e-6, "{far}");
    // Three files away is not near; the king's own neighbours do not count
    // for their owner.
    let three_files = setup(&[kings[0], kings[1], ("8b", "G")]);
    assert!((Shogi::evaluate(&board(&three_files), &terms) - logistic(6.0)).abs() < 1e-6);
    let guard = setup(&[kings[0], kings[1], ("5h", "G")]);
    assert!((Shogi::evaluate(&board(&guard), &terms) - logistic(6.0)).abs() < 1e-6);
}

#[test]
fn the_search_tries_captures_then_promotions_then_moves_near_the_king() {
    // A rook on 9e takes a gold on 9c (promoting or not) or a pawn on 6e;
    // a gold in hand drops anywhere, eight squares of them near the king
    // on 1a; the king on 5i steps.
    let board = board(
        &setup(&[
            ("5i", "K^"),
            ("1a", "k^"),
            ("9e", "R"),
            ("9c", "g"),
            ("6e", "p"),
        ])
        .hands("G", ""),
    );
    let mut moves = Vec::new();
    Shogi::moves(&board, &mut moves);
    let generated = moves.clone();
    Shogi::order(&board, &mut moves);
    let usi = |moves: &[Move]| moves.iter().map(ToString::to_string).collect::<Vec<_>>();
    let ordered = usi(&moves);
    assert_eq!(ordered[..3], ["9e9c+", "9e9c", "9e6e"]);
    let near: Vec<String> = usi(&generated)
        .into_iter()
        .filter(|mv| {
            ["1b", "1c", "2a", "2b", "2c", "3a", "3b", "3c"]
                .iter()
                .any(|square| mv == &format!("G*{square}"))
        })
        .collect();
    assert_eq!(near.len(), 8);
    assert_eq!(
        ordered[3..11],
        near[..],
        "the drops near the king, in generation order"
    );
    // The rest keep their generation order.
    let rest: Vec<String> = usi(&generated)
        .into_iter()
        .filter(|mv| !ordered[..11].contains(mv))
        .collect();
    assert_eq!(ordered[11..], rest[..]);
}

#[test]
fn the_search_plays_a_mate_in_one() {
    // A gold dropped on 1b, held by the pawn on 1c, mates the king on 1a
    // (and one on 3b leaves it no move); the search plays one of them, a
    // win at once, over every other drop and king move.
    let mate = setup(&[("5i", "K^"), ("1a", "k^"), ("1c", "P")]).hands("G", "");
    let root = Shogi::load::<Persistent>(&mate.feen()).expect("a shogi position");
    let terms = Shogi::default_terms(&root.read());
    for playout_plies in [0, 32] {
        let options = Options {
            settings: Settings {
                playout_plies,
                ..Settings::default()
            },
            threads: 1,
            seed: 1,
            memory: None,
        };
        let mut search = Search::<Shogi, _, Positions>::new(root.clone(), terms, options);
        let limits = Limits {
            iterations: Some(300),
            time: None,
        };
        let report = search.run(&limits, &mut Quiet);
        let best = report.best.expect("a move");
        let chosen = report.root.iter().find(|child| child.mv == best).unwrap();
        assert!(chosen.wins, "{best} with playouts of {playout_plies} plies");
        // The second player has no move after it: G*1b mates, and G*3b
        // takes the king's every square without check, which shogi scores
        // as a loss too.
        let mut after = search.line().board.clone();
        Shogi::make(&mut after, best, search.line().last_step());
        let mut answers = Vec::new();
        Shogi::moves(&after, &mut answers);
        assert!(answers.is_empty(), "{best} leaves {answers:?}");
    }
}
