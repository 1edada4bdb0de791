//! The Python module `permlab`: the permlab crate's permutations, puzzles, groups,
//! proofs, searches and figures for Python and Jupyter (PyO3, an abi3 wheel built by
//! maturin).
//!
//! Conventions are the crate's (stated once in its `src/lib.rs`): points are 1-based in
//! every Python list and text form, as in GAP (0-based only where another system
//! counts from 0: SymPy's permutations and NumPy matrix indices); products are GAP's,
//! `p * q` is first `p`, then `q`; moves act on positions.
//!
//! Every error of the crate becomes a `permlab.PermlabError` (a subclass of
//! `ValueError`) carrying the crate's one-line message. Calls that may run long release
//! the GIL and run on a worker thread while the calling thread polls for signals, so
//! Ctrl-C (KeyboardInterrupt) stops them ([`interrupt`]).

mod convert;
mod figure;
mod gap;
mod group;
mod interrupt;
mod perm;
mod proof;
mod puzzle;
mod search;
mod table;

use pyo3::prelude::*;

pyo3::create_exception!(
    permlab,
    PermlabError,
    pyo3::exceptions::PyValueError,
    "An error reported by permlab: bad input (a malformed permutation, word, state or \
     file, a point out of range) or a computation beyond a limit. The message is the \
     crate's one-line message."
);

/// A `PermlabError` with `message`.
pub(crate) fn error(message: impl std::fmt::Display) -> PyErr {
    PermlabError::new_err(message.to_string())
}

/// permlab: permutation puzzles with computational group theory (the Rust crate's
/// Python bindings).
///
/// ``Perm`` (cycle notation, GAP's product order: ``p * q`` is first ``p``, then
/// ``q``), ``PermGroup`` (exact orders, membership, orbits, blocks, stabilizers,
/// centralizers, classes, structure), ``Puzzle`` (built-in puzzles and ``.gens``,
/// ``.tws``, ``.geo`` files; words, states, claims with proofs, breadth-first search),
/// ``verify`` (the independent certificate checker), ``Figure`` and ``Table`` (shown
/// inline by Jupyter). Points are 1-based, as in GAP; ``to_sympy``/``from_sympy``
/// convert to SymPy's 0-based permutations. Errors are ``PermlabError``
/// (a ``ValueError``); long calls release the GIL and stop on Ctrl-C.
#[pymodule]
#[pyo3(name = "permlab")]
fn permlab_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PermlabError", m.py().get_type::<PermlabError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<perm::PyPerm>()?;
    m.add_class::<group::PyPermGroup>()?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<puzzle::PyWord>()?;
    m.add_class::<proof::PyProof>()?;
    m.add_class::<proof::PyVerdict>()?;
    m.add_class::<search::PyDistribution>()?;
    m.add_class::<search::PySolution>()?;
    m.add_class::<figure::PyFigure>()?;
    m.add_class::<table::PyTable>()?;
    m.add_function(wrap_pyfunction!(proof::verify, m)?)?;
    m.add_function(wrap_pyfunction!(figure::histogram, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::builtins, m)?)?;
    Ok(())
}
