//! Rich display in Jupyter notebooks through the evcxr kernel.
//!
//! evcxr shows a value whose type has an inherent `evcxr_display(&self)` method: the
//! method prints blocks `EVCXR_BEGIN_CONTENT <mime>` … `EVCXR_END_CONTENT` on stdout,
//! which the kernel sends to Jupyter as one MIME bundle (one entry per MIME type: a
//! second block of the same type replaces the first). Every type a user looks at has
//! one (feature `evcxr`, on by default): [`Perm`] (cycle notation, order, and the
//! picture of its cycles), [`PermMatrix`] (the matrix picture), [`PuzzleState`] (a
//! board or a coloured cube net), [`crate::search::DistanceDistribution`] (a bar chart
//! and its table), [`crate::PermGroup`] (a summary table: order, orbits, generators),
//! [`crate::proof::Proof`], [`crate::reproduce::Report`], and every figure of
//! [`crate::figures`]. The methods are inherent, not evcxr_runtime's `Display` trait,
//! which evcxr silently ignores unless the trait is in scope.
//!
//! What each bundle holds ([`MimeBundle`]), so that the output survives export
//! (`jupyter nbconvert --to latex`, `--to pdf`, `--to html`):
//!
//! - figures: `image/svg+xml` (what Jupyter shows), `image/png` (base64, what
//!   nbconvert's LaTeX and PDF exporters include with `\includegraphics`) and
//!   `text/plain`; `text/html` too where a caption or a table goes with the picture;
//! - tables and proofs: `text/html`, `text/latex` (a `booktabs` table, or the proof's
//!   LaTeX) and `text/plain`. A figure's bundle has no `text/latex`: exporters would
//!   prefer it to the picture.
//!
//! Figures are drawn with [`Theme::notebook`], sized for the width a notebook shows.
//! Other modules reuse [`html_block`] and [`MimeBundle`] for their own types:
//!
//! ```
//! let out = permlab::display::html_block("<b>3 &lt; 4</b>", "3 < 4");
//! assert_eq!(
//!     out,
//!     "EVCXR_BEGIN_CONTENT text/html\n<b>3 &lt; 4</b>\nEVCXR_END_CONTENT\n\
//!      EVCXR_BEGIN_CONTENT text/plain\n3 < 4\nEVCXR_END_CONTENT\n"
//! );
//! ```
//!
//! In a notebook, one `:dep permlab = { path = "…" }` line is enough: the crate
//! re-exports `nalgebra`, `num_bigint`, `plotters` and (feature `ndarray`) `ndarray`.

use crate::escape::html_text;
#[cfg(feature = "evcxr")]
use crate::escape::{latex_breakable, latex_text};
use crate::figures::board::BoardFigure;
use crate::figures::cube_net::CubeNetFigure;
use crate::figures::matrix::MatrixFigure;
use crate::figures::{DynFigure, FigureError, Theme};
use crate::matrix::{perm_from_dmatrix, to_dmatrix, MatrixError};
use crate::perm::Perm;
use crate::puzzle::{Layout, Puzzle};
use nalgebra::{DMatrix, Scalar};
use num_traits::{One, Zero};
use std::fmt;

/// The marker that opens a content block.
pub const BEGIN: &str = "EVCXR_BEGIN_CONTENT";
/// The marker that closes a content block.
pub const END: &str = "EVCXR_END_CONTENT";

/// One evcxr content block of the given mime type.
pub fn content_block(mime: &str, body: &str) -> String {
    format!("{BEGIN} {mime}\n{body}\n{END}\n")
}

/// An HTML block and its `text/plain` fallback, as evcxr reads them: the generic
/// helper for any type's `evcxr_display`.
pub fn html_block(html: &str, text: &str) -> String {
    MimeBundle::new().html(html).plain(text).to_evcxr()
}

/// The representations of one displayed value, one per MIME type, in the order they
/// were added: what one `evcxr_display` prints ([`MimeBundle::to_evcxr`]).
///
/// ```
/// use permlab::display::MimeBundle;
/// let b = MimeBundle::new().latex("$x^2$").plain("x^2").plain("x²");
/// assert_eq!(b.mime_types(), ["text/latex", "text/plain"]);
/// assert_eq!(b.get("text/plain"), Some("x²"));
/// assert_eq!(
///     b.to_evcxr(),
///     "EVCXR_BEGIN_CONTENT text/latex\n$x^2$\nEVCXR_END_CONTENT\n\
///      EVCXR_BEGIN_CONTENT text/plain\nx²\nEVCXR_END_CONTENT\n"
/// );
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MimeBundle {
    parts: Vec<(String, String)>,
}

impl MimeBundle {
    /// An empty bundle.
    pub fn new() -> MimeBundle {
        MimeBundle::default()
    }

    /// Adds `body` under `mime`, replacing an earlier body of that type (Jupyter keeps
    /// one per type).
    pub fn with(mut self, mime: &str, body: &str) -> MimeBundle {
        match self.parts.iter_mut().find(|(m, _)| m == mime) {
            Some(part) => part.1 = body.to_string(),
            None => self.parts.push((mime.to_string(), body.to_string())),
        }
        self
    }

    /// Adds `text/html`.
    pub fn html(self, html: &str) -> MimeBundle {
        self.with("text/html", html)
    }

    /// Adds `text/plain`.
    pub fn plain(self, text: &str) -> MimeBundle {
        self.with("text/plain", text)
    }

    /// Adds `text/latex`.
    pub fn latex(self, latex: &str) -> MimeBundle {
        self.with("text/latex", latex)
    }

    /// Adds `image/svg+xml`.
    pub fn svg(self, svg: &str) -> MimeBundle {
        self.with("image/svg+xml", svg)
    }

    /// Adds `image/png` from PNG file bytes (sent as base64, as Jupyter stores it).
    pub fn png(self, png: &[u8]) -> MimeBundle {
        self.with("image/png", &base64(png))
    }

    /// The MIME types, in the order they were added.
    pub fn mime_types(&self) -> Vec<&str> {
        self.parts.iter().map(|(m, _)| m.as_str()).collect()
    }

    /// The body of one MIME type (base64 for `image/png`).
    pub fn get(&self, mime: &str) -> Option<&str> {
        self.parts
            .iter()
            .find(|(m, _)| m == mime)
            .map(|(_, b)| b.as_str())
    }

    /// The evcxr content blocks, one per MIME type ([`content_block`]).
    pub fn to_evcxr(&self) -> String {
        self.parts
            .iter()
            .map(|(mime, body)| content_block(mime, body))
            .collect()
    }
}

/// Standard base64 (RFC 4648 §4, with `=` padding, no line breaks): how Jupyter
/// carries binary outputs such as `image/png`.
///
/// ```
/// use permlab::display::base64;
/// // the test vectors of RFC 4648 §10
/// let v = ["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"];
/// for (n, want) in v.iter().enumerate() {
///     assert_eq!(base64(&b"foobar"[..n]), *want);
/// }
/// ```
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k)) as usize & 63] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A figure drawn for a notebook cell ([`Theme::notebook`] at its size): the SVG
/// document and the PNG bytes.
pub fn figure_images(fig: &dyn DynFigure) -> Result<(String, Vec<u8>), FigureError> {
    let themed = fig.with_theme(Theme::notebook());
    let size = themed.size();
    Ok((themed.svg(size)?, themed.png(size)?))
}

/// A figure as an HTML fragment: its SVG inline, drawn for a notebook cell.
pub fn figure_html(fig: &dyn DynFigure) -> Result<String, FigureError> {
    let themed = fig.with_theme(Theme::notebook());
    Ok(format!(
        "<div class=\"permlab-figure\">{}</div>",
        themed.svg(themed.size())?
    ))
}

/// The bundle of a figure: `image/svg+xml`, `image/png` and `text` as `text/plain`;
/// with a caption (may be empty) also `text/html`, the caption above the inline SVG.
/// Should drawing fail, the bundle has the text and the error, as HTML and text.
pub fn figure_bundle(fig: &dyn DynFigure, caption: &str, text: &str) -> MimeBundle {
    let head = if caption.is_empty() {
        String::new()
    } else {
        format!("<div><code>{}</code></div>", html_text(caption))
    };
    match figure_images(fig) {
        Ok((svg, png)) => {
            let mut b = MimeBundle::new();
            if !caption.is_empty() {
                b = b.html(&format!(
                    "<div class=\"permlab\">{head}<div class=\"permlab-figure\">{svg}</div></div>"
                ));
            }
            b.svg(&svg).png(&png).plain(text)
        }
        Err(e) => {
            let why = format!("(figure failed: {e})");
            MimeBundle::new()
                .html(&format!(
                    "<div class=\"permlab\">{head}{}<p>{}</p></div>",
                    pre(text),
                    html_text(&why)
                ))
                .plain(&format!("{text}\n{why}"))
        }
    }
}

/// The evcxr output of a figure: [`figure_bundle`] as content blocks.
pub fn figure_block(fig: &dyn DynFigure, caption: &str, text: &str) -> String {
    figure_bundle(fig, caption, text).to_evcxr()
}

/// A `booktabs` table for `text/latex`: a header row and rows of cells already in
/// LaTeX; `columns` is the column specification, e.g. `l p{0.7\linewidth}`.
pub fn latex_table(columns: &str, header: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = format!("\\begin{{tabular}}{{@{{}}{columns}@{{}}}}\n\\toprule\n");
    s.push_str(&header.join(" & "));
    s.push_str(" \\\\\n\\midrule\n");
    for row in rows {
        s.push_str(&row.join(" & "));
        s.push_str(" \\\\\n");
    }
    s.push_str("\\bottomrule\n\\end{tabular}");
    s
}

/// Wraps text as `<pre>` HTML.
fn pre(text: &str) -> String {
    format!("<pre>{}</pre>", html_text(text))
}

/// A permutation matrix to look at: prints as a 0/1 picture (never as nalgebra's
/// column-major storage) and displays as the matrix picture in notebooks. Entry
/// `[i^g, i]` is 1 (the crate's convention).
///
/// ```
/// use permlab::display::PermMatrix;
/// let m = PermMatrix::new(&"(1,2,3)".parse().unwrap());
/// assert_eq!(m.to_string(), "..1\n1..\n.1.");
/// assert_eq!(PermMatrix::from_dmatrix(&m.to_dmatrix::<i32>()).unwrap(), m);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PermMatrix {
    perm: Perm,
    cube: Option<usize>,
    title: String,
}

impl PermMatrix {
    /// The matrix of `g`.
    pub fn new(g: &Perm) -> PermMatrix {
        PermMatrix {
            perm: g.clone(),
            cube: None,
            title: String::new(),
        }
    }

    /// The permutation of a 0/1 matrix, validated ([`perm_from_dmatrix`]).
    pub fn from_dmatrix<T: Scalar + Zero + One>(m: &DMatrix<T>) -> Result<PermMatrix, MatrixError> {
        Ok(PermMatrix::new(&perm_from_dmatrix(m)?))
    }

    /// Draws the faces of an N×N×N cube (blocks of N² stickers, U L F R B D).
    pub fn cube_faces(mut self, n: usize) -> PermMatrix {
        self.cube = Some(n);
        self
    }

    /// Sets the title of the picture.
    pub fn title(mut self, title: &str) -> PermMatrix {
        self.title = title.to_string();
        self
    }

    /// The permutation.
    pub fn perm(&self) -> &Perm {
        &self.perm
    }

    /// The dense matrix.
    pub fn to_dmatrix<T: Scalar + Zero + One>(&self) -> DMatrix<T> {
        to_dmatrix(&self.perm)
    }

    /// The picture as a figure.
    pub fn figure(&self) -> MatrixFigure {
        let fig = MatrixFigure::of_perm(&self.perm).title(&self.title);
        match self.cube {
            Some(n) => fig.cube_faces(n),
            None => fig.numbers(self.perm.degree() > 1),
        }
    }
}

impl fmt::Display for PermMatrix {
    /// One line per row: `1` for ones, `.` for zeros.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.perm.degree();
        let inv = self.perm.inverse();
        for r in 0..n {
            let line: String = (0..n)
                .map(|c| if inv.image(r) == c { '1' } else { '.' })
                .collect();
            f.write_str(&line)?;
            if r + 1 < n {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

/// A puzzle state to look at: a board (grid puzzles, rings as one row), a coloured net
/// (cubes), or the list of labels.
///
/// ```
/// use permlab::{Puzzle, display::PuzzleState};
/// let p = Puzzle::builtin("board:3x3:2").unwrap();
/// let s = PuzzleState::after(&p, "A").unwrap();
/// assert_eq!(s.to_string(), "4 1 3\n5 2 6\n7 8 9\n");
/// ```
#[derive(Clone, Debug)]
pub struct PuzzleState {
    puzzle: Puzzle,
    state: Vec<u32>,
    arrows: Option<Perm>,
}

impl PuzzleState {
    /// A state of `puzzle` (0-based labels at positions), checked.
    pub fn new(puzzle: &Puzzle, state: &[u32]) -> Result<PuzzleState, FigureError> {
        let mut seen = vec![false; puzzle.degree()];
        let ok = state.len() == puzzle.degree()
            && state.iter().all(|&l| {
                (l as usize) < seen.len() && !std::mem::replace(&mut seen[l as usize], true)
            });
        if !ok {
            return Err(FigureError::Invalid(format!(
                "not a state of {}: expected a permutation of 1..={}",
                puzzle.name(),
                puzzle.degree()
            )));
        }
        Ok(PuzzleState {
            puzzle: puzzle.clone(),
            state: state.to_vec(),
            arrows: None,
        })
    }

    /// The state after a word from solved, with arrows `i → i^g` on boards.
    pub fn after(puzzle: &Puzzle, word: &str) -> Result<PuzzleState, FigureError> {
        let w = puzzle
            .parse_word(word)
            .map_err(|e| FigureError::Invalid(format!("word: {e}")))?;
        let g = puzzle.eval(&w);
        let mut s = PuzzleState::new(puzzle, &g.apply_to_state(&puzzle.solved()))?;
        s.arrows = Some(g);
        Ok(s)
    }

    /// The labels at positions (0-based).
    pub fn state(&self) -> &[u32] {
        &self.state
    }

    /// The picture, or `None` for puzzles without geometry.
    pub fn figure(&self) -> Option<Box<dyn DynFigure>> {
        match self.puzzle.layout() {
            Layout::Grid { .. } | Layout::Ring => {
                let mut fig = BoardFigure::for_puzzle(&self.puzzle, &self.state).ok()?;
                if let Some(g) = &self.arrows {
                    fig = fig.arrows_of(g);
                }
                Some(Box::new(fig))
            }
            Layout::Cube(n) => Some(Box::new(CubeNetFigure::new(n, &self.state).ok()?)),
            Layout::Plain => None,
        }
    }
}

impl fmt::Display for PuzzleState {
    /// The puzzle's text rendering of the state.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.puzzle.render(&self.state))
    }
}

#[cfg(feature = "evcxr")]
mod evcxr_impls {
    use super::*;
    use crate::figures::cycles::cycle_type_text;
    use crate::figures::cycles::CycleFigure;
    use crate::figures::histogram::HistogramFigure;
    use crate::figures::Panels;
    use crate::figures::{board, cube_net, cycles, histogram, matrix, Figure};
    use crate::puzzle::format_state;
    use crate::search::DistanceDistribution;

    impl Perm {
        /// What [`Perm::evcxr_display`] sends: the cycle notation with degree, order
        /// and sign (HTML and text), and the picture of its cycles (inline in the
        /// HTML, and as SVG and PNG) when it moves at most 120 points.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let summary = format!(
                "degree {}, order {}, {}, cycle type {}",
                self.degree(),
                self.order(),
                if self.is_even() { "even" } else { "odd" },
                cycle_type_text(self)
            );
            let mut html = format!(
                "<div class=\"permlab-perm\"><code>{}</code><br><small>{}</small>",
                html_text(&self.to_string()),
                html_text(&summary)
            );
            let mut bundle = MimeBundle::new();
            if !self.is_identity() && self.support().len() <= 120 {
                if let Ok((svg, png)) = figure_images(&CycleFigure::new(self)) {
                    html.push_str(&format!("<div class=\"permlab-figure\">{svg}</div>"));
                    bundle = bundle.svg(&svg).png(&png);
                }
            }
            html.push_str("</div>");
            bundle.html(&html).plain(&format!("{self}\n{summary}"))
        }

        /// [`Perm::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl crate::group::PermGroup {
        /// The summary [`crate::group::PermGroup::evcxr_display`] shows, as
        /// (field, value) rows: the rows of `permlab group`
        /// ([`crate::group::summary::GroupSummary::rows`], generators named `g1`,
        /// `g2`, …), then each generator with its cycle type.
        pub fn summary_rows(&self) -> Vec<(String, String)> {
            let names: Vec<String> = (1..=self.generators().len())
                .map(|k| format!("g{k}"))
                .collect();
            let mut rows = self.summary().rows(&names);
            for (name, g) in names.iter().zip(self.generators()) {
                rows.push((
                    format!("generator {name}"),
                    format!("{g} (cycle type {})", cycle_type_text(g)),
                ));
            }
            rows
        }

        /// What `evcxr_display` sends: [`Self::summary_rows`] as an HTML table, a
        /// LaTeX table and text.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let rows = self.summary_rows();
            let mut html = String::from("<table class=\"permlab-group\">");
            let mut text = String::new();
            let mut latex = Vec::new();
            for (k, v) in &rows {
                html.push_str(&format!(
                    "<tr><th style=\"text-align:left\">{}</th><td style=\"text-align:left\"><code>{}</code></td></tr>",
                    html_text(k),
                    html_text(v)
                ));
                if k.is_empty() {
                    text.push_str(&format!("  {v}\n"));
                } else {
                    text.push_str(&format!("{k}: {v}\n"));
                }
                latex.push(vec![latex_text(k), latex_breakable(&latex_text(v))]);
            }
            html.push_str("</table>");
            MimeBundle::new()
                .html(&html)
                .latex(&latex_table(
                    "l >{\\raggedright\\arraybackslash}p{0.7\\linewidth}",
                    &["", ""],
                    &latex,
                ))
                .plain(text.trim_end())
        }

        /// [`Self::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl PermMatrix {
        /// What [`PermMatrix::evcxr_display`] sends: the matrix picture under its
        /// caption, and the 0/1 text.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let caption = format!(
                "{n}x{n} permutation matrix of {}",
                self.perm,
                n = self.perm.degree()
            );
            // the 0/1 text only while it stays readable
            let text = if self.perm.degree() <= 64 {
                format!("{caption}\n{self}")
            } else {
                caption.clone()
            };
            figure_bundle(&self.figure(), &caption, &text)
        }

        /// [`PermMatrix::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl PuzzleState {
        /// What [`PuzzleState::evcxr_display`] sends: the board or net and the text
        /// rendering (only the text for puzzles without geometry).
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let text = format!("{}{}", self, format_state(&self.state));
            match self.figure() {
                Some(fig) => figure_bundle(fig.as_ref(), "", &text),
                None => MimeBundle::new().html(&pre(&text)).plain(&text),
            }
        }

        /// [`PuzzleState::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl DistanceDistribution {
        /// What [`DistanceDistribution::evcxr_display`] sends: a bar chart (log scale
        /// when the counts span more than three decades) and the table.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let fig =
                HistogramFigure::new(vec![("".into(), self.clone())]).log(self.wants_log_scale());
            let text = self.to_string();
            match figure_images(&fig) {
                Ok((svg, png)) => MimeBundle::new()
                    .html(&format!(
                        "<div class=\"permlab-figure\">{svg}</div>{}",
                        pre(&text)
                    ))
                    .svg(&svg)
                    .png(&png)
                    .plain(&text),
                Err(_) => MimeBundle::new().html(&pre(&text)).plain(&text),
            }
        }

        /// [`DistanceDistribution::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl crate::proof::Proof {
        /// What [`crate::proof::Proof::evcxr_display`] sends: the argument as
        /// Markdown-rendered HTML paragraphs, its LaTeX, and the plain text.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let md = self.render(crate::proof::Format::Markdown);
            let html: String = md
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| format!("<p>{}</p>", html_text(l)))
                .collect();
            MimeBundle::new()
                .html(&format!("<div class=\"permlab-proof\">{html}</div>"))
                .latex(self.render(crate::proof::Format::Latex).trim_end())
                .plain(&self.render(crate::proof::Format::Text))
        }

        /// [`crate::proof::Proof::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl crate::reproduce::Report {
        /// What [`crate::reproduce::Report::evcxr_display`] sends: the claims (seed,
        /// claim, verdict, evidence) as an HTML table and a LaTeX table, and the text
        /// table.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            let mut html = String::from(
                "<table class=\"permlab-claims\"><tr><th>seed</th><th>claim</th><th>verdict</th><th>evidence</th></tr>",
            );
            let mut latex = Vec::new();
            for r in &self.records {
                let evidence = match &r.outcome {
                    Ok(o) => o.evidence.clone(),
                    Err(e) => e.clone(),
                };
                html.push_str(&format!(
                    "<tr><td>{}</td><td>{}</td><td><b>{}</b></td><td>{}</td></tr>",
                    html_text(&r.seed),
                    html_text(&r.quote),
                    html_text(&r.label()),
                    html_text(&evidence)
                ));
                latex.push(vec![
                    latex_text(&r.seed),
                    latex_breakable(&latex_text(&r.quote)),
                    latex_text(&r.label()),
                    latex_breakable(&latex_text(&evidence)),
                ]);
            }
            html.push_str(&format!("</table><p>{}</p>", html_text(&self.summary())));
            let col = |w: &str| format!(">{{\\raggedright\\arraybackslash}}p{{{w}\\linewidth}}");
            let columns = format!("l {} {} {}", col("0.34"), col("0.16"), col("0.34"));
            let latex = format!(
                "{}\n\n{}",
                latex_table(&columns, &["Seed", "Claim", "Verdict", "Evidence"], &latex),
                latex_text(&self.summary())
            );
            MimeBundle::new()
                .html(&html)
                .latex(&latex)
                .plain(&self.to_table())
        }

        /// [`crate::reproduce::Report::evcxr_bundle`] as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    /// The `text/plain` of a figure: its kind and pixel size.
    fn figure_text(kind: &str, fig: &dyn DynFigure) -> String {
        let (w, h) = fig.with_theme(Theme::notebook()).size();
        format!("permlab {kind} figure, {w}x{h} pixels")
    }

    macro_rules! figure_display {
        ($($t:ty => $kind:literal),*) => {$(
            impl $t {
                /// What `evcxr_display` sends: the figure as SVG and PNG.
                pub fn evcxr_bundle(&self) -> MimeBundle {
                    figure_bundle(self, "", &figure_text($kind, self))
                }
                /// `evcxr_bundle` as evcxr content blocks.
                pub fn evcxr_content(&self) -> String {
                    self.evcxr_bundle().to_evcxr()
                }
                /// Rich display in evcxr notebooks.
                pub fn evcxr_display(&self) {
                    print!("{}", self.evcxr_content());
                }
            }
        )*};
    }
    figure_display!(
        matrix::MatrixFigure => "matrix",
        histogram::HistogramFigure => "histogram",
        board::BoardFigure => "board",
        cube_net::CubeNetFigure => "cube net",
        cycles::CycleFigure => "cycles"
    );

    impl<F: Figure> Panels<F> {
        /// What `evcxr_display` sends: the panels as SVG and PNG.
        pub fn evcxr_bundle(&self) -> MimeBundle {
            figure_bundle(self, "", &figure_text("panels", self))
        }
        /// `evcxr_bundle` as evcxr content blocks.
        pub fn evcxr_content(&self) -> String {
            self.evcxr_bundle().to_evcxr()
        }
        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }
}
