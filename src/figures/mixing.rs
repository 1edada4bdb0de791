//! Mixing curves: the total-variation distance to uniform of the uniformly random
//! walk on a puzzle's group after `k` random moves ([`crate::search::mixing`]),
//! several puzzles on one plot with a log scale of the distance, each with the
//! spectral lower bound `λ*^k / 2` ([`crate::linalg::spectrum::OperatorSpectrum::lower_bound`],
//! D. A. Levin, Y. Peres and E. L. Wilmer, *Markov Chains and Mixing Times*, 2nd ed.,
//! AMS 2017, ch. 12) drawn dashed in the same colour.
//!
//! ```
//! use permlab::figures::{Figure, mixing::{MixingFigure, MixingSeries}};
//! let s = MixingSeries { name: "c3".into(), tv: vec![1.0, 0.5, 0.25], lower_bound: None };
//! let fig = MixingFigure::new(vec![s]).title("halving");
//! assert!(fig.to_svg((500, 400)).unwrap().contains("halving"));
//! ```

use super::{draw_err, Area, Figure, FigureError, Theme, FONT_FAMILY};
use crate::linalg::spectrum::{random_move_spectrum, Domain, OperatorSpectrum};
use crate::puzzle::Puzzle;
use crate::search::mixing::{mixing, Mixing, MixingOptions};
use crate::search::space::{metric_moves, GroupSpace};
use plotters::prelude::*;
use std::sync::atomic::AtomicBool;

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

/// The mixing curve of `puzzle`'s group under its own metric (the moves of
/// `permlab mixing PUZZLE`) to `steps` moves, with the lower bound `λ*^k / 2` of
/// the random-move operator on the points for the same moves (it bounds the walk on
/// the whole group, reversible or not; left out when the operator is too large for
/// the dense eigen solver). Returns the series and the walk's [`Mixing`] record.
pub fn mixing_series(
    puzzle: &Puzzle,
    steps: usize,
    max_memory: Option<u64>,
) -> Result<(MixingSeries, Mixing), FigureError> {
    let invalid =
        |e: &dyn std::fmt::Display| FigureError::Invalid(format!("{}: {e}", puzzle.name()));
    let (names, perms) = metric_moves(puzzle, puzzle.metric()).map_err(|e| invalid(&e))?;
    let space = GroupSpace::new(puzzle.name(), puzzle.degree(), names, perms.clone())
        .map_err(|e| invalid(&e))?;
    let opts = MixingOptions {
        steps,
        max_memory,
        ..Default::default()
    };
    let m = mixing(&space, &opts, &AtomicBool::new(false)).map_err(|e| invalid(&e))?;
    let spectrum: Option<OperatorSpectrum> =
        random_move_spectrum(puzzle.degree(), &perms, Domain::Points).ok();
    let lower_bound = spectrum.filter(|s| s.lambda_star.is_some()).map(|s| {
        (0..m.tv.len())
            .map(|k| s.lower_bound(k as u32).unwrap_or(0.0))
            .collect()
    });
    let series = MixingSeries {
        name: puzzle.name().to_string(),
        tv: m.tv.clone(),
        lower_bound,
    };
    Ok((series, m))
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
            size: (720, 480),
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
}

impl Figure for MixingFigure {
    fn default_size(&self) -> (u32, u32) {
        self.size
    }

    fn to_tikz(&self) -> Result<String, FigureError> {
        Ok(super::tikz::mixing(
            &self.series,
            &self.title,
            self.min_positive() / 2.0,
        ))
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let fs = theme.label_size((w, h));
        let title_h = super::draw_title(area, &self.title, theme)?;
        let (_, area) = area.split_vertically(title_h);
        let kmax = self
            .series
            .iter()
            .map(|s| s.tv.len().saturating_sub(1))
            .max()
            .unwrap_or(0)
            .max(1);
        let lo = self.min_positive() / 2.0;
        let mut chart = ChartBuilder::on(&area)
            .margin(10)
            .x_label_area_size((fs * 3.0) as u32)
            .y_label_area_size((fs * 4.5) as u32)
            .build_cartesian_2d(0f64..kmax as f64, (lo..1.5f64).log_scale())
            .map_err(draw_err)?;
        let label_style = (FONT_FAMILY, fs).into_font();
        chart
            .configure_mesh()
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(theme.palette.grid.mix(0.6))
            .x_desc("random moves k")
            .y_desc("total-variation distance to uniform")
            .x_label_formatter(&|x: &f64| format!("{}", x.round() as i64))
            .y_label_formatter(&|y: &f64| format!("{y:.0e}"))
            .label_style(label_style.clone())
            .axis_desc_style(label_style.clone())
            .draw()
            .map_err(draw_err)?;
        let points = |v: &[f64]| -> Vec<(f64, f64)> {
            v.iter()
                .enumerate()
                .filter(|(_, &t)| t >= lo)
                .map(|(k, &t)| (k as f64, t))
                .collect()
        };
        for (i, s) in self.series.iter().enumerate() {
            let colour = theme.palette.series(i);
            let style = colour.stroke_width(theme.line(2.0));
            chart
                .draw_series(LineSeries::new(points(&s.tv), style))
                .map_err(draw_err)?
                .label(s.name.as_str())
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
            if let Some(b) = &s.lower_bound {
                let dashed = colour.stroke_width(theme.line(1.0));
                chart
                    .draw_series(DashedLineSeries::new(points(b), 6, 4, dashed))
                    .map_err(draw_err)?
                    .label(match b.get(1) {
                        // b[1] = λ*/2
                        Some(b1) => format!("{}: lower bound λ*ᵏ/2, λ* = {:.4}", s.name, 2.0 * b1),
                        None => format!("{}: lower bound λ*ᵏ/2", s.name),
                    })
                    .legend(move |(x, y)| PathElement::new([(x, y), (x + 8, y)], dashed));
            }
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(theme.palette.grid)
            .label_font(label_style)
            .draw()
            .map_err(draw_err)?;
        Ok(())
    }
}
