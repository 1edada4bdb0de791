//! Figures drawn with [plotters]: permutation-matrix pictures ([`matrix`]),
//! distance distributions ([`histogram`]), boards with arrows and paths ([`board`]),
//! coloured cube nets ([`cube_net`]), cycle pictures ([`cycles`], [`cycletype`]),
//! Schreier graphs ([`schreier`]) and block systems ([`blocks_figure`]).
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

pub mod blocks_figure;
pub mod board;
pub mod cube_net;
pub mod cycles;
pub mod cycletype;
pub mod gallery;
pub mod histogram;
pub mod matrix;
pub mod mixing;
pub mod orbitals;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod schreier;
pub mod spectrum;
pub mod text;
pub mod theme;
pub mod tikz;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::path::Path;
use std::sync::Once;
use text::{TextBackend, TextMode};
pub use theme::Theme;

/// The font family every figure uses; DejaVu Sans is registered under this name.
pub const FONT_FAMILY: &str = "sans-serif";

/// DejaVu Sans (Bitstream Vera license, see `assets/fonts/LICENSE-DejaVu.txt`).
pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

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
    /// An output path whose extension is not `.svg`, `.png`, `.pdf` or `.tex`.
    #[error("output {0:?}: the file name must end in .svg, .png, .pdf or .tex")]
    Format(String),
    /// TikZ output asked of a figure that has no TikZ form.
    #[error("TikZ output (.tex) exists only for matrix pictures, histograms (bfs, distributions, hist), mixing curves, spectra and cycle types; use .svg, .png or .pdf for this figure")]
    NoTikz,
    /// PDF output asked of a library built without the `pdf` feature.
    #[error("PDF output needs permlab's `pdf` feature (on with the `cli` feature)")]
    NoPdf,
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

/// A chart builder on `area` with the margins and axis-label areas of the crate's
/// plots, and the label font size it is sized for ([`Theme::label_size`]).
pub fn chart_builder<'a, 'b, DB: DrawingBackend>(
    area: &'a Area<DB>,
    theme: &Theme,
) -> (ChartBuilder<'a, 'b, DB>, f64) {
    let fs = theme.label_size(area.dim_in_pixel());
    let mut builder = ChartBuilder::on(area);
    builder
        .margin(10)
        .x_label_area_size((fs * 2.5) as u32)
        .y_label_area_size((fs * 3.0) as u32);
    (builder, fs)
}

/// The output formats of [`Figure::save`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics (text as `<text>` in the `sans-serif` family).
    Svg,
    /// PNG, rasterised with the shipped font.
    Png,
    /// TikZ/PGF source, a `tikzpicture` ([`Figure::to_tikz`]).
    Tex,
    /// A one-page vector PDF converted from the SVG ([`Figure::to_pdf`]; needs the
    /// `pdf` feature).
    Pdf,
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
            Some("pdf") => Ok(Format::Pdf),
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
    /// The size used when the caller gives none (under [`Theme::paper`]; a
    /// [`Themed`] figure scales it by its theme, [`Theme::size`]).
    fn default_size(&self) -> (u32, u32);

    /// Draws the figure on `area` (already cleared to white), filling its size, with
    /// the sizes and colours of `theme`.
    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError>;

    /// The theme the render functions draw with: [`Theme::paper`] unless the figure is
    /// wrapped by [`Figure::themed`].
    fn theme(&self) -> Theme {
        Theme::paper()
    }

    /// This figure drawn with `theme` (its default size scaled by the theme).
    fn themed(self, theme: Theme) -> Themed<Self>
    where
        Self: Sized,
    {
        Themed {
            figure: self,
            theme,
        }
    }

    /// The figure as an SVG document of `size` pixels.
    fn to_svg(&self, size: (u32, u32)) -> Result<String, FigureError> {
        check_size(size)?;
        register_fonts();
        let mut out = String::new();
        {
            let backend = SVGBackend::with_string(&mut out, size);
            let root = TextBackend::new(backend, TextMode::Vector).into_drawing_area();
            root.fill(&WHITE).map_err(draw_err)?;
            self.draw(&root, &self.theme())?;
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
            let backend = BitMapBackend::with_buffer(&mut buf, size);
            let root = TextBackend::new(backend, TextMode::Raster).into_drawing_area();
            root.fill(&WHITE).map_err(draw_err)?;
            self.draw(&root, &self.theme())?;
            root.present().map_err(draw_err)?;
        }
        Ok(buf)
    }

    /// The figure as PNG file bytes.
    fn to_png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        let rgb = self.to_rgb(size)?;
        encode_png(&rgb, size)
    }

    /// The figure as a one-page vector PDF: its SVG of `size` pixels converted by
    /// `svg2pdf` with the shipped font embedded (module `pdf`), one pixel per point.
    /// [`FigureError::NoPdf`] without the `pdf` feature.
    fn to_pdf(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        let svg = self.to_svg(size)?;
        #[cfg(feature = "pdf")]
        return pdf::svg_to_pdf(&svg);
        #[cfg(not(feature = "pdf"))]
        {
            let _ = svg;
            Err(FigureError::NoPdf)
        }
    }

    /// The figure as TikZ/PGF source, a `tikzpicture` environment (see [`tikz`]);
    /// [`FigureError::NoTikz`] for figures without one (see [`tikz`]).
    fn to_tikz(&self) -> Result<String, FigureError> {
        Err(tikz::unsupported())
    }

    /// Writes the figure to `path` (`.svg`, `.png`, `.pdf`, or `.tex` for the `tikzpicture`
    /// of [`Figure::to_tikz`], where `size` is not used), through a temporary file
    /// renamed into place. Returns the format written.
    fn save(&self, path: &Path, size: (u32, u32)) -> Result<Format, FigureError> {
        let format = Format::from_path(path)?;
        let bytes = match format {
            Format::Svg => self.to_svg(size)?.into_bytes(),
            Format::Png => self.to_png(size)?,
            Format::Tex => self.to_tikz()?.into_bytes(),
            Format::Pdf => self.to_pdf(size)?,
        };
        write_atomically(path, &bytes)?;
        Ok(format)
    }
}

/// A figure drawn with a given [`Theme`] ([`Figure::themed`]). Its TikZ form is the
/// figure's own: a `.tex` figure takes its fonts and sizes from the LaTeX document.
#[derive(Clone, Debug)]
pub struct Themed<F> {
    /// The figure.
    pub figure: F,
    /// The theme it is drawn with.
    pub theme: Theme,
}

impl<F: Figure> Figure for Themed<F> {
    fn default_size(&self) -> (u32, u32) {
        self.theme.size(self.figure.default_size())
    }
    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        self.figure.draw(area, theme)
    }
    fn theme(&self) -> Theme {
        self.theme
    }
    fn to_tikz(&self) -> Result<String, FigureError> {
        self.figure.to_tikz()
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
    /// See [`Figure::to_pdf`].
    fn pdf(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError>;
    /// [`Figure::default_size`] under `theme` ([`Theme::size`]).
    fn size_with(&self, theme: &Theme) -> (u32, u32);
    /// [`Figure::to_svg`] drawn with `theme`.
    fn svg_with(&self, size: (u32, u32), theme: &Theme) -> Result<String, FigureError>;
    /// [`Figure::to_png`] drawn with `theme`.
    fn png_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError>;
    /// [`Figure::to_pdf`] drawn with `theme`.
    fn pdf_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError>;
}

impl dyn DynFigure + '_ {
    /// This figure drawn with `theme` (see [`Figure::themed`]).
    pub fn with_theme(&self, theme: Theme) -> DynThemed<'_> {
        DynThemed {
            figure: self,
            theme,
        }
    }
}

/// A [`DynFigure`] drawn with a given theme (`with_theme` on `dyn DynFigure`).
pub struct DynThemed<'a> {
    figure: &'a dyn DynFigure,
    theme: Theme,
}

impl DynFigure for DynThemed<'_> {
    fn size(&self) -> (u32, u32) {
        self.figure.size_with(&self.theme)
    }
    fn svg(&self, size: (u32, u32)) -> Result<String, FigureError> {
        self.figure.svg_with(size, &self.theme)
    }
    fn png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        self.figure.png_with(size, &self.theme)
    }
    fn tikz(&self) -> Result<String, FigureError> {
        self.figure.tikz()
    }
    fn pdf(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        self.figure.pdf_with(size, &self.theme)
    }
    fn size_with(&self, theme: &Theme) -> (u32, u32) {
        self.figure.size_with(theme)
    }
    fn svg_with(&self, size: (u32, u32), theme: &Theme) -> Result<String, FigureError> {
        self.figure.svg_with(size, theme)
    }
    fn png_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError> {
        self.figure.png_with(size, theme)
    }
    fn pdf_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError> {
        self.figure.pdf_with(size, theme)
    }
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
    fn pdf(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        self.to_pdf(size)
    }
    fn size_with(&self, theme: &Theme) -> (u32, u32) {
        theme.size(self.default_size())
    }
    fn svg_with(&self, size: (u32, u32), theme: &Theme) -> Result<String, FigureError> {
        self.themed_ref(theme).to_svg(size)
    }
    fn png_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError> {
        self.themed_ref(theme).to_png(size)
    }
    fn pdf_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError> {
        self.themed_ref(theme).to_pdf(size)
    }
}

/// A borrowed figure with a theme.
trait ThemedRef: Figure + Sized {
    fn themed_ref(&self, theme: &Theme) -> Themed<&Self> {
        Themed {
            figure: self,
            theme: *theme,
        }
    }
}

impl<F: Figure> ThemedRef for F {}

/// A reference to a figure draws as the figure.
impl<F: Figure> Figure for &F {
    fn default_size(&self) -> (u32, u32) {
        (*self).default_size()
    }
    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        (*self).draw(area, theme)
    }
    fn theme(&self) -> Theme {
        (*self).theme()
    }
    fn to_tikz(&self) -> Result<String, FigureError> {
        (*self).to_tikz()
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

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let rows = self.items.len().div_ceil(self.cols.max(1)).max(1);
        let cols = self.cols.min(self.items.len()).max(1);
        let cells = area.split_evenly((rows, cols));
        for (item, cell) in self.items.iter().zip(cells.iter()) {
            item.draw(cell, theme)?;
        }
        Ok(())
    }
}

/// A physical length (`8.5cm`, `85mm`, `240pt`, `3.35in`; TeX points, 72.27 per inch,
/// are not used: `pt` is the PostScript/PDF point, 72 per inch) in PDF points.
///
/// ```
/// use permlab::figures::parse_length_pt;
/// assert_eq!(parse_length_pt("240pt").unwrap(), 240.0);
/// assert!((parse_length_pt("2.54cm").unwrap() - 72.0).abs() < 1e-9);
/// assert!(parse_length_pt("8.5").is_err());
/// ```
pub fn parse_length_pt(text: &str) -> Result<f64, FigureError> {
    let t = text.trim();
    let bad = || {
        FigureError::Invalid(format!(
            "length {text:?}: expected a positive number with a unit cm, mm, in or pt (e.g. 8.5cm)"
        ))
    };
    let split = t.find(|c: char| c.is_ascii_alphabetic()).ok_or_else(bad)?;
    let (num, unit) = t.split_at(split);
    let value: f64 = num.trim().parse().map_err(|_| bad())?;
    let per_unit = match unit {
        "pt" => 1.0,
        "in" => 72.0,
        "cm" => 72.0 / 2.54,
        "mm" => 72.0 / 25.4,
        _ => return Err(bad()),
    };
    let pt = value * per_unit;
    // a figure wider than 10 m is a typing mistake
    if !(pt.is_finite() && pt > 0.0 && pt <= 72.0 / 0.0254 * 10.0) {
        return Err(bad());
    }
    Ok(pt)
}

/// Gives an SVG document written by plotters (`<svg width="W" height="H" …>`) a
/// physical size: the width becomes `width_pt` points and the height follows the
/// aspect ratio; the `viewBox` keeps the drawing's pixel coordinates, so the figure
/// scales as a whole.
pub fn svg_physical_size(svg: &str, width_pt: f64) -> Result<String, FigureError> {
    let head_end = svg
        .find('>')
        .ok_or_else(|| FigureError::Invalid("not an SVG document".into()))?;
    let head = &svg[..head_end];
    let attr = |name: &str| -> Option<f64> {
        let key = format!(" {name}=\"");
        let start = head.find(&key)? + key.len();
        let len = head[start..].find('"')?;
        head[start..start + len].parse().ok()
    };
    let (Some(w), Some(h)) = (attr("width"), attr("height")) else {
        return Err(FigureError::Invalid(
            "SVG without a pixel width and height".into(),
        ));
    };
    let height_pt = width_pt * h / w;
    let new_head = head
        .replacen(
            &format!(" width=\"{w}\""),
            &format!(" width=\"{width_pt:.2}pt\""),
            1,
        )
        .replacen(
            &format!(" height=\"{h}\""),
            &format!(" height=\"{height_pt:.2}pt\""),
            1,
        );
    Ok(format!("{new_head}{}", &svg[head_end..]))
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

/// Writes `bytes` to `path` by the rules of [`crate::io`] (a temporary file in the
/// same directory renamed into place; regular files only; the directory must exist).
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
/// an empty title). The font size scales with the area ([`Theme::title_size`]); a title wider than the area shrinks (to 70% of that
/// size at least) and then wraps at spaces ([`title_layout`]), so it never runs off
/// the canvas or into the drawing below it.
pub fn draw_title<DB: DrawingBackend>(
    area: &Area<DB>,
    title: &str,
    theme: &Theme,
) -> Result<i32, FigureError> {
    let (w, _) = area.dim_in_pixel();
    let t = title_layout(area.dim_in_pixel(), title, theme);
    for (i, line) in t.lines.iter().enumerate() {
        let y = t.size * (0.225 + 1.15 * (i as f64 + 0.5));
        draw_label(area, line, t.size, (w as f64 / 2.0, y), theme.palette.text)?;
    }
    Ok(t.height)
}

/// Draws one line of `text` centred on `centre` at font size `size`, its exponents and
/// subscripts ([`crate::escape::script_runs`]) set smaller and shifted
/// ([`script_layout`]).
pub fn draw_label<DB: DrawingBackend>(
    area: &Area<DB>,
    text: &str,
    size: f64,
    centre: (f64, f64),
    colour: RGBColor,
) -> Result<(), FigureError> {
    let runs = crate::escape::script_runs(text);
    if runs.len() == 1 {
        return area
            .draw(&Text::new(
                text.to_string(),
                (centre.0.round() as i32, centre.1.round() as i32),
                centred_text(size, colour),
            ))
            .map_err(draw_err);
    }
    for run in script_layout(&runs, size, centre.0, centre.1) {
        let style = text_style(run.size, colour).pos(plotters::style::text_anchor::Pos::new(
            plotters::style::text_anchor::HPos::Left,
            plotters::style::text_anchor::VPos::Center,
        ));
        area.draw(&Text::new(
            run.text,
            (run.x.round() as i32, run.y.round() as i32),
            style,
        ))
        .map_err(draw_err)?;
    }
    Ok(())
}

/// One run of a label with exponents or subscripts, placed: its text, font size
/// and left-centre anchor point.
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedRun {
    /// The run's text (without `^` or `_`).
    pub text: String,
    /// Its font size: the label's, or [`SCRIPT_SCALE`] of it for a script.
    pub size: f64,
    /// Left edge in pixels.
    pub x: f64,
    /// Vertical centre (of the run's x-height) in pixels.
    pub y: f64,
}

/// The size of an exponent or subscript relative to the text around it.
pub const SCRIPT_SCALE: f64 = 0.7;

/// Places the runs of [`crate::escape::script_runs`] centred on `(cx, cy)` at font
/// size `size`: scripts at [`SCRIPT_SCALE`] of the size, an exponent's baseline 0.35
/// em above the line's, a subscript's 0.15 em below (the proportions of TeX's
/// `\scriptstyle` shifts, rounded; D. E. Knuth, *The TeXbook*, appendix G).
pub fn script_layout(
    runs: &[(String, crate::escape::Script)],
    size: f64,
    cx: f64,
    cy: f64,
) -> Vec<PlacedRun> {
    use crate::escape::Script;
    let em = text::em_of(size);
    let xh = text::x_height_em();
    let sizes: Vec<f64> = runs
        .iter()
        .map(|(_, k)| match k {
            Script::Normal => size,
            _ => size * SCRIPT_SCALE,
        })
        .collect();
    let widths: Vec<f64> = runs
        .iter()
        .zip(&sizes)
        .map(|((t, _), &s)| text::text_width(t, text::em_of(s)))
        .collect();
    let mut x = cx - widths.iter().sum::<f64>() / 2.0;
    // the line's baseline, and a run's centre for a baseline shifted by `shift` ems
    let baseline = cy + 0.5 * xh * em;
    let mut out = Vec::with_capacity(runs.len());
    for (((t, k), &s), &wd) in runs.iter().zip(&sizes).zip(&widths) {
        let shift = match k {
            Script::Normal => 0.0,
            Script::Superscript => -0.35,
            Script::Subscript => 0.15,
        };
        let y = baseline + shift * em - 0.5 * xh * text::em_of(s);
        out.push(PlacedRun {
            text: t.clone(),
            size: s,
            x,
            y,
        });
        x += wd;
    }
    out
}

/// Where a title goes: its font size, its lines, and the height of the band they
/// take at the top of the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct TitleLayout {
    /// Font size (plotters' size: the em is `size / 1.24` pixels).
    pub size: f64,
    /// The lines, top to bottom (none for an empty title).
    pub lines: Vec<String>,
    /// Height of the title band in pixels.
    pub height: i32,
}

/// The layout of `title` on an area of `size` pixels: [`Theme::title_size`], shrunk
/// until the title fits within the width less a 3% margin each side (down to 70% of
/// it), then wrapped at spaces ([`text::wrap`]); one line takes `1.6·size`, each
/// further line `1.15·size` more.
pub fn title_layout(size: (u32, u32), title: &str, theme: &Theme) -> TitleLayout {
    if title.is_empty() {
        return TitleLayout {
            size: theme.title_size(size),
            lines: Vec::new(),
            height: 0,
        };
    }
    let max_width = size.0 as f64 * 0.94;
    let full = theme.title_size(size);
    let width = text::text_width(title, text::em_of(full));
    let font = if width <= max_width {
        full
    } else {
        (full * max_width / width).max(full * 0.7)
    };
    let lines = text::wrap(title, text::em_of(font), max_width);
    let height = (font * (0.45 + 1.15 * lines.len() as f64)).round() as i32;
    TitleLayout {
        size: font,
        lines,
        height,
    }
}

/// The height [`draw_title`] takes for `title` on an area of `size` pixels.
pub fn title_height(size: (u32, u32), title: &str, theme: &Theme) -> i32 {
    title_layout(size, title, theme).height
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
    /// Series colours: the Okabe–Ito palette (M. Okabe and K. Ito, "Color Universal
    /// Design (CUD): How to make figures and presentations that are friendly to
    /// colorblind people", 2002/2008, <https://jfly.uni-koeln.de/color/>), whose
    /// colours stay distinct under the common colour-vision deficiencies; the first
    /// three (blue, orange, green) also differ in lightness, so they separate in
    /// greyscale print.
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
