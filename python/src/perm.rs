//! `permlab.Perm`: a permutation, 1-based in every Python form, multiplied in GAP's
//! order.

use crate::convert::{int_to_py, lists_one_based, one_based};
use crate::error;
use crate::figure::PyFigure;
use crate::gap;
use permlab::escape::html_text;
use permlab::figures::cycles::{cycle_type_text, CycleFigure};
use permlab::figures::matrix::MatrixFigure;
use permlab::Perm;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use std::hash::{DefaultHasher, Hash, Hasher};

/// The largest degree `Perm.matrix` makes a dense matrix for: 8192² int64 entries are
/// 512 MiB (checked before allocating).
const MAX_MATRIX_DEGREE: usize = 8192;

/// A permutation of the points 1..n, written in GAP's cycle notation.
///
/// ``Perm("(1,2,3)(4,5)")`` parses cycle notation (1-based; ``degree`` adds fixed
/// points); ``Perm.from_images([2, 3, 1])`` takes the images of 1, 2, 3, …
///
/// Products are GAP's: ``p * q`` is first ``p``, then ``q``, so
/// ``(p * q).image(i) == q.image(p.image(i))``. Equality and hashing ignore the degree,
/// as in GAP: ``Perm("(1,2)") == Perm("(1,2)", degree=5)``.
#[pyclass(name = "Perm", module = "permlab", frozen)]
#[derive(Clone)]
pub struct PyPerm {
    pub inner: Perm,
}

impl PyPerm {
    pub fn new(inner: Perm) -> PyPerm {
        PyPerm { inner }
    }

    /// The permutation of a `sympy.combinatorics.Permutation` (its 0-based
    /// `array_form`).
    pub fn from_sympy_value(p: &Bound<'_, PyAny>) -> PyResult<Perm> {
        let images: Vec<u32> = p
            .getattr("array_form")
            .and_then(|a| a.extract())
            .map_err(|_| error("from_sympy: expected a sympy.combinatorics.Permutation"))?;
        Perm::from_images(images).map_err(error)
    }
}

/// A permutation from a Python value: a `Perm`, or a string in cycle notation.
pub fn perm_arg(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Perm> {
    if let Ok(p) = value.cast::<PyPerm>() {
        return Ok(p.get().inner.clone());
    }
    if let Ok(text) = value.extract::<String>() {
        return text
            .parse::<Perm>()
            .map_err(|e| error(format!("{what}: {e}")));
    }
    Err(error(format!(
        "{what}: expected a permlab.Perm or a string in cycle notation such as \"(1,2,3)\""
    )))
}

/// Permutations from a Python iterable of `Perm`s or cycle-notation strings.
pub fn perms_arg(values: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<Perm>> {
    let mut out = Vec::new();
    for (k, v) in values.try_iter()?.enumerate() {
        out.push(perm_arg(&v?, &format!("{what} {}", k + 1))?);
    }
    Ok(out)
}

/// The images of 1..n (1-based) as a permutation.
fn from_one_based_images(images: &[i64]) -> PyResult<Perm> {
    let mut v = Vec::with_capacity(images.len());
    for (k, &x) in images.iter().enumerate() {
        if x < 1 {
            return Err(error(format!(
                "image {x} at position {} is out of range 1..={} (points are 1-based)",
                k + 1,
                images.len()
            )));
        }
        v.push(x as u64);
    }
    Perm::from_images_one_based(&v).map_err(error)
}

/// `degree` checked against the crate's limit.
fn degree_arg(degree: Option<usize>) -> PyResult<Option<usize>> {
    if let Some(d) = degree {
        permlab::perm::check_degree(d).map_err(error)?;
    }
    Ok(degree)
}

#[pymethods]
impl PyPerm {
    #[new]
    #[pyo3(signature = (cycles = "()", degree = None))]
    fn py_new(cycles: &str, degree: Option<usize>) -> PyResult<PyPerm> {
        let p = Perm::parse_cycles(cycles, degree_arg(degree)?).map_err(error)?;
        Ok(PyPerm::new(p))
    }

    /// The identity on ``n`` points.
    #[staticmethod]
    fn identity(n: usize) -> PyResult<PyPerm> {
        degree_arg(Some(n))?;
        Ok(PyPerm::new(Perm::identity(n)))
    }

    /// The permutation mapping ``i`` to ``images[i-1]`` (1-based, GAP's ``PermList``).
    #[staticmethod]
    fn from_images(images: Vec<i64>) -> PyResult<PyPerm> {
        Ok(PyPerm::new(from_one_based_images(&images)?))
    }

    /// The permutation with the given cycles of 1-based points (disjoint), on
    /// ``degree`` points (default: the largest point).
    #[staticmethod]
    #[pyo3(signature = (cycles, degree = None))]
    fn from_cycles(cycles: Vec<Vec<i64>>, degree: Option<usize>) -> PyResult<PyPerm> {
        let largest = cycles.iter().flatten().copied().max().unwrap_or(0);
        let n = degree_arg(degree)?.unwrap_or(largest.max(0) as usize);
        let mut zero_based = Vec::with_capacity(cycles.len());
        for c in &cycles {
            zero_based.push(crate::convert::points_from_one_based(c, n, "cycle")?);
        }
        let mut seen = std::collections::HashSet::new();
        for &p in zero_based.iter().flatten() {
            if !seen.insert(p) {
                return Err(error(format!(
                    "cycles: point {} is repeated (cycles must be disjoint)",
                    p + 1
                )));
            }
        }
        Perm::from_cycles(n, &zero_based)
            .map(PyPerm::new)
            .map_err(error)
    }

    /// The number of points (fixed points at the end included).
    #[getter]
    fn degree(&self) -> usize {
        self.inner.degree()
    }

    /// The images of 1..n, 1-based (GAP's ``ListPerm``).
    fn images(&self) -> Vec<u64> {
        self.inner.images().iter().map(|&x| x as u64 + 1).collect()
    }

    /// The image of the point ``i`` (1-based; points beyond the degree are fixed).
    fn image(&self, i: i64) -> PyResult<i64> {
        if i < 1 {
            return Err(error(format!("point {i}: points are 1-based")));
        }
        let i0 = (i - 1) as usize;
        Ok(if i0 < self.inner.degree() {
            self.inner.image(i0) as i64 + 1
        } else {
            i
        })
    }

    /// The nontrivial cycles, 1-based, each starting at its smallest point.
    fn cycles(&self) -> Vec<Vec<usize>> {
        lists_one_based(&self.inner.cycles())
    }

    /// The lengths of all cycles, fixed points included, in decreasing order.
    fn cycle_type(&self) -> Vec<usize> {
        self.inner.cycle_type()
    }

    /// The moved points, 1-based, increasing.
    fn support(&self) -> Vec<usize> {
        one_based(&self.inner.support())
    }

    /// The order (an exact Python ``int``).
    fn order<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int_to_py(py, &self.inner.order())
    }

    /// The sign: ``1`` for even permutations, ``-1`` for odd ones.
    fn sign(&self) -> i8 {
        self.inner.sign()
    }

    /// Whether the permutation is even.
    fn is_even(&self) -> bool {
        self.inner.is_even()
    }

    /// Whether this is the identity.
    fn is_identity(&self) -> bool {
        self.inner.is_identity()
    }

    /// The inverse.
    fn inverse(&self) -> PyPerm {
        PyPerm::new(self.inner.inverse())
    }

    /// GAP's conjugate ``self ** by`` = ``by⁻¹ * self * by``.
    fn conjugate(&self, by: &Bound<'_, PyAny>) -> PyResult<PyPerm> {
        Ok(PyPerm::new(self.inner.conjugate(&perm_arg(by, "by")?)))
    }

    /// The commutator in puzzle notation ``[self, other]`` = ``self * other * self⁻¹ *
    /// other⁻¹`` (the word syntax ``[A, B]``; GAP's ``Comm(a, b)`` is ``a⁻¹ b⁻¹ a b``).
    fn commutator(&self, other: &Bound<'_, PyAny>) -> PyResult<PyPerm> {
        Ok(PyPerm::new(Perm::commutator(
            &self.inner,
            &perm_arg(other, "other")?,
        )))
    }

    /// The same permutation on ``n`` points (``n`` at least the largest moved point).
    fn extended(&self, n: usize) -> PyResult<PyPerm> {
        degree_arg(Some(n))?;
        if n < self.inner.largest_moved_point() {
            return Err(error(format!(
                "degree {n} is below the largest moved point {}",
                self.inner.largest_moved_point()
            )));
        }
        Ok(PyPerm::new(self.inner.extended(n)))
    }

    /// The state reached from solved by this permutation as a puzzle move: labels at
    /// positions, 1-based (``state[i^g] = i``).
    fn to_state(&self) -> Vec<u64> {
        crate::convert::state_one_based(&self.inner.to_state())
    }

    /// The permutation matrix as a NumPy array: entry ``[i^g, i]`` is 1 (0-based
    /// indices), so ``P @ x`` moves the entry at position ``i`` to position ``i^g``, and
    /// the matrix of ``p * q`` is ``Q @ P``.
    fn matrix<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let n = self.inner.degree();
        if n > MAX_MATRIX_DEGREE {
            return Err(error(format!(
                "matrix(): a dense {n}x{n} matrix is beyond the limit of degree \
                 {MAX_MATRIX_DEGREE} ({} bytes as int64); use images() for the permutation",
                MAX_MATRIX_DEGREE * MAX_MATRIX_DEGREE * 8
            )));
        }
        let m = permlab::matrix::to_array2::<u8>(&self.inner);
        let bytes: Vec<u8> = m.iter().copied().collect();
        let np = py.import("numpy")?;
        let flat = np.call_method1("frombuffer", (PyBytes::new(py, &bytes), "uint8"))?;
        flat.call_method1("reshape", ((n, n),))?
            .call_method1("astype", ("int64",))
    }

    /// The picture of the cycles (a ``permlab.Figure``).
    fn figure(&self) -> PyFigure {
        PyFigure::new(CycleFigure::new(&self.inner))
    }

    /// The picture of the permutation matrix (a ``permlab.Figure``).
    fn matrix_figure(&self) -> PyFigure {
        PyFigure::new(MatrixFigure::of_perm(&self.inner).numbers(self.inner.degree() > 1))
    }

    /// GAP's text: cycle notation, ``()`` for the identity.
    fn to_gap(&self) -> String {
        self.inner.to_string()
    }

    /// A permutation from GAP's text (cycle notation; GAP's line continuations and
    /// line breaks are allowed).
    #[staticmethod]
    #[pyo3(signature = (text, degree = None))]
    fn from_gap(text: &str, degree: Option<usize>) -> PyResult<PyPerm> {
        gap::parse_perm(text, degree_arg(degree)?).map(PyPerm::new)
    }

    /// The permutation as a ``sympy.combinatorics.Permutation`` of the same size,
    /// 0-based (SymPy's point ``i`` is permlab's ``i + 1``). SymPy multiplies in the same
    /// order: ``p * q`` is first ``p``, then ``q``.
    fn to_sympy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let images: Vec<u32> = self.inner.images().to_vec();
        py.import("sympy.combinatorics")?
            .getattr("Permutation")?
            .call1((images,))
    }

    /// A permutation from a ``sympy.combinatorics.Permutation`` (its 0-based
    /// ``array_form``; the degree is SymPy's ``size``).
    #[staticmethod]
    fn from_sympy(p: &Bound<'_, PyAny>) -> PyResult<PyPerm> {
        PyPerm::from_sympy_value(p).map(PyPerm::new)
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        match other.cast::<PyPerm>() {
            Ok(q) => Ok(Py::new(other.py(), PyPerm::new(&self.inner * &q.get().inner))?.into_any()),
            Err(_) => Ok(other.py().NotImplemented()),
        }
    }

    /// ``p ** k`` for an integer ``k`` (negative too); ``p ** q`` for a permutation ``q``
    /// is GAP's conjugate ``q⁻¹ * p * q``.
    fn __pow__(
        &self,
        exponent: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPerm> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(error("pow(): a modulus is not defined for permutations"));
        }
        if let Ok(q) = exponent.cast::<PyPerm>() {
            return Ok(PyPerm::new(self.inner.conjugate(&q.get().inner)));
        }
        let k = crate::convert::int_from_py(&exponent.call_method0("__abs__")?, "exponent")?;
        let p = power(&self.inner, &(k % self.inner.order()));
        Ok(PyPerm::new(if exponent.lt(0)? { p.inverse() } else { p }))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let Ok(q) = other.cast::<PyPerm>() else {
            return py.NotImplemented();
        };
        let eq = self.inner == q.get().inner;
        match op {
            CompareOp::Eq => eq.into_pyobject(py).unwrap().to_owned().into_any().unbind(),
            CompareOp::Ne => (!eq)
                .into_pyobject(py)
                .unwrap()
                .to_owned()
                .into_any()
                .unbind(),
            _ => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let d = self.inner.degree();
        if d == self.inner.largest_moved_point() {
            format!("Perm('{}')", self.inner)
        } else {
            format!("Perm('{}', degree={d})", self.inner)
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let ctor = py.get_type::<PyPerm>().getattr("from_images")?;
        let args = PyTuple::new(py, [slf.get().images()])?;
        PyTuple::new(py, [ctor, args.into_any()])
    }

    /// Rich display: the cycle notation with degree, order, sign and cycle type.
    fn _repr_html_(&self) -> String {
        format!(
            "<code>{}</code><br><small>{}</small>",
            html_text(&self.inner.to_string()),
            html_text(&self.summary())
        )
    }

    /// LaTeX display: the cycle notation in math mode.
    fn _repr_latex_(&self) -> String {
        format!("${}$", self.inner.to_string().replace(',', ",\\,"))
    }
}

/// `g^k` for a non-negative `k` of any size: the crate's `Perm::pow` on 62-bit chunks of
/// `k`, most significant first (`g^(2^62 a + b) = (g^a)^(2^62) g^b`).
fn power(g: &Perm, k: &permlab::num_bigint::BigUint) -> Perm {
    const CHUNK: u64 = 62;
    let chunks: Vec<u64> = k.iter_u64_digits().collect();
    let mut acc = Perm::identity(g.degree());
    for digit in chunks.iter().rev() {
        // each u64 digit as a high part of 2 bits and a low part of 62 bits
        for (part, bits) in [
            (digit >> CHUNK, 64 - CHUNK),
            (digit & ((1 << CHUNK) - 1), CHUNK),
        ] {
            acc = &acc.pow(1i64 << bits) * &g.pow(part as i64);
        }
    }
    acc
}

impl PyPerm {
    /// Degree, order, sign and cycle type in one line.
    fn summary(&self) -> String {
        format!(
            "degree {}, order {}, {}, cycle type {}",
            self.inner.degree(),
            self.inner.order(),
            if self.inner.is_even() { "even" } else { "odd" },
            cycle_type_text(&self.inner)
        )
    }
}
