//! A Go player's clock, as GTP sets it: the time system (`time_settings`,
//! `kgs-time_settings`: none, absolute, byo-yomi, Canadian), the time left
//! (`time_left`, or what the engine counted itself), and the share of it a
//! `genmove` may spend so that the engine never loses on time.
//!
//! The share: in main time, what is left over the moves the engine may
//! still have to make (half the board's empty points, at least
//! [`MIN_MOVES_LEFT`]), plus what one move of the overtime gives (a whole
//! byo-yomi period, a Canadian period over its stones), but never more than
//! half the main time left where there is no overtime; in overtime, the
//! period's time (byo-yomi) or the period's time over its stones left
//! (Canadian). Less, in every case, the room an answer needs to reach the
//! client ([`within`]). Main time is shared less a reserve that no share
//! plans for ([`RESERVE`], at most a tenth of the main time): what each
//! move costs beside its search (reading the command, answering it) comes
//! out of it, so that a game of hundreds of moves stays in time.

use core::time::Duration;

/// The fewest moves the engine plans its main time over: near the game's
/// end each move may take a tenth of what is left, never all of it.
pub const MIN_MOVES_LEFT: u32 = 10;

/// The main time no share plans for, at most a tenth of the main time:
/// what the moves cost beside their searches, a millisecond or so each,
/// comes out of it over a whole game.
pub const RESERVE: Duration = Duration::from_secs(1);

/// A time system, as `kgs-time_settings` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TimeSystem {
    /// No time limit.
    #[default]
    None,
    /// The main time for the whole game, nothing after it.
    Absolute {
        /// The main time.
        main: Duration,
    },
    /// Japanese byo-yomi: after the main time, `periods` periods of `period`
    /// each; a move made within a period keeps it.
    Byoyomi {
        /// The main time.
        main: Duration,
        /// One period's time.
        period: Duration,
        /// The periods.
        periods: u32,
    },
    /// Canadian byo-yomi: after the main time, `stones` moves to make in
    /// each `period`.
    Canadian {
        /// The main time.
        main: Duration,
        /// One period's time.
        period: Duration,
        /// The moves to make in a period.
        stones: u32,
    },
}

impl TimeSystem {
    /// The system of GTP's `time_settings main_time byo_yomi_time
    /// byo_yomi_stones` (seconds): Canadian byo-yomi, absolute time where
    /// the byo-yomi time is 0, no limit where the byo-yomi time is not 0
    /// but its stones are (GTP 2, section 4.2).
    #[must_use]
    pub fn from_gtp(main: Duration, period: Duration, stones: u32) -> TimeSystem {
        match (period.is_zero(), stones) {
            (true, _) => TimeSystem::Absolute { main },
            (false, 0) => TimeSystem::None,
            (false, stones) => TimeSystem::Canadian {
                main,
                period,
                stones,
            },
        }
    }
}

/// One player's clock under a time system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GoClock {
    system: TimeSystem,
    /// The main time left, or the current period's time left in overtime.
    left: Duration,
    /// In overtime: the Canadian period's stones left, or the byo-yomi
    /// periods left. 0 in main time.
    stones: u32,
}

impl GoClock {
    /// A clock at the start of a game under `system`.
    #[must_use]
    pub fn new(system: TimeSystem) -> GoClock {
        let left = match system {
            TimeSystem::None => Duration::ZERO,
            TimeSystem::Absolute { main }
            | TimeSystem::Byoyomi { main, .. }
            | TimeSystem::Canadian { main, .. } => main,
        };
        let mut clock = GoClock {
            system,
            left,
            stones: 0,
        };
        if left.is_zero() {
            clock.enter_overtime(Duration::ZERO);
        }
        clock
    }

    /// The time system.
    #[must_use]
    pub fn system(&self) -> TimeSystem {
        self.system
    }

    /// The time left: the main time, or the current period's time in
    /// overtime.
    #[must_use]
    pub fn left(&self) -> Duration {
        self.left
    }

    /// The stones (Canadian) or periods (byo-yomi) left in overtime; 0 in
    /// main time.
    #[must_use]
    pub fn stones(&self) -> u32 {
        self.stones
    }

    /// What the client says is left (GTP's `time_left color time stones`):
    /// `time` of main time where `stones` is 0, else of the current period
    /// with `stones` stones (Canadian) or periods (byo-yomi) left.
    pub fn set_left(&mut self, time: Duration, stones: u32) {
        self.left = time;
        self.stones = match self.system {
            TimeSystem::None | TimeSystem::Absolute { .. } => 0,
            TimeSystem::Byoyomi { .. } | TimeSystem::Canadian { .. } => stones,
        };
    }

    /// How long the next move may search on a board with `empty` empty
    /// points, the answer's room taken off; `None` where there is no limit.
    #[must_use]
    pub fn budget(&self, empty: usize) -> Option<Duration> {
        let moves_left = u32::try_from(empty / 2)
            .unwrap_or(u32::MAX)
            .max(MIN_MOVES_LEFT);
        let reserve = match self.system {
            TimeSystem::None => Duration::ZERO,
            TimeSystem::Absolute { main }
            | TimeSystem::Byoyomi { main, .. }
            | TimeSystem::Canadian { main, .. } => RESERVE.min(main / 10),
        };
        let planned = self.left.saturating_sub(reserve) / moves_left;
        let share = match self.system {
            TimeSystem::None => return None,
            TimeSystem::Absolute { .. } => planned,
            TimeSystem::Byoyomi { period, .. } if self.stones == 0 => planned + period,
            TimeSystem::Canadian { period, stones, .. } if self.stones == 0 => {
                planned + period / stones.max(1)
            }
            // In overtime: a byo-yomi period is had anew at every move.
            TimeSystem::Byoyomi { .. } => self.left,
            TimeSystem::Canadian { .. } => self.left / self.stones,
        };
        Some(within(share))
    }

    /// Counts a move of `spent` on the clock, as the client's clock does
    /// (a later `time_left` says what it counted instead).
    pub fn spend(&mut self, spent: Duration) {
        match self.system {
            TimeSystem::None => {}
            TimeSystem::Absolute { .. } => self.left = self.left.saturating_sub(spent),
            _ if self.stones == 0 => match spent.checked_sub(self.left) {
                None => self.left -= spent,
                Some(over) => self.enter_overtime(over),
            },
            TimeSystem::Byoyomi { period, .. } => {
                if spent >= self.left {
                    self.stones = self.stones.saturating_sub(1);
                }
                self.left = period;
            }
            TimeSystem::Canadian { period, stones, .. } => {
                self.left = self.left.saturating_sub(spent);
                self.stones -= 1;
                if self.stones == 0 {
                    self.left = period;
                    self.stones = stones;
                }
            }
        }
    }

    /// The main time is spent, `over` of the overtime with it: the first
    /// period starts (an absolute clock stays at zero).
    fn enter_overtime(&mut self, over: Duration) {
        match self.system {
            TimeSystem::None | TimeSystem::Absolute { .. } => self.left = Duration::ZERO,
            TimeSystem::Byoyomi {
                period, periods, ..
            } => {
                self.left = period;
                self.stones = periods.saturating_sub(u32::from(over >= period)).max(1);
            }
            TimeSystem::Canadian { period, stones, .. } => {
                self.left = period.saturating_sub(over);
                self.stones = stones.max(1);
            }
        }
    }
}

/// `time` less the room an answer needs to reach the client: a quarter
/// and 5 ms, at most 100 ms.
#[must_use]
pub fn within(time: Duration) -> Duration {
    let room = (time / 4 + Duration::from_millis(5)).min(Duration::from_millis(100));
    time.saturating_sub(room)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
