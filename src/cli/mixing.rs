//! `permlab mixing`: the total-variation distance to uniform of the uniformly random
//! walk on a whole state space, after 0..K moves ([`permlab::search::mixing`]).

use super::output::outln;
use super::progress::{stop_flag, Bar};
use super::search::{with_space, AnySpace, SpaceArgs};
use super::{print_json, CliResult};
use clap::Args;
use permlab::search::mixing::{mixing, Mixing, MixingOptions};
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
    let name = match &space {
        AnySpace::Ring(_) => format!("{} up to rotation", puzzle.name()),
        AnySpace::Pieces(_) => format!("{} (tracked pieces)", puzzle.name()),
        AnySpace::Tokens(_) => format!("{} (identical pieces)", puzzle.name()),
        AnySpace::Group(_) => puzzle.name().to_string(),
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
