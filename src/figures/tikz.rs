//! TikZ/PGF output: the helpers every figure's [`super::Figure::to_tikz`] shares.
//!
//! Each figure writes its own `tikzpicture` in its own module from the data it
//! draws, in the same order as its drawing (the matrix's 1-entries row by row, the
//! board's cells in reading order, the graph's edges as listed), so the TikZ and the
//! SVG show the same picture; the text is set by LaTeX in the document's font.
//! Charts (histograms, mixing curves) are pgfplots axes. This module knows no
//! figure: it holds the document wrapper ([`standalone`]), colours ([`colour`]),
//! numbers ([`num`]) and text ([`label`]).
//!
//! The commands are those documented in T. Tantau, *The TikZ and PGF Packages*
//! (manual, version 3.1) and C. Feuersänger, *Manual for Package pgfplots* (version
//! 1.18: the `ybar`, `ymode=log` and `log origin` options). A `grid` is drawn with
//! `step=1`, a step of one unit of the picture's `x` and `y` vectors (the manual's
//! `/tikz/step`: "if a number is given, it is interpreted in the xy-coordinate
//! system"), so grid lines fall on cell edges whatever the unit.
//!
//! Output is ASCII (text goes through [`crate::escape::latex_label`]), numbers are
//! written with at most four decimals, and the same figure gives the same bytes on
//! every run.
//!
//! ```
//! use permlab::figures::{tikz, Figure, matrix::MatrixFigure};
//! let g: permlab::Perm = "(1,2,3)".parse().unwrap();
//! let body = MatrixFigure::of_perm(&g).title("(1,2,3)").to_tikz().unwrap();
//! assert_eq!(body.matches("\\fill[").count(), 3);
//! assert!(body.contains("step=1"));
//! assert!(tikz::standalone(&body).starts_with("\\documentclass{standalone}"));
//! ```

use plotters::style::RGBColor;

/// A complete LaTeX document holding `body` (a `tikzpicture`): the `standalone`
/// class, cropped to the picture, with `pgfplots` loaded.
pub fn standalone(body: &str) -> String {
    format!(
        "\\documentclass{{standalone}}\n\\usepackage{{pgfplots}}\n\\pgfplotsset{{compat=1.16}}\n\
         \\begin{{document}}\n{body}\\end{{document}}\n"
    )
}

/// An xcolor expression for an RGB colour: `{rgb,255:red,R;green,G;blue,B}`.
pub fn colour(c: RGBColor) -> String {
    format!("{{rgb,255:red,{};green,{};blue,{}}}", c.0, c.1, c.2)
}

/// A number with at most four decimals, without trailing zeros (`-0` as `0`).
pub fn num(v: f64) -> String {
    let r = (v * 1e4).round() / 1e4;
    let r = if r == 0.0 { 0.0 } else { r };
    let mut t = format!("{r:.4}");
    while t.ends_with('0') {
        t.pop();
    }
    if t.ends_with('.') {
        t.pop();
    }
    t
}

/// A figure label for LaTeX text mode, its exponents and subscripts as math
/// ([`crate::escape::latex_label`]).
pub fn label(text: &str) -> String {
    crate::escape::latex_label(text)
}

/// A `\node` with `options` at `(x,y)` holding `text` (a label, escaped here).
pub fn node(options: &str, x: f64, y: f64, text: &str) -> String {
    format!(
        "\\node[{options}] at ({},{}) {{{}}};\n",
        num(x),
        num(y),
        label(text)
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_have_four_decimals_at_most() {
        assert_eq!(super::num(0.123456), "0.1235");
        assert_eq!(super::num(3.0), "3");
        assert_eq!(super::num(-0.00001), "0");
    }
}
