//! Rich display in Jupyter notebooks through the evcxr kernel.
//!
//! evcxr shows a value whose type has an inherent `evcxr_display(&self)` method: the
//! method prints blocks `EVCXR_BEGIN_CONTENT <mime>` … `EVCXR_END_CONTENT` on stdout.
//! Every type a user looks at has one (feature `evcxr`, on by default): [`Perm`]
//! (cycle notation, order, and the picture of its cycles), [`PermMatrix`] (the matrix
//! picture), [`PuzzleState`] (a board or a coloured cube net),
//! [`crate::search::DistanceDistribution`] (a bar chart and its table), [`crate::PermGroup`] (a
//! summary table: order, orbits, generators), and every figure of
//! [`crate::figures`]. Each prints one `text/html` block (with an inline SVG) and one
//! `text/plain` fallback: only one block per mime type survives in a cell. The methods
//! are inherent, not evcxr_runtime's `Display` trait, which evcxr silently ignores
//! unless the trait is in scope.
//!
//! Other modules reuse [`html_block`] for their own types:
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
//! re-exports `nalgebra`, `ndarray`, `num_bigint` and `plotters`.

use crate::escape::html_text;
use crate::figures::board::BoardFigure;
use crate::figures::cube_net::CubeNetFigure;
use crate::figures::matrix::MatrixFigure;
use crate::figures::{DynFigure, FigureError};
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
    let mut s = content_block("text/html", html);
    s.push_str(&content_block("text/plain", text));
    s
}

/// A figure as an HTML fragment: its SVG inline, at its default size.
pub fn figure_html(fig: &dyn DynFigure) -> Result<String, FigureError> {
    Ok(format!(
        "<div class=\"permlab-figure\">{}</div>",
        fig.svg(fig.size())?
    ))
}

/// The evcxr output of a figure: HTML with a caption (may be empty) above the inline
/// SVG, and `text` as the plain-text fallback. Should drawing fail, the HTML shows
/// the text and the error instead.
pub fn figure_block(fig: &dyn DynFigure, caption: &str, text: &str) -> String {
    let head = if caption.is_empty() {
        String::new()
    } else {
        format!("<div><code>{}</code></div>", html_text(caption))
    };
    let html = match figure_html(fig) {
        Ok(svg) => format!("<div class=\"permlab\">{head}{svg}</div>"),
        Err(e) => format!(
            "<div class=\"permlab\">{head}{}<p>(figure failed: {})</p></div>",
            pre(text),
            html_text(&e.to_string())
        ),
    };
    html_block(&html, text)
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
        /// What [`Perm::evcxr_display`] prints: the cycle notation with degree, order
        /// and sign, and the picture of its cycles.
        pub fn evcxr_content(&self) -> String {
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
            if !self.is_identity() && self.support().len() <= 120 {
                if let Ok(svg) = figure_html(&CycleFigure::new(self)) {
                    html.push_str(&svg);
                }
            }
            html.push_str("</div>");
            html_block(&html, &format!("{self}\n{summary}"))
        }

        /// Rich display in evcxr notebooks (HTML with an inline SVG, plain-text
        /// fallback).
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

        /// What `evcxr_display` prints: an HTML table of [`Self::summary_rows`] and
        /// the same as text.
        pub fn evcxr_content(&self) -> String {
            let rows = self.summary_rows();
            let mut html = String::from("<table class=\"permlab-group\">");
            let mut text = String::new();
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
            }
            html.push_str("</table>");
            html_block(&html, text.trim_end())
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl PermMatrix {
        /// What [`PermMatrix::evcxr_display`] prints: the matrix picture and the 0/1
        /// text.
        pub fn evcxr_content(&self) -> String {
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
            figure_block(&self.figure(), &caption, &text)
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl PuzzleState {
        /// What [`PuzzleState::evcxr_display`] prints: the board or net and the text
        /// rendering.
        pub fn evcxr_content(&self) -> String {
            let text = format!("{}{}", self, format_state(&self.state));
            match self.figure() {
                Some(fig) => figure_block(fig.as_ref(), "", &text),
                None => html_block(&pre(&text), &text),
            }
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl DistanceDistribution {
        /// What [`DistanceDistribution::evcxr_display`] prints: a bar chart (log scale
        /// when the counts span more than three decades) and the table.
        pub fn evcxr_content(&self) -> String {
            let fig =
                HistogramFigure::new(vec![("".into(), self.clone())]).log(self.wants_log_scale());
            let text = self.to_string();
            match figure_html(&fig) {
                Ok(svg) => html_block(&format!("{svg}{}", pre(&text)), &text),
                Err(_) => html_block(&pre(&text), &text),
            }
        }

        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl crate::proof::Proof {
        /// What [`crate::proof::Proof::evcxr_display`] prints: the argument as
        /// Markdown-rendered HTML paragraphs, with the plain text as fallback.
        pub fn evcxr_content(&self) -> String {
            let md = self.render(crate::proof::Format::Markdown);
            let html: String = md
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| format!("<p>{}</p>", html_text(l)))
                .collect();
            html_block(
                &format!("<div class=\"permlab-proof\">{html}</div>"),
                &self.render(crate::proof::Format::Text),
            )
        }
        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    impl crate::reproduce::Report {
        /// What [`crate::reproduce::Report::evcxr_display`] prints: the claims as an
        /// HTML table (seed, claim, verdict, evidence), the text table as fallback.
        pub fn evcxr_content(&self) -> String {
            let mut html = String::from(
                "<table class=\"permlab-claims\"><tr><th>seed</th><th>claim</th><th>verdict</th><th>evidence</th></tr>",
            );
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
            }
            html.push_str(&format!("</table><p>{}</p>", html_text(&self.summary())));
            html_block(&html, &self.to_table())
        }
        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }

    macro_rules! figure_display {
        ($($t:ty),*) => {$(
            impl $t {
                /// What `evcxr_display` prints: the figure as inline SVG.
                pub fn evcxr_content(&self) -> String {
                    figure_block(self, "", concat!("permlab ", stringify!($t)))
                }
                /// Rich display in evcxr notebooks.
                pub fn evcxr_display(&self) {
                    print!("{}", self.evcxr_content());
                }
            }
        )*};
    }
    figure_display!(
        matrix::MatrixFigure,
        histogram::HistogramFigure,
        board::BoardFigure,
        cube_net::CubeNetFigure,
        cycles::CycleFigure
    );

    impl<F: Figure> Panels<F> {
        /// What `evcxr_display` prints: the panels as inline SVG.
        pub fn evcxr_content(&self) -> String {
            figure_block(self, "", "permlab Panels")
        }
        /// Rich display in evcxr notebooks.
        pub fn evcxr_display(&self) {
            print!("{}", self.evcxr_content());
        }
    }
}

#[cfg(all(test, feature = "evcxr"))]
mod tests {
    #[test]
    fn report_and_proof_display_blocks() {
        let report = crate::reproduce::run(
            &crate::reproduce::Options {
                quick: true,
                only: Some("s002-transposition-word".into()),
            },
            |_| {},
        );
        let out = report.evcxr_content();
        assert!(out.starts_with("EVCXR_BEGIN_CONTENT text/html\n"), "{out}");
        assert!(out.contains("<td><b>holds</b></td>"));
        assert!(out.contains("EVCXR_BEGIN_CONTENT text/plain\n"));
        assert_eq!(out.matches("EVCXR_END_CONTENT").count(), 2);
    }
}
