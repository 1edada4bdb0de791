//! `permlab mixing`: the total-variation distance to uniform of the uniformly random
//! walk on a whole state space, after 0..K moves ([`permlab::search::mixing`]).

use super::output::outln;
use super::progress::{stop_flag, Bar};
use super::space::SpaceArgs;
use super::{print_json, CliResult};
use clap::Args;
use permlab::linalg::spectrum::closed_under_inverses;
use permlab::search::any_space::AnySpace;
use permlab::search::mixing::{mixing, Mixing, MixingOptions};
use permlab::with_space;
use serde_json::json;
use std::process::ExitCode;

/// Arguments of `permlab mixing`.
#[derive(Args)]
pub struct MixingArgs {
    #[command(flatten)]
    space: SpaceArgs,
    /// Largest number of random moves K (the curve is for k = 0..K).
    #[arg(long)]
    steps: usize,
}

/// Runs `permlab mixing`.
pub fn run(args: MixingArgs, json: bool) -> CliResult {
    let (puzzle, space) = args.space.build()?;
    let max_memory = args.space.max_memory()?;
    let bar = Bar::items(args.steps as u64, !args.space.quiet && !json);
    let opts = MixingOptions {
        steps: args.steps,
        max_memory,
        progress: &bar,
    };
    let r: Mixing = with_space!(&space, s => mixing(s, &opts, stop_flag()))?;
    // The walk is reversible (for the uniform distribution) when its move set is closed
    // under inverses: then P(x -> y) = P(y -> x). Otherwise, on the whole group (where
    // y = x·m and y·s = x force s = m⁻¹), P(x -> x·m) > 0 = P(x·m -> x) for a move m
    // whose inverse is not a move; on a projection that is not decided here.
    let closed = closed_under_inverses(&args.space.moves()?.1);
    let reversible = match &space {
        _ if closed => Some(true),
        AnySpace::Group(_) => Some(false),
        _ => None,
    };
    let name = match &space {
        AnySpace::Ring(_) => format!("{} up to rotation", puzzle.name()),
        AnySpace::Pieces(_) => format!("{} (tracked pieces)", puzzle.name()),
        AnySpace::Tokens(_) => format!("{} (identical pieces)", puzzle.name()),
        _ => puzzle.name().to_string(),
    };
    bar.clear();
    if json {
        print_json(&json!({
            "puzzle": name,
            "states": r.states,
            "moves": r.moves,
            "reachable": r.reachable,
            "tv": r.tv,
            "periodic": r.period.map(|d| d > 1),
            "period": r.period,
            "reversible": reversible,
            "interrupted": r.interrupted,
            "seconds": r.seconds,
        }))?;
    } else {
        outln!(
            "{}: {} positions, {} moves each taken with probability 1/{}",
            name,
            r.states,
            r.moves,
            r.moves
        );
        outln!("k\ttotal-variation distance to uniform after k random moves");
        for (k, t) in r.tv.iter().enumerate() {
            outln!("{k}\t{t:.6e}");
        }
        match r.period {
            Some(1) => outln!("the walk is aperiodic: it converges to the uniform distribution"),
            Some(d) => outln!(
                "the walk has period {d}: the positions fall in {d} classes visited in turn, so it does not converge to uniform (the distance stays at least {:.6})",
                1.0 - 1.0 / d as f64
            ),
            None if r.reachable < r.states => outln!(
                "only {} of the {} positions are reachable from the start, so the walk does not converge to uniform",
                r.reachable,
                r.states
            ),
            None => outln!("the period is unknown (the walk was interrupted)"),
        }
        match reversible {
            Some(true) => {}
            Some(false) => outln!("the moves are not closed under inverses, so the walk is not reversible: for a move m whose inverse is not a move, P(x → x·m) > 0 = P(x·m → x)"),
            None => outln!("the moves are not closed under inverses (the inverse of some move is not a move)"),
        }
        if r.interrupted {
            outln!("interrupted after {} moves", r.tv.len().saturating_sub(1));
        }
        outln!("time: {:.2} s", r.seconds);
    }
    Ok(if r.interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}
