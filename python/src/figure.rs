//! `permlab.Figure`: any of the crate's figures, as SVG text or PNG bytes, shown inline
//! by Jupyter (`_repr_svg_`, `_repr_png_`).

use crate::error;
use crate::search::PyDistribution;
use permlab::display::PuzzleState;
use permlab::figures::histogram::HistogramFigure;
use permlab::figures::{DynFigure, FigureError, Format, Theme};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::path::PathBuf;
use std::sync::Arc;

/// A figure drawn by permlab (the same drawing as the command line's), rendered to SVG
/// or PNG at any size; Jupyter shows it inline.
#[pyclass(name = "Figure", module = "permlab", frozen)]
pub struct PyFigure {
    figure: Arc<dyn DynFigure + Send + Sync>,
}

impl PyFigure {
    pub fn new(figure: impl DynFigure + Send + Sync + 'static) -> PyFigure {
        PyFigure {
            figure: Arc::new(figure),
        }
    }

    /// `(width, height)` or the default size.
    fn size_or_default(&self, width: Option<u32>, height: Option<u32>) -> (u32, u32) {
        let (w, h) = self.figure.size();
        (width.unwrap_or(w), height.unwrap_or(h))
    }
}

#[pymethods]
impl PyFigure {
    /// The default size in pixels, ``(width, height)``.
    #[getter]
    fn size(&self) -> (u32, u32) {
        self.figure.size()
    }

    /// The figure as an SVG document (default size unless given).
    #[pyo3(signature = (width = None, height = None))]
    pub fn svg(&self, py: Python<'_>, width: Option<u32>, height: Option<u32>) -> PyResult<String> {
        let size = self.size_or_default(width, height);
        let fig = self.figure.clone();
        py.detach(move || fig.svg(size)).map_err(error)
    }

    /// The figure as PNG file bytes (default size unless given).
    #[pyo3(signature = (width = None, height = None))]
    pub fn png<'py>(
        &self,
        py: Python<'py>,
        width: Option<u32>,
        height: Option<u32>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let size = self.size_or_default(width, height);
        let fig = self.figure.clone();
        let bytes = py.detach(move || fig.png(size)).map_err(error)?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The figure as TikZ/PGF source, for matrix pictures and histograms (other figures
    /// raise ``PermlabError``).
    fn tikz(&self) -> PyResult<String> {
        self.figure.tikz().map_err(error)
    }

    /// Writes the figure to ``path``: ``.svg``, ``.png`` or ``.tex`` (TikZ) by the
    /// extension, through a temporary file renamed into place.
    #[pyo3(signature = (path, width = None, height = None))]
    fn save(
        &self,
        py: Python<'_>,
        path: PathBuf,
        width: Option<u32>,
        height: Option<u32>,
    ) -> PyResult<()> {
        let size = self.size_or_default(width, height);
        let fig = self.figure.clone();
        py.detach(move || -> Result<(), String> {
            let bytes = match Format::from_path(&path).map_err(|e| e.to_string())? {
                Format::Svg => fig.svg(size).map(String::into_bytes),
                Format::Png => fig.png(size),
                Format::Tex => fig.tikz().map(String::into_bytes),
                Format::Pdf => Err(permlab::figures::FigureError::NoPdf),
            }
            .map_err(|e| e.to_string())?;
            // the error names the path
            permlab::io::write_atomic(&path, &bytes).map_err(|e| e.to_string())
        })
        .map_err(error)
    }

    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py, None, None)
    }

    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        self.png(py, None, None)
    }

    fn __repr__(&self) -> String {
        let (w, h) = self.figure.size();
        format!("<permlab.Figure {w}x{h}>")
    }
}

/// The picture of a puzzle state, drawn anew at each render (the crate gives it as a
/// boxed figure, which is not shared between threads).
pub struct StateFigure(pub PuzzleState);

impl StateFigure {
    fn figure(&self) -> Box<dyn DynFigure> {
        self.0
            .figure()
            .expect("checked when the StateFigure was made")
    }
}

impl DynFigure for StateFigure {
    fn size(&self) -> (u32, u32) {
        self.figure().size()
    }
    fn svg(&self, size: (u32, u32)) -> Result<String, FigureError> {
        self.figure().svg(size)
    }
    fn png(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        self.figure().png(size)
    }
    fn tikz(&self) -> Result<String, FigureError> {
        self.figure().tikz()
    }
    fn pdf(&self, size: (u32, u32)) -> Result<Vec<u8>, FigureError> {
        self.figure().pdf(size)
    }
    fn size_with(&self, theme: &Theme) -> (u32, u32) {
        self.figure().size_with(theme)
    }
    fn svg_with(&self, size: (u32, u32), theme: &Theme) -> Result<String, FigureError> {
        self.figure().svg_with(size, theme)
    }
    fn png_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError> {
        self.figure().png_with(size, theme)
    }
    fn pdf_with(&self, size: (u32, u32), theme: &Theme) -> Result<Vec<u8>, FigureError> {
        self.figure().pdf_with(size, theme)
    }
}

/// Distance distributions side by side as a bar chart (log scale when asked, or when
/// the counts span more than three decades and ``log`` is not given).
#[pyfunction]
#[pyo3(signature = (distributions, labels = None, log = None, title = None))]
pub fn histogram(
    distributions: Vec<PyRef<'_, PyDistribution>>,
    labels: Option<Vec<String>>,
    log: Option<bool>,
    title: Option<String>,
) -> PyResult<PyFigure> {
    let labels = labels.unwrap_or_else(|| vec![String::new(); distributions.len()]);
    if labels.len() != distributions.len() {
        return Err(error(format!(
            "histogram: {} labels for {} distributions",
            labels.len(),
            distributions.len()
        )));
    }
    if distributions.is_empty() {
        return Err(error("histogram: no distributions given"));
    }
    let series: Vec<_> = labels
        .into_iter()
        .zip(distributions.iter().map(|d| d.inner.clone()))
        .collect();
    let log = log.unwrap_or_else(|| series.iter().any(|(_, d)| d.wants_log_scale()));
    let mut fig = HistogramFigure::new(series).log(log);
    if let Some(t) = title {
        fig = fig.title(&t);
    }
    Ok(PyFigure::new(fig))
}
