//! Figures: permutation-matrix pictures ([`matrix`]), distance distributions
//! ([`histogram`]), boards with arrows and paths ([`board`]), coloured cube nets
//! ([`cube_net`]), cycle pictures ([`cycles`], [`cycletype`]), Schreier graphs
//! ([`schreier`]), block systems ([`blocks_figure`]), orbitals ([`orbitals`]),
//! spectra ([`spectrum`]) and mixing curves ([`mixing`]).
//!
//! Every figure implements [`Figure`]: it draws itself on a [`canvas::Canvas`] of any
//! pixel size with the sizes and colours of a [`Theme`], and the canvas is written as
//! one SVG document ([`Figure::to_svg`]); the PNG is that SVG rendered by resvg
//! ([`raster`]) and the PDF that SVG converted by svg2pdf ([`pdf`]), so the three are
//! the same picture. Every figure also has a TikZ/PGF form ([`Figure::to_tikz`]),
//! written by the figure itself from the same data (the shared helpers are in
//! [`tikz`]).
//!
//! Figures draw; they do not compute. Each takes its data (a permutation, a
//! distribution, a coset action, a mixing curve) from the modules that compute it
//! and only lays it out.
//!
//! Text is set in DejaVu Sans, shipped in the crate (`assets/fonts/`, with its
//! license): the layout ([`text`]) uses its metrics, the SVG names it, and the PNG
//! and PDF use it as their only font. The system's fonts and fontconfig are never
//! used, so a machine without any font installed draws the same pixels.
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

pub mod axes;
pub mod blocks_figure;
pub mod board;
pub mod canvas;
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
pub mod raster;
pub mod schreier;
pub mod spectrum;
pub mod text;
pub mod theme;
pub mod tikz;

use canvas::{Canvas, Stroke};
use plotters::style::{register_font, FontStyle, RGBColor};
use std::path::Path;
use std::sync::Once;
use text::{HAlign, VAlign};
pub use theme::Theme;

/// The font family plotters' text styles name; DejaVu Sans is registered under it.
pub const FONT_FAMILY: &str = "sans-serif";

/// DejaVu Sans (Bitstream Vera license, see `assets/fonts/LICENSE-DejaVu.txt`).
pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// Registers the shipped DejaVu Sans with plotters' `ab_glyph` font backend as
/// [`FONT_FAMILY`], so plotters' text styles (chart labels) resolve without the
/// system's fonts. Idempotent and cheap after the first call; every render function
/// calls it.
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

/// Converts a drawing error (plotters') into a [`FigureError`].
pub fn draw_err<E: std::fmt::Display>(e: E) -> FigureError {
    FigureError::Draw(e.to_string())
}

/// The output formats of [`Figure::save`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Scalable vector graphics, printed at the theme's width.
    Svg,
    /// PNG, the SVG rendered with the shipped font.
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

/// A drawing that renders to SVG, PNG, PDF and TikZ.
///
/// ```
/// use permlab::figures::{histogram::HistogramFigure, Figure};
/// use permlab::search::DistanceDistribution;
/// let d = DistanceDistribution::new(vec![1, 3, 6, 2]);
/// let fig = HistogramFigure::new(vec![("example".to_string(), d)]);
/// let svg = fig.to_svg(fig.default_size()).unwrap();
/// assert!(svg.contains("</svg>"));
/// assert!(fig.to_tikz().unwrap().starts_with("\\begin{tikzpicture}"));
/// ```
pub trait Figure {
    /// The pixel size used when the caller gives none (under [`Theme::paper`]; a
    /// [`Themed`] figure scales it by its theme, [`Theme::size`]).
    fn default_size(&self) -> (u32, u32);

    /// Draws the figure on `canvas` (white, of the output's pixel size), filling it,
    /// with the sizes and colours of `theme`.
    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError>;

    /// The figure as TikZ/PGF source: a `tikzpicture` environment showing the same
    /// data as the drawing, its text set by LaTeX (see [`tikz`]).
    fn to_tikz(&self) -> Result<String, FigureError>;

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

    /// The figure drawn on a canvas of `size` pixels.
    fn to_canvas(&self, size: (u32, u32)) -> Result<Canvas, FigureError> {
        check_size(size)?;
        register_fonts();
        let mut canvas = Canvas::new(f64::from(size.0), f64::from(size.1));
        self.draw(&mut canvas, &self.theme())?;
        Ok(canvas)
    }

    /// The figure as an SVG document: a drawing of `size` pixels (its `viewBox`)
    /// printed at the theme's width ([`Theme::print_width_pt`]).
    fn to_svg(&self, size: (u32, u32)) -> Result<String, FigureError> {
        Ok(self.to_canvas(size)?.to_svg(self.theme().print_width_pt))
    }

    /// The figure as a row-major RGB pixel buffer (`3·w·h` bytes): its SVG rendered.
    fn to_rgb(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        raster::svg_to_rgb(&self.to_svg(size)?, size)
    }

    /// The figure as PNG file bytes: its SVG rendered at `size` pixels.
    fn to_png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        raster::svg_to_png(&self.to_svg(size)?, size)
    }

    /// The figure as a one-page vector PDF of the theme's print width: its SVG of
    /// `size` pixels converted by `svg2pdf` with the shipped font embedded (module
    /// `pdf`). [`FigureError::NoPdf`] without the `pdf` feature.
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

    /// Writes the figure to `path` (`.svg`, `.png`, `.pdf`, or `.tex` for the
    /// `tikzpicture` of [`Figure::to_tikz`], where `size` is not used), through a
    /// temporary file renamed into place. Returns the format written.
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
    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        self.figure.draw(canvas, theme)
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
    /// See [`Figure::to_canvas`].
    fn canvas(&self, size: (u32, u32)) -> Result<Canvas, FigureError>;
    /// The theme it is drawn with ([`Figure::theme`]).
    fn drawn_theme(&self) -> Theme;
    /// [`Figure::default_size`] under `theme` ([`Theme::size`]).
    fn size_with(&self, theme: &Theme) -> (u32, u32);
    /// [`Figure::to_canvas`] drawn with `theme`.
    fn canvas_with(&self, size: (u32, u32), theme: &Theme) -> Result<Canvas, FigureError>;
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

impl Figure for DynThemed<'_> {
    fn default_size(&self) -> (u32, u32) {
        self.figure.size_with(&self.theme)
    }
    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let size = (canvas.width() as u32, canvas.height() as u32);
        let drawn = self.figure.canvas_with(size, theme)?;
        canvas.place(drawn, (0.0, 0.0));
        Ok(())
    }
    fn theme(&self) -> Theme {
        self.theme
    }
    fn to_tikz(&self) -> Result<String, FigureError> {
        self.figure.tikz()
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
    fn canvas(&self, size: (u32, u32)) -> Result<Canvas, FigureError> {
        self.to_canvas(size)
    }
    fn drawn_theme(&self) -> Theme {
        self.theme()
    }
    fn size_with(&self, theme: &Theme) -> (u32, u32) {
        theme.size(self.default_size())
    }
    fn canvas_with(&self, size: (u32, u32), theme: &Theme) -> Result<Canvas, FigureError> {
        check_size(size)?;
        register_fonts();
        let mut canvas = Canvas::new(f64::from(size.0), f64::from(size.1));
        self.draw(&mut canvas, theme)?;
        Ok(canvas)
    }
}

/// A reference to a figure draws as the figure.
impl<F: Figure> Figure for &F {
    fn default_size(&self) -> (u32, u32) {
        (*self).default_size()
    }
    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        (*self).draw(canvas, theme)
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

    /// Rows and columns of the grid (`cols` is a public field: 0 counts as 1).
    fn grid(&self) -> (usize, usize) {
        let rows = self.items.len().div_ceil(self.cols.max(1)).max(1);
        let cols = self.cols.min(self.items.len()).max(1);
        (rows, cols)
    }
}

impl<F: Figure> Figure for Panels<F> {
    fn default_size(&self) -> (u32, u32) {
        let (rows, cols) = self.grid();
        (
            self.panel_size.0 * cols as u32,
            self.panel_size.1 * rows as u32,
        )
    }

    /// Each panel is drawn on its share of the canvas, printed that share of the
    /// figure's width ([`Theme::part`]), so its text keeps its size in points.
    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let (rows, cols) = self.grid();
        let (w, h) = (
            (canvas.width() / cols as f64).floor(),
            (canvas.height() / rows as f64).floor(),
        );
        let part = theme.part(w / canvas.width());
        for (k, item) in self.items.iter().enumerate() {
            let mut panel = Canvas::new(w, h);
            item.draw(&mut panel, &part)?;
            canvas.place(panel, ((k % cols) as f64 * w, (k / cols) as f64 * h));
        }
        Ok(())
    }

    /// The panels' `tikzpicture`s, `cols` to a line (a line break after each row).
    fn to_tikz(&self) -> Result<String, FigureError> {
        let (_, cols) = self.grid();
        let mut s = String::new();
        for (k, item) in self.items.iter().enumerate() {
            s.push_str(&item.to_tikz()?);
            s.push_str(if (k + 1) % cols == 0 {
                "\\par\\medskip\n"
            } else {
                "\\hfill\n"
            });
        }
        Ok(s)
    }
}

/// Draws `title` centred at the top of the canvas and returns the height it took (0
/// for an empty title). Its em is [`Theme::title`]; a title wider than the canvas
/// shrinks (to 80% of that, and never below the theme's smallest text) and then wraps
/// at spaces ([`title_layout`]), so it never runs off the canvas or into the drawing
/// below it.
pub fn draw_title(canvas: &mut Canvas, title: &str, theme: &Theme) -> f64 {
    let t = title_layout(canvas.width(), title, theme);
    let colour = theme.palette.text;
    for (i, line) in t.lines.iter().enumerate() {
        let base = t.em * (0.3 + text::ASCENT + 1.2 * i as f64);
        canvas.label(
            line,
            (canvas.width() / 2.0, base),
            t.em,
            (HAlign::Centre, VAlign::Baseline),
            colour,
        );
    }
    t.height
}

/// Where a title goes: its em, its lines, and the height of the band they take at
/// the top of the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct TitleLayout {
    /// The em in pixels.
    pub em: f64,
    /// The lines, top to bottom (none for an empty title).
    pub lines: Vec<String>,
    /// Height of the title band in pixels.
    pub height: f64,
}

/// The layout of `title` on a canvas `width` pixels wide: [`Theme::title`], shrunk
/// until the title fits within the width less a 3% margin each side (down to 80% of
/// it and not below [`Theme::small`]), then wrapped at spaces ([`text::wrap`]); the
/// band is 1.2 ems a line plus 0.6 em.
pub fn title_layout(width: f64, title: &str, theme: &Theme) -> TitleLayout {
    let full = theme.title(width);
    if title.is_empty() {
        return TitleLayout {
            em: full,
            lines: Vec::new(),
            height: 0.0,
        };
    }
    let max_width = width * 0.94;
    let natural = text::label_width(title, full);
    let floor = (full * 0.8).max(theme.small(width));
    let em = if natural <= max_width {
        full
    } else {
        (full * max_width / natural).max(floor)
    };
    let lines = text::wrap(title, em, max_width);
    let height = (em * (0.6 + 1.2 * lines.len() as f64)).ceil();
    TitleLayout { em, lines, height }
}

/// Draws an arrow from `from` to `to` (pixels) with a filled head of length `head`:
/// the shaft stops at the head's base, so a wide stroke does not poke through the tip.
pub fn draw_arrow(
    canvas: &mut Canvas,
    from: (f64, f64),
    to: (f64, f64),
    head: f64,
    stroke: Stroke,
) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let head = head.min(len);
    let base = (to.0 - ux * head, to.1 - uy * head);
    if len > head {
        canvas.line(from, base, stroke);
    }
    arrow_head(canvas, to, (ux, uy), head, stroke.colour);
}

/// A filled arrow head with its tip at `tip`, pointing along the unit vector `dir`.
pub fn arrow_head(
    canvas: &mut Canvas,
    tip: (f64, f64),
    dir: (f64, f64),
    head: f64,
    colour: RGBColor,
) {
    let (ux, uy) = dir;
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let half = head * 0.42;
    canvas.polygon(
        vec![
            tip,
            (base.0 - uy * half, base.1 + ux * half),
            (base.0 + uy * half, base.1 - ux * half),
        ],
        colour,
    );
}

/// Draws an arrow along the circular arc about `centre` of radius `radius` from
/// angle `start` turning by `sweep` radians (positive: clockwise on the canvas), its
/// head of length `head` at the end, tangent to the arc.
pub fn draw_arc_arrow(
    canvas: &mut Canvas,
    centre: (f64, f64),
    radius: f64,
    start: f64,
    sweep: f64,
    head: f64,
    stroke: Stroke,
) {
    let end = start + sweep;
    let tip = (centre.0 + radius * end.cos(), centre.1 + radius * end.sin());
    // the head's base lies on the arc a chord of length `head` before the tip
    let back = 2.0 * (head / (2.0 * radius)).min(1.0).asin() * sweep.signum();
    let base_angle = end - back;
    if (base_angle - start) * sweep.signum() > 0.0 {
        canvas.push(canvas::Shape::Arc {
            centre,
            radius,
            start,
            sweep: base_angle - start,
            stroke,
        });
    }
    let base = (
        centre.0 + radius * base_angle.cos(),
        centre.1 + radius * base_angle.sin(),
    );
    let (dx, dy) = (tip.0 - base.0, tip.1 - base.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    arrow_head(canvas, tip, (dx / len, dy / len), head, stroke.colour);
}

/// A point on the quadratic Bézier curve `a, c, b` at parameter `t`.
pub fn bezier(a: (f64, f64), c: (f64, f64), b: (f64, f64), t: f64) -> (f64, f64) {
    let s = 1.0 - t;
    (
        s * s * a.0 + 2.0 * s * t * c.0 + t * t * b.0,
        s * s * a.1 + 2.0 * s * t * c.1 + t * t * b.1,
    )
}

/// A quadratic Bézier curve: start, control point, end.
pub type Bezier = ((f64, f64), (f64, f64), (f64, f64));

/// The piece of the quadratic Bézier curve `from, control, to` outside the circles
/// of radius `stops.0` about `from` and `stops.1` about `to` (two nodes'
/// boundaries), as the control points `(start, control, end)` of a quadratic curve;
/// `None` when the circles leave nothing of it. The cut points are found by
/// bisection on the distance to each end, which grows monotonically away from an
/// end for curves bent less than a half turn (all the crate draws).
pub fn curve_between(
    from: (f64, f64),
    control: (f64, f64),
    to: (f64, f64),
    stops: (f64, f64),
) -> Option<Bezier> {
    let dist = |p: (f64, f64), q: (f64, f64)| ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt();
    let at = |t: f64| bezier(from, control, to, t);
    // the parameter where the curve crosses the circle of radius r about `end`,
    // searched on the side of the curve next to that end
    let cross = |r: f64, towards_to: bool| {
        let (mut near, mut far) = if towards_to { (1.0, 0.0) } else { (0.0, 1.0) };
        let end = if towards_to { to } else { from };
        for _ in 0..60 {
            let mid = (near + far) / 2.0;
            if dist(at(mid), end) < r {
                near = mid;
            } else {
                far = mid;
            }
        }
        far
    };
    let t0 = if stops.0 > 0.0 {
        cross(stops.0, false)
    } else {
        0.0
    };
    let t1 = if stops.1 > 0.0 {
        cross(stops.1, true)
    } else {
        1.0
    };
    if t1 <= t0 {
        return None;
    }
    // the control point of the sub-curve on [t0, t1] (blossoming)
    let c = (
        (1.0 - t0) * (1.0 - t1) * from.0
            + ((1.0 - t0) * t1 + t0 * (1.0 - t1)) * control.0
            + t0 * t1 * to.0,
        (1.0 - t0) * (1.0 - t1) * from.1
            + ((1.0 - t0) * t1 + t0 * (1.0 - t1)) * control.1
            + t0 * t1 * to.1,
    );
    Some((at(t0), c, at(t1)))
}

/// Draws an arrow along the quadratic Bézier curve `from, control, to` between the
/// boundaries of two round nodes (radii `stops`, see [`curve_between`]), its head of
/// length `head` ending on the target's boundary, along the curve. Draws nothing
/// when the nodes overlap.
pub fn draw_curve_arrow(
    canvas: &mut Canvas,
    (from, control, to): Bezier,
    stops: (f64, f64),
    head: f64,
    stroke: Stroke,
) {
    let Some((a, c, b)) = curve_between(from, control, to, stops) else {
        return;
    };
    // the shaft stops where the head's base is: a circle of radius `head` about the tip
    let Some((a2, c2, base)) = curve_between(a, c, b, (0.0, head)) else {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        arrow_head(canvas, b, (dx / len, dy / len), len, stroke.colour);
        return;
    };
    canvas.push(canvas::Shape::Curve {
        from: a2,
        control: c2,
        to: base,
        stroke,
    });
    let (dx, dy) = (b.0 - base.0, b.1 - base.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    arrow_head(canvas, b, (dx / len, dy / len), head, stroke.colour);
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

    /// The colour of item `k` of `count` (blocks, orbitals): hues spread evenly
    /// around the colour wheel (HSL, hue `k/count` of a turn), alternating between a
    /// darker and a lighter tone so that neighbouring hues differ in lightness too.
    pub fn spread(k: usize, count: usize) -> RGBColor {
        let count = count.max(1);
        let hue = k as f64 / count as f64;
        let (s, l) = if k.is_multiple_of(2) {
            (0.65, 0.45)
        } else {
            (0.75, 0.70)
        };
        hsl(hue, s, l)
    }

    /// HSL (each in `0..1`) to RGB.
    fn hsl(h: f64, s: f64, l: f64) -> RGBColor {
        let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
        let hp = h.rem_euclid(1.0) * 6.0;
        let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
        let (r, g, b) = match hp as u32 {
            0 => (c, x, 0.0),
            1 => (x, c, 0.0),
            2 => (0.0, c, x),
            3 => (0.0, x, c),
            4 => (x, 0.0, c),
            _ => (c, 0.0, x),
        };
        let m = l - c / 2.0;
        let v = |t: f64| ((t + m) * 255.0).round().clamp(0.0, 255.0) as u8;
        RGBColor(v(r), v(g), v(b))
    }
}
