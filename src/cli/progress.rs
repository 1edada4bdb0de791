//! The command's progress bars and its Ctrl-C stop flag: one home for both.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

/// A progress bar on stderr (hidden when not wanted), usable as the library's
/// [`permlab::progress::Progress`] observer; its notes are lines on stderr (when
/// shown).
pub struct Bar(ProgressBar, bool);

impl Bar {
    /// A bar counting `total` items (claims, figures, boards, states), with the current
    /// item as message.
    pub fn items(total: u64, show: bool) -> Bar {
        Bar::styled(total, show, "{bar:30} {pos}/{len} {elapsed} {msg}")
    }

    /// A bar for a whole-space search: positions reached of the space, the depth as
    /// message, speed and remaining time.
    pub fn search(show: bool) -> Bar {
        Bar::styled(
            0,
            show,
            "{spinner} depth {msg} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, eta {eta})",
        )
    }

    fn styled(total: u64, show: bool, template: &str) -> Bar {
        if !show {
            return Bar(ProgressBar::hidden(), false);
        }
        let b = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        b.set_style(ProgressStyle::with_template(template).expect("a valid template"));
        Bar(b, true)
    }

    /// One more item done, `message` being the next.
    pub fn step(&self, message: impl Into<String>) {
        self.0.set_message(message.into());
        self.0.inc(1);
    }

    /// Sets the message without counting.
    pub fn message(&self, message: impl Into<String>) {
        self.0.set_message(message.into());
    }

    /// Removes the bar from the terminal.
    pub fn clear(&self) {
        self.0.finish_and_clear();
    }
}

impl permlab::progress::Progress for Bar {
    fn set_length(&self, total: u64) {
        self.0.set_length(total);
    }
    fn set_position(&self, done: u64) {
        self.0.set_position(done);
    }
    fn inc(&self, delta: u64) {
        self.0.inc(delta);
    }
    fn set_message(&self, message: &str) {
        self.0.set_message(message.to_string());
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
    fn note(&self, line: &str) {
        if self.1 {
            self.0.suspend(|| super::output::errln!("{line}"));
        }
    }
}

static STOP: AtomicBool = AtomicBool::new(false);
static WATCHED: AtomicBool = AtomicBool::new(false);

/// Installs the handler of Ctrl-C, SIGTERM and SIGHUP, once, at the start of the
/// command. A signal that arrives while a file is being written
/// ([`permlab::io::TempFile`]) removes the unfinished file and ends the process with
/// exit code 130; so does a signal before the command watches the [`stop_flag`].
/// Once it does, a signal raises the flag and the command ends cleanly; one that has
/// not ended [`STOP_GRACE`] later is ended then (exit code 130).
pub fn install_signal_handler() {
    static ONCE: OnceLock<()> = OnceLock::new();
    ONCE.get_or_init(|| {
        let _ = ctrlc::set_handler(|| {
            let removed = permlab::io::remove_pending();
            if removed > 0 {
                super::output::errln!(
                    "permlab: interrupted while writing a file; the unfinished file was removed"
                );
                std::process::exit(130);
            }
            if !WATCHED.load(Ordering::SeqCst) {
                super::output::errln!("permlab: interrupted");
                std::process::exit(130);
            }
            STOP.store(true, Ordering::SeqCst);
            // a command that reaches no check of the flag within the grace period (a
            // computation without a stop point) ends anyway, its unfinished files removed
            std::thread::sleep(STOP_GRACE);
            permlab::io::remove_pending();
            super::output::errln!(
                "permlab: interrupted (the command did not stop within {} s)",
                STOP_GRACE.as_secs()
            );
            std::process::exit(130);
        });
    });
}

/// How long a command watching the stop flag has to end cleanly after a signal.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// The process-wide stop flag, raised by Ctrl-C, SIGTERM or SIGHUP once a command
/// watches it (the first call): long commands check it between steps and end
/// cleanly.
pub fn stop_flag() -> &'static AtomicBool {
    install_signal_handler();
    WATCHED.store(true, Ordering::SeqCst);
    &STOP
}

/// Whether Ctrl-C was pressed.
pub fn stopped() -> bool {
    stop_flag().load(Ordering::SeqCst)
}
