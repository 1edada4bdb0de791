//! The rotation boards `R × C` with `K × K` blocks (seed 000, the Number Rotation
//! Puzzle): their groups, and whether the seed's rules predict them.
//!
//! The rules of seed 000 (its parts IV and V), each turned into a predicted order:
//!
//! - **2x2 blocks, `R, C ≥ 3`** and **2 x C with 2x2 blocks, `C ≥ 4`**: everything is
//!   reachable, `(RC)!`;
//! - **2x3 with 2x2 blocks**: `5! = 120` of the `720` arrangements;
//! - **3x4 with 3x3 blocks**: `6! = 720`;
//! - **odd K, board at least 4x4**: the two checkerboard colour classes are preserved
//!   and only even permutations occur, and everything else is reachable:
//!   `a! · b! / 2` for classes of sizes `a`, `b`;
//! - **n x (n+1) with n x n blocks, `n ≥ 4`**: everything the parity restrictions
//!   allow (colour classes for odd `n`; even permutations when every block turn is
//!   even);
//! - **larger boards with `K ≥ 4`** (the seed's "general case", left to the reader):
//!   again everything the parity restrictions allow.
//!
//! The table compares each prediction with the computed order, so a rule that fails on
//! some board shows up as a mismatch.
//!
//! ```
//! let row = permlab::nrp::boards::analyse(2, 3, 2);
//! assert_eq!(row.order.to_string(), "120");
//! assert_eq!(row.agrees, Some(true));
//! ```

use crate::group::giant::factorial;
use crate::puzzle::Puzzle;
use num_bigint::BigUint;

/// One board of the table.
#[derive(Clone, Debug)]
pub struct BoardRow {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Block size.
    pub k: usize,
    /// `|G|`.
    pub order: BigUint,
    /// `(RC)! / |G|`.
    pub index: BigUint,
    /// Orbit lengths (colour classes), by smallest cell.
    pub orbit_lengths: Vec<usize>,
    /// Whether every block turn is an even permutation.
    pub all_even: bool,
    /// The seed rule that applies, if any.
    pub rule: Option<&'static str>,
    /// Its predicted order.
    pub predicted: Option<BigUint>,
    /// Whether the prediction equals the order.
    pub agrees: Option<bool>,
}

/// The checkerboard class sizes `(a, b)` of an `R × C` board.
fn colour_classes(rows: usize, cols: usize) -> (usize, usize) {
    let n = rows * cols;
    let a = n.div_ceil(2);
    (a, n - a)
}

/// The seed rule for a board and its predicted order.
pub fn seed_prediction(rows: usize, cols: usize, k: usize) -> Option<(&'static str, BigUint)> {
    let n = rows * cols;
    let turn_even = (k * k / 4).is_multiple_of(2); // a K×K turn is ⌊K²/4⌋ 4-cycles
    let parity_allows = || -> BigUint {
        if k % 2 == 1 {
            let (a, b) = colour_classes(rows, cols);
            factorial(a) * factorial(b) / 2u32
        } else if turn_even {
            factorial(n) / 2u32
        } else {
            factorial(n)
        }
    };
    if (rows, cols, k) == (2, 3, 2) {
        return Some(("2x3, 2x2 blocks: 5! = 120", BigUint::from(120u32)));
    }
    if (rows, cols, k) == (3, 4, 3) {
        return Some(("3x4, 3x3 blocks: 6! = 720", BigUint::from(720u32)));
    }
    if k == 2 && rows >= 3 && cols >= 3 {
        return Some(("2x2 blocks, R,C >= 3: all", factorial(n)));
    }
    if k == 2 && rows == 2 && cols >= 4 {
        return Some(("2xC, 2x2 blocks, C >= 4: all", factorial(n)));
    }
    if k >= 4 && rows == k && cols == k + 1 {
        return Some((
            "n x (n+1), n x n blocks, n >= 4: parity only",
            parity_allows(),
        ));
    }
    if k % 2 == 1 && rows >= 4 && cols >= 4 && (rows, cols) != (k, k) {
        return Some(("odd K, board >= 4x4: colours, even", parity_allows()));
    }
    if k >= 4 && (rows, cols) != (k, k) {
        return Some(("general K >= 4: parity only", parity_allows()));
    }
    None
}

/// Computes one board's row.
pub fn analyse(rows: usize, cols: usize, k: usize) -> BoardRow {
    let spec = format!("board:{rows}x{cols}:{k}");
    let p = Puzzle::builtin(&spec).expect("valid board spec");
    let g = p.group();
    let order = g.order();
    let index = factorial(rows * cols) / &order;
    let pred = seed_prediction(rows, cols, k);
    BoardRow {
        rows,
        cols,
        k,
        index,
        orbit_lengths: g.orbit_lengths(),
        all_even: g.all_generators_even(),
        rule: pred.as_ref().map(|(r, _)| *r),
        agrees: pred.as_ref().map(|(_, o)| *o == order),
        predicted: pred.map(|(_, o)| o),
        order,
    }
}

/// All boards `R × C`, `2 ≤ R ≤ C ≤ max`, `2 ≤ K ≤ R`, in that order; `progress` is
/// called after each board.
pub fn table(max: usize, mut progress: impl FnMut(&BoardRow)) -> Vec<BoardRow> {
    let mut out = Vec::new();
    for r in 2..=max {
        for c in r..=max {
            for k in 2..=r {
                let row = analyse(r, c, k);
                progress(&row);
                out.push(row);
            }
        }
    }
    out
}

/// The decimal digits of `n` when it has at most `digits` of them, else its mantissa
/// `d.ddd` and exponent.
fn decimal_or_scientific(n: &BigUint, digits: usize) -> Result<String, (String, usize)> {
    let s = n.to_string();
    if s.len() <= digits {
        return Ok(s);
    }
    Err((format!("{}.{}", &s[..1], &s[1..4]), s.len() - 1))
}

/// A big number for a Markdown table cell: exact up to 15 digits, else `d.ddde..`.
fn short(n: &BigUint) -> String {
    decimal_or_scientific(n, 15).unwrap_or_else(|(m, e)| format!("{m}e{e}"))
}

fn orbits_text(v: &[usize]) -> String {
    if v.len() == 1 {
        return v[0].to_string();
    }
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("+")
}

fn verdict(r: &BoardRow) -> &'static str {
    match r.agrees {
        Some(true) => "yes",
        Some(false) => "NO",
        None => "-",
    }
}

/// The table in Markdown.
pub fn markdown(rows: &[BoardRow]) -> String {
    let mut s = String::from(
        "| board | K | order | index in S_RC | orbits | all turns even | seed rule | predicted | agrees |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        s.push_str(&format!(
            "| {}x{} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.rows,
            r.cols,
            r.k,
            short(&r.order),
            short(&r.index),
            orbits_text(&r.orbit_lengths),
            if r.all_even { "yes" } else { "no" },
            r.rule.unwrap_or("-"),
            r.predicted.as_ref().map_or("-".to_string(), short),
            verdict(r)
        ));
    }
    s
}

/// A big number for the LaTeX table, in math: exact up to 10 digits, else
/// `d.ddd\cdot 10^{e}` (so the table fits a page's width).
fn big_latex(n: &BigUint) -> String {
    let s = n.to_string();
    if s.len() <= 10 {
        return s;
    }
    format!("{}.{}\\cdot 10^{{{}}}", &s[..1], &s[1..4], s.len() - 1)
}

/// The orbit lengths for LaTeX: a length repeated four times or more as `k\times
/// len` (16 orbits of 4 as `16\times4`), others joined by `+`, in math.
fn orbits_latex(v: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let run = v[i..].iter().take_while(|&&x| x == v[i]).count();
        if run >= 4 {
            parts.push(format!("{run}\\times{}", v[i]));
        } else {
            parts.extend(std::iter::repeat_n(v[i].to_string(), run));
        }
        i += run;
    }
    format!("${}$", parts.join("+"))
}

/// The table as a LaTeX `longtable` with booktabs rules, a caption (label
/// `tab:boards`) and the header repeated on every page (needs the `longtable` and
/// `booktabs` packages).
pub fn latex(rows: &[BoardRow]) -> String {
    let head =
        "board & $K$ & $|G|$ & index in $S_{RC}$ & orbits & all even & predicted & agrees\\\\\n";
    let mut s =
        String::from("% generated by `permlab boards`\n\\begin{longtable}{@{}lrllllll@{}}\n");
    s.push_str(
        "\\caption{The boards up to $8\\times8$ with $K\\times K$ blocks: the order of the group, its \
         index in the symmetric group on the $RC$ cells, its orbits, whether every block turn is even, \
         and the order the seed's rules predict.}\\label{tab:boards}\\\\\n",
    );
    s.push_str(&format!("\\toprule\n{head}\\midrule\n\\endfirsthead\n"));
    s.push_str(&format!("\\toprule\n{head}\\midrule\n\\endhead\n"));
    s.push_str("\\bottomrule\n\\endlastfoot\n");
    for r in rows {
        s.push_str(&format!(
            "${}\\times{}$ & {} & ${}$ & ${}$ & {} & {} & {} & {}\\\\\n",
            r.rows,
            r.cols,
            r.k,
            big_latex(&r.order),
            big_latex(&r.index),
            orbits_latex(&r.orbit_lengths),
            if r.all_even { "yes" } else { "no" },
            r.predicted
                .as_ref()
                .map_or("--".to_string(), |p| format!("${}$", big_latex(p))),
            match r.agrees {
                Some(true) => "yes",
                Some(false) => "\\textbf{no}",
                None => "--",
            }
        ));
    }
    s.push_str("\\end{longtable}\n");
    s
}
