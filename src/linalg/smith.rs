//! The Smith normal form of an integer matrix, and the solutions of a homogeneous
//! linear system over `Z/k` read off from it.
//!
//! For an `m × n` integer matrix `A` there are unimodular `U` (`m × m`) and `V`
//! (`n × n`) with `U·A·V = D`, `D` diagonal with non-negative entries
//! `d_1 | d_2 | … | d_r`, followed by zeros (H. J. S. Smith, "On systems of linear
//! indeterminate equations and congruences", *Phil. Trans. R. Soc.* 151 (1861);
//! the elimination is H. Cohen, *A Course in Computational Algebraic Number Theory*,
//! Springer 1993, Algorithm 2.4.14, with the pivot of least absolute value, which makes
//! every round of row and column reduction strictly decrease it). Arithmetic is in
//! `i64` with every operation checked: an intermediate entry that does not fit is an
//! error ([`SmithError::Overflow`]), never a wrong answer.

/// A problem computing a Smith form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SmithError {
    /// The rows of the matrix do not all have the same length.
    #[error("row {row} has {len} entries, row 1 has {expected}")]
    Ragged {
        /// The 1-based row.
        row: usize,
        /// Its length.
        len: usize,
        /// The length of the first row.
        expected: usize,
    },
    /// An intermediate entry does not fit in an `i64`.
    #[error("an entry of the Smith form computation overflows 64-bit integers")]
    Overflow,
    /// A modulus below 1.
    #[error("the modulus must be at least 1 (got {0})")]
    BadModulus(i64),
}

/// `U·A·V = D` for the matrix `A` given to [`smith`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmithForm {
    /// The diagonal matrix `D` (`m × n`).
    pub d: Vec<Vec<i64>>,
    /// The unimodular row transform `U` (`m × m`).
    pub u: Vec<Vec<i64>>,
    /// The unimodular column transform `V` (`n × n`).
    pub v: Vec<Vec<i64>>,
    /// The diagonal of `D` (`min(m, n)` entries, non-negative, each dividing the next
    /// until the zeros).
    pub diagonal: Vec<i64>,
    /// The number of non-zero diagonal entries (the rank of `A` over `Q`).
    pub rank: usize,
}

fn identity(n: usize) -> Vec<Vec<i64>> {
    (0..n)
        .map(|i| (0..n).map(|j| i64::from(i == j)).collect())
        .collect()
}

/// `row_i ← row_i − q·row_t` in `a`.
fn sub_row(a: &mut [Vec<i64>], i: usize, t: usize, q: i64) -> Result<(), SmithError> {
    if q == 0 {
        return Ok(());
    }
    let (src, dst) = if i < t {
        let (lo, hi) = a.split_at_mut(t);
        (&hi[0], &mut lo[i])
    } else {
        let (lo, hi) = a.split_at_mut(i);
        (&lo[t], &mut hi[0])
    };
    for (x, &y) in dst.iter_mut().zip(src.iter()) {
        *x = y
            .checked_mul(q)
            .and_then(|p| x.checked_sub(p))
            .ok_or(SmithError::Overflow)?;
    }
    Ok(())
}

/// `col_j ← col_j − q·col_t` in `a`.
fn sub_col(a: &mut [Vec<i64>], j: usize, t: usize, q: i64) -> Result<(), SmithError> {
    if q == 0 {
        return Ok(());
    }
    for row in a.iter_mut() {
        row[j] = row[t]
            .checked_mul(q)
            .and_then(|p| row[j].checked_sub(p))
            .ok_or(SmithError::Overflow)?;
    }
    Ok(())
}

fn swap_cols(a: &mut [Vec<i64>], i: usize, j: usize) {
    for row in a.iter_mut() {
        row.swap(i, j);
    }
}

/// The Smith normal form `U·A·V = D` of the integer matrix `a` (a list of rows).
///
/// ```
/// use permlab::linalg::smith::smith;
/// let a = vec![vec![2, 4, 4], vec![-6, 6, 12], vec![10, -4, -16]];
/// let s = smith(&a).unwrap();
/// assert_eq!(s.diagonal, vec![2, 6, 12]);
/// ```
pub fn smith(a: &[Vec<i64>]) -> Result<SmithForm, SmithError> {
    let m = a.len();
    let n = a.first().map_or(0, Vec::len);
    if let Some((row, r)) = a.iter().enumerate().find(|(_, r)| r.len() != n) {
        return Err(SmithError::Ragged {
            row: row + 1,
            len: r.len(),
            expected: n,
        });
    }
    let mut d = a.to_vec();
    let mut u = identity(m);
    // V is kept transposed, so that column operations on D are row operations on it.
    let mut vt = identity(n);
    let mut rank = 0;
    for t in 0..m.min(n) {
        // the entry of least absolute value in the lower right block
        while let Some((pi, pj)) = (t..m)
            .flat_map(|i| (t..n).map(move |j| (i, j)))
            .filter(|&(i, j)| d[i][j] != 0)
            .min_by_key(|&(i, j)| d[i][j].unsigned_abs())
        {
            d.swap(t, pi);
            u.swap(t, pi);
            swap_cols(&mut d, t, pj);
            vt.swap(t, pj);
            let p = d[t][t];
            let mut clean = true;
            for i in t + 1..m {
                let q = d[i][t] / p;
                sub_row(&mut d, i, t, q)?;
                sub_row(&mut u, i, t, q)?;
                clean &= d[i][t] == 0;
            }
            for j in t + 1..n {
                let q = d[t][j] / p;
                sub_col(&mut d, j, t, q)?;
                sub_row(&mut vt, j, t, q)?;
                clean &= d[t][j] == 0;
            }
            if !clean {
                continue;
            }
            // every entry of the rest must be a multiple of the pivot
            if let Some(i) = (t + 1..m).find(|&i| d[i][t + 1..].iter().any(|&x| x % p != 0)) {
                sub_row(&mut d, t, i, -1)?;
                sub_row(&mut u, t, i, -1)?;
                continue;
            }
            if p < 0 {
                for x in d[t].iter_mut().chain(u[t].iter_mut()) {
                    *x = x.checked_neg().ok_or(SmithError::Overflow)?;
                }
            }
            rank += 1;
            break;
        }
        if rank <= t {
            break;
        }
    }
    let v: Vec<Vec<i64>> = (0..n).map(|i| (0..n).map(|j| vt[j][i]).collect()).collect();
    let diagonal = (0..m.min(n)).map(|i| d[i][i]).collect();
    Ok(SmithForm {
        d,
        u,
        v,
        diagonal,
        rank,
    })
}

/// One generator of the solutions of `x·M ≡ 0 (mod k)`: the congruence
/// `coefficients · y ≡ 0 (mod modulus)` that every vector `y` in the span of the
/// columns of `M` (mod `k`) satisfies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relation {
    /// The modulus `d` (a divisor of `k`, at least 2).
    pub modulus: i64,
    /// The coefficients, in `0..d`, the first non-zero one made 1 when it is a unit.
    pub coefficients: Vec<i64>,
}

/// The linear relations mod `k` among the columns of the integer matrix `m` (rows =
/// coordinates): the solutions `x ∈ (Z/k)^rows` of `x·M ≡ 0 (mod k)`, as relations
/// `c·y ≡ 0 (mod d)` (the solution `x = (k/d)·c`). Computed from the Smith form
/// `U·[M | k·I]·V = D`: writing `x = b·U`, `x·M ≡ 0` becomes `b_i·d_i ≡ 0 (mod k)`,
/// so the solutions are the sums of `λ_i·(k/d_i)·U_i` with `λ_i ∈ Z/d_i`, and their
/// number is the product of the `d_i` (returned with the relations with `d_i > 1`).
///
/// ```
/// use permlab::linalg::smith::relations_mod;
/// // three generators with twist sums 3, 6 and 0: the sum is 0 mod 3
/// let (count, rel) = relations_mod(3, &[vec![3, 6, 0]]).unwrap();
/// assert_eq!(count, 3u32.into());
/// assert_eq!(rel[0].modulus, 3);
/// assert_eq!(rel[0].coefficients, vec![1]);
/// ```
pub fn relations_mod(
    k: i64,
    m: &[Vec<i64>],
) -> Result<(num_bigint::BigUint, Vec<Relation>), SmithError> {
    if k < 1 {
        return Err(SmithError::BadModulus(k));
    }
    relations_moduli(&vec![k; m.len()], m)
}

/// The linear relations among the columns of the integer matrix `m` in the finite
/// abelian group `⊕ Z/moduli_i` (one modulus per row, the rows' coordinates taken
/// mod their own modulus): the relations `c·y ≡ 0 (mod d)` that every `y` in the
/// span of the columns satisfies, where each `c_i·moduli_i ≡ 0 (mod d)` (so the
/// relation is well defined on `Z/moduli_i`). As for [`relations_mod`], from the
/// Smith form `U·[M | diag(moduli)]·V = D`: the characters `y ↦ (U_i·y)/d_i mod 1`
/// generate every character vanishing on the columns, and their number is the
/// product of the `d_i`, the order of the quotient ([`quotient_order`]).
///
/// ```
/// use permlab::linalg::smith::relations_moduli;
/// // Z/4 × Z/2 modulo the subgroup generated by (1, 1): y1 + 2·y2 ≡ 0 mod 4
/// let (count, rel) = relations_moduli(&[4, 2], &[vec![1], vec![1]]).unwrap();
/// assert_eq!(count, 2u32.into());
/// assert_eq!(rel.len(), 1);
/// let r = &rel[0];
/// assert!((r.coefficients[0] + r.coefficients[1] * 1) % r.modulus == 0);
/// assert!((r.coefficients[0] * 4) % r.modulus == 0 && (r.coefficients[1] * 2) % r.modulus == 0);
/// ```
pub fn relations_moduli(
    moduli: &[i64],
    m: &[Vec<i64>],
) -> Result<(num_bigint::BigUint, Vec<Relation>), SmithError> {
    if let Some(&k) = moduli.iter().find(|&&k| k < 1) {
        return Err(SmithError::BadModulus(k));
    }
    let s = smith(&widened(moduli, m))?;
    let mut count = num_bigint::BigUint::from(1u32);
    let mut out = Vec::new();
    for (i, &d) in s.diagonal.iter().enumerate() {
        count *= d as u64;
        if d > 1 {
            let mut c: Vec<i64> = s.u[i].iter().map(|x| x.rem_euclid(d)).collect();
            if let Some(&f) = c.iter().find(|&&x| x != 0) {
                if let Some(inv) = inverse_mod(f, d) {
                    for x in c.iter_mut() {
                        *x = ((*x as i128 * inv as i128) % d as i128) as i64;
                    }
                }
            }
            out.push(Relation {
                modulus: d,
                coefficients: c,
            });
        }
    }
    Ok((count, out))
}

/// `[M mod moduli | diag(moduli)]`, row `i` reduced mod `moduli_i`.
fn widened(moduli: &[i64], m: &[Vec<i64>]) -> Vec<Vec<i64>> {
    m.iter()
        .zip(moduli)
        .enumerate()
        .map(|(i, (r, &k))| {
            let mut r: Vec<i64> = r.iter().map(|x| x.rem_euclid(k)).collect();
            r.extend((0..moduli.len()).map(|j| if i == j { k } else { 0 }));
            r
        })
        .collect()
}

/// The inverse of `a` mod `d`, if `gcd(a, d) = 1` (extended Euclid).
fn inverse_mod(a: i64, d: i64) -> Option<i64> {
    let (mut r0, mut r1) = (a.rem_euclid(d) as i128, d as i128);
    let (mut s0, mut s1) = (1i128, 0i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (s0, s1) = (s1, s0 - q * s1);
    }
    (r0 == 1).then(|| s0.rem_euclid(d as i128) as i64)
}

/// The order of the quotient `Z^n / (columns of M + diag(moduli)·Z^n)`, i.e. of the
/// finite abelian group `⊕ Z/moduli_i` modulo the subgroup generated by the columns
/// of `m` (rows = coordinates, one modulus per row): the product of the Smith
/// invariants of `[M | diag(moduli)]`.
///
/// ```
/// use permlab::linalg::smith::quotient_order;
/// // Z/3 × Z/2 modulo the subgroup generated by (1, 1): trivial
/// assert_eq!(quotient_order(&[3, 2], &[vec![1], vec![1]]).unwrap(), 1u32.into());
/// ```
pub fn quotient_order(moduli: &[i64], m: &[Vec<i64>]) -> Result<num_bigint::BigUint, SmithError> {
    if let Some(&k) = moduli.iter().find(|&&k| k < 1) {
        return Err(SmithError::BadModulus(k));
    }
    let wide = widened(moduli, m);
    let s = smith(&wide)?;
    Ok(s.diagonal
        .iter()
        .fold(num_bigint::BigUint::from(1u32), |c, &d| c * d as u64))
}
