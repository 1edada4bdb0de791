//! Certificates of product structures (`(C3^7 × C2^11) ⋊ ((A8 × A12) ⋊ C2)` for the
//! cube group): a tree of checked nodes following the reduction of
//! [`crate::group::structure`] along orbits and block systems. Each node is a group
//! given by generators (its parent's generators restricted to some points, acting
//! on blocks, or words in them) with a chain over them, and one argument:
//!
//! * **trivial**, **natural** (`S_m` or `A_m` on one orbit, from the order) and
//!   **elementary abelian** (`C_p^k`: commuting generators of order `p`, order `p^k`);
//! * **restrictions**: the node is the direct product of its restrictions to disjoint
//!   sets of points (their orders multiply to its order, and the sets cover its moved
//!   points, or there is one set on which it acts with its whole order);
//! * **blocks**: the node permutes blocks; words in its generators fixing every block
//!   generate a kernel `K` with `|K|·|Q| = |H|` for the image `Q` on the blocks, so
//!   `K` is the whole kernel and `H = K . Q`; a complement `C` (words) of order `|Q|`
//!   acting faithfully on the blocks makes it `K ⋊ Q`;
//! * **split**: words generating `N` (normal: each conjugate of a generator of `N` by a
//!   generator of `H` sifts in `N`) and `C`, with `|N|·|C| = |H|` and `⟨N, C⟩` of
//!   order `|H|`, so `N ∩ C = 1` and `H = N ⋊ C`.
//!
//! The checker ([`super::check`]) recomputes each node's name bottom-up and prints
//! it as [`Structure`] does; the claim holds when it is the name claimed.

use super::{slp_chain_of, ChainRecord, ProgramBuilder};
use crate::group::giant::{insert, parity_vector};
use crate::group::limit::Limit;
use crate::group::structure::{
    complement, consecutive_ranges, even_part, faithful_orbits, free_and_coupled, kept_blocks,
    restrict, Structure,
};
use crate::group::PermGroup;
use crate::perm::Perm;
use crate::proof::{Fact, Step};
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// Random elements tried for an involution of a given parity.
const INVOLUTION_TRIES: usize = 400;

/// A node: a group with a chain over its generators and the argument naming it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeRecord {
    /// A chain over the node's generators.
    pub chain: ChainRecord,
    /// The argument.
    pub argument: NodeArgument,
}

/// The argument of a node (module docs).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum NodeArgument {
    /// The trivial group.
    Trivial,
    /// `S_m` or `A_m` on its one orbit.
    Natural,
    /// `C_p^k`.
    ElementaryAbelian,
    /// The direct product of its restrictions to these sets of points (1-based, in
    /// the order that numbers each child's points).
    Restrictions {
        /// The sets and the nodes of the restrictions.
        parts: Vec<(Vec<usize>, NodeRecord)>,
    },
    /// `K ⋊ Q` or `K . Q` along a set of blocks.
    Blocks {
        /// The blocks (1-based points); the image `Q` acts on their indices.
        blocks: Vec<Vec<usize>>,
        /// A straight-line program over the node's generators.
        program: Vec<Vec<(usize, i64)>>,
        /// The kernel's generators (program lines) and its node.
        kernel: (Vec<usize>, Box<NodeRecord>),
        /// A complement: its generators (program lines), a chain over them and a chain
        /// over their images on the blocks.
        complement: Option<(Vec<usize>, ChainRecord, ChainRecord)>,
        /// The node of the image on the blocks.
        top: Box<NodeRecord>,
    },
    /// `N ⋊ C` for a normal subgroup `N` and a subgroup `C`.
    Split {
        /// A straight-line program over the node's generators.
        program: Vec<Vec<(usize, i64)>>,
        /// `N`'s generators (program lines) and node.
        normal: (Vec<usize>, Box<NodeRecord>),
        /// `C`'s generators (program lines) and node.
        complement: (Vec<usize>, Box<NodeRecord>),
        /// A chain over `N`'s generators followed by `C`'s.
        joint: ChainRecord,
    },
}

/// Builds the tree of a group, with the proof's steps.
pub(crate) struct TreeProver {
    /// The steps, one per node.
    pub steps: Vec<Step>,
    next: usize,
    rng: StdRng,
}

impl TreeProver {
    pub(crate) fn new() -> TreeProver {
        TreeProver {
            steps: Vec::new(),
            next: 0,
            rng: StdRng::seed_from_u64(0x7ee5_5eed),
        }
    }

    /// A label for a new node: `H1`, `H2`, …
    fn label(&mut self) -> String {
        self.next += 1;
        format!("H{}", self.next)
    }

    fn step(&mut self, group: &str, what: String) {
        self.steps.push(Step::new(Fact::StructureNode {
            group: group.to_string(),
            statement: what,
        }));
    }

    /// The structure of `g` (called `label` in the steps) and its node, following
    /// [`PermGroup::structure_description`]; `None` where a branch has no written
    /// argument.
    pub(crate) fn node(&mut self, g: &PermGroup, label: &str) -> Option<(Structure, NodeRecord)> {
        let order = g.order();
        let n = g.degree();
        let chain = slp_chain_of(n, g.generators(), &order).ok()?;
        let record = |argument| NodeRecord {
            chain: chain.clone(),
            argument,
        };
        if order.is_one() {
            self.step(label, "is trivial.".into());
            return Some((Structure::Trivial, record(NodeArgument::Trivial)));
        }
        if g.is_abelian() {
            let f = g.order_factorization();
            let [(p, k)] = f[..] else { return None };
            if !g.generators().iter().all(|x| x.pow(p as i64).is_identity()) {
                return None;
            }
            let name = if k == 1 {
                format!("C{p}")
            } else {
                format!("C{p}^{k}")
            };
            self.step(
                label,
                format!("has order {order} = {p}^{k}; its generators commute and have order dividing {p}, so it is elementary abelian: {name}."),
            );
            return Some((
                Structure::named(name, order),
                record(NodeArgument::ElementaryAbelian),
            ));
        }
        let orbits: Vec<Vec<usize>> = g.orbits().into_iter().filter(|o| o.len() > 1).collect();
        let kept = faithful_orbits(g, &orbits, &order, &Limit::NONE).ok()?;
        if kept.len() == 1 && orbits.len() > 1 {
            let (s, part) = self.restriction(g, &kept[0], label)?;
            return Some((s, record(NodeArgument::Restrictions { parts: vec![part] })));
        }
        if kept.len() == 1 {
            let m = kept[0].len();
            let name = if g.is_symmetric() {
                format!("S{m}")
            } else if g.is_alternating() {
                format!("A{m}")
            } else {
                String::new()
            };
            if !name.is_empty() {
                self.step(
                    label,
                    format!("acts on one orbit of {m} points with order {order}: it is {name}."),
                );
                return Some((Structure::named(name, order), record(NodeArgument::Natural)));
            }
        } else {
            let parts: Vec<PermGroup> = kept.iter().map(|o| restrict(g, o)).collect();
            let product: BigUint = parts.iter().map(PermGroup::order).product();
            if product == order {
                if kept.concat().len() == g.moved_points().len() {
                    let (s, arg) = self.restrictions(g, &kept, label)?;
                    return Some((s, record(arg)));
                }
                // faithful on the kept orbits: first restrict to their union
                let mut union = kept.concat();
                union.sort_unstable();
                let (s, part) = self.restriction(g, &union, label)?;
                return Some((s, record(NodeArgument::Restrictions { parts: vec![part] })));
            }
        }
        // the blocks of a minimal block system of each kept orbit, or single points
        let blocks = kept_blocks(g, &kept);
        if kept.len() == 1 && blocks[0][0].len() == 1 {
            return None; // a primitive group: named at the root only
        }
        let all = blocks.concat();
        let action = g.action_on_blocks(&all).ok()?;
        let sizes: Vec<usize> = blocks.iter().map(Vec::len).collect();
        let top_label = self.label();
        let (top_s, top_node) = self.top(&action.image, &sizes, &top_label)?;
        let k = &action.kernel;
        let mut prog = ProgramBuilder::new(n, g.generators(), &order).ok()?;
        let k_label = self.label();
        let k_lines: Vec<usize> = k
            .generators()
            .iter()
            .map(|x| prog.express(x))
            .collect::<Result<_, _>>()
            .ok()?;
        let (k_s, k_node) = if k.order().is_one() {
            self.node(k, &k_label)?
        } else {
            let parts: Vec<PermGroup> = kept.iter().map(|o| restrict(k, o)).collect();
            let product: BigUint = parts.iter().map(PermGroup::order).product();
            if product == k.order() && kept.concat().len() == k.moved_points().len().max(1) {
                let kc = slp_chain_of(n, k.generators(), &k.order()).ok()?;
                let (s, arg) = self.restrictions(k, &kept, &k_label)?;
                (
                    s,
                    NodeRecord {
                        chain: kc,
                        argument: arg,
                    },
                )
            } else {
                self.node(k, &k_label)?
            }
        };
        let comp = if k.order().is_one() {
            None
        } else {
            complement(g, k, &blocks)
        };
        let complement_record = match &comp {
            Some(c) => {
                let lines: Vec<usize> = c
                    .iter()
                    .map(|x| prog.express(x))
                    .collect::<Result<_, _>>()
                    .ok()?;
                let cg = PermGroup::new(n, c.clone());
                let chain = slp_chain_of(n, c, &cg.order()).ok()?;
                let images = PermGroup::new(all.len(), cg.induced_on_blocks(&all).ok()?);
                let image_chain =
                    slp_chain_of(all.len(), images.generators(), &images.order()).ok()?;
                Some((lines, chain, image_chain))
            }
            None => None,
        };
        let blocks_1: Vec<Vec<usize>> = all
            .iter()
            .map(|b| b.iter().map(|&p| p + 1).collect())
            .collect();
        let (program, map) = prog.finish(
            &k_lines
                .iter()
                .chain(complement_record.iter().flat_map(|c| c.0.iter()))
                .copied()
                .collect::<Vec<_>>(),
        );
        let complement_record =
            complement_record.map(|(l, a, b)| (l.iter().map(&map).collect(), a, b));
        let what = format!(
            "permutes {} blocks (sizes {}); {k_label}, generated by words fixing every block, has order {} and the image {top_label} on the blocks order {}, whose product is |{label}| = {order}: {k_label} is the kernel{}.",
            all.len(),
            size_list(&all),
            k.order(),
            action.image.order(),
            if comp.is_some() {
                format!(", and a subgroup of order {} acting faithfully on the blocks is a complement", action.image.order())
            } else {
                String::new()
            }
        );
        self.step(label, what);
        let s = if k.order().is_one() {
            top_s
        } else if comp.is_some() {
            Structure::Split {
                normal: Box::new(k_s),
                complement: Box::new(top_s),
            }
        } else {
            Structure::Extension {
                normal: Box::new(k_s),
                quotient: Box::new(top_s),
            }
        };
        Some((
            s,
            record(NodeArgument::Blocks {
                blocks: blocks_1,
                program,
                kernel: (k_lines.iter().map(&map).collect(), Box::new(k_node)),
                complement: complement_record,
                top: Box::new(top_node),
            }),
        ))
    }

    /// The part for the restriction of `g` to `points` (on which it is faithful).
    fn restriction(
        &mut self,
        g: &PermGroup,
        points: &[usize],
        label: &str,
    ) -> Option<(Structure, (Vec<usize>, NodeRecord))> {
        let r = restrict(g, points);
        if r.order() != g.order() {
            return None;
        }
        let child = self.label();
        self.step(
            label,
            format!(
                "acts faithfully on {} of its points (its restriction {child} there has its order {}).",
                points.len(),
                g.order()
            ),
        );
        let (s, node) = self.node(&r, &child)?;
        Some((s, (points.iter().map(|&p| p + 1).collect(), node)))
    }

    /// The direct product of the restrictions of `g` to `sets` (covering its moved
    /// points, their orders multiplying to `|g|`).
    fn restrictions(
        &mut self,
        g: &PermGroup,
        sets: &[Vec<usize>],
        label: &str,
    ) -> Option<(Structure, NodeArgument)> {
        let mut parts = Vec::new();
        let mut names = Vec::new();
        let mut labels = Vec::new();
        for set in sets {
            let r = restrict(g, set);
            let child = self.label();
            let (s, node) = self.node(&r, &child)?;
            labels.push(format!("{child} ({} points)", set.len()));
            names.push(s);
            parts.push((set.iter().map(|&p| p + 1).collect(), node));
        }
        self.step(
            label,
            format!(
                "is the direct product of its restrictions {}: they cover its moved points and their orders multiply to its order {}.",
                labels.join(", "),
                g.order()
            ),
        );
        Some((
            Structure::direct(names),
            NodeArgument::Restrictions { parts },
        ))
    }

    /// The image `q` of an action on blocks whose orbits are consecutive ranges of
    /// lengths `sizes`, as [`crate::group::structure`] describes it.
    fn top(
        &mut self,
        q: &PermGroup,
        sizes: &[usize],
        label: &str,
    ) -> Option<(Structure, NodeRecord)> {
        if sizes.len() == 1 {
            return self.node(q, label);
        }
        let (ranges, part_of) = consecutive_ranges(sizes, q.degree());
        let qo = q.order();
        let chain = slp_chain_of(q.degree(), q.generators(), &qo).ok()?;
        let parts: Vec<PermGroup> = ranges.iter().map(|r| restrict(q, r)).collect();
        let product: BigUint = parts.iter().map(PermGroup::order).product();
        if product == qo {
            let (s, arg) = self.restrictions(q, &ranges, label)?;
            return Some((
                s,
                NodeRecord {
                    chain,
                    argument: arg,
                },
            ));
        }
        if sizes.len() > 64 {
            return None;
        }
        let mut basis: Vec<u64> = Vec::new();
        for x in q.generators() {
            insert(&mut basis, parity_vector(x, &part_of, sizes.len()));
        }
        let evens: Vec<PermGroup> = parts.iter().map(even_part).collect();
        let even_order: BigUint = evens.iter().map(PermGroup::order).product();
        if even_order.clone() << basis.len() != qo {
            return None;
        }
        let (free, w) = free_and_coupled(&basis, sizes.len());
        if w.len() != 1 {
            return None;
        }
        let rest_ranges: Vec<usize> = (0..sizes.len()).filter(|&i| !free[i]).collect();
        if rest_ranges.len() == sizes.len() {
            let evens_all: Vec<&PermGroup> = evens.iter().collect();
            return self.parity_split(q, &ranges, &evens_all, label);
        }
        // Q is the product of the free constituents and its restriction to the others
        let mut sets: Vec<Vec<usize>> = (0..sizes.len())
            .filter(|&i| free[i])
            .map(|i| ranges[i].clone())
            .collect();
        let rest: Vec<usize> = rest_ranges
            .iter()
            .flat_map(|&i| ranges[i].clone())
            .collect();
        sets.push(rest.clone());
        let restricted: BigUint = sets.iter().map(|s| restrict(q, s).order()).product();
        if restricted != qo {
            return None;
        }
        let mut names = Vec::new();
        let mut parts_out = Vec::new();
        let mut labels = Vec::new();
        for (j, set) in sets.iter().enumerate() {
            let r = restrict(q, set);
            let child = self.label();
            let (s, node) = if j + 1 == sets.len() {
                let rest_sizes: Vec<usize> = rest_ranges.iter().map(|&i| sizes[i]).collect();
                let (local, _) = consecutive_ranges(&rest_sizes, set.len());
                let evens_rest: Vec<&PermGroup> = rest_ranges.iter().map(|&i| &evens[i]).collect();
                self.parity_split(&r, &local, &evens_rest, &child)?
            } else {
                self.node(&r, &child)?
            };
            labels.push(format!("{child} ({} points)", set.len()));
            names.push(s);
            parts_out.push((set.iter().map(|&p| p + 1).collect(), node));
        }
        self.step(
            label,
            format!(
                "is the direct product of its restrictions {}: they cover its moved points and their orders multiply to its order {qo}.",
                labels.join(", ")
            ),
        );
        Some((
            Structure::direct(names),
            NodeRecord {
                chain,
                argument: NodeArgument::Restrictions { parts: parts_out },
            },
        ))
    }

    /// `h` (on the consecutive `ranges`, the even parts `evens` of its constituents)
    /// as `(E_1 × … × E_r) ⋊ C2`: the product of the even parts, normal, and an
    /// involution of non-zero parity.
    fn parity_split(
        &mut self,
        h: &PermGroup,
        ranges: &[Vec<usize>],
        evens: &[&PermGroup],
        label: &str,
    ) -> Option<(Structure, NodeRecord)> {
        let n = h.degree();
        let order = h.order();
        let chain = slp_chain_of(n, h.generators(), &order).ok()?;
        // the even parts embedded: each acts on its range, fixing the others
        let mut n_gens: Vec<Perm> = Vec::new();
        for (range, e) in ranges.iter().zip(evens) {
            for x in e.generators() {
                let mut images: Vec<u32> = (0..n as u32).collect();
                for (i, &p) in range.iter().enumerate() {
                    images[p] = range[x.image(i)] as u32;
                }
                n_gens.push(Perm::from_images(images).ok()?);
            }
        }
        let normal = PermGroup::new(n, n_gens.clone());
        let mut part_of = vec![usize::MAX; n];
        for (i, r) in ranges.iter().enumerate() {
            for &p in r {
                part_of[p] = i;
            }
        }
        let involution = (0..INVOLUTION_TRIES).find_map(|_| {
            let x = h.random_element(&mut self.rng);
            let o = x.order().to_u64()?;
            (o % 4 == 2 && parity_vector(&x, &part_of, ranges.len()) != 0)
                .then(|| x.pow((o / 2) as i64))
        })?;
        let mut prog = ProgramBuilder::new(n, h.generators(), &order).ok()?;
        let n_lines: Vec<usize> = n_gens
            .iter()
            .map(|x| prog.express(x))
            .collect::<Result<_, _>>()
            .ok()?;
        let c_line = prog.express(&involution).ok()?;
        let n_label = self.label();
        let (n_s, n_node) = {
            let nc = slp_chain_of(n, &n_gens, &normal.order()).ok()?;
            let (s, arg) = self.restrictions(&normal, ranges, &n_label)?;
            (
                s,
                NodeRecord {
                    chain: nc,
                    argument: arg,
                },
            )
        };
        let c_label = self.label();
        let c_group = PermGroup::new(n, vec![involution.clone()]);
        let (c_s, c_node) = self.node(&c_group, &c_label)?;
        let mut joint_gens = n_gens.clone();
        joint_gens.push(involution);
        let joint = slp_chain_of(n, &joint_gens, &order).ok()?;
        if normal.order() * 2u32 != order {
            return None;
        }
        self.step(
            label,
            format!(
                "has the normal subgroup {n_label} of order {} (the even permutations of each constituent, words in its generators; each conjugate of a generator of {n_label} by a generator of {label} lies in {n_label}) and the subgroup {c_label} generated by an involution of odd parity; together they generate a group of order |{label}| = {order} = |{n_label}| * |{c_label}|, so {n_label} and {c_label} meet trivially and {label} is the semidirect product of {n_label} by {c_label}.",
                normal.order()
            ),
        );
        let (program, map) = prog.finish(&[n_lines.clone(), vec![c_line]].concat());
        Some((
            Structure::Split {
                normal: Box::new(n_s),
                complement: Box::new(c_s),
            },
            NodeRecord {
                chain,
                argument: NodeArgument::Split {
                    program,
                    normal: (n_lines.iter().map(&map).collect(), Box::new(n_node)),
                    complement: (vec![map(&c_line)], Box::new(c_node)),
                    joint,
                },
            },
        ))
    }
}

/// "5 × 4, 3 × 8" style summary of block sizes: `size × count` runs.
fn size_list(blocks: &[Vec<usize>]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for b in blocks {
        match runs.last_mut() {
            Some((s, c)) if *s == b.len() => *c += 1,
            _ => runs.push((b.len(), 1)),
        }
    }
    runs.iter()
        .map(|(s, c)| format!("{c} of {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}
