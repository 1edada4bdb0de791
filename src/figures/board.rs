//! Boards: an R×C grid of numbered cells with highlighted cells, arrows for a move or
//! a cycle (cell `i` → cell `i^g`), and the path a number takes during a word (seed
//! 000's Spiral).
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, board::{BoardFigure, trajectory}}};
//! let p = Puzzle::builtin("board:3x3:2").unwrap();
//! let w = p.parse_word("A B").unwrap();
//! let g = p.eval(&w);
//! let fig = BoardFigure::for_puzzle(&p, &g.apply_to_state(&p.solved()))
//!     .unwrap()
//!     .arrows_of(&g);
//! assert_eq!(fig.arrows().len(), g.support().len());
//! // the number starting in cell 1 goes to cell 2 under A, then to cell 3 under B
//! assert_eq!(trajectory(&p, &w, 0), vec![0, 1, 2]);
//! assert!(fig.to_png((300, 300)).unwrap().len() > 100);
//! ```

use super::{centred_text, draw_arrow, draw_err, draw_title, Area, Figure, FigureError, Theme};
use crate::perm::Perm;
use crate::puzzle::{Layout, Puzzle};
use crate::word::Word;
use plotters::prelude::*;

/// The caption under a board with arrows: position `p`'s arrow points to `p^g`.
pub const ARROWS_CAPTION: &str = "arrow p → p^g for each position p the permutation g moves";

/// A picture of a board state.
#[derive(Clone, Debug)]
pub struct BoardFigure {
    rows: usize,
    cols: usize,
    /// 0-based labels at positions (drawn 1-based).
    state: Vec<u32>,
    highlight: Vec<usize>,
    arrows: Vec<(usize, usize)>,
    path: Vec<usize>,
    /// For each step of the path: the rotation that carries it, as (centre in cell
    /// units (column, row), signed quarter turns clockwise), or `None` for a straight
    /// arrow.
    turns: Vec<Option<((f64, f64), i64)>>,
    title: String,
}

/// The centre of cell `p` in cell units (column + ½, row + ½).
fn cell_centre(cols: usize, p: usize) -> (f64, f64) {
    ((p % cols) as f64 + 0.5, (p / cols) as f64 + 0.5)
}

/// If `g` carries cell `from` to cell `to` by `quarter_turns` clockwise quarter turns
/// about the centroid of its moved cells (a block turn), that centroid.
fn rotation_centre(
    g: &Perm,
    cols: usize,
    from: usize,
    to: usize,
    quarter_turns: i64,
) -> Option<(f64, f64)> {
    let support = g.support();
    if support.is_empty() || !support.contains(&from) {
        return None;
    }
    let k = support.len() as f64;
    let (sx, sy) = support.iter().fold((0.0, 0.0), |(x, y), &p| {
        let (cx, cy) = cell_centre(cols, p);
        (x + cx, y + cy)
    });
    let c = (sx / k, sy / k);
    let (mut dx, mut dy) = (
        cell_centre(cols, from).0 - c.0,
        cell_centre(cols, from).1 - c.1,
    );
    for _ in 0..quarter_turns.rem_euclid(4) {
        // clockwise on screen (y down): (dx, dy) -> (-dy, dx)
        (dx, dy) = (-dy, dx);
    }
    let t = cell_centre(cols, to);
    ((c.0 + dx - t.0).abs() < 1e-9 && (c.1 + dy - t.1).abs() < 1e-9).then_some(c)
}

/// The positions (0-based) a piece starting at `start` occupies after each letter of
/// `w` (default convention), the start included: `letters + 1` entries.
pub fn trajectory(puzzle: &Puzzle, w: &Word, start: usize) -> Vec<usize> {
    let perms = puzzle.all_perms();
    let mut pos = start;
    let mut out = vec![pos];
    for (g, power) in w.letters() {
        pos = perms[g].pow(power).image(pos);
        out.push(pos);
    }
    out
}

impl BoardFigure {
    /// A `rows × cols` board showing `state` (0-based labels at positions, row-major).
    pub fn new(rows: usize, cols: usize, state: &[u32]) -> Result<BoardFigure, FigureError> {
        if rows == 0 || cols == 0 || state.len() != rows * cols {
            return Err(FigureError::Invalid(format!(
                "a {rows}x{cols} board needs {} labels, got {}",
                rows * cols,
                state.len()
            )));
        }
        Ok(BoardFigure {
            rows,
            cols,
            state: state.to_vec(),
            highlight: Vec::new(),
            arrows: Vec::new(),
            path: Vec::new(),
            turns: Vec::new(),
            title: String::new(),
        })
    }

    /// The board of a grid puzzle (a ring puzzle is drawn as one row).
    pub fn for_puzzle(puzzle: &Puzzle, state: &[u32]) -> Result<BoardFigure, FigureError> {
        match puzzle.layout() {
            Layout::Grid { rows, cols } => BoardFigure::new(rows, cols, state),
            Layout::Ring => BoardFigure::new(1, puzzle.degree(), state),
            _ => Err(FigureError::Invalid(format!(
                "puzzle {} is not a board (its states are not drawn as a grid)",
                puzzle.name()
            ))),
        }
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> BoardFigure {
        self.title = title.to_string();
        self
    }

    /// Highlights cells (0-based positions).
    pub fn highlight(mut self, cells: &[usize]) -> BoardFigure {
        self.highlight
            .extend(cells.iter().filter(|&&c| c < self.state.len()));
        self
    }

    /// Adds an arrow `i → i^g` for every point `g` moves (a move, or a cycle); the
    /// figure then has the caption [`ARROWS_CAPTION`].
    pub fn arrows_of(mut self, g: &Perm) -> BoardFigure {
        for c in g.cycles() {
            for k in 0..c.len() {
                let (a, b) = (c[k], c[(k + 1) % c.len()]);
                if a < self.state.len() && b < self.state.len() {
                    self.arrows.push((a, b));
                }
            }
        }
        self
    }

    /// Draws the path through these positions (0-based), e.g. from [`trajectory`],
    /// and highlights its first and last cells.
    pub fn path(mut self, positions: &[usize]) -> BoardFigure {
        self.path = positions
            .iter()
            .copied()
            .filter(|&p| p < self.state.len())
            .collect();
        self.turns = vec![None; self.path.len().saturating_sub(1)];
        if let (Some(&a), Some(&b)) = (self.path.first(), self.path.last()) {
            self.highlight.push(a);
            self.highlight.push(b);
        }
        self
    }

    /// Draws the path of the piece starting at `start` (0-based position) during the
    /// letters `(move index, power)` of a word over `puzzle`'s moves (generators, then
    /// extra moves, as [`Word::letters`] gives them): a block turn is drawn as the arc
    /// the piece describes about the block's centre, any other move as a straight
    /// arrow. Highlights the first and last cells.
    pub fn path_of_letters(
        self,
        puzzle: &Puzzle,
        letters: &[(usize, i64)],
        start: usize,
    ) -> BoardFigure {
        let perms = puzzle.all_perms();
        let mut cells = vec![start];
        let mut turns = Vec::new();
        let mut pos = start;
        for &(g, power) in letters {
            let next = perms[g].pow(power).image(pos);
            turns.push(rotation_centre(&perms[g], self.cols, pos, next, power).map(|c| (c, power)));
            cells.push(next);
            pos = next;
        }
        let mut fig = self.path(&cells);
        if fig.path.len() == cells.len() {
            fig.turns = turns;
        }
        fig
    }

    /// The cells of the path (0-based).
    pub fn path_cells(&self) -> &[usize] {
        &self.path
    }

    /// For each step of the path, whether it is drawn as the arc of a block turn.
    pub fn step_is_arc(&self) -> Vec<bool> {
        self.turns.iter().map(Option::is_some).collect()
    }

    /// The arrows, as (from, to) positions (an arrow `p → p^g` for each point a
    /// permutation `g` moves, [`BoardFigure::arrows_of`]).
    pub fn arrows(&self) -> &[(usize, usize)] {
        &self.arrows
    }

    /// Top-left corner and side of the cells in an area of `size` pixels.
    fn geometry(&self, size: (u32, u32), title_h: i32, foot_h: f64) -> (f64, f64, f64) {
        let margin = 8.0;
        // arcs of turns may leave the board by up to (√2 − 1)·(block side)/2: keep
        // 0.7 cells around it free
        let pad = if self.turns.iter().any(Option::is_some) {
            0.7
        } else {
            0.0
        };
        let avail_w = size.0 as f64 - 2.0 * margin;
        let avail_h = size.1 as f64 - 2.0 * margin - title_h as f64 - foot_h;
        let cell = (avail_w / (self.cols as f64 + 2.0 * pad))
            .min(avail_h / (self.rows as f64 + 2.0 * pad))
            .max(4.0)
            .floor();
        let x0 = ((size.0 as f64 - cell * self.cols as f64) / 2.0).floor();
        let y0 = title_h as f64 + margin + ((avail_h - cell * self.rows as f64) / 2.0).floor();
        (x0, y0, cell)
    }
}

impl Figure for BoardFigure {
    fn default_size(&self) -> (u32, u32) {
        let cell = (480 / self.rows.max(self.cols)).clamp(24, 90) as u32;
        let title = if self.title.is_empty() { 0 } else { 36 };
        let caption = if self.arrows.is_empty() { 0 } else { 24 };
        (
            (cell * self.cols as u32 + 16).max(if caption > 0 { 300 } else { 0 }),
            cell * self.rows as u32 + 16 + title + caption,
        )
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let size = area.dim_in_pixel();
        let pal = &theme.palette;
        let title_h = draw_title(area, &self.title, theme)?;
        // a caption under the board says what the arrows are
        let caption = theme.text(12.0);
        let foot_h = if self.arrows.is_empty() {
            0.0
        } else {
            super::draw_label(
                area,
                ARROWS_CAPTION,
                caption,
                (size.0 as f64 / 2.0, size.1 as f64 - caption),
                pal.ink,
            )?;
            caption * 2.0
        };
        let (x0, y0, cell) = self.geometry(size, title_h, foot_h);
        let centre = |p: usize| {
            let (r, c) = (p / self.cols, p % self.cols);
            (x0 + (c as f64 + 0.5) * cell, y0 + (r as f64 + 0.5) * cell)
        };
        let px = |v: f64| v.round() as i32;
        // numbers grow with the theme's text but stay inside their cells
        let (share, most) = if self.state.len() > 99 {
            (0.32, 0.36)
        } else {
            (0.4, 0.5)
        };
        let font = centred_text(theme.text(cell * share).min(cell * most), pal.ink);
        for p in 0..self.state.len() {
            let (r, c) = (p / self.cols, p % self.cols);
            let (x, y) = (x0 + c as f64 * cell, y0 + r as f64 * cell);
            let fill = if self.highlight.contains(&p) {
                pal.highlight
            } else {
                WHITE
            };
            let corners = [(px(x), px(y)), (px(x + cell), px(y + cell))];
            area.draw(&Rectangle::new(corners, fill.filled()))
                .map_err(draw_err)?;
            area.draw(&Rectangle::new(
                corners,
                pal.grid.stroke_width(theme.line(1.0)),
            ))
            .map_err(draw_err)?;
            let (cx, cy) = centre(p);
            area.draw(&Text::new(
                (self.state[p] + 1).to_string(),
                (px(cx), px(cy)),
                font.clone(),
            ))
            .map_err(draw_err)?;
        }
        // arrows between cell centres, stopping short of the numbers, shifted sideways
        // so that the two arrows of a swap do not overlap
        let arrow = pal
            .arrow
            .stroke_width(theme.line((cell / 24.0).max(1.0).floor()));
        for &(a, b) in &self.arrows {
            let (p, q) = (centre(a), centre(b));
            let (dx, dy) = (q.0 - p.0, q.1 - p.1);
            let len = (dx * dx + dy * dy).sqrt();
            let (ux, uy) = (dx / len, dy / len);
            let (sx, sy) = (-uy * cell * 0.12, ux * cell * 0.12);
            let short = cell * 0.3;
            draw_arrow(
                area,
                (p.0 + ux * short + sx, p.1 + uy * short + sy),
                (q.0 - ux * short + sx, q.1 - uy * short + sy),
                cell * 0.16,
                arrow,
            )?;
        }
        if self.path.len() > 1 {
            let colour = pal.series[0].mix(0.75);
            let style = colour.stroke_width(theme.line((cell / 16.0).max(2.0).floor()));
            for (k, w) in self.path.windows(2).enumerate() {
                if w[0] == w[1] {
                    continue;
                }
                let (p, q) = (centre(w[0]), centre(w[1]));
                match self.turns.get(k).copied().flatten() {
                    None => draw_arrow(area, p, q, cell * 0.18, style)?,
                    Some(((ccol, crow), turns)) => {
                        // the arc of the turn, sampled, with the head on its last piece
                        let c = (x0 + ccol * cell, y0 + crow * cell);
                        let r = ((p.0 - c.0).powi(2) + (p.1 - c.1).powi(2)).sqrt();
                        let a0 = (p.1 - c.1).atan2(p.0 - c.0);
                        let sweep = turns as f64 * std::f64::consts::FRAC_PI_2;
                        let n = 12 * turns.unsigned_abs().max(1) as usize;
                        let pts: Vec<(f64, f64)> = (0..=n)
                            .map(|i| {
                                let a = a0 + sweep * i as f64 / n as f64;
                                (c.0 + r * a.cos(), c.1 + r * a.sin())
                            })
                            .collect();
                        area.draw(&PathElement::new(
                            pts[..n]
                                .iter()
                                .map(|&(x, y)| (px(x), px(y)))
                                .collect::<Vec<_>>(),
                            style,
                        ))
                        .map_err(draw_err)?;
                        draw_arrow(area, pts[n - 1], pts[n], cell * 0.18, style)?;
                    }
                }
            }
            let start = centre(self.path[0]);
            area.draw(&Circle::new(
                (px(start.0), px(start.1)),
                (cell * 0.08).max(3.0) as i32,
                colour.filled(),
            ))
            .map_err(draw_err)?;
        }
        Ok(())
    }
}
