//! What a search is given to watch: a clock's budget, and a value in
//! centipawns.

use std::time::Duration;

use games_engines::Clock;

fn millis(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

#[test]
fn no_time_given_sets_no_budget() {
    assert_eq!(Clock::default().budget(), None);
}

#[test]
fn a_movetime_is_searched_less_the_answers_room() {
    let clock = Clock {
        move_time: Some(millis(500)),
        remaining: Some(millis(1)),
        ..Clock::default()
    };
    assert_eq!(clock.budget(), Some(millis(400)), "movetime decides");
}

#[test]
fn the_time_left_is_shared_over_thirty_moves_with_most_of_the_increment() {
    let clock = Clock {
        remaining: Some(millis(60_000)),
        increment: millis(1_000),
        ..Clock::default()
    };
    assert_eq!(clock.budget(), Some(millis(2_000 + 750 - 100)));
}

#[test]
fn movestogo_shares_the_time_over_the_moves_to_the_control() {
    let clock = Clock {
        remaining: Some(millis(10_000)),
        moves_to_go: Some(5),
        ..Clock::default()
    };
    assert_eq!(clock.budget(), Some(millis(1_900)));
}

#[test]
fn a_move_never_takes_more_than_half_the_time_left() {
    let clock = Clock {
        remaining: Some(millis(1_000)),
        increment: millis(10_000),
        moves_to_go: Some(1),
        ..Clock::default()
    };
    assert_eq!(clock.budget(), Some(millis(400)));
}

#[test]
fn byoyomi_is_added_whole_to_the_share_of_the_main_time() {
    let clock = Clock {
        remaining: Some(Duration::ZERO),
        byoyomi: millis(1_000),
        ..Clock::default()
    };
    assert_eq!(clock.budget(), Some(millis(900)));
    let with_main = Clock {
        remaining: Some(millis(30_000)),
        ..clock
    };
    assert_eq!(with_main.budget(), Some(millis(1_900)));
}
