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
