//! The notebook display (`permlab::display`, feature `evcxr`): every displayed value
//! sends one MIME bundle that evcxr can parse back; figures carry SVG and PNG equal to
//! the figure drawn with the notebook theme and no `text/latex` (exporters would prefer
//! it to the picture); tables and proofs carry `text/latex`.

use permlab::display::{base64, html_block, MimeBundle, PermMatrix, PuzzleState};
use permlab::figures::cube_net::CubeNetFigure;
use permlab::figures::cycles::CycleFigure;
use permlab::figures::histogram::{DistanceDistribution, HistogramFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::figures::{DynFigure, Panels, Theme};
use permlab::{Perm, Puzzle};

/// Parses evcxr content blocks the way evcxr 0.22 does (`eval_context.rs`): a line
/// `EVCXR_BEGIN_CONTENT <mime>`, then the body's lines up to `EVCXR_END_CONTENT`,
/// joined with `\n`; a later block of the same type replaces an earlier one.
fn parse_evcxr(out: &str) -> Vec<(String, String)> {
    let mut parts: Vec<(String, String)> = Vec::new();
    let mut lines = out.lines();
    while let Some(line) = lines.next() {
        let mime = line
            .strip_prefix("EVCXR_BEGIN_CONTENT ")
            .unwrap_or_else(|| panic!("text outside a block: {line:?}"));
        let mut body: Vec<&str> = Vec::new();
        loop {
            let l = lines.next().expect("an unterminated block");
            if l == "EVCXR_END_CONTENT" {
                break;
            }
            assert!(!l.starts_with("EVCXR_BEGIN_CONTENT"), "a nested block");
            body.push(l);
        }
        parts.retain(|(m, _)| m != mime);
        parts.push((mime.to_string(), body.join("\n")));
    }
    parts
}

/// Standard base64 decoding, written independently of the encoder under test.
fn decode_base64(s: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a') as u32 + 26,
            b'0'..=b'9' => (c - b'0') as u32 + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not a base64 digit: {c}"),
        }
    };
    assert_eq!(s.len() % 4, 0, "base64 comes in groups of four");
    let mut out = Vec::new();
    for group in s.as_bytes().chunks(4) {
        let pad = group.iter().filter(|&&c| c == b'=').count();
        let mut n = 0u32;
        for &c in &group[..4 - pad] {
            n = (n << 6) | value(c);
        }
        n <<= 6 * pad;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    out
}

/// Checks a bundle: its evcxr text parses back to exactly the bundle, with the given
/// MIME types (as a set).
fn assert_bundle(b: &MimeBundle, mimes: &[&str], what: &str) {
    let parsed = parse_evcxr(&b.to_evcxr());
    let expected: Vec<(String, String)> = b
        .mime_types()
        .iter()
        .map(|m| (m.to_string(), b.get(m).unwrap().to_string()))
        .collect();
    assert_eq!(parsed, expected, "{what}: evcxr parses back what was sent");
    let mut got = b.mime_types();
    got.sort_unstable();
    let mut want = mimes.to_vec();
    want.sort_unstable();
    assert_eq!(got, want, "{what}");
}

/// Checks that a figure bundle's images are the figure drawn with the notebook theme.
fn assert_images(b: &MimeBundle, fig: &dyn DynFigure, what: &str) {
    let themed = fig.with_theme(Theme::notebook());
    let size = themed.size();
    let png = decode_base64(b.get("image/png").unwrap());
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{what}: a PNG file");
    assert_eq!(png, themed.png(size).unwrap(), "{what}: the PNG drawn");
    assert_eq!(
        b.get("image/svg+xml").unwrap(),
        themed.svg(size).unwrap(),
        "{what}: the SVG drawn"
    );
}

const FIGURE: [&str; 3] = ["image/svg+xml", "image/png", "text/plain"];
const FIGURE_HTML: [&str; 4] = ["image/svg+xml", "image/png", "text/html", "text/plain"];
const TABLE: [&str; 3] = ["text/html", "text/latex", "text/plain"];

#[test]
fn base64_round_trips_every_length_and_byte() {
    let bytes: Vec<u8> = (0..=255u8).chain((0..=255u8).rev()).collect();
    for n in 0..bytes.len() {
        let enc = base64(&bytes[..n]);
        assert_eq!(enc.len(), n.div_ceil(3) * 4);
        assert_eq!(decode_base64(&enc), &bytes[..n], "length {n}");
    }
}

#[test]
fn figures_send_svg_png_and_text_without_latex() {
    let g: Perm = "(1,2,3)(4,5)".parse().unwrap();
    let d = DistanceDistribution::new(vec![1, 8, 52, 328, 1996, 11336]);
    let cube = Puzzle::builtin("cube3").unwrap();
    let matrix = MatrixFigure::of_perm(&g);
    let cycles = CycleFigure::new(&g);
    let histogram = HistogramFigure::new(vec![("d".into(), d)]);
    let net = CubeNetFigure::new(3, &cube.solved()).unwrap();
    let panels = Panels::new(vec![matrix.clone(), MatrixFigure::of_perm(&g.inverse())], 2);
    let cases: Vec<(&str, MimeBundle, &dyn DynFigure)> = vec![
        ("matrix", matrix.evcxr_bundle(), &matrix),
        ("cycles", cycles.evcxr_bundle(), &cycles),
        ("histogram", histogram.evcxr_bundle(), &histogram),
        ("cube net", net.evcxr_bundle(), &net),
        ("panels", panels.evcxr_bundle(), &panels),
    ];
    assert_eq!(panels.evcxr_content(), panels.evcxr_bundle().to_evcxr());
    for (kind, b, fig) in cases {
        assert_bundle(&b, &FIGURE, kind);
        assert_images(&b, fig, kind);
        let (w, h) = fig.with_theme(Theme::notebook()).size();
        assert_eq!(
            b.get("text/plain").unwrap(),
            format!("permlab {kind} figure, {w}x{h} pixels")
        );
    }
}

#[test]
fn values_with_pictures_send_html_svg_png_and_text() {
    let g: Perm = "(1,2,3)(4,5)".parse().unwrap();
    let b = g.evcxr_bundle();
    assert_bundle(&b, &FIGURE_HTML, "Perm");
    assert_images(&b, &CycleFigure::new(&g), "Perm");
    assert!(b
        .get("text/html")
        .unwrap()
        .contains("<code>(1,2,3)(4,5)</code>"));
    assert_eq!(
        b.get("text/plain").unwrap(),
        "(1,2,3)(4,5)\ndegree 5, order 6, odd, cycle type 3 2"
    );
    assert_eq!(g.evcxr_content(), b.to_evcxr());
    // the identity has no picture
    let e = Perm::identity(4);
    assert_bundle(&e.evcxr_bundle(), &["text/html", "text/plain"], "identity");

    let m = PermMatrix::new(&g);
    let b = m.evcxr_bundle();
    assert_bundle(&b, &FIGURE_HTML, "PermMatrix");
    assert_images(&b, &m.figure(), "PermMatrix");
    assert_eq!(
        b.get("text/plain").unwrap(),
        "5x5 permutation matrix of (1,2,3)(4,5)\n..1..\n1....\n.1...\n....1\n...1."
    );
    assert!(b
        .get("text/html")
        .unwrap()
        .contains("<code>5x5 permutation matrix of (1,2,3)(4,5)</code>"));

    let d = DistanceDistribution::new(vec![1, 8, 52, 328, 1996, 11336]);
    let b = d.evcxr_bundle();
    assert_bundle(&b, &FIGURE_HTML, "distribution");
    assert_eq!(b.get("text/plain").unwrap(), d.to_string());
    assert!(b.get("text/plain").unwrap().ends_with("   total 13721"));

    let board = Puzzle::builtin("board:3x3:2").unwrap();
    let s = PuzzleState::after(&board, "A B").unwrap();
    let b = s.evcxr_bundle();
    assert_bundle(&b, &FIGURE, "board state");
    assert_images(&b, s.figure().unwrap().as_ref(), "board state");
    let cube = Puzzle::builtin("cube3").unwrap();
    let b = PuzzleState::after(&cube, "R").unwrap().evcxr_bundle();
    assert_bundle(&b, &FIGURE, "cube state");
    assert!(b.get("image/svg+xml").unwrap().contains("<rect"));
}

#[test]
fn plain_puzzles_display_as_text_only() {
    let p = Puzzle::load("tests/data/figures/two.gens").unwrap();
    let s = PuzzleState::new(&p, &[1, 0, 2]).unwrap();
    assert!(s.figure().is_none());
    assert_eq!(s.to_string(), "2,1,3\n");
    assert!(PuzzleState::new(&p, &[0, 0, 2]).is_err());
    let b = s.evcxr_bundle();
    assert_bundle(&b, &["text/html", "text/plain"], "plain puzzle");
    assert_eq!(b.get("text/plain").unwrap(), "2,1,3\n2,1,3");
}

#[test]
fn tables_and_proofs_send_latex() {
    let group = Puzzle::builtin("cube2").unwrap().group();
    let b = group.evcxr_bundle();
    assert_bundle(&b, &TABLE, "group");
    assert!(b.get("text/html").unwrap().starts_with("<table"));
    assert!(b
        .get("text/plain")
        .unwrap()
        .starts_with("degree: 24\norder: 88179840\n"));
    let latex = b.get("text/latex").unwrap();
    assert!(latex.starts_with("\\begin{tabular}") && latex.ends_with("\\end{tabular}"));
    // one LaTeX row per summary row, plus the (empty) header
    assert_eq!(
        latex.matches(" \\\\\n").count(),
        group.summary_rows().len() + 1
    );
    assert!(latex.contains("order & 88179840 \\\\\n"), "{latex}");

    let p = Puzzle::builtin("board:2x3:2").unwrap();
    let proof = permlab::proof::prove(&p, &permlab::proof::Claim::Order(120u32.into()));
    assert!(proof.holds);
    let b = proof.evcxr_bundle();
    assert_bundle(&b, &TABLE, "proof");
    assert_eq!(
        b.get("text/latex").unwrap(),
        proof.render(permlab::proof::Format::Latex).trim_end()
    );
    assert_eq!(
        b.get("text/plain").unwrap(),
        proof.render(permlab::proof::Format::Text)
    );

    let report = permlab::reproduce::run(
        &permlab::reproduce::Options {
            quick: true,
            only: Some("s002-transposition-word".into()),
        },
        |_| {},
    );
    let b = report.evcxr_bundle();
    assert_bundle(&b, &TABLE, "report");
    assert!(b
        .get("text/html")
        .unwrap()
        .contains("<td><b>holds</b></td>"));
    let latex = b.get("text/latex").unwrap();
    assert_eq!(
        latex.matches(" \\\\\n").count(),
        report.records.len() + 1,
        "{latex}"
    );
    assert!(latex.ends_with(&report.summary()), "{latex}");
    assert_eq!(b.get("text/plain").unwrap(), report.to_table());
}

#[test]
fn html_block_is_the_shared_helper() {
    let out = html_block("<i>x</i>", "x");
    assert_eq!(
        out,
        "EVCXR_BEGIN_CONTENT text/html\n<i>x</i>\nEVCXR_END_CONTENT\nEVCXR_BEGIN_CONTENT text/plain\nx\nEVCXR_END_CONTENT\n"
    );
}
