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
