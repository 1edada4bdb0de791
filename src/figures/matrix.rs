//! Permutation-matrix pictures (seed 003): one square per entry, the 1s dark.
//!
//! The picture of a permutation `g` is its matrix `P` with `P[i^g, i] = 1` (the crate's
//! convention, [`crate::matrix`]): row `r` is drawn `r` cells from the top, column `c`
//! `c` cells from the left, exactly as seed 003's `pretty` prints it. For cubes the
//! 6 faces' blocks of `N²` stickers can be separated by lines and labelled `U L F R B
//! D`.
//!
//! The TikZ form ([`Figure::to_tikz`]) draws the same cells in cell units: the light
//! grid one cell apart (`step=1`), the separators, then one `\fill` per 1-entry in
//! the order the SVG draws them (row by row).
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, matrix::MatrixFigure}};
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let r = cube.eval(&cube.parse_word("R").unwrap());
//! let fig = MatrixFigure::of_perm(&r).cube_faces(3).title("R");
//! let layout = fig.layout((600, 640), &permlab::figures::Theme::paper());
//! assert_eq!(layout.cell, 10.0); // 54 cells fit in the space left by title and labels
//! assert!(fig.is_one(8, 26)); // R carries sticker 27 (F) to 9 (U): P[9, 27] = 1
//! ```

use super::canvas::{Canvas, Rotation, Shape, Stroke};
use super::text::{HAlign, VAlign};
use super::{draw_title, tikz, Figure, FigureError, Theme};
use crate::perm::Perm;
use crate::puzzle::cube::FACES;
use nalgebra::{DMatrix, Scalar};
use num_traits::Zero;
use std::fmt::Write;

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

/// Where a [`MatrixFigure`] puts its cells on a canvas of a given size: cell `(r, c)`
/// covers `x0 + c·cell .. x0 + (c+1)·cell` and `y0 + r·cell .. y0 + (r+1)·cell`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatrixLayout {
    /// Left edge of column 0.
    pub x0: f64,
    /// Top edge of row 0.
    pub y0: f64,
    /// Side of a cell in pixels (whole pixels when a cell is 3 pixels or more).
    pub cell: f64,
    /// Height taken by the title.
    pub title_height: f64,
    /// The em of the labels and captions.
    pub em: f64,
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

    /// The pixel geometry of the cells on a canvas of `size` pixels under `theme`.
    pub fn layout(&self, size: (u32, u32), theme: &Theme) -> MatrixLayout {
        let (w, h) = (f64::from(size.0), f64::from(size.1));
        let title_height = super::title_layout(w, &self.title, theme).height;
        let em = theme.small(w);
        // a band of labels is 1.6 ems deep; a caption 1.5 ems
        let label = if self.has_axis_labels() {
            em * 1.6
        } else {
            0.0
        };
        let caption = if self.captions.is_some() {
            em * 1.5
        } else {
            0.0
        };
        let extra = if self.numbers_outside() { label } else { 0.0 };
        let margin = em * 0.4;
        let avail_w = (w - label - extra - caption - 2.0 * margin).max(1.0);
        let avail_h = (h - title_height - label - extra - caption - 2.0 * margin).max(1.0);
        let exact = (avail_w / self.cols.max(1) as f64).min(avail_h / self.rows.max(1) as f64);
        let cell = if exact >= 3.0 { exact.floor() } else { exact };
        let grid_w = cell * self.cols as f64;
        let grid_h = cell * self.rows as f64;
        // centre the block of labels, grid and captions
        let used_w = label + grid_w + extra + caption;
        let used_h = label + grid_h + extra + caption;
        let x0 = ((w - used_w) / 2.0).max(margin) + label;
        let y0 = title_height + ((h - title_height - used_h) / 2.0).max(margin) + label;
        MatrixLayout {
            x0,
            y0,
            cell,
            title_height,
            em,
        }
    }
}

impl Figure for MatrixFigure {
    fn default_size(&self) -> (u32, u32) {
        let side = (self.rows.max(self.cols) as u32 * 10).clamp(240, 800);
        (side, side + if self.title.is_empty() { 0 } else { 40 })
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let size = (canvas.width() as u32, canvas.height() as u32);
        let l = self.layout(size, theme);
        let pal = &theme.palette;
        let w = canvas.width();
        draw_title(canvas, &self.title, theme);
        let (gw, gh) = (l.cell * self.cols as f64, l.cell * self.rows as f64);
        // the light grid, one cell apart
        let grid = Stroke::new(pal.grid, theme.line(0.4, w));
        for c in 1..self.cols {
            let x = l.x0 + c as f64 * l.cell;
            canvas.line((x, l.y0), (x, l.y0 + gh), grid);
        }
        for r in 1..self.rows {
            let y = l.y0 + r as f64 * l.cell;
            canvas.line((l.x0, y), (l.x0 + gw, y), grid);
        }
        // block separators
        if let Some(b) = self.block {
            let sep = Stroke::new(pal.separator, theme.line(1.2, w));
            for k in (b..self.cols).step_by(b) {
                let x = l.x0 + k as f64 * l.cell;
                canvas.line((x, l.y0), (x, l.y0 + gh), sep);
            }
            for k in (b..self.rows).step_by(b) {
                let y = l.y0 + k as f64 * l.cell;
                canvas.line((l.x0, y), (l.x0 + gw, y), sep);
            }
        }
        // the ones, row by row, over the separators
        for (r, row) in self.ones.iter().enumerate() {
            for &c in row {
                let (x, y) = (l.x0 + c as f64 * l.cell, l.y0 + r as f64 * l.cell);
                canvas.rect((x, y), (x + l.cell, y + l.cell), Some(pal.ink), None);
            }
        }
        canvas.rect(
            (l.x0, l.y0),
            (l.x0 + gw, l.y0 + gh),
            None,
            Some(Stroke::new(pal.grid, theme.line(1.0, w))),
        );
        self.draw_labels(canvas, &l, theme);
        self.draw_captions(canvas, &l, theme);
        Ok(())
    }

    fn to_tikz(&self) -> Result<String, FigureError> {
        Ok(self.tikz())
    }
}

/// The side of the larger dimension of a matrix's TikZ picture, in centimetres.
pub const TIKZ_SIDE_CM: f64 = 7.5;

impl MatrixFigure {
    /// The axis captions: the column caption centred below the grid, the row caption
    /// reading upwards, centred right of the grid.
    fn draw_captions(&self, canvas: &mut Canvas, l: &MatrixLayout, theme: &Theme) {
        let Some((columns, rows)) = &self.captions else {
            return;
        };
        let (gw, gh) = (l.cell * self.cols as f64, l.cell * self.rows as f64);
        let band = if self.numbers_outside() {
            l.em * 1.6
        } else {
            0.0
        };
        let gap = l.em * 0.3 + band;
        let ink = theme.palette.ink;
        canvas.label(
            columns,
            (l.x0 + gw / 2.0, l.y0 + gh + gap),
            l.em,
            (HAlign::Centre, VAlign::Top),
            ink,
        );
        canvas.push(Shape::Text(super::canvas::Label {
            text: rows.clone(),
            at: (l.x0 + gw + gap, l.y0 + gh / 2.0),
            em: l.em,
            align: (HAlign::Centre, VAlign::Top),
            rotation: Rotation::Up,
            colour: ink,
        }));
    }

    /// Block names along the top and left; row and column numbers (every few, so
    /// they do not overlap) there or, with block names, below and right.
    fn draw_labels(&self, canvas: &mut Canvas, l: &MatrixLayout, theme: &Theme) {
        let (gw, gh) = (l.cell * self.cols as f64, l.cell * self.rows as f64);
        let gap = l.em * 0.3;
        let ink = theme.palette.ink;
        // `outside`: below the grid (columns) or right of it (rows)
        let mut put = |text: &str, along: f64, column: bool, outside: bool| {
            let (at, align) = match (column, outside) {
                (true, false) => ((along, l.y0 - gap), (HAlign::Centre, VAlign::Bottom)),
                (false, false) => ((l.x0 - gap, along), (HAlign::Right, VAlign::Middle)),
                (true, true) => ((along, l.y0 + gh + gap), (HAlign::Centre, VAlign::Top)),
                (false, true) => ((l.x0 + gw + gap, along), (HAlign::Left, VAlign::Middle)),
            };
            canvas.label(text, at, l.em, align, ink);
        };
        if !self.block_names.is_empty() {
            let b = self.block.unwrap_or(1);
            for (k, name) in self.block_names.iter().enumerate() {
                let mid = (k * b) as f64 * l.cell + b as f64 * l.cell / 2.0;
                if k * b < self.cols {
                    put(name, l.x0 + mid, true, false);
                }
                if k * b < self.rows {
                    put(name, l.y0 + mid, false, false);
                }
            }
        }
        if self.numbers {
            let step = label_step(l.cell, l.em);
            for (count, column) in [(self.cols, true), (self.rows, false)] {
                let origin = if column { l.x0 } else { l.y0 };
                for k in number_marks(count, step) {
                    let along = origin + (k as f64 - 0.5) * l.cell;
                    put(&k.to_string(), along, column, self.numbers_outside());
                }
            }
        }
    }

    /// The `tikzpicture`: the same grid, separators, 1-entries, labels and captions
    /// as the drawing, in cell units (`x` right, `y` down), the larger side
    /// [`TIKZ_SIDE_CM`] long.
    fn tikz(&self) -> String {
        let (rows, cols) = (self.rows, self.cols);
        let unit = TIKZ_SIDE_CM / rows.max(cols).max(1) as f64;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm,font=\\footnotesize]",
            tikz::num(unit),
            tikz::num(unit)
        );
        let _ = writeln!(
            s,
            "% permlab matrix picture: {rows} rows, {cols} columns; cell (r,c) spans (c,r) to (c+1,r+1)"
        );
        let grid = tikz::colour(super::palette::GRID);
        let _ = writeln!(
            s,
            "\\draw[color={grid},line width=0.2pt,step=1] (0,0) grid ({cols},{rows});"
        );
        if let Some(b) = self.block {
            let sep = tikz::colour(super::palette::SEPARATOR);
            for k in (b..cols).step_by(b) {
                let _ = writeln!(
                    s,
                    "\\draw[color={sep},line width=0.6pt] ({k},0) -- ({k},{rows});"
                );
            }
            for k in (b..rows).step_by(b) {
                let _ = writeln!(
                    s,
                    "\\draw[color={sep},line width=0.6pt] (0,{k}) -- ({cols},{k});"
                );
            }
        }
        let ink = tikz::colour(super::palette::INK);
        for (r, row) in self.ones.iter().enumerate() {
            for &c in row {
                let _ = writeln!(s, "\\fill[color={ink}] ({c},{r}) rectangle ++(1,1);");
            }
        }
        let _ = writeln!(
            s,
            "\\draw[color={grid},line width=0.4pt] (0,0) rectangle ({cols},{rows});"
        );
        if !self.block_names.is_empty() {
            let b = self.block.unwrap_or(1);
            for (k, name) in self.block_names.iter().enumerate() {
                let mid = (k * b) as f64 + b as f64 / 2.0;
                if k * b < cols {
                    s.push_str(&tikz::node("above", mid, 0.0, name));
                }
                if k * b < rows {
                    s.push_str(&tikz::node("left", 0.0, mid, name));
                }
            }
        }
        if self.numbers {
            // a \footnotesize digit is about 4.5 pt wide: a cell of `unit` cm is unit·28.45 pt
            let step = label_step(unit * 28.45, 7.0);
            let outside = self.numbers_outside();
            for (count, column) in [(cols, true), (rows, false)] {
                for k in number_marks(count, step) {
                    let along = k as f64 - 0.5;
                    let node = match (column, outside) {
                        (true, false) => tikz::node("above", along, 0.0, &k.to_string()),
                        (false, false) => tikz::node("left", 0.0, along, &k.to_string()),
                        (true, true) => tikz::node("below", along, rows as f64, &k.to_string()),
                        (false, true) => tikz::node("right", cols as f64, along, &k.to_string()),
                    };
                    s.push_str(&node);
                }
            }
        }
        if let Some((columns, rows_caption)) = &self.captions {
            let shift = if self.numbers_outside() {
                ",yshift=-1.2em"
            } else {
                ""
            };
            s.push_str(&tikz::node(
                &format!("below{shift}"),
                cols as f64 / 2.0,
                rows as f64,
                columns,
            ));
            let shift = if self.numbers_outside() {
                ",yshift=-1.6em"
            } else {
                ""
            };
            s.push_str(&tikz::node(
                &format!("anchor=north,rotate=90{shift}"),
                cols as f64,
                rows as f64 / 2.0,
                rows_caption,
            ));
        }
        if !self.title.is_empty() {
            let shift = if self.has_axis_labels() {
                "1.4em"
            } else {
                "0.2em"
            };
            s.push_str(&tikz::node(
                &format!("above,yshift={shift},font=\\normalsize"),
                cols as f64 / 2.0,
                0.0,
                &self.title,
            ));
        }
        s.push_str("\\end{tikzpicture}\n");
        s
    }
}

/// The 1-based indices labelled along an axis of `count` cells: 1 and every
/// `step`-th.
fn number_marks(count: usize, step: usize) -> Vec<usize> {
    let mut marks = vec![1];
    marks.extend((step..=count).step_by(step));
    marks.dedup();
    marks.retain(|&k| k <= count);
    marks
}

/// The smallest of 1, 2, 5, 10, 20, 50, … whose spacing leaves 2.5 ems between
/// labels of em `em` on cells of side `cell`.
pub(super) fn label_step(cell: f64, em: f64) -> usize {
    let mut step = 1usize;
    let mut k = 0;
    while (step as f64) * cell < 2.5 * em {
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
        assert_eq!(number_marks(12, 5), vec![1, 5, 10]);
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
