//! Eigenvalues in the complex plane with the unit circle: the roots of unity of a
//! word's matrix ([`crate::linalg::spectrum::permutation_eigenvalues`], each labelled
//! with its multiplicity) or the spectrum of a random-move operator
//! ([`crate::linalg::spectrum::random_move_spectrum`]).
//!
//! ```
//! use permlab::figures::{Figure, spectrum::SpectrumFigure};
//! use permlab::nalgebra::Complex;
//! let fig = SpectrumFigure::new(vec![(Complex::new(1.0, 0.0), 2), (Complex::new(-1.0, 0.0), 1)])
//!     .title("(1,2)");
//! assert!(fig.to_svg((400, 400)).unwrap().contains("(1,2)"));
//! ```

use super::{draw_err, Area, Figure, FigureError, Theme, FONT_FAMILY};
use nalgebra::Complex;
use plotters::prelude::*;

/// Eigenvalues with multiplicities, drawn as dots on the complex plane with the
/// unit circle; a multiplicity above 1 is written next to its dot.
#[derive(Clone, Debug)]
pub struct SpectrumFigure {
    points: Vec<(Complex<f64>, usize)>,
    title: String,
    size: (u32, u32),
}

impl SpectrumFigure {
    /// A figure of eigenvalues with their multiplicities.
    pub fn new(points: Vec<(Complex<f64>, usize)>) -> SpectrumFigure {
        SpectrumFigure {
            points,
            title: String::new(),
            size: (520, 540),
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
}

impl Figure for SpectrumFigure {
    fn default_size(&self) -> (u32, u32) {
        self.size
    }

    fn to_tikz(&self) -> Result<String, FigureError> {
        Ok(super::tikz::spectrum(&self.points, &self.title))
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let (mut builder, fs) = super::chart_builder(area, theme);
        if !self.title.is_empty() {
            builder.caption(&self.title, (FONT_FAMILY, theme.title_size((w, h))));
        }
        let mut chart = builder
            .build_cartesian_2d(-1.25f64..1.25f64, -1.25f64..1.25f64)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("real part")
            .y_desc("imaginary part")
            .label_style((FONT_FAMILY, fs))
            .draw()
            .map_err(draw_err)?;
        let circle = (0..=360).map(|d| {
            let t = (d as f64).to_radians();
            (t.cos(), t.sin())
        });
        chart
            .draw_series(LineSeries::new(
                circle,
                theme.palette.grid.stroke_width(theme.line(2.0)),
            ))
            .map_err(draw_err)?;
        let dot = theme.palette.series[0];
        let r = (fs * 0.35).max(3.0) as i32;
        chart
            .draw_series(
                self.points
                    .iter()
                    .map(|(z, _)| Circle::new((z.re, z.im), r, dot.filled())),
            )
            .map_err(draw_err)?;
        let label = (FONT_FAMILY, fs * 0.8)
            .into_font()
            .color(&theme.palette.ink);
        chart
            .draw_series(self.points.iter().filter(|(_, m)| *m > 1).map(|(z, m)| {
                // outside the circle for points on it, beside the dot otherwise
                let s = if z.norm() > 0.5 { 1.12 } else { 1.0 };
                Text::new(
                    format!("×{m}"),
                    (z.re * s + 0.03, z.im * s + 0.03),
                    label.clone(),
                )
            }))
            .map_err(draw_err)?;
        Ok(())
    }
}
