//! Figures render to SVG and PNG; matrix pictures show exactly the matrix's ones;
//! evcxr output carries its markers, mime types and inline SVG; rendering is
//! deterministic; the `figure` and `figures` commands write what they say.

use permlab::display::{html_block, PermMatrix, PuzzleState};
use permlab::figures::board::{trajectory, BoardFigure};
use permlab::figures::cube_net::{CubeNetFigure, FACE_COLOURS};
use permlab::figures::cycles::{CycleFigure, CycleStyle};
use permlab::figures::gallery::{bfs_distribution, gallery_names};
use permlab::figures::histogram::{DistanceDistribution, HistogramFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::figures::{DynFigure, Figure, Panels};
use permlab::matrix::to_dmatrix;
use permlab::{Perm, Puzzle};
use std::path::{Path, PathBuf};
use std::process::Command;

fn cube_perm(word: &str) -> Perm {
    let cube = Puzzle::builtin("cube3").unwrap();
    cube.eval(&cube.parse_word(word).unwrap())
}

/// A decoded PNG: size and RGB pixels.
struct Img {
    w: u32,
    h: u32,
    rgb: Vec<u8>,
}

impl Img {
    fn dimensions(&self) -> (u32, u32) {
        (self.w, self.h)
    }
    fn get_pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = 3 * (y as usize * self.w as usize + x as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
    fn pixels(&self) -> impl Iterator<Item = &[u8]> {
        self.rgb.chunks(3)
    }
}

fn decode_png(bytes: &[u8]) -> Img {
    let (w, h, rgb) = permlab::figures::decode_png(bytes).expect("a valid PNG");
    assert_eq!(rgb.len(), 3 * w as usize * h as usize);
    Img { w, h, rgb }
}

fn is_dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 80)
}

/// Every kind of figure, with a name.
fn one_of_each() -> Vec<(&'static str, Box<dyn DynFigure>)> {
    let board = Puzzle::builtin("board:3x3:2").unwrap();
    let ab = board.eval(&board.parse_word("A B").unwrap());
    let w = board.parse_word("A B a").unwrap();
    let tperm = cube_perm("R U R' U' R' F R2 U' R' U' R U R' F'");
    let d1 = DistanceDistribution::new(vec![1, 8, 52, 328]);
    let d2 = DistanceDistribution::new(vec![1, 6, 40, 200, 150]);
    vec![
        (
            "matrix",
            Box::new(MatrixFigure::of_perm(&tperm).cube_faces(3).title("T")),
        ),
        (
            "matrix-numbers",
            Box::new(MatrixFigure::of_perm(&ab).numbers(true)),
        ),
        (
            "histogram-linear",
            Box::new(HistogramFigure::new(vec![("a".into(), d1.clone())])),
        ),
        (
            "histogram-log-2",
            Box::new(
                HistogramFigure::new(vec![("staged".into(), d1), ("optimal".into(), d2)])
                    .log(true)
                    .title("two"),
            ),
        ),
        (
            "board-arrows",
            Box::new(
                BoardFigure::for_puzzle(&board, &ab.apply_to_state(&board.solved()))
                    .unwrap()
                    .arrows_of(&ab),
            ),
        ),
        (
            "board-path",
            Box::new(
                BoardFigure::for_puzzle(&board, &board.solved())
                    .unwrap()
                    .path(&trajectory(&board, &w, 0))
                    .title("path"),
            ),
        ),
        (
            "net",
            Box::new(
                CubeNetFigure::new(3, &tperm.apply_to_state(&(0..54).collect::<Vec<u32>>()))
                    .unwrap()
                    .numbers(true),
            ),
        ),
        ("cycles-arcs", Box::new(CycleFigure::new(&tperm))),
        (
            "cycles-bar",
            Box::new(CycleFigure::new(&tperm).style(CycleStyle::Bar)),
        ),
        (
            "panels",
            Box::new(Panels::new(
                vec![
                    MatrixFigure::of_perm(&ab),
                    MatrixFigure::of_perm(&ab.inverse()),
                ],
                2,
            )),
        ),
    ]
}

#[test]
fn every_kind_renders_svg_and_png_at_the_requested_size() {
    for (name, fig) in one_of_each() {
        for size in [fig.size(), (333, 217)] {
            let svg = fig.svg(size).unwrap();
            assert!(svg.starts_with("<svg"), "{name}");
            let doc = crate::svg::parse(&svg);
            assert_eq!(doc.view, (f64::from(size.0), f64::from(size.1)), "{name}");
            // printed one journal column wide, the height in proportion
            let pt = permlab::figures::theme::SINGLE_COLUMN_PT;
            assert!(
                (doc.size_pt.0 - pt).abs() < 0.01,
                "{name}: {:?}",
                doc.size_pt
            );
            let h = pt * f64::from(size.1) / f64::from(size.0);
            assert!(
                (doc.size_pt.1 - h).abs() < 0.01,
                "{name}: {:?}",
                doc.size_pt
            );
            assert!(svg.len() > 300, "{name}: svg of {} bytes", svg.len());
            let png = fig.png(size).unwrap();
            let img = decode_png(&png);
            assert_eq!(img.dimensions(), size, "{name}");
            // something was drawn: not every pixel is white
            assert!(img.pixels().any(|p| p != [255, 255, 255]), "{name}");
        }
    }
}

/// Decodes the PNG of a matrix picture and checks, cell by cell, that the dark cells
/// are exactly the ones of the permutation matrix (from `matrix::to_dmatrix`).
fn assert_png_cells_match(g: &Perm, fig: &MatrixFigure, size: (u32, u32)) {
    let img = decode_png(&fig.to_png(size).unwrap());
    let l = fig.layout(size, &permlab::figures::Theme::paper());
    assert!(
        l.cell >= 3.0,
        "cells of {} px are too small to test",
        l.cell
    );
    // whole-pixel cells from a whole-pixel corner (the layout rounds them)
    assert_eq!(l.cell.fract(), 0.0);
    let cell = l.cell as i32;
    let m = to_dmatrix::<u8>(g);
    let n = g.degree();
    let mut dark_cells = 0;
    for r in 0..n {
        for c in 0..n {
            // every pixel strictly inside the cell, not only its centre
            let (x0, y0) = (
                (l.x0 + c as f64 * l.cell).ceil() as i32,
                (l.y0 + r as f64 * l.cell).ceil() as i32,
            );
            let inside: Vec<bool> = (1..cell - 1)
                .flat_map(|dy| (1..cell - 1).map(move |dx| (dx, dy)))
                .map(|(dx, dy)| is_dark(img.get_pixel((x0 + dx) as u32, (y0 + dy) as u32)))
                .collect();
            let one = m[(r, c)] == 1;
            assert!(
                inside.iter().all(|&d| d == one),
                "cell ({}, {}) should be {}",
                r + 1,
                c + 1,
                if one { "dark" } else { "light" }
            );
            dark_cells += one as usize;
        }
    }
    assert_eq!(dark_cells, n);
}

#[test]
fn matrix_png_dark_cells_are_exactly_the_ones() {
    for word in ["R", "U2", "R U R' U' R' F R2 U' R' U' R U R' F'"] {
        let g = cube_perm(word);
        let fig = MatrixFigure::of_perm(&g).cube_faces(3).title(word);
        assert_png_cells_match(&g, &fig, (600, 640));
    }
    let g: Perm = "(1,5,2)(3,7)".parse().unwrap();
    let fig = MatrixFigure::of_perm(&g).numbers(true).title("g");
    assert_png_cells_match(&g, &fig, (300, 320));
}

#[test]
fn r_matrix_matches_seed_003() {
    // seed 003: R brings F's right column up to U's right column, U's to B, B's down
    // to D and D's to F: P[i^g, i] = 1 puts the 1 of column 27 (F) in row 9 (U).
    let r = cube_perm("R");
    let fig = MatrixFigure::of_perm(&r);
    for (from, to) in [
        (27, 9),
        (24, 6),
        (21, 3),
        (9, 37),
        (3, 43),
        (37, 54),
        (54, 27),
    ] {
        assert!(fig.is_one(to - 1, from - 1), "P[{to}, {from}] should be 1");
        assert_eq!(r.image(from - 1), to - 1);
    }
    // the L face (stickers 10..18) is fixed: its block is the identity
    assert!((9..18).all(|i| fig.is_one(i, i)));
}

#[test]
fn text_is_drawn_with_the_shipped_font() {
    let g: Perm = "(1,2)".parse().unwrap();
    let size = (300, 340);
    // a blank title takes the same room but draws no glyph
    let plain = decode_png(&MatrixFigure::of_perm(&g).title(" ").to_png(size).unwrap());
    let titled = decode_png(
        &MatrixFigure::of_perm(&g)
            .title("Title")
            .to_png(size)
            .unwrap(),
    );
    let l = MatrixFigure::of_perm(&g)
        .title("Title")
        .layout(size, &permlab::figures::Theme::paper());
    let ink = |img: &Img| {
        (0..l.title_height as u32)
            .flat_map(|y| (0..size.0).map(move |x| (x, y)))
            .filter(|&(x, y)| is_dark(img.get_pixel(x, y)))
            .count()
    };
    assert_eq!(ink(&plain), 0);
    assert!(ink(&titled) > 50, "title glyphs drawn: {}", ink(&titled));
    // SVG names the shipped font, then the generic family
    let svg = MatrixFigure::of_perm(&g)
        .title("Title")
        .to_svg(size)
        .unwrap();
    assert!(svg.contains("font-family=\"DejaVu Sans, sans-serif\""));
    assert!(svg.contains(">Title</text>"));
}

#[test]
fn same_figure_twice_gives_identical_bytes() {
    for (name, fig) in one_of_each() {
        let size = fig.size();
        assert_eq!(fig.svg(size).unwrap(), fig.svg(size).unwrap(), "{name}");
        assert_eq!(fig.png(size).unwrap(), fig.png(size).unwrap(), "{name}");
    }
}

#[test]
fn cube_net_colours_follow_the_stickers() {
    let cube = Puzzle::builtin("cube3").unwrap();
    let g = cube_perm("R");
    let fig = CubeNetFigure::new(3, &g.apply_to_state(&cube.solved())).unwrap();
    // U's right column (3, 6, 9) shows F's green after R; U's centre stays white
    for p in [3, 6, 9] {
        assert_eq!(fig.colour_at(p - 1), FACE_COLOURS[2]);
    }
    assert_eq!(fig.colour_at(4), FACE_COLOURS[0]);
    let solved = CubeNetFigure::new(3, &cube.solved()).unwrap();
    for p in 0..54 {
        assert_eq!(solved.colour_at(p), FACE_COLOURS[p / 9]);
    }
    assert!(CubeNetFigure::new(3, &[0, 1]).is_err());
}

#[test]
fn spiral_path_is_drawn_as_arcs_about_the_block_centres() {
    // seed 000's Spiral from the nrp module: every letter is a block turn, so every
    // step of the path is an arc; the arcs end where the word sends the number
    let b = permlab::nrp::Board::new(6).unwrap();
    let path = permlab::nrp::spiral_path(&b, 0, permlab::nrp::SpiralKind::Plain);
    let fig = BoardFigure::for_puzzle(&b.puzzle, &b.puzzle.solved())
        .unwrap()
        .path_of_letters(&b.puzzle, &path.letters, 0);
    let w = b.word(&path.letters);
    assert_eq!(trajectory(&b.puzzle, &w, 0), path.cells);
    assert_eq!(fig.path_cells(), &path.cells[..]);
    assert!(fig.step_is_arc().iter().all(|&a| a));
    // a Nokia frame shift is not a rotation: straight arrows
    let rect = Puzzle::builtin("nokia-rect").unwrap();
    let fig = BoardFigure::for_puzzle(&rect, &rect.solved())
        .unwrap()
        .path_of_letters(&rect, &[(0, 1), (1, 1)], 0);
    assert_eq!(fig.path_cells(), &[0, 1, 2]);
    assert_eq!(fig.step_is_arc(), vec![false, false]);
}

#[test]
fn trajectory_follows_the_letters() {
    let p = Puzzle::builtin("board:3x3:2").unwrap();
    let w = p.parse_word("A B a").unwrap();
    let path = trajectory(&p, &w, 0);
    // A: 1 -> 2, B: 2 -> 3, a (A^-1) fixes 3
    assert_eq!(path, vec![0, 1, 2, 2]);
    // the end of the path is where the word's permutation sends the start
    assert_eq!(*path.last().unwrap(), p.eval(&w).image(0));
}

#[test]
fn bfs_distribution_counts_every_state_once() {
    // The positions reached are the group's elements: the search module's BFS adds up
    // to the group order from Schreier–Sims (9! for nokia2x2, 8! for turnstyle:8), with
    // one position per distinct generator at distance 1.
    for (spec, total) in [("nokia2x2", 362_880u64), ("turnstyle:8", 40_320)] {
        let p = Puzzle::builtin(spec).unwrap();
        let d = bfs_distribution(&p).unwrap();
        let order = p.group().order();
        assert_eq!(order, total.into(), "{spec}");
        assert_eq!(d.total(), total, "{spec}");
        assert_eq!(d.counts[0], 1);
        let distinct: std::collections::HashSet<_> = p.generator_perms().into_iter().collect();
        assert_eq!(d.counts[1], distinct.len() as u64, "{spec}");
    }
}

fn assert_evcxr(out: &str, what: &str) {
    assert!(out.starts_with("EVCXR_BEGIN_CONTENT text/html\n"), "{what}");
    assert_eq!(
        out.matches("EVCXR_BEGIN_CONTENT text/html\n").count(),
        1,
        "{what}"
    );
    assert_eq!(
        out.matches("EVCXR_BEGIN_CONTENT text/plain\n").count(),
        1,
        "{what}"
    );
    assert_eq!(out.matches("EVCXR_END_CONTENT\n").count(), 2, "{what}");
    assert!(out.ends_with("EVCXR_END_CONTENT\n"), "{what}");
    let html_end = out.find("EVCXR_END_CONTENT").unwrap();
    let html = &out[..html_end];
    assert!(
        html.contains("<svg") && html.contains("</svg>"),
        "{what}: no inline SVG"
    );
}

#[cfg(feature = "evcxr")]
#[test]
fn evcxr_output_of_every_type() {
    let g: Perm = "(1,2,3)(4,5)".parse().unwrap();
    let out = g.evcxr_content();
    assert_evcxr(&out, "Perm");
    assert!(out.contains("<code>(1,2,3)(4,5)</code>"));
    assert!(out.contains("text/plain\n(1,2,3)(4,5)\ndegree 5, order 6, odd, cycle type 3 2\n"));

    let m = PermMatrix::new(&g);
    let out = m.evcxr_content();
    assert_evcxr(&out, "PermMatrix");
    assert!(
        out.contains("5x5 permutation matrix of (1,2,3)(4,5)\n..1..\n1....\n.1...\n....1\n...1.\n")
    );
    assert!(!out.contains("VecStorage"), "no nalgebra storage dump");

    let board = Puzzle::builtin("board:3x3:2").unwrap();
    let out = PuzzleState::after(&board, "A B").unwrap().evcxr_content();
    assert_evcxr(&out, "board state");
    let cube = Puzzle::builtin("cube3").unwrap();
    let out = PuzzleState::after(&cube, "R").unwrap().evcxr_content();
    assert_evcxr(&out, "cube state");
    assert!(out.contains("<rect"));

    let d = DistanceDistribution::new(vec![1, 8, 52, 328, 1996, 11336]);
    let out = d.evcxr_content();
    assert_evcxr(&out, "distribution");
    assert!(out.contains("   total 13721\nEVCXR_END_CONTENT\n"));

    let group = permlab::Puzzle::builtin("cube2").unwrap().group();
    let out = group.evcxr_content();
    assert!(out.starts_with("EVCXR_BEGIN_CONTENT text/html\n<table"));
    assert!(out.contains("text/plain\ndegree: 24\norder: 88179840\n"));
    assert!(out.ends_with("(cycle type 4^3 1^12)\nEVCXR_END_CONTENT\n"));

    for (name, out) in [
        ("MatrixFigure", MatrixFigure::of_perm(&g).evcxr_content()),
        ("CycleFigure", CycleFigure::new(&g).evcxr_content()),
        (
            "HistogramFigure",
            HistogramFigure::new(vec![("d".into(), d.clone())]).evcxr_content(),
        ),
    ] {
        assert_evcxr(&out, name);
    }
}

#[test]
fn html_block_is_the_shared_helper() {
    let out = html_block("<i>x</i>", "x");
    assert_eq!(
        out,
        "EVCXR_BEGIN_CONTENT text/html\n<i>x</i>\nEVCXR_END_CONTENT\nEVCXR_BEGIN_CONTENT text/plain\nx\nEVCXR_END_CONTENT\n"
    );
}

#[test]
fn plain_puzzles_display_as_text_only() {
    let dir = tempdir("plain");
    let path = dir.join("two.gens");
    std::fs::copy("tests/data/figures/two.gens", &path).unwrap();
    let p = Puzzle::load(path.to_str().unwrap()).unwrap();
    let s = PuzzleState::new(&p, &[1, 0, 2]).unwrap();
    assert!(s.figure().is_none());
    assert_eq!(s.to_string(), "2,1,3\n");
    assert!(PuzzleState::new(&p, &[0, 0, 2]).is_err());
}

// ---- command line ----

fn permlab(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_permlab"))
        .args(args)
        .output()
        .expect("permlab runs")
}

fn tempdir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("permlab-figures-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn figure_command_writes_each_kind() {
    let dir = tempdir("cli");
    let out = |f: &str| dir.join(f).to_str().unwrap().to_string();
    let cases: Vec<Vec<String>> = vec![
        vec!["matrix", "cube3", "R U R' U'", "--out", &out("tperm.png")],
        vec![
            "matrix",
            "board:3x3:2",
            "A",
            "--numbers",
            "--out",
            &out("a.svg"),
        ],
        vec![
            "bfs",
            "nokia2x2",
            "--log",
            "--quiet",
            "--out",
            &out("hist.svg"),
        ],
        vec!["board", "board:3x3:2", "A B", "--out", &out("ab.png")],
        vec![
            "board",
            "board:4x5:4",
            "Y X",
            "--path",
            "16",
            "--out",
            &out("path.svg"),
        ],
        vec!["net", "cube3", "R", "--numbers", "--out", &out("net.png")],
        vec![
            "cycles",
            "cube3",
            "R",
            "--style",
            "bar",
            "--out",
            &out("cyc.svg"),
        ],
        vec![
            "hist",
            "--series",
            "a=1,2,3",
            "--series",
            "b=1,3",
            "--out",
            &out("h.png"),
        ],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(String::from).collect())
    .collect();
    for case in &cases {
        let mut args = vec!["figure"];
        args.extend(case.iter().map(String::as_str));
        args.extend(["--size", "400x300", "--json"]);
        let o = permlab(&args);
        assert!(
            o.status.success(),
            "{case:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let path = v["out"].as_str().unwrap();
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(v["bytes"].as_u64().unwrap(), bytes.len() as u64);
        assert_eq!(
            (v["width"].as_u64(), v["height"].as_u64()),
            (Some(400), Some(300))
        );
        if path.ends_with(".png") {
            assert_eq!(decode_png(&bytes).dimensions(), (400, 300));
        } else {
            assert!(bytes.starts_with(b"<svg"));
        }
    }
}

#[test]
fn figure_command_errors_are_one_line() {
    let dir = tempdir("err");
    let bad = dir.join("x.gif");
    for (args, needle) in [
        (
            vec![
                "figure",
                "matrix",
                "cube3",
                "R",
                "--out",
                bad.to_str().unwrap(),
            ],
            "must end in .svg, .png, .pdf or .tex",
        ),
        (
            vec!["figure", "matrix", "cube3", "R Q", "--out", "x.svg"],
            "unknown move \"Q\"",
        ),
        (
            vec!["figure", "net", "board:3x3:2", "A", "--out", "x.svg"],
            "is not a cube",
        ),
        (
            vec!["figure", "board", "cube3", "R", "--out", "x.svg"],
            "is not a board",
        ),
        (
            vec![
                "figure", "matrix", "cube3", "R", "--out", "x.svg", "--size", "0x3",
            ],
            "--size",
        ),
        (
            vec![
                "figure",
                "board",
                "board:3x3:2",
                "A",
                "--path",
                "10",
                "--out",
                "x.svg",
            ],
            "--path 10",
        ),
        (
            vec!["figure", "hist", "--series", "a=1,x", "--out", "x.svg"],
            "count 2",
        ),
        (
            vec![
                "figure",
                "bfs",
                "turnstyle:12",
                "--up-to-rotation",
                "--max-memory",
                "1M",
                "--out",
                "x.svg",
            ],
            "--max-memory",
        ),
        (
            vec!["figure", "bfs", "cube3", "--out", "x.svg"],
            "more than 2^64 states",
        ),
    ] {
        let o = permlab(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("permlab: error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
    }
    assert!(!Path::new("x.svg").exists());
}

#[test]
fn figures_command_is_deterministic() {
    let (a, b) = (tempdir("gallery-a"), tempdir("gallery-b"));
    for d in [&a, &b] {
        let o = permlab(&["figures", "--dir", d.to_str().unwrap(), "--json"]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let names: Vec<&str> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, gallery_names());
    }
    for name in gallery_names() {
        for ext in ["svg", "png", "pdf"] {
            let f = format!("{name}.{ext}");
            let (x, y) = (
                std::fs::read(a.join(&f)).unwrap(),
                std::fs::read(b.join(&f)).unwrap(),
            );
            assert!(x.len() > 300, "{f}");
            assert_eq!(x, y, "{f} differs between two runs");
        }
    }
    let index = std::fs::read_to_string(a.join("INDEX.md")).unwrap();
    assert_eq!(index, std::fs::read_to_string(b.join("INDEX.md")).unwrap());
    for name in gallery_names() {
        assert!(
            index.contains(&format!("| [{name}.svg]({name}.svg) | "))
                && index.contains(&format!(" | [{name}.pdf]({name}.pdf) |\n")),
            "{name}"
        );
    }
}

#[test]
fn committed_gallery_is_current() {
    // figures/ holds what `permlab figures` writes today, byte for byte (run
    // `target/release/permlab figures --dir figures` after changing a figure)
    let dir = tempdir("gallery-committed");
    let o = permlab(&["figures", "--dir", dir.to_str().unwrap(), "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("figures");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3 * gallery_names().len() + 1, "{names:?}");
    for f in &names {
        let fresh = std::fs::read(dir.join(f)).unwrap();
        let old = std::fs::read(committed.join(f))
            .unwrap_or_else(|_| panic!("figures/{f} is missing: regenerate figures/"));
        assert!(fresh == old, "figures/{f} is stale: regenerate figures/");
    }
}

#[test]
fn long_titles_shrink_or_wrap_inside_the_canvas() {
    use permlab::figures::text::label_width;
    use permlab::figures::title_layout;
    let title = "The permutation matrix of the T-perm R U R' U' R' F R2 U' R' U' R U R' F' \
                 on the 54 stickers of cube3";
    let size = (400u32, 440u32);
    let t = title_layout(f64::from(size.0), title, &permlab::figures::Theme::paper());
    assert!(t.lines.len() > 1, "{t:?}");
    assert_eq!(t.lines.join(" "), title);
    for line in &t.lines {
        assert!(label_width(line, t.em) <= 0.94 * size.0 as f64, "{line}");
    }
    let fig = MatrixFigure::of_perm(&cube_perm("R U R' U' R' F R2 U' R' U' R U R' F'"))
        .cube_faces(3)
        .title(title);
    // the drawing starts below the title band
    let l = fig.layout(size, &permlab::figures::Theme::paper());
    assert_eq!(l.title_height, t.height);
    assert!(l.y0 > t.height);
    let img = decode_png(&fig.to_png(size).unwrap());
    // the title's ink stays off the canvas edges and inside its band
    let ink_rows: Vec<u32> = (0..size.1)
        .filter(|&y| (0..size.0).any(|x| is_dark(img.get_pixel(x, y))))
        .collect();
    assert!(ink_rows[0] > 0);
    for y in 0..t.height as u32 {
        assert!(!is_dark(img.get_pixel(0, y)) && !is_dark(img.get_pixel(size.0 - 1, y)));
    }
    let band_ink = (0..t.height as u32)
        .filter(|&y| (0..size.0).any(|x| is_dark(img.get_pixel(x, y))))
        .count();
    assert!(band_ink > 0, "the title is drawn in its band");
}

#[test]
fn numbers_are_drawn_with_face_labels() {
    let count = |svg: &str, t: &str| svg.matches(&format!(">{t}</text>")).count();
    let size = (540, 580);
    let r = cube_perm("R");
    let faces = MatrixFigure::of_perm(&r).cube_faces(3).move_captions();
    let both = faces.clone().numbers(true);
    let svg = both.to_svg(size).unwrap();
    // every face name on both axes, and the numbers 1 and 50 on both axes
    for face in ["U", "L", "F", "R", "B", "D"] {
        assert_eq!(count(&svg, face), 2, "{face}");
    }
    assert_eq!(count(&svg, "1"), 2);
    assert_eq!(count(&svg, "50"), 2);
    assert_eq!(count(&faces.to_svg(size).unwrap(), "1"), 0);
    // the numbers lie below the grid (columns) and right of it (rows)
    let l = both.layout(size, &permlab::figures::Theme::paper());
    let (right, bottom) = (l.x0 + 54.0 * l.cell, l.y0 + 54.0 * l.cell);
    let fifties: Vec<(f64, f64)> = crate::svg::parse(&svg)
        .texts
        .iter()
        .filter(|t| t.text() == "50")
        .map(|t| (t.runs[0].x, t.runs[0].y))
        .collect();
    assert_eq!(fifties.len(), 2);
    assert!(
        fifties.iter().any(|&(x, y)| y >= bottom && x < right),
        "{fifties:?}"
    );
    assert!(
        fifties.iter().any(|&(x, y)| x >= right && y < bottom),
        "{fifties:?}"
    );
}
