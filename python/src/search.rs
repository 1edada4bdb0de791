//! Searches of a puzzle's state space: `Puzzle.bfs` (the distance distribution) and
//! `Puzzle.solve`, both stopped by Ctrl-C through the crate's stop flag.

use crate::error;
use crate::figure::PyFigure;
use crate::interrupt::interruptible;
use crate::table::PyTable;
use permlab::escape::html_text;
use permlab::figures::histogram::HistogramFigure;
use permlab::puzzle::Metric;
use permlab::search::bfs::{search_space, BfsOptions};
use permlab::search::budget::SearchBudget;
use permlab::search::solver::{SolveOptions, Solver};
use permlab::search::space::{metric_moves, GroupSpace, StateSpace, TokensSpace};
use permlab::search::DistanceDistribution;
use permlab::{PermGroup, Puzzle};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The number of positions at each distance from solved.
#[pyclass(name = "Distribution", module = "permlab", frozen, sequence)]
pub struct PyDistribution {
    pub inner: DistanceDistribution,
    /// What was searched (the metric and moves), or empty for a distribution given.
    description: String,
    /// Wall-clock seconds of the search (0 for a distribution given).
    seconds: f64,
}

#[pymethods]
impl PyDistribution {
    /// A distribution from its counts (``counts[d]`` items at distance ``d``).
    #[new]
    fn py_new(counts: Vec<u64>) -> PyDistribution {
        PyDistribution {
            inner: DistanceDistribution::new(counts),
            description: String::new(),
            seconds: 0.0,
        }
    }

    /// ``counts[d]``: the number of positions at distance ``d``.
    #[getter]
    fn counts(&self) -> Vec<u64> {
        self.inner.counts.clone()
    }

    /// The number of positions.
    #[getter]
    fn total(&self) -> u64 {
        self.inner.total()
    }

    /// The largest distance (God's number of the search).
    #[getter]
    fn max_distance(&self) -> Option<usize> {
        self.inner.max_distance()
    }

    /// The mean distance.
    #[getter]
    fn mean(&self) -> Option<f64> {
        self.inner.mean()
    }

    /// What was searched: the metric and the moves.
    #[getter]
    fn description(&self) -> String {
        self.description.clone()
    }

    /// Wall-clock seconds of the search.
    #[getter]
    fn seconds(&self) -> f64 {
        self.seconds
    }

    /// The bar chart (log scale when the counts span more than three decades, unless
    /// ``log`` says).
    #[pyo3(signature = (log = None, title = None))]
    fn figure(&self, log: Option<bool>, title: Option<String>) -> PyFigure {
        let log = log.unwrap_or_else(|| self.inner.wants_log_scale());
        let mut fig = HistogramFigure::new(vec![(String::new(), self.inner.clone())]).log(log);
        if let Some(t) = title {
            fig = fig.title(&t);
        }
        PyFigure::new(fig)
    }

    /// The counts as a ``Table`` (distance, count).
    fn table(&self, py: Python<'_>) -> PyResult<PyTable> {
        let rows = self
            .inner
            .counts
            .iter()
            .enumerate()
            .map(|(d, &c)| PyTuple::new(py, [d as u64, c]).map(Bound::unbind))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyTable::new(
            vec!["distance".into(), "count".into()],
            rows,
            &self.description,
        ))
    }

    fn __len__(&self) -> usize {
        self.inner.counts.len()
    }

    /// ``counts[d]``; negative ``d`` counts from the end, as for lists.
    fn __getitem__(&self, d: isize) -> PyResult<u64> {
        let n = self.inner.counts.len() as isize;
        let i = if d < 0 { d + n } else { d };
        if i < 0 || i >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "distance {d} out of range for {n} distances"
            )));
        }
        Ok(self.inner.counts[i as usize])
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Distribution({:?})", self.inner.counts)
    }

    /// The bar chart (inline SVG) above the table.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let svg = self.figure(None, None).svg(py, None, None)?;
        let head = if self.description.is_empty() {
            String::new()
        } else {
            format!("<div><code>{}</code></div>", html_text(&self.description))
        };
        Ok(format!(
            "<div class=\"permlab-distribution\">{head}{svg}{}</div>",
            self.table(py)?._repr_html_(py)?
        ))
    }

    fn _repr_latex_(&self, py: Python<'_>) -> PyResult<String> {
        self.table(py)?._repr_latex_(py)
    }

    fn _repr_png_<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        self.figure(None, None).png(py, None, None)
    }
}

/// The metric of a search: the one named, else the puzzle's own.
fn metric_arg(puzzle: &Puzzle, metric: Option<&str>) -> PyResult<Metric> {
    match metric {
        Some(m) => m.parse().map_err(error),
        None => Ok(puzzle.metric()),
    }
}

/// Runs the complete breadth-first search of `space` with the stop flag `stop`.
fn search<S: StateSpace>(
    space: &S,
    max_memory: Option<u64>,
    stop: &AtomicBool,
) -> Result<
    (
        permlab::search::table::DistanceTable,
        permlab::search::bfs::BfsResult,
    ),
    String,
> {
    search_space(space, max_memory, &BfsOptions::default(), stop).map_err(|e| e.to_string())
}

/// `Puzzle.bfs`: the whole state space (the group's elements, or the placements of the
/// puzzle's classes of identical pieces), in `metric`.
pub fn bfs(
    py: Python<'_>,
    puzzle: Arc<Puzzle>,
    metric: Option<&str>,
    max_memory: Option<u64>,
) -> PyResult<PyDistribution> {
    let metric = metric_arg(&puzzle, metric)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let (description, result) = interruptible(py, Some(stop), move || {
        let (names, perms) = metric_moves(&puzzle, metric).map_err(|e| e.to_string())?;
        let description = metric.moves_line(&names);
        let identical = puzzle.identical();
        let result = if identical.is_empty() {
            let space = GroupSpace::new(puzzle.name(), puzzle.degree(), names, perms)
                .map_err(|e| e.to_string())?;
            search(&space, max_memory, &flag)?.1
        } else {
            let moved = PermGroup::new(puzzle.degree(), perms.clone()).moved_points();
            let classes = permlab::puzzle::identical::token_classes(identical, &moved);
            let space = TokensSpace::new(puzzle.name(), puzzle.degree(), classes, names, perms)
                .map_err(|e| format!("identical pieces: {e}"))?;
            search(&space, max_memory, &flag)?.1
        };
        Ok::<_, String>((description, result))
    })?
    .map_err(error)?;
    Ok(PyDistribution {
        inner: result.distribution,
        description,
        seconds: result.seconds,
    })
}

/// A solution of a position: a word taking it to solved.
#[pyclass(name = "Solution", module = "permlab", frozen)]
pub struct PySolution {
    /// The moves, in order, as text (empty for the solved state).
    #[pyo3(get)]
    word: String,
    /// The number of moves in the search's metric.
    #[pyo3(get)]
    length: usize,
    /// The metric the length counts in.
    #[pyo3(get)]
    metric: String,
    /// Whether the length is proved optimal.
    #[pyo3(get)]
    optimal: bool,
    /// How the solution was found.
    #[pyo3(get)]
    method: String,
}

#[pymethods]
impl PySolution {
    fn __str__(&self) -> String {
        self.word.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "<permlab.Solution {} moves ({}{}) by {}: {}>",
            self.length,
            self.metric,
            if self.optimal { ", optimal" } else { "" },
            self.method,
            self.word
        )
    }
}

/// `Puzzle.solve`: a word taking `state` (0-based labels at positions) to solved,
/// by the library's solver ([`permlab::search::solver`], as `permlab solve` does):
/// optimal from a complete table where one fits (or with `optimal`, IDA*), else
/// near-optimal within `time_limit` seconds (default 10).
pub fn solve(
    py: Python<'_>,
    puzzle: Arc<Puzzle>,
    state: Vec<u32>,
    metric: Option<&str>,
    optimal: bool,
    time_limit: Option<f64>,
    max_memory: Option<u64>,
) -> PyResult<PySolution> {
    let metric = metric_arg(&puzzle, metric)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let solution = interruptible(py, Some(stop), move || {
        let options = SolveOptions {
            metric: Some(metric),
            optimal,
            ..SolveOptions::default()
        };
        let mut solver = Solver::new(&puzzle, options).map_err(|e| e.to_string())?;
        let mut budget = SearchBudget::unlimited()
            .with_max_memory(max_memory)
            .with_stop(&flag);
        if !optimal {
            let seconds = time_limit.unwrap_or(10.0);
            budget = budget.with_time_limit(seconds).map_err(|_| {
                format!("time_limit {seconds}: must be a positive number of seconds")
            })?;
        }
        let sol = solver
            .solve_cells(&state, &budget)
            .map_err(|e| e.to_string())?;
        Ok::<_, String>(PySolution {
            word: sol.moves.join(" "),
            length: sol.length as usize,
            metric: sol.metric.to_string(),
            optimal: sol.optimal,
            method: match &sol.stats.fallback {
                Some(why) => format!("{}; {why}", sol.method),
                None => sol.method.to_string(),
            },
        })
    })?
    .map_err(error)?;
    Ok(solution)
}
