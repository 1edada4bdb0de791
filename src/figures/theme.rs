//! Figure themes: the print width, font sizes, line widths, default sizes and colours
//! every figure takes from one [`Theme`] (`--theme paper|slides|notebook`).
//!
//! Sizes are physical. A figure is drawn on a canvas of some pixels and printed
//! [`Theme::print_width_pt`] points wide (the SVG says so, the PDF's page is that
//! wide), so a pixel is [`Theme::px_per_pt`] of a point, and every font size and line
//! width is given in points and converted: [`Theme::label`] (axis labels, notes,
//! legends), [`Theme::small`] (indices, multiplicities, the smallest text a figure
//! draws), [`Theme::title`], [`Theme::line`]. The same figure at twice the pixels
//! is the same picture.
//!
//! [`Theme::paper`] is for print: a single journal column (8.5 cm,
//! [`SINGLE_COLUMN_PT`]) or a double one (17.5 cm, [`DOUBLE_COLUMN_PT`]), text at
//! least 7 pt ([`MIN_TEXT_PT`]), and no title in the figure (the caption is the
//! document's): commands give a figure its default title only when the theme asks
//! for titles ([`Theme::titles`]), and `--title` always draws one. [`Theme::slides`]
//! is for a projector: larger text and heavier lines on a beamer frame's width;
//! [`Theme::notebook`] for a notebook cell, with titles. All themes use the
//! colour-blind-safe Okabe–Ito series colours ([`palette::SERIES`]).
//!
//! ```
//! use permlab::figures::theme::{Theme, MIN_TEXT_PT};
//! let paper = Theme::paper();
//! // on a 560-pixel canvas printed 8.5 cm wide, 7 pt is 16.3 pixels
//! let px = paper.px_per_pt(560.0);
//! assert!((paper.small(560.0) / px - MIN_TEXT_PT).abs() < 1e-9);
//! assert!(!paper.titles && Theme::notebook().titles);
//! assert_eq!("slides".parse::<Theme>().unwrap(), Theme::slides());
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

/// A journal's single column: 8.5 cm in PDF points.
pub const SINGLE_COLUMN_PT: f64 = 8.5 / 2.54 * 72.0;

/// A journal's double column (full text width): 17.5 cm in PDF points.
pub const DOUBLE_COLUMN_PT: f64 = 17.5 / 2.54 * 72.0;

/// The smallest text the paper theme draws, in points at print size (journals ask
/// for at least 6–7 pt).
pub const MIN_TEXT_PT: f64 = 7.0;

/// A figure theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name (`paper`, `slides`, `notebook`).
    pub name: &'static str,
    /// The width the figure is printed (or shown) at, in PDF points.
    pub print_width_pt: f64,
    /// The width of a wide figure ([`Theme::wide`]), in points.
    pub wide_width_pt: f64,
    /// Axis labels, notes and legends, in points.
    pub label_pt: f64,
    /// The smallest text (indices, multiplicities), in points.
    pub small_pt: f64,
    /// Titles, in points.
    pub title_pt: f64,
    /// The width of a plain line, in points; other lines are multiples of it.
    pub line_pt: f64,
    /// Factor on every figure's default pixel size.
    pub size_scale: f64,
    /// Whether commands give figures their default titles (`--title` draws one
    /// under every theme).
    pub titles: bool,
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
    /// For print: one journal column wide (8.5 cm; 17.5 cm for a wide figure),
    /// labels 9 pt (their exponents 7 pt), small text 7 pt, titles 11 pt, lines
    /// 0.5 pt, no default titles.
    pub fn paper() -> Theme {
        Theme {
            name: "paper",
            print_width_pt: SINGLE_COLUMN_PT,
            wide_width_pt: DOUBLE_COLUMN_PT,
            label_pt: 9.0,
            small_pt: MIN_TEXT_PT,
            title_pt: 11.0,
            line_pt: 0.5,
            size_scale: 1.0,
            titles: false,
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

    /// For a projector: 10 cm wide (most of a beamer frame), labels 12 pt, lines 1 pt
    /// (text larger and lines heavier for the figure's width than paper's) on a
    /// canvas 1.25× paper's, grid and separators darker so they survive a washed-out
    /// projector; with titles.
    pub fn slides() -> Theme {
        let paper = Theme::paper();
        Theme {
            name: "slides",
            print_width_pt: 10.0 / 2.54 * 72.0,
            wide_width_pt: 12.8 / 2.54 * 72.0,
            label_pt: 12.0,
            small_pt: 10.0,
            title_pt: 14.0,
            line_pt: 1.0,
            size_scale: 1.25,
            titles: true,
            palette: Palette {
                grid: RGBColor(140, 140, 140),
                separator: RGBColor(0, 90, 181),
                ..paper.palette
            },
        }
    }

    /// For a notebook cell: 16 cm wide (a cell's width on screen), labels 12 pt,
    /// lines 0.75 pt on a canvas 0.8× paper's, with titles.
    pub fn notebook() -> Theme {
        let paper = Theme::paper();
        Theme {
            name: "notebook",
            print_width_pt: 16.0 / 2.54 * 72.0,
            wide_width_pt: 16.0 / 2.54 * 72.0,
            label_pt: 12.0,
            small_pt: 10.0,
            title_pt: 14.0,
            line_pt: 0.75,
            size_scale: 0.8,
            titles: true,
            palette: Palette {
                grid: RGBColor(170, 170, 170),
                ..paper.palette
            },
        }
    }

    /// The same theme printed `width_pt` points wide.
    pub fn with_print_width(self, width_pt: f64) -> Theme {
        Theme {
            print_width_pt: width_pt,
            ..self
        }
    }

    /// The same theme for a wide figure (a double column under [`Theme::paper`]).
    pub fn wide(self) -> Theme {
        self.with_print_width(self.wide_width_pt)
    }

    /// The same theme asking for titles or not.
    pub fn with_titles(self, titles: bool) -> Theme {
        Theme { titles, ..self }
    }

    /// A figure's default pixel size under this theme, from its paper size.
    pub fn size(&self, paper: (u32, u32)) -> (u32, u32) {
        let s = |v: u32| ((v as f64 * self.size_scale).round() as u32).max(1);
        (s(paper.0), s(paper.1))
    }

    /// Pixels per point on a canvas `width` pixels wide printed at
    /// [`Theme::print_width_pt`].
    pub fn px_per_pt(&self, width: f64) -> f64 {
        width / self.print_width_pt
    }

    /// `pt` points in pixels on a canvas `width` pixels wide.
    pub fn pt(&self, pt: f64, width: f64) -> f64 {
        pt * self.px_per_pt(width)
    }

    /// The em of labels, notes and legends on a canvas `width` pixels wide.
    pub fn label(&self, width: f64) -> f64 {
        self.pt(self.label_pt, width)
    }

    /// The em of the smallest text on a canvas `width` pixels wide.
    pub fn small(&self, width: f64) -> f64 {
        self.pt(self.small_pt, width)
    }

    /// The em of a title on a canvas `width` pixels wide.
    pub fn title(&self, width: f64) -> f64 {
        self.pt(self.title_pt, width)
    }

    /// A line `factor` times the plain width, in pixels on a canvas `width` wide.
    pub fn line(&self, factor: f64, width: f64) -> f64 {
        self.pt(self.line_pt * factor, width)
    }

    /// The theme of a part `fraction` of a figure's width wide (a panel): printed
    /// that fraction of the whole's width.
    pub fn part(self, fraction: f64) -> Theme {
        self.with_print_width(self.print_width_pt * fraction)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_sizes_are_physical() {
        for name in THEME_NAMES {
            assert_eq!(name.parse::<Theme>().unwrap().name, name);
        }
        assert!("poster".parse::<Theme>().is_err());
        let p = Theme::paper();
        assert_eq!(p.size((300, 200)), (300, 200));
        // a point is the same fraction of the print width at any pixel size
        assert!((p.label(1000.0) / p.label(500.0) - 2.0).abs() < 1e-12);
        assert!((p.pt(1.0, p.print_width_pt) - 1.0).abs() < 1e-12);
        assert!((SINGLE_COLUMN_PT - 240.94).abs() < 0.01);
        assert!(p.wide().print_width_pt > p.print_width_pt);
        assert!(Theme::slides().label_pt > p.label_pt);
    }
}
