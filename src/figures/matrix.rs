//! Permutation-matrix pictures (seed 003): one square per entry, the 1s dark.
//!
//! The picture of a permutation `g` is its matrix `P` with `P[i^g, i] = 1` (the crate's
//! convention, [`crate::matrix`]): row `r` is drawn `r` cells from the top, column `c`
//! `c` cells from the left, exactly as seed 003's `pretty` prints it. For cubes the
//! 6 faces' blocks of `N²` stickers can be separated by lines and labelled `U L F R B
//! D`.
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, matrix::MatrixFigure}};
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let r = cube.eval(&cube.parse_word("R").unwrap());
//! let fig = MatrixFigure::of_perm(&r).cube_faces(3).title("R");
//! let layout = fig.layout((600, 640), &permlab::figures::Theme::paper());
//! assert_eq!(layout.cell, 10); // 54 cells fit in the space left by title and labels
//! assert!(fig.is_one(8, 26)); // R carries sticker 27 (F) to 9 (U): P[9, 27] = 1
//! ```

use super::{draw_err, draw_title, text_style, Area, Figure, FigureError, Theme};
use crate::perm::Perm;
use crate::puzzle::cube::FACES;
use nalgebra::{DMatrix, Scalar};
use num_traits::Zero;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The column caption of a permutation's picture ([`MatrixFigure::move_captions`]).
pub const CAPTION_BEFORE: &str = "position before the move";
/// The row caption of a permutation's picture ([`MatrixFigure::move_captions`]).
pub const CAPTION_AFTER: &str = "position after the move";

/// A 0/1 matrix picture.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixFigure {
    rows: usize,
    cols: usize,
    /// `ones[r]` = the columns of the nonzero entries of row `r`, increasing.
    pub(super) ones: Vec<Vec<usize>>,
    pub(super) title: String,
    /// Side of the blocks separated by lines (`N²` for a cube's faces).
    pub(super) block: Option<usize>,
    /// Names of the blocks along both axes (`U L F R B D`).
    pub(super) block_names: Vec<String>,
    /// Whether to print row and column numbers (1-based) along the axes.
    pub(super) numbers: bool,
    /// Captions of the column axis (below the grid) and the row axis (right of it).
    pub(super) captions: Option<(String, String)>,
}

/// Where a [`MatrixFigure`] puts its cells in an image of a given size: cell `(r, c)`
/// covers pixels `x0 + c·cell .. x0 + (c+1)·cell` and `y0 + r·cell .. y0 + (r+1)·cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatrixLayout {
    /// Left edge of column 0.
    pub x0: i32,
    /// Top edge of row 0.
    pub y0: i32,
    /// Side of a cell in pixels (at least 1).
    pub cell: i32,
    /// Height taken by the title.
    pub title_height: i32,
}

impl MatrixFigure {
    /// The picture of `g`'s permutation matrix (`P[i^g, i] = 1`).
    pub fn of_perm(g: &Perm) -> MatrixFigure {
        let n = g.degree();
        let inv = g.inverse();
        let ones = (0..n).map(|r| vec![inv.image(r)]).collect();
        MatrixFigure::from_ones(n, n, ones)
    }

    /// The picture of any matrix: nonzero entries are dark.
    pub fn of_dmatrix<T: Scalar + Zero>(m: &DMatrix<T>) -> MatrixFigure {
        let ones = (0..m.nrows())
            .map(|r| (0..m.ncols()).filter(|&c| !m[(r, c)].is_zero()).collect())
            .collect();
        MatrixFigure::from_ones(m.nrows(), m.ncols(), ones)
    }

    fn from_ones(rows: usize, cols: usize, ones: Vec<Vec<usize>>) -> MatrixFigure {
        MatrixFigure {
            rows,
            cols,
            ones,
            title: String::new(),
            block: None,
            block_names: Vec::new(),
            numbers: false,
            captions: None,
        }
    }

    /// Sets the title drawn above the matrix.
    pub fn title(mut self, title: &str) -> MatrixFigure {
        self.title = title.to_string();
        self
    }

    /// Separates blocks of `block` rows/columns by lines and names them (names may be
    /// empty).
    pub fn blocks(mut self, block: usize, names: &[&str]) -> MatrixFigure {
        self.block = (block > 0).then_some(block);
        self.block_names = names.iter().map(|s| s.to_string()).collect();
        self
    }

    /// The 6 faces of an N×N×N cube: blocks of `N²` stickers named `U L F R B D`.
    pub fn cube_faces(self, n: usize) -> MatrixFigure {
        let names: Vec<String> = FACES.iter().map(|f| f.to_string()).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.blocks(n * n, &names)
    }

    /// Prints 1-based row and column numbers along the axes (every few, so they do not
    /// overlap): above and left of the grid, or below and right of it when block
    /// names ([`MatrixFigure::blocks`], [`MatrixFigure::cube_faces`]) take the top
    /// and left.
    pub fn numbers(mut self, on: bool) -> MatrixFigure {
        self.numbers = on;
        self
    }

    /// Captions the axes: `columns` below the grid, `rows` along its right side
    /// (read upwards). For a permutation's picture ([`MatrixFigure::of_perm`]) column
    /// `i` is the position before the move and row `i^g` the position after it:
    /// [`MatrixFigure::move_captions`].
    pub fn axis_captions(mut self, columns: &str, rows: &str) -> MatrixFigure {
        self.captions = Some((columns.to_string(), rows.to_string()));
        self
    }

    /// The captions of a permutation's picture: columns are the positions before the
    /// move, rows the positions after it (`P[i^g, i] = 1`).
    pub fn move_captions(self) -> MatrixFigure {
        self.axis_captions(CAPTION_BEFORE, CAPTION_AFTER)
    }

    /// Rows and columns.
    pub fn shape(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Whether entry `(r, c)` (0-based) is drawn dark.
    pub fn is_one(&self, r: usize, c: usize) -> bool {
        self.ones.get(r).is_some_and(|row| row.contains(&c))
    }

    fn has_axis_labels(&self) -> bool {
        self.numbers || !self.block_names.is_empty()
    }

    /// Whether the numbers are drawn below and right of the grid (block names take
    /// the top and left).
    fn numbers_outside(&self) -> bool {
        self.numbers && !self.block_names.is_empty()
    }

    /// Width of the band of numbers below and right of the grid (0 when none).
    fn outer_band(&self, size: (u32, u32), theme: &Theme) -> i32 {
        if self.numbers_outside() {
            (theme.small_size(size) * 2.0).ceil() as i32
        } else {
            0
        }
    }

    /// The pixel geometry of the cells in an image of `size` pixels.
    pub fn layout(&self, size: (u32, u32), theme: &Theme) -> MatrixLayout {
        let (w, h) = (size.0 as i32, size.1 as i32);
        let title_height = super::title_height(size, &self.title, theme);
        let label = if self.has_axis_labels() {
            (theme.small_size(size) * 2.0).ceil() as i32
        } else {
            0
        };
        let caption = if self.captions.is_some() {
            (theme.small_size(size) * 1.8).ceil() as i32
        } else {
            0
        };
        // with both face names and numbers, the numbers go below and right of the grid
        let extra = if self.numbers_outside() { label } else { 0 };
        let margin = 4;
        let avail_w = (w - label - extra - caption - 2 * margin).max(1);
        let avail_h = (h - title_height - label - extra - caption - 2 * margin).max(1);
        let cell = (avail_w / self.cols.max(1) as i32)
            .min(avail_h / self.rows.max(1) as i32)
            .max(1);
        let grid_w = cell * self.cols as i32;
        let x0 = label + margin + (avail_w - grid_w).max(0) / 2;
        let y0 = title_height + label + margin;
        MatrixLayout {
            x0,
            y0,
            cell,
            title_height,
        }
    }
}

impl Figure for MatrixFigure {
    fn default_size(&self) -> (u32, u32) {
        let side = (self.rows.max(self.cols) as u32 * 10).clamp(240, 800);
        (side, side + if self.title.is_empty() { 0 } else { 40 })
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let size = area.dim_in_pixel();
        let l = self.layout(size, theme);
        let pal = &theme.palette;
        draw_title(area, &self.title, theme)?;
        let (gw, gh) = (l.cell * self.cols as i32, l.cell * self.rows as i32);
        // frame
        area.draw(&Rectangle::new(
            [(l.x0 - 1, l.y0 - 1), (l.x0 + gw, l.y0 + gh)],
            pal.grid.stroke_width(theme.line(1.0)),
        ))
        .map_err(draw_err)?;
        // block separators
        if let Some(b) = self.block {
            let style = pal.separator.stroke_width(theme.line(1.0));
            for k in (b..self.cols).step_by(b) {
                let x = l.x0 + k as i32 * l.cell;
                area.draw(&PathElement::new(vec![(x, l.y0), (x, l.y0 + gh)], style))
                    .map_err(draw_err)?;
            }
            for k in (b..self.rows).step_by(b) {
                let y = l.y0 + k as i32 * l.cell;
                area.draw(&PathElement::new(vec![(l.x0, y), (l.x0 + gw, y)], style))
                    .map_err(draw_err)?;
            }
        }
        // the ones, drawn over the separators
        let ink = pal.ink.filled();
        for (r, row) in self.ones.iter().enumerate() {
            for &c in row {
                let (x, y) = (l.x0 + c as i32 * l.cell, l.y0 + r as i32 * l.cell);
                area.draw(&Rectangle::new([(x, y), (x + l.cell, y + l.cell)], ink))
                    .map_err(draw_err)?;
            }
        }
        self.draw_labels(area, &l, size, theme)?;
        self.draw_captions(area, &l, size, theme)
    }

    fn to_tikz(&self) -> Result<String, FigureError> {
        Ok(super::tikz::matrix(self))
    }
}

impl MatrixFigure {
    /// The axis captions: the column caption centred below the grid, the row caption
    /// rotated to read upwards, centred right of the grid.
    fn draw_captions<DB: DrawingBackend>(
        &self,
        area: &Area<DB>,
        l: &MatrixLayout,
        size: (u32, u32),
        theme: &Theme,
    ) -> Result<(), FigureError> {
        let Some((columns, rows)) = &self.captions else {
            return Ok(());
        };
        let fs = theme.small_size(size);
        let (gw, gh) = (l.cell * self.cols as i32, l.cell * self.rows as i32);
        let gap = (fs * 0.4).ceil() as i32 + self.outer_band(size, theme);
        let below = text_style(fs, theme.palette.ink).pos(Pos::new(HPos::Center, VPos::Top));
        area.draw(&Text::new(
            columns.clone(),
            (l.x0 + gw / 2, l.y0 + gh + gap),
            below,
        ))
        .map_err(draw_err)?;
        let right = text_style(fs, theme.palette.ink)
            .pos(Pos::new(HPos::Center, VPos::Top))
            .transform(FontTransform::Rotate270);
        area.draw(&Text::new(
            rows.clone(),
            (l.x0 + gw + gap, l.y0 + gh / 2),
            right,
        ))
        .map_err(draw_err)
    }

    fn draw_labels<DB: DrawingBackend>(
        &self,
        area: &Area<DB>,
        l: &MatrixLayout,
        size: (u32, u32),
        theme: &Theme,
    ) -> Result<(), FigureError> {
        let fs = theme.small_size(size);
        let top = text_style(fs, theme.palette.ink).pos(Pos::new(HPos::Center, VPos::Bottom));
        let left = text_style(fs, theme.palette.ink).pos(Pos::new(HPos::Right, VPos::Center));
        let bottom = text_style(fs, theme.palette.ink).pos(Pos::new(HPos::Center, VPos::Top));
        let right = text_style(fs, theme.palette.ink).pos(Pos::new(HPos::Left, VPos::Center));
        let (gw, gh) = (l.cell * self.cols as i32, l.cell * self.rows as i32);
        // `outside`: below the grid (columns) or right of it (rows)
        let put = |text: String, along: f64, column: bool, outside: bool| {
            let along = along.round() as i32;
            let elem = match (column, outside) {
                (true, false) => Text::new(text, (along, l.y0 - 4), top.clone()),
                (false, false) => Text::new(text, (l.x0 - 5, along), left.clone()),
                (true, true) => Text::new(text, (along, l.y0 + gh + 4), bottom.clone()),
                (false, true) => Text::new(text, (l.x0 + gw + 5, along), right.clone()),
            };
            area.draw(&elem).map_err(draw_err)
        };
        let cell = l.cell as f64;
        if !self.block_names.is_empty() {
            let b = self.block.unwrap_or(1);
            for (k, name) in self.block_names.iter().enumerate() {
                let mid = (k * b) as f64 * cell + b as f64 * cell / 2.0;
                if k * b < self.cols {
                    put(name.clone(), l.x0 as f64 + mid, true, false)?;
                }
                if k * b < self.rows {
                    put(name.clone(), l.y0 as f64 + mid, false, false)?;
                }
            }
        }
        if self.numbers {
            // label 1 and every `step`-th index so that labels are ≥ 2.5 font sizes apart
            let step = label_step(cell, fs);
            for (count, column) in [(self.cols, true), (self.rows, false)] {
                let origin = if column { l.x0 } else { l.y0 } as f64;
                let mut marks = vec![1];
                marks.extend((step..=count).step_by(step));
                marks.dedup();
                for k in marks {
                    let along = origin + (k as f64 - 0.5) * cell;
                    put(k.to_string(), along, column, self.numbers_outside())?;
                }
            }
        }
        Ok(())
    }
}

/// The smallest of 1, 2, 5, 10, 20, 50, … whose spacing leaves 2.5 font sizes between
/// labels.
pub(super) fn label_step(cell: f64, font: f64) -> usize {
    let mut step = 1usize;
    let mut k = 0;
    while (step as f64) * cell < 2.5 * font {
        step = [1, 2, 5][(k + 1) % 3] * 10usize.pow(((k + 1) / 3) as u32);
        k += 1;
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn label_steps_grow_in_1_2_5() {
        assert_eq!(label_step(30.0, 10.0), 1);
        assert_eq!(label_step(10.0, 10.0), 5);
        assert_eq!(label_step(2.0, 10.0), 20);
    }

    #[test]
    fn perm_picture_has_ones_at_image_rows() {
        let g: Perm = "(1,2,3)".parse().unwrap();
        let f = MatrixFigure::of_perm(&g);
        // 1 -> 2: row 2, column 1 (1-based)
        assert!(f.is_one(1, 0) && f.is_one(2, 1) && f.is_one(0, 2));
        assert!(!f.is_one(0, 0));
        let m = crate::matrix::to_dmatrix::<u8>(&g);
        assert_eq!(MatrixFigure::of_dmatrix(&m), f);
    }
}
