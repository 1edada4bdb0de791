//! `permlab.Table`: rows of Python values with named columns, shown as an HTML table in
//! Jupyter and as a LaTeX `tabular` when a notebook is converted to PDF.

use permlab::escape::{html_text, latex_breakable, latex_text, markdown_cell};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// Cells longer than this make their column a paragraph column in LaTeX.
const LONG_CELL: usize = 40;

/// A table: named columns, and rows of Python values (``int``, ``str``, ``Perm``, …).
/// It is a sequence of its rows (tuples); ``columns`` names them.
#[pyclass(name = "Table", module = "permlab", frozen, sequence)]
pub struct PyTable {
    columns: Vec<String>,
    rows: Vec<Py<PyTuple>>,
    caption: String,
}

impl PyTable {
    /// A table of `rows` (each as long as `columns`).
    pub fn new(columns: Vec<String>, rows: Vec<Py<PyTuple>>, caption: &str) -> PyTable {
        PyTable {
            columns,
            rows,
            caption: caption.to_string(),
        }
    }

    /// The cells as text (`str()` of each value).
    fn cells(&self, py: Python<'_>) -> PyResult<Vec<Vec<String>>> {
        self.rows
            .iter()
            .map(|r| {
                r.bind(py)
                    .iter()
                    .map(|v| Ok(v.str()?.to_string()))
                    .collect::<PyResult<Vec<String>>>()
            })
            .collect()
    }
}

#[pymethods]
impl PyTable {
    /// A table of ``rows`` (each a sequence of as many values as ``columns``).
    #[new]
    #[pyo3(signature = (columns, rows, caption = ""))]
    fn py_new(columns: Vec<String>, rows: &Bound<'_, PyAny>, caption: &str) -> PyResult<PyTable> {
        let mut out = Vec::new();
        for (k, row) in rows.try_iter()?.enumerate() {
            let cells: Vec<Bound<'_, PyAny>> = row?.try_iter()?.collect::<PyResult<_>>()?;
            if cells.len() != columns.len() {
                return Err(crate::error(format!(
                    "row {} has {} cells, the table has {} columns",
                    k + 1,
                    cells.len(),
                    columns.len()
                )));
            }
            out.push(PyTuple::new(rows.py(), cells)?.unbind());
        }
        Ok(PyTable::new(columns, out, caption))
    }

    /// The column names.
    #[getter]
    fn columns(&self) -> Vec<String> {
        self.columns.clone()
    }

    /// The caption (may be empty).
    #[getter]
    fn caption(&self) -> String {
        self.caption.clone()
    }

    /// The rows, as a list of tuples.
    #[getter]
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.rows.iter().map(|r| r.bind(py)))
    }

    fn __len__(&self) -> usize {
        self.rows.len()
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.rows.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "row {index} out of range for a table of {n} rows"
            )));
        }
        Ok(self.rows[i as usize].bind(py).clone())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.rows(py)?.try_iter()?.into_any())
    }

    /// The table as Markdown.
    fn to_markdown(&self, py: Python<'_>) -> PyResult<String> {
        let mut s = format!(
            "| {} |\n",
            self.columns
                .iter()
                .map(|c| markdown_cell(c))
                .collect::<Vec<_>>()
                .join(" | ")
        );
        s.push_str(&format!("|{}\n", "---|".repeat(self.columns.len())));
        for row in self.cells(py)? {
            let cells: Vec<String> = row.iter().map(|c| markdown_cell(c)).collect();
            s.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        Ok(s)
    }

    pub fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let mut s = String::from("<table class=\"permlab-table\">");
        if !self.caption.is_empty() {
            s.push_str(&format!("<caption>{}</caption>", html_text(&self.caption)));
        }
        s.push_str("<tr>");
        for c in &self.columns {
            s.push_str(&format!(
                "<th style=\"text-align:left\">{}</th>",
                html_text(c)
            ));
        }
        s.push_str("</tr>");
        for row in self.cells(py)? {
            s.push_str("<tr>");
            for c in row {
                s.push_str(&format!(
                    "<td style=\"text-align:left\"><code>{}</code></td>",
                    html_text(&c)
                ));
            }
            s.push_str("</tr>");
        }
        s.push_str("</table>");
        Ok(s)
    }

    pub fn _repr_latex_(&self, py: Python<'_>) -> PyResult<String> {
        let cells = self.cells(py)?;
        let spec: String = (0..self.columns.len())
            .map(|j| {
                if cells.iter().any(|r| r[j].chars().count() > LONG_CELL) {
                    "p{0.6\\linewidth}"
                } else {
                    "l"
                }
            })
            .collect();
        let line = |row: &[String]| -> String {
            row.iter()
                .map(|c| latex_breakable(&latex_text(c)))
                .collect::<Vec<_>>()
                .join(" & ")
        };
        let mut s = String::new();
        if !self.caption.is_empty() {
            s.push_str(&format!("{}\n\n", latex_text(&self.caption)));
        }
        s.push_str(&format!("\\begin{{tabular}}{{{spec}}}\n\\hline\n"));
        s.push_str(&format!("{} \\\\\n\\hline\n", line(&self.columns)));
        for row in &cells {
            s.push_str(&format!("{} \\\\\n", line(row)));
        }
        s.push_str("\\hline\n\\end{tabular}");
        Ok(s)
    }

    /// The table as aligned text.
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let cells = self.cells(py)?;
        let widths: Vec<usize> = (0..self.columns.len())
            .map(|j| {
                cells
                    .iter()
                    .map(|r| r[j].chars().count())
                    .chain([self.columns[j].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let line = |row: &[String]| -> String {
            row.iter()
                .zip(&widths)
                .map(|(c, &w)| format!("{c:<w$}"))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        };
        let mut out = Vec::new();
        if !self.caption.is_empty() {
            out.push(self.caption.clone());
        }
        out.push(line(&self.columns));
        out.extend(cells.iter().map(|r| line(r)));
        Ok(out.join("\n"))
    }

    fn __repr__(&self) -> String {
        format!(
            "<permlab.Table: {} rows, columns {}>",
            self.rows.len(),
            self.columns.join(", ")
        )
    }
}
