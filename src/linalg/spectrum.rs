//! Spectra of move matrices: the eigenvalues of a word's permutation matrix (exactly,
//! from its cycle type) and of the random-move operator `T = (1/|S|) Σ_{s∈S} P_s` on
//! the points and on the ordered pairs of points, its spectral gap and what that
//! gap bounds.
//!
//! **A word's matrix.** A permutation matrix is a direct sum of cyclic shifts, one per
//! cycle, and a cycle of length `L` has the `L`-th roots of unity as eigenvalues, each
//! once. So `e^{2πi a/b}` (`a/b` in lowest terms) has multiplicity the number of
//! cycles whose length is divisible by `b` (R. A. Horn and C. R. Johnson, *Matrix
//! Analysis*, 2nd ed., 2013, §0.9.5 and the circulant matrices of §0.9.6).
//!
//! **The random-move operator.** `T` is doubly stochastic: it is the transition
//! matrix of the position of one sticker (on pairs: of an ordered pair of stickers)
//! when uniformly random moves from `S` are made. Its eigenvalue 1 has one
//! eigenvector per orbit (the orbit's indicator; [`super::invariants`]), and the other
//! eigenvalues, the *non-trivial* spectrum, are also eigenvalues of the random walk on
//! the whole state space: an eigenfunction `f` of `T` on an orbit with eigenvalue `λ`
//! lifts to the eigenfunction `g ↦ f(x_0^g)` of the walk on the group. When `S` is
//! closed under inverses `T` is symmetric (`P_{s⁻¹} = P_sᵀ`) and its eigenvalues are
//! real (nalgebra's symmetric eigen solver); otherwise they are the complex
//! eigenvalues of its real Schur form (nalgebra's Schur decomposition).
//!
//! **One block per orbit.** Every move maps each orbit of `⟨S⟩` on the domain onto
//! itself, so in a basis ordered orbit by orbit `T` is block diagonal, one block per
//! orbit, and its spectrum is the union of the blocks' spectra. The eigen solvers run
//! on the blocks ([`orbit_blocks`]): cube3 has 2916 ordered pairs of stickers but
//! no orbit on them larger than 576, and the dense limit [`MAX_DIMENSION`] applies
//! to the largest orbit, not to the whole domain.
//!
//! **Bounds** (D. A. Levin, Y. Peres and E. L. Wilmer, *Markov Chains and Mixing
//! Times*, 2nd ed., AMS 2017, ch. 12). With `λ*` the largest modulus of a
//! non-trivial eigenvalue:
//!
//! * *lower bound, any `S`:* the total-variation distance to uniform of the whole
//!   puzzle's walk after `k` moves is at least `λ*^k / 2` (for an eigenfunction `f`
//!   with `λ ≠ 1`, `|λ^k f(x)| = |Σ_y (P^k(x,y) − π(y)) f(y)| ≤ 2 d(k) ‖f‖_∞`, the
//!   proof of LPW Theorem 12.5, which needs no reversibility; applied to the lifted
//!   eigenfunction at a point where `|f|` is largest). The pairs operator has the
//!   points operator's non-trivial spectrum inside its own, so its bound is at
//!   least as strong.
//! * *upper bound, `S` closed under inverses:* for the reversible chain of one
//!   sticker (or one ordered pair) on its orbit of size `N`, the `ℓ²` bound
//!   `2‖P^k(x,·) − π‖_TV ≤ ‖P^k(x,·)/π − 1‖_{2,π} ≤ λ*^k √(N − 1)` (spectral
//!   decomposition, LPW §12.1) gives `d(k) ≤ λ*^k √(N − 1) / 2` for *that chain*
//!   only: it does not bound the whole puzzle's walk.

use crate::perm::Perm;
use crate::progress::Progress;
use nalgebra::{Complex, DMatrix};

/// A problem computing a spectrum.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpectrumError {
    /// A block (an orbit, or the whole domain for [`random_move_operator`]) would be
    /// too large for a dense eigen solver.
    #[error("a block of the operator on {dimension} {what} would need {} MiB; the dense eigen solver is limited to {limit} {what} (refused before allocating)", dimension * dimension * 8 / (1 << 20))]
    TooLarge {
        /// Points or pairs.
        what: &'static str,
        /// The block's dimension.
        dimension: usize,
        /// The limit.
        limit: usize,
    },
    /// The domain itself is too large to list (more than [`MAX_DOMAIN`] elements).
    #[error(
        "{degree} points have {size} ordered pairs; at most {} are listed",
        MAX_DOMAIN
    )]
    DomainTooLarge {
        /// The degree.
        degree: usize,
        /// The number of elements of the domain.
        size: usize,
    },
    /// No moves.
    #[error("there are no moves")]
    NoMoves,
    /// The Schur decomposition did not converge.
    #[error("the Schur decomposition did not converge")]
    NoConvergence,
}

/// The largest orbit on the domain whose block of the operator is given to a dense
/// eigen solver (a 4000 × 4000 block takes 122 MiB).
pub const MAX_DIMENSION: usize = 4000;

/// The largest domain whose orbits are listed (`2^24` points or pairs, 64 MiB of
/// orbit labels).
pub const MAX_DOMAIN: usize = 1 << 24;

/// The root of unity `e^{2πi a/b}`, `0 ≤ a < b`, `gcd(a, b) = 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RootOfUnity {
    /// `a`.
    pub numerator: u64,
    /// `b`, the order of the root.
    pub denominator: u64,
}

impl RootOfUnity {
    /// The complex number.
    pub fn value(&self) -> Complex<f64> {
        let t = std::f64::consts::TAU * self.numerator as f64 / self.denominator as f64;
        Complex::new(t.cos(), t.sin())
    }
}

impl std::fmt::Display for RootOfUnity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.numerator, self.denominator) {
            (0, 1) => write!(f, "1"),
            (1, 2) => write!(f, "-1"),
            (a, b) => write!(f, "exp(2πi·{a}/{b})"),
        }
    }
}

/// The eigenvalues of the permutation matrix of `p`, exactly, with multiplicities, in
/// order of angle: `e^{2πi a/b}` has multiplicity the number of cycles of `p`
/// (fixed points included) whose length `b` divides.
///
/// ```
/// use permlab::linalg::spectrum::permutation_eigenvalues;
/// use permlab::Perm;
/// let p: Perm = "(1,2,3,4)(5,6)".parse().unwrap();
/// let e = permutation_eigenvalues(&p);
/// // 1 and -1 twice each, ±i once
/// let m: Vec<(u64, u64, usize)> =
///     e.iter().map(|(r, m)| (r.numerator, r.denominator, *m)).collect();
/// assert_eq!(m, vec![(0, 1, 2), (1, 4, 1), (1, 2, 2), (3, 4, 1)]);
/// ```
pub fn permutation_eigenvalues(p: &Perm) -> Vec<(RootOfUnity, usize)> {
    let lengths: Vec<u64> = p.cycle_type().iter().map(|&l| l as u64).collect();
    let mut denominators: Vec<u64> = Vec::new();
    for &l in &lengths {
        for b in 1..=l {
            if l % b == 0 {
                denominators.push(b);
            }
        }
    }
    denominators.sort_unstable();
    denominators.dedup();
    let mut out = Vec::new();
    for &b in &denominators {
        let mult = lengths.iter().filter(|&&l| l % b == 0).count();
        for a in 0..b {
            if num_integer::gcd(a, b) == 1 {
                out.push((
                    RootOfUnity {
                        numerator: a,
                        denominator: b,
                    },
                    mult,
                ));
            }
        }
    }
    out.sort_by(|(x, _), (y, _)| {
        (x.numerator as u128 * y.denominator as u128)
            .cmp(&(y.numerator as u128 * x.denominator as u128))
    });
    out
}

/// Points or ordered pairs of points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// The `n` points.
    Points,
    /// The `n²` ordered pairs `(i, j)`, index `i·n + j` (repeats allowed).
    Pairs,
}

impl Domain {
    /// `"points"` or `"pairs"`.
    pub fn name(self) -> &'static str {
        match self {
            Domain::Points => "points",
            Domain::Pairs => "pairs",
        }
    }
}

/// The number of elements of the domain, refused above [`MAX_DOMAIN`].
fn domain_size(degree: usize, domain: Domain) -> Result<usize, SpectrumError> {
    match domain {
        Domain::Points => Ok(degree),
        Domain::Pairs => degree
            .checked_mul(degree)
            .filter(|&size| size <= MAX_DOMAIN)
            .ok_or(SpectrumError::DomainTooLarge {
                degree,
                size: degree.saturating_mul(degree),
            }),
    }
}

/// The image of the domain element `x` (a point, or the pair `i·n + j`) under `s`.
fn domain_image(s: &Perm, x: usize, degree: usize, domain: Domain) -> usize {
    match domain {
        Domain::Points => s.image(x),
        Domain::Pairs => s.image(x / degree) * degree + s.image(x % degree),
    }
}

/// The orbits of `⟨moves⟩` on the domain (pairs `(i, j)` as `i·n + j`), each sorted,
/// in the order of their smallest elements: the blocks of `T` (module docs).
///
/// ```
/// use permlab::linalg::spectrum::{orbit_blocks, Domain};
/// use permlab::Perm;
/// // a 3-cycle on 3 points: one orbit of points; on the 9 ordered pairs, the 3
/// // diagonal pairs (i, i), the 3 pairs (i, i+1) and the 3 pairs (i, i+2)
/// let c: Perm = "(1,2,3)".parse().unwrap();
/// assert_eq!(orbit_blocks(3, &[c.clone()], Domain::Points).unwrap(), vec![vec![0, 1, 2]]);
/// let pairs = orbit_blocks(3, &[c], Domain::Pairs).unwrap();
/// assert_eq!(pairs, vec![vec![0, 4, 8], vec![1, 5, 6], vec![2, 3, 7]]);
/// ```
pub fn orbit_blocks(
    degree: usize,
    moves: &[Perm],
    domain: Domain,
) -> Result<Vec<Vec<usize>>, SpectrumError> {
    let size = domain_size(degree, domain)?;
    let mut seen = vec![false; size];
    let mut blocks = Vec::new();
    for start in 0..size {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut orbit = vec![start];
        let mut next = 0;
        while next < orbit.len() {
            let x = orbit[next];
            next += 1;
            for s in moves {
                let y = domain_image(s, x, degree, domain);
                if !seen[y] {
                    seen[y] = true;
                    orbit.push(y);
                }
            }
        }
        orbit.sort_unstable();
        blocks.push(orbit);
    }
    Ok(blocks)
}

/// `T` restricted to `elements` (a union of orbits), dense, row and column `k` for
/// `elements[k]`; `local` maps each domain element to its index in `elements`.
fn block_operator(
    degree: usize,
    moves: &[Perm],
    domain: Domain,
    elements: &[usize],
    local: &mut [u32],
) -> Result<DMatrix<f64>, SpectrumError> {
    let dim = elements.len();
    if dim > MAX_DIMENSION {
        return Err(SpectrumError::TooLarge {
            what: domain.name(),
            dimension: dim,
            limit: MAX_DIMENSION,
        });
    }
    for (k, &x) in elements.iter().enumerate() {
        local[x] = k as u32;
    }
    let w = 1.0 / moves.len() as f64;
    let mut t = DMatrix::<f64>::zeros(dim, dim);
    for s in moves {
        for (k, &x) in elements.iter().enumerate() {
            t[(local[domain_image(s, x, degree, domain)] as usize, k)] += w;
        }
    }
    Ok(t)
}

/// The random-move operator `T = (1/|S|) Σ P_s` on the whole domain, dense:
/// `T[s(x), x] += 1/|S|` (the crate's matrix convention); at most
/// [`MAX_DIMENSION`] rows. [`random_move_spectrum`] works orbit by orbit instead.
pub fn random_move_operator(
    degree: usize,
    moves: &[Perm],
    domain: Domain,
) -> Result<DMatrix<f64>, SpectrumError> {
    if moves.is_empty() {
        return Err(SpectrumError::NoMoves);
    }
    let size = domain_size(degree, domain)?;
    if size > MAX_DIMENSION {
        return Err(SpectrumError::TooLarge {
            what: domain.name(),
            dimension: size,
            limit: MAX_DIMENSION,
        });
    }
    let all: Vec<usize> = (0..size).collect();
    let mut local = vec![0u32; size];
    block_operator(degree, moves, domain, &all, &mut local)
}

/// Which eigen solver was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solver {
    /// The moves are closed under inverses: `T` is symmetric (real eigenvalues).
    Symmetric,
    /// `T` is not symmetric: complex eigenvalues of the real Schur form.
    Schur,
}

impl Solver {
    /// `"symmetric"` or `"schur"`.
    pub fn name(self) -> &'static str {
        match self {
            Solver::Symmetric => "symmetric",
            Solver::Schur => "schur",
        }
    }
}

/// Eigenvalues within this distance of 1 are counted as 1.
pub const UNIT_TOLERANCE: f64 = 1e-7;

/// The spectrum of a random-move operator and its gaps.
#[derive(Clone, Debug)]
pub struct OperatorSpectrum {
    /// Points or pairs.
    pub domain: Domain,
    /// The solver used.
    pub solver: Solver,
    /// All eigenvalues, by decreasing real part (then imaginary part).
    pub eigenvalues: Vec<Complex<f64>>,
    /// How many are within [`UNIT_TOLERANCE`] of 1 (in exact arithmetic: the number
    /// of orbits on the domain).
    pub unit_multiplicity: usize,
    /// For a symmetric `T`: the largest eigenvalue after the unit ones (`λ₂`).
    pub second: Option<f64>,
    /// The largest modulus of a non-trivial eigenvalue (`λ*`), the unit ones removed;
    /// `None` when every eigenvalue is 1 (no moves move anything).
    pub lambda_star: Option<f64>,
    /// The number of orbits of the moves on the domain (the blocks of `T`).
    pub orbits: usize,
    /// The size of the largest orbit on the domain, the `N` of the one-orbit upper
    /// bound.
    pub largest_orbit: usize,
}

impl OperatorSpectrum {
    /// The spectral gap `1 − λ₂` (symmetric `T` only).
    pub fn gap(&self) -> Option<f64> {
        self.second.map(|l| 1.0 - l)
    }

    /// The absolute spectral gap `1 − λ*`.
    pub fn absolute_gap(&self) -> Option<f64> {
        self.lambda_star.map(|l| 1.0 - l)
    }

    /// The lower bound `λ*^k / 2` on the total-variation distance to uniform of the
    /// whole puzzle's walk after `k` moves (module docs).
    pub fn lower_bound(&self, k: u32) -> Option<f64> {
        self.lambda_star.map(|l| 0.5 * l.powi(k as i32))
    }

    /// For a symmetric `T`: the upper bound `λ*^k √(N − 1) / 2` on the distance to
    /// uniform of the chain of one point (or pair) on an orbit of size at most `N`
    /// (module docs); `None` for a non-symmetric `T`.
    pub fn one_orbit_upper_bound(&self, k: u32) -> Option<f64> {
        match self.solver {
            Solver::Symmetric => self
                .lambda_star
                .map(|l| 0.5 * l.powi(k as i32) * ((self.largest_orbit - 1) as f64).sqrt()),
            Solver::Schur => None,
        }
    }
}

/// Whether the set of moves is closed under inverses.
pub fn closed_under_inverses(moves: &[Perm]) -> bool {
    moves.iter().all(|s| moves.contains(&s.inverse()))
}

/// The spectrum of `T` on the domain (module docs).
///
/// ```
/// use permlab::linalg::spectrum::{random_move_spectrum, Domain, Solver};
/// use permlab::Perm;
/// // a 4-cycle and its inverse: T has eigenvalues cos(2πj/4) = 1, 0, -1, 0
/// let a: Perm = "(1,2,3,4)".parse().unwrap();
/// let s = random_move_spectrum(4, &[a.clone(), a.inverse()], Domain::Points).unwrap();
/// assert_eq!(s.solver, Solver::Symmetric);
/// assert_eq!(s.unit_multiplicity, 1);
/// assert!((s.second.unwrap() - 0.0).abs() < 1e-12);
/// assert!((s.lambda_star.unwrap() - 1.0).abs() < 1e-12); // -1: the walk has period 2
/// ```
pub fn random_move_spectrum(
    degree: usize,
    moves: &[Perm],
    domain: Domain,
) -> Result<OperatorSpectrum, SpectrumError> {
    random_move_spectrum_observed(degree, moves, domain, &())
}

/// [`random_move_spectrum`], reporting to `progress` the domain elements whose blocks
/// are solved (a 3420 × 3420 block of the Megaminx's pairs takes minutes).
pub fn random_move_spectrum_observed(
    degree: usize,
    moves: &[Perm],
    domain: Domain,
    progress: &dyn Progress,
) -> Result<OperatorSpectrum, SpectrumError> {
    if moves.is_empty() {
        return Err(SpectrumError::NoMoves);
    }
    let blocks = orbit_blocks(degree, moves, domain)?;
    let largest_orbit = blocks.iter().map(Vec::len).max().unwrap_or(0);
    if largest_orbit > MAX_DIMENSION {
        return Err(SpectrumError::TooLarge {
            what: domain.name(),
            dimension: largest_orbit,
            limit: MAX_DIMENSION,
        });
    }
    let symmetric = closed_under_inverses(moves);
    let mut local = vec![0u32; domain_size(degree, domain)?];
    let mut eigenvalues: Vec<Complex<f64>> = Vec::with_capacity(local.len());
    progress.set_length(local.len() as u64);
    for block in &blocks {
        let t = block_operator(degree, moves, domain, block, &mut local)?;
        if symmetric {
            eigenvalues.extend(
                t.symmetric_eigenvalues()
                    .iter()
                    .map(|&x| Complex::new(x, 0.0)),
            );
        } else {
            let iterations = 1000 * t.nrows().max(1);
            eigenvalues.extend(
                t.try_schur(f64::EPSILON, iterations)
                    .ok_or(SpectrumError::NoConvergence)?
                    .complex_eigenvalues()
                    .iter()
                    .copied(),
            );
        }
        progress.inc(block.len() as u64);
    }
    progress.finish();
    eigenvalues.sort_by(|a, b| b.re.total_cmp(&a.re).then(b.im.total_cmp(&a.im)));
    let is_unit = |z: &Complex<f64>| (z - Complex::new(1.0, 0.0)).norm() < UNIT_TOLERANCE;
    let unit_multiplicity = eigenvalues.iter().filter(|z| is_unit(z)).count();
    let rest: Vec<&Complex<f64>> = eigenvalues.iter().filter(|z| !is_unit(z)).collect();
    let second = symmetric.then(|| rest.first().map(|z| z.re)).flatten();
    let lambda_star = rest.iter().map(|z| z.norm()).reduce(f64::max);
    Ok(OperatorSpectrum {
        domain,
        solver: if symmetric {
            Solver::Symmetric
        } else {
            Solver::Schur
        },
        eigenvalues,
        unit_multiplicity,
        second,
        lambda_star,
        orbits: blocks.len(),
        largest_orbit,
    })
}
