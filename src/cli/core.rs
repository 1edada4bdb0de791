//! Subcommands on permutations, words and puzzles: perm, order, matrix, apply, puzzles.

use super::output::{out, outln};
use super::{print_json, CliResult, ConventionArgs};
use clap::Subcommand;
use permlab::puzzle::format_state;
use permlab::{matrix, Puzzle};
use serde_json::json;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum CoreCommand {
    /// The permutation of a word, in cycle notation.
    Perm(WordArgs),
    /// The exact order of a word.
    Order(WordArgs),
    /// The permutation matrix of a word as a 0/1 picture (seed 003's `pretty`).
    Matrix(WordArgs),
    /// The state after a word, drawn.
    Apply {
        #[command(flatten)]
        word: WordArgs,
        /// Start state (1-based labels in position order); default: solved.
        #[arg(long)]
        state: Option<String>,
        /// Start state as the permutation taking solved to it, in GAP cycle
        /// notation (e.g. "(9,21,28)").
        #[arg(long, conflicts_with = "state")]
        cycles: Option<String>,
    },
    /// The built-in puzzles: points, order, positions, search metric, where each
    /// comes from, and its generators.
    Puzzles {},
}

#[derive(clap::Args)]
pub struct WordArgs {
    /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
    /// generator words (`cube3[R2,U]`).
    #[arg(value_parser = super::args::puzzle_arg)]
    pub puzzle: Puzzle,
    /// A word over the puzzle's moves, e.g. "R U R' U'" or "(Y X)^4".
    pub word: String,
    #[command(flatten)]
    pub conv: ConventionArgs,
}

impl WordArgs {
    pub(super) fn load(&self) -> Result<(Puzzle, permlab::Perm), super::CliError> {
        let puzzle = self.puzzle.clone();
        let word = puzzle.parse_word(&self.word)?;
        let perm = puzzle.eval_with(&word, self.conv.convention());
        Ok((puzzle, perm))
    }
}

impl CoreCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            CoreCommand::Perm(a) => {
                let (_, g) = a.load()?;
                if json {
                    let images: Vec<usize> = g.images().iter().map(|&x| x as usize + 1).collect();
                    print_json(&json!({"cycles": g.to_string(), "images": images}))?;
                } else {
                    outln!("{g}");
                }
            }
            CoreCommand::Order(a) => {
                let (_, g) = a.load()?;
                if json {
                    print_json(&json!({"order": g.order().to_string()}))?;
                } else {
                    outln!("{}", g.order());
                }
            }
            CoreCommand::Matrix(a) => {
                let (_, g) = a.load()?;
                let m = matrix::to_dmatrix::<u8>(&g);
                if json {
                    // row r has its 1 in column g^-1(r)
                    let inv = g.inverse();
                    let cols: Vec<usize> = (0..g.degree()).map(|r| inv.image(r) + 1).collect();
                    print_json(&json!({"size": g.degree(), "one_in_column": cols}))?;
                } else {
                    out!("{}", matrix::pretty(&m));
                }
            }
            CoreCommand::Apply {
                word,
                state,
                cycles,
            } => {
                let (puzzle, g) = word.load()?;
                let start = super::args::start_state(&puzzle, state.as_deref(), cycles.as_deref())?;
                let end = g.apply_to_state(&start);
                if json {
                    let v: Vec<u32> = end.iter().map(|x| x + 1).collect();
                    print_json(&json!({"state": v}))?;
                } else {
                    out!("{}", puzzle.render(&end));
                    outln!("{}", format_state(&end));
                }
            }
            CoreCommand::Puzzles {} => {
                let mut list = Vec::new();
                for entry in permlab::puzzle::catalogue() {
                    let p = Puzzle::builtin(entry.spec)?;
                    let g = p.group();
                    let positions = permlab::puzzle::identical::position_count(&g, p.identical())?;
                    list.push((entry, p, g.order(), positions));
                }
                if json {
                    let v: Vec<_> = list
                        .iter()
                        .map(|(entry, p, order, positions)| {
                            json!({
                                "spec": entry.spec,
                                "source": entry.source,
                                "degree": p.degree(),
                                "order": order.to_string(),
                                "positions": positions.to_string(),
                                "identical": p.identical().iter()
                                    .map(|c| c.iter().map(|x| x + 1).collect::<Vec<_>>())
                                    .collect::<Vec<_>>(),
                                "metric": p.metric().name(),
                                "generators": p.generators().iter()
                                    .map(|m| json!({"name": m.name, "cycles": m.perm.to_string()}))
                                    .collect::<Vec<_>>(),
                            })
                        })
                        .collect();
                    print_json(&json!(v))?;
                } else {
                    outln!("Built-in puzzles (families: cube:N, cube:N:outer, turnstyle:N, board:RxC:K; or a .gens, .tws or .geo file path).");
                    outln!("Positions are the states reachable from solved: as many as the group's elements, or where some pieces are identical the arrangements of their multiset.");
                    for (entry, p, order, positions) in &list {
                        outln!(
                            "\n{}  {} points, order {order}, {positions} positions, searched in the {} metric",
                            entry.spec,
                            p.degree(),
                            p.metric()
                        );
                        outln!("  {}", entry.source);
                        if !p.identical().is_empty() {
                            outln!(
                                "  identical pieces: {}",
                                permlab::puzzle::identical::format_classes(p.identical())
                            );
                        }
                        for m in p.generators() {
                            outln!("  {}: {}", m.name, m.perm);
                        }
                        let aliases = p.alphabet().aliases();
                        if !aliases.is_empty() {
                            let names = p.alphabet().names();
                            let a: Vec<String> = aliases
                                .iter()
                                .map(|(t, g, k)| format!("{t}={}^{k}", names[*g]))
                                .collect();
                            outln!("  aliases: {}", a.join(" "));
                        }
                    }
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
