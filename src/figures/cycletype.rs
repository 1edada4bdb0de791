//! The cycle type of a permutation as a Young-diagram-like picture: one row of unit
//! boxes per cycle, longest first, each row as long as its cycle and labelled with its
//! length. The cycle type of `g ∈ S_n` is the partition of `n` formed by its cycle
//! lengths, and the Young diagram of a partition has one left-aligned row of boxes per
//! part, parts in decreasing order (W. Fulton, *Young Tableaux*, Cambridge University
//! Press 1997, §1.1). Fixed points (the parts equal to 1) are left out unless asked
//! for and counted in a note under the rows.
//!
//! The canvas and the TikZ form draw the same rows in the same order (box units in
//! TikZ).
//!
//! ```
//! use permlab::figures::{Figure, cycletype::CycleTypeFigure};
//! let g: permlab::Perm = "(1,2,3)(4,5)".parse::<permlab::Perm>().unwrap().extended(7);
//! let fig = CycleTypeFigure::new(&g);
//! assert_eq!(fig.rows(), vec![3, 2]);
//! assert_eq!(fig.clone().fixed_points(true).rows(), vec![3, 2, 1, 1]);
//! assert!(fig.to_svg(fig.default_size()).unwrap().contains("2 fixed points"));
//! ```

use super::canvas::{Canvas, Stroke};
use super::cycles::cycle_title;
use super::text::{label_width, HAlign, VAlign};
use super::{draw_title, tikz, Figure, FigureError, Theme};
use crate::perm::Perm;
use plotters::style::RGBColor;
use std::fmt::Write;

/// The most rows drawn: beyond it a row is thinner than a pixel at the default size.
pub const MAX_ROWS: usize = 200;

/// A Young-diagram-like picture of a permutation's cycle type.
#[derive(Clone, Debug)]
pub struct CycleTypeFigure {
    perm: Perm,
    fixed: bool,
    title: Option<String>,
}

/// Where the rows go: the box side in pixels, the left edge, the top of the first
/// row, and the rows' lengths.
#[derive(Clone, Debug, PartialEq)]
pub struct RowGeometry {
    /// Side of one box in pixels.
    pub unit: f64,
    /// Left edge of every row.
    pub x0: f64,
    /// Top of the first row.
    pub y0: f64,
    /// The row lengths, top to bottom.
    pub rows: Vec<usize>,
}

/// The fill of a row of fixed points.
const FIXED_GREY: RGBColor = RGBColor(200, 200, 200);

impl CycleTypeFigure {
    /// The cycle type of `g` (on its degree).
    pub fn new(g: &Perm) -> CycleTypeFigure {
        CycleTypeFigure {
            perm: g.clone(),
            fixed: false,
            title: None,
        }
    }

    /// Draws the fixed points as rows of one box too (off by default: they are
    /// counted in a note).
    pub fn fixed_points(mut self, on: bool) -> CycleTypeFigure {
        self.fixed = on;
        self
    }

    /// Sets the title, followed by the cycle type (by default: the cycle type alone;
    /// an empty title draws none).
    pub fn title(mut self, title: &str) -> CycleTypeFigure {
        self.title = Some(title.to_string());
        self
    }

    /// The row lengths drawn, top to bottom: the cycle lengths in decreasing order
    /// (1s only with [`CycleTypeFigure::fixed_points`]).
    pub fn rows(&self) -> Vec<usize> {
        let mut lens: Vec<usize> = self.perm.cycles().iter().map(Vec::len).collect();
        if self.fixed {
            let moved: usize = lens.iter().sum();
            lens.extend(std::iter::repeat_n(1, self.perm.degree() - moved));
        }
        lens.sort_unstable_by(|a, b| b.cmp(a));
        lens
    }

    fn fixed_count(&self) -> usize {
        self.perm.degree() - self.perm.support().len()
    }

    fn full_title(&self) -> String {
        cycle_title(&self.title, &self.perm)
    }

    fn note(&self) -> String {
        let fixed = self.fixed_count();
        let cycles = self.perm.cycles().len();
        let s = |k: usize| if k == 1 { "" } else { "s" };
        if self.fixed || fixed == 0 {
            format!("{cycles} cycle{} of length > 1", s(cycles))
        } else {
            format!(
                "{cycles} cycle{} of length > 1, not drawn: {fixed} fixed point{}",
                s(cycles),
                s(fixed)
            )
        }
    }

    /// The geometry of the rows on a canvas of `size` pixels under `theme` (what
    /// [`Figure::draw`] draws): row `i` spans `x0 .. x0 + rows[i]·unit`,
    /// `y0 + i·unit .. y0 + (i+1)·unit`.
    pub fn geometry(&self, size: (u32, u32), theme: &Theme) -> RowGeometry {
        let (w, h) = (f64::from(size.0), f64::from(size.1));
        let top = super::title_layout(w, &self.full_title(), theme).height;
        let rows = self.rows();
        let em = theme.label(w);
        let foot = em * 2.2;
        let longest = rows.first().copied().unwrap_or(1).max(1);
        // room right of the rows for the longest row's label
        let label_w = label_width(&longest.to_string(), em) + em * 0.6;
        let margin = w * 0.02;
        let avail_w = (w - 2.0 * margin - label_w).max(1.0);
        let avail_h = (h - top - foot - margin).max(1.0);
        let unit = (avail_w / longest as f64)
            .min(avail_h / rows.len().max(1) as f64)
            .min(w / 12.0)
            .floor()
            .max(1.0);
        RowGeometry {
            unit,
            x0: margin,
            y0: top + margin / 2.0,
            rows,
        }
    }
}

impl Figure for CycleTypeFigure {
    fn default_size(&self) -> (u32, u32) {
        let rows = self.rows().len().clamp(1, 24) as u32;
        (560, 90 + 34 * rows)
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let size = (canvas.width() as u32, canvas.height() as u32);
        let rows = self.rows();
        if rows.len() > MAX_ROWS {
            return Err(FigureError::Invalid(format!(
                "{} cycles: a cycle-type picture has at most {MAX_ROWS} rows",
                rows.len()
            )));
        }
        let (w, h) = (canvas.width(), canvas.height());
        draw_title(canvas, &self.full_title(), theme);
        let g = self.geometry(size, theme);
        let em = theme.label(w);
        let divider = Stroke::new(RGBColor(255, 255, 255), theme.line(1.0, w));
        for (i, &len) in g.rows.iter().enumerate() {
            let colour = if len == 1 {
                FIXED_GREY
            } else {
                theme.palette.series[0]
            };
            let y = g.y0 + i as f64 * g.unit;
            for j in 0..len {
                let x = g.x0 + j as f64 * g.unit;
                canvas.rect(
                    (x, y),
                    (x + g.unit, y + g.unit),
                    Some(colour),
                    Some(divider),
                );
            }
            // the length right of its row, when a row is tall enough to read it
            if g.unit >= em * 0.9 {
                canvas.label(
                    &len.to_string(),
                    (g.x0 + len as f64 * g.unit + em * 0.4, y + g.unit / 2.0),
                    em,
                    (HAlign::Left, VAlign::Middle),
                    theme.palette.ink,
                );
            }
        }
        canvas.label(
            &self.note(),
            (w / 2.0, h - em * 0.6),
            em,
            (HAlign::Centre, VAlign::Bottom),
            theme.palette.ink,
        );
        Ok(())
    }

    /// One left-aligned row of unit squares per cycle (at most 0.5 cm each and 12 cm
    /// wide), longest first, each labelled with its length, the title above and the
    /// note below: the rows of the canvas, in the same order.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let rows = self.rows();
        let longest = rows.first().copied().unwrap_or(1).max(1);
        let unit = (12.0 / longest as f64).min(0.5);
        let blue = tikz::colour(super::palette::SERIES[0]);
        let grey = tikz::colour(FIXED_GREY);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm]",
            tikz::num(unit),
            tikz::num(unit)
        );
        for (i, &len) in rows.iter().enumerate() {
            let fill = if len == 1 { &grey } else { &blue };
            let _ = writeln!(
                s,
                "\\fill[color={fill}] (0,{i}) rectangle ({len},{});",
                i + 1
            );
            let _ = writeln!(
                s,
                "\\draw[white,line width=0.4pt,step=1] (0,{i}) grid ({len},{});",
                i + 1
            );
            let _ = writeln!(s, "\\node[right,font=\\small] at ({len},{i}.5) {{{len}}};");
        }
        let title = self.full_title();
        if !title.is_empty() {
            s.push_str(&tikz::node("above right", 0.0, 0.0, &title));
        }
        s.push_str(&tikz::node(
            "below right,font=\\small",
            0.0,
            rows.len() as f64,
            &self.note(),
        ));
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}
