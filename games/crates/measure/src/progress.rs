//! Progress bars that stay out of the way.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar that appears only on a terminal, and only once its task
/// has run for a second: short runs and scripts see nothing of it.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    start: Mutex<Instant>,
    shown: AtomicBool,
}

impl Progress {
    const DELAY: Duration = Duration::from_secs(1);

    /// A bar of `length` steps, labelled `message`.
    #[must_use]
    pub fn new(length: usize, message: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(length as u64), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template("{msg} {wide_bar} {pos}/{len} [{elapsed}]")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(message.to_string());
        Progress {
            bar,
            start: Mutex::new(Instant::now()),
            shown: AtomicBool::new(false),
        }
    }

    /// The same bar for a new task of `length` steps.
    pub fn restart(&self, length: usize, message: &str) {
        self.bar.set_length(length as u64);
        self.bar.set_position(0);
        self.bar.set_message(message.to_string());
    }

    /// One step done.
    pub fn inc(&self) {
        self.bar.inc(1);
        if !self.shown.load(Ordering::Relaxed)
            && std::io::stderr().is_terminal()
            && self
                .start
                .lock()
                .is_ok_and(|start| start.elapsed() > Self::DELAY)
        {
            self.shown.store(true, Ordering::Relaxed);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Never shows the bar, as for a child whose parent draws its own.
    pub fn never_show(&self) {
        self.shown.store(true, Ordering::Relaxed);
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
