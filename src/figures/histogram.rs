//! Distance distributions (how many states lie at each distance from solved, or how
//! long the solutions of a solver are) and their bar charts, on a linear or log scale
//! (seed 002's histogram of path lengths), several distributions side by side.
//!
//! A single distribution's bars carry their counts ([`HistogramFigure::value_labels`]):
//! above each bar, turned to read upwards when a count is wider than its bar, and
//! left out when even that does not fit; the count axis is stretched so every label
//! clears the frame, and no label touches a bar. Several distributions get a legend
//! above the plot. The TikZ form is a pgfplots `ybar` axis of the same bars.
//!
//! ```
//! use permlab::figures::{Figure, histogram::{DistanceDistribution, HistogramFigure}};
//! let d = DistanceDistribution::from_distances([0, 1, 1, 2, 2, 2]);
//! assert_eq!(d.counts, vec![1, 2, 3]);
//! assert_eq!(d.total(), 6);
//! let fig = HistogramFigure::new(vec![("BFS".into(), d)]).log(true).title("lengths");
//! assert!(fig.to_svg((400, 300)).unwrap().contains("lengths"));
//! ```

use super::axes::{thousands, title_and_legend, Axis, Plot};
use super::canvas::{Canvas, Label, Rotation};
use super::text::{label_width, HAlign, VAlign, ASCENT, DESCENT};
use super::{tikz, Figure, FigureError, Theme};
use std::fmt::Write;

pub use crate::search::DistanceDistribution;

/// A bar chart of one or more distributions, grouped by distance.
#[derive(Clone, Debug)]
pub struct HistogramFigure {
    series: Vec<(String, DistanceDistribution)>,
    log: bool,
    title: String,
    x_desc: String,
    y_desc: String,
    size: (u32, u32),
}

/// The share of a distance's slot the bars of all series take.
const GROUP: f64 = 0.8;

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

    /// The distributions drawn, with their names.
    pub fn series(&self) -> &[(String, DistanceDistribution)] {
        &self.series
    }

    fn max_distance(&self) -> usize {
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

    /// The distance axis: every distance ticked, or every 2nd, 5th, … so that the
    /// labels keep apart.
    fn x_axis(&self) -> Axis {
        let maxd = self.max_distance();
        let mut a = Axis::linear(0.0, maxd as f64, 12, &self.x_desc);
        a.ticks.retain(|t| (t - t.round()).abs() < 1e-9);
        if a.ticks.is_empty() {
            a.ticks = vec![0.0];
        }
        a.lo = -0.6;
        a.hi = maxd as f64 + 0.6;
        a
    }

    /// The count axis reaching `top`.
    fn y_axis(&self, top: f64) -> Axis {
        if self.log {
            Axis::log(0.5, top, &self.y_desc)
        } else {
            Axis::linear(0.0, top, 6, &self.y_desc)
        }
    }

    /// The plot on `canvas` below `top`, its count axis stretched so that `headroom`
    /// pixels stay free above the tallest bar.
    fn plot(&self, canvas: &Canvas, theme: &Theme, top: f64, headroom: f64) -> Plot {
        let maxc = self.max_count() as f64;
        let mut reach = if self.log { maxc * 1.5 } else { maxc * 1.05 };
        let mut plot = Plot::layout(canvas, self.x_axis(), self.y_axis(reach), theme, top, 0.0);
        // twice: the tick labels of the stretched axis may widen the margin
        for _ in 0..2 {
            let h = plot.rect.3 - plot.rect.1;
            let free = (h - headroom).max(h * 0.3);
            reach = if self.log {
                let lo = 0.5f64.log10();
                10f64.powf(lo + (maxc.log10() - lo) * h / free)
            } else {
                maxc * h / free
            }
            .max(reach);
            plot = Plot::layout(canvas, self.x_axis(), self.y_axis(reach), theme, top, 0.0);
        }
        plot
    }

    /// The counts written over the bars of a single distribution on a canvas of
    /// `width` pixels whose bars are `bar` pixels wide: at the theme's smallest text
    /// size, reading upwards when a count is wider than its bar, none when a line of
    /// text is wider than a bar either way. Returns whether they are turned.
    pub fn value_labels(&self, theme: &Theme, width: f64, bar: f64) -> Option<bool> {
        if self.series.len() != 1 {
            return None;
        }
        let em = theme.small(width);
        let widest = label_width(&thousands(self.max_count() as i64), em);
        if widest <= bar * 0.95 {
            Some(false)
        } else if (ASCENT + DESCENT) * em <= bar * 0.95 {
            Some(true)
        } else {
            None
        }
    }
}

impl Figure for HistogramFigure {
    fn default_size(&self) -> (u32, u32) {
        self.size
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let w = canvas.width();
        let pal = &theme.palette;
        let nser = self.series.len().max(1);
        // a legend when there are several series
        let names: Vec<String> = match nser {
            1 => Vec::new(),
            _ => self.series.iter().map(|(n, _)| n.clone()).collect(),
        };
        let em = theme.label(w);
        let top = title_and_legend(canvas, &self.title, theme, &names, |c, i, (x, y, sw)| {
            c.rect(
                (x, y - em * 0.35),
                (x + sw, y + em * 0.35),
                Some(pal.series(i)),
                None,
            );
        });
        let bw = GROUP / nser as f64;
        // the bars' width in pixels, from a first layout
        let probe = self.plot(canvas, theme, top, 0.0);
        let bar_px = (probe.px((bw, 1.0)).0 - probe.px((0.0, 1.0)).0).abs();
        let turned = self.value_labels(theme, w, bar_px);
        let em = theme.small(w);
        let gap = em * 0.3;
        let widest = label_width(&thousands(self.max_count() as i64), em);
        let headroom = match turned {
            None => 0.0,
            Some(false) => (ASCENT + DESCENT) * em + gap,
            Some(true) => widest + gap,
        };
        let plot = self.plot(canvas, theme, top, headroom + em * 0.2);
        plot.draw(canvas, theme, true);
        let base = if self.log { 0.5 } else { 0.0 };
        for (s, (_, dist)) in self.series.iter().enumerate() {
            let colour = pal.series(s);
            for (d, &c) in dist.counts.iter().enumerate().filter(|(_, &c)| c > 0) {
                let x0 = d as f64 - GROUP / 2.0 + s as f64 * bw;
                let a = plot.px((x0, c as f64));
                let b = plot.px((x0 + bw, base));
                canvas.rect(a, b, Some(colour), None);
                if let Some(turned) = turned {
                    let at = ((a.0 + b.0) / 2.0, a.1 - gap);
                    canvas.push(super::canvas::Shape::Text(Label {
                        text: thousands(c as i64),
                        at,
                        em,
                        align: if turned {
                            (HAlign::Left, VAlign::Middle)
                        } else {
                            (HAlign::Centre, VAlign::Bottom)
                        },
                        rotation: if turned { Rotation::Up } else { Rotation::None },
                        colour: pal.ink,
                    }));
                }
            }
        }
        Ok(())
    }

    /// A pgfplots `ybar` chart: one `\addplot` per series with its counts as
    /// coordinates `(distance,count)` (every distance on a linear scale; on a log
    /// scale only the nonzero counts, whose logarithm exists), in the order drawn;
    /// the axis descriptions as `xlabel`/`ylabel`, a legend when there are several
    /// series, and counts with thousands separators.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let maxd = self.max_distance();
        let nser = self.series.len().max(1);
        // 8 cm ≈ 227 pt of plot width, GROUP of each distance's slot shared by the series
        let bar_pt = 200.0 / (maxd as f64 + 2.2) * GROUP / nser as f64;
        let mut s = String::new();
        s.push_str("\\begin{tikzpicture}\n\\begin{axis}[\n");
        s.push_str("  ybar, width=8cm, height=5.5cm,\n");
        let _ = writeln!(s, "  bar width={bar_pt:.2}pt,");
        s.push_str("  enlarge x limits={abs=0.6},\n");
        let ticks: Vec<String> = self
            .x_axis()
            .ticks
            .iter()
            .map(|t| format!("{}", t.round() as i64))
            .collect();
        let _ = writeln!(s, "  xtick={{{}}},", ticks.join(","));
        if !self.title.is_empty() {
            let _ = writeln!(s, "  title={{{}}},", tikz::label(&self.title));
        }
        let _ = writeln!(s, "  xlabel={{{}}},", tikz::label(&self.x_desc));
        let _ = writeln!(s, "  ylabel={{{}}},", tikz::label(&self.y_desc));
        if self.log {
            s.push_str("  ymode=log, log origin=infty,\n");
        } else {
            s.push_str("  ymin=0, scaled y ticks=false,\n");
            s.push_str("  yticklabel style={/pgf/number format/1000 sep={,}},\n");
        }
        if self.series.len() > 1 {
            s.push_str("  legend pos=north east, legend style={font=\\small},\n");
        }
        s.push_str("]\n");
        for (k, (name, dist)) in self.series.iter().enumerate() {
            let c = tikz::colour(super::palette::SERIES[k % super::palette::SERIES.len()]);
            let _ = write!(s, "\\addplot[fill={c},draw=none] coordinates {{");
            for (d, &count) in dist.counts.iter().enumerate() {
                if count > 0 || !self.log {
                    let _ = write!(s, " ({d},{count})");
                }
            }
            s.push_str(" };\n");
            if self.series.len() > 1 {
                let _ = writeln!(s, "\\addlegendentry{{{}}}", tikz::label(name));
            }
        }
        s.push_str("\\end{axis}\n\\end{tikzpicture}\n");
        Ok(s)
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
    fn every_distance_is_ticked_up_to_twelve() {
        let f = HistogramFigure::new(vec![("a".into(), DistanceDistribution::new(vec![1; 12]))]);
        assert_eq!(f.x_axis().ticks.len(), 12);
        let g = HistogramFigure::new(vec![("a".into(), DistanceDistribution::new(vec![1; 30]))]);
        assert!(g.x_axis().ticks.iter().all(|t| (t / 5.0).fract() == 0.0));
    }
}
