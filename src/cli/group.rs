//! Group-theory subcommands: group, claim, contains, factor, boards, bench groups.

use super::args::parse_points;
use super::output::{errln, out, outln};
use super::{print_json, CliError, CliResult};
use clap::Subcommand;
use num_bigint::BigUint;
use permlab::nrp::boards;
use permlab::proof::{prove_for, Claim, Format};
use permlab::puzzle::format_state;
use permlab::{Perm, PermGroup, Puzzle};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Subcommand)]
pub enum GroupCommand {
    /// Facts about the group of a puzzle: order, orbits, parity, Sym/Alt, base length.
    Group {
        /// A built-in puzzle or a .gens file.
        puzzle: String,
        /// Also describe the pointwise stabilizer of these points (1-based, e.g. 9-12).
        #[arg(long, value_name = "POINTS")]
        fix: Option<String>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Decides a claim and prints its proof; exit 0 if it holds, 1 if it is false.
    Claim(ClaimArgs),
    /// Re-checks a certificate written by `claim --certificate` with the small
    /// independent checker: exit 0 if it holds, 1 if it does not, 2 if malformed.
    Verify {
        /// The certificate (JSON).
        file: PathBuf,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Whether a state is reachable from solved (exit 0) or not (exit 1), with the reason.
    Contains {
        /// A built-in puzzle or a .gens file.
        puzzle: String,
        /// The state: 1-based labels in position order, e.g. 2,1,3,4 (or --cycles).
        state: Option<String>,
        /// The state as the permutation taking solved to it, in cycle notation
        /// (e.g. "(9,21,28)").
        #[arg(long)]
        cycles: Option<String>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// A word in the generators reaching a state from solved (its inverse solves it).
    Factor {
        /// A built-in puzzle or a .gens file.
        puzzle: String,
        /// The state: 1-based labels in position order.
        state: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// The table of all rotation boards R x C (2 <= R <= C <= MAX) with K x K blocks.
    Boards {
        /// Largest side.
        #[arg(long, default_value_t = 8)]
        max: usize,
        /// Also write the table to this file (.tex: LaTeX longtable, else Markdown).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
}

/// Options of `permlab bench groups` (a variant of the shared `bench` subcommand).
#[derive(clap::Args)]
pub struct BenchGroupsArgs {
    /// Directory holding the .gens files (default: the crate's tests/data).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Skip GAP.
    #[arg(long)]
    no_gap: bool,
    /// Seconds GAP may spend on one group (start-up included).
    #[arg(long, default_value_t = 60)]
    gap_timeout: u64,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Also write the table as LaTeX (for the paper), atomically.
    #[arg(long, value_name = "FILE")]
    latex: Option<PathBuf>,
}

impl BenchGroupsArgs {
    /// Runs the benchmark.
    pub fn run(self) -> CliResult {
        bench_groups(&self)
    }
}

#[derive(clap::Args)]
pub struct ClaimArgs {
    /// A built-in puzzle or a .gens file.
    pub puzzle: String,
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
    /// Machine-readable output (verdict and the proof in all three formats).
    #[arg(long)]
    pub json: bool,
    /// Also write a certificate (JSON) that `permlab verify` re-checks independently.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ProofFormat {
    Text,
    Md,
    Latex,
}

fn state_perm(puzzle: &Puzzle, text: &str) -> Result<(Vec<u32>, Perm), CliError> {
    let s = puzzle.parse_state(text)?;
    let g = Perm::from_state(&s)?;
    Ok((s, g))
}

fn factorization_text(f: &[(u64, u32)]) -> String {
    if f.is_empty() {
        return "1".into();
    }
    f.iter()
        .map(|&(p, e)| {
            if e == 1 {
                p.to_string()
            } else {
                format!("{p}^{e}")
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn lengths_text(v: &[usize]) -> String {
    // run-length compress: 24, 24, 1 x6
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j < v.len() && v[j] == v[i] {
            j += 1;
        }
        if j - i > 2 {
            out.push(format!("{} x{}", v[i], j - i));
        } else {
            out.extend(v[i..j].iter().map(|x| x.to_string()));
        }
        i = j;
    }
    out.join(", ")
}

impl GroupCommand {
    pub fn run(self) -> CliResult {
        match self {
            GroupCommand::Group { puzzle, fix, json } => {
                let p = Puzzle::load(&puzzle)?;
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
                let order = g.order();
                let fact = g.order_factorization();
                let gen_orders: Vec<String> =
                    g.generator_orders().iter().map(|o| o.to_string()).collect();
                if json {
                    let derived: Vec<String> = g
                        .derived_series()
                        .iter()
                        .map(|d| d.order().to_string())
                        .collect();
                    print_json(&json!({
                        "derived_orders": derived,
                        "center_order": g.center().order().to_string(),
                        "is_primitive": g.is_primitive(),
                        "is_solvable": g.is_solvable(),
                        "degree": g.degree(),
                        "order": order.to_string(),
                        "order_factorization": fact.iter().map(|&(p, e)| json!([p, e])).collect::<Vec<_>>(),
                        "all_even": g.all_generators_even(),
                        "is_symmetric": g.is_symmetric(),
                        "is_alternating": g.is_alternating(),
                        "is_transitive": g.is_transitive(),
                        "orbit_lengths": g.orbit_lengths(),
                        "generator_orders": gen_orders,
                        "base_length": g.base_length(),
                        "giant_proof": g.giants().is_some(),
                        "stabilizer": stab.as_ref().map(|(f, o, rest, sym, _)| json!({
                            "fixed": f.iter().map(|x| x + 1).collect::<Vec<_>>(),
                            "order": o.to_string(),
                            "orbit_lengths_on_the_rest": rest,
                            "is_symmetric_on_moved_points": sym,
                        })),
                    }))?;
                } else {
                    let m = g.moved_points().len();
                    outln!("puzzle:           {}", p.name());
                    outln!("degree:           {}", g.degree());
                    outln!("order:            {order}");
                    outln!("                  = {}", factorization_text(&fact));
                    outln!(
                        "orbits:           {} (lengths {})",
                        g.orbits().len(),
                        lengths_text(&g.orbit_lengths())
                    );
                    outln!(
                        "parity:           {}",
                        if g.all_generators_even() {
                            "all generators even (group inside the alternating group)"
                        } else {
                            "some generator is odd"
                        }
                    );
                    let kind = if m == 0 {
                        "the trivial group: S_0 = A_0, symmetric and alternating on no moved points"
                            .to_string()
                    } else if g.is_symmetric() {
                        format!("symmetric group S_{m} on the {m} moved points")
                    } else if g.is_alternating() {
                        format!("alternating group A_{m} on the {m} moved points")
                    } else {
                        "neither the symmetric nor the alternating group on the moved points"
                            .to_string()
                    };
                    outln!("type:             {kind}");
                    let names = p.generator_names();
                    let go: Vec<String> = names
                        .iter()
                        .zip(&gen_orders)
                        .map(|(n, o)| format!("{n}:{o}"))
                        .collect();
                    outln!("generator orders: {}", go.join(" "));
                    outln!("base length:      {}", g.base_length());
                    if g.giants().is_some() {
                        outln!("method:           giant recognition (Jordan's theorem), see `permlab claim`");
                    } else {
                        outln!("method:           Schreier–Sims, verified");
                    }
                    if let Some((f, o, rest, sym, m)) = &stab {
                        let pts: Vec<String> = f.iter().map(|x| (x + 1).to_string()).collect();
                        outln!("stabilizer of {{{}}}:", pts.join(","));
                        outln!("  order:          {o}");
                        outln!(
                            "  orbits on the other points: lengths {}",
                            lengths_text(rest)
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
                }
                Ok(ExitCode::SUCCESS)
            }
            GroupCommand::Claim(a) => a.run(),
            GroupCommand::Verify { file, json } => {
                let text = std::fs::read_to_string(&file)
                    .map_err(|e| format!("{}: {e}", file.display()))?;
                let v = permlab::certificate::check::check(&text)
                    .map_err(|e| format!("{}: malformed certificate: {e}", file.display()))?;
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
            GroupCommand::Contains {
                puzzle,
                state,
                cycles,
                json,
            } => {
                let p = Puzzle::load(&puzzle)?;
                let s = super::args::state_arg(&p, state.as_deref(), cycles.as_deref())?;
                let g = p.group();
                let proof = prove_for(&p, &g, &Claim::Reachable(s));
                if json {
                    print_json(&json!({
                        "reachable": proof.holds,
                        "reason": proof.render(Format::Text),
                    }))?;
                } else {
                    out!("{}", proof.render(Format::Text));
                }
                Ok(if proof.holds {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                })
            }
            GroupCommand::Factor {
                puzzle,
                state,
                json,
            } => {
                let p = Puzzle::load(&puzzle)?;
                let (s, x) = state_perm(&p, &state)?;
                let g = p.group();
                if !g.contains(&x) {
                    return Err(format!(
                        "state {} is not reachable (see `permlab contains`)",
                        format_state(&s)
                    )
                    .into());
                }
                if !g.can_factor() {
                    return Err("the group is too large to tabulate for factoring".into());
                }
                let w = g
                    .factor_word(&x, &p.generator_names())
                    .ok_or("factoring failed")?;
                let w = p.simplify(&w);
                if p.eval(&w) != x {
                    return Err(
                        "internal error: the factor word does not evaluate to the state".into(),
                    );
                }
                let solve = p.simplify(&w.inverse());
                if json {
                    print_json(&json!({
                        "word": w.to_string(),
                        "length": w.letter_count().to_string(),
                        "solution": solve.to_string(),
                    }))?;
                } else {
                    outln!("reach ({} letters): {w}", w.letter_count());
                    outln!("solve ({} letters): {solve}", solve.letter_count());
                }
                Ok(ExitCode::SUCCESS)
            }
            GroupCommand::Boards { max, out, json } => {
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
        }
    }
}

impl ClaimArgs {
    fn run(self) -> CliResult {
        let p = Puzzle::load(&self.puzzle)?;
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
            return Err("no claim given: use --symmetric, --alternating, --even, --order N, --reachable STATE or --stabilizer-fixes P --acts-symmetric-on Q".into());
        };
        let g = p.group();
        let proof = prove_for(&p, &g, &claim);
        if let Some(path) = &self.certificate {
            let cert = permlab::certificate::certify(&p, &g, &claim, &proof)?;
            cert.write(path)?;
        }
        if self.json {
            print_json(&json!({
                "holds": proof.holds,
                "text": proof.render(Format::Text),
                "markdown": proof.render(Format::Markdown),
                "latex": proof.render(Format::Latex),
            }))?;
        } else {
            let f = match self.format {
                ProofFormat::Text => Format::Text,
                ProofFormat::Md => Format::Markdown,
                ProofFormat::Latex => Format::Latex,
            };
            out!("{}", proof.render(f));
        }
        Ok(if proof.holds {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        })
    }
}

/// The groups of the benchmark: (label, puzzle spec or .gens file name in the data dir).
const BENCH_GROUPS: &[(&str, &str)] = &[
    ("cube3", "cube3"),
    ("cube2 <R,U,F>", "@cube2_ruf.gens"),
    ("cube3 <R,U>", "@cube3_ru.gens"),
    ("M24", "@m24.gens"),
    ("turnstyle 64", "turnstyle:64"),
    ("S100 random", "@s100_random.gens"),
    ("A101 random", "@a101_random.gens"),
    ("S1000", "@s1000.gens"),
    ("board 10x10:3", "board:10x10:3"),
    ("board 20x20:5", "board:20x20:5"),
    ("S5 wr S6", "@wreath_s5_s6.gens"),
    ("PSL(2,509) deg 510", "@psl2_509.gens"),
    ("A33 on pairs deg 528", "@a33_on_pairs.gens"),
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    let n = v.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Times `PermGroup::new(..).order()` from scratch: the best of up to 5 runs (at least
/// one, stopping after 2 s), as GAP's side takes the best of up to 3.
fn time_order(p: &Puzzle) -> (f64, BigUint) {
    let mut times = Vec::new();
    let mut order = BigUint::from(0u32);
    let start = Instant::now();
    for _ in 0..5 {
        let t = Instant::now();
        let g = PermGroup::new(p.degree(), p.generator_perms());
        order = g.order();
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if start.elapsed().as_secs_f64() > 2.0 {
            break;
        }
    }
    (times.iter().copied().fold(f64::INFINITY, f64::min), order)
}

fn bench_groups(args: &BenchGroupsArgs) -> CliResult {
    let (no_gap, gap_timeout, json) = (args.no_gap, args.gap_timeout, args.json);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let data = args.data.clone().unwrap_or_else(|| root.join("tests/data"));
    let tmp = std::env::temp_dir().join(format!("permlab-bench-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
    let mut rows: Vec<(String, String, f64, PathBuf)> = Vec::new();
    let bar = super::progress::Bar::items(BENCH_GROUPS.len() as u64, true);
    for (i, (label, spec)) in BENCH_GROUPS.iter().enumerate() {
        if super::progress::stopped() {
            break;
        }
        bar.message(label.to_string());
        let (p, file) = if let Some(name) = spec.strip_prefix('@') {
            let f = data.join(name);
            (Puzzle::load(&f.to_string_lossy())?, f)
        } else {
            let p = Puzzle::load(spec)?;
            let f = tmp.join(format!("g{i}.gens"));
            let moves: Vec<(String, Perm)> = p
                .generators()
                .iter()
                .map(|m| (m.name.clone(), m.perm.clone()))
                .collect();
            std::fs::write(
                &f,
                permlab::puzzle::gens::format_gens(p.degree(), &moves, spec),
            )
            .map_err(|e| format!("{}: {e}", f.display()))?;
            (p, f)
        };
        let (ms, order) = time_order(&p);
        rows.push((label.to_string(), order.to_string(), ms, file));
        bar.step("");
    }
    bar.clear();
    // GAP
    let mut gap: Vec<Option<f64>> = vec![None; rows.len()];
    let mut gap_note = String::new();
    if !no_gap {
        let script = root.join("benches/gap/run.sh");
        let mut cmd = std::process::Command::new("bash");
        cmd.arg(&script)
            .arg("--timeout")
            .arg(gap_timeout.to_string());
        for r in &rows {
            cmd.arg(&r.3);
        }
        errln!(
            "running GAP on {} groups (timeout {gap_timeout} s each)…",
            rows.len()
        );
        match cmd.output() {
            Ok(out) => {
                let text = String::from_utf8_lossy(&out.stdout);
                if text.contains("GAP-UNAVAILABLE") {
                    gap_note = "GAP could not be installed: only permlab's times are shown".into();
                }
                for line in text.lines() {
                    // FILE SIZE MS | FILE timeout
                    let parts: Vec<&str> = line.split_whitespace().collect();
                    if parts.len() >= 3 {
                        if let Some(i) = rows.iter().position(|r| r.3.to_string_lossy() == parts[0])
                        {
                            if parts[1] != rows[i].1 {
                                gap_note.push_str(&format!(
                                    "\nGAP's size for {} is {}, permlab's {}!",
                                    rows[i].0, parts[1], rows[i].1
                                ));
                            }
                            gap[i] = parts[2].parse().ok();
                        }
                    } else if parts.len() == 2 && parts[1] == "timeout" {
                        if let Some(i) = rows.iter().position(|r| r.3.to_string_lossy() == parts[0])
                        {
                            gap[i] = Some(f64::INFINITY);
                        }
                    }
                }
            }
            Err(e) => gap_note = format!("GAP runner failed to start: {e}"),
        }
    } else {
        gap_note = "GAP skipped (--no-gap)".into();
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let ratios: Vec<f64> = rows
        .iter()
        .zip(&gap)
        .filter_map(|(r, g)| g.map(|g| r.2 / g.max(0.001)))
        .collect();
    let med = median(ratios.clone());
    if json {
        let v: Vec<_> = rows
            .iter()
            .zip(&gap)
            .map(|(r, g)| {
                json!({
                    "group": r.0, "order_digits": r.1.len(), "permlab_ms": r.2,
                    "gap_ms": g.map(|x| if x.is_finite() { json!(x) } else { json!("timeout") }),
                })
            })
            .collect();
        print_json(
            &json!({"groups": v, "median_ratio": if med.is_finite() { json!(med) } else { json!(null) }, "note": gap_note}),
        )?;
    }
    // group, digits, permlab ms, GAP ms, ratio (as text)
    let table: Vec<[String; 5]> = rows
        .iter()
        .zip(&gap)
        .map(|(r, g)| {
            let (gs, rs) = match g {
                Some(x) if x.is_finite() => {
                    (format!("{x:.1}"), format!("{:.3}", r.2 / x.max(0.001)))
                }
                Some(_) => (
                    format!("> {gap_timeout} s"),
                    format!("< {:.5}", r.2 / (gap_timeout as f64 * 1e3)),
                ),
                None => ("-".into(), "-".into()),
            };
            [
                r.0.clone(),
                r.1.len().to_string(),
                format!("{:.2}", r.2),
                gs,
                rs,
            ]
        })
        .collect();
    if let Some(path) = &args.latex {
        let mut t = String::from(
            "% written by `permlab bench groups --latex`\n\\begin{tabular}{@{}lrrrr@{}}\n\\toprule\n\
             group & digits of order & permlab (ms) & GAP (ms) & ratio \\\\\n\\midrule\n",
        );
        for row in &table {
            let cells: Vec<String> = row.iter().map(|c| permlab::escape::latex_text(c)).collect();
            t.push_str(&format!("{} \\\\\n", cells.join(" & ")));
        }
        t.push_str("\\bottomrule\n\\end{tabular}\n");
        if med.is_finite() {
            t.push_str(&format!("\n\nMedian ratio permlab/GAP: {med:.3}.\n"));
        }
        permlab::io::write_atomic(path, t.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if !json {
        outln!("| group | digits of order | permlab ms | GAP ms | permlab/GAP |");
        outln!("|---|---|---|---|---|");
        for row in &table {
            outln!("| {} |", row.join(" | "));
        }
        if med.is_finite() {
            outln!("\nmedian permlab/GAP ratio: {med:.3} (GAP time measured inside GAP around Size(Group(gens)), start-up excluded)");
        }
        if !gap_note.is_empty() {
            outln!("{}", gap_note.trim());
        }
    }
    Ok(ExitCode::SUCCESS)
}
