//! The min2phase crate behind a command line, one position per process:
//!
//! - `min2phase-runner solve FACELETS MAX_LENGTH` prints the solution (moves
//!   separated by spaces, in Kociemba's move names) on the first line and the
//!   seconds spent in `min2phase::solve` on the second;
//! - `min2phase-runner facelets MOVES` prints the facelet string (URFDLB, 54
//!   letters) of the position the moves make from solved;
//! - `min2phase-runner batch MAX_LENGTH` solves every facelet string of standard
//!   input (one per line) in this one process, its tables built first by a solve
//!   that is not counted (the warm figure), and prints per position the
//!   solution and the seconds of its `min2phase::solve` call, separated by a tab.
//!
//! Exit code 1 with a message on stderr when the input is refused.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["solve", facelets, max_length] => {
            let Ok(max) = max_length.parse::<u8>() else {
                eprintln!("min2phase-runner: MAX_LENGTH {max_length:?} is not a number");
                return ExitCode::FAILURE;
            };
            let cube = facelets.to_string();
            let t = Instant::now();
            let solution = min2phase::solve(&cube, max);
            let seconds = t.elapsed().as_secs_f64();
            // min2phase answers "Error N" for a string that is not a cube
            if solution.starts_with("Error") {
                eprintln!("min2phase-runner: {solution}");
                return ExitCode::FAILURE;
            }
            println!(
                "{}",
                solution.split_whitespace().collect::<Vec<_>>().join(" ")
            );
            println!("{seconds}");
            ExitCode::SUCCESS
        }
        ["batch", max_length] => {
            let Ok(max) = max_length.parse::<u8>() else {
                eprintln!("min2phase-runner: MAX_LENGTH {max_length:?} is not a number");
                return ExitCode::FAILURE;
            };
            // the tables are built on the first call: a solved cube's solve
            let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB".to_string();
            let _ = min2phase::solve(&solved, max);
            for line in std::io::stdin().lines() {
                let Ok(line) = line else {
                    eprintln!("min2phase-runner: standard input is not text");
                    return ExitCode::FAILURE;
                };
                let cube = line.trim().to_string();
                if cube.is_empty() {
                    continue;
                }
                let t = Instant::now();
                let solution = min2phase::solve(&cube, max);
                let seconds = t.elapsed().as_secs_f64();
                if solution.starts_with("Error") {
                    eprintln!("min2phase-runner: {cube}: {solution}");
                    return ExitCode::FAILURE;
                }
                println!(
                    "{}\t{seconds}",
                    solution.split_whitespace().collect::<Vec<_>>().join(" ")
                );
            }
            ExitCode::SUCCESS
        }
        ["facelets", moves] => match min2phase::from_moves(&moves.to_string()) {
            Some(f) => {
                println!("{f}");
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("min2phase-runner: the moves {moves:?} do not parse");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!("usage: min2phase-runner solve FACELETS MAX_LENGTH | batch MAX_LENGTH | facelets MOVES");
            ExitCode::FAILURE
        }
    }
}
