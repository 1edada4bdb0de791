//! Issue 38, items 1 and 2: text set correctly in SVG, PDF and PNG (an exponent
//! starts where its base ends, the next text where the exponent ends), and the
//! publication theme: no title unless asked, ticks as powers of ten or with thousands
//! separators, labels clear of markers, circles as circles, arrows ending on node
//! boundaries, every text at least 7 pt at the printed width.
//!
//! The measurements are taken from the documents written (the SVG read by
//! `svg::parse`, the PDF by poppler's `pdftotext -bbox`, the PNG decoded), not from
//! the layout code.

use crate::common::permlab;
use crate::svg::{self, hex, overlap, Doc};
use crate::tools::{require, tempdir};
use permlab::figures::board::BoardFigure;
use permlab::figures::cycletype::CycleTypeFigure;
use permlab::figures::gallery::gallery;
use permlab::figures::spectrum::SpectrumFigure;
use permlab::figures::text::text_width;
use permlab::figures::theme::{Theme, MIN_TEXT_PT};
use permlab::figures::{decode_png, palette, DynFigure, Figure};
use permlab::{Perm, Puzzle};
use std::process::Command;

fn cube_perm(word: &str) -> Perm {
    let cube = Puzzle::builtin("cube3").unwrap();
    cube.eval(&cube.parse_word(word).unwrap())
}

/// The cycle type of R U on cube3 with its title: the "15 7^2 3 1^22".
fn cycle_type_ru() -> CycleTypeFigure {
    CycleTypeFigure::new(&cube_perm("R U")).title("R U")
}

/// The text element holding `needle` in its runs' concatenation.
fn text_with<'a>(doc: &'a Doc, needle: &str) -> &'a svg::Text {
    doc.texts
        .iter()
        .find(|t| t.text().contains(needle))
        .unwrap_or_else(|| panic!("no text contains {needle:?}"))
}

/// The SVG writes coordinates with two decimals.
const ROUNDING: f64 = 0.011;

#[test]
fn a_superscript_starts_after_its_base_and_the_next_run_after_it() {
    let doc = svg::parse(&cycle_type_ru().to_svg((560, 260)).unwrap());
    let t = text_with(&doc, "cycle type");
    let texts: Vec<&str> = t.runs.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["R U: cycle type 15 7", "2", " 3 1", "22"]);
    for pair in t.runs.windows(2) {
        let advance = text_width(&pair[0].text, pair[0].size);
        // the font size is rounded too: its error scales the advance
        let tolerance = 2.0 * ROUNDING + advance * ROUNDING / pair[0].size;
        assert!(
            (pair[1].x - (pair[0].x + advance)).abs() < tolerance,
            "{:?} starts at {}, its predecessor ends at {}",
            pair[1].text,
            pair[1].x,
            pair[0].x + advance
        );
    }
    let (base, sup) = (&t.runs[0], &t.runs[1]);
    // the exponents are smaller and raised; the text after them is back on the line
    assert!(sup.size < base.size && sup.y < base.y - 0.3 * base.size);
    assert_eq!(t.runs[2].y, base.y);
    assert_eq!(t.runs[2].size, base.size);
    assert!(t.runs[3].y == sup.y && t.runs[3].size == sup.size);
    // the space after an exponent is kept
    assert!(t.runs[2].text.starts_with(' '));

    // the board's caption: "p → p" then the exponent "g", then " for each …"
    let p = Puzzle::builtin("nokia2x2").unwrap();
    let g = p.eval(&p.parse_word("A B").unwrap());
    let fig = BoardFigure::for_puzzle(&p, &g.apply_to_state(&p.solved()))
        .unwrap()
        .arrows_of(&g);
    let doc = svg::parse(&fig.to_svg(fig.default_size()).unwrap());
    let t = text_with(&doc, "for each position");
    assert_eq!(t.runs[1].text, "g");
    assert!(t.runs[2].text.starts_with(" for each"));
    let end = t.runs[1].x + text_width("g", t.runs[1].size);
    assert!((t.runs[2].x - end).abs() < 3.0 * ROUNDING);
}

/// Words of a PDF page with their boxes (xMin, yMin, xMax, yMax in points), from
/// `pdftotext -bbox`.
fn pdf_words(pdf: &[u8], tag: &str) -> Vec<(String, [f64; 4])> {
    let dir = tempdir(tag);
    let path = dir.join("f.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext")
        .args(["-bbox"])
        .arg(&path)
        .arg("-")
        .output()
        .unwrap();
    assert!(out.status.success());
    let html = String::from_utf8(out.stdout).unwrap();
    html.lines()
        .filter(|l| l.trim_start().starts_with("<word"))
        .map(|l| {
            let n = |k: &str| svg::attr(l, k).unwrap().parse::<f64>().unwrap();
            let text = &l[l.find('>').unwrap() + 1..l.rfind("</word>").unwrap()];
            (
                text.to_string(),
                [n("xMin"), n("yMin"), n("xMax"), n("yMax")],
            )
        })
        .collect()
}

#[test]
fn the_pdf_sets_exponents_as_runs_of_their_own() {
    if !require("pdftotext", "the_pdf_sets_exponents_as_runs_of_their_own") {
        return;
    }
    let fig = cycle_type_ru();
    let words = pdf_words(&fig.to_pdf((560, 260)).unwrap(), "pdf-runs");
    // the PDF's text reads as the SVG's runs, each a word of its own size: "7" then
    // the raised, smaller "2", then "3", "1" and the raised "22"
    let find = |t: &str, after: f64| {
        words
            .iter()
            .find(|(w, b)| w == t && b[0] >= after - 0.05)
            .unwrap_or_else(|| panic!("no word {t:?} after x = {after} in {words:?}"))
            .1
    };
    let seven = find("7", 0.0);
    let two = find("2", seven[2]);
    let three = find("3", two[2]);
    let twentytwo = find("22", three[2]);
    let height = |b: [f64; 4]| b[3] - b[1];
    assert!(height(two) < height(seven) * 0.85, "{two:?} {seven:?}");
    assert!(
        two[3] < seven[3] - 1.0,
        "the exponent sits higher: {two:?} {seven:?}"
    );
    assert!(
        two[0] >= seven[2] - 0.05,
        "the exponent starts after its base"
    );
    assert!(
        three[0] >= two[2],
        "the next number starts after the exponent"
    );
    assert!(height(twentytwo) < height(three) * 0.85);
}

/// The columns (x) holding ink (a pixel darker than 160) in rows `y0..y1`.
fn ink_columns(rgb: &[u8], w: u32, (x0, x1): (u32, u32), (y0, y1): (u32, u32)) -> Vec<u32> {
    (x0..x1)
        .filter(|&x| (y0..y1).any(|y| rgb[3 * (y * w + x) as usize] < 160))
        .collect()
}

#[test]
fn the_png_shows_the_svgs_runs_where_the_svg_puts_them() {
    // rendered at twice the drawing's size: every SVG pixel is two PNG pixels
    let fig = cycle_type_ru();
    let size = (560, 260);
    let doc = svg::parse(&fig.to_svg(size).unwrap());
    let (w, h, rgb) = decode_png(
        &permlab::figures::raster::svg_to_png(&fig.to_svg(size).unwrap(), (1120, 520)).unwrap(),
    )
    .unwrap();
    assert_eq!((w, h), (1120, 520));
    let t = text_with(&doc, "cycle type");
    let s = 2.0;
    let band = |r: &svg::Run| {
        (
            ((r.y - 0.8 * r.size) * s).max(0.0) as u32,
            ((r.y + 0.25 * r.size) * s) as u32,
        )
    };
    for r in &t.runs {
        let x0 = (r.x * s) as u32;
        let x1 = ((r.x + text_width(&r.text, r.size)) * s).ceil() as u32;
        let ink = ink_columns(&rgb, w, (x0, x1), band(r));
        assert!(!ink.is_empty(), "run {:?} has ink in its box", r.text);
    }
    // the exponent's ink: right of its base's ink, and above the base's baseline
    let (base, sup) = (&t.runs[0], &t.runs[1]);
    let base_ink = ink_columns(
        &rgb,
        w,
        ((base.x * s) as u32, ((sup.x) * s) as u32),
        band(base),
    );
    let sup_x1 = ((sup.x + text_width(&sup.text, sup.size)) * s).ceil() as u32;
    let sup_ink = ink_columns(&rgb, w, ((sup.x * s) as u32, sup_x1), band(sup));
    assert!(sup_ink[0] > *base_ink.last().unwrap(), "{sup_ink:?}");
    let rows_with_ink = |x0: u32, x1: u32| -> Vec<u32> {
        (0..h)
            .filter(|&y| (x0..x1).any(|x| rgb[3 * (y * w + x) as usize] < 160))
            .collect()
    };
    let sup_rows = rows_with_ink(sup_ink[0], *sup_ink.last().unwrap() + 1);
    let sup_rows: Vec<u32> = sup_rows
        .into_iter()
        .filter(|&y| (y as f64) < base.y * s + 4.0)
        .collect();
    assert!(
        (*sup_rows.last().unwrap() as f64) < (base.y - 0.25 * base.size) * s,
        "the exponent's ink ends well above the baseline: {sup_rows:?}, baseline {}",
        base.y * s
    );
}

#[test]
fn the_spectrum_draws_a_true_circle_and_clear_labels() {
    let g = cube_perm("R U R' U' R' F R2 U' R' U' R U R' F'");
    let points: Vec<_> = permlab::linalg::spectrum::permutation_eigenvalues(&g)
        .into_iter()
        .map(|(r, m)| (r.value(), m))
        .collect();
    let fig = SpectrumFigure::new(points).title("T-perm");
    let size = fig.default_size();
    let svg_text = fig.to_svg(size).unwrap();
    let doc = svg::parse(&svg_text);
    // the unit circle is one <circle>, not a polygon
    let ring: Vec<_> = doc
        .circles
        .iter()
        .filter(|c| c.fill == "none" && c.stroke.is_some())
        .collect();
    assert_eq!(ring.len(), 1);
    let ring = ring[0];
    let dots: Vec<_> = doc
        .circles
        .iter()
        .filter(|c| c.fill == hex(palette::SERIES[0]))
        .collect();
    // the T-perm's eigenvalues: 1 (multiplicity 49) and -1 (5), on the circle
    assert_eq!(dots.len(), 2);
    for d in &dots {
        let dist = ((d.cx - ring.cx).powi(2) + (d.cy - ring.cy).powi(2)).sqrt();
        assert!(
            (dist - ring.r).abs() < 0.02,
            "a root of unity lies on the circle"
        );
    }
    // each multiplicity's box keeps off every dot and off the circle's line
    for label in ["×49", "×5"] {
        let b = text_with(&doc, label).bbox();
        for d in &dots {
            assert!(
                !overlap(b, (d.cx - d.r, d.cy - d.r, d.cx + d.r, d.cy + d.r)),
                "{label}"
            );
        }
        // the box's nearest point to the centre lies outside the ring
        let nx = ring.cx.clamp(b.0, b.2);
        let ny = ring.cy.clamp(b.1, b.3);
        assert!(
            ((nx - ring.cx).powi(2) + (ny - ring.cy).powi(2)).sqrt() > ring.r,
            "{label}"
        );
    }
    // the PNG shows the circle: grey ink at the ring's radius in every direction
    let (w, _, rgb) = decode_png(&fig.to_png(size).unwrap()).unwrap();
    for deg in (0..360).step_by(7) {
        let a = (deg as f64).to_radians();
        let (x, y) = (ring.cx + ring.r * a.cos(), ring.cy + ring.r * a.sin());
        let near = (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .any(|(dx, dy)| {
                let (px, py) = (
                    (x.round() as i64 + dx) as u32,
                    (y.round() as i64 + dy) as u32,
                );
                rgb[3 * (py * w + px) as usize] < 235
            });
        assert!(near, "no ink on the circle at {deg} degrees");
    }
}

/// The figures the gallery draws under the paper theme and every kind of the
/// `figure` command at its defaults, single and double column, as SVG documents.
fn printed_svgs() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for it in gallery(&Theme::paper()).unwrap() {
        let f: &dyn DynFigure = it.figure.as_ref();
        out.push((it.name.clone(), f.svg(f.size()).unwrap()));
    }
    let dir = tempdir("printed");
    let kinds: [&[&str]; 13] = [
        &["matrix", "cube3", "R", "--numbers"],
        &["board", "board:4x5:4", "Y X", "--path", "16"],
        &["net", "cube3", "R", "--numbers"],
        &["cycles", "cube3", "R U"],
        &["bfs", "nokia2x2", "--quiet"],
        &["distributions", "floppy", "ivy", "--quiet"],
        &["schreier", "cube2"],
        &["cycletype", "cube3", "R U", "--title", "R U"],
        &["blocks", "cube3"],
        &["spectrum", "cube3", "R U"],
        &["orbitals", "cube2"],
        &["mixing", "--puzzle", "rotation3", "--steps", "12"],
        &["hist", "--series", "a=1,20000,3", "--series", "b=1,3"],
    ];
    for kind in kinds {
        for width in ["single", "double"] {
            let path = dir.join(format!("{}-{width}.svg", kind[0]));
            let mut args = vec!["figure"];
            args.extend(kind);
            args.extend(["--width", width, "--out", path.to_str().unwrap()]);
            let (code, _, err) = permlab(&args);
            assert_eq!(code, 0, "{args:?}: {err}");
            out.push((
                format!("{} --width {width}", kind.join(" ")),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
    out
}

#[test]
fn every_text_is_at_least_7_pt_at_the_printed_width() {
    for (name, svg_text) in printed_svgs() {
        let doc = svg::parse(&svg_text);
        assert!(
            !doc.texts.is_empty() || name.starts_with("matrix"),
            "{name}"
        );
        for t in &doc.texts {
            let pt = t.min_size() * doc.pt_per_px();
            // the SVG's sizes carry two decimals
            assert!(
                pt >= MIN_TEXT_PT - 0.01,
                "{name}: {:?} is {pt:.2} pt at {:.1} pt wide",
                t.text(),
                doc.size_pt.0
            );
        }
    }
}

/// The font size of every line of text in a PDF, from `mutool draw -F stext`
/// (MuPDF's structured text: each line's font and size, whatever its direction).
fn pdf_font_sizes(pdf: &[u8], tag: &str) -> Vec<(f64, String)> {
    let dir = tempdir(tag);
    let path = dir.join("f.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("mutool")
        .args(["draw", "-F", "stext", "-o", "-"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let xml = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut sizes = Vec::new();
    for font in xml.split("<font ").skip(1) {
        let size: f64 = svg::attr(&format!(" {font}"), "size")
            .unwrap()
            .parse()
            .unwrap();
        let chars: String = font
            .split(" c=\"")
            .skip(1)
            .map(|c| c.split('"').next().unwrap().to_string())
            .collect();
        sizes.push((size, chars));
    }
    sizes
}

#[test]
fn every_text_of_the_gallery_pdfs_is_at_least_7_pt() {
    if !require("mutool", "every_text_of_the_gallery_pdfs_is_at_least_7_pt") {
        return;
    }
    let mut runs = 0;
    for it in gallery(&Theme::paper()).unwrap() {
        let f: &dyn DynFigure = it.figure.as_ref();
        let pdf = f.pdf(f.size()).unwrap();
        for (size, text) in pdf_font_sizes(&pdf, &format!("pdf-7pt-{}", it.name)) {
            assert!(
                size >= MIN_TEXT_PT - 0.01,
                "{}: {text:?} is {size:.2} pt",
                it.name
            );
            runs += 1;
        }
    }
    assert!(runs > 300, "{runs} runs of text");
}

/// A filled marker in a series colour: a bar (rect) or a dot (circle).
enum Marker {
    Bar((f64, f64, f64, f64)),
    Dot((f64, f64), f64),
}

impl Marker {
    /// Whether the marker and a box overlap.
    fn meets(&self, b: (f64, f64, f64, f64)) -> bool {
        match *self {
            Marker::Bar(r) => overlap(b, r),
            Marker::Dot((cx, cy), r) => {
                // the box's point nearest the centre
                let (nx, ny) = (cx.clamp(b.0, b.2), cy.clamp(b.1, b.3));
                (nx - cx).powi(2) + (ny - cy).powi(2) < r * r
            }
        }
    }
}

fn markers(doc: &Doc) -> Vec<Marker> {
    let series: Vec<String> = palette::SERIES.iter().map(|&c| hex(c)).collect();
    let mut out: Vec<Marker> = doc
        .rects
        .iter()
        .filter(|r| series.contains(&r.fill))
        .map(|r| Marker::Bar((r.x, r.y, r.x + r.w, r.y + r.h)))
        .collect();
    out.extend(
        doc.circles
            .iter()
            .filter(|c| series.contains(&c.fill))
            .map(|c| Marker::Dot((c.cx, c.cy), c.r)),
    );
    out
}

#[test]
fn labels_never_overlap_markers() {
    let mut checked = 0;
    for (name, svg_text) in printed_svgs() {
        let doc = svg::parse(&svg_text);
        let marks = markers(&doc);
        for t in &doc.texts {
            let b = t.bbox();
            for m in &marks {
                assert!(
                    !m.meets(b),
                    "{name}: {:?} at {b:?} overlaps a marker",
                    t.text()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked} label/marker pairs");
}

#[test]
fn ticks_read_as_powers_of_ten_or_with_thousands_separators() {
    let gallery = gallery(&Theme::paper()).unwrap();
    let svg_of = |name: &str| {
        let it = gallery.iter().find(|i| i.name == name).unwrap();
        let f: &dyn DynFigure = it.figure.as_ref();
        svg::parse(&f.svg(f.size()).unwrap())
    };
    let doc = svg_of("bfs-nokia2x2-log");
    let all: Vec<String> = doc.texts.iter().map(|t| t.text()).collect();
    // the decades from 10^4 on as 10 with a raised exponent, never "1e5"
    for k in [4, 5] {
        let t = doc
            .texts
            .iter()
            .find(|t| {
                t.runs.len() == 2 && t.runs[0].text == "10" && t.runs[1].text == k.to_string()
            })
            .unwrap_or_else(|| panic!("no tick 10^{k} in {all:?}"));
        assert!(t.runs[1].y < t.runs[0].y);
    }
    assert!(
        all.iter().all(|t| !t.contains("e4") && !t.contains("e5")),
        "{all:?}"
    );
    // the counts over the bars with thousands separators
    assert!(all.contains(&"130,042".to_string()), "{all:?}");
    // a linear count axis
    let d = permlab::figures::histogram::HistogramFigure::new(vec![(
        "a".into(),
        permlab::search::DistanceDistribution::new(vec![1, 70_000, 140_000]),
    )]);
    let doc = svg::parse(&d.to_svg(d.default_size()).unwrap());
    let all: Vec<String> = doc.texts.iter().map(|t| t.text()).collect();
    assert!(all.contains(&"100,000".to_string()), "{all:?}");
}

#[test]
fn the_paper_theme_draws_no_title_unless_asked() {
    let dir = tempdir("titles");
    let svg_of = |extra: &[&str]| {
        let path = dir.join("c.svg");
        let mut args = vec![
            "figure",
            "cycletype",
            "cube3",
            "R U",
            "--out",
            path.to_str().unwrap(),
        ];
        args.extend(extra);
        let (code, _, err) = permlab(&args);
        assert_eq!(code, 0, "{err}");
        svg::parse(&std::fs::read_to_string(&path).unwrap())
    };
    let has = |d: &Doc, t: &str| d.texts.iter().any(|x| x.text().contains(t));
    assert!(!has(&svg_of(&[]), "cycle type"));
    assert!(has(&svg_of(&["--title", "R U"]), "R U: cycle type 15 7"));
    assert!(has(
        &svg_of(&["--theme", "notebook"]),
        "R U: cycle type 15 7"
    ));
    // the gallery carries no titles either (its captions are the paper's): drawn
    // with titles, a figure's first text is its title, which the paper theme's
    // figure does not show
    let titled = gallery(&Theme::paper().with_titles(true)).unwrap();
    let plain = gallery(&Theme::paper()).unwrap();
    let mut checked = 0;
    for (a, b) in titled.iter().zip(&plain) {
        if a.name == "matrix-moves" {
            continue; // the panels name their moves
        }
        let svg_of = |f: &dyn DynFigure| svg::parse(&f.svg(f.size()).unwrap());
        let (with, without) = (svg_of(a.figure.as_ref()), svg_of(b.figure.as_ref()));
        // the first text, in the top band, is not in the untitled figure at its size
        let title = &with.texts[0];
        let band = permlab::figures::title_layout(with.view.0, &title.text(), &Theme::paper());
        assert!(title.runs[0].y < band.height, "{}: {title:?}", a.name);
        assert!(
            without
                .texts
                .iter()
                .all(|t| t.text() != title.text() || t.runs[0].size != title.runs[0].size),
            "{}",
            a.name
        );
        checked += 1;
    }
    assert_eq!(checked, plain.len() - 1);
}

#[test]
fn arrows_end_on_the_boundaries_of_their_nodes() {
    // a board: every arrow head's tip lies on the boundary of a number's node, and
    // no arrow passes through another number
    let p = Puzzle::builtin("nokia2x2").unwrap();
    let g = p.eval(&p.parse_word("A B").unwrap());
    let fig = BoardFigure::for_puzzle(&p, &g.apply_to_state(&p.solved()))
        .unwrap()
        .arrows_of(&g);
    let doc = svg::parse(&fig.to_svg(fig.default_size()).unwrap());
    let cell = doc.rects.iter().map(|r| r.w).fold(0.0, f64::max);
    let rho = fig.node_radius() * cell;
    // the numbers' centres: each digit's box centre
    let centres: Vec<(f64, f64)> = doc
        .texts
        .iter()
        .filter(|t| t.text().len() == 1)
        .map(|t| {
            let r = &t.runs[0];
            (
                r.x + text_width(&r.text, r.size) / 2.0,
                r.y - 0.729 * r.size / 2.0,
            )
        })
        .collect();
    assert_eq!(centres.len(), 9);
    let heads: Vec<_> = doc
        .polygons
        .iter()
        .filter(|(_, fill)| *fill == hex(Theme::paper().palette.arrow))
        .collect();
    assert_eq!(heads.len(), g.support().len());
    for (pts, _) in &heads {
        let tip = pts[0];
        let nearest = centres
            .iter()
            .map(|c| ((tip.0 - c.0).powi(2) + (tip.1 - c.1).powi(2)).sqrt())
            .fold(f64::INFINITY, f64::min);
        assert!(
            (nearest - rho).abs() < 0.5,
            "tip {tip:?} is {nearest} from a centre, node radius {rho}"
        );
    }
    // the shafts: quadratic curves whose every point keeps out of every node but
    // near their ends
    for d in doc
        .strokes
        .iter()
        .filter(|d| d.starts_with("M ") && d.contains(" Q "))
    {
        let v: Vec<f64> = d.split(' ').filter_map(|x| x.parse().ok()).collect();
        let (a, c, b) = ((v[0], v[1]), (v[2], v[3]), (v[4], v[5]));
        for i in 0..=40 {
            let p = permlab::figures::bezier(a, c, b, i as f64 / 40.0);
            for o in &centres {
                let dist = ((p.0 - o.0).powi(2) + (p.1 - o.1).powi(2)).sqrt();
                assert!(
                    dist > rho - 0.5,
                    "{d}: passes within {dist} of a number at {o:?}"
                );
            }
        }
    }
}

#[test]
fn schreier_arrows_end_on_the_vertex_circles() {
    let p = Puzzle::builtin("rotation3").unwrap();
    let points: Vec<usize> = (0..p.degree()).collect();
    let fig = permlab::figures::schreier::SchreierFigure::on_points(&p, &points)
        .unwrap()
        .layout(permlab::figures::schreier::GraphLayout::Layers);
    let doc = svg::parse(&fig.to_svg(fig.default_size()).unwrap());
    let vertices: Vec<_> = doc.circles.iter().filter(|c| c.fill == "#ffffff").collect();
    assert_eq!(vertices.len(), 9);
    let r = vertices[0].r;
    let series: Vec<String> = palette::SERIES.iter().map(|&c| hex(c)).collect();
    let heads: Vec<_> = doc
        .polygons
        .iter()
        .filter(|(pts, fill)| series.contains(fill) && pts[0].1 < doc.view.1 * 0.9)
        .collect();
    let non_loops = fig.edges().iter().filter(|e| e.0 != e.1).count();
    assert_eq!(heads.len(), non_loops);
    for (pts, _) in heads {
        let tip = pts[0];
        let nearest = vertices
            .iter()
            .map(|c| ((tip.0 - c.cx).powi(2) + (tip.1 - c.cy).powi(2)).sqrt())
            .fold(f64::INFINITY, f64::min);
        assert!(
            nearest >= r - 0.05 && nearest <= r * 1.25,
            "tip {tip:?}: {nearest} from a vertex of radius {r}"
        );
    }
}
