//! Conjugacy subcommands: conjugate, classes, count.

use super::output::outln;
use super::{print_json, CliError, CliResult, ConventionArgs};
use clap::Subcommand;
use permlab::group::counting::CLASS_LIMIT;
use permlab::{Convention, Direction, Perm, ProductOrder, Puzzle, Word};
use serde_json::json;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum ClassesCommand {
    /// Whether the permutations of two words are conjugate in the puzzle's group, with
    /// a word x such that x⁻¹·WORD1·x = WORD2 (products left to right).
    Conjugate {
        /// A built-in puzzle, a .gens file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// The first word, e.g. "R U R' U'".
        word1: String,
        /// The second word.
        word2: String,
        #[command(flatten)]
        conv: ConventionArgs,
    },
    /// The conjugacy classes of the puzzle's group: sizes and representatives.
    Classes {
        /// A built-in puzzle, a .gens file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// Give up beyond this many classes or random elements.
        #[arg(long, default_value_t = CLASS_LIMIT)]
        limit: usize,
    },
    /// Burnside/Pólya orbit counts: colourings of the points or k-subsets up to the group.
    Count {
        /// A built-in puzzle, a .gens file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// The number of colours C: count the colourings of all points.
        #[arg(long, value_name = "C", conflicts_with = "subsets")]
        colourings: Option<u64>,
        /// The subset size K: count the K-subsets of the points.
        #[arg(long, value_name = "K")]
        subsets: Option<usize>,
        /// Give up beyond this many conjugacy classes or random elements.
        #[arg(long, default_value_t = CLASS_LIMIT)]
        limit: usize,
    },
}

/// A word over the puzzle's moves whose permutation under `conv` is `x`, from the
/// group's factorization (checked), or `None` when the group is too large to factor.
fn word_for(p: &Puzzle, x: &Perm, conv: Convention) -> Result<Option<Word>, CliError> {
    let g = p.group();
    if !g.can_factor() {
        return Ok(None);
    }
    let w = g
        .factor_word(x, &p.generator_names())
        .ok_or("factoring the conjugating element failed")?;
    // factor_word is left to right and clockwise: reverse the letters for right-to-left
    // products, negate the powers for counterclockwise letters
    let mut letters = w.letters();
    if conv.order == ProductOrder::RightToLeft {
        letters.reverse();
    }
    if conv.direction == Direction::Counterclockwise {
        for l in &mut letters {
            l.1 = -l.1;
        }
    }
    let w = p.simplify(&Word::from_letters(w.names().clone(), &letters));
    if p.eval_with(&w, conv) != *x {
        return Err("internal error: the conjugating word does not evaluate to x".into());
    }
    Ok(Some(w))
}

impl ClassesCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            ClassesCommand::Conjugate {
                puzzle,
                word1,
                word2,
                conv,
            } => {
                let p = puzzle;
                let c = conv.convention();
                let parse = |name: &str, text: &str| -> Result<Perm, CliError> {
                    let w = p
                        .parse_word(text)
                        .map_err(|e| format!("{name} {text:?}: {e}"))?;
                    Ok(p.eval_with(&w, c))
                };
                let (a, b) = (parse("WORD1", &word1)?, parse("WORD2", &word2)?);
                let g = p.group();
                let Some(x) = g.conjugating_element(&a, &b)? else {
                    if json {
                        print_json(&json!({"conjugate": false}))?;
                    } else {
                        outln!("not conjugate in the group of {}", p.name());
                    }
                    return Ok(ExitCode::SUCCESS);
                };
                if a.conjugate(&x) != b || !g.contains(&x) {
                    return Err("internal error: the conjugating element does not check".into());
                }
                let w = word_for(&p, &x, c)?;
                if json {
                    let by = w.as_ref().map(|w| w.to_string());
                    print_json(&json!({"conjugate": true, "by": by}))?;
                } else {
                    outln!("conjugate: x⁻¹·WORD1·x = WORD2 for x = {x}");
                    match w {
                        Some(w) => outln!("x as a word: {w}"),
                        None => outln!("(the group is too large to write x as a word)"),
                    }
                }
            }
            ClassesCommand::Classes { puzzle, limit } => {
                let g = puzzle.group();
                let classes = g.conjugacy_classes(limit)?;
                let order = g.order();
                if json {
                    let sizes: Vec<String> = classes.iter().map(|c| c.size.to_string()).collect();
                    let reps: Vec<String> = classes
                        .iter()
                        .map(|c| c.representative.to_string())
                        .collect();
                    print_json(&json!({
                        "count": classes.len(),
                        "sizes": sizes,
                        "representatives": reps,
                    }))?;
                } else {
                    outln!("conjugacy classes: {} (group order {order})", classes.len());
                    outln!(
                        "{:>5} {:>6} {:>20} {:>20}  representative",
                        "class",
                        "order",
                        "size",
                        "centralizer"
                    );
                    for (i, c) in classes.iter().enumerate() {
                        outln!(
                            "{:>5} {:>6} {:>20} {:>20}  {}",
                            i + 1,
                            c.representative.order(),
                            c.size,
                            &order / &c.size,
                            c.representative
                        );
                    }
                }
            }
            ClassesCommand::Count {
                puzzle,
                colourings,
                subsets,
                limit,
            } => {
                if colourings.is_none() && subsets.is_none() {
                    return Err("give --colourings C or --subsets K".into());
                }
                let g = puzzle.group();
                let z = g.cycle_index(limit)?;
                let n = g.degree();
                let (orbits, what) = match colourings {
                    Some(c) => (
                        z.colourings(c),
                        format!("colourings of the {n} points with {c} colours"),
                    ),
                    None => {
                        let k = subsets.ok_or("give --colourings C or --subsets K")?;
                        (z.subsets(k), format!("{k}-subsets of the {n} points"))
                    }
                };
                if json {
                    print_json(&json!({"orbits": orbits.to_string()}))?;
                } else {
                    outln!(
                        "orbits of the group of {} on {what}: {orbits}",
                        puzzle.name()
                    );
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    }
}
