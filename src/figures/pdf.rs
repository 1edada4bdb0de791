//! PDF output: the figure's own SVG ([`super::Figure::to_svg`]) converted to a one-page
//! vector PDF by [`svg2pdf`], with the shipped DejaVu Sans (the font the PNG and
//! SVG use, [`super::FONT_FAMILY`]) loaded into `usvg`'s font database as the only
//! font, so the PDF's text is set in the same font as the other forms and embedded
//! (subset) in the file. The system's fonts are never read.
//!
//! The bytes are deterministic: `svg2pdf` writes no date or random document id and
//! names the font subset by a hash of its content; the one thing it leaves to chance
//! is the order of the entries of a resource dictionary (it collects them in a
//! `HashMap`), which [`canonical_resources`] sorts. One SVG pixel is one PDF point (72
//! per inch) unless [`svg_to_pdf_dpi`] is given another resolution.
//!
//! ```
//! use permlab::figures::{Figure, matrix::MatrixFigure};
//! let g: permlab::Perm = "(1,2,3)".parse().unwrap();
//! let pdf = MatrixFigure::of_perm(&g).title("(1,2,3)").to_pdf((200, 220)).unwrap();
//! assert!(pdf.starts_with(b"%PDF-"));
//! assert_eq!(pdf, MatrixFigure::of_perm(&g).title("(1,2,3)").to_pdf((200, 220)).unwrap());
//! ```

use super::{FigureError, DEJAVU_SANS};
use std::sync::{Arc, OnceLock};

/// The family name inside the shipped font file.
const DEJAVU_FAMILY: &str = "DejaVu Sans";

/// `usvg` options whose font database holds only the shipped DejaVu Sans, which also
/// answers the generic families `sans-serif` and `serif` (built once).
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(DEJAVU_SANS.to_vec());
        db.set_sans_serif_family(DEJAVU_FAMILY);
        db.set_serif_family(DEJAVU_FAMILY);
        usvg::Options {
            font_family: DEJAVU_FAMILY.to_string(),
            fontdb: Arc::new(db),
            ..usvg::Options::default()
        }
    })
}

/// Converts an SVG document to PDF bytes at 72 dpi (one SVG pixel is one point).
pub fn svg_to_pdf(svg: &str) -> Result<Vec<u8>, FigureError> {
    svg_to_pdf_dpi(svg, 72.0)
}

/// Converts an SVG document to PDF bytes, taking `dpi` SVG pixels per inch (so a
/// 340-pixel-wide SVG at 101.6 dpi is a 8.5 cm wide page).
pub fn svg_to_pdf_dpi(svg: &str, dpi: f32) -> Result<Vec<u8>, FigureError> {
    if !(dpi.is_finite() && dpi > 0.0) {
        return Err(FigureError::Invalid(format!(
            "PDF resolution {dpi}: must be a positive number of pixels per inch"
        )));
    }
    let tree = usvg::Tree::from_str(svg, options())
        .map_err(|e| FigureError::Draw(format!("the figure's SVG does not parse: {e}")))?;
    let page = svg2pdf::PageOptions { dpi };
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
    use super::*;
    use crate::figures::histogram::{DistanceDistribution, HistogramFigure};
    use crate::figures::text::{em_of, layout, x_height_em};
    use crate::figures::Figure;

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
    fn usvg_shapes_the_svg_text_at_our_advances() {
        // usvg shapes the SVG's text with rustybuzz (GPOS kerning), independently of
        // our `layout` (hmtx + kern through ab_glyph): the glyph origins must agree
        let title = "Megaminx xyz wax AV To";
        let fig = HistogramFigure::new(vec![("a".into(), DistanceDistribution::new(vec![1, 2]))])
            .title(title);
        let svg = fig.to_svg((640, 420)).unwrap();
        assert!(svg.contains("font-family=\"DejaVu Sans, sans-serif\""));
        let tree = usvg::Tree::from_str(&svg, options()).unwrap();
        let mut all = Vec::new();
        texts(tree.root(), &mut all);
        let t = all
            .iter()
            .find(|t| t.chunks().iter().any(|c| c.text() == title))
            .expect("the title is a text node");
        let size = crate::figures::Theme::paper().title_size((640, 420));
        let em = em_of(size);
        let ours = layout(title, em);
        let glyphs: Vec<_> = t
            .layouted()
            .iter()
            .flat_map(|s| s.positioned_glyphs.iter())
            .collect();
        assert_eq!(glyphs.len(), ours.len());
        let x0 = f64::from(glyphs[0].transform().tx);
        for (g, o) in glyphs.iter().zip(&ours) {
            let x = f64::from(g.transform().tx) - x0;
            assert!((x - o.x).abs() < 0.05, "{:?}: usvg {x}, ours {}", o.ch, o.x);
        }
        // centred on the canvas, baseline half an x-height below the title's centre
        let width = ours.last().map(|g| g.x + g.advance).unwrap();
        assert!((x0 - (320.0 - width / 2.0)).abs() < 0.6, "{x0}");
        let y = f64::from(glyphs[0].transform().ty);
        let centre = (size * (0.225 + 0.575)).round();
        assert!((y - (centre + 0.5 * x_height_em() * em)).abs() < 0.6, "{y}");
    }
}
