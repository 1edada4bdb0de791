//! `permlab reproduce`: every claim of the five seeds, decided by computation.
//!
//! The claims (an id, the seed, the expected verdict and the sentence each comes from)
//! are data in `data/seed_claims.tsv`, their one home; each id has a check here, one
//! file per seed, and seed 000's words are data in `data/seed000_words.txt`
//! ([`seed000_words`]). A check returns
//! an [`Outcome`]: the verdict, the evidence, a description of the computation, and
//! named numbers that the paper includes (`paper/generated/numbers.tex`).
//!
//! ```
//! use permlab::reproduce::{run, Options, Verdict};
//! let report = run(&Options { quick: true, only: Some("s003-order-1260".into()) }, |_| {});
//! assert_eq!(report.records[0].outcome.as_ref().unwrap().verdict, Verdict::Holds);
//! ```

mod seed000;
mod seed001;
mod seed002;
mod seed003;
mod seed004;

use crate::escape::{latex_breakable, latex_text, markdown_cell};
use serde::Serialize;
use std::fmt::Write as _;
use std::time::Instant;

/// The decision on a claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", content = "detail", rename_all = "snake_case")]
pub enum Verdict {
    /// The claim holds as written (under the crate's default convention).
    Holds,
    /// The claim holds only under the named reading (product order, turn direction,
    /// or direction of a solution); false as read with the defaults.
    HoldsOnlyUnder(String),
    /// The claim is false; the evidence shows why.
    False,
    /// The claim cannot be decided here; the text says why.
    Undecided(String),
}

impl Verdict {
    /// A short label for tables.
    pub fn label(&self) -> String {
        match self {
            Verdict::Holds => "holds".into(),
            Verdict::HoldsOnlyUnder(c) => format!("holds only under {c}"),
            Verdict::False => "false".into(),
            Verdict::Undecided(why) => format!("undecided: {why}"),
        }
    }
}

/// What a check found.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The evidence, in one or a few lines (an order, a cycle, a word, a distribution).
    pub evidence: String,
    /// How it was decided.
    pub computation: String,
    /// Named values for the paper (`\newcommand` names without the backslash, letters
    /// only) and their text.
    pub numbers: Vec<(String, String)>,
}

impl Outcome {
    /// An outcome with no paper numbers.
    pub fn new(
        verdict: Verdict,
        evidence: impl Into<String>,
        computation: impl Into<String>,
    ) -> Outcome {
        Outcome {
            verdict,
            evidence: evidence.into(),
            computation: computation.into(),
            numbers: Vec::new(),
        }
    }

    /// Adds a named number for the paper.
    pub fn number(mut self, name: &str, value: impl ToString) -> Outcome {
        self.numbers.push((name.to_string(), value.to_string()));
        self
    }
}

/// Whether a claim that holds or fails as stated: a helper for checks.
pub fn holds_if(ok: bool) -> Verdict {
    if ok {
        Verdict::Holds
    } else {
        Verdict::False
    }
}

/// A check: the computation deciding one claim.
pub struct Check {
    /// The claim id (a row of `data/seed_claims.tsv`).
    pub id: &'static str,
    /// Heavy checks (whole-state-space searches) are skipped by `--quick`.
    pub heavy: bool,
    /// The computation. An `Err` means the claim could not be decided because something
    /// went wrong (it makes `reproduce` exit non-zero).
    pub run: fn() -> Result<Outcome, String>,
}

/// One row of the claims data.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimText {
    /// Claim id.
    pub id: String,
    /// Seed file prefix (`000` … `004`).
    pub seed: String,
    /// The expected verdict kind ([`Verdict::kind`]): what `reproduce --check`
    /// compares with.
    pub expected: String,
    /// The sentence from the seed.
    pub quote: String,
}

/// The claims of `data/seed_claims.tsv`, compiled into the crate.
pub fn claim_texts() -> Vec<ClaimText> {
    include_str!("../../data/seed_claims.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut cols = l.splitn(4, '\t');
            let mut next = || cols.next().unwrap_or("").to_string();
            ClaimText {
                id: next(),
                seed: next(),
                expected: next(),
                quote: next(),
            }
        })
        .collect()
}

/// The expected verdict of every claim, as `(id, kind)` pairs for
/// [`Report::mismatches`].
pub fn expected_verdicts_of_claims() -> Vec<(String, String)> {
    claim_texts()
        .into_iter()
        .map(|t| (t.id, t.expected))
        .collect()
}

/// One of seed 000's words (a row of `data/seed000_words.txt`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seed000Word {
    /// The claim it belongs to (an id of `data/seed_claims.tsv`).
    pub claim: String,
    /// The puzzle spec of the board.
    pub puzzle: String,
    /// The seed's word in the puzzle's block names.
    pub word: String,
    /// The claimed cycle lengths (`[2]` for a transposition, `[3]` for a 3-cycle).
    pub cycle_type: Vec<usize>,
    /// The seed's own spelling of the word.
    pub seed_spelling: String,
}

/// Seed 000's Part V words, compiled into the crate from `data/seed000_words.txt`.
///
/// ```
/// let words = permlab::reproduce::seed000_words();
/// assert_eq!(words.len(), 3);
/// assert_eq!(words[0].cycle_type, vec![2]);
/// ```
pub fn seed000_words() -> Vec<Seed000Word> {
    include_str!("../../data/seed000_words.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").map(str::trim).collect();
            let cycle_type = match f[3] {
                "transposition" => vec![2],
                "3-cycle" => vec![3],
                other => panic!("data/seed000_words.txt: unknown cycle type {other:?}"),
            };
            Seed000Word {
                claim: f[0].to_string(),
                puzzle: f[1].to_string(),
                word: f[2].to_string(),
                cycle_type,
                seed_spelling: f[4].to_string(),
            }
        })
        .collect()
}

/// All checks, seed by seed.
pub fn checks() -> Vec<Check> {
    let mut all = Vec::new();
    all.extend(seed003::checks());
    all.extend(seed002::checks());
    all.extend(seed000::checks());
    all.extend(seed001::checks());
    all.extend(seed004::checks());
    all
}

/// Options of a run.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Skip heavy checks (reported as skipped).
    pub quick: bool,
    /// Run only the claim with this id.
    pub only: Option<String>,
}

/// A decided (or skipped, or failed) claim. Serialised flat: `id`, `seed`, `quote`,
/// `verdict` (`holds`, `holds_only_under`, `false`, `undecided`, `skipped`, `error`),
/// `detail`, `evidence`, `computation`, `numbers`, `seconds`.
#[derive(Clone, Debug)]
pub struct ClaimRecord {
    /// Claim id.
    pub id: String,
    /// Seed file prefix.
    pub seed: String,
    /// The seed's sentence.
    pub quote: String,
    /// The outcome, or why there is none (skipped or failed).
    pub outcome: Result<Outcome, String>,
    /// Whether `--quick` skipped it.
    pub skipped: bool,
    /// Seconds the check took.
    pub seconds: f64,
}

/// The record of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// One record per claim, in registry order.
    pub records: Vec<ClaimRecord>,
    /// Whether heavy checks were skipped.
    pub quick: bool,
}

/// Runs the checks; `progress` is called with each claim id before it runs.
pub fn run(options: &Options, mut progress: impl FnMut(&str)) -> Report {
    let texts = claim_texts();
    let mut records = Vec::new();
    for check in checks() {
        if options.only.as_deref().is_some_and(|o| o != check.id) {
            continue;
        }
        let text = texts.iter().find(|t| t.id == check.id);
        let (seed, quote) = text
            .map(|t| (t.seed.clone(), t.quote.clone()))
            .unwrap_or_default();
        progress(check.id);
        let start = Instant::now();
        let (outcome, skipped) = if check.heavy && options.quick {
            (
                Err("skipped by --quick (a whole-state-space search)".to_string()),
                true,
            )
        } else {
            ((check.run)(), false)
        };
        records.push(ClaimRecord {
            id: check.id.to_string(),
            seed,
            quote,
            outcome,
            skipped,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    Report {
        records,
        quick: options.quick,
    }
}

fn short(s: &str, n: usize) -> String {
    let one_line = s.replace('\n', " ");
    if one_line.chars().count() <= n {
        one_line
    } else {
        let cut: String = one_line.chars().take(n - 1).collect();
        format!("{cut}…")
    }
}

impl Serialize for ClaimRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("ClaimRecord", 10)?;
        st.serialize_field("id", &self.id)?;
        st.serialize_field("seed", &self.seed)?;
        st.serialize_field("quote", &self.quote)?;
        let (kind, detail, evidence, computation, numbers) = match &self.outcome {
            Ok(o) => {
                let detail = match &o.verdict {
                    Verdict::HoldsOnlyUnder(d) | Verdict::Undecided(d) => d.clone(),
                    _ => String::new(),
                };
                (
                    o.verdict.kind(),
                    detail,
                    o.evidence.clone(),
                    o.computation.clone(),
                    o.numbers.clone(),
                )
            }
            Err(e) if self.skipped => ("skipped", e.clone(), String::new(), String::new(), vec![]),
            Err(e) => ("error", e.clone(), String::new(), String::new(), vec![]),
        };
        st.serialize_field("verdict", kind)?;
        st.serialize_field("detail", &detail)?;
        st.serialize_field("evidence", &evidence)?;
        st.serialize_field("computation", &computation)?;
        let numbers: std::collections::BTreeMap<String, String> = numbers.into_iter().collect();
        st.serialize_field("numbers", &numbers)?;
        st.serialize_field("seconds", &self.seconds)?;
        st.end()
    }
}

impl ClaimRecord {
    /// The verdict label, or `skipped` / `error`.
    pub fn label(&self) -> String {
        match &self.outcome {
            Ok(o) => o.verdict.label(),
            Err(_) if self.skipped => "skipped (--quick)".into(),
            Err(e) => format!("error: {e}"),
        }
    }

    fn evidence(&self) -> String {
        match &self.outcome {
            Ok(o) => o.evidence.clone(),
            Err(e) => e.clone(),
        }
    }
}

impl Report {
    /// Whether every claim that should be decided was decided: no check failed (skipped
    /// and honestly undecidable claims are fine).
    pub fn all_decided(&self) -> bool {
        self.records.iter().all(|r| r.outcome.is_ok() || r.skipped)
    }

    /// Counts of verdict kinds: (holds, holds only under, false, undecided, skipped, errors).
    pub fn tally(&self) -> [usize; 6] {
        let mut t = [0; 6];
        for r in &self.records {
            let k = match &r.outcome {
                Ok(o) => match o.verdict {
                    Verdict::Holds => 0,
                    Verdict::HoldsOnlyUnder(_) => 1,
                    Verdict::False => 2,
                    Verdict::Undecided(_) => 3,
                },
                Err(_) if r.skipped => 4,
                Err(_) => 5,
            };
            t[k] += 1;
        }
        t
    }

    /// The summary line.
    pub fn summary(&self) -> String {
        let [h, u, f, d, s, e] = self.tally();
        format!(
            "{} claims: {h} hold, {u} hold only under another reading, {f} false, {d} undecided, {s} skipped, {e} errors",
            self.records.len()
        )
    }

    /// A plain-text table: claim, verdict, evidence in short, seconds.
    pub fn to_table(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<26} {:<44} {:>8}  evidence",
            "claim", "verdict", "seconds"
        );
        for r in &self.records {
            let _ = writeln!(
                s,
                "{:<26} {:<44} {:>8.3}  {}",
                r.id,
                short(&r.label(), 44),
                r.seconds,
                short(&r.evidence(), 90)
            );
        }
        let _ = writeln!(s, "\n{}", self.summary());
        if self.quick {
            let _ = writeln!(
                s,
                "--quick: heavy searches were skipped; run without it for the full record."
            );
        }
        s
    }

    /// The whole record as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serialises")
    }

    /// A Markdown table, with a column of the seconds each claim took when `seconds`
    /// (the tracked `paper/generated/claims.md` has none, so that a run leaves the
    /// checkout as it was).
    pub fn to_markdown(&self, seconds: bool) -> String {
        let mut s = String::from("| seed | claim | verdict | evidence |");
        s.push_str(if seconds {
            " s |\n|---|---|---|---|---|\n"
        } else {
            "\n|---|---|---|---|\n"
        });
        for r in &self.records {
            let _ = write!(
                s,
                "| {} | {} | {} | {} |",
                r.seed,
                markdown_cell(&r.quote),
                markdown_cell(&r.label()),
                markdown_cell(&r.evidence()),
            );
            if seconds {
                let _ = write!(s, " {:.2} |", r.seconds);
            }
            s.push('\n');
        }
        let _ = writeln!(s, "\n{}", self.summary());
        s
    }

    /// A LaTeX `longtable` (booktabs rules) of the claims, one per row, breaking across
    /// pages with the header repeated.
    pub fn to_latex(&self) -> String {
        let mut s = String::new();
        let col = |w: &str| format!(">{{\\raggedright\\arraybackslash}}p{{{w}\\textwidth}}");
        s.push_str(&format!(
            "\\begin{{longtable}}{{@{{}}l {} {} {}@{{}}}}\n",
            col("0.36"),
            col("0.16"),
            col("0.32")
        ));
        s.push_str("\\caption{Every claim of the five seeds, decided by \\texttt{permlab reproduce}.}\\label{tab:claims}\\\\\n");
        s.push_str(
            "\\toprule\nSeed & Claim & Verdict & Evidence \\\\\n\\midrule\n\\endfirsthead\n",
        );
        s.push_str("\\toprule\nSeed & Claim & Verdict & Evidence \\\\\n\\midrule\n\\endhead\n");
        for r in &self.records {
            let _ = writeln!(
                s,
                "{} & {} & {} & {} \\\\",
                r.seed,
                latex_breakable(&latex_text(&short(&r.quote, 150))),
                latex_text(&r.label()),
                latex_breakable(&latex_text(&short(&r.evidence(), 160)))
            );
        }
        s.push_str("\\bottomrule\n\\end{longtable}\n");
        s
    }

    /// `\newcommand` definitions for every named number of every outcome.
    pub fn latex_numbers(&self) -> String {
        let mut s = String::from("% Generated by `permlab reproduce`: do not edit.\n");
        for r in &self.records {
            if let Ok(o) = &r.outcome {
                for (name, value) in &o.numbers {
                    let _ = writeln!(s, "\\newcommand{{\\{name}}}{{{}}}", latex_text(value));
                }
            }
        }
        s
    }
}

/// Parses an expectations file: `id<TAB>kind` per line, where kind is `holds`,
/// `holds_only_under`, `false` or `undecided` (`#` comments allowed).
pub fn expected_verdicts(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (id, kind) = line
            .split_once('\t')
            .ok_or_else(|| format!("line {}: expected `id<TAB>verdict`", i + 1))?;
        if !["holds", "holds_only_under", "false", "undecided"].contains(&kind.trim()) {
            return Err(format!("line {}: unknown verdict {kind:?}", i + 1));
        }
        out.push((id.trim().to_string(), kind.trim().to_string()));
    }
    Ok(out)
}

impl Verdict {
    /// The kind as written in expectation files.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::HoldsOnlyUnder(_) => "holds_only_under",
            Verdict::False => "false",
            Verdict::Undecided(_) => "undecided",
        }
    }
}

impl Report {
    /// The claims whose verdict differs from the expectation (skipped claims are not
    /// compared; failed checks always differ).
    pub fn mismatches(&self, expected: &[(String, String)]) -> Vec<String> {
        let mut out = Vec::new();
        for r in &self.records {
            let want = expected
                .iter()
                .find(|(id, _)| id == &r.id)
                .map(|(_, k)| k.as_str());
            match (&r.outcome, want) {
                (_, None) => out.push(format!("{}: no expected verdict", r.id)),
                (Err(_), Some(_)) if r.skipped => {}
                (Err(e), Some(w)) => out.push(format!("{}: expected {w}, check failed: {e}", r.id)),
                (Ok(o), Some(w)) if o.verdict.kind() != w => {
                    out.push(format!("{}: expected {w}, got {}", r.id, o.verdict.label()))
                }
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_claim_has_a_check_and_every_check_a_claim() {
        let texts: Vec<String> = claim_texts().into_iter().map(|t| t.id).collect();
        let ids: Vec<&str> = checks().iter().map(|c| c.id).collect();
        for t in &texts {
            assert!(ids.contains(&t.as_str()), "claim {t} has no check");
        }
        for id in &ids {
            assert!(
                texts.iter().any(|t| t == id),
                "check {id} has no claim text"
            );
        }
        let mut sorted = ids.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), ids.len(), "duplicate check ids");
        assert!(texts.len() >= 30);
        for t in claim_texts() {
            assert!(
                ["holds", "holds_only_under", "false", "undecided"].contains(&t.expected.as_str()),
                "claim {}: expected verdict {:?}",
                t.id,
                t.expected
            );
        }
        for w in seed000_words() {
            assert!(
                ids.contains(&w.claim.as_str()),
                "word of unknown claim {}",
                w.claim
            );
        }
    }
}
