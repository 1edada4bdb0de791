//! The permutation module `C^n` of a group of moves: its rank, the orbital matrices
//! and their eigenvalues.
//!
//! The character `χ(g)` of the permutation representation is the number of fixed
//! points of `g`, so `⟨χ, χ⟩ = (1/|G|) Σ_g fix(g)²` is the number of orbits of `G` on
//! ordered pairs of points (Cauchy–Frobenius; for a transitive group this is its
//! *rank*, and the permutation character is a sum of `⟨χ,χ⟩` irreducible
//! constituents counted with squared multiplicities). [`rank`] finds the orbits on
//! pairs with the orbit algorithm ([`PermGroup::orbits_on`]);
//! [`character_inner_product`] computes the same number independently from the
//! cycle index ([`PermGroup::cycle_index`]).
//!
//! Each orbit `O_i` on pairs (an *orbital*) has the 0/1 matrix `A_i[x, y] = 1` for
//! `(x, y) ∈ O_i`. These matrices sum to the all-ones matrix `J`, the transpose of
//! each is another (the paired orbital), and they commute with every `P_g`; they span
//! the centralizer algebra of the permutation representation, closed under
//! products: `A_i A_j = Σ_k p_{ij}^k A_k` with non-negative integers `p_{ij}^k` (D. G.
//! Higman, "Coherent configurations I", *Rend. Sem. Mat. Univ. Padova* 44 (1970);
//! P. J. Cameron, *Permutation Groups*, 1999, §2.7). The algebra is commutative
//! exactly when the permutation character is multiplicity-free (Cameron, §2.7); it
//! is then the Bose–Mesner algebra of an association scheme when also every `A_i`
//! is symmetric (R. C. Bose and D. M. Mesner, *Ann. Math. Statist.* 30 (1959)).
//! [`orbitals`] checks the sum and the product closure on every entry and reports
//! symmetry and commutativity as found, not assumed.

use crate::group::orbits_on_sets::OnWhat;
use crate::group::{GroupError, PermGroup};
use nalgebra::{Complex, DMatrix};
use num_bigint::BigUint;

/// The largest degree whose orbital matrices are built (`n²` pairs, one `n × n`
/// matrix per orbital).
pub const MAX_ORBITAL_DEGREE: usize = 200;

/// A problem with the permutation module.
#[derive(Debug, thiserror::Error)]
pub enum ModuleError {
    /// The degree is above [`MAX_ORBITAL_DEGREE`].
    #[error(
        "degree {0} is above {MAX_ORBITAL_DEGREE}, the largest whose orbital matrices are built"
    )]
    TooLarge(usize),
    /// The orbits on pairs could not be computed.
    #[error(transparent)]
    Group(#[from] GroupError),
    /// The cycle index could not be computed.
    #[error("{0}")]
    Classes(String),
}

/// The orbits of `g` on ordered pairs of points (repeats allowed), each a list of
/// pairs `(x, y)` (0-based).
fn pair_orbits(g: &PermGroup) -> Result<Vec<Vec<(usize, usize)>>, ModuleError> {
    let n = g.degree();
    if n > MAX_ORBITAL_DEGREE {
        return Err(ModuleError::TooLarge(n));
    }
    Ok(g.orbits_on(OnWhat::Tuples(2), (n * n) as u64)?
        .into_iter()
        .map(|o| o.into_iter().map(|t| (t[0], t[1])).collect())
        .collect())
}

/// The number of orbits on ordered pairs, `⟨χ, χ⟩` (the rank of a transitive group).
///
/// ```
/// use permlab::linalg::permutation_module::rank;
/// use permlab::PermGroup;
/// // the cyclic group of order 5: 5 orbits on pairs
/// let c5 = PermGroup::new(5, vec!["(1,2,3,4,5)".parse().unwrap()]);
/// assert_eq!(rank(&c5).unwrap(), 5);
/// ```
pub fn rank(g: &PermGroup) -> Result<usize, ModuleError> {
    Ok(pair_orbits(g)?.len())
}

/// `⟨χ, χ⟩ = (1/|G|) Σ_g fix(g)²` from the cycle index (at most `class_limit`
/// conjugacy classes).
pub fn character_inner_product(g: &PermGroup, class_limit: usize) -> Result<BigUint, ModuleError> {
    let z = g
        .cycle_index(class_limit)
        .map_err(|e| ModuleError::Classes(e.to_string()))?;
    let sum = z
        .distribution()
        .iter()
        .fold(BigUint::from(0u32), |a, (t, c)| {
            let fix = t.iter().filter(|&&l| l == 1).count() as u64;
            a + c * (fix * fix)
        });
    Ok(sum / z.order())
}

/// One orbital.
#[derive(Clone, Debug)]
pub struct Orbital {
    /// A representative pair (the smallest), 0-based.
    pub representative: (usize, usize),
    /// The number of pairs.
    pub size: usize,
    /// The index of the paired orbital (the transposed pairs).
    pub paired: usize,
    /// The eigenvalues of `A_i` (real when it is symmetric), by decreasing real part;
    /// `None` when `A_i` is not symmetric and nalgebra's Schur iteration did not
    /// converge.
    pub eigenvalues: Option<Vec<Complex<f64>>>,
}

/// The orbitals of a group and the properties of their algebra.
#[derive(Clone, Debug)]
pub struct Orbitals {
    /// The orbitals, in the order of their smallest pair.
    pub orbitals: Vec<Orbital>,
    /// Whether the group is transitive (then the diagonal is one orbital, `A = I`).
    pub transitive: bool,
    /// `A_i A_j` lies in the span of the `A_k` with integer coefficients for every
    /// `i, j` (checked on every entry).
    pub closed_under_products: bool,
    /// Every `A_i A_j = A_j A_i`.
    pub commutative: bool,
    /// Every `A_i` is symmetric.
    pub symmetric: bool,
    /// The orbital of each pair: `index[x·n + y]` for the pair `(x, y)` (0-based).
    pub index: Vec<usize>,
}

/// The orbital matrices of `g`, their eigenvalues, and the algebra's properties
/// (module docs). The products are checked for all pairs of orbitals when there are
/// at most `product_limit` of them (else `closed_under_products` and `commutative`
/// are checked on the first `product_limit`).
///
/// ```
/// use permlab::linalg::permutation_module::orbitals;
/// use permlab::PermGroup;
/// // S4 on 4 points is 2-transitive: the diagonal and the rest, eigenvalues of J − I
/// let s4 = PermGroup::new(4, vec!["(1,2,3,4)".parse().unwrap(), "(1,2)".parse().unwrap()]);
/// let o = orbitals(&s4, 10).unwrap();
/// assert_eq!(o.orbitals.len(), 2);
/// assert!(o.closed_under_products && o.commutative && o.symmetric);
/// assert!((o.orbitals[1].eigenvalues.as_ref().unwrap()[0].re - 3.0).abs() < 1e-9);
/// ```
pub fn orbitals(g: &PermGroup, product_limit: usize) -> Result<Orbitals, ModuleError> {
    let n = g.degree();
    let mut orbits = pair_orbits(g)?;
    for o in orbits.iter_mut() {
        o.sort_unstable();
    }
    orbits.sort_by_key(|o| o[0]);
    let mut which = vec![0usize; n * n];
    for (i, o) in orbits.iter().enumerate() {
        for &(x, y) in o {
            which[x * n + y] = i;
        }
    }
    let mats: Vec<DMatrix<f64>> = orbits
        .iter()
        .map(|o| {
            let mut a = DMatrix::<f64>::zeros(n, n);
            for &(x, y) in o {
                a[(x, y)] = 1.0;
            }
            a
        })
        .collect();
    let mut out = Vec::new();
    let mut all_symmetric = true;
    for (i, o) in orbits.iter().enumerate() {
        let (x, y) = o[0];
        let paired = which[y * n + x];
        let sym = paired == i;
        all_symmetric &= sym;
        let mut eigenvalues: Option<Vec<Complex<f64>>> = if sym {
            Some(
                mats[i]
                    .symmetric_eigenvalues()
                    .iter()
                    .map(|&v| Complex::new(v, 0.0))
                    .collect(),
            )
        } else {
            mats[i]
                .clone()
                .try_schur(f64::EPSILON, 1000 * n.max(1))
                .map(|s| s.complex_eigenvalues().iter().copied().collect())
        };
        if let Some(e) = eigenvalues.as_mut() {
            e.sort_by(|a, b| b.re.total_cmp(&a.re).then(b.im.total_cmp(&a.im)));
        }
        out.push(Orbital {
            representative: (x, y),
            size: o.len(),
            paired,
            eigenvalues,
        });
    }
    // products: A_i A_j must be constant on every orbital
    let r = orbits.len().min(product_limit);
    let mut closed = true;
    let mut commutative = true;
    for i in 0..r {
        for j in 0..r {
            let p = &mats[i] * &mats[j];
            let mut coef = vec![f64::NAN; orbits.len()];
            for x in 0..n {
                for y in 0..n {
                    let k = which[x * n + y];
                    let v = p[(x, y)];
                    if coef[k].is_nan() {
                        coef[k] = v;
                    } else if coef[k] != v {
                        closed = false;
                    }
                }
            }
            if j > i && p != &mats[j] * &mats[i] {
                commutative = false;
            }
        }
    }
    Ok(Orbitals {
        orbitals: out,
        transitive: g.is_transitive(),
        closed_under_products: closed,
        commutative,
        symmetric: all_symmetric,
        index: which,
    })
}
