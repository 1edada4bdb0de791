//! TikZ/PGF output (issues 21 and 38): every figure kind has one; a matrix picture
//! fills exactly its 1-entries over a grid one cell apart; a histogram's pgfplots
//! coordinates are its distribution; each picture shows what the SVG shows in the
//! same order; the source is ASCII with balanced braces and the same bytes each
//! time; every kind compiles with pdflatex; and the `figure … --out x.tex` command
//! writes what the library makes.

use crate::common::permlab;
use crate::svg;
use crate::tools::{require, tempdir};
use permlab::figures::histogram::{DistanceDistribution, HistogramFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::figures::{tikz, Figure};
use permlab::matrix::to_dmatrix;
use permlab::{Perm, Puzzle};
use std::collections::BTreeSet;
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
    assert!(l.x0 + 54.0 * l.cell < size.0 as f64 && l.y0 + 54.0 * l.cell < size.1 as f64);
    assert_eq!(fig.to_png(size).unwrap(), fig.to_png(size).unwrap());
}

/// Writes `body` as a standalone document `dir/NAME.tex` and compiles it with
/// pdflatex; returns the PDF.
fn compile_standalone(dir: &std::path::Path, name: &str, body: &str) -> Vec<u8> {
    std::fs::write(dir.join(format!("{name}.tex")), tikz::standalone(body)).unwrap();
    crate::tools::pdflatex(dir, name);
    let pdf = std::fs::read(dir.join(format!("{name}.pdf"))).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    pdf
}

/// One command line per figure kind of `permlab figure` (before `--out`).
const KINDS: [&[&str]; 13] = [
    &["matrix", "cube3", "R", "--numbers"],
    &["board", "nokia2x2", "A B"],
    &["net", "cube2", "R U", "--numbers"],
    &["cycles", "cube3", "R U"],
    &["bfs", "nokia2x2", "--quiet", "--log"],
    &["distributions", "floppy", "ivy", "--quiet"],
    &["schreier", "rotation3", "--layout", "layers"],
    &["cycletype", "cube3", "R U"],
    &["blocks", "cube2"],
    &["spectrum", "cube3", "R U"],
    &["orbitals", "cube2"],
    &["mixing", "--puzzle", "rotation3", "--steps", "10"],
    &["hist", "--series", "a=1,2,0,4", "--series", "b_2=1,5"],
];

/// Runs `permlab figure KIND… --out dir/NAME.EXT` and returns the file's text.
fn figure_file(dir: &std::path::Path, kind: &[&str], ext: &str, extra: &[&str]) -> String {
    let path = dir.join(format!("{}.{ext}", kind[0]));
    let mut args = vec!["figure"];
    args.extend(kind);
    args.extend(extra);
    args.extend(["--out", path.to_str().unwrap()]);
    let (code, _, err) = permlab(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    std::fs::read_to_string(&path).unwrap()
}

#[test]
fn every_kind_has_a_tikz_picture_that_compiles() {
    let dir = tempdir("tikz-kinds");
    let mut bodies = Vec::new();
    for kind in KINDS {
        let tex = figure_file(&dir, kind, "tex", &[]);
        assert!(tex.is_ascii(), "{kind:?}");
        assert!(braces_balanced(&tex), "{kind:?}");
        assert!(tex.starts_with("\\begin{tikzpicture}"), "{kind:?}");
        assert!(tex.ends_with("\\end{tikzpicture}\n"), "{kind:?}");
        assert_eq!(
            tex,
            figure_file(&dir, kind, "tex", &[]),
            "{kind:?}: bytes differ"
        );
        bodies.push((kind[0], tex));
    }
    if !require("pdflatex", "every_kind_has_a_tikz_picture_that_compiles") {
        return;
    }
    for (name, body) in &bodies {
        compile_standalone(&dir, name, body);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The sequence of `fill=` / `color=` colours of a TikZ picture's filled shapes
/// (`\fill`, `\filldraw`), as `#rrggbb`.
fn tikz_fills(tex: &str) -> Vec<String> {
    tex.lines()
        .filter(|l| l.starts_with("\\fill[") || l.starts_with("\\filldraw["))
        .map(|l| {
            let k = l.find("red,").expect("an rgb colour");
            let v: Vec<u8> = l[k..]
                .split(|c: char| !c.is_ascii_digit())
                .filter(|x| !x.is_empty())
                .take(3)
                .map(|x| x.parse().unwrap())
                .collect();
            format!("#{:02x}{:02x}{:02x}", v[0], v[1], v[2])
        })
        .collect()
}

/// The texts of a TikZ picture's `\node`s, in order.
fn tikz_nodes(tex: &str) -> Vec<String> {
    tex.lines()
        .filter(|l| l.starts_with("\\node["))
        .map(|l| {
            let body = &l[l.rfind(") {").unwrap() + 3..l.rfind("};").unwrap()];
            body.to_string()
        })
        .collect()
}

#[test]
fn each_tikz_picture_shows_what_the_svg_shows_in_the_same_order() {
    let dir = tempdir("tikz-same");
    let both = |kind: &[&str]| {
        (
            figure_file(&dir, kind, "tex", &[]),
            svg::parse(&figure_file(&dir, kind, "svg", &[])),
        )
    };
    let fills = |doc: &svg::Doc, skip: &[&str]| -> Vec<String> {
        doc.rects
            .iter()
            .map(|r| r.fill.clone())
            .filter(|f| f != "none" && !skip.contains(&f.as_str()))
            .collect()
    };
    // matrix: the same 1-entries, row by row
    let (tex, doc) = both(KINDS[0]);
    let ink = svg::hex(permlab::figures::palette::INK);
    assert_eq!(
        tikz_fills(&tex),
        fills(&doc, &[])
            .into_iter()
            .filter(|f| *f == ink)
            .collect::<Vec<_>>()
    );
    assert_eq!(tikz_fills(&tex).len(), 54);
    // net, blocks, orbitals: every cell's colour, in the same order
    for k in [2, 8, 10] {
        let (tex, doc) = both(KINDS[k]);
        let svg_fills = fills(&doc, &[]);
        assert_eq!(tikz_fills(&tex), svg_fills, "{:?}", KINDS[k]);
        assert!(svg_fills.len() >= 24);
    }
    // cycle type: the rows' lengths, longest first
    let (tex, doc) = both(KINDS[7]);
    let widths: Vec<usize> = tex
        .lines()
        .filter(|l| l.starts_with("\\fill["))
        .map(|l| {
            l.rsplit_once(" rectangle (")
                .unwrap()
                .1
                .split(',')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    let blue = svg::hex(permlab::figures::palette::SERIES[0]);
    let mut rows: Vec<(f64, usize)> = Vec::new();
    for r in doc.rects.iter().filter(|r| r.fill == blue) {
        match rows.last_mut() {
            Some(last) if last.0 == r.y => last.1 += 1,
            _ => rows.push((r.y, 1)),
        }
    }
    assert_eq!(widths, rows.iter().map(|r| r.1).collect::<Vec<_>>());
    assert_eq!(widths, vec![15, 7, 7, 3]);
    // board, cycles, Schreier graph: the same numbers and labels in the same order
    for k in [1, 3, 6] {
        let (tex, doc) = both(KINDS[k]);
        let numbers = |v: Vec<String>| -> Vec<String> {
            v.into_iter()
                .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()))
                .collect()
        };
        let svg_texts = numbers(doc.texts.iter().map(|t| t.text()).collect());
        assert_eq!(numbers(tikz_nodes(&tex)), svg_texts, "{:?}", KINDS[k]);
        assert!(svg_texts.len() >= 9);
    }
    // board: as many arrows as the SVG has heads
    let (tex, doc) = both(KINDS[1]);
    assert_eq!(tex.matches("\\draw[-latex").count(), doc.polygons.len());
    // Schreier graph: one curve per edge between two vertices, one circle per loop
    let (tex, doc) = both(KINDS[6]);
    let curves = doc.strokes.iter().filter(|d| d.contains(" Q ")).count();
    assert_eq!(tex.matches("\\draw[-latex").count(), curves);
    assert_eq!(
        tex.matches(") circle (").count(),
        doc.circles.iter().filter(|c| c.fill == "none").count()
    );
    // spectrum: the same dots
    let (tex, doc) = both(KINDS[9]);
    let dots = doc.circles.iter().filter(|c| c.fill == blue).count();
    assert_eq!(tex.matches("\\fill[").count(), dots);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_matrix_grid_is_one_cell() {
    let fig = MatrixFigure::of_perm(&cube_perm("R")).cube_faces(3);
    let tex = fig.to_tikz().unwrap();
    // the grid's step is one unit of the picture, that is one cell
    let grid: Vec<&str> = tex.lines().filter(|l| l.contains(" grid ")).collect();
    assert_eq!(grid.len(), 1);
    assert!(
        grid[0].contains("step=1]") && grid[0].ends_with("(0,0) grid (54,54);"),
        "{}",
        grid[0]
    );
    if !require("pdftoppm", "the_matrix_grid_is_one_cell")
        || !require("pdflatex", "the_matrix_grid_is_one_cell")
    {
        return;
    }
    // compiled and rendered, the light grid's lines fall one cell apart: along a row
    // of cells with no 1-entry in the L block, the grey lines between columns 10
    // and 18 are 8 lines (one per inner cell edge) evenly spaced
    let dir = tempdir("tikz-grid");
    compile_standalone(&dir, "grid", &tex);
    let out = Command::new("pdftoppm")
        .args(["-r", "600", "-png", "-singlefile", "grid.pdf", "grid"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    let (w, _, rgb) =
        permlab::figures::decode_png(&std::fs::read(dir.join("grid.png")).unwrap()).unwrap();
    let px = |x: u32, y: u32| rgb[3 * (y * w + x) as usize];
    // the grid spans 7.5 cm: 54 cells of 7.5/54 cm at 600 dpi
    let cell = 7.5 / 54.0 / 2.54 * 600.0;
    // find the grid's frame: the leftmost and topmost dark-grey pixels of the picture
    let left = (0..w).find(|&x| (0..200).any(|y| px(x, y) < 230)).unwrap() as f64;
    let top = (0..200u32)
        .find(|&y| (0..w).any(|x| px(x, y) < 230))
        .unwrap() as f64;
    let row = (top + 2.5 * cell) as u32;
    let (x0, x1) = ((left + 9.5 * cell) as u32, (left + 17.5 * cell) as u32);
    let mut lines = Vec::new();
    let mut inside = false;
    for x in x0..x1 {
        let grey = px(x, row) < 250;
        if grey && !inside {
            lines.push(x as f64);
        }
        inside = grey;
    }
    // cells 10..17 of row 3: R's 1-entry of row 3 is in column 3, so these are empty
    assert_eq!(
        lines.len(),
        8,
        "grid lines at {lines:?}, a cell is {cell:.1} px"
    );
    for pair in lines.windows(2) {
        assert!((pair[1] - pair[0] - cell).abs() < 1.5, "{lines:?}");
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
    // the paper theme (the default) gives no title: the caption is the document's
    let expect = MatrixFigure::of_perm(&cube_perm("R"))
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
    assert!(
        mix.contains("$\\lambda$*$^{k}$/2, $\\lambda$* = 0.5000"),
        "{mix}"
    );
    for tex in [&spectrum, &tex, &mix] {
        assert!(tex.is_ascii() && braces_balanced(tex));
    }
    if !require("pdflatex", "spectrum_mixing_and_cycle_type_have_tikz_forms") {
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
