//! Modules over `GF(p)` for a group given by the matrices of its generators: the
//! elementary abelian sections of a group, acted on by conjugation. The minimal
//! submodules found here are the abelian chief factors of [`super::chief`].
//!
//! A submodule is found by spinning (the smallest subspace containing a vector and
//! closed under the generators). Irreducibility is decided by Norton's test (the
//! MeatAxe of R. A. Parker, "The computer calculation of modular characters", 1984,
//! in the form of D. F. Holt and S. Rees, "Testing modules for irreducibility",
//! J. Austral. Math. Soc. 57 (1994)): for an element `θ` of the group algebra with a
//! non-zero kernel, a proper submodule `U` of `V` either meets `ker θ` (when `θ` is
//! singular on `U`) or has an annihilator in the dual meeting `ker θ^T` (when `θ` is
//! singular on `V/U`). So if every non-zero vector of `ker θ` spins to `V` and every
//! non-zero vector of `ker θ^T` spins to `V*` under the transposed generators, `V` is
//! irreducible; otherwise a vector that does not spins to a proper submodule (or to
//! one whose annihilator is). `θ` is taken as `B − λ` for random algebra elements
//! `B` and eigenvalues `λ ∈ GF(p)` with a kernel of dimension at most
//! [`MAX_KERNEL`], so few vectors are spun.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A matrix over `GF(p)`, rows of `u64` entries below `p`; vectors are rows and the
/// group acts on the right (`v ↦ v A`).
pub type Matrix = Vec<Vec<u64>>;

/// The largest kernel dimension of `θ` for which Norton's test is run.
pub const MAX_KERNEL: usize = 3;

/// Random algebra elements tried before `minimal_submodule` gives up.
pub const TRIES: usize = 64;

/// A module: the prime, the dimension and the generators' matrices.
#[derive(Clone, Debug)]
pub struct Module {
    /// The prime `p`.
    pub p: u64,
    /// The dimension.
    pub dim: usize,
    /// The generators' matrices (`dim × dim`).
    pub gens: Vec<Matrix>,
}

/// A subspace in reduced echelon form: basis rows with their pivot columns (each
/// pivot column is zero in the other rows).
#[derive(Clone, Debug, Default)]
struct Echelon {
    rows: Vec<Vec<u64>>,
    pivots: Vec<usize>,
}

fn inv(a: u64, p: u64) -> u64 {
    // a^(p-2) mod p
    let (mut r, mut b, mut e) = (1u64, a % p, p - 2);
    while e > 0 {
        if e & 1 == 1 {
            r = (r as u128 * b as u128 % p as u128) as u64;
        }
        b = (b as u128 * b as u128 % p as u128) as u64;
        e >>= 1;
    }
    r
}

impl Echelon {
    /// Reduces `v` by the basis; returns whether it was independent (and adds it).
    fn add(&mut self, mut v: Vec<u64>, p: u64) -> bool {
        self.reduce(&mut v, p);
        let Some(c) = v.iter().position(|&x| x != 0) else {
            return false;
        };
        let s = inv(v[c], p);
        for x in v.iter_mut() {
            *x = (*x as u128 * s as u128 % p as u128) as u64;
        }
        // fully reduced: the new pivot column is cleared in the other rows, so a
        // vector of the span has its coordinates at the pivots
        for r in self.rows.iter_mut() {
            let f = r[c];
            if f != 0 {
                for (x, &y) in r.iter_mut().zip(&v) {
                    *x = ((*x as u128 + (p - f) as u128 * y as u128) % p as u128) as u64;
                }
            }
        }
        self.rows.push(v);
        self.pivots.push(c);
        true
    }

    fn reduce(&self, v: &mut [u64], p: u64) {
        for (r, &c) in self.rows.iter().zip(&self.pivots) {
            let f = v[c];
            if f != 0 {
                for (x, &y) in v.iter_mut().zip(r) {
                    *x = ((*x as u128 + (p - f) as u128 * y as u128) % p as u128) as u64;
                }
            }
        }
    }

    fn contains(&self, v: &[u64], p: u64) -> bool {
        let mut w = v.to_vec();
        self.reduce(&mut w, p);
        w.iter().all(|&x| x == 0)
    }
}

/// `v A`.
fn apply(v: &[u64], a: &Matrix, p: u64) -> Vec<u64> {
    let d = a.first().map_or(0, Vec::len);
    let mut out = vec![0u128; d];
    for (&c, row) in v.iter().zip(a) {
        if c != 0 {
            for (o, &x) in out.iter_mut().zip(row) {
                *o = (*o + c as u128 * x as u128) % p as u128;
            }
        }
    }
    out.into_iter().map(|x| x as u64).collect()
}

fn mul(a: &Matrix, b: &Matrix, p: u64) -> Matrix {
    a.iter().map(|row| apply(row, b, p)).collect()
}

/// The transpose of a (possibly rectangular) matrix.
fn transpose(a: &Matrix) -> Matrix {
    let cols = a.first().map_or(0, Vec::len);
    (0..cols)
        .map(|j| a.iter().map(|row| row[j]).collect())
        .collect()
}

/// A basis of the null space `{v : v A = 0}`.
fn kernel(a: &Matrix, p: u64) -> Vec<Vec<u64>> {
    let d = a.len();
    // row-reduce [A | I]: rows of I whose A-part becomes zero span the kernel
    let mut rows: Vec<(Vec<u64>, Vec<u64>)> = (0..d)
        .map(|i| {
            let mut e = vec![0u64; d];
            e[i] = 1;
            (a[i].clone(), e)
        })
        .collect();
    let mut rank = 0;
    for col in 0..a.first().map_or(0, Vec::len) {
        let Some(piv) = (rank..d).find(|&r| rows[r].0[col] != 0) else {
            continue;
        };
        rows.swap(rank, piv);
        let s = inv(rows[rank].0[col], p);
        let scale = |v: &mut Vec<u64>| {
            for x in v.iter_mut() {
                *x = (*x as u128 * s as u128 % p as u128) as u64;
            }
        };
        scale(&mut rows[rank].0);
        scale(&mut rows[rank].1);
        for r in 0..d {
            if r != rank && rows[r].0[col] != 0 {
                let f = rows[r].0[col];
                let (pa, pe) = (rows[rank].0.clone(), rows[rank].1.clone());
                for (x, y) in rows[r].0.iter_mut().zip(&pa) {
                    *x = ((*x as u128 + (p - f) as u128 * *y as u128) % p as u128) as u64;
                }
                for (x, y) in rows[r].1.iter_mut().zip(&pe) {
                    *x = ((*x as u128 + (p - f) as u128 * *y as u128) % p as u128) as u64;
                }
            }
        }
        rank += 1;
    }
    rows[rank..].iter().map(|(_, e)| e.clone()).collect()
}

impl Module {
    /// The submodule spanned by `v` and its images (a basis, echelonised).
    pub fn spin(&self, v: &[u64]) -> Vec<Vec<u64>> {
        spin(&self.gens, v, self.p).rows
    }

    /// A minimal submodule (a basis, in the module's coordinates), the whole module
    /// when it is irreducible; `None` when Norton's test found no usable algebra
    /// element in [`TRIES`] tries (module docs).
    pub fn minimal_submodule(&self) -> Option<Vec<Vec<u64>>> {
        let mut current = self.clone();
        // the basis of `current` in the original coordinates
        let mut basis: Vec<Vec<u64>> = (0..self.dim)
            .map(|i| {
                let mut e = vec![0; self.dim];
                e[i] = 1;
                e
            })
            .collect();
        loop {
            match current.proper_submodule()? {
                None => return Some(basis),
                Some(sub) => {
                    // restrict to the submodule: coordinates in the basis `sub`
                    let p = self.p;
                    let ech = {
                        let mut e = Echelon::default();
                        for v in &sub {
                            e.add(v.clone(), p);
                        }
                        e
                    };
                    let coords = |v: &[u64]| -> Vec<u64> {
                        // v = Σ c_i ech.rows[i]; read c_i at the pivots, top-down
                        ech.pivots.iter().map(|&c| v[c]).collect()
                    };
                    let gens: Vec<Matrix> = current
                        .gens
                        .iter()
                        .map(|a| ech.rows.iter().map(|r| coords(&apply(r, a, p))).collect())
                        .collect();
                    basis = ech
                        .rows
                        .iter()
                        .map(|r| {
                            let mut v = vec![0u128; self.dim];
                            for (&c, b) in r.iter().zip(&basis) {
                                for (x, &y) in v.iter_mut().zip(b) {
                                    *x = (*x + c as u128 * y as u128) % p as u128;
                                }
                            }
                            v.into_iter().map(|x| x as u64).collect()
                        })
                        .collect();
                    current = Module {
                        p,
                        dim: ech.rows.len(),
                        gens,
                    };
                }
            }
        }
    }

    /// `Some(None)` when the module is irreducible, `Some(Some(basis))` a proper
    /// non-zero submodule, `None` when undecided.
    fn proper_submodule(&self) -> Option<Option<Vec<Vec<u64>>>> {
        let (p, d) = (self.p, self.dim);
        if d <= 1 {
            return Some(None);
        }
        // a vector fixed or spinning small is found at once by the generators' kernels
        let transposed: Vec<Matrix> = self.gens.iter().map(transpose).collect();
        let mut rng = StdRng::seed_from_u64(0x3ea7 ^ p ^ d as u64);
        for _ in 0..TRIES {
            // B: a random combination of random products of generators
            let mut b: Matrix = vec![vec![0; d]; d];
            for _ in 0..3 {
                let mut m = identity(d);
                for _ in 0..rng.random_range(1..4) {
                    if self.gens.is_empty() {
                        break;
                    }
                    let g = &self.gens[rng.random_range(0..self.gens.len())];
                    m = mul(&m, g, p);
                }
                let c = rng.random_range(1..p);
                for (br, mr) in b.iter_mut().zip(&m) {
                    for (x, &y) in br.iter_mut().zip(mr) {
                        *x = ((*x as u128 + c as u128 * y as u128) % p as u128) as u64;
                    }
                }
            }
            for lambda in 0..p.min(64) {
                let mut t = b.clone();
                for (i, row) in t.iter_mut().enumerate() {
                    row[i] = (row[i] + p - lambda) % p;
                }
                let k = kernel(&t, p);
                if k.is_empty() || k.len() > MAX_KERNEL {
                    continue;
                }
                for v in vectors_of(&k, p) {
                    let s = spin(&self.gens, &v, p);
                    if s.rows.len() < d {
                        return Some(Some(s.rows));
                    }
                }
                let kt = kernel(&transpose(&t), p);
                for w in vectors_of(&kt, p) {
                    let s = spin(&transposed, &w, p);
                    if s.rows.len() < d {
                        // the annihilator of a proper dual submodule
                        let ann = kernel(&transpose(&s.rows), p);
                        return Some(Some(ann));
                    }
                }
                return Some(None);
            }
        }
        None
    }
}

fn identity(d: usize) -> Matrix {
    (0..d)
        .map(|i| {
            let mut r = vec![0; d];
            r[i] = 1;
            r
        })
        .collect()
}

fn spin(gens: &[Matrix], v: &[u64], p: u64) -> Echelon {
    let mut e = Echelon::default();
    let mut queue = vec![v.to_vec()];
    while let Some(w) = queue.pop() {
        if e.contains(&w, p) {
            continue;
        }
        e.add(w.clone(), p);
        for a in gens {
            queue.push(apply(&w, a, p));
        }
    }
    e
}

/// One non-zero vector of each 1-dimensional subspace of the span of `basis`.
fn vectors_of(basis: &[Vec<u64>], p: u64) -> Vec<Vec<u64>> {
    let k = basis.len();
    let d = basis.first().map_or(0, Vec::len);
    let mut out = Vec::new();
    let total = p.pow(k as u32);
    for code in 1..total {
        // coefficients in base p; keep those whose first non-zero coefficient is 1
        let mut c = Vec::with_capacity(k);
        let mut x = code;
        for _ in 0..k {
            c.push(x % p);
            x /= p;
        }
        if c.iter().find(|&&a| a != 0) != Some(&1) {
            continue;
        }
        let mut v = vec![0u128; d];
        for (&a, b) in c.iter().zip(basis) {
            for (x, &y) in v.iter_mut().zip(b) {
                *x = (*x + a as u128 * y as u128) % p as u128;
            }
        }
        out.push(v.into_iter().map(|x| x as u64).collect());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The permutation module of S_n over GF(p) (matrices of a transposition and an
    /// n-cycle).
    fn permutation_module(n: usize, p: u64) -> Module {
        let perm = |images: &[usize]| -> Matrix {
            (0..n)
                .map(|i| {
                    let mut r = vec![0; n];
                    r[images[i]] = 1;
                    r
                })
                .collect()
        };
        let mut t: Vec<usize> = (0..n).collect();
        t.swap(0, 1);
        let c: Vec<usize> = (0..n).map(|i| (i + 1) % n).collect();
        Module {
            p,
            dim: n,
            gens: vec![perm(&t), perm(&c)],
        }
    }

    /// Every non-zero vector of the span of `basis` spins to it (brute force).
    fn irreducible_by_brute_force(m: &Module, basis: &[Vec<u64>]) -> bool {
        vectors_of(basis, m.p)
            .iter()
            .all(|v| m.spin(v).len() == basis.len())
    }

    #[test]
    fn minimal_submodules_of_permutation_modules() {
        // GF(p)^n under S_n: the constants (dimension 1) and, when p ∤ n, the sum-zero
        // module (dimension n − 1) are its minimal submodules; when p | n the constants
        // lie inside the sum-zero module and are the only one
        for (n, p) in [
            (5, 2),
            (6, 2),
            (6, 3),
            (7, 3),
            (8, 2),
            (5, 5),
            (9, 3),
            (12, 2),
        ] {
            let m = permutation_module(n, p);
            let s = m.minimal_submodule().expect("decided");
            if (n as u64).is_multiple_of(p) {
                assert_eq!(s.len(), 1, "n {n} p {p}");
            } else {
                assert!(s.len() == 1 || s.len() == n - 1, "n {n} p {p}");
            }
            // a submodule, and irreducible
            let closed = Echelon {
                rows: m.spin(&s[0]),
                pivots: Vec::new(),
            };
            assert_eq!(closed.rows.len(), s.len(), "n {n} p {p}");
            assert!(irreducible_by_brute_force(&m, &s), "n {n} p {p}");
        }
        // the sum-zero module of S_8 over GF(3) is irreducible (3 ∤ 8)
        let m = permutation_module(8, 3);
        let mut v = vec![0; 8];
        v[0] = 1;
        v[1] = 2;
        let sum_zero = m.spin(&v);
        assert_eq!(sum_zero.len(), 7);
        assert!(irreducible_by_brute_force(&m, &sum_zero));
        let restricted = {
            let ech = spin(&m.gens, &v, 3);
            let coords = |w: &[u64]| -> Vec<u64> { ech.pivots.iter().map(|&c| w[c]).collect() };
            Module {
                p: 3,
                dim: 7,
                gens: m
                    .gens
                    .iter()
                    .map(|a| ech.rows.iter().map(|r| coords(&apply(r, a, 3))).collect())
                    .collect(),
            }
        };
        assert_eq!(restricted.minimal_submodule().unwrap().len(), 7);
    }
}
