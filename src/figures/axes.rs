//! Chart axes for the plots (histograms, mixing curves, spectra): a linear or
//! logarithmic scale, its ticks and their labels, and the frame they are drawn in.
//!
//! Tick labels are written as a paper writes numbers ([`tick_text`]): integers with
//! thousands separators (`140,000`), decimals without trailing zeros, and on a
//! logarithmic axis the decades as powers of ten (`10^5`, set as a superscript),
//! never `1e5`. A logarithmic axis is ticked at decades only; a linear one at the
//! multiples of 1, 2 or 5 times a power of ten that give at most the number of
//! ticks asked for (P. S. Heckbert, "Nice numbers for graph labels", *Graphics
//! Gems*, 1990).
//!
//! [`Plot::draw`] lays the frame out from the labels' own widths at the theme's
//! label size, so no label is cut and every text is the theme's size.
//!
//! ```
//! use permlab::figures::axes::{tick_text, Axis};
//! assert_eq!(tick_text(140000.0, false), "140,000");
//! assert_eq!(tick_text(100000.0, true), "10^5");
//! assert_eq!(tick_text(0.5, false), "0.5");
//! let a = Axis::log(1.0, 2e5, "states");
//! assert_eq!(a.ticks, vec![1.0, 10.0, 100.0, 1e3, 1e4, 1e5]);
//! let b = Axis::linear(0.0, 30.0, 6, "k");
//! assert_eq!(b.ticks, vec![0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
//! ```

use super::canvas::{Canvas, Label, Rotation, Shape, Stroke};
use super::text::{label_width, HAlign, VAlign, ASCENT, DESCENT};
use super::Theme;

/// An axis: its range, scale, ticks and title.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// The smallest value shown.
    pub lo: f64,
    /// The largest value shown.
    pub hi: f64,
    /// Logarithmic (base 10) or linear.
    pub log: bool,
    /// The ticked values, increasing, within `lo..=hi`.
    pub ticks: Vec<f64>,
    /// The axis title.
    pub title: String,
}

/// A tick value as text: decades of a logarithmic axis as `10^k` (from `10^4` on;
/// 1, 10, 100 and 1000 as they are; below 1 as negative powers), integers with
/// thousands separators from 10,000 on, other numbers with up to three decimals and
/// no trailing zeros; negative numbers with a minus sign (U+2212), not a hyphen.
pub fn tick_text(v: f64, log: bool) -> String {
    if log && v >= 1e4 {
        let k = v.log10().round();
        if (v / 10f64.powf(k) - 1.0).abs() < 1e-9 {
            return format!("10^{}", k as i64);
        }
    }
    if log && v > 0.0 && v < 1.0 {
        let k = v.log10().round();
        if (v / 10f64.powf(k) - 1.0).abs() < 1e-9 {
            return format!("10^{}", k as i64);
        }
    }
    if (v - v.round()).abs() < 1e-9 {
        let n = v.round() as i64;
        if n.abs() < 10_000 {
            return n.to_string().replace('-', "−");
        }
        return thousands(n);
    }
    let mut t = format!("{v:.3}");
    while t.ends_with('0') {
        t.pop();
    }
    t.trim_end_matches('.').replace('-', "−")
}

/// An integer with a comma between groups of three digits.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if n < 0 {
        format!("−{out}")
    } else {
        out
    }
}

impl Axis {
    /// A linear axis over `lo..=hi` ticked at the multiples of a "nice" step (1, 2
    /// or 5 times a power of ten) giving at most `max_ticks` intervals.
    pub fn linear(lo: f64, hi: f64, max_ticks: usize, title: &str) -> Axis {
        let span = (hi - lo).max(1e-12);
        let raw = span / max_ticks.max(1) as f64;
        let exp = raw.log10().floor() as i32;
        let mag = 10f64.powi(exp);
        let mult = [1.0, 2.0, 5.0, 10.0]
            .into_iter()
            .find(|&m| m * mag >= raw - 1e-12)
            .unwrap_or(10.0);
        let step = mult * mag;
        // k·mult·10^exp, divided rather than multiplied by a power of ten below 1 so
        // that 3·0.2 is 0.6, not 0.6000000000000001
        let at = |k: i64| {
            if exp < 0 {
                k as f64 * mult / 10f64.powi(-exp)
            } else {
                k as f64 * mult * mag
            }
        };
        let first = (lo / step - 1e-9).ceil() as i64;
        let last = (hi / step + 1e-9).floor() as i64;
        let ticks = (first..=last).map(at).collect();
        Axis {
            lo,
            hi,
            log: false,
            ticks,
            title: title.to_string(),
        }
    }

    /// A logarithmic axis over `lo..=hi` (both positive) ticked at its decades.
    pub fn log(lo: f64, hi: f64, title: &str) -> Axis {
        let (a, b) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
        let ticks = (a..=b).map(|k| 10f64.powi(k)).collect();
        Axis {
            lo,
            hi,
            log: true,
            ticks,
            title: title.to_string(),
        }
    }

    /// Where `v` lies along the axis, as a fraction of its length (0 at `lo`).
    pub fn frac(&self, v: f64) -> f64 {
        if self.log {
            (v.max(1e-300).log10() - self.lo.log10()) / (self.hi.log10() - self.lo.log10())
        } else {
            (v - self.lo) / (self.hi - self.lo)
        }
    }

    /// The tick labels.
    pub fn labels(&self) -> Vec<String> {
        self.ticks.iter().map(|&v| tick_text(v, self.log)).collect()
    }
}

/// A plot frame: two axes and the pixel rectangle they span.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The horizontal axis.
    pub x: Axis,
    /// The vertical axis.
    pub y: Axis,
    /// Left, top, right and bottom of the plotting rectangle, in pixels.
    pub rect: (f64, f64, f64, f64),
    /// The em of the tick labels and axis titles.
    pub em: f64,
}

impl Plot {
    /// Lays a plot out in the band of the canvas from `top` down (less `bottom`
    /// pixels at the foot): room left of the frame for the widest `y` tick label and
    /// the `y` title (reading upwards), below it for the `x` tick labels and title, at
    /// the theme's label size.
    pub fn layout(canvas: &Canvas, x: Axis, y: Axis, theme: &Theme, top: f64, bottom: f64) -> Plot {
        let w = canvas.width();
        let em = theme.label(w);
        let widest = y
            .labels()
            .iter()
            .map(|l| label_width(l, em))
            .fold(0.0, f64::max);
        let tick = em * 0.35;
        let title_band = if y.title.is_empty() { 0.0 } else { em * 1.5 };
        let left = em * 0.3 + title_band + widest + tick + em * 0.3;
        let x_band = if x.title.is_empty() { 0.0 } else { em * 1.4 };
        let below = tick + em * 0.3 + (ASCENT + DESCENT) * em + x_band + em * 0.2;
        // room right of the frame for half the last x label
        let last = x.labels().last().map_or(0.0, |l| label_width(l, em));
        let right = w - (last / 2.0 + em * 0.4).max(w * 0.02);
        let t = top + em * 0.6;
        let b = canvas.height() - bottom - below;
        Plot {
            x,
            y,
            rect: (left, t, right.max(left + 1.0), b.max(t + 1.0)),
            em,
        }
    }

    /// A data point in pixels.
    pub fn px(&self, p: (f64, f64)) -> (f64, f64) {
        let (l, t, r, b) = self.rect;
        (
            l + self.x.frac(p.0) * (r - l),
            b - self.y.frac(p.1) * (b - t),
        )
    }

    /// Draws the frame's left and bottom axis lines, the ticks and their labels, the
    /// axis titles, and (when `grid`) light lines across the plot at the `y` ticks.
    pub fn draw(&self, canvas: &mut Canvas, theme: &Theme, grid: bool) {
        let w = canvas.width();
        let (l, t, r, b) = self.rect;
        let em = self.em;
        let ink = theme.palette.text;
        let tick = em * 0.35;
        let axis = Stroke::new(ink, theme.line(1.0, w));
        if grid {
            let light = Stroke::new(theme.palette.grid, theme.line(0.6, w));
            for &v in &self.y.ticks {
                let y = self.px((self.x.lo, v)).1;
                if (y - b).abs() > 0.5 {
                    canvas.line((l, y), (r, y), light);
                }
            }
        }
        canvas.line((l, t), (l, b), axis);
        canvas.line((l, b), (r, b), axis);
        for (v, text) in self.x.ticks.iter().zip(self.x.labels()) {
            let x = self.px((*v, self.y.lo)).0;
            canvas.line((x, b), (x, b + tick), axis);
            canvas.label(
                &text,
                (x, b + tick + em * 0.3),
                em,
                (HAlign::Centre, VAlign::Top),
                ink,
            );
        }
        for (v, text) in self.y.ticks.iter().zip(self.y.labels()) {
            let y = self.px((self.x.lo, *v)).1;
            canvas.line((l - tick, y), (l, y), axis);
            canvas.label(
                &text,
                (l - tick - em * 0.3, y),
                em,
                (HAlign::Right, VAlign::Middle),
                ink,
            );
        }
        if !self.x.title.is_empty() {
            let y = b + tick + em * 0.3 + (ASCENT + DESCENT) * em + em * 0.2;
            canvas.label(
                &self.x.title,
                ((l + r) / 2.0, y),
                em,
                (HAlign::Centre, VAlign::Top),
                ink,
            );
        }
        if !self.y.title.is_empty() {
            canvas.push(Shape::Text(Label {
                text: self.y.title.clone(),
                at: (em * 0.3, (t + b) / 2.0),
                em,
                align: (HAlign::Centre, VAlign::Top),
                rotation: Rotation::Up,
                colour: ink,
            }));
        }
    }
}

/// Draws the title and under it a legend of `names` (none when `names` is empty)
/// in the theme's label size ([`legend_rows`]); returns the height they take
/// from the top of the canvas.
pub fn title_and_legend(
    canvas: &mut Canvas,
    title: &str,
    theme: &Theme,
    names: &[String],
    swatch: impl FnMut(&mut Canvas, usize, (f64, f64, f64)),
) -> f64 {
    let top = super::draw_title(canvas, title, theme);
    let em = theme.label(canvas.width());
    top + legend_rows(
        canvas,
        names,
        top + em * 0.3,
        em,
        theme.palette.text,
        swatch,
    )
}

/// A legend as rows of entries (a swatch drawn by `swatch` at its left, then the
/// name) centred in the band from `top` of the canvas, wrapping to the canvas's
/// width; returns the band's height.
pub fn legend_rows(
    canvas: &mut Canvas,
    names: &[String],
    top: f64,
    em: f64,
    colour: plotters::style::RGBColor,
    mut swatch: impl FnMut(&mut Canvas, usize, (f64, f64, f64)),
) -> f64 {
    if names.is_empty() {
        return 0.0;
    }
    let w = canvas.width();
    let swatch_w = em * 1.8;
    let gap = em * 1.2;
    let widths: Vec<f64> = names
        .iter()
        .map(|n| swatch_w + em * 0.4 + label_width(n, em))
        .collect();
    // greedy rows within 96% of the width
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    for (i, &wd) in widths.iter().enumerate() {
        let row = rows.last_mut().expect("a row");
        if !row.is_empty() && used + gap + wd > w * 0.96 {
            rows.push(vec![i]);
            used = wd;
        } else {
            used += if row.is_empty() { wd } else { gap + wd };
            row.push(i);
        }
    }
    let line = em * 1.4;
    for (k, row) in rows.iter().enumerate() {
        let total = row.iter().map(|&i| widths[i]).sum::<f64>() + gap * (row.len() - 1) as f64;
        let mut x = (w - total) / 2.0;
        let y = top + line * (k as f64 + 0.5);
        for &i in row {
            swatch(canvas, i, (x, y, swatch_w));
            canvas.label(
                &names[i],
                (x + swatch_w + em * 0.4, y),
                em,
                (HAlign::Left, VAlign::Middle),
                colour,
            );
            x += widths[i] + gap;
        }
    }
    line * rows.len() as f64 + em * 0.2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_nice_and_labels_read_as_in_a_paper() {
        assert_eq!(
            Axis::linear(0.0, 1.0, 5, "").ticks,
            vec![0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
        );
        assert_eq!(Axis::linear(0.0, 11.0, 12, "").ticks.len(), 12);
        assert_eq!(Axis::log(0.5, 3e5, "").ticks.len(), 6);
        assert_eq!(tick_text(1000.0, true), "1000");
        assert_eq!(tick_text(1e7, true), "10^7");
        assert_eq!(tick_text(0.01, true), "10^-2");
        assert_eq!(tick_text(130042.0, false), "130,042");
        assert_eq!(tick_text(-1.0, false), "−1");
        assert_eq!(tick_text(-0.5, false), "−0.5");
        assert_eq!(thousands(-1234567), "−1,234,567");
    }
}
