//! Proof LaTeX that pastes into any document (issue 38, item 5): every proof of the
//! corpus `paper/proofs/claims.txt`, as `permlab claim … --latex` writes it, set in a
//! plain `article` (no `\sloppy`, no package) without an overfull line over 1 pt;
//! relations spaced (`|G| = 43{,}252…`); `--latex` the same as `--format latex`.

use crate::common::permlab;
use crate::tools::{overfull_boxes, pdflatex, require, tempdir};

/// The corpus: `(puzzle, options)` per claim line.
fn corpus() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("paper/proofs/claims.txt"),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut w = l.split_whitespace().map(String::from);
            (w.next().unwrap(), w.collect())
        })
        .collect()
}

/// The LaTeX of a claim with `flag` (`--latex`, or `--format latex`).
fn proof_latex(puzzle: &str, options: &[String], flag: &[&str]) -> String {
    let mut args = vec!["claim", puzzle];
    args.extend(options.iter().map(String::as_str));
    args.extend(flag);
    let (code, out, err) = permlab(&args);
    assert!(code == 0 || code == 1, "{args:?}: {err}");
    out
}

#[test]
fn latex_is_an_alias_and_relations_are_spaced() {
    let options = vec!["--order".to_string(), "43252003274489856000".to_string()];
    let a = proof_latex("cube3", &options, &["--latex"]);
    assert_eq!(a, proof_latex("cube3", &options, &["--format", "latex"]));
    // the order is math with the relation: "$|G| = 43{,}..." and never "= $43"
    assert!(a.contains("their product is $|G| = 43{,}"), "{a}");
    assert!(!a.contains("= $4"), "{a}");
    let (code, _, err) = permlab(&["claim", "cube3", "--even", "--latex", "--format", "text"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn every_proof_of_the_corpus_sets_in_a_plain_article() {
    let mut tex = String::from("\\documentclass{article}\n\\begin{document}\n");
    let claims = corpus();
    assert!(claims.len() >= 25);
    for (k, (puzzle, options)) in claims.iter().enumerate() {
        tex.push_str(&format!("\\section*{{Claim {}}}\n", k + 1));
        let latex = proof_latex(puzzle, options, &["--latex"]);
        assert!(latex.is_ascii(), "{puzzle} {options:?}");
        assert!(!latex.contains("\\sloppy"));
        tex.push_str(&latex);
    }
    tex.push_str("\\end{document}\n");
    if !require(
        "pdflatex",
        "every_proof_of_the_corpus_sets_in_a_plain_article",
    ) {
        return;
    }
    let dir = tempdir("proof-corpus");
    std::fs::write(dir.join("corpus.tex"), &tex).unwrap();
    let log = pdflatex(&dir, "corpus");
    let over: Vec<_> = overfull_boxes(&log)
        .into_iter()
        .filter(|(pt, _)| *pt > 1.0)
        .collect();
    assert!(over.is_empty(), "{} overfull lines: {over:?}", over.len());
    let _ = std::fs::remove_dir_all(&dir);
}
