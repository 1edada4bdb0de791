//! Group-theory subcommands: group, claim, verify, contains, factor, boards.

use super::args::parse_points;
use super::output::{out, outln};
use super::{print_json, CliResult};
use clap::Subcommand;
use num_bigint::BigUint;
use permlab::certificate::names::prove_structure;
use permlab::nrp::boards;
use permlab::proof::{prove_for, Claim, Format};
use permlab::puzzle::format_state;
use permlab::search::budget::SearchBudget;
use permlab::search::cache::TableCache;
use permlab::search::short_word::{ShortWordError, ShortWords, WordMethod};
use permlab::search::solver::SolveOptions;
use permlab::{Perm, PermGroup, Puzzle};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum GroupCommand {
    /// Facts about the group of a puzzle: order, orbits, parity, Sym/Alt, base length
    /// at once; structure, composition factors, derived series, centre, primitivity
    /// and solvability within --time-limit in all (JSON: null when not computed).
    Group {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// Also describe the pointwise stabilizer of these points (1-based, e.g. 9-12).
        #[arg(long, value_name = "POINTS")]
        fix: Option<String>,
        /// Seconds the facts may take in all: the cheap ones are always computed,
        /// then primitivity, centre, derived series, composition series, solvability
        /// and structure, in this order, each with an equal share of the time left.
        #[arg(
            long,
            value_name = "SECONDS",
            default_value_t = 1.0,
            conflicts_with = "all"
        )]
        time_limit: f64,
        /// Compute every fact, however long it takes.
        #[arg(long)]
        all: bool,
    },
    /// Decides a claim and prints its proof; exit 0 if it holds, 1 if it is false.
    Claim(ClaimArgs),
    /// Re-checks a certificate written by `claim --certificate` with the small
    /// independent checker: exit 0 if it holds, 1 if it does not, 2 if malformed.
    Verify {
        /// The certificate (JSON).
        file: PathBuf,
        /// The most steps (point images computed) the check may take; a certificate
        /// that needs more is given up (exit 2).
        #[arg(long, default_value_t = permlab::limits::MAX_CHECK_STEPS)]
        max_steps: u64,
    },
    /// Whether a state is reachable from solved (exit 0) or not (exit 1), with the reason.
    Contains {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// The state: 1-based labels in position order, e.g. 2,1,3,4 (or --cycles).
        state: Option<String>,
        /// The state as the permutation taking solved to it, in cycle notation
        /// (e.g. "(9,21,28)").
        #[arg(long, conflicts_with = "state")]
        cycles: Option<String>,
        /// Also write a certificate (JSON) that `permlab verify` re-checks
        /// independently; it holds the word the text does not show when it is long.
        #[arg(long, value_name = "FILE", value_parser = super::args::output_file)]
        certificate: Option<PathBuf>,
    },
    /// A word in the generators reaching a state from solved (its inverse solves it):
    /// the shorter of Minkwitz's factorisation through the stabiliser chain and the
    /// puzzle's solver within --time-limit (the one `permlab solve` runs), checked.
    Factor {
        /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// The state: 1-based labels in position order (or --cycles).
        state: Option<String>,
        /// The state as the permutation taking solved to it, in cycle notation
        /// (e.g. "(1,3,9,7)(2,6,8,4)").
        #[arg(long, conflicts_with = "state")]
        cycles: Option<String>,
        #[command(flatten)]
        words: WordArgs,
    },
    /// The table of all rotation boards R x C (2 <= R <= C <= MAX) with K x K blocks.
    Boards {
        /// Largest side.
        #[arg(long, default_value_t = 8)]
        max: usize,
        /// Also write the table to this file (.tex: LaTeX longtable, else Markdown).
        #[arg(long, value_parser = super::args::output_file)]
        out: Option<PathBuf>,
    },
}

/// How `factor` and `conjugate` find short words.
#[derive(clap::Args)]
pub struct WordArgs {
    /// Seconds the solver may spend (default 2): the shorter of its word and
    /// Minkwitz's is printed.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Minkwitz's factorisation only (no solver).
    #[arg(long)]
    no_solver: bool,
}

impl WordArgs {
    /// The short words of `p` these options ask for, and the solver's budget.
    pub(super) fn words(
        &self,
        p: &Puzzle,
    ) -> Result<(ShortWords, SearchBudget<'static>), super::CliError> {
        let seconds = self
            .time_limit
            .unwrap_or(permlab::search::short_word::DEFAULT_SECONDS);
        let budget = SearchBudget::unlimited()
            .with_max_memory(Some(super::solve::DEFAULT_MAX_MEMORY))
            .with_stop(super::progress::stop_flag())
            .with_time_limit(seconds)
            .map_err(|_| format!("--time-limit {seconds}: must be a positive number of seconds"))?;
        let options = (!self.no_solver).then(SolveOptions::default);
        let words = ShortWords::new(p, options).with_cache(TableCache::from_env());
        Ok((words, budget))
    }
}

/// The error of a short word search, for the CLI (Ctrl-C and internal errors exit 2).
pub(super) fn word_error(e: ShortWordError) -> super::CliError {
    match e {
        ShortWordError::NotInGroup => super::negative(e.to_string()),
        e => e.to_string().into(),
    }
}

#[derive(clap::Args)]
pub struct ClaimArgs {
    /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
    /// generator words (`cube3[R2,U]`).
    #[arg(value_parser = super::args::puzzle_arg)]
    pub puzzle: Puzzle,
    /// Claim: the group is the symmetric group on its moved points.
    #[arg(long, group = "claim")]
    pub symmetric: bool,
    /// Claim: the group is the alternating group on its moved points.
    #[arg(long, group = "claim")]
    pub alternating: bool,
    /// Claim: every generator is even (the group lies in A_n).
    #[arg(long, group = "claim")]
    pub even: bool,
    /// Claim: the group has this order.
    #[arg(long, group = "claim", value_name = "N")]
    pub order: Option<String>,
    /// Claim: this state (1-based labels) is reachable.
    #[arg(long, group = "claim", value_name = "STATE")]
    pub reachable: Option<String>,
    /// Claim: the group has this structure (`M12`, `S20`, `S5 wr S6`); without NAME, the
    /// description `permlab group` prints. Proved for S_m and A_m, simple primitive
    /// groups, S_n in a primitive action and S_b wr S_k.
    #[arg(
        long,
        group = "claim",
        value_name = "NAME",
        num_args = 0..=1,
        default_missing_value = ""
    )]
    pub structure: Option<String>,
    /// Claim: the moves fixing these points (1-based, e.g. 9-12 or 1,2,5) ...
    #[arg(long, value_name = "POINTS", requires = "acts_symmetric_on")]
    pub stabilizer_fixes: Option<String>,
    /// ... act as the full symmetric group on these points.
    #[arg(
        long,
        group = "claim",
        value_name = "POINTS",
        requires = "stabilizer_fixes"
    )]
    pub acts_symmetric_on: Option<String>,
    /// Output format of the proof.
    #[arg(long, value_enum, default_value = "text")]
    pub format: ProofFormat,
    /// The proof as LaTeX: the same as --format latex.
    #[arg(long, conflicts_with = "format")]
    pub latex: bool,
    /// Also write a certificate (JSON) that `permlab verify` re-checks independently.
    #[arg(long, value_name = "FILE", value_parser = super::args::output_file)]
    pub certificate: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ProofFormat {
    Text,
    Md,
    Latex,
}

impl GroupCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            GroupCommand::Group {
                puzzle,
                fix,
                time_limit,
                all,
            } => {
                let budget = if all {
                    None
                } else {
                    Some(seconds(time_limit, "--time-limit")?)
                };
                group_facts(puzzle, fix, budget, json)
            }
            GroupCommand::Claim(a) => a.run(json),
            GroupCommand::Verify { file, max_steps } => verify(file, max_steps, json),
            GroupCommand::Contains {
                puzzle,
                state,
                cycles,
                certificate,
            } => contains(puzzle, state, cycles, certificate, json),
            GroupCommand::Factor {
                puzzle,
                state,
                cycles,
                words,
            } => factor(puzzle, state, cycles, &words, json),
            GroupCommand::Boards { max, out } => boards(max, out, json),
        }
    }
}

/// A time in seconds given as `flag`: a non-negative number (too large to represent:
/// no bound).
fn seconds(t: f64, flag: &str) -> Result<std::time::Duration, super::CliError> {
    if t.is_nan() || t < 0.0 {
        return Err(format!("{flag} {t}: must be a number of seconds, at least 0").into());
    }
    Ok(std::time::Duration::try_from_secs_f64(t).unwrap_or(std::time::Duration::MAX))
}

/// `permlab group`: the summary of the group, and of a pointwise stabilizer with `--fix`.
fn group_facts(
    p: Puzzle,
    fix: Option<String>,
    budget: Option<std::time::Duration>,
    json: bool,
) -> CliResult {
    let fixed = match &fix {
        Some(f) => Some(parse_points(f, p.degree(), "--fix")?),
        None => None,
    };
    let g = p.group();
    let stab = fixed.as_ref().map(|f| {
        let h = g.pointwise_stabilizer(f);
        let rest: Vec<usize> = h
            .orbits()
            .into_iter()
            .filter(|o| !(o.len() == 1 && f.contains(&o[0])))
            .map(|o| o.len())
            .collect();
        (
            f.clone(),
            h.order(),
            rest,
            h.is_symmetric(),
            h.moved_points().len(),
        )
    });
    let summary = g.summary_within(budget, Some(super::progress::stop_flag()));
    if json {
        let strings = |v: &[BigUint]| v.iter().map(|o| o.to_string()).collect::<Vec<_>>();
        print_json(&json!({
            "derived_orders": summary.derived_orders.known().map(|d| strings(d)),
            "center_order": summary.center_order.known().map(|o| o.to_string()),
            "is_primitive": summary.is_primitive.known(),
            "is_solvable": summary.is_solvable.known(),
            "structure": summary.structure.known(),
            "composition_series": summary.composition.known().map(|c| json!({
                "orders": strings(&c.orders),
                "factors": c.factors,
            })),
            "degree": summary.degree,
            "order": summary.order.to_string(),
            "order_factorization": summary.order_factorization.iter().map(|&(p, e)| json!([p, e])).collect::<Vec<_>>(),
            "all_even": summary.all_generators_even,
            "is_symmetric": summary.is_symmetric,
            "is_alternating": summary.is_alternating,
            "is_transitive": summary.is_transitive,
            "orbit_lengths": summary.orbit_lengths,
            "generator_orders": strings(&summary.generator_orders),
            "base_length": summary.base_length,
            "giant_proof": summary.giant_proof,
            "stabilizer": stab.as_ref().map(|(f, o, rest, sym, _)| json!({
                "fixed": f.iter().map(|x| x + 1).collect::<Vec<_>>(),
                "order": o.to_string(),
                "orbit_lengths_on_the_rest": rest,
                "is_symmetric_on_moved_points": sym,
            })),
        }))?;
    } else {
        outln!("puzzle:           {}", p.name());
        for (field, value) in summary.rows(&p.generator_names()) {
            let label = if field.is_empty() {
                String::new()
            } else {
                format!("{field}:")
            };
            outln!("{label:<18}{value}");
        }
        if let Some((f, o, rest, sym, m)) = &stab {
            outln!(
                "stabilizer of {}:",
                permlab::perm::cycles::point_set_text(f)
            );
            outln!("  order:          {o}");
            outln!(
                "  orbits on the other points: lengths {}",
                permlab::group::summary::lengths_text(rest)
            );
            outln!(
                "  action:         {}",
                if *sym {
                    format!("the symmetric group S_{m} on its {m} moved points")
                } else {
                    "not the full symmetric group on its moved points".to_string()
                }
            );
        }
        if let (true, Some(t)) = (summary.has_unfinished_facts(), budget) {
            outln!(
                "(facts not computed within {} s together: raise --time-limit, or --all waits for every fact)",
                t.as_secs_f64()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `permlab verify`: re-checks a certificate with the independent checker.
fn verify(file: PathBuf, max_steps: u64, json: bool) -> CliResult {
    let text = permlab::limits::read_input(&file, permlab::limits::MAX_CERTIFICATE_BYTES)
        .map_err(|e| format!("{}: {e}", file.display()))?;
    // the checker's memory bound, lowered to 90% of the memory available
    let max_bytes = match permlab::search::memory::available_memory() {
        Some(a) => permlab::limits::MAX_CHECK_BYTES.min(a / 10 * 9),
        None => permlab::limits::MAX_CHECK_BYTES,
    };
    use permlab::certificate::check::{check_within, CheckError};
    let v = check_within(&text, max_bytes, max_steps).map_err(|e| match e {
        CheckError::TooLong { .. } => format!("{}: {e}; raise --max-steps", file.display()),
        _ => format!("{}: {e}", file.display()),
    })?;
    if json {
        print_json(&json!({
            "holds": v.holds,
            "message": v.message,
        }))?;
    } else {
        outln!("{}: {}", file.display(), v.message);
    }
    Ok(if v.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Writes the certificate of `proof` to `file` when one is asked for, and returns the
/// proof's text in a format: naming the certificate when it was written, else saying
/// how to write it (so every sentence is true of this run).
fn write_certificate<'a>(
    p: &Puzzle,
    g: &PermGroup,
    claim: &Claim,
    proof: &'a permlab::proof::Proof,
    file: Option<&std::path::Path>,
) -> Result<impl Fn(Format) -> String + 'a, super::CliError> {
    let name = match file {
        Some(path) => {
            let cert = permlab::certificate::certify(p, g, claim, proof)?;
            cert.write(path)?;
            Some(path.display().to_string())
        }
        None => None,
    };
    Ok(move |f| match &name {
        Some(n) => proof.render_with_certificate(f, n),
        None => proof.render(f),
    })
}

/// `permlab contains`: whether a state is reachable, with the reason.
fn contains(
    p: Puzzle,
    state: Option<String>,
    cycles: Option<String>,
    certificate: Option<PathBuf>,
    json: bool,
) -> CliResult {
    let s = super::args::state_arg(&p, state.as_deref(), cycles.as_deref())?;
    let g = p.group();
    let claim = Claim::Reachable(s);
    let proof = prove_for(&p, &g, &claim);
    let text = write_certificate(&p, &g, &claim, &proof, certificate.as_deref())?;
    let reason = text(Format::Text);
    if json {
        print_json(&json!({
            "reachable": proof.holds,
            "reason": reason,
        }))?;
    } else {
        out!("{reason}");
    }
    Ok(if proof.holds {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `permlab factor`: a word reaching a state from solved.
fn factor(
    p: Puzzle,
    state: Option<String>,
    cycles: Option<String>,
    words: &WordArgs,
    json: bool,
) -> CliResult {
    let s = super::args::state_arg(&p, state.as_deref(), cycles.as_deref())?;
    let x = Perm::from_state(&s)?;
    let (mut words, budget) = words.words(&p)?;
    if !words.group().contains(&x) {
        return Err(super::negative(format!(
            "state {} is not reachable (see `permlab contains`)",
            format_state(&s)
        )));
    }
    let found = words.factor(&x, &budget).map_err(word_error)?;
    let w = found.word;
    if p.eval(&w) != x {
        return Err("internal error: the factor word does not evaluate to the state".into());
    }
    let solve = p.simplify(&w.inverse());
    if p.eval(&solve) != x.inverse() {
        return Err("internal error: the solution does not solve the state".into());
    }
    if json {
        print_json(&json!({
            "word": w.to_string(),
            "length": w.letter_count().to_string(),
            "solution": solve.to_string(),
            "method": found.method.key(),
            "method_detail": found.method.to_string(),
            "minkwitz_length": found.minkwitz_letters.map(|n| n.to_string()),
            "solver_length": found.solver_letters.map(|n| n.to_string()),
        }))?;
    } else {
        outln!("reach ({} letters): {w}", w.letter_count());
        outln!("solve ({} letters): {solve}", solve.letter_count());
        outln!(
            "{}",
            method_line(
                &found.method,
                found.minkwitz_letters,
                found.solver_letters,
                found.solver_note.as_deref()
            )
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The sentence saying how a word was found and what the other method gave.
pub(super) fn method_line(
    method: &WordMethod,
    minkwitz: Option<u128>,
    solver: Option<u128>,
    note: Option<&str>,
) -> String {
    let mut line = format!("by {method}");
    let mut others = Vec::new();
    if let Some(m) = minkwitz {
        others.push(format!("Minkwitz's word: {m} letters"));
    }
    if let Some(s) = solver {
        others.push(format!("the solver's: {s} letters"));
    } else if let Some(why) = note {
        others.push(why.to_string());
    }
    if !others.is_empty() {
        line.push_str(&format!(" ({})", others.join("; ")));
    }
    line
}

/// `permlab boards`: the table of rotation boards.
fn boards(max: usize, out: Option<PathBuf>, json: bool) -> CliResult {
    if !(2..=12).contains(&max) {
        return Err(format!("--max {max}: must be 2..=12").into());
    }
    let total: usize = (2..=max).map(|r| (max - r + 1) * (r - 1)).sum();
    let bar = super::progress::Bar::items(total as u64, true);
    let rows = boards::table(max, |r| {
        bar.step(format!("{}x{}:{}", r.rows, r.cols, r.k));
    });
    bar.clear();
    if let Some(path) = &out {
        let is_tex = path.extension().is_some_and(|e| e == "tex");
        let text = if is_tex {
            boards::latex(&rows)
        } else {
            boards::markdown(&rows)
        };
        permlab::io::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if json {
        let v: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({
                    "rows": r.rows, "cols": r.cols, "k": r.k,
                    "order": r.order.to_string(), "index": r.index.to_string(),
                    "orbit_lengths": r.orbit_lengths, "all_even": r.all_even,
                    "rule": r.rule, "predicted": r.predicted.as_ref().map(|p| p.to_string()),
                    "agrees": r.agrees,
                })
            })
            .collect();
        print_json(&json!(v))?;
    } else {
        out!("{}", boards::markdown(&rows));
    }
    Ok(ExitCode::SUCCESS)
}

impl ClaimArgs {
    fn run(self, json: bool) -> CliResult {
        let p = &self.puzzle;
        if let Some(name) = &self.structure {
            return self.structure(name, json);
        }
        let claim = if self.symmetric {
            Claim::Symmetric
        } else if self.alternating {
            Claim::Alternating
        } else if self.even {
            Claim::Even
        } else if let Some(n) = &self.order {
            let n: BigUint = n
                .trim()
                .parse()
                .map_err(|_| format!("--order {n:?}: not a non-negative integer"))?;
            Claim::Order(n)
        } else if let Some(s) = &self.reachable {
            Claim::Reachable(p.parse_state(s)?)
        } else if let (Some(f), Some(o)) = (&self.stabilizer_fixes, &self.acts_symmetric_on) {
            Claim::StabilizerSymmetric {
                fixed: parse_points(f, p.degree(), "--stabilizer-fixes")?,
                on: parse_points(o, p.degree(), "--acts-symmetric-on")?,
            }
        } else {
            return Err("no claim given: use --symmetric, --alternating, --even, --order N, --reachable STATE, --structure [NAME] or --stabilizer-fixes P --acts-symmetric-on Q".into());
        };
        let g = p.group();
        let proof = prove_for(p, &g, &claim);
        let text = write_certificate(p, &g, &claim, &proof, self.certificate.as_deref())?;
        self.print(&proof, text, json)
    }

    /// `claim --structure [NAME]`: the structure name proved, or why it is not decided.
    fn structure(&self, name: &str, json: bool) -> CliResult {
        let p = &self.puzzle;
        let g = p.group();
        let claimed = (!name.trim().is_empty()).then_some(name);
        let s = prove_structure(p, &g, claimed).map_err(|e| e.to_string())?;
        let file = match &self.certificate {
            Some(path) => {
                let cert =
                    permlab::certificate::certify_structure(p, &g, &s.name, &s.proof, &s.evidence)?;
                cert.write(path)?;
                Some(path.display().to_string())
            }
            None => None,
        };
        let proof = &s.proof;
        let text = move |f| match &file {
            Some(n) => proof.render_with_certificate(f, n),
            None => proof.render(f),
        };
        self.print(proof, text, json)
    }

    /// Prints a decided claim's proof (`text` renders it) and gives its exit code.
    fn print(
        &self,
        proof: &permlab::proof::Proof,
        text: impl Fn(Format) -> String,
        json: bool,
    ) -> CliResult {
        if json {
            print_json(&json!({
                "holds": proof.holds,
                "text": text(Format::Text),
                "markdown": text(Format::Markdown),
                "latex": text(Format::Latex),
            }))?;
        } else {
            let f = match if self.latex {
                ProofFormat::Latex
            } else {
                self.format
            } {
                ProofFormat::Text => Format::Text,
                ProofFormat::Md => Format::Markdown,
                ProofFormat::Latex => Format::Latex,
            };
            out!("{}", text(f));
        }
        Ok(if proof.holds {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}
