//! PDF output: the figure's own SVG ([`super::Figure::to_svg`]) converted to a one-page
//! vector PDF by [`svg2pdf`], with the shipped DejaVu Sans (the font the PNG and
//! SVG use, [`super::FONT_FAMILY`]) as the only font ([`super::raster`]'s `usvg`
//! options), so the PDF's text is set in the same font as the other forms, as glyph
//! runs with the font embedded (subset); exponents and subscripts are runs of their
//! own, as in the SVG. The system's fonts are never read.
//!
//! The page has the SVG's physical size: the canvas writes `width` and `height` in
//! points (the figure's print width, [`super::Theme::print_width_pt`]), which `usvg`
//! reads at 96 pixels per inch and `svg2pdf` writes back at the same resolution.
//!
//! The bytes are deterministic: `svg2pdf` writes no date or random document id and
//! names the font subset by a hash of its content; the one thing it leaves to chance
//! is the order of the entries of a resource dictionary (it collects them in a
//! `HashMap`), which [`canonical_resources`] sorts.
//!
//! ```
//! use permlab::figures::{Figure, matrix::MatrixFigure};
//! let g: permlab::Perm = "(1,2,3)".parse().unwrap();
//! let pdf = MatrixFigure::of_perm(&g).title("(1,2,3)").to_pdf((200, 220)).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! assert_eq!(pdf, MatrixFigure::of_perm(&g).title("(1,2,3)").to_pdf((200, 220)).unwrap());
//! ```

use super::FigureError;

/// The resolution `usvg` reads physical units at (its default), and `svg2pdf` writes
/// pixels back to points at.
const USVG_DPI: f32 = 96.0;

/// Converts an SVG document written by the canvas to PDF bytes: one page of the
/// SVG's physical size.
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, FigureError> {
    let tree = super::raster::parse_svg(svg)?;
    let page = svg2pdf::PageOptions { dpi: USVG_DPI };
    let pdf = svg2pdf::to_pdf(&tree, svg2pdf::ConversionOptions::default(), page)
        .map_err(|e| FigureError::Draw(format!("SVG to PDF conversion: {e}")))?;
    Ok(canonical_resources(pdf))
}

/// The kinds of resource dictionary whose entries `svg2pdf` writes in hash order.
const RESOURCE_KINDS: [&[u8]; 6] = [
    b"/XObject <<",
    b"/ExtGState <<",
    b"/Font <<",
    b"/Pattern <<",
    b"/Shading <<",
    b"/ColorSpace <<",
];

/// Sorts the entry lines of every resource dictionary (`/XObject << … >>`,
/// `/ExtGState`, `/Font`, `/Pattern`, `/Shading`, `/ColorSpace`) of a PDF written by
/// `pdf-writer` (one `/name value` entry a line), outside stream data. Permuting
/// lines keeps every object's length, so the cross-reference table stays right; the
/// set of entries is deterministic, so the result is too.
pub fn canonical_resources(mut pdf: Vec<u8>) -> Vec<u8> {
    let mut i = 0;
    while i < pdf.len() {
        // skip stream data: from "stream\n" to "endstream"
        if pdf[i..].starts_with(b"stream\n") && (i == 0 || pdf[i - 1] == b'\n') {
            match find(&pdf[i..], b"\nendstream") {
                Some(k) => {
                    i += k + b"\nendstream".len();
                    continue;
                }
                None => break,
            }
        }
        let line_end = find(&pdf[i..], b"\n").map_or(pdf.len(), |k| i + k);
        let line = &pdf[i..line_end];
        let trimmed = line.trim_ascii_start();
        if RESOURCE_KINDS.contains(&trimmed) {
            let indent = line.len() - trimmed.len();
            let start = line_end + 1;
            // the entries end at the line ">>" at the same indentation
            let mut close = vec![b' '; indent];
            close.extend_from_slice(b">>");
            let mut end = start;
            let mut entries: Vec<Vec<u8>> = Vec::new();
            while end < pdf.len() {
                let e = find(&pdf[end..], b"\n").map_or(pdf.len(), |k| end + k);
                if pdf[end..e] == close[..] {
                    break;
                }
                entries.push(pdf[end..e].to_vec());
                end = e + 1;
            }
            entries.sort();
            let sorted: Vec<u8> = entries
                .iter()
                .flat_map(|l| l.iter().copied().chain([b'\n']))
                .collect();
            if start <= end && sorted.len() == end - start {
                pdf[start..end].copy_from_slice(&sorted);
            }
            i = end;
            continue;
        }
        i = line_end + 1;
    }
    pdf
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use crate::figures::canvas::Canvas;
    use crate::figures::text::{layout, set_line, HAlign, VAlign};
    use plotters::style::RGBColor;

    fn texts(group: &usvg::Group, out: &mut Vec<usvg::Text>) {
        for node in group.children() {
            match node {
                usvg::Node::Group(g) => texts(g, out),
                usvg::Node::Text(t) => out.push((**t).clone()),
                _ => {}
            }
        }
    }

    #[test]
    fn usvg_sets_every_run_at_our_positions() {
        // usvg shapes the SVG's text with rustybuzz (GPOS kerning), independently of
        // our layout (hmtx + kern through ab_glyph); svg2pdf writes its glyph runs
        // into the PDF. Every glyph origin, scripts included, must agree.
        let text = "Megaminx AV: 15 7^2 3 1^22, S_8";
        let mut c = Canvas::new(640.0, 100.0);
        let em = 20.0;
        c.label(
            text,
            (320.0, 50.0),
            em,
            (HAlign::Centre, VAlign::Baseline),
            RGBColor(0, 0, 0),
        );
        let svg = c.to_svg(640.0);
        let tree = super::super::raster::parse_svg(&svg).unwrap();
        let mut all = Vec::new();
        texts(tree.root(), &mut all);
        assert_eq!(all.len(), 1);
        let glyphs: Vec<(f64, f64)> = all[0]
            .layouted()
            .iter()
            .flat_map(|s| s.positioned_glyphs.iter())
            .map(|g| (f64::from(g.transform().tx), f64::from(g.transform().ty)))
            .collect();
        let line = set_line(text, em);
        let left = 320.0 - line.width / 2.0;
        let ours: Vec<(f64, f64)> = line
            .runs
            .iter()
            .flat_map(|r| {
                layout(&r.text, r.em)
                    .into_iter()
                    .map(move |g| (left + r.x + g.x, 50.0 + r.shift))
            })
            .collect();
        assert_eq!(glyphs.len(), ours.len());
        for (i, (g, o)) in glyphs.iter().zip(&ours).enumerate() {
            // the SVG's coordinates carry two decimals
            assert!(
                (g.0 - o.0).abs() < 0.06,
                "glyph {i}: usvg x {}, ours {}",
                g.0,
                o.0
            );
            assert!(
                (g.1 - o.1).abs() < 0.01,
                "glyph {i}: usvg y {}, ours {}",
                g.1,
                o.1
            );
        }
    }
}
