//! Boards: an R×C grid of numbered cells with highlighted cells, arrows for a move or
//! a cycle (cell `i` → cell `i^g`), and the path a number takes during a word (seed
//! 000's Spiral).
//!
//! The picture is laid out in cell units ([`BoardFigure::arrow_curves`],
//! [`BoardFigure::path_steps`]) and drawn from that layout both on the canvas (scaled
//! to pixels) and in TikZ (in cell units), so the two show the same cells, numbers and
//! arrows in the same order. A number is a round node ([`BoardFigure::node_radius`]):
//! arrows and path steps start and stop on its boundary, and an arrow whose straight
//! line would cross another number is bent round it, so no arrow is drawn through a
//! digit.
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

use super::canvas::{Canvas, Stroke};
use super::text::{text_width, HAlign, VAlign, CAP_HEIGHT};
use super::{draw_title, tikz, Figure, FigureError, Theme};
use crate::perm::Perm;
use crate::puzzle::{Layout, Puzzle};
use crate::word::Word;
use plotters::style::RGBColor;
use std::fmt::Write;

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

/// A point in cell units: `(column, row)`, cell `p`'s square spanning
/// `(p mod C, p div C)` to one more in each.
pub type CellPoint = (f64, f64);

/// One step of a path, in cell units, between the boundaries of two numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathStep {
    /// A straight arrow.
    Line {
        /// Start.
        from: CellPoint,
        /// End (the arrow's tip).
        to: CellPoint,
    },
    /// The arc a block turn carries the number along.
    Arc {
        /// The turn's centre.
        centre: CellPoint,
        /// Radius.
        radius: f64,
        /// Angle of the start (radians, clockwise on the page from the +x axis).
        start: f64,
        /// Signed angle turned (positive: clockwise).
        sweep: f64,
    },
}

/// The centre of cell `p` in cell units (column + ½, row + ½).
fn cell_centre(cols: usize, p: usize) -> CellPoint {
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
) -> Option<CellPoint> {
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

/// Where a board goes on a canvas: the top-left corner of cell 0 and the side of a
/// cell, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    /// Left edge of column 0.
    pub x0: f64,
    /// Top edge of row 0.
    pub y0: f64,
    /// Side of a cell.
    pub cell: f64,
}

impl BoardGeometry {
    /// A point in cell units in pixels.
    pub fn px(&self, p: CellPoint) -> (f64, f64) {
        (self.x0 + p.0 * self.cell, self.y0 + p.1 * self.cell)
    }
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

    /// The numbers' em, in cell units.
    pub fn number_em(&self) -> f64 {
        if self.state.len() > 99 {
            0.32
        } else {
            0.4
        }
    }

    /// The radius, in cell units, of the round node around each number: half the
    /// diagonal of the widest number's box (its digits' advance by the capitals'
    /// height) plus a margin of 0.06.
    pub fn node_radius(&self) -> f64 {
        let em = self.number_em();
        let digits = self.state.len().to_string();
        let w = text_width(&digits, em);
        0.5 * (w * w + (CAP_HEIGHT * em).powi(2)).sqrt() + 0.06
    }

    /// The arrows as quadratic Bézier curves `(from, control, to)` in cell units,
    /// between cell centres: straight (the control point halfway) unless the reverse
    /// arrow is drawn too (then both bend to their left) or the line would pass
    /// within [`BoardFigure::node_radius`] of another number (then it bends to its
    /// left until it does not).
    pub fn arrow_curves(&self) -> Vec<super::Bezier> {
        let rho = self.node_radius();
        let n = self.state.len();
        self.arrows
            .iter()
            .map(|&(a, b)| {
                let (p, q) = (cell_centre(self.cols, a), cell_centre(self.cols, b));
                let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                // the left of the direction of travel on the page (y down)
                let normal = (dy / len, -dx / len);
                let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                let control = |bend: f64| (mid.0 + normal.0 * bend, mid.1 + normal.1 * bend);
                let crosses = |bend: f64| {
                    let c = control(bend);
                    (0..n).filter(|&o| o != a && o != b).any(|o| {
                        let oc = cell_centre(self.cols, o);
                        (1..40).any(|i| {
                            let pt = super::bezier(p, c, q, i as f64 / 40.0);
                            (pt.0 - oc.0).powi(2) + (pt.1 - oc.1).powi(2) < (rho + 0.04).powi(2)
                        })
                    })
                };
                let mut bend = if self.arrows.contains(&(b, a)) {
                    0.3
                } else {
                    0.0
                };
                while crosses(bend) && bend < 2.0 {
                    bend += 0.1;
                }
                (p, control(bend), q)
            })
            .collect()
    }

    /// The steps of the path in cell units: straight arrows and arcs of turns, each
    /// from the boundary of one number's node to that of the next.
    pub fn path_steps(&self) -> Vec<PathStep> {
        let rho = self.node_radius();
        let mut out = Vec::new();
        for (k, w) in self.path.windows(2).enumerate() {
            if w[0] == w[1] {
                continue;
            }
            let (p, q) = (cell_centre(self.cols, w[0]), cell_centre(self.cols, w[1]));
            match self.turns.get(k).copied().flatten() {
                None => {
                    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
                    let len = (dx * dx + dy * dy).sqrt();
                    let (ux, uy) = (dx / len, dy / len);
                    out.push(PathStep::Line {
                        from: (p.0 + ux * rho, p.1 + uy * rho),
                        to: (q.0 - ux * rho, q.1 - uy * rho),
                    });
                }
                Some((c, turns)) => {
                    let radius = ((p.0 - c.0).powi(2) + (p.1 - c.1).powi(2)).sqrt();
                    let sweep = turns as f64 * std::f64::consts::FRAC_PI_2;
                    // the angle a chord of length rho spans at this radius
                    let cut = 2.0 * (rho / (2.0 * radius)).min(1.0).asin() * sweep.signum();
                    let a0 = (p.1 - c.1).atan2(p.0 - c.0);
                    out.push(PathStep::Arc {
                        centre: c,
                        radius,
                        start: a0 + cut,
                        sweep: sweep - 2.0 * cut,
                    });
                }
            }
        }
        out
    }

    /// Where the board goes on a canvas of `size` pixels below a title band of
    /// `title_h` and above a caption band of `foot_h` pixels.
    pub fn geometry(&self, size: (f64, f64), title_h: f64, foot_h: f64) -> BoardGeometry {
        let margin = size.0.min(size.1) * 0.02;
        // arcs of turns may leave the board by up to (√2 − 1)·(block side)/2: keep
        // 0.7 cells around it free
        let pad = if self.turns.iter().any(Option::is_some) {
            0.7
        } else {
            0.0
        };
        let avail_w = size.0 - 2.0 * margin;
        let avail_h = size.1 - 2.0 * margin - title_h - foot_h;
        let cell = (avail_w / (self.cols as f64 + 2.0 * pad))
            .min(avail_h / (self.rows as f64 + 2.0 * pad))
            .max(4.0)
            .floor();
        let x0 = ((size.0 - cell * self.cols as f64) / 2.0).floor();
        let y0 = title_h + margin + ((avail_h - cell * self.rows as f64) / 2.0).floor();
        BoardGeometry { x0, y0, cell }
    }

    fn arrow_colour(&self, theme: &Theme) -> RGBColor {
        theme.palette.arrow
    }
}

impl Figure for BoardFigure {
    fn default_size(&self) -> (u32, u32) {
        let cell = (480 / self.rows.max(self.cols)).clamp(24, 90) as u32;
        let title = if self.title.is_empty() { 0 } else { 40 };
        let caption = if self.arrows.is_empty() { 0 } else { 36 };
        (
            (cell * self.cols as u32 + 16).max(if caption > 0 { 360 } else { 0 }),
            cell * self.rows as u32 + 16 + title + caption,
        )
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = (canvas.width(), canvas.height());
        let pal = &theme.palette;
        let title_h = draw_title(canvas, &self.title, theme);
        // a caption under the board says what the arrows are
        let caption = theme.label(w);
        let foot_h = if self.arrows.is_empty() {
            0.0
        } else {
            canvas.label(
                ARROWS_CAPTION,
                (w / 2.0, h - caption * 0.6),
                caption,
                (HAlign::Centre, VAlign::Bottom),
                pal.ink,
            );
            caption * 2.0
        };
        let g = self.geometry((w, h), title_h, foot_h);
        // the numbers fill their share of a cell, and are never below the smallest text
        let em = (g.cell * self.number_em()).max(theme.small(w));
        let border = Stroke::new(pal.grid, theme.line(1.0, w));
        let fill = |p: usize| {
            if self.highlight.contains(&p) {
                pal.highlight
            } else {
                RGBColor(255, 255, 255)
            }
        };
        for p in 0..self.state.len() {
            let (x, y) = g.px(((p % self.cols) as f64, (p / self.cols) as f64));
            canvas.rect(
                (x, y),
                (x + g.cell, y + g.cell),
                Some(fill(p)),
                Some(border),
            );
        }
        let rho = self.node_radius() * g.cell;
        let arrow = Stroke::new(self.arrow_colour(theme), theme.line(2.2, w));
        let head = (g.cell * 0.16).max(theme.pt(3.5, w));
        for (p, c, q) in self.arrow_curves() {
            super::draw_curve_arrow(canvas, (g.px(p), g.px(c), g.px(q)), (rho, rho), head, arrow);
        }
        let path = Stroke {
            opacity: 0.8,
            ..Stroke::new(pal.series[0], theme.line(3.0, w))
        };
        for step in self.path_steps() {
            match step {
                PathStep::Line { from, to } => {
                    super::draw_arrow(canvas, g.px(from), g.px(to), head, path);
                }
                PathStep::Arc {
                    centre,
                    radius,
                    start,
                    sweep,
                } => super::draw_arc_arrow(
                    canvas,
                    g.px(centre),
                    radius * g.cell,
                    start,
                    sweep,
                    head,
                    path,
                ),
            }
        }
        // the numbers last, each on a disc of its cell's colour (its node), so a path
        // passing under a number leaves it readable
        let covered = !self.path.is_empty();
        for p in 0..self.state.len() {
            let centre = g.px(cell_centre(self.cols, p));
            if covered {
                canvas.circle(centre, rho, Some(fill(p)), None);
            }
            canvas.label(
                &(self.state[p] + 1).to_string(),
                centre,
                em,
                (HAlign::Centre, VAlign::Middle),
                pal.ink,
            );
        }
        Ok(())
    }

    /// The board in cell units (`x` right, `y` down, at most 7.5 cm wide and high):
    /// the cells in reading order with their numbers, then the arrows and path steps
    /// as on the canvas, the caption below.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let unit = (7.5 / self.cols as f64)
            .min(7.5 / self.rows as f64)
            .min(1.5);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm]",
            tikz::num(unit),
            tikz::num(unit)
        );
        let _ = writeln!(
            s,
            "% permlab board: {} rows, {} columns; cell p spans (p mod {}, p div {}) to one more",
            self.rows, self.cols, self.cols, self.cols
        );
        let grid = tikz::colour(super::palette::GRID);
        let highlight = tikz::colour(super::palette::HIGHLIGHT);
        // the numbers' em in points: a cell of `unit` cm is unit·28.45 pt
        let font_pt = unit * 28.45 * self.number_em();
        for p in 0..self.state.len() {
            let (c, r) = (p % self.cols, p / self.cols);
            let fill = if self.highlight.contains(&p) {
                highlight.as_str()
            } else {
                "white"
            };
            let _ = writeln!(
                s,
                "\\draw[draw={grid},fill={fill}] ({c},{r}) rectangle ++(1,1);"
            );
            let _ = writeln!(
                s,
                "\\node[font=\\fontsize{{{}}}{{{}}}\\selectfont] at ({}.5,{}.5) {{{}}};",
                tikz::num(font_pt),
                tikz::num(font_pt * 1.2),
                c,
                r,
                self.state[p] + 1
            );
        }
        let arrow = tikz::colour(super::palette::ARROW);
        let rho = self.node_radius();
        for (p, c, q) in self.arrow_curves() {
            if let Some((a, c, b)) = super::curve_between(p, c, q, (rho, rho)) {
                // the quadratic as a cubic: controls 2/3 of the way to the quadratic's
                let c1 = (a.0 + 2.0 / 3.0 * (c.0 - a.0), a.1 + 2.0 / 3.0 * (c.1 - a.1));
                let c2 = (b.0 + 2.0 / 3.0 * (c.0 - b.0), b.1 + 2.0 / 3.0 * (c.1 - b.1));
                let _ = writeln!(
                    s,
                    "\\draw[-latex,color={arrow},line width=1pt] ({},{}) .. controls ({},{}) and ({},{}) .. ({},{});",
                    tikz::num(a.0),
                    tikz::num(a.1),
                    tikz::num(c1.0),
                    tikz::num(c1.1),
                    tikz::num(c2.0),
                    tikz::num(c2.1),
                    tikz::num(b.0),
                    tikz::num(b.1)
                );
            }
        }
        let path = tikz::colour(super::palette::SERIES[0]);
        for step in self.path_steps() {
            let _ = match step {
                PathStep::Line { from, to } => writeln!(
                    s,
                    "\\draw[-latex,color={path},line width=1.5pt,opacity=0.8] ({},{}) -- ({},{});",
                    tikz::num(from.0),
                    tikz::num(from.1),
                    tikz::num(to.0),
                    tikz::num(to.1)
                ),
                PathStep::Arc {
                    centre,
                    radius,
                    start,
                    sweep,
                } => writeln!(
                    s,
                    "\\draw[-latex,color={path},line width=1.5pt,opacity=0.8] ({},{}) arc[start angle={},delta angle={},radius={}];",
                    tikz::num(centre.0 + radius * start.cos()),
                    tikz::num(centre.1 + radius * start.sin()),
                    tikz::num(start.to_degrees()),
                    tikz::num(sweep.to_degrees()),
                    tikz::num(radius)
                ),
            };
        }
        if !self.arrows.is_empty() {
            s.push_str(&tikz::node(
                "below,font=\\small",
                self.cols as f64 / 2.0,
                self.rows as f64,
                ARROWS_CAPTION,
            ));
        }
        if !self.title.is_empty() {
            s.push_str(&tikz::node(
                "above",
                self.cols as f64 / 2.0,
                0.0,
                &self.title,
            ));
        }
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}
