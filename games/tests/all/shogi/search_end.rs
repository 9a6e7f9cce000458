//! How a game of shogi ends, as the search sees it (`search::Rules`):
//! checkmate, no move out of check, fourfold repetition and perpetual
//! check, and the move limit.

use super::common::setup;
use super::search::{board, line, start};
use games::search::{Outcome, Rules, Terms};
use games::shogi::{Board, MAX_PLIES, Shogi, Step};
use persistent_qi::Player;

#[test]
fn a_player_checkmated_has_lost() {
    let mate =
        board(&setup(&[("1a", "k^"), ("1b", "G"), ("1c", "P"), ("5i", "K^")]).second_to_move());
    assert!(mate.in_check(Player::Second));
    assert!(Shogi::parse_move(&mate, "1a1b").is_none());
    let mut moves = Vec::new();
    Shogi::moves(&mate, &mut moves);
    assert!(moves.is_empty());
    assert_eq!(Shogi::no_moves(&mate), Outcome::Loss);
}

#[test]
fn a_player_with_no_move_out_of_check_has_lost_too() {
    let stuck =
        board(&setup(&[("1a", "k^"), ("2c", "R"), ("3b", "R"), ("5i", "K^")]).second_to_move());
    assert!(!stuck.in_check(Player::Second));
    let mut moves = Vec::new();
    Shogi::moves(&stuck, &mut moves);
    assert!(moves.is_empty());
    assert_eq!(Shogi::no_moves(&stuck), Outcome::Loss);
}

/// How many times the last position of `line` occurs in it.
fn occurrences(line: &[Step]) -> usize {
    let last = line[line.len() - 1].key;
    line.iter().filter(|step| step.key == last).count()
}

/// `cycle` three times over.
fn thrice<'a>(cycle: &[&'a str]) -> Vec<&'a str> {
    cycle.repeat(3)
}

#[test]
fn a_position_met_for_the_fourth_time_is_a_draw() {
    let kings = setup(&[("5i", "K^"), ("5a", "k^")]);
    let moves = thrice(&["5i5h", "5a5b", "5h5i", "5b5a"]);
    let terms = Shogi::default_terms(&board(&kings));
    let (board, line) = line(&kings, &moves);
    assert_eq!(occurrences(&line), 4);
    assert!(line.iter().all(|step| !step.in_check));
    assert_eq!(Shogi::ended(&board, &line[..12], &terms), None);
    assert_eq!(occurrences(&line[..12]), 3);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Draw));
}

#[test]
fn a_player_who_checked_at_every_move_of_the_repetition_loses() {
    let position = setup(&[("8a", "k^"), ("9e", "R"), ("1i", "K^")]);
    let (board, line) = line(&position, &thrice(&["9e8e", "8a9a", "8e9e", "9a8a"]));
    assert_eq!(occurrences(&line), 4);
    assert_eq!(board.turn(), Player::First);
    assert!(line.iter().skip(1).step_by(2).all(|step| step.in_check));
    assert!(line.iter().step_by(2).all(|step| !step.in_check));
    let terms = Shogi::default_terms(&board);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Loss));
}

#[test]
fn a_player_checked_at_every_move_of_the_repetition_wins() {
    let position = setup(&[("8a", "k^"), ("8e", "R"), ("1i", "K^")]).second_to_move();
    let (board, line) = line(&position, &thrice(&["8a9a", "8e9e", "9a8a", "9e8e"]));
    assert_eq!(occurrences(&line), 4);
    assert_eq!(board.turn(), Player::Second);
    assert!(line.iter().step_by(2).all(|step| step.in_check));
    assert!(line.iter().skip(1).step_by(2).all(|step| !step.in_check));
    let terms = Shogi::default_terms(&board);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Win));
}

#[test]
fn a_repetition_is_judged_from_the_first_of_the_last_four_occurrences() {
    // A quiet cycle, then three of perpetual check: the position comes a
    // fifth time, and only the checks since its second occurrence count.
    let position = setup(&[("8a", "k^"), ("9e", "R"), ("1i", "K^")]);
    let mut moves = vec!["1i1h", "8a8b", "1h1i", "8b8a"];
    moves.extend(thrice(&["9e8e", "8a9a", "8e9e", "9a8a"]));
    let (board, line) = line(&position, &moves);
    assert_eq!(occurrences(&line), 5);
    assert!(line[..4].iter().all(|step| !step.in_check));
    let terms = Shogi::default_terms(&board);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Loss));
}

#[test]
fn a_repetition_with_some_quiet_moves_of_the_checking_side_is_a_draw() {
    let position = setup(&[("8a", "k^"), ("9e", "R"), ("1i", "K^")]);
    let cycle = ["9e8e", "8a9a", "8e7e", "9a9b", "7e9e", "9b8a"];
    let (board, line) = line(&position, &thrice(&cycle));
    assert_eq!(occurrences(&line), 4);
    let second_to_move: Vec<bool> = line.iter().skip(1).step_by(2).map(|s| s.in_check).collect();
    assert!(second_to_move.contains(&true) && second_to_move.contains(&false));
    assert!(line.iter().step_by(2).all(|step| !step.in_check));
    let terms = Shogi::default_terms(&board);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Draw));
}

#[test]
fn the_game_is_drawn_at_the_move_limit() {
    assert_eq!(Shogi::default_terms(&Board::default()).max_plies, MAX_PLIES);
    let terms = Terms {
        komi: 0.0,
        max_plies: 4,
    };
    let (board, line) = line(&start(), &["7g7f", "3c3d", "2g2f", "8c8d"]);
    assert_eq!(occurrences(&line), 1);
    assert_eq!(Shogi::ended(&board, &line[..4], &terms), None);
    assert_eq!(line.len() - 1, 4);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Draw));
}

#[test]
fn perpetual_check_decides_before_the_move_limit() {
    let position = setup(&[("8a", "k^"), ("9e", "R"), ("1i", "K^")]);
    let (board, line) = line(&position, &thrice(&["9e8e", "8a9a", "8e9e", "9a8a"]));
    let terms = Terms {
        komi: 0.0,
        max_plies: 12,
    };
    assert_eq!(line.len() - 1, 12);
    assert_eq!(occurrences(&line), 4);
    assert_eq!(Shogi::ended(&board, &line, &terms), Some(Outcome::Loss));
}
