//! Figure themes: the font sizes, line widths, default sizes and colours every figure
//! takes from one [`Theme`] (`--theme paper|slides|notebook`).
//!
//! A figure computes each of its sizes through the theme it is drawn with: text
//! through [`Theme::title_size`], [`Theme::label_size`] and [`Theme::text`], lines
//! through [`Theme::line`], colours from [`Theme::palette`], and its default pixel
//! size through [`Theme::size`]. [`Theme::paper`] is the crate's look for print
//! (the numbers here were the figures' own before themes); [`Theme::slides`] sets
//! larger text and heavier lines on a larger canvas for a projector;
//! [`Theme::notebook`] a smaller canvas with text a little larger than paper's, for a
//! notebook cell. All themes use the colour-blind-safe Okabe–Ito series colours
//! ([`palette::SERIES`]).
//!
//! ```
//! use permlab::figures::theme::Theme;
//! let (paper, slides) = (Theme::paper(), Theme::slides());
//! assert!(slides.label_size((400, 400)) > paper.label_size((400, 400)));
//! assert_eq!("slides".parse::<Theme>().unwrap(), slides);
//! ```

use super::palette;
use plotters::style::RGBColor;

/// The colours of a theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    /// Titles and chart axis labels.
    pub text: RGBColor,
    /// Other text, matrix ones, outlines.
    pub ink: RGBColor,
    /// Light grid lines and frames.
    pub grid: RGBColor,
    /// Block separators in matrices.
    pub separator: RGBColor,
    /// Highlighted cells.
    pub highlight: RGBColor,
    /// Arrows on boards.
    pub arrow: RGBColor,
    /// Series colours (generators, puzzles, cycles), in order.
    pub series: [RGBColor; 7],
}

impl Palette {
    /// The `k`-th series colour, cycling.
    pub fn series(&self, k: usize) -> RGBColor {
        self.series[k % self.series.len()]
    }
}

/// A figure theme: scale factors on the paper look and a palette.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name (`paper`, `slides`, `notebook`).
    pub name: &'static str,
    /// Factor on every font size.
    pub text_scale: f64,
    /// Factor on every line width.
    pub line_scale: f64,
    /// Factor on every figure's default pixel size.
    pub size_scale: f64,
    /// The colours.
    pub palette: Palette,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::paper()
    }
}

/// The theme names `--theme` accepts.
pub const THEME_NAMES: [&str; 3] = ["paper", "slides", "notebook"];

impl std::str::FromStr for Theme {
    type Err = String;
    fn from_str(s: &str) -> Result<Theme, String> {
        match s {
            "paper" => Ok(Theme::paper()),
            "slides" => Ok(Theme::slides()),
            "notebook" => Ok(Theme::notebook()),
            _ => Err(format!(
                "theme {s:?}: expected one of {}",
                THEME_NAMES.join(", ")
            )),
        }
    }
}

impl Theme {
    /// For print: the figures' look at the sizes a journal column uses.
    pub fn paper() -> Theme {
        Theme {
            name: "paper",
            text_scale: 1.0,
            line_scale: 1.0,
            size_scale: 1.0,
            palette: Palette {
                text: RGBColor(0, 0, 0),
                ink: palette::INK,
                grid: palette::GRID,
                separator: palette::SEPARATOR,
                highlight: palette::HIGHLIGHT,
                arrow: palette::ARROW,
                series: palette::SERIES,
            },
        }
    }

    /// For a projector: text 1.5×, lines 2× on a canvas 1.25× paper's, grid and
    /// separators darker so they survive a washed-out beamer.
    pub fn slides() -> Theme {
        let paper = Theme::paper();
        Theme {
            name: "slides",
            text_scale: 1.5,
            line_scale: 2.0,
            size_scale: 1.25,
            palette: Palette {
                grid: RGBColor(140, 140, 140),
                separator: RGBColor(0, 90, 181),
                ..paper.palette
            },
        }
    }

    /// For a notebook cell: a canvas 0.8× paper's with text 1.15× and lines 1.5×, so
    /// the figure reads at the width a notebook shows it.
    pub fn notebook() -> Theme {
        let paper = Theme::paper();
        Theme {
            name: "notebook",
            text_scale: 1.15,
            line_scale: 1.5,
            size_scale: 0.8,
            palette: Palette {
                grid: RGBColor(170, 170, 170),
                ..paper.palette
            },
        }
    }

    /// A figure's default pixel size under this theme, from its paper size.
    pub fn size(&self, paper: (u32, u32)) -> (u32, u32) {
        let s = |v: u32| ((v as f64 * self.size_scale).round() as u32).max(1);
        (s(paper.0), s(paper.1))
    }

    /// A font size of `paper` pixels (plotters' size) under this theme.
    pub fn text(&self, paper: f64) -> f64 {
        paper * self.text_scale
    }

    /// A line width of `paper` pixels under this theme, at least 1.
    pub fn line(&self, paper: f64) -> u32 {
        (paper * self.line_scale).round().max(1.0) as u32
    }

    /// The title's font size on an area of `size` pixels: 6% of the smaller side,
    /// clamped to 15..=28 pixels, times the text scale.
    pub fn title_size(&self, size: (u32, u32)) -> f64 {
        self.text((size.0.min(size.1) as f64 * 0.06).clamp(15.0, 28.0))
    }

    /// The font size of axis labels, captions and legends on an area of `size`
    /// pixels: 3.5% of the smaller side, clamped to 10..=20 pixels, times the text
    /// scale.
    pub fn label_size(&self, size: (u32, u32)) -> f64 {
        self.text((size.0.min(size.1) as f64 * 0.035).clamp(10.0, 20.0))
    }

    /// The font size of small labels (matrix indices, face names) on an area of
    /// `size` pixels: 3% of the smaller side, clamped to 9..=18 pixels, times the
    /// text scale.
    pub fn small_size(&self, size: (u32, u32)) -> f64 {
        self.text((size.0.min(size.1) as f64 * 0.03).clamp(9.0, 18.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_paper_is_identity() {
        for name in THEME_NAMES {
            assert_eq!(name.parse::<Theme>().unwrap().name, name);
        }
        assert!("poster".parse::<Theme>().is_err());
        let p = Theme::paper();
        assert_eq!(p.size((300, 200)), (300, 200));
        assert_eq!(p.text(12.0), 12.0);
        assert_eq!(p.line(1.0), 1);
        assert_eq!(Theme::slides().line(1.0), 2);
    }
}
