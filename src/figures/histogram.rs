//! Distance distributions (how many states lie at each distance from solved, or how
//! long the solutions of a solver are) and their bar charts, on a linear or log scale
//! (seed 002's histogram of path lengths), several distributions side by side.
//!
//! ```
//! use permlab::figures::{Figure, histogram::{DistanceDistribution, HistogramFigure}};
//! let d = DistanceDistribution::from_distances([0, 1, 1, 2, 2, 2]);
//! assert_eq!(d.counts, vec![1, 2, 3]);
//! assert_eq!(d.total(), 6);
//! let fig = HistogramFigure::new(vec![("BFS".into(), d)]).log(true).title("lengths");
//! assert!(fig.to_svg((400, 300)).unwrap().contains("lengths"));
//! ```

use super::{draw_err, Area, Figure, FigureError, Theme, FONT_FAMILY};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub use crate::search::DistanceDistribution;

/// A bar chart of one or more distributions, grouped by distance.
#[derive(Clone, Debug)]
pub struct HistogramFigure {
    pub(super) series: Vec<(String, DistanceDistribution)>,
    pub(super) log: bool,
    pub(super) title: String,
    pub(super) x_desc: String,
    pub(super) y_desc: String,
    size: (u32, u32),
}

impl HistogramFigure {
    /// A chart of named distributions (bars side by side at each distance).
    pub fn new(series: Vec<(String, DistanceDistribution)>) -> HistogramFigure {
        HistogramFigure {
            series,
            log: false,
            title: String::new(),
            x_desc: "distance".into(),
            y_desc: "count".into(),
            size: (640, 420),
        }
    }

    /// Sets the default size (the size used when the caller gives none).
    pub fn default_size_px(mut self, size: (u32, u32)) -> HistogramFigure {
        self.size = size;
        self
    }

    /// Log scale on the count axis (zero counts are left out).
    pub fn log(mut self, log: bool) -> HistogramFigure {
        self.log = log;
        self
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> HistogramFigure {
        self.title = title.to_string();
        self
    }

    /// Sets the axis descriptions.
    pub fn axes(mut self, x: &str, y: &str) -> HistogramFigure {
        self.x_desc = x.to_string();
        self.y_desc = y.to_string();
        self
    }

    pub(super) fn max_distance(&self) -> usize {
        self.series
            .iter()
            .filter_map(|(_, d)| d.max_distance())
            .max()
            .unwrap_or(0)
    }

    fn max_count(&self) -> u64 {
        self.series
            .iter()
            .flat_map(|(_, d)| d.counts.iter().copied())
            .max()
            .unwrap_or(0)
            .max(1)
    }
}

/// Counts on an axis: plain up to 9999, then `1.2e5` style.
fn format_count(v: f64) -> String {
    if v < 10_000.0 {
        format!("{}", v.round() as u64)
    } else {
        let e = v.log10().floor() as i32;
        let m = v / 10f64.powi(e);
        if (m - m.round()).abs() < 1e-9 {
            format!("{}e{e}", m.round() as u64)
        } else {
            format!("{m:.1}e{e}")
        }
    }
}

impl Figure for HistogramFigure {
    fn default_size(&self) -> (u32, u32) {
        self.size
    }

    fn to_tikz(&self) -> Result<String, FigureError> {
        Ok(super::tikz::histogram(self))
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let fs = theme.label_size((w, h));
        let pal = &theme.palette;
        let maxd = self.max_distance();
        let maxc = self.max_count() as f64;
        let xr = -0.6f64..maxd as f64 + 0.6;
        let title_h = super::draw_title(area, &self.title, theme)?;
        let (_, area) = area.split_vertically(title_h);
        let mut builder = ChartBuilder::on(&area);
        builder
            .margin(10)
            .x_label_area_size((fs * 3.0) as u32)
            .y_label_area_size((fs * 4.5) as u32);
        let nser = self.series.len().max(1);
        let group = 0.8;
        let bw = group / nser as f64;
        let label_style = (FONT_FAMILY, fs).into_font().color(&pal.text);
        let x_fmt = |x: &f64| {
            if (x - x.round()).abs() < 1e-6 && *x >= -0.01 {
                format!("{}", x.round() as i64)
            } else {
                String::new()
            }
        };
        let x_labels = (maxd + 2).min(26);
        // value labels over single-series bars, in a font small enough to fit a bar
        // (DejaVu digits are 0.64 em wide), or none below 7 px
        let plot_w = w as f64 - 20.0 - fs * 4.5;
        let bar_px = plot_w / (maxd as f64 + 1.2) * bw;
        let digits = (self.max_count() as f64).log10().floor() + 1.0;
        let value_fs = (fs * 0.8).min(bar_px / (0.64 * digits));
        let show_values = nser == 1 && value_fs >= 7.0;
        macro_rules! draw_chart {
            ($chart:expr, $base:expr) => {{
                let mut chart = $chart;
                chart
                    .configure_mesh()
                    .disable_x_mesh()
                    .light_line_style(WHITE.mix(0.0))
                    .bold_line_style(pal.grid.mix(0.6).stroke_width(theme.line(1.0)))
                    .axis_style(pal.text.stroke_width(theme.line(1.0)))
                    .x_labels(x_labels)
                    .x_label_formatter(&x_fmt)
                    .y_label_formatter(&|y: &f64| format_count(*y))
                    .x_desc(self.x_desc.as_str())
                    .y_desc(self.y_desc.as_str())
                    .label_style(label_style.clone())
                    .axis_desc_style(label_style.clone())
                    .draw()
                    .map_err(draw_err)?;
                for (s, (name, dist)) in self.series.iter().enumerate() {
                    let colour = pal.series(s);
                    let bars = dist.counts.iter().enumerate().filter(|(_, &c)| c > 0).map(
                        move |(d, &c)| {
                            let x0 = d as f64 - group / 2.0 + s as f64 * bw;
                            Rectangle::new([(x0, $base), (x0 + bw, c as f64)], colour.filled())
                        },
                    );
                    let drawn = chart.draw_series(bars).map_err(draw_err)?;
                    if nser > 1 {
                        drawn.label(name.as_str()).legend(move |(x, y)| {
                            Rectangle::new([(x, y - 5), (x + 12, y + 5)], colour.filled())
                        });
                    }
                    if show_values {
                        let style = (FONT_FAMILY, value_fs)
                            .into_font()
                            .color(&pal.ink)
                            .pos(Pos::new(HPos::Center, VPos::Bottom));
                        let texts = dist.counts.iter().enumerate().filter(|(_, &c)| c > 0).map(
                            |(d, &c)| {
                                Text::new(format!("{c}"), (d as f64, c as f64), style.clone())
                            },
                        );
                        chart.draw_series(texts).map_err(draw_err)?;
                    }
                }
                if nser > 1 {
                    chart
                        .configure_series_labels()
                        .position(SeriesLabelPosition::UpperRight)
                        .background_style(WHITE.mix(0.85))
                        .border_style(pal.grid)
                        .label_font(label_style.clone())
                        .draw()
                        .map_err(draw_err)?;
                }
            }};
        }
        // with a legend (several series), the fraction of the plot's height it takes
        // at the top right, kept free of bars by raising the count axis
        let legend = if nser > 1 {
            let plot_h = (area.dim_in_pixel().1 as f64 - 20.0 - fs * 3.0).max(1.0);
            ((nser as f64 * fs * 1.5 + 16.0) / plot_h).min(0.6)
        } else {
            0.0
        };
        if self.log {
            // room above the tallest bar for its value label, or for the legend:
            // log(top) − log(maxc) = legend · (log(top) − log(0.5))
            let top = (maxc * 3.0)
                .max(10f64.powf(((maxc * 1.5).log10() - legend * 0.5f64.log10()) / (1.0 - legend)));
            let chart = builder
                .build_cartesian_2d(xr, (0.5f64..top).log_scale())
                .map_err(draw_err)?;
            draw_chart!(chart, 0.5);
        } else {
            let chart = builder
                .build_cartesian_2d(xr, 0f64..(maxc * 1.12).max(maxc * 1.05 / (1.0 - legend)))
                .map_err(draw_err)?;
            draw_chart!(chart, 0.0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_stats() {
        let d = DistanceDistribution::parse("1, 2 9 0").unwrap();
        assert_eq!(d.counts, vec![1, 2, 9, 0]);
        assert_eq!(d.max_distance(), Some(2));
        assert_eq!(d.mean(), Some(20.0 / 12.0));
        assert_eq!(
            DistanceDistribution::parse("1,x").unwrap_err(),
            "count 2 (\"x\") is not a non-negative integer"
        );
        assert_eq!(
            d.to_string(),
            "distance count\n       0     1\n       1     2\n       2     9\n       3     0\n   total    12"
        );
    }

    #[test]
    fn count_labels() {
        assert_eq!(format_count(100.0), "100");
        assert_eq!(format_count(100000.0), "1e5");
        assert_eq!(format_count(250000.0), "2.5e5");
    }
}
