//! The `permlab` command. Every error is one line on stderr and exit code 2; the answer
//! "no" (a position that cannot be solved) is one line and exit code 1; a closed stdout
//! pipe ends the command quietly with exit code 0.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // A file-size limit (RLIMIT_FSIZE) must fail the write with EFBIG, reported like a
    // full disk, instead of killing the process with SIGXFSZ.
    // SAFETY: setting a signal's disposition to SIG_IGN at startup, before any thread
    // exists, has no preconditions.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    // A bug must still end with one line, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        cli::output::errln!("permlab: internal error: {msg}");
    }));
    match cli::run() {
        Ok(code) => {
            for note in cli::output::take_notes() {
                cli::output::errln!("permlab: note: {note}");
            }
            code
        }
        Err(e) => {
            if e.downcast_ref::<cli::output::OutputError>()
                .is_some_and(|o| o.is_broken_pipe())
            {
                return ExitCode::SUCCESS;
            }
            if let Some(no) = e.downcast_ref::<cli::Negative>() {
                cli::output::errln!("permlab: {no}");
                return ExitCode::from(1);
            }
            // one line: the notes go into it
            let notes = cli::output::take_notes();
            let notes = if notes.is_empty() {
                String::new()
            } else {
                format!(" (note: {})", notes.join("; "))
            };
            cli::output::errln!("permlab: error: {}{notes}", cli::error_line(&e));
            ExitCode::from(2)
        }
    }
}
