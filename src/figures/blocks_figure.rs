//! Block systems as a coloured partition of the puzzle picture: every position in a
//! block of the chosen systems gets its block's colour (one colour per block), and
//! the block's number is written on it, so the partition reads in greyscale too;
//! positions in no chosen system stay light grey. Positions are laid out as the
//! puzzle is drawn: the cube net for cubes, the board for grid puzzles, one row for
//! a ring, and otherwise a near-square grid of the points in order.
//!
//! The block systems come from [`crate::PermGroup::minimal_block_systems`]
//! (Atkinson's algorithm).
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, blocks_figure::BlocksFigure}};
//! let cube = Puzzle::builtin("cube2").unwrap();
//! let systems = cube.group().minimal_block_systems();
//! let fig = BlocksFigure::new(&cube, &systems).unwrap();
//! // the 8 corners of the 2x2x2 cube, 3 stickers each
//! assert_eq!(fig.block_count(), 8);
//! assert!(fig.to_svg(fig.default_size()).unwrap().contains("<rect"));
//! ```

use super::canvas::{Canvas, Stroke};
use super::text::{HAlign, VAlign};
use super::{draw_title, palette, tikz, Figure, FigureError, Theme};
use crate::group::blocks::BlockSystem;
use crate::puzzle::{Layout, Puzzle};
use plotters::style::RGBColor;
use std::fmt::Write;

/// A picture of block systems on a puzzle's positions.
#[derive(Clone, Debug)]
pub struct BlocksFigure {
    /// Cell (column, row) of each position.
    cells: Vec<(usize, usize)>,
    /// Grid size in cells (columns, rows).
    grid: (usize, usize),
    /// Block index of each position, if it is in a chosen system.
    block: Vec<Option<usize>>,
    blocks: usize,
    note: String,
    title: String,
}

/// The cell (column, row) of each position of `puzzle`, and the grid size.
fn puzzle_cells(puzzle: &Puzzle) -> (Vec<(usize, usize)>, (usize, usize)) {
    let n = puzzle.degree();
    match puzzle.layout() {
        Layout::Cube(m) if 6 * m * m == n => {
            let cells = (0..n).map(|p| super::cube_net::net_cell(m, p)).collect();
            (cells, (4 * m, 3 * m))
        }
        Layout::Grid { rows, cols } if rows * cols == n => {
            ((0..n).map(|p| (p % cols, p / cols)).collect(), (cols, rows))
        }
        Layout::Ring => ((0..n).map(|p| (p, 0)).collect(), (n.max(1), 1)),
        _ => {
            let cols = (1..=n.max(1)).find(|c| c * c >= n).unwrap_or(1);
            let rows = n.div_ceil(cols).max(1);
            ((0..n).map(|p| (p % cols, p / cols)).collect(), (cols, rows))
        }
    }
}

/// The first of `systems` on each orbit (the systems of one orbit overlap, so at most
/// one per orbit can be drawn at once), in the order given: what `figure blocks`
/// draws by default.
pub fn first_system_per_orbit(systems: &[BlockSystem]) -> Vec<BlockSystem> {
    let mut seen: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    for s in systems {
        let min = s.iter().flatten().copied().min().unwrap_or(0);
        if !seen.contains(&min) {
            seen.push(min);
            out.push(s.clone());
        }
    }
    out
}

impl BlocksFigure {
    /// The blocks of `systems` (each a partition of an orbit of `puzzle`'s group, as
    /// [`crate::PermGroup::minimal_block_systems`] gives them) on `puzzle`'s picture.
    /// Errors: a point beyond the degree, or a point in two chosen blocks (two
    /// systems of one orbit cannot be drawn at once).
    pub fn new(puzzle: &Puzzle, systems: &[BlockSystem]) -> Result<BlocksFigure, FigureError> {
        let n = puzzle.degree();
        let (cells, grid) = puzzle_cells(puzzle);
        let mut block = vec![None; n];
        let mut k = 0;
        let mut parts = Vec::new();
        for system in systems {
            for b in system {
                for &p in b {
                    if p >= n {
                        return Err(FigureError::Invalid(format!(
                            "point {} is beyond the puzzle's {n} points",
                            p + 1
                        )));
                    }
                    if block[p].is_some() {
                        return Err(FigureError::Invalid(format!(
                            "point {} lies in two of the block systems drawn; draw one system \
                             of an orbit at a time",
                            p + 1
                        )));
                    }
                    block[p] = Some(k);
                }
                k += 1;
            }
            if let Some(first) = system.first() {
                let moved: usize = system.iter().map(Vec::len).sum();
                parts.push(format!(
                    "{} blocks of {} on {moved} points",
                    system.len(),
                    first.len()
                ));
            }
        }
        let note = if parts.is_empty() {
            "no block system drawn".to_string()
        } else {
            parts.join("; ")
        };
        Ok(BlocksFigure {
            cells,
            grid,
            block,
            blocks: k,
            note,
            title: String::new(),
        })
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> BlocksFigure {
        self.title = title.to_string();
        self
    }

    /// The number of blocks drawn (each in its own colour).
    pub fn block_count(&self) -> usize {
        self.blocks
    }

    /// The block (numbered from 0 in the order of the systems given) of position
    /// `p`, if it is in one.
    pub fn block_of(&self, p: usize) -> Option<usize> {
        self.block.get(p).copied().flatten()
    }

    /// The fill colour of position `p` (light grey outside every block drawn).
    pub fn colour_at(&self, p: usize) -> RGBColor {
        match self.block_of(p) {
            Some(k) => palette::spread(k, self.blocks),
            None => RGBColor(230, 230, 230),
        }
    }

    /// The line under the picture saying what it shows.
    pub fn note(&self) -> &str {
        &self.note
    }
}

impl Figure for BlocksFigure {
    fn default_size(&self) -> (u32, u32) {
        let (c, r) = self.grid;
        let cell = (480.0 / c as f64).min(360.0 / r as f64).clamp(12.0, 60.0);
        (
            ((cell * c as f64) as u32 + 24).max(360),
            (cell * r as f64) as u32 + 90,
        )
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = (canvas.width(), canvas.height());
        let top = draw_title(canvas, &self.title, theme);
        let foot = theme.label(w);
        let margin = w * 0.02;
        let (gc, gr) = self.grid;
        let cell = ((w - 2.0 * margin) / gc as f64)
            .min((h - top - 2.0 * margin - 2.2 * foot) / gr as f64)
            .max(2.0)
            .floor();
        let x0 = ((w - cell * gc as f64) / 2.0).floor();
        let y0 = top + margin;
        let em = (cell * 0.4).min(theme.label(w));
        let border = Stroke::new(theme.palette.ink, theme.line(0.8, w));
        for (p, &at) in self.cells.iter().enumerate() {
            let centre = canvas.grid_square((x0, y0), cell, at, self.colour_at(p), border);
            // the block's number, where it can be read
            if let (Some(k), true) = (self.block_of(p), em >= theme.small(w) * 0.99) {
                canvas.label(
                    &(k + 1).to_string(),
                    centre,
                    em,
                    (HAlign::Centre, VAlign::Middle),
                    self.number_colour(k, theme),
                );
            }
        }
        canvas.label(
            &self.note,
            (w / 2.0, h - foot * 0.6),
            foot,
            (HAlign::Centre, VAlign::Bottom),
            theme.palette.ink,
        );
        Ok(())
    }

    /// The cells in position order in cell units (`x` right, `y` down, 8 cm wide at
    /// most), each filled with its block's colour and numbered, the note below.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let (gc, gr) = self.grid;
        let unit = (8.0 / gc as f64).min(6.0 / gr as f64);
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm,font=\\scriptsize]",
            tikz::num(unit),
            tikz::num(unit)
        );
        let ink = tikz::colour(palette::INK);
        for (p, &(c, r)) in self.cells.iter().enumerate() {
            let _ = writeln!(
                s,
                "\\filldraw[fill={},draw={ink},line width=0.4pt] ({c},{r}) rectangle ++(1,1);",
                tikz::colour(self.colour_at(p))
            );
            if let Some(k) = self.block_of(p) {
                let text = if k.is_multiple_of(2) {
                    "white"
                } else {
                    "black"
                };
                let _ = writeln!(s, "\\node[text={text}] at ({c}.5,{r}.5) {{{}}};", k + 1);
            }
        }
        s.push_str(&tikz::node(
            "below,font=\\small",
            gc as f64 / 2.0,
            gr as f64,
            &self.note,
        ));
        if !self.title.is_empty() {
            s.push_str(&tikz::node(
                "above,font=\\normalsize",
                gc as f64 / 2.0,
                0.0,
                &self.title,
            ));
        }
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}

impl BlocksFigure {
    /// White numbers on the darker tones (even blocks), ink on the lighter ones.
    fn number_colour(&self, k: usize, theme: &Theme) -> RGBColor {
        if k.is_multiple_of(2) {
            RGBColor(255, 255, 255)
        } else {
            theme.palette.ink
        }
    }
}
