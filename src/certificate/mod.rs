//! Certificates: what a proof rests on, in a JSON file a referee can re-check with the
//! small independent checker of [`check`] (`permlab verify FILE.json`).
//!
//! A certificate holds the generators (cycle notation, 1-based), the claim and its
//! verdict, the witness words of the proof with the permutations they evaluate to,
//! and where the verdict needs the group order or membership:
//!
//! * a **Jordan** argument (a word evaluating to a transposition or a 3-cycle in a
//!   primitive group), or
//! * a **chain**: a base (1-based), basic orbit lengths and strong generators given as
//!   a straight-line program over the generators (each line a product of generators
//!   and earlier lines, with exponents ±1 — a compressed word). The strong generators
//!   are found by the random Schreier–Sims algorithm carrying these programs along
//!   (Seress, *Permutation Group Algorithms*, §4.3; straight-line programs as in
//!   Babai–Szemerédi 1984), stopped when the product of the basic orbit lengths
//!   reaches the order proved by the crate's verified chain.
//!
//! ```
//! use permlab::certificate::{certify, check::check};
//! use permlab::proof::{prove, Claim};
//! use permlab::Puzzle;
//! let p = Puzzle::builtin("cube2").unwrap();
//! let claim = Claim::Order(88_179_840u32.into());
//! let cert = certify(&p, &p.group(), &claim, &prove(&p, &claim)).unwrap();
//! assert!(check(&cert.to_json()).unwrap().holds);
//! ```

pub mod check;
pub mod names;
pub mod structure;
pub mod structure_tree;

use crate::group::PermGroup;
use crate::perm::Perm;
use crate::proof::{Claim, Fact, Proof, Theorem};
use crate::puzzle::Puzzle;
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The value of the `format` key.
pub const FORMAT: &str = "permlab-certificate-1";

/// Largest degree for which a chain is written when no Jordan argument is available.
pub const MAX_CHAIN_DEGREE: usize = 600;

/// A certificate (see the module docs for what each part proves).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// [`FORMAT`].
    pub format: String,
    /// The puzzle as named on the command line (informative).
    pub puzzle: String,
    /// The number of points.
    pub degree: usize,
    /// The generators.
    pub generators: Vec<Generator>,
    /// The claim.
    pub claim: ClaimRecord,
    /// Whether the claim holds.
    pub holds: bool,
    /// Witness words.
    #[serde(default)]
    pub words: Vec<WordRecord>,
    /// A Jordan argument for the order.
    #[serde(default)]
    pub jordan: Option<Jordan>,
    /// A base and strong generating set.
    #[serde(default)]
    pub chain: Option<ChainRecord>,
    /// What a structure name rests on (for a `structure` claim).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structure: Option<structure::StructureRecord>,
}

/// A named generator.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Generator {
    /// Its name (the letter in words).
    pub name: String,
    /// Cycle notation, 1-based.
    pub perm: String,
}

/// The claims a certificate can carry.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClaimRecord {
    /// The group is the symmetric group on its moved points.
    Symmetric,
    /// The group is the alternating group on its moved points.
    Alternating,
    /// Every generator is even.
    Even,
    /// The group has this order.
    Order {
        /// The order, in decimal.
        order: String,
    },
    /// The state (1-based labels in position order) is reachable.
    Reachable {
        /// The state.
        state: Vec<usize>,
    },
    /// The group has this structure description (`permlab claim --structure`).
    Structure {
        /// The name: `M12`, `S20`, `S5 ≀ S6`.
        name: String,
    },
}

/// A word and the permutation it evaluates to.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WordRecord {
    /// The word in the puzzle's syntax (generator names only).
    pub word: String,
    /// Cycle notation, 1-based.
    pub perm: String,
}

/// Jordan's theorem applied to the witness word `word` (an index into `words`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jordan {
    /// Index of the witness (a transposition or a 3-cycle) in `words`.
    pub word: usize,
}

/// A straight-line program: line `i` is the product, left factor first, of `x_r^e`
/// over its entries `(r, e)` (`x_r` generator `r` for `r < k`, else line `r − k`).
pub type Program = Vec<Vec<(usize, i64)>>;

/// A base and strong generating set.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainRecord {
    /// The base (1-based).
    pub base: Vec<usize>,
    /// The basic orbit lengths.
    pub orbit_lengths: Vec<usize>,
    /// The straight-line program: line `i` is the product, left factor first, of
    /// `x_r^e` over its entries `(r, e)`, where `x_r` is generator `r` for `r < k`
    /// (`k` generators) and line `r − k` otherwise (an earlier line); `e` is 1 or −1.
    pub lines: Vec<Vec<(usize, i64)>>,
    /// The lines that are the strong generators.
    pub strong_generators: Vec<usize>,
}

/// Why no certificate could be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CertificateError(pub String);

impl std::fmt::Display for CertificateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CertificateError {}

impl Certificate {
    /// The certificate as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("certificates serialise")
    }

    /// Writes the certificate to `path` atomically (temporary file and rename).
    pub fn write(&self, path: &std::path::Path) -> std::io::Result<()> {
        crate::io::write_atomic(path, self.to_json().as_bytes())
    }
}

/// The certificate of `proof` (of `claim` for the group `g` of `puzzle`).
pub fn certify(
    puzzle: &Puzzle,
    g: &PermGroup,
    claim: &Claim,
    proof: &Proof,
) -> Result<Certificate, CertificateError> {
    certify_within(puzzle, g, claim, proof, true)
}

/// [`certify`]; a chain above [`MAX_CHAIN_DEGREE`] points is refused when
/// `bounded_chain`.
fn certify_within(
    puzzle: &Puzzle,
    g: &PermGroup,
    claim: &Claim,
    proof: &Proof,
    bounded_chain: bool,
) -> Result<Certificate, CertificateError> {
    let n = g.degree();
    let record = match claim {
        Claim::Symmetric => ClaimRecord::Symmetric,
        Claim::Alternating => ClaimRecord::Alternating,
        Claim::Even => ClaimRecord::Even,
        Claim::Order(o) => ClaimRecord::Order {
            order: o.to_string(),
        },
        Claim::Reachable(s) => ClaimRecord::Reachable {
            state: s.iter().map(|&x| x as usize + 1).collect(),
        },
        Claim::StabilizerSymmetric { .. } => {
            return Err(CertificateError(
                "certificates are written for --symmetric, --alternating, --even, --order and --reachable".into(),
            ))
        }
    };
    if let ClaimRecord::Reachable { state } = &record {
        if state.len() != n || Perm::from_state(&claim_state(claim)).is_err() {
            return Err(CertificateError(
                "the state is not an arrangement of the puzzle's labels".into(),
            ));
        }
    }
    let mut words: Vec<WordRecord> = proof
        .words()
        .into_iter()
        .map(|(w, p)| WordRecord {
            word: w.to_string(),
            perm: p.extended(n).to_string(),
        })
        .collect();
    let cites_jordan = proof.steps.iter().any(|s| {
        matches!(
            s.fact,
            Fact::Cites(Theorem::JordanTransposition | Theorem::JordanThreeCycle)
        )
    });
    let witness_index = proof.steps.iter().filter_map(|s| match &s.fact {
        Fact::WordValue { reaches_state, .. } => Some(!reaches_state),
        _ => None,
    });
    let mut jordan = None;
    if cites_jordan {
        jordan = witness_index
            .enumerate()
            .find(|&(_, w)| w)
            .map(|(i, _)| Jordan { word: i });
    }
    let reach_word = proof.steps.iter().any(|s| {
        matches!(
            s.fact,
            Fact::WordValue {
                reaches_state: true,
                ..
            }
        )
    });
    // a Jordan witness for order and membership on a giant of one orbit, when a short
    // one exists
    let needs_order = match record {
        ClaimRecord::Order { .. } | ClaimRecord::Symmetric | ClaimRecord::Alternating => true,
        ClaimRecord::Reachable { .. } => !reach_word,
        ClaimRecord::Even => false,
        ClaimRecord::Structure { .. } => true,
    };
    let moved = g.moved_points().len();
    let one_orbit = g.orbits().iter().filter(|o| o.len() > 1).count() == 1;
    if jordan.is_none() && needs_order && one_orbit && g.giants().is_some() {
        let len = if g.all_generators_even() { 3 } else { 2 };
        if let Some((w, p)) =
            crate::proof::short_cycle_witness(puzzle, len, (20_000_000 / n.max(1)).min(200_000))
        {
            words.push(WordRecord {
                word: w.to_string(),
                perm: p.extended(n).to_string(),
            });
            jordan = Some(Jordan {
                word: words.len() - 1,
            });
        }
    }
    let needs_chain = match record {
        ClaimRecord::Even => false,
        ClaimRecord::Reachable { .. } => !reach_word && jordan.is_none(),
        _ => jordan.is_none() && moved > 0,
    };
    let chain = if needs_chain {
        if bounded_chain && n > MAX_CHAIN_DEGREE {
            return Err(CertificateError(format!(
                "no certificate: degree {n} is above {MAX_CHAIN_DEGREE} and no Jordan witness decides the claim"
            )));
        }
        Some(slp_chain(g)?)
    } else {
        None
    };
    Ok(Certificate {
        format: FORMAT.into(),
        puzzle: puzzle.name().to_string(),
        degree: n,
        generators: puzzle
            .generators()
            .iter()
            .map(|mv| Generator {
                name: mv.name.clone(),
                perm: mv.perm.extended(n).to_string(),
            })
            .collect(),
        claim: record,
        holds: proof.holds,
        words,
        jordan,
        chain,
        structure: None,
    })
}

/// The certificate of a structure proof ([`names::prove_structure`]):
/// the group's order (a chain, or Jordan's theorem for the natural giants) and the
/// record of `evidence` ([`structure`]).
pub fn certify_structure(
    puzzle: &Puzzle,
    g: &PermGroup,
    name: &str,
    proof: &Proof,
    evidence: &structure::StructureEvidence,
) -> Result<Certificate, CertificateError> {
    let order = Claim::Order(g.order());
    let natural = matches!(evidence, structure::StructureEvidence::Natural);
    let mut cert = certify_within(puzzle, g, &order, proof, natural)?;
    cert.claim = ClaimRecord::Structure {
        name: name.to_string(),
    };
    cert.holds = proof.holds;
    cert.structure = Some(structure::record(g, evidence)?);
    Ok(cert)
}

fn claim_state(claim: &Claim) -> Vec<u32> {
    match claim {
        Claim::Reachable(s) => s.clone(),
        _ => Vec::new(),
    }
}

/// A level of the chain being built: base point, Schreier tree over the strong
/// generators fixing the earlier base points.
struct BuildLevel {
    base: usize,
    tree: Vec<Option<(usize, usize)>>,
    len: usize,
}

struct SlpBuilder {
    n: usize,
    k: usize,
    lines: Vec<Vec<(usize, i64)>>,
    /// Strong generators: (line index, permutation).
    strong: Vec<(usize, Perm)>,
    levels: Vec<BuildLevel>,
}

impl SlpBuilder {
    fn line(&mut self, terms: Vec<(usize, i64)>) -> usize {
        self.lines.push(terms);
        self.k + self.lines.len() - 1
    }

    fn rebuild(&mut self, i: usize) {
        let fixed: Vec<usize> = self.levels[..i].iter().map(|l| l.base).collect();
        let gens: Vec<usize> = (0..self.strong.len())
            .filter(|&s| fixed.iter().all(|&b| self.strong[s].1.image(b) == b))
            .collect();
        let b = self.levels[i].base;
        let mut tree = vec![None; self.n];
        let mut orbit = vec![b];
        let mut j = 0;
        while j < orbit.len() {
            let x = orbit[j];
            j += 1;
            for &s in &gens {
                let y = self.strong[s].1.image(x);
                if y != b && tree[y].is_none() {
                    tree[y] = Some((x, s));
                    orbit.push(y);
                }
            }
        }
        self.levels[i].tree = tree;
        self.levels[i].len = orbit.len();
    }

    /// Sifts `(x, ref)`; a non-identity residue becomes a strong generator.
    fn sift_and_add(&mut self, x: &Perm, r: usize) {
        let mut g = x.clone();
        let mut terms = vec![(r, 1i64)];
        let mut stop = self.levels.len();
        for (i, lv) in self.levels.iter().enumerate() {
            let mut p = g.image(lv.base);
            if p != lv.base && lv.tree[p].is_none() {
                stop = i;
                break;
            }
            while p != lv.base {
                let (parent, s) = lv.tree[p].expect("orbit point");
                let (line, perm) = &self.strong[s];
                g = &g * &perm.inverse();
                terms.push((*line + self.k, -1));
                p = parent;
            }
        }
        if g.is_identity() {
            return;
        }
        let line = self.line(terms) - self.k;
        self.strong.push((line, g.clone()));
        if stop == self.levels.len() {
            let b = g.support()[0];
            self.levels.push(BuildLevel {
                base: b,
                tree: Vec::new(),
                len: 1,
            });
        }
        for i in 0..=stop.min(self.levels.len() - 1) {
            self.rebuild(i);
        }
    }

    fn order(&self) -> BigUint {
        self.levels
            .iter()
            .fold(BigUint::from(1u32), |a, l| a * BigUint::from(l.len))
    }
}

/// Strong generators as a straight-line program, by random Schreier–Sims (product
/// replacement with every product recorded as a line), stopped when the product of
/// the basic orbit lengths is the group's proved order.
fn slp_chain(g: &PermGroup) -> Result<ChainRecord, CertificateError> {
    slp_chain_of(g.degree(), g.generators(), &g.order())
}

/// [`slp_chain`] for the group generated by `gens` on `n` points, of the proved order
/// `target`: the program's lines are over `gens`.
pub(crate) fn slp_chain_of(
    n: usize,
    gens: &[Perm],
    target: &BigUint,
) -> Result<ChainRecord, CertificateError> {
    let b = random_schreier_sims(n, gens, target)?;
    // keep only the lines the strong generators need
    Ok(prune(&b))
}

/// The random Schreier–Sims algorithm over `gens` carrying straight-line programs,
/// until the basic orbit lengths multiply to `target`.
fn random_schreier_sims(
    n: usize,
    gens: &[Perm],
    target: &BigUint,
) -> Result<SlpBuilder, CertificateError> {
    let k = gens.len();
    let mut b = SlpBuilder {
        n,
        k,
        lines: Vec::new(),
        strong: Vec::new(),
        levels: Vec::new(),
    };
    if k == 0 {
        return if target == &BigUint::from(1u32) {
            Ok(b)
        } else {
            Err(CertificateError(
                "no certificate: no generators for a non-trivial group".into(),
            ))
        };
    }
    for (i, s) in gens.iter().enumerate() {
        let r = b.line(vec![(i, 1)]);
        b.sift_and_add(s, r);
    }
    let mut rng = StdRng::seed_from_u64(0x5eed_ce27);
    let slots_n = k.max(10);
    let mut slots: Vec<(Perm, usize)> =
        (0..slots_n).map(|i| (gens[i % k].clone(), i % k)).collect();
    let mut acc: (Perm, usize) = (gens[0].clone(), 0);
    let mut step = |rng: &mut StdRng, b: &mut SlpBuilder| -> (Perm, usize) {
        let i = rng.random_range(0..slots_n);
        let mut j = rng.random_range(0..slots_n - 1);
        if j >= i {
            j += 1;
        }
        let e: i64 = if rng.random_bool(0.5) { 1 } else { -1 };
        let pj = if e == 1 {
            slots[j].0.clone()
        } else {
            slots[j].0.inverse()
        };
        let r = b.line(vec![(slots[i].1, 1), (slots[j].1, e)]);
        slots[i] = (&slots[i].0 * &pj, r);
        let r2 = b.line(vec![(acc.1, 1), (r, 1)]);
        acc = (&acc.0 * &slots[i].0, r2);
        acc.clone()
    };
    for _ in 0..40 {
        step(&mut rng, &mut b);
    }
    let mut tries = 0;
    while &b.order() < target {
        tries += 1;
        if tries > 20_000 {
            return Err(CertificateError(
                "no certificate: random Schreier-Sims did not reach the group order".into(),
            ));
        }
        let (x, r) = step(&mut rng, &mut b);
        b.sift_and_add(&x, r);
    }
    if &b.order() != target {
        return Err(CertificateError(
            "no certificate: the chain found exceeds the proved order".into(),
        ));
    }
    Ok(b)
}

/// The lines reachable from the strong generators, renumbered.
fn prune(b: &SlpBuilder) -> ChainRecord {
    let roots: Vec<usize> = b.strong.iter().map(|(l, _)| *l).collect();
    let (lines, new_index) = prune_lines(&b.lines, b.k, &roots);
    ChainRecord {
        base: b.levels.iter().map(|l| l.base + 1).collect(),
        orbit_lengths: b.levels.iter().map(|l| l.len).collect(),
        lines,
        strong_generators: roots.iter().map(|l| new_index[*l]).collect(),
    }
}

/// The lines of a straight-line program over `k` generators that the lines `roots`
/// need, renumbered in their order, and each old line's new index (`usize::MAX` for
/// lines dropped).
fn prune_lines(
    lines: &[Vec<(usize, i64)>],
    k: usize,
    roots: &[usize],
) -> (Vec<Vec<(usize, i64)>>, Vec<usize>) {
    let mut need = vec![false; lines.len()];
    let mut stack: Vec<usize> = roots.to_vec();
    while let Some(l) = stack.pop() {
        if need[l] {
            continue;
        }
        need[l] = true;
        for &(r, _) in &lines[l] {
            if r >= k {
                stack.push(r - k);
            }
        }
    }
    let mut new_index = vec![usize::MAX; lines.len()];
    let mut kept = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if need[i] {
            new_index[i] = kept.len();
            kept.push(
                line.iter()
                    .map(|&(r, e)| (if r < k { r } else { k + new_index[r - k] }, e))
                    .collect(),
            );
        }
    }
    (kept, new_index)
}

/// The program being written: elements of `G` as lines, found by sifting through a
/// chain of `G` built by random Schreier–Sims over the generators.
pub(crate) struct ProgramBuilder {
    chain: SlpBuilder,
    rng: StdRng,
}

impl ProgramBuilder {
    /// A program over `gens` (generating a group of order `order` on `n` points).
    pub(crate) fn new(
        n: usize,
        gens: &[Perm],
        order: &BigUint,
    ) -> Result<ProgramBuilder, CertificateError> {
        Ok(ProgramBuilder {
            chain: random_schreier_sims(n, gens, order)?,
            rng: StdRng::seed_from_u64(0x57c7_0e5e),
        })
    }

    /// The lines the references `roots` need, renumbered, and the map from a
    /// reference (`k + index`) to its new line index.
    pub(crate) fn finish(&self, roots: &[usize]) -> (Program, impl Fn(&usize) -> usize) {
        let k = self.chain.k;
        let lines: Vec<usize> = roots.iter().map(|r| r - k).collect();
        let (program, new_index) = prune_lines(&self.chain.lines, k, &lines);
        (program, move |r: &usize| new_index[*r - k])
    }

    /// A line (a reference `k + index`) evaluating to `x`, an element of `G`.
    pub(crate) fn express(&mut self, x: &Perm) -> Result<usize, CertificateError> {
        let b = &self.chain;
        let mut g = x.clone();
        let mut path: Vec<usize> = Vec::new();
        for lv in &b.levels {
            let mut p = g.image(lv.base);
            if p != lv.base && lv.tree[p].is_none() {
                return Err(not_in_group());
            }
            while p != lv.base {
                let (parent, s) = lv.tree[p].expect("orbit point");
                let (line, perm) = &b.strong[s];
                g = &g * &perm.inverse();
                path.push(*line + b.k);
                p = parent;
            }
        }
        if !g.is_identity() {
            return Err(not_in_group());
        }
        Ok(self
            .chain
            .line(path.iter().rev().map(|&r| (r, 1)).collect()))
    }

    /// Random elements of the group generated by the lines `gens` (with their values):
    /// products of random generators, as lines.
    fn random_element(&mut self, gens: &[(usize, Perm)], letters: usize) -> (usize, Perm) {
        let mut terms = Vec::with_capacity(letters);
        let mut value = Perm::identity(self.chain.n);
        for _ in 0..letters {
            let (r, x) = &gens[self.rng.random_range(0..gens.len())];
            let e: i64 = if self.rng.random_bool(0.5) { 1 } else { -1 };
            value = if e == 1 {
                &value * x
            } else {
                &value * &x.inverse()
            };
            terms.push((*r, e));
        }
        (self.chain.line(terms), value)
    }
}

pub(crate) fn not_in_group() -> CertificateError {
    CertificateError("internal error: an element of the proof is not in the group".into())
}
