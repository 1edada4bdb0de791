//! The checker's part for structure names ([`crate::certificate::structure`]): the
//! program's lines are evaluated, each subgroup's chain verified over its generators,
//! and the argument re-checked with the checker's own orbit, primitivity and sifting
//! code. The name of a simple group is read from its order in the table of
//! [`crate::group::simple_names`] (the classification's orders: data, not an
//! algorithm of the crate's group code).

use super::{
    check_chain_record, compose, factorial, invert, is_identity, orbits, primitive, run_program,
    sift, CheckError, Checked, Established, Images, Level, Malformed, Work,
};
use crate::certificate::structure::{SimplicityRecord, StructureArgument};
use crate::certificate::Certificate;
use crate::group::simple_names::simple_groups_of_order;
use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::HashSet;

/// The largest Sylow subgroup the checker lists element by element.
const MAX_SYLOW_ELEMENTS: u64 = 1 << 16;

/// A subgroup with its verified chain.
struct Subgroup {
    gens: Vec<Images>,
    order: BigUint,
    levels: Vec<Level>,
}

impl Subgroup {
    /// Whether `x` lies in the subgroup (sifting through its verified chain).
    fn contains(&self, x: &Images, n: usize, work: &mut Work) -> Result<bool, CheckError> {
        let (r, _) = sift(&self.levels, x.clone(), n, work)?;
        Ok(is_identity(&r))
    }
}

/// `S_m` as the structure descriptions name it (`C2` for `m = 2`).
fn symmetric_name(m: usize) -> String {
    if m == 2 {
        "C2".into()
    } else {
        format!("S{m}")
    }
}

/// Whether the structure claim `name` holds, from the certificate's structure
/// record; the group's order and chain are in `g`.
pub(super) fn decide(
    cert: &Certificate,
    gens: &[Images],
    g: &Established,
    name: &str,
    work: &mut Work,
) -> Checked<(bool, String)> {
    let rec = cert
        .structure
        .as_ref()
        .ok_or_else(|| Malformed("a structure claim without its structure record".into()))?;
    let n = g.n;
    let Some(order) = g.order.clone() else {
        return Ok(Err("no chain or Jordan argument proves the order".into()));
    };
    let lines = run_program(&rec.program, gens, n, "the structure's program", work)?;
    let line = |i: usize| -> Result<&Images, CheckError> {
        lines.get(i).ok_or_else(|| {
            Malformed(format!(
                "the structure refers to line {i}, beyond its program"
            ))
        })
    };
    let mut subgroups: Vec<Subgroup> = Vec::new();
    for (j, s) in rec.subgroups.iter().enumerate() {
        let sg: Vec<Images> = s
            .generators
            .iter()
            .map(|&i| line(i).cloned())
            .collect::<Result<_, _>>()?;
        if sg.is_empty() {
            return Err(Malformed(format!("subgroup {j}: no generators")));
        }
        let name_of = |i: usize| format!("generator {i} of subgroup {j}");
        match check_chain_record(&s.chain, &sg, &name_of, n, work)? {
            Err(m) => return Ok(Err(format!("subgroup {j}: {m}"))),
            Ok((o, levels)) => subgroups.push(Subgroup {
                gens: sg,
                order: o,
                levels,
            }),
        }
    }
    let whole = Subgroup {
        gens: gens.to_vec(),
        order: order.clone(),
        levels: Vec::new(),
    };
    let derived = match &rec.argument {
        StructureArgument::Natural => natural(g, &order),
        StructureArgument::Simple { simplicity } => {
            simple(&whole, None, simplicity, &lines, &subgroups, n, work)?
        }
        StructureArgument::SymmetricOverAlternating { normal, simplicity } => {
            let d = subgroups
                .get(*normal)
                .ok_or_else(|| Malformed(format!("no subgroup {normal}")))?;
            symmetric_over_alternating(g, gens, d, simplicity, &lines, &subgroups, work)?
        }
        StructureArgument::SymmetricWreath { blocks } => wreath(g, gens, &order, blocks)?,
        StructureArgument::Tree { root } => {
            match super::structure_tree::check_node(gens, n, root, 0, work)? {
                Err(m) => Err(m),
                Ok(node) if node.order != order => Err(format!(
                    "the tree's root has order {}, the group {order}",
                    node.order
                )),
                Ok(node) => Ok(node.structure.to_string()),
            }
        }
    };
    Ok(match derived {
        Err(m) => Err(m),
        Ok(d) if d == name => Ok((true, format!("the group is {d}"))),
        Ok(d) => Err(format!("the argument proves the structure {d}, not {name}")),
    })
}

/// `S_m` or `A_m` from the order on one orbit.
fn natural(g: &Established, order: &BigUint) -> Result<String, String> {
    if g.moved.len() != 1 {
        return Err(format!("{} orbits on the moved points", g.moved.len()));
    }
    let m = g.m;
    let f: BigUint = (2..=m).map(BigUint::from).product();
    if *order == f {
        Ok(symmetric_name(m))
    } else if m >= 3 && order * 2u32 == f {
        Ok(if m == 3 { "C3".into() } else { format!("A{m}") })
    } else {
        Err(format!(
            "the order {order} is neither {m}! nor {m}!/2 on the {m} moved points"
        ))
    }
}

/// `x^e` by repeated products.
fn power(x: &Images, e: u64, work: &mut Work) -> Result<Images, CheckError> {
    work.spend(e as u128 * x.len() as u128, "powers")?;
    let mut acc: Images = (0..x.len()).collect();
    for _ in 0..e {
        acc = compose(&acc, x);
    }
    Ok(acc)
}

/// Whether `x` has order exactly the prime `p`.
fn has_prime_order(x: &Images, p: u64, work: &mut Work) -> Result<bool, CheckError> {
    Ok(!is_identity(x) && is_identity(&power(x, p, work)?))
}

fn is_prime(p: u64) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

/// The simplicity of `h` (the whole group when `h_in` is `None`, else a subgroup
/// whose chain decides membership), and its name by its order.
fn simple(
    h: &Subgroup,
    h_in: Option<&Subgroup>,
    rec: &SimplicityRecord,
    lines: &[Images],
    subgroups: &[Subgroup],
    n: usize,
    work: &mut Work,
) -> Checked<String> {
    let line = |i: usize| -> Result<&Images, CheckError> {
        lines.get(i).ok_or_else(|| {
            Malformed(format!(
                "the simplicity refers to line {i}, beyond the program"
            ))
        })
    };
    let member = |x: &Images, work: &mut Work| -> Result<bool, CheckError> {
        match h_in {
            Some(s) => s.contains(x, n, work),
            None => Ok(true), // program lines are elements of G
        }
    };
    work.spend(n as u128 * (h.gens.len() as u128 + 1), "the orbits")?;
    let moved: Vec<Vec<usize>> = orbits(&h.gens, n)
        .into_iter()
        .filter(|o| o.len() > 1)
        .collect();
    if moved.len() != 1 {
        return Ok(Err(
            "the group proved simple is not transitive on its moved points".into(),
        ));
    }
    let m = moved[0].len();
    if !primitive(&h.gens, n, &moved[0], work)? {
        return Ok(Err("the group proved simple is not primitive".into()));
    }
    let p = rec.prime;
    if !is_prime(p) || !(m as u64).is_multiple_of(p) {
        return Ok(Err(format!("{p} is not a prime dividing the degree {m}")));
    }
    // the exponent of p in |H|
    let mut e = 0u32;
    let mut rest = h.order.clone();
    while (&rest % p).is_zero() {
        rest /= p;
        e += 1;
    }
    let mut zs: Vec<Images> = Vec::new();
    for c in &rec.closures {
        let z = line(c.element)?.clone();
        if !has_prime_order(&z, p, work)? || !member(&z, work)? {
            return Ok(Err(format!(
                "an element of the simplicity argument is not of order {p} in the group"
            )));
        }
        zs.push(z);
    }
    if e == 0 {
        return Ok(Err(format!("{p} does not divide the order")));
    } else if e == 1 {
        if rec.sylow.is_some() || zs.len() != 1 {
            return Err(Malformed(format!(
                "{p} divides the order once: one element and no Sylow subgroup"
            )));
        }
    } else {
        let Some(j) = rec.sylow else {
            return Err(Malformed(format!(
                "{p}^{e} divides the order: a Sylow subgroup is needed"
            )));
        };
        let s = subgroups
            .get(j)
            .ok_or_else(|| Malformed(format!("no subgroup {j}")))?;
        let pe = BigUint::from(p).pow(e);
        if s.order != pe {
            return Ok(Err(format!("subgroup {j} has order {}, not {pe}", s.order)));
        }
        for x in &s.gens {
            if !member(x, work)? {
                return Ok(Err(format!("subgroup {j} is not inside the group")));
            }
        }
        let size = pe.to_u64().filter(|&x| x <= MAX_SYLOW_ELEMENTS);
        let Some(size) = size else {
            return Err(CheckError::TooLarge(format!(
                "a Sylow subgroup of order {pe}, more than {MAX_SYLOW_ELEMENTS} elements to list"
            )));
        };
        // list P, then its centre's elements of order p
        work.spend(
            size as u128 * (s.gens.len() as u128 + 1) * n as u128,
            "listing a Sylow subgroup",
        )?;
        let id: Images = (0..n).collect();
        let mut seen: HashSet<Images> = HashSet::from([id.clone()]);
        let mut elements = vec![id];
        let mut i = 0;
        while i < elements.len() {
            for x in &s.gens {
                let y = compose(&elements[i], x);
                if seen.insert(y.clone()) {
                    elements.push(y);
                }
            }
            i += 1;
        }
        if elements.len() as u64 != size {
            return Ok(Err(format!("subgroup {j} does not have {size} elements")));
        }
        work.spend(
            size as u128 * s.gens.len() as u128 * 2 * n as u128,
            "the centre of a Sylow subgroup",
        )?;
        for x in &elements {
            let central = s.gens.iter().all(|y| compose(x, y) == compose(y, x));
            if !central || !has_prime_order(x, p, work)? {
                continue;
            }
            let mut covered = false;
            for z in &zs {
                let mut zk = z.clone();
                for _ in 1..p {
                    if zk == *x {
                        covered = true;
                        break;
                    }
                    zk = compose(&zk, z);
                }
                if covered {
                    break;
                }
            }
            if !covered {
                return Ok(Err(format!(
                    "a subgroup of order {p} of the Sylow subgroup's centre has no element in the argument"
                )));
            }
        }
    }
    for (c, z) in rec.closures.iter().zip(&zs) {
        let mut conjugates = Vec::new();
        for &ci in &c.conjugators {
            let x = line(ci)?;
            if !member(x, work)? {
                return Ok(Err("a conjugating element is not in the group".into()));
            }
            work.spend(3 * n as u128, "conjugates")?;
            conjugates.push(compose(&compose(&invert(x), z), x));
        }
        if conjugates.is_empty() {
            return Err(Malformed("a normal closure without conjugates".into()));
        }
        let name_of = |i: usize| format!("conjugate {i}");
        match check_chain_record(&c.chain, &conjugates, &name_of, n, work)? {
            Err(m) => return Ok(Err(format!("a normal closure: {m}"))),
            Ok((o, _)) if o != h.order => {
                return Ok(Err(format!(
                    "the conjugates of an element generate a group of order {o}, not {}",
                    h.order
                )))
            }
            Ok(_) => {}
        }
    }
    let names = simple_groups_of_order(&h.order);
    Ok(match names.as_slice() {
        [one] => Ok(one.name.clone()),
        [] => Err(format!("no simple group has order {}", h.order)),
        _ => Err(format!(
            "{} simple groups have order {}: the order does not name it",
            names.len(),
            h.order
        )),
    })
}

/// `S_n` over a simple normal subgroup `d ≅ A_n` of index 2, in a primitive group.
fn symmetric_over_alternating(
    g: &Established,
    gens: &[Images],
    d: &Subgroup,
    rec: &SimplicityRecord,
    lines: &[Images],
    subgroups: &[Subgroup],
    work: &mut Work,
) -> Checked<String> {
    let n = g.n;
    let Some(order) = &g.order else {
        return Ok(Err("no order".into()));
    };
    if d.order.clone() * 2u32 != *order {
        return Ok(Err("the normal subgroup does not have index 2".into()));
    }
    if g.moved.len() != 1 || g.m <= 2 || !primitive(gens, n, &g.moved[0], work)? {
        return Ok(Err(
            "the group is not primitive on more than 2 moved points".into(),
        ));
    }
    for s in gens {
        for x in &d.gens {
            work.spend(3 * n as u128, "normality")?;
            let y = compose(&compose(&invert(s), x), s);
            if !d.contains(&y, n, work)? {
                return Ok(Err("the subgroup of index 2 is not normal".into()));
            }
        }
    }
    let name = match simple(d, Some(d), rec, lines, subgroups, n, work)? {
        Err(m) => return Ok(Err(m)),
        Ok(name) => name,
    };
    let Some(k) = name.strip_prefix('A').and_then(|k| k.parse::<usize>().ok()) else {
        return Ok(Err(format!(
            "the normal subgroup is {name}, not alternating"
        )));
    };
    let half = factorial(k, work)? / 2u32;
    if k < 5 || k == 6 || half != d.order || order.is_one() {
        return Ok(Err(format!("A{k}: the argument needs n >= 5, n != 6")));
    }
    Ok(Ok(format!("S{k}")))
}

/// `S_b ≀ S_k` from a preserved partition and the order.
fn wreath(
    g: &Established,
    gens: &[Images],
    order: &BigUint,
    blocks: &[Vec<usize>],
) -> Checked<String> {
    let n = g.n;
    let mut block_of = vec![usize::MAX; n];
    for (i, b) in blocks.iter().enumerate() {
        for &x in b {
            if x == 0 || x > n || block_of[x - 1] != usize::MAX {
                return Err(Malformed(format!(
                    "blocks: point {x} out of 1..{n} or repeated"
                )));
            }
            block_of[x - 1] = i;
        }
    }
    let k = blocks.len();
    let b = blocks.first().map_or(0, Vec::len);
    if k < 2 || b < 2 || blocks.iter().any(|x| x.len() != b) {
        return Ok(Err(
            "the blocks are not at least 2 of one size at least 2".into()
        ));
    }
    let moved: Vec<usize> = g.moved.concat();
    if moved.len() != k * b || moved.iter().any(|&x| block_of[x] == usize::MAX) {
        return Ok(Err("the blocks do not partition the moved points".into()));
    }
    for s in gens {
        for blk in blocks {
            let target = block_of[s[blk[0] - 1]];
            if blk.iter().any(|&x| block_of[s[x - 1]] != target) {
                return Ok(Err("a generator does not map a block onto a block".into()));
            }
        }
    }
    let fb: BigUint = (2..=b).map(BigUint::from).product();
    let fk: BigUint = (2..=k).map(BigUint::from).product();
    if fb.pow(k as u32) * fk != *order {
        return Ok(Err(format!(
            "the order {order} is not that of the partition's stabilizer"
        )));
    }
    Ok(Ok(format!("{} ≀ {}", symmetric_name(b), symmetric_name(k))))
}
