//! Long calls without the GIL, stopped by Ctrl-C.
//!
//! A Python signal handler runs only when the thread holding the GIL checks for it, so a
//! long Rust call would make Ctrl-C wait for its end. [`interruptible`] runs the work on
//! a worker thread with the GIL released (other Python threads go on), while the calling
//! thread wakes every [`POLL`] to call `Python::check_signals`. On KeyboardInterrupt:
//!
//! - work that takes a stop flag (the crate's searches poll an `&AtomicBool`) is told to
//!   stop, and the worker is joined before the exception is raised;
//! - other work (Schreier–Sims and the group algorithms, which have no stop flag) is
//!   left to finish on its worker thread and its result is dropped: Python gets its
//!   KeyboardInterrupt at once. What it computed for a shared object (a group's
//!   stabilizer chain, built once) is kept for the next call.
//!
//! A panic in the worker becomes a `PermlabError` naming it as an internal error.

use crate::error;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// How often the calling thread checks for signals while the work runs.
pub const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a worker thread with the GIL released, raising KeyboardInterrupt
/// (or any exception a signal handler raises) as soon as the handler runs; `stop`, when
/// given, is the flag `work` polls, set before the worker is joined.
pub fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("permlab-worker".into())
        .spawn(move || {
            let _ = tx.send(work());
        })
        .map_err(|e| error(format!("cannot start a worker thread: {e}")))?;
    let mut rx: Receiver<T> = rx;
    loop {
        let (back, received) = py.detach(move || {
            let r = rx.recv_timeout(POLL);
            (rx, r)
        });
        rx = back;
        match received {
            Ok(value) => {
                // the worker has sent its value and is ending
                let _ = py.detach(|| worker.join());
                return Ok(value);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    if let Some(flag) = &stop {
                        flag.store(true, Ordering::Relaxed);
                        let _ = py.detach(|| worker.join());
                    }
                    return Err(e);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let why = match py.detach(|| worker.join()) {
                    Err(payload) => panic_message(payload.as_ref()),
                    Ok(()) => "the worker ended without a result".to_string(),
                };
                return Err(error(format!("internal error in permlab: {why}")));
            }
        }
    }
}

/// The message of a panic payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic".to_string()
    }
}
