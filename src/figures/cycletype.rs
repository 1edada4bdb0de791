//! The cycle type of a permutation as a Young-diagram-like picture: one row of unit
//! boxes per cycle, longest first, each row as long as its cycle and labelled with its
//! length. The cycle type of `g ∈ S_n` is the partition of `n` formed by its cycle
//! lengths, and the Young diagram of a partition has one left-aligned row of boxes per
//! part, parts in decreasing order (W. Fulton, *Young Tableaux*, Cambridge University
//! Press 1997, §1.1). Fixed points (the parts equal to 1) are left out unless asked
//! for and counted in a note under the rows.
//!
//! ```
//! use permlab::figures::{Figure, cycletype::CycleTypeFigure};
//! let g: permlab::Perm = "(1,2,3)(4,5)".parse::<permlab::Perm>().unwrap().extended(7);
//! let fig = CycleTypeFigure::new(&g);
//! assert_eq!(fig.rows(), vec![3, 2]);
//! assert_eq!(fig.clone().fixed_points(true).rows(), vec![3, 2, 1, 1]);
//! assert!(fig.to_svg(fig.default_size()).unwrap().contains("2 fixed points"));
//! ```

use super::cycles::cycle_type_text;
use super::{centred_text, draw_err, draw_title, Area, Figure, FigureError, Theme};
use crate::perm::Perm;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

    /// Sets the title (by default: the cycle type; a title given is followed by it).
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
        let ct = format!("cycle type {}", cycle_type_text(&self.perm));
        match &self.title {
            Some(t) if !t.is_empty() => format!("{t}: {ct}"),
            _ => ct,
        }
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

    /// The geometry of the rows on a figure of `size` pixels (what [`Figure::draw`]
    /// draws): row `i` spans `x0 .. x0 + rows[i]·unit`, `y0 + i·unit .. y0 + (i+1)·unit`.
    pub fn geometry(&self, size: (u32, u32), theme: &Theme) -> RowGeometry {
        let (w, h) = (size.0 as f64, size.1 as f64);
        let top = super::title_height(size, &self.full_title(), theme) as f64;
        let rows = self.rows();
        let foot = theme.label_size(size) * 2.0;
        let label_w = label_width(theme.label_size(size), &rows);
        let margin = 10.0;
        let longest = rows.first().copied().unwrap_or(1).max(1) as f64;
        let avail_w = (w - 2.0 * margin - label_w).max(1.0);
        let avail_h = (h - top - foot - margin).max(1.0);
        let unit = (avail_w / longest)
            .min(avail_h / rows.len().max(1) as f64)
            .min(40.0)
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

/// Room at the right of the rows for the length labels at font size `fs`.
fn label_width(fs: f64, rows: &[usize]) -> f64 {
    let digits = rows.first().map_or(1, |l| l.to_string().len()) as f64;
    fs * (1.0 + 0.65 * digits)
}

impl Figure for CycleTypeFigure {
    fn default_size(&self) -> (u32, u32) {
        let rows = self.rows().len().clamp(1, 24) as u32;
        (560, 110 + 22 * rows)
    }

    fn to_tikz(&self) -> Result<String, FigureError> {
        Ok(super::tikz::cycle_type(
            &self.rows(),
            &self.full_title(),
            &self.note(),
        ))
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let size = area.dim_in_pixel();
        let rows = self.rows();
        if rows.len() > MAX_ROWS {
            return Err(FigureError::Invalid(format!(
                "{} cycles: a cycle-type picture has at most {MAX_ROWS} rows",
                rows.len()
            )));
        }
        draw_title(area, &self.full_title(), theme)?;
        let g = self.geometry(size, theme);
        let px = |v: f64| v.round() as i32;
        let fs = theme.label_size(size);
        let label_font = super::text_style((g.unit * 0.7).clamp(7.0, fs), theme.palette.ink)
            .pos(Pos::new(HPos::Left, VPos::Center));
        let divider = WHITE.stroke_width(theme.line(1.0));
        let row_span = |i: usize, len: usize| {
            let y = g.y0 + i as f64 * g.unit;
            (y, g.x0 + len as f64 * g.unit)
        };
        for (i, &len) in g.rows.iter().enumerate() {
            let colour = if len == 1 {
                RGBColor(200, 200, 200)
            } else {
                theme.palette.series[0]
            };
            let (y, x1) = row_span(i, len);
            area.draw(&Rectangle::new(
                [(px(g.x0), px(y)), (px(x1), px(y + g.unit))],
                colour.filled(),
            ))
            .map_err(draw_err)?;
        }
        // box edges (after every row is filled, so no row covers them) where the
        // boxes are large enough to see them
        if g.unit >= 4.0 {
            for (i, &len) in g.rows.iter().enumerate() {
                let (y, x1) = row_span(i, len);
                for j in 1..len {
                    let x = px(g.x0 + j as f64 * g.unit);
                    area.draw(&PathElement::new(
                        vec![(x, px(y)), (x, px(y + g.unit))],
                        divider,
                    ))
                    .map_err(draw_err)?;
                }
                area.draw(&PathElement::new(
                    vec![(px(g.x0), px(y + g.unit)), (px(x1), px(y + g.unit))],
                    divider,
                ))
                .map_err(draw_err)?;
            }
        }
        if g.unit >= 6.0 {
            for (i, &len) in g.rows.iter().enumerate() {
                let (y, x1) = row_span(i, len);
                area.draw(&Text::new(
                    len.to_string(),
                    (px(x1 + fs * 0.4), px(y + g.unit / 2.0)),
                    label_font.clone(),
                ))
                .map_err(draw_err)?;
            }
        }
        let (w, h) = size;
        area.draw(&Text::new(
            self.note(),
            (px(w as f64 / 2.0), px(h as f64 - fs)),
            centred_text(fs, theme.palette.ink),
        ))
        .map_err(draw_err)
    }
}
