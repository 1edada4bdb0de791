//! `permlab nrp …`: seed 000's Number Rotation Puzzle solvers on `n × (n+1)` boards.

use super::output::{errln, out, outln};
use super::{print_json, CliError, CliResult};
use clap::Subcommand;
use permlab::nrp::general::GeneralSolver;
use permlab::nrp::quality::{compare, Limits, Stats};
use permlab::nrp::spiral::{centre_square, dist4};
use permlab::nrp::{self, Board, Solver, SpiralKind};
use permlab::puzzle::format_state;
use rand::SeedableRng;
use serde_json::json;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct NrpArgs {
    #[command(subcommand)]
    cmd: NrpCommand,
}

#[derive(Subcommand)]
enum NrpCommand {
    /// Solve a state of the n x (n+1) board by the seed's 3-cycles (or of any board
    /// with --board, by 3-cycles or the stabilizer-chain factor, labelled).
    Solve {
        /// Block size n (4..=64); the board has n rows and n+1 columns.
        #[arg(long, required_unless_present = "board", conflicts_with = "board")]
        n: Option<usize>,
        /// Another puzzle (e.g. board:5x5:4, board:6x6:2): the general solver.
        #[arg(long)]
        board: Option<String>,
        /// The state: numbers 1..n(n+1) in cell order (row-major), comma-separated.
        state: String,
    },
    /// The Spiral path of a number to the centre square (or to --to).
    Spiral {
        /// Block size n.
        #[arg(long)]
        n: usize,
        /// The number to move (1-based), on the solved board unless --state is given.
        #[arg(long)]
        number: usize,
        /// Target cell (1-based): Spiral to the centre, then backwards to it.
        #[arg(long)]
        to: Option<usize>,
        /// Start state (default: solved).
        #[arg(long)]
        state: Option<String>,
    },
    /// Cycle = (Y X)^4 in the seed's counter-clockwise letters: its belt and shift.
    Cycle {
        /// Block size n.
        #[arg(long)]
        n: usize,
    },
    /// The general 3-cycle of cells A -> B -> C (1-based, one colour class).
    ThreeCycle {
        /// Block size n.
        #[arg(long)]
        n: usize,
        /// Three distinct cells.
        #[arg(num_args = 3, required = true)]
        cells: Vec<usize>,
    },
    /// Solution lengths of the seed's method, 3-cycles with optimal setups, the
    /// stabilizer-chain factor and optimal search on the same random states.
    Quality {
        /// Smallest n of the n x (n+1) boards.
        #[arg(long, default_value_t = 4)]
        n_from: usize,
        /// Largest n (at most 24: the comparison's memory grows about as n^5, 1.2 GB at
        /// n = 24 and 5.1 GB at n = 32).
        #[arg(long, default_value_t = 8)]
        n_to: usize,
        /// Further boards (comma-separated specs).
        #[arg(
            long,
            default_value = "board:2x3:2,board:3x4:3,board:3x3:2,board:2x4:2,board:4x4:3,board:5x5:4,board:6x6:2"
        )]
        boards: String,
        /// Random states per puzzle.
        #[arg(long, default_value_t = 100)]
        states: usize,
        /// Random seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
    },
    /// Solution length and time per solve over random solvable states.
    Bench {
        /// Smallest n.
        #[arg(long, default_value_t = 4)]
        n_from: usize,
        /// Largest n.
        #[arg(long, default_value_t = 12)]
        n_to: usize,
        /// Random states per n.
        #[arg(long, default_value_t = 1000)]
        states: usize,
        /// Random seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
    },
}

fn rc(board: &Board, cell: usize) -> String {
    let (r, c) = board.coords(cell);
    format!("({},{})", r + 1, c + 1)
}

pub fn run(args: NrpArgs, json: bool) -> CliResult {
    match args.cmd {
        NrpCommand::Solve {
            n: None,
            board: Some(spec),
            state,
        } => solve_general(&spec, &state, json),
        NrpCommand::Solve { n, state, .. } => solve_specific(n, state, json),
        NrpCommand::Spiral {
            n,
            number,
            to,
            state,
        } => spiral(n, number, to, state, json),
        NrpCommand::Cycle { n } => cycle_command(n, json),
        NrpCommand::ThreeCycle { n, cells } => three_cycle_command(n, cells, json),
        NrpCommand::Quality {
            n_from,
            n_to,
            boards,
            states,
            seed,
        } => quality(n_from, n_to, &boards, states, seed, json),
        NrpCommand::Bench {
            n_from,
            n_to,
            states,
            seed,
        } => bench(n_from, n_to, states, seed, json),
    }
}

/// `permlab nrp solve --n N`: seed 000's algorithm on the n x (n+1) board.
/// A solver's refusal: the answer "no" (exit code 1) when it proves the position
/// unsolvable, an error otherwise.
fn unsolvable(e: permlab::nrp::solve::Unsolvable) -> CliError {
    if e.is_proof_of_unsolvability() {
        super::negative(e.to_string())
    } else {
        e.into()
    }
}

fn solve_specific(n: Option<usize>, state: String, json: bool) -> CliResult {
    let n = n.ok_or("give --n or --board")?;
    let solver = Solver::new(n)?;
    let b = &solver.board;
    let start = b.puzzle.parse_state(&state)?;
    let sol = solver.solve(&start).map_err(unsolvable)?;
    let end = b.eval_letters(&sol.letters).apply_to_state(&start);
    if end != b.puzzle.solved() {
        return Err("internal: the solution does not solve the state".into());
    }
    if json {
        print_json(&json!({
            "n": n,
            "state": format_state(&start),
            "word": sol.word.to_string(),
            "length": sol.letters.len(),
            "length_before_simplify": sol.raw_length,
            "three_cycles": sol.three_cycles,
            "parity_move": b.word(&sol.parity_move).to_string(),
            "method": sol.method,
            "after": format_state(&end),
        }))?;
    } else {
        outln!("before:");
        out!("{}", b.puzzle.render(&start));
        outln!(
            "solution ({} letters, {} general 3-cycles{}; method: {}):",
            sol.letters.len(),
            sol.three_cycles,
            if sol.parity_move.is_empty() {
                String::new()
            } else {
                format!(", parity move {} first", b.word(&sol.parity_move))
            },
            sol.method
        );
        outln!("{}", sol.word);
        outln!("after:");
        out!("{}", b.puzzle.render(&end));
    }
    Ok(ExitCode::SUCCESS)
}

/// `permlab nrp spiral`: Spiral brings a number to the centre (or to a cell).
fn spiral(
    n: usize,
    number: usize,
    to: Option<usize>,
    state: Option<String>,
    json: bool,
) -> CliResult {
    let b = Board::new(n)?;
    let st = match state {
        Some(s) => b.puzzle.parse_state(&s)?,
        None => b.puzzle.solved(),
    };
    let num = b.check_cell("number", number)?;
    let from = st
        .iter()
        .position(|&l| l as usize == num)
        .expect("a permutation");
    let path = nrp::spiral_path(&b, from, SpiralKind::Plain);
    let target = match to {
        Some(t) => Some(b.check_cell("cell", t)?),
        None => None,
    };
    let word = match target {
        Some(t) => nrp::spiral(&b, &st, num, t)?,
        None => b.word(&path.letters),
    };
    let end = b.puzzle.apply(&st, &word);
    let dist: Vec<f64> = path
        .cells
        .iter()
        .map(|&c| (dist4(&b, c) as f64).sqrt() / 2.0)
        .collect();
    if json {
        print_json(&json!({
            "n": n,
            "number": number,
            "start": from + 1,
            "centre": centre_square(&b, b.class(from)) + 1,
            "path_cells": path.cells.iter().map(|c| c + 1).collect::<Vec<_>>(),
            "path_letters": b.word(&path.letters).to_string(),
            "distance_to_centre_of_y": dist,
            "x_turns": path.steps.len(),
            "target": target.map(|t| t + 1),
            "word": word.to_string(),
            "after": format_state(&end),
        }))?;
    } else {
        outln!(
            "Spiral of number {number} from cell {} {} to the centre square {} {}:",
            from + 1,
            rc(&b, from),
            path.end() + 1,
            rc(&b, path.end())
        );
        outln!("  start        {:<8} d = {:.3}", rc(&b, from), dist[0]);
        for (k, &(g, p)) in path.letters.iter().enumerate() {
            let letter = b.word(&[(g, p)]).to_string();
            outln!(
                "  {:<12} {:<8} d = {:.3}",
                letter,
                rc(&b, path.cells[k + 1]),
                dist[k + 1]
            );
        }
        outln!(
            "{} X turns; word: {}",
            path.steps.len(),
            b.word(&path.letters)
        );
        if let Some(t) = target {
            outln!("to cell {} {}: {word}", t + 1, rc(&b, t));
        }
        out!("{}", b.puzzle.render(&end));
    }
    Ok(ExitCode::SUCCESS)
}

/// `permlab nrp cycle`: the conveyor belt of Cycle.
fn cycle_command(n: usize, json: bool) -> CliResult {
    let b = Board::new(n)?;
    let belt = nrp::belt(&b);
    let word = b.word(&nrp::cycle(&b));
    let g = b.eval_letters(&nrp::cycle(&b));
    let shift = nrp::cycle_shift(&b);
    if json {
        print_json(&json!({
            "n": n,
            "word": word.to_string(),
            "belt": belt.iter().map(|c| c + 1).collect::<Vec<_>>(),
            "shift": shift,
            "cycles": g.to_string(),
        }))?;
    } else {
        outln!("Cycle (seed (Y X)^4, counter-clockwise letters) = {word}");
        let cells: Vec<String> = belt.iter().map(|&c| rc(&b, c)).collect();
        outln!("belt ({} cells): {}", belt.len(), cells.join(" "));
        outln!("shift: {shift} places along the belt");
        outln!("permutation: {g}");
    }
    Ok(ExitCode::SUCCESS)
}

/// `permlab nrp three-cycle`: the 3-cycle of three cells.
fn three_cycle_command(n: usize, cells: Vec<usize>, json: bool) -> CliResult {
    let solver = Solver::new(n)?;
    let b = &solver.board;
    let mut c = [0usize; 3];
    for (k, &x) in cells.iter().enumerate() {
        c[k] = b.check_cell("cell", x)?;
    }
    let w = nrp::three_cycle(b, &solver.specific, c)?;
    let w = b.simplify(&w);
    let g = b.eval_letters(&w);
    if json {
        print_json(&json!({
            "n": n,
            "word": b.word(&w).to_string(),
            "length": w.len(),
            "permutation": g.to_string(),
        }))?;
    } else {
        outln!("{}", b.word(&w));
        outln!("{} letters; permutation {g}", w.len());
    }
    Ok(ExitCode::SUCCESS)
}

fn median_max(v: &mut [f64]) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    let m = if v.is_empty() { 0.0 } else { v[v.len() / 2] };
    (m, v.last().copied().unwrap_or(0.0))
}

fn bench(n_from: usize, n_to: usize, states: usize, seed: u64, json: bool) -> CliResult {
    if n_from > n_to || states == 0 {
        return Err(CliError::from("need --n-from <= --n-to and --states >= 1"));
    }
    // both ends of the range are valid sizes before any work
    nrp::Board::new(n_from)?;
    nrp::Board::new(n_to)?;
    let total = ((n_to - n_from + 1) * states) as u64;
    let bar = super::progress::Bar::items(total, true);
    let mut rows = Vec::new();
    'outer: for n in n_from..=n_to {
        let solver = Solver::new(n)?;
        let b = &solver.board;
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed.wrapping_add(n as u64));
        let mut lens = Vec::new();
        let mut times = Vec::new();
        bar.message(format!("n = {n}"));
        for _ in 0..states {
            if super::progress::stopped() {
                break 'outer;
            }
            let st = solver.random_state(&mut rng);
            let t = Instant::now();
            let sol = solver.solve(&st)?;
            times.push(t.elapsed().as_secs_f64() * 1e3);
            if b.eval_letters(&sol.letters).apply_to_state(&st) != b.puzzle.solved() {
                return Err(
                    format!("internal: n = {n}: a solution does not solve its state").into(),
                );
            }
            lens.push(sol.letters.len() as f64);
            bar.step("");
        }
        let (lm, lx) = median_max(&mut lens);
        let (tm, tx) = median_max(&mut times);
        rows.push((n, lens.len(), lm, lx, tm, tx));
    }
    bar.clear();
    if super::progress::stopped() {
        errln!("permlab: interrupted; figures so far:");
    }
    if json {
        let v: Vec<_> = rows
            .iter()
            .map(|&(n, k, lm, lx, tm, tx)| {
                json!({"n": n, "states": k, "length_median": lm, "length_max": lx,
                       "ms_median": tm, "ms_max": tx})
            })
            .collect();
        print_json(&json!(v))?;
    } else {
        outln!("| n | states | length median | length max | ms/solve median | ms/solve max |");
        outln!("|---|---|---|---|---|---|");
        for (n, k, lm, lx, tm, tx) in rows {
            outln!("| {n} | {k} | {lm:.0} | {lx:.0} | {tm:.2} | {tx:.2} |");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn solve_general(spec: &str, state: &str, json: bool) -> CliResult {
    let puzzle = permlab::Puzzle::load(spec)?;
    let start = puzzle.parse_state(state)?;
    let solver = GeneralSolver::new(&puzzle);
    let sol = solver.solve(&start).map_err(unsolvable)?;
    let end = puzzle.apply(&start, &sol.word);
    if end != puzzle.solved() {
        return Err("internal: the solution does not solve the state".into());
    }
    if json {
        print_json(&json!({
            "puzzle": spec,
            "state": format_state(&start),
            "word": sol.word.to_string(),
            "length": sol.letters.len(),
            "three_cycles": sol.three_cycles,
            "method": sol.method.to_string(),
            "after": format_state(&end),
        }))?;
    } else {
        outln!("before:");
        out!("{}", puzzle.render(&start));
        outln!(
            "solution ({} letters; method: {}{}):",
            sol.letters.len(),
            sol.method,
            if sol.three_cycles > 0 {
                format!(", {} general 3-cycles", sol.three_cycles)
            } else {
                String::new()
            }
        );
        outln!("{}", sol.word);
        outln!("after:");
        out!("{}", puzzle.render(&end));
    }
    Ok(ExitCode::SUCCESS)
}

/// Largest n of `nrp quality` (measured peak memory: 1.2 GB at n = 24, 5.1 GB at 32).
const QUALITY_MAX_N: usize = 24;

fn quality(
    n_from: usize,
    n_to: usize,
    boards: &str,
    states: usize,
    seed: u64,
    json: bool,
) -> CliResult {
    if states == 0 || n_from > n_to {
        return Err("need --states >= 1 and --n-from <= --n-to".into());
    }
    if n_to > QUALITY_MAX_N {
        return Err(format!(
            "--n-to {n_to} is above the limit of {QUALITY_MAX_N} for `nrp quality` (its memory grows about as n^5: 1.2 GB at n = 24, 5.1 GB at n = 32)"
        )
        .into());
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut rows = Vec::new();
    let limits = Limits::default();
    let specs: Vec<&str> = boards
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    // every argument is checked before any work
    nrp::Board::new(n_from)?;
    nrp::Board::new(n_to)?;
    let puzzles = specs
        .iter()
        .map(|spec| permlab::Puzzle::load(spec))
        .collect::<Result<Vec<_>, _>>()?;
    let bar = super::progress::Bar::items((n_to - n_from + 1 + specs.len()) as u64, true);
    for n in n_from..=n_to {
        bar.message(format!("n = {n}"));
        let s = Solver::new(n)?;
        rows.push(compare(&s.board.puzzle, Some(&s), states, limits, &mut rng));
        bar.step("");
    }
    for p in &puzzles {
        rows.push(compare(p, None, states, limits, &mut rng));
        bar.step("");
    }
    bar.clear();
    if json {
        print_json(&serde_json::to_value(&rows)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let cell = |s: &Option<Stats>| match s {
        Some(s) => format!("{} / {:.0} / {}", s.median, s.mean, s.max),
        None => "-".to_string(),
    };
    outln!("Solution length in letters (median / mean / max over {states} random solvable states)");
    outln!("| puzzle | seed 000 method | 3-cycles, optimal setups | stabilizer-chain factor | optimal |");
    outln!("|---|---|---|---|---|");
    for r in &rows {
        outln!(
            "| {} | {} | {} | {} | {} |",
            r.puzzle,
            cell(&r.seed_method),
            cell(&r.three_cycles),
            cell(&r.factor),
            cell(&r.optimal)
        );
    }
    outln!(
        "(factor only up to {} cells: its tables exhaust memory on the 42-cell board; optimal only for groups of at most {} elements)",
        limits.factor_max_degree, limits.optimal_max_order
    );
    Ok(ExitCode::SUCCESS)
}
