//! The independent checker of certificates: deliberately small, on plain image arrays
//! (`a[x]` is the image of point `x`), sharing nothing with the crate's Schreier–Sims,
//! orbit or block code. Only the permutation and word parsers are reused, to read the
//! file.
//!
//! What it proves, and how:
//!
//! * **words**: each word is evaluated letter by letter and compared with the stated
//!   permutation;
//! * **order**, from a chain (base `b_1..b_r`, strong generators `S` given by a
//!   straight-line program over the generators, basic orbit lengths `l_i`): `S ⊆ G`
//!   because the program only multiplies generators; the orbit of `b_i` under
//!   `S^(i)` (the strong generators fixing `b_1..b_{i-1}`) is recomputed and must have
//!   length `l_i`, so `|G| ≥ ∏ l_i`. Then either `∏ l_i` equals the upper bound
//!   `∏ |O|!/2 · 2^rank` over the orbits `O` (rank of the generators' sign vectors over
//!   GF(2): the kernel of the sign map lies in `∏ Alt(O)`), or Sims' test passes: every
//!   Schreier generator `u_p s u_{p^s}^{-1}` of every level sifts to the identity
//!   through the levels below and every generator of `G` sifts to the identity
//!   (Sims 1970; Seress, *Permutation Group Algorithms*, Lemma 4.2.1 and §4.1);
//! * **symmetric / alternating** by Jordan's theorem (Wielandt, *Finite Permutation
//!   Groups*, Thm 13.3): the group is transitive on its moved points, primitive (for the
//!   smallest moved point `a` and every other `b`, the smallest invariant partition
//!   joining `a` and `b` is the whole orbit; Atkinson 1975), and contains the
//!   transposition or 3-cycle of a witness word;
//! * **reachable**: a word reaching the state, the state against `Sym(M)` or `Alt(M)`
//!   after a Jordan argument, or sifting the state through a verified
//!   chain;
//! * **structure** names (`claim --structure`): the arguments of
//!   [`super::structure`], each subgroup's chain verified as above over its own
//!   generators.
//!
//! **Limits.** Before any permutation is built, the memory the check will hold (one
//! image array of 8 bytes per point for each generator, word, program line and strong
//! generator, two per point of each basic orbit for its transversal element and
//! inverse, and a position table per level) is compared with a bound, and every step
//! counts against a limit (each point image computed, each factorial's word
//! operations; [`check_within`], whose bounds [`check`] sets to [`MAX_CHECK_BYTES`]
//! and [`MAX_CHECK_STEPS`]): a certificate beyond them is refused
//! ([`CheckError::TooLarge`], [`CheckError::TooLong`]) within seconds, whatever it
//! claims.

mod structure;
mod structure_tree;

use super::{Certificate, ChainRecord, ClaimRecord};
use crate::limits::{MAX_CHECK_BYTES, MAX_CHECK_STEPS};
use crate::perm::Perm;
use crate::word::Alphabet;
use num_bigint::BigUint;

/// Why a certificate was not checked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// It could not be read: not a certificate, or parts that do not fit together.
    #[error("malformed certificate: {0}")]
    Malformed(String),
    /// Checking it would hold more memory than the bound given.
    #[error("too large to check: {0}")]
    TooLarge(String),
    /// Checking it takes more steps than the bound given.
    #[error("too large to check: {what} takes more than the limit of {limit} steps (point images computed)")]
    TooLong {
        /// The part of the check that reached the limit.
        what: String,
        /// The limit.
        limit: u64,
    },
}

use CheckError::Malformed;

/// The steps left of a limit.
struct Work {
    left: u64,
    limit: u64,
}

impl Work {
    fn new(limit: u64) -> Work {
        Work { left: limit, limit }
    }

    /// Counts `steps` (saturating) done for `what`; refuses past the limit.
    fn spend(&mut self, steps: u128, what: &str) -> Result<(), CheckError> {
        match u64::try_from(steps)
            .ok()
            .and_then(|s| self.left.checked_sub(s))
        {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => Err(CheckError::TooLong {
                what: what.to_string(),
                limit: self.limit,
            }),
        }
    }
}

/// The outcome of checking a well-formed certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Whether every check passed and the verdict recomputed from the certificate is
    /// the one it states.
    pub holds: bool,
    /// What was checked, or the first check that failed.
    pub message: String,
}

type Images = Vec<usize>;

fn compose(a: &[usize], b: &[usize]) -> Images {
    // first a, then b
    a.iter().map(|&x| b[x]).collect()
}

fn invert(a: &[usize]) -> Images {
    let mut r = vec![0; a.len()];
    for (x, &y) in a.iter().enumerate() {
        r[y] = x;
    }
    r
}

fn is_identity(a: &[usize]) -> bool {
    a.iter().enumerate().all(|(x, &y)| x == y)
}

fn odd(a: &[usize], points: &[usize]) -> bool {
    // parity of the permutation restricted to `points` (which it must preserve)
    let mut seen = vec![false; a.len()];
    let mut even_cycles = 0;
    for &s in points {
        if seen[s] {
            continue;
        }
        let mut len = 0;
        let mut x = s;
        while !seen[x] {
            seen[x] = true;
            len += 1;
            x = a[x];
        }
        if len % 2 == 0 {
            even_cycles += 1;
        }
    }
    even_cycles % 2 == 1
}

fn perm_images(text: &str, n: usize, what: &str) -> Result<Images, CheckError> {
    let p = Perm::parse_cycles(text, Some(n)).map_err(|e| Malformed(format!("{what}: {e}")))?;
    if p.degree() > n {
        return Err(Malformed(format!(
            "{what}: moves a point beyond the degree {n}"
        )));
    }
    Ok((0..n).map(|x| p.image(x)).collect())
}

/// Orbits of the group generated by `gens` on `0..n`, each sorted.
fn orbits(gens: &[Images], n: usize) -> Vec<Vec<usize>> {
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for s in 0..n {
        if seen[s] {
            continue;
        }
        seen[s] = true;
        let mut o = vec![s];
        let mut i = 0;
        while i < o.len() {
            let x = o[i];
            i += 1;
            for g in gens {
                if !seen[g[x]] {
                    seen[g[x]] = true;
                    o.push(g[x]);
                }
            }
        }
        o.sort_unstable();
        out.push(o);
    }
    out
}

/// Whether the transitive group on `orbit` is primitive (Atkinson's closure).
fn primitive(
    gens: &[Images],
    n: usize,
    orbit: &[usize],
    work: &mut Work,
) -> Result<bool, CheckError> {
    fn find(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    let a = orbit[0];
    for &b in &orbit[1..] {
        // a partition of the points, and at most n unions of gens.len() images each
        work.spend(
            n as u128 * (gens.len() as u128 * 2 + 1),
            "the test of primitivity",
        )?;
        let mut parent: Vec<usize> = (0..n).collect();
        parent[a] = b;
        let mut queue = vec![(a, b)];
        while let Some((x, y)) = queue.pop() {
            for g in gens {
                let (u, v) = (find(&mut parent, g[x]), find(&mut parent, g[y]));
                if u != v {
                    parent[u] = v;
                    queue.push((g[x], g[y]));
                }
            }
        }
        let r = find(&mut parent, a);
        if orbit.iter().any(|&x| find(&mut parent, x) != r) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `∏ |O|!/2 · 2^rank` over the non-trivial orbits: an upper bound for `|G|`.
fn upper_bound(
    gens: &[Images],
    orbits: &[Vec<usize>],
    work: &mut Work,
) -> Result<BigUint, CheckError> {
    let big: Vec<&Vec<usize>> = orbits.iter().filter(|o| o.len() > 1).collect();
    let mut bound = BigUint::from(1u32);
    for o in &big {
        bound *= factorial(o.len(), work)? / 2u32;
    }
    work.spend(
        gens.len() as u128 * (gens[0].len() as u128 + big.len() as u128 * gens.len() as u128),
        "the signs of the generators",
    )?;
    // rank over GF(2) of the sign vectors
    let mut basis: Vec<Vec<bool>> = Vec::new();
    for g in gens {
        let mut v: Vec<bool> = big.iter().map(|o| odd(g, o)).collect();
        for b in &basis {
            let piv = b.iter().position(|&x| x).expect("non-zero");
            if v[piv] {
                v.iter_mut().zip(b).for_each(|(x, y)| *x ^= y);
            }
        }
        if v.iter().any(|&x| x) {
            basis.push(v);
        }
    }
    Ok(bound << basis.len())
}

/// A level of the chain: base point, strong generators fixing the earlier base points,
/// the basic orbit in breadth-first order, and for each orbit point `p` the transversal
/// element `u_p` (mapping the base point to `p`, a product of strong generators along
/// the Schreier tree) and its inverse.
struct Level {
    base: usize,
    gens: Vec<usize>,
    orbit: Vec<usize>,
    /// `pos[p]`: the index of `p` in `orbit`, `usize::MAX` outside it.
    pos: Vec<usize>,
    u: Vec<Images>,
    u_inverse: Vec<Images>,
}

/// Sifts `g` through `levels`: the residue, and whether it left an orbit.
fn sift(
    levels: &[Level],
    mut g: Images,
    n: usize,
    work: &mut Work,
) -> Result<(Images, bool), CheckError> {
    for lv in levels {
        let i = lv.pos[g[lv.base]];
        if i == usize::MAX {
            return Ok((g, false));
        }
        work.spend(n as u128, "sifting")?;
        g = compose(&g, &lv.u_inverse[i]);
    }
    Ok((g, true))
}

/// `k!`, after counting its cost against `work`: the word operations of the products
/// `1·2·…·k`, about `k · log2(k!) / 64`.
fn factorial(k: usize, work: &mut Work) -> Result<BigUint, CheckError> {
    let bits = (k as u128) * (usize::BITS - k.leading_zeros()) as u128;
    work.spend(k as u128 * (bits / 64 + 1), &format!("computing {k}!"))?;
    Ok((2..=k).fold(BigUint::from(1u32), |a, j| a * BigUint::from(j)))
}

/// An error when the certificate cannot be checked; else the step's result, or
/// the check that failed.
type Checked<T> = Result<Result<T, String>, CheckError>;

/// A verified chain: the proved order and the levels.
type VerifiedChain = (BigUint, Vec<Level>);

/// Verifies a chain: the proved `|G|`, the levels (sifting through them decides
/// membership) and the strong generators, or the check that failed.
fn check_chain(
    cert: &Certificate,
    gens: &[Images],
    n: usize,
    work: &mut Work,
) -> Checked<VerifiedChain> {
    let chain = cert
        .chain
        .as_ref()
        .ok_or_else(|| Malformed("no chain".into()))?;
    check_chain_record(
        chain,
        gens,
        &|i| format!("generator {}", cert.generators[i].name),
        n,
        work,
    )
}

/// The values of a straight-line program's lines over `gens` (`what` names the
/// program in errors).
fn run_program(
    program: &[Vec<(usize, i64)>],
    gens: &[Images],
    n: usize,
    what: &str,
    work: &mut Work,
) -> Result<Vec<Images>, CheckError> {
    let k = gens.len();
    let mut lines: Vec<Images> = Vec::with_capacity(program.len());
    for (i, line) in program.iter().enumerate() {
        work.spend((2 * line.len() as u128 + 1) * n as u128, what)?;
        let mut acc: Images = (0..n).collect();
        for &(r, e) in line {
            let f = if r < k {
                &gens[r]
            } else if r - k < i {
                &lines[r - k]
            } else {
                return Err(Malformed(format!(
                    "{what} line {i}: refers to {r}, not a generator or an earlier line"
                )));
            };
            acc = match e {
                1 => compose(&acc, f),
                -1 => compose(&acc, &invert(f)),
                _ => {
                    return Err(Malformed(format!(
                        "{what} line {i}: exponent {e} is not 1 or -1"
                    )))
                }
            };
        }
        lines.push(acc);
    }
    Ok(lines)
}

/// Verifies the chain `chain` of the group generated by `gens` (its program is over
/// them; `name(i)` names generator `i` in messages): the proved order, the levels and
/// the strong generators, or the check that failed.
fn check_chain_record(
    chain: &ChainRecord,
    gens: &[Images],
    name: &dyn Fn(usize) -> String,
    n: usize,
    work: &mut Work,
) -> Checked<VerifiedChain> {
    // the straight-line program: every line a product of generators and earlier lines
    let lines = run_program(&chain.lines, gens, n, "the chain's program", work)?;
    let mut strong: Vec<Images> = Vec::new();
    for &l in &chain.strong_generators {
        work.spend(n as u128, "the strong generators")?;
        strong.push(
            lines
                .get(l)
                .ok_or_else(|| Malformed(format!("strong generator: no line {l}")))?
                .clone(),
        );
    }
    if chain.base.len() != chain.orbit_lengths.len() {
        return Err(Malformed("base and orbit_lengths differ in length".into()));
    }
    let mut levels: Vec<Level> = Vec::new();
    let mut lower = BigUint::from(1u32);
    for (i, (&b1, &len)) in chain.base.iter().zip(&chain.orbit_lengths).enumerate() {
        if b1 == 0 || b1 > n {
            return Err(Malformed(format!("base point {b1}: not in 1..{n}")));
        }
        let b = b1 - 1;
        let fixed = &chain.base[..i];
        work.spend(strong.len() as u128 * (i as u128 + 1), "the chain's levels")?;
        let lv_gens: Vec<usize> = (0..strong.len())
            .filter(|&s| fixed.iter().all(|&c| strong[s][c - 1] == c - 1))
            .collect();
        // the tree, and the orbit's images under the level's generators
        work.spend(
            n as u128 * (lv_gens.len() as u128 + 1),
            "the chain's levels",
        )?;
        let mut pos = vec![usize::MAX; n];
        pos[b] = 0;
        let mut orbit = vec![b];
        let mut u: Vec<Images> = vec![(0..n).collect()];
        let mut j = 0;
        while j < orbit.len() {
            let x = orbit[j];
            j += 1;
            for &s in &lv_gens {
                let y = strong[s][x];
                if pos[y] == usize::MAX {
                    if orbit.len() >= len {
                        // more points than stated: stop before building their transversals
                        orbit.push(y);
                        break;
                    }
                    work.spend(n as u128, "the chain's transversals")?;
                    pos[y] = orbit.len();
                    orbit.push(y);
                    u.push(compose(&u[j - 1], &strong[s]));
                }
            }
            if orbit.len() > len {
                break;
            }
        }
        if orbit.len() != len {
            return Ok(Err(format!(
                "level {}: the orbit of base point {b1} under the strong generators fixing the earlier base points has {} points, the certificate says {len}",
                i + 1,
                if orbit.len() > len {
                    format!("more than {len}")
                } else {
                    orbit.len().to_string()
                }
            )));
        }
        lower *= BigUint::from(len);
        work.spend(len as u128 * n as u128, "the chain's transversals")?;
        let u_inverse = u.iter().map(|x| invert(x)).collect();
        levels.push(Level {
            base: b,
            gens: lv_gens,
            orbit,
            pos,
            u,
            u_inverse,
        });
    }
    let orbs = orbits(gens, n);
    if lower == upper_bound(gens, &orbs, work)? {
        // |G| = ∏ l_i, so every basic orbit of S^(i) is that of G^(i): sifting decides
        // membership without Sims' test
        return Ok(Ok((lower, levels)));
    }
    // Sims' test
    for i in 0..levels.len() {
        let lv = &levels[i];
        for (pi, &p) in lv.orbit.iter().enumerate() {
            let up = &lv.u[pi];
            for &s in &lv.gens {
                let q = strong[s][p];
                let uq_inverse = &lv.u_inverse[lv.pos[q]];
                work.spend(2 * n as u128, "Sims' test")?;
                let schreier = compose(&compose(up, &strong[s]), uq_inverse);
                let (r, _) = sift(&levels[i + 1..], schreier, n, work)?;
                if !is_identity(&r) {
                    return Ok(Err(format!(
                        "level {}: a Schreier generator does not sift to the identity (the strong generators are not a strong generating set)",
                        i + 1
                    )));
                }
            }
        }
    }
    for (i, g) in gens.iter().enumerate() {
        let (r, _) = sift(&levels, g.clone(), n, work)?;
        if !is_identity(&r) {
            return Ok(Err(format!(
                "{} does not sift to the identity: the chain is not of this group",
                name(i)
            )));
        }
    }
    Ok(Ok((lower, levels)))
}

/// The bytes of image arrays (8 bytes per point) and per-level tables (32 bytes per
/// point and level) checking `cert` holds at most, computed before anything is built.
fn memory_needed(cert: &Certificate) -> u128 {
    let n = cert.degree as u128;
    // each level's transversals and their inverses: two arrays per orbit point
    let chain_sizes = |c: &ChainRecord| {
        let transversals: u128 = c.orbit_lengths.iter().map(|&l| 2 * l as u128).sum();
        (
            c.lines.len() as u128 + transversals,
            c.strong_generators.len(),
            c.base.len(),
        )
    };
    let (mut lines, mut strong, mut levels) = cert.chain.as_ref().map_or((0, 0, 0), chain_sizes);
    if let Some(rec) = &cert.structure {
        // the program, each subgroup's generators and chain, each closure's conjugates
        // and chain; a Sylow subgroup's listing is bounded by its own limit
        lines += rec.program.len() as u128;
        let mut chains: Vec<&ChainRecord> = Vec::new();
        for s in &rec.subgroups {
            lines += s.generators.len() as u128;
            chains.push(&s.chain);
        }
        if let super::structure::StructureArgument::Simple { simplicity }
        | super::structure::StructureArgument::SymmetricOverAlternating {
            simplicity, ..
        } = &rec.argument
        {
            for c in &simplicity.closures {
                lines += c.conjugators.len() as u128;
                chains.push(&c.chain);
            }
        }
        for c in chains {
            let (l, s, v) = chain_sizes(c);
            lines += l;
            strong += s;
            levels += v;
        }
        if let super::structure::StructureArgument::Tree { root } = &rec.argument {
            let mut sizes = (0u128, 0u128, 0u128);
            structure_tree::tree_sizes(root, &mut sizes);
            lines += sizes.0;
            strong += sizes.1 as usize;
            levels += sizes.2 as usize;
        }
    }
    // generators and their inverses, words, lines, strong generators, and a few
    // working arrays (an accumulator, a transversal, a Schreier generator, a residue)
    let arrays =
        2 * cert.generators.len() as u128 + cert.words.len() as u128 + lines + strong as u128 + 8;
    n * (8 * arrays + 32 * levels as u128)
}

/// "1 word", "2 words".
fn count(k: usize, what: &str) -> String {
    format!("{k} {what}{}", if k == 1 { "" } else { "s" })
}

/// The certificate in `text`: of this format, with a degree permutations may have.
fn read_certificate(text: &str) -> Result<Certificate, CheckError> {
    let cert: Certificate =
        serde_json::from_str(text).map_err(|e| Malformed(format!("not a certificate: {e}")))?;
    if cert.format != super::FORMAT {
        return Err(Malformed(format!(
            "format {:?}, expected {:?}",
            cert.format,
            super::FORMAT
        )));
    }
    crate::perm::check_degree(cert.degree).map_err(|e| Malformed(format!("degree: {e}")))?;
    Ok(cert)
}

/// Refuses `cert` when checking it would hold more than `max_bytes`
/// ([`memory_needed`]).
fn check_memory(cert: &Certificate, max_bytes: u64) -> Result<(), CheckError> {
    let needed = memory_needed(cert);
    if needed > max_bytes as u128 {
        return Err(CheckError::TooLarge(format!(
            "checking it needs {needed} bytes of permutations ({}, {} and {} on {} points), more than the limit of {max_bytes} bytes",
            count(cert.generators.len(), "generator"),
            count(cert.words.len(), "word"),
            count(cert.chain.as_ref().map_or(0, |c| c.base.len()), "chain level"),
            cert.degree,
        )));
    }
    Ok(())
}

/// The generators' image arrays; an error when there are none.
fn read_generators(cert: &Certificate, work: &mut Work) -> Result<Vec<Images>, CheckError> {
    let n = cert.degree;
    work.spend(
        cert.generators.len() as u128 * n as u128,
        "reading the generators",
    )?;
    let gens: Vec<Images> = cert
        .generators
        .iter()
        .map(|g| perm_images(&g.perm, n, &format!("generator {}", g.name)))
        .collect::<Result<_, _>>()?;
    if gens.is_empty() {
        return Err(Malformed("no generators".into()));
    }
    Ok(gens)
}

/// Each word of `cert` evaluated letter by letter over `gens` and compared with
/// the permutation it states: their values, or the first that differs.
fn evaluate_words(cert: &Certificate, gens: &[Images], work: &mut Work) -> Checked<Vec<Images>> {
    let n = cert.degree;
    let names: Vec<String> = cert.generators.iter().map(|g| g.name.clone()).collect();
    let alphabet = Alphabet::new(names);
    let mut word_perms: Vec<Images> = Vec::new();
    for (i, w) in cert.words.iter().enumerate() {
        let word = alphabet
            .parse(&w.word)
            .map_err(|e| Malformed(format!("word {}: {e}", i + 1)))?;
        if word.letter_count() > 10_000_000 {
            return Err(Malformed(format!("word {}: more than 10^7 letters", i + 1)));
        }
        // each letter is one product (its inverse one more), and the stated permutation
        work.spend(
            (word.letter_count() + 2) * n as u128,
            &format!("evaluating word {}", i + 1),
        )?;
        let mut acc: Images = (0..n).collect();
        for (g, e) in word.letters() {
            let f = if e < 0 {
                invert(&gens[g])
            } else {
                gens[g].clone()
            };
            for _ in 0..e.unsigned_abs() {
                acc = compose(&acc, &f);
            }
        }
        let stated = perm_images(&w.perm, n, &format!("word {}", i + 1))?;
        if acc != stated {
            return Ok(Err(format!(
                "word {} ({}) does not evaluate to the permutation stated",
                i + 1,
                w.word
            )));
        }
        word_perms.push(acc);
    }
    Ok(Ok(word_perms))
}

/// What the check has established about the group `G` the generators generate.
struct Established {
    /// The degree.
    n: usize,
    /// The words' permutations.
    words: Vec<Images>,
    /// The orbits of more than one point, each sorted.
    moved: Vec<Vec<usize>>,
    /// The number of moved points.
    m: usize,
    /// Whether some generator is odd.
    any_odd: bool,
    /// `|G|`, proved by Jordan's theorem or by the chain (1 when no point moves).
    order: Option<BigUint>,
    /// The verified chain's levels.
    chain: Option<Vec<Level>>,
    /// Whether `G` was proved to be Sym or Alt of its (single) orbit.
    giant: bool,
}

impl Established {
    /// The orbits and signs of the generators, beside the words' values.
    fn from_generators(
        gens: &[Images],
        n: usize,
        words: Vec<Images>,
        work: &mut Work,
    ) -> Result<Established, CheckError> {
        work.spend(
            n as u128 * (gens.len() as u128 + 3),
            "the orbits and signs of the generators",
        )?;
        let moved: Vec<Vec<usize>> = orbits(gens, n)
            .into_iter()
            .filter(|o| o.len() > 1)
            .collect();
        let m: usize = moved.iter().map(|o| o.len()).sum();
        let any_odd = gens.iter().any(|g| odd(g, &(0..n).collect::<Vec<_>>()));
        Ok(Established {
            n,
            words,
            moved,
            m,
            any_odd,
            order: (m == 0).then(|| BigUint::from(1u32)),
            chain: None,
            giant: false,
        })
    }

    /// Jordan's theorem on the witness word `word`: `G` is Sym or Alt of its
    /// moved points, its order `m!` or `m!/2`; or why the argument fails.
    fn apply_jordan(&mut self, gens: &[Images], word: usize, work: &mut Work) -> Checked<()> {
        let n = self.n;
        let w = self
            .words
            .get(word)
            .ok_or_else(|| Malformed(format!("jordan: no word {word}")))?;
        let support: Vec<usize> = (0..n).filter(|&x| w[x] != x).collect();
        let cycle_ok = match support.len() {
            2 => true,
            3 => w[w[w[support[0]]]] == support[0],
            _ => false,
        };
        if self.moved.len() != 1 || !cycle_ok || !primitive(gens, n, &self.moved[0], work)? {
            return Ok(Err(
                "the Jordan argument fails: the group is not transitive and primitive on its moved points with the witness a transposition or 3-cycle".into(),
            ));
        }
        let f = factorial(self.m, work)?;
        if support.len() == 2 || self.any_odd {
            self.order = Some(f);
        } else {
            self.order = Some(f / 2u32);
        }
        self.giant = true;
        Ok(Ok(()))
    }

    /// The certificate's chain verified ([`check_chain`]): the order it proves
    /// (which must agree with Jordan's), its levels and strong generators.
    fn apply_chain(&mut self, cert: &Certificate, gens: &[Images], work: &mut Work) -> Checked<()> {
        let (o, lv) = match check_chain(cert, gens, self.n, work)? {
            Err(msg) => return Ok(Err(msg)),
            Ok(chain) => chain,
        };
        if self.order.as_ref().is_some_and(|x| *x != o) {
            return Ok(Err(
                "the chain and the Jordan argument give different orders".into(),
            ));
        }
        self.order = Some(o);
        self.chain = Some(lv);
        Ok(Ok(()))
    }

    /// Whether `claim` holds, and how that was decided; or why it cannot be.
    fn decide(&self, claim: &ClaimRecord, work: &mut Work) -> Checked<(bool, String)> {
        Ok(match claim {
            ClaimRecord::Even => Ok((!self.any_odd, "every generator's sign computed".into())),
            ClaimRecord::Order { order: claimed } => {
                let claimed: BigUint = claimed
                    .parse()
                    .map_err(|_| Malformed(format!("order {claimed:?}: not an integer")))?;
                match &self.order {
                    Some(o) => Ok((*o == claimed, format!("|G| = {o}"))),
                    None => Err("no chain or Jordan argument proves the order".into()),
                }
            }
            ClaimRecord::Symmetric => self.decide_giant(true, work)?,
            ClaimRecord::Alternating => self.decide_giant(false, work)?,
            ClaimRecord::Reachable { state } => self.decide_reachable(state, work)?,
            ClaimRecord::Structure { .. } => {
                return Err(Malformed(
                    "a structure claim is decided from its record".into(),
                ))
            }
        })
    }

    /// Whether `G` is the symmetric (`sym`) or alternating group of its moved
    /// points.
    fn decide_giant(&self, sym: bool, work: &mut Work) -> Checked<(bool, String)> {
        let (m, moved, any_odd) = (self.m, &self.moved, self.any_odd);
        Ok(if m == 0 {
            Ok((
                true,
                "the group is trivial: Sym and Alt of no points".into(),
            ))
        } else if moved.len() != 1 {
            Ok((false, format!("{} orbits on the moved points", moved.len())))
        } else if sym && !any_odd {
            Ok((false, "every generator is even".into()))
        } else if !sym && (any_odd || m < 3) {
            Ok((
                false,
                "an odd generator, or fewer than 3 moved points".into(),
            ))
        } else {
            match &self.order {
                Some(o) => {
                    let f = factorial(m, work)?;
                    let target = if sym { f } else { f / 2u32 };
                    Ok((*o == target, format!("|G| = {o} on {m} moved points")))
                }
                None => Err("no chain or Jordan argument proves the order".into()),
            }
        })
    }

    /// Whether the state `state` (the label at each position, 1-based) is in
    /// `G`: a word reaching it, the Jordan argument, or sifting through the
    /// verified chain.
    fn decide_reachable(&self, state: &[usize], work: &mut Work) -> Checked<(bool, String)> {
        let n = self.n;
        if state.len() != n {
            return Err(Malformed(format!(
                "state: {} labels, degree {n}",
                state.len()
            )));
        }
        let mut x = vec![usize::MAX; n];
        for (pos, &l) in state.iter().enumerate() {
            if l == 0 || l > n || x[l - 1] != usize::MAX {
                return Err(Malformed(format!(
                    "state: label {l} repeated or out of 1..{n}"
                )));
            }
            x[l - 1] = pos;
        }
        Ok(if self.words.contains(&x) {
            Ok((true, "a word reaches the state".into()))
        } else if self.giant {
            // G is Sym(M), or Alt(M) when every generator is even
            let inside = (0..n).all(|p| self.moved[0].binary_search(&p).is_ok() || x[p] == p);
            let sign_ok = self.any_odd || !odd(&x, &(0..n).collect::<Vec<_>>());
            Ok((
                inside && sign_ok,
                "the state against the symmetric or alternating group of the moved points".into(),
            ))
        } else if let Some(lv) = &self.chain {
            let (r, _) = sift(lv, x, n, work)?;
            Ok((
                is_identity(&r),
                "the state sifted through the verified chain".into(),
            ))
        } else {
            Err("neither a word nor a chain decides membership".into())
        })
    }
}

/// A verdict that the certificate does not hold, for `message`.
fn failed(message: String) -> Verdict {
    Verdict {
        holds: false,
        message,
    }
}

/// The verdict on a certificate stating that its claim `holds` (or not), given
/// the claim's recomputed truth and how it was found (or why it could not be).
fn conclude(stated: bool, decided: Result<(bool, String), String>) -> Verdict {
    match decided {
        Err(m) => failed(m),
        Ok((holds, how)) if holds == stated => Verdict {
            holds: true,
            message: format!(
                "certificate verified: the claim is {} ({how})",
                if holds { "TRUE" } else { "FALSE" }
            ),
        },
        Ok((holds, how)) => failed(format!(
            "the certificate says the claim is {}, but it is {} ({how})",
            if stated { "TRUE" } else { "FALSE" },
            if holds { "TRUE" } else { "FALSE" }
        )),
    }
}

/// Checks a certificate given as JSON text, holding at most [`MAX_CHECK_BYTES`] of
/// permutations in at most [`MAX_CHECK_STEPS`] steps ([`check_within`]).
pub fn check(text: &str) -> Result<Verdict, CheckError> {
    check_within(text, MAX_CHECK_BYTES, MAX_CHECK_STEPS)
}

/// Checks a certificate given as JSON text. A certificate whose check would hold more
/// than `max_bytes` bytes of permutations and per-level tables (computed from its
/// degree and the number of its generators, words, program lines, strong generators
/// and levels, before any is built) is refused ([`CheckError::TooLarge`]), and one
/// whose check takes more than `max_steps` steps (point images computed, counted as
/// the check goes and for each word before it is evaluated) is given up
/// ([`CheckError::TooLong`]).
///
/// ```
/// use permlab::certificate::check::{check_within, CheckError};
/// // 1000 generators on 2^24 points: 268 GB of image arrays
/// let gens: Vec<String> = (0..1000).map(|i| format!(r#"{{"name":"g{i}","perm":"()"}}"#)).collect();
/// let cert = format!(
///     r#"{{"format":"permlab-certificate-1","puzzle":"p","degree":16777216,"generators":[{}],"claim":{{"kind":"even"}},"holds":true}}"#,
///     gens.join(",")
/// );
/// let e = check_within(&cert, 1 << 30, 1 << 32).unwrap_err();
/// assert!(matches!(e, CheckError::TooLarge(_)));
/// assert!(e.to_string().contains("more than the limit of 1073741824 bytes"), "{e}");
/// ```
pub fn check_within(text: &str, max_bytes: u64, max_steps: u64) -> Result<Verdict, CheckError> {
    let cert = read_certificate(text)?;
    check_memory(&cert, max_bytes)?;
    let mut work = Work::new(max_steps);
    let gens = read_generators(&cert, &mut work)?;
    let words = match evaluate_words(&cert, &gens, &mut work)? {
        Ok(words) => words,
        Err(m) => return Ok(failed(m)),
    };
    let mut group = Established::from_generators(&gens, cert.degree, words, &mut work)?;
    if let Some(j) = &cert.jordan {
        if let Err(m) = group.apply_jordan(&gens, j.word, &mut work)? {
            return Ok(failed(m));
        }
    }
    if cert.chain.is_some() {
        if let Err(m) = group.apply_chain(&cert, &gens, &mut work)? {
            return Ok(failed(m));
        }
    }
    let decided = match &cert.claim {
        ClaimRecord::Structure { name } => {
            structure::decide(&cert, &gens, &group, name, &mut work)?
        }
        claim => group.decide(claim, &mut work)?,
    };
    Ok(conclude(cert.holds, decided))
}
