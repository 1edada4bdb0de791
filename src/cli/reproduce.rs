//! `permlab reproduce`: check every seed claim; write paper/generated/ atomically.

use super::output::{errln, out, outln};
use super::CliResult;
use permlab::io::write_atomic;
use permlab::reproduce::{self, Options};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct ReproduceArgs {
    /// Skip the heavy whole-state-space searches (reported as skipped).
    #[arg(long)]
    quick: bool,
    /// Only the claim with this id.
    #[arg(long)]
    only: Option<String>,
    /// Print a Markdown table.
    #[arg(long, conflicts_with = "latex")]
    markdown: bool,
    /// Print the LaTeX table and write paper/generated/ (claims.tex, numbers.tex).
    #[arg(long)]
    latex: bool,
    /// Compare verdicts with the expected verdicts recorded in data/seed_claims.tsv;
    /// exit 1 on any difference.
    #[arg(long, conflicts_with = "expect")]
    check: bool,
    /// Compare verdicts with an expectations file (`id<TAB>verdict` lines); exit 1 on
    /// any difference.
    #[arg(long)]
    expect: Option<PathBuf>,
    /// Where to write the generated LaTeX files.
    #[arg(long, default_value = "paper/generated", value_parser = super::args::output_dir)]
    generated: PathBuf,
}

pub fn run(a: ReproduceArgs, json: bool) -> CliResult {
    if json && (a.markdown || a.latex) {
        return Err("--json cannot be used with --markdown or --latex".into());
    }
    let options = Options {
        quick: a.quick,
        only: a.only.clone(),
    };
    if let Some(id) = &a.only {
        if !reproduce::checks().iter().any(|c| c.id == id) {
            return Err(format!(
                "no claim with id {id:?} (see `permlab reproduce --json` for the ids)"
            )
            .into());
        }
    }
    let total = reproduce::checks()
        .iter()
        .filter(|c| a.only.as_deref().is_none_or(|o| o == c.id))
        .count();
    let bar = super::progress::Bar::items(total as u64, true);
    let report = reproduce::run(&options, |id| {
        bar.step(id);
    });
    bar.clear();
    if json {
        outln!("{}", report.to_json());
    } else if a.markdown {
        out!("{}", report.to_markdown(true));
    } else if a.latex {
        out!("{}", report.to_latex());
    } else {
        out!("{}", report.to_table());
    }
    if a.latex || a.markdown || a.only.is_none() {
        write_atomic(
            &a.generated.join("claims.tex"),
            report.to_latex().as_bytes(),
        )?;
        write_atomic(
            &a.generated.join("numbers.tex"),
            report.latex_numbers().as_bytes(),
        )?;
        write_atomic(
            &a.generated.join("claims.md"),
            report.to_markdown(false).as_bytes(),
        )?;
    }
    let expected = match &a.expect {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(
                reproduce::expected_verdicts(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            )
        }
        None if a.check => Some(reproduce::expected_verdicts_of_claims()),
        None => None,
    };
    if let Some(expected) = expected {
        let mismatches = report.mismatches(&expected);
        if !mismatches.is_empty() {
            for m in &mismatches {
                errln!("permlab: verdict differs: {m}");
            }
            return Ok(ExitCode::from(1));
        }
        errln!("all {} verdicts as expected", report.records.len());
    }
    if report.all_decided() {
        Ok(ExitCode::SUCCESS)
    } else {
        errln!("permlab: some claims could not be decided (errors above)");
        Ok(ExitCode::from(1))
    }
}
