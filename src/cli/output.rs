//! Writing the command's output without panics: `println!` panics when stdout is
//! closed or full. Every line the command prints goes through [`outln!`]/[`out!`],
//! which return an [`OutputError`] to the caller (`?`); `main` ends quietly with exit
//! code 0 on a closed pipe (as `cat` does) and with a one-line message and exit code 2
//! on any other write error (a full disk). Messages on stderr go through [`errln!`],
//! which ignores write errors (there is nowhere left to report them). Notes found
//! while the command line is read ([`note`]) wait for the end: `main` prints them
//! after a success and folds them into the one error line after a failure.

use std::fmt;
use std::io::{self, Write};
use std::sync::Mutex;

/// Notes waiting for the end of the command ([`note`], [`take_notes`]).
static NOTES: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Keeps a note for the end of the command (see the module docs).
pub fn note(text: String) {
    NOTES.lock().unwrap_or_else(|e| e.into_inner()).push(text);
}

/// The notes kept so far, in order; the list is emptied.
pub fn take_notes() -> Vec<String> {
    std::mem::take(&mut *NOTES.lock().unwrap_or_else(|e| e.into_inner()))
}

/// Stdout could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write the output: {0}")]
pub struct OutputError(#[from] pub io::Error);

impl OutputError {
    /// Whether the reader went away (a closed pipe): not an error for a command line
    /// tool.
    pub fn is_broken_pipe(&self) -> bool {
        self.0.kind() == io::ErrorKind::BrokenPipe
    }
}

/// Writes formatted text to stdout.
pub fn write_out(args: fmt::Arguments<'_>) -> Result<(), OutputError> {
    io::stdout().lock().write_fmt(args).map_err(OutputError)
}

/// Flushes stdout, so that an error writing the last buffered bytes is reported.
pub fn flush() -> Result<(), OutputError> {
    io::stdout().lock().flush().map_err(OutputError)
}

/// Writes formatted text to stderr, ignoring errors.
pub fn write_err(args: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(args);
}

/// `print!` that returns an [`OutputError`] through `?` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write_out(format_args!($($arg)*))?
    };
}

/// `println!` that returns an [`OutputError`] through `?` instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::output::write_out(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write_out(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `eprintln!` that ignores write errors instead of panicking.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::cli::output::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {errln, out, outln};
