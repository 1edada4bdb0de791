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

use super::canvas::{Canvas, Label, Rotation, Shape};
use super::matrix::label_step;
use super::text::{HAlign, VAlign};
use super::{draw_title, palette, tikz, Figure, FigureError, Theme};
use plotters::style::RGBColor;
use std::fmt::Write;

/// An `n × n` grid coloured by orbital.
#[derive(Clone, Debug)]
pub struct OrbitalsFigure {
    n: usize,
    index: Vec<usize>,
    count: usize,
    title: String,
}

/// The caption of the columns (below the grid).
const COLUMNS: &str = "second point y";
/// The caption of the rows (right of the grid, reading upwards).
const ROWS: &str = "first point x";

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

    /// Sets the title (followed by the number of orbitals).
    pub fn title(mut self, title: &str) -> OrbitalsFigure {
        self.title = title.to_string();
        self
    }

    /// The number of orbitals (colours).
    pub fn orbitals(&self) -> usize {
        self.count
    }

    /// The colour of the cell `(x, y)` (row `x`, column `y`, 0-based).
    pub fn colour_at(&self, x: usize, y: usize) -> RGBColor {
        palette::spread(self.index[x * self.n + y], self.count)
    }

    fn full_title(&self) -> String {
        if self.title.is_empty() {
            String::new()
        } else {
            format!("{} ({} orbitals)", self.title, self.count)
        }
    }
}

impl Figure for OrbitalsFigure {
    fn default_size(&self) -> (u32, u32) {
        (560, 600)
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = (canvas.width(), canvas.height());
        let top = draw_title(canvas, &self.full_title(), theme);
        let em = theme.small(w);
        let band = em * 1.6;
        let caption = em * 1.5;
        let margin = w * 0.02;
        let n = self.n.max(1) as f64;
        let cell = ((w - band - caption - 2.0 * margin) / n)
            .min((h - top - band - caption - 2.0 * margin) / n)
            .max(0.5);
        let cell = if cell >= 3.0 { cell.floor() } else { cell };
        let side = cell * n;
        let x0 = ((w - band - side - caption) / 2.0).max(margin) + band;
        let y0 = top + margin + band;
        for x in 0..self.n {
            for y in 0..self.n {
                let (px, py) = (x0 + y as f64 * cell, y0 + x as f64 * cell);
                canvas.rect(
                    (px, py),
                    (px + cell, py + cell),
                    Some(self.colour_at(x, y)),
                    None,
                );
            }
        }
        let ink = theme.palette.ink;
        let step = label_step(cell, em);
        let mut marks = vec![1];
        marks.extend((step..=self.n).step_by(step));
        marks.dedup();
        for k in marks.into_iter().filter(|&k| k <= self.n) {
            let along = (k as f64 - 0.5) * cell;
            canvas.label(
                &k.to_string(),
                (x0 + along, y0 - em * 0.3),
                em,
                (HAlign::Centre, VAlign::Bottom),
                ink,
            );
            canvas.label(
                &k.to_string(),
                (x0 - em * 0.3, y0 + along),
                em,
                (HAlign::Right, VAlign::Middle),
                ink,
            );
        }
        canvas.label(
            COLUMNS,
            (x0 + side / 2.0, y0 + side + em * 0.3),
            em,
            (HAlign::Centre, VAlign::Top),
            ink,
        );
        canvas.push(Shape::Text(Label {
            text: ROWS.to_string(),
            at: (x0 + side + em * 0.3, y0 + side / 2.0),
            em,
            align: (HAlign::Centre, VAlign::Top),
            rotation: Rotation::Up,
            colour: ink,
        }));
        Ok(())
    }

    /// The grid in cell units (`x` right, `y` down, 7.5 cm square): one `\fill` per
    /// cell, row by row as on the canvas, with the captions.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let n = self.n.max(1);
        let unit = 7.5 / n as f64;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm,font=\\footnotesize]",
            tikz::num(unit),
            tikz::num(unit)
        );
        for x in 0..self.n {
            for y in 0..self.n {
                let _ = writeln!(
                    s,
                    "\\fill[color={}] ({y},{x}) rectangle ++(1,1);",
                    tikz::colour(self.colour_at(x, y))
                );
            }
        }
        s.push_str(&tikz::node("below", n as f64 / 2.0, n as f64, COLUMNS));
        s.push_str(&tikz::node(
            "anchor=north,rotate=90",
            n as f64,
            n as f64 / 2.0,
            ROWS,
        ));
        let title = self.full_title();
        if !title.is_empty() {
            s.push_str(&tikz::node(
                "above,font=\\normalsize",
                n as f64 / 2.0,
                0.0,
                &title,
            ));
        }
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}
