//! The orbital matrices of a group as one picture: cell `(x, y)` (row `x`, column
//! `y`, 1-based on the axes) coloured by the orbital of the pair `(x, y)`
//! ([`crate::linalg::permutation_module::orbitals`]); each `A_i` is the set of
//! cells of one colour.
//!
//! ```
//! use permlab::figures::{Figure, orbitals::OrbitalsFigure};
//! // the cyclic group of order 3: three orbitals, the diagonals mod 3
//! let index = vec![0, 1, 2, 2, 0, 1, 1, 2, 0];
//! let fig = OrbitalsFigure::new(3, index).unwrap().title("C3");
//! assert!(fig.to_svg((300, 300)).unwrap().contains("C3"));
//! ```

use super::{draw_err, Area, Figure, FigureError, Theme, FONT_FAMILY};
use plotters::prelude::*;

/// An `n × n` grid coloured by orbital.
#[derive(Clone, Debug)]
pub struct OrbitalsFigure {
    n: usize,
    index: Vec<usize>,
    count: usize,
    title: String,
}

impl OrbitalsFigure {
    /// The picture of `index` (`index[x·n + y]` = orbital of `(x, y)`); an error
    /// when its length is not `n²`.
    pub fn new(n: usize, index: Vec<usize>) -> Result<OrbitalsFigure, FigureError> {
        if index.len() != n * n {
            return Err(FigureError::Invalid(format!(
                "{} orbital indices for a {n}×{n} grid",
                index.len()
            )));
        }
        let count = index.iter().max().map_or(0, |m| m + 1);
        Ok(OrbitalsFigure {
            n,
            index,
            count,
            title: String::new(),
        })
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> OrbitalsFigure {
        self.title = title.to_string();
        self
    }

    /// The colour of orbital `i`: hues spread evenly round the colour wheel, with
    /// alternating lightness so that neighbours differ.
    fn colour(&self, i: usize) -> HSLColor {
        let h = i as f64 / self.count.max(1) as f64;
        let l = if i.is_multiple_of(2) { 0.45 } else { 0.65 };
        HSLColor(h, 0.65, l)
    }
}

/// An axis label at whole numbers only.
fn integer_label(v: f64) -> String {
    if (v - v.round()).abs() < 1e-6 && v >= 0.5 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

impl Figure for OrbitalsFigure {
    fn default_size(&self) -> (u32, u32) {
        (560, 600)
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let (mut builder, fs) = super::chart_builder(area, theme);
        let caption = format!("{} ({} orbitals)", self.title, self.count);
        builder.caption(caption.trim(), (FONT_FAMILY, theme.title_size((w, h))));
        let n = self.n as f64;
        let mut chart = builder
            .build_cartesian_2d(0.5f64..n + 0.5, 0.5f64..n + 0.5)
            .map_err(draw_err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("second point y")
            .y_desc("first point x")
            .x_label_formatter(&|v| integer_label(*v))
            .y_label_formatter(&|v| integer_label(n + 1.0 - *v))
            .label_style((FONT_FAMILY, fs))
            .draw()
            .map_err(draw_err)?;
        let cells = (0..self.n).flat_map(|x| (0..self.n).map(move |y| (x, y)));
        chart
            .draw_series(cells.map(|(x, y)| {
                let c = self.colour(self.index[x * self.n + y]);
                // row x drawn at height n − x, so row 1 is at the top
                let top = n - x as f64 + 0.5;
                Rectangle::new(
                    [(y as f64 + 0.5, top), (y as f64 + 1.5, top - 1.0)],
                    c.filled(),
                )
            }))
            .map_err(draw_err)?;
        Ok(())
    }
}
