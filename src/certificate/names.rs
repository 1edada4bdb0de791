//! Proofs of structure names (`permlab claim PUZZLE --structure [NAME]`): the name
//! [`PermGroup::structure_description`] gives, with the argument that makes it true.
//!
//! Five kinds of names are proved (each with a certificate,
//! [`super::structure`]):
//!
//! * `S_m` and `A_m` in their natural action (one orbit of `m` points): Jordan's
//!   theorem or the order, as for `claim --symmetric` and `--alternating`;
//! * a simple group such as `M12` or `PSL(2,7)` acting primitively: simplicity by
//!   normal closures ([`crate::group::simplicity`]) and its name from its order through
//!   the classification ([`crate::group::simple_names`]);
//! * `S_n` in a primitive action (`S20` on the 1140 3-subsets of 20 points): a simple
//!   normal subgroup of index 2 of order `n!/2`, and a centralizer argument;
//! * `S_b ≀ S_k`: the group preserves a partition into `k` blocks of `b` points and has
//!   the order of the partition's whole stabilizer;
//! * products along orbits and block systems, such as the cube group's
//!   `(C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)`: a tree of direct products of restrictions,
//!   kernels of actions on blocks with complements, parity splits, natural `S_m` and
//!   `A_m` and elementary abelian groups ([`super::structure_tree`]).
//!
//! Other descriptions (a cyclic or dihedral group of composite order, a primitive
//! group inside a product) are computed by `group` from checked facts, but have no
//! written proof yet: for them [`prove_structure`] says so
//! ([`StructureProofError::NotWritten`]).
//!
//! ```
//! use permlab::certificate::names::prove_structure;
//! use permlab::Puzzle;
//! // PSL(2,7) on the 8 points of the projective line over GF(7)
//! let p = Puzzle::from_gens_text("psl27", "a: (1,2,3,4,5,6,7)\nb: (1,8)(2,7)(3,4)(5,6)\n").unwrap();
//! let s = prove_structure(&p, &p.group(), None).unwrap();
//! assert_eq!(s.name, "PSL(2,7)");
//! assert!(s.proof.holds);
//! assert!(s.proof.render(permlab::proof::Format::Text).contains("PSL(2,7)"));
//! ```

use super::structure::StructureEvidence;
use super::structure_tree::TreeProver;
use crate::group::composition::SeriesError;
use crate::group::giant::{block_system, factorial};
use crate::group::limit::Limit;
use crate::group::simple_names::simple_groups_of_order;
use crate::group::simplicity::{prove_simple, Outcome, Simplicity};
use crate::group::structure::Structure;
use crate::group::PermGroup;
use crate::proof::{gens_span, m, nontrivial_orbits, structure_latex, t, Fact, Proof, Span, Step};
use crate::puzzle::Puzzle;
use num_bigint::BigUint;

/// Why a structure claim was not decided.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StructureProofError {
    /// The claimed name is not the description permlab computes.
    #[error("cannot decide {claimed:?}: permlab describes this group as {described}, and decides a claimed name only when it is that description")]
    OtherName {
        /// The name claimed.
        claimed: String,
        /// The description computed.
        described: String,
    },
    /// The description is computed, but no proof of its kind is written.
    #[error("no proof of the structure {0} is written yet: proofs are written for S_m and A_m in their natural action, simple primitive groups, S_n in a primitive action, S_b wr S_k, and products along orbits and block systems of natural S_m and A_m and elementary abelian groups")]
    NotWritten(String),
    /// No description was found.
    #[error("no structure description of this group was found (order {0})")]
    NotDescribed(BigUint),
}

/// The name as plain and LaTeX math.
fn name_span(name: &str) -> Span {
    m(name, structure_latex(name))
}

/// `S_m` (`C2` for `m = 2`), as [`PermGroup::structure_description`] names it.
fn symmetric_name(m: usize) -> String {
    if m == 2 {
        "C2".into()
    } else {
        format!("S{m}")
    }
}

/// A proved structure name.
#[derive(Clone, Debug)]
pub struct StructureProof {
    /// The name, as [`PermGroup::structure_description`] prints it.
    pub name: String,
    /// The proof.
    pub proof: Proof,
    /// What a certificate is written from ([`super::certify_structure`]).
    pub evidence: StructureEvidence,
}

/// Proves the structure description of `g` (the group of `puzzle`), or `claimed` when
/// it is that description (`" wr "` is read as `" ≀ "`).
pub fn prove_structure(
    puzzle: &Puzzle,
    g: &PermGroup,
    claimed: Option<&str>,
) -> Result<StructureProof, StructureProofError> {
    let description = g.structure_description();
    let order = g.order();
    if !description.is_described() {
        return Err(StructureProofError::NotDescribed(order));
    }
    let name = description.to_string();
    if let Some(c) = claimed {
        let c = c.trim().replace(" wr ", " ≀ ");
        if c != name {
            return Err(StructureProofError::OtherName {
                claimed: c,
                described: name,
            });
        }
    }
    let (steps, evidence) = match one_orbit_argument(puzzle, g, &description, &name, &order) {
        Some(found) => found,
        None => {
            tree_argument(g, &name).ok_or_else(|| StructureProofError::NotWritten(name.clone()))?
        }
    };
    let proof = Proof {
        statement: vec![
            gens_span(puzzle),
            t(" "),
            m("≅", "\\cong"),
            t(" "),
            name_span(&name),
        ],
        holds: true,
        steps,
        conclusion: vec![t("the group is "), name_span(&name), t(".")],
    };
    Ok(StructureProof {
        name,
        proof,
        evidence,
    })
}

/// The argument for a group on one orbit: natural, primitive and named, or a wreath
/// product of symmetric groups; `None` when none applies.
fn one_orbit_argument(
    puzzle: &Puzzle,
    g: &PermGroup,
    description: &Structure,
    name: &str,
    order: &BigUint,
) -> Option<(Vec<Step>, StructureEvidence)> {
    let orbits = nontrivial_orbits(g);
    if orbits.len() != 1 {
        return None;
    }
    let moved = orbits[0].len();
    let mut steps = vec![Step::new(Fact::Orbits {
        orbits: orbits.clone(),
    })];
    let evidence = match description {
        Structure::Named { name: n, .. }
            if (*order == factorial(moved) && *n == symmetric_name(moved))
                || (moved >= 3
                    && *order == factorial(moved) / 2u32
                    && (*n == format!("A{moved}") || (moved == 3 && n == "C3"))) =>
        {
            let symmetric = *order == factorial(moved);
            let giant = crate::proof::prove_giant(puzzle, g, symmetric);
            if !giant.holds {
                return None;
            }
            steps = giant.steps;
            steps.push(Step::new(Fact::NaturalName {
                name: name.to_string(),
                points: moved,
            }));
            StructureEvidence::Natural
        }
        Structure::Named { .. } => {
            if block_system(g.degree(), g.generators(), &orbits[0]).is_some() {
                return None;
            }
            steps.push(Step::new(Fact::Primitive { points: moved }));
            steps.extend(crate::proof::chain_steps(g));
            primitive_named(g, name, order, moved, &mut steps)?
        }
        Structure::Wreath { base, top, degree } => {
            let k = *degree;
            let b = moved / k.max(1);
            if k < 2 || b < 2 || b * k != moved {
                return None;
            }
            if base.to_string() != symmetric_name(b) || top.to_string() != symmetric_name(k) {
                return None;
            }
            let blocks = g
                .minimal_block_systems()
                .into_iter()
                .find(|s| s.len() == k && s.iter().all(|blk| blk.len() == b))?;
            let wreath_order = factorial(b).pow(k as u32) * factorial(k);
            if wreath_order != *order {
                return None;
            }
            steps.push(Step::new(Fact::PreservesBlocks {
                blocks: blocks.clone(),
            }));
            steps.extend(crate::proof::chain_steps(g));
            steps.push(Step::new(Fact::WreathOfSymmetric {
                block: b,
                blocks: k,
            }));
            StructureEvidence::SymmetricWreath { blocks }
        }
        _ => return None,
    };
    Some((steps, evidence))
}

/// The argument of a product structure: the tree of
/// [`super::structure_tree`], when the name it proves is `name`.
fn tree_argument(g: &PermGroup, name: &str) -> Option<(Vec<Step>, StructureEvidence)> {
    let mut prover = TreeProver::new();
    let (s, root) = prover.node(g, "G")?;
    if s.to_string() != name {
        return None;
    }
    let mut steps = vec![Step::new(Fact::Orbits {
        orbits: nontrivial_orbits(g),
    })];
    steps.extend(crate::proof::chain_steps(g));
    steps.push(Step::new(Fact::TreeData));
    // the nodes top-down: G, then H1, H2, … in the order they were named
    let rank = |st: &Step| match &st.fact {
        Fact::StructureNode { group, .. } => group
            .strip_prefix('H')
            .and_then(|k| k.parse::<usize>().ok())
            .unwrap_or(0),
        _ => 0,
    };
    let mut nodes = prover.steps;
    nodes.sort_by_key(rank);
    steps.extend(nodes);
    Some((steps, StructureEvidence::Tree(Box::new(root))))
}

/// The evidence for a primitive group named `name`: simple and named by its order, or
/// `S_n` over its simple normal subgroup `A_n`; pushes the steps. `None` when neither
/// argument applies.
fn primitive_named(
    g: &PermGroup,
    name: &str,
    order: &BigUint,
    moved: usize,
    steps: &mut Vec<Step>,
) -> Option<StructureEvidence> {
    let series = match g.composition_series() {
        Ok(s) => s,
        Err(SeriesError::Interrupted(_) | SeriesError::Unsupported(_)) => return None,
    };
    let names = series.factor_names();
    if names.len() == 1 && names[0] == name {
        let s = simplicity_steps(g, "the group", name, steps)?;
        return Some(StructureEvidence::Simple(s));
    }
    let n: usize = name.strip_prefix('S')?.parse().ok()?;
    let alt = format!("A{n}");
    if moved <= 2 || n < 5 || n == 6 || names != ["C2".to_string(), alt.clone()] {
        return None;
    }
    let d = series.groups.get(1)?.clone();
    if d.order() * 2u32 != *order || !is_normal(&d, g) {
        return None;
    }
    steps.push(Step::new(Fact::NormalOfIndexTwo {
        order: d.order(),
        generators: d.generators().len(),
    }));
    let s = simplicity_steps(&d, "D", &alt, steps)?;
    steps.push(Step::new(Fact::SymmetricByCentralizer { n, points: moved }));
    Some(StructureEvidence::SymmetricOverAlternating {
        normal: Box::new(d),
        simplicity: s,
    })
}

/// Every conjugate of a generator of `d` by a generator of `g` lies in `d`.
fn is_normal(d: &PermGroup, g: &PermGroup) -> bool {
    g.generators().iter().all(|s| {
        d.generators()
            .iter()
            .all(|x| d.contains(&(&(&s.inverse() * x) * s)))
    })
}

/// Proves `d` simple (it must be primitive on its moved points) and named `name` by
/// its order; pushes the steps.
fn simplicity_steps(
    d: &PermGroup,
    called: &str,
    name: &str,
    steps: &mut Vec<Step>,
) -> Option<Simplicity> {
    let orbits = nontrivial_orbits(d);
    if orbits.len() != 1 || block_system(d.degree(), d.generators(), &orbits[0]).is_some() {
        return None;
    }
    let s = match prove_simple(d, &Limit::NONE) {
        Ok(Outcome::Simple(s)) => s,
        _ => return None,
    };
    let order = d.order();
    let names = simple_groups_of_order(&order);
    if names.len() != 1 || names[0].name != name {
        return None;
    }
    steps.push(Step::new(Fact::SimpleByNormalClosures {
        group: called.to_string(),
        points: s.degree,
        prime: s.prime,
        exponent: s.exponent,
        elements: s.elements.len(),
        centre_order: s.centre_order.clone(),
    }));
    steps.push(Step::new(Fact::NamedByOrder {
        name: name.to_string(),
        order,
    }));
    Some(s)
}
