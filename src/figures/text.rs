//! Text set with the shipped font's own metrics, the same in every output format.
//!
//! Every label of a figure is laid out here, once: advance widths and pair kerning
//! from the font's `hmtx` and `kern` tables (through `ab_glyph`) at an em of a given
//! number of pixels ([`layout`], [`text_width`]), and a label's exponents and
//! subscripts ([`crate::escape::script_runs`]: `7^2`, `p^g`, `10^5`, `S_8`) set as
//! runs of their own at [`SCRIPT_SCALE`] of the size with a shifted baseline
//! ([`set_line`]). The canvas writes each run as an SVG `<tspan>` at the position
//! computed here ([`super::canvas`]); the PNG (rendered from the SVG by resvg) and the
//! PDF (converted from it by svg2pdf, glyph runs with the font embedded) set the same
//! glyphs in the same font, so the three forms agree.
//!
//! Vertical placement follows one convention: a label's *anchor* is a point and a
//! [`VAlign`] saying where the line sits on it; [`VAlign::baseline_below`] gives the
//! baseline's distance below the anchor in ems. The box a line of text takes
//! ([`ASCENT`] above the baseline, [`DESCENT`] below) is what layouts keep free and
//! what the tests check labels and markers against.
//!
//! ```
//! use permlab::figures::text::{layout, set_line, text_width};
//! let glyphs = layout("AV", 20.0);
//! assert_eq!(glyphs.len(), 2);
//! // "AV" is a kerning pair: V moves left of A's advance
//! assert!(glyphs[1].x < glyphs[0].advance);
//! assert!((text_width("AV", 20.0) - glyphs[1].x - glyphs[1].advance).abs() < 1e-9);
//! // an exponent starts where its base ends, smaller and raised
//! let line = set_line("7^2 3", 10.0);
//! assert_eq!(line.runs[1].text, "2");
//! assert!((line.runs[1].x - text_width("7", 10.0)).abs() < 1e-9);
//! assert!(line.runs[1].shift < 0.0 && line.runs[1].em < 10.0);
//! ```

use super::DEJAVU_SANS;
use crate::escape::{script_runs, Script};
use ab_glyph::{Font, FontRef, GlyphId, PxScale};
use std::sync::OnceLock;

/// The `font-family` written on SVG text: the shipped font by name, then the generic
/// family for viewers without it.
pub const SVG_FONT_FAMILY: &str = "DejaVu Sans, sans-serif";

/// The size of an exponent or subscript relative to the text around it: TeX's
/// `\scriptstyle` is 0.7 of 10 pt; a little larger here, so that the scripts of the
/// paper theme's 9 pt labels are 7 pt, the smallest text it draws.
pub const SCRIPT_SCALE: f64 = 0.78;

/// How far an exponent's baseline is raised, in ems of the line (TeX raises a
/// `\scriptstyle` superscript by about this much; D. E. Knuth, *The TeXbook*,
/// appendix G, rule 18).
pub const SUPERSCRIPT_RAISE: f64 = 0.36;

/// How far a subscript's baseline is lowered, in ems of the line.
pub const SUBSCRIPT_DROP: f64 = 0.15;

/// The height above the baseline a line of text is given, in ems (DejaVu Sans's
/// capitals and digits are 0.73 em tall).
pub const ASCENT: f64 = 0.76;

/// The depth below the baseline a line of text is given, in ems (DejaVu Sans's
/// descenders reach 0.236 em).
pub const DESCENT: f64 = 0.24;

/// The height of DejaVu Sans's capitals and digits, in ems: [`VAlign::Middle`] centres
/// it on the anchor.
pub const CAP_HEIGHT: f64 = 0.729;

/// The em size (pixels) of a plotters text style of size `size` (plotters' sizes are
/// 1.24 ems).
pub fn em_of(size: f64) -> f64 {
    size / 1.24
}

fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        // compiled in: failing to parse it is a build defect
        FontRef::try_from_slice(DEJAVU_SANS).expect("the shipped DejaVuSans.ttf parses")
    })
}

fn units_per_em() -> f64 {
    font().units_per_em().map_or(2048.0, f64::from)
}

/// The font's x-height as a fraction of the em (the top of the glyph "x").
pub fn x_height_em() -> f64 {
    let f = font();
    let id = f.glyph_id('x');
    let glyph = id.with_scale(PxScale::from(f.height_unscaled()));
    match f.outline_glyph(glyph) {
        Some(o) => -f64::from(o.px_bounds().min.y) / units_per_em(),
        None => 0.5,
    }
}

/// One glyph of a line of text: its character, pen position `x` (pixels from the
/// start of the line) and advance width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    /// The character.
    pub ch: char,
    /// Pen position: the sum of the advances and kerning adjustments before it.
    pub x: f64,
    /// The glyph's advance width.
    pub advance: f64,
}

/// Lays out one line of `text` at an em of `em` pixels: each glyph's pen position
/// is the previous one's plus its advance width (`hmtx`) plus the pair's kerning
/// (`kern` table), in the shipped font.
pub fn layout(text: &str, em: f64) -> Vec<PlacedGlyph> {
    let f = font();
    let k = em / units_per_em();
    let mut out = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = f.glyph_id(ch);
        if let Some(p) = prev {
            pen += f64::from(f.kern_unscaled(p, id)) * k;
        }
        let advance = f64::from(f.h_advance_unscaled(id)) * k;
        out.push(PlacedGlyph {
            ch,
            x: pen,
            advance,
        });
        pen += advance;
        prev = Some(id);
    }
    out
}

/// The advance width of one line of plain `text` (no scripts) at an em of `em` pixels.
pub fn text_width(text: &str, em: f64) -> f64 {
    layout(text, em).last().map_or(0.0, |g| g.x + g.advance)
}

/// One run of a set line: its text, where it starts and where its baseline is.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The run's text (without `^` or `_`).
    pub text: String,
    /// Its left end, pixels from the line's start.
    pub x: f64,
    /// Its baseline relative to the line's, pixels (negative: raised).
    pub shift: f64,
    /// Its em: the line's, or [`SCRIPT_SCALE`] of it for a script.
    pub em: f64,
    /// Its advance width.
    pub width: f64,
}

/// A line of text set into runs ([`set_line`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The runs, left to right (one for text without scripts).
    pub runs: Vec<Run>,
    /// The line's advance width: the end of its last run.
    pub width: f64,
    /// The line's em.
    pub em: f64,
}

impl Line {
    /// How far the line reaches above its baseline: [`ASCENT`] ems, or a raised
    /// exponent's top.
    pub fn ascent(&self) -> f64 {
        self.runs
            .iter()
            .map(|r| ASCENT * r.em - r.shift)
            .fold(ASCENT * self.em, f64::max)
    }

    /// How far the line reaches below its baseline: [`DESCENT`] ems, or a lowered
    /// subscript's bottom.
    pub fn descent(&self) -> f64 {
        self.runs
            .iter()
            .map(|r| DESCENT * r.em + r.shift)
            .fold(DESCENT * self.em, f64::max)
    }
}

/// Sets one line of `text` at an em of `em` pixels: the runs of
/// [`crate::escape::script_runs`], each starting where the one before ends (its
/// advance width at its own size), exponents at [`SCRIPT_SCALE`] raised by
/// [`SUPERSCRIPT_RAISE`] ems, subscripts lowered by [`SUBSCRIPT_DROP`] ems.
pub fn set_line(text: &str, em: f64) -> Line {
    let mut runs = Vec::new();
    let mut x = 0.0;
    for (t, kind) in script_runs(text) {
        let (run_em, shift) = match kind {
            Script::Normal => (em, 0.0),
            Script::Superscript => (em * SCRIPT_SCALE, -SUPERSCRIPT_RAISE * em),
            Script::Subscript => (em * SCRIPT_SCALE, SUBSCRIPT_DROP * em),
        };
        let width = text_width(&t, run_em);
        runs.push(Run {
            text: t,
            x,
            shift,
            em: run_em,
            width,
        });
        x += width;
    }
    Line { runs, width: x, em }
}

/// The advance width of a label (scripts set smaller) at an em of `em` pixels.
pub fn label_width(text: &str, em: f64) -> f64 {
    set_line(text, em).width
}

/// Where a line sits horizontally on its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HAlign {
    /// The line starts at the anchor.
    Left,
    /// The line is centred on the anchor.
    Centre,
    /// The line ends at the anchor.
    Right,
}

impl HAlign {
    /// The fraction of the line's width left of the anchor.
    pub fn fraction(self) -> f64 {
        match self {
            HAlign::Left => 0.0,
            HAlign::Centre => 0.5,
            HAlign::Right => 1.0,
        }
    }
}

/// Where a line sits vertically on its anchor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VAlign {
    /// The top of the line's box ([`ASCENT`] above the baseline) at the anchor.
    Top,
    /// Capitals and digits centred on the anchor.
    Middle,
    /// The baseline at the anchor.
    Baseline,
    /// The bottom of the line's box ([`DESCENT`] below the baseline) at the anchor.
    Bottom,
}

impl VAlign {
    /// The baseline's distance below the anchor, in ems.
    pub fn baseline_below(self) -> f64 {
        match self {
            VAlign::Top => ASCENT,
            VAlign::Middle => CAP_HEIGHT / 2.0,
            VAlign::Baseline => 0.0,
            VAlign::Bottom => -DESCENT,
        }
    }
}

/// Splits `text` at spaces into lines no wider than `max_width` pixels at an em of
/// `em` (a word wider than that gets a line of its own).
pub fn wrap(text: &str, em: f64, max_width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || label_width(&candidate, em) <= max_width {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advances_are_the_fonts_hmtx_plus_kern() {
        // independently of `layout`: read the tables through ab_glyph directly
        let f = FontRef::try_from_slice(DEJAVU_SANS).unwrap();
        let upem = f64::from(f.units_per_em().unwrap());
        let text = "Megaminx AV To";
        let em = 100.0;
        let mut pen = 0.0;
        let mut prev = None;
        for (g, ch) in layout(text, em).iter().zip(text.chars()) {
            let id = f.glyph_id(ch);
            if let Some(p) = prev {
                pen += f64::from(f.kern_unscaled(p, id)) * em / upem;
            }
            assert!((g.x - pen).abs() < 1e-9, "{ch}");
            pen += f64::from(f.h_advance_unscaled(id)) * em / upem;
            prev = Some(id);
        }
    }

    #[test]
    fn scripts_follow_their_base_and_the_next_run_follows_them() {
        let line = set_line("15 7^2 3 1^22", 20.0);
        let texts: Vec<&str> = line.runs.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["15 7", "2", " 3 1", "22"]);
        let mut x = 0.0;
        for r in &line.runs {
            assert!((r.x - x).abs() < 1e-9);
            assert!((r.width - text_width(&r.text, r.em)).abs() < 1e-9);
            x += r.width;
        }
        assert!((line.width - x).abs() < 1e-9);
        assert_eq!(line.runs[1].em, 20.0 * SCRIPT_SCALE);
        assert_eq!(line.runs[1].shift, -SUPERSCRIPT_RAISE * 20.0);
        // the raised exponent reaches above the capitals
        assert!(line.ascent() > ASCENT * 20.0);
        let sub = set_line("S_8", 10.0);
        assert_eq!(sub.runs[1].shift, SUBSCRIPT_DROP * 10.0);
        assert!(sub.descent() > DESCENT * 10.0);
    }

    #[test]
    fn wrap_keeps_words_and_width() {
        let text = "Distance distribution of the Nokia 2x2 puzzle over its generators";
        let lines = wrap(text, 12.0, 150.0);
        assert!(lines.len() > 1);
        assert_eq!(lines.join(" "), text);
        for l in &lines {
            assert!(label_width(l, 12.0) <= 150.0 || !l.contains(' '), "{l}");
        }
        assert_eq!(wrap("", 12.0, 10.0), vec![String::new()]);
    }
}
