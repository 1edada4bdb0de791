//! `permlab invariants` (the linear invariants of a puzzle's moves) and `permlab
//! spectrum` (eigenvalues of a word's matrix or of the random-move operator) and
//! `permlab module` (the rank and orbital matrices of the permutation module)
//! ([`permlab::linalg`]).

use super::output::outln;
use super::progress::Bar;
use super::{print_json, CliResult};
use clap::Args;
use permlab::group::counting::CLASS_LIMIT;
use permlab::linalg::invariants::{
    fixed_space_dimension, linear_invariants, Coordinate, LinearInvariant,
};
use permlab::linalg::permutation_module::{character_inner_product, orbitals};
use permlab::linalg::spectrum::{
    permutation_eigenvalues, random_move_spectrum_observed, Domain, Solver, UNIT_TOLERANCE,
};
use permlab::nalgebra::Complex;
use permlab::proof::invariant::ParityCoordinate;
use permlab::puzzle::Metric;
use permlab::search::space::metric_moves;
use permlab::Puzzle;
use serde_json::{json, Value};
use std::process::ExitCode;

/// Degrees up to which the fixed space over Q is also computed from a Smith form.
const FIXED_SPACE_CHECK: usize = 128;

/// Arguments of `permlab invariants`.
#[derive(Args)]
pub struct InvariantsArgs {
    /// A built-in puzzle or a .gens file.
    #[arg(value_parser = super::args::puzzle_arg)]
    puzzle: Puzzle,
}

fn one_based(points: &[usize]) -> Vec<usize> {
    points.iter().map(|p| p + 1).collect()
}

fn coordinate_json(c: &ParityCoordinate) -> Value {
    match c {
        ParityCoordinate::Orbit(o) => json!({"points": one_based(o)}),
        ParityCoordinate::Blocks(b) => {
            json!({"pieces": b.iter().map(|p| one_based(p)).collect::<Vec<_>>()})
        }
    }
}

fn invariant_json(inv: &LinearInvariant) -> Value {
    let mut v = json!({
        "kind": inv.kind(),
        "modulus": inv.modulus(),
        "sentence": inv.sentence(),
    });
    match inv {
        LinearInvariant::Orbit { points } => v["points"] = json!(one_based(points)),
        LinearInvariant::Orientation { terms, .. } => {
            v["coefficients"] = terms
                .iter()
                .map(|(c, sys)| {
                    json!({
                        "coefficient": c,
                        "twist_modulus": sys.modulus,
                        "pieces": sys.pieces.iter().map(|p| one_based(p)).collect::<Vec<_>>(),
                    })
                })
                .collect();
        }
        LinearInvariant::Sign { terms } => {
            v["coefficients"] = terms
                .iter()
                .map(|c| {
                    let mut t = coordinate_json(c);
                    t["coefficient"] = json!(1);
                    t
                })
                .collect();
        }
        LinearInvariant::Mixed { terms, .. } => {
            v["coefficients"] = terms
                .iter()
                .map(|(c, coord)| match coord {
                    Coordinate::Twist(sys) => json!({
                        "coefficient": c,
                        "twist_modulus": sys.modulus,
                        "pieces": sys.pieces.iter().map(|p| one_based(p)).collect::<Vec<_>>(),
                    }),
                    Coordinate::Sign(s) => {
                        let mut t = coordinate_json(s);
                        t["coefficient"] = json!(c);
                        t["sign"] = json!(true);
                        t
                    }
                })
                .collect();
        }
    }
    v
}

/// Runs `permlab invariants`.
pub fn run_invariants(args: InvariantsArgs, json: bool) -> CliResult {
    let puzzle = args.puzzle;
    let g = puzzle.group();
    let inv = linear_invariants(&g)?;
    for i in &inv.invariants {
        if !g.generators().iter().all(|s| i.holds_for(s)) {
            return Err(format!("internal error: a generator breaks \"{}\"", i.sentence()).into());
        }
    }
    if inv.listed_solutions != inv.solutions {
        return Err(format!(
            "internal error: the relations listed have {} solutions together, all relations {}",
            inv.listed_solutions, inv.solutions
        )
        .into());
    }
    let fixed = if g.degree() <= FIXED_SPACE_CHECK {
        let d = fixed_space_dimension(g.degree(), g.generators())?;
        if d != inv.orbits {
            return Err(format!(
                "internal error: fixed space of dimension {d} but {} orbits",
                inv.orbits
            )
            .into());
        }
        Some(d)
    } else {
        None
    };
    let index = inv.index();
    if json {
        print_json(&json!({
            "puzzle": puzzle.name(),
            "invariants": inv.invariants.iter().map(invariant_json).collect::<Vec<_>>(),
            "orbits": inv.orbits,
            "fixed_space_dimension": fixed,
            "solutions": inv.solutions.to_string(),
            "separate_solutions": inv.separate_solutions.to_string(),
            "listed_solutions": inv.listed_solutions.to_string(),
            "full_order": inv.full_order.to_string(),
            "group_order": inv.group_order.to_string(),
            "index": index.to_string(),
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}: linear invariants of the moves", puzzle.name());
    match fixed {
        Some(d) => outln!(
            "over Q: {} orbit(s); the vectors fixed by every move matrix form a space of dimension {d} (Smith form of the stacked P_s - I), spanned by the orbits' indicator vectors",
            inv.orbits
        ),
        None => outln!(
            "over Q: {} orbit(s), whose indicator vectors span the vectors fixed by every move matrix",
            inv.orbits
        ),
    }
    for i in &inv.invariants {
        let m = i
            .modulus()
            .map_or_else(|| "Q".to_string(), |m| format!("Z/{m}"));
        outln!("[{} over {m}] {}", i.kind(), i.sentence());
    }
    outln!(
        "the full group on the same pieces (a wreath product C_k wr S_m for each orbit with pieces that every move turns, a symmetric group on each other orbit) has order {}; the group has order {}, index {}",
        inv.full_order,
        inv.group_order,
        index
    );
    outln!(
        "the invariant equations (twist sums and signs together) have {} solution(s){}",
        inv.solutions,
        if inv.solutions == index {
            ": they account for the whole index".to_string()
        } else {
            format!(
                ": the positions satisfying them are {} times as many as the reachable ones",
                &index / &inv.solutions
            )
        }
    );
    if inv.solutions != inv.separate_solutions {
        outln!(
            "(the orientation and sign relations alone have {} solutions; with the mixed relations, which tie twist sums to signs, the relations listed have {} together, computed from them alone)",
            inv.separate_solutions,
            inv.listed_solutions
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `permlab spectrum`.
#[derive(Args)]
pub struct SpectrumArgs {
    /// A built-in puzzle or a .gens file.
    #[arg(value_parser = super::args::puzzle_arg)]
    puzzle: Puzzle,
    /// A word: the exact eigenvalues of its matrix (roots of unity from its cycle
    /// type). Without a word: the spectrum of the random-move operator.
    word: Option<String>,
    /// The random-move operator on ordered pairs of points (n² of them) instead of
    /// points; solved orbit by orbit (each orbit on pairs at most 4000).
    #[arg(long, conflicts_with = "word")]
    pairs: bool,
    /// The moves S of the random-move operator: htm, qtm or generators (default:
    /// the puzzle's metric, as `permlab mixing`).
    #[arg(long, conflicts_with = "word")]
    metric: Option<Metric>,
    #[command(flatten)]
    conv: super::ConventionArgs,
}

/// The largest `k` with `c·λ^k ≥ eps`, for `0 < λ < 1`.
fn last_k_above(c: f64, lambda: f64, eps: f64) -> u64 {
    ((eps / c).ln() / lambda.ln()).floor().max(0.0) as u64
}

/// Eigenvalues grouped by value (within 1e-6): (value, multiplicity).
fn grouped(values: &[Complex<f64>]) -> Vec<(Complex<f64>, usize)> {
    let mut out: Vec<(Complex<f64>, usize)> = Vec::new();
    for &z in values {
        match out.iter_mut().find(|(w, _)| (w - z).norm() < 1e-6) {
            Some((_, m)) => *m += 1,
            None => out.push((z, 1)),
        }
    }
    out
}

fn complex_text(z: Complex<f64>) -> String {
    if z.im.abs() < 1e-12 {
        format!("{:.6}", z.re)
    } else {
        format!("{:.6}{:+.6}i", z.re, z.im)
    }
}

/// `15, 7^2, 3, 1^26`: a cycle type (decreasing) with repeated lengths as powers.
fn cycle_type_text(lengths: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lengths.len() {
        let j = i + lengths[i..]
            .iter()
            .take_while(|&&l| l == lengths[i])
            .count();
        parts.push(if j - i == 1 {
            lengths[i].to_string()
        } else {
            format!("{}^{}", lengths[i], j - i)
        });
        i = j;
    }
    parts.join(", ")
}

/// Runs `permlab spectrum`.
pub fn run_spectrum(args: SpectrumArgs, json: bool) -> CliResult {
    let puzzle = args.puzzle;
    if let Some(text) = &args.word {
        let word = puzzle.parse_word(text)?;
        let p = puzzle.eval_with(&word, args.conv.convention());
        let eig = permutation_eigenvalues(&p);
        let cycle_type = p.cycle_type();
        if json {
            print_json(&json!({
                "puzzle": puzzle.name(),
                "word": text,
                "cycle_type": cycle_type,
                "eigenvalues": eig.iter().map(|(r, m)| json!({
                    "numerator": r.numerator,
                    "denominator": r.denominator,
                    "re": r.value().re,
                    "im": r.value().im,
                    "multiplicity": m,
                })).collect::<Vec<_>>(),
            }))?;
            return Ok(ExitCode::SUCCESS);
        }
        outln!(
            "{}: the {}×{} matrix of {} (cycle type {}) has the eigenvalues exp(2πi·a/b), each with multiplicity the number of its cycles whose length b divides:",
            puzzle.name(),
            p.degree(),
            p.degree(),
            text,
            cycle_type_text(&cycle_type)
        );
        for (r, m) in &eig {
            outln!("{r}\tmultiplicity {m}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let metric = args.metric.unwrap_or(puzzle.metric());
    let (_, moves) = metric_moves(&puzzle, metric)?;
    let domain = if args.pairs {
        Domain::Pairs
    } else {
        Domain::Points
    };
    let n = puzzle.degree();
    let bar = Bar::items(0, !json);
    bar.message(format!(
        "eigenvalues, orbit by orbit on the {}",
        domain.name()
    ));
    let s = random_move_spectrum_observed(n, &moves, domain, &bar)?;
    bar.clear();
    let orbits = s.orbits;
    let stuck = s.lambda_star.is_some_and(|l| l > 1.0 - UNIT_TOLERANCE);
    let quarter = s
        .lambda_star
        .filter(|&l| !stuck && l > 0.0)
        .map(|l| last_k_above(0.5, l, 0.25));
    let upper_quarter = match (s.one_orbit_upper_bound(0), s.lambda_star) {
        (Some(c), Some(l)) if !stuck && l > 0.0 && c > 0.25 => Some(last_k_above(c, l, 0.25) + 1),
        (Some(_), Some(_)) if !stuck => Some(0),
        _ => None,
    };
    if json {
        print_json(&json!({
            "puzzle": puzzle.name(),
            "domain": domain.name(),
            "dimension": s.eigenvalues.len(),
            "metric": metric.name(),
            "moves": moves.len(),
            "solver": s.solver.name(),
            "eigenvalues": s.eigenvalues.iter().map(|z| [z.re, z.im]).collect::<Vec<_>>(),
            "unit_multiplicity": s.unit_multiplicity,
            "orbits": orbits,
            "second": s.second,
            "gap": s.gap(),
            "lambda_star": s.lambda_star,
            "absolute_gap": s.absolute_gap(),
            "lower_bound_at_least_quarter_up_to": quarter,
            "one_orbit_upper_bound_at_most_quarter_from": upper_quarter,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let what = match domain {
        Domain::Points => format!("the {n} points"),
        Domain::Pairs => format!("the {} ordered pairs of points", n * n),
    };
    outln!(
        "{}: the random-move operator T = (1/|S|) Σ P_s on {what}, S = the {} moves of the {} metric",
        puzzle.name(),
        moves.len(),
        metric.name()
    );
    match s.solver {
        Solver::Symmetric => outln!(
            "S is closed under inverses, so T is symmetric: real eigenvalues from nalgebra's symmetric eigen solver"
        ),
        Solver::Schur => outln!(
            "S is not closed under inverses, so T is not symmetric (the walk is not reversible): complex eigenvalues from nalgebra's Schur decomposition"
        ),
    }
    outln!(
        "eigenvalue 1 has multiplicity {} (within {UNIT_TOLERANCE:e}); the moves have {orbits} orbit(s) on {}{}",
        s.unit_multiplicity,
        domain.name(),
        if s.unit_multiplicity == orbits { "" } else { " (they differ: numerical trouble)" }
    );
    if let (Some(l2), Some(gap)) = (s.second, s.gap()) {
        outln!("second eigenvalue λ₂ = {l2:.9}, spectral gap 1 − λ₂ = {gap:.9}");
    }
    match (s.lambda_star, s.absolute_gap()) {
        (Some(l), Some(g)) => {
            outln!("largest modulus of a non-trivial eigenvalue λ* = {l:.9}, absolute spectral gap 1 − λ* = {g:.9}");
            if stuck {
                outln!(
                    "a non-trivial eigenvalue has modulus 1, so the whole puzzle's random walk stays at total-variation distance at least 1/2 from uniform: it does not converge (it is periodic)"
                );
            } else if let Some(k) = quarter {
                outln!(
                    "lower bound (Levin–Peres–Wilmer ch. 12): after k random moves the whole puzzle's total-variation distance to uniform is at least λ*^k/2, which is at least 1/4 for k ≤ {k}"
                );
            }
            if let Some(k) = upper_quarter {
                outln!(
                    "upper bound for one {} only, not the whole puzzle: its distribution is within λ*^k·√(N−1)/2 of uniform on its orbit (N ≤ {}), at most 1/4 for k ≥ {k}",
                    match domain {
                        Domain::Points => "point's position",
                        Domain::Pairs => "ordered pair's positions",
                    },
                    s.largest_orbit
                );
            }
        }
        _ => outln!("every eigenvalue is 1: the moves move nothing"),
    }
    outln!("eigenvalues (value × multiplicity, grouped within 1e-6):");
    for (z, m) in grouped(&s.eigenvalues) {
        outln!("{}\t× {m}", complex_text(z));
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `permlab module`.
#[derive(Args)]
pub struct ModuleArgs {
    /// A built-in puzzle or a .gens file.
    #[arg(value_parser = super::args::puzzle_arg)]
    puzzle: Puzzle,
    /// Check the product closure and commutativity on the first this many orbitals
    /// (all of them when there are fewer).
    #[arg(long, default_value_t = 40)]
    product_limit: usize,
}

/// Runs `permlab module`: the rank of the permutation module and the orbital
/// matrices' eigenvalues.
pub fn run_module(args: ModuleArgs, json: bool) -> CliResult {
    let puzzle = args.puzzle;
    let g = puzzle.group();
    let o = orbitals(&g, args.product_limit)?;
    let r = o.orbitals.len();
    let burnside = character_inner_product(&g, CLASS_LIMIT).ok();
    if let Some(b) = &burnside {
        if *b != r.into() {
            return Err(format!(
                "internal error: {r} orbits on pairs but <χ,χ> = {b} by the cycle index"
            )
            .into());
        }
    }
    let checked = r.min(args.product_limit);
    if json {
        print_json(&json!({
            "puzzle": puzzle.name(),
            "degree": g.degree(),
            "rank": r,
            "transitive": o.transitive,
            "character_inner_product": burnside.as_ref().map(|b| b.to_string()),
            "closed_under_products": o.closed_under_products,
            "commutative": o.commutative,
            "symmetric": o.symmetric,
            "products_checked_on": checked,
            "orbitals": o.orbitals.iter().map(|a| json!({
                "representative": [a.representative.0 + 1, a.representative.1 + 1],
                "size": a.size,
                "paired": a.paired,
                "eigenvalues": a.eigenvalues.as_ref().map(|e| e.iter().map(|z| [z.re, z.im]).collect::<Vec<_>>()),
            })).collect::<Vec<_>>(),
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{}: the permutation module on {} points has {r} orbitals (orbits on ordered pairs){}",
        puzzle.name(),
        g.degree(),
        match &burnside {
            Some(_) => format!("; <χ,χ> = (1/|G|) Σ fix(g)² = {r} by the cycle index agrees"),
            None => " (the cycle index has too many classes for the Burnside check)".into(),
        }
    );
    if o.transitive {
        outln!("the group is transitive: its rank is {r}");
    }
    let all = if checked == r {
        "every pair of orbital matrices".to_string()
    } else {
        format!("the first {checked} orbital matrices")
    };
    outln!(
        "products of {all}: {}; {}",
        if o.closed_under_products {
            "A_i A_j is an integer combination of the A_k (constant on each orbital)"
        } else {
            "some A_i A_j is not constant on an orbital"
        },
        if o.commutative {
            "they commute"
        } else {
            "some do not commute"
        }
    );
    outln!(
        "{}",
        if o.symmetric {
            "every orbital is self-paired (A_i symmetric): real eigenvalues"
        } else {
            "some orbitals are not self-paired (A_i not symmetric): complex eigenvalues"
        }
    );
    outln!("orbital\trepresentative\tpairs\tpaired with\teigenvalues (value × multiplicity)");
    for (i, a) in o.orbitals.iter().enumerate() {
        let ev: Vec<String> = match &a.eigenvalues {
            Some(e) => grouped(e)
                .into_iter()
                .map(|(z, m)| format!("{} ×{m}", complex_text(z)))
                .collect(),
            None => vec!["not computed (the Schur iteration did not converge)".into()],
        };
        outln!(
            "{i}\t({},{})\t{}\t{}\t{}",
            a.representative.0 + 1,
            a.representative.1 + 1,
            a.size,
            a.paired,
            ev.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
