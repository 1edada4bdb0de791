//! Subcommands that draw: `figure KIND …` (one figure to a file) and `figures` (the
//! whole gallery into a directory).

use super::output::outln;
use super::space::SpaceArgs;
use super::{print_json, CliError, CliResult, ConventionArgs};
use clap::Subcommand;
use permlab::figures::blocks_figure::BlocksFigure;
use permlab::figures::board::BoardFigure;
use permlab::figures::cube_net::CubeNetFigure;
use permlab::figures::cycles::{CycleFigure, CycleStyle};
use permlab::figures::cycletype::CycleTypeFigure;
use permlab::figures::gallery::gallery;
use permlab::figures::histogram::{DistanceDistribution, HistogramFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::figures::schreier::{GraphLayout, SchreierFigure};
use permlab::figures::spectrum::SpectrumFigure;
use permlab::figures::{write_atomically, DynFigure, Format, Theme};
use permlab::search::bfs::{search_space, BfsOptions};
use permlab::search::space::StateSpace;
use permlab::{Layout, Perm, Puzzle};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum FigureCommand {
    /// Draws one figure into a file (--out x.svg, x.png, x.pdf, or x.tex for its
    /// TikZ/PGF form).
    Figure {
        #[command(subcommand)]
        kind: Box<FigureKind>,
    },
    /// Regenerates every figure of the README, notebooks and paper (SVG, PNG and PDF)
    /// into a directory, deterministically.
    Figures {
        /// Output directory (created if missing).
        #[arg(long, default_value = "figures")]
        dir: PathBuf,
        /// Figure theme: paper (print, one journal column wide, no titles: the
        /// committed gallery), slides (larger text, heavier lines) or notebook.
        #[arg(long, default_value = "paper", value_parser = parse_theme)]
        theme: Theme,
    },
}

/// `--style` of `figure cycles`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum CycleStyleArg {
    /// Each nontrivial cycle as a ring of its points with arrows along the ring.
    Arcs,
    /// One bar of the degree's width, a segment per cycle (fixed points together).
    Bar,
}

impl From<CycleStyleArg> for CycleStyle {
    fn from(a: CycleStyleArg) -> CycleStyle {
        match a {
            CycleStyleArg::Arcs => CycleStyle::Arcs,
            CycleStyleArg::Bar => CycleStyle::Bar,
        }
    }
}

/// `--layout` of `figure schreier`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum GraphLayoutArg {
    /// Points in order round a circle.
    Circle,
    /// Rows by breadth-first distance from the first point of each orbit.
    Layers,
}

impl From<GraphLayoutArg> for GraphLayout {
    fn from(a: GraphLayoutArg) -> GraphLayout {
        match a {
            GraphLayoutArg::Circle => GraphLayout::Circle,
            GraphLayoutArg::Layers => GraphLayout::Layers,
        }
    }
}

/// Options shared by every figure kind.
#[derive(clap::Args)]
pub struct OutArgs {
    /// Output file: .svg, .png, .pdf (vector, the SVG converted with the font
    /// embedded), or .tex (the figure's TikZ/PGF picture).
    #[arg(long, value_parser = super::args::output_file)]
    out: PathBuf,
    /// Size of the drawing in pixels, WxH or W (square); default: the figure's own.
    /// Not for .tex.
    #[arg(long)]
    size: Option<String>,
    /// The width the figure is printed at: single (one journal column, 8.5 cm, the
    /// default), double (17.5 cm), or a length 8.5cm, 85mm, 3.35in, 240pt (PostScript
    /// points). Text and lines keep their sizes in points at this width; it is the
    /// SVG's width and the PDF's page width, and with --dpi a PNG's pixel width. Not
    /// for .tex.
    #[arg(long)]
    width: Option<String>,
    /// Pixels per inch of a PNG sized by --width (default 300).
    #[arg(long)]
    dpi: Option<u32>,
    /// With a .tex output: write a document that compiles on its own (standalone
    /// class, pgfplots) instead of a bare tikzpicture.
    #[arg(long)]
    standalone: bool,
    /// Title drawn on the figure (under the paper theme figures have none unless
    /// given: the caption is the document's; other themes draw one by default).
    #[arg(long)]
    title: Option<String>,
    /// Figure theme: paper (print: one journal column, text at least 7 pt, no
    /// title), slides (larger text, heavier lines) or notebook. Not for .tex, whose
    /// text is LaTeX's.
    #[arg(long, default_value = "paper", value_parser = parse_theme)]
    theme: Theme,
}

fn parse_theme(text: &str) -> Result<Theme, String> {
    text.parse()
}

/// A puzzle and a word.
#[derive(clap::Args)]
pub struct PuzzleWord {
    /// A built-in puzzle, a .gens/.tws/.geo file, or either with a bracket list of
    /// generator words (`cube3[R2,U]`).
    #[arg(value_parser = super::args::puzzle_arg)]
    puzzle: Puzzle,
    /// A word over the puzzle's moves ("" for the identity).
    word: String,
    #[command(flatten)]
    conv: ConventionArgs,
}

impl PuzzleWord {
    fn load(&self) -> Result<(Puzzle, Perm), CliError> {
        let puzzle = self.puzzle.clone();
        let word = puzzle.parse_word(&self.word)?;
        let g = puzzle.eval_with(&word, self.conv.convention());
        Ok((puzzle, g))
    }
}

#[derive(Subcommand)]
pub enum FigureKind {
    /// The permutation matrix of a word (P[i^g, i] = 1; 1s dark).
    Matrix {
        #[command(flatten)]
        pw: PuzzleWord,
        /// Omit the face separators and U L F R B D labels on cubes.
        #[arg(long)]
        no_faces: bool,
        /// Number the rows and columns.
        #[arg(long)]
        numbers: bool,
        /// Omit the axis captions ("position before the move" below, "position after
        /// the move" at the right).
        #[arg(long)]
        no_captions: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// A board after a word, with arrows i -> i^g for the word's permutation.
    Board {
        #[command(flatten)]
        pw: PuzzleWord,
        /// Start state (1-based labels in position order); default: solved.
        #[arg(long)]
        state: Option<String>,
        /// Start state as the permutation taking solved to it, in GAP cycle
        /// notation (e.g. "(1,2,5)").
        #[arg(long, conflicts_with = "state")]
        cycles: Option<String>,
        /// Draw the path of this number (1-based) during the word instead of arrows.
        #[arg(long)]
        path: Option<u32>,
        /// Draw no arrows.
        #[arg(long)]
        no_arrows: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The coloured net of a cube after a word.
    Net {
        #[command(flatten)]
        pw: PuzzleWord,
        /// Write each sticker's number on it.
        #[arg(long)]
        numbers: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The cycles of a word's permutation.
    Cycles {
        #[command(flatten)]
        pw: PuzzleWord,
        /// arcs (rings of points) or bar (one segment per cycle).
        #[arg(long, value_enum, default_value = "arcs")]
        style: CycleStyleArg,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The distribution of distances over all positions, by the search module's BFS
    /// (the options of `permlab bfs`).
    Bfs {
        #[command(flatten)]
        space: SpaceArgs,
        /// Log scale on the count axis.
        #[arg(long)]
        log: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The distance distributions of several puzzles side by side: grouped bars on a
    /// shared distance axis, one colour per puzzle with a legend (each searched as
    /// `permlab bfs PUZZLE` would).
    Distributions {
        /// Built-in puzzles or .gens/.tws/.geo files (at least one).
        #[arg(required = true, value_parser = super::args::puzzle_arg)]
        puzzles: Vec<Puzzle>,
        /// The moves and how they count, for every puzzle: htm, qtm or generators
        /// (default: each puzzle's own, as `permlab puzzles` lists).
        #[arg(long, value_enum)]
        metric: Option<super::space::MetricArg>,
        /// Log scale on the count axis.
        #[arg(long)]
        log: bool,
        /// Memory bound of each search's table, e.g. 500M, 2G (default: the available
        /// memory).
        #[arg(long)]
        max_memory: Option<String>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The Schreier (orbit) graph of the puzzle's generators on its points: an edge
    /// p -> p^s per point p and generator s, generators coloured (at most 200 vertices).
    Schreier {
        /// A built-in puzzle, a .gens file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// The points to draw (1-based, e.g. 1-8,13), closed under the generators;
        /// default: every point.
        #[arg(long)]
        points: Option<String>,
        /// Draw only the orbit of this point (1-based).
        #[arg(long, conflicts_with = "points")]
        orbit: Option<usize>,
        /// Draw the graph on the right cosets of this subgroup instead of on points,
        /// given as PUZZLE[word,word,...] (e.g. "cube2[R,U]"; at most 200 cosets).
        #[arg(long, conflicts_with_all = ["points", "orbit"])]
        coset: Option<String>,
        /// circle (points in order round a circle) or layers (rows by BFS distance from
        /// the first point of each orbit).
        #[arg(long, value_enum, default_value = "circle")]
        layout: GraphLayoutArg,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The cycle type of a word's permutation as a Young-diagram-like picture: one
    /// row per cycle, longest first, lengths labelled.
    Cycletype {
        #[command(flatten)]
        pw: PuzzleWord,
        /// Draw the fixed points as rows of length 1 too.
        #[arg(long)]
        fixed: bool,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The minimal block systems of the puzzle's group as a coloured partition of the
    /// puzzle picture (one colour and number per block).
    Blocks {
        /// A built-in puzzle, a .gens file, or either with a bracket list of
        /// generator words (`cube3[R2,U]`).
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// Draw this minimal block system only (1-based, in the order `permlab blocks`
        /// would list them); default: the first of each orbit.
        #[arg(long)]
        system: Option<usize>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Eigenvalues on the unit circle: of a word's matrix (exact roots of unity, with
    /// multiplicities) or, without a word, of the random-move operator (the options of
    /// `permlab spectrum`).
    Spectrum {
        /// A built-in puzzle or a .gens file.
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        /// A word; without one, the random-move operator.
        word: Option<String>,
        /// The operator on ordered pairs of points.
        #[arg(long, conflicts_with = "word")]
        pairs: bool,
        #[command(flatten)]
        conv: ConventionArgs,
        #[command(flatten)]
        out: OutArgs,
    },
    /// The orbital matrices of a puzzle's group as one picture, each orbital (orbit on
    /// ordered pairs) in its own colour (`permlab module`).
    Orbitals {
        /// A built-in puzzle or a .gens file.
        #[arg(value_parser = super::args::puzzle_arg)]
        puzzle: Puzzle,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Total-variation distance to uniform against the number of random moves k for
    /// several puzzles on one plot (log scale), each with the spectral lower bound
    /// λ*^k/2 dashed (`permlab mixing`, `permlab spectrum`).
    Mixing {
        /// A built-in puzzle or a .gens file (repeatable); its group under its own
        /// metric, as `permlab mixing PUZZLE`.
        #[arg(long = "puzzle", required = true, value_parser = super::args::puzzle_arg)]
        puzzles: Vec<Puzzle>,
        /// Largest number of random moves K (the curves are for k = 0..K).
        #[arg(long)]
        steps: usize,
        /// Memory bound of each walk, e.g. 500M, 2G (default: the available memory).
        #[arg(long)]
        max_memory: Option<String>,
        #[command(flatten)]
        out: OutArgs,
    },
    /// Bar chart of given distributions side by side: --series NAME=c0,c1,c2,…
    Hist {
        /// A named distribution: counts at distance 0, 1, 2, … (repeatable).
        #[arg(long = "series", required = true)]
        series: Vec<String>,
        /// Log scale on the count axis.
        #[arg(long)]
        log: bool,
        /// Description of the x axis.
        #[arg(long, default_value = "distance")]
        x_desc: String,
        #[command(flatten)]
        out: OutArgs,
    },
}

/// Parses `WxH` or `W`.
fn parse_size(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || -> CliError {
        format!(
            "--size {text:?}: expected WxH or W, positive pixel counts up to {}",
            permlab::figures::MAX_FIGURE_SIDE
        )
        .into()
    };
    let (w, h) = match text.split_once(['x', 'X']) {
        Some((w, h)) => (w.trim(), h.trim()),
        None => (text.trim(), text.trim()),
    };
    let w: u32 = w.parse().map_err(|_| bad())?;
    let h: u32 = h.parse().map_err(|_| bad())?;
    let max = permlab::figures::MAX_FIGURE_SIDE;
    if w == 0 || h == 0 || w > max || h > max {
        return Err(bad());
    }
    Ok((w, h))
}

impl OutArgs {
    /// Checks the options before any work: the file name's format, that it can be
    /// written, the size and the title.
    fn validate(&self) -> Result<(), CliError> {
        let format = Format::from_path(&self.out)?;
        super::args::check_output_file(&self.out, "--out")?;
        if let Some(s) = &self.size {
            parse_size(s)?;
            if format == Format::Tex {
                return Err("--size: a .tex (TikZ) figure has no pixel size".into());
            }
        }
        if let Some(w) = &self.width {
            print_width(w, &self.theme)?;
            if format == Format::Tex {
                return Err("--width: a .tex (TikZ) figure takes its size in LaTeX".into());
            }
        }
        if let Some(dpi) = self.dpi {
            if format != Format::Png || self.width.is_none() {
                return Err("--dpi: only for a .png output sized by --width".into());
            }
            if !(1..=2400).contains(&dpi) {
                return Err(format!("--dpi {dpi}: expected 1..=2400 pixels per inch").into());
            }
        }
        if format == Format::Tex && self.theme != Theme::paper() {
            return Err(format!(
                "--theme {}: a .tex (TikZ) figure takes its fonts and sizes from LaTeX",
                self.theme.name
            )
            .into());
        }
        if self.standalone && format != Format::Tex {
            return Err("--standalone: only for a .tex (TikZ) output".into());
        }
        if let Some(t) = &self.title {
            super::args::check_label(t, "--title")?;
        }
        Ok(())
    }

    /// The theme drawn with: `--theme`, printed at `--width`, with titles when
    /// `--title` gives one.
    fn theme(&self) -> Result<Theme, CliError> {
        let mut theme = self.theme;
        if let Some(w) = &self.width {
            theme = theme.with_print_width(print_width(w, &theme)?);
        }
        if self.title.is_some() {
            theme = theme.with_titles(true);
        }
        Ok(theme)
    }
}

/// The print width `--width` names, in points: `single` and `double` are the theme's
/// one- and two-column widths.
fn print_width(text: &str, theme: &Theme) -> Result<f64, CliError> {
    match text {
        "single" => Ok(theme.print_width_pt),
        "double" => Ok(theme.wide_width_pt),
        _ => Ok(permlab::figures::parse_length_pt(text).map_err(|e| format!("--width: {e}"))?),
    }
}

/// Writes a figure as asked by `out` and reports it.
fn write_figure(fig: &dyn DynFigure, out: &OutArgs, json: bool) -> CliResult {
    let format = Format::from_path(&out.out)?;
    if format == Format::Tex {
        return write_tikz(fig, out, json);
    }
    let theme = out.theme()?;
    let themed = fig.with_theme(theme);
    let fig: &dyn DynFigure = &themed;
    let size = match &out.size {
        Some(s) => parse_size(s)?,
        None => fig.size(),
    };
    let aspect = f64::from(size.1) / f64::from(size.0);
    let points = (theme.print_width_pt, theme.print_width_pt * aspect);
    // the drawing's pixel size, its physical size for vector output, and the bytes
    let (pixels, physical, bytes) = match format {
        Format::Svg => (size, Some(points), fig.svg(size)?.into_bytes()),
        Format::Pdf => (size, Some(points), fig.pdf(size)?),
        _ => {
            // a PNG sized by --width and --dpi renders the same drawing at more pixels
            let px = match (&out.width, out.dpi) {
                (Some(_), dpi) => {
                    let dpi = f64::from(dpi.unwrap_or(300));
                    let px_w = (points.0 / 72.0 * dpi).round().max(1.0);
                    let px_h = (px_w * aspect).round().max(1.0);
                    let max = f64::from(permlab::figures::MAX_FIGURE_SIDE);
                    if px_w > max || px_h > max {
                        return Err(format!(
                            "--width {} at {dpi} dpi: {px_w}x{px_h} pixels, above {max} a side",
                            out.width.as_deref().unwrap_or("")
                        )
                        .into());
                    }
                    (px_w as u32, px_h as u32)
                }
                (None, _) => size,
            };
            let svg = fig.svg(size)?;
            (px, None, permlab::figures::raster::svg_to_png(&svg, px)?)
        }
    };
    write_atomically(&out.out, &bytes)?;
    let fmt = match format {
        Format::Svg => "svg",
        Format::Png => "png",
        _ => "pdf",
    };
    if json {
        let mut v = json!({
            "out": out.out.display().to_string(),
            "format": fmt,
            "width": pixels.0,
            "height": pixels.1,
            "bytes": bytes.len(),
        });
        if let Some((w, h)) = physical {
            v["width_pt"] = json!(w);
            v["height_pt"] = json!(h);
        }
        print_json(&v)?;
    } else {
        let physical = match physical {
            Some((w, h)) => format!(", {w:.1}x{h:.1} pt"),
            None => String::new(),
        };
        outln!(
            "wrote {} ({fmt}, {}x{} px{physical}, {} bytes)",
            out.out.display(),
            pixels.0,
            pixels.1,
            bytes.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes a figure's TikZ form (a bare tikzpicture, or a whole document with
/// `--standalone`) and reports it.
fn write_tikz(fig: &dyn DynFigure, out: &OutArgs, json: bool) -> CliResult {
    let body = fig.tikz()?;
    let text = if out.standalone {
        permlab::figures::tikz::standalone(&body)
    } else {
        body
    };
    write_atomically(&out.out, text.as_bytes())?;
    let what = if out.standalone {
        "standalone LaTeX document"
    } else {
        "tikzpicture"
    };
    if json {
        print_json(&json!({
            "out": out.out.display().to_string(),
            "format": "tex",
            "standalone": out.standalone,
            "bytes": text.len(),
        }))?;
    } else {
        outln!(
            "wrote {} (TikZ {what}, {} bytes)",
            out.out.display(),
            text.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The title a figure is given: `--title`, else `default` when the theme draws
/// default titles (not the paper theme, whose captions are the document's), else none.
fn title_or(out: &OutArgs, default: &str) -> String {
    match &out.title {
        Some(t) => t.clone(),
        None if out.theme.titles => default.to_string(),
        None => String::new(),
    }
}

impl FigureCommand {
    pub fn run(self, json: bool) -> CliResult {
        match self {
            FigureCommand::Figure { kind } => kind.run(json),
            FigureCommand::Figures { dir, theme } => write_gallery(&dir, theme, json),
        }
    }
}

impl FigureKind {
    fn out(&self) -> &OutArgs {
        match self {
            FigureKind::Matrix { out, .. }
            | FigureKind::Board { out, .. }
            | FigureKind::Net { out, .. }
            | FigureKind::Cycles { out, .. }
            | FigureKind::Bfs { out, .. }
            | FigureKind::Distributions { out, .. }
            | FigureKind::Hist { out, .. }
            | FigureKind::Schreier { out, .. }
            | FigureKind::Cycletype { out, .. }
            | FigureKind::Blocks { out, .. }
            | FigureKind::Spectrum { out, .. }
            | FigureKind::Orbitals { out, .. }
            | FigureKind::Mixing { out, .. } => out,
        }
    }

    fn run(self, json: bool) -> CliResult {
        self.out().validate()?;
        if let FigureKind::Hist { x_desc, .. } = &self {
            super::args::check_label(x_desc, "--x-desc")?;
        }
        let fig = self.figure()?;
        write_figure(fig.as_ref(), self.out(), json)
    }

    /// The figure this kind draws with its options, titled (`--title`, else its default).
    fn figure(&self) -> Result<Box<dyn DynFigure>, CliError> {
        let out = self.out();
        Ok(match self {
            FigureKind::Mixing {
                puzzles,
                steps,
                max_memory,
                ..
            } => Box::new(
                mixing_figure(puzzles, *steps, max_memory.as_deref())?
                    .title(&title_or(out, "random-walk mixing")),
            ),
            FigureKind::Orbitals { puzzle, .. } => Box::new(orbitals_figure(puzzle, out)?),
            FigureKind::Spectrum {
                puzzle,
                word: Some(text),
                conv,
                ..
            } => Box::new(word_spectrum_figure(puzzle, text, conv, out)?),
            FigureKind::Spectrum { puzzle, pairs, .. } => {
                Box::new(move_spectrum_figure(puzzle, *pairs, out)?)
            }
            FigureKind::Matrix {
                pw,
                no_faces,
                numbers,
                no_captions,
                ..
            } => Box::new(matrix_figure(pw, !*no_faces, *numbers, !*no_captions, out)?),
            FigureKind::Board {
                pw,
                state,
                cycles,
                path,
                no_arrows,
                ..
            } => {
                let (state, cycles) = (state.as_deref(), cycles.as_deref());
                Box::new(board_figure(pw, state, cycles, *path, !*no_arrows, out)?)
            }
            FigureKind::Net { pw, numbers, .. } => Box::new(net_figure(pw, *numbers, out)?),
            FigureKind::Cycles { pw, style, .. } => {
                let (_, g) = pw.load()?;
                let fig = CycleFigure::new(&g).style((*style).into());
                Box::new(fig.title(&title_or(out, &pw.word)))
            }
            FigureKind::Schreier {
                puzzle,
                coset: Some(text),
                layout,
                ..
            } => Box::new(coset_schreier_figure(puzzle, text, out)?.layout((*layout).into())),
            FigureKind::Schreier {
                puzzle,
                points,
                orbit,
                layout,
                ..
            } => {
                let pts = schreier_points(puzzle, points.as_deref(), *orbit)?;
                Box::new(points_schreier_figure(puzzle, &pts, out)?.layout((*layout).into()))
            }
            FigureKind::Cycletype { pw, fixed, .. } => {
                let (_, g) = pw.load()?;
                let fig = CycleTypeFigure::new(&g).fixed_points(*fixed);
                Box::new(fig.title(&title_or(out, &pw.word)))
            }
            FigureKind::Blocks { puzzle, system, .. } => {
                let chosen = chosen_block_systems(puzzle, *system)?;
                let title = format!("minimal block systems of {}", puzzle.name());
                Box::new(BlocksFigure::new(puzzle, &chosen)?.title(&title_or(out, &title)))
            }
            FigureKind::Bfs { space, log, .. } => Box::new(bfs_figure(space, *log, out)?),
            FigureKind::Distributions {
                puzzles,
                metric,
                log,
                max_memory,
                quiet,
                ..
            } => {
                let list = puzzle_distributions(puzzles, *metric, max_memory.as_deref(), *quiet)?;
                let fig = HistogramFigure::new(list).log(*log);
                Box::new(
                    fig.title(&title_or(out, "positions by distance"))
                        .axes("distance (moves)", "positions"),
                )
            }
            FigureKind::Hist {
                series,
                log,
                x_desc,
                ..
            } => Box::new(
                HistogramFigure::new(parse_series(series)?)
                    .log(*log)
                    .title(&title_or(out, ""))
                    .axes(x_desc, "count"),
            ),
        })
    }
}

/// The orbitals of a puzzle's group on its points (`figure orbitals`).
fn orbitals_figure(
    puzzle: &Puzzle,
    out: &OutArgs,
) -> Result<permlab::figures::orbitals::OrbitalsFigure, CliError> {
    let g = puzzle.group();
    let o = permlab::linalg::permutation_module::orbitals(&g, 0)?;
    Ok(
        permlab::figures::orbitals::OrbitalsFigure::new(g.degree(), o.index)?
            .title(&title_or(out, puzzle.name())),
    )
}

/// The permutation matrix of a word (`figure matrix`), with the cube's face
/// separators when `faces` and the moves as captions when `captions`.
fn matrix_figure(
    pw: &PuzzleWord,
    faces: bool,
    numbers: bool,
    captions: bool,
    out: &OutArgs,
) -> Result<MatrixFigure, CliError> {
    let (puzzle, g) = pw.load()?;
    let mut fig = MatrixFigure::of_perm(&g)
        .title(&title_or(out, &pw.word))
        .numbers(numbers);
    if captions {
        fig = fig.move_captions();
    }
    if let (Layout::Cube(n), true) = (puzzle.layout(), faces) {
        fig = fig.cube_faces(n);
    }
    Ok(fig)
}

/// The board of `figure board`: from the start state (`--state`, `--cycles`), the
/// board after the word, with an arrow for each moved piece when `arrows`, or with
/// `--path LABEL` the path of one piece.
fn board_figure(
    pw: &PuzzleWord,
    state: Option<&str>,
    cycles: Option<&str>,
    path: Option<u32>,
    arrows: bool,
    out: &OutArgs,
) -> Result<BoardFigure, CliError> {
    let (puzzle, g) = pw.load()?;
    let start = super::args::start_state(&puzzle, state, cycles)?;
    if let Some(label) = path {
        return board_path_figure(pw, &puzzle, &start, label, out);
    }
    let end = g.apply_to_state(&start);
    let fig = BoardFigure::for_puzzle(&puzzle, &end)?.title(&title_or(out, &pw.word));
    Ok(if arrows { fig.arrows_of(&g) } else { fig })
}

/// The cube net of the solved cube after a word (`figure net`).
fn net_figure(pw: &PuzzleWord, numbers: bool, out: &OutArgs) -> Result<CubeNetFigure, CliError> {
    let (puzzle, g) = pw.load()?;
    let Layout::Cube(n) = puzzle.layout() else {
        return Err(format!("puzzle {} is not a cube", puzzle.name()).into());
    };
    Ok(CubeNetFigure::new(n, &g.apply_to_state(&puzzle.solved()))?
        .numbers(numbers)
        .title(&title_or(out, &pw.word)))
}

/// The Schreier graph of a puzzle's moves on the points `pts` (`figure schreier`).
fn points_schreier_figure(
    puzzle: &Puzzle,
    pts: &[usize],
    out: &OutArgs,
) -> Result<SchreierFigure, CliError> {
    Ok(SchreierFigure::on_points(puzzle, pts)
        .map_err(|e| format!("figure schreier {}: {e}", puzzle.name()))?
        .title(&title_or(
            out,
            &format!("Schreier graph of {}", puzzle.name()),
        )))
}

/// The histogram of states by distance in the space of `figure bfs`.
fn bfs_figure(space: &SpaceArgs, log: bool, out: &OutArgs) -> Result<HistogramFigure, CliError> {
    let puzzle = space.puzzle.name().to_string();
    let d = search_distribution(space)?;
    Ok(HistogramFigure::new(vec![(puzzle.clone(), d)])
        .log(log)
        .title(&title_or(out, &format!("{puzzle}: states by distance")))
        .axes("distance (moves)", "states"))
}

/// The mixing figure of `figure mixing`: the random walk of `permlab mixing PUZZLE`
/// for each puzzle, with the spectrum of its moves (untitled).
fn mixing_figure(
    puzzles: &[Puzzle],
    steps: usize,
    max_memory: Option<&str>,
) -> Result<permlab::figures::mixing::MixingFigure, CliError> {
    use permlab::figures::mixing::{MixingFigure, MixingSeries};
    use permlab::linalg::spectrum::{random_move_spectrum, Domain};
    use permlab::search::mixing::{mixing, MixingOptions};
    let max_memory = max_memory.map(super::space::parse_bytes).transpose()?;
    let mut series = Vec::new();
    for p in puzzles {
        // the walk of `permlab mixing PUZZLE`, and the spectrum of its moves
        let (names, perms) = permlab::search::space::metric_moves(p, p.metric())?;
        let space =
            permlab::search::space::GroupSpace::new(p.name(), p.degree(), names, perms.clone())?;
        let bar = super::progress::Bar::search(true);
        let budget = super::space::command_budget(&bar, max_memory);
        let walk = mixing(&space, &MixingOptions { steps }, &budget)?;
        bar.clear();
        if walk.interrupted {
            return Err("interrupted".into());
        }
        let spectrum = random_move_spectrum(p.degree(), &perms, Domain::Points).ok();
        series.push(MixingSeries::new(p.name(), &walk, spectrum.as_ref()));
    }
    Ok(MixingFigure::new(series))
}

/// The eigenvalues of the permutation a word makes (`figure spectrum PUZZLE --word W`).
fn word_spectrum_figure(
    puzzle: &Puzzle,
    text: &str,
    conv: &ConventionArgs,
    out: &OutArgs,
) -> Result<SpectrumFigure, CliError> {
    use permlab::linalg::spectrum::permutation_eigenvalues;
    let w = puzzle.parse_word(text)?;
    let g = puzzle.eval_with(&w, conv.convention());
    let points = permutation_eigenvalues(&g)
        .into_iter()
        .map(|(r, m)| (r.value(), m))
        .collect();
    Ok(SpectrumFigure::new(points).title(&title_or(out, text)))
}

/// The eigenvalues of the random-move operator of a puzzle on its points (or on
/// ordered pairs with `pairs`), as `figure spectrum PUZZLE` draws them.
fn move_spectrum_figure(
    puzzle: &Puzzle,
    pairs: bool,
    out: &OutArgs,
) -> Result<SpectrumFigure, CliError> {
    use permlab::linalg::spectrum::{random_move_spectrum, Domain};
    let (_, moves) = permlab::search::space::metric_moves(puzzle, puzzle.metric())?;
    let domain = if pairs { Domain::Pairs } else { Domain::Points };
    let s = random_move_spectrum(puzzle.degree(), &moves, domain)?;
    Ok(SpectrumFigure::from_values(&s.eigenvalues).title(&title_or(
        out,
        &format!(
            "random-move operator of {} on {}",
            puzzle.name(),
            domain.name()
        ),
    )))
}

/// The board of `figure board … --path LABEL`: the path the piece labelled `label`
/// takes from `start`, letter by letter of the word.
fn board_path_figure(
    pw: &PuzzleWord,
    puzzle: &Puzzle,
    start: &[u32],
    label: u32,
    out: &OutArgs,
) -> Result<BoardFigure, CliError> {
    if label == 0 || label as usize > puzzle.degree() {
        return Err(format!(
            "--path {label}: not a number of the puzzle (1..={})",
            puzzle.degree()
        )
        .into());
    }
    let pos = start
        .iter()
        .position(|&l| l == label - 1)
        .expect("a state holds every label");
    if pw.conv.convention() != permlab::Convention::default() {
        return Err("--path follows the word letter by letter: use the default convention".into());
    }
    let word = puzzle.parse_word(&pw.word)?;
    Ok(BoardFigure::for_puzzle(puzzle, start)?
        .path_of_letters(puzzle, &word.try_letters()?, pos)
        .title(&title_or(out, &format!("{label} during {}", pw.word))))
}

/// The Schreier graph of `figure schreier PUZZLE --coset SUBGROUP`: the puzzle's
/// moves acting on the cosets of the subgroup `text`.
fn coset_schreier_figure(
    puzzle: &Puzzle,
    text: &str,
    out: &OutArgs,
) -> Result<SchreierFigure, CliError> {
    let spec = text.split_once('[').map_or("", |(p, _)| p.trim());
    let sub = puzzle
        .parse_subgroup(text)
        .map_err(|e| format!("--coset: {e}"))?;
    let perms: Vec<Perm> = sub.into_iter().map(|(_, p)| p).collect();
    Ok(SchreierFigure::on_cosets(puzzle, &perms)
        .map_err(|e| format!("figure schreier {} --coset {text:?}: {e}", spec))?
        .title(&title_or(
            out,
            &format!(
                "Schreier graph of {} on the cosets of {text}",
                puzzle.name()
            ),
        )))
}

/// The points `figure schreier` draws (0-based): `--points`, else the orbit of
/// `--orbit`, else every point.
fn schreier_points(
    puzzle: &Puzzle,
    points: Option<&str>,
    orbit: Option<usize>,
) -> Result<Vec<usize>, CliError> {
    let n = puzzle.degree();
    Ok(match (points, orbit) {
        (Some(text), _) => super::args::parse_points(text, n, "--points")?,
        (None, Some(p)) => {
            if p == 0 || p > n {
                return Err(format!("--orbit {p}: not a point of the puzzle (1..={n})").into());
            }
            puzzle
                .group()
                .orbits()
                .into_iter()
                .find(|o| o.contains(&(p - 1)))
                .expect("the orbits cover every point")
        }
        (None, None) => (0..n).collect(),
    })
}

/// The minimal block systems `figure blocks` draws: the `--system`th (1-based),
/// else the first of each orbit.
fn chosen_block_systems(
    puzzle: &Puzzle,
    system: Option<usize>,
) -> Result<Vec<permlab::group::blocks::BlockSystem>, CliError> {
    let all = puzzle.group().minimal_block_systems();
    Ok(match system {
        Some(k) => match all.get(k.wrapping_sub(1)) {
            Some(s) => vec![s.clone()],
            None => {
                return Err(format!(
                    "--system {k}: the group of {} has {} minimal block system{}",
                    puzzle.name(),
                    all.len(),
                    if all.len() == 1 { "" } else { "s" }
                )
                .into())
            }
        },
        None => permlab::figures::blocks_figure::first_system_per_orbit(&all),
    })
}

/// The distance distribution of each puzzle's space (`figure distributions`), named
/// by puzzle.
fn puzzle_distributions(
    puzzles: &[Puzzle],
    metric: Option<super::space::MetricArg>,
    max_memory: Option<&str>,
    quiet: bool,
) -> Result<Vec<(String, DistanceDistribution)>, CliError> {
    let mut list = Vec::new();
    for puzzle in puzzles {
        let name = puzzle.name().to_string();
        let space = SpaceArgs {
            puzzle: puzzle.clone(),
            metric,
            inverses: false,
            up_to_rotation: false,
            track: None,
            identical: None,
            max_memory: max_memory.map(str::to_string),
            quiet,
        };
        list.push((name, search_distribution(&space)?));
    }
    Ok(list)
}

/// The `--series NAME=c0,c1,…` arguments of `figure hist`, parsed.
fn parse_series(series: &[String]) -> Result<Vec<(String, DistanceDistribution)>, CliError> {
    let mut list = Vec::new();
    for s in series {
        let (name, counts) = s.split_once('=').ok_or_else(|| {
            format!("--series {s:?}: expected NAME=c0,c1,c2,… (counts by distance)")
        })?;
        let d =
            DistanceDistribution::parse(counts).map_err(|e| format!("--series {name:?}: {e}"))?;
        list.push((name.to_string(), d));
    }
    Ok(list)
}

/// The distance distribution of the space `permlab bfs` would search with these
/// options (memory checked first; Ctrl-C stops it with an error).
fn search_distribution(args: &SpaceArgs) -> Result<DistanceDistribution, CliError> {
    fn run<S: StateSpace>(space: &S, args: &SpaceArgs) -> Result<DistanceDistribution, CliError> {
        let max_memory = args
            .max_memory
            .as_deref()
            .map(super::space::parse_bytes)
            .transpose()?;
        let bar = super::progress::Bar::search(!args.quiet);
        let budget = super::space::command_budget(&bar, max_memory);
        let (_, r) = search_space(space, &BfsOptions::default(), &budget)?;
        Ok(r.distribution)
    }
    let (_, space) = args.build()?;
    permlab::with_space!(&space, s => run(s, args))
}

fn write_gallery(dir: &Path, theme: Theme, json: bool) -> CliResult {
    // the directory itself is made when missing (as `mkdir` would), its parents never
    if !dir.is_dir() {
        permlab::io::check_output_path(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        std::fs::create_dir(dir)
            .map_err(|e| format!("cannot create directory {}: {e}", dir.display()))?;
    }
    let items = gallery(&theme)?;
    let bar = super::progress::Bar::items(items.len() as u64, true);
    let mut written = Vec::new();
    for it in &items {
        bar.message(it.name.clone());
        let figure = it.figure.as_ref();
        let size = figure.size();
        let svg = dir.join(format!("{}.svg", it.name));
        let png = dir.join(format!("{}.png", it.name));
        let pdf = dir.join(format!("{}.pdf", it.name));
        let svg_text = figure.svg(size)?;
        write_atomically(&svg, svg_text.as_bytes())?;
        write_atomically(
            &png,
            &permlab::figures::raster::svg_to_png(&svg_text, size)?,
        )?;
        write_atomically(&pdf, &figure.pdf(size)?)?;
        written.push(json!({
            "name": it.name,
            "caption": it.caption,
            "svg": svg.display().to_string(),
            "png": png.display().to_string(),
            "pdf": pdf.display().to_string(),
            "width": size.0,
            "height": size.1,
            "width_pt": figure.drawn_theme().print_width_pt,
        }));
        bar.step("");
    }
    bar.clear();
    // an index of the files and their captions, for the README and the paper
    let mut index = String::from(
        "# Figures\n\nWritten by `permlab figures` (do not edit: run it again). Each figure is \
         here as SVG, PNG and PDF, printed one journal column wide (8.5 cm) or two (17.5 cm).\n\n\
         | figure | what it shows | width | PDF |\n|---|---|---|---|\n",
    );
    for it in &items {
        index.push_str(&format!(
            "| [{0}.svg]({0}.svg) | {1} | {2} | [{0}.pdf]({0}.pdf) |\n",
            it.name,
            permlab::escape::markdown_cell(&it.caption),
            if it.wide { "double" } else { "single" }
        ));
    }
    write_atomically(&dir.join("INDEX.md"), index.as_bytes())?;
    if json {
        print_json(&json!(written))?;
    } else {
        for (it, w) in items.iter().zip(&written) {
            outln!("{}  {}", w["svg"].as_str().unwrap_or(""), it.caption);
        }
        outln!(
            "wrote {} figures (SVG, PNG and PDF) into {}",
            items.len(),
            dir.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}
