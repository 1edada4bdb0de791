//! The canvas every figure draws on: shapes in pixel coordinates (floating point, so
//! curves and circles are exact), written as one SVG document ([`Canvas::to_svg`]),
//! from which the PNG ([`super::raster`]) and the PDF ([`super::pdf`]) are rendered.
//!
//! Shapes are rectangles, polylines, filled polygons, circles, circular arcs,
//! quadratic Bézier curves and labels. A label is one line of text set by
//! [`super::text::set_line`]: its exponents and subscripts become `<tspan>`s with
//! their own size and baseline, each at the position computed from the shipped
//! font's advances, so a superscript starts where its base ends in every viewer that
//! has the font, and in the PNG and PDF, which embed it.
//!
//! Charts drawn by plotters (axes, ticks, legends) go through [`Canvas::plotters`]: a
//! plotters [`DrawingBackend`] that records plotters' primitives as shapes here.
//!
//! ```
//! use permlab::figures::canvas::{Canvas, Stroke};
//! use permlab::figures::text::{HAlign, VAlign};
//! use plotters::style::RGBColor;
//! let mut c = Canvas::new(100.0, 50.0);
//! c.circle((50.0, 25.0), 20.0, None, Some(Stroke::new(RGBColor(0, 0, 0), 1.0)));
//! c.label("7^2", (50.0, 25.0), 10.0, (HAlign::Centre, VAlign::Middle), RGBColor(0, 0, 0));
//! let svg = c.to_svg(72.0);
//! assert!(svg.contains("<circle cx=\"50\" cy=\"25\" r=\"20\""));
//! assert!(svg.contains(">7</tspan><tspan"));
//! ```

use super::text::{set_line, HAlign, VAlign, SVG_FONT_FAMILY};
use plotters::coord::Shift;
use plotters::prelude::{DrawingArea, DrawingBackend};
use plotters::style::RGBColor;
use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind, FontTransform,
};
use std::fmt::Write;

/// How a line is stroked: colour, width in pixels, opacity, and an optional dash
/// pattern (dash, gap).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// The colour.
    pub colour: RGBColor,
    /// Width in pixels.
    pub width: f64,
    /// Opacity, 0..=1.
    pub opacity: f64,
    /// Dash and gap lengths in pixels, for a dashed line.
    pub dash: Option<(f64, f64)>,
}

impl Stroke {
    /// A solid, opaque stroke.
    pub fn new(colour: RGBColor, width: f64) -> Stroke {
        Stroke {
            colour,
            width,
            opacity: 1.0,
            dash: None,
        }
    }

    /// The same stroke dashed.
    pub fn dashed(self, dash: f64, gap: f64) -> Stroke {
        Stroke {
            dash: Some((dash, gap)),
            ..self
        }
    }
}

/// How a label is turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// Reading left to right.
    None,
    /// Reading upwards (turned a quarter counterclockwise about its anchor).
    Up,
    /// Reading downwards (turned a quarter clockwise about its anchor).
    Down,
}

/// One line of text on the canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    /// The text, with `^`/`_` scripts as [`crate::escape::script_runs`] reads them.
    pub text: String,
    /// The anchor point.
    pub at: (f64, f64),
    /// The em in pixels (the SVG `font-size`).
    pub em: f64,
    /// Where the line sits on the anchor.
    pub align: (HAlign, VAlign),
    /// How it is turned about the anchor.
    pub rotation: Rotation,
    /// Its colour.
    pub colour: RGBColor,
}

impl Label {
    /// The line's box, unrotated, as `(left, top, right, bottom)` pixels: its width
    /// and its ascent and descent (scripts included) about its baseline.
    pub fn unrotated_box(&self) -> (f64, f64, f64, f64) {
        let line = set_line(&self.text, self.em);
        let left = self.at.0 - line.width * self.align.0.fraction();
        let base = self.at.1 + self.align.1.baseline_below() * self.em;
        (
            left,
            base - line.ascent(),
            left + line.width,
            base + line.descent(),
        )
    }

    /// The box the label covers on the canvas, `(left, top, right, bottom)`.
    pub fn bbox(&self) -> (f64, f64, f64, f64) {
        let (l, t, r, b) = self.unrotated_box();
        let (ax, ay) = self.at;
        match self.rotation {
            Rotation::None => (l, t, r, b),
            // (x, y) turned a quarter counterclockwise about the anchor (y down)
            Rotation::Up => (ax + (t - ay), ay - (r - ax), ax + (b - ay), ay - (l - ax)),
            Rotation::Down => (ax - (b - ay), ay + (l - ax), ax - (t - ay), ay + (r - ax)),
        }
    }
}

/// A shape on the canvas.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// An axis-parallel rectangle from `(x, y)` of size `(w, h)`.
    Rect {
        /// Top-left corner.
        at: (f64, f64),
        /// Width and height.
        size: (f64, f64),
        /// Fill colour.
        fill: Option<RGBColor>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// An open polyline.
    Polyline {
        /// The points.
        points: Vec<(f64, f64)>,
        /// The stroke.
        stroke: Stroke,
    },
    /// A filled polygon.
    Polygon {
        /// The corners.
        points: Vec<(f64, f64)>,
        /// The fill colour.
        fill: RGBColor,
        /// Opacity of the fill.
        opacity: f64,
    },
    /// A circle.
    Circle {
        /// Centre.
        centre: (f64, f64),
        /// Radius.
        radius: f64,
        /// Fill colour.
        fill: Option<RGBColor>,
        /// Outline.
        stroke: Option<Stroke>,
    },
    /// An arc of a circle from angle `start` turning by `sweep` (radians; positive is
    /// clockwise on the canvas, whose y axis points down).
    Arc {
        /// Centre.
        centre: (f64, f64),
        /// Radius.
        radius: f64,
        /// Angle of the start point (0 is to the right of the centre).
        start: f64,
        /// Signed angle turned.
        sweep: f64,
        /// The stroke.
        stroke: Stroke,
    },
    /// A quadratic Bézier curve from `from` to `to` with control point `control`.
    Curve {
        /// Start.
        from: (f64, f64),
        /// Control point.
        control: (f64, f64),
        /// End.
        to: (f64, f64),
        /// The stroke.
        stroke: Stroke,
    },
    /// A line of text.
    Text(Label),
}

impl Shape {
    /// Moves the shape by `(dx, dy)`.
    fn translate(&mut self, (dx, dy): (f64, f64)) {
        let t = |p: &mut (f64, f64)| {
            p.0 += dx;
            p.1 += dy;
        };
        match self {
            Shape::Rect { at, .. } => t(at),
            Shape::Polyline { points, .. } | Shape::Polygon { points, .. } => {
                points.iter_mut().for_each(t)
            }
            Shape::Circle { centre, .. } | Shape::Arc { centre, .. } => t(centre),
            Shape::Curve {
                from, control, to, ..
            } => {
                t(from);
                t(control);
                t(to);
            }
            Shape::Text(l) => t(&mut l.at),
        }
    }
}

/// Shapes on a `width × height` pixel canvas, in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Canvas {
    width: f64,
    height: f64,
    shapes: Vec<Shape>,
}

impl Canvas {
    /// An empty (white) canvas.
    pub fn new(width: f64, height: f64) -> Canvas {
        Canvas {
            width,
            height,
            shapes: Vec::new(),
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> f64 {
        self.height
    }

    /// The shapes drawn so far, in order.
    pub fn shapes(&self) -> &[Shape] {
        &self.shapes
    }

    /// The labels drawn so far, in order.
    pub fn labels(&self) -> impl Iterator<Item = &Label> {
        self.shapes.iter().filter_map(|s| match s {
            Shape::Text(l) => Some(l),
            _ => None,
        })
    }

    /// Adds a shape.
    pub fn push(&mut self, shape: Shape) {
        self.shapes.push(shape);
    }

    /// A rectangle from corner `a` to corner `b`.
    pub fn rect(
        &mut self,
        a: (f64, f64),
        b: (f64, f64),
        fill: Option<RGBColor>,
        stroke: Option<Stroke>,
    ) {
        self.push(Shape::Rect {
            at: (a.0.min(b.0), a.1.min(b.1)),
            size: ((b.0 - a.0).abs(), (b.1 - a.1).abs()),
            fill,
            stroke,
        });
    }

    /// A straight line.
    pub fn line(&mut self, a: (f64, f64), b: (f64, f64), stroke: Stroke) {
        self.polyline(vec![a, b], stroke);
    }

    /// An open polyline.
    pub fn polyline(&mut self, points: Vec<(f64, f64)>, stroke: Stroke) {
        if points.len() > 1 {
            self.push(Shape::Polyline { points, stroke });
        }
    }

    /// A filled polygon.
    pub fn polygon(&mut self, points: Vec<(f64, f64)>, fill: RGBColor) {
        self.push(Shape::Polygon {
            points,
            fill,
            opacity: 1.0,
        });
    }

    /// The square of side `cell` in column `c`, row `r` of a grid of such squares
    /// whose top-left corner is `origin`, filled with `fill` and outlined by
    /// `border`; returns the square's centre (where its number goes).
    pub fn grid_square(
        &mut self,
        origin: (f64, f64),
        cell: f64,
        (c, r): (usize, usize),
        fill: RGBColor,
        border: Stroke,
    ) -> (f64, f64) {
        let (x, y) = (origin.0 + c as f64 * cell, origin.1 + r as f64 * cell);
        self.rect((x, y), (x + cell, y + cell), Some(fill), Some(border));
        (x + cell / 2.0, y + cell / 2.0)
    }

    /// A circle.
    pub fn circle(
        &mut self,
        centre: (f64, f64),
        radius: f64,
        fill: Option<RGBColor>,
        stroke: Option<Stroke>,
    ) {
        self.push(Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        });
    }

    /// A label: `text` (one line, scripts set by [`set_line`]) at an em of `em`
    /// pixels, placed on `at` as `align` says.
    pub fn label(
        &mut self,
        text: &str,
        at: (f64, f64),
        em: f64,
        align: (HAlign, VAlign),
        colour: RGBColor,
    ) {
        self.push(Shape::Text(Label {
            text: text.to_string(),
            at,
            em,
            align,
            rotation: Rotation::None,
            colour,
        }));
    }

    /// Draws `other` with its top-left corner at `offset`.
    pub fn place(&mut self, other: Canvas, offset: (f64, f64)) {
        for mut s in other.shapes {
            s.translate(offset);
            self.shapes.push(s);
        }
    }

    /// Runs `f` with a plotters drawing area over the whole canvas: what plotters
    /// draws (charts, axes, legends) is recorded as shapes here.
    pub fn plotters<T>(
        &mut self,
        f: impl FnOnce(&DrawingArea<CanvasBackend<'_>, Shift>) -> T,
    ) -> T {
        let area = DrawingArea::from(CanvasBackend { canvas: self });
        f(&area)
    }

    /// The canvas as an SVG document whose drawing is `width × height` pixels
    /// (`viewBox`) printed `print_width_pt` points wide (the height in proportion):
    /// a white background, then every shape in order.
    pub fn to_svg(&self, print_width_pt: f64) -> String {
        let mut s = String::new();
        let print_h = print_width_pt * self.height / self.width;
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}pt\" height=\"{}pt\" viewBox=\"0 0 {} {}\">",
            num(print_width_pt),
            num(print_h),
            num(self.width),
            num(self.height)
        );
        let _ = writeln!(
            s,
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(self.width),
            num(self.height)
        );
        for shape in &self.shapes {
            write_shape(&mut s, shape);
        }
        s.push_str("</svg>\n");
        s
    }
}

/// A number for SVG: at most two decimals, no trailing zeros, no `-0`.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let mut t = format!("{r:.2}");
    while t.ends_with('0') {
        t.pop();
    }
    if t.ends_with('.') {
        t.pop();
    }
    t
}

/// `#rrggbb`.
pub fn hex(c: RGBColor) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

fn fill_attr(fill: Option<RGBColor>) -> String {
    match fill {
        Some(c) => format!(" fill=\"{}\"", hex(c)),
        None => " fill=\"none\"".to_string(),
    }
}

fn stroke_attr(stroke: Option<&Stroke>) -> String {
    let Some(st) = stroke else {
        return String::new();
    };
    let mut a = format!(
        " stroke=\"{}\" stroke-width=\"{}\"",
        hex(st.colour),
        num(st.width)
    );
    if st.opacity < 1.0 {
        let _ = write!(a, " stroke-opacity=\"{}\"", num(st.opacity));
    }
    if let Some((d, g)) = st.dash {
        let _ = write!(a, " stroke-dasharray=\"{} {}\"", num(d), num(g));
    }
    a
}

fn points_attr(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|p| format!("{},{}", num(p.0), num(p.1)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn xml_text(t: &str) -> String {
    crate::escape::html_text(t)
}

fn write_shape(s: &mut String, shape: &Shape) {
    match shape {
        Shape::Rect {
            at,
            size,
            fill,
            stroke,
        } => {
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}{}/>",
                num(at.0),
                num(at.1),
                num(size.0),
                num(size.1),
                fill_attr(*fill),
                stroke_attr(stroke.as_ref())
            );
        }
        Shape::Polyline { points, stroke } => {
            let _ = writeln!(
                s,
                "<polyline points=\"{}\" fill=\"none\"{}/>",
                points_attr(points),
                stroke_attr(Some(stroke))
            );
        }
        Shape::Polygon {
            points,
            fill,
            opacity,
        } => {
            let op = if *opacity < 1.0 {
                format!(" fill-opacity=\"{}\"", num(*opacity))
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                "<polygon points=\"{}\" fill=\"{}\"{op}/>",
                points_attr(points),
                hex(*fill)
            );
        }
        Shape::Circle {
            centre,
            radius,
            fill,
            stroke,
        } => {
            let _ = writeln!(
                s,
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}{}/>",
                num(centre.0),
                num(centre.1),
                num(*radius),
                fill_attr(*fill),
                stroke_attr(stroke.as_ref())
            );
        }
        Shape::Arc {
            centre,
            radius,
            start,
            sweep,
            stroke,
        } => {
            let p = |a: f64| (centre.0 + radius * a.cos(), centre.1 + radius * a.sin());
            let (a, b) = (p(*start), p(start + sweep));
            let large = u8::from(sweep.abs() > std::f64::consts::PI);
            let clockwise = u8::from(*sweep > 0.0);
            let _ = writeln!(
                s,
                "<path d=\"M {} {} A {} {} 0 {large} {clockwise} {} {}\" fill=\"none\"{}/>",
                num(a.0),
                num(a.1),
                num(*radius),
                num(*radius),
                num(b.0),
                num(b.1),
                stroke_attr(Some(stroke))
            );
        }
        Shape::Curve {
            from,
            control,
            to,
            stroke,
        } => {
            let _ = writeln!(
                s,
                "<path d=\"M {} {} Q {} {} {} {}\" fill=\"none\"{}/>",
                num(from.0),
                num(from.1),
                num(control.0),
                num(control.1),
                num(to.0),
                num(to.1),
                stroke_attr(Some(stroke))
            );
        }
        Shape::Text(l) => write_label(s, l),
    }
}

/// A label as one `<text>` element whose runs are `<tspan>`s with explicit positions
/// (left end and baseline) and sizes.
fn write_label(s: &mut String, l: &Label) {
    if l.text.trim().is_empty() {
        return;
    }
    let line = set_line(&l.text, l.em);
    let left = l.at.0 - line.width * l.align.0.fraction();
    let base = l.at.1 + l.align.1.baseline_below() * l.em;
    let rotate = match l.rotation {
        Rotation::None => String::new(),
        Rotation::Up => format!(" transform=\"rotate(-90 {} {})\"", num(l.at.0), num(l.at.1)),
        Rotation::Down => format!(" transform=\"rotate(90 {} {})\"", num(l.at.0), num(l.at.1)),
    };
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\" font-family=\"{SVG_FONT_FAMILY}\" font-size=\"{}\" fill=\"{}\" xml:space=\"preserve\"{rotate}>",
        num(left),
        num(base),
        num(l.em),
        hex(l.colour)
    );
    if line.runs.len() == 1 {
        s.push_str(&xml_text(&line.runs[0].text));
    } else {
        for r in &line.runs {
            let _ = write!(
                s,
                "<tspan x=\"{}\" y=\"{}\" font-size=\"{}\">{}</tspan>",
                num(left + r.x),
                num(base + r.shift),
                num(r.em),
                xml_text(&r.text)
            );
        }
    }
    s.push_str("</text>\n");
}

/// The error type of [`CanvasBackend`] (recording never fails; bitmaps are refused).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct CanvasError(String);

/// A plotters backend recording onto a [`Canvas`] ([`Canvas::plotters`]).
pub struct CanvasBackend<'a> {
    canvas: &'a mut Canvas,
}

fn rgb(c: BackendColor) -> RGBColor {
    RGBColor(c.rgb.0, c.rgb.1, c.rgb.2)
}

fn pt(c: BackendCoord) -> (f64, f64) {
    (f64::from(c.0), f64::from(c.1))
}

fn backend_stroke<S: BackendStyle>(style: &S) -> Stroke {
    let c = style.color();
    Stroke {
        opacity: c.alpha,
        ..Stroke::new(rgb(c), f64::from(style.stroke_width()))
    }
}

impl DrawingBackend for CanvasBackend<'_> {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        (
            self.canvas.width.round() as u32,
            self.canvas.height.round() as u32,
        )
    }
    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        Ok(())
    }
    fn present(&mut self) -> Result<(), DrawingErrorKind<CanvasError>> {
        Ok(())
    }
    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if color.alpha > 0.0 {
            let (x, y) = pt(point);
            self.canvas
                .rect((x, y), (x + 1.0, y + 1.0), Some(rgb(color)), None);
        }
        Ok(())
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha > 0.0 {
            self.canvas.line(pt(from), pt(to), backend_stroke(style));
        }
        Ok(())
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let c = style.color();
        if c.alpha <= 0.0 {
            return Ok(());
        }
        let (a, b) = (pt(upper_left), pt(bottom_right));
        if fill {
            if c.alpha < 1.0 {
                // a translucent fill (a legend's background) as a polygon with opacity
                self.canvas.push(Shape::Polygon {
                    points: vec![a, (b.0, a.1), b, (a.0, b.1)],
                    fill: rgb(c),
                    opacity: c.alpha,
                });
            } else {
                self.canvas.rect(a, b, Some(rgb(c)), None);
            }
        } else {
            self.canvas.rect(a, b, None, Some(backend_stroke(style)));
        }
        Ok(())
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        if style.color().alpha > 0.0 {
            let points = path.into_iter().map(pt).collect();
            self.canvas.polyline(points, backend_stroke(style));
        }
        Ok(())
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let c = style.color();
        if c.alpha > 0.0 {
            let (fill, stroke) = if fill {
                (Some(rgb(c)), None)
            } else {
                (None, Some(backend_stroke(style)))
            };
            self.canvas
                .circle(pt(center), f64::from(radius), fill, stroke);
        }
        Ok(())
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let c = style.color();
        if c.alpha > 0.0 {
            self.canvas.push(Shape::Polygon {
                points: vert.into_iter().map(pt).collect(),
                fill: rgb(c),
                opacity: c.alpha,
            });
        }
        Ok(())
    }
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        let c = style.color();
        if c.alpha <= 0.0 || text.is_empty() {
            return Ok(());
        }
        let anchor = style.anchor();
        let h = match anchor.h_pos {
            HPos::Left => HAlign::Left,
            HPos::Center => HAlign::Centre,
            HPos::Right => HAlign::Right,
        };
        let v = match anchor.v_pos {
            VPos::Top => VAlign::Top,
            VPos::Center => VAlign::Middle,
            VPos::Bottom => VAlign::Bottom,
        };
        let rotation = match style.transform() {
            FontTransform::Rotate270 => Rotation::Up,
            FontTransform::Rotate90 => Rotation::Down,
            _ => Rotation::None,
        };
        self.canvas.push(Shape::Text(Label {
            text: text.to_string(),
            at: pt(pos),
            em: super::text::em_of(style.size()),
            align: (h, v),
            rotation,
            colour: rgb(c),
        }));
        Ok(())
    }
    fn estimate_text_size<S: BackendTextStyle>(
        &self,
        text: &str,
        style: &S,
    ) -> Result<(u32, u32), DrawingErrorKind<CanvasError>> {
        let line = set_line(text, super::text::em_of(style.size()));
        Ok((
            line.width.ceil() as u32,
            (line.ascent() + line.descent()).ceil() as u32,
        ))
    }
    fn blit_bitmap(
        &mut self,
        _pos: BackendCoord,
        _size: (u32, u32),
        _src: &[u8],
    ) -> Result<(), DrawingErrorKind<CanvasError>> {
        Err(DrawingErrorKind::DrawingError(CanvasError(
            "a figure canvas holds vector shapes, not bitmaps".into(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_deterministic() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.456), "2.46");
        assert_eq!(num(10.5), "10.5");
    }

    #[test]
    fn rotated_boxes_turn_about_the_anchor() {
        let l = Label {
            text: "ab".into(),
            at: (100.0, 50.0),
            em: 10.0,
            align: (HAlign::Left, VAlign::Baseline),
            rotation: Rotation::Up,
            colour: RGBColor(0, 0, 0),
        };
        let (ul, ut, ur, ub) = l.unrotated_box();
        let (l0, t0, r0, b0) = l.bbox();
        // reading upwards: the text runs from the anchor up, its top to the left
        assert!((b0 - 50.0).abs() < 1e-9 && (t0 - (50.0 - (ur - ul))).abs() < 1e-9);
        assert!((l0 - (100.0 - (50.0 - ut))).abs() < 1e-9);
        assert!((r0 - (100.0 + (ub - 50.0))).abs() < 1e-9);
    }
}
