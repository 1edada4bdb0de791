//! The net of an N×N×N cube coloured by sticker: each position shows the colour of the
//! face its sticker came from (U white, L orange, F green, R red, B blue, D yellow,
//! seed 003's `W O G R B Y` in the net order of [`crate::puzzle::cube`]).
//!
//! ```
//! use permlab::{Puzzle, figures::{Figure, cube_net::{CubeNetFigure, FACE_COLOURS}}};
//! let cube = Puzzle::builtin("cube3").unwrap();
//! let g = cube.eval(&cube.parse_word("R").unwrap());
//! let fig = CubeNetFigure::new(3, &g.apply_to_state(&cube.solved())).unwrap();
//! // after R, U's front-right sticker (position 9) is green: it came from F
//! assert_eq!(fig.colour_at(8), FACE_COLOURS[2]);
//! assert!(fig.to_svg((480, 360)).unwrap().contains("<rect"));
//! // the TikZ form fills the same 54 cells in the same order
//! assert_eq!(fig.to_tikz().unwrap().matches("\\filldraw[").count(), 54);
//! ```

use super::canvas::{Canvas, Stroke};
use super::text::{HAlign, VAlign};
use super::{draw_title, tikz, Figure, FigureError, Theme};
use crate::puzzle::cube::sticker_face;
use plotters::style::RGBColor;
use std::fmt::Write;

/// Sticker colours of the faces U, L, F, R, B, D.
pub const FACE_COLOURS: [RGBColor; 6] = [
    RGBColor(245, 245, 245),
    RGBColor(255, 140, 0),
    RGBColor(0, 155, 72),
    RGBColor(200, 16, 46),
    RGBColor(0, 70, 173),
    RGBColor(255, 213, 0),
];

/// Where each face sits in the net, in units of a face: (column, row).
const NET_SLOTS: [(usize, usize); 6] = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1), (1, 2)];

/// The cell `(column, row)` of sticker position `p` of an N×N×N cube in its net of
/// `4N × 3N` cells (U above F; L, F, R, B in a row; D below F).
pub fn net_cell(n: usize, p: usize) -> (usize, usize) {
    let (face, r, c) = (p / (n * n), p % (n * n) / n, p % n);
    let (fc, fr) = NET_SLOTS[face];
    (fc * n + c, fr * n + r)
}

/// A cube state drawn as its coloured net.
#[derive(Clone, Debug)]
pub struct CubeNetFigure {
    n: usize,
    state: Vec<u32>,
    numbers: bool,
    title: String,
}

impl CubeNetFigure {
    /// The net of an N×N×N cube state (0-based labels at the `6N²` positions).
    pub fn new(n: usize, state: &[u32]) -> Result<CubeNetFigure, FigureError> {
        let stickers = n.checked_mul(n).and_then(|x| x.checked_mul(6));
        if n == 0 || stickers != Some(state.len()) {
            return Err(FigureError::Invalid(format!(
                "a {n}x{n}x{n} cube state has 6·{n}² stickers, got {}",
                state.len()
            )));
        }
        if let Some(i) = state.iter().position(|&l| l as usize >= state.len()) {
            return Err(FigureError::Invalid(format!(
                "sticker {} has label {}, beyond the {} stickers",
                i + 1,
                state[i] as u64 + 1,
                state.len()
            )));
        }
        Ok(CubeNetFigure {
            n,
            state: state.to_vec(),
            numbers: false,
            title: String::new(),
        })
    }

    /// Writes each sticker's number (its solved position, 1-based) on it.
    pub fn numbers(mut self, on: bool) -> CubeNetFigure {
        self.numbers = on;
        self
    }

    /// Sets the title.
    pub fn title(mut self, title: &str) -> CubeNetFigure {
        self.title = title.to_string();
        self
    }

    /// The colour drawn at position `p` (0-based).
    pub fn colour_at(&self, p: usize) -> RGBColor {
        FACE_COLOURS[sticker_face(self.n, self.state[p] as usize)]
    }
}

/// The caption under a net: what its colours mean.
pub const NET_CAPTION: &str =
    "each sticker in the colour of the face it is on when the cube is solved";

impl CubeNetFigure {
    /// The cell `(column, row)` of position `p` in the net ([`net_cell`]).
    pub fn cell_of(&self, p: usize) -> (usize, usize) {
        net_cell(self.n, p)
    }

    /// Whether sticker `p`'s number is written white (on the dark faces F, R, B).
    fn light_text(&self, p: usize) -> bool {
        matches!(sticker_face(self.n, self.state[p] as usize), 2..=4)
    }
}

impl Figure for CubeNetFigure {
    fn default_size(&self) -> (u32, u32) {
        (480, 400 + if self.title.is_empty() { 0 } else { 40 })
    }

    fn draw(&self, canvas: &mut Canvas, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = (canvas.width(), canvas.height());
        let title_h = draw_title(canvas, &self.title, theme);
        // a caption under the net says what the colours are
        let caption = theme.label(w);
        canvas.label(
            NET_CAPTION,
            (w / 2.0, h - caption * 0.6),
            caption,
            (HAlign::Centre, VAlign::Bottom),
            theme.palette.ink,
        );
        let n = self.n;
        let margin = w * 0.02;
        let cell = ((w - 2.0 * margin) / (4 * n) as f64)
            .min((h - 2.0 * margin - title_h - 2.0 * caption) / (3 * n) as f64)
            .max(3.0)
            .floor();
        let x0 = ((w - cell * (4 * n) as f64) / 2.0).floor();
        let y0 = title_h + margin;
        let em = (cell * 0.36).max(theme.small(w));
        let border = Stroke::new(RGBColor(30, 30, 30), theme.line(1.0, w).max(cell / 40.0));
        for p in 0..self.state.len() {
            let centre =
                canvas.grid_square((x0, y0), cell, self.cell_of(p), self.colour_at(p), border);
            if self.numbers {
                let colour = if self.light_text(p) {
                    RGBColor(255, 255, 255)
                } else {
                    theme.palette.ink
                };
                canvas.label(
                    &(self.state[p] + 1).to_string(),
                    centre,
                    em,
                    (HAlign::Centre, VAlign::Middle),
                    colour,
                );
            }
        }
        Ok(())
    }

    /// The net in cell units (`x` right, `y` down, 8 cm wide): one `\filldraw` per
    /// sticker in position order, its number on it when asked, the caption below.
    fn to_tikz(&self) -> Result<String, FigureError> {
        let n = self.n;
        let unit = 8.0 / (4 * n) as f64;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "\\begin{{tikzpicture}}[x={}cm,y=-{}cm]",
            tikz::num(unit),
            tikz::num(unit)
        );
        let font_pt = unit * 28.45 * 0.36;
        for p in 0..self.state.len() {
            let (c, r) = self.cell_of(p);
            let _ = writeln!(
                s,
                "\\filldraw[fill={},draw={},line width=0.5pt] ({c},{r}) rectangle ++(1,1);",
                tikz::colour(self.colour_at(p)),
                tikz::colour(RGBColor(30, 30, 30))
            );
            if self.numbers {
                let colour = if self.light_text(p) { "white" } else { "black" };
                let _ = writeln!(
                    s,
                    "\\node[text={colour},font=\\fontsize{{{}}}{{{}}}\\selectfont] at ({c}.5,{r}.5) {{{}}};",
                    tikz::num(font_pt),
                    tikz::num(font_pt * 1.2),
                    self.state[p] + 1
                );
            }
        }
        s.push_str(&tikz::node(
            "below,font=\\small",
            (2 * n) as f64,
            (3 * n) as f64,
            NET_CAPTION,
        ));
        if !self.title.is_empty() {
            s.push_str(&tikz::node("above", (2 * n) as f64, 0.0, &self.title));
        }
        s.push_str("\\end{tikzpicture}\n");
        Ok(s)
    }
}
