//! Permutation matrices (seed 003's linearization) for nalgebra, ndarray (feature
//! `ndarray`) and nalgebra-sparse (feature `sparse`), conversion back with validation,
//! and matrix powers by repeated squaring. Both features are on by default; the
//! notebooks' feature set (`evcxr`) leaves them out to compile faster.
//!
//! The matrix `P` of a permutation `g` acts on state vectors by `(P x)[i^g] = x[i]`:
//! entry `P[i^g, i] = 1`. This is seed 003's `perm_mat` convention, so the matrix of a
//! word `g1 g2 … gk` (first `g1`) is `P_gk ⋯ P_g2 P_g1`, and the matrix of the product
//! `p * q` is `P_q P_p`.
//!
//! ```
//! use permlab::{Perm, matrix::{to_dmatrix, perm_from_dmatrix, matrix_power}};
//! let g: Perm = "(1,2,3)".parse().unwrap();
//! let p = to_dmatrix::<i32>(&g);
//! assert_eq!(p[(1, 0)], 1); // point 1 goes to 2: row 2, column 1 (1-based)
//! assert_eq!(perm_from_dmatrix(&p).unwrap(), g);
//! assert_eq!(perm_from_dmatrix(&matrix_power(&p, 3)).unwrap(), Perm::identity(3));
//! ```

use crate::perm::Perm;
use nalgebra::{DMatrix, Scalar};
#[cfg(feature = "sparse")]
use nalgebra_sparse::CsrMatrix;
#[cfg(feature = "ndarray")]
use ndarray::Array2;
use num_traits::{One, Zero};
use std::fmt;

/// Why a matrix is not a permutation matrix. Rows and columns are 1-based.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MatrixError {
    /// A permutation matrix larger than [`MAX_DEGREE`](crate::limits::MAX_DEGREE).
    #[error("matrix of size {0} is larger than the largest degree {max}", max = crate::limits::MAX_DEGREE)]
    TooLarge(usize),
    /// The matrix is not square.
    #[error("matrix is {rows}x{cols}, not square")]
    NotSquare {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
    },
    /// An entry other than 0 or 1.
    #[error("entry at row {row}, column {col} is {value}, not 0 or 1")]
    BadEntry {
        /// 1-based row.
        row: usize,
        /// 1-based column.
        col: usize,
        /// The entry, printed.
        value: String,
    },
    /// A column without exactly one 1.
    #[error("column {col} has {count} entries equal to 1, not exactly one")]
    Column {
        /// 1-based column.
        col: usize,
        /// Number of ones.
        count: usize,
    },
    /// A row without exactly one 1.
    #[error("row {row} has {count} entries equal to 1, not exactly one")]
    Row {
        /// 1-based row.
        row: usize,
        /// Number of ones.
        count: usize,
    },
}

/// The dense nalgebra permutation matrix of `g` (`P[i^g, i] = 1`).
pub fn to_dmatrix<T: Scalar + Zero + One>(g: &Perm) -> DMatrix<T> {
    let n = g.degree();
    let mut m = DMatrix::from_element(n, n, T::zero());
    for i in 0..n {
        m[(g.image(i), i)] = T::one();
    }
    m
}

/// The dense ndarray permutation matrix of `g` (`P[[i^g, i]] = 1`).
#[cfg(feature = "ndarray")]
pub fn to_array2<T: Clone + Zero + One>(g: &Perm) -> Array2<T> {
    let n = g.degree();
    let mut m = Array2::from_elem((n, n), T::zero());
    for i in 0..n {
        m[[g.image(i), i]] = T::one();
    }
    m
}

/// The sparse (CSR) permutation matrix of `g`: one stored entry per row.
#[cfg(feature = "sparse")]
pub fn to_csr<T: Scalar + Zero + One>(g: &Perm) -> CsrMatrix<T> {
    let n = g.degree();
    let inv = g.inverse();
    let offsets: Vec<usize> = (0..=n).collect();
    let cols: Vec<usize> = (0..n).map(|r| inv.image(r)).collect();
    let values = vec![T::one(); n];
    CsrMatrix::try_from_csr_data(n, n, offsets, cols, values)
        .expect("a permutation gives valid CSR data")
}

/// The side of a square matrix of `rows × cols` that can be a permutation matrix:
/// square and within [`crate::limits::MAX_DEGREE`].
fn square_degree(rows: usize, cols: usize) -> Result<usize, MatrixError> {
    if rows != cols {
        return Err(MatrixError::NotSquare { rows, cols });
    }
    if rows > crate::limits::MAX_DEGREE {
        return Err(MatrixError::TooLarge(rows));
    }
    Ok(rows)
}

/// Reads a permutation back from entries given as a function of (row, column), with
/// validation. Shared by the nalgebra and ndarray conversions (the sparse one reads
/// only its stored entries).
#[allow(clippy::needless_range_loop)] // rows and columns are matrix indices
fn perm_from_entries<T: PartialEq + Zero + One + fmt::Debug>(
    rows: usize,
    cols: usize,
    entry: impl Fn(usize, usize) -> T,
) -> Result<Perm, MatrixError> {
    let n = square_degree(rows, cols)?;
    let mut images = vec![u32::MAX; n];
    let mut row_count = vec![0usize; n];
    for c in 0..n {
        let mut count = 0;
        for r in 0..n {
            let v = entry(r, c);
            if v == T::one() {
                count += 1;
                row_count[r] += 1;
                images[c] = r as u32;
            } else if v != T::zero() {
                return Err(MatrixError::BadEntry {
                    row: r + 1,
                    col: c + 1,
                    value: format!("{v:?}"),
                });
            }
        }
        if count != 1 {
            return Err(MatrixError::Column { col: c + 1, count });
        }
    }
    if let Some(r) = row_count.iter().position(|&k| k != 1) {
        return Err(MatrixError::Row {
            row: r + 1,
            count: row_count[r],
        });
    }
    Ok(Perm::from_images_unchecked(images))
}

/// The permutation of a dense nalgebra permutation matrix, validated.
pub fn perm_from_dmatrix<T: Scalar + Zero + One>(m: &DMatrix<T>) -> Result<Perm, MatrixError> {
    perm_from_entries(m.nrows(), m.ncols(), |r, c| m[(r, c)].clone())
}

/// The permutation of a dense ndarray permutation matrix, validated.
#[cfg(feature = "ndarray")]
pub fn perm_from_array2<T: Clone + PartialEq + Zero + One + fmt::Debug>(
    m: &Array2<T>,
) -> Result<Perm, MatrixError> {
    let (r, c) = m.dim();
    perm_from_entries(r, c, |i, j| m[[i, j]].clone())
}

/// The permutation of a sparse CSR permutation matrix, validated (explicit zeros are
/// allowed).
#[cfg(feature = "sparse")]
pub fn perm_from_csr<T: Scalar + Zero + One>(m: &CsrMatrix<T>) -> Result<Perm, MatrixError> {
    let (rows, cols) = (m.nrows(), m.ncols());
    let n = square_degree(rows, cols)?;
    // The stored entries only (never a dense n × n copy); errors as the dense scan,
    // column by column, would meet them.
    let mut images = vec![u32::MAX; n];
    let mut col_count = vec![0usize; n];
    let mut row_count = vec![0usize; n];
    let mut bad: Option<(usize, usize, String)> = None;
    for (r, c, v) in m.triplet_iter() {
        if *v == T::one() {
            col_count[c] += 1;
            row_count[r] += 1;
            images[c] = r as u32;
        } else if *v != T::zero() && bad.as_ref().is_none_or(|&(br, bc, _)| (c, r) < (bc, br)) {
            bad = Some((r, c, format!("{v:?}")));
        }
    }
    let first_column = col_count.iter().position(|&k| k != 1);
    match (bad, first_column) {
        (Some((r, c, value)), fc) if fc.is_none_or(|fc| c <= fc) => {
            return Err(MatrixError::BadEntry {
                row: r + 1,
                col: c + 1,
                value,
            })
        }
        (_, Some(c)) => {
            return Err(MatrixError::Column {
                col: c + 1,
                count: col_count[c],
            })
        }
        _ => {}
    }
    if let Some(r) = row_count.iter().position(|&k| k != 1) {
        return Err(MatrixError::Row {
            row: r + 1,
            count: row_count[r],
        });
    }
    Ok(Perm::from_images_unchecked(images))
}

/// Square matrices that can be multiplied: what [`matrix_power`] needs.
pub trait SquareMatrix: Clone {
    /// The identity matrix of the same size.
    fn identity_like(&self) -> Self;
    /// The matrix product `self · rhs`.
    fn matmul(&self, rhs: &Self) -> Self;
    /// Whether this is the identity matrix.
    fn is_identity_matrix(&self) -> bool {
        self.clone_eq(&self.identity_like())
    }
    /// Entry-wise equality.
    fn clone_eq(&self, other: &Self) -> bool;
}

impl<T> SquareMatrix for DMatrix<T>
where
    T: Scalar + Zero + One,
    for<'a> &'a DMatrix<T>: std::ops::Mul<&'a DMatrix<T>, Output = DMatrix<T>>,
{
    fn identity_like(&self) -> Self {
        DMatrix::from_fn(self.nrows(), self.ncols(), |r, c| {
            if r == c {
                T::one()
            } else {
                T::zero()
            }
        })
    }
    fn matmul(&self, rhs: &Self) -> Self {
        self * rhs
    }
    fn clone_eq(&self, other: &Self) -> bool {
        self == other
    }
}

#[cfg(feature = "ndarray")]
impl<T> SquareMatrix for Array2<T>
where
    T: ndarray::LinalgScalar + PartialEq,
{
    fn identity_like(&self) -> Self {
        Array2::eye(self.nrows())
    }
    fn matmul(&self, rhs: &Self) -> Self {
        self.dot(rhs)
    }
    fn clone_eq(&self, other: &Self) -> bool {
        self == other
    }
}

/// `m^k` by repeated squaring (seed 003's `mat_exp`), for nalgebra and ndarray
/// matrices. O(log k) products.
///
/// # Panics
///
/// If `m` is not square (the matrix product of `m` with itself panics).
///
/// ```
/// use permlab::matrix::matrix_power;
/// # #[cfg(feature = "ndarray")] {
/// use ndarray::array;
/// let m = array![[0, 1], [1, 0]];
/// assert_eq!(matrix_power(&m, 5), m);
/// # }
/// ```
pub fn matrix_power<M: SquareMatrix>(m: &M, mut k: u64) -> M {
    let mut result = m.identity_like();
    let mut base = m.clone();
    while k > 0 {
        if k & 1 == 1 {
            result = result.matmul(&base);
        }
        k >>= 1;
        if k > 0 {
            base = base.matmul(&base);
        }
    }
    result
}

/// The least `k ≥ 1` with `m^k = I`, found by repeated multiplication, or `None` when
/// it exceeds `limit`. An independent check of [`Perm::order`] by linear algebra.
///
/// # Panics
///
/// If `m` is not square (the matrix product panics).
pub fn order_by_matrix<M: SquareMatrix>(m: &M, limit: u64) -> Option<u64> {
    let mut power = m.clone();
    for k in 1..=limit {
        if power.is_identity_matrix() {
            return Some(k);
        }
        power = power.matmul(m);
    }
    None
}

/// `P x` for a dense matrix and a state vector: the state after the move(s) `P`
/// encodes.
///
/// ```
/// use permlab::{matrix::{apply_matrix, to_dmatrix}, Perm};
/// let p = to_dmatrix::<f64>(&"(1,2,3)".parse::<Perm>().unwrap());
/// assert_eq!(apply_matrix(&p, &[1.0, 2.0, 3.0]), [3.0, 1.0, 2.0]);
/// ```
///
/// # Panics
///
/// If the state's length is not the matrix's number of columns.
pub fn apply_matrix<T>(m: &DMatrix<T>, state: &[T]) -> Vec<T>
where
    T: Scalar + Zero + One,
    for<'a> &'a DMatrix<T>: std::ops::Mul<&'a nalgebra::DVector<T>, Output = nalgebra::DVector<T>>,
{
    assert_eq!(
        state.len(),
        m.ncols(),
        "a state of length {} for a matrix with {} columns",
        state.len(),
        m.ncols()
    );
    let x = nalgebra::DVector::from_column_slice(state);
    (m * &x).iter().cloned().collect()
}

/// Converts a column-major nalgebra matrix into a row-major ndarray matrix.
#[cfg(feature = "ndarray")]
pub fn dmatrix_to_array2<T: Scalar>(m: &DMatrix<T>) -> Array2<T> {
    Array2::from_shape_fn((m.nrows(), m.ncols()), |(r, c)| m[(r, c)].clone())
}

/// Converts an ndarray matrix into a nalgebra matrix.
#[cfg(feature = "ndarray")]
pub fn array2_to_dmatrix<T: Scalar>(m: &Array2<T>) -> DMatrix<T> {
    let (r, c) = m.dim();
    DMatrix::from_fn(r, c, |i, j| m[[i, j]].clone())
}

/// The 0/1 picture of a matrix as text, like seed 003's `pretty`: `1` for ones, a space
/// for zeros, one line per row.
pub fn pretty<T: Scalar + One>(m: &DMatrix<T>) -> String {
    let mut s = String::with_capacity(m.nrows() * (m.ncols() + 1));
    for r in 0..m.nrows() {
        for c in 0..m.ncols() {
            s.push(if m[(r, c)] == T::one() { '1' } else { ' ' });
        }
        let trimmed = s.trim_end_matches(' ').len();
        s.truncate(trimmed);
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn product_matrix_is_reversed() {
        let p: Perm = "(1,2,3)".parse().unwrap();
        let q = Perm::parse_cycles("(1,4)", Some(4)).unwrap();
        let p4 = p.extended(4);
        let mp = to_dmatrix::<i32>(&p4);
        let mq = to_dmatrix::<i32>(&q);
        assert_eq!(to_dmatrix::<i32>(&(&p4 * &q)), &mq * &mp);
    }

    #[cfg(all(feature = "ndarray", feature = "sparse"))]
    #[test]
    fn conversions_agree() {
        let g: Perm = "(1,5,2)(3,4)".parse().unwrap();
        assert_eq!(perm_from_array2(&to_array2::<u8>(&g)).unwrap(), g);
        assert_eq!(perm_from_csr(&to_csr::<f64>(&g)).unwrap(), g);
        assert_eq!(
            dmatrix_to_array2(&to_dmatrix::<i32>(&g)),
            to_array2::<i32>(&g)
        );
        assert_eq!(
            array2_to_dmatrix(&to_array2::<i32>(&g)),
            to_dmatrix::<i32>(&g)
        );
    }

    #[cfg(feature = "sparse")]
    #[test]
    fn sparse_validation_agrees_with_dense_without_densifying() {
        use nalgebra_sparse::{coo::CooMatrix, CsrMatrix};
        // every 3x3 matrix with entries 0, 1, 2: the same verdict as the dense scan
        for code in 0..3u32.pow(9) {
            let mut m = DMatrix::<i32>::zeros(3, 3);
            let mut coo = CooMatrix::new(3, 3);
            for k in 0..9 {
                let v = (code / 3u32.pow(k) % 3) as i32;
                m[(k as usize / 3, k as usize % 3)] = v;
                coo.push(k as usize / 3, k as usize % 3, v); // explicit zeros too
            }
            let csr = CsrMatrix::from(&coo);
            assert_eq!(perm_from_csr(&csr), perm_from_dmatrix(&m), "{m}");
        }
        // 10^6 x 10^6 with no entries: answered from the stored entries
        let big = CsrMatrix::<f64>::zeros(1_000_000, 1_000_000);
        assert_eq!(
            perm_from_csr(&big),
            Err(MatrixError::Column { col: 1, count: 0 })
        );
        let huge =
            CsrMatrix::<f64>::zeros(crate::limits::MAX_DEGREE + 1, crate::limits::MAX_DEGREE + 1);
        assert_eq!(
            perm_from_csr(&huge),
            Err(MatrixError::TooLarge(crate::limits::MAX_DEGREE + 1))
        );
    }

    #[test]
    fn validation_errors() {
        let mut m = to_dmatrix::<i32>(&"(1,2)".parse().unwrap());
        m[(0, 0)] = 2;
        assert_eq!(
            perm_from_dmatrix(&m).unwrap_err().to_string(),
            "entry at row 1, column 1 is 2, not 0 or 1"
        );
        m[(0, 0)] = 1;
        assert_eq!(
            perm_from_dmatrix(&m),
            Err(MatrixError::Column { col: 1, count: 2 })
        );
        let z = DMatrix::<i32>::from_row_slice(2, 2, &[1, 1, 0, 0]);
        assert_eq!(
            perm_from_dmatrix(&z),
            Err(MatrixError::Row { row: 1, count: 2 })
        );
        let r = DMatrix::<i32>::zeros(2, 3);
        assert_eq!(
            perm_from_dmatrix(&r),
            Err(MatrixError::NotSquare { rows: 2, cols: 3 })
        );
    }

    #[test]
    fn order_by_matrix_matches_perm_order() {
        let g: Perm = "(1,2,3)(4,5,6,7)(8,9)".parse().unwrap();
        assert_eq!(order_by_matrix(&to_dmatrix::<i32>(&g), 100), Some(12));
        #[cfg(feature = "ndarray")]
        assert_eq!(order_by_matrix(&to_array2::<i32>(&g), 100), Some(12));
        assert_eq!(order_by_matrix(&to_dmatrix::<f64>(&g), 11), None);
    }

    #[test]
    fn pretty_matches_seed_format() {
        let g: Perm = "(1,2)".parse().unwrap();
        assert_eq!(pretty(&to_dmatrix::<u8>(&g)), " 1\n1\n");
    }
}
