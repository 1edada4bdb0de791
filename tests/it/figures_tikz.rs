//! TikZ/PGF output (issue 21): a matrix picture fills exactly its 1-entries, a
//! histogram's pgfplots coordinates are its distribution, the source is ASCII with
//! balanced braces and the same bytes each time, it compiles with pdflatex, and the
//! `figure … --out x.tex` command writes what the library makes.

use crate::common::permlab;
use permlab::figures::cycles::CycleFigure;
use permlab::figures::histogram::{DistanceDistribution, HistogramFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::figures::{tikz, Figure, FigureError, Panels};
use permlab::matrix::to_dmatrix;
use permlab::{Perm, Puzzle};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

fn cube_perm(word: &str) -> Perm {
    let cube = Puzzle::builtin("cube3").unwrap();
    cube.eval(&cube.parse_word(word).unwrap())
}

/// The `(row, column)` of every `\fill[…] (c,r) rectangle ++(1,1);` line.
fn filled_cells(tex: &str) -> Vec<(usize, usize)> {
    tex.lines()
        .filter(|l| l.starts_with("\\fill"))
        .map(|l| {
            let rest = &l[l.find("] (").expect("a \\fill has options") + 3..];
            let (pt, tail) = rest.split_once(')').unwrap();
            assert_eq!(tail, " rectangle ++(1,1);", "{l}");
            let (c, r) = pt.split_once(',').unwrap();
            (r.parse().unwrap(), c.parse().unwrap())
        })
        .collect()
}

/// Whether `{` and `}` (other than the escaped `\{`, `\}`) nest properly.
fn braces_balanced(tex: &str) -> bool {
    let mut depth = 0i64;
    let mut escaped = false;
    for ch in tex.chars() {
        match ch {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// The coordinate lists of the `\addplot … coordinates { (d,c) … };` lines.
fn plot_coordinates(tex: &str) -> Vec<Vec<(usize, u64)>> {
    tex.lines()
        .filter(|l| l.starts_with("\\addplot"))
        .map(|l| {
            let inner = &l[l.find("coordinates {").unwrap() + 13..l.rfind('}').unwrap()];
            inner
                .split_whitespace()
                .map(|p| {
                    let (d, c) = p
                        .trim_start_matches('(')
                        .trim_end_matches(')')
                        .split_once(',')
                        .unwrap();
                    (d.parse().unwrap(), c.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

#[test]
fn matrix_fills_exactly_the_ones_of_the_permutation_matrix() {
    for word in ["", "R", "R U F' D2", "R U R' U'"] {
        let g = cube_perm(word);
        let tex = MatrixFigure::of_perm(&g)
            .cube_faces(3)
            .title(word)
            .to_tikz()
            .unwrap();
        let m = to_dmatrix::<u8>(&g);
        let ones: BTreeSet<(usize, usize)> = (0..54)
            .flat_map(|r| (0..54).map(move |c| (r, c)))
            .filter(|&(r, c)| m[(r, c)] == 1)
            .collect();
        let cells = filled_cells(&tex);
        assert_eq!(tex.matches("\\fill").count(), 54, "{word}");
        assert_eq!(cells.len(), ones.len());
        assert_eq!(cells.into_iter().collect::<BTreeSet<_>>(), ones, "{word}");
        // P[i^g, i] = 1: column i is filled in row i^g
        assert!(ones.iter().all(|&(r, c)| g.image(c) == r));
    }
}

#[test]
fn matrix_of_any_0_1_matrix_fills_its_nonzero_entries() {
    // the sum of two permutation matrices: rows with one or two ones
    let a = to_dmatrix::<u8>(&"(1,2,3)(4,5)".parse::<Perm>().unwrap());
    let b = to_dmatrix::<u8>(&"(1,2)".parse::<Perm>().unwrap().extended(5));
    let m = &a + &b;
    let nonzero = m.iter().filter(|&&x| x != 0).count();
    let tex = MatrixFigure::of_dmatrix(&m).to_tikz().unwrap();
    assert_eq!(tex.matches("\\fill").count(), nonzero);
    for (r, c) in filled_cells(&tex) {
        assert_ne!(m[(r, c)], 0);
    }
}

#[test]
fn histogram_coordinates_are_the_distribution() {
    let a = DistanceDistribution::new(vec![1, 18, 2430, 0, 7]);
    let b = DistanceDistribution::from_distances([0, 1, 1, 2]);
    let fig = HistogramFigure::new(vec![("a".into(), a.clone()), ("b".into(), b.clone())])
        .axes("distance", "positions");
    let tex = fig.to_tikz().unwrap();
    let expect = |d: &DistanceDistribution, skip_zero: bool| -> Vec<(usize, u64)> {
        d.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0 || !skip_zero)
            .map(|(i, &c)| (i, c))
            .collect()
    };
    assert_eq!(
        plot_coordinates(&tex),
        vec![expect(&a, false), expect(&b, false)]
    );
    assert!(tex.contains("  ybar,"));
    assert!(tex.contains("xlabel={distance},") && tex.contains("ylabel={positions},"));
    assert!(!tex.contains("ymode=log"));
    assert_eq!(tex.matches("\\addlegendentry{").count(), 2);
    // on a log scale the zero counts are left out
    assert!(a.wants_log_scale());
    let log = HistogramFigure::new(vec![("a".into(), a.clone())])
        .log(a.wants_log_scale())
        .to_tikz()
        .unwrap();
    assert!(log.contains("ymode=log"));
    assert_eq!(plot_coordinates(&log), vec![expect(&a, true)]);
    assert!(!log.contains("\\addlegendentry"));
    // the counts sum to the total of the distribution
    let sum: u64 = plot_coordinates(&tex)[0].iter().map(|p| p.1).sum();
    assert_eq!(sum, a.total());
}

#[test]
fn source_is_ascii_balanced_escaped_and_deterministic() {
    let title = "50% of {x} in <R,U> — a_b ⟨é⟩ \\ $ #";
    let m = MatrixFigure::of_perm(&cube_perm("R U"))
        .numbers(true)
        .title(title);
    let h = HistogramFigure::new(vec![(
        "x_1 & y".into(),
        DistanceDistribution::new(vec![1, 2]),
    )])
    .title(title);
    for tex in [m.to_tikz().unwrap(), h.to_tikz().unwrap()] {
        assert!(tex.is_ascii());
        assert!(braces_balanced(&tex), "{tex}");
        // the title as a label: text escaped, `_b` a subscript
        assert!(tex.contains(&permlab::escape::latex_label(title)));
        assert!(tex.contains("a$_{b}$"));
        assert!(tex.starts_with("\\begin{tikzpicture}"));
        assert!(tex.ends_with("\\end{tikzpicture}\n"));
        let doc = tikz::standalone(&tex);
        assert!(doc.starts_with("\\documentclass{standalone}\n\\usepackage{pgfplots}\n"));
        assert!(braces_balanced(&doc));
    }
    assert_eq!(m.to_tikz().unwrap(), m.clone().to_tikz().unwrap());
    assert_eq!(h.to_tikz().unwrap(), h.to_tikz().unwrap());
}

#[test]
fn figures_without_a_tikz_form_say_which_have_one() {
    let e = CycleFigure::new(&cube_perm("R")).to_tikz().unwrap_err();
    assert!(matches!(e, FigureError::NoTikz));
    let msg = e.to_string();
    assert!(msg.contains("matrix") && msg.contains("histogram"), "{msg}");
    let panels = Panels::new(vec![MatrixFigure::of_perm(&cube_perm("R"))], 1);
    assert!(matches!(panels.to_tikz(), Err(FigureError::NoTikz)));
}

#[test]
fn axis_captions_say_which_axis_is_before_and_after() {
    use permlab::figures::matrix::{CAPTION_AFTER, CAPTION_BEFORE};
    let g = cube_perm("R U");
    let plain = MatrixFigure::of_perm(&g).cube_faces(3);
    let fig = plain.clone().move_captions();
    let tex = fig.to_tikz().unwrap();
    assert_eq!(
        tex.matches(&format!("{{{CAPTION_BEFORE}}}")).count()
            + tex.matches(&format!("{{{CAPTION_AFTER}}}")).count(),
        2
    );
    assert!(!plain.to_tikz().unwrap().contains(CAPTION_BEFORE));
    // column i is where a sticker is before the move, row i^g where it is after
    for (r, c) in filled_cells(&tex) {
        assert_eq!(g.image(c), r);
    }
    let size = fig.default_size();
    let svg = fig.to_svg(size).unwrap();
    assert!(svg.contains(CAPTION_BEFORE) && svg.contains(CAPTION_AFTER));
    // the captions take room below and right of the grid, which stays in the image
    let paper = permlab::figures::Theme::paper();
    let (l, p) = (fig.layout(size, &paper), plain.layout(size, &paper));
    assert!(l.cell <= p.cell);
    assert!(l.x0 + 54 * l.cell < size.0 as i32 && l.y0 + 54 * l.cell < size.1 as i32);
    assert_eq!(fig.to_png(size).unwrap(), fig.to_png(size).unwrap());
}

fn tempdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("permlab-tikz-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes `body` as a standalone document `dir/NAME.tex`, compiles it with pdflatex
/// and checks that a PDF came out.
fn compile_standalone(dir: &std::path::Path, name: &str, body: &str) {
    std::fs::write(dir.join(format!("{name}.tex")), tikz::standalone(body)).unwrap();
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error"])
        .arg(format!("{name}.tex"))
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let pdf = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
}

#[test]
fn standalone_documents_compile_with_pdflatex() {
    if Command::new("pdflatex").arg("--version").output().is_err() {
        eprintln!("skipped: pdflatex is not installed");
        return;
    }
    let dir = tempdir("pdflatex");
    let docs = [
        (
            "matrix",
            MatrixFigure::of_perm(&cube_perm("R U"))
                .cube_faces(3)
                .title("R U: 50% <R,U> {a_b}")
                .move_captions()
                .to_tikz()
                .unwrap(),
        ),
        (
            "numbers",
            MatrixFigure::of_perm(&cube_perm("F"))
                .numbers(true)
                .to_tikz()
                .unwrap(),
        ),
        (
            "hist",
            HistogramFigure::new(vec![
                (
                    "cube2 & co".into(),
                    DistanceDistribution::new(vec![1, 9, 54, 321, 0, 8000]),
                ),
                ("b_2".into(), DistanceDistribution::new(vec![1, 3])),
            ])
            .log(true)
            .title("distances #1")
            .to_tikz()
            .unwrap(),
        ),
    ];
    for (name, body) in docs {
        compile_standalone(&dir, name, &body);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_writes_the_tikz_of_the_library() {
    let dir = tempdir("cli");
    let bare = dir.join("r.tex");
    let (code, out, err) = permlab(&[
        "figure",
        "matrix",
        "cube3",
        "R",
        "--out",
        bare.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let expect = MatrixFigure::of_perm(&cube_perm("R"))
        .title("R")
        .cube_faces(3)
        .move_captions()
        .to_tikz()
        .unwrap();
    assert_eq!(std::fs::read_to_string(&bare).unwrap(), expect);
    assert_eq!(
        out,
        format!(
            "wrote {} (TikZ tikzpicture, {} bytes)\n",
            bare.display(),
            expect.len()
        )
    );
    let doc = dir.join("h.tex");
    let (code, _, err) = permlab(&[
        "figure",
        "hist",
        "--series",
        "a=1,2,0,4",
        "--standalone",
        "--out",
        doc.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&doc).unwrap();
    let body = HistogramFigure::new(vec![(
        "a".into(),
        DistanceDistribution::new(vec![1, 2, 0, 4]),
    )])
    .axes("distance", "count")
    .to_tikz()
    .unwrap();
    assert_eq!(text, tikz::standalone(&body));
    // bad requests: one line naming the problem, exit 2, nothing written
    let cyc = dir.join("c.tex");
    for (args, needle) in [
        (
            vec![
                "figure",
                "cycles",
                "cube3",
                "R",
                "--out",
                cyc.to_str().unwrap(),
            ],
            "exists only for matrix pictures, histograms",
        ),
        (
            vec![
                "figure",
                "matrix",
                "cube3",
                "R",
                "--size",
                "300",
                "--out",
                cyc.to_str().unwrap(),
            ],
            "--size",
        ),
        (
            vec![
                "figure",
                "matrix",
                "cube3",
                "R",
                "--standalone",
                "--out",
                dir.join("x.svg").to_str().unwrap(),
            ],
            "--standalone",
        ),
    ] {
        let (code, _, err) = permlab(&args);
        assert_eq!(code, 2, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{err}");
    }
    assert!(!cyc.exists() && !dir.join("x.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn spectrum_mixing_and_cycle_type_have_tikz_forms() {
    use permlab::figures::cycletype::CycleTypeFigure;
    use permlab::figures::mixing::{MixingFigure, MixingSeries};
    use permlab::figures::spectrum::SpectrumFigure;
    use permlab::linalg::spectrum::permutation_eigenvalues;
    let g = cube_perm("R U");
    // spectrum: one dot per distinct eigenvalue, a "×m" for each multiplicity above 1
    let eig = permutation_eigenvalues(&g);
    let points: Vec<_> = eig.iter().map(|(r, m)| (r.value(), *m)).collect();
    let spectrum = SpectrumFigure::new(points.clone())
        .title("R U")
        .to_tikz()
        .unwrap();
    assert_eq!(spectrum.matches("\\fill[").count(), points.len());
    assert_eq!(
        spectrum.matches("$\\times").count(),
        points.iter().filter(|(_, m)| *m > 1).count()
    );
    // cycle type: one filled row per cycle of length > 1, as long as the cycle, and
    // the cycle type's exponents as superscripts
    let ct = CycleTypeFigure::new(&g);
    let tex = ct.to_tikz().unwrap();
    let widths: Vec<usize> = tex
        .lines()
        .filter(|l| l.starts_with("\\fill["))
        .map(|l| {
            let end = l.rsplit_once(" rectangle (").unwrap().1;
            end.split(',').next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(widths, ct.rows());
    let mut lengths: Vec<usize> = g.cycles().iter().map(Vec::len).collect();
    lengths.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(widths, lengths);
    assert!(tex.contains("7$^{2}$"), "{tex}");
    // mixing: a solid curve per puzzle and a dashed bound where there is one
    let a = MixingSeries {
        name: "a".into(),
        tv: vec![1.0, 0.5, 0.25, 0.0],
        lower_bound: Some(vec![0.5, 0.25, 0.125, 0.0625]),
    };
    let b = MixingSeries {
        name: "b_2".into(),
        tv: vec![1.0, 0.1],
        lower_bound: None,
    };
    let mix = MixingFigure::new(vec![a, b])
        .title("walks")
        .to_tikz()
        .unwrap();
    assert_eq!(mix.matches("\\addplot[").count(), 3);
    assert_eq!(mix.matches(",dashed,").count(), 1);
    assert!(mix.contains("(2,2.500000e-1)"), "{mix}");
    assert!(!mix.contains("(3,0"), "zero is off a log axis");
    assert!(mix.contains("$\\lambda_* = 0.5000$"));
    for tex in [&spectrum, &tex, &mix] {
        assert!(tex.is_ascii() && braces_balanced(tex));
    }
    if Command::new("pdflatex").arg("--version").output().is_err() {
        eprintln!("skipped compiling: pdflatex is not installed");
        return;
    }
    let dir = tempdir("new-kinds");
    for (name, body) in [
        ("spectrum", &spectrum),
        ("cycletype", &tex),
        ("mixing", &mix),
    ] {
        compile_standalone(&dir, name, body);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
