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

use super::{centred_text, draw_err, draw_title, Area, Figure, FigureError, Theme};
use crate::group::blocks::BlockSystem;
use crate::puzzle::{Layout, Puzzle};
use plotters::prelude::*;

/// Where the six faces of a cube sit in its net, in face units (column, row): the
/// order U, L, F, R, B, D of [`crate::puzzle::cube`], as in [`super::cube_net`].
const NET_SLOTS: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];

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

/// The colour of block `k` of `count`: hues spread evenly around the colour wheel
/// (HSL, hue `k/count` of a turn), alternating between a darker and a lighter tone
/// so that neighbouring hues differ in lightness too.
pub fn block_colour(k: usize, count: usize) -> RGBColor {
    let count = count.max(1);
    let hue = k as f64 / count as f64;
    let (s, l) = if k.is_multiple_of(2) {
        (0.65, 0.45)
    } else {
        (0.75, 0.70)
    };
    hsl(hue, s, l)
}

/// HSL (each in `0..1`) to RGB.
fn hsl(h: f64, s: f64, l: f64) -> RGBColor {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h.rem_euclid(1.0) * 6.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let v = |t: f64| ((t + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    RGBColor(v(r), v(g), v(b))
}

/// The cell (column, row) of each position of `puzzle`, and the grid size.
fn puzzle_cells(puzzle: &Puzzle) -> (Vec<(usize, usize)>, (usize, usize)) {
    let n = puzzle.degree();
    match puzzle.layout() {
        Layout::Cube(m) if 6 * m * m == n => {
            let cells = (0..n)
                .map(|p| {
                    let (face, r, c) = (p / (m * m), p % (m * m) / m, p % m);
                    let (fc, fr) = NET_SLOTS[face];
                    (fc * m + c, fr * m + r)
                })
                .collect();
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
            Some(k) => block_colour(k, self.blocks),
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

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let size = area.dim_in_pixel();
        let (w, h) = (size.0 as f64, size.1 as f64);
        let top = draw_title(area, &self.title, theme)? as f64;
        let foot = theme.label_size(size);
        let margin = 8.0;
        let (gc, gr) = self.grid;
        let cell = ((w - 2.0 * margin) / gc as f64)
            .min((h - top - 2.0 * margin - 2.0 * foot) / gr as f64)
            .max(2.0)
            .floor();
        let x0 = ((w - cell * gc as f64) / 2.0).floor();
        let y0 = top + margin;
        let px = |v: f64| v.round() as i32;
        let font = centred_text(
            theme.text((cell * 0.36).min(16.0)).min(cell * 0.45),
            theme.palette.ink,
        );
        let border = theme.palette.ink.stroke_width(theme.line(1.0));
        for (p, &(c, r)) in self.cells.iter().enumerate() {
            let x = x0 + c as f64 * cell;
            let y = y0 + r as f64 * cell;
            let corners = [(px(x), px(y)), (px(x + cell), px(y + cell))];
            let colour = self.colour_at(p);
            area.draw(&Rectangle::new(corners, colour.filled()))
                .map_err(draw_err)?;
            area.draw(&Rectangle::new(corners, border))
                .map_err(draw_err)?;
            if let (Some(k), true) = (self.block_of(p), cell >= 14.0) {
                // white text on dark tones, ink on light ones
                let ink = if k.is_multiple_of(2) {
                    WHITE
                } else {
                    theme.palette.ink
                };
                area.draw(&Text::new(
                    (k + 1).to_string(),
                    (px(x + cell / 2.0), px(y + cell / 2.0)),
                    font.clone().color(&ink),
                ))
                .map_err(draw_err)?;
            }
        }
        area.draw(&Text::new(
            self.note.clone(),
            (px(w / 2.0), px(h - foot)),
            centred_text(foot, theme.palette.ink),
        ))
        .map_err(draw_err)
    }
}
