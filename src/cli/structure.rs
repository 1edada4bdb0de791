//! Structure subcommands: stabilizer, centralizer, normal-closure, blocks, action,
//! orbits.

use super::args::parse_points;
use super::core::WordArgs;
use super::output::outln;
use super::{print_json, CliError, CliResult};
use clap::Subcommand;
use permlab::group::orbits_on_sets::{OnWhat, DEFAULT_DOMAIN_LIMIT};
use permlab::{Perm, PermGroup, Puzzle};
use serde_json::json;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum StructureCommand {
    /// The setwise stabilizer of a set of points: its order and generators.
    Stabilizer {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// The points (1-based, e.g. 1,5,9 or 9-12).
        #[arg(long, value_name = "POINTS")]
        set: String,
    },
    /// The centralizer in the puzzle's group of the permutation of a word: its order.
    Centralizer(WordArgs),
    /// The normal closure in the puzzle's group of the permutation of a word: its order.
    NormalClosure(WordArgs),
    /// The minimal block systems of the action on each orbit, and primitivity.
    Blocks {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
    },
    /// The action on block systems or an orbit: orders of the image and the kernel.
    Action {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// `blocks` (the blocks of every minimal block system together) or `orbit:N`
        /// (the orbit of point N, 1-based).
        #[arg(long, value_name = "blocks|orbit:N")]
        on: String,
    },
    /// The orbits on points, or on the K-subsets or K-tuples of points (found by
    /// closing under the generators). JSON: {"on", "count", "lengths", "orbits"}, each
    /// orbit the list of its elements (1-based points; for sets and tuples each
    /// element is a list of points), orbits ordered by their first element.
    Orbits {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// `sets:K` (the K-subsets) or `tuples:K` (the K-tuples, repeats allowed);
        /// without it, the orbits on points.
        #[arg(long, value_name = "sets:K|tuples:K")]
        on: Option<String>,
        /// The largest number of sets or tuples (C(n,K) or n^K) to act on.
        #[arg(long, default_value_t = DEFAULT_DOMAIN_LIMIT)]
        limit: u64,
    },
}

/// The value of `--on sets:K|tuples:K`.
fn parse_on(on: &str) -> Result<OnWhat, CliError> {
    let bad = || format!("--on {on:?}: expected sets:K or tuples:K with K a number");
    let (kind, k) = on.split_once(':').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    match kind {
        "sets" => Ok(OnWhat::Sets(k)),
        "tuples" => Ok(OnWhat::Tuples(k)),
        _ => Err(bad().into()),
    }
}

/// `permlab orbits`: orbits on points, sets or tuples.
fn orbits(p: Puzzle, on: Option<String>, limit: u64, json: bool) -> CliResult {
    let g = p.group();
    let (label, orbits): (String, Vec<serde_json::Value>) = match on {
        None => (
            "points".into(),
            g.orbits()
                .iter()
                .map(|o| json!(o.iter().map(|x| x + 1).collect::<Vec<_>>()))
                .collect(),
        ),
        Some(on) => {
            let what = parse_on(&on)?;
            if let Some(size) = what.domain_size(g.degree()).filter(|&s| s <= limit) {
                check_listing_memory(size, what, g.degree())?;
            }
            let orbits = g.orbits_on(what, limit)?;
            (
                what.to_string(),
                orbits.iter().map(|o| json!(one_based(o))).collect(),
            )
        }
    };
    let lengths: Vec<usize> = orbits
        .iter()
        .map(|o| o.as_array().map_or(0, Vec::len))
        .collect();
    if json {
        print_json(&json!({
            "on": label,
            "count": orbits.len(),
            "lengths": lengths,
            "orbits": orbits,
        }))?;
    } else {
        outln!("orbits on {label}: {}", orbits.len());
        for (o, len) in orbits.iter().zip(&lengths) {
            let first = o.as_array().and_then(|v| v.first()).map(|x| x.to_string());
            outln!(
                "  length {len}, first element {}",
                first.unwrap_or_default()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses, before anything is allocated, a listing of the `size` elements of the
/// domain `what` that does not fit in 90% of the memory available: a bit per element
/// while the orbits are found, and each element listed twice, as points (8 bytes each
/// and a 24-byte vector) and as JSON values (32 bytes each, and one for the list).
fn check_listing_memory(size: u64, what: OnWhat, n: usize) -> Result<(), CliError> {
    let k = what.k() as u128;
    let needed = size as u128 / 8 + size as u128 * (24 + 8 * k + 32 * (k + 1));
    let system = permlab::search::memory::smallest_bound();
    let Some((limit, source)) = permlab::search::table::memory_limit(None, 0, system) else {
        return Ok(());
    };
    if needed > limit as u128 {
        let kind = match what {
            OnWhat::Sets(k) => format!("{k}-subsets"),
            OnWhat::Tuples(k) => format!("{k}-tuples"),
        };
        return Err(format!(
            "--on {what}: listing the {size} {kind} of {n} points takes about {needed} bytes; the limit is {limit} bytes ({source})"
        )
        .into());
    }
    Ok(())
}

/// Blocks as 1-based points.
fn one_based(blocks: &[Vec<usize>]) -> Vec<Vec<usize>> {
    blocks
        .iter()
        .map(|b| b.iter().map(|x| x + 1).collect())
        .collect()
}

/// The puzzle's group and the permutation of the word, which must lie in it.
fn group_and_member(a: &WordArgs) -> Result<(PermGroup, Perm), CliError> {
    let (p, x) = a.load()?;
    let g = p.group();
    if !g.contains(&x) {
        return Err(format!("the word {:?} is not in the group of {}", a.word, p.name()).into());
    }
    Ok((g, x))
}

impl StructureCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            StructureCommand::Stabilizer { puzzle, set } => {
                let p = puzzle;
                let points = parse_points(&set, p.degree(), "--set")?;
                let h = p.group().setwise_stabilizer(&points)?;
                let gens: Vec<String> = h.generators().iter().map(|g| g.to_string()).collect();
                if json {
                    print_json(&json!({"order": h.order().to_string(), "generators": gens}))?;
                } else {
                    outln!(
                        "setwise stabilizer of {}",
                        permlab::perm::cycles::point_set_text(&points)
                    );
                    outln!("order:      {}", h.order());
                    outln!("generators: {}", gens.len());
                    for g in &gens {
                        outln!("  {g}");
                    }
                }
            }
            StructureCommand::Centralizer(a) => {
                let (g, x) = group_and_member(&a)?;
                let c = g.centralizer(&x)?;
                let class = g.order() / c.order();
                if json {
                    print_json(&json!({"order": c.order().to_string()}))?;
                } else {
                    outln!("centralizer order: {}", c.order());
                    outln!("class size:        {class} (= |G| / |C(g)|)");
                }
            }
            StructureCommand::NormalClosure(a) => {
                let (g, x) = group_and_member(&a)?;
                let n = g.normal_closure(&[x])?;
                if json {
                    print_json(&json!({"order": n.order().to_string()}))?;
                } else {
                    outln!("normal closure order: {}", n.order());
                    outln!("index in the group:   {}", g.order() / n.order());
                }
            }
            StructureCommand::Blocks { puzzle } => {
                let p = puzzle;
                let g = p.group();
                let systems = g.minimal_block_systems();
                let primitive = g.is_primitive();
                if json {
                    let minimal: Vec<_> = systems.iter().map(|s| one_based(s)).collect();
                    print_json(&json!({"minimal": minimal, "is_primitive": primitive}))?;
                } else {
                    outln!(
                        "primitive: {}",
                        if primitive {
                            "yes"
                        } else if g.is_transitive() {
                            "no (transitive, with a non-trivial block system)"
                        } else {
                            "no (not transitive)"
                        }
                    );
                    outln!("minimal block systems: {}", systems.len());
                    for s in &systems {
                        let blocks: Vec<String> = one_based(s)
                            .iter()
                            .map(|b| {
                                let v: Vec<String> = b.iter().map(|x| x.to_string()).collect();
                                format!("{{{}}}", v.join(","))
                            })
                            .collect();
                        outln!(
                            "  {} blocks of {}: {}",
                            s.len(),
                            s[0].len(),
                            blocks.join(" ")
                        );
                    }
                }
            }
            StructureCommand::Action { puzzle, on } => {
                let p = puzzle;
                let g = p.group();
                let action = if on == "blocks" {
                    let systems = g.minimal_block_systems();
                    if systems.is_empty() {
                        return Err(format!(
                            "--on blocks: the group of {} has no non-trivial block system",
                            p.name()
                        )
                        .into());
                    }
                    g.action_on_blocks(&systems.concat())?
                } else if let Some(n) = on.strip_prefix("orbit:") {
                    let pts = parse_points(n, p.degree(), "--on orbit:N")?;
                    if pts.len() != 1 {
                        return Err(format!("--on {on:?}: give one point N").into());
                    }
                    g.action_on_orbit(pts[0])?
                } else {
                    return Err(format!("--on {on:?}: expected blocks or orbit:N").into());
                };
                let (io, ko) = (action.image.order(), action.kernel.order());
                if json {
                    print_json(&json!({
                        "image_order": io.to_string(),
                        "kernel_order": ko.to_string(),
                    }))?;
                } else {
                    if on == "blocks" {
                        outln!("acting on:    {} blocks", action.blocks.len());
                    } else {
                        outln!("acting on:    an orbit of {} points", action.blocks.len());
                    }
                    outln!("image order:  {io}");
                    outln!("kernel order: {ko}");
                }
            }
            StructureCommand::Orbits { puzzle, on, limit } => {
                return orbits(puzzle, on, limit, json)
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
