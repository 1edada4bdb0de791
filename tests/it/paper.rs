//! Facts the paper states in its own words (paper/main.tex), checked: the rows of the
//! boards table whose order is not the predicted one, and their groups.

use num_bigint::BigUint;
use permlab::nrp::boards::table;

fn factorial(n: u32) -> BigUint {
    (1..=n).map(BigUint::from).product()
}

#[test]
fn the_boards_marked_no_have_7x7_blocks_two_classes_and_alternating_groups() {
    let rows = table(8, |_| {});
    let no: Vec<_> = rows.iter().filter(|r| r.agrees == Some(false)).collect();
    let which: Vec<(usize, usize, usize)> = no.iter().map(|r| (r.rows, r.cols, r.k)).collect();
    assert_eq!(which, vec![(7, 8, 7), (8, 8, 7)]);
    for r in no {
        // two colour classes of m cells; the group is A_m × A_m, half the prediction
        assert_eq!(r.orbit_lengths.len(), 2);
        let m = r.orbit_lengths[0] as u32;
        assert_eq!(r.orbit_lengths[1] as u32, m);
        let half = factorial(m) / 2u32;
        assert_eq!(r.order, &half * &half);
        assert_eq!(
            r.predicted.clone().unwrap(),
            factorial(m) * factorial(m) / 2u32
        );
        let p = permlab::Puzzle::builtin(&format!("board:{}x{}:7", r.rows, r.cols)).unwrap();
        assert_eq!(
            p.group().structure_description().to_string(),
            format!("A{m} × A{m}")
        );
    }
}

/// A document with the paper's page and packages holding `body`.
fn paper_document(body: &str) -> String {
    format!(
        "\\documentclass[11pt]{{article}}\n\\usepackage[a4paper,hmargin=1.75cm,vmargin=2.2cm]{{geometry}}\n\
         \\usepackage[T1]{{fontenc}}\n\\usepackage{{lmodern}}\n\\usepackage{{array}}\n\
         \\usepackage{{amsmath,amssymb}}\n\\usepackage{{booktabs}}\n\\usepackage{{longtable}}\n\
         \\begin{{document}}\n{body}\n\\end{{document}}\n"
    )
}

#[test]
fn the_generated_tables_fit_the_text_width() {
    use crate::common::permlab;
    use crate::tools::{overfull_boxes, pdflatex, require, tempdir};
    let dir = tempdir("paper-tables");
    let gen = dir.join("generated");
    std::fs::create_dir_all(&gen).unwrap();
    let (code, _, err) = permlab(&[
        "reproduce",
        "--quick",
        "--latex",
        "--generated",
        gen.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let claims = std::fs::read_to_string(gen.join("claims.tex")).unwrap();
    let boards_path = dir.join("boards.tex");
    let (code, _, err) = permlab(&[
        "boards",
        "--max",
        "8",
        "--out",
        boards_path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let boards = std::fs::read_to_string(&boards_path).unwrap();
    for (name, t) in [("claims", &claims), ("boards", &boards)] {
        assert!(t.is_ascii(), "{name}");
        assert!(
            t.contains("\\toprule") && t.contains("\\bottomrule"),
            "{name}: booktabs"
        );
        assert!(t.contains("\\caption{"), "{name}: a caption");
        assert!(!t.contains("\\hline"), "{name}");
    }
    // the claims in full: no cell cut short, quotes opened and closed as LaTeX does
    assert!(!claims.contains("\\ldots{} &") && !claims.contains("\\ldots{} \\\\"));
    assert!(!claims.contains(" ''"), "a closing quote after a space");
    assert!(claims.contains("``largest group''"));
    assert!(
        claims.contains("D'{}'')"),
        "an apostrophe kept apart from a closing quote"
    );
    assert!(
        claims.contains("\\textasciitilde{}39M"),
        "a tilde on the line, not an accent"
    );
    // exponents as math, never "^{-1}" or "\^{}" in text
    assert!(claims.contains("U$^{-1}$"), "{claims}");
    assert!(!claims.contains("\\^{}"));
    if !require("pdflatex", "the_generated_tables_fit_the_text_width") {
        return;
    }
    for (name, body) in [
        ("claims", format!("{{\\footnotesize {claims}}}")),
        (
            "boards",
            format!("{{\\footnotesize\\setlength{{\\tabcolsep}}{{4pt}}{boards}}}"),
        ),
    ] {
        std::fs::write(dir.join(format!("{name}.tex")), paper_document(&body)).unwrap();
        let log = pdflatex(&dir, name);
        assert_eq!(overfull_boxes(&log), vec![], "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
