//! The engines' time management: each time system's budget for a move,
//! and what spending it leaves.

use std::time::Duration;

use games_engines::time::*;

fn seconds(seconds: u64) -> Duration {
    Duration::from_secs(seconds)
}

fn millis(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

#[test]
fn gtp_reads_a_zero_byo_yomi_time_as_absolute_and_zero_stones_as_no_limit() {
    assert_eq!(
        TimeSystem::from_gtp(seconds(60), Duration::ZERO, 0),
        TimeSystem::Absolute { main: seconds(60) }
    );
    assert_eq!(
        TimeSystem::from_gtp(seconds(60), seconds(30), 0),
        TimeSystem::None
    );
    assert_eq!(
        TimeSystem::from_gtp(seconds(0), seconds(300), 25),
        TimeSystem::Canadian {
            main: Duration::ZERO,
            period: seconds(300),
            stones: 25
        }
    );
}

#[test]
fn no_time_system_sets_no_budget() {
    assert_eq!(GoClock::new(TimeSystem::None).budget(81), None);
}

#[test]
fn absolute_time_is_shared_over_half_the_empty_points_less_the_answers_room() {
    let clock = GoClock::new(TimeSystem::Absolute { main: seconds(61) });
    // 81 empty points: 40 moves to plan 60 s for (the reserve kept),
    // 1.5 s, less 100 ms.
    assert_eq!(clock.budget(81), Some(millis(1_400)));
    // 361: 180 moves, 333 ms, less a quarter and 5 ms.
    assert_eq!(clock.budget(361), Some(within(seconds(60) / 180)));
}

#[test]
fn near_the_end_a_move_takes_a_tenth_of_what_is_left() {
    let clock = GoClock::new(TimeSystem::Absolute { main: seconds(11) });
    assert_eq!(clock.budget(3), Some(within(seconds(1))));
}

#[test]
fn absolute_time_spent_move_after_move_never_runs_out() {
    // The longest game: three plies a point, half of them the engine's,
    // each taking its whole budget and a millisecond more.
    let mut clock = GoClock::new(TimeSystem::Absolute { main: seconds(60) });
    let mut spent = Duration::ZERO;
    for move_number in 0..3 * 361 / 2 {
        let budget = clock.budget(361_usize.saturating_sub(move_number)).unwrap();
        let used = budget + millis(1);
        clock.spend(used);
        spent += used;
    }
    assert!(spent < seconds(60), "{spent:?}");
    assert!(clock.left() > Duration::ZERO);
}

#[test]
fn a_byo_yomi_period_is_added_to_the_share_of_main_time() {
    let clock = GoClock::new(TimeSystem::Byoyomi {
        main: seconds(101),
        period: seconds(10),
        periods: 5,
    });
    assert_eq!(clock.budget(200), Some(within(seconds(1) + seconds(10))));
}

#[test]
fn in_byo_yomi_a_move_takes_its_period_less_the_room_and_keeps_it() {
    let mut clock = GoClock::new(TimeSystem::Byoyomi {
        main: Duration::ZERO,
        period: seconds(10),
        periods: 3,
    });
    assert_eq!((clock.left(), clock.stones()), (seconds(10), 3));
    assert_eq!(clock.budget(81), Some(within(seconds(10))));
    clock.spend(seconds(9));
    assert_eq!((clock.left(), clock.stones()), (seconds(10), 3));
    clock.spend(seconds(11));
    assert_eq!(clock.stones(), 2, "a period over is a period lost");
}

#[test]
fn a_canadian_period_is_shared_over_its_stones_left() {
    let mut clock = GoClock::new(TimeSystem::Canadian {
        main: Duration::ZERO,
        period: seconds(300),
        stones: 25,
    });
    assert_eq!(clock.budget(81), Some(within(seconds(12))));
    clock.set_left(seconds(30), 2);
    assert_eq!(clock.budget(81), Some(within(seconds(15))));
    clock.spend(seconds(10));
    clock.spend(seconds(10));
    assert_eq!(
        (clock.left(), clock.stones()),
        (seconds(300), 25),
        "the period's stones made: a new period"
    );
}

#[test]
fn main_time_spent_past_its_end_starts_the_overtime_with_what_was_used() {
    let mut clock = GoClock::new(TimeSystem::Canadian {
        main: seconds(5),
        period: seconds(60),
        stones: 10,
    });
    clock.spend(seconds(7));
    assert_eq!((clock.left(), clock.stones()), (seconds(58), 10));
}

#[test]
fn time_left_from_the_client_replaces_what_the_engine_counted() {
    let mut clock = GoClock::new(TimeSystem::Absolute { main: seconds(60) });
    clock.spend(seconds(5));
    clock.set_left(seconds(21), 0);
    assert_eq!(clock.left(), seconds(21));
    assert_eq!(clock.budget(81), Some(within(seconds(20) / 40)));
}

#[test]
fn the_room_is_a_quarter_and_five_milliseconds_at_most_a_tenth_of_a_second() {
    assert_eq!(within(millis(100)), millis(70));
    assert_eq!(within(seconds(2)), millis(1_900));
    assert_eq!(within(millis(4)), Duration::ZERO);
}
