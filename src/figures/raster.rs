//! PNG output: the figure's own SVG ([`super::Figure::to_svg`]) rendered by
//! [`resvg`] with the shipped DejaVu Sans as the only font, so the PNG shows exactly
//! the SVG's shapes and glyphs (the PDF is converted from the same SVG,
//! [`super::pdf`]). The system's fonts are never read, so a machine without fonts
//! draws the same pixels.
//!
//! ```
//! use permlab::figures::{Figure, matrix::MatrixFigure};
//! let g: permlab::Perm = "(1,2,3)".parse().unwrap();
//! let png = MatrixFigure::of_perm(&g).to_png((200, 220)).unwrap();
//! let (w, h, rgb) = permlab::figures::decode_png(&png).unwrap();
//! assert_eq!((w, h, rgb.len()), (200, 220, 3 * 200 * 220));
//! ```

use super::{FigureError, DEJAVU_SANS};
use std::sync::{Arc, OnceLock};

/// The family name inside the shipped font file.
const DEJAVU_FAMILY: &str = "DejaVu Sans";

/// `usvg` options whose font database holds only the shipped DejaVu Sans, which also
/// answers the generic families `sans-serif` and `serif` (built once).
pub(crate) fn usvg_options() -> &'static usvg::Options<'static> {
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

/// Parses an SVG document written by the canvas with [`usvg_options`].
pub(crate) fn parse_svg(svg: &str) -> Result<usvg::Tree, FigureError> {
    usvg::Tree::from_str(svg, usvg_options())
        .map_err(|e| FigureError::Draw(format!("the figure's SVG does not parse: {e}")))
}

/// Renders an SVG document to a row-major RGB buffer of `size` pixels, the drawing
/// scaled to fill it, on white.
pub fn svg_to_rgb(svg: &str, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
    let tree = parse_svg(svg)?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.0, size.1).ok_or(FigureError::Size(size.0, size.1))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    let t = tree.size();
    let transform = resvg::tiny_skia::Transform::from_scale(
        size.0 as f32 / t.width(),
        size.1 as f32 / t.height(),
    );
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    // opaque (white underneath): premultiplied and plain RGB coincide
    Ok(pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect())
}

/// Renders an SVG document to PNG bytes of `size` pixels ([`svg_to_rgb`],
/// [`super::encode_png`]).
pub fn svg_to_png(svg: &str, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
    super::encode_png(&svg_to_rgb(svg, size)?, size)
}
