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
//! ```

use super::{centred_text, draw_err, draw_title, Area, Figure, FigureError, Theme};
use crate::puzzle::cube::sticker_face;
use plotters::prelude::*;

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

impl Figure for CubeNetFigure {
    fn default_size(&self) -> (u32, u32) {
        (480, 384 + if self.title.is_empty() { 0 } else { 36 })
    }

    fn draw<DB: DrawingBackend>(&self, area: &Area<DB>, theme: &Theme) -> Result<(), FigureError> {
        let (w, h) = area.dim_in_pixel();
        let title_h = draw_title(area, &self.title, theme)?;
        // a caption under the net says what the colours are
        let caption = theme.text(12.0);
        super::draw_label(
            area,
            NET_CAPTION,
            caption,
            (w as f64 / 2.0, h as f64 - caption),
            theme.palette.ink,
        )?;
        let n = self.n;
        let margin = 6.0;
        let cell = ((w as f64 - 2.0 * margin) / (4 * n) as f64)
            .min((h as f64 - 2.0 * margin - title_h as f64 - 2.0 * caption) / (3 * n) as f64)
            .max(3.0)
            .floor();
        let x0 = ((w as f64 - cell * (4 * n) as f64) / 2.0).floor();
        let y0 = title_h as f64 + margin;
        let px = |v: f64| v.round() as i32;
        let font = centred_text(theme.text(cell * 0.36).min(cell * 0.45), theme.palette.ink);
        let border = RGBColor(30, 30, 30).stroke_width(theme.line((cell / 20.0).max(1.0).floor()));
        for (face, &(fc, fr)) in NET_SLOTS.iter().enumerate() {
            for r in 0..n {
                for c in 0..n {
                    let p = face * n * n + r * n + c;
                    let x = x0 + ((fc * n + c) as f64) * cell;
                    let y = y0 + ((fr * n + r) as f64) * cell;
                    let corners = [(px(x), px(y)), (px(x + cell), px(y + cell))];
                    area.draw(&Rectangle::new(corners, self.colour_at(p).filled()))
                        .map_err(draw_err)?;
                    area.draw(&Rectangle::new(corners, border))
                        .map_err(draw_err)?;
                    if self.numbers {
                        let colour = if matches!(sticker_face(n, self.state[p] as usize), 2..=4) {
                            WHITE
                        } else {
                            theme.palette.ink
                        };
                        area.draw(&Text::new(
                            (self.state[p] + 1).to_string(),
                            (px(x + cell / 2.0), px(y + cell / 2.0)),
                            font.clone().color(&colour),
                        ))
                        .map_err(draw_err)?;
                    }
                }
            }
        }
        Ok(())
    }
}
