//! The `permlab` command. Every error is one line on stderr and exit code 2.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    // A bug must still end with one line, not a backtrace.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        eprintln!("permlab: internal error: {msg}");
    }));
    match cli::run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("permlab: error: {}", cli::error_line(&e));
            ExitCode::from(2)
        }
    }
}
