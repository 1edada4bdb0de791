//! TikZ/PGF output: figures as LaTeX source, so their text is set in the paper's own
//! font (issue 21). Permutation-matrix pictures become one `\fill`ed square per
//! 1-entry over a light grid ([`matrix`]); distance distributions become a pgfplots
//! `ybar` axis with the counts as coordinates ([`histogram`]); mixing curves a
//! pgfplots axis with a logarithmic distance ([`mixing`]); eigenvalues dots on the unit
//! circle ([`spectrum`]); a cycle type one row of unit squares per cycle
//! ([`cycle_type`]). Other figures have no TikZ form ([`FigureError::NoTikz`]).
//!
//! The commands are those documented in T. Tantau, *The TikZ and PGF Packages*
//! (manual, version 3.1) and C. Feuersänger, *Manual for Package pgfplots* (version
//! 1.18: the `ybar`, `ymode=log` and `log origin` options).
//!
//! Each function returns a `tikzpicture` environment to `\input` into a document that
//! loads `pgfplots` (which loads TikZ); [`standalone`] wraps it into a document that
//! compiles on its own. Text goes through [`crate::escape::latex_text`], numbers are
//! written with fixed decimals, and the output is ASCII and the same bytes on every
//! run.
//!
//! ```
//! use permlab::figures::{tikz, Figure, matrix::MatrixFigure};
//! let g: permlab::Perm = "(1,2,3)".parse().unwrap();
//! let body = MatrixFigure::of_perm(&g).title("(1,2,3)").to_tikz().unwrap();
//! assert_eq!(body.matches("\\fill[").count(), 3);
//! assert!(tikz::standalone(&body).starts_with("\\documentclass{standalone}"));
//! ```

use super::histogram::HistogramFigure;
use super::matrix::{label_step, MatrixFigure};
use super::{palette, FigureError};
use crate::escape::{latex_label, latex_text};
use plotters::style::RGBColor;
use std::fmt::Write;

/// The side of the larger dimension of a matrix picture, in centimetres.
pub const MATRIX_SIDE_CM: f64 = 8.0;

/// A complete LaTeX document holding `body` (a `tikzpicture`): the `standalone`
/// class, cropped to the picture, with `pgfplots` loaded.
pub fn standalone(body: &str) -> String {
    format!(
        "\\documentclass{{standalone}}\n\\usepackage{{pgfplots}}\n\\pgfplotsset{{compat=1.16}}\n\
         \\begin{{document}}\n{body}\\end{{document}}\n"
    )
}

/// An xcolor expression for an RGB colour: `{rgb,255:red,R;green,G;blue,B}`.
fn colour(c: RGBColor) -> String {
    format!("{{rgb,255:red,{};green,{};blue,{}}}", c.0, c.1, c.2)
}

/// The matrix picture as a `tikzpicture`: the grid of entries (cell `(r, c)` is the
/// unit square from `(c, r)` to `(c+1, r+1)`, rows downwards), the block separators,
/// one `\fill` per 1-entry (no other `\fill` is written), the block names or row and
/// column numbers along the top and left, the axis captions below and right (reading
/// upwards), and the title above.
pub fn matrix(fig: &MatrixFigure) -> String {
    let (rows, cols) = fig.shape();
    let unit = MATRIX_SIDE_CM / rows.max(cols).max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(s, "\\begin{{tikzpicture}}[x={unit:.4}cm,y=-{unit:.4}cm]");
    let _ = writeln!(
        s,
        "% permlab matrix picture: {rows} rows, {cols} columns; cell (r,c) spans (c,r) to (c+1,r+1)"
    );
    let grid = colour(palette::GRID);
    let _ = writeln!(
        s,
        "\\draw[color={grid},line width=0.2pt] (0,0) grid ({cols},{rows});"
    );
    if let Some(b) = fig.block {
        let sep = colour(palette::SEPARATOR);
        for k in (b..cols).step_by(b) {
            let _ = writeln!(
                s,
                "\\draw[color={sep},line width=0.6pt] ({k},0) -- ({k},{rows});"
            );
        }
        for k in (b..rows).step_by(b) {
            let _ = writeln!(
                s,
                "\\draw[color={sep},line width=0.6pt] (0,{k}) -- ({cols},{k});"
            );
        }
    }
    let ink = colour(palette::INK);
    for (r, row) in fig.ones.iter().enumerate() {
        for &c in row {
            let _ = writeln!(s, "\\fill[color={ink}] ({c},{r}) rectangle ++(1,1);");
        }
    }
    let _ = writeln!(
        s,
        "\\draw[color={grid},line width=0.4pt] (0,0) rectangle ({cols},{rows});"
    );
    let mut labelled = false;
    let mut label = |s: &mut String, text: &str, along: f64, column: bool| {
        labelled |= column;
        let text = latex_text(text);
        let _ = if column {
            writeln!(
                s,
                "\\node[above,font=\\small] at ({along:.1},0) {{{text}}};"
            )
        } else {
            writeln!(s, "\\node[left,font=\\small] at (0,{along:.1}) {{{text}}};")
        };
    };
    if !fig.block_names.is_empty() {
        let b = fig.block.unwrap_or(1);
        for (k, name) in fig.block_names.iter().enumerate() {
            let mid = (k * b) as f64 + b as f64 / 2.0;
            if k * b < cols {
                label(&mut s, name, mid, true);
            }
            if k * b < rows {
                label(&mut s, name, mid, false);
            }
        }
    } else if fig.numbers {
        // a \small digit is about 5 pt wide: a cell of `unit` cm is unit·28.45 pt
        let step = label_step(unit * 28.45, 8.0);
        for (count, column) in [(cols, true), (rows, false)] {
            let mut marks = vec![1];
            marks.extend((step..=count).step_by(step));
            marks.dedup();
            for k in marks.into_iter().filter(|&k| k <= count) {
                label(&mut s, &k.to_string(), k as f64 - 0.5, column);
            }
        }
    }
    if let Some((columns, rows_caption)) = &fig.captions {
        let _ = writeln!(
            s,
            "\\node[below,font=\\small] at ({:.1},{rows}) {{{}}};",
            cols as f64 / 2.0,
            latex_label(columns)
        );
        let _ = writeln!(
            s,
            "\\node[anchor=north,rotate=90,font=\\small] at ({cols},{:.1}) {{{}}};",
            rows as f64 / 2.0,
            latex_label(rows_caption)
        );
    }
    if !fig.title.is_empty() {
        let shift = if labelled { "1.6em" } else { "0.2em" };
        let _ = writeln!(
            s,
            "\\node[above,yshift={shift}] at ({:.1},0) {{{}}};",
            cols as f64 / 2.0,
            latex_label(&fig.title)
        );
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// The histogram as a pgfplots `ybar` chart in a `tikzpicture`: one `\addplot` per
/// series with its counts as coordinates `(distance,count)` (every distance on a
/// linear scale; on a log scale only the nonzero counts, whose logarithm exists), the
/// axis descriptions as `xlabel`/`ylabel`, a legend when there are several series.
pub fn histogram(fig: &HistogramFigure) -> String {
    let maxd = fig.max_distance();
    let nser = fig.series.len().max(1);
    // 12 cm ≈ 341 pt of plot width, 0.8 of each distance's slot shared by the series
    let bar_pt = 341.0 / (maxd as f64 + 2.2) * 0.8 / nser as f64;
    let mut s = String::new();
    s.push_str("\\begin{tikzpicture}\n\\begin{axis}[\n");
    s.push_str("  ybar, width=12cm, height=8cm,\n");
    let _ = writeln!(s, "  bar width={bar_pt:.2}pt,");
    s.push_str("  enlarge x limits={abs=0.6},\n");
    if maxd <= 25 {
        let _ = writeln!(s, "  xtick={{0,...,{maxd}}},");
    }
    if !fig.title.is_empty() {
        let _ = writeln!(s, "  title={{{}}},", latex_label(&fig.title));
    }
    let _ = writeln!(s, "  xlabel={{{}}},", latex_label(&fig.x_desc));
    let _ = writeln!(s, "  ylabel={{{}}},", latex_label(&fig.y_desc));
    if fig.log {
        s.push_str("  ymode=log, log origin=infty,\n");
    } else {
        s.push_str("  ymin=0,\n");
    }
    if fig.series.len() > 1 {
        s.push_str("  legend pos=north east,\n");
    }
    s.push_str("]\n");
    for (k, (name, dist)) in fig.series.iter().enumerate() {
        let c = colour(palette::SERIES[k % palette::SERIES.len()]);
        let _ = write!(s, "\\addplot[fill={c},draw=none] coordinates {{");
        for (d, &count) in dist.counts.iter().enumerate() {
            if count > 0 || !fig.log {
                let _ = write!(s, " ({d},{count})");
            }
        }
        s.push_str(" };\n");
        if fig.series.len() > 1 {
            let _ = writeln!(s, "\\addlegendentry{{{}}}", latex_text(name));
        }
    }
    s.push_str("\\end{axis}\n\\end{tikzpicture}\n");
    s
}

/// Mixing curves as a pgfplots axis (`ymode=log`): per puzzle its total-variation
/// distances after `k = 0, 1, …` moves as a solid line and, where it has one, the
/// spectral lower bound dashed in the same colour, each with a legend entry; values
/// below `lo` are left out, as on the bitmap figure.
pub fn mixing(series: &[super::mixing::MixingSeries], title: &str, lo: f64) -> String {
    let mut s = String::new();
    s.push_str("\\begin{tikzpicture}\n\\begin{axis}[\n");
    s.push_str("  width=12cm, height=8cm, ymode=log, xmin=0,\n");
    let _ = writeln!(s, "  ymin={lo:.3e}, ymax=1.5,");
    if !title.is_empty() {
        let _ = writeln!(s, "  title={{{}}},", latex_label(title));
    }
    s.push_str("  xlabel={random moves $k$},\n");
    s.push_str("  ylabel={total-variation distance to uniform},\n");
    s.push_str("  legend pos=south west, legend style={font=\\small},\n]\n");
    let coords = |v: &[f64]| -> String {
        v.iter()
            .enumerate()
            .filter(|(_, &t)| t >= lo)
            .map(|(k, &t)| format!(" ({k},{t:.6e})"))
            .collect()
    };
    for (k, series) in series.iter().enumerate() {
        let c = colour(palette::SERIES[k % palette::SERIES.len()]);
        let _ = writeln!(
            s,
            "\\addplot[color={c},line width=1pt,mark=none] coordinates {{{} }};",
            coords(&series.tv)
        );
        let _ = writeln!(s, "\\addlegendentry{{{}}}", latex_text(&series.name));
        if let Some(b) = &series.lower_bound {
            let _ = writeln!(
                s,
                "\\addplot[color={c},dashed,mark=none] coordinates {{{} }};",
                coords(b)
            );
            // b[1] = λ*/2
            let lambda = b.get(1).map_or(String::new(), |b1| {
                format!(", $\\lambda_* = {:.4}$", 2.0 * b1)
            });
            let _ = writeln!(
                s,
                "\\addlegendentry{{{}: lower bound $\\lambda_*^k/2${lambda}}}",
                latex_text(&series.name)
            );
        }
    }
    s.push_str("\\end{axis}\n\\end{tikzpicture}\n");
    s
}

/// Eigenvalues with their multiplicities as dots on and in the unit circle (1 unit =
/// 3 cm), each multiplicity above 1 written beside its dot, the axes labelled
/// "real part" and "imaginary part", the title above.
pub fn spectrum(points: &[(nalgebra::Complex<f64>, usize)], title: &str) -> String {
    let mut s = String::new();
    let dot = colour(palette::SERIES[0]);
    s.push_str("\\begin{tikzpicture}[scale=3]\n");
    s.push_str(
        "\\draw[->,gray] (-1.25,0) -- (1.25,0) node[below left,black] {\\small real part};\n",
    );
    s.push_str(
        "\\draw[->,gray] (0,-1.25) -- (0,1.25) node[right,black] {\\small imaginary part};\n",
    );
    s.push_str("\\draw[gray!60,line width=1pt] (0,0) circle (1);\n");
    for (z, m) in points {
        let _ = writeln!(
            s,
            "\\fill[color={dot}] ({:.6},{:.6}) circle (0.025);",
            z.re, z.im
        );
        if *m > 1 {
            // outside the circle for points on it, beside the dot otherwise
            let f = if z.norm() > 0.5 { 1.12 } else { 1.0 };
            let _ = writeln!(
                s,
                "\\node[anchor=south west,font=\\scriptsize] at ({:.6},{:.6}) {{$\\times{m}$}};",
                z.re * f,
                z.im * f
            );
        }
    }
    if !title.is_empty() {
        let _ = writeln!(s, "\\node[above] at (0,1.4) {{{}}};", latex_label(title));
    }
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// A cycle type as one left-aligned row of unit squares per cycle (at most 0.5 cm
/// each and 12 cm wide), longest first, each row labelled with its length, the title
/// above and `note` below.
pub fn cycle_type(rows: &[usize], title: &str, note: &str) -> String {
    let longest = rows.first().copied().unwrap_or(1).max(1);
    let unit = (12.0 / longest as f64).min(0.5);
    let fill = colour(palette::SERIES[0]);
    let mut s = String::new();
    let _ = writeln!(s, "\\begin{{tikzpicture}}[x={unit:.4}cm,y=-{unit:.4}cm]");
    for (i, &len) in rows.iter().enumerate() {
        let _ = writeln!(
            s,
            "\\fill[color={fill}] (0,{i}) rectangle ({len},{});",
            i + 1
        );
        let _ = writeln!(
            s,
            "\\draw[white,line width=0.4pt,step=1] (0,{i}) grid ({len},{});",
            i + 1
        );
        let _ = writeln!(s, "\\node[right,font=\\small] at ({len},{i}.5) {{{len}}};");
    }
    let _ = writeln!(
        s,
        "\\node[above right] at (0,0) {{{}}};",
        latex_label(title)
    );
    let _ = writeln!(
        s,
        "\\node[below right,font=\\small] at (0,{}) {{{}}};",
        rows.len(),
        latex_label(note)
    );
    s.push_str("\\end{tikzpicture}\n");
    s
}

/// The error for a figure without a TikZ form.
pub(super) fn unsupported() -> FigureError {
    FigureError::NoTikz
}
