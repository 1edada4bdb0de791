//! Eigenvalues in the complex plane with the unit circle: the roots of unity of a
//! word's matrix ([`crate::linalg::spectrum::permutation_eigenvalues`], each labelled
//! with its multiplicity) or the spectrum of a random-move operator
//! ([`crate::linalg::spectrum::random_move_spectrum`]).
//!
//! The unit circle is a circle (not a polygon) in every format. A multiplicity is
//! written radially outside its dot ([`SpectrumFigure::label_anchor`]), its box
//! clear of the dot, the circle and the other dots.
//!
//! ```
//! use permlab::figures::{Figure, spectrum::SpectrumFigure};
//! use permlab::nalgebra::Complex;
//! let fig = SpectrumFigure::new(vec![(Complex::new(1.0, 0.0), 2), (Complex::new(-1.0, 0.0), 1)])
//!     .title("(1,2)");
//! assert!(fig.to_svg((400, 400)).unwrap().contains("(1,2)"));
//! ```

use super::axes::{Axis, Plot};
use super::canvas::{Canvas, Stroke};
use super::text::{HAlign, VAlign};
use super::{draw_title, tikz, Figure, FigureError, Theme};
use nalgebra::Complex;
use std::fmt::Write;

/// Eigenvalues with multiplicities, drawn as dots on the complex plane with the
/// unit circle; a multiplicity above 1 is written next to its dot.
#[derive(Clone, Debug)]
pub struct SpectrumFigure {
    points: Vec<(Complex<f64>, usize)>,
    title: String,
    size: (u32, u32),
}

/// The plotted range of both axes: `-R..R`.
const R: f64 = 1.3;

impl SpectrumFigure {
    /// A figure of eigenvalues with their multiplicities.
    pub fn new(points: Vec<(Complex<f64>, usize)>) -> SpectrumFigure {
        SpectrumFigure {
            points,
            title: String::new(),
            size: (520, 500),
        }
    }

    /// Eigenvalues listed one by one, grouped when within `1e-6` of each other.
    pub fn from_values(values: &[Complex<f64>]) -> SpectrumFigure {
        let mut points: Vec<(Complex<f64>, usize)> = Vec::new();
        for &z in values {
            match points.iter_mut().find(|(w, _)| (w - z).norm() < 1e-6) {
                Some((_, m)) => *m += 1,
                None => points.push((z, 1)),
            }
        }
        SpectrumFigure::new(points)
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> SpectrumFigure {
        self.title = title.to_string();
        self
    }

    /// The eigenvalues and their multiplicities.
    pub fn points(&self) -> &[(Complex<f64>, usize)] {
        &self.points
    }

    /// Where the multiplicity of `z` is written, in the plane: `gap` beyond the dot
    /// along the ray from 0 (straight right of a dot at 0), with the label's side
    /// facing the dot aligned to it (`HAlign`, `VAlign` of a label anchored there).
    pub fn label_anchor(z: Complex<f64>, gap: f64) -> ((f64, f64), (HAlign, VAlign)) {
        let (ux, uy) = if z.norm() < 1e-9 {
            (1.0, 0.0)
        } else {
            (z.re / z.norm(), z.im / z.norm())
        };
        let at = (z.re + ux * gap, z.im + uy * gap);
        let h = if ux > 0.38 {
            HAlign::Left
        } else if ux < -0.38 {
            HAlign::Right
        } else {
            HAlign::Centre
        };
        // the plane's imaginary axis points up the page
        let v = if uy > 0.38 {
            VAlign::Bottom
        } else if uy < -0.38 {
            VAlign::Top
        } else {
            VAlign::Middle
        };
        (at, (h, v))
    }
}

impl Figure for SpectrumFigure {
    fn default_size(&self) -> (u32, u32) {
        self.size
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let w = canvas.width();
        let top = draw_title(canvas, &self.title, theme);
        let x = Axis::linear(-1.0, 1.0, 4, "real part");
        let y = Axis::linear(-1.0, 1.0, 4, "imaginary part");
        let mut plot = Plot::layout(canvas, x, y, theme, top, 0.0);
        plot.x.lo = -R;
        plot.x.hi = R;
        plot.y.lo = -R;
        plot.y.hi = R;
        // square: equal scales on both axes
        let (l, t, r, b) = plot.rect;
        let side = (r - l).min(b - t);
        let top = t + (b - t - side) / 2.0;
        plot.rect = (l, top, l + side, top + side);
        plot.draw(canvas, theme, false);
        let centre = plot.px((0.0, 0.0));
        let unit = plot.px((1.0, 0.0)).0 - centre.0;
        canvas.circle(
            centre,
            unit,
            None,
            Some(Stroke::new(theme.palette.grid, theme.line(2.0, w))),
        );
        let dot = theme.pt(2.2, w);
        let em = theme.small(w);
        for (z, _) in &self.points {
            canvas.circle(
                plot.px((z.re, z.im)),
                dot,
                Some(theme.palette.series[0]),
                None,
            );
        }
        for (z, m) in self.points.iter().filter(|(_, m)| *m > 1) {
            let (at, align) = SpectrumFigure::label_anchor(*z, (dot + em * 0.3) / unit);
            canvas.label(&format!("×{m}"), plot.px(at), em, align, theme.palette.ink);
        }
        Ok(())
    }

    /// The same plane in TikZ (1 unit = 2.5 cm): the axes, the unit circle, a dot per
    /// eigenvalue in the order given and each multiplicity above 1 beside its dot as
    /// on the canvas, the title above.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let mut s = String::new();
        let dot = tikz::colour(super::palette::SERIES[0]);
        s.push_str("\\begin{tikzpicture}[scale=2.5]\n");
        let _ = writeln!(
            s,
            "\\draw[->,gray] (-{R},0) -- ({R},0) node[below left,black,font=\\small] {{real part}};"
        );
        let _ = writeln!(
            s,
            "\\draw[->,gray] (0,-{R}) -- (0,{R}) node[right,black,font=\\small] {{imaginary part}};"
        );
        s.push_str("\\draw[gray!60,line width=1pt] (0,0) circle (1);\n");
        for (z, _) in &self.points {
            let _ = writeln!(
                s,
                "\\fill[color={dot}] ({},{}) circle (0.03);",
                tikz::num(z.re),
                tikz::num(z.im)
            );
        }
        for (z, m) in self.points.iter().filter(|(_, m)| *m > 1) {
            let ((x, y), (h, v)) = SpectrumFigure::label_anchor(*z, 0.06);
            // the TikZ anchor is the label's side facing the dot
            let anchor = match (v, h) {
                (VAlign::Bottom, HAlign::Left) => "south west",
                (VAlign::Bottom, HAlign::Right) => "south east",
                (VAlign::Bottom, _) => "south",
                (VAlign::Top, HAlign::Left) => "north west",
                (VAlign::Top, HAlign::Right) => "north east",
                (VAlign::Top, _) => "north",
                (_, HAlign::Left) => "west",
                (_, HAlign::Right) => "east",
                _ => "center",
            };
            let _ = writeln!(
                s,
                "\\node[anchor={anchor},inner sep=1pt,font=\\scriptsize] at ({},{}) {{$\\times{m}$}};",
                tikz::num(x),
                tikz::num(y)
            );
        }
        if !self.title.is_empty() {
            s.push_str(&tikz::node("above", 0.0, R + 0.1, &self.title));
        }
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}
