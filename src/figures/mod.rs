//! Figures drawn with [plotters]: permutation-matrix pictures ([`matrix`]),
//! distance distributions ([`histogram`]), boards with arrows and paths ([`board`]),
//! coloured cube nets ([`cube_net`]) and cycle pictures ([`cycles`]).
//!
//! Every figure implements [`Figure`]: it draws itself on any plotters drawing area, so
//! the same drawing renders to SVG ([`Figure::to_svg`]) and to PNG ([`Figure::to_png`])
//! at a size given in pixels, with the same look. Matrix pictures and histograms also
//! have a TikZ/PGF form ([`Figure::to_tikz`], module [`tikz`]).
//!
//! Text is drawn with DejaVu Sans, shipped in the crate (`assets/fonts/`, with its
//! license) and registered with plotters' `ab_glyph` backend under the family name
//! `sans-serif` ([`register_fonts`], called by every render function). The system's
//! fonts and fontconfig are never used, so a machine without any font installed draws
//! the same pixels.
//!
//! ```
//! use permlab::figures::{Figure, matrix::MatrixFigure};
//! let g: permlab::Perm = "(1,2,3)".parse().unwrap();
//! let fig = MatrixFigure::of_perm(&g).title("(1,2,3)");
//! let svg = fig.to_svg((200, 220)).unwrap();
//! assert!(svg.starts_with("<svg"));
//! let png = fig.to_png((200, 220)).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod board;
pub mod cube_net;
pub mod cycles;
pub mod gallery;
pub mod histogram;
pub mod matrix;
pub mod orbitals;
pub mod spectrum;
pub mod tikz;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::path::Path;
use std::sync::Once;

/// The font family every figure uses; DejaVu Sans is registered under this name.
pub const FONT_FAMILY: &str = "sans-serif";

/// DejaVu Sans (Bitstream Vera license, see `assets/fonts/LICENSE-DejaVu.txt`).
static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Registers the shipped DejaVu Sans with plotters' `ab_glyph` font backend as
/// [`FONT_FAMILY`] (normal style; bold and italic fall back to it). Idempotent and
/// cheap after the first call; every render function calls it.
pub fn register_fonts() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if register_font(FONT_FAMILY, FontStyle::Normal, DEJAVU_SANS).is_err() {
            // The font is compiled in: failing to parse it is a build defect.
            panic!("the shipped DejaVuSans.ttf does not parse");
        }
    });
}

/// Why a figure could not be drawn or written.
#[derive(Debug, thiserror::Error)]
pub enum FigureError {
    /// The drawing backend failed.
    #[error("drawing failed: {0}")]
    Draw(String),
    /// A figure size with a zero side or a side above [`MAX_FIGURE_SIDE`] pixels.
    #[error("figure size {0}x{1}: each side must be 1..={max} pixels", max = MAX_FIGURE_SIDE)]
    Size(u32, u32),
    /// An output path whose extension is not `.svg`, `.png` or `.tex`.
    #[error("output {0:?}: the file name must end in .svg, .png or .tex")]
    Format(String),
    /// TikZ output asked of a figure that has no TikZ form.
    #[error("TikZ output (.tex) exists only for matrix pictures and histograms; use .svg or .png for this figure")]
    NoTikz,
    /// Writing the output failed.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The path written.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The figure's data does not fit the request (a state of the wrong length, …).
    #[error("{0}")]
    Invalid(String),
}

/// Converts a plotters drawing error into a [`FigureError`].
pub fn draw_err<E: std::fmt::Display>(e: E) -> FigureError {
    FigureError::Draw(e.to_string())
}

/// A plotters drawing area in pixel coordinates (what [`Figure::draw`] gets).
pub type Area<DB> = DrawingArea<DB, Shift>;

/// The output formats of [`Figure::save`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics (text as `<text>` in the `sans-serif` family).
    Svg,
    /// PNG, rasterised with the shipped font.
    Png,
    /// TikZ/PGF source, a `tikzpicture` ([`Figure::to_tikz`]).
    Tex,
}

impl Format {
    /// The format a file name asks for, from its extension (case-insensitive).
    pub fn from_path(path: &Path) -> Result<Format, FigureError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase())
            .as_deref()
        {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some("tex") => Ok(Format::Tex),
            _ => Err(FigureError::Format(path.display().to_string())),
        }
    }
}

/// A drawing that renders to SVG or PNG at any pixel size.
///
/// ```
/// use permlab::figures::{histogram::HistogramFigure, Figure};
/// use permlab::search::DistanceDistribution;
/// let d = DistanceDistribution::new(vec![1, 3, 6, 2]);
/// let fig = HistogramFigure::new(vec![("example".to_string(), d)]);
/// let svg = fig.to_svg(fig.default_size()).unwrap();
/// assert!(svg.contains("</svg>"));
/// ```
pub trait Figure {
    /// The size used when the caller gives none.
    fn default_size(&self) -> (u32, u32);

    /// Draws the figure on `area` (already cleared to white), filling its size.
    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>) -> Result<(), FigureError>;

    /// The figure as an SVG document of `size` pixels.
    fn to_svg(&self, size: (u32, u32)) -> Result<String, FigureError> {
        check_size(size)?;
        register_fonts();
        let mut out = String::new();
        {
            let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
            root.fill(&WHITE).map_err(draw_err)?;
            self.draw(&root)?;
            root.present().map_err(draw_err)?;
        }
        Ok(out)
    }

    /// The figure as a row-major RGB pixel buffer (`3·w·h` bytes).
    fn to_rgb(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        check_size(size)?;
        register_fonts();
        let mut buf = vec![255u8; 3 * size.0 as usize * size.1 as usize];
        {
            let root = BitMapBackend::with_buffer(&mut buf, size).into_drawing_area();
            root.fill(&WHITE).map_err(draw_err)?;
            self.draw(&root)?;
            root.present().map_err(draw_err)?;
        }
        Ok(buf)
    }

    /// The figure as PNG file bytes.
    fn to_png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        let rgb = self.to_rgb(size)?;
        encode_png(&rgb, size)
    }

    /// The figure as TikZ/PGF source, a `tikzpicture` environment (see [`tikz`]);
    /// [`FigureError::NoTikz`] for figures other than matrix pictures and histograms.
    fn to_tikz(&self) -> Result<String, FigureError> {
        Err(tikz::unsupported())
    }

    /// Writes the figure to `path` (`.svg`, `.png`, or `.tex` for the `tikzpicture`
    /// of [`Figure::to_tikz`], where `size` is not used), through a temporary file
    /// renamed into place. Returns the format written.
    fn save(&self, path: &Path, size: (u32, u32)) -> Result<Format, FigureError> {
        let format = Format::from_path(path)?;
        let bytes = match format {
            Format::Svg => self.to_svg(size)?.into_bytes(),
            Format::Png => self.to_png(size)?,
            Format::Tex => self.to_tikz()?.into_bytes(),
        };
        write_atomically(path, &bytes)?;
        Ok(format)
    }
}

/// An object-safe view of a [`Figure`], for lists of figures of different types.
pub trait DynFigure {
    /// See [`Figure::default_size`].
    fn size(&self) -> (u32, u32);
    /// See [`Figure::to_svg`].
    fn svg(&self, size: (u32, u32)) -> Result<String, FigureError>;
    /// See [`Figure::to_png`].
    fn png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError>;
    /// See [`Figure::to_tikz`].
    fn tikz(&self) -> Result<String, FigureError>;
}

impl<F: Figure> DynFigure for F {
    fn size(&self) -> (u32, u32) {
        self.default_size()
    }
    fn svg(&self, size: (u32, u32)) -> Result<String, FigureError> {
        self.to_svg(size)
    }
    fn png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        self.to_png(size)
    }
    fn tikz(&self) -> Result<String, FigureError> {
        self.to_tikz()
    }
}

/// Several figures of one kind side by side in a grid of `cols` columns, each with an
/// equal share of the area (seed 003's page of R, R2, U, U2).
#[derive(Clone, Debug)]
pub struct Panels<F> {
    /// The figures, row-major.
    pub items: Vec<F>,
    /// Columns of the grid (0 is taken as 1).
    pub cols: usize,
    /// Size of one panel when no size is given.
    pub panel_size: (u32, u32),
}

impl<F: Figure> Panels<F> {
    /// A grid of `cols` columns; each panel's default size is that of the first item.
    pub fn new(items: Vec<F>, cols: usize) -> Panels<F> {
        let panel_size = items.first().map_or((300, 300), Figure::default_size);
        Panels {
            items,
            cols: cols.max(1),
            panel_size,
        }
    }
}

impl<F: Figure> Figure for Panels<F> {
    fn default_size(&self) -> (u32, u32) {
        // `cols` is a public field: 0 counts as 1
        let rows = self.items.len().div_ceil(self.cols.max(1)).max(1);
        let cols = self.cols.min(self.items.len()).max(1);
        (
            self.panel_size.0 * cols as u32,
            self.panel_size.1 * rows as u32,
        )
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>) -> Result<(), FigureError> {
        let rows = self.items.len().div_ceil(self.cols.max(1)).max(1);
        let cols = self.cols.min(self.items.len()).max(1);
        let cells = area.split_evenly((rows, cols));
        for (item, cell) in self.items.iter().zip(cells.iter()) {
            item.draw(cell)?;
        }
        Ok(())
    }
}

/// The largest side of a figure in pixels: a 10000×10000 PNG takes 300 MB of pixels
/// while it is drawn.
pub const MAX_FIGURE_SIDE: u32 = 10_000;

fn check_size(size: (u32, u32)) -> Result<(), FigureError> {
    if size.0 == 0 || size.1 == 0 || size.0 > MAX_FIGURE_SIDE || size.1 > MAX_FIGURE_SIDE {
        return Err(FigureError::Size(size.0, size.1));
    }
    Ok(())
}

/// Encodes a row-major RGB buffer as PNG bytes (8-bit RGB, deterministic).
pub fn encode_png(rgb: &[u8], size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, size.0, size.1);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(draw_err)?;
        writer.write_image_data(rgb).map_err(draw_err)?;
        writer.finish().map_err(draw_err)?;
    }
    Ok(out)
}

/// Decodes PNG bytes into `(width, height, row-major 8-bit RGB)` (expanding palette
/// and grey images, dropping alpha): the inverse of [`encode_png`], for tests and
/// checks.
pub fn decode_png(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), FigureError> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(draw_err)?;
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader.next_frame(&mut buf).map_err(draw_err)?;
    buf.truncate(info.buffer_size());
    let channels = info.color_type.samples();
    let rgb = match info.color_type {
        png::ColorType::Rgb => buf,
        png::ColorType::Rgba => buf.chunks(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        png::ColorType::Grayscale | png::ColorType::GrayscaleAlpha => buf
            .chunks(channels)
            .flat_map(|p| [p[0], p[0], p[0]])
            .collect(),
        png::ColorType::Indexed => {
            return Err(FigureError::Invalid("PNG palette was not expanded".into()))
        }
    };
    Ok((info.width, info.height, rgb))
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed
/// into place, so a reader never sees a half-written file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), FigureError> {
    let io = |source| FigureError::Io {
        path: path.display().to_string(),
        source,
    };
    if path.file_name().is_none() {
        return Err(FigureError::Format(path.display().to_string()));
    }
    let result = (|| {
        let mut t = crate::io::TempFile::create(path)?;
        std::io::Write::write_all(t.file(), bytes)?;
        t.commit()
    })();
    result.map_err(io)
}

/// A text style in the shipped font: `size` in pixels, in `color`.
pub fn text_style(size: f64, color: RGBColor) -> TextStyle<'static> {
    TextStyle {
        font: (FONT_FAMILY, size).into_font(),
        color: color.to_backend_color(),
        pos: Default::default(),
    }
}

/// A text style centred on its position (both axes).
pub fn centred_text(size: f64, color: RGBColor) -> TextStyle<'static> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    text_style(size, color).pos(Pos::new(HPos::Center, VPos::Center))
}

/// Draws `title` centred at the top of `area` and returns the height it took (0 for
/// an empty title). The font size scales with the area: 6% of the smaller side,
/// clamped to 15..=28 pixels.
pub fn draw_title<DB: DrawingBackend>(area: &Area<DB>, title: &str) -> Result<i32, FigureError> {
    if title.is_empty() {
        return Ok(0);
    }
    let (w, h) = area.dim_in_pixel();
    let size = title_font_size((w, h));
    let style = centred_text(size, BLACK);
    let height = (size * 1.6).round() as i32;
    area.draw(&Text::new(
        title.to_string(),
        (w as i32 / 2, height / 2),
        style,
    ))
    .map_err(draw_err)?;
    Ok(height)
}

/// The title font size for an area of `size` pixels.
pub fn title_font_size(size: (u32, u32)) -> f64 {
    (size.0.min(size.1) as f64 * 0.06).clamp(15.0, 28.0)
}

/// Colours shared by the figures.
pub mod palette {
    use plotters::style::RGBColor;
    /// Ink for matrix ones, text and arrows.
    pub const INK: RGBColor = RGBColor(20, 20, 20);
    /// Light grid lines.
    pub const GRID: RGBColor = RGBColor(190, 190, 190);
    /// Stronger block separators.
    pub const SEPARATOR: RGBColor = RGBColor(90, 140, 210);
    /// Highlighted board cells.
    pub const HIGHLIGHT: RGBColor = RGBColor(255, 214, 102);
    /// Arrows.
    pub const ARROW: RGBColor = RGBColor(200, 40, 40);
    /// Series colours (colour-blind friendly, Okabe–Ito).
    pub const SERIES: [RGBColor; 7] = [
        RGBColor(0, 114, 178),
        RGBColor(230, 159, 0),
        RGBColor(0, 158, 115),
        RGBColor(204, 121, 167),
        RGBColor(86, 180, 233),
        RGBColor(213, 94, 0),
        RGBColor(240, 228, 66),
    ];
}

/// Draws an arrow from `from` to `to` (pixel coordinates) with a filled head of
/// length `head` pixels.
pub fn draw_arrow<DB: DrawingBackend>(
    area: &Area<DB>,
    from: (f64, f64),
    to: (f64, f64),
    head: f64,
    style: ShapeStyle,
) -> Result<(), FigureError> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        return Ok(());
    }
    let (ux, uy) = (dx / len, dy / len);
    let base = (to.0 - ux * head, to.1 - uy * head);
    let px = |x: f64, y: f64| (x.round() as i32, y.round() as i32);
    area.draw(&PathElement::new(
        vec![px(from.0, from.1), px(base.0, base.1)],
        style,
    ))
    .map_err(draw_err)?;
    let half = head * 0.45;
    let left = (base.0 - uy * half, base.1 + ux * half);
    let right = (base.0 + uy * half, base.1 - ux * half);
    area.draw(&Polygon::new(
        vec![px(to.0, to.1), px(left.0, left.1), px(right.0, right.1)],
        style.color.filled(),
    ))
    .map_err(draw_err)?;
    Ok(())
}
