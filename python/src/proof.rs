//! `permlab.Proof` (a decided claim with its argument and certificate) and
//! `permlab.verify` (the crate's independent certificate checker).

use crate::error;
use permlab::escape::html_text;
use permlab::proof::{Format, Proof};
use pyo3::prelude::*;
use std::path::PathBuf;

/// A decided claim: whether it holds, the argument (text, Markdown, LaTeX) and the
/// certificate an independent checker re-verifies (``permlab.verify``).
#[pyclass(name = "Proof", module = "permlab", frozen)]
pub struct PyProof {
    proof: Proof,
    /// The certificate's JSON, or why there is none.
    certificate: Result<String, String>,
}

impl PyProof {
    pub fn new(proof: Proof, certificate: Result<String, String>) -> PyProof {
        PyProof { proof, certificate }
    }
}

#[pymethods]
impl PyProof {
    /// Whether the claim holds (a false claim's proof argues its negation).
    #[getter]
    fn holds(&self) -> bool {
        self.proof.holds
    }

    /// The argument as plain text.
    #[getter]
    fn text(&self) -> String {
        self.proof.render(Format::Text)
    }

    /// The argument as Markdown (``$…$`` math).
    #[getter]
    fn markdown(&self) -> String {
        self.proof.render(Format::Markdown)
    }

    /// The argument as a LaTeX fragment.
    #[getter]
    fn latex(&self) -> String {
        self.proof.render(Format::Latex)
    }

    /// The certificate (JSON text) that ``permlab.verify`` checks; ``PermlabError``
    /// for claims without one (stabilizer claims).
    #[getter]
    fn certificate(&self) -> PyResult<String> {
        self.certificate.clone().map_err(error)
    }

    /// Writes the certificate to ``path`` (through a temporary file renamed into place).
    fn save_certificate(&self, path: PathBuf) -> PyResult<()> {
        let json = self.certificate()?;
        // the error names the path
        permlab::io::write_atomic(&path, json.as_bytes()).map_err(error)
    }

    fn __bool__(&self) -> bool {
        self.proof.holds
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        let first = self.text().lines().next().unwrap_or("").to_string();
        format!(
            "<permlab.Proof: {} — {}>",
            if self.proof.holds { "holds" } else { "fails" },
            first
        )
    }

    fn _repr_markdown_(&self) -> String {
        self.markdown()
    }

    fn _repr_html_(&self) -> String {
        let paragraphs: String = self
            .text()
            .split("\n\n")
            .filter(|p| !p.trim().is_empty())
            .map(|p| format!("<p>{}</p>", html_text(p).replace('\n', "<br>")))
            .collect();
        format!("<div class=\"permlab-proof\">{paragraphs}</div>")
    }

    fn _repr_latex_(&self) -> String {
        self.latex()
    }
}

/// The verdict of the certificate checker.
#[pyclass(name = "Verdict", module = "permlab", frozen)]
pub struct PyVerdict {
    /// Whether every check passed and the claim's verdict is the one stated.
    #[pyo3(get)]
    holds: bool,
    /// What was checked, or the first check that failed.
    #[pyo3(get)]
    message: String,
}

#[pymethods]
impl PyVerdict {
    fn __bool__(&self) -> bool {
        self.holds
    }

    fn __repr__(&self) -> String {
        format!("<permlab.Verdict holds={}: {}>", self.holds, self.message)
    }

    fn __str__(&self) -> String {
        self.message.clone()
    }
}

/// Re-checks a certificate with the crate's small independent checker (the one behind
/// ``permlab verify``): ``certificate`` is its JSON text, or a path to the file.
/// ``PermlabError`` when it is malformed.
#[pyfunction]
pub fn verify(py: Python<'_>, certificate: &Bound<'_, PyAny>) -> PyResult<PyVerdict> {
    let text = match certificate.extract::<String>() {
        Ok(s) if s.trim_start().starts_with('{') => s,
        _ => {
            let path: PathBuf = certificate.extract().map_err(|_| {
                error("verify: expected the certificate's JSON text or a path to it")
            })?;
            std::fs::read_to_string(&path).map_err(|e| error(format!("{}: {e}", path.display())))?
        }
    };
    let v = crate::interrupt::interruptible(py, None, move || {
        permlab::certificate::check::check(&text)
    })?
    .map_err(|e| error(format!("malformed certificate: {e}")))?;
    Ok(PyVerdict {
        holds: v.holds,
        message: v.message,
    })
}
