//! Go for the search: the make-move on the read board against the child
//! read from every position crate, the keys, each rule of the game's end,
//! the evaluation, the playout policy, GTP's vertices, and what a GTP
//! front-end needs (the pass, the score's text, the turn given over).

// Scores are counts of points less a komi of whole and half points, all
// exact in an `f32`: compared exactly.
#![allow(clippy::float_cmp)]

use std::collections::BTreeSet;

use games::go::{self, Area, Board, Go, Point, Step};
use games::search::{Outcome, Rules, Terms};
use games::{Game, Local, Node as _, Persistent, Position, Sashite, same_content};
use harness::support::Rng;
use persistent_qi::Player;

type Ours = Persistent<u8, u8>;

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

fn read(text: &str) -> Board {
    go::load::<Ours>(text).unwrap().read()
}

fn moves(board: &Board) -> Vec<Point> {
    let mut moves = Vec::new();
    Go::moves(board, &mut moves);
    moves
}

/// The board after `played` from `text`, made in place (each move checked
/// to be one of the search's first), and the line of steps.
fn made(text: &str, played: &[&str]) -> (Board, Vec<Step>) {
    let mut board = read(text);
    let mut line = vec![Go::first_step(&board)];
    for &name in played {
        let mv = point(name);
        assert!(moves(&board).contains(&mv), "{name} is a move of {board}");
        let step = Go::make(&mut board, mv, line.last().unwrap());
        line.push(step);
    }
    (board, line)
}

fn terms(komi: f32) -> Terms {
    Terms {
        komi,
        max_plies: u32::MAX,
    }
}

/// How the random games of [`random_games`] ended.
#[derive(Debug, Default, PartialEq, Eq)]
struct Ends {
    games: usize,
    plies: usize,
    two_passes: usize,
    superko: usize,
    move_limit: usize,
}

/// `games` random games from `text` with crate `P`, each to its end or 200
/// plies: half the moves uniform over the search's moves (the pass
/// included), half the playout policy's. After every ply the board made in
/// place equals the child read, lists the same moves in the same order,
/// and its step's keys are those of the child read afresh.
fn random_games<P: Position<Piece = u8, Style = u8>>(text: &str, games: u64) -> Ends {
    let mut ends = Ends::default();
    let mut scratch = Vec::new();
    for seed in 0..games {
        let mut rng = Rng(seed);
        let mut node = go::load::<P>(text).unwrap();
        let mut board = node.read();
        let terms = Go::default_terms(&board);
        let mut line = vec![Go::first_step(&board)];
        for _ in 0..200 {
            let ended = Go::ended(&board, &line, &terms);
            let (last, earlier) = line.split_last().unwrap();
            // Every earlier position compared, not only those before the
            // last capture as the rule does.
            let repeated =
                last.passes() == 0 && earlier.iter().any(|step| step.stones() == last.stones());
            if repeated {
                assert_eq!(ended, Some(Outcome::Win), "superko: the last mover loses");
                ends.superko += 1;
                break;
            }
            if ended.is_some() {
                if last.passes() == 2 {
                    ends.two_passes += 1;
                } else {
                    assert_eq!(earlier.len(), terms.max_plies as usize, "the move limit");
                    ends.move_limit += 1;
                }
                break;
            }
            let listed = moves(&board);
            let mv = if rng.below(2) == 0 {
                *rng.pick(&listed)
            } else {
                Go::playout_move(&board, &mut rng, &mut scratch).unwrap()
            };
            assert!(listed.contains(&mv), "{mv} is a move of {board}");
            let step = Go::make(&mut board, mv, line.last().unwrap());
            node = node.play(&node.read(), mv);
            let child = node.read();
            assert_eq!(board, child, "{} after {mv}", P::CRATE);
            assert_eq!(moves(&board), moves(&child));
            let fresh = Go::first_step(&child);
            assert_eq!((step.key(), step.stones()), (fresh.key(), fresh.stones()));
            line.push(step);
            ends.plies += 1;
        }
        ends.games += 1;
    }
    ends
}

/// [`random_games`] with every crate, which must play the same games.
fn random_games_with_every_crate(text: &str, games: u64) -> Ends {
    let ours = random_games::<Ours>(text, games);
    assert_eq!(ours, random_games::<Local<u8, u8>>(text, games));
    assert_eq!(ours, random_games::<Sashite<u8, u8>>(text, games));
    ours
}

#[test]
fn the_move_made_in_place_is_the_child_read_on_the_published_board() {
    let ends = random_games_with_every_crate(go::EMPTY_9X9, 100);
    assert!(ends.two_passes > 0, "{ends:?}");
}

#[test]
fn the_move_made_in_place_is_the_child_read_on_small_boards() {
    let ends = random_games_with_every_crate("5x5", 100);
    assert!(ends.two_passes > 0 && ends.move_limit > 0, "{ends:?}");
    let ends = random_games_with_every_crate("4x3", 100);
    assert!(ends.superko > 0, "{ends:?}");
}

#[test]
fn the_move_made_in_place_is_the_child_read_on_19x19() {
    let ends = random_games::<Ours>("19x19", 5);
    assert_eq!(ends.plies, 5 * 200, "{ends:?}");
}

#[test]
fn transposed_moves_give_the_same_key() {
    let (one, one_line) = made("9x9", &["C3", "D4", "E5"]);
    let (other, other_line) = made("9x9", &["E5", "D4", "C3"]);
    assert_eq!(one, other);
    assert_eq!(one_line.last(), other_line.last());
}

#[test]
fn a_different_move_gives_a_different_key() {
    let (_, one) = made("9x9", &["C3"]);
    let (_, other) = made("9x9", &["D3"]);
    assert_ne!(one[1].key(), other[1].key());
    assert_ne!(one[1].stones(), other[1].stones());
}

#[test]
fn a_capture_updates_the_key_to_the_board_read_fresh() {
    let (board, line) = made("...../..X../.XOX./...../..... X", &["C2"]);
    assert_eq!(
        board.stone(point("C3")),
        None,
        "the white stone is captured"
    );
    let fresh = read("...../..X../.X.X./..X../..... O");
    assert_eq!(board, fresh);
    assert_eq!(line[1], Go::first_step(&fresh));
}

/// Black takes a ko at C4 (White may not retake at B4 at once).
const KO: &str = ".XO../XO.O./.XO../...../..... X";

#[test]
fn the_ko_point_is_in_the_key_and_not_in_the_stones() {
    let (taken, line) = made(KO, &["C4"]);
    assert_eq!(taken.ko(), Some(point("B4")));
    let same_stones = read(".XO../X.XO./.XO../...../..... O");
    assert_eq!(same_stones.ko(), None);
    let fresh = Go::first_step(&same_stones);
    assert_eq!(line[1].stones(), fresh.stones());
    assert_ne!(line[1].key(), fresh.key());
}

#[test]
fn a_pass_changes_the_key_and_not_the_stones() {
    let (_, line) = made(KO, &["C4", "pass"]);
    assert_eq!(line[2].passes(), 1);
    assert_eq!(line[2].stones(), line[1].stones());
    assert_ne!(line[2].key(), line[1].key());
    let (_, back) = made("9x9", &["pass", "pass"]);
    assert_eq!(back[2].key(), back[0].key(), "the same stones, turn and ko");
}

#[test]
fn the_pass_gives_the_turn_over_and_clears_the_ko_point_with_every_crate() {
    fn pass<P: Position<Piece = u8, Style = u8>>() -> go::Node<P> {
        let node = go::load::<P>(KO).unwrap();
        let taken = node.play(&node.read(), point("C4"));
        assert_eq!(taken.ko(), Some(point("B4")));
        taken.play(&taken.read(), Point::PASS)
    }
    let ours = pass::<Ours>();
    assert_eq!(ours.read().to_string(), ".XO../X.XO./.XO../...../..... X");
    assert_eq!(ours.ko(), None);
    assert!(same_content(
        &ours.position,
        &pass::<Local<u8, u8>>().position
    ));
    assert!(same_content(
        &ours.position,
        &pass::<Sashite<u8, u8>>().position
    ));
    let (made, _) = made(KO, &["C4", "pass"]);
    assert_eq!(made, ours.read());
}

#[test]
fn the_pass_is_no_legal_move_of_perft_and_the_last_move_of_the_search() {
    let board = read("9x9");
    assert!(
        !go::load::<Ours>("9x9")
            .unwrap()
            .legal_move_list()
            .contains(&Point::PASS)
    );
    let listed = moves(&board);
    assert_eq!(listed.len(), 82);
    assert_eq!(listed.last(), Some(&Point::PASS));
}

#[test]
fn the_player_to_move_always_has_a_move() {
    // Black's only empty point would be suicide.
    let board = read("X. X");
    assert!(
        go::load::<Ours>("X. X")
            .unwrap()
            .legal_move_list()
            .is_empty()
    );
    assert_eq!(moves(&board), [Point::PASS]);
    // Unreachable through `moves`, and scored as it stands if reached:
    // Black's 2 points against komi 7.5.
    assert_eq!(board.area(), Area { black: 2, white: 0 });
    assert_eq!(Go::no_moves(&board), Outcome::Loss);
}

#[test]
fn the_pass_prints_and_parses_as_pass() {
    assert_eq!(Point::PASS.to_string(), "pass");
    assert_eq!(format!("{:?}", Point::PASS), "pass");
    for text in ["pass", "PASS", "Pass"] {
        assert_eq!(text.parse::<Point>(), Ok(Point::PASS));
    }
    assert!(Point::PASS.is_pass());
    assert_eq!(Point::PASS.index(19, 19), None);
    assert!((0..361).all(|index| Point::from_index(index, 19, 19) != Some(Point::PASS)));
}

/// Black holds the left, White the right: 15 points to 10.
const SPLIT: &str = "..XO./..XO./..XO./..XO./..XO. X";

#[test]
fn the_area_is_stones_and_regions_bordering_one_colour() {
    let board = read(SPLIT);
    assert_eq!(
        board.area(),
        Area {
            black: 15,
            white: 10
        }
    );
}

#[test]
fn a_region_bordering_both_colours_counts_for_neither() {
    let board = read("...../.X.O./...../...../..... X");
    assert_eq!(board.area(), Area { black: 1, white: 1 });
    assert_eq!(read("3x3").area(), Area { black: 0, white: 0 });
}

#[test]
fn two_passes_in_a_row_end_the_game_scored_by_area() {
    let (board, line) = made(SPLIT, &["pass", "pass"]);
    assert_eq!(line.last().unwrap().passes(), 2);
    assert_eq!(board.turn(), Player::First);
    assert_eq!(board.area().score(7.5).to_string(), "W+2.5");
    assert_eq!(Go::ended(&board, &line, &terms(7.5)), Some(Outcome::Loss));
    assert_eq!(Go::ended(&board, &line, &terms(4.5)), Some(Outcome::Win));
}

#[test]
fn an_equal_score_with_an_integer_komi_is_a_draw() {
    let (board, line) = made(SPLIT, &["pass", "pass"]);
    assert_eq!(board.area().score(5.0).black_lead(), 0.0);
    assert_eq!(board.area().score(5.0).to_string(), "0");
    assert_eq!(Go::ended(&board, &line, &terms(5.0)), Some(Outcome::Draw));
}

#[test]
fn one_pass_does_not_end_the_game() {
    let (board, line) = made(SPLIT, &["pass"]);
    assert_eq!(line.last().unwrap().passes(), 1);
    assert_eq!(Go::ended(&board, &line, &terms(7.5)), None);
}

#[test]
fn a_stone_after_a_pass_starts_the_count_again() {
    let (board, line) = made(SPLIT, &["pass", "A1", "pass"]);
    assert_eq!(line.last().unwrap().passes(), 1);
    assert_eq!(Go::ended(&board, &line, &terms(7.5)), None);
}

#[test]
fn the_move_limit_ends_the_game_scored_by_area() {
    let (board, line) = made("9x9", &["E5", "C3"]);
    let limit = Terms {
        komi: 7.5,
        max_plies: 2,
    };
    assert_eq!(line.len() - 1, 2, "two plies played");
    assert_eq!(board.area(), Area { black: 1, white: 1 });
    assert_eq!(Go::ended(&board, &line, &limit), Some(Outcome::Loss));
    let (board, line) = made("9x9", &["E5"]);
    assert_eq!(Go::ended(&board, &line, &limit), None);
}

#[test]
fn the_default_terms_are_komi_7_5_and_three_plies_a_point() {
    let terms = Go::default_terms(&read("9x9"));
    assert_eq!((terms.komi, terms.max_plies), (7.5, 243));
    assert_eq!(Go::default_terms(&read("19x19")).max_plies, 1_083);
}

/// Two kos: Black may take the left one at C4, White the right one at H4.
const DOUBLE_KO: &str = ".XO...OX./XO.O.OX.X/.XO...OX./........./......... X";

#[test]
fn a_stone_that_brings_back_an_earlier_position_breaks_superko() {
    // Each takes a ko, Black passes, each retakes the other: the stones
    // stand as at the start, which simple ko allowed.
    let (board, line) = made(DOUBLE_KO, &["C4", "H4", "pass", "B4", "G4"]);
    let last = *line.last().unwrap();
    assert_eq!(last.passes(), 0, "a stone was played");
    assert_eq!(
        board.to_string(),
        read(DOUBLE_KO).to_string().replace(" X", " O")
    );
    assert_eq!(last.stones(), line[0].stones());
    assert_eq!(Go::ended(&board, &line, &terms(7.5)), Some(Outcome::Win));
    assert_eq!(Go::ended(&board, &line[..5], &terms(7.5)), None);
}

#[test]
fn a_pass_that_leaves_the_stones_breaks_no_superko() {
    let (board, line) = made(DOUBLE_KO, &["C4", "pass"]);
    assert_eq!(line[2].stones(), line[1].stones());
    assert_eq!(Go::ended(&board, &line, &terms(7.5)), None);
}

#[test]
fn an_even_score_evaluates_to_one_half() {
    let board = read("9x9");
    assert_eq!(board.area().score(0.0).black_lead(), 0.0);
    assert!((Go::evaluate(&board, &terms(0.0)) - 0.5).abs() < 1e-6);
}

#[test]
fn the_player_ahead_evaluates_above_one_half() {
    let black = read(SPLIT);
    let white = read(&SPLIT.replace(" X", " O"));
    assert!(black.area().score(0.0).lead(Player::First) > 0.0);
    assert!(Go::evaluate(&black, &terms(0.0)) > 0.5);
    assert!(Go::evaluate(&white, &terms(0.0)) < 0.5);
    assert!(
        Go::evaluate(&black, &terms(7.5)) < 0.5,
        "komi puts White ahead"
    );
}

#[test]
fn the_evaluation_of_both_players_sums_to_one() {
    for komi in [0.0, 2.5, 7.5] {
        let black = Go::evaluate(&read(SPLIT), &terms(komi));
        let white = Go::evaluate(&read(&SPLIT.replace(" X", " O")), &terms(komi));
        assert!((black + white - 1.0).abs() < 1e-6, "komi {komi}");
    }
}

#[test]
fn swapping_the_colours_and_the_turn_keeps_the_evaluation() {
    let swapped = SPLIT.replace('X', "w").replace('O', "X").replace('w', "O");
    let black = Go::evaluate(&read(SPLIT), &terms(0.0));
    assert!((Go::evaluate(&read(&swapped), &terms(0.0)) - black).abs() < 1e-6);
}

#[test]
fn playout_moves_are_the_moves_that_fill_no_own_eye() {
    let mut scratch = Vec::new();
    for (text, seed) in [("9x9", 1), ("5x5", 2), ("7x5", 3)] {
        let mut rng = Rng(seed);
        let mut board = read(text);
        let mut step = Go::first_step(&board);
        for _ in 0..150 {
            let mv = Go::playout_move(&board, &mut rng, &mut scratch).unwrap();
            if mv.is_pass() {
                assert!(
                    moves(&board)
                        .iter()
                        .all(|&m| m.is_pass() || board.is_own_eye(m))
                );
            } else {
                assert!(
                    board.is_legal(mv) && !board.is_own_eye(mv),
                    "{mv} on {board}"
                );
            }
            step = Go::make(&mut board, mv, &step);
        }
    }
}

#[test]
fn every_playout_move_of_a_crowded_board_is_drawn() {
    let board = read("X.X.O/XXXOO/.X.O./XXXOO/..XO. X");
    let expected: BTreeSet<Point> = moves(&board)
        .into_iter()
        .filter(|&mv| !mv.is_pass() && !board.is_own_eye(mv))
        .collect();
    assert!((2..=6).contains(&expected.len()), "{expected:?}");
    let mut rng = Rng(5);
    let drawn: BTreeSet<Point> = (0..400)
        .map(|_| Go::playout_move(&board, &mut rng, &mut Vec::new()).unwrap())
        .collect();
    assert_eq!(drawn, expected);
}

#[test]
fn a_playout_passes_when_only_its_own_eyes_are_empty() {
    let board = read(".X./XXX/.X. X");
    assert!(
        moves(&board)
            .iter()
            .all(|&mv| mv.is_pass() || board.is_own_eye(mv))
    );
    let mv = Go::playout_move(&board, &mut Rng(0), &mut Vec::new());
    assert_eq!(mv, Some(Point::PASS));
}

#[test]
fn gtp_vertices_parse_in_either_case() {
    let board = read("19x19");
    assert_eq!(Go::parse_move(&board, "D4"), Some(point("D4")));
    assert_eq!(Go::parse_move(&board, "d4"), Some(point("D4")));
    assert_eq!(Go::parse_move(&board, " q16 "), Some(point("Q16")));
    assert_eq!(Go::parse_move(&board, "T19"), Point::new(18, 18));
    assert_eq!(Go::parse_move(&board, "J1"), Point::new(8, 0));
}

#[test]
fn the_pass_parses_in_any_case() {
    let board = read("9x9");
    for text in ["pass", "PASS", "Pass"] {
        assert_eq!(Go::parse_move(&board, text), Some(Point::PASS));
    }
}

#[test]
fn vertices_off_the_board_or_illegal_are_refused() {
    let board = read(KO);
    let (taken, _) = made(KO, &["C4"]);
    for text in ["F1", "A6", "K10", "T19"] {
        assert_eq!(board.index(point(text)), None, "{text} is off the board");
        assert_eq!(Go::parse_move(&board, text), None);
    }
    assert!(board.stone(point("B5")).is_some());
    assert_eq!(Go::parse_move(&board, "B5"), None, "occupied");
    assert_eq!(taken.ko(), Some(point("B4")));
    assert_eq!(Go::parse_move(&taken, "B4"), None, "the ko point");
    assert_eq!(Go::parse_move(&read("X. X"), "B1"), None, "suicide");
}

#[test]
fn malformed_vertices_are_refused() {
    let board = read("19x19");
    for text in [
        "", "D", "4D", "I1", "D-4", "D0", "D20", "U1", "resign", "d4 d5", "pas",
    ] {
        assert_eq!(Go::parse_move(&board, text), None, "{text:?}");
    }
}

#[test]
fn scores_print_as_gtp_final_score() {
    let area = Area {
        black: 40,
        white: 41,
    };
    assert_eq!(area.score(7.5).to_string(), "W+8.5");
    assert_eq!(area.score(-3.5).to_string(), "B+2.5");
    assert_eq!(area.score(-1.0).to_string(), "0");
    assert_eq!(area.score(-1.0).outcome(Player::Second), Outcome::Draw);
    assert_eq!(area.score(7.5).lead(Player::Second), 8.5);
}

#[test]
fn the_turn_is_given_to_the_other_player_with_no_stone_changed() {
    fn turned<P: Position<Piece = u8, Style = u8>>() -> (go::Node<P>, go::Node<P>) {
        let node = go::load::<P>(KO).unwrap();
        let taken = node.play(&node.read(), point("C4"));
        (
            taken.with_turn(Player::Second),
            taken.with_turn(Player::First),
        )
    }
    let (same, other) = turned::<Ours>();
    assert_eq!(same.ko(), Some(point("B4")), "White was to move: unchanged");
    assert_eq!(other.read().to_string(), ".XO../X.XO./.XO../...../..... X");
    assert_eq!(other.ko(), None);
    let (local_same, local_other) = turned::<Local<u8, u8>>();
    let (peer_same, peer_other) = turned::<Sashite<u8, u8>>();
    assert!(same_content(&same.position, &local_same.position));
    assert!(same_content(&other.position, &local_other.position));
    assert!(same_content(&same.position, &peer_same.position));
    assert!(same_content(&other.position, &peer_other.position));
}

#[test]
fn the_board_prints_a_diagram_that_loads_back() {
    let (board, _) = made(DOUBLE_KO, &["C4", "H4"]);
    let text = board.to_string();
    let loaded = Go::load::<Ours>(&text).unwrap().read();
    assert_eq!(loaded.to_string(), text);
    assert_eq!(loaded.squares(), board.squares());
}
