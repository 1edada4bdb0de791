//! Mixing curves: the total-variation distance to uniform of the uniformly random
//! walk on a puzzle's group after `k` random moves, several puzzles on one plot with
//! a log scale of the distance, each with the spectral lower bound `λ*^k / 2` drawn
//! dashed in the same colour (D. A. Levin, Y. Peres and E. L. Wilmer, *Markov Chains
//! and Mixing Times*, 2nd ed., AMS 2017, ch. 12).
//!
//! The figure draws curves it is given: the walk is [`crate::search::mixing`]'s and
//! the bound [`crate::linalg::spectrum::OperatorSpectrum::lower_bound`]'s
//! ([`MixingSeries::new`] takes both). The legend sits above the plot, so it never
//! covers a curve.
//!
//! ```
//! use permlab::figures::{Figure, mixing::{MixingFigure, MixingSeries}};
//! let s = MixingSeries { name: "c3".into(), tv: vec![1.0, 0.5, 0.25], lower_bound: None };
//! let fig = MixingFigure::new(vec![s]).title("halving");
//! assert!(fig.to_svg((500, 400)).unwrap().contains("halving"));
//! ```

use super::axes::{title_and_legend, Axis, Plot};
use super::canvas::{Canvas, Stroke};
use super::{tikz, Figure, FigureError, Theme};
use crate::linalg::spectrum::OperatorSpectrum;
use crate::search::mixing::Mixing;
use std::fmt::Write;

/// One puzzle's curve.
#[derive(Clone, Debug, PartialEq)]
pub struct MixingSeries {
    /// Legend name.
    pub name: String,
    /// Total-variation distance to uniform after `k = 0, 1, …` moves.
    pub tv: Vec<f64>,
    /// The spectral lower bound `λ*^k / 2` for the same `k`, when it applies.
    pub lower_bound: Option<Vec<f64>>,
}

impl MixingSeries {
    /// The curve of a walk ([`crate::search::mixing::mixing`]) with, when the
    /// spectrum of the same moves' operator has a `λ*`, its lower bound `λ*^k / 2`
    /// at the same `k`.
    pub fn new(name: &str, walk: &Mixing, spectrum: Option<&OperatorSpectrum>) -> MixingSeries {
        let lower_bound = spectrum.filter(|s| s.lambda_star.is_some()).map(|s| {
            (0..walk.tv.len())
                .map(|k| s.lower_bound(k as u32).unwrap_or(0.0))
                .collect()
        });
        MixingSeries {
            name: name.to_string(),
            tv: walk.tv.clone(),
            lower_bound,
        }
    }

    /// The legend entry of the bound: `λ*^k/2` and the value of `λ*` (`b[1] = λ*/2`).
    fn bound_name(&self) -> Option<String> {
        let b = self.lower_bound.as_ref()?;
        Some(match b.get(1) {
            Some(b1) => format!("{}: lower bound λ*^k/2, λ* = {:.4}", self.name, 2.0 * b1),
            None => format!("{}: lower bound λ*^k/2", self.name),
        })
    }
}

/// TV-distance curves against `k` on a log scale, one colour per puzzle, the lower
/// bounds dashed.
#[derive(Clone, Debug)]
pub struct MixingFigure {
    series: Vec<MixingSeries>,
    title: String,
    size: (u32, u32),
}

impl MixingFigure {
    /// A figure of the given curves.
    pub fn new(series: Vec<MixingSeries>) -> MixingFigure {
        MixingFigure {
            series,
            title: String::new(),
            size: (640, 520),
        }
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> MixingFigure {
        self.title = title.to_string();
        self
    }

    /// The curves drawn.
    pub fn series(&self) -> &[MixingSeries] {
        &self.series
    }

    /// The smallest positive value drawn (curves and bounds), at least `1e-16`.
    fn min_positive(&self) -> f64 {
        self.series
            .iter()
            .flat_map(|s| s.tv.iter().chain(s.lower_bound.iter().flatten()))
            .copied()
            .filter(|&v| v > 0.0)
            .fold(1.0f64, f64::min)
            .max(1e-16)
    }

    /// The lowest value on the distance axis: half the smallest value drawn, and at
    /// most 0.1 (so the axis spans a decade at least).
    fn floor(&self) -> f64 {
        (self.min_positive() / 2.0).min(0.1)
    }

    fn kmax(&self) -> usize {
        self.series
            .iter()
            .map(|s| s.tv.len().saturating_sub(1))
            .max()
            .unwrap_or(0)
            .max(1)
    }

    /// The points of a curve at or above the axis's floor.
    fn points(v: &[f64], lo: f64) -> Vec<(f64, f64)> {
        v.iter()
            .enumerate()
            .filter(|(_, &t)| t >= lo)
            .map(|(k, &t)| (k as f64, t))
            .collect()
    }

    /// The legend's entries in order: each puzzle, then its bound.
    fn legend(&self) -> Vec<(String, usize, bool)> {
        let mut out = Vec::new();
        for (i, s) in self.series.iter().enumerate() {
            out.push((s.name.clone(), i, false));
            if let Some(b) = s.bound_name() {
                out.push((b, i, true));
            }
        }
        out
    }
}

impl Figure for MixingFigure {
    fn default_size(&self) -> (u32, u32) {
        self.size
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let w = canvas.width();
        let pal = &theme.palette;
        let entries = self.legend();
        let names: Vec<String> = entries.iter().map(|e| e.0.clone()).collect();
        let solid = |i: usize| Stroke::new(pal.series(i), theme.line(2.4, w));
        let dashed = |i: usize| {
            Stroke::new(pal.series(i), theme.line(1.4, w))
                .dashed(theme.pt(3.0, w), theme.pt(2.0, w))
        };
        let top = title_and_legend(canvas, &self.title, theme, &names, |c, k, (x, y, sw)| {
            let (_, i, bound) = entries[k];
            let stroke = if bound { dashed(i) } else { solid(i) };
            c.line((x, y), (x + sw, y), stroke);
        });
        let lo = self.floor();
        let x = Axis::linear(0.0, self.kmax() as f64, 6, "random moves k");
        let y = Axis::log(lo, 1.5, "total-variation distance to uniform");
        let plot = Plot::layout(canvas, x, y, theme, top, 0.0);
        plot.draw(canvas, theme, true);
        for (i, s) in self.series.iter().enumerate() {
            let pts: Vec<(f64, f64)> = MixingFigure::points(&s.tv, lo)
                .into_iter()
                .map(|p| plot.px(p))
                .collect();
            canvas.polyline(pts, solid(i));
            if let Some(b) = &s.lower_bound {
                let pts = MixingFigure::points(b, lo)
                    .into_iter()
                    .map(|p| plot.px(p))
                    .collect();
                canvas.polyline(pts, dashed(i));
            }
        }
        Ok(())
    }

    /// A pgfplots axis (`ymode=log`): per puzzle its distances after `k = 0, 1, …`
    /// moves as a solid line and, where it has one, the spectral lower bound dashed
    /// in the same colour, each with a legend entry; values below the axis's floor are
    /// left out, as on the canvas.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let lo = self.floor();
        let mut s = String::new();
        s.push_str("\\begin{tikzpicture}\n\\begin{axis}[\n");
        s.push_str("  width=8cm, height=6.5cm, ymode=log, xmin=0,\n");
        let _ = writeln!(s, "  ymin={lo:.3e}, ymax=1.5,");
        if !self.title.is_empty() {
            let _ = writeln!(s, "  title={{{}}},", tikz::label(&self.title));
        }
        s.push_str("  xlabel={random moves $k$},\n");
        s.push_str("  ylabel={total-variation distance to uniform},\n");
        s.push_str("  legend pos=outer north east, legend style={font=\\small},\n]\n");
        let coords = |v: &[f64]| -> String {
            MixingFigure::points(v, lo)
                .iter()
                .map(|(k, t)| format!(" ({},{t:.6e})", *k as usize))
                .collect()
        };
        for (k, series) in self.series.iter().enumerate() {
            let c = tikz::colour(super::palette::SERIES[k % super::palette::SERIES.len()]);
            let _ = writeln!(
                s,
                "\\addplot[color={c},line width=1pt,mark=none] coordinates {{{} }};",
                coords(&series.tv)
            );
            let _ = writeln!(s, "\\addlegendentry{{{}}}", tikz::label(&series.name));
            if let (Some(b), Some(name)) = (&series.lower_bound, series.bound_name()) {
                let _ = writeln!(
                    s,
                    "\\addplot[color={c},dashed,mark=none] coordinates {{{} }};",
                    coords(b)
                );
                let _ = writeln!(s, "\\addlegendentry{{{}}}", tikz::label(&name));
            }
        }
        s.push_str("\\end{axis}\n\\end{tikzpicture}\n");
        Ok(s)
    }
}
