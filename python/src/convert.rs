//! Conversions between the crate's values and Python's: big integers and 1-based
//! point lists.

use crate::error;
use permlab::num_bigint::BigUint;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// A non-negative big integer as a Python `int` (through `int.from_bytes`, which has no
/// limit on the number of digits, unlike `int(str)`).
pub fn int_to_py<'py>(py: Python<'py>, n: &BigUint) -> PyResult<Bound<'py, PyAny>> {
    if let Ok(small) = u128::try_from(n) {
        return Ok(small.into_pyobject(py)?.into_any());
    }
    let bytes = PyBytes::new(py, &n.to_bytes_le());
    py.get_type::<pyo3::types::PyInt>()
        .call_method1("from_bytes", (bytes, "little"))
}

/// A Python `int` (or anything with `__index__`) as a non-negative big integer;
/// `what` names the argument in the error.
pub fn int_from_py(value: &Bound<'_, PyAny>, what: &str) -> PyResult<BigUint> {
    let n = value
        .call_method0("__index__")
        .map_err(|_| error(format!("{what}: expected an integer")))?;
    if n.lt(0)? {
        return Err(error(format!("{what}: must not be negative")));
    }
    let bits: usize = n.call_method0("bit_length")?.extract()?;
    let bytes = n.call_method1("to_bytes", (bits.div_ceil(8).max(1), "little"))?;
    Ok(BigUint::from_bytes_le(bytes.cast::<PyBytes>()?.as_bytes()))
}

/// 1-based points (as a user writes them) as 0-based points below `degree`; `what`
/// names the list in the error.
pub fn points_from_one_based(points: &[i64], degree: usize, what: &str) -> PyResult<Vec<usize>> {
    points
        .iter()
        .map(|&p| {
            if p >= 1 && (p as u64) <= degree as u64 {
                Ok(p as usize - 1)
            } else {
                Err(error(format!(
                    "{what}: point {p} is out of range 1..={degree} (points are 1-based)"
                )))
            }
        })
        .collect()
}

/// 0-based points as 1-based.
pub fn one_based(points: &[usize]) -> Vec<usize> {
    points.iter().map(|p| p + 1).collect()
}

/// Lists of 0-based points as lists of 1-based points.
pub fn lists_one_based(lists: &[Vec<usize>]) -> Vec<Vec<usize>> {
    lists.iter().map(|l| one_based(l)).collect()
}

/// A 0-based state (labels at positions) as 1-based labels.
pub fn state_one_based(state: &[u32]) -> Vec<u64> {
    state.iter().map(|&l| l as u64 + 1).collect()
}
